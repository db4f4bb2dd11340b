"""Scoop tables for the renderer: :func:`stage` turns
companion.games.scoop.tabletop's pieces (surface, zone, order) into
:class:`vision.render.parts.Placed` items in table mm, with each player's mat and its
corner fiducials, so vision.render.scene.SceneRenderer can film a Scoop table.
Geometry from calibration/data/scoop (layout and components, via
calibration.game_tags); plain colours and our own shapes; cards flat, their tag at
the card's centre. Cards in a reserve space are fanned 46 mm apart and cards in the
call area laid side by side, so every tag shows.

Arrangement: the players' mats in two rows (seats 1-3 on top, 4-6 below).
"""

from __future__ import annotations

from calibration import game_tags
from vision.render.parts import Placed, TagSpec

GAME = "scoop"
LAYOUT = "scoop-page"
MAT_BGR = {"red": (170, 170, 235), "blue": (235, 190, 160), "green": (170, 225, 170),
           "yellow": (150, 230, 240), "black": (160, 160, 160), "white": (245, 245, 245)}
CARD_BGR = {"card": (225, 240, 250), "story": (250, 245, 235), "advert": (215, 235, 215)}
GAP_MM = 40.0


def arrangement(colours: list[str]) -> dict[str, tuple[float, float]]:
    """Top-left corner (table mm) of each seat's mat (``mat-<colour>``)."""
    w, h = game_tags.load_game_layout(GAME, LAYOUT).size_mm
    per_row = 3 if len(colours) > 4 else 2 if len(colours) > 1 else 1
    out = {}
    for i, c in enumerate(colours):
        row, col = divmod(i, per_row)
        out[f"mat-{c}"] = (col * (w + GAP_MM), row * (h + GAP_MM))
    return out


def bounds(colours: list[str]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) table mm around the mats."""
    w, h = game_tags.load_game_layout(GAME, LAYOUT).size_mm
    pos = arrangement(colours).values()
    return (min(x for x, _ in pos), min(y for _, y in pos), max(x for x, _ in pos) + w, max(y for _, y in pos) + h)


def _bbox(poly):
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


def spot(layout, zone: str, order: int) -> tuple[float, float]:
    """Centre (surface mm) of the ``order``-th card of a zone."""
    x0, y0, x1, y1 = _bbox(layout.zone(zone).polygon)
    if zone.startswith("reserve:"):
        return x0 + 28.5 + 46.0 * order, (y0 + y1) / 2
    if zone == "call":
        return x0 + 30.0 + 62.0 * order, (y0 + y1) / 2
    return (x0 + x1) / 2 + 8.0 * order, (y0 + y1) / 2 + 4.0 * order


def stage(pieces, colours: list[str], tags: str = "large") -> list[Placed]:
    """Render items for ``pieces`` (tabletop.Piece) on the mats of ``colours`` (seat
    order) with their corner fiducials. tags: ``"large"`` or ``"normal"``.
    Raises KeyError for a zone the layout does not have."""
    comps = game_tags.load_components(GAME)
    mod = game_tags.tags_module(GAME)
    lay = game_tags.load_game_layout(GAME, LAYOUT)
    origins = arrangement(colours)
    w, h = lay.size_mm
    items: list[Placed] = []
    zones = [(*_bbox(z.polygon), (225, 232, 236)) for z in lay.zones]
    for name, (ox, oy) in origins.items():
        items.append(Placed(component=name, kind="mat", surface=name, zone=None, x_mm=ox + w / 2, y_mm=oy + h / 2,
                            angle_deg=0.0, size_mm=(w, h), colour=MAT_BGR.get(name[4:], (200, 200, 200)), layer=0,
                            extra={"zones": zones}))
        for f in lay.fiducials(name):
            tag = TagSpec("aruco", f.side_mm, marker_id=f.id, dictionary=comps["aruco_dictionary"],
                          quiet_mm=f.side_mm / 12)
            items.append(Placed(component=f"fid:{name}:{f.id}", kind="fiducial", surface=name, zone=None,
                                x_mm=ox + f.centre_mm[0], y_mm=oy + f.centre_mm[1], angle_deg=0.0,
                                size_mm=(f.side_mm * 7 / 6,) * 2, tag=tag, sx_mm=f.centre_mm[0],
                                sy_mm=f.centre_mm[1], layer=1, colour=(250, 250, 250)))
    for p in pieces:
        ox, oy = origins[p.surface]
        sx, sy = spot(lay, p.zone, p.order)
        spec = game_tags.tag_spec(GAME, p.component, tags)
        kind = mod.KIND_NAMES[mod.kind_of(p.component)]
        piece = comps["pieces"][kind]
        items.append(Placed(component=p.component, kind=kind, surface=p.surface, zone=p.zone, x_mm=ox + sx,
                            y_mm=oy + sy, angle_deg=0.0, size_mm=tuple(float(v) for v in piece["size_mm"]),
                            tag=TagSpec("qr", spec.symbol_mm, text=spec.payload, quiet_mm=spec.quiet_mm),
                            sx_mm=sx, sy_mm=sy, layer=2 + p.order, colour=CARD_BGR.get(kind, (235, 235, 235))))
    return items
