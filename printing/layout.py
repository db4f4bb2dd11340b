"""Page layouts drawn with Pillow into a 1-bit raster exactly the paper width.

Widths: 384 dots for 58 mm paper, 576 dots for 80 mm (203 dpi heads, 8 dots/mm), or
an 80 mm printer's own printable width in between (512 on the 180 dpi Epson TM-T88:
printing.profiles.profile_page); sizes scale with the width.
Images are mode ``"1"``: pixel 0 = black (a burnt dot), 255 = white. Every piece of
text is drawn into the image (never printer text: python-escpos sends text with any
CJK character as GB18030 and breaks accents); fonts and per-glyph fallback are in
printing.fonts.

Pages (Penny Press):
- :func:`render_front_page` -- a player's front page for one press: masthead, date
  and edition line, the 3x4 grid with each story drawn to its shape and rotation
  (beat, stars, an invented headline), the ad cell, the score breakdown and total,
  a QR code of the game record.
- :func:`render_receipt` -- press scores, end-game bonuses per beat, final ranking.
"""

from __future__ import annotations

import functools
import re

import pyphen
import segno
from babel.dates import format_date
from PIL import Image, ImageDraw

from . import i18n
from .documents import COLS, ROWS, DocumentError, FrontPageDoc, ReceiptDoc, parse_story
from .fonts import FontSet, runs, system_fonts, truetype
from .fonts import width as text_width

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
    at all), so it reads as written."""
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
    return sorted(out.items())


def _check_width(width: int) -> int:
    """``width`` if a page can be drawn that wide: 384..576 dots, a whole number of
    bytes (384 for 58 mm paper, 576 for 80 mm, or an 80 mm printer's own printable
    width, e.g. 512 on the 180 dpi Epson TM-T88). Raises DocumentError otherwise."""
    if not (isinstance(width, int) and WIDTHS[58] <= width <= WIDTHS[80] and width % 8 == 0):
        raise DocumentError(f"raster width {width!r} dots: use 384 (58 mm) or 576 (80 mm), "
                            "or a printer's width in between (a multiple of 8)")
    return width


def page_dots(args) -> int:
    """The page width in dots for a print command's ``args``: ``args.width_dots`` (the
    printer config's, :attr:`printing.profiles.PrinterConfig.width_dots`) when set, else
    the paper's (:func:`dots_for` of ``args.width_mm``)."""
    return getattr(args, "width_dots", None) or dots_for(args.width_mm)


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
    def _primary(self, bold: bool, serif: bool) -> str:
        f = self.fonts
        return f.serif_bold if serif else (f.bold if bold else f.regular)

    def px(self, size: float) -> int:
        return max(8, round(size * self.s))

    def text_width(self, text: str, size: int, bold=False, serif=False) -> float:
        return text_width(text, size, self._primary(bold, serif), self.fonts.cjk)

    def line_height(self, size: int) -> int:
        return round(size * 1.25)

    def text(self, x: float, y: float, text: str, size: int, bold=False, serif=False,
             fill=BLACK) -> float:
        """Draw ``text`` with its top at ``y`` (dots); returns the x after it."""
        base = y + round(size * 0.95)
        for path, chunk in runs(text, self._primary(bold, serif), self.fonts.cjk):
            font = truetype(path, size)
            self.draw.text((x, base), chunk, font=font, fill=fill, anchor="ls")
            x += text_width(chunk, size, path, path)
        return x

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


def _stars(n: int) -> str:
    return "\u2605" * n + "\u2606" * (3 - n)


def _date_text(date, lang: str) -> str:
    return format_date(date, format="full", locale={"zh": "zh_Hans_CN"}.get(lang, lang))


def _pts(points: int) -> str:
    return f"{points:+d}" if points else "0"


