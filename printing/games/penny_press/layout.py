"""Penny Press's two pages, drawn on printing.layout's Canvas.

- :func:`render_front_page` -- a player's front page for one press: masthead, date
  and edition line, the 3x4 grid with each story drawn to its shape and rotation
  (beat, stars, an invented headline), the ad cell, the score breakdown and total,
  the page's code as a QR code (plain text: paper, edition, date, score; companion.pagecode).
- :func:`render_receipt` -- press scores, end-game bonuses per beat, final ranking.

Widths: 384 or 576 dots, or the printer profile's own between (printing.layout).
"""

from __future__ import annotations

from babel.dates import format_date
from PIL import Image

from printing import i18n
from printing.fonts import FontSet
from printing.layout import Canvas
from printing.newspaper import advert_box, dotted_box, masthead, stars, story_box
from printing.pages import DocumentError

from . import texts
from .documents import COLS, ROWS, FrontPageDoc, ReceiptDoc, parse_story


def _stars(n: int) -> str:
    return stars(n)


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
    "headline" (its headlines.json), wrapped with hyphenation (es, en) or between
    Chinese characters at the largest size that fits its frame.
    """
    lang = doc.lang
    cv = Canvas(width, fonts, lang)
    m, W = cv.margin, cv.width
    masthead(cv, doc.paper_name, [
        (_date_text(doc.date, lang), False),
        (f"{i18n.label('edition', lang, n=doc.edition)}  ·  {i18n.label('price', lang)}", True)])
    # grid
    cell_w = (W - 2 * m) // COLS
    cell_h = round(cell_w * 1.1)
    gx = m + (W - 2 * m - cell_w * COLS) // 2
    gy = cv.y
    for r in range(ROWS):
        for c in range(COLS):
            x0, y0 = gx + c * cell_w, gy + r * cell_h
            dotted_box(cv, (x0, y0, x0 + cell_w - 1, y0 + cell_h - 1))  # every cell
    pad = max(2, round(3 * cv.s))
    heads = texts.headlines_for([p.story for p in doc.placements], lang)
    for p in doc.placements:
        w, h = p.size
        x0, y0 = gx + p.col * cell_w + pad, gy + p.row * cell_h + pad
        x1, y1 = gx + (p.col + w) * cell_w - pad - 1, gy + (p.row + h) * cell_h - pad - 1
        # beat header shrunk (else wrapped) to the frame; the headline at the largest
        # size whose wrapped lines fit (hyphenated, or broken between Chinese
        # characters; never cut, never dropped)
        story_box(cv, (x0, y0, x1, y1), pad, texts.beat_name(p.beat, lang), _stars(p.stars),
                  heads[p.story], cv.px(22 if w > 1 else 17))
    if doc.ad is not None:
        r, c = doc.ad
        x0, y0 = gx + c * cell_w + pad, gy + r * cell_h + pad
        x1, y1 = gx + (c + 1) * cell_w - pad - 1, gy + (r + 1) * cell_h - pad - 1
        advert_box(cv, (x0, y0, x1, y1), pad, [("ad", i18n.label("ad", lang), 13, True)])
    cv.y = gy + ROWS * cell_h
    cv.rule(2)
    # score breakdown
    cv.para(i18n.label("score", lang), 17, bold=True)
    for line in doc.breakdown:
        key = line.kind.replace("-", "_")
        left = i18n.label(f"{key}_n", lang, n=line.count) if line.count else i18n.label(key, lang)
        if line.story:
            try:
                beat, _, n = parse_story(line.story)
                left += f": {texts.beat_name(beat, lang)} {_stars(n)}"
            except DocumentError:
                left += f": {line.story}"
        cv.row(left, _pts(line.points), 15)
    cv.rule(1)
    cv.row(i18n.label("total", lang), i18n.label("points", lang, pts=doc.total), 22, bold=True)
    cv.rule(1)
    cv.qr(doc.record)  # the page's code: plain words a phone shows, and the line the app reads
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
            cv.row(f"{texts.beat_name(b.beat, lang)} ({b.value}): {who}",
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
    cv.qr(doc.record)  # the page's code: plain words a phone shows, and the line the app reads
    cv.para(i18n.label("thanks", lang), 14, align="center")
    img = cv.finish()
    return img
