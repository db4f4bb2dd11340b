"""Pergamon game state and the pure ``apply`` (Pergamon rulebook, every section).

A :class:`GameState` is immutable: :func:`apply` returns a new state and never changes
its input; an illegal action raises ``companion.errors.RuleError(message,
rule="Pergamon: <section>")``.

One turn (docs/pergamon.md): phase ``present`` (:class:`PresentFinds`) -> ``backs``
(:class:`DrawFunds`; with 2 players the tomb raider takes its space) -> ``bid``
(:class:`PlaceFigure`, first player then clockwise) -> ``reveal``
(:class:`RevealFunds`: the engine pays right to left) -> ``act`` (each figure from
the right: :class:`Dig` first if at all, any :class:`Exhibit`, then :class:`Store`
ends the turn; the tomb raider acts by itself) -> evaluation after turns 5, 7, 9
and 12 (automatic) -> next turn, or ``over`` with the end bonus.

Funds spaces are numbered 1..13 from the right (space 1 is paid and acts first).
Exhibition plan spaces are 1..24. Dates are years BC (larger = older).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Sequence

from companion.clitext import tx
from companion.datafile import data_fault
from companion.errors import CompanionError, RuleError
from companion.naming import who
from companion.games.pergamon.actions import (Action, Dig, DrawFunds, Exhibit, PlaceFigure, PresentFinds,
                                              RevealFunds, Store)
from companion.games.pergamon.catalog import BACKS, Catalog, default_catalog

R_SETUP = "Pergamon: Setup"
R_TURN = "Pergamon: How to play"
R_PRESENT = "Pergamon: 1. Presentation of finds"
R_FUNDS = "Pergamon: 2. Research funds"
R_DIG = "Pergamon: 3A. Digging"
R_EXHIBIT = "Pergamon: 3B. Exhibiting"
R_STORE = "Pergamon: 3C. Storage"
R_EVAL = "Pergamon: 4. Evaluation"
R_END = "Pergamon: End of the game"

PRESENT, BACKS_PHASE, BID, REVEAL, ACT, OVER = "present", "backs", "bid", "reveal", "act", "over"

#: The tomb raider's "seat" in funds results and the act queue (2 players).
RAIDER = -1


@dataclass(frozen=True)
class PlayerSpec:
    """A player at the table: display name and figure colour."""

    name: str = ""
    colour: str = ""


@dataclass(frozen=True)
class Shown:
    """A collection in the museum. owner: seat; marker: 1..3 (angular and circular
    marker of that number); finds: tile ids left to right; value: points when shown
    (centuries + polish); space: plan space 1..24 its circular marker is on now."""

    owner: int
    marker: int
    finds: tuple[str, ...]
    value: int
    space: int


@dataclass(frozen=True)
class MarkerMove:
    """A circular marker moved on the plan: to_space 0 means pushed off (the
    collection is broken and its finds go to the box)."""

    owner: int
    marker: int
    from_space: int
    to_space: int


@dataclass(frozen=True)
class FundsResult:
    """The funds paid in one turn (Pergamon: 2). cards: the two values; total: coins
    put out; paid: (seat or RAIDER, funds space, coins asked, coins taken) from the
    right; the last (leftmost) figure takes what remains."""

    turn: int
    cards: tuple[int, ...]
    total: int
    paid: tuple[tuple[int, int, int, int], ...]


@dataclass(frozen=True)
class DigResult:
    """A dig (Pergamon: 3A): who (seat or RAIDER), gallery 1..5, finds taken, coins paid."""

    turn: int
    who: int
    gallery: int
    finds: tuple[str, ...]
    cost: int


@dataclass(frozen=True)
class ExhibitResult:
    """A collection shown (Pergamon: 3B): the new Shown, the polish paid, the collection
    broken to free its marker (or None), and every marker pushed down one space."""

    turn: int
    shown: Shown
    polish: int
    replaced: Shown | None
    moves: tuple[MarkerMove, ...]


@dataclass(frozen=True)
class StoreResult:
    """End of a player's turn (Pergamon: 3C): finds discarded, finds kept, fee paid."""

    turn: int
    player: int
    discarded: tuple[str, ...]
    kept: int
    fee: int


@dataclass(frozen=True)
class EvaluationResult:
    """An evaluation (Pergamon: 4).

    collection_vp: (owner, marker, plan space, VP) per shown collection; award_kind:
    the object kind of this evaluation; award_owner/award_date: who has the oldest
    shown one and its date (None when none is shown); shift: spaces moved down
    afterwards; moves: the markers moved (to_space 0 = off, broken); vp: VP earned
    per seat; sources: the data files the VP depend on (unverified values).
    """

    turn: int
    collection_vp: tuple[tuple[int, int, int, int], ...]
    award_kind: str
    award_owner: int | None
    award_date: int | None
    shift: int
    moves: tuple[MarkerMove, ...]
    vp: tuple[int, ...]
    sources: tuple[str, ...]


