"""Penny Press game state and the pure ``apply`` (Penny Press rulebook, all sections).

A :class:`GameState` is immutable: :func:`apply` returns a new state and never
changes its input; an illegal action raises
``companion.errors.RuleError(message, rule="Penny Press: <section>")``.

Turn structure (docs/penny-press.md): phase ``"normal"`` -> ``"final_turns"`` (one
turn each for the players who have not finished, one reporter at most) ->
``"final_presses"`` (each unfinished player may press or decline) -> ``"over"``.
A press in the normal phase sets ``awaiting_draw``; the next action must be
:class:`DrawHeadline` (the card from the physical deck), which completes the turn.
News beats (arrows) are adjusted at the end of every normal-phase turn only.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Sequence

from companion.clitext import tx
from companion.datafile import data_fault
from companion.errors import CompanionError, RuleError
from companion.naming import count
from companion.games.penny_press.actions import (Action, Assign, DeclinePress, DrawHeadline, GoToPress,
                                                  PassNewsboy, Reassign, Recall)
from companion.games.penny_press.catalog import Catalog, FrozenDict, load_catalog
from companion.games.penny_press.frontpage import (FrontPage, Line, check_front_page, score_front_page,
                                                    solve_front_page)

R_SETUP = "Penny Press: Setup"
R_TURN = "Penny Press: How to play"
R_ASSIGN = "Penny Press: Assign reporters"
R_RECALL = "Penny Press: Recall reporters"
R_REASSIGN = "Penny Press: Reassign a reporter"
R_PRESS = "Penny Press: Go to Press"
R_DRAW = "Penny Press: Drawing headline cards"
R_FINAL = "Penny Press: Final edition"
R_STRIKE = "Penny Press: Newsboy strike"
R_END = "Penny Press: End of the game"

NORMAL, FINAL_TURNS, FINAL_PRESSES, OVER = "normal", "final_turns", "final_presses", "over"


def _frozen(d: dict) -> Mapping:
    return FrozenDict(d)


@dataclass(frozen=True)
class PlayerSpec:
    """A player at the table: colour (catalog colour id), name, paper (masthead)."""

    colour: str
    name: str = ""
    paper: str = ""


@dataclass(frozen=True)
class PressResult:
    """What one press produced (Penny Press: Go to Press).

    player: index; edition: that player's press number (1-based); claimed: story ids
    claimed (board order); scoop_awards: {player: points} for the other players;
    front_page: the page scored (placements + ad); beat_values: beat -> news-beat value
    used; breakdown: (kind, story or None, points) lines; total: points scored (>= 0);
    best_total: the solver's total; solver_placement: True when the page was the
    solver's; final_edition: True for a press made in the final edition.
    """

    player: int
    edition: int
    claimed: tuple[str, ...]
    scoop_awards: Mapping[int, int]
    front_page: FrontPage
    beat_values: Mapping[str, int]
    breakdown: tuple[Line, ...]
    total: int
    best_total: int
    solver_placement: bool
    final_edition: bool = False


@dataclass(frozen=True)
class BeatBonus:
    """End-game bonus of one beat: marker value, winners (indices, empty when the best
    star total is 0) and published stars per player."""

    beat: str
    marker: int
    winners: tuple[int, ...]
    stars: tuple[int, ...]


@dataclass(frozen=True)
class FinalResult:
    """End of the game (Penny Press: End of the game).

    bonuses: one BeatBonus per beat (board order); circulation: scores before the
    bonuses; scores: final scores; stories: published stories per player (the
    tie-break); rank: 1-based rank per player (equal score and equal stories share a
    rank); winners: indices of rank 1 (several = shared victory).
    """

    bonuses: tuple[BeatBonus, ...]
    circulation: tuple[int, ...]
    scores: tuple[int, ...]
    stories: tuple[int, ...]
    rank: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def ranking(self) -> tuple[int, ...]:
        """Player indices best first (rank, then seat for equal ranks)."""
        return tuple(sorted(range(len(self.rank)), key=lambda q: (self.rank[q], q)))


@dataclass(frozen=True)
class GameState:
    """The whole game at a moment between actions (immutable).

    players: PlayerSpec per seat (turn order). current_player: index of the player to
    act (the presser while ``awaiting_draw``). phase: normal | final_turns |
    final_presses | over. board: beat -> story ids in its column, bottom first.
    reporters: story -> reporters per player (only stories with reporters). home:
    reporters at home per player. arrow_position: beat -> 0..9. bonus_track: beat ->
    marker value. piles: "<beat>-<shape>" -> story ids bottom first (top = last).
    scores: circulation per player (points). published: story ids per player.
    pennies: presses made per player. ad: (row, col) per player or None.
    used_cards: headline cards out of the deck (setup first). press_results: every
    press in order. final: FinalResult once over. newsboy: holder index (strike
    variant) or None. finished: per player, done in the final edition.
    """

    catalog: Catalog = field(compare=False, repr=False)
    players: tuple[PlayerSpec, ...]
    first_player: int
    strike: bool
    phase: str
    current_player: int
    actions_left: int
    awaiting_draw: bool
    board: Mapping[str, tuple[str, ...]]
    reporters: Mapping[str, tuple[int, ...]]
    home: tuple[int, ...]
    arrow_position: Mapping[str, int]
    bonus_track: Mapping[str, int]
    piles: Mapping[str, tuple[str, ...]]
    scores: tuple[int, ...]
    published: tuple[tuple[str, ...], ...]
    pennies: tuple[int, ...]
    ad: tuple[tuple[int, int] | None, ...]
    used_cards: tuple[str, ...]
    press_results: tuple[PressResult, ...] = ()
    final: FinalResult | None = None
    newsboy: int | None = None
    finished: tuple[bool, ...] = ()
    queue: tuple[int, ...] = ()
    trigger_player: int | None = None
    turn: int = 0

    # ----------------------------------------------------------------- queries
    @property
    def n_players(self) -> int:
        return len(self.players)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def news_beat_value(self, beat: str) -> int:
        """News-beat value (points) the beat's arrow points at."""
        return self.catalog.news_beat_value[self.arrow_position[beat]]

    def scoop_value(self, beat: str) -> int:
        """Scoop value (points) the beat's arrow points at."""
        return self.catalog.scoop_value[self.arrow_position[beat]]

    def beat_values(self) -> dict[str, int]:
        """beat -> news-beat value, for all beats."""
        return {b: self.news_beat_value(b) for b in self.catalog.beats}

    def story_beat(self, story: str) -> str:
        return self.catalog.stories[story].beat

    def on_board(self, story: str) -> bool:
        s = self.catalog.stories.get(story)
        return s is not None and story in self.board[s.beat]

    def claimable(self, player: int) -> tuple[str, ...]:
        """Stories the player would claim by going to press now (board order): a
        reporter of theirs is on it and no opponent has more (ties count)."""
        out = []
        for b in self.catalog.beats:
            for sid in self.board[b]:
                c = self.reporters.get(sid)
                if c and c[player] > 0 and c[player] >= max(c):
                    out.append(sid)
        return tuple(out)

    def deck(self) -> tuple[str, ...]:
        """Headline cards not yet used (id order)."""
        used = set(self.used_cards)
        return tuple(c for c in self.catalog.headline_cards if c not in used)


