"""Random legal Scoop games played to the end: money is conserved (every transfer is
in the ledger; the players' total changes only by the start money, card purchases,
the $1,500 and a bankrupt player's leaving). Thousands: benchmarks/bench_scoop.py."""

from __future__ import annotations

import pytest

from companion.games import scoop as sc

N_GAMES = 120


def check_step(before, action, after):
    assert after.money_total() == before.money_total() == 0
    new = after.ledger[len(before.ledger):]
    assert all(t.amount > 0 for t in new)
    delta = sum(p.cash for p in after.players) - sum(p.cash for p in before.players)
    from_bank = sum(t.amount for t in new if t.payer == sc.BANK) - sum(t.amount for t in new if t.payee == sc.BANK)
    assert delta == from_bank
    assert {t.reason for t in new if sc.BANK in (t.payer, t.payee)} <= {"cards", "press", "leave"}
    assert all(p.cash >= 0 and len(p.hand) <= 3 and sum(map(len, p.reserve)) <= 4 for p in after.players)


@pytest.mark.parametrize("block", range(2))
def test_random_games_end_with_money_conserved(block):
    for seed in range(block * N_GAMES // 2, (block + 1) * N_GAMES // 2):
        seen = {}

        def step(before, action, after):
            check_step(before, action, after)
            seen["end"] = after

        setup, actions = sc.random_game(seed, 2 + seed % 5, on_step=step)
        end = seen["end"]
        assert end.is_over, seed
        f = end.final
        for i, p in enumerate(end.players):
            want = 0 if p.out else p.cash + sc.page_value(p) + sum(v // 2 for v in p.kept)
            assert f.scores[i] == want
        bonus = sum(t.amount for t in end.ledger if t.reason == "press")
        assert bonus == (1500 if f.how in ("press", "full page") else 0)
        if seed % 20 == 0:  # the record replays to the same game
            s = sc.new_game_from_dict(setup)
            for a in actions:
                s = sc.apply(s, a)
            assert s.final == f
