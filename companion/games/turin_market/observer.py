"""The Turin Market observer: still table snapshots -> engine actions (pure).

What the camera reads (tags: companion.games.turin_market.tags; zones: the layouts
in calibration/data/turin_market): each player's face-up goods cards (zone
``cards`` of the player's area ``mat-<colour>``, seat by colour), the centre cards
(zone ``centre`` of the market board), the cards offered for sale (zone ``sale``),
the goods tokens (zone ``tokens`` of a player's area) and the goose.

What it turns into engine actions, one per call (like the Penny Press observer):

- a centre card moved to the area of the player whose pick it is -> ``Pick``;
- a player's card moved to the sale area -> ``OfferForSale`` once its price (the
  shields on it, which the camera does not count) is entered with a tap
  (:meth:`TurinMarketObserver.enter_price`); until then the outcome is "waiting";
- a card for sale back in its seller's area -> ``Withdraw``; in another player's
  area -> ``Buy``.

Secret choices (the cards put up for auction, bids, tie-round additions, the card
left in hand) and coin flips never come from the camera: they are entered in the
app (pass the tablet, or one player types the revealed values:
:class:`companion.games.turin_market.SecretRound`). When the camera sees cards that
were not revealed yet, the observer asks for that entry. Goods tokens are moved by
the engine's majority rule; a token lying in front of the wrong player is
reported, never turned into an action. The goose's rules are the table's own
(rule text): its place is reported only. An illegal or ambiguous change is
never applied: it is reported with the rule, to be fixed on the table or in the
app.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import RuleError
from companion.games.turin_market import engine as eng
from companion.games.turin_market.actions import Buy, OfferForSale, Pick, Withdraw
from companion.games.turin_market.tags import COLOURS, seat_of_surface
from companion.observing import ERROR, INFO, WARNING, Outcome, Report
from companion.table import Sighting, TableSnapshot

#: Where a card is: ("mat", seat), ("centre", None), ("sale", None), ("discard", None).
Place = tuple[str, "int | None"]


def _report(level: str, key: str, text: str, rule: str = "", **params) -> Report:
    return Report(level, key, text, rule, tuple(sorted(params.items())))


@dataclass(frozen=True)
class Observed:
    """What a still snapshot shows, in game terms.

    cards: card id -> (place, seat) for every card seen in a zone (``("mat", 2)``,
    ``("centre", None)``, ``("sale", None)``, ``("discard", None)``). tokens: good ->
    seat whose ``tokens`` zone holds its token (absent: not seen in any area).
    goose: the seat whose area holds the goose, -1 on the board, None when unseen.
    """

    cards: dict[str, tuple[str, int | None]]
    tokens: dict[str, int]
    goose: int | None


def expected_places(state: eng.GameState) -> dict[str, tuple[str, int | None]]:
    """Where each known card lies on the table the engine expects: face-up cards in
    their owner's area, cards for sale in the sale area, this round's centre cards
    not yet picked in the centre, discarded cards in the discard zone."""
    out: dict[str, tuple[str, int | None]] = {c: ("discard", None) for c in state.discarded}
    a = state.auction
    if a is not None:
        taken = {c for _, c in a.picks}
        for c in a.centre:
            if c not in taken:
                out[c] = ("centre", None)
    for p, cards in enumerate(state.owned):
        for c in cards:
            out[c] = ("sale", None) if c in state.offers else ("mat", p)
    return out


class TurinMarketObserver:
    """Turns still snapshots into Turin Market engine actions (module docstring).

    Call :meth:`observe` with the engine's current state after each still snapshot;
    append the returned action to the journal, then call again with the new state
    (one snapshot may hold several steps, e.g. two picks). Prices of cards put up
    for sale come from taps: :meth:`enter_price`.
    """

    def __init__(self):
        self.prices: dict[str, int] = {}

    def enter_price(self, card: str, price: int) -> None:
        """The shields a seller put on ``card`` (tapped in the app when the camera
        does not read them). Raises ValueError for a price below 1 shield."""
        if type(price) is not int or price < 1:
            raise ValueError(f"a card for sale carries at least 1 shield, not {price!r}")
        self.prices[card] = price

    def enter(self, tap: dict) -> None:
        """A tap from the app with what the camera cannot read: ``{"card", "price"}``
        (the shields on a card put up for sale). Raises ValueError for another tap."""
        if not isinstance(tap, dict) or set(tap) != {"card", "price"}:
            raise ValueError(f"unknown tap {tap!r}: expected {{'card', 'price'}}")
        self.enter_price(str(tap["card"]), tap["price"])

    # ------------------------------------------------------------------ reading
    def read(self, state: eng.GameState, snap: TableSnapshot) -> tuple[Observed, list[Report]]:
        """The snapshot in game terms, plus reports for pieces that make no sense
        (an area of a seat nobody plays, a card seen twice)."""
        cards: dict[str, tuple[str, int | None]] = {}
        tokens: dict[str, int] = {}
        goose = None
        reports: list[Report] = []
        n = state.n_players
        for s in snap.sightings:
            seat = seat_of_surface(s.surface)
            if seat is not None and seat >= n:
                reports.append(_report(WARNING, "tm.area_unused", f"a piece lies on the {COLOURS[seat]} area, "
                                       f"which no player uses in a {n}-player game", component=s.component))
                continue
            if s.component == "goose":
                goose = seat if seat is not None else -1
            elif s.component.startswith("token-"):
                if seat is not None and s.zone == "tokens":
                    tokens[s.component[6:]] = seat
            elif s.component in state.catalog.cards:
                place = self._place(s, seat)
                if place is None:
                    continue
                if s.component in cards and cards[s.component] != place:
                    reports.append(_report(WARNING, "tm.card_twice", f"card {s.component} is seen in two places",
                                           card=s.component))
                cards[s.component] = place
        return Observed(cards, tokens, goose), reports

    @staticmethod
    def _place(s: Sighting, seat: int | None) -> tuple[str, int | None] | None:
        if seat is not None:
            return ("mat", seat) if s.zone == "cards" else None
        if s.surface == "board" and s.zone in ("centre", "sale", "discard"):
            return (s.zone, None)
        return None

    # ------------------------------------------------------------------ observing
    def observe(self, state: eng.GameState, snap: TableSnapshot) -> Outcome:
        """One verdict on a snapshot (companion.observing.Outcome): ``moving`` when
        the table is not still; ``action`` with the next engine action; ``waiting``
        when the players must enter something in the app (a reveal, a price, a
        sale decision); ``rejected`` when the change breaks a rule (nothing
        applied); ``same`` when the table matches the engine."""
        if not snap.still:
            return Outcome("moving")
        obs, reports = self.read(state, snap)
        expected = expected_places(state)
        moves = []  # (priority, card, from, to)
        unknown = []
        for card, place in sorted(obs.cards.items()):
            if card not in state.seen:
                unknown.append((card, place))
                continue
            want = expected.get(card)
            if want is not None and want != place and not (place[0] == "discard" and want[0] == "centre"):
                moves.append((card, want, place))
        if unknown:
            return self._unrevealed(state, unknown, reports)
        for card, want, place in self._ordered(state, moves):
            out = self._move(state, card, want, place, reports)
            if out is not None:
                return out
        reports += self._token_reports(state, obs)
        reports += self._phase_reports(state)
        if obs.goose is not None:
            where = "the market board" if obs.goose < 0 else state.players[obs.goose].name or f"player {obs.goose + 1}"
            reports.append(_report(INFO, "tm.goose", f"the goose is with {where}", seat=obs.goose))
        waiting = any(r.key in ("tm.enter_reveal", "tm.sell_or_pass") for r in reports)
        return Outcome("waiting" if waiting else "same", None, reports)

    @staticmethod
    def _ordered(state, moves):
        """Picks in the pick queue's order first, then purchases, withdrawals, offers."""
        queue = state.auction.pick_queue if state.auction is not None else ()

        def key(m):
            card, want, place = m
            if want[0] == "centre":
                return (0, queue.index(place[1]) if place[0] == "mat" and place[1] in queue else 99, card)
            return (1 if want[0] == "sale" else 2, 0, card)

        return sorted(moves, key=key)

    def _move(self, state, card, want, place, reports) -> Outcome | None:
        name = self._name
        if want[0] == "centre" and place[0] == "mat":
            return self._try(state, Pick(place[1], card), reports)
        if want[0] == "sale" and place[0] == "mat":
            seller = state.offers[card].seller
            if place[1] == seller:
                return self._try(state, Withdraw(seller, card), reports)
            return self._try(state, Buy(place[1], card), reports)
        if want[0] == "mat" and place[0] == "sale":
            p = want[1]
            price = self.prices.get(card)
            if price is None:
                return Outcome("waiting", None, reports + [_report(
                    WARNING, "tm.enter_price", f"{name(state, p)} put {card} up for sale: tap the shields on it",
                    eng.R_SELL, card=card, seat=p)])
            return self._try(state, OfferForSale(p, card, price), reports)
        if want[0] == "mat" and place[0] == "mat":
            return Outcome("rejected", None, reports + [_report(
                ERROR, "tm.card_changed_hands", f"{card} belongs to {name(state, want[1])}: a card changes hands "
                f"only when it is bought from the sale area", eng.R_SELL, card=card, seat=want[1])])
        return Outcome("rejected", None, reports + [_report(
            ERROR, "tm.card_misplaced", f"{card} should lie {self._where(state, want)}, not "
            f"{self._where(state, place)}", "", card=card)])

    def _try(self, state, action, reports) -> Outcome:
        try:
            eng.apply(state, action)
        except RuleError as exc:
            return Outcome("rejected", None, reports + [_report(
                ERROR, "tm.illegal", str(exc), exc.rule, kind=exc.key, section=exc.rule,
                **{k: v for k, v in exc.values.items() if k not in ("kind", "section")})])
        if isinstance(action, OfferForSale):
            self.prices.pop(action.card, None)
        return Outcome("action", action, reports)

    def _unrevealed(self, state, unknown, reports) -> Outcome:
        cards = ", ".join(c for c, _ in unknown)
        if state.phase in (eng.CARDS, eng.LEFTOVER):
            return Outcome("waiting", None, reports + [_report(
                INFO, "tm.enter_reveal", f"cards {cards} are on the table: enter the revealed cards in the app",
                eng.R_CARDS if state.phase == eng.CARDS else eng.R_LEFTOVER, cards=cards)])
        return Outcome("rejected", None, reports + [_report(
            ERROR, "tm.card_not_revealed", f"cards {cards} were never revealed: a card comes into play only when "
            "it is revealed", eng.R_CARDS, cards=cards)])

    @staticmethod
    def _name(state, seat: int) -> str:
        return state.players[seat].name or f"player {seat + 1}"

    def _where(self, state, place) -> str:
        if place[0] == "mat":
            return f"in {self._name(state, place[1])}'s area"
        return {"centre": "in the centre", "sale": "in the sale area", "discard": "on the discard pile"}[place[0]]

    def _token_reports(self, state, obs: Observed) -> list[Report]:
        out = []
        for good, holder in state.tokens.items():
            seen = obs.tokens.get(good)
            if seen is not None and seen != holder:
                to = "the centre" if holder is None else self._name(state, holder)
                out.append(_report(INFO, "tm.move_token", f"the {good} token goes to {to}", "", good=good,
                                   seat=-1 if holder is None else holder))
        return out

    def _phase_reports(self, state) -> list[Report]:
        if state.phase in (eng.CARDS, eng.BIDS, eng.TIES, eng.LEFTOVER):
            return [_report(INFO, "tm.enter_reveal", f"secret choices ({state.phase}): enter them in the app",
                            eng._phase_rule(state), phase=state.phase)]
        if state.phase == eng.FLIP:
            return [_report(INFO, "tm.enter_reveal", "a tie still stands: flip the coin in the app", eng.R_TIES,
                            phase=state.phase)]
        if state.phase == eng.SELL:
            who = ", ".join(self._name(state, p) for p in eng.sell_waiting(state))
            return [_report(INFO, "tm.sell_or_pass", f"{who}: put a card in the sale area or tap Pass",
                            eng.R_SELL, players=who)]
        return []