# ------------------------------------------------------------------- helpers

def _arrows(cat: Catalog, board: Mapping[str, tuple[str, ...]], reporters: Mapping) -> dict[str, int]:
    """Arrow position per beat: spaces taken + stories with a reporter, capped."""
    out = {}
    for b in cat.beats:
        pos = 0
        for sid in board[b]:
            pos += cat.stories[sid].column_spaces + (1 if sid in reporters else 0)
        out[b] = min(cat.arrow_max, pos)
    return out


def _column_spaces(cat: Catalog, column: Sequence[str]) -> int:
    return sum(cat.stories[s].column_spaces for s in column)


def _add_stories(cat: Catalog, card, board: dict, piles: dict) -> None:
    """Add a headline card's stories (top of pile; skipped when the pile is empty or
    the column has no room)."""
    for beat, shape in card.stories:
        key = f"{beat}-{shape}"
        pile = piles.get(key, ())
        if not pile:
            continue
        sid = pile[-1]
        if _column_spaces(cat, board[beat]) + cat.stories[sid].column_spaces > cat.column_spaces:
            continue
        piles[key] = pile[:-1]
        board[beat] = board[beat] + (sid,)


def _add_setup_stories(cat: Catalog, cards: Sequence, board: dict, piles: dict) -> None:
    """Add the initial headline cards' stories (Penny Press: Setup; Drawing headline
    cards, "Add stories"). Every card's stories are taken from the top of their piles
    (an empty pile gives none). Where a beat's column would then overflow, the 3-star
    C or D stories go back on their piles first, as the rulebook says for setup
    (latest drawn first, only as many as needed); should the column still overflow
    (not a case the rulebook foresees), the in-play rule leaves on its pile each story
    that no longer fits, in card order."""
    drawn: dict[str, list[str]] = {b: [] for b in cat.beats}
    for card in cards:
        for beat, shape in card.stories:
            key = f"{beat}-{shape}"
            pile = piles.get(key, ())
            if pile:
                drawn[beat].append(pile[-1])
                piles[key] = pile[:-1]
    for beat in cat.beats:
        col = list(board[beat]) + drawn[beat]
        back: list[str] = []
        for sid in reversed(drawn[beat]):
            st = cat.stories[sid]
            if _column_spaces(cat, col) <= cat.column_spaces:
                break
            if st.stars == 3 and st.column_spaces > 1:   # the 3-star C or D
                col.remove(sid)
                back.append(sid)
        if _column_spaces(cat, col) > cat.column_spaces:
            kept = list(board[beat])
            for sid in col[len(board[beat]):]:
                if _column_spaces(cat, kept) + cat.stories[sid].column_spaces <= cat.column_spaces:
                    kept.append(sid)
                else:
                    back.append(sid)
            col = kept
        # back on top of their piles, the latest drawn first (keeps each pile's order)
        for sid in sorted(back, key=drawn[beat].index, reverse=True):
            key = cat.stories[sid].pile
            piles[key] = piles[key] + (sid,)
        board[beat] = tuple(col)


