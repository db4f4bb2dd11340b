"""Turin Market game state and the pure ``apply`` (Turin Market rule text and FAQ).

A :class:`GameState` is immutable: :func:`apply` returns a new state and never
changes its input; an illegal action raises
``companion.errors.RuleError(message, rule="Turin Market: <section>")``.

The tablet does not know the hidden hands: the deal is physical, and cards become
known when they are revealed (the centre cards with 4-5 players at setup, each
round's cards, the card left in hand at the end with 2-3 players). A revealed card
must be one not seen before.

A round (docs/turin-market.md): phase ``"cards"`` (RevealCards; skipped in the
first round with 4-5 players) -> ``"bids"`` (RevealBids) -> ``"ties"`` /
``"flip"`` while a tie is unsettled (RevealTieBids, FlipCoin) -> ``"picks"`` (Pick,
in rank order) -> ``"sell"`` (OfferForSale or PassSale, once per player) -> next
round. After the last round's picks: ``"leftover"`` (2-3 players, RevealLeftovers)
-> final payouts -> ``"over"``. TakeLoan, Buy, ChooseBuyer and Withdraw are
allowed at any time until the last auction ends (TakeLoan until the payouts).

Shields: ``purse`` (in front of the player), ``on_sale`` (on their cards for sale),
``debt`` (owed on the loan card: 15 per loan + 2 per shield the bank paid for them)
and ``bank`` (shields the bank received minus those it paid, 0 at the start). For
every state: ``sum(purse) + sum(on_sale) + bank == 15 * players``.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Sequence

from companion.naming import count
from companion.clitext import tx
from companion.datafile import data_fault
from companion.errors import CompanionError, RuleError
from companion.frozen import FrozenDict
from companion.games.turin_market.actions import (Action, Buy, ChooseBuyer, FlipCoin, OfferForSale, PassSale,
                                                   Pick, RevealBids, RevealCards, RevealLeftovers, RevealTieBids,
                                                   TakeLoan, Withdraw)
from companion.games.turin_market.catalog import Catalog, load_catalog

GAME_ID = "turin-market"

R_SETUP = "Turin Market: Setup"
R_CARDS = "Turin Market: Auction, step 1 (cards up for auction)"
R_BIDS = "Turin Market: Auction, step 2 (bids)"
R_TIES = "Turin Market: Bidding rules (ties)"
R_PICKS = "Turin Market: Auction, step 3 (picks)"
R_SELL = "Turin Market: Auction, step 4 (selling)"
R_LEFTOVER = "Turin Market: Auction, step 5 (the card left in hand)"
R_LOAN = "Turin Market: Loans"
R_END = "Turin Market: End of the game"

CARDS, BIDS, TIES, FLIP, PICKS, SELL, LEFTOVER, OVER = ("cards", "bids", "ties", "flip", "picks", "sell",
                                                         "leftover", "over")


@dataclass(frozen=True)
class PlayerSpec:
    """A player at the table (seat order): the name shown and the colour chosen in
    the app (``""``: none; only shown, no rule reads it)."""

    name: str = ""
    colour: str = ""


@dataclass(frozen=True)
class Offer:
    """A card on sale: ``seller`` put ``price`` shields on it after ``since``
    auctions had been completed (it can be withdrawn once ``since + 1`` are)."""

    card: str
    seller: int
    price: int
    since: int


@dataclass(frozen=True)
class Auction:
    """One round's auction, as it unfolds and as kept in :attr:`GameState.history`.

    round: 1-based. centre: the cards auctioned. allotment: cards per bid position
    (position 0 = highest bid), padded with 0 to the player count. bids: each
    player's revealed bid (None before the reveal). adds: shields added in the tie
    round per player (None: not in a tie round). totals: bid + add. positions:
    position -> player (None while unsettled). pending: unsettled ties, highest
    first, as ``(kind, first position, players)`` with kind ``"tie"`` (a tie round
    is due) or ``"flip"`` (a coin decides). flips: each coin flip's order.
    zero_tied: players who tied bidding 0 (they win nothing; their positions' cards
    are discarded). payments: shields each player paid the bank for this auction
    (None: not settled yet). winners: players who won at least one card.
    pick_queue: players still to pick, one entry per card. picks: (player, card) in
    order. discarded: centre cards nobody took.
    """

    round: int
    centre: tuple[str, ...]
    allotment: tuple[int, ...]
    bids: tuple[int, ...] | None = None
    adds: tuple[int | None, ...] = ()
    totals: tuple[int, ...] = ()
    positions: tuple[int | None, ...] = ()
    pending: tuple[tuple[str, int, tuple[int, ...]], ...] = ()
    flips: tuple[tuple[int, ...], ...] = ()
    zero_tied: tuple[int, ...] = ()
    payments: tuple[int | None, ...] = ()
    winners: tuple[int, ...] = ()
    pick_queue: tuple[int, ...] = ()
    picks: tuple[tuple[int, str], ...] = ()
    discarded: tuple[str, ...] = ()

    def position_of(self, player: int) -> int | None:
        """The player's bid position (0 = highest), or None while unsettled."""
        return self.positions.index(player) if player in self.positions else None

    def outcome(self, player: int) -> str | None:
        """Why the player paid what they paid, for screens and receipts: ``"won"``
        (whole bid), ``"lost"`` (half, rounded down), ``"zero_tie"`` (tied at 0 or
        adding 0 in a tie round: nothing won, half of the bid), ``"no_bid"`` (bid 0),
        or None while the player's position is unsettled."""
        if not self.payments or self.payments[player] is None:
            return None
        if player in self.winners:
            return "won"
        if player in self.zero_tied:
            return "zero_tie"
        return "no_bid" if self.totals[player] == 0 else "lost"

    def cards_won(self, player: int) -> int:
        """Cards the player may pick in this auction (0 for a losing bid)."""
        if player not in self.winners:
            return 0
        return self.allotment[self.positions.index(player)]