def render_front_page(doc: FrontPageDoc, width: int = 384, fonts: FontSet | None = None
                      ) -> Image.Image:
    """Draw ``doc`` as a 1-bit image ``width`` dots wide (384, 576, or between: _check_width).

    Returns a mode "1" Pillow image (0 = black). Raises DocumentError for a bad width,
    FontMissingError when no font is found. Grid: 4 columns of equal width over the
    printable width, cells 1.1 times as tall as wide; a story covers its shape's
    cells (A 1x2, B 1x3, C 2x2, D 2x3, width x height; swapped when rotated).
    ``img.info["grid"]`` = ``(x, y, cell_w, cell_h, pad)`` in dots: the grid's top-left
    corner, cell size and the inset of a story frame inside its cells.
    ``img.info["text_blocks"]``: every text drawn (see :attr:`Canvas.blocks`); each
    story has a "beat" header (shrunk, else wrapped, to its frame), "stars" and its own
    "headline" (printing/headlines.json), wrapped with hyphenation (es, en) or between
    Chinese characters at the largest size that fits its frame.
    """
    lang = doc.lang
    cv = Canvas(width, fonts, lang)
    m, W = cv.margin, cv.width
    # masthead
    size = cv.fit_size(doc.paper_name, 40, W - 2 * m, serif=True)
    cv.para(doc.paper_name, size / cv.s, serif=True, align="center")
    cv.rule(2, double=True, gap=2)
    cv.para(_date_text(doc.date, lang), 14, align="center")
    cv.para(f"{i18n.label('edition', lang, n=doc.edition)}  ·  {i18n.label('price', lang)}",
            14, bold=True, align="center")
    cv.rule(2)
    # grid
    cell_w = (W - 2 * m) // COLS
    cell_h = round(cell_w * 1.1)
    gx = m + (W - 2 * m - cell_w * COLS) // 2
    gy = cv.y
    d = cv.draw
    dash = max(2, round(3 * cv.s))
    for r in range(ROWS):
        for c in range(COLS):
            x0, y0 = gx + c * cell_w, gy + r * cell_h
            x1, y1 = x0 + cell_w - 1, y0 + cell_h - 1
            for x in range(x0, x1, 2 * dash):  # dotted outline of every cell
                d.line([x, y0, min(x + dash - 1, x1), y0], fill=BLACK)
                d.line([x, y1, min(x + dash - 1, x1), y1], fill=BLACK)
            for y in range(y0, y1, 2 * dash):
                d.line([x0, y, x0, min(y + dash - 1, y1)], fill=BLACK)
                d.line([x1, y, x1, min(y + dash - 1, y1)], fill=BLACK)
    pad = max(2, round(3 * cv.s))
    heads = i18n.headlines_for([p.story for p in doc.placements], lang)
    for p in doc.placements:
        w, h = p.size
        x0, y0 = gx + p.col * cell_w + pad, gy + p.row * cell_h + pad
        x1, y1 = gx + (p.col + w) * cell_w - pad - 1, gy + (p.row + h) * cell_h - pad - 1
        d.rectangle([x0, y0, x1, y1], fill=WHITE, outline=BLACK, width=max(2, round(2 * cv.s)))
        inner = x1 - x0 - 2 * pad
        # beat header: the largest size (14 down to 8) at which it fits on one line,
        # else wrapped on two lines; never clipped
        beat = i18n.beat_name(p.beat, lang)
        bsize, blines = cv.px(14), [beat]
        while bsize > 8 and not cv.fits(blines, bsize, inner, bold=True):
            bsize -= 1
        if not cv.fits(blines, bsize, inner, bold=True):
            bsize = cv.px(14)
            blines = cv.wrap(beat, bsize, inner, bold=True)
            while bsize > 8 and not cv.fits(blines, bsize, inner, 2 * cv.line_height(bsize), bold=True):
                bsize -= 1
                blines = cv.wrap(beat, bsize, inner, bold=True)
        lh = cv.line_height(bsize)
        band = lh * (len(blines) + 1) + pad
        d.rectangle([x0, y0, x1, y0 + band], fill=BLACK)
        ty = cv.block("beat", beat, blines, x0 + pad, y0 + pad // 2, bsize,
                      (x0 + pad, y0, x1 - pad, y0 + band), bold=True, fill=WHITE)
        cv.block("stars", _stars(p.stars), [_stars(p.stars)], x0 + pad, ty, bsize,
                 (x0 + pad, y0, x1 - pad, y0 + band), fill=WHITE)
        # headline: the largest size whose wrapped lines fit the box (hyphenated, or
        # broken between Chinese characters; never cut, never dropped)
        avail_h = y1 - (y0 + band) - 2 * pad
        text = heads[p.story]
        hsize = cv.px(22 if w > 1 else 17)

        def head_lines(size):   # whole words on the next line when that fits, else fill
            ln = cv.wrap(text, size, inner, bold=True, fill=False)
            return ln if cv.fits(ln, size, inner, avail_h, bold=True) else \
                cv.wrap(text, size, inner, bold=True)

        lines = head_lines(hsize)
        while hsize > 8 and not cv.fits(lines, hsize, inner, avail_h, bold=True):
            hsize -= 1
            lines = head_lines(hsize)
        cv.block("headline", text, lines, x0 + pad, y0 + band + pad, hsize,
                 (x0 + pad, y0 + band, x1 - pad, y1), bold=True)
    if doc.ad is not None:
        r, c = doc.ad
        x0, y0 = gx + c * cell_w + pad, gy + r * cell_h + pad
        x1, y1 = gx + (c + 1) * cell_w - pad - 1, gy + (r + 1) * cell_h - pad - 1
        d.rectangle([x0, y0, x1, y1], outline=BLACK, width=2)
        step = max(5, round(7 * cv.s))
        for k in range(-(y1 - y0), x1 - x0, step):  # diagonal hatching, clipped
            a = (x0 + max(k, 0), y0 + max(-k, 0))
            n = min(x1 - a[0], y1 - a[1])
            d.line([a, (a[0] + n, a[1] + n)], fill=BLACK)
        word = i18n.label("ad", lang)
        asize = cv.fit_size(word, 13, x1 - x0 - 4 * pad, bold=True, minimum=8)
        aw = cv.text_width(word, asize, bold=True)
        tx, ty = x0 + (x1 - x0 - aw) / 2, y0 + (y1 - y0 - cv.line_height(asize)) / 2
        d.rectangle([tx - pad, ty - pad, tx + aw + pad, ty + cv.line_height(asize) + pad],
                    fill=WHITE, outline=BLACK)
        cv.block("ad", word, [word], tx, ty, asize, (x0, y0, x1, y1), bold=True)
    cv.y = gy + ROWS * cell_h
    cv.rule(2)
    # score breakdown
    cv.para(i18n.label("score", lang), 17, bold=True)
    for line in doc.breakdown:
        left = i18n.label(line.kind.replace("-", "_"), lang)
        if line.story:
            try:
                beat, _, stars = parse_story(line.story)
                left += f": {i18n.beat_name(beat, lang)} {_stars(stars)}"
            except DocumentError:
                left += f": {line.story}"
        cv.row(left, _pts(line.points), 15)
    cv.rule(1)
    cv.row(i18n.label("total", lang), i18n.label("points", lang, pts=doc.total), 22, bold=True)
    cv.rule(1)
    cv.qr(doc.record)  # no caption: the record link is for a reader, not a player
    cv.para(i18n.label("thanks", lang), 14, align="center")
    img = cv.finish()
    img.info["grid"] = (gx, gy, cell_w, cell_h, pad)
    return img


