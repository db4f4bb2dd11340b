"""The bundled demo recordings (issue 6), made by tools/make_demo_recordings.py.

Each folder holds ``video.mp4`` (the frames), ``truth.jsonl`` (per-frame ground
truth), ``states.jsonl`` (pieces per still table), ``journal.json`` (the game: setup,
actions, final scores) and ``meta.json`` (camera, fps, size); see docs/renderer.md.
"""

from __future__ import annotations

from pathlib import Path

#: Bundled recordings: name -> number of players.
RECORDINGS = {"penny-press-3p": 3, "penny-press-4p": 4, "turin-market-4p": 4, "scoop-4p": 4, "pergamon-3p": 3,
              # issue 10: the 3-player game filmed under harder conditions (pieces with
              # height, a strong lens with its camera.json, noise, glare, hands)
              "penny-press-3p-hard": 3}


def recording_dir(name: str = "penny-press-3p") -> Path:
    """Folder of a bundled recording. Raises KeyError naming the known ones."""
    if name not in RECORDINGS:
        raise KeyError(f"no bundled recording {name!r}; known: {', '.join(RECORDINGS)}")
    return Path(__file__).resolve().parent / name