@dataclass(frozen=True)
class GoodPayout:
    """One line of the final payouts (Turin Market: final payouts), for ``good``.

    bank_amount: the payment card's shields for the good (unverified data:
    ``data_file``). units: units per player. majority: players with the most units
    (several = a shared majority). minority: the other players with any unit; each
    pays 1 shield. paid: shields each player paid (1 per minority player; 0 when
    the bank paid for them). share: shields each majority player received (bank
    amount plus the 1-shield payments, divided among the tied, rounded up).
    from_bank: shields the bank paid out for this good (its amount, the rounding up
    and the shields paid for players who had none). forced_loans: players made to
    take a loan to pay. bank_paid_for: players with a loan already and no shield,
    for whom the bank paid (2 shields go on their loan card).
    """

    good: str
    bank_amount: int
    units: tuple[int, ...]
    majority: tuple[int, ...]
    minority: tuple[int, ...]
    paid: tuple[int, ...]
    share: int
    from_bank: int
    forced_loans: tuple[int, ...]
    bank_paid_for: tuple[int, ...]
    data_file: str

    def sources(self, due: int = 1) -> tuple[int, tuple[int, ...], tuple[int, ...], int]:
        """Where the majority's shields come from (Turin Market: final payouts), for
        the players to see: (the payment card's shields for the good, seats that
        paid ``due`` each, seats the bank paid for, shields the bank adds so that
        the pot divides evenly among a shared majority). Their sum is ``share`` x
        the number of majority players. ``due``: the catalog's minority payment."""
        payers = tuple(p for p in self.minority if self.paid[p])
        covered = tuple(p for p in self.minority if p in self.bank_paid_for)
        pot = self.bank_amount + due * (len(payers) + len(covered))
        return self.bank_amount, payers, covered, self.share * len(self.majority) - pot if self.majority else 0


@dataclass(frozen=True)
class FinalResult:
    """End of the game (Turin Market: final payouts and loans).

    payment_card: ``classic`` or ``red``. returned_from_sale: shields each player
    took back from unsold cards. payouts: one GoodPayout per good, top to bottom of
    the payment card. before_repayment: shields per player after the payouts.
    repaid: shields each player paid back on loans (15 per loan + 2 per bank-paid
    shield). scores: final shields (may be below 0 if a loan could not be repaid in
    full). winners: every player with the most shields (shared victory).
    data_files: the unverified data the payouts rest on.
    """

    payment_card: str
    returned_from_sale: tuple[int, ...]
    payouts: tuple[GoodPayout, ...]
    before_repayment: tuple[int, ...]
    repaid: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    data_files: tuple[str, ...]


@dataclass(frozen=True)
class GameState:
    """The whole game between two actions (immutable).

    players: PlayerSpec per seat. payment_card: ``classic`` | ``red``. seed: the
    journal's seed for coin flips. phase: see the module docstring. round: 1-based.
    hand_counts: cards in each hand. seen: every card id revealed so far. owned:
    each player's face-up cards (including those on sale). offers: card -> Offer.
    purse, debt, loans: per player. bank: shields the bank received minus paid.
    auction: the current round's Auction (None between rounds and at the end).
    history: finished auctions. sell_done: per player, decided in this round's
    selling step. auctions_done: completed auctions. flips_done: coin flips so far
    (the next flip's index). tokens: good -> majority token holder or None.
    final: FinalResult once over. payout_order: goods in the order the final
    payouts go (the payment card's, top to bottom, unless the table agreed another).
    """

    catalog: Catalog = field(compare=False, repr=False)
    players: tuple[PlayerSpec, ...]
    payment_card: str
    seed: int
    phase: str
    round: int
    hand_counts: tuple[int, ...]
    seen: frozenset
    owned: tuple[tuple[str, ...], ...]
    offers: Mapping[str, Offer]
    purse: tuple[int, ...]
    debt: tuple[int, ...]
    loans: tuple[int, ...]
    bank: int
    auction: Auction | None
    history: tuple[Auction, ...] = ()
    sell_done: tuple[bool, ...] = ()
    auctions_done: int = 0
    flips_done: int = 0
    tokens: Mapping[str, int | None] = field(default_factory=lambda: FrozenDict())
    discarded: tuple[str, ...] = ()
    final: FinalResult | None = None
    payout_order: tuple[str, ...] = ()

    # ----------------------------------------------------------------- queries
    @property
    def n_players(self) -> int:
        return len(self.players)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def on_sale(self) -> tuple[int, ...]:
        """Shields each player has on their cards for sale."""
        out = [0] * self.n_players
        for o in self.offers.values():
            out[o.seller] += o.price
        return tuple(out)

    @property
    def scores(self) -> tuple[int, ...]:
        """Shields per player: the final shields once over; before that the running
        net (purse + shields on cards for sale - debt on the loan card)."""
        if self.final is not None:
            return self.final.scores
        sale = self.on_sale
        return tuple(self.purse[p] + sale[p] - self.debt[p] for p in range(self.n_players))

    @property
    def current_player(self) -> int | None:
        """Seat to act: the picker in the picks, the first player still to decide in
        the selling step; None while everyone reveals together or at the end."""
        if self.phase == PICKS:
            return self.auction.pick_queue[0]
        if self.phase == SELL:
            waiting = sell_waiting(self)
            return waiting[0] if waiting else None
        return None

    def reserved(self, player: int) -> int:
        """Shields the player has bid in an auction whose ties are not settled yet
        (they cannot be spent meanwhile)."""
        a = self.auction
        if a is None or a.bids is None or not a.payments or a.payments[player] is not None:
            return 0
        return a.totals[player]

    def available(self, player: int) -> int:
        """Shields the player can spend now: purse minus unsettled bids."""
        return self.purse[player] - self.reserved(player)

    def units(self, player: int) -> dict[str, int]:
        """good -> units on the player's face-up cards."""
        return self.catalog.units(self.owned[player])


def majorities(state: GameState) -> dict[str, tuple[int, ...]]:
    """good -> players with the most units of it now (empty when nobody has any)."""
    n = state.n_players
    units = [state.units(p) for p in range(n)]
    out = {}
    for g in state.catalog.goods:
        top = max(u.get(g, 0) for u in units)
        out[g] = tuple(p for p in range(n) if top > 0 and units[p].get(g, 0) == top)
    return out


