"""Recall of small tags over several frames of the same still table.

The tracker keeps a tag once any frame decodes it, so what counts on a still table
is whether *some* frame of the moment reads it. This renders each scene of the
vision benchmark (benchmarks/vision/render_scenes.py) K times with fresh sensor
noise, defocus and JPEG (the table and camera stay put), decodes every frame with
the default decoder, and reports recall per module-size band after 1 frame and after
K frames (the union), with the single-frame figure as the same-run baseline.

    .venv/bin/python -m benchmarks.vision.multiframe [--scenes 4] [--frames 5]

Figures are printed; nothing is asserted.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from benchmarks.vision.render_scenes import MODULE_MM, scene_layout
from vision.decode import Decoder
from vision.render.effects import Effects
from vision.render.scene import SceneRenderer

BANDS = ((2.0, 2.5), (2.5, 3.0), (3.0, 4.0), (4.0, 99.0))


def band_of(ppm: float):
    for lo, hi in BANDS:
        if lo <= ppm < hi:
            return (lo, hi)
    return None


def run(scenes: int, frames: int, resolution: str, n_tags: int) -> dict:
    dec = Decoder()
    one = {b: [0, 0] for b in BANDS}     # band -> [read in frame 0, tags]
    many = {b: [0, 0] for b in BANDS}    # band -> [read in any frame, tags]
    t_dec = []
    for s in range(scenes):
        rng = np.random.default_rng([97, s, n_tags])
        camera, items, _module = scene_layout(rng, resolution, n_tags)
        renderer = SceneRenderer(camera)
        read_any: set[str] = set()
        truth = None
        for k in range(frames):
            fx = Effects(light_gradient=0.25, vignette=0.2, defocus_sigma=float(rng.uniform(0.5, 1.2)),
                         noise_sigma=2.0, jpeg_quality=80)
            frame = renderer.render(items, effects=fx, rng=np.random.default_rng([s, k, 5]))
            t0 = time.perf_counter()
            got = {sym.text for sym in dec.decode(frame.image)}
            t_dec.append(time.perf_counter() - t0)
            if k == 0:
                truth = [t for t in frame.tags if t.symbol == "qr" and t.visible >= 0.98 and t.glare < 0.02]
                for t in truth:
                    b = band_of(t.px_per_module)
                    if b:
                        one[b][1] += 1
                        one[b][0] += t.key in got
            read_any |= got
        for t in truth:
            b = band_of(t.px_per_module)
            if b:
                many[b][1] += 1
                many[b][0] += t.key in read_any
    return {"one": one, "many": many, "ms": 1000 * float(np.median(t_dec))}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", type=int, default=4)
    ap.add_argument("--frames", type=int, default=5)
    ap.add_argument("--resolution", default="1080p", choices=sorted(MODULE_MM))
    ap.add_argument("--tags", type=int, default=120)
    a = ap.parse_args(argv)
    r = run(a.scenes, a.frames, a.resolution, a.tags)
    print(f"{a.resolution}, {a.tags} tags, {a.scenes} still scenes x {a.frames} frames; "
          f"decode median {r['ms']:.0f} ms/frame (default decoder: zxing sharpen + rescue)")
    print("| px per module | 1 frame (baseline) | any of the frames |")
    print("|---|---|---|")
    for b in BANDS:
        o, m = r["one"][b], r["many"][b]
        if o[1]:
            print(f"| {b[0]:g}-{b[1]:g} | {100 * o[0] / o[1]:.1f}% ({o[0]}/{o[1]}) "
                  f"| {100 * m[0] / m[1]:.1f}% ({m[0]}/{m[1]}) |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
