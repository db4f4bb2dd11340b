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


def test_a_wrong_player_count_is_an_error_with_the_reason(tmp_path, capsys):
    """A 3-player table run as 2 players: not a success with warnings, but an error
    that says what the camera saw and what to run (issue 13, item 4); its warnings
    went to stderr, nothing to stdout but results."""
    from companion.errors import CompanionError
    from ui.demo import default_players

    setup, actions = pp.random_game(21, 3)
    snaps = list(ground_truth_snapshots(setup, actions))[:6]
    frames = ArraySource([np.zeros((8, 8, 3), np.uint8)] * len(snaps))
    rec = Recording(frames, default_players(2), None, name="wrong-count")
    with pytest.raises(CompanionError) as err:
        run_demo(rec, tmp_path / "out", progress=False, reader=ScriptedReader(snaps))
    assert "3 initial headline cards" in str(err.value) and "--players 3" in str(err.value)
    out, errs = capsys.readouterr()
    assert "(3 seen)" in errs and "seen" not in out


@pytest.mark.parametrize("argv", [["demo", "--source", "x.mp4", "--players", "0"],
                                  ["demo", "--camera", "0", "--players", "7"],
                                  ["sample", "s.sqlite", "--players", "0"]])
def test_player_counts_out_of_the_games_range_name_the_range(argv, tmp_path, monkeypatch, capsys):
    from companion import registry
    from companion.cli import main

    monkeypatch.chdir(tmp_path)
    spec = registry.get("penny-press")
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert f"{spec.min_players}..{spec.max_players}" in err and len(err.strip().splitlines()) == 1, err


def test_readme_lists_every_exit_code(capsys):
    """README's exit codes include argparse's 2 (usage), which any command gives on a
    bad option."""
    import re
    from pathlib import Path

    from companion.cli import main

    with pytest.raises(SystemExit) as ex:
        main(["replay", "--no-such-option"])
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text("utf-8")
    codes = readme[readme.index("Exit codes:"):].split("\n\n")[0]
    for code in (0, 1, ex.value.code, 3, 4):
        assert re.search(rf"\b{code}\b", codes), (code, codes)