@dataclass(frozen=True)
class FinalResult:
    """End of the game (Pergamon: End of the game).

    bonus: (owner, marker, oldest find date, VP) for the oldest exhibitions (3/2/1);
    scores: final VP; oldest_find: per seat, the date of the oldest find in their
    shown collections (0 when none: the tie-break); rank: 1-based per seat (equal VP
    and equal oldest find share a rank); winners: seats of rank 1; sources: data
    files the VP depend on.
    """

    bonus: tuple[tuple[int, int, int, int], ...]
    scores: tuple[int, ...]
    oldest_find: tuple[int, ...]
    rank: tuple[int, ...]
    winners: tuple[int, ...]
    sources: tuple[str, ...]


@dataclass(frozen=True)
class GameState:
    """The whole game between two actions (immutable).

    players: PlayerSpec per seat (clockwise). turn: 1..12. phase: present | backs |
    bid | reveal | act | over. first_player: seat. galleries: 5 tuples of tile ids
    (gallery I first, left to right). presented: every tile turned up so far.
    box: tiles out of the game after being seen (discarded, broken, raided).
    cards_used: funds card values drawn so far. backs: this turn's two backs.
    figures: funds space per seat (None: not placed). raider_space/raider_coins: the
    tomb raider (2 players). coins: per seat. hands: unshown finds per seat. shown:
    collections in the museum. scores: VP per seat (admission tickets). queue: who
    still acts this turn (seats, RAIDER), from the right. acted: the current player
    has dug or exhibited. log: results of this game in order (FundsResult,
    DigResult, ExhibitResult, StoreResult, EvaluationResult). final: once over.
    """

    catalog: Catalog = field(compare=False, repr=False)
    players: tuple[PlayerSpec, ...]
    turn: int
    phase: str
    first_player: int
    galleries: tuple[tuple[str, ...], ...]
    presented: tuple[str, ...]
    box: tuple[str, ...]
    cards_used: tuple[int, ...]
    backs: tuple[str, ...]
    figures: tuple[int | None, ...]
    raider_space: int | None
    raider_coins: int
    coins: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    shown: tuple[Shown, ...]
    scores: tuple[int, ...]
    queue: tuple[int, ...] = ()
    acted: bool = False
    log: tuple = ()
    final: FinalResult | None = None

    # ----------------------------------------------------------------- queries
    @property
    def n_players(self) -> int:
        return len(self.players)

    @property
    def has_raider(self) -> bool:
        """True in a 2-player game (Pergamon: 2 players, the tomb raider)."""
        return self.n_players == 2

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def current_player(self) -> int | None:
        """Seat to act: the next bidder, or the player digging/exhibiting/storing.
        None during the table steps (presenting finds, drawing and revealing funds
        cards) and once the game is over."""
        if self.phase == BID:
            return self.bid_order()[sum(f is not None for f in self.figures)]
        if self.phase == ACT and self.queue:
            return self.queue[0]
        return None

    def bid_order(self) -> tuple[int, ...]:
        """Seats in bidding order: the first player, then clockwise."""
        n = self.n_players
        return tuple((self.first_player + i) % n for i in range(n))

    def open_galleries(self) -> tuple[int, ...]:
        """Galleries (1..5) with room for another find."""
        return tuple(g + 1 for g, col in enumerate(self.galleries) if len(col) < self.catalog.gallery_slots)

    def occupied_spaces(self) -> dict[int, int]:
        """funds space -> seat (RAIDER for the tomb raider)."""
        out = {s: p for p, s in enumerate(self.figures) if s is not None}
        if self.raider_space is not None:
            out[self.raider_space] = RAIDER
        return out

    def markers_in_museum(self, player: int) -> tuple[int, ...]:
        return tuple(sorted(s.marker for s in self.shown if s.owner == player))

    def cards_left(self) -> Counter:
        """Funds card value -> copies still in the deck."""
        c = Counter({v: n for v, n in self.catalog.funds_cards.items()})
        c.subtract(Counter(self.cards_used))
        return c

    def storage_fee(self, finds: int) -> int:
        """Coins due for keeping ``finds`` unshown finds (Pergamon: 3C): 3 free, then
        1 per started group of 3."""
        return _storage_fee(self.catalog, finds)

    def collection_value(self, finds: Sequence[str], polish: int = 0) -> int:
        """Points of a collection: the finds' centuries + polish."""
        return sum(self.catalog.tiles[t].century for t in finds) + polish

    def objects(self, finds: Sequence[str]) -> tuple[tuple[str, int], ...]:
        """The complete objects of a row of finds: (kind, date) per neighbouring pair
        whose halves meet; the object is as old as its older half (docs/rulings.md)."""
        return _objects(self.catalog, finds)


# ------------------------------------------------------------------- helpers

