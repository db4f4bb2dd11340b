"""The app over the real session (ui.session: observer -> engine -> journal ->
printing) through a whole seeded 3-player game, offscreen in its own process.
Vision is a scripted reader giving the still snapshot after each action
(tests/ui/drive_real.py). Each figure on screen is compared with the engine's own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.ui


@pytest.fixture(scope="module")
def report():
    from driver_pool import driver_result  # started with the others at collection (conftest)

    out = driver_result("real")
    data = json.loads((out / "report.json").read_text(encoding="utf-8"))
    data["out"] = out
    return data


def test_game_starts_from_the_start_screen(report):
    assert report["checks"]["after_begin"] == "live" and report["checks"]["start_error"] == ""
    for name in ("real_live", "real_corrections", "real_press", "real_scores"):
        assert (report["out"] / f"{name}.png").stat().st_size > 5000


def test_live_table_equals_the_engine_after_six_actions(report):
    c = report["checks"]
    assert c["journal_actions"] == 6
    assert c["live_expected_rows"] == c["truth_rows"]
    assert len(c["overlay_labels"]) >= 5


def test_correction_becomes_a_journal_note(report):
    c = report["checks"]
    assert c["correction_status"].startswith("Correction saved: ")
    said = [n for n in c["notes"] if "correction" in n]
    assert said and said[-1]["correction"]["kind"] == "reporters"
    # it confirmed what the camera reads: removed at once, nothing taken back
    assert c["notes"][-1]["why"] == "camera_agrees" and c["notes"][-1]["taken_back"] == []


def test_press_preview_equals_what_the_engine_scores(report):
    c = report["checks"]
    assert c["preview_claimed"] == c["truth_claimed"]
    assert c["preview_score"] == c["truth_best_total"]
    names = {"red": "Red", "blue": "Blue", "green": "Green"}  # "Player N" is no given name
    assert sorted(c["preview_scoop"]) == sorted(f"{names[k]}: +{v}" for k, v in c["truth_scoop"].items())


def test_one_tap_prints_to_the_preview_printer(report):
    c = report["checks"]
    assert c["press_job"] == ("Your latest paper · 1 page saved as a picture on this device: no printer is chosen "
                              "(choose one in Settings)")  # the end panel's words for the same outcome
    # after the press the screen shows the paper just printed; "print this paper" prints it
    assert c["press_pages"] == ["last"] and c["shown_paper_score"] == c["truth_paper_score"]
    assert Path(c["press_preview_file"]).name == f"{c['press_colour']}-paper1-last.png"


def test_final_ranking_equals_the_engine(report):
    c = report["checks"]
    assert c["app_final"] == c["truth_final"]
    assert c["ranking_rows"][0].startswith("1. ") and "winner" in c["ranking_rows"][0]
    assert c["export_status"] == "The game record is saved on this device"  # no path (issue 25)
    assert len(set(c["chart_points"].values())) == 1 and min(c["chart_points"].values()) >= 3
