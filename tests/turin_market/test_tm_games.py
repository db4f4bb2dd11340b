"""Property tests: random legal Turin Market games at 2-5 players end; shields are
conserved between players, the bank and loans after every action; every game
replays from its JSON form, and its journal replays to the same final shields."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import RuleError
from companion.games.turin_market import (UNDO_BARRIERS, TakeLoan, action_from_dict, action_to_dict, apply,
                                          describe, legal_actions, new_game_from_dict, random_game)
from companion.journal import Journal
from tm_helpers import CAT


def _invariants(s):
    n = s.n_players
    assert sum(s.purse) + sum(s.on_sale) + s.bank == CAT.start_shields * n
    if not s.is_over:
        for p in range(n):
            assert s.purse[p] >= 0 and s.loans[p] <= CAT.loans_per_player
            assert s.debt[p] >= CAT.loan_repayment * s.loans[p]
            assert (s.debt[p] - CAT.loan_repayment * s.loans[p]) % CAT.bank_paid_debt == 0
    owned = [c for o in s.owned for c in o]
    assert len(owned) == len(set(owned))
    for c, o in s.offers.items():
        assert c in s.owned[o.seller] and o.price >= 1
    centre = s.auction.centre if s.auction else ()
    taken = {c for _, c in s.auction.picks} if s.auction else set()
    out_of_hand = set(owned) | set(s.discarded) | (set(centre) - taken)
    assert out_of_hand <= s.seen
    hand, _, out = CAT.deal[n]
    assert len(out_of_hand) + sum(s.hand_counts) == len(CAT.cards) - out


def _replay_json(setup, actions):
    s = new_game_from_dict(json.loads(json.dumps(setup)))
    for a in actions:
        s = apply(s, action_from_dict(json.loads(json.dumps(action_to_dict(a)))))
    return s


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_games_end_conserve_shields_and_replay(n):
    for seed in range(75):
        setup, actions = random_game(seed * 11 + n, n)
        s = new_game_from_dict(setup)
        for a in actions:
            s = apply(s, a)
            _invariants(s)
        assert s.is_over and s.final is not None
        assert len(s.history) == CAT.rounds(n)
        assert s.debt == (0,) * n
        assert s.scores == s.final.scores and set(s.final.winners) == {
            p for p in range(n) if s.final.scores[p] == max(s.final.scores)}
        again = _replay_json(setup, actions)
        assert again == s
        assert random_game(seed * 11 + n, n) == (setup, actions)
        head = describe(s).splitlines()[0]
        assert head.startswith("Game over.") and "(s)" not in head
        assert ("Winner:" in head) == (len(s.final.winners) == 1)
        assert all(f"player {p + 1}" in head for p in s.final.winners)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_journals_replay_to_the_same_final_shields(tmp_path, n):
    for seed in range(15):
        setup, actions = random_game(1000 + seed * 5 + n, n)
        path = tmp_path / f"g{n}-{seed}.tcj"
        with Journal.create(path, "turin-market", setup) as j:
            for a in actions:
                j.append(a)
            live = j.state.final.scores
        with Journal.open(path) as j:
            assert j.state.final.scores == live
            assert j.state == _replay_json(setup, actions)


def test_journal_undo_stops_at_reveals(tmp_path):
    setup, actions = random_game(5, 3)
    with Journal.create(tmp_path / "u.tcj", "turin-market", setup) as j:
        j.append(actions[0])                     # the first reveal: nobody's own action
        with pytest.raises(RuleError):
            j.undo(0)
        j.append(TakeLoan(1))
        j.undo(1)
        assert j.state.loans[1] == 0
    assert {"reveal_cards", "reveal_bids", "reveal_tie_bids", "flip_coin", "reveal_leftovers"} == UNDO_BARRIERS


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), n=st.integers(2, 5))
def test_every_offered_action_is_accepted(seed, n):
    rng = random.Random(seed)
    setup, actions = random_game(seed, n)
    s = new_game_from_dict(setup)
    steps = 0
    while not s.is_over and steps < 300:
        la = legal_actions(s)
        assert la and len(set(la)) == len(la)
        for a in rng.sample(la, min(len(la), 8)):
            apply(s, a)
            d = action_to_dict(a)
            assert action_from_dict(d) == a and action_to_dict(action_from_dict(d)) == d
        s = apply(s, rng.choice(la))
        _invariants(s)
        steps += 1


@pytest.mark.parametrize("bad", [
    None, [], {"action": "fly"}, {"action": "pick", "player": "0", "card": "T01"},
    {"action": "pick", "card": "T01"}, {"action": "reveal_bids", "bids": [1, "2"]},
    {"action": "reveal_tie_bids", "adds": [1, 2.5]}, {"action": "offer_for_sale", "player": 0, "card": "T01"},
    {"action": "choose_buyer", "player": 0, "card": "T01", "buyer": 1, "claimants": "12"},
])
def test_bad_action_dicts_are_rejected(bad):
    with pytest.raises(RuleError) as info:
        action_from_dict(bad)
    assert info.value.rule == "Turin Market: journal record"


def test_describe_action_names_each_action():
    """Every action worded, its player by name or their area's colour, cards by their
    goods, never their tag ids."""
    from companion.games.turin_market import describe_action, new_game_from_dict
    from companion.games.turin_market.tags import COLOURS
    seen = set()
    for seed in range(30):
        setup, actions = random_game(seed, 2 + seed % 4)
        state = new_game_from_dict(setup)
        for a in actions:
            text = describe_action(a, state, "en")
            assert text and "(" not in text.split()[0]          # worded, not a repr
            assert not re.search(r"\bT\d\d\b", text), text     # no card id
            d = action_to_dict(a)
            if "player" in d:
                assert COLOURS[d["player"]] in text            # named by their area's colour
            seen.add(d["action"])
            state = apply(state, a)
    assert {"reveal_cards", "reveal_bids", "pick", "reveal_leftovers"} <= seen


def test_export_summary_and_a_fresh_seed(tmp_path):
    from companion.games.turin_market import setup_to_dict
    setup, actions = random_game(9, 4)
    with Journal.create(tmp_path / "e.tcj", "turin-market", setup) as j:
        for a in actions:
            j.append(a)
        rec = json.loads(json.dumps(j.export()))
    summ = rec["summary"]
    assert rec["scores"] == summ["final"]["scores"] == list(j.state.final.scores)
    assert len(summ["auctions"]) == 5 and len(summ["final"]["payouts"]) == 9
    assert any(f.endswith("goods.json") for f in summ["data_files"])
    a, b = setup_to_dict(3), setup_to_dict(3)
    assert isinstance(a["seed"], int) and a["seed"] != b["seed"]
    assert new_game_from_dict(a).seed == a["seed"]
