"""A game's table from calibration's data, as the renderer's :class:`Placed` items.

Knows no game: everything comes from the registry and calibration (a game's
layouts, corner fiducials, piece sizes and tag specs: calibration.game_tags, which
reads the game's ``GameSpec.tags`` module and ``calibration/data/<layouts>/``).

- :func:`surface_items`: a board or player area lying on the table (its face with
  its zones drawn) and its corner fiducials (ArUco, a white margin of 1/12 side);
- :func:`game_tag`: the QR tag of one of a game's components at a tag size;
- :func:`arrange`, :func:`bounds` and :func:`stage_sightings`: a whole table for
  any game with its own tag module: its surfaces in a row, and every piece laid
  where a :class:`companion.table.Sighting` says its tag is (what an observer
  expects to see). A game's own module (tools/render/games/) stages its table in
  more detail (colours, fanned cards, piece heights) with the same parts.

Table mm: x right, y towards the near edge; a surface's own mm have their origin at
its top-left corner (calibration.layouts).
"""

from __future__ import annotations

from typing import Iterable, Mapping

from tools.render.parts import Placed, TagSpec

#: The colour of a surface's face and of its zones when a game's module names none.
SURFACE_BGR = (205, 215, 220)
ZONE_BGR = (225, 230, 234)
PIECE_BGR = (235, 240, 245)
#: Gap between two surfaces laid side by side (mm).
GAP_MM = 40.0


def bbox(polygon) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) around a polygon's points (mm)."""
    xs = [p[0] for p in polygon]
    ys = [p[1] for p in polygon]
    return min(xs), min(ys), max(xs), max(ys)


def zone_boxes(layout, colour=ZONE_BGR) -> tuple[tuple, ...]:
    """Every zone of a calibration Layout as ``(x0, y0, x1, y1, colour)`` in the
    surface's mm: what :func:`tools.render.scene.default_face` draws on the face."""
    return tuple((*bbox(z.polygon), colour) for z in layout.zones)


def fiducial_items(surface: str, origin_mm: tuple[float, float], fiducials, dictionary: str) -> list[Placed]:
    """The corner fiducials (calibration FiducialSpec: ``id``, ``centre_mm``,
    ``side_mm``) of ``surface`` lying with its top-left corner at ``origin_mm`` (table
    mm): ArUco markers of ``dictionary`` (OpenCV name) on a white square 7/6 of
    their side, ids ``fid:<surface>:<id>``."""
    ox, oy = origin_mm
    items = []
    for f in fiducials:
        side = float(f.side_mm)
        cx, cy = f.centre_mm
        tag = TagSpec("aruco", side, marker_id=int(f.id), dictionary=dictionary, quiet_mm=side / 12)
        items.append(Placed(f"fid:{surface}:{f.id}", "fiducial", surface, None, ox + cx, oy + cy, 0.0,
                            (side * 7 / 6, side * 7 / 6), tag, cx, cy, 1, (250, 250, 250)))
    return items


def surface_items(surface: str, origin_mm: tuple[float, float], layout, dictionary: str, *,
                  colour=SURFACE_BGR, zones: tuple = (), label: str = "") -> list[Placed]:
    """A surface of ``layout`` (calibration Layout; ``surface`` is ``board`` or
    ``mat-<colour>``) lying with its top-left corner at ``origin_mm`` (table mm): its
    face (``colour``, ``zones`` as from :func:`zone_boxes`, ``label``; kind ``board``
    or ``mat``) and its corner fiducials (:func:`fiducial_items`). Raises KeyError
    for a surface the layout does not have."""
    ox, oy = origin_mm
    w, h = layout.size_mm
    kind = "board" if surface == "board" else "mat"
    face = Placed(surface, kind, surface, None, ox + w / 2, oy + h / 2, 0.0, (w, h), None, w / 2, h / 2, 0,
                  tuple(colour), label, extra={"zones": tuple(zones)})
    return [face] + fiducial_items(surface, origin_mm, layout.fiducials(surface), dictionary)


