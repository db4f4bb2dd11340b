"""Secret choices without a second device (Turin Market: steps 1 and 2, tie rounds).

The app passes the tablet round the table with the screen hidden between players:
each player enters their card (or bid, or tie-round addition) alone, it is checked
at once against what that player may do, and nothing is shown to the next player.
When everyone has entered, :meth:`SecretRound.reveal` gives the one reveal action
that the journal records, the same action as when the players reveal on the table
and one of them types the values in. Nothing is journalled before the reveal: a
crash mid-collection loses only the hidden entries, which the players still know.

Pure and deterministic, no UI: the screens (ui/) drive it.
"""

from __future__ import annotations

from typing import Any

from companion.errors import RuleError
from companion.games.turin_market.actions import RevealBids, RevealCards, RevealLeftovers, RevealTieBids
from companion.games.turin_market.engine import (BIDS, CARDS, LEFTOVER, R_CARDS, R_LEFTOVER, TIES, GameState,
                                                  apply, check_bid, check_tie_add, seats)

_KIND = {CARDS: "card", LEFTOVER: "card", BIDS: "bid", TIES: "tie_add"}


class SecretRound:
    """Collects one hidden choice per player for the state's reveal step.

    ``kind`` is ``"card"`` (cards up for auction, or the card left in hand),
    ``"bid"`` or ``"tie_add"`` (only the tied players are asked). Raises RuleError
    when the state has no secret step now.
    """

    def __init__(self, state: GameState):
        if state.phase not in _KIND:
            raise RuleError("no secret choice is due now", R_CARDS, "tm.no_secret")
        self.state = state
        self.kind = _KIND[state.phase]
        if self.kind == "tie_add":
            self.players: tuple[int, ...] = state.auction.pending[0][2]
        else:
            self.players = tuple(range(state.n_players))
        self._values: dict[int, Any] = {}

    @property
    def waiting(self) -> tuple[int, ...]:
        """Players who have not entered their choice yet, in seat order."""
        return tuple(p for p in self.players if p not in self._values)

    @property
    def complete(self) -> bool:
        return not self.waiting

    def submit(self, player: int, value: Any) -> None:
        """Record ``player``'s hidden choice (a card id, or shields). Raises RuleError
        (nothing recorded) if the player is not asked, or the choice is not allowed
        for them: an unknown or already seen card, a card another player already
        entered, a bid above their shields, a tie addition beyond them."""
        if player not in self.players:
            raise RuleError(f"player {player + 1} has no secret choice to make now", R_CARDS, "tm.not_asked",
                            {"seat": player})
        if self.kind == "card":
            rule = R_CARDS if self.state.phase == CARDS else R_LEFTOVER
            if not isinstance(value, str) or value not in self.state.catalog.cards:
                raise RuleError(f"unknown goods card {value!r}", rule, "tm.unknown_card", {"card": str(value)})
            if value in self.state.seen:
                raise RuleError(f"card {value} has already been seen in this game; it cannot be in a hand", rule,
                                "tm.card_seen", {"card": value})
            if any(v == value for q, v in self._values.items() if q != player):
                raise RuleError(f"card {value} was entered by another player: check the card", rule,
                                "tm.card_entered", {"card": value})
        elif self.kind == "bid":
            check_bid(self.state, player, value)
        else:
            check_tie_add(self.state, player, value)
        self._values[player] = value

    def clear(self, player: int) -> None:
        """Forget ``player``'s entry (they want to change it before the reveal)."""
        self._values.pop(player, None)

    def reveal(self):
        """The reveal action with everyone's choice (RevealCards, RevealBids,
        RevealTieBids or RevealLeftovers). Raises RuleError while a player is
        missing. The action is checked against the state (apply) before it is
        returned."""
        if self.waiting:
            raise RuleError(f"waiting for player(s) {seats(self.waiting)}", R_CARDS, "tm.waiting",
                            {"seats": tuple(self.waiting)})
        n = self.state.n_players
        if self.kind == "card":
            vals = tuple(self._values[p] for p in range(n))
            act = RevealCards(vals) if self.state.phase == CARDS else RevealLeftovers(vals)
        elif self.kind == "bid":
            act = RevealBids(tuple(self._values[p] for p in range(n)))
        else:
            act = RevealTieBids(tuple(self._values.get(p) for p in range(n)))
        apply(self.state, act)   # raises RuleError if the whole is not legal
        return act