# ---------------------------------------------------------------- perfect camera

#: Nominal tag centres (mm) on the layouts of calibration/data/turin_market. A
#: card's tag is in its top-left corner (components.json), so cards fanned
#: CARD_STEP_MM apart keep every tag in view.
CARD_STEP_MM = 36.0
CENTRE_SLOTS = tuple((70.0 + 70.0 * i, 30.0) for i in range(5))
SALE_SLOTS = tuple((64.0 + 70.4 * i, 150.0) for i in range(5))
MAT_CARD_X0, MAT_CARD_Y = 56.0, 30.0


def expected_snapshot(state: eng.GameState, t: float = 0.0) -> TableSnapshot:
    """The still table a perfect camera would report for ``state``, with tag
    centres in mm on the layouts (centre and sale slots in order, a player's cards
    fanned 36 mm apart, a seller's cards for sale 36 mm apart down their slot, goods tokens in the holder's ``tokens`` zone). Used by tests,
    the bundled recording and the scripted demo."""
    sightings = []
    places = expected_places(state)
    centre = [c for c, p in places.items() if p[0] == "centre"]
    order = list(state.auction.centre) if state.auction is not None else []
    for i, c in enumerate(sorted(centre, key=order.index)):
        x, y = CENTRE_SLOTS[i % 5]
        sightings.append(Sighting(c, "board", "centre", x, y))
    for p, cards in enumerate(state.owned):
        k = j = 0
        for c in cards:
            if c in state.offers:
                x, y = SALE_SLOTS[p]
                sightings.append(Sighting(c, "board", "sale", x, y + CARD_STEP_MM * min(j, 2)))
                j += 1
            else:
                sightings.append(Sighting(c, f"mat-{COLOURS[p]}", "cards", MAT_CARD_X0 + CARD_STEP_MM * (k % 9),
                                          MAT_CARD_Y + 60.0 * (k // 9)))
                k += 1
    for j, (good, holder) in enumerate(sorted(state.tokens.items())):
        if holder is not None:
            sightings.append(Sighting(f"token-{good}", f"mat-{COLOURS[holder]}", "tokens", 56.0 + 40.0 * (j % 5),
                                      170.0 + 30.0 * (j // 5)))
    return TableSnapshot(t=t, sightings=tuple(sightings), still=True)
