"""Marker study for the wooden pieces (issue 10, deliverable 2): which symbol and which
detector read at the sizes the table gives, on the same 14 mm sticker.

The sticker of a reporter or marker today is 14 mm: an ArUco 4x4 marker (6 cells of
2 mm with its black border) plus a 1 mm white margin. Candidates, decoded from small
synthetic views (the sticker turned at random, defocus, sensor noise, optionally a
glare blob over a third of it, a shadow edge across it, or a perspective tilt):

On today's printed ArUco 4x4 stickers (DICT_4X4_100, nothing reprinted):
- ``aruco``: OpenCV's ArUco detector as ``vision.decode`` configures it, no rescue;
- ``aruco+rescue``: the same plus our rescue of small rejected quads (upscaled crops),
  i.e. ``vision.decode.detect_aruco`` as the pipeline calls it;
- ``aruco-before``, ``aruco+rescue-before``: the same as before the bits were sampled from
  the cells' middles (OpenCV's 4 px per cell and 13 % margin), for the ratio;
- ``at3-aruco``: the AprilTag 3 detector (pupil-apriltags' C library) given the
  DICT_4X4_100 codes as a custom tag family (same 6-cell layout; 1 bit corrected,
  the dictionary's minimum distance is 3).
On reprinted stickers (each symbol as large as the 14 mm sticker allows, 0.5 cell of
white margin; its px per own cell is the factor shown times the x axis):
- ``cv-16h5`` / ``cv-36h11``: OpenCV's DICT_APRILTAG_16h5 (1.0x) / 36h11 (0.78x);
- ``at3-16h5``, ``at3-25h9`` (0.875x), ``at3-36h11`` (0.78x), ``at3-41h12`` (9 cells,
  no margin needed: 0.78x): the AprilTag 3 detector (pupil-apriltags);
- ``qr``: a version 1 QR of our payload (0.28x), zxing-cpp with our ladder.

The x axis is px per cell of *today's* ArUco marker (what calibrate table reports).
Every view also counts a *wrong id* (a marker read that is not the one printed), and
every method runs on clutter views (QR codes, text-like strokes, grids, wood grain)
where any read is false. Time: mean ms per detection call on a 220 x 220 px view.

Dev conditions and seeds are what detector choices were made on; the held-out
conditions (other blur, noise, tilt and glare values, other seeds) are reported
apart and never tuned on (``--held-out``).

    .venv/bin/python -m benchmarks.vision.markers [--n 30] [--held-out] [--methods a,b]

Figures only; about a minute per method at --n 30 on a shared 2-core machine.
Needs the ``bench`` extra (``pip install -e '.[bench]'``: pupil-apriltags) for at3-*.
"""

from __future__ import annotations

import argparse
import atexit
import ctypes
import sys
import time

import cv2
import numpy as np

import vision.decode as D
from vision.decode import Decoder, detect_aruco

STICKER_MM = 14.0
PPC = (2.0, 2.5, 3.0, 3.5, 4.0, 5.0)
CANVAS = 220

#: dev conditions: (name, blur sigma px, noise sigma grey levels, light, tilt deg);
#: light: "" even, "glare" a glare blob over a third of the sticker, "shadow" the soft
#: edge of a piece's shadow across it (half the sticker at 45 % of the light)
DEV_CONDS = (
    ("blur 0.6", 0.6, 3.0, "", 0.0),
    ("blur 1.0", 1.0, 3.0, "", 0.0),
    ("blur 0.6 + noise 8", 0.6, 8.0, "", 0.0),
    ("blur 0.6 + glare", 0.6, 3.0, "glare", 0.0),
    ("blur 0.6 + shadow edge", 0.6, 3.0, "shadow", 0.0),
    ("tilt 40 deg, blur 0.6", 0.6, 3.0, "", 40.0),
)
#: held-out conditions: never tuned on
HELD_OUT_CONDS = (
    ("blur 0.8 + noise 5", 0.8, 5.0, "", 0.0),
    ("tilt 25 deg, blur 0.8", 0.8, 3.0, "", 25.0),
    ("tilt 50 deg, blur 0.6 + glare", 0.6, 4.0, "glare", 50.0),
    ("tilt 15 deg, blur 0.8 + shadow edge", 0.8, 4.0, "shadow", 15.0),
)
DEV_SEED, HELD_OUT_SEED = 0, 7919

