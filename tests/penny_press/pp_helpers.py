"""Helpers for the Penny Press tests: players and hand-built board positions."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.errors import RuleError
from companion.games.penny_press import GameState, PlayerSpec, load_catalog, new_game
from companion.games.penny_press.catalog import FrozenDict as MappingProxyType
from companion.games.penny_press.engine import _arrows

CAT = load_catalog()
COLOURS = ("red", "blue", "green", "yellow", "black")


def players(n: int) -> list[PlayerSpec]:
    return [PlayerSpec(COLOURS[i], f"P{i}", f"Paper {i}") for i in range(n)]


def game(n: int = 3, cards=None, first: int = 0, strike: bool = False) -> GameState:
    cards = cards or [f"H{i + 1:02d}" for i in range(n)]
    return new_game(players(n), cards, first, strike)


def position(state: GameState, columns: dict[str, list[str]] | None = None,
             reporters: dict[str, list[int]] | None = None, **fields) -> GameState:
    """The state with the given beat columns (others emptied when columns is given),
    reporters (story -> per-player counts; home recomputed) and other fields; the
    arrows are recomputed as the engine does between turns, unless
    ``arrow_position`` is given."""
    cat = state.catalog
    if columns is not None:
        board = {b: tuple(columns.get(b, ())) for b in cat.beats}
        on = {s for col in board.values() for s in col}
        piles = {k: tuple(s for s in v if s not in on) for k, v in cat.initial_piles().items()}
        state = replace(state, board=MappingProxyType(board), piles=MappingProxyType(piles))
    if reporters is not None:
        reps = {s: tuple(c) for s, c in reporters.items() if any(c)}
        home = tuple(cat.reporters_per_player - sum(c[q] for c in reps.values())
                     for q in range(state.n_players))
        state = replace(state, reporters=MappingProxyType(reps), home=home)
    if "arrow_position" not in fields:
        fields["arrow_position"] = MappingProxyType(_arrows(cat, state.board, state.reporters))
    for k, v in list(fields.items()):
        if isinstance(v, dict):
            fields[k] = MappingProxyType(v)
    return replace(state, **fields)


def rejects(state: GameState, action, apply_fn, rule_part: str) -> RuleError:
    """Assert that the action raises RuleError naming rule_part and leaves the state
    unchanged."""
    before = state
    snapshot = (dict(state.board), dict(state.reporters), state.home, state.scores, state.phase,
                state.current_player)
    with pytest.raises(RuleError) as ei:
        apply_fn(state, action)
    assert rule_part in ei.value.rule, ei.value.rule
    assert state == before
    assert snapshot == (dict(state.board), dict(state.reporters), state.home, state.scores, state.phase,
                        state.current_player)
    return ei.value