def _player(state: GameState, p: Any, rule: str) -> int:
    if type(p) is not int or not 0 <= p < state.n_players:
        shown = p + 1 if type(p) is int else repr(p)  # people count players from 1
        raise RuleError(f"no player {shown} (players are 1..{state.n_players})", rule,
                        "no_player", {"seat": shown, "n": state.n_players})
    return p


REPORTERS = {"one": "reporter", "other": "reporters"}


def _pname(state: GameState, p: int) -> str:
    """A player for a translated refusal: the given name, else the colour code (the
    app words the colour in the players' language)."""
    from companion.naming import given_name

    return given_name(state.players[p].name) or state.players[p].colour


def _who(state: GameState, p: int) -> str:
    """A player as people name them: colour and number from 1 (``blue (player 2)``)."""
    from companion.naming import who

    return who(state.players[p], p)


# ------------------------------------------------------------------- setup

def new_game(players: Sequence[PlayerSpec], headline_cards: Sequence[str], first_player: int = 0,
             strike: bool = False, catalog: Catalog | None = None) -> GameState:
    """Set up a game (Penny Press: Setup).

    players: 2..5 PlayerSpec with distinct catalog colours (turn order);
    headline_cards: one initial card per player (ids "H01".."H45", distinct): each
    advances its bonus marker from 2 and adds its stories (ads ignored; a beat that
    would overflow leaves its 3-star C or D story on the pile, see _add_setup_stories);
    first_player: index who starts; strike: newsboy strike variant (4-5 players), the
    newsboy goes to the player after the first.
    Raises RuleError(rule="Penny Press: Setup") on a wrong player count, duplicate or
    unknown colour, wrong card count, unknown or repeated card, bad first player or
    strike with 2-3 players.
    """
    cat = catalog or load_catalog()
    players = tuple(players)
    n = len(players)
    if not cat.players_min <= n <= cat.players_max:
        raise RuleError(f"Penny Press is for {cat.players_min}-{cat.players_max} players, not {n}", R_SETUP,
                        "pp.setup_players", {"lo": cat.players_min, "hi": cat.players_max, "n": n})
    for p in players:
        if not isinstance(p, PlayerSpec):
            raise RuleError(f"players must be PlayerSpec, got {p!r}", R_SETUP)
        if p.colour not in cat.colours:
            raise RuleError(f"unknown colour {p.colour!r} (colours: {', '.join(cat.colours)})", R_SETUP,
                            "pp.setup_colour", {"colour": str(p.colour)})
    colours = [p.colour for p in players]
    if len(set(colours)) != n:
        raise RuleError(f"each player needs their own colour, got {colours}", R_SETUP, "pp.setup_colour_twice")
    cards = tuple(headline_cards)
    if len(cards) != n:
        raise RuleError(f"setup draws one headline card per player: {n} needed, {len(cards)} given", R_SETUP,
                        "pp.setup_card_count", {"n": n, "given": len(cards)})
    for c in cards:
        if c not in cat.headline_cards:
            raise RuleError(f"unknown headline card {c!r}", R_SETUP, "pp.unknown_card", {"card": str(c)})
    if len(set(cards)) != n:
        raise RuleError(f"a headline card is given twice: {list(cards)}", R_SETUP, "pp.setup_card_twice",
                        {"card": next(c for c in cards if cards.count(c) > 1)})
    if type(first_player) is not int or not 0 <= first_player < n:
        raise RuleError(f"first player must be 0..{n - 1}, got {first_player!r}", R_SETUP, "pp.setup_first_player",
                        {"n": n})
    if strike and n not in cat.strike_players:
        raise RuleError(f"the newsboy strike variant is for {'-'.join(map(str, cat.strike_players))} "
                        f"players, not {n}", R_SETUP, "pp.setup_strike",
                        {"players": "-".join(map(str, cat.strike_players)), "n": n})
    piles = cat.initial_piles()
    board = {b: () for b in cat.beats}
    bonus = {b: cat.bonus_start for b in cat.beats}
    for c in cards:
        card = cat.headline_cards[c]
        bonus[card.bonus_beat] = min(cat.bonus_max, bonus[card.bonus_beat] + card.bonus_advance)
    _add_setup_stories(cat, [cat.headline_cards[c] for c in cards], board, piles)
    return GameState(
        catalog=cat, players=players, first_player=first_player, strike=bool(strike), phase=NORMAL,
        current_player=first_player, actions_left=1, awaiting_draw=False,
        board=_frozen(board), reporters=_frozen({}), home=(cat.reporters_per_player,) * n,
        arrow_position=_frozen(_arrows(cat, board, {})), bonus_track=_frozen(bonus),
        piles=_frozen(piles), scores=(0,) * n, published=((),) * n, pennies=(0,) * n,
        ad=(None,) * n, used_cards=cards, newsboy=(first_player + 1) % n if strike else None,
        finished=(False,) * n)


