"""Decoding QR symbols (and ArUco fiducials) in grey frames.

Backends:
- ``"zxing"`` (default): zxing-cpp restricted to QR Code Model 2 (and Model 1). In
  zxing-cpp 3 the ``QRCode`` format is a *family* that also contains Micro QR and
  rMQR; we never print those and Micro QR produced false payloads on upscaled frames
  in the baseline, so they are excluded.
- ``"pyzbar"``: ZBar through pyzbar, QR only (the design card's alternative).

Pre-processing (``prep``): ``"none"``, ``"sharpen"`` (unsharp mask), ``"up2"`` (2x
cubic upscale), ``"sharpen_up2"``, ``"sharpen_up3"``, ``"deblur_up2"``, ``"deblur_up3"``
(a strong unsharp mask at the frame's scale, then a 2x/3x cubic upscale). The pipeline
decodes the whole frame with a cheap prep and then *rescues* what is left: finder
patterns (the three nested squares of a QR) not explained by a decoded symbol are
grouped (triples shaped like a QR's three corners first), and only those regions are
read again with a ladder of preps chosen by their module size (:func:`preps_for`);
groups of 2-3 finders that zxing-cpp still cannot read go to ZBar (pyzbar) as a second
reader. What still fails is returned as a :class:`Candidate` with a reason (too small,
blurred, glare, unreadable) and the estimated px per module.

All coordinates are frame pixels (x right, y down), float.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field

import numpy as np

from companion.errors import CompanionError

BACKENDS = ("zxing", "pyzbar")
PREPS = ("none", "sharpen", "up2", "sharpen_up2", "sharpen_up3", "deblur_up2", "deblur_up3")

#: below this many px per module a QR is beyond the raw decoder's reach
SMALL_PX_PER_MODULE = 2.5
#: from this many px per module up a candidate region is read downscaled (INTER_AREA)
#: to about TARGET_PX_PER_MODULE: sharpening a large, noisy code amplifies the sensor
#: noise inside its modules until the binariser sees speckles (bugcases/large-modules-
#: noise-sharpen: 0 of 10 read at 24 px per module with noise 4, 10 of 10 downscaled)
LARGE_PX_PER_MODULE = 6.0
TARGET_PX_PER_MODULE = 3.5
#: finder patterns are searched at full size and at this downscale (large codes: a
#: 40 px/module finder is 280 px wide, beyond the full-size search)
FINDER_DOWNSCALE = 4


def preps_for(px_per_module: float) -> tuple[str, ...]:
    """The pre-processings tried on a candidate region, in order, by its module size
    (px): small codes are upscaled and sharpened, mid-sized ones sharpened then read
    as they are, large ones downscaled to ~TARGET_PX_PER_MODULE (``"down"``) and
    read by zxing with its own downscale retry (``"plain"``)."""
    if px_per_module < 3.0:
        return ("deblur_up2", "sharpen_up2", "deblur_up3", "sharpen_up3")
    if px_per_module < 4.0:
        return ("sharpen_up2", "sharpen", "deblur_up2")
    if px_per_module < LARGE_PX_PER_MODULE:
        return ("sharpen", "none")
    return ("down", "plain")


class DecodeError(CompanionError):
    """A bad decoder configuration (unknown backend/prep) or an unusable image."""


@dataclass(frozen=True, eq=False)
class Symbol:
    """One decoded symbol.

    format: ``"QRCode"`` or ``"ArUco"``. text: the raw payload (ArUco: the marker id
    as decimal text, e.g. ``"17"``). corners_px: ``(4, 2)`` float32, the symbol's
    corners in frame px, TL, TR, BR, BL in the symbol's own orientation. backend:
    ``"zxing"``, ``"pyzbar"`` or ``"aruco"``. pass_: which pass found it (``"full"``,
    ``"rescue"``, ``"track"``). dictionary: ArUco dictionary name, else ``""``.
    """

    format: str
    text: str
    corners_px: np.ndarray
    backend: str
    pass_: str = "full"
    dictionary: str = ""

    @property
    def centre(self) -> tuple[float, float]:
        c = self.corners_px.mean(axis=0)
        return float(c[0]), float(c[1])

    @property
    def side_px(self) -> float:
        """Mean side length of the symbol (px)."""
        c = self.corners_px
        return float(np.mean([np.linalg.norm(c[i] - c[(i + 1) % 4]) for i in range(4)]))

    @property
    def angle_deg(self) -> float:
        """Direction of the top edge (TL->TR), counter-clockwise on screen, degrees."""
        d = self.corners_px[1] - self.corners_px[0]
        return float(math.degrees(math.atan2(-d[1], d[0])))

    def to_json(self) -> dict:
        return {"format": self.format, "text": self.text, "backend": self.backend,
                "corners_px": [[round(float(x), 1), round(float(y), 1)]
                               for x, y in self.corners_px], "pass": self.pass_}


@dataclass(frozen=True, eq=False)
class Candidate:
    """Something that looks like a QR symbol but was not decoded.

    corners_px: ``(4, 2)`` float32, bounding quad in frame px. px_per_module: estimate
    from the finder patterns (px). reason: ``"too small"``, ``"blurred"``,
    ``"glare"``, ``"covered"`` (set by the pipeline when a hand is over it) or
    ``"unreadable"``. finders: how many finder patterns were seen (1..3).
    """

    corners_px: np.ndarray
    px_per_module: float
    reason: str
    finders: int = 3

    @property
    def centre(self) -> tuple[float, float]:
        c = self.corners_px.mean(axis=0)
        return float(c[0]), float(c[1])

    def to_json(self) -> dict:
        return {"reason": self.reason, "px_per_module": round(self.px_per_module, 2),
                "finders": self.finders,
                "corners_px": [[round(float(x), 1), round(float(y), 1)]
                               for x, y in self.corners_px]}


def to_gray(image: np.ndarray) -> np.ndarray:
    """BGR/BGRA/grey uint8 -> grey uint8 ``(H, W)``. Raises :class:`DecodeError`."""
    import cv2

    if not isinstance(image, np.ndarray) or image.size == 0 or image.dtype != np.uint8:
        raise DecodeError("decode needs a non-empty uint8 image")
    if image.ndim == 2:
        return image
    if image.ndim == 3 and image.shape[2] == 3:
        return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    if image.ndim == 3 and image.shape[2] == 4:
        return cv2.cvtColor(image, cv2.COLOR_BGRA2GRAY)
    if image.ndim == 3 and image.shape[2] == 1:
        return image[..., 0]
    raise DecodeError(f"decode needs a grey or BGR image, got shape {image.shape}")


def sharpen(gray: np.ndarray, sigma: float = 1.0, amount: float = 0.8) -> np.ndarray:
    """Unsharp mask: ``gray + amount * (gray - blur(gray, sigma))``, uint8."""
    import cv2

    blur = cv2.GaussianBlur(gray, (0, 0), sigma)
    return cv2.addWeighted(gray, 1.0 + amount, blur, -amount, 0)


#: "deblur" preps: a strong unsharp mask at the frame's own scale (sigma px, amount)
#: before the cubic upscale. At 2-2.5 px per module a defocused module is a grey
#: blur of its neighbours; the mild sharpen after upscaling leaves it grey, this
#: one pushes it back to black or white (dev scenes, oracle crops: 97% read against
#: 83% for sharpen_up2; benchmarks/vision/run.py reports the held-out scenes apart)
DEBLUR = {"deblur_up2": (0.8, 6.0, 2), "deblur_up3": (0.8, 6.0, 3)}


def deblur(gray: np.ndarray, sigma: float, amount: float) -> np.ndarray:
    """Strong unsharp mask in float: ``gray + amount * (gray - blur(gray, sigma))``,
    clipped to uint8 (px, grey levels)."""
    import cv2

    g = gray.astype(np.float32)
    out = g + amount * (g - cv2.GaussianBlur(g, (0, 0), sigma))
    return np.clip(out, 0, 255).astype(np.uint8)


def prepare(gray: np.ndarray, prep: str) -> tuple[np.ndarray, float]:
    """Apply a pre-processing; returns ``(image, scale)`` with image px = frame px * scale."""
    import cv2

    if prep in DEBLUR:
        sigma, amount, f = DEBLUR[prep]
        up = cv2.resize(deblur(gray, sigma, amount), None, fx=f, fy=f, interpolation=cv2.INTER_CUBIC)
        return up, float(f)
    if prep == "none":
        return gray, 1.0
    if prep == "sharpen":
        return sharpen(gray), 1.0
    if prep in ("up2", "sharpen_up2"):
        up = cv2.resize(gray, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
        return (sharpen(up, sigma=1.5) if prep == "sharpen_up2" else up), 2.0
    if prep == "sharpen_up3":
        up = cv2.resize(gray, None, fx=3, fy=3, interpolation=cv2.INTER_CUBIC)
        return sharpen(up, sigma=2.0), 3.0
    raise DecodeError(f"unknown prep {prep!r}; choose one of {', '.join(PREPS)}")


# ---------------------------------------------------------------------------------
# raw backends


def _downscaled(gray: np.ndarray, factor: float) -> tuple[np.ndarray, float]:
    """``gray`` shrunk by ``factor`` (INTER_AREA: averages the noise away); returns
    ``(image, scale)`` with image px = frame px * scale."""
    import cv2

    if factor <= 1.0:
        return gray, 1.0
    h, w = gray.shape[:2]
    nw, nh = max(1, int(round(w / factor))), max(1, int(round(h / factor)))
    return cv2.resize(gray, (nw, nh), interpolation=cv2.INTER_AREA), nw / w


def _zxing_read(img: np.ndarray, fast: bool) -> list[tuple[str, str, np.ndarray]]:
    import zxingcpp

    fmts = [zxingcpp.QRCodeModel2, zxingcpp.QRCodeModel1]
    kw = dict(try_rotate=False, try_downscale=False, try_invert=False) if fast else {}
    kw["text_mode"] = zxingcpp.TextMode.Plain  # the raw payload, no "<SOH>" renderings
    out = []
    for r in zxingcpp.read_barcodes(img, formats=fmts, **kw):
        if not r.valid:
            continue
        p = r.position
        pts = np.array([[p.top_left.x, p.top_left.y], [p.top_right.x, p.top_right.y],
                        [p.bottom_right.x, p.bottom_right.y],
                        [p.bottom_left.x, p.bottom_left.y]], np.float32)
        out.append(("QRCode", r.text, pts))
    return out


def _pyzbar_read(img: np.ndarray, fast: bool) -> list[tuple[str, str, np.ndarray]]:
    from pyzbar import pyzbar

    out = []
    for r in pyzbar.decode(img, symbols=[pyzbar.ZBarSymbol.QRCODE]):
        try:
            text = r.data.decode("utf-8")
        except UnicodeDecodeError:
            text = r.data.decode("latin-1")
        poly = np.array([(p.x, p.y) for p in r.polygon], np.float32)
        if len(poly) != 4:
            x, y, w, h = r.rect
            poly = np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)
        # ZBar's polygon runs counter-clockwise from any corner: put it in the
        # symbol's own order (zxing-cpp reports that order itself)
        out.append(("QRCode", text, orient_qr(img, poly)))
    return out


_READERS = {"zxing": _zxing_read, "pyzbar": _pyzbar_read}


#: side (px) of the square a QR quad is warped to when its orientation is checked
_ORIENT_SIDE = 56
#: fraction of the side each corner patch covers (a version 1-3 finder is 0.24-0.33)
_ORIENT_PATCH = 0.27
#: how much less alike (mean correlation) the BR corner must be than the next
_ORIENT_MARGIN = 0.1


def orient_qr(img: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """A QR symbol's corners ``(4, 2)`` px of ``img`` (grey) put in the symbol's own
    order: TL, TR, BR, BL, clockwise on screen as a code seen from the front is.

    ZBar's polygon runs counter-clockwise from whichever corner it met first
    (measured on rotated codes: every start occurs); zxing-cpp already reports the
    symbol's order. The order decides a tag's angle, and with it where a story tile
    lies: a footprint built from the wrong corner is 90 or 180 degrees off (issue 10).
    The quad is warped to a square; the three corners with a finder pattern look
    alike and the fourth (BR) does not: each corner's patch, mirrored so that its
    corner is top-left, is compared with the other three (normalised correlation)
    and the least alike is BR. When no corner stands out by ``_ORIENT_MARGIN`` (a
    blank or washed-out square) the first corner is kept, the order made clockwise.
    Measured on 991 ZBar reads of rotated synthetic codes at 2-4 px per module
    (blur 0.6-1.2 px, noise, JPEG 80): all in the right order, none near the margin.
    Returns a new ``(4, 2)`` float32 array.
    """
    import cv2

    q = np.asarray(pts, np.float32).reshape(4, 2)
    area = float(sum(q[i, 0] * q[(i + 1) % 4, 1] - q[(i + 1) % 4, 0] * q[i, 1] for i in range(4)))
    if area < 0:   # counter-clockwise on screen (y down): the reader went the other way
        q = q[[0, 3, 2, 1]]
    n = _ORIENT_SIDE
    # corners onto pixel centres 0 and n-1, so that a mirrored patch samples alike
    dst = np.float32([[0, 0], [n - 1, 0], [n - 1, n - 1], [0, n - 1]])
    try:
        H = cv2.getPerspectiveTransform(q, dst)
        sq = cv2.warpPerspective(img, H, (n, n), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_REPLICATE)
    except cv2.error:
        return q.copy()
    if sq.ndim == 3:
        sq = cv2.cvtColor(sq, cv2.COLOR_BGR2GRAY)
    k = max(4, int(round(_ORIENT_PATCH * n)))
    sq = sq.astype(np.float32)
    patches = [sq[:k, :k], sq[:k, n - k:][:, ::-1], sq[n - k:, n - k:][::-1, ::-1], sq[n - k:, :k][::-1]]
    z = []
    for p in patches:
        v = p.ravel() - p.mean()
        norm = float(np.linalg.norm(v))
        if norm < 1e-3:
            return q.copy()
        z.append(v / norm)
    c = np.array([[float(a @ b) for b in z] for a in z])
    like = np.array([(c[i].sum() - 1.0) / 3.0 for i in range(4)])
    order = np.argsort(like)
    if like[order[1]] - like[order[0]] < _ORIENT_MARGIN:
        return q.copy()
    return np.roll(q, 2 - int(order[0]), axis=0).copy()


# ---------------------------------------------------------------------------------
# finder patterns (for rescue and for the "why not decoded" report)


#: Largest elongation (long side / short side of the outer square's smallest
#: enclosing rectangle) of a finder pattern: a square seen slanted and sheared (the
#: far corners of a stand's view, 0.6-0.8 m up and tilted 20-35 degrees, through a
#: lens with barrel distortion) reaches 1.9
FINDER_ASPECT = 2.2


@dataclass(frozen=True)
class Finder:
    """A QR finder pattern: centre (px), side (px, outer 7-module square)."""

    x: float
    y: float
    side: float


def noise_sigma(gray: np.ndarray) -> float:
    """Sensor noise estimate (grey levels): the median absolute difference of
    horizontally neighbouring pixels (robust to edges), on a sample of rows."""
    rows = gray[:: max(1, gray.shape[0] // 256)].astype(np.int16)
    if rows.shape[1] < 2:
        return 0.0
    d = np.abs(np.diff(rows, axis=1))
    return float(np.median(d)) / (0.6745 * math.sqrt(2.0))


def find_finders(gray: np.ndarray, max_side: float = 200.0) -> list[Finder]:
    """Finder-pattern candidates: dark squares holding a light ring holding a dark core.

    Works on a locally thresholded image with the contour hierarchy (3 nested
    levels, near-square, core about 3/7 of the outer side). Side >= 8 px (about
    1.1 px per module) and <= ``max_side`` px. Cheap enough for changed regions.
    """
    import cv2

    h, w = gray.shape[:2]
    if h < 16 or w < 16:
        return []
    block = 15 if min(h, w) >= 15 else (min(h, w) // 2) * 2 - 1
    # the threshold's offset grows with the sensor noise: at noise 6 a fixed 7 grey
    # levels turns every other pixel into a speck and contour tracing takes seconds
    bw = cv2.adaptiveThreshold(gray, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV,
                               block, max(7.0, 3.0 * noise_sigma(gray)))
    contours, hier = cv2.findContours(bw, cv2.RETR_TREE, cv2.CHAIN_APPROX_SIMPLE)
    if hier is None:
        return []
    hier = hier[0]
    out = []
    for i, c in enumerate(contours):
        child = hier[i][2]
        if child < 0:
            continue
        grand = hier[child][2]
        if grand < 0:
            continue
        x, y, bw_, bh = cv2.boundingRect(c)
        if bw_ < 8 or bh < 8 or bw_ > max_side or bh > max_side:
            continue
        if not 0.5 < bw_ / bh < 2.0:
            continue
        area = cv2.contourArea(c)
        rect = cv2.minAreaRect(c)
        side = math.sqrt(max(area, 1.0))
        (rw, rh) = rect[1]
        if rw <= 0 or rh <= 0 or not 1 / FINDER_ASPECT < rw / rh < FINDER_ASPECT or area < 0.6 * rw * rh:
            continue
        core = math.sqrt(max(cv2.contourArea(contours[grand]), 1.0))
        if not 0.2 < core / side < 0.7:
            continue
        m = cv2.moments(contours[grand])
        if m["m00"] <= 0:
            continue
        if not _solid_core(gray, (x, y, bw_, bh), cv2.boundingRect(contours[grand])):
            continue
        out.append(Finder(m["m10"] / m["m00"], m["m01"] / m["m00"], side))
    # the hierarchy also reports the light ring as a parent of the core: keep the
    # largest finder per centre
    out.sort(key=lambda f: -f.side)
    kept: list[Finder] = []
    for f in out:
        if all(math.hypot(f.x - k.x, f.y - k.y) > 0.3 * k.side for k in kept):
            kept.append(f)
    return kept


def _solid_core(gray: np.ndarray, outer: tuple[int, int, int, int], core: tuple[int, int, int, int]) -> bool:
    """Whether a finder candidate's core (bounding rects ``(x, y, w, h)`` px of the
    outer square and of the core) is dark all through, as a QR finder's 3x3 modules
    are: the middle half of the core stays below the midpoint of the candidate's
    dark and light levels. An ArUco marker on a wooden piece nests the same way (the
    dark piece, the light sticker edge, the marker's black border) but its core holds
    the marker's white cells."""
    x, y, w, h = outer
    box = gray[y:y + h, x:x + w].ravel()
    cx, cy, cw, ch = core
    mid = gray[cy + ch // 4:cy + ch - ch // 4, cx + cw // 4:cx + cw - cw // 4].ravel()
    if box.size == 0 or mid.size == 0:
        return True
    dark, light = _quantile(box, 0.1), _quantile(box, 0.9)
    return _quantile(mid, 0.9) < dark + SOLID_CORE_LEVEL * (light - dark)


def _quantile(v: np.ndarray, q: float) -> float:
    """The ``q`` quantile (0..1, nearest rank) of a flat array (np.partition: a few
    microseconds on a finder's few hundred pixels, where np.percentile takes ~50)."""
    k = min(v.size - 1, max(0, int(round(q * (v.size - 1)))))
    return float(np.partition(v, k)[k])


#: a finder candidate's core is solid when the 90th percentile of its middle half
#: stays below this fraction of the way from its dark level to its light one.
#: Measured on dev scenes (the renderer's decoder scenes, 823 finders of codes, and
#: whole tables at 1080p and 4K, 172 pieces' markers taken for finders): markers 0.98
#: and up, codes' finders below 0.9 but for 9 (glare, a core cut by blur)
SOLID_CORE_LEVEL = 0.9


#: the three finder patterns of one symbol have about the same side (a symbol is a
#: few cm: perspective and lens change a side by a few %, finding it by a pixel or
#: two at 2 px per module); an ArUco marker beside a code (a piece's, 1.5-2x a
#: finder's side, nested squares too) is not one of them
NEAR_SIDE_RATIO = 1.5


def _near(f: Finder, o: Finder) -> bool:
    """Two finder patterns that can belong to one symbol: centres 1.5-5 sides apart
    (a version-1 symbol's are 2 sides apart, its diagonal pair 2.8; two pieces side
    by side, whose markers' nested squares look like finders, are closer), sides
    within a factor :data:`NEAR_SIDE_RATIO`."""
    d = math.hypot(f.x - o.x, f.y - o.y)
    return (1.5 * min(f.side, o.side) <= d <= 5.0 * max(f.side, o.side)
            and 1 / NEAR_SIDE_RATIO < f.side / o.side < NEAR_SIDE_RATIO)


def _corner_misfit(a: Finder, b: Finder, c: Finder) -> float:
    """How far three finder centres are from a QR's right isosceles triangle (0 =
    exact; perspective and lens bend it a little): the two legs' ratio and the
    hypotenuse against Pythagoras. ``inf`` when the legs are shorter than 2 finder
    sides (a version-1 symbol's finders are 14 modules = 2 sides apart)."""
    d = sorted((math.hypot(p.x - q.x, p.y - q.y) for p, q in ((a, b), (b, c), (a, c))))
    side = max(a.side, b.side, c.side)
    if d[0] < 1.6 * side:
        return math.inf
    return abs(d[1] / d[0] - 1.0) + abs(d[2] / math.hypot(d[0], d[1]) - 1.0) * 2.0


#: a triple of finder patterns is taken as one symbol when its misfit is below this
TRIPLE_MISFIT = 0.45


def group_finders(finders: list[Finder]) -> list[list[Finder]]:
    """Group finder patterns that can belong to one symbol (distance <= 5 sides).

    Triples shaped like a QR's three corners (:func:`_corner_misfit`) are taken
    first, best fitting first, so that two codes side by side are not grouped
    across (a greedy grouping joined a code's two finders with a neighbour's third
    on dev scenes and read neither); what is left is grouped greedily (1-3)."""
    fs = sorted(finders, key=lambda f: (f.y, f.x))

    @functools.cache   # the triple search asks for the same pairs again and again
    def apart(i: int, j: int) -> bool:
        """Near, and no third finder between them (see :func:`_between`)."""
        return _near(fs[i], fs[j]) and not _between(fs, i, j)

    triples = []
    for i, a in enumerate(fs):
        near = [j for j in range(i + 1, len(fs)) if apart(i, j)]
        for x, j in enumerate(near):
            for k in near[x + 1:]:
                if apart(j, k):
                    m = _corner_misfit(a, fs[j], fs[k])
                    if m < TRIPLE_MISFIT:
                        triples.append((m, i, j, k))
    used: set[int] = set()
    groups: list[list[Finder]] = []
    for _m, i, j, k in sorted(triples):
        if not used & {i, j, k}:
            used |= {i, j, k}
            groups.append([fs[i], fs[j], fs[k]])
    rest: list[list[int]] = []
    for i in range(len(fs)):
        if i in used:
            continue
        for g in rest:
            if len(g) < 3 and all(apart(i, o) for o in g):
                g.append(i)
                break
        else:
            rest.append([i])
    return groups + [[fs[i] for i in g] for g in rest]


def _between(fs: list[Finder], i: int, j: int) -> bool:
    """Whether another finder pattern of their size lies between ``fs[i]`` and
    ``fs[j]`` (within half its side of the segment joining them, not at its ends).
    Never so in one symbol: the timing pattern or the data lie there, and QR masking
    keeps finder-like runs out of the data. Pieces side by side in a grid are so:
    each piece's marker, dark wood around a light sticker around the marker's black
    border, looks like a finder, and three of a grid sit like a code's three
    corners (1080p dev tables, seed 20: a block of six reporters)."""
    a, b = fs[i], fs[j]
    d = np.array([b.x - a.x, b.y - a.y])
    L2 = float(d @ d)
    if L2 <= 0:
        return False
    for k, f in enumerate(fs):
        if k in (i, j) or not 1 / NEAR_SIDE_RATIO < f.side / a.side < NEAR_SIDE_RATIO:
            continue
        v = np.array([f.x - a.x, f.y - a.y])
        t = float(v @ d) / L2
        if 0.15 < t < 0.85 and float(np.linalg.norm(v - t * d)) < 0.5 * f.side:
            return True
    return False


def _finder_quad(f: Finder, dx: float = 0.0, dy: float = 0.0, grow: float = 1.3) -> np.ndarray:
    """``(4, 2)`` px square around finder ``f`` (``grow`` times its side, shifted by
    ``(dx, dy)``)."""
    h = 0.5 * grow * f.side
    x, y = f.x + dx, f.y + dy
    return np.float32([[x - h, y - h], [x + h, y - h], [x + h, y + h], [x - h, y + h]])


def _inside(pt: tuple[float, float], quad: np.ndarray, margin: float = 0.0) -> bool:
    import cv2

    return cv2.pointPolygonTest(quad.reshape(-1, 1, 2).astype(np.float32),
                                (float(pt[0]), float(pt[1])), True) >= -margin


#: padding (finder sides) around a finder triple's four corner points in its region
REGION_PAD = 1.4


def group_region(g: list[Finder], shape: tuple[int, int]) -> tuple[int, int, int, int]:
    """Region ``(x0, y0, x1, y1)`` px that holds the symbol of a finder group."""
    side = max(f.side for f in g)
    h, w = shape[:2]
    if len(g) == 3:
        # the two finders farthest apart sit on a diagonal: the symbol's centre is
        # their midpoint and its half diagonal is half their distance + ~0.7 side
        pairs = [(math.hypot(a.x - b.x, a.y - b.y), a, b)
                 for i, a in enumerate(g) for b in g[i + 1:]]
        dist, a, b = max(pairs, key=lambda p: p[0])
        cx, cy = (a.x + b.x) / 2, (a.y + b.y) / 2
        half = dist / 2 + 1.1 * side
        x0, y0, x1, y1 = cx - half, cy - half, cx + half, cy + half
        # ... but under perspective a symbol turned ~45 degrees reaches past that
        # square: also take the three finder centres and the fourth corner's
        # (parallelogram: a + b - the right-angle finder), padded by REGION_PAD
        # sides (finder centre to symbol corner <= 0.71 side, then a quiet zone).
        # Dev scenes: the cut-off corner left a 3 px/module code unread
        (c,) = [f for f in g if f is not a and f is not b]
        xs = [f.x for f in g] + [a.x + b.x - c.x]
        ys = [f.y for f in g] + [a.y + b.y - c.y]
        pad = REGION_PAD * side
        x0, y0 = min(x0, min(xs) - pad), min(y0, min(ys) - pad)
        x1, y1 = max(x1, max(xs) + pad), max(y1, max(ys) + pad)
    else:
        # one or two finders: the symbol may extend ~3.5 sides in any direction
        pad = 3.6 * side
        x0 = min(f.x for f in g) - pad
        y0 = min(f.y for f in g) - pad
        x1 = max(f.x for f in g) + pad
        y1 = max(f.y for f in g) + pad
    x0, y0 = int(max(0, x0)), int(max(0, y0))
    x1, y1 = int(min(w, x1)), int(min(h, y1))
    return x0, y0, x1, y1


def _sharpness(roi: np.ndarray, px_per_module: float) -> tuple[float, float]:
    """``(laplacian variance, isotropy)`` of a region shrunk to ~3 px per module (so
    the figures do not depend on the code's size). Isotropy: smaller / larger
    eigenvalue of the gradient structure tensor; a QR has edges both ways (~0.9),
    motion blur smears one direction away (< 0.6)."""
    import cv2

    small, _ = _downscaled(roi, max(1.0, px_per_module / 3.0))
    f = small.astype(np.float32)
    lap = float(cv2.Laplacian(f, cv2.CV_32F).var())
    gx = cv2.Sobel(f, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(f, cv2.CV_32F, 0, 1)
    a, b, c = float((gx * gx).sum()), float((gx * gy).sum()), float((gy * gy).sum())
    tr, det = a + c, a * c - b * b
    if tr <= 0:
        return lap, 1.0
    l1 = tr / 2 + math.sqrt(max(tr * tr / 4 - det, 0.0))
    return lap, (tr - l1) / l1


#: why_unreadable thresholds, measured on cases built for each reason
#: (tests/vision/test_vis_reasons.py, benchmarks/vision/photo_frames.py)
GLARE_SHARE = 0.02      # blown-out blobs (>= 1 module wide) over this share of the region
BLUR_LAPLACIAN = 300.0  # at ~3 px per module: sharp codes 700+, blurred ones < 150
MOTION_ISOTROPY = 0.6   # sharp codes 0.85+, motion-blurred ones 0.3-0.5


def why_unreadable(gray: np.ndarray, region: tuple[int, int, int, int],
                   px_per_module: float, finders: int = 3) -> str:
    """Reason a candidate (finder patterns seen, no payload) was not decoded, in
    this order:

    - ``"glare"``: blown-out (>= 250) blobs at least a module wide cover >=
      ``GLARE_SHARE`` of the region (a lamp's reflection; paper alone gives only
      scattered saturated pixels);
    - ``"too small"``: < ``SMALL_PX_PER_MODULE`` px per module (after the rescue);
    - ``"blurred"``: focus blur (Laplacian variance at ~3 px per module below
      ``BLUR_LAPLACIAN``) or motion blur (edge isotropy below ``MOTION_ISOTROPY``);
    - ``"covered"``: only 1-2 of the 3 finder patterns seen on a sharp, glare-free
      code: something lies over the rest (a hand, a card, a piece);
    - ``"unreadable"``: none of these (damaged or foreign print).
    """
    import cv2

    x0, y0, x1, y1 = region
    roi = gray[y0:y1, x0:x1]
    if roi.size == 0:
        return "unreadable"
    k = max(3, int(px_per_module) | 1)
    blown = cv2.morphologyEx((roi >= 250).astype(np.uint8), cv2.MORPH_OPEN, np.ones((k, k), np.uint8))
    if float(blown.mean()) >= GLARE_SHARE:
        return "glare"
    if px_per_module < SMALL_PX_PER_MODULE:
        return "too small"
    lap, isotropy = _sharpness(roi, px_per_module)
    if lap < BLUR_LAPLACIAN or isotropy < MOTION_ISOTROPY:
        return "blurred"
    if finders < 3:
        return "covered"
    return "unreadable"


# ---------------------------------------------------------------------------------
# the decoder


@dataclass
class DecodeResult:
    """Symbols decoded and candidates left over in one call (frame px).

    retry: regions around a lone finder pattern that nothing explains, and quads of
    a marker's size that the ArUco detector found but could not read (reason
    :data:`MARKER`, px per cell), not reported as candidates (too often table
    texture): for the pipeline's still re-read.
    finders: the finder patterns of the candidates (groups of 2-3 left unread)."""

    symbols: list[Symbol] = field(default_factory=list)
    candidates: list[Candidate] = field(default_factory=list)
    rescued: int = 0
    retry: list[Candidate] = field(default_factory=list)
    finders: list[Finder] = field(default_factory=list)


class Decoder:
    """Decode QR symbols in grey frames (and ArUco fiducials on request).

    backend: ``"zxing"`` (default) or ``"pyzbar"``. prep: pre-processing of the full
    pass (see module doc; default ``"sharpen"``: the rescue pass recovers small tags at
    a fraction of the cost of upscaling the whole frame). rescue: run the
    finder-pattern rescue (the :func:`preps_for` ladder on undecoded regions). second:
    ZBar as a second reader on finder groups the zxing ladder missed (zxing backend). fast: zxing
    without rotation/downscale/inversion retries (our tags are dark on light and not
    1-D codes). aruco: also detect ArUco markers: ``True`` for the project's
    fiducials and piece markers (calibration's dictionary), a dictionary name for
    another one, ``False`` for none.

    Raises :class:`DecodeError` for an unknown backend or prep.
    """

    def __init__(self, backend: str = "zxing", prep: str = "sharpen", rescue: bool = True,
                 fast: bool = True, aruco: bool | str = True, second: bool = True):
        if backend not in BACKENDS:
            raise DecodeError(f"unknown decoder backend {backend!r}; choose one of "
                              f"{', '.join(BACKENDS)}")
        if prep not in PREPS:
            raise DecodeError(f"unknown prep {prep!r}; choose one of {', '.join(PREPS)}")
        self.backend = backend
        self.prep = prep
        self.rescue = rescue
        self.fast = fast
        self.aruco = aruco
        self.second = second
        self._read = _READERS[backend]

    # -- raw --------------------------------------------------------------------------
    def read_raw(self, gray: np.ndarray, prep: str | None = None, pass_: str = "full",
                 offset: tuple[int, int] = (0, 0), down: float = 1.0) -> list[Symbol]:
        """One backend call on ``gray`` with ``prep``; corners mapped back to frame px
        (divided by the prep's scale, plus ``offset``).

        Besides :data:`PREPS`: ``"down"`` reads ``gray`` shrunk by ``down`` (INTER_AREA,
        for large codes); ``"plain"`` is the backend with its own default options
        (zxing: rotation, downscale and inversion retries on) on ``gray`` as it is."""
        prep = prep or self.prep
        fast = self.fast
        if prep == "down":
            img, scale = _downscaled(gray, down)
        elif prep == "plain":
            img, scale, fast = gray, 1.0, False
        else:
            img, scale = prepare(gray, prep)
        img = np.ascontiguousarray(img)
        out = []
        for fmt, text, pts in self._read(img, fast):
            pts = pts / scale + np.array(offset, np.float32)
            out.append(Symbol(fmt, text, pts.astype(np.float32), self.backend, pass_))
        return out

    def decode_region(self, gray: np.ndarray, region: tuple[int, int, int, int],
                      prep: str = "sharpen_up2", pass_: str = "rescue",
                      down: float = 1.0) -> list[Symbol]:
        """Decode only ``region`` ``(x0, y0, x1, y1)`` px of the frame with ``prep``
        (``"down"``: shrunk by ``down``)."""
        x0, y0, x1, y1 = (int(v) for v in region)
        h, w = gray.shape[:2]
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
        if x1 - x0 < 12 or y1 - y0 < 12:
            return []
        return self.read_raw(gray[y0:y1, x0:x1], prep, pass_, (x0, y0), down)

    def read_crop(self, gray: np.ndarray, px_per_module: float, pass_: str = "reread") -> list[Symbol]:
        """A crop (grey, px of the crop) around something not yet decoded, read with
        the rescue ladder for its module size (:func:`preps_for`; from 4 px per
        module, or unknown: ``"sharpen_up2"`` then ``"sharpen"``), then ZBar when
        ``second``. For the pipeline's still re-read (the ladder's first two preps:
        the re-read runs on still frames, where its cost counts)."""
        box = (0, 0, gray.shape[1], gray.shape[0])
        preps = preps_for(px_per_module)[:2] if px_per_module < 4.0 else ("sharpen_up2", "sharpen")
        for prep in preps:
            got = self.decode_region(gray, box, prep, pass_)
            if got:
                return got
        if self.second:
            return [Symbol(s.format, s.text, s.corners_px, s.backend, pass_)
                    for s in self._second_read(gray, box, px_per_module)]
        return []

    # -- full ---------------------------------------------------------------------
    def decode(self, image: np.ndarray) -> list[Symbol]:
        """All symbols in a grey or BGR frame: ``list[Symbol]`` (QR, and ArUco when
        configured). Duplicates (same text, overlapping) are merged."""
        return self.decode_full(image).symbols

    def decode_full(self, image: np.ndarray,
                    region: tuple[int, int, int, int] | None = None) -> DecodeResult:
        """Full pass + rescue pass over the frame (or only ``region``, frame px)."""
        gray = to_gray(image)
        if region is None:
            region = (0, 0, gray.shape[1], gray.shape[0])
        x0, y0, x1, y1 = region
        sub = gray[y0:y1, x0:x1]
        syms = self.read_raw(sub, offset=(x0, y0))
        res = DecodeResult(syms)
        self._downscale_pass(sub, (x0, y0), res)
        self._rescue(gray, sub, (x0, y0), res)  # also lists undecoded candidates
        res.symbols = dedupe(res.symbols)
        if self.aruco:
            d = None if self.aruco is True else str(self.aruco)
            # the small-marker rescue leaves out QR symbols and finder patterns (nested
            # squares too); not a candidate's whole region: a code half under a hand
            # has a region that guesses wide, and the pieces' markers beside it were
            # left out with it (1080p dev tables: 7 markers missed by frames' noise)
            qr = [q.corners_px - np.float32([x0, y0]) for q in res.symbols]
            qr += [_finder_quad(f, -x0, -y0) for f in res.finders]
            unread: list = []
            edges = (x0 == 0, y0 == 0, x1 >= gray.shape[1], y1 >= gray.shape[0])
            res.symbols += detect_aruco(sub, d, offset=(x0, y0), skip=qr, unread=unread, frame_edges=edges)
            res.retry += [Candidate(q, _side(q) / 6.0, MARKER, 0) for q in unread]
            # a lone "finder" that is a piece's marker is explained: not re-read as a QR
            markers = [m.corners_px for m in res.symbols if m.format == "ArUco"]
            res.retry = [cd for cd in res.retry if cd.reason == MARKER
                         or not any(_inside(cd.centre, m, 0.25 * _side(m)) for m in markers)]
        return res

    def _downscale_pass(self, sub, offset, res: DecodeResult) -> None:
        """The whole (sub-)frame read again shrunk 2x and 4x (INTER_AREA), plain: large
        codes in noisy photos that the full pass (sharpened) misses. Cheap: a quarter
        and a sixteenth of the full pass's pixels."""
        h, w = sub.shape[:2]
        for factor in (2.0, 4.0):
            if min(h, w) / factor < 100:  # not even one large code fits
                break
            for s in self.read_raw(sub, "down", "down", offset, factor):
                if not any(s.text == o.text for o in res.symbols):
                    res.symbols.append(s)

    def _finders(self, sub, offset) -> list[Finder]:
        """Finder patterns at full size and, for large codes, downscaled."""
        ox, oy = offset
        out = [Finder(f.x + ox, f.y + oy, f.side) for f in find_finders(sub)]
        k = FINDER_DOWNSCALE
        if min(sub.shape[:2]) >= 32 * k:
            small, scale = _downscaled(sub, k)
            for f in find_finders(small):
                big = Finder(f.x / scale + ox, f.y / scale + oy, f.side / scale)
                if big.side >= 150.0 and all(math.hypot(big.x - o.x, big.y - o.y) > 0.3 * o.side for o in out):
                    out.append(big)
        return out

    def _rescue(self, gray, sub, offset, res: DecodeResult) -> None:
        finders = self._finders(sub, offset)
        loose = [f for f in finders
                 if not any(_inside((f.x, f.y), s.corners_px, 0.5 * f.side) for s in res.symbols)]
        for g in group_finders(loose):
            reg = group_region(g, gray.shape)
            ppm = float(np.median([f.side for f in g])) / 7.0
            got = []
            if self.rescue:
                # pre-processing chosen by the region's module size (preps_for); 2-2.5
                # px per module: a 3x upscale reads about half of what 2x missed on
                # rendered 1080p tables (docs/benchmarks.md)
                for prep in preps_for(ppm):
                    got = [s for s in self.decode_region(gray, reg, prep, down=ppm / TARGET_PX_PER_MODULE)
                           if not any(s.text == o.text for o in res.symbols)]
                    if got:
                        break
                if not got and self.second and len(g) >= 2:
                    got = [s for s in self._second_read(gray, reg, ppm)
                           if not any(s.text == o.text for o in res.symbols)]
                if not got and len(g) == 2:
                    got = [s for s in self._third_finder_read(gray, g, ppm)
                           if not any(s.text == o.text for o in res.symbols)]
            if got:
                res.symbols += got
                res.rescued += len(got)
                continue
            x0, y0, x1, y1 = reg
            quad = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)
            if len(g) < 2:  # a lone square is too often table texture: not reported
                res.retry.append(Candidate(quad, ppm, "unreadable", 1))
                continue
            res.finders += g
            res.candidates.append(Candidate(quad, ppm, why_unreadable(gray, reg, ppm, len(g)), len(g)))


    def _third_finder_read(self, gray, g: list[Finder], ppm: float) -> list[Symbol]:
        """Two finder patterns whose symbol's third one is not seen: cut by the
        frame's edge (its outer ring broken by a module or two), or under a hand or a
        piece. The third finder is drawn where the two seen ones put it (a
        version-agnostic square: the two seen are a side or a diagonal apart, six
        places in all; those at the frame's edge first, none more than half a finder
        beyond it), on a copy padded with the paper's grey, and the region read
        again. The symbol's error correction decides: a wrong guess reads nothing, and
        a code with more than its finder hidden stays unread (reason ``covered``)."""
        import cv2

        h, w = gray.shape[:2]
        a, b = g
        side = (a.side + b.side) / 2.0
        va = np.array([b.x - a.x, b.y - a.y], np.float64)
        perp = np.array([-va[1], va[0]])
        guesses = [np.array([a.x, a.y]) + perp, np.array([a.x, a.y]) - perp,
                   np.array([b.x, b.y]) + perp, np.array([b.x, b.y]) - perp,
                   # a diagonal pair: the other two corners of the square on it
                   np.array([a.x + b.x, a.y + b.y]) / 2 + perp / 2,
                   np.array([a.x + b.x, a.y + b.y]) / 2 - perp / 2]
        u = va / max(np.linalg.norm(va), 1e-6)
        out: list[Symbol] = []
        edge_of = [min(c[0], c[1], w - 1 - c[0], h - 1 - c[1]) for c in guesses]
        # guesses at the frame's edge first, then the ones inside the frame (a finder
        # under a hand or a piece), none beyond it by more than half a finder
        order = sorted((k for k in range(6) if edge_of[k] > -0.5 * side),
                       key=lambda k: (not edge_of[k] < 0.6 * side, k))
        for k in order:
            c = guesses[k]
            axis = u if k < 4 else (u + np.array([-u[1], u[0]])) / math.sqrt(2.0)
            pts = np.array([[a.x, a.y], [b.x, b.y], c])
            pad = int(math.ceil(1.6 * side))
            x0 = int(max(0, pts[:, 0].min() - pad)); y0 = int(max(0, pts[:, 1].min() - pad))
            x1 = int(min(w, pts[:, 0].max() + pad)); y1 = int(min(h, pts[:, 1].max() + pad))
            roi = gray[y0:y1, x0:x1]
            if roi.size == 0:
                continue
            dark, light = (float(v) for v in np.percentile(roi, (5, 95)))
            bx = int(pad)
            canvas = cv2.copyMakeBorder(roi, bx, bx, bx, bx, cv2.BORDER_CONSTANT, value=light)
            cc = c - [x0 - bx, y0 - bx]
            perp_u = np.array([-axis[1], axis[0]])
            for half, val in ((side / 2, dark), (side * 5 / 14, light), (side * 3 / 14, dark)):
                sq = np.array([cc + half * (sx * axis + sy * perp_u)
                               for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))])
                cv2.fillConvexPoly(canvas, np.round(sq * 16).astype(np.int32), val, cv2.LINE_AA, 4)
            for prep in ("sharpen", "sharpen_up2", "none"):
                got = self.read_raw(canvas, prep, "rescue", (x0 - bx, y0 - bx))
                got = [s for s in got if _inside(s.centre, np.float32([[0, 0], [w, 0], [w, h], [0, h]]))]
                if got:
                    return got
        return out

    def _second_read(self, gray, reg, ppm: float) -> list[Symbol]:
        """ZBar (pyzbar) on a region the zxing ladder could not read: it samples the
        grid from the finder patterns' run lengths, not from a fitted symbol size, and
        reads perspective views where zxing reports "invalid symbol size". Only for
        groups of 2-3 finder patterns (a lone square is too often table texture)."""
        if self.backend != "zxing":
            return []
        read, self._read = self._read, _pyzbar_read
        try:
            out = []
            for prep in (("sharpen_up2", "none") if ppm < 3.0 else ("none", "sharpen_up2")):
                out = self.decode_region(gray, reg, prep)
                if out:
                    break
        finally:
            self._read = read
        return [Symbol(s.format, s.text, s.corners_px, "pyzbar", s.pass_) for s in out]


