"""`companion demo`'s flow with a stand-in camera: pages, breakdowns, ground truth."""

from __future__ import annotations

import numpy as np
import pytest

import companion.games.penny_press as pp
from test_runner import ground_truth_snapshots
from play.demo import Recording, run_demo
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
    rec = Recording(frames, setup["players"], setup["first_player"], name="scripted",
                    truth={"final_scores": list(truth.final.scores)}, setup=setup)
    lines = []
    res = run_demo(rec, tmp_path / "out", progress=False, echo=lines.append, reader=ScriptedReader(snaps))
    assert res.matches_truth is True
    text = "\n".join(lines)
    assert text.count("Press ") == len(truth.press_results)
    assert "Final ranking:" in text
    # the pages each step made due, under the names `companion print` gives them
    pngs = sorted(p.name for p in (tmp_path / "out").glob("*.png"))
    bins = sorted(p.name for p in (tmp_path / "out").glob("*.bin"))
    assert len(pngs) == len(truth.press_results) + 1 == len(bins)
    assert "final-receipt.png" in pngs
    assert len([n for n in pngs if n.startswith("scripted-press")]) == len(truth.press_results)


def test_a_wrong_player_count_is_an_error_with_the_reason(tmp_path, capsys):
    """A 3-player table run as 2 players: not a success with warnings, but an error
    that says what the camera saw and what to run (issue 13, item 4); its warnings
    went to stderr, nothing to stdout but results."""
    from companion.errors import CompanionError
    from play.demo import default_players

    setup, actions = pp.random_game(21, 3)
    snaps = list(ground_truth_snapshots(setup, actions))[:6]
    frames = ArraySource([np.zeros((8, 8, 3), np.uint8)] * len(snaps))
    rec = Recording(frames, default_players(2, "penny-press"), None, name="wrong-count")
    with pytest.raises(CompanionError) as err:
        run_demo(rec, tmp_path / "out", progress=False, reader=ScriptedReader(snaps))
    # the game's own words for what the table shows, then what to run
    assert "initial headline cards" in str(err.value) and "(3 seen)" in str(err.value)
    assert str(err.value).endswith("the setup on the table is for 3 players: run it with --players 3")
    out, errs = capsys.readouterr()
    assert "(3 seen)" in errs and "seen" not in out


@pytest.mark.parametrize("argv", [["demo", "--source", "x.mp4", "--players", "0"],
                                  ["demo", "--camera", "0", "--players", "7"],
                                  ["sample", "s.sqlite", "--players", "0"]])
def test_player_counts_out_of_the_games_range_name_the_range(argv, tmp_path, monkeypatch, capsys):
    # a command line not understood, as --first-player out of range is: exit 2, the
    # command's usage and one line naming the range; nothing written
    from companion import registry
    from companion.cli import main

    monkeypatch.chdir(tmp_path)
    spec = registry.get("penny-press")
    assert main(argv) == 2
    err = capsys.readouterr().err
    lines = [ln for ln in err.strip().splitlines() if not ln.startswith(("usage:", " "))]
    assert len(lines) == 1 and f"{spec.min_players}..{spec.max_players}" in lines[0], err
    assert not list(tmp_path.iterdir())


def _scripted(tmp_path, name="mine"):
    setup, actions = pp.random_game(21, 3)
    snaps = list(ground_truth_snapshots(setup, actions))
    frames = ArraySource([np.zeros((8, 8, 3), np.uint8)] * len(snaps))
    rec = Recording(frames, setup["players"], setup["first_player"], name=name, setup=setup)
    return rec, snaps