ON_TODAY = ("aruco-before", "aruco+rescue-before", "aruco", "aruco+rescue", "at3-aruco")
REPRINT = ("cv-16h5", "cv-36h11", "at3-16h5", "at3-25h9", "at3-36h11", "at3-41h12", "qr")
METHODS = ON_TODAY + REPRINT
#: what docs/benchmarks-markers.md shows (``--methods`` also takes aruco-before and qr)
DEFAULT_METHODS = tuple(m for m in METHODS if m not in ("aruco-before", "qr"))

#: ids a method needs: 25 reporters, 5 arrow + 5 bonus markers, newsboy, 15 pennies
IDS_NEEDED = 51


# --------------------------------------------------------------------- AprilTag 3
class _Family(ctypes.Structure):
    """apriltag_family_t of AprilTag 3 (apriltag.h), with its ``impl`` pointer."""

    _fields_ = [
        ("ncodes", ctypes.c_uint32),
        ("codes", ctypes.POINTER(ctypes.c_uint64)),
        ("width_at_border", ctypes.c_int),
        ("total_width", ctypes.c_int),
        ("reversed_border", ctypes.c_bool),
        ("nbits", ctypes.c_uint32),
        ("bit_x", ctypes.POINTER(ctypes.c_uint32)),
        ("bit_y", ctypes.POINTER(ctypes.c_uint32)),
        ("h", ctypes.c_uint32),
        ("name", ctypes.c_char_p),
        ("impl", ctypes.c_void_p),
    ]


_AT3: dict = {}
#: AprilTag 3 detections under this decision margin are dropped: on dev views the
#: false quads of noise and marker interiors scored <= 11, true markers >= 40
AT3_MIN_MARGIN = 30.0


@atexit.register
def _at3_release() -> None:
    # pupil-apriltags' __del__ destroys the families before the detector, whose
    # destroy then reads them (heap corruption at exit): detach them first
    for det in _AT3.values():
        det.libc.apriltag_detector_clear_families(det.tag_detector_ptr)


def _aruco_bits(dictionary: int, n: int) -> list[np.ndarray]:
    d = cv2.aruco.getPredefinedDictionary(dictionary)
    return [cv2.aruco.Dictionary.getBitsFromByteList(d.bytesList[i:i + 1], 4) for i in range(n)]


def at3_detector(family: str):
    """A pupil_apriltags.Detector for ``family`` (``"aruco4x4"``: DICT_4X4_100's codes
    as a custom family laid out like tag16h5, whose bit order AprilTag 3's rotation
    expects), full resolution (quad_decimate 1: markers are 15-40 px)."""
    det = _AT3.get(family)
    if det is not None:
        return det
    from pupil_apriltags import Detector

    if family != "aruco4x4":
        det = Detector(families=family, quad_decimate=1.0, refine_edges=1)
        # the wrapper casts decode_sharpening to int (0.25 -> 0): set AprilTag 3's default
        det.tag_detector_ptr.contents.decode_sharpening = 0.25
        _AT3[family] = det
        return det
    det = Detector(families="tag16h5", quad_decimate=1.0, refine_edges=1)
    det.tag_detector_ptr.contents.decode_sharpening = 0.25
    t16 = ctypes.cast(det.tag_families["tag16h5"], ctypes.POINTER(_Family)).contents
    bx = [t16.bit_x[i] for i in range(16)]
    by = [t16.bit_y[i] for i in range(16)]
    bits = _aruco_bits(cv2.aruco.DICT_4X4_100, 100)
    codes = []
    for b in bits:   # b[row, col] over the 4x4 data cells; border at 0 and 5, data 1..4
        c = 0
        for i in range(16):
            if b[by[i] - 1, bx[i] - 1]:
                c |= 1 << (15 - i)
        codes.append(c)
    keep = {
        "codes": (ctypes.c_uint64 * 100)(*codes),
        "bx": (ctypes.c_uint32 * 16)(*bx), "by": (ctypes.c_uint32 * 16)(*by),
        "name": ctypes.c_char_p(b"aruco4x4"),
    }
    fam = _Family(100, keep["codes"], 6, 8, False, 16, keep["bx"], keep["by"], 3,
                  keep["name"], None)
    keep["fam"] = fam
    det.libc.apriltag_detector_clear_families(det.tag_detector_ptr)
    det.tag_families = {}   # cleared: the wrapper must not destroy tag16h5 again
    det.libc.apriltag_detector_add_family_bits.restype = None
    det.libc.apriltag_detector_add_family_bits(det.tag_detector_ptr, ctypes.byref(fam), 1)
    det._keep = keep   # the C side points into these
    _AT3[family] = det
    return det


