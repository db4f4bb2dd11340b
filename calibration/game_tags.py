"""A registered game's tagged components: piece sizes, tags, ArUco ids, stickers.

Every game is read the same way. Its tags module (``GameSpec.tags``: ``catalog_ids``,
``kind_of``, ``encode_payload``, ``label``, ``KIND_NAMES``; e.g.
companion.games.<folder>.tags) names its components; its data folder
``calibration/data/<folder>/components.json`` (``GameSpec.layouts``) describes them:

- ``layouts``: its table layouts (``<name>.json`` beside it, calibration.layouts).
- ``aruco_dictionary``: the OpenCV dictionary of its markers (``DICT_4X4_100``).
- ``pieces``: keyed by the kind names. ``size_mm``: ``[w, h]``; ``"layout"`` for the
  board and the players' mats or areas (their layout's outline; four corner
  fiducials); or ``"cells"`` (the tags module's ``piece_cells(id)`` grid cells of
  ``cell_mm``: e.g. stories). ``height_mm`` (how far the tag stands above
  the surface, default 0), ``symbol`` (``"qr"`` or ``"aruco"``), ``where`` (words),
  ``round`` (a round piece: its square sticker must fit inside the circle), and per
  tag size ``normal``/``large``: ``module_mm`` and ``quiet_modules`` (QR) or
  ``margin_mm`` (ArUco). Optional: ``section`` (the tag sheet's heading for the
  kind; default its plural), ``stands_on`` (a kind name: a piece of this kind
  standing over a piece of that kind is on it, zone ``on:<that piece>``),
  ``tag_centre_mm`` (``[x, y]`` of the tag's centre from the piece's top-left corner;
  default the piece's centre), ``covers_tags`` (a piece of this kind standing on a
  flat piece's tag hides it: the flat piece is held, not lost).
- ``cell_mm``: one grid cell (mm), with ``"cells"`` pieces.
- ``aruco_ids``: for ArUco-tagged pieces, component id -> its ArUco id; the
  components of the same kind that follow a listed one in the catalog take the next
  ids. A board or mat listed here must carry its layout's corner ids from that one
  on (top-left first).
- ``piece_heights``: false to have vision read the game's tags at table height
  (``height_mm`` not applied; default true: a tag on top of a piece is put back onto
  the surface under it).
- ``surface_word``: what the sheets call a player's surface (default ``"area"``).
- ``check``: how ``companion calibrate table`` groups and places the kinds:
  ``kinds`` (kind name -> the word it reports, default the kind name) and
  ``zones`` (``"board"``/``"mat"`` -> word -> zone-name prefixes where such pieces
  lie; default every QR kind anywhere on both), ``words`` (language -> word -> the
  word in that language: what the check says in Spanish and Chinese).

Bad data raises :class:`companion.errors.DataFileError` naming the file, line and key.
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path
from types import ModuleType

from companion import registry
from companion.errors import CompanionError, DataFileError

from .layouts import (ARUCO_CELLS, QR_V1_MODULES, SIZES, Layout, TagSpec, _Checker, _line_of, _read_json,
                      data_dir, layout_names, load_layout)

#: Number of ids in the ArUco dictionaries the data may name.
_DICT_SIZES = {"DICT_4X4_50": 50, "DICT_4X4_100": 100, "DICT_4X4_250": 250, "DICT_4X4_1000": 1000,
               "DICT_5X5_100": 100, "DICT_5X5_250": 250, "DICT_6X6_250": 250}
_CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")


def tags_module(game: str) -> ModuleType | None:
    """The game's tag module (GameSpec.tags), or None when it has none (a game read
    by taps only). Raises companion.registry.UnknownGame for an unknown game."""
    spec = registry.get(game)
    return registry.load_attr(spec.tags) if spec.tags else None


def _module(game: str) -> ModuleType:
    mod = tags_module(game)
    if mod is None:
        raise CompanionError(f"{registry.get(game).name()} has no tags module")
    return mod


@lru_cache(maxsize=None)
def load_components(game: str) -> dict:
    """The game's validated components.json (see the module doc). Raises
    DataFileError (file, line, key) or CompanionError when the game has no tag
    module or layouts."""
    mod = _module(game)
    path = data_dir(game) / "components.json"
    data, text = _read_json(path)
    ck = _Checker(path, text)
    for key in ("layouts", "aruco_dictionary", "pieces"):
        if key not in data:
            ck.fail(key, "missing key", needle="{")
    if data["aruco_dictionary"] not in _DICT_SIZES:
        ck.fail("aruco_dictionary", f"unknown dictionary {data['aruco_dictionary']!r}; known: {sorted(_DICT_SIZES)}")
    if not isinstance(data["pieces"], dict):
        ck.fail("pieces", "expected an object: kind name -> piece")
    names = set(mod.KIND_NAMES.values())
    markers = False
    for name in mod.KIND_NAMES.values():
        spec = data["pieces"].get(name)
        needle = f'"{name}"'
        if not isinstance(spec, dict):
            ck.fail(f"pieces.{name}", "missing piece", needle='"pieces"')
        if spec.get("symbol") not in ("qr", "aruco"):
            ck.fail(f"pieces.{name}.symbol", "expected 'qr' or 'aruco'", needle)
        if spec.get("stands_on") is not None and spec["stands_on"] not in names:
            ck.fail(f"pieces.{name}.stands_on", f"expected a kind name ({', '.join(sorted(names))})", needle)
        if "tag_centre_mm" in spec:
            ck.point(spec["tag_centre_mm"], f"pieces.{name}.tag_centre_mm", needle)
        sz = spec.get("size_mm")
        if sz == "layout":
            continue
        if sz == "cells":
            ck.number(data.get("cell_mm"), "cell_mm", needle="{", positive=True)
            if not callable(getattr(mod, "piece_cells", None)):
                ck.fail(f"pieces.{name}.size_mm", f"'cells' needs piece_cells(id) in {mod.__name__}", needle)
        else:
            if not isinstance(sz, list) or len(sz) != 2:
                ck.fail(f"pieces.{name}.size_mm", f"expected [w, h] in mm, got {sz!r}", needle)
            for v in sz:
                ck.number(v, f"pieces.{name}.size_mm", needle, positive=True)
        if ck.number(spec.get("height_mm", 0), f"pieces.{name}.height_mm", needle) < 0:
            ck.fail(f"pieces.{name}.height_mm", "expected a height >= 0 mm", needle)
        extra = "quiet_modules" if spec["symbol"] == "qr" else "margin_mm"
        markers = markers or spec["symbol"] == "aruco"
        for size in SIZES:
            s = spec.get(size)
            if not isinstance(s, dict) or "module_mm" not in s or extra not in s:
                ck.fail(f"pieces.{name}.{size}", f"expected {{module_mm, {extra}}}", needle)
            ck.number(s["module_mm"], f"pieces.{name}.{size}.module_mm", needle, positive=True)
            ck.number(s[extra], f"pieces.{name}.{size}.{extra}", needle)
    n_ids = _DICT_SIZES[data["aruco_dictionary"]]
    ids = data.get("aruco_ids", {})
    if markers and "aruco_ids" not in data:
        ck.fail("aruco_ids", "missing key (the ArUco ids of the pieces tagged with markers)", needle="{")
    if not isinstance(ids, dict):
        ck.fail("aruco_ids", "expected an object: component id -> ArUco id")
    if not isinstance(data.get("piece_heights", True), bool):
        ck.fail("piece_heights", f"expected true or false, got {data['piece_heights']!r}")
    for key, v in ids.items():
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < n_ids:
            ck.fail(f"aruco_ids.{key}", f"expected an id 0..{n_ids - 1}, got {v!r}", f'"{key}"')
    check = data.get("check", {})
    if not isinstance(check, dict) or not isinstance(check.get("kinds", {}), dict) \
            or not isinstance(check.get("zones", {}), dict):
        ck.fail("check", "expected {kinds: {kind name: word}, zones: {board|mat: {word: [zone prefixes]}}}")
    words = check.get("words", {})
    if not isinstance(words, dict) or not all(
            isinstance(by, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in by.items())
            for by in words.values()):
        ck.fail("check.words", "expected {language: {word: the word in that language}}", '"words"')
    for where, by_word in check.get("zones", {}).items():
        if where not in ("board", "mat") or not isinstance(by_word, dict) or not all(
                isinstance(v, list) and all(isinstance(p, str) for p in v) for v in by_word.values()):
            ck.fail(f"check.zones.{where}", "expected board or mat -> {word: [zone-name prefixes]}", f'"{where}"')
    return data


@lru_cache(maxsize=None)
def load_game_layout(game: str, name: str) -> Layout:
    """A layout of the game (``"<id>-board"``) from its data folder. Raises
    CompanionError for a name its components.json does not list, DataFileError for a
    bad file."""
    listed = load_components(game)["layouts"]
    if name not in listed:
        raise CompanionError(f"unknown layout {name!r}; known: {', '.join(listed)}")
    return load_layout(name)


def layouts(game: str) -> tuple[Layout, ...]:
    """Every layout of the game, in components.json order."""
    return tuple(load_game_layout(game, n) for n in load_components(game)["layouts"])


def piece(game: str, component_id: str) -> dict:
    """The components.json entry of a component's kind. Raises ValueError for an id
    outside the game's catalog."""
    mod = _module(game)
    return load_components(game)["pieces"][mod.KIND_NAMES[mod.kind_of(component_id)]]


