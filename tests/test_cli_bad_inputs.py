"""Every ``companion`` subcommand against a corpus of bad files (issue 13, item 1).

The subcommands are read from the CLI parser itself, so a new one is covered the day
it is registered: its positional arguments get each bad input unless ``SLOTS`` says
where its files go. Each run is in-process (``companion.cli.main``) with the output
captured at the file-descriptor level (so OpenCV's or ffmpeg's own prints count too)
and must end with exit 1 and exactly one line on stderr that names the file and says
what is wrong: no traceback, no "internal error", nothing half-done.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import build_parser, main

# Names with spaces, non-ASCII letters and a "#" (special in URIs): every bad input is named like this.
NAME = "partida ñ 游戏 #2 {}"

# Where each subcommand takes files. IN: a file it reads; OUT: a file it writes;
# OUTDIR: a folder it writes into; GOOD_GAME/GOOD_IMAGE: a good input beside the bad one.
IN, OUT, OUTDIR, GOOD_GAME, GOOD_IMAGE, TMP = "<in>", "<out>", "<outdir>", "<game>", "<image>", "<tmp>"
SLOTS: dict[str, list[list[str]]] = {
    "replay": [["replay", IN]],
    "export": [["export", IN], ["export", GOOD_GAME, "-o", OUT]],
    "sample": [["sample", OUT]],
    "print": [["print", IN, "--final", "--out", TMP],
              ["print", GOOD_GAME, "--final", "--config", IN, "--out", TMP],
              ["print", GOOD_GAME, "--final", "--out", OUTDIR],
              ["print", GOOD_GAME, "--final", "--printer", "file:" + OUT, "--queue", TMP, "--wait", "0"]],
    "print-queue": [["print-queue", "--queue", OUTDIR, "--wait", "0"]],
    "printer-config": [["printer-config", "--config", IN],
                       ["printer-config", "--config", OUT, "paper_mm=80"]],
    "tags": [["tags", "penny-press", "--no-progress", "--out", OUT]],
    "scan": [["scan", IN]],
    "calibrate camera": [["calibrate", "camera", "--images", IN], ["calibrate", "camera", "--video", IN],
                         ["calibrate", "camera", "--board-out", OUT]],
    "calibrate table": [["calibrate", "table", IN], ["calibrate", "table", GOOD_IMAGE, "--camera", IN]],
    "demo": [["demo", "--source", IN, "--players", "3", "--out", TMP, "--quiet"],
             ["demo", "--recording", IN, "--out", TMP, "--quiet"],
             ["demo", "--source", GOOD_IMAGE, "--players", "3", "--out", OUTDIR, "--quiet"]],
    "app": [["app", "--recording", IN]],
    "doctor": [["doctor", "--no-probe", "--printer", "file:" + TMP + "/lp0", "--config", IN],
               ["doctor", "--no-probe", "--printer", "file:" + TMP + "/lp0", "--table-picture", IN]],
}


# Commands whose stdout is a report of every item, failures included (scan: a JSON
# line per source; doctor: a checklist); their failure is still one line on stderr.
REPORTS = {"scan", "doctor"}


def leaf_commands(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()) -> dict[str, argparse.ArgumentParser]:
    """{"calibrate table": parser, "replay": parser, ...}: every runnable subcommand."""
    out = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                inner = leaf_commands(sub, prefix + (name,))
                out.update(inner or {" ".join(prefix + (name,)): sub})
    return out


PATHLIKE = {"PATH", "FILE", "DIR", "JSON", "PDF", "PNG", "GAME", "SOURCE"}


def default_slots(name: str, parser: argparse.ArgumentParser) -> list[list[str]]:
    """A new subcommand: its positional arguments get the bad input, and so does each
    option that takes a file (metavar PATH, FILE, DIR ... or dest out/config). A
    command that takes no file at all has nothing to feed."""
    positionals = [a for a in parser._actions if not a.option_strings and not isinstance(
        a, (argparse._SubParsersAction, argparse._HelpAction))]
    out = [name.split() + [IN] * len(positionals)] if positionals else []
    for a in parser._actions:
        if a.option_strings and a.nargs != 0 and (
                str(a.metavar or "").upper() in PATHLIKE or a.dest in ("out", "config", "queue")):
            out.append(name.split() + [IN] * len(positionals) + [a.option_strings[-1], IN])
    return out


def _sample_journal(path: Path) -> Path:
    from companion.commands import journal_from_record
    from companion.journal import rules_module

    rules = rules_module("penny-press")
    setup, actions = rules.random_game(3, 3)
    j = journal_from_record({"setup": setup, "actions": [rules.action_to_dict(a) for a in actions]}, path=path)
    j.close()
    return path


def _read_only_dir(base: Path) -> Path:
    """A folder nobody may write into. Root writes anywhere on a normal file system,
    so for root the folder is /sys (a file system that refuses new files)."""
    if os.geteuid() == 0:
        return Path("/sys")
    d = base / NAME.format("read-only")
    d.mkdir()
    d.chmod(0o555)
    return d


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    base = tmp_path_factory.mktemp("bad inputs ñ")
    good = _sample_journal(base / "good game.sqlite")
    raw = good.read_bytes()
    png = base / "good image.png"
    import numpy as np
    from PIL import Image

    Image.fromarray(np.full((48, 64, 3), 200, np.uint8)).save(png)

    bad: dict[str, Path] = {}

    def make(kind: str, suffix: str, data: bytes | None) -> None:
        p = base / (NAME.format(kind) + suffix)
        if data is not None:
            p.write_bytes(data)
        bad[f"{kind}{suffix}"] = p

    for suffix in (".sqlite", ".json", ".png", ".mp4"):
        make("missing", suffix, None)
        make("empty", suffix, b"")
    make("truncated", ".sqlite", raw[: len(raw) // 3])
    mid = len(raw) // 2
    make("overwritten", ".sqlite", raw[:mid] + bytes(range(256)) * 16 + raw[mid + 4096:])
    make("truncated", ".json", b'{"setup": {"players": [')
    make("wrong-type", ".sqlite", b"PK\x03\x04" + bytes(600))  # a zip file
    make("wrong-type", ".json", b"[1, 2, 3]")
    make("wrong-type", ".png", b"this is text, not a picture\n" * 20)
    make("wrong-type", ".mp4", b"\x00\x00\x00\x18ftypmp42" + bytes(3000))  # a video with no moov atom
    make("wrong-type", ".txt", b"a b c\n")
    make("record", ".json", b'{"setup": {"players": 7}, "actions": [{"action": "nonsense"}]}')
    for suffix in (".sqlite", ".mp4"):
        d = base / (NAME.format("folder") + suffix)
        d.mkdir()
        bad[f"folder{suffix}"] = d
    ro = _read_only_dir(base)
    not_a_dir = base / (NAME.format("plain file") + ".txt")
    not_a_dir.write_text("x")
    outs = {
        "read-only folder": ro / (NAME.format("out") + ".sqlite"),
        "folder instead of file": bad["folder.sqlite"],
        "parent is a file": not_a_dir / "out.sqlite",
        "missing read-only parent": ro / NAME.format("sub") / "out.pdf",
    }
    outdirs = {
        "read-only folder": ro / NAME.format("out dir"),
        "file instead of folder": not_a_dir,
    }
    return {"base": base, "good": good, "image": png, "bad": bad, "outs": outs, "outdirs": outdirs}


def _cases():
    parser = build_parser()
    for name, sub in sorted(leaf_commands(parser).items()):
        for template in SLOTS.get(name) or default_slots(name, sub):
            slot = next((s for s in (IN, OUT, OUTDIR) if any(s in t for t in template)), None)
            yield pytest.param(name, template, slot, id=f"{name}:{' '.join(t for t in template if t.startswith('-'))}")


def _fill(template, corpus, tmp_path, value):
    sub = {GOOD_GAME: str(corpus["good"]), GOOD_IMAGE: str(corpus["image"]), TMP: str(tmp_path)}
    out = []
    for t in template:
        for k, v in sub.items():
            t = t.replace(k, v)
        for k in (IN, OUT, OUTDIR):
            t = t.replace(k, str(value))
        out.append(t)
    return out


def _check(argv, named: Path, capfd, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    code = main(argv)
    out, err = capfd.readouterr()
    lines = [ln for ln in err.splitlines() if ln.strip()]
    what = f"companion {' '.join(argv)}\nexit {code}\nstdout: {out[-500:]}\nstderr: {err[-2000:]}"
    assert code == 1, what
    assert "Traceback" not in err and "Traceback" not in out, what
    assert "internal error" not in err, what
    assert len(lines) == 1, what
    if argv[0] not in REPORTS:
        assert not out.strip(), f"a failure printed on stdout\n{what}"
    names = {str(named), named.name, str(named.parent) if not named.parent.is_dir() else None}
    assert any(n and n in lines[0] for n in names), f"the message does not name {named}\n{what}"


@pytest.mark.parametrize("command,template,slot", list(_cases()))
def test_every_subcommand_on_every_bad_input(command, template, slot, corpus, tmp_path_factory, capfd, monkeypatch):
    """Each subcommand x each bad input: exit 1, one line on stderr naming the file."""
    if slot == IN:
        values = corpus["bad"]
    elif slot == OUT:
        values = corpus["outs"]
    else:
        values = corpus["outdirs"]
    for kind, path in values.items():
        if kind.startswith("missing") and "--config" in template:
            continue  # no settings file yet: the defaults, not an error
        tmp = tmp_path_factory.mktemp("run")
        _check(_fill(template, corpus, tmp, path), path, capfd, monkeypatch, tmp)


def test_every_subcommand_is_in_the_corpus():
    """A subcommand without its own slots still runs with the default (positionals)."""
    names = set(leaf_commands(build_parser()))
    assert {"replay", "export", "sample", "print", "print-queue", "printer-config", "tags", "scan",
            "calibrate camera", "calibrate table", "demo", "app"} <= names


def test_overwritten_and_truncated_journals_are_really_damaged(corpus):
    """The corpus is what it says: SQLite itself rejects these files."""
    for kind in ("overwritten.sqlite", "truncated.sqlite"):
        with pytest.raises(sqlite3.DatabaseError):
            conn = sqlite3.connect(f"file:{corpus['bad'][kind]}?mode=ro", uri=True)
            conn.execute("SELECT * FROM events").fetchall()
            conn.execute("PRAGMA integrity_check").fetchall()


def test_from_a_shell_no_traceback(corpus, tmp_path):
    """The installed command, as a user runs it (a few cases; the rest run in-process)."""
    exe = shutil.which("companion", path=str(Path(sys.executable).parent))
    assert exe, "the companion script is installed in the venv"
    for argv in (["replay", str(corpus["bad"]["overwritten.sqlite"])],
                 ["sample", str(corpus["outs"]["read-only folder"])],
                 ["demo", "--source", str(corpus["bad"]["wrong-type.mp4"]), "--players", "3",
                  "--out", str(tmp_path), "--quiet"]):
        r = subprocess.run([exe, *argv], capture_output=True, text=True, timeout=120, cwd=tmp_path)
        assert r.returncode == 1, (argv, r.stdout, r.stderr)
        assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, (argv, r.stderr)
        assert "moov" not in r.stderr + r.stdout


def test_app_without_a_camera_says_so(capfd, monkeypatch, tmp_path):
    """`companion app --camera N` with no such camera: exit 1 and why, no app that waits forever."""
    monkeypatch.chdir(tmp_path)
    assert main(["app", "--camera", "63"]) == 1
    out, err = capfd.readouterr()
    assert len(err.strip().splitlines()) == 1 and "camera 63" in err and "Traceback" not in err, err


@pytest.mark.parametrize("game,argv", [
    ("penny-press", ["replay", "{f}", "--brief"]), ("penny-press", ["export", "{f}"]),
    ("penny-press", ["print", "{f}", "--final", "--out", "{tmp}"]), ("scoop", ["dial", "verify", "{f}"])])
def test_a_good_journal_with_a_hard_name_is_read_and_left_alone(game, argv, tmp_path, capfd, monkeypatch):
    """'#', '?', spaces and non-ASCII letters in a journal's name: the commands that
    read it work and create nothing beside it (a '#' cut the name in SQLite's URI)."""
    folder = tmp_path / "games"
    folder.mkdir()
    journal = folder / "partida ñ #2 ?.sqlite"
    monkeypatch.chdir(tmp_path)
    assert main(["sample", str(journal), "--game", game, "--players", "3"]) == 0
    before = sorted(p.name for p in folder.iterdir())
    capfd.readouterr()
    code = main([a.format(f=journal, tmp=tmp_path) for a in argv])
    out, err = capfd.readouterr()
    assert code == 0, err
    assert sorted(p.name for p in folder.iterdir()) == before


def test_reading_a_game_record_leaves_no_scratch_journal_behind(tmp_path):
    """replay/export of an exported record build a scratch journal: it is gone when the
    command ends (it used to stay in the temp folder on every run)."""
    exe = str(Path(sys.executable).with_name("companion"))
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env = {**os.environ, "TMPDIR": str(scratch)}
    game = tmp_path / "g.sqlite"
    record = tmp_path / "g.json"
    for argv in (["sample", str(game)], ["export", str(game), "-o", str(record)],
                 ["replay", str(record)], ["export", str(record), "-o", str(tmp_path / "again.json")]):
        r = subprocess.run([exe, *argv], capture_output=True, text=True, timeout=120, env=env)
        assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in scratch.iterdir()) == []


