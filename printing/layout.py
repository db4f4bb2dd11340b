"""Page layouts drawn with Pillow into a 1-bit raster exactly the paper width.

Widths: 384 dots for 58 mm paper, 576 dots for 80 mm (203 dpi heads, 8 dots/mm).
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


def _check_width(width: int) -> int:
    if width not in WIDTHS.values():
        raise DocumentError(f"raster width {width} dots: use 384 (58 mm) or 576 (80 mm)")
    return width


class Canvas:
    """A tall white "1" image we draw down the page; :meth:`finish` crops it.

    ``width`` in dots; ``s`` is the scale (1.0 at 384 dots, 1.5 at 576); all sizes
    are in dots.
    """

    def __init__(self, width: int, fonts: FontSet | None = None):
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

    def wrap(self, text: str, size: int, max_w: float, bold=False) -> list[str]:
        """Break ``text`` into lines no wider than ``max_w`` dots: at spaces, and
        between any two CJK characters; a word longer than a line is cut."""
        tokens: list[str] = []
        word = ""
        for ch in text:
            if ch == " ":
                if word:
                    tokens.append(word)
                word = ""
                tokens.append(" ")
            elif ord(ch) >= 0x2E80:  # CJK and friends: break anywhere
                if word:
                    tokens.append(word)
                word = ""
                tokens.append(ch)
            else:
                word += ch
        if word:
            tokens.append(word)
        lines: list[str] = []
        cur = ""
        for tok in tokens:
            trial = cur + tok
            if self.text_width(trial.strip(), size, bold) <= max_w or not cur.strip():
                if self.text_width(trial.strip(), size, bold) > max_w and tok != " ":
                    # a single token wider than the line: cut it by characters
                    for ch in tok:
                        if self.text_width((cur + ch).strip(), size, bold) > max_w and cur.strip():
                            lines.append(cur.strip())
                            cur = ""
                        cur += ch
                    continue
                cur = trial
            else:
                lines.append(cur.strip())
                cur = "" if tok == " " else tok
        if cur.strip():
            lines.append(cur.strip())
        return lines

    def para(self, text: str, size: float, bold=False, serif=False, align="left",
             x0: float | None = None, x1: float | None = None) -> None:
        """Wrapped paragraph between ``x0`` and ``x1`` (default: the margins)."""
        size = self.px(size)
        x0 = self.margin if x0 is None else x0
        x1 = self.width - self.margin if x1 is None else x1
        for ln in self.wrap(text, size, x1 - x0, bold):
            w = self.text_width(ln, size, bold, serif)
            x = {"left": x0, "center": x0 + (x1 - x0 - w) / 2, "right": x1 - w}[align]
            self.text(x, self.y, ln, size, bold, serif)
            self.y += self.line_height(size)

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
        lines = self.wrap(left, size, self.width - self.margin - x0 - rw - gap, bold) or [""]
        for i, ln in enumerate(lines):
            self.text(x0, self.y, ln, size, bold)
            if i == len(lines) - 1:
                self.text(self.width - self.margin - rw, self.y, right, size, bold)
            self.y += self.line_height(size)

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
        """The page cropped to its content plus a bottom margin, mode "1"."""
        h = min(_MAX_HEIGHT, self.y + self.margin)
        return self.img.crop((0, 0, self.width, h))


def _stars(n: int) -> str:
    return "\u2605" * n + "\u2606" * (3 - n)


def _date_text(date, lang: str) -> str:
    return format_date(date, format="full", locale={"zh": "zh_Hans_CN"}.get(lang, lang))


def _pts(points: int) -> str:
    return f"{points:+d}" if points else "0"


def render_front_page(doc: FrontPageDoc, width: int = 384, fonts: FontSet | None = None
                      ) -> Image.Image:
    """Draw ``doc`` as a 1-bit image ``width`` dots wide (384 or 576).

    Returns a mode "1" Pillow image (0 = black). Raises DocumentError for a bad width,
    FontMissingError when no font is found. Grid: 4 columns of equal width over the
    printable width, cells 1.1 times as tall as wide; a story covers its shape's
    cells (A 1x2, B 1x3, C 2x2, D 2x3, width x height; swapped when rotated).
    ``img.info["grid"]`` = ``(x, y, cell_w, cell_h, pad)`` in dots: the grid's top-left
    corner, cell size and the inset of a story frame inside its cells.
    """
    lang = doc.lang
    cv = Canvas(width, fonts)
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
        bsize = cv.fit_size(i18n.beat_name(p.beat, lang), 14, inner, bold=True, minimum=9)
        band = cv.line_height(bsize) * 2 + pad
        d.rectangle([x0, y0, x1, y0 + band], fill=BLACK)
        cv.text(x0 + pad, y0 + pad // 2, i18n.beat_name(p.beat, lang), bsize, bold=True,
                fill=WHITE)
        cv.text(x0 + pad, y0 + pad // 2 + cv.line_height(bsize), _stars(p.stars), bsize,
                fill=WHITE)
        # headline: the largest size whose wrapped lines fit the box
        avail_h = y1 - (y0 + band) - 2 * pad
        text = heads[p.story]
        hsize = cv.px(22 if w > 1 else 17)
        while hsize > 9:
            lines = cv.wrap(text, hsize, inner, bold=True)
            if len(lines) * cv.line_height(hsize) <= avail_h and all(
                    cv.text_width(ln, hsize, True) <= inner for ln in lines):
                break
            hsize -= 1
        lines = cv.wrap(text, hsize, inner, bold=True)
        ty = y0 + band + pad
        for ln in lines:
            if ty + cv.line_height(hsize) > y1:
                break
            cv.text(x0 + pad, ty, ln, hsize, bold=True)
            ty += cv.line_height(hsize)
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
        cv.text(tx, ty, word, asize, bold=True)
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
    cv.qr(doc.record, doc.record)
    cv.para(i18n.label("thanks", lang), 14, align="center")
    img = cv.finish()
    img.info["grid"] = (gx, gy, cell_w, cell_h, pad)
    return img


def render_receipt(doc: ReceiptDoc, width: int = 384, fonts: FontSet | None = None
                   ) -> Image.Image:
    """Draw a score receipt ``width`` dots wide (384 or 576), mode "1".

    Sections: presses (player, edition, press total), end-game bonuses per beat
    (marker value and who scores it) and the final ranking (score, published
    stories), the latter two only when present. Raises DocumentError, FontMissingError.
    """
    lang = doc.lang
    cv = Canvas(width, fonts)
    final = bool(doc.ranking)
    names = dict(doc.names)

    def shown(colour: str) -> str:
        name = names.get(colour, "")
        return f"{i18n.player_name(colour, lang)} ({name})" if name else \
            i18n.player_name(colour, lang)

    cv.para(i18n.label("final_receipt" if final else "receipt", lang), 26, serif=True,
            align="center")
    cv.para(i18n.label("game", lang, id=doc.game_id), 14, align="center")
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
    cv.qr(doc.record, doc.record)
    cv.para(i18n.label("thanks", lang), 14, align="center")
    return cv.finish()
