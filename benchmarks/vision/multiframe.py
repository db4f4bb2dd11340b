"""Recall of small tags over the frames of a still table, through the pipeline.

Each scene of the vision benchmark (benchmarks/vision/render_scenes.py) is rendered
K times with fresh sensor noise and JPEG (table, camera, light and focus stay put)
and fed to :class:`vision.pipeline.Pipeline` at 2 frames/s, as the demo does. What
counts is what the pipeline's snapshot holds after the K frames:

- *today's floor*: the pipeline with the still re-read off (``reread_max=0``): a still
  tile is never decoded again, so this equals what the first frame read;
- *re-read*: the default pipeline, which decodes undecoded candidates and held tags
  not found again on later still frames at a bounded budget per frame;
- *any frame*: the union of whole-frame decodes of every frame (an upper bound, not
  what the pipeline does).

Also the cost of a still frame (frames 2..K, median ms) with the re-read off and on,
against one whole-frame decode, in the same run.

    .venv/bin/python -m benchmarks.vision.multiframe [--scenes 4] [--frames 5] [--resolution 1080p]

Figures are printed (``--markdown`` for docs); nothing is asserted.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from benchmarks.vision.render_scenes import MODULE_MM, scene_layout
from companion.tags import parse_payload
from vision.decode import Decoder
from vision.pipeline import Pipeline, PipelineConfig
from vision.render.effects import Effects, light_field
from vision.render.scene import SceneRenderer

BANDS = ((2.0, 2.5), (2.5, 3.0), (3.0, 4.0), (4.0, 99.0))


def band_of(ppm: float):
    for lo, hi in BANDS:
        if lo <= ppm < hi:
            return (lo, hi)
    return None


def run(scenes: int, frames: int, resolution: str, n_tags: int, seed0: int = 97, noise: float = 2.0) -> dict:
    dec = Decoder()
    cols = ("floor", "reread", "any")
    tally = {c: {b: [0, 0] for b in BANDS} for c in cols}
    t_full, t_still = [], {"floor": [], "reread": []}
    crops = []
    for s in range(scenes):
        rng = np.random.default_rng([seed0, s, n_tags])
        camera, items, _module = scene_layout(rng, resolution, n_tags)
        renderer = SceneRenderer(camera)
        fx = Effects(light_gradient=0.25, vignette=0.2, defocus_sigma=float(rng.uniform(0.5, 1.2)),
                     noise_sigma=noise, jpeg_quality=80)
        clean = renderer.render_clean(items)
        light = light_field((camera.height, camera.width), rng, fx.light_gradient, fx.vignette)
        imgs, truth = [], None
        for k in range(frames):
            frame = renderer.render(items, effects=fx, rng=np.random.default_rng([seed0, s, k, 5]),
                                    clean=clean, light=light)
            imgs.append(frame.image)
            if k == 0:
                truth = [t for t in frame.tags if t.symbol == "qr" and t.visible >= 0.98 and t.glare < 0.02]
        read_any: set[str] = set()
        for img in imgs:
            t0 = time.perf_counter()
            read_any |= {sym.text for sym in dec.decode(img)}
            t_full.append(time.perf_counter() - t0)
        held = {}
        for col, budget in (("floor", 0), ("reread", PipelineConfig().reread_max)):
            pipe = Pipeline(PipelineConfig(reread_max=budget))
            for k, img in enumerate(imgs):
                t0 = time.perf_counter()
                snap, rep = pipe.process(img, 0.5 * k)
                if k:
                    t_still[col].append(time.perf_counter() - t0)
                    if col == "reread":
                        crops.append(rep.reread)
            held[col] = {sg.component for sg in snap.sightings}
        for t in truth:
            b = band_of(t.px_per_module)
            if not b:
                continue
            comp = parse_payload(t.key).component
            for col in ("floor", "reread"):
                tally[col][b][1] += 1
                tally[col][b][0] += comp in held[col]
            tally["any"][b][1] += 1
            tally["any"][b][0] += t.key in read_any
    ms = lambda xs: 1000 * float(np.median(xs)) if xs else float("nan")
    return {"tally": tally, "full_ms": ms(t_full), "still_ms": {k: ms(v) for k, v in t_still.items()},
            "crops": float(np.mean(crops)) if crops else 0.0, "max_crops": max(crops or [0])}


def report(r: dict, a) -> str:
    f, st = r["full_ms"], r["still_ms"]
    lines = [f"{a.resolution}, {a.tags} tags, noise {a.noise:g}, {a.scenes} still scenes x {a.frames} frames at 2 frames/s "
             f"(seeds {a.seed}); whole-frame decode {f:.0f} ms; still frame: today's floor "
             f"{st['floor']:.1f} ms ({st['floor'] / f:.3f}x), with re-read {st['reread']:.1f} ms "
             f"({st['reread'] / f:.3f}x; {r['crops']:.1f} crops/frame on average, at most {r['max_crops']})",
             "| px per module | today's floor (no re-read) | pipeline with re-read | any frame (upper bound) |",
             "|---|---|---|---|"]
    for b in BANDS:
        cells = []
        for col in ("floor", "reread", "any"):
            n, d = r["tally"][col][b]
            cells.append(f"{100 * n / d:.1f}% ({n}/{d})" if d else "-")
        if r["tally"]["any"][b][1]:
            lines.append(f"| {b[0]:g}-{b[1]:g} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", type=int, default=4)
    ap.add_argument("--frames", type=int, default=5)
    ap.add_argument("--resolution", default="1080p", choices=sorted(MODULE_MM))
    ap.add_argument("--tags", type=int, default=120)
    ap.add_argument("--seed", type=int, default=97)
    ap.add_argument("--noise", type=float, default=2.0,
                    help="sensor read noise (grey levels; 2: a lit room, 6: a dim one)")
    a = ap.parse_args(argv)
    print(report(run(a.scenes, a.frames, a.resolution, a.tags, a.seed, a.noise), a))
    return 0


if __name__ == "__main__":
    sys.exit(main())