def _at3_family_image(family: str, mid: int) -> np.ndarray:
    """Tag ``mid`` of an AprilTag 3 family as a total_width^2 image (0 / 255), from the
    family's code and bit layout (what apriltag_to_image draws)."""
    det = at3_detector(family)
    f = ctypes.cast(det.tag_families[family], ctypes.POINTER(_Family)).contents
    tw, wb = f.total_width, f.width_at_border
    im = np.zeros((tw, tw), np.uint8)
    wbw = wb + (0 if f.reversed_border else 2)
    ws = (tw - wbw) // 2
    im[ws:ws + wbw, ws:ws + wbw] = 255
    if wbw > 2:
        im[ws + 1:ws + wbw - 1, ws + 1:ws + wbw - 1] = 0
    bs = (tw - wb) // 2
    code = f.codes[mid]

    def signed(v: int) -> int:   # uint32_t in C, negative for 41h12's outer ring
        return v - (1 << 32) if v >= 1 << 31 else v

    for i in range(f.nbits):
        if code >> (f.nbits - 1 - i) & 1:
            im[signed(f.bit_y[i]) + bs, signed(f.bit_x[i]) + bs] = 255
    return im


# ----------------------------------------------------------------------- stickers
_STICKERS: dict = {}


def sticker(method: str, mid: int) -> tuple[np.ndarray, float]:
    """The 14 mm sticker a method reads, drawn large (0 / 255), and its px per own
    cell relative to today's ArUco cell."""
    key = (method, mid)
    if key in _STICKERS:
        return _STICKERS[key]
    cell = 40
    if method == "qr":
        from calibration.tags import qr_image
        from companion.games.penny_press.tags import encode_payload

        img = qr_image(encode_payload(f"red{1 + mid % 5}"), cell, quiet_zone=2)
        out = (img, 7.0 / 25.0)
    else:
        if method in ON_TODAY or method.startswith("cv-"):
            dic = {"cv-16h5": cv2.aruco.DICT_APRILTAG_16h5,
                   "cv-36h11": cv2.aruco.DICT_APRILTAG_36h11}.get(method, cv2.aruco.DICT_4X4_100)
            d = cv2.aruco.getPredefinedDictionary(dic)
            cells = int(round(np.sqrt(d.bytesList.shape[1] * 8))) + 2
            m = cv2.aruco.generateImageMarker(d, mid, cells * cell)
            total = cells + 1.0   # + 0.5 cell of white margin each side
        else:
            fam = {"at3-16h5": "tag16h5", "at3-25h9": "tag25h9", "at3-36h11": "tag36h11",
                   "at3-41h12": "tagStandard41h12"}[method]
            t = _at3_family_image(fam, mid)
            if fam == "tagStandard41h12":   # data bits outermost: drawn whole, no margin
                m, total = t, float(t.shape[0])
            else:                            # drop the 1-cell white ring, add 0.5
                m, total = t[1:-1, 1:-1], t.shape[0] - 1.0
            m = cv2.resize(m, None, fx=cell, fy=cell, interpolation=cv2.INTER_NEAREST)
        side = int(round(total * cell))
        img = np.full((side, side), 255, np.uint8)
        o = (side - m.shape[0]) // 2
        img[o:o + m.shape[0], o:o + m.shape[0]] = m
        out = (img, 7.0 / total)
    _STICKERS[key] = out
    return out


