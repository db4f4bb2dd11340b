"""Helpers for the Turin Market tests: scripted states reached through the engine."""

from __future__ import annotations

import pickle
from dataclasses import replace

import pytest

from companion.errors import RuleError
from companion.games.turin_market import (PassSale, Pick, RevealBids, RevealCards, apply, load_catalog, new_game,
                                          sell_waiting)
from companion.games.turin_market.engine import LEFTOVER

CAT = load_catalog()


def play(state, *actions):
    for a in actions:
        state = apply(state, a)
    return state


def rejected(state, action, rule_part: str):
    """Assert ``action`` raises RuleError whose rule contains ``rule_part`` and that
    the state is unchanged; return the error."""
    before = pickle.dumps(state)
    with pytest.raises(RuleError) as info:
        apply(state, action)
    assert rule_part in info.value.rule, info.value
    assert pickle.dumps(state) == before
    return info.value


def pass_all(state):
    """Everyone asked in the selling step passes."""
    while sell_waiting(state):
        state = apply(state, PassSale(sell_waiting(state)[0]))
    return state


def pick_first(state):
    """Each picker takes the first card left in the centre until the picks end."""
    while state.phase == "picks":
        a = state.auction
        taken = {c for _, c in a.picks}
        state = apply(state, Pick(a.pick_queue[0], [c for c in a.centre if c not in taken][0]))
    return state


def three_players(card="classic"):
    """A 3-player game at its first bid: P1, P2, P3 (seats 0-2) revealed T01-T03."""
    return play(new_game(3, card, seed=7), RevealCards(("T01", "T02", "T03")))


def four_players_round2(card="classic"):
    """A 4-player game at round 2's bids: round 1 (T01, T02 in the centre) was won
    by seats 0 and 1 (bids 5 and 4), then T03-T06 were revealed."""
    s = new_game(4, card, centre=("T01", "T02"), seed=3)
    s = play(s, RevealBids((5, 4, 0, 0)))
    s = pass_all(pick_first(s))
    return play(s, RevealCards(("T03", "T04", "T05", "T06")))


def at_leftover(n, owned, purse=None, loans=None, card="classic", seed=1):
    """A 2-3 player state at the reveal of the cards left in hand, with the face-up
    cards ``owned`` (per seat) and ``purse`` shields; the bank balances them."""
    s = new_game(n, card, seed=seed)
    purse = tuple(purse or (15,) * n)
    loans = tuple(loans or (0,) * n)
    debt = tuple(CAT.loan_repayment * k for k in loans)
    seen = frozenset(c for o in owned for c in o)
    bank = 15 * n - sum(purse)
    return replace(s, phase=LEFTOVER, round=5, hand_counts=(1,) * n, owned=tuple(tuple(o) for o in owned),
                   seen=seen, purse=purse, loans=loans, debt=debt, bank=bank, auctions_done=5)
