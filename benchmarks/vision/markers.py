"""Marker study for the wooden pieces (issue 10 item 5): which symbol reads at the
sizes the table gives, on the same printed sticker.

The sticker of a reporter or marker today is 14 mm: an ArUco 4x4 marker (6 cells of
2 mm with its black border) plus a 1 mm white margin. Candidates printed on the same
14 mm sticker, decoded from small synthetic views (the sticker turned at random,
defocus, sensor noise, optionally a glare blob over a third of it):

- ``aruco``: DICT_4X4_100 with OpenCV's detector as we configure it, no rescue;
- ``aruco+rescue``: the same plus our rescue of small rejected quads (3x crops);
- ``april16h5``: OpenCV's DICT_APRILTAG_16h5 (also 6 cells: same px per cell);
- ``april36h11``: DICT_APRILTAG_36h11 (8 cells + margin: 0.78x the px per cell);
- ``qr``: a version 1 QR of our payload (21 modules + 2 quiet modules a side: 0.28x
  the px per ArUco cell), zxing-cpp with our sharpen + rescue.

The x axis is px per *ArUco* cell of today's sticker (what calibrate table reports).

    .venv/bin/python -m benchmarks.vision.markers [--n 20]

Figures only; a few seconds.
"""

from __future__ import annotations

import argparse
import sys

import cv2
import numpy as np

from vision.decode import Decoder, detect_aruco

STICKER_CELLS = 7.0   # 6 cells + 2 x 0.5 cell margin
PPC = (2.0, 2.5, 3.0, 3.5, 4.0, 5.0)
CONDS = (("blur 0.6", 0.6, False), ("blur 1.0", 1.0, False), ("blur 0.6 + glare", 0.6, True))
METHODS = ("aruco", "aruco+rescue", "april16h5", "april36h11", "qr")


def sticker(method: str, mid: int, px: int) -> np.ndarray:
    """The 14 mm sticker drawn at ``px`` px (large, then scaled by the caller)."""
    if method == "qr":
        from calibration.tags import qr_image

        from companion.tags import encode_payload

        img = qr_image(encode_payload(f"red{1 + mid % 5}"), 20, quiet_zone=2)
        return img
    dic = {"april16h5": cv2.aruco.DICT_APRILTAG_16h5, "april36h11": cv2.aruco.DICT_APRILTAG_36h11}.get(
        method, cv2.aruco.DICT_4X4_100)
    d = cv2.aruco.getPredefinedDictionary(dic)
    bits = int(round(np.sqrt(d.bytesList.shape[1] * 8)))
    cells = bits + 2
    cell_px = 40
    m = cv2.aruco.generateImageMarker(d, mid, cells * cell_px)
    side = int(round(cells * cell_px * STICKER_CELLS / 6.0)) if cells == 6 else int(round(cells * cell_px + cell_px))
    out = np.full((side, side), 255, np.uint8)
    o = (side - m.shape[0]) // 2
    out[o:o + m.shape[0], o:o + m.shape[0]] = m
    return out


def view(img: np.ndarray, sticker_px: float, angle: float, blur: float, glare: bool, rng) -> np.ndarray:
    canvas = np.full((220, 220), 225, np.uint8)
    s = sticker_px / img.shape[0]
    M = cv2.getRotationMatrix2D((img.shape[1] / 2, img.shape[0] / 2), angle, s)
    M[:, 2] += np.array([110, 110]) - np.array([img.shape[1] / 2, img.shape[0] / 2])
    w = cv2.warpAffine(img, M, (220, 220), flags=cv2.INTER_AREA, borderValue=225).astype(np.float32)
    if glare:
        yy, xx = np.mgrid[0:220, 0:220]
        cx, cy = 110 + rng.uniform(-0.3, 0.3) * sticker_px, 110 + rng.uniform(-0.3, 0.3) * sticker_px
        r = 0.3 * sticker_px
        w += 160 * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r))
    w = cv2.GaussianBlur(w, (0, 0), blur)
    w += rng.normal(0, 3, w.shape)
    return np.clip(w, 0, 255).astype(np.uint8)


def reads(method: str, img: np.ndarray, mid: int) -> bool:
    if method == "qr":
        return any(s.format == "QRCode" for s in Decoder(aruco=False).decode(img))
    if method in ("aruco", "aruco+rescue"):
        return any(s.text == str(mid) for s in detect_aruco(img, "DICT_4X4_100", rescue=method == "aruco+rescue"))
    name = "DICT_APRILTAG_16h5" if method == "april16h5" else "DICT_APRILTAG_36h11"
    return any(s.text == str(mid) for s in detect_aruco(img, name, rescue=False))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=20, help="views per cell of the table")
    a = ap.parse_args(argv)
    for name, blur, glare in CONDS:
        print(f"{name}, noise 3 grey levels, {a.n} views each: share read")
        print("| px per ArUco cell | " + " | ".join(METHODS) + " |")
        print("|---|" + "---|" * len(METHODS))
        for ppc in PPC:
            cells = []
            for method in METHODS:
                ok = 0
                for k in range(a.n):
                    rng = np.random.default_rng([k, int(ppc * 10), int(blur * 10), int(glare)])
                    mid = 1 + k % 25
                    img = view(sticker(method, mid, 0), STICKER_CELLS * ppc, float(rng.uniform(0, 360)),
                               blur, glare, rng)
                    ok += reads(method, img, mid)
                cells.append(f"{100 * ok / a.n:.0f}%")
            print(f"| {ppc:g} | " + " | ".join(cells) + " |")
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
