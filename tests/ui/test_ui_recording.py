"""Start a game from the bundled recording on the start screen and watch it through
the whole real line (video -> vision worker -> observer -> engine -> journal), in
its own process (tests/ui/drive_recording.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
REC = ROOT / "play" / "recordings" / "penny-press-3p"
pytestmark = pytest.mark.ui


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    if not ((REC / "recording.json").is_file() or (REC / "journal.json").is_file()):
        pytest.skip(f"no bundled recording in {REC} (made by tools/make_demo_recordings.py)")
    from driver_pool import driver_result  # started with the others at collection (conftest)

    out = driver_result("recording")
    return json.loads((out / "report.json").read_text(encoding="utf-8"))


def test_recording_starts_from_the_start_screen_and_is_shown(report):
    c = report["checks"]
    assert c["start_error"] == "" and c["after_begin"] == "live"
    assert c["config"][0].startswith(str(REC)) and c["config"][1] is None  # the recording, not a camera
    assert c["frames_shown"] >= 20  # the worker's frames reach the texture
    assert [col for col, _ in c["prefilled"]] == ["red", "blue", "green"]  # from the recording, no keyboard


def test_taps_only_reach_the_first_press(report):
    assert report["checks"].get("first_press_at"), "the first press of the recording was not reached"


def test_real_decoded_tags_are_outlined_and_labelled(report):
    labels = set(report["checks"]["overlay_labels"])
    stories = {x for x in labels if "-" in x and x.split("-")[0] in ("war", "crime", "city", "politics", "human")}
    assert len(stories) >= 10
    assert {"red1", "blue1", "green1"} <= labels


def test_observer_reports_and_state_reach_the_screen(report):
    c = report["checks"]
    assert c["messages"], "the observer's reports are shown on the live table"
    if c.get("live_at"):
        # the game was rebuilt from the video: the live table equals the recorded
        # game after the same number of actions
        assert c["app_rows"] == c["truth_rows"]
    if c["over"]:
        assert c["app_scores"] == c["truth_scores"]
