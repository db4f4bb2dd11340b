"""The bundled recording pergamon-3p played through the tablet app offscreen by its
buttons (ui.games.pergamon.playthrough, driven by tests/pergamon/drive_pg_playthrough.py
in its own process): the start screen's buttons pressed by their labels, the
recording's frames read by the app's camera part and drawn on the Pergamon screen
with their tags outlined, every move journalled from the camera with no tap, and
the game ending with the recording's scores (15/29/7) in the banner and panels."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_recording_plays_through_the_app_to_its_scores(tmp_path):
    run = subprocess.run([sys.executable, str(ROOT / "tests" / "pergamon" / "drive_pg_playthrough.py"),
                          str(tmp_path), "pergamon-3p"], cwd=ROOT, timeout=1200)
    rep = json.loads((tmp_path / "playthrough.json").read_text(encoding="utf-8"))
    assert rep["error"] == "" and rep["scores"] == rep["truth"] == [15, 29, 7]
    assert run.returncode == 0
    assert rep["pressed"] == ["Pergamon", "Pergamon · recording, 3 players", "Start"]
    assert rep["sources"] == ["vision"]                        # the camera read every move: no tap
    assert rep["panels"] == [15, 29, 7]
    assert rep["banner"] == "Game over: Blue wins with 29 VP"
    assert rep["frames"] >= 20 and rep["overlays"]["read"] > 10   # the picture, its tags outlined
    assert rep["overlays"]["labels_shown"] == []               # no tag id on screen
    assert (tmp_path / "playthrough_live.png").is_file() and (tmp_path / "playthrough_end.png").is_file()
