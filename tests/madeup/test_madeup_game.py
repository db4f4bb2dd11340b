"""Issue 24, item 6: a game is one folder. The made-up game of this folder is
registered by the test alone (the registry's package list, the renderer tool's
lookup) and runs through the real table loop: its recording made by the renderer
tool (tools/make_demo_recordings.py), read back by the vision pipeline, its observer
and the journal (`companion demo`), then `companion replay` and `companion print
--final --printer preview`. Nothing outside tests/ names it. (Its app screen on the
start screen: tests/ui/test_ui_madeup_game.py.)"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion import registry
from companion.cli import main

import madeup

ROOT = Path(__file__).resolve().parents[2]


def register(monkeypatch) -> None:
    """Register the made-up game for this test only (undone after it)."""
    from tools.render import games

    monkeypatch.setattr(registry, "GAME_PACKAGES", registry.GAME_PACKAGES + ("madeup",))
    monkeypatch.setattr(registry, "_cache", None)
    monkeypatch.setitem(games.RENDERERS, "madeup", "madeup.render")


@pytest.fixture
def made_up(monkeypatch):
    register(monkeypatch)
    return registry.get(madeup.ID)


def test_its_rules_conform_and_its_data_reads(made_up):
    assert registry.conformance(made_up.rules_module()) == []
    assert made_up.folder == "madeup" and registry.by_tag_code("MU") is made_up
    from calibration import game_tags

    assert [lay.name for lay in game_tags.layouts(madeup.ID)] == ["madeup-board"]
    assert game_tags.tag_spec(madeup.ID, "red1").payload == "TC1:MU:S:RED1"
    setup, actions = madeup.random_game(5)
    state = madeup.new_game_from_dict(setup)
    for a in actions:
        state = madeup.apply(state, a)
    assert state.is_over and any(isinstance(a, madeup.Pass) for a in actions)


def test_no_file_outside_tests_names_it():
    """Only the docs may tell of it (docs/adding-a-game.md); no code or data does."""
    found = subprocess.run(["git", "grep", "-l", "-i", "-e", "made-up", "-e", "madeup", "--", ".", ":!tests",
                            ":!*.md"], cwd=ROOT, capture_output=True, text=True).stdout.split()
    assert found == []


@pytest.fixture
def played(made_up, tmp_path, capsys):
    """The made-up game's recording, made by the renderer tool, played by `companion demo`."""
    from tools import make_demo_recordings

    assert make_demo_recordings.main(["--only", "made-up-2p", "--out", str(tmp_path / "rec")]) == 0
    made = capsys.readouterr().out
    assert "journal replay matches: True" in made
    rc = main(["demo", "--recording", str(tmp_path / "rec" / "made-up-2p"), "--out", str(tmp_path / "out"),
               "--quiet", "--lang", "en"])
    out = capsys.readouterr()
    return rc, out.out, out.err, tmp_path / "out" / "made-up-2p"


def test_its_recording_plays_through_the_real_loop(played):
    rc, out, err, folder = played
    truth = json.loads((folder.parent.parent / "rec" / "made-up-2p" / "journal.json").read_text())
    assert rc == 0, err
    assert f"Scores match the recording's ground truth ({truth['final_scores']})" in out
    assert "Final scores:" in out and "red:" in out and "blue:" in out   # its score sheet names the seats
    from companion.journal import Journal

    j = Journal.open(folder / "made-up-2p.sqlite", readonly=True)
    sources = {e.source for e in j.events if e.kind == "action"}
    assert sources == {"vision", "player"}   # stones read by the camera, passes tapped
    assert (folder / "final-receipt.png").is_file()


def test_replay_and_print_read_its_journal(played, capsys, tmp_path):
    rc, _out, err, folder = played
    assert rc == 0, err
    journal = folder / "made-up-2p.sqlite"
    assert main(["replay", str(journal), "--brief"]) == 0
    said = capsys.readouterr().out
    truth = json.loads((folder.parent.parent / "rec" / "made-up-2p" / "journal.json").read_text())
    red, blue = truth["final_scores"]
    assert "puts a stone on the" in said   # its rules' describe_action
    assert said.rstrip().endswith(f"final scores: red (player 1) {red}  blue (player 2) {blue}")
    assert main(["print", str(journal), "--final", "--printer", "preview", "--out", str(tmp_path / "pages")]) == 0
    assert [p.name for p in (tmp_path / "pages").glob("*.png")] == ["made-up-2p-final.png"]
