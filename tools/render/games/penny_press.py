"""Penny Press for the renderer: its table staged in mm, its games filmed, its
bundled recordings.

:func:`stage` turns a :class:`TableState` (the pieces' logical places: stories per
beat column, reporters per story, pennies, published stories, a front page laid on a
mat) into a list of :class:`~tools.render.parts.Placed`, using the board and mat
layouts of the calibration package (zones in mm, corner fiducials) and its piece and
tag sizes.

Table arrangement (table mm, x right, y towards the players nearest the camera):
the board lies at the top, its top-left corner at (-board_w/2, 0); the players' mats
lie in one row below it (seat order left to right), 40 mm apart, 30 mm below the
board; each mat's published strip is below the mat (layout zone ``published``).

Rules placed (Penny Press, FACTS.md): a beat column holds 9 spaces from the bottom;
stories lie sideways, A and B take 1 space, C and D take 2; stories slide down (no
gaps). Reporters stand on the story's cells that the tag leaves free. A reporter not
on a story stands in its mat's ``home`` zone.

Layouts, piece sizes, tag sizes, payloads and ArUco ids come from
calibration.layouts (``load_layout``, ``load_components``, ``tag_spec``).

Recordings (:func:`render_recording`): for every journal action a hand reaches over
the zone that changes, the change is made under it, the hand leaves and the table
stands still (tools.render.recording). A press (Go to Press) is two table changes:
the claimed stories leave the board and are laid as the front page on the
presser's mat (reporters of the claimed stories go home), then the page is moved
to the published strip (its ad leaves the mat). Its ``truth.jsonl`` lines also
carry ``stage`` (``setup``/``after``/``front_page``/``published``) and ``partial``
(tags partly hidden or washed out); ``states.jsonl`` lines carry ``stage``.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterator, Sequence

import numpy as np

from calibration import game_tags
from calibration import layouts as calibration_layouts
from tools.render.camera import frame_bounds
from tools.render.parts import Placed, TagSpec
from tools.render.recording import (FramePlan, FrameSink, Recipe, RecordingParams, Still, camera_meta,
                                    demo_params, lighting, params_meta, plan_frames, write_meta)
from tools.render.scene import Frame, SceneRenderer
from tools.render.table import fiducial_items

BEATS = ("war", "crime", "city", "politics", "human")
SHAPE_CELLS = {"A": (1, 2), "B": (1, 3), "C": (2, 2), "D": (2, 3)}
COLUMN_SPACES = {"A": 1, "B": 1, "C": 2, "D": 2}
BEAT_COLOURS = {"war": (60, 60, 170), "crime": (40, 40, 40), "city": (150, 110, 40),
                "politics": (40, 120, 60), "human": (150, 70, 130)}
PLAYER_COLOURS = {"red": (50, 50, 200), "blue": (190, 90, 30), "green": (60, 150, 50),
                  "yellow": (40, 200, 230), "black": (35, 35, 35)}

GAME = "penny-press"
BOARD_LAYOUT = "penny-press-board"
MAT_LAYOUT = "penny-press-mat"

# ---------------------------------------------------------------------------------
# calibration's data (layouts, piece sizes, tag sizes), through its public API
# ---------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def layout(name: str) -> dict:
    """The layout ``penny-press-board`` or ``penny-press-mat`` (calibration.layouts)
    as the stage uses it: {"size_mm": (w, h), "zones": {name: {"bbox": (x0, y0, x1,
    y1), "slots": {key: bbox}}}} in the surface's mm."""
    lay = calibration_layouts.load_layout(name)
    zones = {z.name: {"bbox": _bbox(z.polygon), "slots": {k: _bbox(v) for k, v in z.slots.items()}}
             for z in lay.zones}
    return {"size_mm": lay.size_mm, "zones": zones}


def _bbox(poly) -> tuple[float, float, float, float]:
    a = np.asarray(poly, float)
    return float(a[:, 0].min()), float(a[:, 1].min()), float(a[:, 0].max()), float(a[:, 1].max())


def components() -> dict:
    """calibration's piece sizes and tag sizes (calibration.game_tags.load_components)."""
    return game_tags.load_components(GAME)


def surface_layout(surface: str) -> str:
    """The layout a surface belongs to: ``board`` -> the board's, a mat -> the mats'."""
    return BOARD_LAYOUT if surface == "board" else MAT_LAYOUT


