"""A Scoop setup carries its data (journals and records from someone else): bad
counts and values are a CompanionError, never an OverflowError or a list the size of
the memory (found by benchmarks/reliability's hostile part: a record with
rules.hand_size = 10**80 or a pile value of Infinity crashed replay, and one with a
huge count was OOM-killed at 20 GB)."""

from __future__ import annotations

import copy
import json

import pytest

from companion.errors import CompanionError
from companion.games.scoop import engine


@pytest.fixture(scope="module")
def setup():
    s, _ = engine.random_game(17000, 2)
    return json.loads(json.dumps(s))


@pytest.mark.parametrize("where, value", [
    (("values", "piles", "sport", 2), float("inf")),
    (("values", "piles", "three_star", 1), float("nan")),
    (("rules", "hand_size"), 10 ** 80),
    (("rules", "reserve_spaces"), 10 ** 12),
    (("rules", "reserve_capacity"), -1),
    (("cards", "copies"), 10 ** 18),
    (("cards", "scoop_cards"), 10 ** 15),
    (("pages", "story_spaces"), 10 ** 9),
])
def test_bad_counts_in_a_setup_are_refused(setup, where, value):
    bad = copy.deepcopy(setup)
    node = bad["data"]
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    with pytest.raises(CompanionError):
        engine.new_game_from_dict(bad)


def test_the_shipped_data_is_within_the_bounds(setup):
    assert engine.new_game_from_dict(setup) is not None
