"""One printer config: the app's settings start from the config `companion
printer-config` saved and write back only what the player changes there."""

import json

from printing.profiles import PrinterConfig, config_path, load_config, save_config
from ui.viewmodels.settings import printer_config
from ui.viewmodels.protocol import PrinterSettings
from ui.viewmodels.settings import SettingsVM


def test_the_app_starts_from_the_saved_printer_config_and_changes_only_what_the_player_changes(tmp_path):
    saved = PrinterConfig(paper_mm=80, profile="TM-T88V", darkness=3, cut="partial", feed_lines=7)
    save_config(saved)                                   # `companion printer-config ...`
    vm = SettingsVM(tmp_path / "ui.json", "es")
    p = vm.settings.printer
    assert (p.width, p.profile, p.darkness, p.cut) == (576, "TM-T88V", 3, True)
    assert printer_config(p) == saved                    # the app prints with exactly that config
    assert printer_config(p).width_dots == 512
    assert printer_config(PrinterSettings(width=576)).profile_name == "TM-T88V"  # no app default imposed

    assert vm.update(darkness=0)                         # the player changes one thing ...
    assert load_config(config_path()) == PrinterConfig(paper_mm=80, profile="TM-T88V", darkness=0,
                                                       cut="partial", feed_lines=7)  # ... only it changes
    assert printer_config(vm.settings.printer).darkness == 0
    assert vm.update(cut=False) and load_config(config_path()).cut == "none"
    assert vm.update(cut=True) and load_config(config_path()).cut == "auto"
    assert vm.update(kind="network", target="127.0.0.1:9100")   # not a printer-config field
    assert load_config(config_path()).profile == "TM-T88V"

    save_config(PrinterConfig(paper_mm=58, profile="ZJ-5870"))   # edited again from the CLI
    from companion.errors import CompanionError
    try:                                                 # 80 mm on that 58 mm printer: said, not crashed
        printer_config(PrinterSettings(width=576))
        raise AssertionError("a 58 mm profile printed an 80 mm page")
    except CompanionError as exc:
        assert "ZJ-5870" in str(exc) and exc.key == "profile_width"
    again = SettingsVM(tmp_path / "ui.json", "es").settings.printer
    assert (again.width, again.profile, again.kind) == (384, "ZJ-5870", "network")


def test_a_broken_printer_config_is_left_alone_and_said(tmp_path):
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ not json", encoding="utf-8")
    vm = SettingsVM(tmp_path / "ui.json", "es")          # loads: the app's own defaults
    assert vm.settings.printer.profile == "POS-5890"
    assert not vm.update(darkness=3)
    assert str(path) in vm.status and "impresora" in vm.status
    assert path.read_text(encoding="utf-8") == "{ not json"
    assert json.loads((tmp_path / "ui.json").read_text() if (tmp_path / "ui.json").exists() else "{}") == {}


def _played(tmp_path, printer):
    from ui.games.penny_press.scripted import ScriptedSession
    from ui.viewmodels import protocol as P

    players = (P.PlayerSetup("red", "Ana", "The Times"), P.PlayerSetup("blue", "Bo", "The Herald"))
    s = ScriptedSession(P.SessionConfig(players=players, journal_dir=str(tmp_path), printer=printer), seed=7)
    while s.step():
        pass
    return s


