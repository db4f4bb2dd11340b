"""Pages laid out for the printer profile's own printable width (printing.profiles
profile_page / PrinterConfig.width_dots; printing.layout at 384..576 dots)."""

import numpy as np
import pytest
import zxingcpp

from print_helpers import decode, same_pixels
from test_print_layout import front, receipt

from printing.pages import DocumentError
from printing.games.penny_press.layout import render_front_page, render_receipt
from printing.escpos_raster import escpos_bytes
from printing.profiles import PrinterConfig, PrinterConfigError, profile_media, profile_page


@pytest.mark.parametrize("mm,profile,dots", [
    (58, "", 384), (80, "", 576),                      # the defaults, as before
    (58, "TM-T88V", 384), (80, "TM-T20II", 576),       # a wider printer takes the paper's page
    (80, "TM-T88II", 512), (80, "TM-T88V", 512),       # 180 dpi Epson: 72 mm is 512 dots
    (80, "T-1", 504), (80, "TM-T20II-42col", 544),     # down to a whole byte (546 -> 544)
])
def test_page_width_is_the_profiles_printable_width(mm, profile, dots):
    assert PrinterConfig(paper_mm=mm, profile=profile).width_dots == dots


def test_the_width_comes_from_the_profile_media():
    px, dpi, _mm = profile_media("TM-T88IV")
    assert (px, dpi) == (512, 180)
    dots, print_mm = profile_page(80, "TM-T88IV")
    assert dots == px and print_mm == pytest.approx(512 / 180 * 25.4)


@pytest.mark.parametrize("mm,profile,match", [
    (80, "POS-5890", "too narrow for an 80 mm page"),   # a 58 mm printer: 48 mm of print
    (80, "Sunmi-V2", "too narrow for an 80 mm page"),
    (58, "AF-240", "at least 384"),                      # 100 dots: no page fits
])
def test_only_a_page_that_cannot_fit_is_refused(mm, profile, match):
    with pytest.raises(PrinterConfigError, match=match):
        PrinterConfig(paper_mm=mm, profile=profile)


@pytest.mark.parametrize("lang", ["es", "zh"])
def test_a_512_dot_80mm_page_prints_whole_legible_and_its_qr_decodes(lang):
    cfg = PrinterConfig(paper_mm=80, profile="TM-T88V")
    small = render_receipt(receipt(lang), 384)
    for img in (render_front_page(front(lang), cfg.width_dots), render_receipt(receipt(lang), cfg.width_dots)):
        assert img.width == 512
        a = np.asarray(img.convert("L"))
        assert a[:, :4].min() == 255 and a[:, -4:].min() == 255  # margins blank: nothing cut off
        for b in img.info["text_blocks"]:                       # every text inside its box
            x0, y0, x1, y1 = b["box"]
            assert all(x0 <= lx0 and lx1 <= x1 for _ln, lx0, _ly0, lx1, _ly1 in b["lines"]), b
        dec = decode(escpos_bytes(img, cfg))                     # raster is the profile's width
        assert same_pixels(dec.image, img)
    # text at least as many dots tall as on the 58 mm page (and 180 dpi dots are bigger)
    tall = [ln[4] - ln[2] for b in img.info["text_blocks"] for ln in b["lines"]]
    tall58 = [ln[4] - ln[2] for b in small.info["text_blocks"] for ln in b["lines"]]
    assert min(tall) >= min(tall58)
    codes = zxingcpp.read_barcodes(np.asarray(img.convert("L")))
    assert [c.text for c in codes] == [receipt(lang).record]


def test_a_page_width_no_layout_draws_is_refused():
    for bad in (376, 500, 584):
        with pytest.raises(DocumentError, match="384"):
            render_receipt(receipt("en"), bad)


def test_print_command_sends_a_tm_t88_its_512_dot_page(tmp_path):
    """`companion print` with a TM-T88V config: the page sent is 512 dots wide (the
    profile's raster) and its QR decodes from the printed raster."""
    import json

    from companion.cli import main
    from companion.games.penny_press import action_to_dict, random_game
    from print_helpers import FakePrinter, wait_for
    from printing.profiles import save_config

    setup, actions = random_game(3, 3)
    path = tmp_path / "g3.json"
    path.write_text(json.dumps({"setup": setup, "actions": [action_to_dict(a) for a in actions]}))
    cfg = tmp_path / "printer.json"
    save_config(PrinterConfig(paper_mm=80, profile="TM-T88V"), cfg)
    srv = FakePrinter()
    try:
        assert main(["print", str(path), "--final", "--printer", srv.target, "--config", str(cfg),
                     "--queue", str(tmp_path / "q"), "--wait", "5"]) == 0
        assert wait_for(lambda: len(srv.complete) == 1)
        img = decode(srv.complete[0]).image
        assert img.width == 512
        assert len(zxingcpp.read_barcodes(np.asarray(img.convert("L")))) == 1
    finally:
        srv.close()