def payloads(n: int) -> list[str]:
    """``n`` distinct payloads (``TC1:PP:...``) for synthetic frames
    (tools.render.synth): stories, headline cards, then pennies and ads, in catalog
    order (companion.games.penny_press.tags). Raises ValueError for more than the 126 there are."""
    from companion.games.penny_press.tags import catalog_ids, encode_payload, kind_of

    ids = catalog_ids()
    out = [encode_payload(c) for kind in "SHPA" for c in ids if kind_of(c) == kind]
    if n > len(out):
        raise ValueError(f"at most {len(out)} distinct payloads")
    return out[:n]


def cell_mm() -> float:
    """Side of one front-page cell (mm)."""
    return float(components()["cell_mm"])


def tag_for(kind: str, component: str, size_mm: tuple[float, float], tags: str = "large",
            payload: str | None = None) -> TagSpec:
    """The tag of a piece of ``kind`` (calibration.game_tags.tag_spec at ``tags`` =
    ``"normal"`` or ``"large"``), positioned on it (stories: centre of the first cell;
    headline cards: the lower half, clear of the edge). ``payload`` replaces the QR
    payload (tests)."""
    spec = game_tags.tag_spec(GAME, component, tags)
    if spec.symbol == "qr":
        size = calibration_layouts.QR_V1_MODULES * spec.module_mm
        quiet = spec.quiet_mm
        offset = (0.0, 0.0)
        if kind == "story":
            c = cell_mm()
            offset = (-(size_mm[0] - c) / 2, -(size_mm[1] - c) / 2)
        elif kind == "headline":  # lower half of the card, clear of its edge
            offset = (0.0, size_mm[1] / 2 - size / 2 - quiet - 2.0)
        return TagSpec("qr", size, text=payload if payload is not None else spec.payload, quiet_mm=quiet,
                       offset_mm=offset)
    return TagSpec("aruco", calibration_layouts.ARUCO_CELLS * spec.module_mm, marker_id=spec.marker_ids[0],
                   dictionary=game_tags.aruco_dictionary_name(GAME), quiet_mm=spec.quiet_mm)


# ---------------------------------------------------------------------------------
# the logical table
# ---------------------------------------------------------------------------------


@dataclass
class FrontPlacement:
    """A piece laid on a mat's front-page grid: ``component`` (story or ad id), its
    top-left cell ``row`` (0 = top), ``col`` (0..3), ``turned`` True when the story
    lies turned by 90 degrees (its width and height in cells swapped)."""

    component: str
    row: int
    col: int
    turned: bool = False


@dataclass
class TableState:
    """What lies where, logically (no millimetres).

    players: colours in seat order. columns: beat -> story ids, bottom first.
    reporters_on: story id -> reporter ids standing on it. headline: the headline
    card face up (or None). bonus: beat -> bonus marker position (2..20). arrows:
    beat -> arrow position (0..9). pennies: colour -> pennies on the mat (0..4).
    published: colour -> published story ids (oldest first). front: colour -> pieces
    laid on the front-page grid (ads waiting for the next press and, during a press,
    the stories). newsboy: where the newsboy token lies (``None`` = not in play).
    """

    players: list[str]
    columns: dict[str, list[str]] = field(default_factory=lambda: {b: [] for b in BEATS})
    reporters_on: dict[str, list[str]] = field(default_factory=dict)
    headline: str | None = None
    bonus: dict[str, int] = field(default_factory=lambda: {b: 2 for b in BEATS})
    arrows: dict[str, int] = field(default_factory=lambda: {b: 0 for b in BEATS})
    pennies: dict[str, int] = field(default_factory=dict)
    published: dict[str, list[str]] = field(default_factory=dict)
    front: dict[str, list[FrontPlacement]] = field(default_factory=dict)
    newsboy: str | None = None
    setup_cards: list[str] = field(default_factory=list)


#: Setup headline cards: a column on the table left of the board (mm from its edge).
SETUP_GAP_MM = 8.0


def story_shape(story: str) -> tuple[str, str, int]:
    """``"war-C2"`` -> (beat, shape, stars). Raises ValueError for another id."""
    try:
        beat, rest = story.split("-")
        shape, stars = rest[0], int(rest[1:])
    except (ValueError, IndexError):
        raise ValueError(f"not a story id: {story!r}") from None
    if beat not in BEATS or shape not in SHAPE_CELLS or stars not in (1, 2, 3):
        raise ValueError(f"not a story id: {story!r}")
    return beat, shape, stars


# ---------------------------------------------------------------------------------
# staging
# ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Surface:
    """A board or mat lying on the table: its top-left corner at ``origin_mm`` (table
    mm), not turned (surface axes = table axes)."""

    name: str
    origin_mm: tuple[float, float]
    size_mm: tuple[float, float]

    def to_table(self, x: float, y: float) -> tuple[float, float]:
        return self.origin_mm[0] + x, self.origin_mm[1] + y


