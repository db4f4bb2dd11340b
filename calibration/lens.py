"""The lens model a frame is read with: the calibrated one, or an estimate.

Where a lens model comes from, in order:

1. an explicit file (``--lens FILE``, a JSON written by ``companion calibrate camera``;
   ``$TABLE_COMPANION_LENS`` for the app);
2. the user's calibration, ``<user config dir>/table-companion/camera.json``
   (platformdirs; :func:`calibration.camera.default_camera_path`), if it exists;
3. none: :func:`estimate_radial` fits the dominant radial term k1 from the corner
   fiducials of the surfaces in view (their printed corners in mm are known from the
   layouts), with a guessed focal length (the frame width: about a 53 degree
   horizontal field of view) and the principal point at the frame centre.

An estimate that still leaves the fiducials far from a plane (rms above
``max_rms_mm``) says the view is too distorted to trust without calibrating the lens.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .camera import CameraModel, default_camera_path, load_camera

#: environment variable naming a lens file (``companion app --lens`` sets it)
LENS_ENV = "TABLE_COMPANION_LENS"
#: k1 searched by the estimate (OpenCV's normalised radius, focal = frame width)
K1_RANGE = (-0.6, 0.3)


def find_lens(path: Path | str | None = None) -> tuple[CameraModel | None, str]:
    """The lens model to use and where it came from.

    path: an explicit JSON file (default: ``$TABLE_COMPANION_LENS`` if set); it must
    load (raises
    :class:`companion.errors.DataFileError` naming the file otherwise). Without one,
    the user's ``camera.json`` is used when present (``"user"``); else
    ``(None, "none")``. Returns (model or None, ``"file"`` / ``"user"`` / ``"none"``).
    """
    import os

    path = path or os.environ.get(LENS_ENV) or None
    if path:
        return load_camera(path), "file"
    p = default_camera_path()
    if p.is_file():
        return load_camera(p), "user"
    return None, "none"


def guessed_camera(size: tuple[int, int], k1: float = 0.0) -> CameraModel:
    """A pinhole with focal length = frame width (px), centre = frame centre and
    radial term ``k1`` (OpenCV's dist = [k1, 0, 0, 0, 0]). size: (width, height) px."""
    w, h = size
    K = np.array([[float(w), 0.0, w / 2.0], [0.0, float(w), h / 2.0], [0.0, 0.0, 1.0]])
    return CameraModel(K, np.array([k1, 0.0, 0.0, 0.0, 0.0]), (int(w), int(h)))


@dataclass(frozen=True)
class LensEstimate:
    """Result of :func:`estimate_radial`.

    k1: the fitted radial term (0 when none was needed). camera: the guessed model
    with it (None when k1 = 0 fits as well). rms_plain_mm / rms_mm: fiducial
    reprojection error (mm, mean over the surfaces) without and with the estimate.
    points: fiducial corners used. trusted: the fit explains the fiducials within
    ``max_rms_mm`` (else the view is too distorted to trust uncalibrated).
    """

    k1: float
    camera: CameraModel | None
    rms_plain_mm: float
    rms_mm: float
    points: int
    trusted: bool


def _rms_fit(src: np.ndarray, dst: np.ndarray) -> float:
    import cv2

    H, _ = cv2.findHomography(src, dst, 0)
    if H is None or not np.all(np.isfinite(H)):
        return float("inf")
    q = cv2.perspectiveTransform(src.reshape(-1, 1, 2), H).reshape(-1, 2)
    return float(np.sqrt(np.mean(np.sum((q - dst) ** 2, axis=1))))


def _cost(groups, size, k1) -> float:
    """Mean over the surfaces of the rms (mm) of a plain least-squares homography over
    the fiducial corners (no RANSAC: a lens bends every fiducial). With 4 or more
    fiducials the best fit leaving one out counts (a misread or bent corner)."""
    cam = guessed_camera(size, k1) if k1 else None
    costs = []
    for fids, layout, surface in groups:
        specs = {f.id: f for f in layout.fiducials(surface)}
        seen = [f for f in fids if f.id in specs]
        src = np.array([c for f in seen for c in f.corners_px], np.float64).reshape(-1, 2)
        dst = np.array([c for f in seen for c in specs[f.id].corners_mm], np.float64).reshape(-1, 2)
        if len(src) < 12:
            return float("inf")
        if cam is not None:
            src = cam.undistort_points(src)
        best = _rms_fit(src, dst)
        if len(seen) >= 4:
            for i in range(len(seen)):
                keep = np.ones(len(src), bool)
                keep[4 * i:4 * i + 4] = False
                best = min(best, _rms_fit(src[keep], dst[keep]))
        costs.append(best)
    return float(np.mean(costs))


def estimate_radial(groups, size: tuple[int, int], max_rms_mm: float = 1.5,
                    min_fiducials: int = 3) -> LensEstimate | None:
    """Estimate k1 from corner fiducials whose printed places (mm) are known.

    groups: ``[(fiducials, layout, surface)]`` (``calibration.fiducials.Fiducial``
    lists per surface); only surfaces with >= ``min_fiducials`` fiducials count.
    size: frame (width, height) px. Minimises the surfaces' mean reprojection error
    (mm; a surface with 4 fiducials may leave its worst one out) over k1 in :data:`K1_RANGE` (grid, then golden section). Returns None when
    no surface has enough fiducials.
    """
    groups = [g for g in groups if len({f.id for f in g[0]}) >= min_fiducials]
    if not groups:
        return None
    plain = _cost(groups, size, 0.0)
    grid = np.linspace(*K1_RANGE, 19)
    costs = [_cost(groups, size, float(k)) for k in grid]
    i = int(np.argmin(costs))
    a, b = grid[max(0, i - 1)], grid[min(len(grid) - 1, i + 1)]
    g = (5 ** 0.5 - 1) / 2
    c, d = b - g * (b - a), a + g * (b - a)
    fc, fd = _cost(groups, size, c), _cost(groups, size, d)
    for _ in range(18):
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - g * (b - a)
            fc = _cost(groups, size, c)
        else:
            a, c, fc = c, d, fd
            d = a + g * (b - a)
            fd = _cost(groups, size, d)
    k1 = float((a + b) / 2)
    best = _cost(groups, size, k1)
    points = sum(4 * len(g[0]) for g in groups)
    if not best < 0.8 * plain:  # no real gain: keep the plain homography
        return LensEstimate(0.0, None, plain, plain, points, plain <= max_rms_mm)
    return LensEstimate(k1, guessed_camera(size, k1), plain, best, points, best <= max_rms_mm)


def estimate_from_frame(image: np.ndarray, layouts) -> LensEstimate | None:
    """:func:`estimate_radial` from the corner fiducials found in one frame (BGR or
    grey uint8). layouts: the game's table layouts (calibration.layouts.Layout, or
    their names). Returns None when no surface shows >= 3 fiducials."""
    import cv2

    from .fiducials import detect_fiducials
    from .layouts import load_layout

    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    fids = detect_fiducials(gray)
    groups = []
    for name in layouts:
        lay = load_layout(name) if isinstance(name, str) else name
        by_surface: dict[str, list] = {}
        for spec in lay.fiducials():
            by_surface.setdefault(spec.surface, [])
        ids = {spec.id: spec.surface for spec in lay.fiducials()}
        for f in fids:
            if f.id in ids:
                by_surface[ids[f.id]].append(f)
        groups += [(fs, lay, sf) for sf, fs in by_surface.items() if fs]
    h, w = gray.shape[:2]
    return estimate_radial(groups, (w, h))


def describe(estimate: LensEstimate | None, source: str) -> str:
    """One line for the user: which lens model is used (source: ``"file"``,
    ``"user"``, ``"none"``) or why the view cannot be trusted."""
    from companion.clitext import number, tx

    if source == "user":
        return tx("lens.yours", "lens: calibrated model (your calibration)")
    if source == "file":
        return tx("lens.file", "lens: calibrated model")
    if estimate is None:
        return tx("lens.too_few", "lens: not calibrated; too few corner fiducials in view to estimate it")
    if not estimate.trusted:
        return tx("lens.distorted", "lens: the view is too distorted to trust without a calibrated lens (corners off "
                  "by {mm} mm even after correcting): run `companion calibrate camera`", mm=number(estimate.rms_mm, 1))
    if estimate.camera is None:
        return tx("lens.straight", "lens: not calibrated; the corner fiducials show no distortion worth correcting")
    return tx("lens.estimated", "lens: not calibrated; distortion estimated from the corner fiducials (k1 {k1}, "
              "corners {before} -> {after} mm)", k1=f"{estimate.k1:+.2f}", before=f"{estimate.rms_plain_mm:.1f}",
              after=f"{estimate.rms_mm:.1f}")


def focal_from_homography(H_mm_to_px: np.ndarray, centre_px: tuple[float, float]) -> float | None:
    """Focal length (px) of a pinhole camera (square pixels, principal point
    ``centre_px``) from one plane's homography mm -> undistorted px, by the two
    constraints that the plane's axes are orthogonal and of equal length seen from
    the camera. None when the view is too close to straight down to tell (the
    constraints vanish) or gives no real focal length."""
    T = np.array([[1.0, 0.0, -centre_px[0]], [0.0, 1.0, -centre_px[1]], [0.0, 0.0, 1.0]])
    h = T @ np.asarray(H_mm_to_px, np.float64)
    h = h / np.linalg.norm(h[:, :2])
    a = np.array([h[0, 0] * h[0, 1] + h[1, 0] * h[1, 1],
                  h[0, 0] ** 2 + h[1, 0] ** 2 - h[0, 1] ** 2 - h[1, 1] ** 2])
    b = np.array([h[2, 0] * h[2, 1], h[2, 0] ** 2 - h[2, 1] ** 2])
    if float(a @ a) == 0.0 or float(np.abs(b).max()) < 1e-12:
        return None
    w = -float(a @ b) / float(a @ a)   # 1 / f^2
    if not w > 0:
        return None
    return float(1.0 / np.sqrt(w))


def camera_centre_mm(H_mm_to_px: np.ndarray, K: np.ndarray) -> np.ndarray:
    """The camera's optical centre in a surface's frame: ``(x_mm, y_mm, height_mm)``
    with height the distance above the surface's plane (> 0).

    H_mm_to_px: 3x3 homography surface mm -> undistorted px. K: 3x3 intrinsics.
    Decomposes ``K^-1 H = s [r1 r2 t]`` and returns ``-R^T t``.
    """
    M = np.linalg.solve(K, np.asarray(H_mm_to_px, np.float64))
    s = 2.0 / (np.linalg.norm(M[:, 0]) + np.linalg.norm(M[:, 1]))
    if M[2, 2] * s < 0:   # the surface is in front of the camera: t_z > 0
        s = -s
    r1, r2, t = M[:, 0] * s, M[:, 1] * s, M[:, 2] * s
    r3 = np.cross(r1, r2)
    R = np.column_stack([r1, r2, r3])
    u, _sv, vt = np.linalg.svd(R)     # nearest rotation
    R = u @ vt
    c = -R.T @ t
    return np.array([c[0], c[1], abs(c[2])])


def onto_surface(x_mm: float, y_mm: float, height_mm: float, centre: np.ndarray) -> tuple[float, float]:
    """A point seen at (x_mm, y_mm) on a surface's plane that really lies
    ``height_mm`` above it (a tag on top of a piece), moved back to the spot of the
    surface under it: towards the camera centre ``(cx, cy, cz)`` (mm) by
    ``height_mm / cz`` of the distance (similar triangles)."""
    cx, cy, cz = (float(v) for v in centre)
    if height_mm <= 0 or cz <= height_mm:
        return x_mm, y_mm
    k = (cz - height_mm) / cz
    return cx + (x_mm - cx) * k, cy + (y_mm - cy) * k
