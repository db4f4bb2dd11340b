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
from ui.demo import DEMO_DATA, bundled_recordings, load_recording, run_demo


def truth_of(name):
    rec = load_recording(DEMO_DATA / name)
    d = rec.truth
    state = pp.new_game_from_dict(d["setup"])
    for a in d["actions"]:
        state = pp.apply(state, pp.action_from_dict(a))
    return rec, state


def test_both_recordings_are_bundled():
    assert {"penny-press-3p", "penny-press-4p"} <= set(bundled_recordings())


@pytest.mark.parametrize("name", ["penny-press-3p", "penny-press-4p"])
def test_recording_through_the_pipeline_equals_its_ground_truth(tmp_path, name):
    rec, truth = truth_of(name)
    assert truth.is_over
    assert len(rec.players) == {"penny-press-3p": 3, "penny-press-4p": 4}[name]
    lines = []
    res = run_demo(rec, tmp_path / name, progress=False, echo=lines.append)
    assert res.matches_truth, "\n".join(lines[-30:])
    j = Journal.open(res.journal_path)
    # the engine replaying the recording's own journal gives the same scores
    assert total_scores(j.state) == list(truth.final.scores)
    assert len(j.state.press_results) == len(truth.press_results)
    # every action was read by the camera, none typed in
    assert all(e.source == "vision" for e in j.events if e.kind == "action")
    pngs = list((tmp_path / name).glob("press*.png"))
    assert len(pngs) == len(truth.press_results)
    assert (tmp_path / name / "final-receipt.png").is_file()
    assert (tmp_path / name / "final-receipt.bin").stat().st_size > 1000
