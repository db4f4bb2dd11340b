"""Scoop's table observer (pure): still table snapshots -> engine plays.

What the camera reads (calibration/data/scoop/scoop-page.json, tags in
companion.games.scoop.tags): on each player's mat the ``call`` area, where the player
whose turn it is lays the three cards of the story or advert he claims, and the two
``reserve:<i>`` spaces. From them:

- a full set in the call area of the player to act -> :class:`~.engine.Claim`
  (cards that left his own reserve spaces are ``reserve``; with a SCOOP card, the
  cards that left another player's reserve are ``captured`` from that ``victim``;
  the rest came from his hand); an advert's claim is held until its advert card is
  seen laid on the page, and played with that card's ``value``;
- new cards in his reserve spaces -> :class:`~.engine.Reserve`.

Hands stay hidden and are never read: what a play takes from a hand is what appears
on the table. Plays the camera cannot see are entered in the app: the dial (the
app's telephone, :mod:`ui.games.scoop.dial`), the choice after Three Star / Press, a
purchase on offer, Lines Down, an exchange, a bankrupt player's offer. While the
engine waits for one, the observer says so (``waiting``) and reads nothing else.

The dial and the choice come in through :meth:`ScoopObserver.enter` (``{"dial":
number}``, ``{"choose": option, "displace": i}``): the signal is the seed's at once,
but when the play takes a story from a pile (the story piles are shuffled by hand,
so the engine cannot know which card comes up) the play is held until the camera
sees that story laid on the caller's page, and is then played with the value
printed on it (``Dial.value`` / ``Choose.value``); meanwhile the report is
``scoop.lay_story``.
A call area shown again with the same cards after its claim is not claimed twice:
the call area must be seen empty (or with other cards) first.

Reports (companion.observing.Report) carry keys ``scoop.dial``, ``scoop.answer``,
``scoop.lay_story``, ``scoop.incomplete``, ``scoop.not_your_turn``,
``scoop.refused`` and ``scoop.page_differs`` with ``params``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from companion.errors import RuleError
from companion.games.scoop import engine
from companion.games.scoop.tags import card_of, kind_of, story_of
from companion.observing import ERROR, INFO, WARNING, Outcome, Report
from companion.table import TableSnapshot

SCOOP = "scoop"


def _minus(a: Counter, b: Counter) -> Counter:
    return Counter({k: v for k, v in (a - b).items() if v > 0})


class ScoopObserver:
    """Turns still snapshots into Scoop plays (see the module docstring). Built with
    no arguments (registry); keeps only which call-area set it has claimed."""

    def __init__(self, *_a, **_kw):
        self._claimed: dict[int, frozenset[str]] = {}
        self._tap: dict | None = None
        self._held = None  # (advert Claim, n_actions) waiting for the advert card laid

    def enter(self, tap: dict) -> None:
        """A player's entry in the app that the camera cannot read: ``{"dial":
        number}`` (the telephone) or ``{"choose": "three_star"|"press"|"story",
        "displace": i}``. It is played on the next still snapshot (held until the
        story it takes is seen on the page, see the module docstring); an entry
        that does not fit the game then is refused there (``scoop.refused``).
        ``"at": n`` (the game's ``n_actions`` when it was entered) withdraws it
        once the game has moved on without it (the players entered the play by a
        tap instead: what the camera should have seen)."""
        self._tap = dict(tap)

    @property
    def entered(self) -> dict | None:
        """The entry waiting to be played (None when there is none)."""
        return None if self._tap is None else dict(self._tap)

    # reading the table -------------------------------------------------------
    @staticmethod
    def _seats(state) -> dict[str, int]:
        return {f"mat-{p.spec.colour}": i for i, p in enumerate(state.players)}

    @staticmethod
    def _zones(state, snap: TableSnapshot) -> dict[int, dict[str, list[str]]]:
        """seat -> zone -> SCOOP card component ids seen there (other kinds ignored)."""
        seats = ScoopObserver._seats(state)
        out: dict[int, dict[str, list[str]]] = {i: {} for i in range(len(state.players))}
        for s in snap.sightings:
            seat = seats.get(s.surface)
            if seat is None or s.zone is None:
                continue
            try:
                if kind_of(s.component) != "C":
                    continue
            except ValueError:
                continue
            out[seat].setdefault(s.zone, []).append(s.component)
        return out

    def observe(self, state, snap: TableSnapshot) -> Outcome:
        """One still snapshot -> :class:`companion.observing.Outcome` (``moving``,
        ``same``, ``action``, ``waiting`` or ``rejected``). Never raises for what the
        camera shows; an illegal play is ``rejected`` with the engine's rule."""
        if not snap.still:
            return Outcome("moving")
        if state.is_over:
            return Outcome("same")
        zones = self._zones(state, snap)
        for seat, z in zones.items():  # a call area seen with other cards frees its memory
            if self._claimed.get(seat) is not None and frozenset(z.get("call", ())) != self._claimed[seat]:
                del self._claimed[seat]
        if self._held is not None:
            out = self._held_advert(state, snap, not zones[self._held[0].player].get("call"))
            if out.status != "same":
                return out
        pend = state.pending
        if self._tap is not None and self._tap.get("at", state.n_actions) != state.n_actions:
            self._tap = None  # entered by a tap meanwhile: nothing left to wait for
        if pend is not None:
            if self._tap is not None:
                return self._entered(state, snap, pend, not zones[pend["actor"]].get("call"))
            return self._waiting(state, pend)
        seat = state.turn_player
        name = state.players[seat].spec.name or state.players[seat].spec.colour
        for other, z in zones.items():
            if other != seat and z.get("call") and self._claimed.get(other) is None:
                return Outcome("waiting", reports=[Report(WARNING, "scoop.not_your_turn",
                                                          f"cards in the call area of seat {other + 1}: "
                                                          f"it is {name}'s turn", engine.R_TURN,
                                                          (("seat", other + 1), ("player", name)))])
        call = zones[seat].get("call", [])
        if call and self._claimed.get(seat) != frozenset(call):
            return self._claim(state, seat, call, zones, snap)
        out = self._reserve(state, seat, zones)
        if out.status == "same" and not any(z.get("call") for z in zones.values()):  # not mid-claim
            out.reports.extend(self.page_check(state, snap))
        return out

    # the pages ---------------------------------------------------------------------
    @staticmethod
    def page_space(state, seat: int, zone: str) -> str | None:
        """The engine's page space of a mat zone (``story:1,0`` -> the design's second
        story type; ``advert:0`` -> ``ad-<type>``; ``star:i`` -> ``star``;
        ``threestar`` -> ``three_star``), or None."""
        design = state.catalog.designs[state.players[seat].design]
        name, _, arg = zone.partition(":")
        try:
            if name == "story":
                return design.stories[int(arg.split(",")[0])]
            if name == "advert":
                return f"ad-{design.adverts[int(arg)]}"
        except (ValueError, IndexError):
            return None
        return {"star": "star", "threestar": "three_star"}.get(name)

    def page_check(self, state, snap: TableSnapshot) -> list[Report]:
        """Warnings where a page on the table differs from the game's (values per
        space, from the story and advert tags; occluded zones are not judged)."""
        seats = self._seats(state)
        seen: dict[tuple[int, str], Counter] = {}
        # zone names carry no surface: an occluded zone spares that space on every mat
        hidden = {(seat, self.page_space(state, seat, z)) for z in snap.occluded_zones
                  for seat in range(len(state.players))}
        for s in snap.sightings:
            seat = seats.get(s.surface)
            if seat is None or s.zone is None:
                continue
            try:
                if kind_of(s.component) not in ("S", "A"):
                    continue
            except ValueError:
                continue
            space = self.page_space(state, seat, s.zone)
            if space is not None:
                seen.setdefault((seat, space), Counter())[story_of(s.component)[1]] += 1
        reports = []
        for seat, p in enumerate(state.players):
            if p.out:
                continue
            name = p.spec.name or p.spec.colour
            for space, values in p.page.items():
                want = Counter(values) + (Counter(p.star_three) if space == "star" else Counter())
                got = seen.get((seat, space), Counter())
                if got != want and (seat, space) not in hidden:
                    reports.append(Report(WARNING, "scoop.page_differs",
                                          f"{name}'s page, {space}: the table shows "
                                          f"{sorted(got.elements()) or 'nothing'}, the game has "
                                          f"{sorted(want.elements()) or 'nothing'}", engine.R_CLAIM,
                                          (("player", name), ("space", space),
                                           ("seen", tuple(sorted(got.elements()))),
                                           ("game", tuple(sorted(want.elements()))))))
        return reports

    # plays -------------------------------------------------------------------------
    def _waiting(self, state, pend) -> Outcome:
        actor = pend["actor"]
        name = state.players[actor].spec.name or state.players[actor].spec.colour
        if pend["kind"] == "call":
            return Outcome("waiting", reports=[Report(INFO, "scoop.dial",
                                                      f"{name}: dial {pend['number']} on the telephone",
                                                      engine.R_PHONE,
                                                      (("player", name), ("number", pend["number"])))])
        return Outcome("waiting", reports=[Report(INFO, "scoop.answer", f"{name}: answer in the app", "",
                                                  (("player", name), ("question", pend["kind"])))])

    @staticmethod
    def _pile_values(state, seat: int, pile: str) -> Counter:
        """Values of ``pile``'s stories on ``seat``'s page in the engine."""
        p = state.players[seat]
        if pile == "three_star":
            return Counter(p.page.get("three_star", [])) + Counter(p.star_three)
        return Counter(v for space, vals in p.page.items() if state.catalog.pile_of(space) == pile for v in vals)

    def _laid_value(self, state, snap: TableSnapshot, seat: int, pile: str) -> int | None:
        """The printed value of the one card of ``pile`` seen on ``seat``'s page that
        the game does not have there yet (None: none, or more than one)."""
        seen = Counter()
        mat = f"mat-{state.players[seat].spec.colour}"
        for s in snap.sightings:
            if s.surface != mat:
                continue
            try:
                if kind_of(s.component) not in ("S", "A"):
                    continue
                got_pile, value = story_of(s.component)
            except ValueError:
                continue
            if got_pile == pile:
                seen[value] += 1
        new = _minus(seen, self._pile_values(state, seat, pile))
        return next(iter(new)) if sum(new.values()) == 1 else None

    @staticmethod
    def _under_pile(state, seat: int, space: str, pile: str) -> int | None:
        """When ``space`` is full and the player's call area has been cleared with no
        new card on the page, the card taken was the lowest and went straight back
        under its pile (copy substitution): a value that does so (the highest the pile
        holds not above the lowest kept), or None when the space is not full."""
        p = state.players[seat]
        kept = p.page.get(space, [])
        if not kept or len(kept) < state.spaces(seat).get(space, 0):
            return None
        low = [v for v in state.piles[pile] if v <= min(kept)]
        return max(low) if low else None

    def _held_advert(self, state, snap: TableSnapshot, cleared: bool = False) -> Outcome:
        """An advert claimed from the call area waits for its card on the page."""
        action, at = self._held
        if state.n_actions != at or state.pending is not None:  # the game moved on (e.g. a tap)
            self._held = None
            return Outcome("same")
        value = self._laid_value(state, snap, action.player, "adverts")
        if value is None and cleared:
            value = self._under_pile(state, action.player, action.kind, "adverts")
        if value is not None:
            try:
                played = replace(action, value=value)
                engine.apply(state, played)
            except RuleError:
                pass
            else:
                self._held = None
                return Outcome("action", played)
        name = state.players[action.player].spec.name or state.players[action.player].spec.colour
        return Outcome("waiting", reports=[Report(INFO, "scoop.lay_story", f"{name}: lay the {action.kind} on the page",
                                                  engine.R_ADVERT, (("player", name), ("story", action.kind),
                                                                    ("signal", "")))])

    def _entered(self, state, snap: TableSnapshot, pend, cleared: bool = False) -> Outcome:
        tap, seat = self._tap, pend["actor"]
        name = state.players[seat].spec.name or state.players[seat].spec.colour
        try:
            if "dial" in tap and pend["kind"] == "call":
                action = engine.resolve_action(state, engine.Dial(seat, int(tap["dial"])))
            elif "choose" in tap and pend["kind"] == "choose":
                d = tap.get("displace")
                action = engine.Choose(seat, str(tap["choose"]), None if d is None else int(d))
            else:
                raise RuleError("that entry is not what the game waits for now", engine.R_PHONE,
                                "scoop.entry_not_due")
            after = engine.apply(state, action)
        except (RuleError, TypeError, ValueError) as exc:
            self._tap = None
            return Outcome("rejected", reports=[Report(ERROR, "scoop.refused", str(exc), getattr(exc, "rule", ""),
                                                       _refusal_params(exc))])
        pile = next((k for k, v in state.piles.items() if len(after.piles[k]) < len(v)), None)
        if pile is None:  # no story taken from a pile (refused, a choice to make, press)
            self._tap = None
            return Outcome("action", action)
        value = self._laid_value(state, snap, seat, pile)
        if value is None and cleared and pile != "three_star":
            value = self._under_pile(state, seat, pile, pile)
        if value is not None:
            try:
                played = replace(action, value=value)
                engine.apply(state, played)
            except RuleError:
                pass
            else:
                self._tap = None
                return Outcome("action", played)
        return Outcome("waiting", reports=[Report(INFO, "scoop.lay_story",
                                                  f"{name}: lay the {pile} story on the page", engine.R_CLAIM,
                                                  (("player", name), ("story", pile),
                                                   ("signal", getattr(action, "signal", None) or "")))])

    def _claim(self, state, seat: int, call: list[str], zones, snap: TableSnapshot) -> Outcome:
        cards = Counter(card_of(c) for c in call)
        p = state.players[seat]
        kinds = {state.catalog.kind_of_card(c) for c in cards if c != SCOOP}
        if len(kinds) != 1 or sum(n for c, n in cards.items() if c != SCOOP) < 3:
            return Outcome("waiting", reports=[Report(INFO, "scoop.incomplete",
                                                      "lay the three cards of one story or advert in the call area",
                                                      engine.R_CLAIM, (("cards", len(call)),))])
        kind = next(iter(kinds))
        rest = Counter(cards)
        reserve = []
        for i, sp in enumerate(p.reserve):  # own reserve spaces whose cards came to the call area
            seen = Counter(card_of(c) for c in zones[seat].get(f"reserve:{i}", ()))
            gone = _minus(Counter(sp), seen)
            if sp and sum(gone.values()) == len(sp) and not _minus(gone, rest):
                reserve.append(i)
                rest -= gone
        victim, captured = None, []
        if rest.get(SCOOP):
            for v, other in enumerate(state.players):
                if v == seat or other.out:
                    continue
                seen = Counter(card_of(c) for i in range(len(other.reserve))
                               for c in zones[v].get(f"reserve:{i}", ()))
                gone = _minus(Counter(c for sp in other.reserve for c in sp), seen) & rest
                if gone:
                    victim, captured = v, sorted(gone.elements())
                    rest -= gone
                    break
        action = engine.Claim(seat, kind, tuple(sorted(rest.elements())), tuple(reserve), victim,
                              tuple(captured))
        if kind.startswith("ad-") and state.piles["adverts"]:
            # the advert card comes from a pile shuffled by hand: held until it is seen laid
            out = self._try(state, action, seat, frozenset(call))
            if out.status != "action":
                return out
            self._held = (action, state.n_actions)
            return self._held_advert(state, snap)
        return self._try(state, action, seat, frozenset(call))

    def _reserve(self, state, seat: int, zones) -> Outcome:
        p = state.players[seat]
        cards, spaces = [], []
        for i, sp in enumerate(p.reserve):
            seen = Counter(card_of(c) for c in zones[seat].get(f"reserve:{i}", ()))
            for c in sorted(_minus(seen, Counter(sp)).elements()):
                cards.append(c)
                spaces.append(i)
        if not cards:
            return Outcome("same")
        return self._try(state, engine.Reserve(seat, tuple(cards), tuple(spaces)), seat, None)

    def _try(self, state, action, seat: int, call) -> Outcome:
        try:
            engine.apply(state, action)
        except RuleError as exc:
            return Outcome("rejected", reports=[Report(ERROR, "scoop.refused", str(exc), exc.rule,
                                                       _refusal_params(exc))])
        if call is not None:
            self._claimed[seat] = call
        return Outcome("action", action)


def _refusal_params(exc) -> tuple[tuple[str, object], ...]:
    """A refused play's report params: ``reason`` (the English sentence), ``refusal``
    (the RuleError's kind, "" without one) and its values, for the app to word it."""
    values = getattr(exc, "values", None) or {}
    return (("reason", str(exc)), ("refusal", getattr(exc, "key", "") or ""),
            *sorted((k, v) for k, v in values.items() if k not in ("reason", "refusal")))