def sell_waiting(state: GameState) -> tuple[int, ...]:
    """Players who still have to offer a card or pass in this round's selling step
    (players with no card to offer or no shield to put on it are not asked)."""
    if state.phase != SELL:
        return ()
    return tuple(p for p in range(state.n_players) if not state.sell_done[p] and _can_offer(state, p))


def _can_offer(state: GameState, p: int) -> bool:
    return state.available(p) >= 1 and any(c not in state.offers for c in state.owned[p])


# ------------------------------------------------------------------- setup

def _centre_first_round(cat: Catalog, n: int) -> int:
    return cat.deal[n][1]


def new_game(players: Sequence[PlayerSpec] | int, payment_card: str = "classic", centre: Sequence[str] = (),
             seed: int = 0, catalog: Catalog | None = None, payout_order: Sequence[str] = ()) -> GameState:
    """Set up a game (Turin Market: setup).

    players: 2-5 PlayerSpec (seat order) or a player count. payment_card:
    ``"classic"`` or ``"red"`` (chosen before the game). centre: with 4-5 players,
    the 2 / 3 cards dealt face up to the centre (ids ``"T01".."T18"``); empty with
    2-3 players. seed: the journal's seed for coin flips. payout_order: another
    order of the goods for the final payouts, agreed before the game (FAQ); empty:
    the payment card's, top to bottom. Each player gets 15 shields. Raises
    RuleError(rule "Turin Market: Setup") for a wrong player count, an unknown
    payment card, wrong, unknown or repeated centre cards, or a payout order that is
    not every good once.
    """
    cat = catalog or load_catalog()
    if isinstance(players, int):
        players = [PlayerSpec() for _ in range(players)]
    players = tuple(players)
    n = len(players)
    if not cat.players_min <= n <= cat.players_max:
        raise RuleError(f"Turin Market is for {cat.players_min}-{cat.players_max} players, not {n}", R_SETUP)
    if any(not isinstance(p, PlayerSpec) for p in players):
        raise RuleError("players must be PlayerSpec", R_SETUP)
    if payment_card not in cat.payment_cards:
        raise RuleError(f"unknown payment card {payment_card!r} (choose {' or '.join(cat.payment_cards)})", R_SETUP)
    if type(seed) is not int:
        raise RuleError(f"the seed must be an integer, got {seed!r}", R_SETUP)
    centre = tuple(centre)
    want = _centre_first_round(cat, n)
    if len(centre) != want:
        raise RuleError(f"with {n} players {want} card(s) go face up to the centre, not {len(centre)}", R_SETUP)
    for c in centre:
        if c not in cat.cards:
            raise RuleError(f"unknown goods card {c!r}", R_SETUP)
    if len(set(centre)) != len(centre):
        raise RuleError(f"a centre card is given twice: {list(centre)}", R_SETUP)
    card_order = tuple(g for g, _ in cat.payment_cards[payment_card])
    payout_order = tuple(payout_order) or card_order
    if sorted(payout_order) != sorted(card_order):
        raise RuleError(f"a payout order lists every good once ({', '.join(card_order)}), got "
                        f"{list(payout_order)}", R_SETUP)
    hand = cat.deal[n][0]
    state = GameState(
        catalog=cat, players=players, payment_card=payment_card, seed=seed, phase=CARDS, round=1,
        hand_counts=(hand,) * n, seen=frozenset(centre), owned=((),) * n, offers=FrozenDict(),
        purse=(cat.start_shields,) * n, debt=(0,) * n, loans=(0,) * n, bank=0, auction=None,
        sell_done=(False,) * n, tokens=FrozenDict({g: None for g in cat.goods}), payout_order=payout_order)
    if centre:
        state = replace(state, phase=BIDS, auction=_new_auction(state, 1, centre))
    return state


def setup_to_dict(players: Sequence[PlayerSpec] | int, payment_card: str = "classic", centre: Sequence[str] = (),
                  seed: int | None = None, payout_order: Sequence[str] = ()) -> dict:
    """JSON-safe setup record: ``{"game": "turin-market", "players": [{"name"}],
    "payment_card": "classic", "centre": [...], "seed": int}``, plus
    ``"payout_order": [goods]`` when the table agreed on another order. ``seed``
    None draws a fresh seed for the coin flips (from the OS); it is recorded here,
    so the journal replays the same flips."""
    if seed is None:
        seed = secrets.randbelow(2**31)
    if isinstance(players, int):
        players = [PlayerSpec() for _ in range(players)]
    d = {"game": GAME_ID, "players": [{"name": p.name, **({"colour": p.colour} if p.colour else {})}
                                      for p in players], "payment_card": payment_card,
         "centre": list(centre), "seed": seed}
    if payout_order:
        d["payout_order"] = list(payout_order)
    return d


def new_game_from_dict(d: Any, catalog: Catalog | None = None) -> GameState:
    """Set up a game from :func:`setup_to_dict`'s record. Raises CompanionError for a
    malformed record and RuleError for an illegal setup."""
    try:
        if d.get("game", GAME_ID) != GAME_ID:
            raise CompanionError(tx("record.other_game", "not a {game} setup: game {other}", game="Turin Market",
                                    other=repr(d.get("game"))))
        players = [PlayerSpec(str(p.get("name", "")), str(p.get("colour", "") or "")) for p in d["players"]]
        card = d.get("payment_card", "classic")
        centre = [str(c) for c in d.get("centre", [])]
        seed = d.get("seed", 0)
        order = [str(g) for g in d.get("payout_order", [])]
    except (AttributeError, KeyError, TypeError) as exc:
        raise CompanionError(tx("record.bad_setup", "malformed {game} setup: {why}", game="Turin Market",
                                why=data_fault(exc))) from None
    return new_game(players, card, centre, seed, catalog, order)


def _new_auction(state: GameState, rnd: int, centre: tuple[str, ...]) -> Auction:
    cat, n = state.catalog, state.n_players
    first = rnd == 1 and n in cat.first_round_picks
    allot = cat.first_round_picks[n] if first else cat.picks[n]
    return Auction(round=rnd, centre=centre, allotment=tuple(allot) + (0,) * (n - len(allot)))


