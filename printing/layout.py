"""Drawing a page: a Canvas over a 1-bit raster exactly the paper width, and text
fitting (wrapping with hyphenation, line-break rules, shrinking to fit).

Widths: 384 dots for 58 mm paper, 576 dots for 80 mm (203 dpi heads, 8 dots/mm), or
an 80 mm printer's own printable width in between (512 on the 180 dpi Epson TM-T88:
printing.profiles.profile_page); sizes scale with the width.
Images are mode ``"1"``: pixel 0 = black (a burnt dot), 255 = white. Every piece of
text is drawn into the image (never printer text: python-escpos sends text with any
CJK character as GB18030 and breaks accents); fonts and per-glyph fallback are in
printing.fonts. Each game draws its own pages with it (printing/games/<folder>/).
"""

from __future__ import annotations

import functools
import re

import pyphen
import segno
from PIL import Image, ImageDraw

from .fonts import Chain, FontSet, draw_text, joins_previous, system_fonts
from .fonts import width as text_width
from .pages import DocumentError

#: Paper width in mm -> printable width in dots.
WIDTHS = {58: 384, 80: 576}
BLACK, WHITE = 0, 255
_MAX_HEIGHT = 6000


def dots_for(paper_mm: int) -> int:
    """384 for 58 mm paper, 576 for 80 mm. Raises DocumentError otherwise."""
    try:
        return WIDTHS[int(paper_mm)]
    except (KeyError, ValueError):
        raise DocumentError(f"paper width {paper_mm!r} mm: use 58 or 80") from None


#: Hyphenation dictionary (pyphen, Hunspell patterns) per printed language; Latin
#: words inside Chinese text use the English one.
_HYPHEN_LANG = {"es": "es", "en": "en_US", "zh": "en_US"}
#: No line starts with these (closing punctuation) and none ends with the openers.
_NO_LINE_START = set("，。、！？：；）」』》〉】…,.!?:;)]}»\u00a0")
_NO_LINE_END = set("（「『《〈【¡¿([{«")


@functools.lru_cache(maxsize=None)
def _hyphenator(lang: str) -> pyphen.Pyphen:
    return pyphen.Pyphen(lang=_HYPHEN_LANG.get(lang, "en_US"))


def _is_cjk(ch: str) -> bool:
    return ord(ch) >= 0x2E80


#: A word (no break inside but :func:`word_breaks`'s) or a gap of spaces. No-break
#: spaces belong to the word: CLDR's "1.500\u00a0$" stays whole, never "1.500$".
_NO_BREAK_SPACES = "\u00a0\u2007\u202f"
_WORD_OR_GAP = f"(?:[^\\s]|[{_NO_BREAK_SPACES}])+| +"
#: A file name's extension inside a word ("values.json,"): such a word is not hyphenated.
_FILE_NAME = re.compile(r"\w\.(json|csv|txt|yaml|yml|toml|sqlite|png|pdf)\b", re.IGNORECASE)


def word_breaks(word: str, lang: str) -> list[tuple[int, bool]]:
    """Where a word (no spaces) may be broken at a line end: ``(index, hyphen)``
    pairs, ascending. ``hyphen`` True means a hyphen is added at the break. Breaks:
    after a hyphen already in the word; between Chinese characters (never before
    closing or after opening punctuation); at the syllable breaks pyphen finds in a
    run of Latin letters (``lang``'s patterns; es, en). A path or file name
    (``data/values.json``) is never hyphenated: it breaks only after a ``/`` (or not
    at all), so it reads as written. Never inside a character with its marks or
    inside an emoji sequence (printing.fonts.joins_previous)."""
    if "/" in word or "\\" in word or _FILE_NAME.search(word):
        return [(i + 1, False) for i, ch in enumerate(word[:-1]) if ch in "/\\"]
    out: dict[int, bool] = {}
    for i in range(1, len(word)):
        a, b = word[i - 1], word[i]
        if b in _NO_LINE_START or a in _NO_LINE_END:
            continue
        if a == "-":
            out[i] = False
        elif _is_cjk(a) or _is_cjk(b):
            out[i] = False
    i = 0
    while i < len(word):
        if word[i].isalpha() and not _is_cjk(word[i]):
            j = i
            while j < len(word) and word[j].isalpha() and not _is_cjk(word[j]):
                j += 1
            for pos in _hyphenator(lang).positions(word[i:j]):
                out.setdefault(i + pos, True)
            i = j
        else:
            i += 1
    return sorted((i, h) for i, h in out.items() if not joins_previous(word[i]) and word[i - 1] != "\u200d")


def _check_width(width: int) -> int:
    """``width`` if a page can be drawn that wide: 384..576 dots, a whole number of
    bytes (384 for 58 mm paper, 576 for 80 mm, or an 80 mm printer's own printable
    width, e.g. 512 on the 180 dpi Epson TM-T88). Raises DocumentError otherwise."""
    if not (isinstance(width, int) and WIDTHS[58] <= width <= WIDTHS[80] and width % 8 == 0):
        raise DocumentError(f"raster width {width!r} dots: use 384 (58 mm) or 576 (80 mm), "
                            "or a printer's width in between (a multiple of 8)")
    return width


