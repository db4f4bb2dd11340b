"""Rendered scenes for the vision benchmark (issue 4 item 7a).

    from benchmarks.vision.render_scenes import bench_scenes   # or import by path
    for image, truth in bench_scenes("4k", 60, hand=True, glare=True, seed=1):
        ...

Each scene: ``n_tags`` cards with QR tags (real TC1 payloads of the Penny Press
catalog) scattered on a wooden table under a random reference camera (issue 3: 65-75
cm high, 20-35 degree tilt, about 1 m of table across, barrel distortion), uneven
light, defocus blur (sigma 0.5-1.2 px), sensor noise, JPEG quality 80, optionally a
hand reaching over a random card and 3 glare spots. Module sizes are drawn per scene
so that tags span about 2-6 px per module (1080p: 1.6-2.6 mm modules, 4K: 1.0-1.6
mm), the range of ../shared/research/vision-baseline.md.

Ground truth per frame (dict): ``resolution``, ``n_tags``, ``hand``, ``glare``,
``seed``, ``index``, ``tags``: one dict per tag (tools.render.scene.TagTruth
.to_json(): ``key`` = payload, ``corners_px``, ``px_per_module``, ``visible``,
``glare`` ...). A tag counts as readable when visible >= 0.98 and glare < 0.02.
Run this file to print a summary of a few scenes.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Iterator

import numpy as np

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.games.penny_press.tags import catalog_ids, encode_payload  # noqa: E402
from tools.render.camera import random_camera  # noqa: E402
from tools.render.effects import Effects, random_hand  # noqa: E402
from tools.render.parts import Placed, TagSpec  # noqa: E402
from tools.render.scene import SceneRenderer  # noqa: E402

MODULE_MM = {"1080p": (1.6, 2.6), "4k": (1.0, 1.6)}
CARD_COLOURS = ((225, 235, 240), (200, 215, 235), (215, 230, 210), (230, 210, 220))


def _scene_items(rng: np.random.Generator, camera, n_tags: int, module_mm: float) -> list[Placed]:
    ids = [c for c in catalog_ids()]
    chosen = rng.choice(len(ids), size=n_tags, replace=n_tags > len(ids))
    side = 21 * module_mm
    card = side + 4 * module_mm + 6.0
    fp = camera.footprint_mm(margin_px=30)
    x0, x1 = max(fp[3][0], fp[0][0]), min(fp[2][0], fp[1][0])   # inside the trapezoid
    y0, y1 = fp[0][1], fp[3][1]
    pitch = card * math.sqrt(2) + 2.0                            # any rotation fits
    nx, ny = int((x1 - x0) // pitch), int((y1 - y0) // pitch)
    if nx * ny < n_tags:
        raise ValueError(f"{n_tags} tags of {module_mm:.2f} mm modules do not fit the view")
    cells = rng.permutation(nx * ny)[:n_tags]
    items = []
    for k, cell in enumerate(cells):
        cx = x0 + (cell % nx + 0.5) * pitch + rng.uniform(-1, 1)
        cy = y0 + (cell // nx + 0.5) * pitch + rng.uniform(-1, 1)
        comp = ids[int(chosen[k])]
        items.append(Placed(
            component=comp if n_tags <= len(ids) else f"{comp}#{k}", kind="card",
            surface="table", zone=None, x_mm=float(cx), y_mm=float(cy),
            angle_deg=float(rng.uniform(0, 360)), size_mm=(card, card),
            tag=TagSpec("qr", side, text=encode_payload(comp)),
            colour=CARD_COLOURS[int(rng.integers(0, len(CARD_COLOURS)))]))
    return items


def scene_layout(rng: np.random.Generator, resolution: str, n_tags: int):
    """A random camera of the reference setup and ``n_tags`` cards laid out in its
    view: (camera, placed items, module size in mm). Raises ValueError when the tags
    cannot fit even at 0.6x the smallest module size."""
    camera = random_camera(rng, resolution)
    lo, hi = MODULE_MM[resolution]
    module = float(rng.uniform(lo, hi))
    while True:
        try:
            return camera, _scene_items(rng, camera, n_tags, module), module
        except ValueError:
            if module <= 0.6 * lo:
                raise
            module *= 0.9   # many tags: smaller prints


def bench_scenes(resolution: str = "1080p", n_tags: int = 20, hand: bool = False,
                 glare: bool = False, seed: int = 0, n_frames: int = 5
                 ) -> Iterator[tuple[np.ndarray, dict]]:
    """Yield ``n_frames`` rendered scenes as (frame BGR uint8 (H, W, 3), truth dict).

    resolution: ``"1080p"`` or ``"4k"``; n_tags: 20, 60 or 120 (any count that fits);
    hand: a hand reaches over a random card; glare: 3 glare spots. Deterministic per
    arguments. Raises ValueError for an unknown resolution or too many tags."""
    if resolution not in MODULE_MM:
        raise ValueError(f"resolution must be one of {sorted(MODULE_MM)}, got {resolution!r}")
    if n_tags < 1:
        raise ValueError("n_tags must be >= 1")
    for index in range(n_frames):
        rng = np.random.default_rng([seed, n_tags, int(hand), int(glare), index,
                                     1 if resolution == "4k" else 0])
        camera, items, module = scene_layout(rng, resolution, n_tags)
        renderer = SceneRenderer(camera)
        fx = Effects(light_gradient=float(rng.uniform(0.15, 0.35)), vignette=0.2,
                     glare_spots=3 if glare else 0,
                     glare_radius_px=0.02 * camera.width,
                     defocus_sigma=float(rng.uniform(0.5, 1.2)), noise_sigma=2.0,
                     jpeg_quality=80)
        h = None
        if hand:
            target = items[int(rng.integers(0, len(items)))]
            h = random_hand(rng, camera.footprint_mm(), (target.x_mm, target.y_mm))
        frame = renderer.render(items, effects=fx, rng=rng, hand=h)
        yield frame.image, {"resolution": resolution, "n_tags": n_tags, "hand": hand,
                            "glare": glare, "seed": seed, "index": index,
                            "module_mm": round(module, 3),
                            "tags": [t.to_json() for t in frame.tags]}


def main() -> int:
    import time

    import zxingcpp

    for res, n, hand, glare in (("1080p", 20, False, False), ("1080p", 60, True, True),
                                ("4k", 60, False, False), ("4k", 120, True, True)):
        t0 = time.time()
        seen = readable = 0
        for img, truth in bench_scenes(res, n, hand, glare, seed=1, n_frames=2):
            got = {b.text for b in zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode)}
            ok = [t for t in truth["tags"] if t["visible"] >= 0.98 and t["glare"] < 0.02]
            readable += len(ok)
            seen += sum(t["key"] in got for t in ok)
        print(f"{res} n={n} hand={hand} glare={glare}: zxing-cpp read {seen}/{readable} "
              f"readable tags, {time.time() - t0:.1f} s for 2 frames (render + decode)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
