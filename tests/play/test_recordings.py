"""The bundled recordings (play.recordings): the games name theirs, a folder no game
names is an extra one, playable by its name."""

from __future__ import annotations

import json

import pytest

from companion import registry
from play import recordings


def test_every_recording_a_game_names_is_bundled_and_of_that_game():
    for spec in registry.games().values():
        for name in spec.recordings:
            desc = json.loads((recordings.recording_dir(name) / "recording.json").read_text(encoding="utf-8"))
            assert desc.get("game", registry.default().id) == spec.id
            assert recordings.player_count(name) == len(desc["setup"]["players"]) >= spec.min_players


def test_the_games_recordings_come_first_and_the_hard_one_is_an_extra():
    listed = [n for spec in registry.games().values() for n in spec.recordings]
    names = recordings.names()
    assert names[:len(listed)] == listed
    assert names[len(listed):] == ["penny-press-3p-hard"]
    assert recordings.player_count("penny-press-3p-hard") == 3
    assert recordings.recording_dir() == recordings.recording_dir(registry.default().recordings[0])


def test_a_name_not_bundled_is_refused_naming_the_bundled_ones():
    with pytest.raises(KeyError) as err:
        recordings.recording_dir("penny-press-9p")
    assert "penny-press-3p-hard" in str(err.value) and "scoop-4p" in str(err.value)
    assert recordings.player_count("penny-press-9p") == 0


def test_the_app_opens_the_extra_recording_by_name():
    from ui.app import resolve_recording

    source, bundled = resolve_recording("penny-press-3p-hard")
    assert bundled == "penny-press-3p-hard" and source.startswith(str(recordings.FOLDER))
