"""The app's fonts: a default font with CJK glyphs, and every other script drawn.

Kivy's default Roboto has no Chinese: the default font is Debian's
fonts-wqy-microhei (installed by scripts/setup.sh; Latin, accented Spanish, Greek,
Cyrillic and Chinese in one file). Kivy's SDL2 text provider draws one font per
label with no fallback, no right-to-left order and no shaping, so Arabic, Hebrew,
Thai and Devanagari names and emoji showed as boxes or reversed, unjoined letters.
:func:`register_default_font` therefore also puts a text provider in front of it
(:func:`install_text_fallback`): a label, button or text input line whose text the
default font cannot draw alone (a character it lacks, or one that needs shaping or
right-to-left order: :func:`needs_fallback`) is drawn through Pillow with the
printed pages' fallback chain (printing.fonts: per-glyph faces, libraqm shaping,
right-to-left segments) into the label's texture; every other text goes through SDL2
as before. A line is drawn at one weight: the label font's own file for its style,
and fallback faces of that weight (:func:`drawn_bold`: SDL2 never emboldens a font
with no bold file, so neither does the fallback), so "Ana", "Ana 😀", "مريم" and
"李雷" in bold labels look alike. Kivy's pango provider (shaping and fallback through fontconfig) is not in
Kivy's wheels, hence Pillow.

We ship no font file: the Android build must bundle the faces (docs/ui.md).
"""

from __future__ import annotations

import functools
import math
import os
import shutil
import subprocess
from pathlib import Path

from companion.errors import CompanionError

APT_PACKAGE = "fonts-wqy-microhei"
KNOWN_PATHS = (
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/wqy-microhei/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/system/fonts/NotoSansCJK-Regular.ttc",
)


class FontMissing(CompanionError):
    """No font with Chinese glyphs was found; the message names the apt package."""


def find_cjk_font() -> Path:
    """Path of a font with CJK glyphs: $TABLE_COMPANION_FONT, known paths, then
    ``fc-match :lang=zh``. Raises FontMissing naming fonts-wqy-microhei."""
    env = os.environ.get("TABLE_COMPANION_FONT")
    if env:
        if Path(env).is_file():
            return Path(env)
        from companion.clitext import tx

        raise FontMissing(tx("fonts.env", "TABLE_COMPANION_FONT={path} is not a file", path=env))
    for p in KNOWN_PATHS:
        if Path(p).is_file():
            return Path(p)
    if shutil.which("fc-match"):
        try:
            out = subprocess.run(["fc-match", "-f", "%{file}", ":lang=zh"], capture_output=True,
                                 text=True, timeout=5).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            out = ""
        if out and Path(out).is_file() and Path(out).suffix.lower() in (".ttf", ".ttc", ".otf"):
            return Path(out)
    from companion.clitext import tx

    raise FontMissing(tx("fonts.no_cjk", "no font with Chinese glyphs found; install it: sudo apt-get install {package}",
                         package=APT_PACKAGE))


def register_default_font() -> Path:
    """Make the CJK font Kivy's default for every Label (call after importing
    kivy, before building widgets) and draw what it cannot through the fallback
    chain (:func:`install_text_fallback`). Returns the font path; raises FontMissing."""
    from kivy.core.text import DEFAULT_FONT, LabelBase

    path = find_cjk_font()
    LabelBase.register(DEFAULT_FONT, str(path))
    install_text_fallback()
    return path


def missing_glyphs(text: str) -> str:
    """Characters of ``text`` that the app's labels or the printed pages cannot
    draw, each once; "" when all can be drawn. The labels draw with their own font
    first, then the pages' faces (:func:`label_chain`), so this is the pages' check
    (printing.fonts.missing_glyphs); without the pages' fonts, the characters the
    app's font lacks."""
    from printing.fonts import FontMissingError, cmap_of, invisible, needs_shaping
    from printing.fonts import missing_glyphs as on_paper

    try:
        return on_paper(text)
    except FontMissingError:
        have = cmap_of(str(find_cjk_font()))
        return "".join(sorted({c for c in text if not c.isspace() and not invisible(c)
                               and (ord(c) not in have or needs_shaping(c))}))


# --- the fallback text provider ------------------------------------------------


@functools.lru_cache(maxsize=8192)
def needs_fallback(text: str, font_path: str) -> bool:
    """True when the label font at ``font_path`` cannot draw ``text`` alone through
    SDL2: a visible character it has no glyph for, or one that needs shaping or
    right-to-left order (printing.fonts.needs_shaping)."""
    from printing.fonts import cmap_of, invisible, needs_shaping

    try:
        have = cmap_of(font_path)
    except Exception:  # noqa: BLE001 - not a font file fontTools reads: leave it to SDL2
        return False
    for c in text:
        if c.isspace():
            continue
        if needs_shaping(c) or (ord(c) not in have and not invisible(c)):
            return True
    return False


@functools.lru_cache(maxsize=64)
def label_chain(font_path: str, bold: bool):
    """The fallback chain (printing.fonts.Chain) of a label drawn with ``font_path``:
    that font first, then the pages' regular (or bold) chain. Without the pages'
    fonts, the label font alone."""
    from printing.fonts import Chain, FontMissingError, system_fonts

    try:
        return system_fonts().chain("bold" if bold else "regular").with_primary(font_path)
    except FontMissingError:
        return Chain((font_path,))


