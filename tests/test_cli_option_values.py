"""An option value out of range or ill-formed is a command line not understood
(README: exit 2, the command's usage and one message on stderr), on every command
that takes it, checked before anything is created or opened (companion.cliargs)."""

from __future__ import annotations

import pytest

from companion import clitext
from companion.cli import build_parser, main

GAME = "<game>"


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    path = tmp_path_factory.mktemp("game") / "g.sqlite"
    assert main(["sample", str(path), "--players", "3"]) == 0
    return path


def run(argv) -> int:
    try:
        return main(argv)
    except SystemExit as exc:  # argparse's own refusal
        return exc.code


BAD = [
    (["scan", "x.jpg", "--size", "12"], "--size"),
    (["scan", "x.jpg", "--size", "1920*1080"], "--size"),
    (["scan", "x.jpg", "--size", "99999x99999"], "--size"),
    (["scan", "x.jpg", "--fps", "-5"], "--fps"),
    (["scan", "x.jpg", "--fps", "0"], "--fps"),
    (["scan", "x.jpg", "--fps", "nan"], "--fps"),
    (["scan", "x.jpg", "--fourcc", "MJPEG"], "--fourcc"),
    (["scan", "x.jpg", "--every", "0"], "--every"),
    (["scan", "x.jpg", "--max-frames", "-1"], "--max-frames"),
    (["demo", "--camera", "0", "--players", "3", "--size", "640"], "--size"),
    (["app", "--camera", "0", "--fps", "1000"], "--fps"),
    (["doctor", "--no-probe", "--fourcc", "YU"], "--fourcc"),
    (["calibrate", "table", "0", "--camera-size", "12"], "--camera-size"),
    (["calibrate", "table", "0", "--fps", "0"], "--fps"),
    (["calibrate", "table", "0", "--fourcc", "toolong"], "--fourcc"),
    (["print", GAME, "--final", "--copies", "0"], "--copies"),
    (["print", GAME, "--final", "--copies", "-2", "--printer", "file:printer.bin"], "--copies"),
    (["print", GAME, "--final", "--copies", "0", "--printer", "tcp://127.0.0.1:9"], "--copies"),
    (["print", GAME, "--final", "--printer", "file:printer.bin", "--wait", "-1"], "--wait"),
    (["print", GAME, "--press", "0"], "--press"),
    (["print", GAME, "--press", "first"], "--press"),
    (["print-queue", "--wait", "nan"], "--wait"),
    # a negative camera index crashed OpenCV itself (segmentation fault, exit 139)
    (["demo", "--camera", "-1", "--players", "3"], "--camera"),
    (["demo", "--camera", "99999999999", "--players", "3"], "--camera"),
    (["doctor", "--no-probe", "--camera", "-1"], "--camera"),
    (["app", "--camera", "-2"], "--camera"),
]


@pytest.mark.parametrize("argv,option", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_a_bad_option_value_is_a_command_line_not_understood(argv, option, game, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    before = set(tmp_path.iterdir())
    argv = [str(game) if a == GAME else a for a in argv]
    assert run(argv) == 2
    err = capsys.readouterr().err
    command = " ".join(argv[:2]) if argv[0] == "calibrate" else argv[0]
    assert err.startswith(f"usage: companion {command} "), err
    said = [ln for ln in err.splitlines() if ln.strip() and not ln.startswith(("usage:", " "))]
    assert len(said) == 1 and option in said[0] and argv[argv.index(option) + 1] in said[0], err
    assert set(tmp_path.iterdir()) == before  # no printer file, no queue, no output folder


def test_the_message_is_in_the_command_lines_language(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert run(["--lang", "es", "scan", "x.jpg", "--every", "0"]) == 2
    es = capsys.readouterr().err
    assert run(["--lang", "zh", "scan", "x.jpg", "--every", "0"]) == 2
    zh = capsys.readouterr().err
    clitext.set_lang("es")
    try:
        from companion.cliargs import parse_positive_int

        with pytest.raises(ValueError) as want:
            parse_positive_int("0")
    finally:
        clitext.set_lang("en")
    assert str(want.value) in es and "whole number" not in es
    assert "whole number" not in zh and zh != es


@pytest.mark.parametrize("argv,dest,value", [
    (["scan", "x.jpg", "--size", "1920x1080"], "size", "1920x1080"),
    (["scan", "x.jpg", "--size", " 1280X720 "], "size", "1280X720"),
    (["scan", "x.jpg", "--fps", "29.97"], "fps", 29.97),
    (["scan", "x.jpg", "--fourcc", "yuyv"], "fourcc", "yuyv"),
    (["scan", "x.jpg", "--every", "3", "--max-frames", "1"], "every", 3),
    (["calibrate", "table", "0", "--camera-size", "3840x2160"], "camera_size", "3840x2160"),
    (["print", "g", "--final", "--copies", "2", "--wait", "0"], "copies", 2),
    (["print", "g", "--press", "ALL"], "press", "all"),
    (["print", "g", "--press", "start"], "press", "start"),
    (["print", "g", "--press", "12"], "press", "12"),
])
def test_good_values_are_taken(argv, dest, value):
    assert getattr(build_parser().parse_args(argv), dest) == value


@pytest.mark.parametrize("argv", [["scan", "99999999999"], ["calibrate", "table", "99999999999"]])
def test_a_camera_index_out_of_range_as_a_source_is_one_clear_line(argv, capsys):
    assert run(argv) == 1
    err = capsys.readouterr().err
    assert "camera index from 0 to 255" in err and "Traceback" not in err
