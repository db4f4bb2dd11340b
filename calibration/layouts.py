"""Table layouts: the surfaces of a game's table (board, player mats or areas), their
corner fiducials and zones, in millimetres.

All geometry is data: ``calibration/data/<folder>/<layout>.json`` of each registered
game (``GameSpec.layouts`` names the folder; its ``components.json`` lists the
layout names). Coordinates of a surface are millimetres with the origin at the
surface's top-left corner, x to the right, y down (towards the player), so a
registered camera frame and the layout agree on "row 0 = top". A game's pieces, tag
sizes and ArUco ids are in :mod:`calibration.game_tags`.

- :func:`load_layout` (``"<id>-board"``, ``"<id>-mat"`` ...) -> :class:`Layout`
- :func:`data_dir`, :func:`layout_names`, :func:`parse_layout`

Bad data files raise :class:`companion.errors.DataFileError` naming the file, the
line where the offending key or zone starts, and the key path.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from companion import registry
from companion.datafile import parse_json, read_text
from companion.errors import CompanionError, DataFileError


def data_dir(game: str) -> Path:
    """``calibration/data/<layouts>`` of a registered game (``GameSpec.layouts``,
    companion.registry; an absolute path is taken as it is: a game whose data lives
    elsewhere, e.g. one defined by a test). Raises UnknownGame for an unknown id,
    CompanionError for a game whose table is not laid out yet (no layouts)."""
    spec = registry.get(game)
    if not spec.layouts:
        raise CompanionError(f"{spec.name()} has no table layouts yet")
    folder = Path(spec.layouts)
    return folder if folder.is_absolute() else Path(__file__).resolve().parent / "data" / spec.layouts


#: Cells across a 4x4 ArUco marker including its black border.
ARUCO_CELLS = 6
#: Modules across a version-1 QR code (without quiet zone).
QR_V1_MODULES = 21

Point = tuple[float, float]


@dataclass(frozen=True)
class FiducialSpec:
    """One corner fiducial printed on a surface.

    id: ArUco id (dictionary in components.json). name: ``"top-left"`` ... .
    surface: ``"board"`` or ``"mat-<colour>"``. centre_mm: (x, y) on the surface.
    side_mm: side of the black marker square (mm). The marker is printed upright,
    so its 4 corners, in ArUco order (top-left, top-right, bottom-right,
    bottom-left), are :attr:`corners_mm`.
    """

    id: int
    name: str
    surface: str
    centre_mm: Point
    side_mm: float

    @property
    def corners_mm(self) -> tuple[Point, Point, Point, Point]:
        cx, cy = self.centre_mm
        h = self.side_mm / 2
        return ((cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h))

    def describe(self, layout_kind: str) -> str:
        """Words for a player, e.g. ``"board corner top-left (ArUco 0)"``."""
        where = "board" if self.surface == "board" else f"{self.surface.split('-', 1)[1]} mat"
        return f"{where} corner {self.name} (ArUco {self.id})"


def _point_in_polygon(x: float, y: float, poly: tuple[Point, ...]) -> bool:
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xc = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < xc:
                inside = not inside
    return inside


@dataclass(frozen=True)
class Zone:
    """A named area of a surface (mm).

    polygon: vertices (x, y) in mm, in order. slots: named sub-areas (a beat
    column's spaces ``"1"``..``"9"`` from the bottom, a bonus lane's values
    ``"2"``..``"20"``, an arrow lane's positions ``"0"``..``"9"``), each a polygon.
    """

    name: str
    polygon: tuple[Point, ...]
    slots: dict[str, tuple[Point, ...]] = field(default_factory=dict)

    def contains(self, x_mm: float, y_mm: float) -> bool:
        return _point_in_polygon(x_mm, y_mm, self.polygon)

    def slot_at(self, x_mm: float, y_mm: float) -> str | None:
        for key, poly in self.slots.items():
            if _point_in_polygon(x_mm, y_mm, poly):
                return key
        return None

    @property
    def centre_mm(self) -> Point:
        xs = [p[0] for p in self.polygon]
        ys = [p[1] for p in self.polygon]
        return (sum(xs) / len(xs), sum(ys) / len(ys))


@dataclass(frozen=True)
class Layout:
    """A board or mat layout.

    name: ``"<id>-board"`` / ``"<id>-mat"``. size_mm: (width, height)
    of the surface outline. surfaces: surface name -> its corner fiducials (the
    board has one surface, ``"board"``; the mat layout is shared by the five
    ``"mat-<colour>"`` surfaces, told apart by their fiducial ids). zones: named
    areas; a zone may lie partly outside the outline (the mat's ``published``
    strip). path: the data file.
    """

    name: str
    size_mm: tuple[float, float]
    surfaces: dict[str, tuple[FiducialSpec, ...]]
    zones: tuple[Zone, ...]
    path: str = ""
    description: str = ""

    def zone(self, name: str) -> Zone:
        """The zone called ``name``; ``KeyError`` naming the layout if absent."""
        for z in self.zones:
            if z.name == name:
                return z
        raise KeyError(f"{self.name} has no zone {name!r}")

    def zone_at(self, x_mm: float, y_mm: float) -> str | None:
        """Name of the zone containing the point (mm), or None (zones don't overlap)."""
        for z in self.zones:
            if z.contains(x_mm, y_mm):
                return z.name
        return None

    def slot_at(self, x_mm: float, y_mm: float) -> tuple[str, str] | None:
        """(zone, slot) at the point, e.g. ``("beat:war", "3")``; None outside slots."""
        for z in self.zones:
            if z.contains(x_mm, y_mm):
                s = z.slot_at(x_mm, y_mm)
                return (z.name, s) if s is not None else None
        return None

    def fiducials(self, surface: str | None = None) -> tuple[FiducialSpec, ...]:
        """Fiducials of one surface, or of all surfaces when ``surface`` is None."""
        if surface is None:
            return tuple(f for fs in self.surfaces.values() for f in fs)
        try:
            return self.surfaces[surface]
        except KeyError:
            raise KeyError(f"{self.name} has no surface {surface!r}; it has {sorted(self.surfaces)}") from None

    def surface_of_marker(self, marker_id: int) -> str | None:
        for s, fs in self.surfaces.items():
            if any(f.id == marker_id for f in fs):
                return s
        return None


# ---------------------------------------------------------------- loading

def _line_of(text: str, needle: str, after: str | None = None) -> int | None:
    start = text.find(after) if after else 0
    i = text.find(needle, max(start, 0))
    return None if i < 0 else text.count("\n", 0, i) + 1


class _Checker:
    def __init__(self, path: Path, text: str):
        self.path = path
        self.text = text

    def fail(self, key: str, message: str, needle: str | None = None, after: str | None = None):
        line = _line_of(self.text, needle, after) if needle else None
        if line is None:
            leaf = key.rsplit(".", 1)[-1].split("[", 1)[0]
            line = _line_of(self.text, f'"{leaf}"')
        raise DataFileError(str(self.path), line, f"{key}: {message}")

    def number(self, v, key: str, needle=None, positive=False, after=None) -> float:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            self.fail(key, f"expected a number, got {v!r}", needle, after)
        if positive and v <= 0:
            self.fail(key, f"must be > 0, got {v!r}", needle, after)
        return float(v)

    def point(self, v, key: str, needle=None, after=None) -> Point:
        if not isinstance(v, list) or len(v) != 2:
            self.fail(key, f"expected [x, y] in mm, got {v!r}", needle, after)
        return (self.number(v[0], key, needle, after=after), self.number(v[1], key, needle, after=after))

    def polygon(self, v, key: str, needle=None) -> tuple[Point, ...]:
        if not isinstance(v, list) or len(v) < 3:
            self.fail(key, "expected a polygon: a list of at least 3 [x, y] points (mm)", needle)
        pts = tuple(self.point(p, f"{key}[{i}]", needle) for i, p in enumerate(v))
        area = 0.5 * abs(sum(pts[i][0] * pts[i - 1][1] - pts[i - 1][0] * pts[i][1] for i in range(len(pts))))
        if area <= 0:
            self.fail(key, "polygon has no area", needle)
        return pts


def _read_json(path: Path) -> tuple[dict, str]:
    """(the JSON object, its text) of a data file, through the one loader
    (companion.datafile: a missing, unreadable or invalid file is a DataFileError
    naming the file and line, worded as every data file's)."""
    text = read_text(path)
    return parse_json(text, path), text


def parse_layout(path: Path | str, expected_name: str | None = None) -> Layout:
    """Read and validate one layout file (see :func:`load_layout`)."""
    path = Path(path)
    data, text = _read_json(path)
    ck = _Checker(path, text)
    for key in ("name", "size_mm", "surfaces", "zones"):
        if key not in data:
            ck.fail(key, "missing key", needle="{")
    name = data["name"]
    if not isinstance(name, str) or (expected_name and name != expected_name):
        ck.fail("name", f"expected {expected_name!r}, got {name!r}")
    size = data["size_mm"]
    if not isinstance(size, list) or len(size) != 2:
        ck.fail("size_mm", f"expected [width, height] in mm, got {size!r}")
    w, h = (ck.number(size[0], "size_mm", positive=True), ck.number(size[1], "size_mm", positive=True))

    surfaces: dict[str, tuple[FiducialSpec, ...]] = {}
    seen_ids: dict[int, str] = {}
    if not isinstance(data["surfaces"], dict) or not data["surfaces"]:
        ck.fail("surfaces", "expected an object: surface name -> list of fiducials")
    for sname, flist in data["surfaces"].items():
        skey = f"surfaces.{sname}"
        needle = f'"{sname}"'
        if sname != "board" and not (sname.startswith("mat-") and re.fullmatch(r"[a-z]+", sname[4:])):
            ck.fail(skey, "surface must be 'board' or 'mat-<colour>' (docs/contracts.md)", needle)
        if not isinstance(flist, list) or len(flist) < 4:
            ck.fail(skey, "expected at least 4 fiducials (one per corner)", needle)
        specs = []
        for i, f in enumerate(flist):
            fkey = f"{skey}[{i}]"
            if not isinstance(f, dict) or {"id", "name", "centre", "side"} - set(f):
                ck.fail(fkey, "expected {id, name, centre, side}", needle)
            fid = f["id"]
            fneedle = f'"name": {json.dumps(f["name"])}'
            if isinstance(fid, bool) or not isinstance(fid, int) or fid < 0:
                ck.fail(f"{fkey}.id", f"expected an ArUco id >= 0, got {fid!r}", needle)
            if fid in seen_ids:
                ck.fail(f"{fkey}.id", f"ArUco id {fid} already used by {seen_ids[fid]}", fneedle, needle)
            seen_ids[fid] = f"{sname} {f['name']}"
            c = ck.point(f["centre"], f"{fkey}.centre", fneedle, after=needle)
            side = ck.number(f["side"], f"{fkey}.side", fneedle, positive=True, after=needle)
            if not (side / 2 <= c[0] <= w - side / 2 and side / 2 <= c[1] <= h - side / 2):
                ck.fail(f"{fkey}.centre", f"fiducial {fid} does not lie inside the {w:g}x{h:g} mm surface", fneedle, needle)
            specs.append(FiducialSpec(fid, str(f["name"]), sname, c, side))
        surfaces[sname] = tuple(specs)

    zones = []
    names = set()
    if not isinstance(data["zones"], list) or not data["zones"]:
        ck.fail("zones", "expected a non-empty list of zones")
    for i, z in enumerate(data["zones"]):
        zkey = f"zones[{i}]"
        if not isinstance(z, dict) or "name" not in z or "polygon" not in z:
            ck.fail(zkey, "expected {name, polygon[, slots]}", needle=None)
        zname = z["name"]
        needle = f'"name": {json.dumps(zname)}'
        if not isinstance(zname, str) or not re.fullmatch(r"[a-z]+(:[a-z0-9,]+)?", zname):
            ck.fail(f"{zkey}.name", f"bad zone name {zname!r}", needle)
        if zname in names:
            ck.fail(f"{zkey}.name", f"zone {zname!r} defined twice", needle)
        names.add(zname)
        poly = ck.polygon(z["polygon"], f"zones.{zname}.polygon", needle)
        slots = {}
        for sk, sv in (z.get("slots") or {}).items():
            slots[str(sk)] = ck.polygon(sv, f"zones.{zname}.slots.{sk}", needle)
        zones.append(Zone(zname, poly, slots))
    return Layout(str(name), (w, h), surfaces, tuple(zones), str(path), str(data.get("description", "")))


@lru_cache(maxsize=None)
def layout_names(game: str) -> tuple[str, ...]:
    """The layout names a game's ``components.json`` lists (``"layouts"``), in order;
    () for a game without layouts. Raises DataFileError for an unreadable file or a
    ``layouts`` that is not a list of names."""
    if not registry.get(game).layouts:
        return ()
    path = data_dir(game) / "components.json"
    data, text = _read_json(path)
    names = data.get("layouts")
    if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names):
        _Checker(path, text).fail("layouts", "expected a list of layout names (files <name>.json beside it)",
                                  needle="{")
    return tuple(names)


def layout_game(name: str) -> str | None:
    """The registered game whose components.json lists the layout ``name``, or None."""
    for game in registry.ids():
        if name in layout_names(game):
            return game
    return None


def _check_for_game(game: str, layout: Layout, path: str) -> None:
    """What the game needs of its layout: the zones its tags module's
    ``layout_zones(name)`` names (if it has one), and surfaces that are exactly the
    game's components of their kind (the board; every player's mat or area)."""
    spec = registry.get(game)
    if not spec.tags:
        return
    mod = registry.load_attr(spec.tags)
    need = getattr(mod, "layout_zones", None)
    have = {z.name for z in layout.zones}
    missing = [z for z in (need(layout.name) if need else ()) if z not in have]
    if missing:
        raise DataFileError(path, _line_of(Path(path).read_text(), '"zones"'),
                            f"zones: missing {', '.join(missing)}")
    ids = mod.catalog_ids()
    known = set(ids)
    kinds = {mod.kind_of(s) for s in layout.surfaces if s in known}
    want = [c for c in ids if mod.kind_of(c) in kinds]
    if set(layout.surfaces) != set(want):
        raise DataFileError(path, _line_of(Path(path).read_text(), '"surfaces"'),
                            f"surfaces: expected {sorted(want)}, got {sorted(layout.surfaces)}")


@lru_cache(maxsize=None)
def load_layout(name: str, path: str | None = None) -> Layout:
    """Load a layout by name (``"<id>-board"``, ``"<id>-mat"`` ...).

    The registered game whose ``components.json`` lists ``name`` owns it; path:
    another file to read instead of ``calibration/data/<folder>/<name>.json`` (for
    edited copies and tests). Returns a :class:`Layout`; results are cached.
    Raises :class:`companion.errors.DataFileError` (file, line, key path) for a
    missing or invalid file, one that lacks a zone the game needs (its tags module's
    ``layout_zones``; e.g. a board's five ``beat:``, ``bonus:`` and
    ``arrow:`` zones and ``headline``) or whose surfaces are not the game's board or
    its players' mats, and :class:`companion.errors.CompanionError` for a name no
    game lists.
    """
    game = layout_game(name)
    if path is None:
        if game is None:
            known = [n for g in registry.ids() for n in layout_names(g)]
            raise CompanionError(f"unknown layout {name!r}; known: {', '.join(known)}")
        path = str(data_dir(game) / f"{name}.json")
    layout = parse_layout(path, expected_name=name)
    if game is not None:
        _check_for_game(game, layout, path)
    return layout


# ---------------------------------------------------------------- tags

SIZES = ("normal", "large")


@dataclass(frozen=True)
class TagSpec:
    """How one component is tagged.

    symbol: ``"qr"`` (payload from the game's tags module, ``encode_payload``) or
    ``"aruco"`` (``marker_ids``: the ids printed; one for a piece, four corners for
    the board and each mat or player area). size_mm: printed side of the sticker including its
    white quiet zone / margin (mm). module_mm: one QR module or ArUco cell (mm).
    quiet_mm: white border on each side (mm), included in size_mm. where: where
    on the piece it goes, in words. piece_mm: (w, h) of the piece.
    """

    component: str
    symbol: str
    size_mm: float
    module_mm: float
    quiet_mm: float
    where: str
    payload: str | None
    marker_ids: tuple[int, ...]
    piece_mm: tuple[float, float]
    size: str = "normal"

    @property
    def symbol_mm(self) -> float:
        """Side of the code itself without quiet zone (mm)."""
        return self.size_mm - 2 * self.quiet_mm


