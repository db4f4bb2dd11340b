"""Pergamon after a take-back (issue 25): the "on the table" list says what is really
left to do on the table. The move taken back had its coins handed over and its
markers moved: those are listed to be put back, with a "table put back" button when
coins changed hands; never the payments of the move before it (made already, and
perhaps confirmed), nor nothing at all."""

from __future__ import annotations

import random

from companion.games import pergamon as pg
from companion.journal import Journal
from ui.games.pergamon.viewmodel import PergamonVM
from ui.hosting import GameHost


def _to_a_paid_dig(tmp_path):
    """A journal played (random legal moves) up to a dig that costs coins, right
    after a move that had coins of its own to hand over (the funds cards turned)."""
    for seed in range(40):
        setup, _actions = pg.random_game(seed, 3)
        host = GameHost(Journal.create(tmp_path / f"pg{seed}.sqlite", "pergamon", setup), "en")
        vm = PergamonVM("en")
        vm.follow(host.state, host.journal.actions())
        rng = random.Random(seed)
        prev_todo = None
        while not host.state.is_over:
            legal = pg.legal_actions(host.state)
            digs = [a for a in legal if isinstance(a, pg.Dig)]
            paid_digs = [a for a in digs if pg.apply(host.state, a).coins != host.state.coins]
            if paid_digs and prev_todo:
                return host, vm, paid_digs[0], prev_todo
            a = rng.choice(legal)
            assert host.apply(a, source="player") is None
            vm.follow(host.state, host.journal.actions())
            prev_todo = list(vm.todo) if isinstance(a, pg.RevealFunds) else None
            host.journal.note({"pergamon": "confirmed", "after": len(host.journal.actions())}, source="player")
        host.journal.close()
    raise AssertionError("no paid dig right after a payout in 40 seeded games")


def test_after_a_take_back_the_table_list_is_what_to_put_back(tmp_path):
    from ui.games.pergamon.screen import confirmed

    host, vm, dig, payout = _to_a_paid_dig(tmp_path)
    assert confirmed(host.journal)  # the payout's coins were handed over and confirmed
    assert host.apply(dig, source="player") is None
    vm.follow(host.state, host.journal.actions())
    dig_steps = list(vm.todo)
    assert any("pays" in t and "gallery" in t for t in dig_steps), dig_steps
    assert not confirmed(host.journal)

    assert host.undo() is None
    vm.follow(host.state, host.journal.actions())
    # the dig is undone on the table: its payment listed to be put back, with its button
    assert vm.todo[0] == "Taken back: undo what that move did on the table"
    assert vm.todo[1:] == dig_steps
    assert vm.todo_confirm == "Table put back"
    assert not any(t in vm.todo for t in payout)  # the payout before it is not due again
    # the confirmation from before the take-back was of the payout: not of this
    assert not confirmed(host.journal)
    assert vm.banner.text == vm._phase_text(host.state)  # the one thing to do now

    # a redraw (a language switch, a camera report) keeps the list
    vm.lang = "es"
    vm.follow(host.state, host.journal.actions())
    assert len(vm.todo) == len(dig_steps) + 1 and vm.todo[0] != "Taken back: undo what that move did on the table"
    assert vm.todo_confirm and vm.todo_confirm != "Table put back"
    vm.lang = "en"
    host.journal.note({"pergamon": "confirmed", "after": len(host.journal.actions())}, source="player")
    assert confirmed(host.journal)

    # the next move: its own steps, the take-back's list gone
    assert host.apply(dig, source="player") is None
    vm.follow(host.state, host.journal.actions())
    assert vm.todo == dig_steps
    host.journal.close()


def test_a_take_back_of_a_move_with_nothing_on_the_table_lists_nothing(tmp_path):
    setup, actions = pg.random_game(3, 3)
    host = GameHost(Journal.create(tmp_path / "pg.sqlite", "pergamon", setup), "en")
    vm = PergamonVM("en")
    vm.follow(host.state, host.journal.actions())
    for a in actions:
        assert host.apply(a, source="player") is None
        vm.follow(host.state, host.journal.actions())
        if isinstance(a, pg.PlaceFigure):  # a figure on a funds space: nothing paid yet
            break
    assert host.undo() is None
    vm.follow(host.state, host.journal.actions())
    assert vm.todo == [] and vm.todo_confirm == ""
    host.journal.close()