def setup_to_dict(players: Sequence[PlayerSpec], headline_cards: Sequence[str], first_player: int = 0,
                  strike: bool = False) -> dict:
    """JSON-safe setup record: ``{"game": "penny-press", "players": [{"colour", "name",
    "paper"}], "headline_cards": [...], "first_player": int, "strike": bool}``."""
    return {"game": "penny-press",
            "players": [{"colour": p.colour, "name": p.name, "paper": p.paper} for p in players],
            "headline_cards": list(headline_cards), "first_player": first_player, "strike": bool(strike)}


def new_game_from_dict(d: Any, catalog: Catalog | None = None) -> GameState:
    """Set up a game from :func:`setup_to_dict`'s record. Raises CompanionError for a
    malformed record and RuleError for an illegal setup."""
    try:
        if d.get("game", "penny-press") != "penny-press":
            raise CompanionError(tx("record.other_game", "not a {game} setup: game {other}", game="Penny Press",
                                    other=repr(d.get("game"))))
        players = [PlayerSpec(str(p["colour"]), str(p.get("name", "")), str(p.get("paper", "")))
                   for p in d["players"]]
        cards = [str(c) for c in d["headline_cards"]]
        first = d.get("first_player", 0)
        strike = bool(d.get("strike", False))
    except (AttributeError, KeyError, TypeError) as exc:
        raise CompanionError(tx("record.bad_setup", "malformed {game} setup: {why}", game="Penny Press",
                                why=data_fault(exc))) from None
    return new_game(players, cards, first, strike, catalog)


# ------------------------------------------------------------------- apply

