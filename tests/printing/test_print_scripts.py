"""Players' names of every script on paper (printing.fonts' fallback chain): each
character drawn by a face that has it, never the .notdef box; Arabic joined,
Devanagari conjuncts formed, right-to-left words and segments in their order; the
glyph check covers every face a page uses and reports what none draws."""

from __future__ import annotations

import logging

import numpy as np
import pytest
from PIL import features

from benchmarks.reliability import glyphs
from printing import fonts
from printing.fonts import ROLES, Chain, Run, clusters, missing_glyphs, runs, system_fonts
from printing.layout import word_breaks

ALL = glyphs.SAMPLES + glyphs.MORE_SAMPLES


def test_pillow_shapes_with_libraqm():
    assert features.check("raqm") and fonts.can_shape()


@pytest.mark.parametrize("script,name,paper", ALL, ids=[s[0] for s in ALL])
def test_every_script_is_drawn_by_faces_that_have_it(script, name, paper):
    assert missing_glyphs(name + paper) == ""
    for role in ROLES:
        chain = system_fonts().chain(role)
        for run in runs(name + " " + paper, chain):
            have = fonts.cmap_of(run.path)
            assert all(ord(c) in have for c in run.text if not fonts.invisible(c)), (script, role, run)


def test_each_character_alone_is_ink_and_no_notdef_box_in_every_role():
    r = glyphs.paper_glyphs(glyphs.SAMPLES)
    assert r["clusters"] > 100 and r["boxes"] == []


def test_the_primary_face_alone_draws_boxes_so_the_check_can_fail():
    fs = system_fonts()
    r = glyphs.paper_glyphs(glyphs.SAMPLES, chain_of=lambda role: Chain((fs.primary(role),), (), role, False))
    boxed = {b.split()[0] for b in r["boxes"]}
    assert {"Thai", "Devanagari", "Chinese", "emoji"} <= boxed


def test_arabic_joins_devanagari_conjuncts_and_rtl_order_on_paper():
    r = glyphs.paper_shaping()
    assert r["unjoined"] == [] and r["joined"] == 3 * len(glyphs.JOINING)
    assert r["reversed"] == [] and r["ordered"] == 3 * len(glyphs.ORDER)


def test_the_order_check_sees_left_to_right_drawn_hebrew_as_reversed():
    size = 40
    hebrew = next(p for p in system_fonts().chain("regular").faces if "Hebrew" in p)

    def drawn(text):  # letter by letter from the left, as a renderer without bidi would
        from PIL import Image, ImageDraw
        img = Image.new("L", (size * 14, size * 3), 255)
        d, x, font = ImageDraw.Draw(img), size, fonts.truetype(hebrew, size)
        for ch in text:
            d.text((x, 2 * size), ch, font=font, fill=0, anchor="ls")
            x += font.getlength(ch)
        return glyphs.ink(np.asarray(img))

    assert not glyphs.left_part_kept(drawn("הבוקר"), drawn("בוקר"))


def test_pages_with_names_of_every_script_draw_no_box():
    r = glyphs.paper_pages(ALL)
    assert r["pages"] == 2 * 3 * (4 + len(ALL))  # widths x languages x (receipts + front pages)
    assert r["characters"] > 5000 and r["boxes"] == []