def kind_name(game: str, component_id: str) -> str:
    """The kind name of a component (``"war-A1"`` -> ``"story"``). ValueError for an
    unknown id."""
    mod = _module(game)
    return mod.KIND_NAMES[mod.kind_of(component_id)]


def _surface_layout(game: str, surface: str) -> Layout:
    for lay in layouts(game):
        if surface in lay.surfaces:
            return lay
    raise ValueError(f"no layout of {registry.get(game).name()} has the surface {surface!r}")


def component_size_mm(game: str, component_id: str) -> tuple[float, float]:
    """Physical (width, height) of a component in mm: its piece's ``size_mm``; a
    board or mat its layout's outline; a ``"cells"`` piece its cells times
    ``cell_mm`` (``war-A1`` -> 40 x 80 with 40 mm cells). Raises ``ValueError`` for an
    unknown id."""
    p = piece(game, component_id)
    size = p["size_mm"]
    if size == "cells":
        cw, ch = _module(game).piece_cells(component_id)
        cell = float(load_components(game)["cell_mm"])
        return (cw * cell, ch * cell)
    if size == "layout":
        return _surface_layout(game, component_id).size_mm
    return (float(size[0]), float(size[1]))


def component_height_mm(game: str, component_id: str) -> float:
    """How far a component's tag stands above the surface the piece lies on (mm):
    its piece's ``height_mm`` (0 when not given: boards, mats). Raises ``ValueError``
    for an unknown id."""
    return float(piece(game, component_id).get("height_mm", 0.0))


