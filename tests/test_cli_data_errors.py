"""A bad record or data file: one line naming the file and what is wrong in users'
words, never an exception's repr (KeyError('players'))."""

from __future__ import annotations

import json

import pytest

from companion.cli import main
from companion.datafile import data_fault
from companion.errors import CompanionError


def _one_line(capsys) -> str:
    err = [ln for ln in capsys.readouterr().err.splitlines() if ln.strip()]
    assert len(err) == 1, err
    assert "Error(" not in err[0] and "Traceback" not in err[0], err
    return err[0]


@pytest.fixture
def record_without_players(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["sample", "g.sqlite", "--players", "2"]) == 0
    assert main(["export", "g.sqlite", "-o", "e.json"]) == 0
    rec = json.loads((tmp_path / "e.json").read_text("utf-8"))
    del rec["setup"]["players"]
    (tmp_path / "e.json").write_text(json.dumps(rec), "utf-8")
    return tmp_path / "e.json"


@pytest.mark.parametrize("argv", [["print", "e.json", "--final", "--printer", "preview"], ["replay", "e.json"]])
def test_a_record_without_players_is_named_in_words(argv, record_without_players, capsys):
    capsys.readouterr()
    assert main(argv) == 1
    line = _one_line(capsys)
    assert "e.json" in line and "'players' is missing" in line and "KeyError" not in line


def test_a_wheel_file_is_named_once(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "g.json").write_text('{"name": "x"}', "utf-8")
    (tmp_path / "h.json").write_text("[1, 2]", "utf-8")
    assert main(["dial", "--wheel", "g.json"]) == 1
    line = _one_line(capsys)
    assert line.count("g.json") == 1 and "'sectors' is missing" in line, line
    assert main(["dial", "--wheel", "h.json"]) == 1
    line = _one_line(capsys)
    assert line.count("h.json") == 1 and "not a signal wheel" in line and "object" not in line, line


def test_data_fault_words():
    assert data_fault(KeyError("players")) == "'players' is missing"
    assert "wrong kind" in data_fault(TypeError("'int' object is not iterable"))
    assert "int()" not in data_fault(ValueError("invalid literal for int() with base 10: 'x'"))
    assert data_fault(CompanionError("no such card")) == "no such card"
    with pytest.raises(json.JSONDecodeError) as ex:
        json.loads("{")
    assert data_fault(ex.value).startswith("not valid JSON (line 1")


def test_a_recording_description_without_a_field_is_named_in_words(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    rec = tmp_path / "rec"
    rec.mkdir()
    (rec / "recording.json").write_text('{"name": "x"}', "utf-8")
    assert main(["demo", "--recording", str(rec), "--quiet"]) == 1
    line = _one_line(capsys)
    assert "recording.json" in line and "'frames' is missing" in line, line


@pytest.mark.parametrize("lang,words", [("en", "damaged, or not a game journal"), ("es", "dañado, o no es un diario"),
                                        ("zh", "已损坏，或不是对局记录")])
def test_a_file_that_is_no_journal_is_named_in_words_without_sqlites_own(tmp_path, capsys, lang, words):
    bad = tmp_path / "g.sqlite"
    bad.write_bytes(bytes(range(256)) * 20)
    assert main(["--lang", lang, "replay", str(bad)]) == 1
    err = capsys.readouterr().err
    assert words in err and "SQLITE" not in err and "not a database" not in err, err


@pytest.mark.parametrize("lang,words", [("es", "no se puede abrir el vídeo"), ("zh", "无法打开视频")])
def test_a_video_that_does_not_open_is_named_in_the_readers_language(tmp_path, capsys, lang, words):
    bad = tmp_path / "g.mp4"
    bad.write_bytes(bytes(range(256)) * 20)
    assert main(["--lang", lang, "demo", "--source", str(bad), "--players", "3", "--quiet"]) == 1
    err = capsys.readouterr().err
    assert words in err and "OpenCV" not in err and "cannot open" not in err, err
