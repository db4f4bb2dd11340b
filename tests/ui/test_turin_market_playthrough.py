"""Turin Market's bundled recording played through the app offscreen
(tests/ui/drive_turin_playthrough.py, run in the background by driver_pool;
ui.games.turin_market.playthrough): the frames feed the app's camera part, every
recorded entry is a press of the app's own button by its label, the camera's
picture is drawn on the table screen (over the whole width in portrait, at the top
beside the round's lists in landscape), and the game ends 29/-4/20/1 at 1280x800 in
English and at 800x1280 in Chinese."""

from __future__ import annotations

import json

import pytest


@pytest.fixture(scope="module")
def runs():
    from driver_pool import driver_result

    out = driver_result("turin_play")
    return json.loads((out / "report.json").read_text(encoding="utf-8"))["runs"]


def test_the_recording_ends_with_its_ground_truth_by_the_apps_buttons(runs):
    assert [(r["lang"], r["size"]) for r in runs] == [("en", [1280, 800]), ("zh", [800, 1280])]
    for r in runs:
        assert r["error"] == "" and r["truth"] == [29, -4, 20, 1] and r["scores"] == r["truth"], r
        assert r["frames"] > 0 and r["pictures"] > 0        # each frame read was drawn
    assert runs[0]["headline"] == "Game over: Red wins with 29 shields"


def test_the_camera_picture_is_shown_where_it_fits(runs):
    en, zh = runs
    assert en["camera_in_column"] and not en["camera_over_width"] and en["camera_h"] > 200
    assert zh["camera_over_width"] and zh["camera_w"] >= 0.95 * zh["window_w"]    # portrait: full width
    assert not zh["camera_in_column"]