@lru_cache(maxsize=None)
def _aruco(game: str) -> tuple[dict[str, tuple[int, ...]], dict[int, tuple[str, str]]]:
    """(component -> ArUco ids, ArUco id -> (component, role)); see :func:`aruco_table`."""
    mod = _module(game)
    comps = load_components(game)
    path = str(data_dir(game) / "components.json")
    n_ids = _DICT_SIZES[comps["aruco_dictionary"]]
    first = comps.get("aruco_ids", {})
    table: dict[str, tuple[int, ...]] = {}
    roles: dict[int, tuple[str, str]] = {}
    names: dict[str, tuple[str, ...]] = {}  # surface -> its fiducials' corner names

    following: dict[str, int] = {}  # kind -> the id the next piece of that kind takes
    for cid in mod.catalog_ids():
        kind = mod.kind_of(cid)
        p = comps["pieces"][mod.KIND_NAMES[kind]]
        if p["size_mm"] == "layout" or p["symbol"] != "aruco":
            continue
        i = first.get(cid, following.get(kind))
        if i is None:
            raise DataFileError(path, _line_of(Path(path).read_text(encoding="utf-8"), '"aruco_ids"'),
                                f"aruco_ids: no id for {cid} (list the first {mod.KIND_NAMES[kind]} of each run)")
        if i >= n_ids:
            raise DataFileError(path, None, f"aruco_ids: {cid} would take id {i}, outside "
                                f"{comps['aruco_dictionary']} (0..{n_ids - 1})")
        table[cid] = (i,)
        following[kind] = i + 1
    for lay in layouts(game):
        for surface, fids in lay.surfaces.items():
            base = first.get(surface)
            for f in fids:
                want = base + _CORNERS.index(f.name) if base is not None and f.name in _CORNERS else f.id
                if want != f.id:
                    raise DataFileError(lay.path, _line_of(Path(lay.path).read_text(), f'"id": {f.id},'),
                                        f"surfaces.{f.surface}: fiducial {f.name} has ArUco id {f.id}, "
                                        f"components.json gives {want}")
            table[surface] = tuple(f.id for f in fids)
            names[surface] = tuple(f.name for f in fids)
    for cid, ids in table.items():
        for i, role in zip(ids, names.get(cid, ("piece",))):
            if i in roles:
                raise DataFileError(path, None, f"aruco_ids: id {i} used by both {roles[i][0]} and {cid}")
            roles[i] = (cid, role)
    return table, roles


