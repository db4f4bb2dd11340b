"""One truth for the cutter: the settings screen's "Cut paper" choice and the
printer's line both follow the profile's cutter (issue 29: "Cut" was shown down
beside "No cutter: the paper is fed out to tear off")."""

import pytest

from printing.profiles import PrinterConfig, save_config
from ui import i18n
from ui.viewmodels.protocol import PrinterSettings
from ui.viewmodels.settings import SettingsVM, cut_options, cuts, printer_draft, printer_facts, profile_cuts

NO_CUTTER = {"en": "No cutter", "es": "Sin cortador", "zh": "没有切刀"}
CUTS = {"en": "Cuts the paper", "es": None, "zh": None}


@pytest.mark.parametrize("lang", ["en", "es", "zh"])
def test_a_printer_without_a_cutter_never_shows_cut(lang, tmp_path):
    save_config(PrinterConfig(paper_mm=58, profile="POS-5890", cut="auto"))   # cut asked, no cutter
    assert not profile_cuts("POS-5890") and profile_cuts("TM-T88V")
    p = SettingsVM(tmp_path / "ui.json", lang).settings.printer
    assert p.cut and not cuts(p)                          # asked, but this printer cannot
    options, allowed = cut_options(p, lang)
    labels = dict(options)
    assert allowed == (False,)                            # "Cut" cannot be picked
    shown = labels[cuts(p)]                               # the choice shown down
    facts = printer_facts(p, lang)
    assert NO_CUTTER[lang] in facts
    assert shown != labels[True] and shown not in facts.split("\n")[1]   # never "Cut" beside "No cutter"
    with_cutter = dict(cut_options(PrinterSettings(width=576, profile="TM-T88V"), lang)[0])
    assert shown == i18n.tr("cut.tear_off", lang) != with_cutter[False]   # says why: no cutter

    no_cut = printer_draft(p, {"cut": False})            # "do not cut" picked: still no cutter
    assert NO_CUTTER[lang] in printer_facts(no_cut, lang) and not cuts(no_cut)

    t88 = printer_draft(p, {"width": 576, "profile": "TM-T88V"})   # a printer with a cutter: cuts again
    assert cuts(t88) and cut_options(t88, lang)[1] == (True, False)
    assert NO_CUTTER[lang] not in printer_facts(t88, lang)
    if CUTS[lang]:
        assert CUTS[lang] in printer_facts(t88, lang)
    assert not cuts(printer_draft(t88, {"cut": False}))
