"""Tags and layouts of a registered game with its own tag module (generic).

A game whose ``GameSpec.tags`` names a pure tag module (``catalog_ids``, ``kind_of``,
``encode_payload``, ``label``, ``KIND_NAMES``; e.g. companion.games.pergamon.tags)
and whose ``calibration/data/<layouts>/components.json`` lists ``layouts`` and
``pieces`` (keyed by the kind names: ``size_mm`` [w, h] or ``"layout"``,
``height_mm``, ``symbol`` ``"qr"``, ``where``, optional ``round``, and per tag size
``normal``/``large``: ``module_mm``, ``quiet_modules``) gets its tag specs and printable
stickers from here. Penny Press keeps calibration.layouts' own functions.
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path
from types import ModuleType

from companion import registry
from companion.errors import CompanionError, DataFileError

from .layouts import ARUCO_CELLS, QR_V1_MODULES, SIZES, Layout, TagSpec, _Checker, _read_json, data_dir, parse_layout


def tags_module(game: str) -> ModuleType | None:
    """The game's tag module (GameSpec.tags), or None when it has none (Penny Press).
    Raises companion.registry.UnknownGame for an unknown game."""
    spec = registry.get(game)
    return registry.load_attr(spec.tags) if spec.tags else None


@lru_cache(maxsize=None)
def load_components(game: str) -> dict:
    """The game's validated components.json. Raises DataFileError (file, line, key)
    or CompanionError when the game has no tag module or layouts."""
    mod = tags_module(game)
    if mod is None:
        raise CompanionError(f"{registry.get(game).name()} keeps its tags in companion.tags")
    path = data_dir(game) / "components.json"
    data, text = _read_json(path)
    ck = _Checker(path, text)
    for key in ("layouts", "pieces"):
        if key not in data:
            ck.fail(key, "missing key", needle="{")
    for kind, name in mod.KIND_NAMES.items():
        spec = data["pieces"].get(name)
        needle = f'"{name}"'
        if not isinstance(spec, dict):
            ck.fail(f"pieces.{name}", "missing piece", needle='"pieces"')
        if spec.get("size_mm") == "layout":
            continue
        sz = spec.get("size_mm")
        if not isinstance(sz, list) or len(sz) != 2:
            ck.fail(f"pieces.{name}.size_mm", f"expected [w, h] in mm, got {sz!r}", needle)
        for v in sz:
            ck.number(v, f"pieces.{name}.size_mm", needle, positive=True)
        if spec.get("symbol") != "qr":
            ck.fail(f"pieces.{name}.symbol", "expected 'qr'", needle)
        ck.number(spec.get("height_mm", 0), f"pieces.{name}.height_mm", needle)
        for size in SIZES:
            s = spec.get(size)
            if not isinstance(s, dict) or "module_mm" not in s or "quiet_modules" not in s:
                ck.fail(f"pieces.{name}.{size}", "expected {module_mm, quiet_modules}", needle)
            ck.number(s["module_mm"], f"pieces.{name}.{size}.module_mm", needle, positive=True)
            ck.number(s["quiet_modules"], f"pieces.{name}.{size}.quiet_modules", needle)
    return data


@lru_cache(maxsize=None)
def load_game_layout(game: str, name: str) -> Layout:
    """A layout of the game (``"pergamon-board"``) from its data folder. Raises
    CompanionError for a name its components.json does not list, DataFileError for a
    bad file."""
    if name not in load_components(game)["layouts"]:
        raise CompanionError(f"unknown layout {name!r}; known: {', '.join(load_components(game)['layouts'])}")
    return parse_layout(data_dir(game) / f"{name}.json", expected_name=name)


def layouts(game: str) -> tuple[Layout, ...]:
    """Every layout of the game, in components.json order."""
    return tuple(load_game_layout(game, n) for n in load_components(game)["layouts"])


def tag_spec(game: str, component_id: str, size: str = "normal") -> TagSpec:
    """How a component of ``game`` is tagged at ``size``. QR: printed side = (21 + 2 *
    quiet_modules) * module_mm; a round piece's square sticker must fit inside its
    circle. The board and player areas: their layout's corner fiducials (ArUco).
    Raises ValueError for an unknown id or size, DataFileError when a tag does not
    fit its piece."""
    if size not in SIZES:
        raise ValueError(f"unknown tag size {size!r}; use one of {SIZES}")
    mod = tags_module(game)
    kind = mod.kind_of(component_id)
    comps = load_components(game)
    piece = comps["pieces"][mod.KIND_NAMES[kind]]
    if piece["size_mm"] == "layout":
        surface = "board" if component_id == "board" else component_id
        lay = next(lay for lay in layouts(game) if surface in lay.surfaces)
        fids = lay.fiducials(surface)
        module = fids[0].side_mm / ARUCO_CELLS
        return TagSpec(component_id, "aruco", fids[0].side_mm + 2 * module, module, module, piece["where"], None,
                       tuple(f.id for f in fids), lay.size_mm, size)
    s = piece[size]
    module = float(s["module_mm"])
    quiet = float(s["quiet_modules"]) * module
    side = QR_V1_MODULES * module + 2 * quiet
    piece_mm = (float(piece["size_mm"][0]), float(piece["size_mm"][1]))
    room = min(piece_mm) / math.sqrt(2) if piece.get("round") else min(piece_mm)
    if side > room + 1e-6:
        raise DataFileError(str(data_dir(game) / "components.json"), None,
                            f"pieces.{mod.KIND_NAMES[kind]}.{size}: a {side:.1f} mm tag does not fit on "
                            f"{component_id} ({piece_mm[0]:g} x {piece_mm[1]:g} mm)")
    return TagSpec(component_id, "qr", side, module, quiet, piece["where"], mod.encode_payload(component_id), (),
                   piece_mm, size)


def sticker_items(game: str, size: str):
    """(section, component, label, side_mm, module_mm, quiet_mm, payload, aruco id) for
    every sticker of ``game``: the pieces' QR tags by kind, then the corner fiducials
    of each layout surface (calibration.sheets lays them out)."""
    mod = tags_module(game)
    for cid in mod.catalog_ids():
        kind = mod.kind_of(cid)
        if load_components(game)["pieces"][mod.KIND_NAMES[kind]]["size_mm"] == "layout":
            continue
        s = tag_spec(game, cid, size)
        section = _plural(mod.KIND_NAMES[kind].capitalize())
        yield (section, cid, mod.label(cid), s.size_mm, s.module_mm, s.quiet_mm, s.payload, None)
    for lay in layouts(game):
        for surface, fids in lay.surfaces.items():
            where = "Board" if surface == "board" else f"{surface.split('-', 1)[1].capitalize()} area"
            for f in fids:
                module = f.side_mm / ARUCO_CELLS
                text = f"{where} {f.name}: centre {f.centre_mm[0]:g}/{f.centre_mm[1]:g} mm"
                yield (f"{where.split()[0] if surface == 'board' else 'Player area'} corner fiducials", surface,
                       text, f.side_mm + 2 * module, module, module, None, f.id)


def _plural(noun: str) -> str:
    """English plural of a kind's name for the sheet's headings ("Story" -> "Stories")."""
    if noun.endswith("oose"):
        return noun[:-4] + "eese"
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u"):
        return noun[:-1] + "ies"
    return noun + ("es" if noun.endswith(("s", "x", "ch", "sh")) else "s")


def guide_lines(game: str, size: str) -> list[tuple[str, str]]:
    """(heading, words) per kind for the sheet's first page: how many, symbol size,
    where it goes, the piece's size."""
    mod = tags_module(game)
    comps = load_components(game)
    by_kind: dict[str, list[str]] = {}
    for cid in mod.catalog_ids():
        by_kind.setdefault(mod.kind_of(cid), []).append(cid)
    rows = []
    for kind, ids in by_kind.items():
        piece = comps["pieces"][mod.KIND_NAMES[kind]]
        name = mod.KIND_NAMES[kind].capitalize()
        if piece["size_mm"] == "layout":
            s = tag_spec(game, ids[0], size)
            rows.append((f"{name} ({len(ids)})", f"4 ArUco corner squares {s.symbol_mm:.0f} mm each; "
                         "each centred at the printed distance from its corner."))
            continue
        s = tag_spec(game, ids[0], size)
        where = (s.where if s.where.startswith(("on ", "in ", "at "))
                 else f"on {s.where}" if s.where.startswith(("a ", "an ", "the ")) else f"on the {s.where}")
        rows.append((f"{_plural(name)} ({len(ids)})", f"QR code, {s.size_mm:.1f} mm, {where}. "
                     f"Piece: {s.piece_mm[0]:g} x {s.piece_mm[1]:g} mm."))
    return rows


def required_files(game: str) -> list[Path]:
    """The data files the game's tags and layouts are read from."""
    return [data_dir(game) / "components.json"] + [data_dir(game) / f"{n}.json"
                                                   for n in load_components(game)["layouts"]]
