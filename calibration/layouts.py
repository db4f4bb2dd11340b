"""Board and mat layouts (zones in millimetres), piece sizes and tag specs.

All geometry is data: ``calibration/data/penny_press/*.json`` (editable; the real
game's dimensions are not published, see docs/calibration.md). Coordinates of a
surface are millimetres with the origin at the surface's top-left corner, x to the
right, y down (towards the player), so a registered camera frame and the layout
agree on "row 0 = top".

- :func:`load_layout` (``"penny-press-board"``, ``"penny-press-mat"``) -> :class:`Layout`
- :func:`component_size_mm`, :func:`tag_spec`, :func:`aruco_id`, :func:`marker_owner`

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

from companion.errors import CompanionError, DataFileError
from companion.tags import BEATS, COLOURS, catalog_ids, encode_payload, kind_of

def data_dir(game: str = "penny-press") -> Path:
    """``calibration/data/<layouts>`` of a registered game (``GameSpec.layouts``,
    companion.registry). Raises CompanionError for an unknown game or one whose
    table is not laid out yet (no layouts)."""
    from companion import registry

    spec = registry.get(game)
    if not spec.layouts:
        raise CompanionError(f"{spec.name()} has no table layouts yet")
    return Path(__file__).resolve().parent / "data" / spec.layouts


DATA_DIR = data_dir("penny-press")
LAYOUT_NAMES = ("penny-press-board", "penny-press-mat")
#: Number of ids in the ArUco dictionary the data names (DICT_4X4_100).
_DICT_SIZES = {"DICT_4X4_50": 50, "DICT_4X4_100": 100, "DICT_4X4_250": 250, "DICT_4X4_1000": 1000,
               "DICT_5X5_100": 100, "DICT_5X5_250": 250, "DICT_6X6_250": 250}
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

    name: ``"penny-press-board"`` / ``"penny-press-mat"``. size_mm: (width, height)
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
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataFileError(str(path), None, f"cannot read: {exc.strerror or exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataFileError(str(path), exc.lineno, f"not valid JSON: {exc.msg} (column {exc.colno})") from None
    if not isinstance(data, dict):
        raise DataFileError(str(path), 1, "expected a JSON object at the top")
    return data, text


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


def _required_zones(name: str) -> list[str]:
    if name == "penny-press-board":
        return (["headline"] + [f"beat:{b}" for b in BEATS] + [f"bonus:{b}" for b in BEATS]
                + [f"arrow:{b}" for b in BEATS])
    if name == "penny-press-mat":
        return ([f"front:{r},{c}" for r in range(3) for c in range(4)]
                + [f"penny:{i}" for i in range(1, 4)] + ["published", "home"])
    return []


def _registry_ids() -> tuple[str, ...]:
    from companion import registry

    return registry.ids()


@lru_cache(maxsize=None)
def load_layout(name: str, path: str | None = None) -> Layout:
    """Load a layout by name (``"penny-press-board"``, ``"penny-press-mat"``).

    path: another file to read instead of ``calibration/data/penny_press/<name>.json``
    (for edited copies and tests). Returns a :class:`Layout`; results are cached.
    Raises :class:`companion.errors.DataFileError` (file, line, key path) for a
    missing or invalid file, or one that lacks a zone the game needs (board: the
    five ``beat:``, ``bonus:`` and ``arrow:`` zones and ``headline``; mat: the
    3x4 ``front:<row>,<col>`` cells, ``penny:1``..``penny:3``, ``published``,
    ``home``), and :class:`companion.errors.CompanionError` for an unknown name.
    """
    if path is None:
        game = next((g for g in _registry_ids() if name.startswith(g + "-")), "penny-press")
        if name not in LAYOUT_NAMES:
            # another registered game's layout file (calibration/data/<layouts>/<name>.json)
            try:
                other = data_dir(game) / f"{name}.json" if game != "penny-press" else None
            except CompanionError:
                other = None
            if other is None or not other.is_file():
                raise CompanionError(f"unknown layout {name!r}; known: {', '.join(LAYOUT_NAMES)}")
        path = str(data_dir(game) / f"{name}.json")
    layout = parse_layout(path, expected_name=name)
    have = {z.name for z in layout.zones}
    missing = [z for z in _required_zones(name) if z not in have]
    if missing:
        raise DataFileError(path, _line_of(Path(path).read_text(), '"zones"'),
                            f"zones: missing {', '.join(missing)}")
    if name == "penny-press-mat":
        want = {f"mat-{c}" for c in COLOURS}
        if set(layout.surfaces) != want:
            raise DataFileError(path, _line_of(Path(path).read_text(), '"surfaces"'),
                                f"surfaces: expected the five mats {sorted(want)}, got {sorted(layout.surfaces)}")
    return layout


# ---------------------------------------------------------------- pieces and tags

SIZES = ("normal", "large")


@dataclass(frozen=True)
class TagSpec:
    """How one component is tagged.

    symbol: ``"qr"`` (payload from :func:`companion.tags.encode_payload`) or
    ``"aruco"`` (``marker_ids``: the ids printed; one for a piece, four corners for
    the board and each mat). size_mm: printed side of the sticker including its
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