def apply(state: GameState, action: Action) -> GameState:
    """Apply one action; returns the new state (the input is unchanged).

    Raises RuleError naming the rule for: game over, a draw due (or not due), a card
    unknown or already used, not the player's turn, the newsboy to pass (or not held),
    no reporters at home, a story not on the board or without the player's reporter,
    more than one reporter moved, more than one reporter in the final edition, a press
    with nothing to claim, an illegal front page, declining when not allowed.
    """
    if state.phase == OVER:
        raise RuleError("the game is over", R_END, "game_over")
    if isinstance(action, DrawHeadline):
        return _draw(state, action)
    if state.awaiting_draw:
        raise RuleError(f"a headline card must be drawn for {_who(state, state.current_player)} before the "
                        "next action", R_DRAW, "pp.draw_first", {"who": _pname(state, state.current_player)})
    if not isinstance(action, (Assign, Recall, Reassign, GoToPress, PassNewsboy, DeclinePress)):
        raise RuleError(f"not a Penny Press action: {action!r}", R_TURN)
    p = _player(state, action.player, R_TURN)
    if p != state.current_player:
        raise RuleError(f"it is {_who(state, state.current_player)}'s turn, not {_who(state, p)}'s", R_TURN,
                        "not_your_turn", {"who": _pname(state, state.current_player), "other": _pname(state, p)})
    if state.phase == FINAL_PRESSES and not isinstance(action, (GoToPress, DeclinePress)):
        raise RuleError("in the final presses a player may only go to press or decline", R_FINAL,
                        "pp.final_presses_only")
    if state.newsboy == p:
        if not isinstance(action, PassNewsboy):
            raise RuleError("you hold the newsboy: give up your action and pass him to your right", R_STRIKE,
                            "pp.hold_newsboy")
        return _end_turn(state, {"newsboy": (p - 1) % state.n_players})
    if isinstance(action, PassNewsboy):
        raise RuleError("you do not hold the newsboy", R_STRIKE, "pp.no_newsboy")
    if isinstance(action, Assign):
        return _assign(state, p, action)
    if isinstance(action, Recall):
        return _recall(state, p, action)
    if isinstance(action, Reassign):
        return _reassign(state, p, action)
    if isinstance(action, GoToPress):
        return _press(state, p, action.front_page)
    return _decline(state, p)


def press_preview(state: GameState, player: int, front_page: FrontPage | None = None) -> PressResult:
    """What going to press would give ``player`` now (Penny Press: Go to Press), whose
    turn it is or not: claimed stories, scoop points, the front page (``front_page``
    checked and scored, or the solver's best) and its score. Pure; the state is not
    changed. Raises RuleError when nothing can be claimed or the page is illegal."""
    return press_preview_state(state, player, front_page).press_results[-1]


def press_preview_state(state: GameState, player: int, front_page: FrontPage | None = None) -> GameState:
    """The state right after ``player`` went to press now (Penny Press: Go to Press),
    whose turn it is or not, with ``front_page`` (or the solver's best): its last
    press result is :func:`press_preview`'s, so a previewed paper prints as the press
    it would be (its number: ``len(press_results)``). Pure. Raises RuleError as
    :func:`press_preview` does."""
    if state.phase == OVER:
        raise RuleError("the game is over", R_END, "game_over")
    p = _player(state, player, R_PRESS)
    return _press(state, p, front_page)


def _end_turn(state: GameState, changes: dict) -> GameState:
    """Finish the current player's turn: adjust the news beats (normal phase only)
    and pass the turn."""
    cat = state.catalog
    n = state.n_players
    changes["turn"] = state.turn + 1
    changes["awaiting_draw"] = False
    phase = changes.get("phase", state.phase)
    if phase == NORMAL:
        board = changes.get("board", state.board)
        reps = changes.get("reporters", state.reporters)
        changes["arrow_position"] = _frozen(_arrows(cat, board, reps))
        if n == 2 and state.actions_left > 1:
            changes["actions_left"] = state.actions_left - 1
        else:
            changes["current_player"] = (state.current_player + 1) % n
            changes["actions_left"] = 2 if n == 2 else 1
        return replace(state, **changes)
    # final edition: walk the queue
    queue = changes.get("queue", state.queue)
    if phase == FINAL_TURNS and state.phase == FINAL_TURNS:
        queue = queue[1:]
    elif phase == FINAL_PRESSES and state.phase == FINAL_PRESSES:
        queue = queue[1:]
    finished = changes.get("finished", state.finished)
    if phase == FINAL_TURNS and not queue:
        phase = FINAL_PRESSES
        t = changes.get("trigger_player", state.trigger_player)
        queue = tuple(q for q in ((t + k) % n for k in range(1, n + 1)) if not finished[q])
    queue = tuple(q for q in queue if not finished[q])
    if phase == FINAL_PRESSES and not queue:
        changes["phase"] = OVER
        changes["queue"] = ()
        new = replace(state, **changes)
        return replace(new, final=_final_result(new))
    changes["phase"] = phase
    changes["queue"] = queue
    changes["current_player"] = queue[0]
    changes["actions_left"] = 1
    return replace(state, **changes)


