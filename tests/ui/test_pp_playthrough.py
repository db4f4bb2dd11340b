"""Penny Press's bundled recordings played through the app offscreen
(tests/ui/drive_pp_playthrough.py, run in the background by driver_pool;
ui.games.penny_press.playthrough): the frames feed the app's camera part, the
players' taps (the game, the recording, Start, the checklist lines the camera
cannot check, Results) are presses of the app's own buttons by their label, and
the game ends 19/24/23: penny-press-3p at 1280x800 in English, penny-press-3p-hard
(its file typed on the start screen) at 800x1280 in Chinese."""

from __future__ import annotations

import json

import pytest

from ui.playthrough import playthrough_module

pytestmark = pytest.mark.ui


@pytest.fixture(scope="module")
def runs():
    from driver_pool import driver_result

    out = driver_result("pp_play")
    return json.loads((out / "report.json").read_text(encoding="utf-8"))["runs"]


def test_penny_press_offers_a_play_through():
    assert playthrough_module("penny-press").__name__ == "ui.games.penny_press.playthrough"


def test_each_recording_ends_with_its_ground_truth_by_the_apps_buttons(runs):
    assert [(r["recording"], r["lang"], r["size"]) for r in runs] == [
        ("penny-press-3p", "en", [1280, 800]), ("penny-press-3p-hard", "zh", [800, 1280])]
    for r in runs:
        assert r["error"] == "" and r["truth"] == [19, 24, 23] and r["scores"] == r["truth"], r
        assert r["frames"] > 0                                   # the camera's pictures were drawn
    en, zh = runs
    assert en["pressed"][:3] == ["Penny Press", "Penny Press · recording, 3 players", "Start"]
    assert zh["pressed"][:2] == ["便士报", "便士报 · 录像，3 名玩家"] and zh["pressed"][2].startswith("typed: ")
    assert zh["pressed"][3] == "开始"
    assert en["pressed"][-1] == "See the results" and zh["pressed"][-1] == "查看结果"
    assert en["result"] == en["banner"] == en["banner_shown"] == "Game over: Blue wins with 24 points"
    for r in runs:                                          # the panels show the totals the banner names
        assert [int(p.split()[0]) for p in r["panels"]] == r["truth"], r["panels"]


def test_the_checklist_lines_the_camera_cannot_check_are_ticked_by_a_press(runs):
    for r in runs:
        ticks = [p for p in r["pressed"] if p.startswith("□ ")]
        assert r["ticked"] == len(ticks) > 0
    assert any("arrow" in p for p in runs[0]["pressed"])


def test_the_camera_picture_uses_the_full_width_in_portrait(runs):
    en, zh = runs
    assert zh["picture_w"] >= 0.95 * zh["window_w"]          # it was drawn 353 px wide in a 788 px box
    assert en["picture_h"] > 150 and en["picture_w"] < 0.5 * en["window_w"]   # landscape: the side column
