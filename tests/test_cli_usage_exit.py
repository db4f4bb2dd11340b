"""README's exit codes for command lines that are not understood: 2, usage on stderr."""

from __future__ import annotations

import pytest

from companion.cli import main


@pytest.mark.parametrize("argv", [
    ["scan", "x.jpg", "--game", "chess"],
    ["demo", "--game", "chess"],
    ["tags", "chess"],
    ["sample", "x.sqlite", "--game", "chess"],
    ["calibrate", "table", "v.png", "--game", "chess"],
])
def test_an_unknown_game_is_a_command_line_not_understood(argv, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as ex:
        main(argv)
    assert ex.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: companion ") and "unknown game 'chess'" in err
    assert "penny-press" in err  # the known games are listed
    assert not list(tmp_path.iterdir())  # nothing written


@pytest.mark.parametrize("argv,words", [
    (["demo", "--source", "x.jpg"], "--players N"),
    (["demo", "--players", "3"], "--players and --first-player are for"),
    (["demo", "--source", "x.jpg", "--players", "3", "--first-player", "9"], "--first-player must be"),
])  # an option value out of range (scan --every 0 ...): tests/test_cli_option_values.py
def test_a_missing_or_contradictory_option_exits_2_with_usage(argv, words, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: companion {argv[0]} ") and words in err
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("source", ["nope", "bad.mp4", "empty-folder"])
def test_a_demo_whose_source_does_not_open_writes_no_folder(source, capsys, tmp_path, monkeypatch):
    """The output folder is made once the source gave a frame, not before."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.mp4").write_bytes(b"not a video")
    (tmp_path / "empty-folder").mkdir()
    before = set(tmp_path.iterdir())
    assert main(["demo", "--source", source, "--players", "3", "--quiet"]) == 1
    err = [ln for ln in capsys.readouterr().err.splitlines() if ln.strip()]
    assert len(err) == 1 and source in err[0], err
    assert set(tmp_path.iterdir()) == before  # no demo-output/, no demo-output/<source>/


def _journal(tmp_path, game: str) -> str:
    path = tmp_path / f"{game}.sqlite"
    assert main(["sample", str(path), "--game", game, "--players", "4", "--seed", "3"]) == 0
    return str(path)


#: README's rule over the commands: 1 a file that cannot be read or is wrong (one line
#: naming it), 2 a command line not understood (usage), 4 a check that found a mismatch.
EXIT_CASES = [
    ("demo: a recording that is neither a folder nor bundled", lambda t: ["demo", "--recording", "nope"], 2),
    ("demo: a recording folder that is not there", lambda t: ["demo", "--recording", str(t / "none")], 1),
    ("demo: an unknown game", lambda t: ["demo", "--game", "chess"], 2),
    ("replay: a journal that is not there", lambda t: ["replay", str(t / "none.sqlite")], 1),
    ("export: a journal that is not there", lambda t: ["export", str(t / "none.sqlite")], 1),
    ("dial verify: a --wheel that is not JSON",
     lambda t: ["dial", "verify", _journal(t, "scoop"), "--wheel", _garbage(t)], 1),
    ("dial verify: a --wheel that is not there",
     lambda t: ["dial", "verify", _journal(t, "scoop"), "--wheel", str(t / "none.json")], 1),
    ("dial verify: a journal that is not there", lambda t: ["dial", "verify", str(t / "none.sqlite")], 1),
]


def _garbage(tmp_path) -> str:
    path = tmp_path / "wheel.json"
    path.write_text("garbage\n", encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("what,argv,code", EXIT_CASES, ids=[c[0] for c in EXIT_CASES])
def test_exit_codes_follow_the_readme(what, argv, code, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    args = argv(tmp_path)
    capsys.readouterr()
    try:
        got = main(args)
    except SystemExit as ex:
        got = ex.code
    assert got == code, (what, capsys.readouterr())
    err = capsys.readouterr().err
    assert err.strip() and "Traceback" not in err
    if code == 2:
        assert err.startswith("usage: companion ")


def test_app_with_a_recording_name_that_names_nothing_exits_2_as_demo_does(capsys, tmp_path, monkeypatch):
    """`companion app --recording nope` and `companion demo --recording nope` agree: a
    usage error (exit 2) naming the bundled recordings, before any window opens."""
    monkeypatch.chdir(tmp_path)
    assert main(["app", "--recording", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: companion app ") and "'nope'" in err and "penny-press-3p" in err
    assert main(["demo", "--recording", "nope"]) == 2