def view(img: np.ndarray, sticker_px: float, angle: float, blur: float, noise: float,
         light: str, tilt: float, rng) -> np.ndarray:
    """A CANVAS^2 grey view of the sticker: ``sticker_px`` wide (untilted), turned by
    ``angle`` deg, tilted by ``tilt`` deg about a random in-plane axis (pinhole 8
    sticker widths away), ``light`` (see DEV_CONDS), Gaussian defocus ``blur`` px, noise."""
    h = img.shape[0]
    sq = np.float32([[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]])
    a = np.deg2rad(angle)
    R2 = np.float32([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    pts = sq @ R2.T
    if tilt:
        ax = float(rng.uniform(0, np.pi))
        u = np.float32([np.cos(ax), np.sin(ax)])
        t = np.deg2rad(tilt)
        dist = 8.0
        out = []
        for p in pts:
            along = float(p @ u)
            perp = p - along * u
            z = along * np.sin(t)
            q = perp + along * np.cos(t) * u
            out.append(q * dist / (dist + z))
        pts = np.float32(out)
    dst = pts * sticker_px + CANVAS / 2
    src = np.float32([[0, 0], [h, 0], [h, h], [0, h]])
    # draw through an intermediate 4x scale so thin cells are area-averaged
    k = 4
    H = cv2.getPerspectiveTransform(src, dst * k)
    big = cv2.warpPerspective(img, H, (CANVAS * k, CANVAS * k), flags=cv2.INTER_LINEAR,
                              borderValue=225)
    w = cv2.resize(big, (CANVAS, CANVAS), interpolation=cv2.INTER_AREA).astype(np.float32)
    if light == "shadow":
        yy, xx = np.mgrid[0:CANVAS, 0:CANVAS]
        a = rng.uniform(0, 2 * np.pi)
        d = (xx - CANVAS / 2) * np.cos(a) + (yy - CANVAS / 2) * np.sin(a)
        d -= rng.uniform(-0.25, 0.25) * sticker_px
        w *= 1.0 - 0.55 / (1.0 + np.exp(-d / (0.08 * sticker_px)))
    if light == "glare":
        yy, xx = np.mgrid[0:CANVAS, 0:CANVAS]
        c = CANVAS / 2
        cx, cy = c + rng.uniform(-0.3, 0.3) * sticker_px, c + rng.uniform(-0.3, 0.3) * sticker_px
        r = 0.3 * sticker_px
        w += 160 * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r))
    w = cv2.GaussianBlur(w, (0, 0), blur)
    w += rng.normal(0, noise, w.shape)
    return np.clip(w, 0, 255).astype(np.uint8)


