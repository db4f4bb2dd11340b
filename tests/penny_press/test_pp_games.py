"""Property tests: hundreds of random legal games to the end (thousands, as figures:
benchmarks/bench_games.py), replay from JSON gives
identical states and scores, invariants hold after every action, and every action
legal_actions offers is accepted."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError, RuleError
from companion.games.penny_press import (Assign, DeclinePress, DrawHeadline, FrontPage, GoToPress, PassNewsboy,
                                         Placement, Reassign, Recall, action_from_dict, action_to_dict, apply, describe,
                                         legal_actions, load_catalog, new_game_from_dict, random_game)
from companion.games.penny_press.engine import _arrows

CAT = load_catalog()


def _replay(setup: dict, actions):
    s = new_game_from_dict(json.loads(json.dumps(setup)))
    for a in actions:
        s = apply(s, action_from_dict(json.loads(json.dumps(action_to_dict(a)))))
    return s


def _play(setup, actions):
    s = new_game_from_dict(setup)
    for a in actions:
        s = apply(s, a)
    return s


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_many_random_games_end_and_replay_identically(n):
    games = 100  # thousands: benchmarks/bench_games.py (figures, every registered game)
    for seed in range(games):
        strike = n >= 4 and seed % 2 == 1
        setup, actions = random_game(seed * 7 + n, n, strike)
        end = _play(setup, actions)
        assert end.is_over and end.final is not None
        again = _replay(setup, actions)
        assert again == end
        assert again.final.scores == end.final.scores
        assert random_game(seed * 7 + n, n, strike) == (setup, actions)   # seeded: same game


def _check_invariants(s):
    n = s.n_players
    for q in range(n):
        assert s.home[q] + sum(c[q] for c in s.reporters.values()) == CAT.reporters_per_player
        assert s.home[q] >= 0
    for sid, c in s.reporters.items():
        assert s.on_board(sid) and any(c) and min(c) >= 0
    every = [x for col in s.board.values() for x in col] + [x for p in s.piles.values() for x in p] + \
            [x for pub in s.published for x in pub]
    assert sorted(every) == sorted(CAT.stories)
    for b in CAT.beats:
        assert sum(CAT.stories[x].column_spaces for x in s.board[b]) <= CAT.column_spaces
        assert all(CAT.stories[x].beat == b for x in s.board[b])
    if s.phase == "normal" and not s.awaiting_draw:
        assert dict(s.arrow_position) == _arrows(CAT, s.board, s.reporters)
    assert all(CAT.bonus_start <= v <= CAT.bonus_max for v in s.bonus_track.values())


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**31), n=st.integers(2, 5), strike=st.booleans())
def test_invariants_after_every_action(seed, n, strike):
    strike = strike and n >= 4
    setup, actions = random_game(seed, n, strike)
    s = new_game_from_dict(setup)
    last_scores = s.scores
    for a in actions:
        prev = s
        s = apply(s, a)
        assert prev is not s
        _check_invariants(s)
        assert all(x >= y for x, y in zip(s.scores, last_scores))
        last_scores = s.scores
        d = action_to_dict(a)
        assert action_to_dict(action_from_dict(d)) == d and action_from_dict(d) == a
    for r in s.press_results:
        assert 0 <= r.total <= r.best_total
        assert r.solver_placement and r.total == r.best_total
    assert s.final.rank.count(1) == len(s.final.winners) >= 1
    assert describe(s).startswith("Game over.")


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), n=st.integers(2, 5))
def test_every_offered_action_is_accepted(seed, n):
    rng = random.Random(seed)
    setup, actions = random_game(seed, n, n >= 4 and seed % 2 == 0)
    deck = [a.card for a in actions if isinstance(a, DrawHeadline)]
    s = new_game_from_dict(setup)
    steps = 0
    while not s.is_over and steps < 400:
        if s.awaiting_draw:
            s = apply(s, DrawHeadline(deck.pop(0) if deck else s.deck()[0]))
            continue
        la = legal_actions(s)
        assert la and len(set(la)) == len(la)
        for a in rng.sample(la, min(len(la), 12)):
            apply(s, a)
        press = [a for a in la if isinstance(a, GoToPress)]
        s = apply(s, press[0] if press and rng.random() < 0.3 else rng.choice(la))
        steps += 1


def test_explicit_front_pages_round_trip_and_replay():
    setup, actions = random_game(11, 3)
    s = new_game_from_dict(setup)
    rewritten = []
    for a in actions:
        if isinstance(a, GoToPress):
            r = apply(s, a).press_results[-1]
            a = GoToPress(a.player, FrontPage(r.front_page.placements))
        d = json.loads(json.dumps(action_to_dict(a)))
        assert action_from_dict(d) == a
        s = apply(s, a)
        rewritten.append(a)
    assert s == _play(setup, actions)


@pytest.mark.parametrize("bad", [
    {}, {"action": "fly", "player": 0}, {"action": "assign", "player": "0", "story": "war-A1", "count": 1},
    {"action": "recall", "player": 0, "stories": "war-A1"},
    {"action": "go_to_press", "player": 0, "front_page": {"placements": [["war-A1", 0]]}},
    [1, 2],
])
def test_malformed_action_dicts(bad):
    with pytest.raises(CompanionError):
        action_from_dict(bad)


def test_setup_record_errors():
    with pytest.raises(CompanionError):
        new_game_from_dict({"game": "scoop", "players": [], "headline_cards": []})
    with pytest.raises(CompanionError):
        new_game_from_dict({"players": [{"name": "x"}], "headline_cards": ["H01"]})


def test_decline_only_when_stuck_in_normal_play():
    setup, actions = random_game(5, 3)
    s = new_game_from_dict(setup)
    assert DeclinePress(s.current_player) not in legal_actions(s)
    assert Recall(s.current_player, ("war-A1",)) not in legal_actions(s)
    assert any(isinstance(a, Assign) and a.count == 5 for a in legal_actions(s))
    assert not any(isinstance(a, GoToPress) for a in legal_actions(s))
    assert Placement("x", 0, 0) != Placement("x", 0, 0, True)


def _canonical(a):
    return Recall(a.player, tuple(sorted(a.stories))) if isinstance(a, Recall) else a


def _candidates(s):
    """Every action of the player to act that apply might accept: all assigns (1..5),
    every recall multiset of own reporters, every reassign, press, pass, newsboy."""
    p = s.current_player
    stories = [x for b in s.catalog.beats for x in s.board[b]]
    own = [(x, s.reporters[x][p]) for x in stories if x in s.reporters and s.reporters[x][p]]
    out = [GoToPress(p), DeclinePress(p), PassNewsboy(p)]
    out += [Assign(p, x, k) for x in stories for k in range(1, 6)]
    out += [Reassign(p, x, y) for x in stories for y in stories]
    for counts in itertools.product(*[range(k + 1) for _, k in own]):
        picked = tuple(x for (x, _), c in zip(own, counts) for _ in range(c))
        if picked:
            out.append(Recall(p, picked[::-1]))      # any order: apply accepts it
    return out


@pytest.mark.parametrize("seed, n", [(3, 2), (4, 3), (21, 4), (8, 5)])
def test_legal_actions_are_exactly_the_actions_apply_accepts(seed, n):
    """The registry contract: legal_actions lists every action apply accepts now (up
    to the order of a recall's stories), and nothing apply refuses; checked on every
    state of a random game, final edition included."""
    setup, actions = random_game(seed, n, n >= 4)
    s = new_game_from_dict(setup)
    for a in actions:
        if not s.awaiting_draw:
            accepted = set()
            for c in _candidates(s):
                try:
                    apply(s, c)
                except RuleError:
                    continue
                accepted.add(_canonical(c))
            listed = {_canonical(x) for x in legal_actions(s)}
            assert listed == accepted, (s.phase, listed ^ accepted)
        s = apply(s, a)
