"""One name per setting (issue 29): printer-config's paper_mm is also spelled width
(the --width of demo and print); a Scoop press number without its player is refused
naming the pages there are; doctor and print judge a file: printer not made yet
alike."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from PIL import Image

from companion.cli import main
from printing.profiles import load_config


def test_printer_config_takes_width_as_paper_mm_and_saves_one_key(tmp_path, capsys):
    cfg = tmp_path / "printer.json"
    assert main(["printer-config", "--config", str(cfg), "width=80"]) == 0
    saved = json.loads(cfg.read_text("utf-8"))
    assert saved["paper_mm"] == 80 and "width" not in saved
    assert main(["printer-config", "--config", str(cfg), "paper_mm=58"]) == 0
    assert json.loads(cfg.read_text("utf-8"))["paper_mm"] == 58
    capsys.readouterr()
    assert main(["printer-config", "--config", str(cfg), "width=100"]) != 0
    assert "width=100: the paper width in mm, 58 or 80" in capsys.readouterr().err
    assert main(["printer-config", "--config", str(cfg), "width=80", "paper_mm=58"]) != 0
    assert "width and paper_mm are one setting" in capsys.readouterr().err
    assert json.loads(cfg.read_text("utf-8"))["paper_mm"] == 58  # nothing saved by a refusal
    # a file written by hand with "width" reads as paper_mm, and is saved with paper_mm
    cfg.write_text('{"width": 80, "cut": "none"}', "utf-8")
    assert load_config(cfg).paper_mm == 80 and load_config(cfg).width_dots == 576
    assert main(["printer-config", "--config", str(cfg), "cut=full"]) == 0
    saved = json.loads(cfg.read_text("utf-8"))
    assert saved["paper_mm"] == 80 and saved["cut"] == "full" and "width" not in saved
    cfg.write_text('{"width": 80, "paper_mm": 58}', "utf-8")
    with pytest.raises(Exception, match="one setting"):
        load_config(cfg)


def test_print_width_is_the_paper_mm_setting(tmp_path):
    from companion.games import scoop as sc
    from companion.commands import journal_from_record

    setup, actions = sc.random_game(36, 3)
    journal_from_record({"game": "scoop", "setup": setup, "actions": [sc.action_to_dict(a) for a in actions]},
                        tmp_path / "g.sqlite").close()
    cfg = tmp_path / "printer.json"
    assert main(["printer-config", "--config", str(cfg), "width=80"]) == 0
    for extra, dots in (([], 576), (["--width", "58"], 384), (["--width", "80"], 576)):
        out = tmp_path / f"out{dots}{len(extra)}"
        assert main(["print", str(tmp_path / "g.sqlite"), "--final", "--config", str(cfg), "--out", str(out)]
                    + extra) == 0
        assert Image.open(out / "g-money.png").width == dots


def test_a_scoop_press_number_without_its_player_is_refused_naming_the_pages(tmp_path, capsys):
    from companion.games import scoop as sc
    from companion.commands import journal_from_record

    setup, actions = sc.random_game(36, 3)
    journal_from_record({"game": "scoop", "setup": setup, "actions": [sc.action_to_dict(a) for a in actions]},
                        tmp_path / "scoop.sqlite").close()
    assert main(["print", str(tmp_path / "scoop.sqlite"), "--press", "1", "--out", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "--press 1: Scoop has no numbered presses" in err
    for page in ("every paper's front page (all)", "(start)", "(final)", "with its player"):
        assert page in err
    assert not list(tmp_path.glob("*.png"))
    assert main(["print", str(tmp_path / "scoop.sqlite"), "--press", "1", "--player", "2", "--out",
                 str(tmp_path)]) == 0
    assert len(list(tmp_path.glob("*-front.png"))) == 1


def test_doctor_and_print_agree_on_a_file_printer_not_made_yet(tmp_path, capsys):
    from ui.doctor import check_printer

    cfg = tmp_path / "printer.json"
    assert main(["printer-config", "--config", str(cfg), "cut=none"]) == 0
    new = tmp_path / "pages.bin"
    (verdict, name, text), = check_printer(SimpleNamespace(printer=f"file:{new}", config=str(cfg)))
    assert name == "printer" and verdict.strip() == "OK" and "creates it" in text, (verdict, text)
    assert not new.exists()  # doctor made nothing
    from play.recordings import recording_dir

    game = recording_dir("scoop-4p") / "journal.json"
    assert main(["print", str(game), "--final", "--printer", f"file:{new}", "--config", str(cfg),
                 "--queue", str(tmp_path / "q")]) == 0
    assert new.stat().st_size > 0
    # a folder that is not there: doctor says the first page makes it, print makes it (said)
    gone = tmp_path / "nowhere" / "pages.bin"
    (verdict, _name, text), = check_printer(SimpleNamespace(printer=f"file:{gone}", config=str(cfg)))
    assert verdict.strip() == "OK" and f"creates the folder {gone.parent}" in text, (verdict, text)
    assert not gone.parent.exists()  # doctor made nothing
    capsys.readouterr()
    assert main(["print", str(game), "--final", "--printer", f"file:{gone}", "--config", str(cfg),
                 "--queue", str(tmp_path / "q")]) == 0
    assert f"made the folder {gone.parent}" in capsys.readouterr().out and gone.stat().st_size > 0
    # a file where its folder should be: both refuse, naming it
    wall = tmp_path / "wall"
    wall.write_text("x")
    (verdict, _name, text), = check_printer(SimpleNamespace(printer=f"file:{wall}/p.bin", config=str(cfg)))
    assert verdict.strip() == "FIX" and f"{wall} is not a folder" in text, (verdict, text)
    assert main(["print", str(game), "--final", "--printer", f"file:{wall}/p.bin", "--config", str(cfg),
                 "--queue", str(tmp_path / "q")]) == 1
    assert f"{wall} is not a folder" in capsys.readouterr().err
