"""Page layouts (printing.layout, Penny Press's pages): widths, grid shapes, glyphs in es/en/zh."""

import dataclasses
import datetime as dt

import numpy as np
import pytest

from printing import i18n
from printing.fonts import ROLES, Run, cmap_of, missing_glyphs, runs, system_fonts
from printing.games.penny_press import texts
from printing.games.penny_press.documents import (BonusLine, BreakdownLine, FrontPageDoc, PlacedStory,
                                                  PressLine, RankLine, ReceiptDoc, period_date)
from printing.games.penny_press.layout import render_front_page, render_receipt
from printing.layout import Canvas, dots_for
from printing.pages import DocumentError

MIXED = "¿Qué pasó? ¡Año nuevo! ñ á é í ó ú ü Ñ Á É Í Ó Ú Ü 战争 犯罪 政治 人间百态 ★☆"


def front(lang="es", **kw):
    """A legal front page: rotated D (3 wide x 2 tall) top-left, an A top-right,
    a rotated A on the bottom row, the ad bottom-right, one empty cell (2,2)."""
    base = dict(
        game_id="g-demo", player="red", paper_name="El Heraldo Rojo", edition=2, press_no=3,
        placements=(PlacedStory("war-D3", 0, 0, rotated=True), PlacedStory("crime-A2", 0, 3),
                    PlacedStory("human-A1", 2, 0, rotated=True)),
        ad=(2, 3),
        breakdown=(BreakdownLine("placed", "war-D3", 5), BreakdownLine("placed", "crime-A2", 2),
                   BreakdownLine("exclusive", "crime-A2", 2), BreakdownLine("empty_cell", "", -1)),
        total=8, lang=lang)
    base.update(kw)
    return FrontPageDoc(**base)


def receipt(lang="es"):
    return ReceiptDoc("g-demo", (PressLine("red", 1, 12), PressLine("blue", 1, 7)),
                      (BonusLine("war", 8, ("red",)), BonusLine("city", 2, ())),
                      (RankLine(1, "red", 40, 7), RankLine(1, "blue", 40, 7),
                       RankLine(3, "green", 20, 3)), player="red", lang=lang)


@pytest.mark.parametrize("mm,width", [(58, 384), (80, 576)])
@pytest.mark.parametrize("lang", ["es", "en", "zh"])
def test_pages_are_1bit_and_exactly_the_paper_width(mm, width, lang):
    assert dots_for(mm) == width
    for img in (render_front_page(front(lang), width), render_receipt(receipt(lang), width)):
        assert img.mode == "1" and img.width == width
        assert 300 < img.height < 2400
        a = np.asarray(img.convert("L"))
        assert set(np.unique(a)) == {0, 255}
        assert a[:, :4].min() == 255 and a[:, -4:].min() == 255  # margins stay blank


def test_bad_widths_are_refused():
    with pytest.raises(DocumentError, match="58 or 80"):
        dots_for(57)
    with pytest.raises(DocumentError, match="384"):
        render_front_page(front(), 500)


