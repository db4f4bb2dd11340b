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


def test_scoop_starts_from_the_start_screen_with_two_to_five_players(tmp_path):
    """Every count the start screen can give a colour each (the app's five colours):
    the hosted game's setup is accepted; a sixth player is refused in words (the
    rules allow six, the app has five colours), never a crash."""
    from companion import registry
    from companion.games.scoop import engine
    from ui.games.scoop.screens import new_setup

    vm = StartVM("en", journal_dir=tmp_path)
    vm.choose_game("scoop")
    low, high = vm.player_range()
    assert (low, high) == (2, 6)
    while len(vm.players) > low:
        vm.remove_player(len(vm.players) - 1)
    for n in range(low, 6):
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