def dedupe(symbols: list[Symbol]) -> list[Symbol]:
    """Drop repeated symbols (same text, centres closer than half a side)."""
    out: list[Symbol] = []
    for s in symbols:
        if any(o.text == s.text and math.dist(o.centre, s.centre) < 0.5 * max(o.side_px, 1.0)
               for o in out):
            continue
        out.append(s)
    return out


_ARUCO_DETECTORS: dict = {}
#: smallest marker perimeter searched (px): a 4x4 marker (6 cells) at ~2.5 px per cell
MIN_MARKER_PERIMETER_PX = 64.0
_RATES = (0.005, 0.01, 0.015, 0.02, 0.03, 0.04, 0.08, 0.16)
#: a marker's cells are resampled at this many px per cell to read its bits
ARUCO_SAMPLE_PX_PER_CELL = 8
#: share of each side of a resampled cell left out when its bit is read (OpenCV's)
ARUCO_IGNORED_MARGIN_PER_CELL = 0.13


def _aruco_detector(dictionary: str, shape: tuple[int, int], opencv_sampling: bool = False,
                    wide: bool = False):
    """A cached ``cv2.aruco.ArucoDetector`` that keeps small markers in large frames.

    OpenCV's ``minMarkerPerimeterRate`` is relative to the image's larger side; its
    default (0.03) drops a 12 mm reporter marker in a 3200 px view of the whole table.
    We use the largest of a few rates that still keeps markers of
    ``MIN_MARKER_PERIMETER_PX`` (an absolute size: 16 px sides, ~2.7 px per cell),
    so small crops do not search thousands of tiny contours. Corners are refined to
    sub-pixel; bits are read from the middle of each cell
    (``ARUCO_SAMPLE_PX_PER_CELL``, ``ARUCO_IGNORED_MARGIN_PER_CELL``). wide: also
    threshold with OpenCV's 23 px window (for markers of more than 13 px per cell,
    see :func:`_rescue_large`).
    """
    import cv2

    want = MIN_MARKER_PERIMETER_PX / max(shape[:2])
    rate = max([r for r in _RATES if r <= want] or [_RATES[0]])
    ppc, margin = ((4, 0.13) if opencv_sampling
                   else (ARUCO_SAMPLE_PX_PER_CELL, ARUCO_IGNORED_MARGIN_PER_CELL))
    key = (dictionary, rate, ppc, margin, wide)
    det = _ARUCO_DETECTORS.get(key)
    if det is None:
        d = getattr(cv2.aruco, dictionary, None) if dictionary.startswith("DICT_") else None
        if d is None:
            raise DecodeError(f"unknown ArUco dictionary {dictionary!r}")
        params = cv2.aruco.DetectorParameters()
        params.minMarkerPerimeterRate = rate
        # thresholding windows 3 and 13 px (OpenCV: 3, 13, 23): 40 % faster, the same
        # markers found on the demo recordings
        params.adaptiveThreshWinSizeMax = 23 if wide else 13
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        params.cornerRefinementWinSize = 3
        # a marker resampled at 8 px per cell (OpenCV: 4) before its bits are read:
        # with OpenCV's 13 % margin a cell then loses 1 px a side to its neighbours'
        # blur, where at 4 px per cell it lost none (benchmarks/vision/markers.py;
        # whole 1080p dev tables, markers at 3-4 px per cell: 206 -> 214 of 214 read,
        # 0 wrong ids). A 2 px margin (0.25) read more synthetic views but misread a
        # sharpened 4K reporter marker as another id: not used.
        params.perspectiveRemovePixelPerCell = ppc
        params.perspectiveRemoveIgnoredMarginPerCell = margin
        # candidates closer than this (of their perimeter) are one: OpenCV 5 keeps the
        # larger at 0.125, and a wooden piece's outline (dark wood, its sticker's white
        # edge read as cells) can be a valid id too, hiding the sticker's own marker
        # inside it (4K dev tables, seed 66: reporter 26 read as 17). At 0.05
        # (OpenCV 4's value) both are read and the nested one wins (detect_aruco).
        params.minMarkerDistanceRate = 0.05
        det = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(d), params)
        _ARUCO_DETECTORS[key] = det
    return det


