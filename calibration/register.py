"""Registration: the homography from camera pixels to a surface's millimetres.

Each board/mat corner fiducial gives 4 point correspondences (its printed corners
in mm, see :attr:`calibration.layouts.FiducialSpec.corners_mm`, and the detected
corners in px). With at least 4 correspondences (one fiducial) a plane homography
``H`` (px -> mm) is fitted; with 3 or more fiducials RANSAC (3 mm threshold) drops
a misread one (unless fewer than 2 would remain). Lens distortion is removed first when camera intrinsics are given.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .camera import CameraModel
from .fiducials import Fiducial
from .layouts import FiducialSpec, Layout

#: RANSAC inlier threshold (mm) when 3 or more fiducials are seen.
RANSAC_MM = 3.0


def _apply(H: np.ndarray, pts: np.ndarray) -> np.ndarray:
    pts = np.asarray(pts, np.float64).reshape(-1, 2)
    q = np.hstack([pts, np.ones((len(pts), 1))]) @ H.T
    return q[:, :2] / q[:, 2:3]


@dataclass(frozen=True)
class Registration:
    """Where one surface lies in the camera frame.

    surface: ``"board"`` / ``"mat-<colour>"``. layout: its :class:`Layout`.
    H: 3x3, (undistorted) camera px -> surface mm. H_inv: mm -> px.
    rms_mm / max_mm: reprojection error of the fiducial corners used (mm).
    used: ids of the fiducials fitted; rejected: ids seen but dropped by RANSAC;
    missing: the surface's fiducials not seen (FiducialSpec, for messages).
    camera: intrinsics used to undistort, or None.
    """

    surface: str
    layout: Layout
    H: np.ndarray
    H_inv: np.ndarray
    rms_mm: float
    max_mm: float
    used: tuple[int, ...]
    rejected: tuple[int, ...] = ()
    missing: tuple[FiducialSpec, ...] = ()
    camera: CameraModel | None = field(default=None, repr=False)

    def px_to_mm(self, pts_px) -> np.ndarray:
        """Nx2 image px -> Nx2 surface mm (undistorting first if a camera is set)."""
        pts = np.asarray(pts_px, np.float64).reshape(-1, 2)
        if self.camera is not None:
            pts = self.camera.undistort_points(pts)
        return _apply(self.H, pts)

    def mm_to_px(self, pts_mm) -> np.ndarray:
        """Nx2 surface mm -> Nx2 image px (re-applying lens distortion if set)."""
        px = _apply(self.H_inv, np.asarray(pts_mm, np.float64).reshape(-1, 2))
        if self.camera is not None:
            px = self.camera.distort_points(px)
        return px

    def px_per_mm_at(self, x_mm: float, y_mm: float) -> float:
        """Local scale at a surface point: geometric mean of the two axes of the
        mm -> px Jacobian (px per mm), the "module size" measure of
        ../shared/research/vision-baseline.md."""
        e = 0.5
        p = self.mm_to_px([[x_mm - e, y_mm], [x_mm + e, y_mm], [x_mm, y_mm - e], [x_mm, y_mm + e]])
        J = np.stack([(p[1] - p[0]) / (2 * e), (p[3] - p[2]) / (2 * e)], axis=1)
        return float(np.sqrt(abs(np.linalg.det(J))))

    def zone_px(self, zone: str) -> np.ndarray:
        """The polygon of a layout zone in image px (Nx2)."""
        return self.mm_to_px(np.array(self.layout.zone(zone).polygon))


def _choose_surface(fiducials: list[Fiducial], layout: Layout) -> str | None:
    seen = {f.id for f in fiducials}
    counts = {s: sum(f.id in seen for f in fs) for s, fs in layout.surfaces.items()}
    best = max(counts, key=lambda s: counts[s]) if counts else None
    return best if best is not None and counts[best] > 0 else None


def register_surface(fiducials: list[Fiducial], layout: Layout, camera: CameraModel | None = None,
                     surface: str | None = None, min_points: int = 4) -> Registration | None:
    """Fit the px -> mm homography of one surface of ``layout``.

    fiducials: detections (:func:`calibration.fiducials.detect_fiducials`); ids of
    other surfaces are ignored. surface: which surface (``"mat-red"``); by default
    the one of the layout with the most fiducials seen. camera: intrinsics to
    undistort the corners first. Returns None when fewer than ``min_points`` (>= 4)
    correspondences are available or the fit is degenerate; never raises on bad
    detections. Raises ``KeyError`` for a surface the layout does not have.
    """
    import cv2

    if surface is None:
        surface = _choose_surface(fiducials, layout)
        if surface is None:
            return None
    specs = {f.id: f for f in layout.fiducials(surface)}
    seen = [f for f in fiducials if f.id in specs]
    src = np.array([c for f in seen for c in f.corners_px], np.float64).reshape(-1, 2)
    dst = np.array([c for f in seen for c in specs[f.id].corners_mm], np.float64).reshape(-1, 2)
    if len(src) < max(4, min_points):
        return None
    if camera is not None:
        src = camera.undistort_points(src)
    ids = [f.id for f in seen]
    if len(seen) >= 3:
        H, mask = cv2.findHomography(src, dst, cv2.RANSAC, RANSAC_MM)
        if H is None:
            return None
        keep = mask.ravel().astype(bool).reshape(-1, 4).all(axis=1)
        if keep.sum() < 2:
            # No consistent pair (strong lens distortion, a bent mat): fit them all
            # and let rms_mm tell the caller how bad it is.
            keep[:] = True
        used = [i for i, k in zip(ids, keep) if k]
        rejected = [i for i, k in zip(ids, keep) if not k]
        sel = np.repeat(keep, 4)
        H, _ = cv2.findHomography(src[sel], dst[sel], 0)
    else:
        H, _ = cv2.findHomography(src, dst, 0)
        used, rejected, sel = ids, [], np.ones(len(src), bool)
    if H is None or not np.all(np.isfinite(H)) or abs(np.linalg.det(H)) < 1e-12:
        return None
    err = np.linalg.norm(_apply(H, src[sel]) - dst[sel], axis=1)
    missing = tuple(s for i, s in specs.items() if i not in set(ids))
    return Registration(surface, layout, H, np.linalg.inv(H), float(np.sqrt(np.mean(err ** 2))),
                        float(err.max()), tuple(used), tuple(rejected), missing, camera)


def register_all(fiducials: list[Fiducial], layouts: list[Layout], camera: CameraModel | None = None
                 ) -> dict[str, Registration]:
    """Register every surface of ``layouts`` that has a fiducial in view.

    Returns surface name -> :class:`Registration` (surfaces that fail are left out).
    """
    out = {}
    seen = {f.id for f in fiducials}
    for layout in layouts:
        for surface, specs in layout.surfaces.items():
            if any(s.id in seen for s in specs):
                reg = register_surface(fiducials, layout, camera, surface=surface)
                if reg is not None:
                    out[surface] = reg
    return out