def _check_story(state: GameState, story: Any, rule: str) -> str:
    if not isinstance(story, str) or story not in state.catalog.stories:
        raise RuleError(f"unknown story {story!r}", rule, "pp.unknown_story", {"story": str(story)})
    if not state.on_board(story):
        raise RuleError(f"{story} is not on the board", rule, "pp.not_on_board", {"story": story})
    return story


def _assign(state: GameState, p: int, a: Assign) -> GameState:
    _check_story(state, a.story, R_ASSIGN)
    if type(a.count) is not int or a.count < 1:
        raise RuleError(f"assign at least one reporter, not {a.count!r}", R_ASSIGN, "pp.assign_one")
    if state.phase == FINAL_TURNS and a.count != 1:
        raise RuleError("in the final edition you may assign a single reporter only", R_FINAL, "pp.final_one_assign")
    if state.home[p] == 0:
        raise RuleError("you have no reporters left at home", R_ASSIGN, "pp.none_home")
    if a.count > state.home[p]:
        raise RuleError(f"you have only {count(state.home[p], REPORTERS)} at home, not {a.count}", R_ASSIGN,
                        "pp.too_few_home", {"n": state.home[p], "want": a.count})
    reps = dict(state.reporters)
    c = list(reps.get(a.story, (0,) * state.n_players))
    c[p] += a.count
    reps[a.story] = tuple(c)
    home = list(state.home)
    home[p] -= a.count
    return _end_turn(state, {"reporters": _frozen(reps), "home": tuple(home)})


def _recall(state: GameState, p: int, a: Recall) -> GameState:
    if not a.stories:
        raise RuleError("recall at least one reporter", R_RECALL, "pp.recall_one")
    if state.phase == FINAL_TURNS and len(a.stories) != 1:
        raise RuleError("in the final edition you may recall a single reporter only", R_FINAL, "pp.final_one_recall")
    reps = dict(state.reporters)
    for sid in set(a.stories):
        _check_story(state, sid, R_RECALL)
        want = a.stories.count(sid)
        have = reps.get(sid, (0,) * state.n_players)[p]
        if want > have:
            raise RuleError(f"you have {count(have, REPORTERS)} on {sid}, cannot recall {want}", R_RECALL,
                            "pp.too_few_on_story", {"n": have, "story": sid, "want": want})
        c = list(reps[sid])
        c[p] -= want
        if any(c):
            reps[sid] = tuple(c)
        else:
            del reps[sid]
    home = list(state.home)
    home[p] += len(a.stories)
    return _end_turn(state, {"reporters": _frozen(reps), "home": tuple(home)})


def _reassign(state: GameState, p: int, a: Reassign) -> GameState:
    _check_story(state, a.from_story, R_REASSIGN)
    _check_story(state, a.to_story, R_REASSIGN)
    if a.from_story == a.to_story:
        raise RuleError("a reporter must move to a different story", R_REASSIGN, "pp.same_story")
    reps = dict(state.reporters)
    src = reps.get(a.from_story)
    if not src or src[p] == 0:
        raise RuleError(f"you have no reporter on {a.from_story}", R_REASSIGN, "pp.no_reporter_on",
                        {"story": a.from_story})
    c = list(src)
    c[p] -= 1
    if any(c):
        reps[a.from_story] = tuple(c)
    else:
        del reps[a.from_story]
    d = list(reps.get(a.to_story, (0,) * state.n_players))
    d[p] += 1
    reps[a.to_story] = tuple(d)
    return _end_turn(state, {"reporters": _frozen(reps)})


