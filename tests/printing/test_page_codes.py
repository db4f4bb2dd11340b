"""The page's code (issue 29): the QR code printed on a page holds plain text a
phone's scanner shows (the paper, edition, date and score, or the page's title, in the
page's language) and a last line the app reads back (companion.pagecode); it decodes
from the printed page at its printed size; `companion scan` reports it as a page
code; printing.pages.open_page_code gives the request that prints the same page."""

from __future__ import annotations

import json

import numpy as np
import pytest
import segno
import zxingcpp
from PIL import Image, ImageFilter

from companion.errors import CompanionError
from companion.pagecode import PageCode, page_code, page_tail, parse_page_code
from companion.registry import UnknownGame
from printing.commands import load_game_state
from printing.pages import PageRequest, make_pages, open_page_code

LANGS = ("es", "en", "zh")


def bundled(name: str):
    from play.recordings import recording_dir

    state, _label, game = load_game_state(str(recording_dir(name) / "journal.json"))
    return state, game


@pytest.mark.parametrize("what,press,seat,tail", [
    ("press", 9, None, "TC page penny-press g1 press-9"),
    ("press", 1, 3, "TC page penny-press g1 press-1-seat-4"),
    ("final", None, None, "TC page penny-press g1 final"),
    ("final", None, 0, "TC page penny-press g1 final-seat-1"),
    ("all", None, None, "TC page penny-press g1 all"),
    ("start", None, None, "TC page penny-press g1 start"),
])
def test_a_page_tail_reads_back_to_the_page_it_names(what, press, seat, tail):
    assert page_tail("penny-press", "g1", what, press, seat) == tail
    text = page_code(["The Red Herald", "Edition No. 2 · 9 pts"], "penny-press", "g1", what, press, seat)
    assert text.splitlines() == ["The Red Herald", "Edition No. 2 · 9 pts", tail]
    assert parse_page_code(text) == PageCode("penny-press", "g1", what, press, seat)


@pytest.mark.parametrize("label", ["scoop-20261201-031700", "my game", "partida ñ/1", "scoop", "scoop-", "*x", "-"])
def test_any_journal_label_survives_the_code(label):
    text = page_code([], "scoop", label, "final")
    assert " " not in text.split(" ", 3)[3].rsplit(" ", 1)[0]  # the label is one word
    assert parse_page_code(text).label == label
    assert page_tail("scoop", "scoop-20261201-031700", "final") == "TC page scoop *20261201-031700 final"


@pytest.mark.parametrize("text", [None, "", "TC1:PP:S:war-A1", "https://example.org", "TC page", "hello\nTC page x",
                                  "TC page penny-press g1 press-0", "TC page penny-press g1 press-2-seat-0",
                                  "TC page Penny g1 final", "TC page penny-press g1 final extra",
                                  "TC page penny-press g 1 final", b"TC page penny-press g1 final", 42])
def test_anything_else_is_not_a_page_code(text):
    assert parse_page_code(text) is None


def test_a_page_tail_refuses_what_no_request_asks():
    for args in (("press",), ("final", 2), ("fold",), ("press", 0), ("final", None, -1)):
        with pytest.raises(ValueError):
            page_tail("scoop", "g", *args)


def test_open_page_code_gives_the_request_the_app_prints_again():
    game, req = open_page_code("The Red Herald\nTC page scoop *4p press-1-seat-2", "zh", 576)
    assert game == "scoop" and req == PageRequest("press", press=1, player=1, lang="zh", width=576,
                                                  game_id="scoop-4p")
    with pytest.raises(CompanionError, match="not a page code"):
        open_page_code("TC1:SC:C:CRI-T2")
    with pytest.raises(UnknownGame):
        open_page_code("TC page chess g1 final")


def _decoded(img) -> list[str]:
    return [c.text for c in zxingcpp.read_barcodes(np.asarray(img.convert("L")))]


def _pages_with_codes():
    """(game, state, request, page) for every page of the bundled games that carries a
    code: Penny Press's front pages and receipts, Scoop's front pages."""
    out = []
    pp, game = bundled("penny-press-4p")
    out += [(game, pp, PageRequest("press", press=n, lang="en", game_id="penny-press-20261201-031700"))
            for n in (1, len(pp.press_results))]
    out += [(game, pp, PageRequest("final", player=1, lang="en", game_id="penny-press-4p"))]
    sc, game = bundled("scoop-4p")
    out += [(game, sc, PageRequest("press", press=1, player=3, lang="en", game_id="scoop-4p"))]
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", [384, 576])
def test_every_code_decodes_from_the_printed_page_and_opens_that_page_again(tmp_path, lang, width):
    from dataclasses import replace

    for game, state, request, in _pages_with_codes():
        request = replace(request, lang=lang, width=width)
        (name, img), = make_pages(game, state, request)
        path = tmp_path / f"{name}.png"
        img.save(path)
        codes = _decoded(Image.open(path))
        assert len(codes) == 1, (name, codes)
        text = codes[0]
        lines = text.splitlines()
        assert 2 <= len(lines) <= 4 and all(lines), text
        assert "TC1:" not in text and "tcrec" not in text
        # a player's words first, in the page's language; then the line the app reads
        code = parse_page_code(text)
        assert code is not None and code.game == game and lines[-1].startswith("TC page ")
        if lang == "zh":
            assert any("\u4e00" <= ch <= "\u9fff" for ch in "".join(lines[:-1])), text
        opened_game, again = open_page_code(text, lang, width)
        assert opened_game == game and again.game_id == request.game_id
        (name2, img2), = make_pages(opened_game, state, again)
        assert name2 == name and np.array_equal(np.asarray(img2), np.asarray(img))


@pytest.mark.parametrize("lang", LANGS)
def test_codes_stay_small_and_read_from_a_soft_copy_of_the_page(lang):
    """The longest code stays a small QR (version <= 7, 45 modules: 180 dots, 23 mm at
    4 dots a module on 58 mm paper) and still reads from a page photographed soft:
    the 58 mm page at 3/4 size with a blur of a dot."""
    from dataclasses import replace

    for game, state, request in _pages_with_codes():
        (name, img), = make_pages(game, state, replace(request, lang=lang, width=384))
        text, = _decoded(img)
        assert segno.make(text, error="m", micro=False).version <= 7, (name, len(text.encode()))
        soft = img.convert("L").resize((img.width * 3 // 4, img.height * 3 // 4), Image.BILINEAR)
        soft = soft.filter(ImageFilter.GaussianBlur(1))
        assert _decoded(soft) == [text], name


def test_companion_scan_reports_a_printed_page_as_a_page_code(tmp_path, capsys):
    from companion.cli import main

    state, game = bundled("scoop-4p")
    (name, img), = make_pages(game, state, PageRequest("press", press=1, player=0, lang="es", game_id="mi partida"))
    img.save(tmp_path / "page.png")
    assert main(["scan", str(tmp_path / "page.png")]) == 0
    sym, = json.loads(capsys.readouterr().out.splitlines()[0])["symbols"]
    assert sym["status"] == "page code" and sym.get("component") is None
    assert sym["page"] == {"game": "scoop", "label": "mi partida", "what": "press", "press": 1, "seat": 1}
