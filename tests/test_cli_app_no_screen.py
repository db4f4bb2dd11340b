"""`companion app` with no screen (no DISPLAY or WAYLAND_DISPLAY, not Android, no
SDL_VIDEODRIVER asked for) says so and how to play headless, exit 1 at once,
instead of waiting for a screen forever (issue 29); a screen SDL is told to use
(the offscreen test drivers') still starts it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import clitext
from companion.cli import main
from ui import app as app_mod

ROOT = Path(__file__).resolve().parents[1]
NO_SCREEN = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "ANDROID_ARGUMENT")


@pytest.fixture
def no_screen(monkeypatch):
    for var in NO_SCREEN:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    started = []

    class App:
        def __init__(self, **kw):
            pass

        def run(self):
            started.append(True)

    monkeypatch.setattr(app_mod, "build_app_class", lambda: App)
    monkeypatch.setattr(app_mod, "prepare_env", lambda headless=None: None)
    return started


@pytest.mark.parametrize("lang,words", [("en", "no screen"), ("es", "no hay pantalla"), ("zh", "没有可显示应用的屏幕")])
def test_no_screen_is_said_with_the_headless_ways_exit_1(lang, words, no_screen, capsys):
    try:
        assert main(["--lang", lang, "app", "--recording", "scoop-4p"]) == 1
    finally:
        clitext.set_lang("en")
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0], err
    assert "companion demo --recording scoop-4p" in err[0] and "--play-through" in err[0]
    assert no_screen == []                                   # the app never started


@pytest.mark.parametrize("screen", [{"SDL_VIDEODRIVER": "offscreen"}, {"DISPLAY": ":0"},
                                    {"ANDROID_ARGUMENT": "/data/app"}])
def test_a_screen_or_one_sdl_is_told_to_use_starts_the_app(screen, no_screen, monkeypatch, capsys):
    for var, value in screen.items():
        monkeypatch.setenv(var, value)
    assert main(["app", "--fake"]) == 0 and no_screen == [True]


def test_the_app_with_no_screen_ends_at_once_not_waiting_forever():
    """A real process: it used to wait for a screen forever (the time-out is only a
    guard against that hang, not a speed limit)."""
    env = {k: v for k, v in os.environ.items() if k not in NO_SCREEN}
    try:
        done = subprocess.run([sys.executable, "-m", "companion.cli", "app", "--fake"], capture_output=True,
                              text=True, env=env, cwd=ROOT, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail("companion app waited for a screen with none there")
    assert done.returncode == 1 and "companion demo" in done.stderr and "Traceback" not in done.stderr
