"""The Penny Press observer: still table snapshots -> engine actions (pure).

It knows whose turn it is (from the engine state) and turns the difference between
the table the engine expects and a still snapshot from vision into at most one
engine action: reporters placed on one story (assign), taken back (recall), one
moved (reassign), a front page laid on the mat (go to press), a new headline card
(draw), the newsboy passed (strike variant). A change that is illegal, ambiguous or
half done is never applied: it is reported with what the rules allow, to be fixed on
the table or by a correction in the app.

The observer never looks at pixels: its input is :class:`companion.table.TableSnapshot`
(zones per docs/contracts.md; a story's tag sits at the centre of the tile's first
cell, so a story on the front page is read from the cell under its tag and the tag's
angle).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from companion.errors import RuleError
from companion.games import penny_press as pp
from companion.observing import ERROR, INFO, WARNING, Outcome, Report, SetupOutcome, SetupRequest
from companion.table import Sighting, TableSnapshot


@dataclass(frozen=True)
class Observed:
    """What a still snapshot shows, in game terms.

    board: beat -> stories seen in its column. reporters: story -> reporters seen
    on it per seat. front: seat -> {story: (row, col, quarter_turns)} for stories
    on that player's front-page grid. headline: cards seen anywhere. newsboy: the
    seat whose mat holds the newsboy, or None.
    """

    board: dict[str, frozenset[str]]
    reporters: dict[str, tuple[int, ...]]
    front: dict[int, dict[str, tuple[int, int, int]]]
    headline: frozenset[str]
    newsboy: int | None


def _report(level: str, key: str, text: str, rule: str = "", **params) -> Report:
    return Report(level, key, text, rule, tuple(sorted(params.items())))


def _quarter_turns(angle_deg: float) -> int:
    return int(round((angle_deg % 360.0) / 90.0)) % 4


def placement_from_tag(story: pp.Story, row: int, col: int, quarter_turns: int) -> pp.Placement:
    """The front-page placement of a story tile from the cell under its tag.

    The tag is at the centre of the tile's first cell (the top cell when the tile
    stands upright). quarter_turns: the tile's rotation on the mat, counter-clockwise
    as seen from above, in quarter turns (0..3). Returns the engine's Placement
    (top-left cell, rotated = turned 90 degrees).
    """
    w, h = story.width, story.height
    if quarter_turns == 0:
        return pp.Placement(story.id, row, col, False)
    if quarter_turns == 2:
        return pp.Placement(story.id, row - h + 1, col - w + 1, False)
    if quarter_turns == 1:  # long side runs to the right, width runs up
        return pp.Placement(story.id, row - w + 1, col, True)
    return pp.Placement(story.id, row, col - h + 1, True)  # 3: long side runs left


class PennyPressObserver:
    """Turns still snapshots into Penny Press engine actions (see module docstring).

    Use :meth:`observe` with the engine's current state after each still snapshot;
    append the returned action to the journal, then call again with the new state
    (the same snapshot may hold a second step, e.g. a press then its card draw).
    """

    def __init__(self, catalog: pp.Catalog | None = None):
        self.catalog = catalog or pp.load_catalog()
        #: the initial headline cards seen while the first move is awaited (setup_from)
        self._cards_seen: list[str] | None = None

    # -- reading the snapshot ------------------------------------------------
    def read(self, state: pp.GameState, snap: TableSnapshot) -> Observed:
        """Extract the game-relevant view of ``snap`` for ``state``'s players.

        A reporter in a beat column (zone ``beat:<beat>``) on no story seen counts as
        on the one story of that column the engine has there that the snapshot lacks
        (its tag hidden by the reporters on it or a hand; docs/vision.md); with none
        or several such stories it counts nowhere, as before."""
        cat = self.catalog
        seat_of = {p.colour: i for i, p in enumerate(state.players)}
        n = len(state.players)
        board: dict[str, set[str]] = {b: set() for b in cat.beats}
        counts: dict[str, list[int]] = {}
        front: dict[int, dict[str, tuple[int, int, int]]] = {i: {} for i in range(n)}
        headline: set[str] = set()
        newsboy = None
        in_column: dict[str, list[tuple[int, str]]] = {}  # beat -> (seat, reporter) on no story
        for s in snap.sightings:
            comp, zone = s.component, s.zone or ""
            if comp in cat.stories:
                if zone.startswith("beat:") and s.surface == "board":
                    board.setdefault(zone[5:], set()).add(comp)
                elif zone.startswith("front:") and s.surface.startswith("mat-"):
                    seat = seat_of.get(s.surface[4:])
                    if seat is not None:
                        r, c = (int(v) for v in zone[6:].split(","))
                        front[seat][comp] = (r, c, _quarter_turns(s.angle_deg))
            elif comp in cat.headline_cards:
                headline.add(comp)
            elif comp == "newsboy":
                if s.surface.startswith("mat-"):
                    newsboy = seat_of.get(s.surface[4:])
            elif zone.startswith("on:"):
                colour = comp.rstrip("0123456789")
                seat = seat_of.get(colour)
                story = zone[3:]
                if seat is not None and comp[len(colour):].isdigit():
                    counts.setdefault(story, [0] * n)[seat] += 1
            elif zone.startswith("beat:") and s.surface == "board":
                colour = comp.rstrip("0123456789")
                seat = seat_of.get(colour)
                if seat is not None and comp[len(colour):].isdigit():
                    in_column.setdefault(zone[5:], []).append((seat, comp))
        # A reporter in a beat column but on no story seen stands on a story whose tag
        # it (with the others on it, or a hand) hides: reporters only ever stand on
        # stories there. When exactly one of the column's stories (engine state) is
        # not seen, that is the one: the story is there, the reporters on it.
        for beat, reps in in_column.items():
            unseen = [st for st in state.board.get(beat, ()) if st not in board.get(beat, set())]
            if len(unseen) != 1:
                continue
            board.setdefault(beat, set()).add(unseen[0])
            for seat, _comp in reps:
                counts.setdefault(unseen[0], [0] * n)[seat] += 1
        return Observed(
            board={b: frozenset(v) for b, v in board.items()},
            reporters={k: tuple(v) for k, v in counts.items()},
            front=front,
            headline=frozenset(headline),
            newsboy=newsboy,
        )

    # -- deciding ------------------------------------------------------------
    def observe(self, state: pp.GameState, snap: TableSnapshot) -> Outcome:
        """Compare a snapshot with the engine state; see :class:`Outcome`.

        Never raises on table content: every problem is a report. With 2 players a
        double turn made between two still moments is read as its first action when
        exactly one pair of reporter actions explains the table (the second follows
        on the next call).
        """
        out = self._observe_one(state, snap)
        if (out.status == "rejected" and len(state.players) == 2 and state.actions_left == 2
                and state.phase == "normal" and not state.awaiting_draw):
            ends = {}
            for a1 in pp.legal_actions(state):
                if not isinstance(a1, (pp.Assign, pp.Recall, pp.Reassign)):
                    continue
                s1 = pp.apply(state, a1)
                second = self._observe_one(s1, snap)
                if second.status == "action":
                    s2 = pp.apply(s1, second.action)
                    key = (tuple(sorted(s2.reporters.items())), s2.home, s2.current_player,
                           tuple(sorted(s2.arrow_position.items())))
                    ends.setdefault(key, a1)
            # several pairs may explain the table (recall then assign, or the reverse):
            # they must all end in the same position; the first in rule order is taken
            if len(ends) == 1:
                return Outcome("action", action=next(iter(ends.values())))
        return out

    def _observe_one(self, state: pp.GameState, snap: TableSnapshot) -> Outcome:
        if not snap.still:
            return Outcome("moving")
        if state.is_over:
            return Outcome("same")
        obs = self.read(state, snap)
        if state.awaiting_draw:
            return self._draw(state, obs)
        p = state.current_player
        name = self._name(state, p)

        if state.newsboy is not None and state.newsboy == p:
            return self._newsboy(state, obs, p, name)

        if state.phase == "final_presses":
            declined = self._final_decline(state, obs, p, name)
            if declined is not None:
                return declined
        if state.phase == "final_turns":
            passed = self._final_turn_pass(state, obs, p)
            if passed is not None:
                return passed

        if obs.front.get(p):
            return self._press(state, obs, p, name)

        delta = self._reporter_delta(state, obs)
        others = {q for (_, q) in delta if q != p}
        if others:
            who = ", ".join(self._name(state, q) for q in sorted(others))
            return Outcome("rejected", reports=[_report(
                ERROR, "not_your_turn",
                f"reporters of {who} moved, but it is {name}'s turn: put them back",
                "Penny Press: How to play", player=name, others=who)])
        mine = {story: d for (story, q), d in delta.items() if q == p}
        if not mine:
            return Outcome("same", reports=self._pending_board(state, obs))
        action = self._reporter_action(p, mine)
        if isinstance(action, Report):
            return Outcome("rejected", reports=[action])
        return self._try(state, action)

    def _final_decline(self, state, obs: Observed, p: int, name: str) -> Outcome | None:
        """Final presses: declining leaves nothing on the table, so it is inferred.
        A player who can claim nothing can only decline; a player passed over by a
        later player who lays a front page has declined (docs/rulings.md)."""
        if not state.claimable(p):
            return self._try(state, pp.DeclinePress(player=p))
        later = [q for q in state.queue if q != p]
        if not obs.front.get(p) and any(obs.front.get(q) for q in later):
            return self._try(state, pp.DeclinePress(player=p))
        return None

    def _final_turn_pass(self, state, obs: Observed, p: int) -> Outcome | None:
        """Final edition, last turns: a player may pass the turn, which leaves nothing
        on the table. When the player to act has changed nothing and only players
        later in the final-turn order have acted (reporters or a front page), the
        player to act has passed (docs/rulings.md)."""
        actors = {q for (_, q) in self._reporter_delta(state, obs)}
        actors |= {q for q, laid in obs.front.items() if laid}
        later = set(state.queue) - {p}
        if actors and p not in actors and actors <= later:
            return self._try(state, pp.DeclinePress(player=p))
        return None

    def _try(self, state, action) -> Outcome:
        try:
            pp.apply(state, action)
        except RuleError as exc:
            return Outcome("rejected", reports=[_report(
                ERROR, "illegal", f"{exc.detail}", exc.rule, action=pp.action_to_dict(action)["action"],
                detail=exc.detail, section=exc.rule, kind=exc.key,
                **{k: v for k, v in exc.values.items() if k not in ("action", "detail", "section", "kind")})])
        return Outcome("action", action=action)

    @staticmethod
    def _name(state, seat: int) -> str:
        p = state.players[seat]
        return p.name or p.colour

    def _reporter_delta(self, state, obs: Observed) -> dict[tuple[str, int], int]:
        n = len(state.players)
        delta = {}
        for story in set(state.reporters) | set(obs.reporters):
            exp = state.reporters.get(story, (0,) * n)
            got = obs.reporters.get(story, (0,) * n)
            for q in range(n):
                if got[q] != exp[q]:
                    delta[(story, q)] = got[q] - exp[q]
        return delta

    @staticmethod
    def _reporter_action(p: int, mine: dict[str, int]):
        plus = {s: d for s, d in mine.items() if d > 0}
        minus = {s: -d for s, d in mine.items() if d < 0}
        if plus and not minus:
            if len(plus) > 1:
                return _report(ERROR, "assign_one_story",
                               "reporters were put on several stories; one assign puts them on one story",
                               "Penny Press: Assign reporters", stories=", ".join(sorted(plus)))
            (story, k), = plus.items()
            return pp.Assign(player=p, story=story, count=k)
        if minus and not plus:
            stories = tuple(sorted(Counter(minus).elements()))
            return pp.Recall(player=p, stories=stories)
        if len(plus) == 1 and len(minus) == 1 and sum(plus.values()) == 1 and sum(minus.values()) == 1:
            return pp.Reassign(player=p, from_story=next(iter(minus)), to_story=next(iter(plus)))
        return _report(ERROR, "two_actions",
                       "reporters were both placed and taken back in one turn; only one action per turn "
                       "(a reassign moves a single reporter)",
                       "Penny Press: How to play",
                       placed=", ".join(sorted(plus)), removed=", ".join(sorted(minus)))

    def _press(self, state, obs: Observed, p: int, name: str) -> Outcome:
        claim = set(state.claimable(p))
        laid = obs.front[p]
        foreign = sorted(set(laid) - claim)
        if foreign:
            return Outcome("rejected", reports=[_report(
                ERROR, "not_claimable",
                f"{name}'s front page holds {', '.join(foreign)}, which {name} cannot claim",
                "Penny Press: Go to Press", name=name, stories=", ".join(foreign))])
        still_on_board = sorted(s for s in claim if s in obs.board.get(self.catalog.stories[s].beat, ()))
        if still_on_board:
            return Outcome("waiting", reports=[_report(
                INFO, "press_in_progress",
                f"{name} is going to press: still to take from the board: {', '.join(still_on_board)}",
                "Penny Press: Go to Press", name=name, stories=", ".join(still_on_board))])
        return self._try(state, pp.GoToPress(player=p, front_page=self.front_page_of(state, p, laid)))

    def front_page_of(self, state, seat: int, laid: dict[str, tuple[int, int, int]]) -> pp.FrontPage:
        """The engine FrontPage of stories laid on ``seat``'s mat (from :meth:`read`)."""
        placements = tuple(
            placement_from_tag(self.catalog.stories[s], r, c, k) for s, (r, c, k) in sorted(laid.items())
        )
        return pp.FrontPage(placements=placements, ad_cell=state.ad[seat])

    def _draw(self, state, obs: Observed) -> Outcome:
        new = sorted(c for c in obs.headline if c not in state.used_cards)
        if not new:
            return Outcome("waiting", reports=[_report(
                INFO, "draw_card", "draw a headline card and lay it face up",
                "Penny Press: Drawing headline cards")])
        if len(new) > 1:
            return Outcome("rejected", reports=[_report(
                ERROR, "two_cards", f"several new headline cards are on the table ({', '.join(new)}); "
                "draw only one", "Penny Press: Drawing headline cards", cards=", ".join(new))])
        return self._try(state, pp.DrawHeadline(card=new[0]))

    def _newsboy(self, state, obs: Observed, p: int, name: str) -> Outcome:
        right = (p - 1) % len(state.players)
        if obs.newsboy == right:
            return self._try(state, pp.PassNewsboy(player=p))
        return Outcome("waiting", reports=[_report(
            INFO, "pass_newsboy",
            f"{name} holds the newsboy: no action this turn; pass him to {self._name(state, right)}",
            "Penny Press: Newsboy strike", player=name, to=self._name(state, right))])

    def _pending_board(self, state, obs: Observed) -> list[Report]:
        """Stories the engine has on the board but the table does not (or vice
        versa): the players still have to place or remove them."""
        out = []
        for beat in self.catalog.beats:
            exp = set(state.board[beat])
            got = set(obs.board.get(beat, ()))
            missing, extra = sorted(exp - got), sorted(got - exp)
            if missing:
                out.append(_report(INFO, "place_stories",
                                   f"{beat}: place {', '.join(missing)}", "Penny Press: Adjust the news beats",
                                   beat=beat, stories=", ".join(missing)))
            if extra:
                out.append(_report(WARNING, "extra_stories",
                                   f"{beat}: {', '.join(extra)} should not be on the board",
                                   "Penny Press: Adjust the news beats", beat=beat, stories=", ".join(extra)))
        return out

    # -- setup ---------------------------------------------------------------
    def initial_cards(self, snap: TableSnapshot, n_players: int) -> tuple[list[str], list[Report]]:
        """The initial headline cards laid out on the table at setup (one per
        player). Returns (cards, reports); cards is empty if the count is wrong."""
        cards = sorted({s.component for s in snap.sightings if s.component in self.catalog.headline_cards})
        if len(cards) != n_players:
            return [], [_report(WARNING, "setup_cards",
                                f"lay out the {n_players} initial headline cards where the camera sees them "
                                f"({len(cards)} seen)", "Penny Press: Setup", seen=len(cards), wanted=n_players)]
        return cards, []

    def _seats(self, request: SetupRequest) -> list[pp.PlayerSpec]:
        """The players asked for, a seat without a colour given the catalog's next free one."""
        taken = {p.get("colour") for p in request.players if p.get("colour")}
        free = iter(c for c in self.catalog.colours if c not in taken)
        return [pp.PlayerSpec(p.get("colour") or next(free), p.get("name") or "", p.get("paper") or "")
                for p in request.players]

    def setup_from(self, snap: TableSnapshot, request: SetupRequest) -> SetupOutcome:
        """The game's setup read off a still snapshot (Penny Press: Setup;
        docs/rulings.md): the initial headline cards laid out, one per player.

        When the cards are known beforehand (``request.known["headline_cards"]``: a
        recording's description), a still view that shows only some of them (the
        last one on top of the others) is accepted, and one that shows another card
        is not. With no first player asked for, the setup waits for the first move:
        the one seat whose move the table then shows starts (exactly one seat must
        explain it). ``request.known["strike"]``: the strike variant."""
        players = self._seats(request)
        strike = bool(request.known.get("strike"))
        expected = list(request.known.get("headline_cards") or ())
        if self._cards_seen is not None:  # the setup was seen: who moves first?
            fits = [seat for seat in range(len(players))
                    if self.observe(pp.new_game(players, self._cards_seen, seat, strike), snap).status == "action"]
            if len(fits) != 1:
                return SetupOutcome()  # no move yet (or not one that tells): keep waiting
            return SetupOutcome(pp.setup_to_dict(players, self._cards_seen, fits[0], strike))
        seen = sorted({s.component for s in snap.sightings if s.component in self.catalog.headline_cards})
        if expected:
            strange = sorted(set(seen) - set(expected))
            if strange or not seen:
                return SetupOutcome(reports=[_report(
                    WARNING, "setup_cards_expected", f"the initial headline cards should be "
                    f"{', '.join(expected)}; the table shows {', '.join(seen) or 'none'}", "Penny Press: Setup",
                    expected=", ".join(expected), seen=", ".join(seen) or "-")])
            cards = expected
        else:
            cards, reports = self.initial_cards(snap, len(players))
            if not cards:
                return SetupOutcome(reports=reports, players_seen=len(seen))
        if request.first_player is None:  # told by the first move
            self._cards_seen = cards
            return SetupOutcome(reports=[_report(INFO, "first_move", "setup seen: the first player may start",
                                                 "Penny Press: Setup")])
        return SetupOutcome(pp.setup_to_dict(players, cards, request.first_player, strike))


