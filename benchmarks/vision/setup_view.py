"""The reference setup from measurements: which camera height, tilt and field of view
cover a Penny Press table, and at how many px per module (issue 10 item 6).

For 2-5 players the staged table (tools.render.games.penny_press: board, the initial headline
cards, the mats in one row with their published strips; ``stage_bounds``) is fitted
into the frame by ``frame_bounds`` for a camera at each height and tilt. Printed: the
horizontal field of view the lens needs, and the smallest px per module of the QR
tags (normal 1.3 mm modules; large 1.6 mm) and px per cell of the ArUco markers
(2 mm cells) at the far edge of the table, for 4K (3840x2160) and 1080p.

    .venv/bin/python -m benchmarks.vision.setup_view

Geometry only (no rendering): a second or two. Figures, nothing asserted.
"""

from __future__ import annotations

import math
import sys

from tools.render.camera import frame_bounds
from tools.render.games.penny_press import stage_bounds

COLOURS = ["red", "blue", "green", "yellow", "black"]


def worst_px_per_mm(cam, bounds) -> float:
    x0, y0, x1, y1 = bounds
    pts = [(x, y) for x in (x0, (x0 + x1) / 2, x1) for y in (y0, (y0 + y1) / 2, y1)]
    return min(cam.px_per_mm(p) for p in pts)


def rows(resolution: str):
    for n in (2, 3, 4, 5):
        b = stage_bounds(COLOURS[:n])
        for h in (700, 900, 1100):
            for tilt in (0, 15, 25):
                try:
                    cam = frame_bounds(b, resolution, height_mm=h, tilt_deg=tilt, k1=0.0, k2=0.0)
                except ValueError:
                    continue
                hfov = math.degrees(2 * math.atan(cam.width / 2 / cam.fx))
                ppm = worst_px_per_mm(cam, b)
                yield n, (b[2] - b[0], b[3] - b[1]), h, tilt, hfov, ppm


def main(argv=None) -> int:
    import argparse

    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args(argv)
    for res in ("4k", "1080p"):
        print(f"{res}: | players | table mm | camera height mm | tilt deg | horizontal FOV deg | "
              "worst px/mm | QR normal px/module | QR large | ArUco px/cell |")
        print("|---|---|---|---|---|---|---|---|---|")
        for n, (w, d), h, tilt, hfov, ppm in rows(res):
            print(f"| {n} | {w:.0f}x{d:.0f} | {h} | {tilt} | {hfov:.0f} | {ppm:.2f} | {1.3 * ppm:.2f} | "
                  f"{1.6 * ppm:.2f} | {2.0 * ppm:.2f} |")
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
