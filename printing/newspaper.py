"""A newspaper front page's parts, drawn on printing.layout's Canvas: shared by every
game whose page is a newspaper (printing/games/<folder>/); names no game.

- :func:`masthead` -- the paper's name as large as the page allows (serif), a double
  rule, centred lines under it (date, edition, price), a rule.
- :func:`dotted_box` -- the dotted outline of a grid cell or of a space left empty.
- :func:`story_box` -- a story in its space: a framed box, a black band with the
  story's kind, stars and (optionally) value in white, the headline at the largest
  size that fits (hyphenated; broken between Chinese characters; never cut).
- :func:`advert_box` -- an advert space: a framed, hatched box with its words in a
  white label in the middle.
- :func:`fit_lines` -- a text wrapped at the largest size that fits a box.

Boxes are ``(x0, y0, x1, y1)`` in dots, inclusive. Every text drawn is recorded in
the canvas's blocks (``img.info["text_blocks"]``) with its role.
"""

from __future__ import annotations

from .layout import BLACK, WHITE, Canvas


def stars(n: int, of: int = 3) -> str:
    """``n`` filled stars then ``of - n`` open ones (``"★★☆"``)."""
    return "\u2605" * n + "\u2606" * max(0, of - n)


def masthead(cv: Canvas, title: str, lines: list[tuple[str, bool]], start: float = 40) -> None:
    """The masthead down ``cv``: ``title`` in serif at the largest size up to
    ``start`` (dots at 384) that fits the width, a double rule, each of ``lines``
    (``(text, bold)``) centred at 14, then a rule."""
    m, w = cv.margin, cv.width
    size = cv.fit_size(title, start, w - 2 * m, serif=True)
    cv.para(title, size / cv.s, serif=True, align="center")
    cv.rule(2, double=True, gap=2)
    for text, bold in lines:
        if text:
            cv.para(text, 14, bold=bold, align="center")
    cv.rule(2)


def dotted_box(cv: Canvas, box: tuple[int, int, int, int], dash: int | None = None) -> None:
    """A dotted outline along ``box``'s four sides (dashes ``dash`` dots long, as
    far apart)."""
    x0, y0, x1, y1 = box
    d = cv.draw
    dash = dash or max(2, round(3 * cv.s))
    for x in range(x0, x1, 2 * dash):
        d.line([x, y0, min(x + dash - 1, x1), y0], fill=BLACK)
        d.line([x, y1, min(x + dash - 1, x1), y1], fill=BLACK)
    for y in range(y0, y1, 2 * dash):
        d.line([x0, y, x0, min(y + dash - 1, y1)], fill=BLACK)
        d.line([x1, y, x1, min(y + dash - 1, y1)], fill=BLACK)


def fit_lines(cv: Canvas, text: str, start: int, max_w: float, max_h: float, bold: bool = True,
              minimum: int = 8) -> tuple[int, list[str]]:
    """``(size, lines)``: ``text`` wrapped at the largest size from ``start`` (dots)
    down to ``minimum`` whose lines fit ``max_w`` x ``max_h`` dots; whole words move
    to the next line where that fits, else a word is broken to fill the line
    (printing.layout.Canvas.wrap). At ``minimum`` the lines may still overflow: a
    word is never cut."""
    def lines_at(size):
        ln = cv.wrap(text, size, max_w, bold=bold, fill=False)
        return ln if cv.fits(ln, size, max_w, max_h, bold=bold) else cv.wrap(text, size, max_w, bold=bold)

    size = start
    lines = lines_at(size)
    while size > minimum and not cv.fits(lines, size, max_w, max_h, bold=bold):
        size -= 1
        lines = lines_at(size)
    return size, lines


def _band_lines(cv: Canvas, kind: str, inner: float) -> tuple[int, list[str]]:
    """The kind's size and lines in a band ``inner`` dots wide: the largest size (14
    down to 8) at which it fits on one line, else wrapped on two lines."""
    size, lines = cv.px(14), [kind]
    while size > 8 and not cv.fits(lines, size, inner, bold=True):
        size -= 1
    if not cv.fits(lines, size, inner, bold=True):
        size = cv.px(14)
        lines = cv.wrap(kind, size, inner, bold=True)
        while size > 8 and not cv.fits(lines, size, inner, 2 * cv.line_height(size), bold=True):
            size -= 1
            lines = cv.wrap(kind, size, inner, bold=True)
    return size, lines