def clutter(rng) -> np.ndarray:
    """A CANVAS^2 view with no marker of any kind: a QR code, strokes, grids, grain."""
    w = np.full((CANVAS, CANVAS), float(rng.uniform(150, 235)), np.float32)
    yy, xx = np.mgrid[0:CANVAS, 0:CANVAS]
    w += 18 * np.sin(xx / rng.uniform(3, 9) + 0.3 * np.sin(yy / 17.0))   # wood grain
    g = w.astype(np.uint8)
    for _ in range(int(rng.integers(4, 12))):
        kind = rng.integers(0, 4)
        x, y = (int(v) for v in rng.integers(0, CANVAS - 40, 2))
        s = int(rng.integers(10, 40))
        col = int(rng.integers(0, 90))
        if kind == 0:
            cv2.rectangle(g, (x, y), (x + s, y + s), col, -1 if rng.random() < .5 else 2)
        elif kind == 1:
            cv2.putText(g, "".join(chr(int(c)) for c in rng.integers(65, 91, 4)), (x, y + s),
                        cv2.FONT_HERSHEY_SIMPLEX, s / 40, col, 2)
        elif kind == 2:
            n = int(rng.integers(3, 7))
            c = max(2, s // n)
            cells = rng.random((n, n)) < 0.5
            for i in range(n):
                for j in range(n):
                    if cells[i, j]:
                        g[y + i * c:y + (i + 1) * c, x + j * c:x + (j + 1) * c] = col
        else:
            from calibration.tags import qr_image
            q = qr_image(f"https://example.org/{int(rng.integers(0, 99))}", 2, quiet_zone=1)
            q = q[:CANVAS - y, :CANVAS - x]
            g[y:y + q.shape[0], x:x + q.shape[1]] = q
    g = cv2.GaussianBlur(g.astype(np.float32), (0, 0), 0.7) + rng.normal(0, 3, g.shape)
    return np.clip(g, 0, 255).astype(np.uint8)


def read_ids(method: str, img: np.ndarray) -> list[int]:
    """Ids a method reads in a grey view (QR: 0 for our payload, -1 for another)."""
    if method == "qr":
        return [0 if s.text.startswith("TC1:PP:R:") else -1
                for s in Decoder(aruco=False).decode(img)
                if s.format == "QRCode" and s.text.startswith("TC")]
    if method.startswith("aruco"):
        old = method.endswith("-before")
        keep = D.ARUCO_SAMPLE_PX_PER_CELL, D.ARUCO_IGNORED_MARGIN_PER_CELL
        if old:   # OpenCV's defaults, as vision.decode had them before
            D.ARUCO_SAMPLE_PX_PER_CELL, D.ARUCO_IGNORED_MARGIN_PER_CELL = 4, 0.13
        try:
            return [int(s.text) for s in detect_aruco(img, "DICT_4X4_100",
                                                       rescue="+rescue" in method)]
        finally:
            D.ARUCO_SAMPLE_PX_PER_CELL, D.ARUCO_IGNORED_MARGIN_PER_CELL = keep
    if method.startswith("cv-"):
        name = {"cv-16h5": "DICT_APRILTAG_16h5", "cv-36h11": "DICT_APRILTAG_36h11"}[method]
        return [int(s.text) for s in detect_aruco(img, name, rescue=False)]
    fam = {"at3-aruco": "aruco4x4", "at3-16h5": "tag16h5", "at3-25h9": "tag25h9",
           "at3-36h11": "tag36h11", "at3-41h12": "tagStandard41h12"}[method]
    return [int(d.tag_id) for d in at3_detector(fam).detect(img)
            if d.decision_margin >= AT3_MIN_MARGIN]


def run(methods, conds, n: int, seed: int) -> dict:
    """{(cond, ppc, method): (read, wrong, n)} and {method: [ms per call]}."""
    res, ms = {}, {m: [] for m in methods}
    for ci, (name, blur, noise, light, tilt) in enumerate(conds):
        for ppc in PPC:
            for method in methods:
                ok = bad = 0
                for k in range(n):
                    rng = np.random.default_rng([seed, ci, int(ppc * 10), k])
                    mid = 1 + k % 25
                    img, f = sticker(method, mid)
                    v = view(img, 7.0 * ppc, float(rng.uniform(0, 360)), blur, noise, light,
                             tilt, rng)
                    t0 = time.perf_counter()
                    ids = read_ids(method, v)
                    ms[method].append(1000 * (time.perf_counter() - t0))
                    want = 0 if method == "qr" else mid
                    ok += want in ids
                    bad += any(i != want for i in ids)
                res[(name, ppc, method)] = (ok, bad, n)
    return res, ms


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=30, help="views per cell of the tables")
    ap.add_argument("--held-out", action="store_true",
                    help="the held-out conditions and seeds (report apart; never tune on them)")
    ap.add_argument("--methods", default=",".join(DEFAULT_METHODS),
                    help="comma-separated columns, of: " + ", ".join(METHODS))
    ap.add_argument("--clutter", type=int, default=200, help="marker-free views per method")
    a = ap.parse_args(argv)
    methods = tuple(m for m in a.methods.split(",") if m)
    for m in methods:
        if m not in METHODS:
            ap.error(f"unknown method {m!r}; one of {', '.join(METHODS)}")
    try:
        import pupil_apriltags  # noqa: F401
    except ImportError:
        print("pupil-apriltags is not installed (pip install -e '.[bench]'): "
              "the AprilTag 3 methods are left out\n")
        methods = tuple(m for m in methods if not m.startswith("at3-"))
    conds = HELD_OUT_CONDS if a.held_out else DEV_CONDS
    seed = HELD_OUT_SEED if a.held_out else DEV_SEED
    res, ms = run(methods, conds, a.n, seed)
    print(("HELD-OUT" if a.held_out else "dev") + f" conditions, {a.n} views per cell: "
          "share read (views with a wrong id, if any, in brackets)")
    for name, *_ in conds:
        print(f"\n{name}, noise as named (else 3 grey levels):")
        print("| px per ArUco cell | " + " | ".join(methods) + " |")
        print("|---|" + "---|" * len(methods))
        for ppc in PPC:
            cells = []
            for m in methods:
                ok, bad, n = res[(name, ppc, m)]
                cells.append(f"{100 * ok / n:.0f}%" + (f" ({bad})" if bad else ""))
            print(f"| {ppc:g} | " + " | ".join(cells) + " |")
    print("\n3-4 px per ArUco cell, all conditions above pooled:")
    print("| method | read | wrong ids | clutter views with a read | ms per call |")
    print("|---|---|---|---|---|")
    for m in methods:
        ok = sum(v[0] for (c, p, mm), v in res.items() if mm == m and 3 <= p <= 4)
        bad = sum(v[1] for (c, p, mm), v in res.items() if mm == m)
        tot = sum(v[2] for (c, p, mm), v in res.items() if mm == m and 3 <= p <= 4)
        fp = 0
        for k in range(a.clutter):
            ids = read_ids(m, clutter(np.random.default_rng([seed, 99, k])))
            fp += bool(ids)
        print(f"| {m} | {100 * ok / tot:.1f}% of {tot} | {bad} | {fp} of {a.clutter} | "
              f"{np.mean(ms[m]):.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