# ------------------------------------------------------------------- apply

def seats(players) -> str:
    """Seats as people read them, numbered from 1: ``(0, 2)`` -> ``"1, 3"``."""
    return ", ".join(str(p + 1) if type(p) is int else repr(p) for p in players)


SHIELDS = {"one": "shield", "other": "shields"}


def _player(state: GameState, p: Any, rule: str) -> int:
    if type(p) is not int or not 0 <= p < state.n_players:
        shown = p + 1 if type(p) is int else repr(p)  # people count players from 1
        raise RuleError(f"no player {shown} (players are 1..{state.n_players})", rule,
                        "no_player", {"seat": shown, "n": state.n_players})
    return p


def apply(state: GameState, action: Action) -> GameState:
    """Apply one action; returns the new state (the input is unchanged).

    Raises RuleError naming the rule for: the game over; an action of another
    phase; a reveal with the wrong number of entries, an unknown or already seen
    card, a negative bid or one above the player's shields; tie additions from
    players not in the tie being settled; a coin-flip order that is not the tied
    players; a pick out of rank order, before every tie is settled or of a card not
    in the centre; a second offer in a round, an offer of a card not the player's or
    already on sale, a price below 1 or above the player's shields; a withdrawal too
    early or of another's card; buying one's own card, a card not on sale or
    without the shields; a second loan; any sale after the last auction.
    """
    if state.phase == OVER:
        raise RuleError("the game is over", R_END, "game_over")
    if isinstance(action, TakeLoan):
        return _loan(state, action)
    if isinstance(action, (Buy, ChooseBuyer, Withdraw)):
        if state.phase == LEFTOVER:
            raise RuleError("the last auction is over: the final payouts begin, no card is bought or withdrawn "
                            "any more", R_SELL, "tm.closed")
        if isinstance(action, Withdraw):
            return _withdraw(state, action)
        return _buy(state, action)
    kinds = {CARDS: RevealCards, BIDS: RevealBids, TIES: RevealTieBids, FLIP: FlipCoin, PICKS: Pick,
             SELL: (OfferForSale, PassSale), LEFTOVER: RevealLeftovers}
    if not isinstance(action, kinds[state.phase]):
        early = isinstance(action, Pick) and state.phase in (BIDS, TIES, FLIP)
        rule = R_PICKS if early else _phase_rule(state)
        raise RuleError(_wrong_phase(state, action), rule, "tm.pick_early" if early else "tm.not_now",
                        {"phase": state.phase})
    if isinstance(action, RevealCards):
        return _reveal_cards(state, action)
    if isinstance(action, RevealBids):
        return _reveal_bids(state, action)
    if isinstance(action, RevealTieBids):
        return _reveal_tie_bids(state, action)
    if isinstance(action, FlipCoin):
        return _flip(state, action)
    if isinstance(action, Pick):
        return _pick(state, action)
    if isinstance(action, (OfferForSale, PassSale)):
        return _sell(state, action)
    return _leftovers(state, action)


_PHASE_WORDS = {CARDS: "each player's card for the auction is revealed", BIDS: "the bids are revealed",
                TIES: "the tied players reveal what they add to their bids",
                FLIP: "a coin decides the tie still standing", PICKS: "the winners pick their cards",
                SELL: "each player may offer a card for sale or pass",
                LEFTOVER: "the card left in each hand is revealed"}


def _phase_rule(state: GameState) -> str:
    return {CARDS: R_CARDS, BIDS: R_BIDS, TIES: R_TIES, FLIP: R_TIES, PICKS: R_PICKS, SELL: R_SELL,
            LEFTOVER: R_LEFTOVER}[state.phase]


def _wrong_phase(state: GameState, action) -> str:
    now = _PHASE_WORDS[state.phase]
    if isinstance(action, Pick) and state.phase in (BIDS, TIES, FLIP):
        return f"no card is picked before every bid and tie is settled; now {now}"
    if not isinstance(action, (RevealCards, RevealBids, RevealTieBids, FlipCoin, Pick, OfferForSale, PassSale,
                               RevealLeftovers)):
        return f"not a Turin Market action: {action!r}"
    return f"{_ACTION_WORDS[type(action)]} is not possible now: {now}"


_ACTION_WORDS = {RevealCards: "revealing cards for the auction", RevealBids: "revealing bids",
                 RevealTieBids: "a tie round", FlipCoin: "a coin flip", Pick: "picking a card",
                 OfferForSale: "offering a card for sale", PassSale: "passing on the sale",
                 RevealLeftovers: "revealing the cards left in hand"}


def _check_reveal_cards(state: GameState, cards: tuple, rule: str) -> None:
    n = state.n_players
    if len(cards) != n:
        raise RuleError(f"one card per player is revealed: {n} needed, {len(cards)} given", rule,
                        "tm.cards_count", {"n": n, "given": len(cards)})
    for c in cards:
        if not isinstance(c, str) or c not in state.catalog.cards:
            raise RuleError(f"unknown goods card {c!r}", rule, "tm.unknown_card", {"card": str(c)})
        if c in state.seen:
            raise RuleError(f"card {c} has already been seen in this game; it cannot be in a hand", rule,
                            "tm.card_seen", {"card": c})
    if len(set(cards)) != n:
        raise RuleError(f"a card is given twice: {list(cards)}", rule, "tm.card_twice")


def _reveal_cards(state: GameState, a: RevealCards) -> GameState:
    _check_reveal_cards(state, a.cards, R_CARDS)
    hands = tuple(h - 1 for h in state.hand_counts)
    s = replace(state, phase=BIDS, hand_counts=hands, seen=state.seen | frozenset(a.cards),
                auction=_new_auction(state, state.round, tuple(a.cards)))
    return s


def check_bid(state: GameState, player: int, bid: Any) -> None:
    """Raise RuleError if ``player`` may not bid ``bid`` shields now (Turin Market:
    bids): a non-integer, below 0 or above the shields they hold."""
    if type(bid) is not int or bid < 0:
        raise RuleError(f"player {player + 1}'s bid must be a whole number of shields >= 0, got {bid!r}", R_BIDS,
                        "tm.bid_whole", {"seat": player})
    have = state.available(player)
    if bid > have:
        raise RuleError(f"player {player + 1} bids {bid} but has only {count(have, SHIELDS)} to bid (shields on "
                        "cards for sale cannot be bid; a loan can be taken first)", R_BIDS,
                        "tm.bid_too_high", {"seat": player, "bid": bid, "n": have})