_KIND_PIECE = {"S": "story", "H": "headline", "A": "ad", "R": "reporter", "M": "mat", "B": "board",
               "W": "arrow", "X": "bonus", "N": "newsboy", "P": "penny"}
_SHAPE_CELLS = {"A": (1, 2), "B": (1, 3), "C": (2, 2), "D": (2, 3)}


@lru_cache(maxsize=None)
def load_components(path: str | None = None) -> dict:
    """The validated components.json (piece sizes, tag sizes, ArUco ids).

    Raises :class:`companion.errors.DataFileError` naming the file, line and key.
    """
    p = Path(path) if path else DATA_DIR / "components.json"
    data, text = _read_json(p)
    ck = _Checker(p, text)
    for key in ("cell_mm", "aruco_dictionary", "aruco_ids", "pieces"):
        if key not in data:
            ck.fail(key, "missing key", needle="{")
    ck.number(data["cell_mm"], "cell_mm", positive=True)
    if data["aruco_dictionary"] not in _DICT_SIZES:
        ck.fail("aruco_dictionary", f"unknown dictionary {data['aruco_dictionary']!r}; known: {sorted(_DICT_SIZES)}")
    for piece in set(_KIND_PIECE.values()):
        if piece not in data["pieces"]:
            ck.fail(f"pieces.{piece}", "missing piece", needle='"pieces"')
        spec = data["pieces"][piece]
        needle = f'"{piece}"'
        if spec.get("symbol") not in ("qr", "aruco"):
            ck.fail(f"pieces.{piece}.symbol", "expected 'qr' or 'aruco'", needle)
        if spec.get("size_mm") not in ("shape", "layout"):
            sz = spec.get("size_mm")
            if not isinstance(sz, list) or len(sz) != 2:
                ck.fail(f"pieces.{piece}.size_mm", f"expected [w, h] in mm, got {sz!r}", needle)
            for v in sz:
                ck.number(v, f"pieces.{piece}.size_mm", needle, positive=True)
        if "height_mm" in spec:
            ck.number(spec["height_mm"], f"pieces.{piece}.height_mm", needle)
            if spec["height_mm"] < 0:
                ck.fail(f"pieces.{piece}.height_mm", "expected a height >= 0 mm", needle)
        if spec["size_mm"] != "layout":
            for size in SIZES:
                s = spec.get(size)
                if not isinstance(s, dict) or "module_mm" not in s:
                    ck.fail(f"pieces.{piece}.{size}", "expected {module_mm, ...}", needle)
                ck.number(s["module_mm"], f"pieces.{piece}.{size}.module_mm", needle, positive=True)
                extra = "quiet_modules" if spec["symbol"] == "qr" else "margin_mm"
                if extra not in s:
                    ck.fail(f"pieces.{piece}.{size}.{extra}", "missing", needle)
                ck.number(s[extra], f"pieces.{piece}.{size}.{extra}", needle)
    n_ids = _DICT_SIZES[data["aruco_dictionary"]]
    for key, v in data["aruco_ids"].items():
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < n_ids:
            ck.fail(f"aruco_ids.{key}", f"expected an id 0..{n_ids - 1}, got {v!r}", f'"{key}"')
    return data


def _aruco_table() -> dict[str, tuple[int, ...]]:
    """component id -> ArUco ids, expanded from components.json's first ids."""
    ids = load_components()["aruco_ids"]
    table: dict[str, tuple[int, ...]] = {}
    table["board"] = tuple(range(ids["board"], ids["board"] + 4))
    for c in COLOURS:
        b = ids[f"mat-{c}"]
        table[f"mat-{c}"] = tuple(range(b, b + 4))
        for n in range(1, 6):
            table[f"{c}{n}"] = (ids[f"{c}1"] + n - 1,)
    for k, b in enumerate(BEATS):
        table[f"arrow-{b}"] = (ids["arrow-war"] + k,)
        table[f"bonus-{b}"] = (ids["bonus-war"] + k,)
    table["newsboy"] = (ids["newsboy"],)
    for i in range(1, 16):
        table[f"penny{i}"] = (ids["penny1"] + i - 1,)
    return table


@lru_cache(maxsize=1)
def aruco_table() -> dict[str, tuple[int, ...]]:
    """component id -> its ArUco ids (board/mats: 4 corners TL, TR, BR, BL).

    Raises :class:`companion.errors.DataFileError` when two components share an id.
    """
    table = _aruco_table()
    owner: dict[int, str] = {}
    for cid, ids in table.items():
        for i in ids:
            if i in owner:
                raise DataFileError(str(DATA_DIR / "components.json"), None,
                                    f"aruco_ids: id {i} used by both {owner[i]} and {cid}")
            owner[i] = cid
    corners = ("top-left", "top-right", "bottom-right", "bottom-left")
    for name in LAYOUT_NAMES:
        layout = load_layout(name)
        for f in layout.fiducials():
            want = table[f.surface][corners.index(f.name)] if f.name in corners else None
            if want != f.id:
                raise DataFileError(layout.path, _line_of(Path(layout.path).read_text(), f'"id": {f.id},'),
                                    f"surfaces.{f.surface}: fiducial {f.name} has ArUco id {f.id}, "
                                    f"components.json gives {want}")
    return table


