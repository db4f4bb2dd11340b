"""Which symbol for which piece? Recall of small tags vs camera scale (docs/tags.md).

Run:  .venv/bin/python benchmarks/bench_tags.py [--reps N]

1. Small wooden pieces: a 14 mm square sticker (what fits a reporter's top or a
   20 mm penny) carrying a QR v1 code, an ArUco DICT_4X4_100 marker, a DICT_5X5_100
   marker or an AprilTag 36h11, seen through a tilted pinhole camera (27.5 degrees)
   at table scales 1.0-3.0 px/mm, rotated in-plane, blur sigma 0.8 px, noise 3
   grey levels. Recall per symbol and scale; false detections on 40 frames of
   busy card-like clutter (random rectangles, lines, text blocks) per dictionary.
2. QR v1 (our payloads, EC M) recall vs px per module with zxing-cpp, to check the
   3 px/module rule of ../shared/research/vision-baseline.md on our own stickers.

Figures are printed, never asserted. Times: one thread, ms per frame.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from calibration.synthetic import TILTED_HEIGHT_MM, local_scale, reference_homography  # noqa: E402
from calibration.tags import qr_image  # noqa: E402
from companion.games.penny_press.tags import catalog_ids, encode_payload, kind_of  # noqa: E402

FRAME = (1280, 720)
SRC_PPM = 10.0  # px/mm of the flat drawing before the camera warp
STICKER_MM = 14.0
DICTS = {"aruco 4x4_100": ("DICT_4X4_100", 6), "aruco 5x5_100": ("DICT_5X5_100", 7),
         "apriltag 36h11": ("DICT_APRILTAG_36h11", 8)}


def _aruco_sticker(dict_name, cells, marker_id):
    d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dict_name))
    marker_mm = STICKER_MM - 2.0  # 1 mm white margin, as on the real stickers
    n = round(marker_mm * SRC_PPM)
    img = cv2.aruco.generateImageMarker(d, marker_id, cells * 20)
    img = cv2.resize(img, (n, n), interpolation=cv2.INTER_AREA)
    return np.pad(img, round(SRC_PPM), constant_values=255)


def _qr_sticker(payload, side_mm):
    img = qr_image(payload, 20, 2)
    n = round(side_mm * SRC_PPM)
    return cv2.resize(img, (n, n), interpolation=cv2.INTER_AREA)


def _scene(stickers, scale, seed, tilt=27.5):
    """Stickers on a 4 x 3 grid of a table patch, seen at about ``scale`` px/mm."""
    rng = np.random.default_rng(seed)
    view_mm = FRAME[0] / scale * 0.8
    pitch = view_mm / 6
    canvas_mm = (pitch * 5, pitch * 4)
    canvas = np.full((round(canvas_mm[1] * SRC_PPM), round(canvas_mm[0] * SRC_PPM)), 150, np.uint8)
    centres = []
    for k, st in enumerate(stickers):
        r, c = divmod(k, 4)
        x, y = (c + 1) * pitch, (r + 1) * pitch
        st = np.pad(st, round(st.shape[0] * 0.22), constant_values=150)  # room to turn
        rot = cv2.getRotationMatrix2D((st.shape[1] / 2, st.shape[0] / 2), rng.uniform(0, 360), 1.0)
        big = cv2.warpAffine(st, rot, st.shape[::-1], flags=cv2.INTER_AREA, borderValue=150)
        n = big.shape[0]
        y0, x0 = round(y * SRC_PPM - n / 2), round(x * SRC_PPM - n / 2)
        canvas[y0:y0 + n, x0:x0 + n] = big
        centres.append((x, y))
    H = reference_homography((canvas_mm[0] / 2, canvas_mm[1] / 2), tilt_deg=tilt, frame=FRAME,
                             view_width_mm=view_mm * 1.1, height_mm=700)
    T = np.array([[1 / SRC_PPM, 0, 0.5 / SRC_PPM], [0, 1 / SRC_PPM, 0.5 / SRC_PPM], [0, 0, 1]])
    img = cv2.warpPerspective(canvas, H @ T, FRAME, flags=cv2.INTER_AREA, borderValue=120)
    img = cv2.GaussianBlur(img, (0, 0), 0.8)
    img = np.clip(img + rng.normal(0, 3, img.shape), 0, 255).astype(np.uint8)
    scales = [local_scale(H, x, y) for x, y in centres]
    return img, scales


def _clutter(seed):
    rng = np.random.default_rng(seed)
    img = np.full(FRAME[::-1], 160, np.uint8)
    for _ in range(400):
        x, y = rng.integers(0, FRAME[0]), rng.integers(0, FRAME[1])
        w, h = rng.integers(3, 60, 2)
        cv2.rectangle(img, (int(x), int(y)), (int(x + w), int(y + h)), int(rng.integers(0, 255)), -1)
    for _ in range(200):
        p = rng.integers(0, FRAME[0], 4)
        cv2.line(img, (int(p[0]), int(p[1] % FRAME[1])), (int(p[2]), int(p[3] % FRAME[1])),
                 int(rng.integers(0, 255)), int(rng.integers(1, 4)))
    for _ in range(60):
        cv2.putText(img, "".join(rng.choice(list("ABCDEFGH0123"), 6)), (int(rng.integers(0, 1200)),
                    int(rng.integers(10, 710))), cv2.FONT_HERSHEY_SIMPLEX, float(rng.uniform(0.3, 1.2)), 0, 2)
    return cv2.GaussianBlur(img, (0, 0), 0.8)


def bench_small_pieces(reps):
    import zxingcpp

    scales = (1.0, 1.25, 1.5, 2.0, 2.5, 3.0)
    rows = {}
    for name, (dname, cells) in DICTS.items():
        det = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dname)),
                                      cv2.aruco.DetectorParameters())
        for s in scales:
            hit = tot = 0
            ms = []
            for rep in range(reps):
                ids = list(range(rep * 12 % 80, rep * 12 % 80 + 12))
                img, _ = _scene([_aruco_sticker(dname, cells, i) for i in ids], s, rep)
                t = time.perf_counter()
                _, got, _ = det.detectMarkers(img)
                ms.append((time.perf_counter() - t) * 1000)
                got = set(got.ravel().tolist()) if got is not None else set()
                hit += len(got & set(ids))
                tot += len(ids)
            rows[(name, s)] = (hit / tot, float(np.median(ms)))
    # QR on the same 14 mm sticker
    payloads = [encode_payload(c) for c in catalog_ids() if kind_of(c) in "RP"]
    for s in scales:
        hit = tot = 0
        ms = []
        for rep in range(reps):
            chosen = payloads[rep * 12 % 28: rep * 12 % 28 + 12]
            img, _ = _scene([_qr_sticker(p, STICKER_MM) for p in chosen], s, rep)
            t = time.perf_counter()
            got = {r.text for r in zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode)}
            ms.append((time.perf_counter() - t) * 1000)
            hit += len(got & set(chosen))
            tot += len(chosen)
        rows[("qr v1 (zxing)", s)] = (hit / tot, float(np.median(ms)))
    names = list(DICTS) + ["qr v1 (zxing)"]
    print(f"\n## 14 mm sticker on a small piece: recall by table scale (px/mm), {reps} frames x 12 tags each")
    print("| symbol | cell mm | " + " | ".join(f"{s:g} px/mm" for s in scales) + " | ms/frame |")
    print("|---|---|" + "---|" * len(scales) + "---|")
    cell = {"aruco 4x4_100": 12 / 6, "aruco 5x5_100": 12 / 7, "apriltag 36h11": 12 / 8, "qr v1 (zxing)": 14 / 25}
    for n in names:
        print(f"| {n} | {cell[n]:.2f} | " + " | ".join(f"{rows[(n, s)][0] * 100:.0f}%" for s in scales)
              + f" | {np.median([rows[(n, s)][1] for s in scales]):.1f} |")
    print("\n## False detections on busy card-like clutter (40 frames 1280x720)")
    for name, (dname, _) in DICTS.items():
        det = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dname)),
                                      cv2.aruco.DetectorParameters())
        false = 0
        for seed in range(40):
            _, got, _ = det.detectMarkers(_clutter(seed))
            false += 0 if got is None else len(got)
        print(f"- {name}: {false} false markers")


def bench_qr_module(reps):
    import zxingcpp

    payloads = [encode_payload(c) for c in catalog_ids() if kind_of(c) in "SHA"]
    print(f"\n## QR v1 story/card stickers (32.5 mm printed side): recall by px per module, {reps} x 12 tags")
    print("| px/module | recall | ms/frame |")
    print("|---|---|---|")
    for target in (2.0, 2.5, 3.0, 3.25, 3.5, 4.0):
        scale = target / 1.3  # normal module 1.3 mm
        hit = tot = 0
        ms = []
        for rep in range(reps):
            chosen = payloads[(rep * 12) % 100:(rep * 12) % 100 + 12]
            img, _ = _scene([_qr_sticker(p, 32.5) for p in chosen], scale, rep + 100)
            t = time.perf_counter()
            got = {r.text for r in zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode)}
            ms.append((time.perf_counter() - t) * 1000)
            hit += len(got & set(chosen))
            tot += len(chosen)
        print(f"| {target:g} | {hit / tot * 100:.0f}% ({hit}/{tot}) | {np.median(ms):.0f} |")


def _worst_scale(H, frame) -> float:
    Hi = np.linalg.inv(H)
    worst = 1e9
    for u in np.linspace(0, frame[0], 17):
        for v in np.linspace(0, frame[1], 9):
            p = Hi @ [u, v, 1]
            worst = min(worst, local_scale(H, p[0] / p[2], p[1] / p[2]))
    return worst


def bench_reference_scale():
    import math

    print("\n## Worst local scale of the reference view (straight down, docs/calibration.md; "
          "geometric mean, px/mm, over the whole frame)")
    print("| frame | height | horizontal FOV | view (centre row x depth) | worst px/mm | normal 1.3 mm module "
          "| large 1.6 mm module | ArUco 2 mm cell |")
    print("|---|---|---|---|---|---|---|---|")
    # 4K: the whole table (0.89 m deep: a 1.6 x 0.9 m view), from 1.0 or 1.1 m; 1080p:
    # the same view, and the one docs/calibration.md recommends for 1080p (the board
    # alone, about 1.0 x 0.58 m: 1.1 m up with a 50 degree lens, or 0.7 m with 72)
    views = (((3840, 2160), 1000, 77.3), ((3840, 2160), 1100, 72), ((1920, 1080), 1100, 72),
             ((1920, 1080), 1100, 49.8), ((1920, 1080), 700, 72))
    for frame, h, fov in views:
        view = 2 * h * math.tan(math.radians(fov / 2))
        H = reference_homography((0, 0), tilt_deg=0, height_mm=h, frame=frame, view_width_mm=view)
        w = _worst_scale(H, frame)
        print(f"| {frame[0]}x{frame[1]} | {h / 1000:g} m | {fov} deg | {view / 1000:.2f} x "
              f"{view * frame[1] / frame[0] / 1000:.2f} m | {w:.2f} | {w * 1.3:.2f} px | {w * 1.6:.2f} px "
              f"| {w * 2:.2f} px |")
    print("\n## The old tilted view (issue 3: 0.7 m up, centre row 1000 mm wide)")
    print("| frame | tilt | worst px/mm | normal 1.3 mm module | large 1.6 mm module |")
    print("|---|---|---|---|---|")
    for frame in ((3840, 2160), (1920, 1080)):
        for tilt in (20, 27.5, 35):
            H = reference_homography((0, 0), tilt_deg=tilt, height_mm=TILTED_HEIGHT_MM, frame=frame,
                                     view_width_mm=1000)
            worst = _worst_scale(H, frame)
            print(f"| {frame[0]}x{frame[1]} | {tilt:g} | {worst:.2f} | {worst * 1.3:.2f} px | {worst * 1.6:.2f} px |")


def bench_pdf_through_ghostscript():
    """The real PDF rasterised by Ghostscript (if installed) at the camera scales."""
    import shutil
    import subprocess
    import tempfile

    import zxingcpp

    from calibration.sheets import plan_sheets, write_pdf
    from calibration.tags import aruco_dictionary

    gs = shutil.which("gs")
    print("\n## The printed PDF rasterised by Ghostscript, all pages decoded")
    if not gs:
        print("- skipped: Ghostscript (gs) is not installed")
        return
    det = cv2.aruco.ArucoDetector(aruco_dictionary(), cv2.aruco.DetectorParameters())
    for paper, size, dpi in (("a4", "normal", 64), ("letter", "large", 48), ("a4", "normal", 56)):
        plan = plan_sheets(paper, size)
        with tempfile.TemporaryDirectory() as d:
            pdf = write_pdf(plan, Path(d) / "s.pdf", progress=False)
            subprocess.run([gs, "-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=pnggray", f"-r{dpi}",
                            f"-sOutputFile={d}/p%02d.png", str(pdf)], check=True)
            qr, ar = set(), set()
            for f in sorted(Path(d).glob("p*.png")):
                im = cv2.imread(str(f), cv2.IMREAD_GRAYSCALE)
                qr |= {r.text for r in zxingcpp.read_barcodes(im)}
                _, ids, _ = det.detectMarkers(im)
                ar |= set(ids.ravel().tolist()) if ids is not None else set()
        want_qr = {p.payload for p in plan.placements if p.payload}
        want_ar = {p.marker_id for p in plan.placements if p.marker_id is not None}
        print(f"- {paper} {size} at {dpi} dpi ({dpi / 25.4:.2f} px/mm): QR {len(qr & want_qr)}/{len(want_qr)}, "
              f"ArUco {len(ar & want_ar)}/{len(want_ar)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=6)
    args = ap.parse_args()
    t = time.time()
    bench_reference_scale()
    bench_small_pieces(args.reps)
    bench_qr_module(args.reps)
    bench_pdf_through_ghostscript()
    print(f"\n(total {time.time() - t:.0f} s)")


if __name__ == "__main__":
    main()
