"""Scoop on the start screen (issue 25): typed players start a game read by taps,
with no camera unless one is chosen there (the saved settings' camera is Penny
Press's); the camera chosen there, or on the command line, feeds Scoop."""

from __future__ import annotations

from ui.viewmodels.start import StartVM


def _scoop(tmp_path, **kw) -> StartVM:
    vm = StartVM("en", journal_dir=tmp_path, **kw)
    vm.choose_game("scoop")
    for i, name in enumerate(("Ana", "Ben", "Chen")):
        if i >= len(vm.players):
            vm.add_player()
        vm.set_player(i, name=name)
    return vm


def test_typed_players_start_scoop_with_no_camera(tmp_path):
    vm = _scoop(tmp_path)  # the settings' camera 0 (camera 1 to players) is set
    assert vm.camera == 0 and vm.validate() == []
    assert vm.config().camera is None and vm.config().recording is None


def test_a_camera_chosen_on_the_start_screen_feeds_scoop(tmp_path):
    vm = _scoop(tmp_path)
    vm.choose_camera(1)
    assert vm.config().camera == 1
    vm.choose_camera(None)
    assert vm.config().camera is None


def test_penny_press_keeps_the_settings_camera(tmp_path):
    vm = StartVM("en", journal_dir=tmp_path)
    vm.set_player(0, name="Ana")
    vm.set_player(1, name="Ben")
    assert vm.config().camera == 0  # the built-in screens read the table through it


def test_scoop_starts_from_the_start_screen_with_two_to_six_players(tmp_path):
    """Every count the rules allow (2-6) gets a colour each on the start screen (the
    app's six colours: white the sixth): the hosted game's setup is accepted; a
    seventh player is refused in words, never a crash."""
    from companion import registry
    from companion.games.scoop import engine
    from ui.games.scoop.screens import new_setup

    vm = StartVM("en", journal_dir=tmp_path)
    vm.choose_game("scoop")
    low, high = vm.player_range()
    assert (low, high) == (2, 6)
    while len(vm.players) > low:
        vm.remove_player(len(vm.players) - 1)
    for n in range(low, high + 1):  # the 6th player's colour: white
        if len(vm.players) < n:
            vm.add_player()
        for i in range(n):
            vm.set_player(i, name=f"P{i + 1}")
        cfg = vm.config()
        state = engine.new_game_from_dict(new_setup(list(cfg.players), 7))
        assert len(state.players) == n and registry.get(cfg.game).id == "scoop"
    import pytest

    with pytest.raises(ValueError):
        vm.add_player()


def _finish_by_taps(vm, rng, max_taps=4000) -> None:
    """Tap the table's buttons (ui.games.scoop.table_vm) until the game ends: a call
    due is made as the telephone makes it (TableVM.called with the game's own dial)."""
    from companion.games.scoop import engine
    from companion.games.scoop.dial import Call

    for _ in range(max_taps):
        if vm.state.is_over:
            return
        keys = [c.key for c in vm.choices()]
        assert keys, vm.prompt()  # never a screen without a way on
        if "dial" in keys:
            s = vm.state
            d = engine.resolve_action(s, engine.Dial(s.pending["actor"], vm.dial_due()))
            vm.called(Call(len(s.calls), d.number, s.wheel_pos, 0, 0, d.signal))
            continue
        if "menu:claim" in keys and rng.random() < 0.6:
            vm.tap("menu:claim")
            continue
        if "choose:press" in keys:
            vm.tap("choose:press" if rng.random() < 0.2 else "choose:story")
            continue
        vm.tap(rng.choice([k for k in keys if k not in ("back", "dial")] or keys))


def test_scoop_starts_from_the_start_screen_and_finishes_by_taps_for_2_to_6_players(tmp_path):
    """Issue 25: every player count the rules allow (2-6, one page design each) is set
    up on the start screen (a colour each: the 6th is white) and played to the end by
    taps, no camera; a 7th player is refused with the range."""
    import random

    import pytest

    from companion import registry
    from ui import hosting
    from ui.games.scoop.table_vm import TableVM

    spec = registry.get("scoop")
    assert (spec.min_players, spec.max_players) == (2, 6)
    for n in range(2, 7):
        vm = StartVM("en", journal_dir=tmp_path / str(n))
        vm.choose_game("scoop")
        while len(vm.players) > n:
            vm.remove_player(len(vm.players) - 1)
        while len(vm.players) < n:
            vm.add_player()
        for i in range(n):
            vm.set_player(i, name=f"P{i + 1}")
        assert vm.validate() == [] and len({p.colour for p in vm.players}) == n
        config = vm.config()
        assert config.camera is None and config.recording is None
        host = hosting.open_game(spec, config.players, "en", tmp_path / str(n), first_player=config.first_player)
        table = TableVM(host, "en")
        _finish_by_taps(table, random.Random(n))
        st = host.state
        assert st.is_over and len(st.players) == n and len(st.final.scores) == n
        assert table.prompt().startswith("The game is over")
        # the end: each panel gives the player's final score, the one the banner names
        for (_c, text, _a), v in zip(table.player_panels(), st.final.scores):
            assert text.endswith(f"Final score: {table._money(v)}"), text
        host.close()
        if n == 6:
            assert vm.players[5].colour == "white"
            with pytest.raises(ValueError, match="2"):
                vm.add_player()
