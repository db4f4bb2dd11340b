"""The physical Penny Press table for a game state: where every piece lies, in mm.

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

ADAPTER (marked, to be replaced by ``calibration.layouts``/``component_size_mm``/
``tag_spec`` when they land): the layouts and piece sizes are read straight from
calibration's data files (calibration/data/penny_press/*.json).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np

from tools.render.parts import Placed, TagSpec

BEATS = ("war", "crime", "city", "politics", "human")
SHAPE_CELLS = {"A": (1, 2), "B": (1, 3), "C": (2, 2), "D": (2, 3)}
COLUMN_SPACES = {"A": 1, "B": 1, "C": 2, "D": 2}
BEAT_COLOURS = {"war": (60, 60, 170), "crime": (40, 40, 40), "city": (150, 110, 40),
                "politics": (40, 120, 60), "human": (150, 70, 130)}
PLAYER_COLOURS = {"red": (50, 50, 200), "blue": (190, 90, 30), "green": (60, 150, 50),
                  "yellow": (40, 200, 230), "black": (35, 35, 35)}

_DATA = Path(__file__).resolve().parents[3] / "calibration" / "data" / "penny_press"

# ---------------------------------------------------------------------------------
# ADAPTER: calibration data (layouts, piece sizes, tag sizes)
# ---------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def _json(name: str) -> dict:
    path = _DATA / name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise FileNotFoundError(f"calibration data missing: {path}") from None


def layout(name: str) -> dict:
    """The layout ``penny-press-board`` or ``penny-press-mat``: {"size_mm": [w, h],
    "fiducials": {surface: [{"id", "centre", "side"}]}, "zones": {name: {"bbox":
    (x0, y0, x1, y1), "slots": {key: bbox}}}} in the surface's mm."""
    d = _json(f"{name}.json")
    zones = {}
    for z in d["zones"]:
        zones[z["name"]] = {"bbox": _bbox(z["polygon"]),
                            "slots": {k: _bbox(v) for k, v in z.get("slots", {}).items()}}
    return {"size_mm": tuple(d["size_mm"]), "fiducials": d["surfaces"], "zones": zones}


def _bbox(poly) -> tuple[float, float, float, float]:
    a = np.asarray(poly, float)
    return float(a[:, 0].min()), float(a[:, 1].min()), float(a[:, 0].max()), float(a[:, 1].max())


def components() -> dict:
    """calibration's piece sizes and tag sizes (components.json)."""
    return _json("components.json")


def cell_mm() -> float:
    """Side of one front-page cell (mm)."""
    return float(components()["cell_mm"])


def aruco_id(component: str) -> int:
    """ArUco id of a wooden piece: the listed first id of its kind plus its number
    (``red3`` -> id of ``red1`` + 2). Raises KeyError for a piece without one."""
    ids = components()["aruco_ids"]
    if component in ids:
        return int(ids[component])
    for first, base in ids.items():
        stem = first.rstrip("0123456789")
        if component.startswith(stem) and component[len(stem):].isdigit() and first[len(stem):] == "1":
            return int(base) + int(component[len(stem):]) - 1
        if "-" in first and "-" in component and first.split("-")[0] == component.split("-")[0]:
            return int(base) + BEATS.index(component.split("-")[1])
    raise KeyError(f"no ArUco id for {component!r}")


def tag_for(kind: str, component: str, size_mm: tuple[float, float], tags: str = "large",
            payload: str | None = None) -> TagSpec:
    """The tag of a piece (calibration sizes, ``tags`` = ``"normal"`` or ``"large"``),
    positioned per components.json (stories: centre of the first cell)."""
    spec = components()["pieces"][kind][tags]
    sym = components()["pieces"][kind]["symbol"]
    module = float(spec["module_mm"])
    if sym == "qr":
        text = payload if payload is not None else _payload(component)
        size = 21 * module
        quiet = spec.get("quiet_modules", 2) * module
        offset = (0.0, 0.0)
        if kind == "story":
            c = cell_mm()
            offset = (-(size_mm[0] - c) / 2, -(size_mm[1] - c) / 2)
        elif kind == "headline":  # lower half of the card, clear of its edge
            offset = (0.0, size_mm[1] / 2 - size / 2 - quiet - 2.0)
        return TagSpec("qr", size, text=text, quiet_mm=quiet, offset_mm=offset)
    size = 6 * module
    return TagSpec("aruco", size, marker_id=aruco_id(component),
                   dictionary=components()["aruco_dictionary"],
                   quiet_mm=float(spec.get("margin_mm", module)))


def _payload(component: str) -> str:
    from companion.tags import encode_payload
    return encode_payload(component)


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
    bw, bh = layout("penny-press-board")["size_mm"]
    mw, mh = layout("penny-press-mat")["size_mm"]
    out = {"board": Surface("board", (-bw / 2, 0.0), (bw, bh))}
    gap = 40.0
    total = len(players) * mw + (len(players) - 1) * gap
    for i, p in enumerate(players):
        out[f"mat-{p}"] = Surface(f"mat-{p}", (-total / 2 + i * (mw + gap), bh + 30.0), (mw, mh))
    return out


def stage_bounds(players: list[str]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) table mm around everything staged for these players
    (board, mats and their published strips)."""
    pub = layout("penny-press-mat")["zones"]["published"]["bbox"]
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
    blay = layout("penny-press-board")
    mlay = layout("penny-press-mat")
    c = cell_mm()
    items: list[Placed] = []

    # surfaces and their corner fiducials
    bz = [(*z["bbox"], _zone_colour(n)) for n, z in blay["zones"].items()
          if n.startswith(("beat:", "headline", "arrow:"))]
    _place(items, "board", "board", board, None, board.size_mm[0] / 2, board.size_mm[1] / 2,
           0.0, board.size_mm, None, 0, (190, 215, 225), extra={"zones": tuple(bz)})
    _fiducials(items, board, blay["fiducials"]["board"])
    mz = [(*z["bbox"], _zone_colour(n)) for n, z in mlay["zones"].items()
          if n != "published"]
    for p in state.players:
        mat = surfaces[f"mat-{p}"]
        tint = tuple(int(0.25 * a + 0.75 * 225) for a in PLAYER_COLOURS[p])
        _place(items, f"mat-{p}", "mat", mat, None, mat.size_mm[0] / 2, mat.size_mm[1] / 2,
               0.0, mat.size_mm, None, 0, tint, extra={"zones": tuple(mz)})
        _fiducials(items, mat, mlay["fiducials"][f"mat-{p}"])

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


def _fiducials(items, surf: Surface, fids):
    for f in fids:
        side = float(f["side"])
        dictionary = components()["aruco_dictionary"]
        tag = TagSpec("aruco", side, marker_id=int(f["id"]), dictionary=dictionary,
                      quiet_mm=side / 12)
        _place(items, f"fid:{surf.name}:{f['id']}", "fiducial", surf, None,
               float(f["centre"][0]), float(f["centre"][1]), 0.0, (side * 7 / 6, side * 7 / 6),
               tag, 1, (250, 250, 250))


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