#: the reason of a re-read target that is an unread ArUco quad (``DecodeResult.retry``)
MARKER = "marker"

#: small-marker rescue: rejected quads with sides in this range (px) are decoded
#: again from a 3x upscaled crop (a 4x4 marker is 6 cells: about 2-7 px per cell)
RESCUE_SIDE_PX = (11.0, 44.0)
RESCUE_MAX = 16
#: an image this small (px, its larger side) is a re-read crop, not a frame: its
#: markers are also looked for CROP_UPSCALE x upscaled (bicubic), see detect_aruco
CROP_UPSCALE_MAX_PX = 320
CROP_UPSCALE = 2.0


#: large-marker rescue: rejected quads with sides in this range (px), i.e. more than
#: 12 px per cell (to 30), are read again from a crop thresholded with a wider window too
RESCUE_LARGE_SIDE_PX = (72.0, 180.0)
RESCUE_LARGE_MAX = 16


def _rescue_large(gray: np.ndarray, dictionary: str, rejected, found: list[np.ndarray],
                  skip: list[np.ndarray]) -> list[tuple[int, np.ndarray]]:
    """Large markers among the detector's rejected quads, read from crops with the
    wide-window detector (:func:`_aruco_detector` ``wide``).

    The frame's detector thresholds with windows of 3 and 13 px (fast); a marker of
    more than 13 px per cell (a 5.5 mm cell at a stand's near side:
    17-20 px) then shows its black border as two thin edges, and the quad OpenCV keeps
    may not read (stand tuning seed 25: 4 markers of 4). Only quads nothing read covers
    and darker inside than around (:func:`_dark_inside`), at most ``RESCUE_LARGE_MAX``:
    a frame with no such quad costs nothing more. Returns (id, corners (4, 2) px of ``gray``)."""
    out: list[tuple[int, np.ndarray]] = []
    tried = 0
    h, w = gray.shape[:2]
    for q in rejected:
        q = q.reshape(4, 2)
        side = _side(q)
        if not RESCUE_LARGE_SIDE_PX[0] <= side <= RESCUE_LARGE_SIDE_PX[1]:
            continue
        pt = tuple(float(v) for v in q.mean(0))
        if any(_inside(pt, f, 0.0) for f in found) or any(_inside(pt, f, 0.0) for _i, f in out) \
                or any(_inside(pt, sk, 0.0) for sk in skip):
            continue   # read already (or a contour of a marker read), or a QR code
        pad = 0.3 * side
        x0, y0 = (max(0, int(v - pad)) for v in q.min(0))
        x1, y1 = int(min(w, q[:, 0].max() + pad + 1)), int(min(h, q[:, 1].max() + pad + 1))
        sub = gray[y0:y1, x0:x1]
        if not _dark_inside(sub, q - np.float32([x0, y0])):
            continue   # a card's, a tile's or a zone's outline
        if tried >= RESCUE_LARGE_MAX:
            break
        tried += 1
        corners, ids, _r = _aruco_detector(dictionary, sub.shape, wide=True).detectMarkers(sub)
        if ids is None:
            continue
        for c, i in zip(corners, ids.ravel()):
            pts = c.reshape(4, 2).astype(np.float32) + np.float32([x0, y0])
            if _inside(tuple(float(v) for v in pts.mean(0)), q, 0.25 * side):
                out.append((int(i), pts))
    return out