def test_running_the_same_camera_or_video_again_keeps_the_earlier_game(tmp_path):
    """The demo's output folder is named after the camera or video: run again, the
    earlier game's journal and pages are moved aside, never deleted (a fresh user
    lost a whole game's journal and 22 pages by running the same command again, even
    though the second run then failed)."""
    from companion.journal import Journal

    def game_in(folder):
        """The folder's pages (bytes) and its journal's events (the journal as SQLite
        writes it may still have its write-ahead log beside it)."""
        pages = {p.name: p.read_bytes() for p in folder.iterdir() if p.suffix in (".png", ".bin")}
        j = Journal.open(folder / "mine.sqlite", readonly=True)
        try:
            return pages, [(e.kind, e.payload) for e in j.events]
        finally:
            j.close()

    out = tmp_path / "out"
    rec, snaps = _scripted(tmp_path)
    run_demo(rec, out, progress=False, echo=lambda s: None, reader=ScriptedReader(snaps))
    first = game_in(out)
    assert first[0] and len(first[1]) > 10
    rec, snaps = _scripted(tmp_path)
    warned = []
    run_demo(rec, out, progress=False, echo=lambda s: None, warn=warned.append, reader=ScriptedReader(snaps[:3]))
    kept = [d for d in (out / "earlier").iterdir()]
    assert len(kept) == 1 and game_in(kept[0]) == first
    assert any(str(kept[0]) in w for w in warned)
    # a bundled recording rebuilds the same game: its own earlier output is replaced,
    # but a game of your own in a folder of its name is kept aside (a user's video
    # named like a bundled recording, then the bundled demo)
    def bundled():
        rec, snaps = _scripted(tmp_path)
        run_demo(rec, out, progress=False, echo=lambda s: None, warn=lambda s: None,
                 reader=ScriptedReader(snaps), rebuilds="/bundled/mine")

    bundled()
    assert len(list((out / "earlier").iterdir())) == 2
    bundled()
    assert len(list((out / "earlier").iterdir())) == 2
    assert (out / "demo-source.txt").read_text().strip() == "/bundled/mine"


def test_a_printer_that_cannot_be_is_refused_before_the_earlier_game_is_moved(tmp_path):
    from companion.errors import CompanionError

    out = tmp_path / "out"
    rec, snaps = _scripted(tmp_path)
    run_demo(rec, out, progress=False, echo=lambda s: None, reader=ScriptedReader(snaps))
    def files():   # (SQLite's write-ahead files come and go with the connection)
        return sorted(p.name for p in out.iterdir() if ".sqlite-" not in p.name and p.name != "print-queue")

    first = files()
    rec, snaps = _scripted(tmp_path)
    with pytest.raises(CompanionError):
        run_demo(rec, out, progress=False, echo=lambda s: None, printer="bogus://x", reader=ScriptedReader(snaps))
    assert files() == first and not (out / "earlier").exists()


def test_a_page_waiting_from_an_earlier_run_is_not_queued_again(tmp_path):
    # the printer off during two runs of the same game: each page waits once
    rec, snaps = _scripted(tmp_path)
    target = "tcp://127.0.0.1:9"   # nothing listens: the jobs stay queued
    run_demo(rec, tmp_path / "out", progress=False, echo=lambda s: None, warn=lambda s: None,
             printer=target, reader=ScriptedReader(snaps), queue=tmp_path / "q")
    from printing.queue import PrintQueue

    q = PrintQueue(tmp_path / "q")
    n = len(q.jobs("pending"))
    assert n > 0
    rec, snaps = _scripted(tmp_path)
    run_demo(rec, tmp_path / "out", progress=False, echo=lambda s: None, warn=lambda s: None,
             printer=target, reader=ScriptedReader(snaps), queue=tmp_path / "q")
    assert len(q.jobs("pending")) == n


def test_readme_lists_every_exit_code(capsys):
    """README's exit codes include argparse's 2 (usage), which any command gives on a
    bad option."""
    import re
    from pathlib import Path

    from companion.cli import main

    with pytest.raises(SystemExit) as ex:
        main(["replay", "--no-such-option"])
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text("utf-8")
    codes = readme[readme.index("Exit codes:"):].split("\n\n")[0]
    for code in (0, 1, ex.value.code, 3, 4):
        assert re.search(rf"\b{code}\b", codes), (code, codes)


def test_a_recordings_broken_ground_truth_is_named(tmp_path, capsys):
    # a copy of a bundled recording whose truth file is cut short: one line naming
    # the file (was "internal error: JSONDecodeError ...")
    from companion.cli import main
    from play.recordings import recording_dir

    src = recording_dir("penny-press-3p")
    rec = tmp_path / "rec"
    rec.mkdir()
    meta = (src / "recording.json").read_text(encoding="utf-8")
    (rec / "recording.json").write_text(meta, encoding="utf-8")
    import json

    truth = json.loads(meta)["truth"]
    (rec / truth).write_text('{"final_scores": [1, 2', encoding="utf-8")
    assert main(["demo", "--recording", str(rec), "--out", str(tmp_path / "o")]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(rec / truth) in err and "internal error" not in err, err


def test_an_output_folder_that_cannot_be_is_said_before_anything_runs(tmp_path, capsys):
    from companion.cli import main

    f = tmp_path / "afile"
    f.write_text("x")
    assert main(["demo", "--out", str(f)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.endswith(f"{f} is a file, not a folder") and len(err.splitlines()) == 1
