"""`companion app --recording` resolves a bundled name or a recording folder as
`companion demo` does, up to starting the app (no window opened here)."""

from __future__ import annotations

import pytest

from companion.cli import main
from ui import app as app_mod
from play.recordings import recording_dir


@pytest.fixture
def started(monkeypatch):
    got = {}

    class FakeApp:
        def __init__(self, **kw):
            got.update(kw)

        def run(self):
            got["ran"] = True

    monkeypatch.setattr(app_mod, "build_app_class", lambda: FakeApp)
    monkeypatch.setattr(app_mod, "prepare_env", lambda headless=None: None)
    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")  # a screen SDL is told to use (no DISPLAY here)
    return got


def test_app_starts_with_a_bundled_recording_name(started, capfd):
    assert main(["app", "--recording", "penny-press-3p"]) == 0, capfd.readouterr().err
    assert started["ran"] and started["recording"] == "penny-press-3p"  # players prefilled by name


def test_app_starts_with_a_recording_folder(started, capfd):
    folder = str(recording_dir("penny-press-3p"))
    assert main(["app", "--recording", folder]) == 0, capfd.readouterr().err
    assert started["ran"] and started["recording"] == "penny-press-3p"


def test_app_names_the_bundled_recordings_for_a_wrong_name(started, capfd):
    assert main(["app", "--recording", "penny-press-9p"]) == 2  # a usage error, as demo --recording
    err = capfd.readouterr().err
    assert "penny-press-9p" in err and "penny-press-3p" in err and "Traceback" not in err, err
    assert "ran" not in started
