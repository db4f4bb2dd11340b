"""`companion app --recording NAME --play-through` (issue 25 item 5): the app offscreen
plays a bundled recording by its own buttons and exits 0 when the final scores equal
the recording's ground truth; a game with no play-through yet says so (exit 2); the
flag needs a recording."""

from __future__ import annotations

import subprocess
import sys

import pytest

from play.demo import load_recording
from play.recordings import recording_dir
from ui.playthrough import playthrough_module


def _run(*args, timeout=1500):
    return subprocess.run([sys.executable, "-m", "companion.cli", "app", *args], capture_output=True, text=True,
                          timeout=timeout)


@pytest.mark.slow
def test_turin_market_played_through_by_the_apps_buttons_ends_with_the_recordings_scores():
    truth = load_recording(recording_dir("turin-market-4p")).truth
    r = _run("--recording", "turin-market-4p", "--play-through", "--lang", "zh", "--size", "800x1280")
    assert r.returncode == 0, r.stdout + r.stderr
    from companion.games.turin_market.tags import COLOURS
    from companion.naming import player_name

    # each seat named as everywhere (its area's colour, in zh) before its score
    want = " / ".join(f"{player_name('', COLOURS[i], i, 'zh')} {v}"
                      for i, v in enumerate(truth.get("final_scores") or truth.get("scores")))
    assert want in r.stdout and "Traceback" not in r.stderr


def test_the_games_with_a_play_through_are_found_by_their_screens_package():
    assert playthrough_module("turin-market") is not None
    assert playthrough_module("pergamon") is not None
    assert playthrough_module("scoop") is not None


def test_play_through_needs_a_recording_and_says_so():
    r = _run("--play-through", "--lang", "es", timeout=120)
    assert r.returncode == 2 and "--recording" in r.stderr and "Traceback" not in r.stderr


def test_an_unknown_recording_is_a_clear_error_in_the_players_language():
    r = _run("--recording", "nope", "--play-through", "--lang", "es", timeout=120)
    assert r.returncode == 2 and "nope" in r.stderr and "internal error" not in r.stderr
    assert "Traceback" not in r.stderr and "KeyError" not in r.stderr