def game_tag(game: str, component: str, size: str = "large", offset_mm=(0.0, 0.0)) -> TagSpec:
    """The tag of ``component`` of ``game`` at tag size ``size`` (``"normal"`` or
    ``"large"``; calibration.game_tags.tag_spec): its QR code, or its ArUco marker
    (the game's dictionary) for a kind components.json tags with markers; its centre
    ``offset_mm`` from the piece's centre in the piece's own axes. Raises ValueError
    for an unknown id."""
    from calibration import game_tags
    from calibration.layouts import ARUCO_CELLS

    s = game_tags.tag_spec(game, component, size)
    if s.symbol == "aruco":
        return TagSpec("aruco", ARUCO_CELLS * s.module_mm, marker_id=s.marker_ids[0],
                       dictionary=game_tags.aruco_dictionary_name(game), quiet_mm=s.quiet_mm,
                       offset_mm=tuple(offset_mm))
    return TagSpec("qr", s.symbol_mm, text=s.payload, quiet_mm=s.quiet_mm, offset_mm=tuple(offset_mm))


def layout_of(game: str, surface: str):
    """The calibration Layout of ``game`` that has ``surface`` (``board``,
    ``mat-<colour>``). Raises KeyError when none has it."""
    from calibration import game_tags

    for lay in game_tags.layouts(game):
        if surface in lay.surfaces:
            return lay
    raise KeyError(f"no layout of {game} has the surface {surface!r}")


def arrange(game: str, surfaces: Iterable[str], gap_mm: float = GAP_MM) -> dict[str, tuple[float, float]]:
    """Top-left corners (table mm) of ``surfaces`` of ``game`` laid in one row, left
    to right, ``gap_mm`` apart, tops aligned at y = 0."""
    out, x = {}, 0.0
    for s in surfaces:
        out[s] = (x, 0.0)
        x += layout_of(game, s).size_mm[0] + gap_mm
    return out


def bounds(game: str, origins: Mapping[str, tuple[float, float]]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) table mm around the surfaces laid at ``origins`` (as from
    :func:`arrange`), for :func:`tools.render.camera.frame_bounds`."""
    boxes = [(x, y, x + layout_of(game, s).size_mm[0], y + layout_of(game, s).size_mm[1])
             for s, (x, y) in origins.items()]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
            max(b[3] for b in boxes))


def stage_sightings(game: str, origins: Mapping[str, tuple[float, float]], sightings, tags: str = "large",
                    ) -> list[Placed]:
    """Every surface at ``origins`` (surface -> top-left table mm) with its fiducials,
    and every piece lying where its :class:`companion.table.Sighting` puts its tag
    (``component``, ``surface``, ``zone``, ``x_mm``/``y_mm`` surface mm, ``angle_deg``),
    centred on it, sized and tagged from the game's calibration data, later pieces on
    top. Raises KeyError for a sighting on a surface not in ``origins``, ValueError
    for a component the game's catalog does not have."""
    from calibration import game_tags

    comps = game_tags.load_components(game)
    mod = game_tags.tags_module(game)
    dictionary = comps["aruco_dictionary"]
    items: list[Placed] = []
    for surface, origin in origins.items():
        lay = layout_of(game, surface)
        items += surface_items(surface, origin, lay, dictionary, zones=zone_boxes(lay), label=surface)
    for order, s in enumerate(sightings):
        ox, oy = origins[s.surface]
        kind = mod.KIND_NAMES[mod.kind_of(s.component)]
        piece = comps["pieces"][kind]
        items.append(Placed(s.component, kind, s.surface, s.zone, ox + s.x_mm, oy + s.y_mm,
                            float(getattr(s, "angle_deg", 0.0)), tuple(float(v) for v in piece["size_mm"]),
                            game_tag(game, s.component, tags), s.x_mm, s.y_mm, 2 + order, PIECE_BGR,
                            round=bool(piece.get("round"))))
    return items