def aruco_table(game: str) -> dict[str, tuple[int, ...]]:
    """component id -> its ArUco ids: one for a marker-tagged piece, the four corner
    fiducials (TL, TR, BR, BL) for a board or mat. Raises DataFileError when two
    components share an id or a layout's corners disagree with ``aruco_ids``."""
    return dict(_aruco(game)[0])


def aruco_id(game: str, component_id: str) -> int | None:
    """The ArUco id of a marker-tagged piece (``"red3"`` -> 26), None for QR-tagged
    pieces; for the board and mats the top-left corner's id. Raises ``ValueError``
    for an unknown component id."""
    _module(game).kind_of(component_id)
    ids = _aruco(game)[0].get(component_id)
    return ids[0] if ids else None


def marker_owner(game: str, marker_id: int) -> tuple[str, str] | None:
    """What an ArUco id belongs to in ``game``: ``(component, role)``, role
    ``"piece"`` or a corner name (``"top-left"`` ...) for board/mat fiducials; None
    if unassigned."""
    return _aruco(game)[1].get(marker_id)


def aruco_dictionary_name(game: str | None = None) -> str:
    """The OpenCV ArUco dictionary a game's markers use (e.g. ``"DICT_4X4_100"``);
    game None: the default game's (registry.default(): the detector's default; every bundled
    game uses DICT_4X4_100)."""
    return load_components(game or registry.default().id)["aruco_dictionary"]


@lru_cache(maxsize=None)
def tag_spec(game: str, component_id: str, size: str = "normal") -> TagSpec:
    """How a component of ``game`` is tagged at ``size`` (``"normal"``: 3840x2160
    reference setup; ``"large"``: 1920x1080 camera).

    QR: printed side = (21 + 2 * quiet_modules) * module_mm. ArUco: 6 cells of
    module_mm plus margin_mm each side; board/mat corners take the side from the
    layout with a one-cell margin. A round piece's square sticker must fit inside its
    circle. Raises ``ValueError`` for an unknown id or size, DataFileError when a tag
    does not fit its piece.
    """
    if size not in SIZES:
        raise ValueError(f"unknown tag size {size!r}; use one of {SIZES}")
    mod = _module(game)
    name = mod.KIND_NAMES[mod.kind_of(component_id)]
    p = load_components(game)["pieces"][name]
    piece_mm = component_size_mm(game, component_id)
    if p["size_mm"] == "layout":
        side = _surface_layout(game, component_id).fiducials(component_id)[0].side_mm
        module = side / ARUCO_CELLS
        return TagSpec(component_id, "aruco", side + 2 * module, module, module, p["where"], None,
                       aruco_table(game)[component_id], piece_mm, size)
    s = p[size]
    module = float(s["module_mm"])
    if p["symbol"] == "qr":
        quiet = float(s["quiet_modules"]) * module
        side = QR_V1_MODULES * module + 2 * quiet
        spec = TagSpec(component_id, "qr", side, module, quiet, p["where"], mod.encode_payload(component_id), (),
                       piece_mm, size)
    else:
        quiet = float(s["margin_mm"])
        side = ARUCO_CELLS * module + 2 * quiet
        spec = TagSpec(component_id, "aruco", side, module, quiet, p["where"], None,
                       aruco_table(game)[component_id], piece_mm, size)
    room = min(piece_mm) / math.sqrt(2) if p.get("round") else min(piece_mm)
    if spec.size_mm > room + 1e-6:
        raise DataFileError(str(data_dir(game) / "components.json"), None,
                            f"pieces.{name}.{size}: a {spec.size_mm:.1f} mm tag does not fit on "
                            f"{component_id} ({piece_mm[0]:g} x {piece_mm[1]:g} mm)")
    return spec


