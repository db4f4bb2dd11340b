"""Where commands write, in users' words (README: exit 1, one line naming the file and
what is wrong): a file where a folder should be, a printer config named but missing,
export's missing folders made (as sample's and tags' are), tags writing only a .pdf
and never replacing one without --force. Checked before anything is created."""

from __future__ import annotations

import pytest

from companion import clitext
from companion.cli import main


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    path = tmp_path_factory.mktemp("game") / "g.sqlite"
    assert main(["sample", str(path), "--players", "3"]) == 0
    return path


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    for var in clitext.ENV_VARS:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(clitext, "settings_path", lambda: tmp_path / "no-settings.json")
    return tmp_path


def run(argv) -> int:
    try:
        return main(argv)
    except SystemExit as exc:
        return exc.code


def one_line(capsys) -> str:
    out, err = capsys.readouterr()
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1 and not out.strip(), (out, err)
    assert "Errno" not in lines[0] and "File exists" not in lines[0], lines[0]
    return lines[0]


def test_print_out_that_is_a_file(game, here, capsys):
    text = here / "notes.txt"
    text.write_text("mine")
    before = set(here.iterdir())
    assert run(["print", str(game), "--final", "--out", str(text)]) == 1
    assert f"{text} is a file, not a folder" in one_line(capsys)
    assert run(["print", str(game), "--final", "--out", str(text / "pages")]) == 1
    assert f"{text} is a file, not a folder" in one_line(capsys)
    assert set(here.iterdir()) == before and text.read_text() == "mine"


def test_print_out_that_is_a_file_in_spanish(game, here, capsys):
    text = here / "notes.txt"
    text.write_text("mine")
    assert run(["--lang", "es", "print", str(game), "--final", "--out", str(text)]) == 1
    assert f"{text} es un archivo, no una carpeta" in one_line(capsys)


def test_a_queue_folder_that_is_a_file(game, here, capsys):
    text = here / "text.png"
    text.write_bytes(b"not a folder")
    assert run(["print", str(game), "--final", "--printer", "file:printer.bin", "--queue", str(text),
                "--wait", "0"]) == 1
    line = one_line(capsys)
    assert f"{text} is a file, not a folder" in line and "--queue" in line
    assert not (here / "printer.bin").exists()  # checked before the printer's file is opened
    assert run(["print-queue", "--queue", str(text), "--wait", "0"]) == 1
    assert f"{text} is a file, not a folder" in one_line(capsys)


def test_a_file_printer_is_not_left_behind_by_a_command_that_fails(here, capsys):
    assert run(["print", str(here / "missing.sqlite"), "--final", "--printer", "file:printer.bin"]) == 1
    assert "missing.sqlite" in one_line(capsys)
    assert not (here / "printer.bin").exists()


def test_a_printer_config_named_but_missing(game, here, capsys):
    missing = here / "nonexistent.json"
    assert run(["print", str(game), "--final", "--config", str(missing)]) == 1
    assert str(missing) in one_line(capsys)
    assert not list(here.glob("*.png"))
    assert run(["doctor", "--no-probe", "--config", str(missing)]) == 1
    err = capsys.readouterr().err
    assert str(missing) in err


def test_export_makes_its_folders(game, here, capsys):
    out = here / "nodir" / "sub" / "x.json"
    assert run(["export", str(game), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("{")
    capsys.readouterr()
    text = here / "plain.txt"
    text.write_text("x")
    assert run(["export", str(game), "-o", str(text / "x.json")]) == 1
    assert f"{text} is a file, not a folder" in one_line(capsys)
    assert run(["export", str(here / "missing.sqlite"), "-o", str(here / "made" / "x.json")]) == 1
    capsys.readouterr()
    assert not (here / "made").exists()  # a failed export makes no folder


def test_tags_writes_only_a_pdf(here, capsys):
    assert run(["tags", "penny-press", "--no-progress", "--out", "sheet.png"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: companion tags ") and "sheet.png" in err and ".pdf" in err
    assert not list(here.iterdir())


def test_tags_keeps_an_existing_pdf_unless_force(here, capsys):
    pdf = here / "sheet.pdf"
    pdf.write_bytes(b"%PDF-1.4 my own sheet")
    assert run(["tags", "penny-press", "--no-progress", "--out", str(pdf)]) == 1
    line = one_line(capsys)
    assert str(pdf) in line and "--force" in line
    assert pdf.read_bytes() == b"%PDF-1.4 my own sheet"
    assert run(["tags", "penny-press", "--no-progress", "--out", str(pdf), "--force"]) == 0
    assert pdf.read_bytes() != b"%PDF-1.4 my own sheet" and pdf.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("lang,made", [("en", "made the folder"), ("es", "creada la carpeta"),
                                       ("zh", "已创建文件夹")])
def test_sample_and_print_both_make_missing_folders_and_say_so(lang, made, here, capsys):
    """sample's journal, print's pictures (--out) and print's file: printer go into
    folders not made yet: each command makes them and says so on one line naming the
    folder, in the command line's language (sample made them, print refused the
    printer's: one way for both, issue 29); a file in the way is refused by both."""
    journal = here / "new" / "games" / "g.sqlite"
    try:
        assert run(["--lang", lang, "sample", str(journal), "--players", "3"]) == 0
        said = capsys.readouterr().out.splitlines()
        assert said[0] == f"{made} {journal.parent}" and journal.is_file(), said
        assert run(["--lang", lang, "sample", str(journal.parent / "h.sqlite"), "--players", "3"]) == 0
        assert made not in capsys.readouterr().out          # there now: nothing made, nothing said
        pics, printer = here / "pics" / "a", here / "paper" / "b" / "printer.bin"
        assert run(["--lang", lang, "print", str(journal), "--final", "--out", str(pics),
                    "--printer", f"file:{printer}", "--wait", "5"]) == 0
        out = capsys.readouterr().out.splitlines()
        assert f"{made} {pics}" in out and f"{made} {printer.parent}" in out, out
        assert list(pics.glob("*.png")) and printer.stat().st_size > 0
        wall = here / "wall.txt"
        wall.write_text("x")
        assert run(["--lang", lang, "sample", str(wall / "g.sqlite")]) == 1
        assert str(wall) in one_line(capsys)
        assert run(["--lang", lang, "print", str(journal), "--final", "--printer", f"file:{wall}/p.bin"]) == 1
        assert str(wall) in one_line(capsys)
    finally:
        clitext.set_lang("en")