def arrangement(players: list[str]) -> dict[str, Surface]:
    """Where the board and each player's mat lie (table mm): board at the top centre,
    mats in one row below in seat order. Raises ValueError for 0 or > 5 players or
    an unknown colour."""
    if not 1 <= len(players) <= 5:
        raise ValueError(f"1..5 players expected, got {len(players)}")
    for p in players:
        if p not in PLAYER_COLOURS:
            raise ValueError(f"unknown player colour {p!r}")
    bw, bh = layout(BOARD_LAYOUT)["size_mm"]
    mw, mh = layout(MAT_LAYOUT)["size_mm"]
    out = {"board": Surface("board", (-bw / 2, 0.0), (bw, bh))}
    gap = 40.0
    total = len(players) * mw + (len(players) - 1) * gap
    for i, p in enumerate(players):
        out[f"mat-{p}"] = Surface(f"mat-{p}", (-total / 2 + i * (mw + gap), bh + 30.0), (mw, mh))
    return out


def stage_bounds(players: list[str]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) table mm around everything staged for these players
    (board, mats and their published strips)."""
    pub = layout(MAT_LAYOUT)["zones"]["published"]["bbox"]
    board = arrangement(players)["board"]
    xs = [board.origin_mm[0] - SETUP_GAP_MM - _piece_size("headline")[0] - 4.0]
    ys = []
    for s in arrangement(players).values():
        x, y = s.origin_mm
        xs += [x, x + s.size_mm[0]]
        ys += [y, y + max(s.size_mm[1], pub[3] if s.name != "board" else 0)]
    return min(xs), min(ys), max(xs), max(ys)


def _piece_size(kind: str) -> tuple[float, float]:
    return tuple(float(v) for v in components()["pieces"][kind]["size_mm"])


def _story_size(shape: str) -> tuple[float, float]:
    w, h = SHAPE_CELLS[shape]
    return w * cell_mm(), h * cell_mm()


def _place(items: list, comp: str, kind: str, surf: Surface, zone, sx, sy, angle, size,
           tag, layer, colour, label="", round_=False, extra=None):
    x, y = surf.to_table(sx, sy)
    items.append(Placed(component=comp, kind=kind, surface=surf.name, zone=zone,
                        x_mm=x, y_mm=y, angle_deg=angle, size_mm=tuple(size), tag=tag,
                        sx_mm=sx, sy_mm=sy, layer=layer, colour=colour, label=label,
                        round=round_, extra=extra or {}))


def _story(items, story, surf, zone, sx, sy, angle, tags, layer):
    beat, shape, stars = story_shape(story)
    size = _story_size(shape)
    base = BEAT_COLOURS[beat]
    colour = tuple(int(0.35 * c + 0.65 * 235) for c in base)
    _place(items, story, "story", surf, zone, sx, sy, angle, size,
           tag_for("story", story, size, tags), layer, colour,
           label=f"{beat[:4]} {shape}{'*' * stars}")


def stage(state: TableState, tags: str = "large") -> list[Placed]:
    """Every piece of ``state`` where it lies (see the module doc), fiducials included.

    tags: ``"large"`` (1920x1080 camera) or ``"normal"`` (reference 4K setup) tag
    sizes. Raises ValueError for an unknown story, a story that does not fit its
    column (9 spaces) or a front placement outside the 3x4 grid."""
    surfaces = arrangement(state.players)
    board = surfaces["board"]
    blay = layout(BOARD_LAYOUT)
    mlay = layout(MAT_LAYOUT)
    c = cell_mm()
    items: list[Placed] = []

    # surfaces and their corner fiducials
    bz = [(*z["bbox"], _zone_colour(n)) for n, z in blay["zones"].items()
          if n.startswith(("beat:", "headline", "arrow:"))]
    _place(items, "board", "board", board, None, board.size_mm[0] / 2, board.size_mm[1] / 2,
           0.0, board.size_mm, None, 0, (190, 215, 225), extra={"zones": tuple(bz)})
    _fiducials(items, board, BOARD_LAYOUT)
    mz = [(*z["bbox"], _zone_colour(n)) for n, z in mlay["zones"].items()
          if n != "published"]
    for p in state.players:
        mat = surfaces[f"mat-{p}"]
        tint = tuple(int(0.25 * a + 0.75 * 225) for a in PLAYER_COLOURS[p])
        _place(items, f"mat-{p}", "mat", mat, None, mat.size_mm[0] / 2, mat.size_mm[1] / 2,
               0.0, mat.size_mm, None, 0, tint, extra={"zones": tuple(mz)})
        _fiducials(items, mat, MAT_LAYOUT)

    # stories in beat columns, sideways (first cell to the left), bottom first
    on_story: dict[str, tuple[Surface, float, float, float, float]] = {}
    for beat in BEATS:
        zone = blay["zones"][f"beat:{beat}"]
        x0, y0, x1, y1 = zone["bbox"]
        space = (y1 - y0) / 9
        used = 0
        for story in state.columns.get(beat, []):
            b, shape, _ = story_shape(story)
            if b != beat:
                raise ValueError(f"story {story} is not of the {beat} beat")
            n = COLUMN_SPACES[shape]
            if used + n > 9:
                raise ValueError(f"story {story} does not fit the {beat} column (9 spaces)")
            w, h = _story_size(shape)  # upright; sideways it is h wide, w high
            cx = x0 + h / 2
            cy = y1 - (used + n / 2) * space
            _story(items, story, board, f"beat:{beat}", cx, cy, 90.0, tags, 2)
            # free area for reporters: right of the first cell
            on_story[story] = (board, x0 + c, cy - w / 2, x0 + h, cy + w / 2)
            used += n

    # reporters: on stories or at home
    placed_reporters = set()
    rsize = _piece_size("reporter")
    for story, reps in state.reporters_on.items():
        if story not in on_story:
            raise ValueError(f"reporters on {story}, which is not in a beat column")
        surf, fx0, fy0, fx1, fy1 = on_story[story]
        pitch = rsize[0] + 2
        cols = max(1, int((fx1 - fx0) // pitch))
        rows = max(1, int((fy1 - fy0) // pitch))
        ystep = pitch
        if len(reps) > cols * rows:
            # crowded story: a denser grid, pieces overlap (the truth marks the
            # markers they hide as partial), all still standing on the story
            rows = math.ceil(len(reps) / cols)
            ystep = (fy1 - fy0 - rsize[1] - 2) / max(1, rows - 1)
        for k, rep in enumerate(reps):
            rx = fx0 + pitch * (k % cols) + rsize[0] / 2 + 1
            ry = fy0 + ystep * (k // cols) + rsize[1] / 2 + 1
            _reporter(items, rep, surf, f"on:{story}", rx, ry, tags)
            placed_reporters.add(rep)
    home = mlay["zones"]["home"]["bbox"]
    for p in state.players:
        mat = surfaces[f"mat-{p}"]
        for n in range(1, 6):
            rep = f"{p}{n}"
            if rep in placed_reporters:
                continue
            hx = (home[0] + home[2]) / 2 + (-12 if n % 2 else 12)
            hy = home[1] + 14 + (n - 1) * 24
            _reporter(items, rep, mat, "home", hx, hy, tags)

    # markers on the board
    for beat in BEATS:
        pos = int(state.arrows.get(beat, 0))
        slot = blay["zones"][f"arrow:{beat}"]["slots"][str(max(0, min(9, pos)))]
        size = _piece_size("arrow")
        _place(items, f"arrow-{beat}", "arrow", board, f"arrow:{beat}",
               (slot[0] + slot[2]) / 2, (slot[1] + slot[3]) / 2, 90.0, size,
               tag_for("arrow", f"arrow-{beat}", size, tags), 3, (80, 80, 80))
        pos = int(state.bonus.get(beat, 2))
        slot = blay["zones"][f"bonus:{beat}"]["slots"][str(max(2, min(20, pos)))]
        size = _piece_size("bonus")
        _place(items, f"bonus-{beat}", "bonus", board, f"bonus:{beat}",
               (slot[0] + slot[2]) / 2, (slot[1] + slot[3]) / 2, 0.0, size,
               tag_for("bonus", f"bonus-{beat}", size, tags), 3, BEAT_COLOURS[beat])
    hw, hh = _piece_size("headline")
    for i, card in enumerate(state.setup_cards):
        tx = board.origin_mm[0] - SETUP_GAP_MM - hw / 2
        ty = board.origin_mm[1] + 10.0 + hh / 2 + i * (hh + 4.0)
        items.append(Placed(component=card, kind="headline", surface="table", zone=None,
                            x_mm=tx, y_mm=ty, angle_deg=0.0, size_mm=(hw, hh),
                            tag=tag_for("headline", card, (hw, hh), tags), sx_mm=tx, sy_mm=ty,
                            layer=2, colour=(225, 235, 240), label=card))
    if state.headline:
        z = blay["zones"]["headline"]["bbox"]
        size = _piece_size("headline")
        _place(items, state.headline, "headline", board, "headline", (z[0] + z[2]) / 2,
               (z[1] + z[3]) / 2, 0.0, size, tag_for("headline", state.headline, size, tags),
               2, (225, 235, 240), label=state.headline)

    # pennies, front pages and published stories on and beside the mats
    per_player = 4 if len(state.players) <= 3 else 3  # presses before the final edition
    for seat, p in enumerate(state.players):
        mat = surfaces[f"mat-{p}"]
        for i in range(1, min(per_player, int(state.pennies.get(p, 0))) + 1):
            z = mlay["zones"][f"penny:{i}"]["bbox"]
            size = _piece_size("penny")
            comp = f"penny{seat * per_player + i}"  # stable: seat and press number
            _place(items, comp, "penny", mat, f"penny:{i}", (z[0] + z[2]) / 2,
                   (z[1] + z[3]) / 2, 0.0, size, tag_for("penny", comp, size, tags), 3,
                   (60, 130, 190), round_=False)
        for fp in state.front.get(p, []):
            _front(items, fp, mat, mlay, tags)
        pub = mlay["zones"]["published"]["bbox"]
        for k, story in enumerate(state.published.get(p, [])):
            _, shape, _ = story_shape(story)
            w, h = _story_size(shape)
            # shingled right to left, first cell (the tag) at the top right, so each
            # later story covers only the tagless part of the one before it
            band, slot = divmod(k, 6)
            sx = pub[2] - 4 - slot * (c + 2) - h / 2
            sy = pub[1] + 6 + band * (c + 4) + w / 2
            _story(items, story, mat, "published", sx, sy, -90.0, tags, 4 + k)
    return items


def _reporter(items, rep, surf, zone, x, y, tags):
    colour = PLAYER_COLOURS[rep.rstrip("0123456789")]
    size = _piece_size("reporter")
    _place(items, rep, "reporter", surf, zone, x, y, 0.0, size,
           tag_for("reporter", rep, size, tags), 30, colour)


def _front(items, fp: FrontPlacement, mat: Surface, mlay, tags):
    if not (0 <= fp.row <= 2 and 0 <= fp.col <= 3):
        raise ValueError(f"front-page cell {fp.row},{fp.col} is outside the 3x4 grid")
    z = mlay["zones"][f"front:{fp.row},{fp.col}"]["bbox"]
    c = cell_mm()
    if fp.component.startswith("ad"):
        size = _piece_size("ad")
        _place(items, fp.component, "ad", mat, f"front:{fp.row},{fp.col}",
               z[0] + c / 2, z[1] + c / 2, 0.0, size, tag_for("ad", fp.component, size, tags),
               5, (200, 200, 120), label=fp.component)
        return
    _, shape, _ = story_shape(fp.component)
    w, h = SHAPE_CELLS[shape]
    cw, ch = (h, w) if fp.turned else (w, h)
    if fp.row + ch > 3 or fp.col + cw > 4:
        raise ValueError(f"{fp.component} at {fp.row},{fp.col} runs off the front page")
    cx = z[0] + cw * c / 2
    cy = z[1] + ch * c / 2
    _story(items, fp.component, mat, f"front:{fp.row},{fp.col}", cx, cy,
           90.0 if fp.turned else 0.0, tags, 5)


def _fiducials(items, surf: Surface, layout_name: str):
    fids = calibration_layouts.load_layout(layout_name).fiducials(surf.name)
    items += fiducial_items(surf.name, surf.origin_mm, fids, game_tags.aruco_dictionary_name(GAME))


def _zone_colour(name: str) -> tuple[int, int, int]:
    if name.startswith(("beat:", "arrow:")):
        beat = name.split(":")[1]
        k = 0.18 if name.startswith("beat:") else 0.4
        return tuple(int(k * a + (1 - k) * 215) for a in BEAT_COLOURS[beat])
    if name.startswith("front:"):
        return (238, 238, 238)
    if name.startswith("penny:"):
        return (170, 200, 215)
    return (205, 220, 228)


def true_positions(items: list[Placed]) -> list[dict]:
    """Ground-truth positions of the game pieces (fiducials, board and mats left
    out): [{"component", "surface", "zone", "x_mm", "y_mm", "angle_deg"}], surface mm."""
    out = []
    for p in items:
        if p.kind in ("fiducial", "board", "mat"):
            continue
        out.append({"component": p.component, "surface": p.surface, "zone": p.zone,
                    "x_mm": round(p.sx_mm, 2), "y_mm": round(p.sy_mm, 2),
                    "angle_deg": p.angle_deg})
    return out


# ---------------------------------------------------------------------------------
# ADAPTER: the engine's GameState -> the renderer's TableState
# ---------------------------------------------------------------------------------


class ReporterIds:
    """Keeps each wooden reporter's identity (``red1`` .. ``red5``) through a game.

    The engine counts reporters per story and player; on the table each piece is a
    particular one. Moves keep identities stable: reporters leaving a story are the
    highest-numbered there; reporters arriving are first the ones that just left a
    story (a reassign moves the same piece), then the lowest-numbered at home."""

    def __init__(self, colours: Sequence[str]):
        self.colours = list(colours)
        self.on: dict[str, list[str]] = {}

    def update(self, reporters: dict[str, Sequence[int]]) -> dict[str, list[str]]:
        """reporters: story -> count per player (engine form). Returns story ->
        reporter ids, and remembers it."""
        new_on: dict[str, list[str]] = {s: list(v) for s, v in self.on.items()}
        moved: dict[int, list[str]] = {i: [] for i in range(len(self.colours))}
        for s in list(new_on):
            want = reporters.get(s, (0,) * len(self.colours))
            for i, c in enumerate(self.colours):
                mine = sorted((r for r in new_on[s] if r.rstrip("0123456789") == c),
                              key=lambda r: int(r[len(c):]))
                extra = len(mine) - int(want[i])
                for r in mine[::-1][:max(0, extra)]:
                    new_on[s].remove(r)
                    moved[i].append(r)
            if not new_on[s]:
                del new_on[s]
        used = {r for v in new_on.values() for r in v}
        for s, counts in reporters.items():
            for i, c in enumerate(self.colours):
                have = sum(1 for r in new_on.get(s, []) if r.rstrip("0123456789") == c)
                for _ in range(int(counts[i]) - have):
                    if moved[i]:
                        r = moved[i].pop(0)
                    else:
                        r = next(f"{c}{n}" for n in range(1, 6)
                                 if f"{c}{n}" not in used and f"{c}{n}" not in moved[i])
                    used.add(r)
                    new_on.setdefault(s, []).append(r)
        self.on = new_on
        return {s: list(v) for s, v in new_on.items()}


def table_state(game, reporters_on: dict[str, list[str]], *,
                laid_page=None, laid_player: int | None = None,
                laid_ad: tuple[int, int] | None = None) -> TableState:
    """The table for an engine GameState (companion.games.penny_press).

    reporters_on: story -> reporter ids (from :class:`ReporterIds`). laid_page: a
    FrontPage shown on ``laid_player``'s mat (during a press; its stories are then
    left out of that player's published strip) with the ad at ``laid_ad``.
    The initial headline cards lie beside the board all game (the observer reads
    them at setup); the headline zone shows the last card drawn after a press; the
    ad tile of seat i is ``ad<i+1>``."""
    colours = [p.colour for p in game.players]
    published = {c: list(game.published[i]) for i, c in enumerate(colours)}
    front: dict[str, list[FrontPlacement]] = {}
    for i, c in enumerate(colours):
        ad = game.ad[i]
        if laid_player == i:
            ad = laid_ad
        if ad is not None:
            front.setdefault(c, []).append(FrontPlacement(f"ad{i + 1}", ad[0], ad[1]))
    if laid_page is not None and laid_player is not None:
        c = colours[laid_player]
        placed = [pl.story for pl in laid_page.placements]
        published[c] = [s for s in published[c] if s not in placed]
        for pl in laid_page.placements:
            front.setdefault(c, []).append(FrontPlacement(pl.story, pl.row, pl.col, pl.rotated))
    return TableState(
        players=colours,
        columns={b: list(v) for b, v in game.board.items()},
        reporters_on=reporters_on,
        headline=game.used_cards[-1] if len(game.used_cards) > len(colours) else None,
        setup_cards=list(game.used_cards[:len(colours)]),
        bonus=dict(game.bonus_track),
        arrows=dict(game.arrow_position),
        pennies={c: int(game.pennies[i]) for i, c in enumerate(colours)},
        published=published,
        front=front,
    )


def storyboard(setup: dict, actions: Sequence) -> tuple[list[Still], object]:
    """The still tables of a game, in order, and the final GameState.

    setup: the setup record (new_game_from_dict); actions: engine actions or their
    dicts (action_from_dict). Raises companion.errors.RuleError when the journal is
    not legal (the action index is named)."""
    from companion.games.penny_press import (GoToPress, action_from_dict, apply,
                                             new_game_from_dict)
    from companion.errors import RuleError

    game = new_game_from_dict(setup)
    ids = ReporterIds([p.colour for p in game.players])
    stills = [Still(-1, "setup", table_state(game, ids.update(dict(game.reporters))))]
    for k, a in enumerate(actions):
        if isinstance(a, dict):
            a = action_from_dict(a)
        before = game
        try:
            game = apply(game, a)
        except RuleError as exc:
            raise RuleError(f"journal action {k} ({a!r}) is illegal: {exc}",
                            getattr(exc, "rule", None)) from exc
        on = ids.update(dict(game.reporters))
        if isinstance(a, GoToPress) and len(game.press_results) > len(before.press_results):
            res = game.press_results[-1]
            stills.append(Still(k, "front_page", table_state(
                game, on, laid_page=res.front_page, laid_player=res.player,
                laid_ad=before.ad[res.player])))
            stills.append(Still(k, "published", table_state(game, on)))
        else:
            stills.append(Still(k, "after", table_state(game, on)))
    return stills, game


def with_heights(items: list[Placed]) -> list[Placed]:
    """The staged pieces standing as tall as calibration's ``height_mm`` says."""
    from dataclasses import replace

    out = []
    for p in items:
        h = 0.0
        if p.kind not in ("board", "mat", "fiducial"):
            try:
                h = game_tags.component_height_mm(GAME, p.component)
            except Exception:
                h = 0.0
        out.append(replace(p, height_mm=h) if h > 0 else p)
    return out