def _groups(order: list[int], value) -> list[list[int]]:
    out: list[list[int]] = []
    for p in order:
        if out and value(out[-1][0]) == value(p):
            out[-1].append(p)
        else:
            out.append([p])
    return out


def _settle(a: Auction, first: int, players: Sequence[int], zero: bool) -> dict:
    """Positions first.. to ``players`` in order; ``zero``: they tied at 0."""
    pos = list(a.positions)
    for i, p in enumerate(players):
        pos[first + i] = p
    changes = {"positions": tuple(pos)}
    if zero:
        changes["zero_tied"] = a.zero_tied + tuple(sorted(players))
    return changes


def _pay_settled(state: GameState, a: Auction) -> tuple[GameState, Auction]:
    """Every player whose position is settled and who has not paid pays the bank:
    the whole bid when it wins at least one card, half rounded down otherwise."""
    purse = list(state.purse)
    pay = list(a.payments)
    winners = list(a.winners)
    bank = state.bank
    for k, p in enumerate(a.positions):
        if p is None or pay[p] is not None:
            continue
        wins = a.allotment[k] > 0 and a.totals[p] > 0 and p not in a.zero_tied
        amount = a.totals[p] if wins else a.totals[p] // 2
        if wins:
            winners.append(p)
        pay[p] = amount
        purse[p] -= amount
        bank += amount
    a = replace(a, payments=tuple(pay), winners=tuple(sorted(winners, key=a.positions.index)))
    return replace(state, purse=tuple(purse), bank=bank), a


def _after_settling(state: GameState, a: Auction) -> GameState:
    state, a = _pay_settled(state, a)
    if a.pending:
        return replace(state, auction=a, phase=TIES if a.pending[0][0] == "tie" else FLIP)
    queue = []
    for k, p in enumerate(a.positions):
        if p in a.winners:
            queue += [p] * a.allotment[k]
    a = replace(a, pick_queue=tuple(queue))
    if not queue:
        return _end_picks(state, a)
    return replace(state, auction=a, phase=PICKS)


def _classify(a: Auction, first: int, group: list[int], value: int, tie_round: bool) -> tuple[dict, tuple]:
    """Settle or queue one group of players with equal ``value`` at positions
    first..: alone -> settled; tied at 0 -> zero tie (win nothing); tied where no
    position wins a card -> settled in seat order (all lose); else a tie round (in the
    first bidding) or a coin flip (after the tie round)."""
    m = len(group)
    if m == 1:
        return _settle(a, first, group, False), ()
    if value == 0:
        return _settle(a, first, sorted(group), True), ()
    if not any(a.allotment[first:first + m]):
        return _settle(a, first, sorted(group), False), ()
    return {}, (("flip" if tie_round else "tie", first, tuple(sorted(group))),)


def _reveal_bids(state: GameState, act: RevealBids) -> GameState:
    n = state.n_players
    if len(act.bids) != n:
        raise RuleError(f"every player's bid is revealed together: {n} needed, {len(act.bids)} given", R_BIDS,
                        "tm.bids_count", {"n": n, "given": len(act.bids)})
    for p, b in enumerate(act.bids):
        check_bid(state, p, b)
    a = replace(state.auction, bids=tuple(act.bids), adds=(None,) * n, totals=tuple(act.bids),
                positions=(None,) * n, payments=(None,) * n)
    order = sorted(range(n), key=lambda p: (-act.bids[p], p))
    pending: tuple = ()
    k = 0
    for g in _groups(order, lambda p: act.bids[p]):
        changes, pend = _classify(a, k, g, act.bids[g[0]], tie_round=False)
        a = replace(a, **changes)
        pending += pend
        k += len(g)
    a = replace(a, pending=pending)
    return _after_settling(state, a)


def tie_being_settled(state: GameState) -> tuple[int, ...]:
    """The players of the tie now settled (tie round or coin flip), else ()."""
    if state.phase in (TIES, FLIP):
        return state.auction.pending[0][2]
    return ()


def check_tie_add(state: GameState, player: int, add: Any) -> None:
    """Raise RuleError if ``player`` may not add ``add`` shields in the tie round now
    (Turin Market: bidding rules, ties): not in this tie, not a whole number >= 0,
    or a new total above the shields they hold."""
    a = state.auction
    if state.phase != TIES:
        raise RuleError("no tie round is being played now", R_TIES, "tm.no_tie_round")
    if player not in a.pending[0][2]:
        raise RuleError(f"player {player + 1} is not in the tie being settled (players "
                        f"{seats(a.pending[0][2])})", R_TIES, "tm.not_in_tie",
                        {"seat": player, "seats": tuple(a.pending[0][2])})
    if type(add) is not int or add < 0:
        raise RuleError(f"player {player + 1} must add a whole number of shields >= 0, got {add!r}", R_TIES,
                        "tm.add_whole", {"seat": player})
    if a.totals[player] + add > state.purse[player]:
        raise RuleError(f"player {player + 1} has {count(state.purse[player], SHIELDS)}: a bid of "
                        f"{a.totals[player]} plus {add} is more than that", R_TIES,
                        "tm.add_too_high", {"seat": player, "n": state.purse[player], "bid": a.totals[player],
                                            "add": add})


