"""`companion dial verify` refuses forged, uncommitted and malformed logs; `companion dial`
reveals the seed on Ctrl-C and never silently overwrites a log."""

from __future__ import annotations

import io
import json

import pytest

from companion.cli import main
from companion.games.scoop.dial import commitment

SEED = "c0ffee" * 10 + "abcd"


def make_log(tmp_path, monkeypatch, capsys, lines=("3", "9", "0", "q"), name="calls.json"):
    log = tmp_path / name
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{x}\n" for x in lines)))
    assert main(["dial", "--seed", SEED, "--log", str(log)]) == 0
    capsys.readouterr()
    return log


def verify(log, capsys, *extra):
    rc = main(["dial", "verify", str(log), *extra])
    cap = capsys.readouterr()
    return rc, cap.out, cap.err


def test_a_forged_call_with_a_matching_forged_wheel_is_refused(tmp_path, monkeypatch, capsys):
    log = make_log(tmp_path, monkeypatch, capsys)
    rec = json.loads(log.read_text())
    c = rec["calls"][1]
    forged = "three_star" if c["signal"] != "three_star" else "ok"
    c["signal"] = forged
    rec["wheel"]["sectors"][c["after"]] = forged
    log.write_text(json.dumps(rec))
    rc, out, err = verify(log, capsys)
    assert rc != 0 and "all match" not in out
    assert "wheel" in out + err and "data/wheel.json" in out + err


def test_a_log_without_commitment_is_refused(tmp_path, monkeypatch, capsys):
    log = make_log(tmp_path, monkeypatch, capsys)
    rec = json.loads(log.read_text())
    rec["commitment"] = None
    log.write_text(json.dumps(rec))
    rc, out, err = verify(log, capsys)
    assert rc != 0 and "all match" not in out and "commitment" in err and str(log) in err
    assert verify(log, capsys, "--commitment", commitment(SEED))[0] == 0  # the one shown at the start


def test_a_call_without_signal_is_refused(tmp_path, monkeypatch, capsys):
    log = make_log(tmp_path, monkeypatch, capsys)
    rec = json.loads(log.read_text())
    rec["calls"][0]["signal"] = None
    log.write_text(json.dumps(rec))
    rc, out, err = verify(log, capsys)
    assert rc != 0 and "all match" not in out and "call 1" in out + err


@pytest.mark.parametrize("edit,words", [
    (lambda r: r.pop("wheel"), "wheel"),
    (lambda r: r["wheel"].update(sectors=[]), "wheel"),
    (lambda r: r["calls"][0].pop("number"), "call 1"),
    (lambda r: r["calls"].__setitem__(1, "x"), "call 2"),
    (lambda r: r.update(calls=5), "calls"),
])
def test_a_malformed_log_gets_one_line_naming_the_file(tmp_path, monkeypatch, capsys, edit, words):
    log = make_log(tmp_path, monkeypatch, capsys)
    rec = json.loads(log.read_text())
    edit(rec)
    log.write_text(json.dumps(rec))
    rc, out, err = verify(log, capsys)
    assert rc == 1 and out == "" and "internal error" not in err
    assert len(err.strip().splitlines()) == 1 and str(log) in err and words in err, err


class _Interrupted(io.StringIO):
    def readline(self, *a):
        line = super().readline(*a)
        if not line:
            raise KeyboardInterrupt
        return line


def test_ctrl_c_hangs_up_and_reveals_the_seed(tmp_path, monkeypatch, capsys):
    log = tmp_path / "calls.json"
    monkeypatch.setattr("sys.stdin", _Interrupted("3\n9\n"))
    main(["dial", "--seed", SEED, "--log", str(log)])
    out = capsys.readouterr().out
    rec = json.loads(log.read_text())
    assert rec["seed"] == SEED and len(rec["calls"]) == 2 and SEED in out
    assert verify(log, capsys)[0] == 0


def test_an_existing_log_is_not_overwritten_without_force(tmp_path, monkeypatch, capsys):
    log = make_log(tmp_path, monkeypatch, capsys)
    before = log.read_text()
    monkeypatch.setattr("sys.stdin", io.StringIO("5\nq\n"))
    assert main(["dial", "--seed", SEED, "--log", str(log)]) == 1
    assert "--force" in capsys.readouterr().err and log.read_text() == before
    monkeypatch.setattr("sys.stdin", io.StringIO("5\nq\n"))
    assert main(["dial", "--seed", SEED, "--log", str(log), "--force"]) == 0
    assert [c["number"] for c in json.loads(log.read_text())["calls"]] == [5]
