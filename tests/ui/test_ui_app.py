"""Drive the Kivy app offscreen (in its own process: one Kivy app per process) through
a scripted game with the FakeSession, and check each screen's widget texts.

The driver (tests/ui/drive_app.py) also writes a screenshot per screen; we check the
files exist and are real PNGs of the window size, not their pixels."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ("start", "live", "corrections", "press", "scores", "settings", "live_zh")


@pytest.fixture(scope="module")
def report():
    from driver_pool import driver_result  # started with the others at collection (conftest)

    out = driver_result("app")
    data = json.loads((out / "report.json").read_text(encoding="utf-8"))
    data["out"] = out
    return data


pytestmark = pytest.mark.ui


def test_screenshots_of_every_screen(report):
    from PIL import Image
    for name in SHOTS:
        img = Image.open(report["out"] / f"{name}.png")
        assert img.size == (1280, 800), name
        assert len(img.convert("L").resize((64, 40)).getcolors(4096)) > 4, f"{name} looks blank"


def test_start_refuses_unnamed_players_then_starts(report):
    c = report["checks"]
    assert c["start_error"] == "Player 1 has no name"
    assert c["after_begin"] == "live"
    assert c["players"] == ["Ana", "Bo", "Chen"]
    assert c["first_player"] == 1
    assert c["typed_recording_kept"] == "typed/path.mp4"  # adding a player keeps typed fields
    texts = report["texts"]["start"]
    for t in ("Penny Press", "Add player", "Resume game", "晨报"):
        assert t in texts


def test_live_table_shows_frame_tags_state_and_adjustment(report):
    c = report["checks"]
    assert c["frames_shown"] >= 1
    # the fake frame has 8 readable story tags and 2 unreadable ones with a reason
    assert "war-A1" in c["overlay_labels"] and "glare" in c["overlay_labels"]
    assert "too small" in c["overlay_labels"]
    texts = report["texts"]["live"]
    assert "8 tags read, 2 unreadable" in texts
    # after red puts 2 reporters on crime-D3: arrow = 2 (D) + 1 (B) + 1 (reporters) = 4
    assert "Crime · value 3 · scoop 1" in texts
    # the adjustment is a checklist row; an arrow only a tap ticks never holds the
    # banner: it says whose turn it is
    assert "□ Move the Crime arrow to 4" in texts
    assert "Bo: put reporters on a story, or go to press" in texts
    assert not [t for t in texts if t.startswith("Adjust the board:")]
    assert c["labels_hidden"]  # tag ids only behind "camera details"
    assert not [t for t in texts if "crime-D3" in t]  # stories by headline, never the id
    # tapping a story's tag in the camera image opens the corrections on it
    assert c["tap_handled"] and c["tap_screen"] == "corrections" and c["tap_selected"] == "crime-B1"


def test_correction_is_an_event_and_undo_restores(report):
    c = report["checks"]
    assert c["corrected"] == 1
    assert c["events_after_correction"] == {"type": "correction", "kind": "reporters", "story": "crime-D3",
                                            "beat": None, "colour": "red", "count": 1}
    from ui.games.penny_press.texts import story_name
    assert c["correction_status"] == f"Correction saved: 1 red reporter on {story_name('crime-D3', 'en')}"
    assert c["undo_label"].startswith("Undo: ") and c["undo_question"].endswith("?")
    assert c["after_undo"] == 2 and c["undo_status"] == "Undone"
    assert f"{story_name('crime-D3', 'en')} — 1 red" in report["texts"]["corrections"]
    assert not [t for t in report["texts"]["corrections"] if "crime-D3" in t]  # names, never ids


def test_press_screen_claims_scoop_and_prints(report):
    c = report["checks"]
    from ui.games.penny_press.texts import story_name
    from ui.games.penny_press.viewmodels.press import short_name
    assert c["press_claimed"] == story_name("crime-D3", "en")  # a 2-2 tie counts for green
    assert "Ana: +1" in report["texts"]["press"]  # crime scoop value at arrow 4 is 1
    # one block on the suggested page + one on the mat's page, named, never the id
    assert report["texts"]["press"].count(short_name("crime-D3", "en")) == 2
    assert not [t for t in report["texts"]["press"] if "crime-D3" in t]
    assert c["print_question"] == "Print this paper for Chen?"
    assert c["press_job"] == "Suggested front page · 1 page printed"  # the end panel's words for the outcome
    assert c["print_files"] == ["press-1-green.png"]


def test_scores_ranking_export_and_the_end_panel(report):
    c = report["checks"]
    texts = report["texts"]["scores"]
    assert any("1. Ana" in t and "winner" in t for t in texts)
    assert any("3. Chen" in t for t in texts)
    assert c["export_status"] == "The game record is saved on this device"  # no path (issue 25)
    # print and BG Stats: the end panel every game ends with (used on a real game's end in
    # tests/ui/test_pp_playthrough.py), no buttons of Penny Press's own
    assert c["end_panel"] == "EndgamePanel" and c["own_end_buttons"] == []
    assert c["chart_lines"] == {"red": 4, "blue": 4, "green": 4}


def test_settings_saved_and_tag_size_checked(report):
    c = report["checks"]
    # 80 mm chosen with the default 58 mm profile kept: the 80 mm default, said in a line
    assert c["settings_status"] == "Settings saved\nPrinter model set to TM-T20II, the usual one for 80 mm paper"
    assert c["saved_profile"] == "TM-T20II"
    assert c["saved_width"] == 576 and "80 mm" in report["texts"]["settings"]
    assert "small" in c["tag_report"]


def test_a_picked_printer_profile_shows_its_page_at_once_and_cancel_or_back_drops_it(report):
    c = report["checks"]
    assert "384 dots wide" in c["pick_before"] and "58 mm paper" in c["pick_before"]
    assert "TM-T20II: pages 576 dots wide" in c["pick_80"]  # 80 mm picked: its usual printer
    # picked, not saved: the TM-T88V's 512-dot page on 80 mm paper, its cutter, said now
    assert "TM-T88V: pages 512 dots wide (72 mm) on 80 mm paper" in c["pick_facts"]
    assert "Cuts the paper" in c["pick_facts"] and c["pick_paper"] == ["80 mm"]
    assert c["pick_status"].startswith("Not saved yet") and c["pick_saved_profile"] == "POS-5890"
    assert c["cancel_profile"] == c["back_profile"] == "POS-5890"
    assert c["cancel_facts"] == c["back_facts"] == c["pick_before"] and c["back_cancel_disabled"]


def test_chinese_texts_after_switch(report):
    assert report["checks"]["lang_after_settings"] == "zh"
    texts = report["texts"]["live_zh"]
    for t in ("桌面", "更正", "付印", "得分", "设置", "请调整版图"):
        assert t in texts
    assert "反光" in texts  # the unreadable tag's reason, in Chinese


def test_camera_view_shows_bgr_frames_upright_in_true_colours(tmp_path):
    """A BGR frame, red on top and blue below, must look the same on screen (the
    texture takes BGR as is and is flipped to Kivy's bottom-up axis)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["KIVY_HOME"] = str(tmp_path / "kivy")
    out = tmp_path / "cam.json"
    proc = subprocess.run([sys.executable, str(ROOT / "tests/ui/drive_camera.py"), str(out)], env=env,
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-2000:]
    px = json.loads(out.read_text())
    assert px["top"] == [255, 0, 0] and px["bottom"] == [0, 0, 255]