def render_receipt(doc: ReceiptDoc, width: int = 384, fonts: FontSet | None = None
                   ) -> Image.Image:
    """Draw a score receipt ``width`` dots wide (384, 576, or between), mode "1".

    Sections: presses (player, edition, press total), end-game bonuses per beat
    (marker value and who scores it) and the final ranking (score, published
    stories), the latter two only when present. Raises DocumentError, FontMissingError.
    """
    lang = doc.lang
    cv = Canvas(width, fonts, lang)
    final = bool(doc.ranking)
    names = dict(doc.names)

    def shown(colour: str) -> str:
        name = names.get(colour, "")
        return f"{i18n.player_name(colour, lang)} ({name})" if name else \
            i18n.player_name(colour, lang)

    cv.para(i18n.label("final_receipt" if final else "receipt", lang), 26, serif=True,
            align="center")
    if i18n.game_when(doc.game_id, lang):
        cv.para(i18n.game_when(doc.game_id, lang), 14, align="center")
    cv.para(_date_text(doc.date, lang), 14, align="center")
    papers = dict(doc.papers)

    def paper(colour: str) -> str:
        return papers.get(colour) or i18n.paper_name(colour, lang)

    if doc.player:
        cv.para(paper(doc.player), 16, bold=True, align="center")
    cv.rule(2, double=True, gap=2)
    if doc.presses:
        cv.para(i18n.label("presses", lang), 17, bold=True)
        for p in doc.presses:
            cv.row(f"{shown(p.player)} · "
                   f"{i18n.label('press_line', lang, n=p.edition)}",
                   i18n.label("points", lang, pts=p.points), 15)
            for who, pts in p.scoops:
                cv.row(f"{i18n.label('scoop', lang)}: {i18n.player_name(who, lang)}",
                       _pts(pts), 14, indent=16)
        cv.rule(1)
    if doc.bonuses:
        cv.para(i18n.label("bonuses", lang), 17, bold=True)
        for b in doc.bonuses:
            who = ", ".join(i18n.player_name(x, lang) for x in b.players) or i18n.label(
                "bonus_none", lang)
            cv.row(f"{i18n.beat_name(b.beat, lang)} ({b.value}): {who}",
                   _pts(b.value if b.players else 0), 15)
        cv.rule(1)
    if doc.ranking:
        cv.para(i18n.label("ranking", lang), 17, bold=True)
        ranks = [r.rank for r in doc.ranking]
        for r in doc.ranking:
            tie = f" ({i18n.label('shared', lang)})" if ranks.count(r.rank) > 1 else ""
            mark = "» " if doc.player and r.player == doc.player else ""
            cv.row(f"{mark}{r.rank}. {shown(r.player)}{tie} · "
                   f"{i18n.label('stories', lang, n=r.stories)}",
                   i18n.label("points", lang, pts=r.score), 17, bold=r.rank == 1)
            cv.para(paper(r.player), 13, serif=True, x0=cv.margin + cv.px(16))
        cv.rule(1)
    cv.qr(doc.record)  # no caption: the record link is for a reader, not a player
    cv.para(i18n.label("thanks", lang), 14, align="center")
    img = cv.finish()
    return img