def test_the_draw_check_counts_a_face_without_the_character():
    calls = [("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "Ana สม 🎲"), ("", "x")]
    boxes = glyphs.boxes_in(calls)
    assert [c for c, _f in boxes] == ["ส", "ม", "🎲", "x"]


def test_rtl_runs_are_drawn_in_bidi_order():
    ch = system_fonts().chain("regular")
    ar = system_fonts().chain("regular").faces[1]
    got = runs("Red (ليلى الصباح) · 3 stories", ch)
    assert [r.text for r in got] == ["Red (", "الصباح", " ", "ليلى", ") · 3 stories"]
    assert [r.rtl for r in got] == [False, True, True, True, False] and got[1].path == ar
    # a number right after right-to-left text goes with it (UAX #9 W2/N1) ...
    # (the space and the digit: one run drawn right to left, "2" left of the space)
    assert [(r.text, r.rtl) for r in runs("الصباح 2", ch)] == [(" 2", True), ("الصباح", True)]
    # ... but not across brackets or the dot of a template ("{name} · {n} stories")
    assert [r.text for r in runs("(ليلى) · 3", ch)][-1] == ") · 3"
    # Arabic-Indic digits before Arabic letters belong to the segment (drawn at its right end)
    assert [(r.text, r.rtl) for r in runs("٣ أيام", ch)] == [("أيام", True), (" ", True), ("٣", True)]
    assert [(r.text, r.rtl) for r in runs("Ana ٣", ch)][0] == ("Ana ", False)
    # a bracket between two right-to-left words is mirrored inside the segment
    assert any(r.text == " (" and r.rtl for r in runs("ليلى (الصباح)", ch))


def test_marks_and_emoji_sequences_stay_whole():
    assert clusters("ข่าวเช้า") == ["ข่", "า", "ว", "เ", "ช้", "า"]
    assert clusters("👍🏽 a\u0301") == ["👍🏽", " ", "a\u0301"]
    assert clusters("👨\u200d👩\u200d👧!") == ["👨\u200d👩\u200d👧", "!"]
    for word in ("ข่าวเช้าข่าวเช้าข่าวเช้า", "👍🏽👍🏽👍🏽", "❤️❤️", "प्रियाप्रिया"):
        cuts = {i for i, _h in word_breaks(word, "en")}
        starts, i = set(), 0
        for cl in clusters(word):
            starts.add(i)
            i += len(cl)
        assert cuts <= starts, word


def test_the_check_reports_what_no_face_draws():
    assert missing_glyphs("Ana 🫠 \ue000 \x07 \U000e0fff") == "".join(sorted("🫠\ue000\x07\U000e0fff"))
    assert missing_glyphs("a\u200db\u200e\ufe0f c\u00ad\n") == ""  # invisible characters need no glyph


def test_the_check_covers_each_role_chain(monkeypatch):
    """A character only the regular chain has is missing for the serif bold
    masthead: the check looks at every role's faces, not their union."""
    fs = system_fonts()
    narrow = Chain((fs.serif_bold,), (), "serif_bold", False)
    orig = fonts.FontSet.chain
    monkeypatch.setattr(fonts.FontSet, "chain", lambda self, role: narrow if role == "serif_bold"
                        else orig(self, role))
    assert missing_glyphs("ส") == "ส"  # Thai: the regular chain has it, serif bold alone not
    assert missing_glyphs("Ñ") == ""


def test_without_libraqm_right_to_left_and_complex_scripts_are_missing(monkeypatch):
    monkeypatch.setattr(fonts, "can_shape", lambda: False)
    assert missing_glyphs("ليلى") == "".join(sorted(set("ليلى")))
    assert missing_glyphs("สมชาย") != ""
    assert missing_glyphs("Begoña Ольга 张伟 Ana 🎲") == ""


def test_a_missing_fallback_face_is_named_with_its_package_and_its_characters_refused(monkeypatch, caplog):
    real = fonts.find_fallback
    monkeypatch.setattr(fonts, "find_fallback", lambda face, role: None if face.script in ("emoji", "Thai")
                        else real(face, role))
    monkeypatch.setattr(fonts, "more_faces", lambda role: ())
    monkeypatch.setattr(fonts, "_fc_faces", lambda cp: ())
    fonts.system_fonts.cache_clear()
    try:
        with caplog.at_level(logging.WARNING, logger="printing.fonts"):
            fs = fonts.system_fonts()
        assert set(fs.missing) == {("emoji", "fonts-symbola"), ("Thai", "fonts-noto-core")}
        assert "apt-get install fonts-symbola" in caplog.text and "apt-get install fonts-noto-core" in caplog.text
        assert missing_glyphs("Ana 🎲") == "🎲" and missing_glyphs("สม") == "มส"
        assert missing_glyphs("ليلى Ольга 张伟") == ""  # the others still drawn
    finally:
        fonts.system_fonts.cache_clear()


def test_run_keeps_primary_whitespace_and_latin_pages_unchanged():
    fs = system_fonts()
    got = runs("¡Niño! 战争 ü", fs.chain("bold"))
    assert got == (Run(fs.bold, "¡Niño! "), Run(fs.cjk, "战争"), Run(fs.bold, " ü"))


def test_fonts_bundled_in_a_folder_are_found_first(monkeypatch, tmp_path):
    """An app that ships its fonts (the Android build) names their folder in
    $TABLE_COMPANION_FONT_DIRS: primary and fallback faces are taken from there."""
    real = system_fonts()
    for path in (real.regular, real.bold, real.serif_bold, system_fonts().chain("regular").faces[1]):
        (tmp_path / path.rsplit("/", 1)[1]).symlink_to(path)
    monkeypatch.setenv(fonts.ENV_DIRS, str(tmp_path))
    fonts.system_fonts.cache_clear()
    try:
        fs = fonts.system_fonts()
        assert fs.regular == str(tmp_path / real.regular.rsplit("/", 1)[1])
        assert fs.chain("regular").faces[1].startswith(str(tmp_path))  # Arabic
    finally:
        fonts.system_fonts.cache_clear()


def test_every_games_pages_draw_names_of_every_script_without_a_box():
    """Scoop's newspaper front pages, Pergamon's and Turin Market's receipts, Penny
    Press's pages: names of every script given to a random game's players are on
    the pages, each character from a face that has it (one width and language per
    game here; the reliability part draws all)."""
    from companion import registry

    for k, game in enumerate(registry.games()):
        r = glyphs.game_pages(glyphs.SAMPLES, widths=((384, 576)[k % 2],), langs=(("es", "en", "zh")[k % 3],),
                              games=[game])
        assert r["pages"] > 0 and r["characters"] > 200, game
        assert r["not_drawn"] == [] and r["drawn"] == r["names"] >= len(glyphs.SAMPLES), game
        assert r["boxes"] == [], game


def test_the_game_pages_check_finds_boxes_of_a_single_face(monkeypatch):
    """Every role left on its primary face alone: the Thai, Devanagari and emoji names
    on Scoop's front pages (printing/newspaper.py) are boxes, and the check says so."""
    fs = system_fonts()
    monkeypatch.setattr(fonts.FontSet, "chain", lambda self, role: Chain((fs.primary(role),), (), role, False))
    r = glyphs.game_pages(glyphs.SAMPLES[4:], widths=(384,), langs=("en",), games=["scoop"])
    boxed = "".join(b[1] for b in r["boxes"])
    assert r["boxes"] and {"ส", "प", "🎲"} <= set(boxed)


def test_no_page_module_draws_text_past_the_chain():
    """Text reaches paper only through printing.fonts.draw_text (the Canvas): a page
    module that took a Pillow font or drew with ImageDraw itself would put its text
    on one face. Read from the sources, so a new game's pages are covered."""
    from pathlib import Path

    root = Path(fonts.__file__).parent
    own = {root / "fonts.py", root / "layout.py"}
    offenders = [str(p.relative_to(root)) for p in sorted(root.rglob("*.py")) if p not in own
                 and any(w in p.read_text("utf-8") for w in ("ImageDraw", "ImageFont", "truetype(", ".text(("))]
    assert offenders == []
    layout = (root / "layout.py").read_text("utf-8")
    assert "draw_text(" in layout and "self.draw.text(" not in layout and "truetype(" not in layout
