"""Turin Market actions: frozen dataclasses and their JSON-safe dict form.

Players are seats 0..n-1. Secret choices (the cards put up for auction, the bids,
the tie-round additions, the card kept in hand) are journalled as one *reveal*
action carrying every player's choice at once, in seat order: whether the tablet was
passed round with the screen hidden (:mod:`companion.games.turin_market.secret`) or
the players revealed on the table and one of them typed the values in, the journal
holds the same event. Reveal actions have no ``player``.

Every action is validated by :func:`companion.games.turin_market.engine.apply`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from companion.errors import RuleError


def _tuple(obj, name):
    v = getattr(obj, name)
    if isinstance(v, list):
        object.__setattr__(obj, name, tuple(v))


@dataclass(frozen=True)
class RevealCards:
    """Auction step 1: the card each player put face down, revealed together.
    ``cards[p]`` is seat p's card id (``"T07"``)."""

    cards: tuple[str, ...]

    def __post_init__(self):
        _tuple(self, "cards")


@dataclass(frozen=True)
class RevealBids:
    """Auction step 2: every player's bid in shields (>= 0), revealed together."""

    bids: tuple[int, ...]

    def __post_init__(self):
        _tuple(self, "bids")


@dataclass(frozen=True)
class RevealTieBids:
    """Tie round: the shields each tied player adds to their bid, revealed together.
    ``adds[p]`` is an int (>= 0) for each player of the tie being settled (the
    highest unsettled one) and None for everyone else."""

    adds: tuple[int | None, ...]

    def __post_init__(self):
        _tuple(self, "adds")


@dataclass(frozen=True)
class FlipCoin:
    """A tie still standing after its tie round is settled by chance: ``order`` lists
    the tied players, best position first. :func:`engine.seeded_flip` gives the
    journal's seeded flip; a coin tossed at the table is entered the same way."""

    order: tuple[int, ...]

    def __post_init__(self):
        _tuple(self, "order")


@dataclass(frozen=True)
class Pick:
    """Auction step 3: ``player`` keeps ``card`` from the centre (in rank order)."""

    player: int
    card: str


@dataclass(frozen=True)
class OfferForSale:
    """Auction step 4: ``player`` puts ``price`` shields (>= 1, from their own
    shields) on one face-up ``card``; a buyer pays that price."""

    player: int
    card: str
    price: int


@dataclass(frozen=True)
class PassSale:
    """Auction step 4: ``player`` offers no card this round."""

    player: int


@dataclass(frozen=True)
class Withdraw:
    """``player`` takes their card off sale; the shields on it come back (allowed
    once the shields have stayed on it for one whole auction)."""

    player: int
    card: str


@dataclass(frozen=True)
class Buy:
    """``player`` buys ``card`` (on sale by another player) at any time: pays the
    price to the seller, who also takes back the shields that were on it."""

    player: int
    card: str


@dataclass(frozen=True)
class ChooseBuyer:
    """Two or more players claimed ``card`` at once: its seller ``player`` chooses
    ``buyer`` among ``claimants``. Same effect as ``Buy(buyer, card)``."""

    player: int
    card: str
    buyer: int
    claimants: tuple[int, ...]

    def __post_init__(self):
        _tuple(self, "claimants")


@dataclass(frozen=True)
class TakeLoan:
    """``player`` takes a loan: 10 shields now, 15 back after the final payouts."""

    player: int


@dataclass(frozen=True)
class RevealLeftovers:
    """End of a 2-3 player game: the card left in each hand, revealed together and
    added to the player's face-up cards. ``cards[p]`` per seat."""

    cards: tuple[str, ...]

    def __post_init__(self):
        _tuple(self, "cards")


Action = Union[RevealCards, RevealBids, RevealTieBids, FlipCoin, Pick, OfferForSale, PassSale, Withdraw, Buy,
               ChooseBuyer, TakeLoan, RevealLeftovers]

_KINDS = {RevealCards: "reveal_cards", RevealBids: "reveal_bids", RevealTieBids: "reveal_tie_bids",
          FlipCoin: "flip_coin", Pick: "pick", OfferForSale: "offer_for_sale", PassSale: "pass_sale",
          Withdraw: "withdraw", Buy: "buy", ChooseBuyer: "choose_buyer", TakeLoan: "take_loan",
          RevealLeftovers: "reveal_leftovers"}