#: a large rejected quad is a marker's outline only when its inside is this much
#: darker than the band around it (a marker is about 60 % black on white paper; a
#: card's or a zone's outline is not)
LARGE_DARK_RATIO = 0.75


def _dark_inside(sub: np.ndarray, q: np.ndarray) -> bool:
    """Whether quad ``q`` (px of ``sub``) is darker inside than in the band of ``sub``
    around it (``LARGE_DARK_RATIO``)."""
    import cv2

    inside = np.zeros(sub.shape[:2], np.uint8)
    cv2.fillConvexPoly(inside, np.round(q).astype(np.int32), 1)
    ring = inside == 0
    if not inside.any() or not ring.any():
        return False
    return float(sub[inside == 1].mean()) < LARGE_DARK_RATIO * float(sub[ring].mean())


def _rescue_small(gray: np.ndarray, det_key: str, rejected, found: list[np.ndarray],
                  skip: list[np.ndarray], unread: list | None = None) -> list[tuple[int, np.ndarray]]:
    """Markers among the detector's rejected quads, read from 3x upscaled crops.

    At 2.5-4 px per cell OpenCV finds a marker's outline but mis-samples its bits (or
    its corners); upscaled with bicubic interpolation the same quad reads. Quads
    inside a decoded marker, a QR symbol or a QR candidate's finder pattern (``skip``:
    finder patterns are nested squares too) are left out; at most ``RESCUE_MAX``
    crops. unread: when given, the quads of a marker's size left unread (tried or
    beyond the cap) are appended to it as ``(4, 2)`` float32 px of ``gray``.
    Returns (id, corners (4, 2) px of ``gray``)."""
    out = []
    tried = 0
    taken = [f.mean(0) for f in found]
    left = []
    for q in rejected:
        q = q.reshape(4, 2)
        side = float(np.mean([np.linalg.norm(q[i] - q[(i + 1) % 4]) for i in range(4)]))
        if not RESCUE_SIDE_PX[0] <= side <= RESCUE_SIDE_PX[1]:
            continue
        c = q.mean(0)
        if any(np.linalg.norm(c - t) < side for t in taken):
            continue
        pt = (float(c[0]), float(c[1]))
        if any(_inside(pt, f, 0.25 * _side(f)) for f in found):
            continue   # the cells of a marker read (a fiducial's are squares of this size)
        if any(_inside(pt, sk, 0.0) for sk in skip):
            continue
        if tried >= RESCUE_MAX:
            left.append(q)
            continue
        tried += 1
        got = _read_small(gray, det_key, q, None)
        if got is not None:
            out.append((got[0], got[1].astype(np.float32)))
            taken.append(got[1].mean(0))
        else:
            left.append(q)
    if unread is not None:
        # one per place (the detector reports a quad's inner and outer contours)
        for q in left:
            c = q.mean(0)
            if not any(np.linalg.norm(c - t) < _side(q) for t in taken):
                unread.append(q.astype(np.float32))
                taken.append(c)
    return out


