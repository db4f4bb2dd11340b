"""The dial's seed stays out of the journal while a Scoop game runs (issue 14): it is
written first, atomically, to a side file beside the journal (a crashed game goes on
from it); the journal holds only the commitment; at the end the seed is revealed into
the journal, and `companion dial verify` works then and refuses clearly before."""

from __future__ import annotations

import pytest

from companion.cli import main
from companion.games.scoop import engine
from companion.journal import Journal, JournalError, secret_path


def _half_game(tmp_path):
    setup, actions = engine.random_game(9, 4, policy="quick")
    path = tmp_path / "g.sqlite"
    j = Journal.create(path, "scoop", setup)
    half = len(actions) // 2
    for a in actions[:half]:
        j.append(a)
    return setup, actions, path, j


def test_the_seed_is_not_in_the_journal_mid_game_and_a_crashed_game_goes_on(tmp_path):
    setup, actions, path, j = _half_game(tmp_path)
    seed = setup["dial_seed"]
    assert seed not in path.read_bytes().decode("latin-1")
    assert "dial_seed" not in j.setup and j.setup["commitment"] == setup["commitment"]
    assert seed in secret_path(path).read_text()
    assert "dial_seed" not in str(j.export())
    state = j.state
    j.close()  # a crash: reopen from the files
    again = Journal.open(path)
    assert engine.describe(again.state) == engine.describe(state)
    for a in actions[len(again.actions()):]:
        again.append(a)
    assert again.state.is_over
    notes = [e.payload for e in again.events if e.kind == "note"]
    assert notes == [{"reveal": {"dial_seed": seed}}]
    assert again.export()["summary"]["dial"]["seed"] == seed


def test_a_finished_journal_stands_alone_and_a_running_one_needs_its_side_file(tmp_path):
    setup, actions, path, j = _half_game(tmp_path)
    j.close()
    side = secret_path(path)
    kept = side.read_bytes()
    side.unlink()
    with pytest.raises(JournalError, match="g.sqlite-secret.json"):
        Journal.open(path)
    side.write_bytes(kept)
    j = Journal.open(path)
    for a in actions[len(j.actions()):]:
        j.append(a)
    j.close()
    assert not side.exists()  # revealed into the journal: the side file is gone
    assert Journal.open(path, readonly=True).state.is_over


def test_dial_verify_refuses_before_the_end_and_checks_after(tmp_path, capsys):
    setup, actions, path, j = _half_game(tmp_path)
    assert main(["dial", "verify", str(path)]) != 0
    err = capsys.readouterr().err
    assert "not over yet" in err and "secret" in err
    for a in actions[len(j.actions()):]:
        j.append(a)
    j.close()
    assert main(["dial", "verify", str(path)]) == 0
    assert "all match" in capsys.readouterr().out
    exp = tmp_path / "g.json"
    assert main(["export", str(path), "-o", str(exp)]) == 0
    capsys.readouterr()
    assert main(["dial", "verify", str(exp)]) == 0
