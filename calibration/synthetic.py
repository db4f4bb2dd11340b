"""Synthetic camera views with a known pose (for tests, benchmarks and docs).

The reference setup (docs/calibration.md, "The reference setup"; issue 10): a camera
of 3840x2160 px 1.0-1.1 m above the middle of the table looking straight down, with a
72-85 degree horizontal field of view; the constants below are its worst end
(1.1 m up, 72 degrees: the frame's centre row spans about 1.6 m of table, 0.9 m
deep). The older tilted view of issue 3 (about 0.7 m up, 20-35 degrees from
straight down, about 1.0 x 0.56 m in view) is kept as ``TILTED_*`` for the tests and
benchmarks of tilted views. :func:`reference_homography` builds the exact surface-mm
-> image-px homography of such a pinhole camera; :func:`render_view` warps a flat
drawing of a board or mat (with tags pasted on) through it, with blur and sensor
noise.
"""

from __future__ import annotations

import math

import numpy as np

from .layouts import load_layout
from .tags import surface_image

REFERENCE_FRAME = (3840, 2160)
#: the reference camera: height above the table (mm), tilt from straight down
#: (degrees) and horizontal field of view (degrees), at the worst end of the range
REFERENCE_HEIGHT_MM = 1100.0
REFERENCE_TILT_DEG = 0.0
REFERENCE_FOV_DEG = 72.0
#: table width (mm) the reference frame's centre row spans: 2 h tan(FOV / 2)
REFERENCE_VIEW_WIDTH_MM = 2 * REFERENCE_HEIGHT_MM * math.tan(math.radians(REFERENCE_FOV_DEG / 2))
#: the old tilted view (issue 3), for tests and benchmarks of tilted cameras
TILTED_HEIGHT_MM = 700.0
TILTED_VIEW_WIDTH_MM = 1000.0


def reference_homography(target_mm: tuple[float, float], tilt_deg: float = REFERENCE_TILT_DEG,
                         frame: tuple[int, int] = REFERENCE_FRAME, height_mm: float = REFERENCE_HEIGHT_MM,
                         view_width_mm: float = REFERENCE_VIEW_WIDTH_MM, yaw_deg: float = 0.0) -> np.ndarray:
    """3x3 homography surface mm -> image px of a pinhole camera.

    The camera stands ``height_mm`` above the surface on the player's side
    (larger y), tilted ``tilt_deg`` from straight down, its optical axis through
    ``target_mm`` (surface mm), turned ``yaw_deg`` about the vertical. The focal
    length is chosen so the image's centre row spans ``view_width_mm`` of table.
    Defaults: the reference setup (straight down, 1.1 m, 72 degrees, 4K).
    """
    t = math.radians(tilt_deg)
    w, h = frame
    dist = height_mm / math.cos(t)
    f = w * dist / view_width_mm
    K = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1.0]])
    tx, ty = target_mm
    # Right-handed surface frame: x right, y towards the player, z into the table.
    C = np.array([tx, ty + height_mm * math.tan(t), -height_mm])
    zc = np.array([0.0, -math.sin(t), math.cos(t)])
    xc = np.array([1.0, 0.0, 0.0])
    yc = np.cross(zc, xc)
    R = np.stack([xc, yc, zc])
    a = math.radians(yaw_deg)
    Rz = np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])
    R = R @ Rz.T
    C = np.array([tx, ty, 0.0]) + Rz @ (C - np.array([tx, ty, 0.0]))
    P = K @ np.hstack([R, (-R @ C)[:, None]])
    H = P[:, [0, 1, 3]]
    return H / H[2, 2]


def local_scale(H_mm_to_px: np.ndarray, x_mm: float, y_mm: float) -> float:
    """px per mm at a surface point: sqrt(|det J|) of the mm -> px map."""
    def proj(x, y):
        q = H_mm_to_px @ np.array([x, y, 1.0])
        return q[:2] / q[2]
    e = 0.5
    J = np.stack([(proj(x_mm + e, y_mm) - proj(x_mm - e, y_mm)) / (2 * e),
                  (proj(x_mm, y_mm + e) - proj(x_mm, y_mm - e)) / (2 * e)], axis=1)
    return float(math.sqrt(abs(np.linalg.det(J))))


def render_view(layout_name: str, surface: str, H_mm_to_px: np.ndarray, frame: tuple[int, int],
                items=(), src_px_per_mm: float = 4.0, margin_mm: float = 120.0, blur_sigma: float = 0.7,
                noise_sigma: float = 2.0, background: int = 110, hide: tuple[int, ...] = (),
                seed: int = 0) -> np.ndarray:
    """A grey camera frame (uint8, shape (h, w)) of one surface seen through
    ``H_mm_to_px``.

    items: ``(image, (x_mm, y_mm))`` pairs: square uint8 tag images drawn at
    ``src_px_per_mm`` (e.g. ``tag_image(game, cid, src_px_per_mm)``) pasted with their
    centre at that surface point (may lie up to ``margin_mm`` outside the outline).
    hide: fiducial ids painted over (a hand or a lost sticker). The flat drawing is
    warped (bilinear), blurred (Gaussian, px) and given Gaussian noise (grey levels).
    """
    import cv2

    layout = load_layout(layout_name)
    s = src_px_per_mm
    flat = surface_image(layout_name, surface, s)
    m = round(margin_mm * s)
    canvas = np.full((flat.shape[0] + 2 * m, flat.shape[1] + 2 * m), background + 40, np.uint8)
    canvas[m:m + flat.shape[0], m:m + flat.shape[1]] = flat
    for f in layout.fiducials(surface):
        if f.id in hide:
            half = f.side_mm * 0.75
            x0, y0 = (round((f.centre_mm[0] - half) * s) + m, round((f.centre_mm[1] - half) * s) + m)
            x1, y1 = (round((f.centre_mm[0] + half) * s) + m, round((f.centre_mm[1] + half) * s) + m)
            canvas[max(y0, 0):y1, max(x0, 0):x1] = 90
    for img, (x, y) in items:
        n0, n1 = img.shape[:2]
        x0, y0 = round(x * s - n1 / 2) + m, round(y * s - n0 / 2) + m
        if x0 < 0 or y0 < 0 or y0 + n0 > canvas.shape[0] or x0 + n1 > canvas.shape[1]:
            raise ValueError(f"item at ({x}, {y}) mm lies outside the drawn area")
        canvas[y0:y0 + n0, x0:x0 + n1] = img
    # canvas px (u, v) shows mm ((u + 0.5) / s - margin, (v + 0.5) / s - margin)
    T = np.array([[1 / s, 0, 0.5 / s - margin_mm], [0, 1 / s, 0.5 / s - margin_mm], [0, 0, 1]])
    M = H_mm_to_px @ T
    # pixel-centre convention of warpPerspective: dst (x, y) <- src M^-1 (x, y)
    out = cv2.warpPerspective(canvas, M, frame, flags=cv2.INTER_AREA | cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_CONSTANT, borderValue=background)
    if blur_sigma > 0:
        out = cv2.GaussianBlur(out, (0, 0), blur_sigma)
    if noise_sigma > 0:
        rng = np.random.default_rng(seed)
        out = np.clip(out.astype(np.float32) + rng.normal(0, noise_sigma, out.shape), 0, 255).astype(np.uint8)
    return out