class Canvas:
    """A tall white "1" image we draw down the page; :meth:`finish` crops it.

    ``width`` in dots; ``s`` is the scale (1.0 at 384 dots, 1.33 at 512, 1.5 at 576); all sizes
    are in dots.
    """

    def __init__(self, width: int, fonts: FontSet | None = None, lang: str = "en"):
        self.lang = lang
        #: every wrapped text drawn: {"role", "text" (source), "lines": [(line, x0, y0,
        #: x1, y1)], "box": (x0, y0, x1, y1) it must stay in}, in dots (for tests/checks)
        self.blocks: list[dict] = []
        self.width = _check_width(width)
        self.s = width / 384
        self.margin = round(6 * self.s)
        self.fonts = fonts or system_fonts()
        self.img = Image.new("1", (width, _MAX_HEIGHT), WHITE)
        self.draw = ImageDraw.Draw(self.img)
        self.y = self.margin

    # --- text -----------------------------------------------------------------
    def _chain(self, bold: bool, serif: bool) -> Chain:
        return self.fonts.chain("serif_bold" if serif else ("bold" if bold else "regular"))

    def px(self, size: float) -> int:
        return max(8, round(size * self.s))

    def text_width(self, text: str, size: int, bold=False, serif=False) -> float:
        return text_width(text, size, self._chain(bold, serif), self.fonts.cjk)

    def line_height(self, size: int) -> int:
        return round(size * 1.25)

    def text(self, x: float, y: float, text: str, size: int, bold=False, serif=False,
             fill=BLACK) -> float:
        """Draw ``text`` with its top at ``y`` (dots); returns the x after it. Each
        glyph comes from the first face of the role's fallback chain that has it,
        right-to-left pieces are ordered and shaped (printing.fonts.draw_text)."""
        base = y + round(size * 0.95)
        return draw_text(self.draw, (x, base), text, size, self._chain(bold, serif), fill, self.fonts.cjk)

    def wrap(self, text: str, size: int, max_w: float, bold=False, serif=False,
             fill: bool = True) -> list[str]:
        """Break ``text`` into lines no wider than ``max_w`` dots: at spaces; inside a
        word only where :func:`word_breaks` allows (a hyphen is added at a syllable
        break; Chinese breaks between characters). ``fill``: a word that does not fit
        the rest of a line is broken to fill it; else it moves to the next line whole
        and is broken only when it is wider than a line. A word that fits on no line
        at any break is left whole, wider than ``max_w``: callers shrink the size (see
        :meth:`fits`) rather than cut a word."""
        lines: list[str] = []
        cur = ""
        gap = ""        # the spaces before the next word (kept inside a line)
        for word in re.findall(_WORD_OR_GAP, text):
            if word.startswith(" "):
                gap = word
                continue
            while word:
                lead = cur + gap if cur else ""
                if self.text_width(lead + word, size, bold, serif) <= max_w:
                    cur = lead + word
                    gap = ""
                    break
                head = None
                breaks = word_breaks(word, self.lang) if (fill or not cur) else []
                for i, hyph in reversed(breaks):
                    piece = word[:i] + ("-" if hyph else "")
                    if self.text_width(lead + piece, size, bold, serif) <= max_w:
                        head = (i, piece)
                        break
                if head is not None:
                    lines.append(lead + head[1])
                    cur, word = "", word[head[0]:]
                elif cur:
                    lines.append(cur)
                    cur = ""
                else:
                    cur = word      # too wide even alone: the caller must shrink
                    break
        if cur:
            lines.append(cur)
        return lines

    def fits(self, lines: list[str], size: int, max_w: float, max_h: float | None = None,
             bold=False, serif=False) -> bool:
        """True when every line is at most ``max_w`` dots wide and (if given) the lines
        stack within ``max_h`` dots."""
        if max_h is not None and len(lines) * self.line_height(size) > max_h:
            return False
        return all(self.text_width(ln, size, bold, serif) <= max_w for ln in lines)

    def block(self, role: str, text: str, lines: list[str], x: float, y: float, size: int,
              box: tuple[float, float, float, float], bold=False, serif=False, fill=BLACK,
              align: str = "left") -> float:
        """Draw wrapped ``lines`` of ``text`` from ``(x, y)`` (top of the first line),
        aligned left or centre within ``box`` (x0, y0, x1, y1), and record them in
        :attr:`blocks`. Returns the y under the last line."""
        drawn = []
        for ln in lines:
            w = self.text_width(ln, size, bold, serif)
            lx = x if align == "left" else box[0] + (box[2] - box[0] - w) / 2
            self.text(lx, y, ln, size, bold, serif, fill)
            drawn.append((ln, lx, y, lx + w, y + self.line_height(size)))
            y += self.line_height(size)
        self.blocks.append({"role": role, "text": text, "lines": drawn, "box": tuple(box)})
        return y

    def para(self, text: str, size: float, bold=False, serif=False, align="left",
             x0: float | None = None, x1: float | None = None) -> None:
        """Wrapped paragraph between ``x0`` and ``x1`` (default: the margins)."""
        size = self.px(size)
        x0 = self.margin if x0 is None else x0
        x1 = self.width - self.margin if x1 is None else x1
        lines = self.wrap(text, size, x1 - x0, bold, serif)
        while size > 8 and not self.fits(lines, size, x1 - x0, bold=bold, serif=serif):
            size -= 1       # a word wider than the page: smaller type, never a cut
            lines = self.wrap(text, size, x1 - x0, bold, serif)
        drawn = []
        for ln in lines:
            w = self.text_width(ln, size, bold, serif)
            x = {"left": x0, "center": x0 + (x1 - x0 - w) / 2, "right": x1 - w}[align]
            self.text(x, self.y, ln, size, bold, serif)
            drawn.append((ln, x, self.y, x + w, self.y + self.line_height(size)))
            self.y += self.line_height(size)
        self.blocks.append({"role": "para", "text": text, "lines": drawn,
                            "box": (x0, 0, x1, _MAX_HEIGHT)})

    def fit_size(self, text: str, start: float, max_w: float, bold=False, serif=False,
                 minimum: float = 12) -> int:
        size = self.px(start)
        while size > minimum and self.text_width(text, size, bold, serif) > max_w:
            size -= 1
        return size

    def row(self, left: str, right: str, size: float = 17, bold=False, indent: float = 0
            ) -> None:
        """``left`` wrapped at the left (``indent`` dots in), ``right`` flush right on
        the last line."""
        size = self.px(size)
        rw = self.text_width(right, size, bold)
        gap = self.px(10)
        x0 = self.margin + self.px(indent) if indent else self.margin
        room = self.width - self.margin - x0 - rw - gap
        lines = self.wrap(left, size, room, bold) or [""]
        while size > 8 and not self.fits(lines, size, room, bold=bold):
            size -= 1       # a word wider than the room: smaller type, never a cut
            rw = self.text_width(right, size, bold)
            room = self.width - self.margin - x0 - rw - gap
            lines = self.wrap(left, size, room, bold) or [""]
        y_last = self.y + (len(lines) - 1) * self.line_height(size)
        self.block("row", left, lines, x0, self.y, size, (x0, 0, x0 + room, _MAX_HEIGHT), bold)
        self.block("row", right, [right], self.width - self.margin - rw, y_last, size,
                   (self.margin, 0, self.width - self.margin, _MAX_HEIGHT), bold)
        self.y = y_last + self.line_height(size)

    def table_row(self, cells: list[str], columns: list[tuple[float, float]], size: float = 13,
                  bold: list[bool] | bool = False, align: list[str] | None = None) -> None:
        """One line of a table: ``cells[i]`` in column ``columns[i]`` (``(x0, x1)``
        dots), aligned ``"left"`` or ``"right"`` (default: the first column left, the
        others right), each shrunk to its column where wider (never cut); ``bold``
        one flag for all or one per cell. Recorded as role "cell"."""
        size = self.px(size)
        flags = bold if isinstance(bold, list) else [bold] * len(cells)
        aligns = align or ["left"] + ["right"] * (len(cells) - 1)
        tall = size
        for text, (x0, x1), b, a in zip(cells, columns, flags, aligns):
            s = size
            while s > 8 and self.text_width(text, s, b) > x1 - x0:
                s -= 1
            w = self.text_width(text, s, b)
            x = x0 if a == "left" else x1 - w
            self.block("cell", text, [text] if text else [], x, self.y + (size - s), s, (x0, 0, x1, _MAX_HEIGHT), b)
            tall = max(tall, s)
        self.y += self.line_height(tall)

    # --- rules and blocks -----------------------------------------------------
    def rule(self, thickness: int = 1, double: bool = False, gap: int = 4) -> None:
        self.y += self.px(3)
        for _ in range(2 if double else 1):
            self.draw.rectangle([self.margin, self.y, self.width - self.margin - 1,
                                 self.y + thickness - 1], fill=BLACK)
            self.y += thickness + gap
        self.y += self.px(2)

    def space(self, dots: float) -> None:
        self.y += self.px(dots)

    def qr(self, payload: str, caption: str | None = None) -> None:
        """A QR code (segno, error level M) centred, ``caption`` under it."""
        code = segno.make(payload, error="m", micro=False)
        mat = code.matrix
        n = len(mat)
        scale = 4 if self.width <= 384 else 5
        q = Image.frombytes("L", (n, n), b"".join(bytes(0 if v else 255 for v in r) for r in mat))
        q = q.resize((n * scale, n * scale), Image.NEAREST).convert("1")
        quiet = 4 * scale
        self.y += quiet
        self.img.paste(q, ((self.width - n * scale) // 2, self.y))
        self.y += n * scale + quiet // 2
        if caption:
            self.para(caption, 12, align="center")

    def finish(self) -> Image.Image:
        """The page cropped to its content plus a bottom margin, mode "1", with
        ``info["text_blocks"]``: every text drawn and where (:attr:`blocks`)."""
        h = min(_MAX_HEIGHT, self.y + self.margin)
        img = self.img.crop((0, 0, self.width, h))
        img.info["text_blocks"] = self.blocks
        return img