# ---------------------------------------------------------------- the other way


def expected_snapshot(state: pp.GameState, *, front_of: int | None = None,
                      page: pp.FrontPage | None = None, t: float = 0.0) -> TableSnapshot:
    """The still table a perfect camera would report for ``state`` (positions 0 mm:
    only surfaces and zones matter to the observer): stories in their beat columns,
    reporters on their stories (numbered per colour) or at home, the last headline
    card, the newsboy; with ``front_of``/``page``, that player's front page laid on
    the mat (tags in each tile's first cell, turned tiles at 90 degrees). Used by
    tests and by the scripted demo session."""
    sightings = []
    cat = state.catalog
    for beat in cat.beats:
        for s in state.board[beat]:
            sightings.append(Sighting(s, "board", f"beat:{beat}", 0, 0))
    for seat, p in enumerate(state.players):
        used = 0
        for story, counts in sorted(state.reporters.items()):
            for _ in range(counts[seat]):
                used += 1
                sightings.append(Sighting(f"{p.colour}{used}", "board", f"on:{story}", 0, 0))
        for k in range(used + 1, 6):
            sightings.append(Sighting(f"{p.colour}{k}", f"mat-{p.colour}", "home", 0, 0))
    if state.used_cards:
        sightings.append(Sighting(state.used_cards[-1], "board", "headline", 0, 0))
    if state.newsboy is not None:
        sightings.append(Sighting("newsboy", f"mat-{state.players[state.newsboy].colour}", "home", 0, 0))
    if page is not None and front_of is not None:
        colour = state.players[front_of].colour
        for pl in page.placements:
            st = cat.stories[pl.story]
            r, c, angle = (pl.row, pl.col, 0.0) if not pl.rotated else (pl.row + st.width - 1, pl.col, 90.0)
            sightings.append(Sighting(pl.story, f"mat-{colour}", f"front:{r},{c}", 0, 0, angle))
    return TableSnapshot(t=t, sightings=tuple(sightings), still=True)


def game_snapshots(setup: dict, actions) -> list[TableSnapshot]:
    """Still snapshots of a whole game as a perfect camera would give them: the setup
    (initial headline cards laid out) then the table after each action (a press
    shows its front page on the mat)."""
    state = pp.new_game_from_dict(setup)
    cards = tuple(Sighting(c, "table", None, 0, 0) for c in setup["headline_cards"])
    first = expected_snapshot(state)
    ids = set(setup["headline_cards"])
    out = [TableSnapshot(0.0, tuple(s for s in first.sightings if s.component not in ids) + cards)]
    for a in actions:
        after = pp.apply(state, a)
        if isinstance(a, pp.GoToPress):
            res = after.press_results[-1]
            out.append(expected_snapshot(after, front_of=res.player, page=res.front_page, t=len(out)))
        else:
            out.append(expected_snapshot(after, t=len(out)))
        state = after
    return out