@pytest.mark.parametrize("kind,fault", [("missing.png", "no such file"), ("wrong-type.png", "not a readable image"),
                                        ("empty.png", "not a readable image"), ("wrong-type.txt", "not a readable image")])
def test_doctor_table_picture_names_the_picture_and_its_fault(kind, fault, corpus, capfd, monkeypatch, tmp_path):
    """`companion doctor --table-picture` with a missing file, a file that is no
    picture, an empty file: its checklist line says which picture and what is wrong
    with it (a FIX), stderr repeats it once, no traceback."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    path = corpus["bad"][kind]
    code = main(["doctor", "--no-probe", "--printer", f"file:{tmp_path}/lp0", "--table-picture", str(path)])
    out, err = capfd.readouterr()
    assert code == 1 and "Traceback" not in out + err
    line = next(ln for ln in out.splitlines() if path.name in ln)
    assert line.startswith("FIX") and fault in line, out
    assert len(err.strip().splitlines()) == 1 and path.name in err and fault in err, err


def test_doctor_table_picture_of_nothing_asks_for_another(corpus, capfd, monkeypatch, tmp_path):
    """A picture that opens but shows nothing (one grey, 64 x 48 px): the check says
    there is nothing to judge and what to do (a CHECK), no traceback."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    main(["doctor", "--no-probe", "--printer", f"file:{tmp_path}/lp0", "--table-picture", str(corpus["image"])])
    out, err = capfd.readouterr()
    assert "Traceback" not in out + err
    stand = [ln for ln in out.splitlines() if ln.startswith("CHECK") and "nothing to judge" in ln]
    assert len(stand) == 1, out