def story_box(cv: Canvas, box: tuple[int, int, int, int], pad: int, kind: str, star_text: str,
              headline: str, head_start: int, value: str = "") -> None:
    """A story in its space ``box``: white, framed (2 dots at 384), a black band with
    ``kind`` (role "beat") and ``star_text`` (role "stars") in white, then
    ``headline`` (role "headline") at the largest size from ``head_start`` dots that
    fits the rest of the box. ``pad``: the inset (dots) of the texts inside the frame.

    Without ``value`` the band holds the kind (shrunk, else wrapped on two lines) over
    the stars. With ``value`` (role "value", flush right in the band, bold) the band
    is one line, kind and stars then the value, where that fits at 11 dots (at 384)
    or more; else the kind over a line of the stars and the value."""
    x0, y0, x1, y1 = box
    d = cv.draw
    d.rectangle([x0, y0, x1, y1], fill=WHITE, outline=BLACK, width=max(2, round(2 * cv.s)))
    inner = x1 - x0 - 2 * pad
    bbox = (x0 + pad, y0, x1 - pad, y1)
    if value:
        left = f"{kind} {star_text}" if star_text else kind
        gap = cv.px(6)
        size = cv.px(14)
        while size > cv.px(11) and cv.text_width(left, size, bold=True) + gap + \
                cv.text_width(value, size, bold=True) > inner:
            size -= 1
        one_line = cv.text_width(left, size, bold=True) + gap + cv.text_width(value, size, bold=True) <= inner
        if one_line:
            lh = cv.line_height(size)
            band = lh + pad
            d.rectangle([x0, y0, x1, y0 + band], fill=BLACK)
            ty = y0 + pad // 2
            cv.block("beat", left, [left], x0 + pad, ty, size, bbox, bold=True, fill=WHITE)
        else:
            size, blines = _band_lines(cv, kind, inner)
            lh = cv.line_height(size)
            band = lh * (len(blines) + 1) + pad
            d.rectangle([x0, y0, x1, y0 + band], fill=BLACK)
            ty = cv.block("beat", kind, blines, x0 + pad, y0 + pad // 2, size, bbox, bold=True, fill=WHITE)
            if star_text:
                cv.block("stars", star_text, [star_text], x0 + pad, ty, size, bbox, fill=WHITE)
        vw = cv.text_width(value, size, bold=True)
        cv.block("value", value, [value], x1 - pad - vw, ty, size, bbox, bold=True, fill=WHITE)
    else:
        bsize, blines = _band_lines(cv, kind, inner)
        lh = cv.line_height(bsize)
        band = lh * (len(blines) + 1) + pad
        d.rectangle([x0, y0, x1, y0 + band], fill=BLACK)
        ty = cv.block("beat", kind, blines, x0 + pad, y0 + pad // 2, bsize,
                      (x0 + pad, y0, x1 - pad, y0 + band), bold=True, fill=WHITE)
        cv.block("stars", star_text, [star_text], x0 + pad, ty, bsize,
                 (x0 + pad, y0, x1 - pad, y0 + band), fill=WHITE)
    avail_h = y1 - (y0 + band) - 2 * pad
    hsize, lines = fit_lines(cv, headline, head_start, inner, avail_h)
    cv.block("headline", headline, lines, x0 + pad, y0 + band + pad, hsize,
             (x0 + pad, y0 + band, x1 - pad, y1), bold=True)


def advert_box(cv: Canvas, box: tuple[int, int, int, int], pad: int,
               words: list[tuple[str, str, float, bool]]) -> None:
    """An advert space ``box``: framed, hatched diagonally, with ``words`` (``(role,
    text, size at 384, bold)``, one line each, shrunk to fit) centred in a white
    label in the middle of the box."""
    x0, y0, x1, y1 = box
    d = cv.draw
    d.rectangle([x0, y0, x1, y1], outline=BLACK, width=2)
    step = max(5, round(7 * cv.s))
    for k in range(-(y1 - y0), x1 - x0, step):  # diagonal hatching, clipped
        a = (x0 + max(k, 0), y0 + max(-k, 0))
        n = min(x1 - a[0], y1 - a[1])
        d.line([a, (a[0] + n, a[1] + n)], fill=BLACK)
    sized = []
    for role, text, size, bold in words:
        s = cv.fit_size(text, size, x1 - x0 - 4 * pad, bold=bold, minimum=8)
        sized.append((role, text, s, bold, cv.text_width(text, s, bold=bold)))
    tw = max(w for *_, w in sized)
    th = sum(cv.line_height(s) for _, _, s, _, _ in sized)
    tx, ty = x0 + (x1 - x0 - tw) / 2, y0 + (y1 - y0 - th) / 2
    d.rectangle([tx - pad, ty - pad, tx + tw + pad, ty + th + pad], fill=WHITE, outline=BLACK)
    for role, text, s, bold, w in sized:
        cv.block(role, text, [text], x0 + (x1 - x0 - w) / 2, ty, s, (x0, y0, x1, y1), bold=bold)
        ty += cv.line_height(s)