def _reveal_tie_bids(state: GameState, act: RevealTieBids) -> GameState:
    n = state.n_players
    a = state.auction
    _, first, tied = a.pending[0]
    if len(act.adds) != n:
        raise RuleError(f"give one entry per player ({n}): the added shields for players "
                        f"{seats(tied)} and null for the others", R_TIES, "tm.tie_entries", {"seats": tuple(tied)})
    for p in range(n):
        if p in tied:
            if act.adds[p] is None:
                raise RuleError(f"player {p + 1} is in the tie: their added shields (0 or more) are needed", R_TIES,
                                "tm.tie_add_needed", {"seat": p})
            check_tie_add(state, p, act.adds[p])
        elif act.adds[p] is not None:
            raise RuleError(f"player {p + 1} is not in the tie being settled and adds nothing", R_TIES,
                            "tm.adds_nothing", {"seat": p})
    adds = list(a.adds)
    totals = list(a.totals)
    for p in tied:
        adds[p] = act.adds[p]
        totals[p] += act.adds[p]
    a = replace(a, adds=tuple(adds), totals=tuple(totals))
    order = sorted(tied, key=lambda p: (-act.adds[p], p))
    pending: tuple = ()
    k = first
    for g in _groups(order, lambda p: act.adds[p]):
        changes, pend = _classify(a, k, g, act.adds[g[0]], tie_round=True)
        a = replace(a, **changes)
        pending += pend
        k += len(g)
    a = replace(a, pending=pending + a.pending[1:])
    return _after_settling(state, a)


def _flip_index(seed: int, counter: int, i: int) -> int:
    h = hashlib.sha256(f"turin-market:{seed}:{counter}:{i}".encode()).digest()
    return int.from_bytes(h[:8], "big")


def seeded_flip(state: GameState) -> FlipCoin:
    """The journal's coin flip for the tie now standing: the tied players in an order
    drawn from the game's seed and the number of flips so far (so a replay draws the
    same). Raises RuleError when no coin flip is due."""
    if state.phase != FLIP:
        raise RuleError("no tie is waiting for a coin flip", R_TIES, "tm.no_flip")
    players = list(state.auction.pending[0][2])
    for i in range(len(players) - 1, 0, -1):
        j = _flip_index(state.seed, state.flips_done, i) % (i + 1)
        players[i], players[j] = players[j], players[i]
    return FlipCoin(tuple(players))


def _flip(state: GameState, act: FlipCoin) -> GameState:
    a = state.auction
    _, first, tied = a.pending[0]
    if any(type(p) is not int for p in act.order) or sorted(act.order) != sorted(tied):
        raise RuleError(f"the coin decides between players {seats(tied)}: give each of them "
                        f"once, the winner first, not {seats(act.order)}", R_TIES, "tm.flip_order",
                        {"seats": tuple(tied)})
    a = replace(a, **_settle(a, first, act.order, False), pending=a.pending[1:], flips=a.flips + (act.order,))
    return _after_settling(replace(state, flips_done=state.flips_done + 1), a)


def _pick(state: GameState, act: Pick) -> GameState:
    a = state.auction
    p = _player(state, act.player, R_PICKS)
    who = a.pick_queue[0]
    if p != who:
        raise RuleError(f"cards are picked in bid order: it is player {who + 1}'s pick, not player {p + 1}'s", R_PICKS,
                        "tm.pick_order", {"seat": who, "other": p})
    left = [c for c in a.centre if c not in {x for _, x in a.picks}]
    if act.card not in left:
        raise RuleError(f"card {act.card!r} is not in the centre (left: {', '.join(left)})", R_PICKS,
                        "tm.not_in_centre", {"card": str(act.card)})
    owned = list(state.owned)
    owned[p] = owned[p] + (act.card,)
    a = replace(a, pick_queue=a.pick_queue[1:], picks=a.picks + ((p, act.card),))
    state = replace(state, owned=tuple(owned))
    if a.pick_queue:
        return replace(state, auction=a)
    return _end_picks(state, a)


def _end_picks(state: GameState, a: Auction) -> GameState:
    """All picks made: unpicked centre cards are discarded; then the selling step,
    or the end of the game after the last auction."""
    taken = {c for _, c in a.picks}
    gone = tuple(c for c in a.centre if c not in taken)
    a = replace(a, discarded=gone)
    n = state.n_players
    kept = state.catalog.kept_in_hand[n]
    state = replace(state, auction=None, history=state.history + (a,), discarded=state.discarded + gone,
                    auctions_done=state.auctions_done + 1)
    if all(h <= kept for h in state.hand_counts):
        state = replace(state, tokens=_tokens(state))
        if kept:
            return replace(state, phase=LEFTOVER)
        return _finish(state)
    state = replace(state, phase=SELL, sell_done=(False,) * n)
    return _maybe_end_sell(state)


def _maybe_end_sell(state: GameState) -> GameState:
    if state.phase != SELL or sell_waiting(state):
        return state
    return replace(state, phase=CARDS, round=state.round + 1, tokens=_tokens(state),
                   sell_done=(False,) * state.n_players)


def _tokens(state: GameState) -> Mapping[str, int | None]:
    """Majority tokens at the end of a round: a sole leader takes the good's token;
    on a tied lead it stays with its holder if tied for the lead, else in the centre."""
    out = {}
    for g, top in majorities(state).items():
        if len(top) == 1:
            out[g] = top[0]
        else:
            out[g] = state.tokens.get(g) if state.tokens.get(g) in top else None
    return FrozenDict(out)


def _sell(state: GameState, act) -> GameState:
    p = _player(state, act.player, R_SELL)
    if state.sell_done[p]:
        raise RuleError(f"player {p + 1} has already offered a card or passed this round (one offer per round)",
                        R_SELL, "tm.one_offer", {"seat": p})
    done = list(state.sell_done)
    done[p] = True
    if isinstance(act, PassSale):
        return _maybe_end_sell(replace(state, sell_done=tuple(done)))
    if act.card not in state.owned[p]:
        raise RuleError(f"card {act.card!r} is not one of player {p + 1}'s face-up cards", R_SELL,
                        "tm.not_own_card", {"card": str(act.card), "seat": p})
    if act.card in state.offers:
        raise RuleError(f"card {act.card} is already on sale", R_SELL, "tm.already_on_sale", {"card": act.card})
    if type(act.price) is not int or act.price < 1:
        raise RuleError(f"the price is the shields put on the card: at least 1, got {act.price!r}", R_SELL,
                        "tm.price_one")
    if act.price > state.available(p):
        raise RuleError(f"player {p + 1} has only {count(state.available(p), SHIELDS)} to put on the card, not "
                        f"{act.price}", R_SELL, "tm.price_too_high", {"seat": p, "n": state.available(p)})
    offers = dict(state.offers)
    offers[act.card] = Offer(act.card, p, act.price, state.auctions_done)
    purse = list(state.purse)
    purse[p] -= act.price
    return _maybe_end_sell(replace(state, sell_done=tuple(done), offers=FrozenDict(offers), purse=tuple(purse)))


