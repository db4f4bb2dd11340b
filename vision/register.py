"""Registration: board/mat corner fiducials in a frame -> homography px <-> surface mm.

Each surface (``board``, ``mat-<colour>``) carries four ArUco corner fiducials whose
ids and positions (mm) are in calibration's layouts. Every fiducial seen gives its 4
corners, so two fiducials (8 points) fix a homography; with 3 or more RANSAC drops a
bad one. A pose whose reprojection error exceeds ``max_rms_mm`` is rejected. The last
good pose of a surface is kept while its fiducials are hidden (a hand over a corner),
so tags keep their zones; a new good pose replaces it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .decode import Symbol

LAYOUTS = ("penny-press-board", "penny-press-mat")


@dataclass(frozen=True, eq=False)
class SurfacePose:
    """Where one surface lies in the frame.

    surface: ``"board"`` or ``"mat-<colour>"``. layout: the calibration layout
    (``calibration.layouts.Layout``) it uses. px_to_mm / mm_to_px: ``(3, 3)``
    homographies. markers: fiducials used. rms_mm: reprojection error of the
    fiducial corners (mm). t: frame time of the fit (s).
    """

    surface: str
    layout: object
    px_to_mm: np.ndarray
    mm_to_px: np.ndarray
    markers: int
    rms_mm: float
    t: float

    def to_mm(self, pts_px) -> np.ndarray:
        """``(N, 2)`` px -> ``(N, 2)`` surface mm."""
        return _apply(self.px_to_mm, pts_px)

    def to_px(self, pts_mm) -> np.ndarray:
        """``(N, 2)`` surface mm -> ``(N, 2)`` px."""
        return _apply(self.mm_to_px, pts_mm)

    def contains_mm(self, x: float, y: float, margin: float = 0.0) -> bool:
        w, h = self.layout.size_mm
        return -margin <= x <= w + margin and -margin <= y <= h + margin


def _apply(H: np.ndarray, pts) -> np.ndarray:
    p = np.asarray(pts, np.float64).reshape(-1, 2)
    q = np.hstack([p, np.ones((len(p), 1))]) @ H.T
    return q[:, :2] / q[:, 2:3]


def fiducial_table(layout_names=LAYOUTS) -> dict[int, tuple[str, object, object]]:
    """ArUco id -> (surface, layout, FiducialSpec) for every corner fiducial."""
    from calibration.layouts import load_layout

    out = {}
    for name in layout_names:
        lay = load_layout(name)
        for f in lay.fiducials():
            out[f.id] = (f.surface, lay, f)
    return out


def fit_pose(surface: str, layout, specs_and_corners, t: float = 0.0,
             max_rms_mm: float = 3.0) -> SurfacePose | None:
    """Fit a pose from ``[(FiducialSpec, corners_px (4, 2)), ...]``; None if too few
    fiducials (< 2) or the fit is worse than ``max_rms_mm``."""
    import cv2

    if len(specs_and_corners) < 2:
        return None
    src = np.vstack([np.asarray(c, np.float64).reshape(4, 2) for _, c in specs_and_corners])
    dst = np.vstack([np.asarray(f.corners_mm, np.float64) for f, _ in specs_and_corners])
    method = cv2.RANSAC if len(specs_and_corners) >= 3 else 0
    H, _mask = cv2.findHomography(src, dst, method, 2.0)
    if H is None or not np.all(np.isfinite(H)):
        return None
    err = _apply(H, src) - dst
    rms = float(np.sqrt((err ** 2).sum(axis=1).mean()))
    if rms > max_rms_mm:
        return None
    try:
        Hinv = np.linalg.inv(H)
    except np.linalg.LinAlgError:
        return None
    return SurfacePose(surface, layout, H, Hinv, len(specs_and_corners), rms, t)


class Registrar:
    """Keeps one pose per surface from the ArUco symbols of each frame.

    layout_names: calibration layouts to read the fiducials from. max_rms_mm: reject
    fits worse than this. ``update(symbols, t)`` returns the current poses (kept from
    earlier frames when a surface's fiducials are hidden); ``forget(surface)`` drops
    one (a mat taken away).
    """

    def __init__(self, layout_names=LAYOUTS, max_rms_mm: float = 3.0):
        self.table = fiducial_table(layout_names)
        self.max_rms_mm = max_rms_mm
        self.poses: dict[str, SurfacePose] = {}

    def is_fiducial(self, sym: Symbol) -> bool:
        return sym.format == "ArUco" and sym.text.isdigit() and int(sym.text) in self.table

    def update(self, symbols: list[Symbol], t: float = 0.0) -> dict[str, SurfacePose]:
        groups: dict[str, list] = {}
        layouts = {}
        for s in symbols:
            if not self.is_fiducial(s):
                continue
            surface, lay, spec = self.table[int(s.text)]
            groups.setdefault(surface, []).append((spec, s.corners_px))
            layouts[surface] = lay
        for surface, items in groups.items():
            pose = fit_pose(surface, layouts[surface], items, t, self.max_rms_mm)
            if pose is not None:
                self.poses[surface] = pose
        return dict(self.poses)

    def forget(self, surface: str) -> None:
        self.poses.pop(surface, None)