def _stuck(state: GameState, p: int) -> bool:
    """No legal action at all: no own reporter on the board and no story to assign to."""
    if any(c[p] for c in state.reporters.values()):
        return False
    return not any(state.board[b] for b in state.catalog.beats)


def _decline(state: GameState, p: int) -> GameState:
    """Pass the turn: in the final edition a remaining player *may* take their last
    turn and *may* go to press (Penny Press: Final edition), so both can be passed;
    a player who passes the last turn still gets the final press. Otherwise only a
    player with no legal action at all passes (Penny Press: How to play)."""
    if state.phase in (FINAL_TURNS, FINAL_PRESSES) or _stuck(state, p):
        return _end_turn(state, {})
    raise RuleError("you must take an action (assign, recall, reassign or go to press); passing is "
                    "only for the final edition", R_TURN, "pp.must_act")


def _press(state: GameState, p: int, page: FrontPage | None) -> GameState:
    cat = state.catalog
    n = state.n_players
    claimed = state.claimable(p)
    if not claimed:
        raise RuleError("you cannot go to press: no story where you have at least as many reporters as "
                        "every other player", R_PRESS, "pp.nothing_to_claim")
    values = state.beat_values()
    ad = state.ad[p]
    best = solve_front_page(claimed, ad, values, cat)
    if page is None:
        page = best
    else:
        if not isinstance(page, FrontPage):
            raise RuleError(f"front page must be a FrontPage, got {page!r}", R_PRESS)
        check_front_page(claimed, page, ad, values, cat)
        page = FrontPage(page.placements, ad)
    breakdown, total = score_front_page(claimed, page, ad, values, cat)
    page = FrontPage(page.placements, ad, total)

    reps = dict(state.reporters)
    home = list(state.home)
    awards: dict[int, int] = {}
    for sid in claimed:
        c = reps.pop(sid)
        for q in range(n):
            home[q] += c[q]
            if q != p and c[q] > 0:
                awards[q] = awards.get(q, 0) + state.scoop_value(cat.stories[sid].beat)
    board = dict(state.board)
    cl = set(claimed)
    for b in cat.beats:
        if any(s in cl for s in board[b]):
            board[b] = tuple(s for s in board[b] if s not in cl)
    placed = tuple(pl.story for pl in page.placements)
    piles = dict(state.piles)
    for sid in claimed:
        if sid not in placed:
            key = cat.stories[sid].pile
            piles[key] = piles[key] + (sid,)
    scores = list(state.scores)
    scores[p] += total
    for q, pts in awards.items():
        scores[q] += pts
    published = list(state.published)
    published[p] = published[p] + placed
    pennies = list(state.pennies)
    pennies[p] += 1
    ads = list(state.ad)
    ads[p] = None
    final_ed = state.phase != NORMAL
    result = PressResult(p, pennies[p], claimed, _frozen(dict(sorted(awards.items()))), page,
                         _frozen(values), breakdown, total, best.total,
                         set(page.placements) == set(best.placements),
                         final_ed)
    changes = dict(reporters=_frozen(reps), home=tuple(home), board=_frozen(board), piles=_frozen(piles),
                   scores=tuple(scores), published=tuple(published), pennies=tuple(pennies), ad=tuple(ads),
                   press_results=state.press_results + (result,))
    if final_ed:
        fin = list(state.finished)
        fin[p] = True
        changes["finished"] = tuple(fin)
        return _end_turn(state, changes)
    if pennies[p] >= cat.final_trigger_presses[n]:
        fin = list(state.finished)
        fin[p] = True
        changes.update(phase=FINAL_TURNS, finished=tuple(fin), newsboy=None, trigger_player=p,
                       queue=tuple((p + k) % n for k in range(1, n)))
        return _end_turn(state, changes)
    if not state.deck():
        return _end_turn(state, changes)   # ruling: an empty deck skips the draw
    changes["awaiting_draw"] = True
    changes["turn"] = state.turn
    return replace(state, **changes)