def _reread_crop(gray: np.ndarray, det_key: str, q: np.ndarray,
                 side: float) -> list[tuple[int, np.ndarray]]:
    """Markers read again around quad ``q`` (px of ``gray``, mean side ``side`` px):
    from a 3x bicubic upscale of the crop, and from the crop itself with OpenCV's
    own sampling (4 px per cell); those whose centre is within half a side of
    ``q``'s. Returns (id, corners (4, 2) px of ``gray``)."""
    import cv2

    c = q.mean(0)
    pad = side * 0.9
    x0, y0 = int(max(0, c[0] - side / 2 - pad)), int(max(0, c[1] - side / 2 - pad))
    x1 = int(min(gray.shape[1], c[0] + side / 2 + pad))
    y1 = int(min(gray.shape[0], c[1] + side / 2 + pad))
    if x1 - x0 < 8 or y1 - y0 < 8:
        return []
    crop = gray[y0:y1, x0:x1]
    up = cv2.resize(crop, None, fx=3, fy=3, interpolation=cv2.INTER_CUBIC)
    out = []
    for img, k, det in ((up, 3.0, _aruco_detector(det_key, up.shape)),
                        (crop, 1.0, _aruco_detector(det_key, crop.shape, opencv_sampling=True))):
        corners, ids, _ = det.detectMarkers(img)
        if ids is None:
            continue
        for cc, i in zip(corners, ids.ravel()):
            pts = cc.reshape(4, 2) / k + np.float32([x0, y0])
            if np.linalg.norm(pts.mean(0) - c) < side / 2:
                out.append((int(i), pts.astype(np.float32)))
    return out


