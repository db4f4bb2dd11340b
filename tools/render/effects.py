"""Camera-like image effects for rendered frames, every one seeded and deterministic.

All functions take and return 8-bit BGR frames (H, W, 3) unless they say otherwise;
randomness comes only from the ``numpy.random.Generator`` passed in, so the same seed
gives the same frame bit for bit.

Modelled: uneven light (a linear gradient times a vignette), glare spots (additive
elliptical blobs that saturate), defocus blur (Gaussian, sigma in px), motion blur
(line kernel, length in px), sensor noise (signal-dependent Gaussian: read noise plus
shot noise), JPEG compression, and a hand (skin-coloured arm and palm polygon).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Effects:
    """Effect parameters of one frame.

    light_gradient: brightness change across the frame (0 = even, 0.3 = +-15%).
    vignette: darkening at the corners (0 = none, 0.3 = 30% darker corners).
    glare_spots: number of glare blobs; glare_radius_px: their mean radius (px).
    defocus_sigma: Gaussian blur sigma (px, 0 = sharp).
    motion_px: motion-blur length (px, 0 = none).
    noise_sigma: read-noise standard deviation (grey levels of 255).
    jpeg_quality: JPEG round trip quality 1..100, or None for none.
    bayer: the sensor sees through an RGGB colour filter (noise per photosite, then
    demosaiced as a camera does). sharpen: the camera's own unsharp mask amount
    (0 = none; phone cameras use about 0.5-1.5), applied after demosaicing.
    """

    light_gradient: float = 0.25
    vignette: float = 0.25
    glare_spots: int = 0
    glare_radius_px: float = 40.0
    defocus_sigma: float = 0.6
    motion_px: float = 0.0
    noise_sigma: float = 2.0
    jpeg_quality: int | None = 85
    bayer: bool = False
    sharpen: float = 0.0

    def __post_init__(self):
        if self.jpeg_quality is not None and not 1 <= self.jpeg_quality <= 100:
            raise ValueError(f"jpeg_quality must be 1..100 or None, got {self.jpeg_quality}")
        for name in ("light_gradient", "vignette", "glare_radius_px", "defocus_sigma",
                     "motion_px", "noise_sigma", "sharpen"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must be >= 0")
        if self.glare_spots < 0:
            raise ValueError("glare_spots must be >= 0")


CLEAN = Effects(light_gradient=0.0, vignette=0.0, glare_spots=0, defocus_sigma=0.0,
                motion_px=0.0, noise_sigma=0.0, jpeg_quality=None)
"""No effect at all: the geometric rendering only (for geometry tests)."""


def light_field(shape: tuple[int, int], rng: np.random.Generator,
                gradient: float, vignette: float) -> np.ndarray:
    """Multiplicative gain (H, W) float32 around 1.0: a linear gradient in a random
    direction (total change ``gradient``) times a radial vignette."""
    h, w = shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    xx = (xx - w / 2) / (w / 2)
    yy = (yy - h / 2) / (w / 2)
    a = rng.uniform(0, 2 * math.pi)
    g = 1.0 + 0.5 * gradient * (math.cos(a) * xx + math.sin(a) * yy)
    r2 = (xx * xx + yy * yy) / (1.0 + (h / w) ** 2)
    v = 1.0 - vignette * r2
    return (g * v).astype(np.float32)


def glare_field(shape: tuple[int, int], rng: np.random.Generator, n_spots: int,
                radius_px: float) -> np.ndarray:
    """Additive glare (H, W) float32 in grey levels: ``n_spots`` elliptical Gaussian
    blobs, each with a flat saturated core (>= 255 added) and a soft rim."""
    h, w = shape
    out = np.zeros((h, w), np.float32)
    for _ in range(n_spots):
        cx, cy = rng.uniform(0.05 * w, 0.95 * w), rng.uniform(0.05 * h, 0.95 * h)
        rx = radius_px * rng.uniform(0.6, 1.6)
        ry = rx * rng.uniform(0.4, 1.0)
        ang = rng.uniform(0, math.pi)
        x0, x1 = int(max(0, cx - 3 * rx)), int(min(w, cx + 3 * rx + 1))
        y0, y1 = int(max(0, cy - 3 * rx)), int(min(h, cy + 3 * rx + 1))
        if x1 <= x0 or y1 <= y0:
            continue
        yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
        dx, dy = xx - cx, yy - cy
        u = (dx * math.cos(ang) + dy * math.sin(ang)) / rx
        v = (-dx * math.sin(ang) + dy * math.cos(ang)) / ry
        d2 = u * u + v * v
        out[y0:y1, x0:x1] += 420.0 * np.exp(-0.5 * d2 * 1.5)
    return out


def defocus(img: np.ndarray, sigma: float) -> np.ndarray:
    """Gaussian defocus blur with ``sigma`` px (0 = unchanged)."""
    if sigma <= 0:
        return img
    return cv2.GaussianBlur(img, (0, 0), sigma)


def motion_blur(img: np.ndarray, length_px: float, angle_deg: float) -> np.ndarray:
    """Linear motion blur of ``length_px`` px along ``angle_deg`` (0 = unchanged)."""
    if length_px < 1:
        return img
    n = int(math.ceil(length_px)) | 1
    k = np.zeros((n, n), np.float32)
    c = n // 2
    dx, dy = math.cos(math.radians(angle_deg)), math.sin(math.radians(angle_deg))
    for i in np.linspace(-length_px / 2, length_px / 2, 2 * n):
        k[int(round(c + i * dy)), int(round(c + i * dx))] = 1.0
    k /= k.sum()
    return cv2.filter2D(img, -1, k)


def sensor_noise(img: np.ndarray, rng: np.random.Generator, sigma: float) -> np.ndarray:
    """Add read noise (``sigma`` grey levels) plus shot noise growing with the
    square root of the signal; result clipped to 0..255 uint8."""
    if sigma <= 0:
        return img
    f = img.astype(np.float32)
    std = np.sqrt(sigma * sigma + 0.02 * f)
    f += rng.standard_normal(f.shape, dtype=np.float32) * std
    return np.clip(f, 0, 255).astype(np.uint8)


def jpeg(img: np.ndarray, quality: int | None) -> np.ndarray:
    """JPEG round trip at ``quality`` (1..100); None returns the frame unchanged."""
    if quality is None:
        return img
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    if not ok:  # pragma: no cover - OpenCV always encodes a valid uint8 image
        raise RuntimeError("JPEG encoding failed")
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


# -- hand ----------------------------------------------------------------------------
SKIN_TONES_BGR = ((120, 160, 215), (95, 135, 190), (70, 105, 160), (60, 85, 125),
                  (140, 175, 225))


@dataclass(frozen=True)
class Hand:
    """A hand reaching over the table, in table mm.

    entry_mm: where the forearm crosses the frame edge; tip_mm: the fingertips;
    width_mm: forearm width (a palm is 1.2x wider); tone: BGR skin colour.
    """

    entry_mm: tuple[float, float]
    tip_mm: tuple[float, float]
    width_mm: float = 85.0
    tone: tuple[int, int, int] = SKIN_TONES_BGR[0]

    def polygon_mm(self) -> np.ndarray:
        """Outline (N, 2) mm: forearm from the entry point, a palm and four fingers."""
        e = np.asarray(self.entry_mm, float)
        t = np.asarray(self.tip_mm, float)
        d = t - e
        L = float(np.hypot(*d))
        if L < 1e-6:
            d, L = np.array([0.0, -1.0]), 1.0
        u = d / L
        n = np.array([-u[1], u[0]])
        w = self.width_mm / 2
        palm_len = 1.1 * self.width_mm
        finger = 0.75 * self.width_mm
        wrist = t - u * (palm_len + finger)
        pw = 1.2 * w
        back = e - u * 400.0  # the arm continues outside the frame
        pts = [back + n * w, wrist + n * w * 0.9, wrist + u * palm_len * 0.5 + n * pw]
        # four fingers: tips (even) and the valleys between them (odd)
        base = wrist + u * palm_len
        reach = (0.85, 1.0, 0.95, 0.75)
        for i, s in enumerate(np.linspace(0.9 * pw, -0.9 * pw, 7)):
            k = finger * (reach[i // 2] if i % 2 == 0 else 0.15)
            pts.append(base + n * s + u * k)
        pts += [wrist + u * palm_len * 0.5 - n * pw, wrist - n * w * 0.9, back - n * w]
        return np.array(pts, float)


def random_hand(rng: np.random.Generator, frame_mm: np.ndarray,
                target_mm: tuple[float, float] | None = None) -> Hand:
    """A hand entering from the near or a side edge of the frame's footprint
    ``frame_mm`` ((4, 2) TL, TR, BR, BL in mm) and reaching ``target_mm`` (a random
    point inside the footprint when None)."""
    tl, tr, br, bl = (np.asarray(p, float) for p in frame_mm)
    if target_mm is None:
        a, b = rng.uniform(0.2, 0.8, 2)
        top = tl + (tr - tl) * a
        bot = bl + (br - bl) * a
        target = top + (bot - top) * b
    else:
        target = np.asarray(target_mm, float)
    edge = int(rng.integers(0, 3))  # 0 near edge, 1 left, 2 right
    s = float(rng.uniform(0.2, 0.8))
    entry = {0: bl + (br - bl) * s, 1: tl + (bl - tl) * (0.4 + 0.6 * s),
             2: tr + (br - tr) * (0.4 + 0.6 * s)}[edge]
    tone = SKIN_TONES_BGR[int(rng.integers(0, len(SKIN_TONES_BGR)))]
    return Hand(entry_mm=tuple(entry), tip_mm=tuple(target),
                width_mm=float(rng.uniform(75, 95)), tone=tone)


def draw_hand(img: np.ndarray, polygon_px: np.ndarray, tone: tuple[int, int, int],
              rng: np.random.Generator) -> np.ndarray:
    """Fill the hand polygon (N, 2) px on ``img`` in place with a shaded skin colour.

    Returns the hand mask (H, W) uint8 (255 = covered by the hand)."""
    h, w = img.shape[:2]
    mask = np.zeros((h, w), np.uint8)
    pts = np.round(polygon_px * 16).astype(np.int32).reshape(-1, 1, 2)
    cv2.fillPoly(mask, [pts], 255, lineType=cv2.LINE_8, shift=4)
    ys, xs = np.nonzero(mask)
    if len(ys) == 0:
        return mask
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    sub = mask[y0:y1, x0:x1] > 0
    # soft shading: a blurred copy of the mask darkens the rim (a rounded arm)
    shade = cv2.GaussianBlur(mask[y0:y1, x0:x1].astype(np.float32) / 255.0, (0, 0),
                             max(2.0, 0.02 * max(y1 - y0, x1 - x0)))
    base = np.array(tone, np.float32) * float(rng.uniform(0.9, 1.05))
    col = base[None, None, :] * (0.65 + 0.4 * shade[..., None])
    region = img[y0:y1, x0:x1]
    region[sub] = np.clip(col[sub], 0, 255).astype(np.uint8)
    return mask


def apply_effects(img: np.ndarray, fx: Effects, rng: np.random.Generator,
                  glare: np.ndarray | None = None, light: np.ndarray | None = None) -> np.ndarray:
    """Apply light, glare, blur, noise and JPEG to a clean BGR frame.

    glare / light: precomputed fields (a fixed lamp over a recording); when None they
    are drawn here from ``rng`` (glare only when fx.glare_spots > 0).
    Returns the new uint8 BGR frame; ``img`` is not changed."""
    h, w = img.shape[:2]
    f = img.astype(np.float32)
    if light is None and (fx.light_gradient > 0 or fx.vignette > 0):
        light = light_field((h, w), rng, fx.light_gradient, fx.vignette)
    if light is not None:
        f *= light[..., None]
    if glare is None and fx.glare_spots > 0:
        glare = glare_field((h, w), rng, fx.glare_spots, fx.glare_radius_px)
    if glare is not None:
        f += glare[..., None]
    out = np.clip(f, 0, 255).astype(np.uint8)
    out = defocus(out, fx.defocus_sigma)
    if fx.motion_px >= 1:
        out = motion_blur(out, fx.motion_px, float(rng.uniform(0, 180)))
    if fx.bayer:
        out = bayer_sensor(out, rng, fx.noise_sigma)
    else:
        out = sensor_noise(out, rng, fx.noise_sigma)
    if fx.sharpen > 0:
        blur = cv2.GaussianBlur(out, (0, 0), 1.0)
        out = cv2.addWeighted(out, 1.0 + fx.sharpen, blur, -fx.sharpen, 0)
    return jpeg(out, fx.jpeg_quality)


def bayer_sensor(img: np.ndarray, rng: np.random.Generator, sigma: float) -> np.ndarray:
    """A BGR frame seen through an RGGB Bayer filter: one colour per photosite, read
    and shot noise there (as :func:`sensor_noise`), then OpenCV's demosaicing
    (bilinear), which spreads each photosite's noise and colour into its neighbours."""
    h, w = img.shape[:2]
    mosaic = np.empty((h, w), np.uint8)
    mosaic[0::2, 0::2] = img[0::2, 0::2, 2]   # R
    mosaic[0::2, 1::2] = img[0::2, 1::2, 1]   # G
    mosaic[1::2, 0::2] = img[1::2, 0::2, 1]   # G
    mosaic[1::2, 1::2] = img[1::2, 1::2, 0]   # B
    noisy = sensor_noise(mosaic, rng, sigma)
    return cv2.cvtColor(noisy, cv2.COLOR_BayerRGGB2BGR)