#: Action types that reveal hidden information or chance; an undo never crosses them.
UNDO_BARRIERS = frozenset({"reveal_cards", "reveal_bids", "reveal_tie_bids", "flip_coin", "reveal_leftovers"})

R_CODEC = "Turin Market: journal record"


def action_to_dict(a: Action) -> dict:
    """JSON-safe dict of an action, e.g. ``{"action": "reveal_bids", "bids": [2, 2, 4]}``
    or ``{"action": "pick", "player": 2, "card": "T05"}``. Round-trips exactly with
    :func:`action_from_dict`. Raises RuleError for a non-Turin Market object."""
    kind = _KINDS.get(type(a))
    if kind is None:
        raise RuleError(f"not a Turin Market action: {a!r}", R_CODEC)
    if isinstance(a, (RevealCards, RevealLeftovers)):
        return {"action": kind, "cards": list(a.cards)}
    if isinstance(a, RevealBids):
        return {"action": kind, "bids": list(a.bids)}
    if isinstance(a, RevealTieBids):
        return {"action": kind, "adds": list(a.adds)}
    if isinstance(a, FlipCoin):
        return {"action": kind, "order": list(a.order)}
    if isinstance(a, (Pick, Withdraw, Buy)):
        return {"action": kind, "player": a.player, "card": a.card}
    if isinstance(a, OfferForSale):
        return {"action": kind, "player": a.player, "card": a.card, "price": a.price}
    if isinstance(a, ChooseBuyer):
        return {"action": kind, "player": a.player, "card": a.card, "buyer": a.buyer,
                "claimants": list(a.claimants)}
    return {"action": kind, "player": a.player}


def action_from_dict(d: Any) -> Action:
    """Inverse of :func:`action_to_dict`. Raises RuleError (rule "Turin Market:
    journal record") for an unknown kind, a missing field or a wrong type; legality
    is :func:`apply`'s job."""
    if not isinstance(d, dict):
        raise RuleError(f"an action must be a dict, got {type(d).__name__}", R_CODEC)
    kind = d.get("action")

    def f(name, typ):
        if name not in d:
            raise RuleError(f"action {kind!r} needs field {name!r}", R_CODEC)
        v = d[name]
        if typ is int and type(v) is not int:
            raise RuleError(f"field {name!r} must be an integer, got {v!r}", R_CODEC)
        if typ is str and not isinstance(v, str):
            raise RuleError(f"field {name!r} must be a string, got {v!r}", R_CODEC)
        return v

    def lst(name, item, none_ok=False):
        v = d.get(name)
        ok = isinstance(v, list) and all((x is None and none_ok) or (item is int and type(x) is int)
                                         or (item is str and isinstance(x, str)) for x in v)
        if not ok:
            raise RuleError(f"field {name!r} must be a list of {'integers' if item is int else 'card ids'}"
                            f"{' or null' if none_ok else ''}, got {v!r}", R_CODEC)
        return tuple(v)

    if kind == "reveal_cards":
        return RevealCards(lst("cards", str))
    if kind == "reveal_leftovers":
        return RevealLeftovers(lst("cards", str))
    if kind == "reveal_bids":
        return RevealBids(lst("bids", int))
    if kind == "reveal_tie_bids":
        return RevealTieBids(lst("adds", int, none_ok=True))
    if kind == "flip_coin":
        return FlipCoin(lst("order", int))
    if kind == "pick":
        return Pick(f("player", int), f("card", str))
    if kind == "withdraw":
        return Withdraw(f("player", int), f("card", str))
    if kind == "buy":
        return Buy(f("player", int), f("card", str))
    if kind == "offer_for_sale":
        return OfferForSale(f("player", int), f("card", str), f("price", int))
    if kind == "choose_buyer":
        return ChooseBuyer(f("player", int), f("card", str), f("buyer", int), lst("claimants", int))
    if kind == "pass_sale":
        return PassSale(f("player", int))
    if kind == "take_loan":
        return TakeLoan(f("player", int))
    raise RuleError(f"unknown Turin Market action {kind!r}", R_CODEC)
