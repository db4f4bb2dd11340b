"""Helpers for the Pergamon tests: a catalog with hand-made tiles and funds spaces
(so the worked examples do not depend on the unverified data guesses) and
hand-built positions."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.errors import RuleError
from companion.games.pergamon import (FundsSpace, GameState, PlayerSpec, Tile, default_catalog, new_game)
from companion.games.pergamon.engine import ACT, Shown

BASE = default_catalog()


def tile(tid: str, century: int, number: int, left: str = "vase", right: str = "jug") -> Tile:
    return Tile(tid, century, number, left, right)


def catalog(tiles, spaces=None, **fields):
    """The default rules with these tiles; ``spaces``: [(coins, deepest), ...] from the
    right, replacing the 13 funds spaces."""
    cat = BASE.with_tiles(tiles)
    if spaces is not None:
        cat = replace(cat, funds_spaces=tuple(FundsSpace(i + 1, c, d) for i, (c, d) in enumerate(spaces)))
    return replace(cat, **fields) if fields else cat


def players(n: int):
    return [PlayerSpec(f"P{i}", c) for i, c in zip(range(n), ("red", "blue", "green", "yellow"))]


def game(n: int = 3, cat=None, first: int = 0) -> GameState:
    return new_game(players(n), first, cat)


def acting(state: GameState, player: int = 0, coins: int = 10, hand=(), space: int = 13,
           others_space=None, **fields) -> GameState:
    """``player`` to act now (phase act, queue starting with them) with ``coins``,
    ``hand`` and a figure on funds ``space``; other fields replaced as given."""
    n = state.n_players
    figures = list(fields.pop("figures", [None] * n))
    figures[player] = space
    queue = fields.pop("queue", (player,))
    coins_t = list(fields.pop("coins", state.coins))
    coins_t[player] = coins
    hands = list(fields.pop("hands", state.hands))
    hands[player] = tuple(hand)
    return replace(state, phase=ACT, figures=tuple(figures), queue=tuple(queue), coins=tuple(coins_t),
                   hands=tuple(hands), **fields)


def shown(owner, marker, finds, space, value=None):
    return Shown(owner, marker, tuple(finds), value if value is not None else space, space)


def rejects(state: GameState, action, apply, rule_part: str) -> RuleError:
    """Assert ``apply(state, action)`` raises RuleError whose rule contains
    ``rule_part`` and that the state is unchanged."""
    before = replace(state)
    with pytest.raises(RuleError) as info:
        apply(state, action)
    assert rule_part in info.value.rule, info.value
    assert state == before
    return info.value