def _withdraw(state: GameState, act: Withdraw) -> GameState:
    p = _player(state, act.player, R_SELL)
    o = state.offers.get(act.card) if isinstance(act.card, str) else None
    if o is None:
        raise RuleError(f"card {act.card!r} is not on sale", R_SELL, "tm.not_on_sale", {"card": str(act.card)})
    if o.seller != p:
        raise RuleError(f"card {act.card} is player {o.seller + 1}'s; only the seller withdraws it", R_SELL,
                        "tm.only_seller_withdraws", {"card": act.card, "seat": o.seller})
    if state.auctions_done <= o.since:
        raise RuleError(f"the shields stay on card {act.card} for at least one whole auction; it can be "
                        "withdrawn after the next auction's picks", R_SELL, "tm.withdraw_early", {"card": act.card})
    offers = dict(state.offers)
    del offers[act.card]
    purse = list(state.purse)
    purse[p] += o.price
    return _maybe_end_sell(replace(state, offers=FrozenDict(offers), purse=tuple(purse)))


def _buy(state: GameState, act) -> GameState:
    b = _player(state, act.buyer if isinstance(act, ChooseBuyer) else act.player, R_SELL)
    o = state.offers.get(act.card) if isinstance(act.card, str) else None
    if o is None:
        raise RuleError(f"card {act.card!r} is not on sale", R_SELL, "tm.not_on_sale", {"card": str(act.card)})
    if isinstance(act, ChooseBuyer):
        seller = _player(state, act.player, R_SELL)
        if seller != o.seller:
            raise RuleError(f"card {act.card} is player {o.seller + 1}'s: only its seller chooses the buyer", R_SELL,
                            "tm.only_seller", {"card": act.card, "seat": o.seller})
        cl = act.claimants
        if len(cl) < 2 or len(set(cl)) != len(cl) or any(type(q) is not int or not 0 <= q < state.n_players
                                                           for q in cl):
            raise RuleError("the seller chooses between two or more different players who claimed the card "
                            f"at once, got {seats(cl)}", R_SELL, "tm.claims")
        if b not in cl:
            raise RuleError(f"the buyer must be one of the claimants {seats(cl)}", R_SELL, "tm.buyer_claimant",
                            {"seats": tuple(cl)})
        if o.seller in cl:
            raise RuleError("the seller cannot claim their own card", R_SELL, "tm.seller_claims")
        for q in cl:
            if state.available(q) < o.price:
                raise RuleError(f"player {q + 1} has only {count(state.available(q), SHIELDS)}, not the price "
                                f"{o.price}: not a valid claim", R_SELL, "tm.afford",
                                {"seat": q, "card": act.card, "price": o.price, "n": state.available(q)})
    if b == o.seller:
        raise RuleError(f"player {b + 1} is selling card {act.card}; a player cannot buy their own card", R_SELL,
                        "tm.own_card", {"seat": b, "card": act.card})
    if state.available(b) < o.price:
        raise RuleError(f"card {act.card} costs {count(o.price, SHIELDS)} and player {b + 1} has "
                        f"{state.available(b)} to spend (a loan can be taken first)", R_SELL,
                        "tm.afford", {"seat": b, "card": act.card, "price": o.price, "n": state.available(b)})
    purse = list(state.purse)
    purse[b] -= o.price
    purse[o.seller] += 2 * o.price       # the price, and the shields that were on the card
    owned = list(state.owned)
    owned[o.seller] = tuple(c for c in owned[o.seller] if c != act.card)
    owned[b] = owned[b] + (act.card,)
    offers = dict(state.offers)
    del offers[act.card]
    return _maybe_end_sell(replace(state, purse=tuple(purse), owned=tuple(owned), offers=FrozenDict(offers)))


def _loan(state: GameState, act: TakeLoan) -> GameState:
    p = _player(state, act.player, R_LOAN)
    cat = state.catalog
    if state.loans[p] >= cat.loans_per_player:
        raise RuleError(f"player {p + 1} already has a loan; a player can have only {cat.loans_per_player}", R_LOAN,
                        "tm.one_loan", {"seat": p})
    return _with_loan(state, p)


def _with_loan(state: GameState, p: int) -> GameState:
    cat = state.catalog
    purse, debt, loans = list(state.purse), list(state.debt), list(state.loans)
    purse[p] += cat.loan_amount
    debt[p] += cat.loan_repayment
    loans[p] += 1
    return replace(state, purse=tuple(purse), debt=tuple(debt), loans=tuple(loans),
                   bank=state.bank - cat.loan_amount)


def _leftovers(state: GameState, act: RevealLeftovers) -> GameState:
    _check_reveal_cards(state, act.cards, R_LEFTOVER)
    owned = tuple(state.owned[p] + (act.cards[p],) for p in range(state.n_players))
    s = replace(state, owned=owned, hand_counts=(0,) * state.n_players, seen=state.seen | frozenset(act.cards))
    return _finish(replace(s, tokens=_tokens(s)))


# ------------------------------------------------------------------- final payouts