def _side(q: np.ndarray) -> float:
    return float(np.mean([np.linalg.norm(q[k] - q[(k + 1) % 4]) for k in range(4)]))


def _read_small(gray: np.ndarray, det_key: str, q: np.ndarray,
                mid: int | None) -> tuple[int, np.ndarray] | None:
    """A small quad's marker (sides in ``RESCUE_SIDE_PX``), read again
    (:func:`_reread_crop`): ``mid`` the id the detector read (None: it read none).

    A wooden piece is dark around its sticker: the detector can take the piece's
    outline for the marker's border and read another valid id from it (bonus marker
    55 as 17, its sticker's thin white edge read as cells; 3-player hard demo
    recording, frames 35-77). A marker read nested well inside the quad (sides
    < 85 %) is the sticker and wins; else the detector's id stands where a re-read
    agrees, else the first re-read. Returns (id, corners px) or None."""
    side = _side(q)
    if not RESCUE_SIDE_PX[0] <= side <= RESCUE_SIDE_PX[1]:
        return None if mid is None else (mid, q)
    again = _reread_crop(gray, det_key, q, side)
    nested = [(i, p) for i, p in again if _side(p) < 0.85 * side]
    if nested:
        return min(nested, key=lambda r: _side(r[1]))
    if mid is not None:
        return mid, q
    return again[0] if again else None


