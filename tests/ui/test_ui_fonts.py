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
