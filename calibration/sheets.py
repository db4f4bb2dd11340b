"""Printable tag sheets: ``companion tags GAME --paper a4|letter``.

Every game's stickers come from calibration.game_tags (its tags module and
``calibration/data/<folder>/components.json``).

:func:`plan_sheets` lays every sticker out on pages (mm, exact printed size);
:func:`write_pdf` writes the plan with fpdf2 (a guide page saying what goes where,
the stickers with a label in words and cut marks, then the board and mat corner
fiducials); :func:`render_page` draws the same plan as an image at any px/mm, so
tests can check that every printed tag decodes at the camera's scale.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from companion.errors import CompanionError

from .game_tags import guide_lines, sticker_items
from .layouts import ARUCO_CELLS, QR_V1_MODULES

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN_MM = 12.0
GAP_MM = 5.0
#: Strip under the code, inside the cut line, with the piece's id (mm).
ID_STRIP_MM = 2.5
LABEL_MM = 9.5
MIN_CELL_W = 36.0
HEADER_MM = 14.0


@dataclass(frozen=True)
class Placement:
    """One sticker on a page. x_mm, y_mm: top-left of the sticker (quiet zone
    included), side_mm its printed side. marker_id: ArUco id, payload: QR text
    (one of the two). text: the label printed below it."""

    page: int
    component: str
    text: str
    x_mm: float
    y_mm: float
    side_mm: float
    module_mm: float
    quiet_mm: float
    payload: str | None
    marker_id: int | None


@dataclass
class SheetPlan:
    """paper: (w, h) mm. pages: number of sticker/fiducial pages (the guide page
    comes first in the PDF). placements: every sticker. headings: page -> titles
    (y_mm, text)."""

    paper: tuple[float, float]
    size: str
    placements: list[Placement]
    headings: dict[int, list[tuple[float, str]]]
    pages: int
    game: str


def plan_sheets(paper: str = "a4", size: str = "normal", game: str | None = None) -> SheetPlan:
    """Lay out every sticker of ``game`` (its pieces' tags, QR or ArUco, by kind;
    then the corner fiducials of its boards and mats: e.g. 168 components
    and 24 corners) on pages of ``paper`` (``"a4"`` / ``"letter"``), at exact printed
    size in mm (calibration.game_tags.sticker_items). game: a registered game id
    (default: the default game, companion.registry.default()). Raises
    :class:`companion.errors.CompanionError` for an unknown paper or size or a game
    without tags or layouts.
    """
    if paper not in PAPERS:
        raise CompanionError(f"unknown paper {paper!r}; use one of {', '.join(PAPERS)}")
    if size not in ("normal", "large"):
        raise CompanionError(f"unknown tag size {size!r}; use normal or large")
    pw, ph = PAPERS[paper]
    placements: list[Placement] = []
    headings: dict[int, list[tuple[float, str]]] = {}
    page, x, y, row_h = 0, MARGIN_MM, MARGIN_MM, 0.0
    section = None
    if game is None:
        from companion import registry

        game = registry.default().id
    for sec, cid, text, side, module, quiet, payload, marker in sticker_items(game, size):
        cell_w = max(side, MIN_CELL_W)
        cell_h = side + LABEL_MM
        if sec != section:
            # a new section starts on a new row, with a heading
            if x > MARGIN_MM:
                y += row_h + GAP_MM
            x, row_h = MARGIN_MM, 0.0
            if y + HEADER_MM + cell_h > ph - MARGIN_MM:
                page, y = page + 1, MARGIN_MM
            headings.setdefault(page, []).append((y, sec))
            y += HEADER_MM
            section = sec
        if x + cell_w > pw - MARGIN_MM:
            x, y, row_h = MARGIN_MM, y + row_h + GAP_MM, 0.0
        if y + cell_h > ph - MARGIN_MM:
            page, x, y, row_h = page + 1, MARGIN_MM, MARGIN_MM, 0.0
            headings.setdefault(page, []).append((y, sec + " (continued)"))
            y += HEADER_MM
        placements.append(Placement(page, cid, text, x + (cell_w - side) / 2, y, side, module, quiet, payload,
                                     marker))
        x += cell_w + GAP_MM
        row_h = max(row_h, cell_h)
    return SheetPlan((pw, ph), size, placements, headings, page + 1, game)


def _tag_pixels(p: Placement, game: str, module_px: int = 8) -> np.ndarray:
    """The sticker as a crisp image: a whole number of px per module (a marker of
    ``game``'s dictionary)."""
    from .game_tags import aruco_dictionary_name
    from .tags import aruco_image, qr_image

    if p.payload is not None:
        return qr_image(p.payload, module_px, round(p.quiet_mm / p.module_mm))
    img = aruco_image(p.marker_id, ARUCO_CELLS * module_px, aruco_dictionary_name(game))
    return np.pad(img, round(p.quiet_mm / p.module_mm * module_px), constant_values=255)


def render_page(plan: SheetPlan, page: int, px_per_mm: float) -> np.ndarray:
    """One sticker page drawn as a uint8 grey image at ``px_per_mm`` (tags only,
    no text: for decode tests at the camera's scale). Raises ``ValueError`` for a
    page outside the plan."""
    import cv2

    if not 0 <= page < plan.pages:
        raise ValueError(f"page {page} not in 0..{plan.pages - 1}")
    w, h = (round(v * px_per_mm) for v in plan.paper)
    img = np.full((h, w), 255, np.uint8)
    for p in plan.placements:
        if p.page != page:
            continue
        tag = _tag_pixels(p, plan.game)
        n = max(1, round(p.side_mm * px_per_mm))
        tag = cv2.resize(tag, (n, n), interpolation=cv2.INTER_AREA)
        x0, y0 = round(p.x_mm * px_per_mm), round(p.y_mm * px_per_mm)
        img[y0:y0 + n, x0:x0 + n] = tag
    return img


def write_pdf(plan: SheetPlan, out: str | Path, progress: bool = True) -> Path:
    """Write the plan as a PDF: a guide page, then the sticker pages (each sticker
    at its exact size in mm, labelled, with cut marks). Shows a tqdm progress bar
    on stderr when ``progress``. Raises :class:`companion.errors.CompanionError`
    when the file cannot be written."""
    from fpdf import FPDF
    from PIL import Image
    from tqdm import tqdm

    out = Path(out)
    pdf = FPDF(unit="mm", format=plan.paper)
    pdf.set_auto_page_break(False)
    from companion import registry

    game_name = registry.get(plan.game).name("en")
    pdf.set_title(f"Table Companion - {game_name} tags")
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 16)
    pdf.set_xy(MARGIN_MM, MARGIN_MM)
    pdf.cell(0, 8, f"{game_name} tags - what goes where", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    pdf.set_x(MARGIN_MM)
    first_qr = next(p for p in plan.placements if p.payload is not None)
    symbol_mm = first_qr.side_mm - 2 * first_qr.quiet_mm
    intro = (f"Print at 100 % (no 'fit to page'); {plan.size} size tags. Check the first QR code: its black "
             f"part must measure {symbol_mm:.1f} mm. Cut along the marks, "
             "keep the white border, stick each tag flat where its label says. Then run "
             "'companion calibrate table' with the game set up.")
    pdf.multi_cell(plan.paper[0] - 2 * MARGIN_MM, 5, intro)
    pdf.ln(3)
    for head, text in guide_lines(plan.game, plan.size):
        pdf.set_x(MARGIN_MM)
        pdf.set_font("Helvetica", "B", 10)
        pdf.cell(52, 5, head)
        pdf.set_font("Helvetica", "", 10)
        pdf.multi_cell(plan.paper[0] - 2 * MARGIN_MM - 52, 5, text)
        pdf.ln(1)
    current = -1
    from companion.clitext import BAR_TOTAL, tx

    bar = tqdm(plan.placements, desc=tx("tags.progress", "tags"), bar_format=BAR_TOTAL, disable=not progress,
               file=sys.stderr)
    for p in bar:
        while current < p.page:
            current += 1
            pdf.add_page()
            pdf.set_font("Helvetica", "B", 12)
            for y, text in plan.headings.get(current, []):
                pdf.set_xy(MARGIN_MM, y + 2)
                pdf.cell(0, 6, text)
        img = Image.fromarray(_tag_pixels(p, plan.game))
        pdf.image(img, x=p.x_mm, y=p.y_mm, w=p.side_mm, h=p.side_mm)
        # the sticker is the code plus a strip naming the piece, so a cut sticker still
        # says what it goes on; the words below the cut line guide the person sticking
        _cut_marks(pdf, p.x_mm, p.y_mm, p.side_mm, p.side_mm + ID_STRIP_MM)
        short = p.component.upper()
        size = 5.0
        pdf.set_font("Helvetica", "B", size)
        while pdf.get_string_width(short) > p.side_mm - 0.5 and size > 3.0:
            size -= 0.25
            pdf.set_font("Helvetica", "B", size)
        pdf.set_xy(p.x_mm, p.y_mm + p.side_mm + 0.2)
        pdf.cell(p.side_mm, ID_STRIP_MM - 0.4, short, align="C")
        cell_w = max(p.side_mm, MIN_CELL_W) - 7.0  # clear of the cut marks at the corners
        left = p.x_mm - (MIN_CELL_W - p.side_mm) / 2 if p.side_mm < MIN_CELL_W else p.x_mm
        pdf.set_xy(left + 3.5, p.y_mm + p.side_mm + ID_STRIP_MM + 3.4)  # below the cut marks
        size = 6.5  # the words stay inside the sticker's column: smaller type, then two lines
        pdf.set_font("Helvetica", "", size)
        while pdf.get_string_width(p.text) > cell_w and size > 4.5:
            size -= 0.25
            pdf.set_font("Helvetica", "", size)
        if pdf.get_string_width(p.text) > cell_w:
            pdf.multi_cell(cell_w, 2.0, p.text, align="C")
        else:
            pdf.cell(cell_w, 3, p.text, align="C")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        pdf.output(str(out))
    except OSError as exc:
        from companion.clitext import os_error, tx

        raise CompanionError(tx("tags.write_failed", "cannot write {path}: {why}", path=out,
                                why=os_error(exc))) from None
    return out


def _cut_marks(pdf, x: float, y: float, w: float, h: float, length: float = 2.5, gap: float = 0.8) -> None:
    pdf.set_line_width(0.15)
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            pdf.line(cx + sx * gap, cy, cx + sx * (gap + length), cy)
            pdf.line(cx, cy + sy * gap, cx, cy + sy * (gap + length))


def qr_module_count() -> int:
    return QR_V1_MODULES