def aruco_dictionary_name() -> str:
    """The OpenCV ArUco dictionary every fiducial and piece marker uses (e.g. ``"DICT_4X4_100"``)."""
    return load_components()["aruco_dictionary"]


def aruco_id(component_id: str) -> int | None:
    """The ArUco id of a small piece (``"red3"`` -> 26), None for QR-tagged pieces.

    For the board and mats: the top-left corner's id. Raises ``ValueError`` for an
    unknown component id.
    """
    kind_of(component_id)
    ids = aruco_table().get(component_id)
    return ids[0] if ids else None


def marker_owner(marker_id: int) -> tuple[str, str] | None:
    """What an ArUco id belongs to: ``(component, role)``, role ``"piece"`` or a
    corner name (``"top-left"`` ...) for board/mat fiducials; None if unassigned."""
    corners = ("top-left", "top-right", "bottom-right", "bottom-left")
    for cid, ids in aruco_table().items():
        if marker_id in ids:
            return (cid, corners[ids.index(marker_id)] if len(ids) == 4 else "piece")
    return None


def component_size_mm(component_id: str) -> tuple[float, float]:
    """Physical (width, height) of a component in mm (from components.json/layouts).

    Stories: shape cells x cell_mm (``war-A1`` -> 40 x 80 with 40 mm cells); board and
    mats: their layout's size. Raises ``ValueError`` for an unknown id.
    """
    kind = kind_of(component_id)
    comps = load_components()
    piece = comps["pieces"][_KIND_PIECE[kind]]
    if kind == "S":
        cw, ch = _SHAPE_CELLS[component_id.split("-")[1][0]]
        cell = float(comps["cell_mm"])
        return (cw * cell, ch * cell)
    if kind == "B":
        return load_layout("penny-press-board").size_mm
    if kind == "M":
        return load_layout("penny-press-mat").size_mm
    w, h = piece["size_mm"]
    return (float(w), float(h))


def component_height_mm(component_id: str) -> float:
    """How far a component's tag stands above the surface the piece lies on (mm):
    components.json's ``height_mm`` (0 when not given: boards, mats). Raises
    ``ValueError`` for an unknown id."""
    kind = kind_of(component_id)
    return float(load_components()["pieces"][_KIND_PIECE[kind]].get("height_mm", 0.0))


def tag_spec(component_id: str, size: str = "normal") -> TagSpec:
    """How ``component_id`` is tagged at ``size`` (``"normal"``: 3840x2160 reference
    setup; ``"large"``: 1920x1080 camera).

    QR: printed side = (21 + 2 * quiet_modules) * module_mm. ArUco: 6 cells of
    module_mm plus margin_mm each side; board/mat corners take the side from the
    layout with a one-cell margin. Raises ``ValueError`` for an unknown id or size.
    """
    if size not in SIZES:
        raise ValueError(f"unknown tag size {size!r}; use one of {SIZES}")
    kind = kind_of(component_id)
    piece = load_components()["pieces"][_KIND_PIECE[kind]]
    piece_mm = component_size_mm(component_id)
    where = piece["where"]
    if kind in ("B", "M"):
        layout = load_layout("penny-press-board" if kind == "B" else "penny-press-mat")
        side = layout.fiducials(component_id)[0].side_mm
        module = side / ARUCO_CELLS
        return TagSpec(component_id, "aruco", side + 2 * module, module, module, where, None,
                       aruco_table()[component_id], piece_mm, size)
    s = piece[size]
    module = float(s["module_mm"])
    if piece["symbol"] == "qr":
        quiet = float(s["quiet_modules"]) * module
        side = QR_V1_MODULES * module + 2 * quiet
        spec = TagSpec(component_id, "qr", side, module, quiet, where, encode_payload(component_id), (),
                       piece_mm, size)
    else:
        quiet = float(s["margin_mm"])
        side = ARUCO_CELLS * module + 2 * quiet
        spec = TagSpec(component_id, "aruco", side, module, quiet, where, None,
                       aruco_table()[component_id], piece_mm, size)
    # A square sticker on a round piece (penny) must fit inside the circle.
    room = min(piece_mm) / math.sqrt(2) if kind == "P" else min(piece_mm)
    if spec.size_mm > room + 1e-6:
        raise DataFileError(str(DATA_DIR / "components.json"), None,
                            f"pieces.{_KIND_PIECE[kind]}.{size}: a {spec.size_mm:.1f} mm tag does not fit on "
                            f"{component_id} ({piece_mm[0]:g} x {piece_mm[1]:g} mm)")
    return spec


def all_components() -> tuple[str, ...]:
    """Every catalog id (see :func:`companion.tags.catalog_ids`)."""
    return catalog_ids()
