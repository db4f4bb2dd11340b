"""`companion demo`'s flow with a stand-in camera: pages, breakdowns, ground truth."""

from __future__ import annotations

import numpy as np
import pytest

import companion.games.penny_press as pp
from test_session import ground_truth_snapshots
from ui.demo import Recording, final_text, press_text, run_demo
from vision.sources import ArraySource


class ScriptedReader:
    """Stands in for vision: each frame index gets the next ground-truth snapshot."""

    def __init__(self, snaps):
        self.snaps = list(snaps)
        self.i = 0

    def process(self, image, t):
        snap = self.snaps[min(self.i, len(self.snaps) - 1)]
        self.i += 1
        return snap, None


def test_demo_flow_prints_every_press_and_the_final_receipt(tmp_path):
    setup, actions = pp.random_game(21, 3)
    snaps = list(ground_truth_snapshots(setup, actions))
    truth = pp.new_game_from_dict(setup)
    for a in actions:
        truth = pp.apply(truth, a)
    frames = ArraySource([np.zeros((8, 8, 3), np.uint8)] * len(snaps))
    rec = Recording(frames, [pp.PlayerSpec(**p) for p in setup["players"]], setup["first_player"],
                    name="scripted", truth={"final_scores": list(truth.final.scores)},
                    initial_cards=setup["headline_cards"])
    lines = []
    res = run_demo(rec, tmp_path / "out", progress=False, echo=lines.append, reader=ScriptedReader(snaps))
    assert res.matches_truth is True
    text = "\n".join(lines)
    assert text.count("Press ") == len(truth.press_results)
    assert "Final ranking:" in text
    pngs = sorted(p.name for p in (tmp_path / "out").glob("*.png"))
    bins = sorted(p.name for p in (tmp_path / "out").glob("*.bin"))
    assert len(pngs) == len(truth.press_results) + 1 == len(bins)
    assert "final-receipt.png" in pngs


def test_press_text_adds_up():
    setup, actions = pp.random_game(4, 3)
    st = pp.new_game_from_dict(setup)
    for a in actions:
        st = pp.apply(st, a)
    for k, res in enumerate(st.press_results):
        text = press_text(st, res)
        assert f"total" in text and str(res.total) in text.splitlines()[-1]
    out = final_text(st)
    for p in st.players:
        assert (p.name or p.colour) in out
