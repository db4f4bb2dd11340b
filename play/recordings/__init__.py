"""The bundled demo recordings, made by tools/make_demo_recordings.py.

Each folder holds ``recording.json`` (what ``companion demo`` reads: the frames, the
players and setup, the ground truth), ``video.mkv`` (the frames), ``truth.jsonl``
(per-frame ground truth), ``states.jsonl`` (pieces per still table),
``journal.json`` (the game: setup, actions, final scores) and ``meta.json``
(camera, fps, size); see docs/renderer.md.

The games name their recordings (``GameSpec.recordings``, companion.registry): those
are offered on the app's start screen and by ``companion demo --game``. A folder here
that no game names is an extra recording, playable by its name
(``companion demo --recording``, ``companion app --recording``) and used by tests
and benchmarks, e.g. a game filmed again under harder
conditions (pieces with height, a strong lens with its camera.json, noise, glare,
hands), not offered beside the game it films again.
"""

from __future__ import annotations

import json
from pathlib import Path

#: the folder of the bundled recordings (one subfolder each)
FOLDER = Path(__file__).resolve().parent


def _here(name: str) -> bool:
    return (FOLDER / name / "recording.json").is_file()


def names() -> list[str]:
    """Every bundled recording: the games' own (``GameSpec.recordings``, in the
    registry's order), then the extra ones (folder names, sorted)."""
    from companion import registry

    listed = [n for spec in registry.games().values() for n in spec.recordings if _here(n)]
    extra = sorted(p.name for p in FOLDER.iterdir() if p.name not in listed and _here(p.name)) \
        if FOLDER.is_dir() else []
    return listed + extra


def recording_dir(name: str | None = None) -> Path:
    """The folder of bundled recording ``name`` (None: the default game's first).
    Raises KeyError naming the bundled ones."""
    if name is None:
        from companion import registry

        name = registry.default().recordings[0]
    if not _here(name):
        raise KeyError(f"no bundled recording {name!r}; bundled: {', '.join(names())}")
    return FOLDER / name


def player_count(name: str) -> int:
    """How many players bundled recording ``name`` has (its ``recording.json``'s
    setup), 0 when it cannot be read."""
    try:
        desc = json.loads((recording_dir(name) / "recording.json").read_text(encoding="utf-8"))
        return len(desc["setup"]["players"])
    except (KeyError, OSError, ValueError, TypeError):
        return 0
