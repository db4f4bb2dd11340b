"""The bundled recordings under their earlier name (scripts written before the table
loop moved below the app import ``ui.demo_data`` and read ``ui/demo_data/<name>/...``).

The recordings live in ``play/recordings`` (:mod:`play.recordings`); each folder here
is a symbolic link to its folder there, and these names are that module's. New code
uses :mod:`play.recordings`.
"""

from __future__ import annotations

from pathlib import Path

from play.recordings import names, recording_dir as _recording_dir


def _players(name: str) -> int:
    from play.recordings import player_count

    return player_count(name)


#: Bundled recordings: name -> number of players (play.recordings.names()).
RECORDINGS = {name: _players(name) for name in names()}


def recording_dir(name: str | None = None) -> Path:
    """The folder of a bundled recording (play.recordings.recording_dir). Raises
    KeyError naming the bundled ones."""
    return _recording_dir(name)
