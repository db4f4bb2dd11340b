"""Zones: a tag's corners in px -> (surface, position mm, angle, zone).

A tag's centre is first put back onto the surface its piece stands on (a tag on top
of a 12 mm reporter projects further from the camera than the spot under it: the
camera's pose from the surface's homography gives the correction). It belongs to
the first registered surface whose layout has a zone containing that centre (mm), else to the first surface whose outline contains it, else to
``"table"``. On ``"table"`` the position is in the board's mm frame when the board is
registered; with no surface registered at all it is the frame position in px
(x_mm, y_mm then hold px: nothing is registered yet).

Pieces standing on pieces (a game's components.json ``stands_on``: e.g.
reporters on stories): a rider whose centre lies over a carrier's footprint gets zone
``"on:<carrier id>"``. The footprint is the carrier's size placed from its tag (where
the tag lies on the piece: components.json ``tag_centre_mm``; e.g. a story's
tag is printed at the centre of the tile's first cell, the top-left cell when the
tile stands upright), turned with the tag. A carrier whose tag is not read in this
frame (under the pieces standing on it, or under a hand) still counts when it is
known from earlier frames or from the game state (``known``; the pipeline passes the
tracker's held carriers and the expected ones).
"""

from __future__ import annotations

import math

import numpy as np

from companion.table import Sighting

from .register import SurfacePose

def angle_of(pts_mm: np.ndarray) -> float:
    """Angle (degrees, counter-clockwise seen from above, y down) of the TL->TR edge."""
    d = pts_mm[1] - pts_mm[0]
    return float(math.degrees(math.atan2(-d[1], d[0])))


def _on_surface(pose: SurfacePose, centre_px: np.ndarray, height_mm: float) -> np.ndarray:
    """The tag centre in the surface's mm, moved from where its top face projects
    back onto the surface under it (``height_mm`` above it; see
    ``calibration.lens.onto_surface``)."""
    c = pose.to_mm(centre_px[None])[0]
    if height_mm > 0:
        cam = pose.camera_centre()
        if cam is not None:
            from calibration.lens import onto_surface

            c = np.array(onto_surface(float(c[0]), float(c[1]), height_mm, cam))
    return c


def locate(corners_px: np.ndarray, poses: dict[str, SurfacePose], height_mm: float = 0.0
           ) -> tuple[str, str | None, float, float, float]:
    """``(surface, zone, x_mm, y_mm, angle_deg)`` of a tag with corners ``(4, 2)`` px.

    height_mm: how far the tag stands above the surface (a tag on top of a 12 mm
    reporter): its position is put back onto the surface under it (parallax, from
    the camera's pose) before the zone is chosen."""
    corners_px = np.asarray(corners_px, np.float64).reshape(4, 2)
    centre = corners_px.mean(axis=0)
    inside = None
    for surface, pose in poses.items():
        c = _on_surface(pose, centre, height_mm)
        zone = pose.layout.zone_at(float(c[0]), float(c[1]))
        if zone is not None:
            pts = pose.to_mm(corners_px)
            return surface, zone, float(c[0]), float(c[1]), angle_of(pts)
        if inside is None and pose.contains_mm(float(c[0]), float(c[1])):
            inside = (surface, pose)
    if inside is not None:
        surface, pose = inside
        c = _on_surface(pose, centre, height_mm)
        return surface, None, float(c[0]), float(c[1]), angle_of(pose.to_mm(corners_px))
    pose = poses.get("board")
    if pose is not None:
        c = _on_surface(pose, centre, height_mm)
        return "table", None, float(c[0]), float(c[1]), angle_of(pose.to_mm(corners_px))
    return "table", None, float(centre[0]), float(centre[1]), angle_of(corners_px)


def footprint_mm(s: Sighting, size_mm: tuple[float, float], tag_at_mm: tuple[float, float]) -> np.ndarray:
    """``(4, 2)`` mm polygon covered by the piece whose tag sighting is ``s``.

    size_mm: (width, height) of the piece; tag_at_mm: the tag's centre on the piece,
    from its top-left corner (mm), both as the piece lies upright under its tag.
    """
    w, h = size_mm
    tx, ty = tag_at_mm
    a = math.radians(s.angle_deg)
    u = np.array([math.cos(a), -math.sin(a)])  # the tag's "right" on the surface (y down)
    v = np.array([math.sin(a), math.cos(a)])   # the tag's "down"
    local = [(-tx, -ty), (w - tx, -ty), (w - tx, h - ty), (-tx, h - ty)]
    c = np.array([s.x_mm, s.y_mm])
    return np.array([c + x * u + y * v for x, y in local])


def _in_poly(x: float, y: float, poly: np.ndarray) -> bool:
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def riders_on_carriers(sightings: list[Sighting], is_rider, is_carrier, footprint,
                       known: list[Sighting] | tuple = ()) -> list[Sighting]:
    """Give each rider lying over a carrier piece (same surface) zone ``on:<carrier>``.

    is_rider / is_carrier: ``component id -> bool``; footprint: ``Sighting -> (4, 2)``
    mm polygon of a carrier (see :func:`footprint_mm`; a carrier whose footprint
    raises is left out). Other sightings are returned unchanged. When footprints
    overlap the carrier whose tag is nearest wins.

    known: carrier sightings not read in this frame but known to lie there (held by
    the tracker from earlier frames, or expected by the game state): at a table the
    pieces standing on a carrier, or the hand placing one more, often hide its own
    tag, and the carrier is still there. Their footprints count too, after the
    carriers read now (one read in this frame wins over a known one, and a known
    carrier that is read now is taken where it is read).
    """
    from dataclasses import replace

    carriers = [s for s in sightings if is_carrier(s.component)]
    read = {s.component for s in carriers}
    held = [s for s in known if is_carrier(s.component) and s.component not in read]
    if not carriers and not held:
        return list(sightings)

    def footprints(group):
        out = []
        for s in group:
            try:
                out.append((s, footprint(s)))
            except Exception:
                continue
        return out

    tiers = (footprints(carriers), footprints(held))
    out = []
    for s in sightings:
        if is_rider(s.component):
            for prints in tiers:
                hits = [st for st, poly in prints
                        if st.surface == s.surface and _in_poly(s.x_mm, s.y_mm, poly)]
                if hits:
                    best = min(hits, key=lambda st: math.hypot(st.x_mm - s.x_mm, st.y_mm - s.y_mm))
                    s = replace(s, zone=f"on:{best.component}")
                    break
        out.append(s)
    return out