def render_frames(stills: list[Still], params: RecordingParams) -> Iterator[tuple[FramePlan, Frame, dict]]:
    """Yield (plan, rendered Frame, ground-truth line) for every frame of the stills."""
    if not stills:
        return
    players = stills[0].table.players
    camera = frame_bounds(stage_bounds(players), params.resolution, tilt_deg=params.tilt_deg,
                          height_mm=params.height_mm, k1=params.k1, k2=params.k2)
    renderer = SceneRenderer(camera)
    items = [with_heights(stage(s.table, params.tags)) if params.piece_heights
             else stage(s.table, params.tags) for s in stills]
    plan = plan_frames(stills, items, camera, params)
    fx = params.effects
    light, glare = lighting(camera, params)
    clean_cache: dict[int, tuple] = {}
    prev = None
    for i, fp in enumerate(plan):
        if fp.still not in clean_cache:
            clean_cache.clear()
            clean_cache[fp.still] = renderer.render_clean(items[fp.still])
        rng = np.random.default_rng([params.seed, 2, i])
        frame = renderer.render(items[fp.still], effects=fx, rng=rng, hand=fp.hand,
                                clean=clean_cache[fp.still], glare=glare, light=light)
        frame.meta["camera"] = camera
        st = stills[fp.still]
        still = fp.hand is None and prev is not None and prev.hand is None and prev.still == fp.still
        line = {"frame": i, "t": round(i / params.fps, 4), "journal_index": st.journal_index,
                "stage": st.stage, "moment": fp.moment, "still": bool(still),
                "hand": fp.hand is not None,
                "visible": sorted(t.component for t in frame.tags
                                  if t.visible >= 0.98 and t.glare < 0.02),
                "partial": sorted(t.component for t in frame.tags
                                  if not (t.visible >= 0.98 and t.glare < 0.02) and t.visible > 0)}
        prev = fp
        yield fp, frame, line


