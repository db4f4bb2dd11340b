"""The made-up game's renderer module (what tools/render/games/<folder>.py is for a
game of this repository): its table staged from calibration's data alone
(tools.render.table) and filmed by the shared recorder (tools.render.recording)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, Sequence

from tools.render import table
from tools.render.camera import frame_bounds
from tools.render.recording import Recipe, RecordingParams, Still, demo_params, film_game

from . import ID, Pass, action_from_dict, action_to_dict, apply, new_game_from_dict
from .observer import expected_snapshot


def stage(state, tags: str = "large") -> list:
    """Every piece of ``state`` where the observer expects its tag, on the board."""
    return table.stage_sightings(ID, table.arrange(ID, ["board"]), expected_snapshot(state).sightings, tags)


def storyboard(setup: dict, actions: Sequence, tags: str = "large"):
    """The still tables (the setup, then each action that moves a stone), their
    pieces and the final state."""
    state = new_game_from_dict(setup)
    stills, items = [Still(-1, "setup", state)], [stage(state, tags)]
    for k, a in enumerate(actions):
        state = apply(state, a)
        if not isinstance(a, Pass):
            stills.append(Still(k, "after", state))
            items.append(stage(state, tags))
    return stills, items, state


def render_recording(setup: dict, actions: Sequence, out_dir: str | Path, params: RecordingParams,
                     progress: Callable[[int, int], None] | None = None) -> dict:
    """Film the game into ``out_dir`` (tools/render/recording.py's files); the passes
    are the players' entries (``recording.json``)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    actions = [action_from_dict(a) if isinstance(a, dict) else a for a in actions]
    stills, items, final = storyboard(setup, actions, params.tags)
    camera = frame_bounds(table.bounds(ID, table.arrange(ID, ["board"])), params.resolution,
                          tilt_deg=params.tilt_deg, height_mm=params.height_mm)
    meta = film_game(ID, stills, items, camera, params, out, lambda q: q.kind == "stone", progress)
    truth = {"game": ID, "setup": setup, "actions": [action_to_dict(a) for a in actions],
             "final_scores": list(final.final.scores)}
    (out / "journal.json").write_text(json.dumps(truth, indent=1), encoding="utf-8")
    entries = [{"index": k, "action": action_to_dict(a)} for k, a in enumerate(actions) if isinstance(a, Pass)]
    desc = {"game": ID, "frames": meta["video"], "fps": params.fps, "setup": setup, "entries": entries,
            "truth": "journal.json", "meta": "meta.json", "pieces": "flat"}
    (out / "recording.json").write_text(json.dumps(desc, indent=1), encoding="utf-8")
    return meta


#: a small recording (a test renders it: 960x540 frames, mp4v)
RECIPES = {"made-up-2p": Recipe(2, 5, RecordingParams(**{
    **demo_params((960, 540), 5).__dict__, "fmt": "mp4v", "tilt_deg": 0.0, "height_mm": 700.0}))}
