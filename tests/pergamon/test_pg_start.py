"""Pergamon from the app's start screen (ui.viewmodels.start.StartVM, the GameHost):
started for 2, 3 and 4 players by taps alone and played to the end by tapping the
screen's own entry buttons (legal moves chosen at random); the bundled recording
pergamon-3p opens with its own first player; a round read by the camera needs no
tap at all (issue 25: about 27 taps a 3-player round)."""

from __future__ import annotations

import random

import pytest

from companion import registry
from companion.games import pergamon as pg
from ui import hosting
from ui.games.pergamon.screen import enter
from ui.games.pergamon.viewmodel import PergamonVM
from ui.viewmodels.start import StartVM

from test_pg_taps import taps_for


def _host(tmp_path, n: int, recording: str | None = None):
    vm = StartVM("en", camera=None, journal_dir=tmp_path)
    vm.choose_game("pergamon")
    if recording:
        vm.choose_recording(recording)
    while len(vm.players) < n:
        vm.add_player()
    for i, name in enumerate(("Ana", "Bo", "Chen", "Dev")[:n]):
        vm.set_player(i, name=name)
    assert vm.player_range() == (2, 4)
    cfg = vm.config()
    return vm, hosting.open_game(registry.get("pergamon"), cfg.players, "en", tmp_path,
                                 first_player=cfg.first_player or 0)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_started_by_taps_and_played_to_the_end_by_the_screens_buttons(tmp_path, n):
    start, host = _host(tmp_path, n)
    assert [p.name for p in host.state.players] == ["Ana", "Bo", "Chen", "Dev"][:n]
    rng = random.Random(n)
    vm = PergamonVM("en")
    vm.update(host.state)
    moves = 0
    while not host.state.is_over:
        st = host.state
        action = rng.choice(pg.legal_actions(st))
        got = taps_for(vm, action)
        assert got is not None
        assert enter(host, got) is None, got
        vm.update(host.state, host.journal.actions()[-1])
        moves += 1
        assert moves < 2000
    s = host.state
    assert vm.entry == []
    win = s.final.winners[0]
    assert vm.banner.text == f"Game over: {vm.name(win)} wins with {s.scores[win]} VP"
    assert [p.vp for p in vm.players] == list(s.final.scores)
    assert host.journal.state.final.scores == s.final.scores      # replayed from the journal


def test_the_bundled_recording_opens_with_its_own_first_player(tmp_path):
    start, host = _host(tmp_path, 3, recording="pergamon-3p")
    assert start.first_player == 1
    assert host.journal.setup["first_player"] == 1
    s = host.state
    for a in pg.legal_actions(s)[:1]:          # the finds turned up, the funds cards drawn
        s = pg.apply(s, a)
    s = pg.apply(s, pg.legal_actions(s)[0])
    assert s.phase == "bid" and s.current_player == 1


def test_a_round_the_camera_reads_needs_no_tap(tmp_path):
    """What the camera journals (source "camera") redraws the screen with the next
    thing to do: nothing on screen must be tapped to go on (the "coins handed over"
    button is optional), so a whole round takes 0 taps; the banner always names the
    step the table is at, never the last event."""
    setup, actions = pg.random_game(7, 3)
    from companion.journal import Journal
    from ui.hosting import GameHost

    host = GameHost(Journal.create(tmp_path / "pg.sqlite", "pergamon", setup), "en")
    vm = PergamonVM("en")
    vm.update(host.state)
    turn = host.state.turn
    for a in actions:
        assert host.apply(a, source="camera") is None
        vm.update(host.state, a)
        s = host.state
        if s.is_over or s.turn > turn + 1:
            break
        if not isinstance(a, pg.PresentFinds):
            assert vm.banner.text == vm._phase_text(s)
        assert vm.todo_confirm == "" or vm.todo             # a button only beside a step
    assert host.state.turn >= turn + 1
    assert {e.source for e in host.journal.events if e.kind == "action"} == {"camera"}


def test_undo_names_the_move_in_words_and_refuses_what_showed_the_hidden(tmp_path):
    """The screen's undo (the host's named undo, asked first): the question names the
    move in the players' language, never an id; after Yes the state is the one
    before it; drawing the funds cards showed what was hidden, so it is refused with
    why, in words."""
    start, host = _host(tmp_path, 3)
    s = host.state
    finds = tuple(sorted(s.catalog.tiles)[:5])
    assert host.apply(pg.PresentFinds(finds), source="player") is None
    assert host.apply(pg.DrawFunds(("bag", "bag")), source="player") is None
    before = host.state
    p = before.current_player
    assert host.apply(pg.PlaceFigure(p, 12), source="player") is None
    host.lang = "es"
    step = host.undo_preview()
    assert step is not None and step.text == f"{('Ana', 'Bo', 'Chen')[p]} toma el espacio de fondos 12"
    assert host.undo() is None and host.state == before
    assert host.undo_preview() is None                    # the cards drawn: a barrier
    why = host.undo_refusal()
    assert why and "DrawFunds" not in why and "draw_funds" not in why
    assert host.undo() == why and host.state == before
