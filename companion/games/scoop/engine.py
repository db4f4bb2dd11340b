"""Scoop rules engine (pure, deterministic): state, actions, :func:`apply`.

Rules: ../shared/rules/scoop.es.txt; data (guesses) in ``data/`` (catalog.py);
rulings where the text is silent in docs/scoop.md. Money is in dollars ($).

The engine keeps the whole game, hands included (the random games of the tests and
benchmarks need it): the deck and the piles are shuffled from the setup's
``shuffle_seed``; the dial's signals come from the secret ``dial_seed`` (dial.py).

A turn (``current_player`` acts) is one of:

- :class:`Claim` a story (three cards named on the page: from the hand, the own
  reserve and, with a ``scoop`` card, captured from another player's reserve). A
  story then waits for the call: the caller :class:`Dial`\\ s the number of the
  telephone card, or another player says :class:`LinesDown` first. An advert
  needs no call.
- :class:`Reserve` one or two cards onto the reserve spaces, buying replacements.
- :class:`Exchange` one card (free).

Choices the rules give: :class:`Choose` after a Three Star or Press signal;
:class:`Buy`/:class:`Decline` when a star story or a bankrupt player's story is
offered for sale (left of the seller first); :class:`Offer` and :class:`GiveUp` for
a bankrupt player. An illegal action raises RuleError naming the rule; the state
given is never changed (apply works on a copy).

Every transfer of money is a :class:`Transfer` in ``state.ledger`` between seats
and the ``"bank"``; the sum over all accounts never changes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from companion.datafile import data_fault
from companion.errors import CompanionError, RuleError

from . import dial as dialmod
from .catalog import SCOOP_CARD, Catalog, catalog_from_data, default_data

BANK = "bank"

#: Rule sections as RuleError.rule: English, like the other games (the CLI and logs
#: show them; the app names them in the players' language, ui.i18n.section_name).
R_TURN = "Scoop: How to play"
R_CLAIM = "Scoop: Claiming a story"
R_ADVERT = "Scoop: Adverts"
R_RESERVE = "Scoop: The reserve"
R_FROM_RESERVE = "Scoop: Playing cards from the reserve"
R_EXCHANGE = "Scoop: Exchange"
R_SCOOP = "Scoop: Special scoop cards"
R_PHONE = "Scoop: Using the telephone"
R_THREE_STAR = "Scoop: Three-star stories"
R_COPY = "Scoop: Copy replacement"
R_BANKRUPT = "Scoop: Bankruptcy"
R_LINES = "Scoop: Lines down"
R_END = "Scoop: End of the game"
R_SETUP = "Scoop: Setup"


# ----------------------------------------------------------------- actions


@dataclass(frozen=True)
class Claim:
    """Lay the three cards of ``kind`` (a story type on the page, or ``ad-<type>``).

    hand: cards from the hand (with ``scoop`` when capturing); reserve: own reserve
    space indices whose cards are used (all of a space's cards); victim/captured:
    the seat whose reserve is captured from and the cards taken (needs a ``scoop``
    card in ``hand``). ``value``: for an advert at a real table, the printed value
    ($) of the advert card taken from its pile (see :class:`Dial`); None = the top
    of the engine's pile."""

    player: int
    kind: str
    hand: tuple[str, ...] = ()
    reserve: tuple[int, ...] = ()
    victim: int | None = None
    captured: tuple[str, ...] = ()
    value: int | None = None


@dataclass(frozen=True)
class Dial:
    """The caller dials ``number`` (the telephone card's). ``signal``: the signal the
    players saw (recorded in the journal); when given it must be the seed's.
    ``value``: at a real table, the printed value ($) of the story card taken from
    its pile after an accepted signal, as read from the card; None = the top of the
    engine's own pile (random games)."""

    player: int
    number: int
    signal: str | None = None
    value: int | None = None


@dataclass(frozen=True)
class Choose:
    """After Three Star: ``"three_star"`` or ``"story"``; after Press: ``"press"`` or
    ``"story"``. A second three-star story takes both Star Story spaces: the star
    stories there come off and are offered for sale one after the other (rule text,
    "Historias de tres estrellas"). ``displace``: None, or (journals written before
    that rule, which named one star story) the index of a star story there; either
    way every star story there comes off. ``value``: the
    printed value ($) of the story taken, as read from its card (see :class:`Dial`)."""

    player: int
    option: str
    displace: int | None = None
    value: int | None = None


@dataclass(frozen=True)
class LinesDown:
    """Another player throws his hand to block the pending call."""

    player: int


@dataclass(frozen=True)
class Reserve:
    """Play ``cards`` (1-2, from the hand) onto reserve ``spaces`` (same length)."""

    player: int
    cards: tuple[str, ...]
    spaces: tuple[int, ...]


@dataclass(frozen=True)
class Exchange:
    """Discard ``card`` and draw one (free)."""

    player: int
    card: str


@dataclass(frozen=True)
class Buy:
    """Buy the item on offer at its printed value."""

    player: int


@dataclass(frozen=True)
class Decline:
    """Do not buy the item on offer."""

    player: int


@dataclass(frozen=True)
class Offer:
    """A bankrupt player offers the item at ``index`` of page ``space`` for sale."""

    player: int
    space: str
    index: int = 0


@dataclass(frozen=True)
class GiveUp:
    """A bankrupt player leaves the game."""

    player: int


@dataclass(frozen=True)
class Pass:
    """Nothing can be played (no card to exchange): the turn passes."""

    player: int


ACTION_TYPES: dict[str, type] = {
    "claim": Claim, "dial": Dial, "choose": Choose, "lines_down": LinesDown, "reserve": Reserve,
    "exchange": Exchange, "buy": Buy, "decline": Decline, "offer": Offer, "give_up": GiveUp, "pass": Pass,
}
_TYPE_OF = {v: k for k, v in ACTION_TYPES.items()}
Action = Any


def action_to_dict(action) -> dict:
    """The journal's JSON form: ``{"action": type, "player": seat, ...fields}``."""
    try:
        kind = _TYPE_OF[type(action)]
    except KeyError:
        raise CompanionError(f"not a Scoop action: {action!r}") from None
    d: dict = {"action": kind}
    for k, v in action.__dict__.items():
        if v is None or v == ():
            continue
        d[k] = list(v) if isinstance(v, tuple) else v
    return d


def action_from_dict(d: dict):
    """Inverse of :func:`action_to_dict`. Raises RuleError for a bad dict."""
    if not isinstance(d, dict):
        raise RuleError(f"an action must be an object, not {d!r}", R_TURN)
    cls = ACTION_TYPES.get(str(d.get("action", "")))
    if cls is None:
        raise RuleError(f"unknown Scoop action {d.get('action')!r}; known: {', '.join(ACTION_TYPES)}", R_TURN)
    kw = {}
    for name, f in cls.__dataclass_fields__.items():
        if name in d:
            v = d[name]
            kw[name] = tuple(v) if isinstance(v, list) else v
    try:
        a = cls(**kw)
    except TypeError as exc:
        raise RuleError(f"bad {d.get('action')} action ({exc})", R_TURN) from None
    _validate(a)
    return a


_INT_FIELDS = {"player", "number", "victim", "displace", "index", "value"}
_STR_FIELDS = {"kind", "signal", "option", "card", "space"}
_STRS_FIELDS = {"hand", "captured", "cards"}
_INTS_FIELDS = {"reserve", "spaces"}


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _validate(a) -> None:
    """Field types of an action (a journal or a caller may hand anything): RuleError."""
    for name, v in a.__dict__.items():
        if v is None and name not in ("player",) and a.__dataclass_fields__[name].default is None:
            continue
        ok = (_is_int(v) if name in _INT_FIELDS else isinstance(v, str) if name in _STR_FIELDS
              else isinstance(v, tuple) and all(isinstance(x, str) for x in v) if name in _STRS_FIELDS
              else isinstance(v, tuple) and all(_is_int(x) for x in v) if name in _INTS_FIELDS else True)
        if not ok:
            raise RuleError(f"{_TYPE_OF.get(type(a), 'action')}: bad {name} {v!r}", R_TURN)


# ------------------------------------------------------------------- state


@dataclass(frozen=True)
class PlayerSpec:
    """A seat: ``colour`` (id), ``name``, ``paper`` (newspaper name), ``design``
    (page design id; "" = dealt in seat order)."""

    colour: str
    name: str = ""
    paper: str = ""
    design: str = ""


@dataclass(frozen=True)
class Transfer:
    """One ledger line: ``amount`` $ from ``payer`` to ``payee`` (seat or ``"bank"``)
    for ``reason`` (start, cards, extra, synd, sale, leave, press), at ``action``
    (index of the action that caused it, -1 = setup)."""

    action: int
    payer: int | str
    payee: int | str
    amount: int
    reason: str

    def to_dict(self) -> dict:
        return {"action": self.action, "payer": self.payer, "payee": self.payee, "amount": self.amount,
                "reason": self.reason}


@dataclass
class Player:
    spec: PlayerSpec
    cash: int
    hand: list[str]
    reserve: list[list[str]]
    page: dict[str, list[int]]   # space -> values (three_star space included)
    star_three: list[int]         # three-star stories laid in the Star Story spaces
    kept: list[int]               # unsold displaced star stories (half value at the end)
    out: bool = False

    def clone(self) -> "Player":
        return Player(self.spec, self.cash, list(self.hand), [list(r) for r in self.reserve],
                      {k: list(v) for k, v in self.page.items()}, list(self.star_three), list(self.kept), self.out)

    @property
    def colour(self) -> str:
        return self.spec.colour

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def paper(self) -> str:
        return self.spec.paper

    @property
    def design(self) -> str:
        return self.spec.design


@dataclass(frozen=True)
class FinalTally:
    """The end (Fin del juego): per seat ``cash``, ``page`` (value of the laid
    stories and adverts), ``kept_half`` (kept star stories at half), ``scores``
    (their sum; 0 for a player who left), ``rank`` (1 = best), ``winners``,
    ``pressed_by`` (the seat that went to press), ``how`` ("press" or "full page"),
    ``files``: the data files the values come from, ``left``: the seats that left
    (bankrupt) in the order they left; they rank after the players still in, the
    last to leave first."""

    cash: tuple[int, ...]
    page: tuple[int, ...]
    kept_half: tuple[int, ...]
    scores: tuple[int, ...]
    rank: tuple[int, ...]
    winners: tuple[int, ...]
    pressed_by: int
    how: str
    files: tuple[str, ...]
    #: the seats that left the game (bankruptcy), in the order they left
    left: tuple[int, ...] = ()


@dataclass
class GameState:
    """A Scoop game (see the module docstring). Treat as read-only: :func:`apply`
    returns a new one."""

    catalog: Catalog
    setup: dict
    players: list[Player]
    deck: list[str]
    discard: list[str]
    piles: dict[str, list[int]]        # top of a pile = end of its list
    turn_player: int
    pending: dict | None
    debts: list[tuple[int, bool]]      # refills to settle in order: (seat, paid)
    wheel_pos: int
    calls: tuple[dialmod.Call, ...]
    ledger: tuple[Transfer, ...]
    bank: int
    reshuffles: int
    n_actions: int
    final: FinalTally | None = None
    last_signal: str | None = None
    last_dial_at: int = -1             # index of the last Dial action
    left: tuple[int, ...] = ()         # seats that left the game (bankruptcy), in order

    def clone(self) -> "GameState":
        return GameState(self.catalog, self.setup, [p.clone() for p in self.players], list(self.deck),
                         list(self.discard), {k: list(v) for k, v in self.piles.items()}, self.turn_player,
                         _copy_pending(self.pending), list(self.debts), self.wheel_pos, self.calls, self.ledger,
                         self.bank, self.reshuffles, self.n_actions, self.final, self.last_signal,
                         self.last_dial_at, self.left)

    # -- rules interface --------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.final is not None

    @property
    def current_player(self) -> int | None:
        """The seat that must act now (None once the game is over)."""
        if self.final is not None:
            return None
        if self.pending is not None:
            return self.pending["actor"]
        return self.turn_player

    @property
    def scores(self) -> list[int]:
        """Running value per seat ($): cash + page + kept star stories at half."""
        if self.final is not None:
            return list(self.final.scores)
        return [0 if p.out else p.cash + page_value(p) + sum(v // 2 for v in p.kept) for p in self.players]

    @property
    def commitment(self) -> str:
        return self.setup["commitment"]

    @property
    def wheel(self) -> dialmod.Wheel:
        return self.catalog.wheel

    def spaces(self, seat: int) -> dict[str, int]:
        cat = self.catalog
        return cat.designs[self.players[seat].design].spaces(cat.story_spaces, cat.star_spaces)

    def active(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if not p.out]

    def money_total(self) -> int:
        """Sum of every account (players' cash and the bank): constant all game."""
        return self.bank + sum(p.cash for p in self.players)


def _copy_pending(p: dict | None) -> dict | None:
    if p is None:
        return None
    return {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v) for k, v in p.items()}


def page_value(p: Player) -> int:
    """Value ($) of the stories and adverts laid on a page (three-stars included)."""
    return sum(sum(v) for v in p.page.values()) + sum(p.star_three)


# ------------------------------------------------------------------- setup


def setup_to_dict(players, first_player: int = 0, *, dial_seed: str | None = None, shuffle_seed: int = 0,
                  wheel: str | None = None, data: dict | None = None, hidden_hands: bool = False) -> dict:
    """The journal's setup: players (with their page designs), first player, the
    dial's secret seed and its commitment, the shuffle seed and a copy of the data
    files (so a journal replays after the files are edited). ``wheel``: a house-rule
    wheel (``kind``, ``harsh`` or a file). ``hidden_hands``: a game at a real table,
    where the hands are never known (see :data:`HIDDEN`). Raises RuleError for a bad
    setup."""
    data = data or default_data(wheel)
    seed = dial_seed or dialmod.new_seed()
    specs = [p if isinstance(p, PlayerSpec) else PlayerSpec(**p) if isinstance(p, dict) else PlayerSpec(str(p))
             for p in players]
    cat = catalog_from_data(data)
    designs = list(cat.designs)
    rows = []
    for i, p in enumerate(specs):
        rows.append({"colour": p.colour, "name": p.name, "paper": p.paper,
                     "design": p.design or designs[i % len(designs)]})
    d = {"players": rows, "first_player": first_player, "dial_seed": seed,
         "commitment": dialmod.commitment(seed), "shuffle_seed": int(shuffle_seed), "data": data}
    if hidden_hands:
        d["hidden_hands"] = True
    new_game_from_dict(d)
    return d


def new_game(players, first_player: int = 0, **kw) -> GameState:
    """A new game (see :func:`setup_to_dict`)."""
    return new_game_from_dict(setup_to_dict(players, first_player, **kw))


def new_game_from_dict(setup: dict) -> GameState:
    """The state at the start (Preparar): each player $3,000 from the bank, three
    cards dealt; story piles shuffled value side down. Raises RuleError for a bad
    setup (player count, designs, seed not matching its commitment)."""
    if not isinstance(setup, dict):
        raise RuleError("the setup must be an object", R_SETUP)
    try:
        cat = catalog_from_data(setup.get("data") or default_data())
        rows = setup["players"]
        specs = [PlayerSpec(str(r["colour"]), str(r.get("name", "")), str(r.get("paper", "")), str(r["design"]))
                 for r in rows]
        first = int(setup.get("first_player", 0))
        seed = str(setup["dial_seed"])
        committed = str(setup.get("commitment") or dialmod.commitment(seed))
        shuffle_seed = int(setup.get("shuffle_seed", 0))
    except (KeyError, TypeError, ValueError) as exc:
        raise RuleError(f"bad setup ({data_fault(exc)})", R_SETUP) from None
    if not 2 <= len(specs) <= len(cat.designs):
        raise RuleError(f"Scoop is for 2 to {len(cat.designs)} players (one page design each)", R_SETUP)
    if len({s.colour for s in specs}) != len(specs):
        raise RuleError("two players have the same colour", R_SETUP)
    bad = [s.design for s in specs if s.design not in cat.designs]
    if bad:
        raise RuleError(f"unknown page design {bad[0]!r}; designs: {', '.join(cat.designs)}", R_SETUP)
    if not 0 <= first < len(specs):
        raise RuleError("the first player must be one of the seats", R_SETUP)
    if dialmod.commitment(seed) != committed:
        raise RuleError("the dial seed does not match its commitment", R_SETUP)
    rng = random.Random(f"scoop-shuffle:{shuffle_seed}")
    deck = cat.deck()
    rng.shuffle(deck)
    piles = {}
    for k, vals in sorted(cat.piles.items()):
        v = list(vals)
        rng.shuffle(v)
        piles[k] = v
    m = cat.money
    players = []
    ledger = []
    n = len(specs)
    for i, s in enumerate(specs):
        hand = [deck.pop() for _ in range(m["hand_size"])]
        if setup.get("hidden_hands"):
            hand = [HIDDEN] * len(hand)
        spaces = cat.designs[s.design].spaces(cat.story_spaces, cat.star_spaces)
        players.append(Player(s, m["start_cash"], hand, [[] for _ in range(m["reserve_spaces"])],
                              {k: [] for k in spaces}, [], []))
        ledger.append(Transfer(-1, BANK, i, m["start_cash"], "start"))
    return GameState(cat, setup, players, deck, [], piles, first, None, [], dialmod.start_position(cat.wheel, seed),
                     (), tuple(ledger),
                     -m["start_cash"] * n, 0, 0)


# ------------------------------------------------------------------ helpers


def _pay(s: GameState, payer, payee, amount: int, reason: str) -> None:
    if amount <= 0:
        return
    if payer == BANK:
        s.bank -= amount
    else:
        s.players[payer].cash -= amount
    if payee == BANK:
        s.bank += amount
    else:
        s.players[payee].cash += amount
    s.ledger = s.ledger + (Transfer(s.n_actions, payer, payee, amount, reason),)


def _drawable(s: GameState) -> int:
    return len(s.deck) + len(s.discard)


def _draw(s: GameState, seat: int, n: int) -> int:
    """Draw up to ``n`` cards (reshuffling the discards when the deck runs out)."""
    got = 0
    for _ in range(n):
        if not s.deck:
            if not s.discard:
                break
            s.reshuffles += 1
            s.deck = s.discard
            s.discard = []
            random.Random(f"scoop-reshuffle:{s.setup.get('shuffle_seed', 0)}:{s.reshuffles}").shuffle(s.deck)
        card = s.deck.pop()
        s.players[seat].hand.append(HIDDEN if s.setup.get("hidden_hands") else card)
        got += 1
    return got


def _left_of(s: GameState, seat: int) -> list[int]:
    n = len(s.players)
    return [(seat + k) % n for k in range(1, n) if not s.players[(seat + k) % n].out]


def _check_player(s: GameState, a, rule: str = R_TURN) -> Player:
    if s.final is not None:
        raise RuleError("the game is over", R_END, "scoop.game_over")
    if not isinstance(a.player, int) or not 0 <= a.player < len(s.players):
        shown = a.player + 1 if isinstance(a.player, int) else repr(a.player)  # people count seats from 1
        raise RuleError(f"no seat {shown} (seats are 1..{len(s.players)})", rule, "scoop.no_seat",
                        {"seat": shown, "n": len(s.players)})
    if s.players[a.player].out:
        raise RuleError(f"{_name(s, a.player)} has left the game", R_BANKRUPT, "scoop.left", {"player": a.player})
    return s.players[a.player]


def _name(s: GameState, seat) -> str:
    if seat == BANK:
        return "the bank"
    p = s.players[seat]
    return p.spec.name or p.spec.colour


#: A card in a hand the app does not know (setup ``hidden_hands``: a real table,
#: where the hands stay hidden). A play names the cards it lays on the table; each is
#: taken from the hand as that card if known, else as one unknown card, so only the
#: number of cards in a hand is checked. Draws add unknown cards.
HIDDEN = "?"


def _take(hand: list[str], cards) -> None:
    for c in cards:
        hand.remove(c if c in hand else HIDDEN)


def _has(hand: list[str], cards) -> bool:
    rest = list(hand)
    for c in cards:
        if c in rest:
            rest.remove(c)
        elif HIDDEN in rest:
            rest.remove(HIDDEN)
        else:
            return False
    return True


def _kind_spaces(s: GameState, seat: int, kind: str) -> int:
    return s.spaces(seat).get(kind, 0)


def _page_full(s: GameState, seat: int) -> bool:
    """True when every space of ``seat``'s page is taken (a second three-star story
    takes both Star Story spaces)."""
    p = s.players[seat]
    for space, n in s.spaces(seat).items():
        have = n if space == "star" and p.star_three else len(p.page[space])
        if have < n:
            return False
    return True


def _lay(s: GameState, seat: int, space: str, value: int) -> int | None:
    """Lay an item in its space; copy substitution when the space is full (the two
    most valuable stay, the lowest goes under its pile). Returns the value put back
    under the pile, or None."""
    p = s.players[seat]
    cap = 0 if space == "star" and p.star_three else _kind_spaces(s, seat, space)  # a three-star story fills them
    items = p.page[space]
    items.append(value)
    if len(items) <= cap:
        return None
    low = min(items)
    items.remove(low)
    s.piles[s.catalog.pile_of(space)].insert(0, low)
    return low


def _three_star_room(s: GameState, seat: int) -> str | None:
    """Where a three-star story would go (Scoop, "Historias de tres estrellas"):
    ``three_star`` (the required space), ``star`` (the second, optional one: both
    Star Story spaces, free), ``displace`` (both spaces, once the one or two star
    stories there come off), or None (two three-star stories already, or a page
    without Star Story spaces)."""
    p = s.players[seat]
    if not p.page["three_star"]:
        return "three_star"
    if p.star_three or not _kind_spaces(s, seat, "star"):
        return None
    return "displace" if p.page["star"] else "star"


# ----------------------------------------------------------------- settling


def _settle(s: GameState) -> None:
    """Refill the hands owed (``debts``) in order; a paid refill that the player
    cannot afford makes him bankrupt (the game waits for his sale or his leaving).
    When everything is settled the turn passes."""
    m = s.catalog.money
    while s.debts and s.final is None:
        seat, paid = s.debts[0]
        p = s.players[seat]
        if p.out:
            s.debts.pop(0)
            continue
        need = max(0, m["hand_size"] - len(p.hand))
        n = min(need, _drawable(s))
        cost = n * m["card_price"] if paid else 0
        if cost > p.cash:
            s.pending = {"kind": "bankrupt", "actor": seat, "cost": cost, "offered": []}
            return
        _pay(s, seat, BANK, cost, "cards")
        _draw(s, seat, n)
        s.debts.pop(0)
    if s.final is None and s.pending is None:
        _end_turn(s)


def _end_turn(s: GameState) -> None:
    act = s.active()
    if len(act) <= 1:
        _finish(s, act[0] if act else s.turn_player, "last player")
        return
    n = len(s.players)
    seat = s.turn_player
    for k in range(1, n + 1):
        nxt = (seat + k) % n
        if not s.players[nxt].out:
            s.turn_player = nxt
            return


def _finish(s: GameState, seat: int, how: str) -> None:
    """Go to press (Fin del juego): $1,500 to the first paper, then the tally."""
    if how != "last player":
        _pay(s, BANK, seat, s.catalog.money["press_bonus"], "press")
    n = len(s.players)
    cash = tuple(p.cash for p in s.players)
    page = tuple(page_value(p) for p in s.players)
    kept = tuple(sum(v // 2 for v in p.kept) for p in s.players)
    scores = tuple(0 if p.out else c + v + k for p, c, v, k in zip(s.players, cash, page, kept))
    gone = list(s.left)

    def place(i):  # players still in by score; then who left, the last to leave first
        return (1, -gone.index(i), 0) if s.players[i].out and i in gone else (int(s.players[i].out), 0, -scores[i])

    order = sorted(range(n), key=place)
    rank = [0] * n
    for pos, i in enumerate(order):
        prev = order[pos - 1] if pos else None
        rank[i] = rank[prev] if prev is not None and place(prev) == place(i) else pos + 1
    best = max(scores[i] for i in s.active()) if s.active() else 0
    winners = tuple(i for i in s.active() if scores[i] == best)
    s.final = FinalTally(cash, page, kept, scores, tuple(rank), winners, seat, how, s.catalog.files, tuple(s.left))
    s.pending = None
    s.debts = []


# ------------------------------------------------------------------- claims


def _check_claim(s: GameState, a: Claim) -> tuple[list[str], list[str]]:
    """Checks a claim; returns (cards from own reserve, set of three cards)."""
    p = s.players[a.player]
    cat = s.catalog
    kind = a.kind
    is_ad = kind.startswith("ad-")
    rule = R_ADVERT if is_ad else R_CLAIM
    if kind not in s.spaces(a.player) or kind in ("three_star",):
        raise RuleError(f"{kind!r} is not a story or advert on {_name(s, a.player)}'s page "
                        f"(design {p.design})", rule, "scoop.not_on_page",
                        {"player": a.player, "story": kind})
    hand = list(a.hand)
    if not _has(p.hand, hand):
        raise RuleError(f"{_name(s, a.player)} does not hold {', '.join(hand)}", rule, "scoop.not_held",
                        {"player": a.player, "n": len(hand)})
    scoops = hand.count(SCOOP_CARD)
    if len(set(a.reserve)) != len(a.reserve) or any(not isinstance(i, int) or not 0 <= i < len(p.reserve)
                                                    for i in a.reserve):
        raise RuleError("reserve spaces are 0 and 1, each used once", R_FROM_RESERVE, "scoop.reserve_spaces")
    from_reserve = [c for i in a.reserve for c in p.reserve[i]]
    if any(not p.reserve[i] for i in a.reserve):
        raise RuleError("that reserve space is empty", R_FROM_RESERVE, "scoop.reserve_empty")
    captured = list(a.captured)
    if a.victim is not None or captured:
        if scoops != 1:
            raise RuleError("capturing from another reserve needs exactly one SCOOP card from the hand", R_SCOOP,
                            "scoop.capture_one_scoop", {"n": scoops})
        v = a.victim
        if not isinstance(v, int) or not 0 <= v < len(s.players) or v == a.player or s.players[v].out:
            raise RuleError("capture from another player still in the game", R_SCOOP, "scoop.capture_victim")
        if not captured:
            raise RuleError("name the cards captured", R_SCOOP, "scoop.capture_none")
        vres = [c for sp in s.players[v].reserve for c in sp]
        if not _has(vres, captured):
            raise RuleError(f"{_name(s, v)}'s reserve does not hold {', '.join(captured)}", R_SCOOP,
                            "scoop.capture_not_held", {"victim": v, "n": len(captured)})
    elif scoops:
        raise RuleError("a SCOOP card cannot make a story; it only captures from a reserve", R_SCOOP, "scoop.scoop_no_story")
    cards = [c for c in hand if c != SCOOP_CARD] + from_reserve + captured
    need = sorted(cat.required(kind))
    if sorted(cards) != need:
        raise RuleError(f"{kind} needs exactly {', '.join(need)}; laid: {', '.join(sorted(cards)) or 'nothing'}",
                        rule, "scoop.wrong_cards",
                        {"story": kind, "n": sum(min(cards.count(c), 1) for c in set(need)), "laid": len(cards)})
    return from_reserve, cards


def _apply_claim(s: GameState, a: Claim) -> None:
    p = _check_player(s, a, R_CLAIM)
    if s.pending is not None or a.player != s.turn_player:
        raise RuleError(f"it is {_name(s, s.current_player)}'s turn", R_TURN, "scoop.not_your_turn",
                        {"player": s.current_player, "seat": a.player})
    _, cards = _check_claim(s, a)
    if a.value is not None and not a.kind.startswith("ad-"):
        raise RuleError("a story's value comes with its call (the dial), not with the claim", R_CLAIM,
                        "scoop.value_with_call")
    if a.value is not None and s.piles["adverts"] and a.value not in s.piles["adverts"]:
        raise RuleError(f"the adverts pile has no advert of ${a.value:,} left (values.json)", R_ADVERT, "scoop.no_advert_value",
                        {"value": a.value})
    _take(p.hand, a.hand)
    for i in a.reserve:
        p.reserve[i] = []
    if a.victim is not None:
        vres = s.players[a.victim].reserve
        for c in a.captured:
            for sp in vres:
                if c in sp:
                    sp.remove(c)
                    break
    if SCOOP_CARD in a.hand:  # the SCOOP card goes to the discards with the set
        s.discard.append(SCOOP_CARD)
    if a.kind.startswith("ad-"):
        s.discard.extend(cards)
        pile = s.piles["adverts"]
        if pile:
            _lay(s, a.player, a.kind, _from_pile(pile, a.value, "adverts"))
            if _page_full(s, a.player):
                _finish(s, a.player, "full page")
                return
        s.debts = [(a.player, False)]
        _settle(s)
        return
    s.pending = {"kind": "call", "actor": a.player, "story": a.kind, "set": cards,
                 "number": s.catalog.number_of(a.kind)}


def _apply_dial(s: GameState, a: Dial) -> None:
    _check_player(s, a, R_PHONE)
    pend = s.pending
    if pend is None or pend["kind"] != "call" or pend["actor"] != a.player:
        raise RuleError("nobody is waiting to call: lay a story's three cards first", R_PHONE, "scoop.no_call_due")
    number = pend["number"]
    if a.number != number:
        raise RuleError(f"wrong number: the {pend['story']} telephone card says {number}", R_PHONE, "scoop.wrong_number",
                        {"story": pend["story"], "number": number, "dialled": a.number})
    c = dialmod.call(s.catalog.wheel, s.setup["dial_seed"], s.wheel_pos, len(s.calls), number)
    if a.signal is not None and a.signal != c.signal:
        raise RuleError(f"the dial showed {c.signal}, not {a.signal} (the journal was changed?)", R_PHONE, "scoop.dial_differs",
                        {"signal": c.signal, "entered": a.signal})
    s.calls = s.calls + (c,)
    s.wheel_pos = c.after
    s.last_signal = c.signal
    s.last_dial_at = s.n_actions
    sig = c.signal
    if sig not in dialmod.ACCEPTED:
        s.discard.extend(pend["set"])
        s.pending = None
        s.debts = [(a.player, True)]
        _settle(s)
        return
    if sig in ("three_star", "press"):
        if sig == "three_star" and (not s.piles["three_star"] or _three_star_room(s, a.player) is None):
            _take_story(s, a.player, pend, a.value)  # no three-star to take: the marked story
            return
        s.pending = dict(pend, kind="choose", signal=sig)
        return
    if sig in ("extra", "synd"):  # from each other player, as much as he has (docs/scoop.md)
        amount = s.catalog.money[sig]
        for other in _left_of(s, a.player):
            _pay(s, other, a.player, min(amount, s.players[other].cash), sig)
    _take_story(s, a.player, pend, a.value)


def _from_pile(pile: list[int], value: int | None, name: str) -> int:
    """Take a story from ``pile``: its top, or (a real table) the one of printed
    ``value`` read from the card. RuleError when the pile has no such story."""
    if value is None:
        return pile.pop()
    if value not in pile:
        raise RuleError(f"the {name} pile has no story of ${value:,} left (values.json)", R_CLAIM, "scoop.no_story_value",
                        {"pile": name.replace("-", "_"), "value": value})
    pile.remove(value)
    return value


def _take_story(s: GameState, seat: int, pend: dict, value: int | None = None) -> None:
    """The accepted story: from the top of its pile (or the one of ``value``) into
    its place; the set to the discards; the hand refilled free."""
    s.discard.extend(pend["set"])
    s.pending = None
    pile = s.piles[pend["story"]]
    if pile:
        _lay(s, seat, pend["story"], _from_pile(pile, value, pend["story"]))
        if _page_full(s, seat):
            _finish(s, seat, "full page")
            return
    s.debts = [(seat, False)]
    _settle(s)


def _apply_choose(s: GameState, a: Choose) -> None:
    _check_player(s, a, R_PHONE)
    pend = s.pending
    if pend is None or pend["kind"] != "choose" or pend["actor"] != a.player:
        raise RuleError("there is no signal to choose on", R_PHONE, "scoop.no_choice")
    sig = pend["signal"]
    allowed = ("three_star", "story") if sig == "three_star" else ("press", "story")
    if a.option not in allowed:
        raise RuleError(f"after {sig} choose {' or '.join(allowed)}", R_THREE_STAR if sig == "three_star" else R_END,
                        "scoop.choose_after", {"signal": sig})
    if a.option == "story":
        if a.displace is not None:
            raise RuleError("displace is only for a second three-star story", R_THREE_STAR,
                            "scoop.displace_only")
        _take_story(s, a.player, pend, a.value)
        return
    if a.option == "press":
        s.discard.extend(pend["set"])
        s.pending = None
        _finish(s, a.player, "press")
        return
    p = s.players[a.player]
    room = _three_star_room(s, a.player)
    if room == "displace":
        if a.displace is not None and (not isinstance(a.displace, int) or not 0 <= a.displace < len(p.page["star"])):
            raise RuleError(f"no star story {a.displace} to take off (0..{len(p.page['star']) - 1})", R_THREE_STAR,
                            "scoop.star_full")
    elif a.displace is not None:
        raise RuleError("there is room for the three-star story: nothing to take off", R_THREE_STAR, "scoop.star_room")
    s.discard.extend(pend["set"])
    s.pending = None
    value = _from_pile(s.piles["three_star"], a.value, "three-star")
    if room == "three_star":
        p.page["three_star"].append(value)
    else:
        p.star_three.append(value)
    if room == "displace":  # every star story comes off, each offered for sale in turn
        off = list(p.page["star"])
        p.page["star"].clear()
        s.debts = [(a.player, False)]
        _offer_star(s, a.player, off)
        return
    if _page_full(s, a.player):
        _finish(s, a.player, "full page")
        return
    s.debts = [(a.player, False)]
    _settle(s)


def _apply_lines_down(s: GameState, a: LinesDown) -> None:
    p = _check_player(s, a, R_LINES)
    pend = s.pending
    if pend is None or pend["kind"] != "call":
        raise RuleError("Lines Down only stops a call about to be made", R_LINES, "scoop.lines_not_due")
    if a.player == pend["actor"]:
        raise RuleError("the caller cannot block his own call", R_LINES, "scoop.lines_own",
                        {"player": a.player})
    if not p.hand:
        raise RuleError("Lines Down means throwing the cards of your hand: you hold none", R_LINES,
                        "scoop.lines_no_cards", {"player": a.player})
    s.discard.extend(p.hand)
    p.hand.clear()
    s.discard.extend(pend["set"])
    caller = pend["actor"]
    s.pending = None
    s.debts = [(caller, True), (a.player, True)]
    _settle(s)


# ---------------------------------------------------------------- other plays


def _check_reserve(s: GameState, a: Reserve) -> tuple[list[list[str]], int, int]:
    """Checks a reserve play; returns (new reserve spaces, cards to buy, cost $)."""
    p = s.players[a.player]
    m = s.catalog.money
    cards, spaces = list(a.cards), list(a.spaces)
    if not 1 <= len(cards) <= 2 or len(spaces) != len(cards):
        raise RuleError("play one or two cards, each onto a reserve space (0 or 1)", R_RESERVE,
                        "scoop.reserve_count", {"n": len(cards)})
    if not _has(p.hand, cards):
        raise RuleError(f"{_name(s, a.player)} does not hold {', '.join(cards)}", R_RESERVE, "scoop.not_held",
                        {"player": a.player, "n": len(cards)})
    new = [list(r) for r in p.reserve]
    for c, sp in zip(cards, spaces):
        if not isinstance(sp, int) or not 0 <= sp < len(new):
            raise RuleError(f"reserve space {sp!r}: use 0 to {len(new) - 1}", R_RESERVE, "scoop.reserve_spaces")
        if c == SCOOP_CARD:
            raise RuleError("a SCOOP card cannot be kept in reserve", R_RESERVE, "scoop.reserve_scoop")
        new[sp].append(c)
    spaces_here = s.spaces(a.player)
    for sp in new:
        if not sp:
            continue
        kinds = {s.catalog.kind_of_card(c) for c in sp}
        kind = next(iter(kinds))
        if len(kinds) != 1 or kind not in spaces_here or kind == "three_star":
            raise RuleError("each reserve set belongs to one story or advert type of your page", R_RESERVE,
                               "scoop.reserve_type", {"player": a.player})
        if len(sp) > m["reserve_capacity"] or len(set(sp)) != len(sp):
            raise RuleError(f"a reserve space holds up to {m['reserve_capacity']} different cards of its set",
                            R_RESERVE, "scoop.reserve_full", {"n": m["reserve_capacity"]})
    n = min(len(cards), _drawable(s))
    cost = n * m["card_price"]
    if cost > p.cash:
        raise RuleError(f"the replacement cards cost ${cost}; {_name(s, a.player)} has ${p.cash}", R_RESERVE,
                        "scoop.cards_cost", {"player": a.player, "cost": cost, "cash": p.cash, "n": n})
    return new, n, cost


def _apply_reserve(s: GameState, a: Reserve) -> None:
    p = _check_player(s, a, R_RESERVE)
    if s.pending is not None or a.player != s.turn_player:
        raise RuleError(f"it is {_name(s, s.current_player)}'s turn", R_TURN, "scoop.not_your_turn",
                        {"player": s.current_player, "seat": a.player})
    new, n, cost = _check_reserve(s, a)
    _take(p.hand, a.cards)
    p.reserve = new
    _pay(s, a.player, BANK, cost, "cards")
    _draw(s, a.player, n)
    _end_turn(s)


def _apply_exchange(s: GameState, a: Exchange) -> None:
    p = _check_player(s, a, R_EXCHANGE)
    if s.pending is not None or a.player != s.turn_player:
        raise RuleError(f"it is {_name(s, s.current_player)}'s turn", R_TURN, "scoop.not_your_turn",
                        {"player": s.current_player, "seat": a.player})
    if not _has(p.hand, [a.card]):
        raise RuleError(f"{_name(s, a.player)} does not hold {a.card}", R_EXCHANGE)
    _take(p.hand, [a.card])
    s.discard.append(a.card)
    _draw(s, a.player, 1)
    _end_turn(s)


def _apply_pass(s: GameState, a: Pass) -> None:
    p = _check_player(s, a, R_TURN)
    if s.pending is not None or a.player != s.turn_player:
        raise RuleError(f"it is {_name(s, s.current_player)}'s turn", R_TURN, "scoop.not_your_turn",
                        {"player": s.current_player, "seat": a.player})
    if p.hand:
        raise RuleError("a player with cards must play: exchange one at least (free)", R_TURN, "scoop.must_play",
                        {"player": a.player, "n": len(p.hand)})
    _end_turn(s)


def _room_for(s: GameState, seat: int, space: str) -> bool:
    if space in ("three_star", "star_three"):
        return _three_star_room(s, seat) in ("three_star", "star")
    if space == "star" and s.players[seat].star_three:
        return False  # both Star Story spaces hold a three-star story
    return space in s.spaces(seat)


def _apply_buy(s: GameState, a: Buy) -> None:
    p = _check_player(s, a, R_BANKRUPT)
    pend = s.pending
    if pend is None or pend["kind"] != "sale" or pend["actor"] != a.player:
        raise RuleError("nothing is offered to you now", R_THREE_STAR, "scoop.no_offer")
    rule = R_THREE_STAR if pend["reason"] == "star" else R_BANKRUPT
    value, space = pend["value"], pend["space"]
    if p.cash < value:
        raise RuleError(f"it costs ${value}; {_name(s, a.player)} has ${p.cash}", rule, "scoop.sale_cost",
                        {"player": a.player, "cost": value, "cash": p.cash})
    if not _room_for(s, a.player, space):
        raise RuleError(f"{_name(s, a.player)}'s page has no place for it", rule, "scoop.no_place",
                        {"player": a.player, "story": space})
    _pay(s, a.player, pend["seller"], value, "sale")
    if space in ("three_star", "star_three"):
        if _three_star_room(s, a.player) == "three_star":
            p.page["three_star"].append(value)
        else:
            p.star_three.append(value)
    else:
        _lay(s, a.player, space, value)
    seller = pend["seller"]
    if _page_full(s, a.player):
        _finish(s, a.player, "full page")
        return
    _after_sale(s, pend, seller, sold=True)


def _apply_decline(s: GameState, a: Decline) -> None:
    _check_player(s, a, R_BANKRUPT)
    pend = s.pending
    if pend is None or pend["kind"] != "sale" or pend["actor"] != a.player:
        raise RuleError("nothing is offered to you now", R_THREE_STAR, "scoop.no_offer")
    ask = pend["ask"][1:]
    if ask:
        s.pending = dict(pend, ask=ask, actor=ask[0])
        return
    seller = pend["seller"]
    if pend["reason"] == "star":
        s.players[seller].kept.append(pend["value"])  # kept unsold: half value at the end
    else:
        _put_back_unsold(s, pend)
    _after_sale(s, pend, seller, sold=False)


def _put_back_unsold(s: GameState, pend: dict) -> None:
    """An unsold bankrupt offer stays on the seller's page."""
    p = s.players[pend["seller"]]
    if pend["space"] == "star_three":
        p.star_three.append(pend["value"])
    else:
        p.page[pend["space"]].append(pend["value"])


def _offer_star(s: GameState, seller: int, values: list[int]) -> None:
    """Offer the first of the star stories ``values`` taken off ``seller``'s page,
    the player on his left first; the rest wait in the offer's ``more``."""
    ask = _left_of(s, seller)
    s.pending = {"kind": "sale", "reason": "star", "seller": seller, "space": "star", "value": values[0],
                 "more": list(values[1:]), "ask": ask, "actor": ask[0]}


def _after_sale(s: GameState, pend: dict, seller: int, sold: bool) -> None:
    if pend["reason"] == "star":
        if pend.get("more"):
            _offer_star(s, seller, pend["more"])
            return
        s.pending = None
        if _page_full(s, seller):  # the second three-star story may fill the page
            _finish(s, seller, "full page")
            return
        _settle(s)
        return
    offered = list(pend["offered"]) + ([] if sold else [(pend["space"], pend["value"])])
    s.pending = {"kind": "bankrupt", "actor": seller, "cost": pend["cost"], "offered": offered}
    if s.players[seller].cash >= pend["cost"]:
        s.pending = None
        _settle(s)


def _offerable(s: GameState, seat: int, offered) -> list[tuple[str, int]]:
    p = s.players[seat]
    items = [(sp, i) for sp, vals in p.page.items() for i, _ in enumerate(vals)]
    items += [("star_three", i) for i, _ in enumerate(p.star_three)]
    done = [tuple(o) for o in offered]
    out = []
    for sp, i in items:
        v = p.star_three[i] if sp == "star_three" else p.page[sp][i]
        if (sp, v) in done:
            continue
        out.append((sp, i))
    return out


def _apply_offer(s: GameState, a: Offer) -> None:
    p = _check_player(s, a, R_BANKRUPT)
    pend = s.pending
    if pend is None or pend["kind"] != "bankrupt" or pend["actor"] != a.player:
        raise RuleError("only a bankrupt player sells his stories", R_BANKRUPT, "scoop.not_bankrupt")
    if (a.space, a.index) not in _offerable(s, a.player, pend["offered"]):
        raise RuleError("offer a story or advert on your page that nobody has refused yet", R_BANKRUPT,
                        "scoop.offer_bad")
    value = p.star_three.pop(a.index) if a.space == "star_three" else p.page[a.space].pop(a.index)
    ask = _left_of(s, a.player)
    s.pending = {"kind": "sale", "reason": "bankrupt", "seller": a.player, "space": a.space, "value": value,
                 "ask": ask, "actor": ask[0], "cost": pend["cost"], "offered": pend["offered"]}


def _apply_give_up(s: GameState, a: GiveUp) -> None:
    p = _check_player(s, a, R_BANKRUPT)
    pend = s.pending
    if pend is None or pend["kind"] != "bankrupt" or pend["actor"] != a.player:
        raise RuleError("only a bankrupt player may leave the game", R_BANKRUPT, "scoop.not_bankrupt")
    cat = s.catalog
    for sp, vals in p.page.items():
        for v in vals:
            s.piles[cat.pile_of(sp)].insert(0, v)
        vals.clear()
    for v in p.star_three:
        s.piles["three_star"].insert(0, v)
    for v in p.kept:
        s.piles["star"].insert(0, v)
    p.star_three.clear()
    p.kept.clear()
    s.discard.extend(p.hand)
    p.hand.clear()
    for r in p.reserve:
        s.discard.extend(r)
        r.clear()
    _pay(s, a.player, BANK, p.cash, "leave")
    p.out = True
    s.left = s.left + (a.player,)
    s.pending = None
    s.debts = [d for d in s.debts if d[0] != a.player]
    if len(s.active()) <= 1:
        _finish(s, s.active()[0] if s.active() else a.player, "last player")
        return
    _settle(s)


_APPLY = {Claim: _apply_claim, Dial: _apply_dial, Choose: _apply_choose, LinesDown: _apply_lines_down,
          Reserve: _apply_reserve, Exchange: _apply_exchange, Buy: _apply_buy, Decline: _apply_decline,
          Offer: _apply_offer, GiveUp: _apply_give_up, Pass: _apply_pass}


def apply(state: GameState, action) -> GameState:
    """The state after ``action`` (a new state; ``state`` is never changed).

    Raises RuleError naming the rule (Scoop section) for an illegal action."""
    if isinstance(action, dict):
        action = action_from_dict(action)
    fn = _APPLY.get(type(action))
    if fn is None:
        raise RuleError(f"not a Scoop action: {action!r}", R_TURN)
    _validate(action)
    s = state.clone()
    fn(s, action)
    s.n_actions += 1
    return s


def resolve_action(state: GameState, action):
    """The action as it turns out: a :class:`Dial` without its ``signal`` gets the
    signal the dial shows now (the journal records it, so ``companion dial verify``
    can check it later). Other actions are returned unchanged; nothing is checked
    here (:func:`apply` does)."""
    if isinstance(action, Dial) and action.signal is None and _is_int(action.number) \
            and action.number in dialmod.NUMBERS:
        c = dialmod.call(state.catalog.wheel, state.setup["dial_seed"], state.wheel_pos, len(state.calls),
                         action.number)
        return Dial(action.player, action.number, c.signal)
    return action


# ------------------------------------------------------------ legal actions


def _hidden_claims(s: GameState, seat: int) -> list[Claim]:
    """Every claim a player whose hand is (partly) unknown could make now: the
    three cards of a type of his page from his reserve sets of that type and his
    hand (an unknown card may be any card), or with a SCOOP card from his hand some
    of them captured from another player's reserve."""
    p = s.players[seat]
    out: list[Claim] = []
    own_res = [(i, r) for i, r in enumerate(p.reserve) if r]
    for kind in s.spaces(seat):
        if kind == "three_star":
            continue
        need = list(s.catalog.required(kind))
        res_opts: list[tuple[tuple[int, ...], list[str]]] = [((), [])]
        for i, r in own_res:
            if set(r) <= set(need):
                res_opts += [(o + (i,), c + r) for o, c in list(res_opts) if not set(c) & set(r)]
        for idx, rcards in res_opts:
            rest = sorted(c for c in need if c not in rcards)
            if _has(p.hand, rest):
                out.append(Claim(seat, kind, tuple(rest), idx))
            for v in _left_of(s, seat):
                theirs = [c for c in rest if c in {c for r in s.players[v].reserve for c in r}]
                for mask in range(1, 2 ** len(theirs)):  # any of them captured, the rest from the hand
                    captured = tuple(c for k, c in enumerate(theirs) if mask >> k & 1)
                    hand = tuple(sorted([c for c in rest if c not in captured] + [SCOOP_CARD]))
                    if _has(p.hand, hand):
                        out.append(Claim(seat, kind, hand, idx, v, captured))
    return out


def _claims(s: GameState, seat: int) -> list[Claim]:
    """Every claim the player can make now (own hand and reserve, and captures)."""
    p = s.players[seat]
    if HIDDEN in p.hand:
        return _hidden_claims(s, seat)
    out: list[Claim] = []
    own_res = [(i, r) for i, r in enumerate(p.reserve) if r]
    has_scoop = SCOOP_CARD in p.hand
    victims = [(v, c) for v in _left_of(s, seat) for r in s.players[v].reserve for c in r]
    mine = set(p.hand).union(*p.reserve)
    theirs = {c for _, c in victims} if has_scoop else set()
    for kind in s.spaces(seat):
        if kind == "three_star":
            continue
        need = set(s.catalog.required(kind))
        if not need <= mine and not need <= (mine | theirs):
            continue
        res_opts: list[tuple[tuple[int, ...], list[str]]] = [((), [])]
        for i, r in own_res:
            if set(r) <= need:
                res_opts += [(o + (i,), c + r) for o, c in list(res_opts) if not set(c) & set(r)]
        for idx, rcards in res_opts:
            rest = need - set(rcards)
            if all(c in p.hand for c in rest):
                out.append(Claim(seat, kind, tuple(sorted(rest)), idx))
            elif has_scoop:
                missing = [c for c in rest if c not in p.hand]
                for v in {v for v, _ in victims}:
                    vres = [c for r in s.players[v].reserve for c in r]
                    if all(c in vres for c in missing):
                        out.append(Claim(seat, kind, tuple(sorted([c for c in rest if c in p.hand])) + (SCOOP_CARD,),
                                         idx, v, tuple(sorted(missing))))
    return out


def legal_actions(state: GameState) -> list:
    """The actions :func:`apply` accepts now. Complete except for Reserve, where one
    placement per pair of cards is listed (the spaces are interchangeable). With
    hidden hands (:data:`HIDDEN`) an unknown card may be any card: the claims,
    captures and reserves a hand of that many cards could make are listed, and an
    exchange names the unknown card."""
    s = state
    if s.final is not None:
        return []
    pend = s.pending
    if pend is not None:
        actor = pend["actor"]
        kind = pend["kind"]
        if kind == "call":
            return [Dial(actor, pend["number"])] + [LinesDown(o) for o in _left_of(s, actor) if s.players[o].hand]
        if kind == "choose":
            if pend["signal"] == "press":
                return [Choose(actor, "press"), Choose(actor, "story")]
            room = _three_star_room(s, actor)
            opts = [Choose(actor, "story")]
            if room in ("three_star", "star"):
                opts.append(Choose(actor, "three_star"))
            elif room == "displace":  # the star stories there come off (offered for sale)
                opts.append(Choose(actor, "three_star"))
            return opts
        if kind == "sale":
            p = s.players[actor]
            opts = [Decline(actor)]
            if p.cash >= pend["value"] and _room_for(s, actor, pend["space"]):
                opts.insert(0, Buy(actor))
            return opts
        if kind == "bankrupt":
            return [Offer(actor, sp, i) for sp, i in _offerable(s, actor, pend["offered"])] + [GiveUp(actor)]
    seat = s.turn_player
    p = s.players[seat]
    acts: list = list(_claims(s, seat))
    spaces = s.spaces(seat)
    for c in sorted(set(p.hand)):
        acts.append(Exchange(seat, c))
    # reserve: cards of one type of this page; one or two, into a fitting space (an
    # unknown hand card may be any card of the page's types)
    cands = [c for c in p.hand if c != SCOOP_CARD and c != HIDDEN and s.catalog.kind_of_card(c) in spaces]
    if HIDDEN in p.hand:
        cands = sorted(set(cands) | {c for k in spaces if k != "three_star" for c in s.catalog.required(k)})
    for c in sorted(set(cands)):
        for sp in range(len(p.reserve)):
            acts.append(Reserve(seat, (c,), (sp,)))
    for i, c1 in enumerate(cands):
        for c2 in cands[i + 1:]:
            if c1 != c2 and s.catalog.kind_of_card(c1) == s.catalog.kind_of_card(c2):
                for sp in range(len(p.reserve)):
                    acts.append(Reserve(seat, (c1, c2), (sp, sp)))
    ok = []
    for a in acts:
        if isinstance(a, Reserve):
            try:
                _check_reserve(s, a)
            except RuleError:
                continue
        ok.append(a)
    if not p.hand:
        ok.append(Pass(seat))
    return ok


# ------------------------------------------------------------- random games


def random_game(seed: int, n_players: int, *, wheel: str | None = None, max_actions: int = 20000,
                on_step=None, policy: str = "random"):
    """A complete legal game by simple computer players: ``(setup dict, [actions])``.

    Players claim what they can, keep pairs in reserve, exchange the rest, take a
    three-star story when they can, go to press when ahead, buy when rich, and
    now and then say Lines Down. ``policy="quick"``: players who play to finish
    (always claim, keep only pairs in reserve, exchange their least useful card,
    take every three-star story, go to press at the first Press signal, never say
    Lines Down): short games for the bundled recording. Deterministic for a seed.
    ``on_step(before, action, after)`` is called after each action (for property
    tests). Raises CompanionError if the game does not end within ``max_actions``
    (it always has)."""
    if policy not in ("random", "quick"):
        raise CompanionError(f"unknown policy {policy!r}: random or quick")
    rng = random.Random(seed)
    dial_seed = random.Random(f"dial-{seed}").getrandbits(256).to_bytes(32, "big").hex()
    cat_colours = ("red", "blue", "green", "yellow", "black", "white")
    players = [PlayerSpec(c, f"Player {i + 1}") for i, c in enumerate(cat_colours[:n_players])]
    designs = sorted(default_data()["pages"]["designs"])
    rng.shuffle(designs)
    players = [PlayerSpec(p.colour, p.name, "", designs[i % len(designs)]) for i, p in enumerate(players)]
    setup = setup_to_dict(players, rng.randrange(n_players), dial_seed=dial_seed, shuffle_seed=seed, wheel=wheel)
    state = new_game_from_dict(setup)
    actions = []
    while not state.is_over:
        if len(actions) >= max_actions:
            raise CompanionError(f"random Scoop game {seed} did not end in {max_actions} actions")
        a = resolve_action(state, (_quick_policy if policy == "quick" else _policy)(state, rng))
        before, state = state, apply(state, a)
        if on_step is not None:
            on_step(before, a, state)
        actions.append(a)
    return setup, actions


def _policy(s: GameState, rng: random.Random):
    pend = s.pending
    if pend is not None:
        acts = legal_actions(s)
        kind = pend["kind"]
        if kind == "call":
            blocks = [a for a in acts if isinstance(a, LinesDown)]
            if blocks and rng.random() < 0.04:
                return rng.choice(blocks)
            return acts[0]
        if kind == "choose":
            if pend["signal"] == "press":
                me = pend["actor"]
                ahead = s.scores[me] >= max(s.scores)
                return acts[0] if ahead or rng.random() < 0.3 else acts[1]
            return acts[-1] if len(acts) > 1 else acts[0]
        if kind == "sale":
            buy = [a for a in acts if isinstance(a, Buy)]
            if buy and s.players[pend["actor"]].cash > pend["value"] + 800 and rng.random() < 0.6:
                return buy[0]
            return [a for a in acts if isinstance(a, Decline)][0]
        offers = [a for a in acts if isinstance(a, Offer)]  # bankrupt
        return rng.choice(offers) if offers and rng.random() < 0.9 else acts[-1]
    seat = s.turn_player
    claims = _claims(s, seat)
    if claims:
        return rng.choice(claims)
    p = s.players[seat]
    if not p.hand:
        return Pass(seat)
    cat = s.catalog
    spaces = s.spaces(seat)
    if p.cash >= 800 and rng.random() < 0.5:
        # keep a pair (or a single card) of a type of the page in a free or matching reserve space
        for c1 in p.hand:
            k = cat.kind_of_card(c1)
            if k is None or k not in spaces or k == "three_star":
                continue
            pair = [c for c in p.hand if c != c1 and cat.kind_of_card(c) == k][:1]
            for sp in range(len(p.reserve)):
                a = Reserve(seat, tuple([c1] + pair), (sp,) * (1 + len(pair)))
                try:
                    _check_reserve(s, a)
                except RuleError:
                    continue
                return a
    if rng.random() < 0.25:  # players change their minds: no hoarding stalls the table
        return Exchange(seat, rng.choice(p.hand))
    return Exchange(seat, _least_useful(s, seat, rng, open_space_bonus=0.0))


def _quick_policy(s: GameState, rng: random.Random):
    """Players who play to finish (see :func:`random_game`)."""
    pend = s.pending
    if pend is not None:
        acts = legal_actions(s)
        kind = pend["kind"]
        if kind == "call":
            return acts[0]
        if kind == "choose":
            return acts[0] if pend["signal"] == "press" else acts[-1]
        if kind == "sale":
            buy = [a for a in acts if isinstance(a, Buy)]
            if buy and s.players[pend["actor"]].cash > pend["value"] + 500:
                return buy[0]
            return [a for a in acts if isinstance(a, Decline)][0]
        offers = [a for a in acts if isinstance(a, Offer)]
        return offers[0] if offers else acts[-1]
    seat = s.turn_player
    claims = _claims(s, seat)
    if claims:
        return rng.choice(claims)
    p = s.players[seat]
    if not p.hand:
        return Pass(seat)
    cat = s.catalog
    spaces = s.spaces(seat)
    if p.cash >= 800:
        for c1 in p.hand:
            k = cat.kind_of_card(c1)
            if k is None or k not in spaces or k == "three_star":
                continue
            pair = [c for c in p.hand if c != c1 and cat.kind_of_card(c) == k][:1]
            if not pair:
                continue
            for sp in range(len(p.reserve)):
                a = Reserve(seat, (c1, pair[0]), (sp, sp))
                try:
                    _check_reserve(s, a)
                except RuleError:
                    continue
                return a
    return Exchange(seat, _least_useful(s, seat, rng, open_space_bonus=0.5))


def _least_useful(s: GameState, seat: int, rng: random.Random, open_space_bonus: float) -> str:
    """The card of ``seat``'s hand a random player exchanges: one of a kind his page
    has no space for, else of the kind he holds fewest of (hand and reserve; a kind
    whose page space is still empty counts ``open_space_bonus`` more); ties at random."""
    p, cat, spaces = s.players[seat], s.catalog, s.spaces(seat)
    held: dict[str, int] = {}
    for c in set(p.hand) | {c for r in p.reserve for c in r}:
        k = cat.kind_of_card(c)
        if k is not None:
            held[k] = held.get(k, 0) + 1

    def worth(card: str) -> float:
        if card == SCOOP_CARD:
            return 1.5
        k = cat.kind_of_card(card)
        return 0 if k not in spaces else held.get(k, 0) + (open_space_bonus if not p.page.get(k) else 0)

    return min(p.hand, key=lambda c: (worth(c), rng.random()))


# -------------------------------------------------------------- descriptions


SIGNAL_WORDS = {"three_star": "Three Star", "extra": "Extra", "press": "Press", "synd": "Synd", "ok": "OK",
                "kill": "Kill It", "libel": "X (libel)", "editor": "!!! (the editor wants to see you)"}


def _acct(s: GameState, x) -> str:
    return "bank" if x == BANK else _name(s, x)


def describe(s: GameState) -> str:
    """The state as text (``companion replay``): cash and page per player, the
    ledger's last transfers, the dial, what is pending."""
    lines = []
    for i, p in enumerate(s.players):
        if p.out:
            lines.append(f"{_name(s, i)}: left the game")
            continue
        page = ", ".join(f"{k} {'+'.join(map(str, v))}" for k, v in p.page.items() if v)
        if p.star_three:
            page += f", star space three-star {'+'.join(map(str, p.star_three))}"
        kept = f"; kept star {'+'.join(map(str, p.kept))} (half)" if p.kept else ""
        res = " | ".join(",".join(r) for r in p.reserve if r)
        lines.append(f"{_name(s, i)} (page {p.design}): ${p.cash}; value ${s.scores[i]}; page: {page or '-'}{kept}; "
                     f"hand {len(p.hand)}{'; reserve ' + res if res else ''}")
    new = [t for t in s.ledger if t.action == s.n_actions - 1]
    for t in new:
        lines.append(f"ledger: ${t.amount} {_acct(s, t.payer)} -> {_acct(s, t.payee)} ({t.reason})")
    if s.calls and s.last_dial_at == s.n_actions - 1:
        c = s.calls[-1]
        lines.append(f"dial: {SIGNAL_WORDS.get(c.signal, c.signal)} (call {c.index + 1}, number {c.number}, "
                     f"wheel {c.before} -> {c.after}; {s.catalog.wheel.file or s.catalog.wheel.name})")
    if s.pending:
        lines.append(f"waiting: {s.pending['kind']} by {_name(s, s.pending['actor'])}")
    if s.final:
        f = s.final
        lines.append(f"went to press: {_name(s, f.pressed_by)} ({f.how}); winners: "
                     f"{', '.join(_name(s, w) for w in f.winners)}; values from {', '.join(f.files)}")
    return "\n".join(lines)


def bank(s: GameState, seat: int | None = None) -> dict:
    """The bank as players see it: ``{"cash": [$ per seat], "rows": [...]}`` where each
    row is a transfer (``action`` index, ``payer``/``payee`` seat or "bank", names,
    ``amount`` $, ``reason``), oldest first; with ``seat``, only that player's
    transfers, with ``signed`` (+ received, - paid) and ``balance`` after it."""
    rows = []
    bal = 0
    for t in s.ledger:
        if seat is not None and seat not in (t.payer, t.payee):
            continue
        row = dict(t.to_dict(), payer_name=_acct(s, t.payer), payee_name=_acct(s, t.payee))
        if seat is not None:
            row["signed"] = t.amount if t.payee == seat else -t.amount
            bal += row["signed"]
            row["balance"] = bal
        rows.append(row)
    return {"cash": [p.cash for p in s.players], "rows": rows}


def record_summary(s: GameState) -> dict:
    """Added to exports: cash, the ledger, the dial's calls and commitment, and
    the seed once the game is over."""
    out: dict = {"cash": [p.cash for p in s.players], "ledger": [t.to_dict() for t in s.ledger],
                 "dial": {"commitment": s.commitment, "wheel": s.catalog.wheel.to_dict(),
                          "calls": [c.to_dict() for c in s.calls]},
                 "values_from": list(s.catalog.files), "left": list(s.left)}
    if s.final is not None:
        out["dial"]["seed"] = s.setup["dial_seed"]
    return out

