"""The CJK font lookup: found on this machine, and a clear error naming the apt
package when it is missing."""

from __future__ import annotations

import pytest

from ui import fonts


def test_font_with_chinese_glyphs_is_found():
    from PIL import ImageFont

    path = fonts.find_cjk_font()
    font = ImageFont.truetype(str(path), 24)
    # the glyph for 报 (newspaper) is drawn, not an empty box of the same size as a
    # missing glyph: compare with a private-use code point that no font has
    assert font.getmask("报").getbbox() != font.getmask("\ue000").getbbox()


def test_missing_font_names_the_package(monkeypatch, tmp_path):
    monkeypatch.delenv("TABLE_COMPANION_FONT", raising=False)
    monkeypatch.setattr(fonts, "KNOWN_PATHS", (str(tmp_path / "none.ttc"),))
    monkeypatch.setattr(fonts.shutil, "which", lambda name: None)
    with pytest.raises(fonts.FontMissing, match="apt-get install fonts-wqy-microhei"):
        fonts.find_cjk_font()


def test_font_override_must_exist(monkeypatch, tmp_path):
    monkeypatch.setenv("TABLE_COMPANION_FONT", str(tmp_path / "nope.ttf"))
    with pytest.raises(fonts.FontMissing, match="not a file"):
        fonts.find_cjk_font()


def test_labels_the_default_font_draws_alone_stay_on_sdl2():
    """Only texts the default font cannot draw alone (a character it lacks, or one
    that needs shaping or right-to-left order) go through the Pillow fallback."""
    font = str(fonts.find_cjk_font())
    for text in ("Begoña Núñez", "Ольга · Ελένη", "张伟 晨报 ★", "Player 2 · 3 pts", ""):
        assert not fonts.needs_fallback(text, font), text
    for text in ("ليلى", "נועה", "สมชาย", "प्रिया", "Ana 🎲", "e\u0301", "a\u200db"):
        assert fonts.needs_fallback(text, font), text


def test_a_labels_chain_starts_with_its_own_font_then_the_pages_faces():
    font = str(fonts.find_cjk_font())
    chain = fonts.label_chain(font, False)
    assert chain.faces[0] == font and len(chain.faces) > 4
    assert any("Arabic" in p for p in chain.faces) and any("Symbola" in p for p in chain.faces)
    assert fonts.label_chain(font, True).faces[0] == font
    assert any("Bold" in p for p in fonts.label_chain(font, True).faces[1:])


def test_the_apps_check_is_the_pages_check():
    assert fonts.missing_glyphs("ليلى สมชาย Ana 🎲 张伟") == ""
    assert fonts.missing_glyphs("Ana 🫠\ue000") == "".join(sorted("🫠\ue000"))


@pytest.mark.parametrize("lang", ["en", "es", "zh"])
def test_doctor_names_missing_script_faces_and_libraqm(monkeypatch, capsys, lang):
    """doctor's names line: all found and shaped is OK; a missing emoji or Thai face
    is CHECK naming its package and the script in the command line's language;
    Pillow without libraqm is FIX naming libfribidi0."""
    from companion import clitext
    from printing import fonts as pfonts
    from ui import doctor

    before = clitext.current()
    clitext.set_lang(lang)
    try:
        ok = doctor.check_scripts()
        assert [v for v, _w, _t in ok] == [doctor.OK]
        monkeypatch.setattr(pfonts, "missing_faces", lambda: (("Thai", "fonts-noto-core"),
                                                              ("emoji", "fonts-symbola")))
        monkeypatch.setattr(pfonts, "can_shape", lambda: False)
        lines = doctor.check_scripts()
    finally:
        clitext.set_lang(before)
    assert [v for v, _w, _t in lines] == [doctor.FIX, doctor.CHECK]
    assert "libfribidi0" in lines[0][2] and "fonts-noto-core fonts-symbola" in lines[1][2]
    thai = {"en": "Thai", "es": "tailandés", "zh": "泰文"}[lang]
    assert thai in lines[1][2] and (lang == "en") == ("refused" in lines[1][2])