def drawn_bold(options: dict) -> bool:
    """Whether a Kivy label with these core-label ``options`` is drawn bold: asked
    bold and its font has a bold file of its own registered (LabelBase.register's
    ``fn_bold``; ``font_name_r`` is then that file). Kivy's SDL2 text provider draws
    the registered file of the style and never emboldens a regular one, so a label
    font with no bold file draws bold labels regular: the fallback chain then draws
    the whole line regular too (:func:`label_chain`), never a bold name beside a
    regular one nor bold runs in a regular line."""
    if not options.get("bold"):
        return False
    from kivy.core.text import FONT_BOLD, FONT_REGULAR, LabelBase

    files = LabelBase._fonts.get(options.get("font_name"))
    return bool(files) and files[FONT_BOLD] != files[FONT_REGULAR]


def _make_classes(plain_base, markup_base):
    """Subclasses of Kivy's core Label and MarkupLabel classes that draw a text
    needing the fallback (:func:`needs_fallback`) through Pillow."""
    from kivy.core.image import ImageData
    from PIL import Image, ImageDraw

    from printing import fonts as pf

    class ChainText:
        """Mixin over a Kivy text provider (LabelBase API: get_extents,
        _render_begin/_render_text/_render_end)."""

        _table_companion_chain = True

        def _wants_chain(self, text: str) -> bool:
            whole = self._text if isinstance(self._text, str) and self._text else text
            font = self.options.get("font_name_r")
            return bool(font) and needs_fallback(whole, font)

        def _chain(self):
            return label_chain(self.options["font_name_r"], drawn_bold(self.options))

        def _px(self) -> int:
            return max(1, int(self.options["font_size"]))

        def _metrics(self, text: str) -> tuple[int, int]:
            """(ascent, descent) in px: the label font's, raised to those of the
            faces ``text`` uses (tall Thai marks, Arabic descenders)."""
            size = self._px()
            asc, desc = pf.truetype(self.options["font_name_r"], size).getmetrics()
            for run in pf.runs(text, self._chain()):
                a, d = pf.truetype(run.path, size).getmetrics()
                asc, desc = max(asc, a), max(desc, d)
            return asc, desc

        def get_extents(self, text):
            if not self._wants_chain(text):
                return super().get_extents(text)
            size = self._px()
            w = sum(pf.run_width(r, size) for r in pf.runs(text, self._chain()))
            asc, desc = self._metrics(text)
            return int(math.ceil(w)), asc + desc

        def get_cached_extents(self):
            return self.get_extents

        def _render_begin(self):
            self._chain_now = self._wants_chain("")
            if not self._chain_now:
                return super()._render_begin()
            self._pil_im = Image.new("RGBA", self._size, (255, 255, 255, 0))
            self._pil_draw = ImageDraw.Draw(self._pil_im)

        def _render_text(self, text, x, y):
            if not getattr(self, "_chain_now", False):
                return super()._render_text(text, x, y)
            size = self._px()
            fill = tuple(int(round(c * 255)) for c in self.options["color"])
            chain = self._chain()
            # one weight for the whole line: the label font's file for its style (a
            # bold file only when one is registered, as SDL2 draws it) and the
            # fallback faces of that same weight; never a stroke on some runs only
            base = y + self._metrics(text)[0]
            for run in pf.runs(text, chain):
                kw = {}
                shown = run.text if pf.can_shape() else "".join(c for c in run.text if not pf.invisible(c))
                if run.rtl and pf.can_shape():
                    kw["direction"] = "rtl"
                self._pil_draw.text((x, base), shown, font=pf.truetype(run.path, size), fill=fill,
                                    anchor="ls", **kw)
                x += pf.run_width(run, size)

        def _render_end(self):
            if not getattr(self, "_chain_now", False):
                return super()._render_end()
            im = self._pil_im
            self._pil_im = self._pil_draw = None
            return ImageData(im.width, im.height, "rgba", im.tobytes())

    class ChainLabel(ChainText, plain_base):
        """Kivy's core Label with the fallback chain."""

    class ChainMarkupLabel(ChainText, markup_base):
        """Kivy's MarkupLabel with the fallback chain."""

    return ChainLabel, ChainMarkupLabel


def install_text_fallback() -> bool:
    """Make Kivy's core Label (labels, buttons, text input lines) and MarkupLabel
    draw texts the label font cannot draw alone through the fallback chain (see the
    module). Widgets made afterwards use it; idempotent. Returns True once
    installed."""
    import sys

    import kivy.core.text as core_text
    import kivy.core.text.markup as core_markup
    import kivy.uix.label as uix_label

    if getattr(core_text.Label, "_table_companion_chain", False):
        return True
    plain, markup = _make_classes(core_text.Label, core_markup.MarkupLabel)
    # kivy.core.text.markup.MarkupLabel stays: its __init__ calls super(MarkupLabel, self)
    core_text.Label = core_text.Text = plain
    uix_label.CoreLabel, uix_label.CoreMarkupLabel = plain, markup
    textinput = sys.modules.get("kivy.uix.textinput")
    if textinput is not None:
        textinput.Label = plain
    return True