def journal_record(setup: dict, actions: Sequence, final_game) -> dict:
    """The ground-truth journal: {"game", "setup", "actions" (dicts), "final_scores",
    "ranks", "winners"} (scores in points, players in seat order)."""
    from companion.games.penny_press import action_to_dict

    acts = [a if isinstance(a, dict) else action_to_dict(a) for a in actions]
    fin = final_game.final
    return {"game": "penny-press", "setup": setup, "actions": acts,
            "final_scores": list(fin.scores) if fin else list(final_game.scores),
            "ranks": list(fin.rank) if fin else None,
            "winners": list(fin.winners) if fin else None}


def render_recording(setup: dict, actions: Sequence, out_dir: str | Path,
                     params: RecordingParams = RecordingParams(),
                     progress: Callable[[int, int], None] | None = None) -> dict:
    """Render a journal into ``out_dir`` (created) as described in the module doc.

    setup / actions: the journal (engine actions or their dicts). progress: called
    with (frames done, frames total). Returns the meta dict (also meta.json).
    Raises RuleError for an illegal journal, CompanionError when the video cannot be
    written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    stills, final_game = storyboard(setup, actions)
    total = None
    sink = None
    min_ppm = math.inf
    n = 0
    with open(out / "truth.jsonl", "w", encoding="utf-8") as tf:
        gen = render_frames(stills, params)
        for fp, frame, line in gen:
            if sink is None:
                cam = frame.meta["camera"]
                sink = FrameSink(out, params, (cam.width, cam.height))
                total = params.setup_frames + sum(
                    params.reach_frames + params.applied_frames + params.still_frames
                    for _ in stills[1:])
            sink.write(frame.image)
            tf.write(json.dumps(line, separators=(",", ":")) + "\n")
            if frame.tags:
                min_ppm = min(min_ppm, min(t.px_per_module for t in frame.tags))
            n += 1
            if progress:
                progress(n, total)
    if sink is not None:
        sink.close()
    with open(out / "states.jsonl", "w", encoding="utf-8") as sf:
        for s in stills:
            pos = [{k: v for k, v in p.items() if k != "angle_deg"}
                   for p in true_positions(stage(s.table, params.tags))]
            sf.write(json.dumps({"journal_index": s.journal_index, "stage": s.stage,
                                 "pieces": pos}, separators=(",", ":")) + "\n")
    (out / "journal.json").write_text(json.dumps(journal_record(setup, actions, final_game),
                                                 indent=1), encoding="utf-8")
    cam = frame_bounds(stage_bounds(stills[0].table.players), params.resolution,
                       tilt_deg=params.tilt_deg, height_mm=params.height_mm, k1=params.k1, k2=params.k2)
    meta = {"frames": n, "fps": params.fps, "size_px": [cam.width, cam.height],
            "video": str(sink.path.relative_to(out)) if sink else None,
            "min_px_per_module": round(min_ppm, 3) if n else None,
            "camera": camera_meta(cam), "params": params_meta(params), "stills": len(stills)}
    write_meta(out, meta)
    # the description `companion demo` reads (play/demo.py: load_recording)
    desc = {"frames": meta["video"], "fps": params.fps, "setup": setup,
            "truth": "journal.json", "truth_frames": "truth.jsonl", "states": "states.jsonl",
            "meta": "meta.json"}
    if not params.piece_heights:
        desc["pieces"] = "flat"
    else:  # the lens model, as `companion calibrate camera` writes it
        from calibration.camera import CameraModel, save_camera

        save_camera(CameraModel(cam.K, np.array([cam.k1, cam.k2, 0.0, 0.0, 0.0]), (cam.width, cam.height)),
                    out / "camera.json")
    (out / "recording.json").write_text(json.dumps(desc, indent=1) + "\n", encoding="utf-8")
    return meta


# ------------------------------------------------------------------ bundled recordings

def _hard_params(resolution, seed: int) -> RecordingParams:
    """Issue 10's harder conditions: pieces with height (sides, shadows), a strong
    barrel lens (its camera.json is bundled), Bayer sensor noise and in-camera
    sharpening, JPEG 85, a larger glare spot, the camera 1 m up tilted 12 degrees."""
    from tools.render.effects import Effects

    return RecordingParams(
        resolution=resolution, tags="large", tilt_deg=12.0, height_mm=1000.0, fps=2.0,
        reach_frames=0, applied_frames=1, still_frames=2, setup_frames=3,
        effects=Effects(light_gradient=0.3, vignette=0.25, glare_spots=1,
                        glare_radius_px=45.0, defocus_sigma=0.7, noise_sigma=0.8,
                        jpeg_quality=85, bayer=True, sharpen=0.8),
        fmt="vp9", seed=seed, piece_heights=True, k1=-0.15, k2=0.01)


#: The bundled recordings (tools/make_demo_recordings.py). Seeds chosen for complete,
#: short games with no decline (a final-edition decline leaves no trace on the table
#: to film) and no story crowded beyond the reporters that fit on it side by side
#: (A: 4). The resolution is the smallest that keeps every tag at >= 3 px per module
#: with the large tag size (the table of a board and 3-4 mats is 1.0-1.3 m wide).
#: ``penny-press-3p-hard`` (issue 10) films the 3-player game again under harder
#: conditions; OpenCV's VP9 writer has no quality setting and keeps its sensor noise
#: (about 50 MB for the game), so it is re-encoded at constant quality (CRF 36,
#: needs PyAV): a few MB, and every still frame still reads as before. The app does
#: not list it (it is not in GameSpec.recordings); ``companion demo --recording``
#: plays it.
RECIPES = {
    "penny-press-3p": Recipe(3, 7, demo_params((3200, 1800), 7)),
    "penny-press-4p": Recipe(4, 131, demo_params((3328, 1872), 131)),
    "penny-press-3p-hard": Recipe(3, 7, _hard_params((3200, 1800), 7), crf=36),
}