def test_the_no_printer_preview_is_the_raster_the_saved_printer_gets(tmp_path):
    """A TM-T88 (512 dots at 180 dpi on 80 mm paper) saved as the printer: the app's
    preview (no printer) draws the very 512-dot page that printer is sent, not the
    paper's 576 dots."""
    from dataclasses import replace

    from PIL import Image

    from printing.escpos_raster import escpos_bytes

    save_config(PrinterConfig(paper_mm=80, profile="TM-T88V"))
    seen = SettingsVM(tmp_path / "ui.json", "en").settings.printer   # what the app passes
    assert (seen.kind, seen.width, seen.profile) == ("preview", 576, "TM-T88V")
    preview = _played(tmp_path / "preview", seen)
    job = preview.print_final()
    shown = Image.open(job.preview)
    assert shown.size[0] == printer_config(seen).width_dots == 512
    sent = PrinterSettings(kind="file", target=str(tmp_path / "printer.bin"), width=576, profile="TM-T88V")
    (tmp_path / "printer.bin").touch()
    preview.config = replace(preview.config, printer=sent)          # the same game, to the printer
    printed = preview.print_final()
    assert Image.open(printed.preview).tobytes() == shown.tobytes()     # the same raster, dot for dot
    assert (tmp_path / "printer.bin").read_bytes() == escpos_bytes(shown.convert("1"), printer_config(sent))
    preview.config = replace(preview.config, printer=seen)
    paper = preview.print_press(1, preview.state.players[0].colour)
    assert Image.open(paper.preview).size[0] == 512


def test_a_page_the_printer_took_is_said_printed_and_one_it_did_not_queued(tmp_path):
    """The app's print reports the job's own outcome: "printed" once the printer took
    every byte (the print queue's outcome "printed"), "queued" when it could not."""
    s = _played(tmp_path / "game", PrinterSettings(kind="file", target=str(tmp_path / "printer.bin"), width=576))
    (tmp_path / "printer.bin").touch()
    assert s.print_final().state == "printed"
    assert (tmp_path / "printer.bin").stat().st_size > 0
    from dataclasses import replace

    (tmp_path / "wall").write_text("a file where the printer's folder should be")
    gone = str(tmp_path / "wall" / "printer.bin")   # (a folder not there yet is made: the page prints)
    s.config = replace(s.config, printer=PrinterSettings(kind="file", target=gone, width=576))
    assert s.print_final().state == "queued"


def test_a_picked_profile_shows_what_follows_from_it_before_save(tmp_path):
    """The settings screen's draft: a profile picked brings its paper, page width,
    cutter and darkness choices at once, in es/en/zh, and nothing is saved."""
    from ui.viewmodels.settings import darkness_choices, printer_draft, printer_facts

    save_config(PrinterConfig(paper_mm=58, profile="POS-5890", darkness=3))
    vm = SettingsVM(tmp_path / "ui.json", "en")
    saved = vm.settings.printer
    assert "384 dots" in printer_facts(saved, "en") and "No cutter" in printer_facts(saved, "en")

    t88 = printer_draft(saved, {"width": 576, "profile": "TM-T88V"})
    assert (t88.width, t88.profile, t88.darkness) == (576, "TM-T88V", 3)
    facts = printer_facts(t88, "en")
    assert "512 dots wide (72 mm) on 80 mm paper" in facts and "Cuts the paper" in facts
    assert "512" in printer_facts(t88, "es") and "512" in printer_facts(t88, "zh")
    assert printer_facts(t88, "es") != facts != printer_facts(t88, "zh")

    narrow = printer_draft(t88, {"profile": "ZJ-5870"})      # a 58 mm printer picked on 80 mm paper
    assert narrow.width == 384 and "384 dots" in printer_facts(narrow, "en")
    paper = printer_draft(narrow, {"width": 576})            # 80 mm picked for it: the 80 mm default
    assert paper.profile == "TM-T20II" and "576 dots" in printer_facts(paper, "en")
    impact = printer_draft(t88, {"profile": "TM-U220"})
    assert darkness_choices("TM-U220") == (None,) and impact.darkness is None
    assert "ribbon" in printer_facts(impact, "en")
    assert "tear off" in printer_facts(replace_cut(t88), "en")

    assert vm.settings.printer == saved and load_config(config_path()).profile == "POS-5890"  # not saved
    assert vm.update(**{k: getattr(t88, k) for k in ("width", "profile", "darkness")})  # Save saves it
    assert load_config(config_path()) == PrinterConfig(paper_mm=80, profile="TM-T88V", darkness=3)


def replace_cut(p):
    from dataclasses import replace

    return replace(p, cut=False)
