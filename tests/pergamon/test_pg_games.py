"""Property tests: random legal Pergamon games played to the end through the game
journal (companion.journal.Journal, game "pergamon"); every journal reopened from its
file replays to the same VP; invariants hold after every action; every action
legal_actions offers is accepted. Thousands of games: benchmarks/bench_pergamon.py."""

from __future__ import annotations

import json
import os
import tempfile
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import RuleError
from companion.games.pergamon import (action_from_dict, action_to_dict, apply, default_catalog,
                                      legal_actions, new_game_from_dict, random_game)
from companion.journal import Journal

CAT = default_catalog()


@pytest.fixture
def fast_dir(tmp_path):
    """A folder for journals: RAM (/dev/shm) when there is one, since every journal
    event is an fsync'ed transaction; else pytest's tmp_path."""
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        with tempfile.TemporaryDirectory(dir=shm) as d:
            yield Path(d)
    else:
        yield tmp_path


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_through_the_journal_replay_to_the_same_vp(n, fast_dir):
    for seed in range(100):                               # 300 games over the three counts
        setup, actions = random_game(1000 * n + seed, n)
        path = fast_dir / f"g{n}-{seed}.pergamon"
        with Journal.create(path, "pergamon", setup) as j:
            for a in actions:
                j.append(a)
            end = j.state
            assert end.is_over and end.final is not None
            assert end.final.scores == end.scores
        with Journal.open(path) as again:                 # replay from the file
            assert again.game == "pergamon"
            assert again.state == end
            assert again.state.final.scores == end.final.scores
        if seed % 10 == 0:
            assert random_game(1000 * n + seed, n) == (setup, actions)   # seeded: same game


def _check_invariants(s):
    cat = s.catalog
    n = s.n_players
    # every tile turned up is in exactly one place
    places = [t for g in s.galleries for t in g] + [t for h in s.hands for t in h] + \
             [t for c in s.shown for t in c.finds] + list(s.box)
    assert Counter(places) == Counter(s.presented)
    assert all(len(g) <= cat.gallery_slots for g in s.galleries)
    assert min(s.coins) >= 0 and s.raider_coins >= 0
    assert all(Counter(s.cards_used)[v] <= k for v, k in cat.funds_cards.items())
    spaces = [c.space for c in s.shown]
    assert len(spaces) == len(set(spaces)) and all(1 <= x <= cat.plan_spaces for x in spaces)
    for q in range(n):
        mine = [c.marker for c in s.shown if c.owner == q]
        assert len(mine) == len(set(mine)) <= cat.markers
    for c in s.shown:
        for a, b in zip(c.finds, c.finds[1:]):
            assert cat.tiles[a].right == cat.tiles[b].left
    assert (s.raider_space is not None) == (s.has_raider and s.phase in ("bid", "reveal", "act", "over"))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), n=st.integers(2, 4))
def test_invariants_and_legal_actions_after_every_action(seed, n):
    setup, actions = random_game(seed, n)
    s = new_game_from_dict(json.loads(json.dumps(setup)))
    last = s.scores
    for a in actions:
        offered = legal_actions(s)
        assert offered, s.phase
        for b in offered[:6]:
            apply(s, b)                       # every offered action is accepted
        if getattr(a, "player", None) is not None:
            other = replace(a, player=(a.player + 1) % n)        # the same move by another seat
            with pytest.raises(RuleError):
                apply(s, other)
        s = apply(s, action_from_dict(json.loads(json.dumps(action_to_dict(a)))))
        assert all(x >= y for x, y in zip(s.scores, last))   # VP never go down
        last = s.scores
        _check_invariants(s)
    assert s.is_over and legal_actions(s) == []
    with pytest.raises(RuleError):
        apply(s, actions[-1])


def test_undo_takes_back_your_own_move_never_a_revealed_card_or_find(fast_dir):
    setup, actions = random_game(11, 3)
    with Journal.create(fast_dir / "u.pergamon", "pergamon", setup) as j:
        assert j.undo_barriers == {"present_finds", "draw_funds", "reveal_funds"}
        i = 0
        while type(actions[i]).__name__ != "PlaceFigure":
            j.append(actions[i])
            i += 1
        with pytest.raises(RuleError):
            j.undo(j.state.current_player)               # the backs were drawn: not undone
        before = j.state
        j.append(actions[i])                              # a figure placed
        j.undo(actions[i].player)
        assert j.state == before
        for a in actions[i:]:
            j.append(a)
            if type(a).__name__ == "RevealFunds":
                break
        with pytest.raises(RuleError):
            j.undo(j.state.current_player)               # the cards are face up: not undone
