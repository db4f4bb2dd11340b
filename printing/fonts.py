"""Fonts for the printed pages, with per-glyph fallback.

Latin text (English, Spanish accents, the star glyph) is drawn with DejaVu Sans;
Chinese with WenQuanYi Micro Hei (Debian ``fonts-wqy-microhei``, installed by
scripts/setup.sh) or, failing that, Noto Sans CJK (``fonts-noto-cjk``). Each
character goes to the first font whose character map (read with fontTools) holds
it, so a mixed line such as ``"¿Guerra? 战争"`` shows every glyph. A missing font
raises :class:`FontMissingError` naming the Debian package to install.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass

from PIL import ImageFont

from companion.errors import CompanionError

#: Candidate files, first found wins: (role, package, paths).
LATIN_REGULAR = (
    "fonts-dejavu-core",
    (
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/local/share/fonts/DejaVuSans.ttf",
    ),
)
LATIN_BOLD = (
    "fonts-dejavu-core",
    (
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
        "/usr/local/share/fonts/DejaVuSans-Bold.ttf",
    ),
)
LATIN_SERIF_BOLD = (
    "fonts-dejavu-core",
    (
        "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
        "/usr/share/fonts/dejavu/DejaVuSerif-Bold.ttf",
    ),
)
CJK = (
    "fonts-wqy-microhei (or fonts-noto-cjk)",
    (
        "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
        "/usr/share/fonts/wqy-microhei/wqy-microhei.ttc",
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/opentype/noto/NotoSansCJKsc-Regular.otf",
    ),
)

#: Environment variable with extra font files (os.pathsep separated) tried first
#: for the CJK role, for systems that keep fonts elsewhere.
ENV_CJK = "TABLE_COMPANION_CJK_FONT"


class FontMissingError(CompanionError):
    """No usable font file for a role; the message names the package to install."""


def _find(role: tuple[str, tuple[str, ...]], extra: tuple[str, ...] = ()) -> str:
    package, paths = role
    for path in (*extra, *paths):
        if path and os.path.isfile(path):
            return path
    from companion.clitext import tx

    raise FontMissingError(tx("fonts.missing", "no font file found for printing (tried {paths}); install the Debian "
                              "package {package} (sudo apt-get install {apt})", paths=", ".join((*extra, *paths)),
                              package=package, apt=package.split()[0]))


@functools.lru_cache(maxsize=None)
def cmap_of(path: str) -> frozenset[int]:
    """Code points the font file at ``path`` has a glyph for (first face of a .ttc)."""
    from fontTools.ttLib import TTFont

    font = TTFont(path, fontNumber=0, lazy=True)
    try:
        return frozenset(font.getBestCmap() or {})
    finally:
        font.close()


@dataclass(frozen=True)
class FontSet:
    """Font files for one page: primary Latin face and the CJK fallback.

    ``regular``, ``bold``, ``serif_bold`` and ``cjk`` are file paths.
    """

    regular: str
    bold: str
    serif_bold: str
    cjk: str


@functools.lru_cache(maxsize=1)
def system_fonts() -> FontSet:
    """Find the fonts on this system. Raises :class:`FontMissingError`."""
    extra = tuple(p for p in os.environ.get(ENV_CJK, "").split(os.pathsep) if p)
    return FontSet(
        regular=_find(LATIN_REGULAR),
        bold=_find(LATIN_BOLD),
        serif_bold=_find(LATIN_SERIF_BOLD),
        cjk=_find(CJK, extra),
    )


@functools.lru_cache(maxsize=256)
def truetype(path: str, size_px: int) -> ImageFont.FreeTypeFont:
    """A Pillow font at ``size_px`` pixels (= printer dots), cached."""
    return ImageFont.truetype(path, size_px, index=0)


@functools.lru_cache(maxsize=65536)
def advance(path: str, size_px: int, text: str) -> float:
    """Advance width in dots of ``text`` drawn with one font (cached)."""
    return truetype(path, size_px).getlength(text)


def width(text: str, size_px: int, primary: str, fallback: str) -> float:
    """Width in dots of ``text`` drawn with per-glyph fallback (see :func:`runs`).

    Fallback-font (CJK) runs are measured a character at a time, which is exact for
    fonts without kerning between ideographs and lets wrapping reuse the cache.
    """
    total = 0.0
    for path, chunk in runs(text, primary, fallback):
        if path == fallback:
            total += sum(advance(path, size_px, ch) for ch in chunk)
        else:
            total += advance(path, size_px, chunk)
    return total


@functools.lru_cache(maxsize=16384)
def runs(text: str, primary: str, fallback: str) -> list[tuple[str, str]]:
    """Split ``text`` into ``(font path, substring)`` runs, per-glyph fallback.

    A character goes to ``primary`` if its cmap has it, else to ``fallback`` if that
    has it, else stays with ``primary`` (it would show as the .notdef box; the tests
    check that no printed label hits this case).
    """
    have_p, have_f = cmap_of(primary), cmap_of(fallback)
    out: list[tuple[str, str]] = []  # callers must not modify the cached list
    for ch in text:
        cp = ord(ch)
        if cp in have_p or ch.isspace():
            path = primary
        elif cp in have_f:
            path = fallback
        else:
            path = primary
        if out and out[-1][0] == path:
            out[-1] = (path, out[-1][1] + ch)
        else:
            out.append((path, ch))
    return out


def missing_glyphs(text: str, fonts: FontSet | None = None) -> str:
    """Characters of ``text`` that neither the Latin nor the CJK font can draw."""
    fonts = fonts or system_fonts()
    have = cmap_of(fonts.regular) | cmap_of(fonts.cjk)
    return "".join(sorted({c for c in text if not c.isspace() and ord(c) not in have}))