@pytest.mark.parametrize("width", [384, 576])
def test_each_story_is_drawn_to_its_shape_and_rotation(width):
    doc = front("en")
    img = render_front_page(doc, width)
    gx, gy, cw, ch, pad = img.info["grid"]
    a = np.asarray(img.convert("L"))
    covered = {cell for p in doc.placements for cell in p.cells()} | {doc.ad}
    for p in doc.placements:
        w, h = p.size
        x0, y0 = gx + p.col * cw + pad, gy + p.row * ch + pad
        x1, y1 = gx + (p.col + w) * cw - pad - 1, gy + (p.row + h) * ch - pad - 1
        # the black beat band spans every column of the story's top row ...
        band = a[y0 + 1, x0 + 3:x1 - 3]
        assert band.max() == 0, p
        # ... and stops there: just right of the frame is white (or the next frame)
        assert a[y0 + 1, x1 + pad // 2 + 1] == 255 or (p.row, p.col + w) in covered
        # the frame's bottom edge sits exactly h cells down
        assert a[y1, (x0 + x1) // 2] == 0 and a[y1 + 2, (x0 + x1) // 2] == 255, p
    # the empty cell (2, 2) has no ink inside its dotted outline
    x0, y0 = gx + 2 * cw, gy + 2 * ch
    assert a[y0 + 4:y0 + ch - 4, x0 + 4:x0 + cw - 4].min() == 255
    # the ad cell is hatched
    x0, y0 = gx + 3 * cw, gy + 2 * ch
    assert (a[y0 + pad + 3:y0 + ch - pad - 3, x0 + pad + 3:x0 + cw - pad - 3] == 0).mean() > 0.05


def test_rotation_changes_the_footprint():
    assert PlacedStory("city-B1", 0, 0).size == (1, 3)
    assert PlacedStory("city-B1", 0, 0, rotated=True).size == (3, 1)
    assert PlacedStory("human-D3", 1, 0, rotated=True).cells() == [
        (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)]


@pytest.mark.parametrize("bad,match", [
    (dict(placements=(PlacedStory("war-D3", 1, 0),)), "leaves"),          # 3 rows tall at row 1
    (dict(placements=(PlacedStory("war-C1", 0, 0), PlacedStory("city-A1", 1, 1))), "overlap"),
    (dict(placements=(PlacedStory("war-E1", 0, 0),)), "unknown story"),
    (dict(ad=(0, 0)), "covered"),
    (dict(ad=(3, 0)), "off the front page"),
    (dict(lang="fr"), "es, en, zh"),
    (dict(edition=0), "start at 1"),
])
def test_bad_documents_are_refused_clearly(bad, match):
    with pytest.raises(DocumentError, match=match):
        front(**bad)


def _glyph(ch, size=24):
    cv = Canvas(384)
    cv.text(0, 0, ch, size)
    return np.asarray(cv.img.crop((0, 0, 3 * size, 2 * size)).convert("L"))


def test_every_glyph_printed_has_a_real_shape_not_notdef():
    """Per-glyph fallback: each character of the labels, headlines and a mixed
    es+zh line is drawn by a font whose cmap has it, and its drawing is not the
    .notdef box."""
    fonts = system_fonts()
    notdef = _glyph("\U0010fffd")
    assert notdef.min() == 0  # the box is visible, so the comparison means something
    from printing.games.scoop.pages import headlines as scoop_headlines

    text = MIXED + "".join(i18n.all_printed_text(lang) + "".join(texts.data_texts(lang))
                           + "".join(h for hs in scoop_headlines(lang).values() for h in hs)
                           for lang in ("es", "en", "zh"))
    assert missing_glyphs(text) == ""
    for ch in sorted(set(text) - set(" \n")):
        for role in ROLES:
            (run,) = runs(ch, fonts.chain(role))
            assert ord(ch) in cmap_of(run.path), (ch, role)
        assert not np.array_equal(_glyph(ch), notdef), f"{ch!r} drawn as .notdef"


def test_mixed_line_takes_latin_from_dejavu_and_chinese_from_the_cjk_font():
    fonts = system_fonts()
    parts = runs("¡Niño! 战争 ü", fonts.chain("regular"))
    assert parts == (Run(fonts.regular, "¡Niño! "), Run(fonts.cjk, "战争"), Run(fonts.regular, " ü"))
    assert "wqy" in fonts.cjk.lower() or "noto" in fonts.cjk.lower()


def test_missing_font_names_the_package(monkeypatch):
    from printing import fonts as f

    monkeypatch.setattr(f, "CJK", ("fonts-wqy-microhei (or fonts-noto-cjk)", ("/nonexistent.ttc",)))
    monkeypatch.delenv(f.ENV_CJK, raising=False)
    f.system_fonts.cache_clear()
    try:
        with pytest.raises(f.FontMissingError, match="apt-get install fonts-wqy-microhei"):
            f.system_fonts()
    finally:
        f.system_fonts.cache_clear()


def test_headlines_are_our_own_table_and_distinct_on_a_page():
    stories = ["war-A1", "war-A2", "war-A3", "war-B1"]
    for lang in ("es", "en", "zh"):
        heads = texts.headlines_for(stories, lang)
        assert len(set(heads.values())) == 4
        assert all(h in texts.headline_phrases("war", lang) for h in heads.values())
        assert heads == texts.headlines_for(list(reversed(stories)), lang)  # deterministic


def test_period_date_is_1890s_deterministic_and_daily():
    d1, d2 = period_date("g-demo", 1), period_date("g-demo", 2)
    assert dt.date(1890, 1, 1) <= d1 <= dt.date(1899, 12, 31)
    assert d2 - d1 == dt.timedelta(days=1)
    assert period_date("g-demo", 1) == d1 and period_date("other", 1) != d1


def test_the_page_code_is_plain_words_then_the_line_that_prints_the_page_again():
    from companion.pagecode import PageCode, parse_page_code

    code = front("es").record
    lines = code.splitlines()
    assert lines[0] == "El Heraldo Rojo" and lines[1].startswith("Edición n.º 2 · ")
    assert lines[1].endswith(f"{period_date('g-demo', 3).year} · 8 ptos.")
    assert lines[2] == "TC page penny-press g-demo press-3" and len(lines) == 3
    assert parse_page_code(code) == PageCode("penny-press", "g-demo", "press", 3, None)
    r = receipt("en").record
    assert r.splitlines()[0].startswith("Final scores · ") and "1. Red, Blue: 40 pts" in r
    assert parse_page_code(r) == PageCode("penny-press", "g-demo", "final", None, None)


def test_pages_differ_by_language_and_are_reproducible():
    a = render_front_page(front("es"))
    assert np.array_equal(np.asarray(a), np.asarray(render_front_page(front("es"))))
    assert not np.array_equal(np.asarray(a.convert("L"))[:400],
                              np.asarray(render_front_page(front("zh")).convert("L"))[:400])


def test_long_text_wraps_inside_the_page():
    doc = front("es", paper_name="El Gran Heraldo Vespertino de la Ciudad de Nueva York",
                breakdown=tuple(BreakdownLine("left_out", "politics-D3", -4) for _ in range(3)))
    img = render_front_page(doc, 384)
    a = np.asarray(img.convert("L"))
    assert a[:, :4].min() == 255 and a[:, -4:].min() == 255


def test_empty_front_page_and_named_players_render():
    img = render_front_page(front("en", placements=(), ad=None, total=0,
                                  breakdown=(BreakdownLine("empty-top", "", -8),
                                             BreakdownLine("floor", "", 8))), 384)
    gx, gy, cw, ch, pad = img.info["grid"]
    a = np.asarray(img.convert("L"))
    inner = a[gy + 4:gy + 3 * ch - 4, gx + 4:gx + 4 * cw - 4]
    assert (inner == 0).mean() < 0.05  # only the dotted cell outlines
    plain = np.asarray(render_receipt(receipt("es"), 384).convert("L"))
    named = render_receipt(dataclasses.replace(receipt("es"), names=(("red", "Ana"),)), 384)
    assert named.width == 384 and not np.array_equal(plain, np.asarray(named.convert("L")))