def _draw(state: GameState, a: DrawHeadline) -> GameState:
    cat = state.catalog
    if not state.awaiting_draw:
        if state.phase != NORMAL:
            raise RuleError("no headline cards are drawn in the final edition", R_FINAL, "pp.no_draw_final")
        raise RuleError("a headline card is drawn only right after a press", R_DRAW, "pp.draw_after_press")
    card = cat.headline_cards.get(a.card) if isinstance(a.card, str) else None
    if card is None:
        raise RuleError(f"unknown headline card {a.card!r}", R_DRAW, "pp.unknown_card", {"card": str(a.card)})
    if a.card in state.used_cards:
        raise RuleError(f"headline card {a.card} has already been used", R_DRAW, "pp.card_used", {"card": a.card})
    p = state.current_player
    bonus = dict(state.bonus_track)
    bonus[card.bonus_beat] = min(cat.bonus_max, bonus[card.bonus_beat] + card.bonus_advance)
    board = dict(state.board)
    piles = dict(state.piles)
    _add_stories(cat, card, board, piles)
    ads = list(state.ad)
    ads[p] = (cat.ad_row_by_pennies.get(state.pennies[p], 0), card.ad_column)
    return _end_turn(state, {"bonus_track": _frozen(bonus), "board": _frozen(board), "piles": _frozen(piles),
                             "ad": tuple(ads), "used_cards": state.used_cards + (a.card,)})


def _final_result(state: GameState) -> FinalResult:
    cat = state.catalog
    n = state.n_players
    scores = list(state.scores)
    bonuses = []
    for b in cat.beats:
        stars = tuple(sum(cat.stories[s].stars for s in state.published[q] if cat.stories[s].beat == b)
                      for q in range(n))
        top = max(stars)
        winners = tuple(q for q in range(n) if top > 0 and stars[q] == top)
        for q in winners:
            scores[q] += state.bonus_track[b]
        bonuses.append(BeatBonus(b, state.bonus_track[b], winners, stars))
    counts = tuple(len(state.published[q]) for q in range(n))
    key = [(scores[q], counts[q]) for q in range(n)]
    rank = tuple(1 + sum(1 for k in key if k > key[q]) for q in range(n))
    return FinalResult(tuple(bonuses), state.scores, tuple(scores), counts, rank,
                       tuple(q for q in range(n) if rank[q] == 1))


# ------------------------------------------------------------------- enumeration

def legal_actions(state: GameState) -> list[Action]:
    """Legal actions of the player to act (DrawHeadline excluded: it comes from the
    deck; empty while a draw is due or the game is over).

    Assign: every story on the board x counts 1..home (1 in the final edition).
    Recall: every non-empty choice of own reporters on the board, each once (stories
    in board order, a story repeated once per reporter; single reporters first; only
    singles in the final edition), so every recall ``apply`` accepts is listed up to
    the order of ``stories``. Reassign: every (own story, other story) pair.
    GoToPress(front_page=None) when something is claimable. PassNewsboy for the
    newsboy's holder; DeclinePress (a pass) in the final edition (last turns and
    final presses) or when nothing else is legal.
    """
    if state.phase == OVER or state.awaiting_draw:
        return []
    p = state.current_player
    if state.phase == FINAL_PRESSES:
        return ([GoToPress(p)] if state.claimable(p) else []) + [DeclinePress(p)]
    if state.newsboy == p:
        return [PassNewsboy(p)]
    final = state.phase == FINAL_TURNS
    stories = [s for b in state.catalog.beats for s in state.board[b]]
    out: list[Action] = []
    maxc = min(1, state.home[p]) if final else state.home[p]
    for s in stories:
        for k in range(1, maxc + 1):
            out.append(Assign(p, s, k))
    own = [(s, state.reporters[s][p]) for s in stories if s in state.reporters and state.reporters[s][p]]
    for s, _ in own:
        out.append(Recall(p, (s,)))
    if not final:
        for counts in itertools.product(*[range(k + 1) for _, k in own]):
            if sum(counts) > 1:
                out.append(Recall(p, tuple(s for (s, _), c in zip(own, counts) for _ in range(c))))
    for s, _ in own:
        for t in stories:
            if t != s:
                out.append(Reassign(p, s, t))
    if state.claimable(p):
        out.append(GoToPress(p))
    if final or not out:
        out.append(DeclinePress(p))
    return out