#: white px added along the frame's own edges before markers are looked for: OpenCV
#: drops a quad within 3 px of the image border, and a marker whose black border is
#: cut by the frame (a 30 mm figure's top at a stand's far edge leans out of the
#: picture: its marker 0-1 px inside) has no outline to find; on white it has
#: (stand tuning seed 16: 3 figures of 3 read, 0 before)
ARUCO_EDGE_PAD = 8


def detect_aruco(gray: np.ndarray, dictionary: str | None = None,
                 offset: tuple[int, int] = (0, 0), skip: list[np.ndarray] | None = None,
                 rescue: bool = True, unread: list | None = None,
                 frame_edges: tuple[bool, bool, bool, bool] = (False, False, False, False)) -> list[Symbol]:
    """ArUco markers in ``gray`` as symbols (format ``"ArUco"``, text = marker id).

    dictionary: an OpenCV dictionary name such as ``"DICT_4X4_50"``; ``None`` for
    the project's (``calibration.game_tags.aruco_dictionary_name()``, DICT_4X4_100).
    A marker id seen twice is kept once (the larger). offset: added to the corners
    (px), for regions of a frame. rescue: small quads the detector rejected are read
    again from 3x upscaled crops (see :func:`_rescue_small`; their ``pass_`` is
    ``"rescue"``); skip: quads (px of ``gray``) not to rescue in (QR symbols).
    unread: when given, the rejected quads of a marker's size that the rescue did not
    read are appended to it (``(4, 2)`` float32, px plus ``offset``): the pipeline
    reads them again on later frames, whose sensor noise differs.
    frame_edges: (left, top, right, bottom): which sides of ``gray`` are the frame's
    own edges; those get ``ARUCO_EDGE_PAD`` white px before detection (a marker the
    frame cuts by a pixel or two is read; corners stay in ``gray``'s px plus offset).
    Raises :class:`DecodeError` for an unknown dictionary name.
    """
    import cv2

    if any(frame_edges):
        left, top, right, bottom = (ARUCO_EDGE_PAD if e else 0 for e in frame_edges)
        gray = cv2.copyMakeBorder(gray, top, bottom, left, right, cv2.BORDER_CONSTANT, value=255)
        offset = (offset[0] - left, offset[1] - top)
        if skip:
            skip = [q + np.float32([left, top]) for q in skip]

    if dictionary is None:
        from calibration.game_tags import aruco_dictionary_name

        dictionary = aruco_dictionary_name()
    det = _aruco_detector(dictionary, gray.shape)
    corners, ids, rejected = det.detectMarkers(gray)
    best: dict[int, Symbol] = {}
    off = np.float32(offset)
    found = []
    if ids is not None:
        for c, i in zip(corners, ids.ravel()):
            pts = c.reshape(4, 2).astype(np.float32)
            found.append(pts)
            i, pts = _read_small(gray, dictionary, pts, int(i))
            s = Symbol("ArUco", str(int(i)), pts + off, "aruco", dictionary=dictionary)
            if int(i) not in best or s.side_px > best[int(i)].side_px:
                best[int(i)] = s
    # a marker read around another one nested near its middle (sides 40-85 % of it)
    # is a piece's outline taken for a border: the sticker's marker inside it wins
    for k, s in list(best.items()):
        side = s.side_px
        if any(o is not s and 0.4 * side < o.side_px < 0.85 * side
               and math.dist(o.centre, s.centre) < 0.25 * side for o in best.values()):
            del best[k]
    if rescue and max(gray.shape[:2]) <= CROP_UPSCALE_MAX_PX:
        # a re-read crop (not a frame): read again 2x upscaled (bicubic); at 2-4 px per
        # cell the detector finds markers there that the crop as it is hides, most of
        # all a piece beside another one whose dark wood touches its sticker (the
        # bonus markers side by side on their track, stand setup: docs/calibration.md)
        up = cv2.resize(gray, None, fx=CROP_UPSCALE, fy=CROP_UPSCALE, interpolation=cv2.INTER_CUBIC)
        c_up, ids_up, _ = _aruco_detector(dictionary, up.shape).detectMarkers(up)
        if ids_up is not None:
            for c, i in zip(c_up, ids_up.ravel()):
                if int(i) in best:
                    continue
                pts = c.reshape(4, 2).astype(np.float32) / CROP_UPSCALE
                if any(_inside(tuple(pts.mean(0)), f, 0.0) for f in found):
                    continue  # inside a marker read at 1x: a piece's outline read as one
                best[int(i)] = Symbol("ArUco", str(int(i)), pts + off, "aruco", "rescue", dictionary)
                found.append(pts)
    if rescue and rejected is not None and len(rejected):
        for i, pts in _rescue_large(gray, dictionary, rejected, found, skip or []):
            if i not in best:
                best[i] = Symbol("ArUco", str(i), pts + off, "aruco", "rescue", dictionary)
                found.append(pts)
        left: list | None = [] if unread is not None else None
        for i, pts in _rescue_small(gray, dictionary, rejected, found, skip or [], left):
            if i in best:
                continue
            best[i] = Symbol("ArUco", str(i), pts + off, "aruco", "rescue", dictionary)
        if unread is not None:
            unread += [q + off for q in left]
    return [best[k] for k in sorted(best)]