def _finish(state: GameState) -> GameState:
    """Final payouts top to bottom of the payment card, then loans repaid."""
    cat = state.catalog
    n = state.n_players
    purse = list(state.purse)
    returned = list(state.on_sale)
    for p in range(n):
        purse[p] += returned[p]
    debt, loans = list(state.debt), list(state.loans)
    bank = state.bank
    data_file = cat.guess_files[0]
    units = [state.units(p) for p in range(n)]
    payouts = []
    amounts = dict(cat.payment_cards[state.payment_card])
    for good in state.payout_order:
        amount = amounts[good]
        u = tuple(units[p].get(good, 0) for p in range(n))
        top = max(u)
        if top == 0:
            payouts.append(GoodPayout(good, amount, u, (), (), (0,) * n, 0, 0, (), (), data_file))
            continue
        major = tuple(p for p in range(n) if u[p] == top)
        minor = tuple(p for p in range(n) if 0 < u[p] < top)
        paid = [0] * n
        forced, by_bank = [], []
        pot = 0          # the 1-shield payments, from the players or the bank for them
        for p in minor:
            due = cat.minority_payment
            if purse[p] < due and loans[p] < cat.loans_per_player:
                purse[p] += cat.loan_amount
                debt[p] += cat.loan_repayment
                loans[p] += 1
                bank -= cat.loan_amount
                forced.append(p)
            if purse[p] >= due:
                purse[p] -= due
                paid[p] = due
            else:
                bank -= due
                debt[p] += cat.bank_paid_debt * due
                by_bank.append(p)
            pot += due
        share = -(-(amount + pot) // len(major))
        bank -= share * len(major) - pot
        from_bank = share * len(major) - sum(paid)
        for p in major:
            purse[p] += share
        payouts.append(GoodPayout(good, amount, u, major, minor, tuple(paid), share, from_bank, tuple(forced),
                                  tuple(by_bank), data_file))
    before = tuple(purse)
    repaid = tuple(debt)
    for p in range(n):
        purse[p] -= debt[p]
        bank += debt[p]
    best = max(purse)
    final = FinalResult(state.payment_card, tuple(returned), tuple(payouts), before, repaid, tuple(purse),
                        tuple(p for p in range(n) if purse[p] == best), cat.guess_files)
    return replace(state, phase=OVER, offers=FrozenDict(), purse=tuple(purse), debt=(0,) * n, loans=tuple(loans),
                   bank=bank, final=final)


# ------------------------------------------------------------------- series

@dataclass(frozen=True)
class SeriesResult:
    """A series of games (the rule text suggests 3): totals per seat and the
    winners (highest total; several share the victory)."""

    games: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]


def series_result(final_scores: Sequence[Sequence[int]], catalog: Catalog | None = None) -> SeriesResult:
    """Total the final shields of a series of games played by the same seats
    (Turin Market: the longer game, 3 games in a row). Raises RuleError for no game,
    more games than the series has, or games with different player counts."""
    cat = catalog or load_catalog()
    games = tuple(tuple(int(x) for x in g) for g in final_scores)
    if not games or len(games) > cat.series_games:
        raise RuleError(f"a series has 1..{cat.series_games} games, got {len(games)}", R_END)
    n = len(games[0])
    if any(len(g) != n for g in games):
        raise RuleError("every game of a series has the same players", R_END)
    totals = tuple(sum(g[p] for g in games) for p in range(n))
    best = max(totals)
    return SeriesResult(games, totals, tuple(p for p in range(n) if totals[p] == best))


# ------------------------------------------------------------------- enumeration

def _unseen(state: GameState) -> list[str]:
    return [c for c in state.catalog.cards if c not in state.seen]


def _spread(values: list, n: int, limit: int) -> list[tuple]:
    """Up to ``limit`` n-tuples over ``values`` (rotations), deterministic."""
    out = []
    for r in range(min(limit, len(values))):
        t = tuple(values[(r + i) % len(values)] for i in range(n))
        if len(set(t)) == n:
            out.append(t)
    return out


def legal_actions(state: GameState) -> list[Action]:
    """Actions ``apply`` accepts now. Reveals are a representative subset (the full
    sets are every combination of hidden cards or bids): card reveals rotate the
    unseen cards; bids are all 0, all equal, one player alone bidding, and every
    player's whole purse; tie additions are all 0, all 1 and one player alone adding
    1; the coin flip is the seeded one. Then every pick, offer (price 1 and the whole
    purse) and pass of the players still to decide, and the any-time actions: a loan
    for players without one, each affordable purchase and each allowed withdrawal."""
    if state.phase == OVER:
        return []
    n = state.n_players
    out: list[Action] = []
    ph = state.phase
    if ph in (CARDS, LEFTOVER):
        cls = RevealCards if ph == CARDS else RevealLeftovers
        out += [cls(t) for t in _spread(_unseen(state), n, 6)]
    elif ph == BIDS:
        top = min(state.available(p) for p in range(n))
        cands = {tuple([0] * n), tuple(state.available(p) for p in range(n))}
        cands |= {tuple([v] * n) for v in range(1, min(top, 3) + 1)}
        for p in range(n):
            if state.available(p) >= 1:
                cands.add(tuple(1 if q == p else 0 for q in range(n)))
        cands.add(tuple(min(state.available(p), p + 1) for p in range(n)))
        out += [RevealBids(b) for b in sorted(cands)]
    elif ph == TIES:
        a = state.auction
        tied = a.pending[0][2]
        room = {p: state.purse[p] - a.totals[p] for p in tied}
        cands = {tuple(0 if p in tied else None for p in range(n))}
        if all(room[p] >= 1 for p in tied):
            cands.add(tuple(1 if p in tied else None for p in range(n)))
        for q in tied:
            if room[q] >= 1:
                cands.add(tuple((1 if p == q else 0) if p in tied else None for p in range(n)))
        out += [RevealTieBids(t) for t in sorted(cands, key=lambda t: [x if x is not None else -1 for x in t])]
    elif ph == FLIP:
        out.append(seeded_flip(state))
    elif ph == PICKS:
        a = state.auction
        taken = {c for _, c in a.picks}
        out += [Pick(a.pick_queue[0], c) for c in a.centre if c not in taken]
    elif ph == SELL:
        for p in sell_waiting(state):
            for c in state.owned[p]:
                if c not in state.offers:
                    for price in sorted({1, state.available(p)}):
                        out.append(OfferForSale(p, c, price))
            out.append(PassSale(p))
    for p in range(n):
        if state.loans[p] < state.catalog.loans_per_player:
            out.append(TakeLoan(p))
    if ph != LEFTOVER:
        for c, o in sorted(state.offers.items()):
            for p in range(n):
                if p != o.seller and state.available(p) >= o.price:
                    out.append(Buy(p, c))
            if state.auctions_done > o.since:
                out.append(Withdraw(o.seller, c))
    return out