def _plural(noun: str) -> str:
    """English plural of a kind's name for the sheet's headings ("Story" -> "Stories")."""
    if noun.endswith("oose"):
        return noun[:-4] + "eese"
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u"):
        return noun[:-1] + "ies"
    return noun + ("es" if noun.endswith(("s", "x", "ch", "sh")) else "s")


def section(game: str, kind: str) -> str:
    """The tag sheet's heading for a kind letter: its piece's ``section``, else the
    kind name's plural (``"Stories"``)."""
    name = _module(game).KIND_NAMES[kind]
    return load_components(game)["pieces"][name].get("section") or _plural(name.capitalize())


def sticker_items(game: str, size: str):
    """(section, component, label, side_mm, module_mm, quiet_mm, payload, ArUco id) for
    every sticker of ``game``: the pieces' tags by kind in catalog order (QR, or an
    ArUco marker), then the corner fiducials of each layout surface
    (calibration.sheets lays them out)."""
    mod = _module(game)
    comps = load_components(game)
    for cid in mod.catalog_ids():
        kind = mod.kind_of(cid)
        if comps["pieces"][mod.KIND_NAMES[kind]]["size_mm"] == "layout":
            continue
        s = tag_spec(game, cid, size)
        yield (section(game, kind), cid, mod.label(cid), s.size_mm, s.module_mm, s.quiet_mm, s.payload,
               s.marker_ids[0] if s.symbol == "aruco" else None)
    word = comps.get("surface_word", "area")
    for lay in layouts(game):
        for surface, fids in lay.surfaces.items():
            where = "Board" if surface == "board" else f"{surface.split('-', 1)[1].capitalize()} {word}"
            head = "Board corner fiducials" if surface == "board" else f"Player {word} corner fiducials"
            for f in fids:
                module = f.side_mm / ARUCO_CELLS
                text = f"{where} {f.name}: centre {f.centre_mm[0]:g}/{f.centre_mm[1]:g} mm"
                yield (head, surface, text, f.side_mm + 2 * module, module, module, None, f.id)


def guide_lines(game: str, size: str) -> list[tuple[str, str]]:
    """(heading, words) per kind for the sheet's first page: how many, symbol and
    size, where it goes, the piece's size."""
    mod = _module(game)
    comps = load_components(game)
    by_kind: dict[str, list[str]] = {}
    for cid in mod.catalog_ids():
        by_kind.setdefault(mod.kind_of(cid), []).append(cid)
    rows = []
    for kind, ids in by_kind.items():
        p = comps["pieces"][mod.KIND_NAMES[kind]]
        name = mod.KIND_NAMES[kind].capitalize()
        s = tag_spec(game, ids[0], size)
        if p["size_mm"] == "layout":
            rows.append((f"{name} ({len(ids)})", f"4 ArUco corner squares {s.symbol_mm:.0f} mm each; "
                         "each centred at the printed distance from its corner."))
            continue
        where = (s.where if s.where.startswith(("on ", "in ", "at "))
                 else f"on {s.where}" if s.where.startswith(("a ", "an ", "the ")) else f"on the {s.where}")
        symbol = "QR code" if s.symbol == "qr" else "ArUco square"
        rows.append((f"{section(game, kind)} ({len(ids)})", f"{symbol}, {s.size_mm:.1f} mm, {where}. "
                     f"Piece: {s.piece_mm[0]:g} x {s.piece_mm[1]:g} mm."))
    return rows


def required_files(game: str) -> list[Path]:
    """The data files the game's tags and layouts are read from."""
    return [data_dir(game) / "components.json"] + [data_dir(game) / f"{n}.json" for n in layout_names(game)]
