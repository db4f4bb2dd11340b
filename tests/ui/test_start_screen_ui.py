"""The start screen, Settings from it and Pergamon's "more below" lines in the real
app, offscreen, by taps (tests/ui/drive_start_screen.py, one app in its own
process; issue 25, session 34): at 1280x800 and 800x1280 in en, es and zh."""

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
def report(tmp_path_factory):
    out = tmp_path_factory.mktemp("start-ui")
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["KIVY_HOME"] = str(out / "kivy")
    env["XDG_CONFIG_HOME"] = str(out / "config")
    subprocess.run([sys.executable, str(ROOT / "tests" / "ui" / "drive_start_screen.py"), str(out)],
                   check=True, timeout=900, env=env, cwd=ROOT)
    got = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert "error" not in got, got["error"]
    return got


def test_every_screen_looked_at_is_clean(report):
    assert report["problems"] == {}


def test_switching_the_game_changes_the_rows_and_the_count_at_once(report):
    c = report["checks"]
    assert c["scoop"]["rows"] == 6 and "2 to 6" in c["scoop"]["heading"] and c["scoop"]["add_disabled"]
    p = c["pergamon_start"]
    assert p["rows"] == 4 and p["names"] == ["Ana", "Bo", "Chen", "Dee"]
    assert "2 to 4" in p["heading"] and p["add_disabled"]
    assert p["banner"] == "New game"  # no refusal about Scoop's rows left standing


def test_a_damaged_saved_game_is_said_and_not_offered(report):
    r = report["checks"]["resume"]
    assert len(r["buttons"]) == 1 and r["buttons"][0].endswith("pergamon-20260301-200000.sqlite")
    said = [t for t in r["texts"] if "could not be read" in t]
    assert said and "scoop-" not in said[0] and ".sqlite" not in said[0] and "/" not in said[0]


def test_settings_opens_from_the_start_screen_and_goes_back_there(report):
    s = report["checks"]["settings"]
    assert s["screen"] == "settings" and s["back_shown"] and s["after_back"] == "start"
    assert s["bar"] == []  # no game's screens offered from there: only Back


def test_pergamons_more_below_lines_only_when_there_is_more(report):
    cues = report["checks"]["pergamon_cues"]
    assert report["checks"]["pergamon_open"] == "pergamon"
    assert cues["looked"] == 40 and cues["shown"] > 0  # shown where a list goes on, and checked there


def test_a_game_open_in_another_app_says_so_at_the_first_move_without_a_path(report):
    w = report["checks"]["watched"]
    assert w["screen"] == "pergamon" and w["lang"] == "es"
    assert "otra pantalla" in w["warning"] and not w["path_shown"] and "/" not in w["warning"]
    assert w["moves"] == 0  # nothing written


def test_older_unfinished_games_are_one_tap_away(report):
    """The list shows the newest 5 unfinished games and "Show 2 older games"; one tap
    lists all 7 (the older ones were dropped without a word: found by a fresh user)."""
    c = report["checks"]["older"]
    assert c["listed"] == 5 and c["more"] == ["Show 2 older games"], c
    assert c["after"] == 7 and c["more_after"] == [], c
