"""Issue 6: the bundled recordings through the real pipeline give the ground truth.

Frames -> vision -> observer -> engine -> journal -> printing, exactly as
`companion demo` runs them; the final scores must equal the recording's journal
replayed by the engine, and every press must have its page.
"""

from __future__ import annotations

import json

import pytest

import companion.games.penny_press as pp
from companion.journal import Journal, total_scores
from play import recordings
from play.demo import load_recording, run_demo
from play.recordings import recording_dir


def truth_of(name):
    rec = load_recording(recording_dir(name))
    d = rec.truth
    state = pp.new_game_from_dict(d["setup"])
    for a in d["actions"]:
        state = pp.apply(state, pp.action_from_dict(a))
    return rec, state


def test_both_recordings_are_bundled():
    assert {"penny-press-3p", "penny-press-4p"} <= set(recordings.names())


@pytest.mark.parametrize("name", ["penny-press-3p", "penny-press-4p"])
def test_recording_through_the_pipeline_equals_its_ground_truth(tmp_path, name):
    rec, truth = truth_of(name)
    assert truth.is_over
    assert len(rec.players) == {"penny-press-3p": 3, "penny-press-4p": 4}[name]
    lines = []
    res = run_demo(rec, tmp_path / name, progress=False, echo=lines.append)
    assert res.matches_truth, "\n".join(lines[-30:])
    # reading stops at the game's end: the last table change (the paper off the mat after
    # the final press) is not needed, and the count says so rather than hiding it
    meta = json.loads((recording_dir(name) / "meta.json").read_text(encoding="utf-8"))
    assert res.total_frames == meta["frames"] and 0 < meta["frames"] - res.frames <= 3
    assert lines[-1].startswith(f"{res.frames} of {meta['frames']} frames (the game was over at frame ")
    j = Journal.open(res.journal_path)
    # the engine replaying the recording's own journal gives the same scores
    assert total_scores(j.state) == list(truth.final.scores)
    assert len(j.state.press_results) == len(truth.press_results)
    # every action was read by the camera, none typed in
    assert all(e.source == "vision" for e in j.events if e.kind == "action")
    pngs = list((tmp_path / name).glob(f"{name}-press*.png"))  # each press's front page, as `companion print` names it
    assert len(pngs) == len(truth.press_results)
    assert (tmp_path / name / "final-receipt.png").is_file()
    assert (tmp_path / name / "final-receipt.bin").stat().st_size > 1000


def test_hard_recording_rebuilds_its_game_through_the_pipeline(tmp_path):
    """Issue 10: the 3-player game again, filmed under harder conditions (pieces with
    height, sides and shadows; a strong barrel lens whose camera.json, as `calibrate
    camera` writes it, is bundled; Bayer noise and in-camera sharpening, JPEG, a glare
    spot, hands): the real pipeline, with the recording's own lens model, rebuilds
    the game exactly, every action read by the camera."""
    from calibration.camera import load_camera
    from vision.pipeline import pipeline_for

    name = "penny-press-3p-hard"
    rec, truth = truth_of(name)
    assert truth.is_over and len(rec.players) == 3
    folder = recording_dir(name)
    lens = load_camera(folder / "camera.json")
    assert lens.dist[0] <= -0.1   # a strong lens, not the mild one of the plain recordings
    meta = json.loads((folder / "recording.json").read_text())
    assert meta.get("pieces") != "flat"   # tags stand on pieces with height
    # the same game as the plain 3-player recording, filmed again
    plain = json.loads((recording_dir("penny-press-3p") / "journal.json").read_text())
    assert rec.truth["actions"] == plain["actions"]
    reader = pipeline_for(rec.source, game=rec.game)
    assert reader.registrar.lens_status == "file"   # its own lens file, never the user's
    lines = []
    res = run_demo(rec, tmp_path / name, progress=False, echo=lines.append, reader=reader)
    assert res.matches_truth, "\n".join(lines[-30:])
    # reading stops at the game's end: the last table change (the paper off the mat after
    # the final press) is not needed, and the count says so rather than hiding it
    meta = json.loads((recording_dir(name) / "meta.json").read_text(encoding="utf-8"))
    assert res.total_frames == meta["frames"] and 0 < meta["frames"] - res.frames <= 3
    assert lines[-1].startswith(f"{res.frames} of {meta['frames']} frames (the game was over at frame ")
    j = Journal.open(res.journal_path)
    assert total_scores(j.state) == list(truth.final.scores)
    assert len(j.actions()) == len(rec.truth["actions"])
    assert all(e.source == "vision" for e in j.events if e.kind == "action")