def _storage_fee(cat: Catalog, n: int) -> int:
    extra = n - cat.storage_free
    if extra <= 0:
        return 0
    return -(-extra // cat.storage_group) * cat.storage_fee


def _objects(cat: Catalog, finds: Sequence[str]) -> tuple[tuple[str, int], ...]:
    out = []
    for a, b in zip(finds, finds[1:]):
        ta, tb = cat.tiles[a], cat.tiles[b]
        if ta.right == tb.left:
            out.append((ta.right, max(ta.date, tb.date)))
    return tuple(out)


def _player(state: GameState, p: Any, rule: str) -> int:
    if type(p) is not int or not 0 <= p < state.n_players:
        shown = p + 1 if type(p) is int else repr(p)  # people count players from 1
        raise RuleError(f"no player {shown} (players are 1..{state.n_players})", rule)
    return p


def _refuse(key: str, message: str, rule: str, **values) -> RuleError:
    """A RuleError (English ``message``, ``rule`` named) that also carries ``key``
    (``"pergamon.<key>"``) and ``values`` (seats as ints, dates, counts) so the app
    can say it in the players' language (ui/games/pergamon/texts.py)."""
    exc = RuleError(message, rule)
    exc.key = f"pergamon.{key}"
    exc.values = values
    return exc


def _who(state: GameState, p: int) -> str:
    """A player as people say it (companion.naming): ``Ana (blue, player 2)``."""
    if p == RAIDER:
        return "the tomb raider"
    return who(state.players[p], p)


def _finds(state: GameState, ids) -> str:
    """Finds as players read them: by full date ("find 463"), unknown ids as given."""
    tiles = state.catalog.tiles
    return ", ".join(f"find {tiles[t].date}" if isinstance(t, str) and t in tiles else repr(t) for t in ids)


def _dates(state: GameState, ids) -> str:
    """``"463, 512"``: the full dates of known finds, other ids as given."""
    tiles = state.catalog.tiles
    return ", ".join(str(tiles[t].date) if isinstance(t, str) and t in tiles else repr(t) for t in ids)


def _set(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


def _fits(value: int, back: str, cat: Catalog) -> bool:
    return value in cat.backs[back]


def _space_of(state: GameState, who: int) -> int:
    return state.raider_space if who == RAIDER else state.figures[who]


# ------------------------------------------------------------------- setup

def new_game(players: Sequence[PlayerSpec], first_player: int = 0, catalog: Catalog | None = None) -> GameState:
    """Set up a game (Pergamon: Setup): 2..4 players, seats clockwise, no coins, the
    oldest player (``first_player``) starts. With 2 players the tomb raider plays too.
    Raises RuleError(rule="Pergamon: Setup") for a wrong player count or first player."""
    cat = catalog or default_catalog()
    players = tuple(players)
    n = len(players)
    if not cat.players_min <= n <= cat.players_max:
        raise RuleError(f"Pergamon is for {cat.players_min}-{cat.players_max} players, not {n}", R_SETUP)
    if any(not isinstance(p, PlayerSpec) for p in players):
        raise RuleError("players must be PlayerSpec", R_SETUP)
    if type(first_player) is not int or not 0 <= first_player < n:
        raise RuleError(f"first player must be a seat 0..{n - 1}, got {first_player!r}", R_SETUP)
    return GameState(
        catalog=cat, players=players, turn=1, phase=PRESENT, first_player=first_player,
        galleries=tuple(() for _ in range(cat.galleries)), presented=(), box=(), cards_used=(),
        backs=(), figures=(None,) * n, raider_space=None, raider_coins=0, coins=(0,) * n,
        hands=((),) * n, shown=(), scores=(0,) * n)


def setup_to_dict(players: Sequence[PlayerSpec], first_player: int = 0) -> dict:
    """JSON-safe setup record: ``{"game": "pergamon", "players": [{"name", "colour"}],
    "first_player": int}``."""
    return {"game": "pergamon", "players": [{"name": p.name, "colour": p.colour} for p in players],
            "first_player": first_player}


def new_game_from_dict(d: Any, catalog: Catalog | None = None) -> GameState:
    """Set up a game from :func:`setup_to_dict`'s record. Raises CompanionError for a
    malformed record, RuleError for an illegal setup."""
    try:
        if d.get("game", "pergamon") != "pergamon":
            raise CompanionError(tx("record.other_game", "not a {game} setup: game {other}", game="Pergamon",
                                    other=repr(d.get("game"))))
        players = [PlayerSpec(str(p.get("name", "")), str(p.get("colour", ""))) for p in d["players"]]
        first = d.get("first_player", 0)
    except (AttributeError, KeyError, TypeError) as exc:
        raise CompanionError(tx("record.bad_setup", "malformed {game} setup: {why}", game="Pergamon",
                                why=data_fault(exc))) from None
    return new_game(players, first, catalog)


# ------------------------------------------------------------------- apply

def apply(state: GameState, action: Action) -> GameState:
    """Apply one action; returns the new state (``state`` is unchanged).

    Raises RuleError naming the rule for: the game over; an action of another phase;
    not the player's turn; finds already seen, unknown or of the wrong number; backs
    or cards the deck no longer holds or that do not match; a taken or unknown funds
    space; digging a gallery the figure's space does not allow, an empty one, one
    the player cannot pay, or not as the first action; a collection whose halves do
    not meet, with finds not in hand, too short, over-polished or unpaid, without a
    free marker; discards not in hand or a storage fee the player cannot pay.
    """
    if state.phase == OVER:
        raise _refuse("over", "the game is over", R_END)
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise RuleError(f"not a Pergamon action: {action!r}", R_TURN)
    phase, rule = _PHASE_OF[type(action)]
    if state.phase not in phase:
        raise _refuse("not_now", f"{type(action).__name__} is not allowed now: {_phase_hint(state)}", rule,
                      phase=state.phase, who=state.current_player, turn=state.turn)
    return handler(state, action)


def _phase_hint(state: GameState) -> str:
    if state.phase == PRESENT:
        return f"turn {state.turn} starts by presenting the finds"
    if state.phase == BACKS_PHASE:
        return "draw the two research funds cards (backs up) first"
    if state.phase == BID:
        return f"{_who(state, state.current_player)} places a figure on a funds space"
    if state.phase == REVEAL:
        return "turn the two funds cards face up"
    if state.phase == ACT:
        return f"{_who(state, state.current_player)} digs, exhibits or stores"
    return "the game is over"


def _present(state: GameState, a: PresentFinds) -> GameState:
    cat = state.catalog
    open_g = state.open_galleries()
    finds = a.finds
    for t in finds:
        if not isinstance(t, str) or t not in cat.tiles:
            raise RuleError(f"unknown find tile {t!r}", R_PRESENT)
    if len(set(finds)) != len(finds):
        raise RuleError("a find tile is listed twice", R_PRESENT)
    seen = set(state.presented)
    again = [t for t in finds if t in seen]
    if again:
        raise _refuse("present_again", f"{_finds(state, again)}: already turned up earlier", R_PRESENT,
                      dates=_dates(state, again))
    if len(finds) != len(open_g):
        raise _refuse("present_count", f"take exactly {len(open_g)} finds from the stack: {len(open_g)} galleries "
                      "have room" + (" (full galleries take none; the rest of the stack leaves the game unseen)"
                                     if len(open_g) < cat.finds_per_turn else ""), R_PRESENT, n=len(open_g))
    if len(state.presented) + len(finds) > len(cat.tiles):
        raise RuleError("there are no finds left", R_PRESENT)
    order = sorted(finds, key=lambda t: cat.tiles[t].date)
    gal = list(state.galleries)
    for g, t in zip(open_g, order):
        gal[g - 1] = gal[g - 1] + (t,)
    return replace(state, galleries=tuple(gal), presented=state.presented + tuple(order), phase=BACKS_PHASE)


def presentation_order(state: GameState, finds: Sequence[str]) -> tuple[tuple[int, str], ...]:
    """Where :class:`PresentFinds` puts ``finds``: (gallery 1..5, tile id), youngest
    to the shallowest open gallery (Pergamon: 1). No validation."""
    cat = state.catalog
    order = sorted(finds, key=lambda t: cat.tiles[t].date)
    return tuple(zip(state.open_galleries(), order))


def _draw_funds(state: GameState, a: DrawFunds) -> GameState:
    cat = state.catalog
    backs = a.backs
    if len(backs) != 2 or any(b not in BACKS for b in backs):
        raise RuleError(f"two card backs, each 'bag' or 'chest', got {list(backs)!r}", R_FUNDS)
    left = state.cards_left()
    for back, need in Counter(backs).items():
        have = sum(left[v] for v in cat.backs[back])
        if have < need:
            raise _refuse("deck_backs", f"the deck has only {have} card(s) with a {back} back left", R_FUNDS,
                          n=have, back=back)
    raider = None
    if state.has_raider:
        raider = cat.raider_spaces["+".join(sorted(backs))]
    return replace(state, backs=tuple(backs), raider_space=raider, phase=BID)


def _place(state: GameState, a: PlaceFigure) -> GameState:
    cat = state.catalog
    p = _player(state, a.player, R_FUNDS)
    if p != state.current_player:
        raise _refuse("not_your_turn", f"it is the turn of {_who(state, state.current_player)} to place a figure",
                      R_FUNDS, who=state.current_player)
    if type(a.space) is not int or not 1 <= a.space <= cat.n_funds_spaces:
        raise RuleError(f"funds spaces are 1..{cat.n_funds_spaces} (from the right), got {a.space!r}", R_FUNDS)
    occ = state.occupied_spaces()
    if a.space in occ:
        raise _refuse("space_taken", f"funds space {a.space} is taken by {_who(state, occ[a.space])}", R_FUNDS,
                      space=a.space, who=occ[a.space])
    figures = _set(state.figures, p, a.space)
    phase = REVEAL if all(f is not None for f in figures) else BID
    return replace(state, figures=figures, phase=phase)


def _reveal(state: GameState, a: RevealFunds) -> GameState:
    cat = state.catalog
    cards = a.cards
    if len(cards) != 2 or any(type(c) is not int for c in cards):
        raise RuleError(f"two card values, got {list(cards)!r}", R_FUNDS)
    b0, b1 = state.backs
    c0, c1 = cards
    if not ((_fits(c0, b0, cat) and _fits(c1, b1, cat)) or (_fits(c0, b1, cat) and _fits(c1, b0, cat))):
        raise _refuse("cards_backs", f"cards {c0} and {c1} do not match the backs {b0} and {b1} "
                      f"(bag {min(cat.backs['bag'])}-{max(cat.backs['bag'])}, "
                      f"chest {min(cat.backs['chest'])}-{max(cat.backs['chest'])})", R_FUNDS,
                      a=c0, b=c1, back_a=b0, back_b=b1)
    left = state.cards_left()
    for v, need in Counter(cards).items():
        if left[v] < need:
            raise _refuse("card_gone", f"no card of {v} coins is left in the deck (all {cat.funds_cards.get(v, 0)} "
                          "drawn)", R_FUNDS, v=v, n=cat.funds_cards.get(v, 0))
    total = c0 + c1
    occ = state.occupied_spaces()
    order = sorted(occ)                       # space 1 = rightmost, paid and acts first
    paid = pay_out(state, total)
    coins = list(state.coins)
    raider_coins = state.raider_coins
    for who, _space, _asked, got in paid:
        if who == RAIDER:
            raider_coins += got
        else:
            coins[who] += got
    res = FundsResult(state.turn, tuple(cards), total, paid)
    s = replace(state, cards_used=state.cards_used + tuple(cards), coins=tuple(coins),
                raider_coins=raider_coins, queue=tuple(occ[sp] for sp in order), acted=False,
                phase=ACT, log=state.log + (res,))
    return _advance(s)


def pay_out(state: GameState, total: int) -> tuple[tuple[int, int, int, int], ...]:
    """How ``total`` coins are shared by the figures now on the funds spaces
    (Pergamon: 2. Research funds; docs/rulings.md): (seat or RAIDER, space, coins
    asked, coins taken) from the right; a figure takes its coins only if that many
    remain, the last (leftmost) takes whatever remains. For the app's "if the cards
    make 6..." preview as well as for :class:`RevealFunds`."""
    cat = state.catalog
    occ = state.occupied_spaces()
    order = sorted(occ)
    pot = total
    paid = []
    for i, space in enumerate(order):
        asked = cat.space(space).coins
        got = pot if i == len(order) - 1 else (asked if pot >= asked else 0)
        pot -= got
        paid.append((occ[space], space, asked, got))
    return tuple(paid)


def preview_exhibit(state: GameState, action: Exhibit) -> ExhibitResult:
    """What :class:`Exhibit` would do now (value, plan space, markers pushed, the
    collection broken), without doing it. Raises RuleError as :func:`apply` would."""
    after = apply(state, action)
    return after.log[-1]


def _check_turn(state: GameState, player: Any, rule: str) -> int:
    p = _player(state, player, rule)
    if p != state.current_player:
        raise _refuse("not_your_turn", f"it is the turn of {_who(state, state.current_player)}", rule,
                      who=state.current_player)
    return p


def _dig(state: GameState, a: Dig) -> GameState:
    cat = state.catalog
    p = _check_turn(state, a.player, R_DIG)
    if state.acted:
        raise _refuse("dig_first", "digging must be the first action of your turn", R_DIG)
    g = a.gallery
    if type(g) is not int or not 1 <= g <= cat.galleries:
        raise RuleError(f"galleries are 1..{cat.galleries}, got {g!r}", R_DIG)
    space = state.figures[p]
    deepest = cat.space(space).deepest
    if g > deepest:
        raise _refuse("dig_deep", f"funds space {space} allows galleries 1..{deepest} only, not {g}", R_DIG,
                      space=space, deepest=deepest, g=g)
    if not state.galleries[g - 1]:
        raise _refuse("dig_empty", f"gallery {g} is empty", R_DIG, g=g)
    if state.coins[p] < g:
        raise _refuse("dig_coins", f"digging gallery {g} costs {g} coins; {_who(state, p)} has {state.coins[p]}",
                      R_DIG, g=g, who=p, have=state.coins[p])
    finds = state.galleries[g - 1]
    res = DigResult(state.turn, p, g, finds, g)
    return replace(state, galleries=_set(state.galleries, g - 1, ()), coins=_set(state.coins, p, state.coins[p] - g),
                   hands=_set(state.hands, p, state.hands[p] + finds), acted=True, log=state.log + (res,))


def _exhibit(state: GameState, a: Exhibit) -> GameState:
    cat = state.catalog
    p = _check_turn(state, a.player, R_EXHIBIT)
    finds = a.finds
    if any(not isinstance(t, str) for t in finds):
        raise RuleError(f"finds are tile ids, got {list(finds)!r}", R_EXHIBIT)
    if len(finds) < cat.min_collection:
        raise _refuse("exhibit_min", f"a collection needs at least {cat.min_collection} finds", R_EXHIBIT,
                      n=cat.min_collection)
    if len(set(finds)) != len(finds):
        raise RuleError("a find is listed twice", R_EXHIBIT)
    hand = state.hands[p]
    missing = [t for t in finds if t not in hand]
    if missing:
        raise _refuse("not_in_hand", f"{_finds(state, missing)}: not among the unshown finds of {_who(state, p)}",
                      R_EXHIBIT, dates=_dates(state, missing), who=p)
    for x, y in zip(finds, finds[1:]):
        tx, ty = cat.tiles[x], cat.tiles[y]
        if tx.right != ty.left:
            raise _refuse("halves", f"find {tx.date} ({tx.right} half on the right) and find {ty.date} "
                          f"({ty.left} half on the left) do not make a complete object", R_EXHIBIT,
                          a=tx.date, b=ty.date, right=tx.right, left=ty.left)
    polish = a.polish
    if type(polish) is not int or polish < 0:
        raise RuleError(f"polish is a number of coins >= 0, got {polish!r}", R_EXHIBIT)
    if polish > cat.polish_max and state.turn != cat.turns:
        raise _refuse("polish_max", f"at most {cat.polish_max} coins of polish (any amount only in turn "
                      f"{cat.turns})", R_EXHIBIT, n=cat.polish_max, turn=cat.turns)
    if polish > state.coins[p]:
        raise _refuse("polish_coins", f"{polish} coins of polish, but {_who(state, p)} has {state.coins[p]}",
                      R_EXHIBIT, c=polish, who=p, have=state.coins[p])
    used = state.markers_in_museum(p)
    free = [m for m in range(1, cat.markers + 1) if m not in used]
    marker = a.marker
    replaced = None
    if marker is None:
        if not free:
            raise _refuse("markers_full", f"all {cat.markers} markers are in the museum: name one to break its "
                          "collection", R_EXHIBIT, n=cat.markers)
        marker = free[0]
    else:
        if type(marker) is not int or not 1 <= marker <= cat.markers:
            raise RuleError(f"markers are 1..{cat.markers}, got {marker!r}", R_EXHIBIT)
        if marker in used:
            if free:
                raise _refuse("marker_shown", f"marker {marker} is in the museum; a shown collection may be "
                              f"broken only when all {cat.markers} are shown (marker {free[0]} is free)",
                              R_EXHIBIT, m=marker, n=cat.markers, free=free[0])
            replaced = next(s for s in state.shown if s.owner == p and s.marker == marker)
    value = sum(cat.tiles[t].century for t in finds) + polish
    target = min(value, cat.plan_spaces)
    box = list(state.box)
    if replaced is not None:
        box += replaced.finds
    moves, kept = [], []
    for s in state.shown:
        if s is replaced:
            continue
        if s.space <= target:
            moves.append(MarkerMove(s.owner, s.marker, s.space, s.space - 1))
            if s.space - 1 <= 0:
                box += s.finds            # pushed off space 1: broken
                continue
            s = replace(s, space=s.space - 1)
        kept.append(s)
    new = Shown(p, marker, tuple(finds), value, target)
    kept.append(new)
    kept.sort(key=lambda s: -s.space)
    hand_left = tuple(t for t in hand if t not in finds)
    res = ExhibitResult(state.turn, new, polish, replaced, tuple(moves))
    return replace(state, shown=tuple(kept), box=tuple(box), hands=_set(state.hands, p, hand_left),
                   coins=_set(state.coins, p, state.coins[p] - polish),
                   scores=_set(state.scores, p, state.scores[p] + cat.exhibit_vp), acted=True,
                   log=state.log + (res,))


def _store(state: GameState, a: Store) -> GameState:
    cat = state.catalog
    p = _check_turn(state, a.player, R_STORE)
    hand = state.hands[p]
    if any(not isinstance(t, str) for t in a.discard):
        raise RuleError(f"discards are tile ids, got {list(a.discard)!r}", R_STORE)
    if len(set(a.discard)) != len(a.discard):
        raise RuleError("a find is listed twice", R_STORE)
    missing = [t for t in a.discard if t not in hand]
    if missing:
        raise _refuse("not_in_hand", f"{_finds(state, missing)}: not among the unshown finds of {_who(state, p)}",
                      R_STORE, dates=_dates(state, missing), who=p)
    kept = tuple(t for t in hand if t not in a.discard)
    fee = _storage_fee(cat, len(kept))
    if fee > state.coins[p]:
        need = len(kept) - _max_affordable(cat, state.coins[p])
        raise _refuse("store_coins", f"keeping {len(kept)} finds costs {fee} coins; {_who(state, p)} has "
                      f"{state.coins[p]}: discard at least {need} more", R_STORE,
                      kept=len(kept), fee=fee, who=p, have=state.coins[p], need=need)
    res = StoreResult(state.turn, p, tuple(a.discard), len(kept), fee)
    s = replace(state, hands=_set(state.hands, p, kept), coins=_set(state.coins, p, state.coins[p] - fee),
                box=state.box + tuple(a.discard), queue=state.queue[1:], acted=False, log=state.log + (res,))
    return _advance(s)


def _max_affordable(cat: Catalog, coins: int) -> int:
    n = cat.storage_free
    while _storage_fee(cat, n + 1) <= coins:
        n += 1
    return n


def _advance(state: GameState) -> GameState:
    """Let the tomb raider act when its turn comes; end the turn when all have acted."""
    while state.queue and state.queue[0] == RAIDER:
        state = _raider_dig(state)
        state = replace(state, queue=state.queue[1:])
    if not state.queue:
        return _end_turn(state)
    return state


def raider_choice(state: GameState) -> int | None:
    """The gallery (1..5) the tomb raider digs now, or None (Pergamon, 2 players;
    FACTS.md and docs/rulings.md): the deepest its space allows and its coins pay;
    if that one is empty, the next deeper non-empty one it can pay; else the deepest
    non-empty shallower one; None when it can pay nothing or all are empty."""
    cat = state.catalog
    coins = state.raider_coins
    target = min(cat.space(state.raider_space).deepest, coins, cat.galleries)
    if target < 1:
        return None
    if state.galleries[target - 1]:
        return target
    for g in range(target + 1, min(coins, cat.galleries) + 1):
        if state.galleries[g - 1]:
            return g
    for g in range(target - 1, 0, -1):
        if state.galleries[g - 1]:
            return g
    return None


def _raider_dig(state: GameState) -> GameState:
    g = raider_choice(state)
    if g is None:
        return state
    finds = state.galleries[g - 1]
    res = DigResult(state.turn, RAIDER, g, finds, g)
    return replace(state, galleries=_set(state.galleries, g - 1, ()), raider_coins=state.raider_coins - g,
                   box=state.box + finds, log=state.log + (res,))


def _end_turn(state: GameState) -> GameState:
    cat = state.catalog
    ev = cat.evaluation(state.turn)
    if ev is not None:
        state = _evaluate(state, ev)
    if state.turn >= cat.turns:
        return _finish(state)
    # the leftmost player figure (highest space number) is the new first player
    first = max(range(state.n_players), key=lambda q: state.figures[q])
    return replace(state, turn=state.turn + 1, phase=PRESENT, first_player=first,
                   figures=(None,) * state.n_players, backs=(), raider_space=None, queue=(), acted=False)


def oldest_shown(state: GameState, kind: str) -> tuple[int, int] | None:
    """(owner, date) of the oldest complete object of ``kind`` in the museum, or None
    (Pergamon: 4, the award; full dates)."""
    best = None
    for s in state.shown:
        for k, date in _objects(state.catalog, s.finds):
            if k == kind and (best is None or date > best[1]):
                best = (s.owner, date)
    return best


def _evaluate(state: GameState, ev) -> GameState:
    cat = state.catalog
    scores = list(state.scores)
    vp = [0] * state.n_players
    lines = []
    for s in state.shown:
        v = cat.vp_of_space(s.space)
        lines.append((s.owner, s.marker, s.space, v))
        vp[s.owner] += v
    award = oldest_shown(state, ev.oldest)
    if award is not None:
        vp[award[0]] += cat.award_vp
    for q in range(state.n_players):
        scores[q] += vp[q]
    moves, kept, box = [], [], list(state.box)
    for s in state.shown:
        if ev.shift:
            to = s.space - ev.shift
            moves.append(MarkerMove(s.owner, s.marker, s.space, max(to, 0)))
            if to <= 0:
                box += s.finds
                continue
            s = replace(s, space=to)
        kept.append(s)
    res = EvaluationResult(ev.turn, tuple(lines), ev.oldest, award[0] if award else None,
                           award[1] if award else None, ev.shift, tuple(moves), tuple(vp),
                           (cat.source("plan_vp"), cat.source("tiles")))
    return replace(state, scores=tuple(scores), shown=tuple(kept), box=tuple(box), log=state.log + (res,))


def _finish(state: GameState) -> GameState:
    cat = state.catalog
    scores = list(state.scores)
    ranked = sorted(state.shown, key=lambda s: -max(cat.tiles[t].date for t in s.finds))
    bonus = []
    for s, vp in zip(ranked, cat.end_bonus):
        bonus.append((s.owner, s.marker, max(cat.tiles[t].date for t in s.finds), vp))
        scores[s.owner] += vp
    oldest = [0] * state.n_players
    for s in state.shown:
        oldest[s.owner] = max(oldest[s.owner], max(cat.tiles[t].date for t in s.finds))
    key = [(scores[q], oldest[q]) for q in range(state.n_players)]
    rank = tuple(1 + sum(1 for r in key if r > key[q]) for q in range(state.n_players))
    winners = tuple(q for q in range(state.n_players) if rank[q] == 1)
    final = FinalResult(tuple(bonus), tuple(scores), tuple(oldest), rank, winners,
                        (cat.source("plan_vp"), cat.source("tiles")))
    return replace(state, scores=tuple(scores), final=final, phase=OVER, queue=(), acted=False)


_HANDLERS = {PresentFinds: _present, DrawFunds: _draw_funds, PlaceFigure: _place, RevealFunds: _reveal,
             Dig: _dig, Exhibit: _exhibit, Store: _store}
_PHASE_OF = {PresentFinds: ((PRESENT,), R_PRESENT), DrawFunds: ((BACKS_PHASE,), R_FUNDS),
             PlaceFigure: ((BID,), R_FUNDS), RevealFunds: ((REVEAL,), R_FUNDS), Dig: ((ACT,), R_DIG),
             Exhibit: ((ACT,), R_EXHIBIT), Store: ((ACT,), R_STORE)}


# ------------------------------------------------------------------- legal actions

def collections_in_hand(state: GameState, player: int, limit: int = 64) -> list[tuple[str, ...]]:
    """Rows of the player's unshown finds that make a collection (every neighbouring
    pair completes an object), longest first; at most ``limit`` (a depth-first
    search from each find, so a representative subset when hands are large)."""
    cat = state.catalog
    hand = state.hands[player]
    out: list[tuple[str, ...]] = []
    by_left: dict[str, list[str]] = {}
    for t in hand:
        by_left.setdefault(cat.tiles[t].left, []).append(t)

    def dfs(path: list[str]):
        if len(out) >= limit:
            return
        if len(path) >= cat.min_collection:
            out.append(tuple(path))
        for nxt in by_left.get(cat.tiles[path[-1]].right, ()):
            if nxt not in path:
                path.append(nxt)
                dfs(path)
                path.pop()

    for t in hand:
        dfs([t])
    out.sort(key=lambda r: (-len(r), r))
    return out


def legal_actions(state: GameState) -> list[Action]:
    """Actions :func:`apply` accepts now. Complete for funds backs, figures, funds
    cards and digs; a representative subset for presented finds (the unseen tiles in
    id order: the real stack is hidden), collections (up to 64 rows, no polish or
    the most polish allowed) and storage (keep all, discard the fewest youngest
    finds needed, discard all)."""
    cat = state.catalog
    ph = state.phase
    if ph == OVER:
        return []
    if ph == PRESENT:
        seen = set(state.presented)
        unseen = [t for t in cat.tiles if t not in seen]
        k = len(state.open_galleries())
        return [PresentFinds(tuple(unseen[:k]))] if len(unseen) >= k else []
    if ph == BACKS_PHASE:
        out = []
        for backs in (("bag", "bag"), ("bag", "chest"), ("chest", "chest")):
            try:
                _draw_funds(state, DrawFunds(backs))
                out.append(DrawFunds(backs))
            except RuleError:
                pass
        return out
    if ph == BID:
        p = state.current_player
        occ = state.occupied_spaces()
        return [PlaceFigure(p, s) for s in range(1, cat.n_funds_spaces + 1) if s not in occ]
    if ph == REVEAL:
        left = state.cards_left()
        b0, b1 = state.backs
        out = []
        for c0 in cat.backs[b0]:
            for c1 in cat.backs[b1]:
                if b0 == b1 and c1 < c0:
                    continue
                if all(left[v] >= n for v, n in Counter((c0, c1)).items()):
                    out.append(RevealFunds((c0, c1)))
        return out
    p = state.current_player
    out: list[Action] = []
    coins = state.coins[p]
    if not state.acted:
        deepest = cat.space(state.figures[p]).deepest
        out += [Dig(p, g) for g in range(1, deepest + 1) if state.galleries[g - 1] and g <= coins]
    used = state.markers_in_museum(p)
    markers = [None] if len(used) < cat.markers else list(used)
    max_polish = coins if state.turn == cat.turns else min(cat.polish_max, coins)
    for row in collections_in_hand(state, p):
        for m in markers:
            out.append(Exhibit(p, row, 0, m))
            if max_polish:
                out.append(Exhibit(p, row, max_polish, m))
    hand = state.hands[p]
    keep_max = _max_affordable(cat, coins)
    if len(hand) <= keep_max:
        out.append(Store(p))
    else:
        youngest = sorted(hand, key=lambda t: cat.tiles[t].date)
        out.append(Store(p, tuple(youngest[:len(hand) - keep_max])))
    if hand:
        out.append(Store(p, tuple(hand)))
    return out
