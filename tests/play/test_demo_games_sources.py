"""`companion demo`: every registered game with every kind of source either runs or
refuses in one clear line (never an internal error); a failing demo ends its
progress bar's line before the error."""

from __future__ import annotations

import pytest

import play.demo as demo
from companion import registry
from companion.cli import main

MODES = ("--source", "--camera", "--recording")


def _argv(game: str, mode: str, tmp_path) -> list[str]:
    spec = registry.get(game)
    if mode == "--source":
        return ["demo", "--game", game, "--source", str(tmp_path / "some video.mkv"),
                "--players", str(spec.min_players)]
    if mode == "--camera":
        return ["demo", "--game", game, "--camera", "0", "--players", str(spec.min_players)]
    return ["demo", "--game", game]  # its bundled recording, if any


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("game", registry.ids())
def test_every_game_and_source_runs_or_refuses_clearly(game, mode, tmp_path, capfd, monkeypatch):
    ran = []

    def fake_run(rec, out, **kw):  # the pipeline itself is covered elsewhere
        ran.append(rec)
        return demo.DemoResult(out / "j.sqlite", None, frames=1)

    monkeypatch.setattr(demo, "run_demo", fake_run)
    rc = main([*_argv(game, mode, tmp_path), "--out", str(tmp_path / "out"), "--quiet"])
    err = capfd.readouterr().err
    assert "internal error" not in err and "Traceback" not in err
    if ran:
        assert rc == 0 and ran[0].game == game
    else:
        assert rc == 1
        lines = [ln for ln in err.splitlines() if ln.strip()]
        assert len(lines) == 1 and "error:" in lines[0], err
        assert registry.get(game).name() in lines[0]
    supported = demo.own_source_refusal(game) is None
    if mode != "--recording":
        assert bool(ran) == supported
    else:
        assert bool(ran) == bool(registry.get(game).recordings)


def test_a_recording_of_another_game_is_refused(capfd):
    other = next(g for g in registry.games().values() if g.recordings and g.id != "penny-press")
    assert main(["demo", "--game", "penny-press", "--recording", other.recordings[0], "--quiet"]) == 1
    assert "not Penny Press" in capfd.readouterr().err


def test_a_failing_demo_ends_the_progress_bar_line_first(tmp_path, capfd):
    rc = main(["demo", "--source", str(tmp_path / "missing.mp4"), "--players", "3",
               "--out", str(tmp_path / "out")])
    err = capfd.readouterr().err
    assert rc == 1
    line = next(ln for ln in err.split("\n") if "error:" in ln)
    before, _, _ = line.partition("companion demo:")
    # what a terminal still shows of the bar when the error is printed: nothing
    assert before.split("\r")[-1].strip() == "", repr(line)
