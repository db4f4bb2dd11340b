"""Vision benchmark: every figure of issue 10 from one command.

    .venv/bin/python -m benchmarks.vision.run --quick --out docs/benchmarks.md   # the tracked file
    .venv/bin/python -m benchmarks.vision.run --full                            # more of everything
    .venv/bin/python -m benchmarks.vision.run --smoke                           # seconds: the orchestration

Sections (``--sections`` picks some; a partial file says so): decoders on the dev scenes
(the scene renderer, benchmarks/vision/render_scenes.py; ``--scenes synth``: tools.render.synth)
and on the held-out scenes (HELD_OUT_SETS, reported apart); the real photographs; the
whole pipeline's cost on a still and a moving 4K table against a whole-frame decode; the
still table over several frames (benchmarks/vision/multiframe.py); the rendered demo
recordings in play/recordings; whole Penny Press tables (benchmarks/vision/table.py) at the
reference setup at 4K and at 1080p with large tags, dev and held-out seeds apart, and the
old tilted setup. At the top a summary of issue 10's targets computed from these figures
(Wilson 95 % intervals), and each section's wall time.

The work runs as tasks (one per decoder set, recording, table scene) on ``--jobs N``
worker processes (default: the CPU count; one OpenCV thread each); the pipeline cost is
timed first, alone. Timings taken in parallel say so. Prints everything; ``--out FILE``
also writes the markdown there: without it no file is touched. Figures only, never
asserted in tests (tests/vision/test_bench_run.py checks the orchestration on --smoke).
"""

from __future__ import annotations

import argparse
import math
import glob
import os
import platform
import statistics
import sys
import time
import unicodedata
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
#: the real photographs: $TC_QR_PHOTOS, else shared/ beside the repository (a worktree
#: under /work/wt has it at /work/shared), as tests/shared_data.py looks for it
PHOTOS = Path(os.environ.get("TC_QR_PHOTOS") or next(
    (p for p in (ROOT.parent / "shared" / "data" / "qr-photos", Path("/work/shared/data/qr-photos"))
     if p.is_dir()), ROOT.parent / "shared" / "data" / "qr-photos"))

SETS = [  # name, width, height, tags, module px range, hand+glare
    ("1080p_n20", 1920, 1080, 20, (2.0, 4.0), False),
    ("1080p_n60", 1920, 1080, 60, (2.0, 3.5), False),
    ("1080p_n120", 1920, 1080, 120, (2.0, 2.8), False),
    ("4k_n20", 3840, 2160, 20, (2.0, 4.0), False),
    ("4k_n60", 3840, 2160, 60, (2.0, 4.0), False),
    ("4k_n120", 3840, 2160, 120, (2.0, 4.0), False),
    ("1080p_n60_hand_glare", 1920, 1080, 60, (2.0, 3.5), True),
    ("4k_n120_hand_glare", 3840, 2160, 120, (2.0, 4.0), True),
]

# (label, backend, prep, rescue)
DECODERS_QUICK = [
    ("zxing", "zxing", "none", False),
    ("zxing", "zxing", "sharpen", False),
    ("zxing", "zxing", "sharpen+rescue", True),
    ("zxing", "zxing", "sharpen_up2", False),
    ("pyzbar", "pyzbar", "none", False),
    ("pyzbar", "pyzbar", "none+rescue", True),
]
#: what the app, the demo and `companion scan` use
DEFAULT_DECODER = ("zxing", "zxing", "sharpen+rescue", True)
DECODERS_FULL = DECODERS_QUICK + [
    ("zxing", "zxing", "none+rescue", True),
    ("zxing", "zxing", "up2", False),
    ("pyzbar", "pyzbar", "sharpen", False),
]


def _set_seed_index(name: str, k: int) -> int:
    """The seed index of a dev set: its place in SETS (so a set rendered alone, as a
    parallel task, gives the same frames as in the whole list), else ``k``."""
    names = [s[0] for s in SETS]
    return names.index(name) if name in names else k


def make_frames(n_frames: int, sets=SETS):
    from tools.render.synth import compose, payloads

    out = {}
    for k, (name, w, h, n, mp, hg) in enumerate(sets):
        k = _set_seed_index(name, k)
        frames = []
        for i in range(n_frames):
            rng = np.random.default_rng(1000 * k + i)
            hand = glare = None
            if hg:
                hand = (w * rng.uniform(0.3, 0.7), h * rng.uniform(0.3, 0.7), w * 0.12, h * 0.25)
                glare = (w * rng.uniform(0.2, 0.8), h * rng.uniform(0.2, 0.8), w * 0.05)
            frame, truth = compose(w, h, payloads(n), module_px=mp, seed=1000 * k + i,
                                   blur_sigma=float(rng.uniform(0.5, 1.1)), noise=3.0,
                                   jpeg_quality=80, hand=hand, glare=glare)
            frames.append((frame, truth))
        out[name] = frames
    return out


class _Truth:
    """One ground-truth tag of a rendered scene, as bench_decoders reads it."""

    def __init__(self, d: dict):
        self.text = d["key"]
        self.module_px = float(d["px_per_module"])
        self.covered = 1.0 - float(d.get("visible", 1.0))
        self.glare = float(d.get("glare", 0.0))


def make_frames_render(n_frames: int, sets=SETS):
    """The same sets from the scene renderer (benchmarks/vision/render_scenes.py:
    cards under a random tilted camera with lens distortion, light, blur, noise,
    JPEG, hands and glare spots); module sizes per its own ranges."""
    from benchmarks.vision.render_scenes import bench_scenes

    out = {}
    for k, (name, w, h, n, _mp, hg) in enumerate(sets):
        k = _set_seed_index(name, k)
        res = "4k" if w >= 3000 else "1080p"
        try:
            out[name] = [(img, [_Truth(t) for t in truth["tags"] if t.get("symbol", "qr") == "qr"])
                         for img, truth in bench_scenes(res, n, hand=hg, glare=hg, seed=100 + k,
                                                        n_frames=n_frames)]
        except ValueError as exc:
            print(f"  {name}: not rendered ({exc})", flush=True)
    return out


#: held-out decoder scenes (issue 10): never looked at while choosing the decoder's
#: preprocessing, reported apart. The scene renderer with seeds of their own, and
#: tools.render.synth's compositor: another generator (flat cards on a grid, any rotation,
#: its own blur 0.6-1.3 px, noise 2-5, JPEG 75-90). name, generator, size, tags,
#: module px (synth), seed
HELD_OUT_SETS = [
    ("render_1080p_n120", "render", "1080p", 120, None, 9101),
    ("render_4k_n120", "render", "4k", 120, None, 9102),
    ("synth_1080p_n60", "synth", (1920, 1080), 60, (2.0, 3.5), 9201),
    ("synth_4k_n120", "synth", (3840, 2160), 120, (2.0, 4.0), 9202),
]
#: held-out B, added 2026-12-01 (never tuned on): the same four kinds of scene with seeds
#: nobody had looked at, added when held-out A had been measured after the decoder's
#: >= 3 px fixes (which were chosen on dev scenes of the same generators, seeds
#: 7101-7212, about 190 frames); reported apart from A
HELD_OUT_SETS_B = [
    ("render_1080p_n120", "render", "1080p", 120, None, 9311),
    ("render_4k_n120", "render", "4k", 120, None, 9312),
    ("synth_1080p_n60", "synth", (1920, 1080), 60, (2.0, 3.5), 9411),
    ("synth_4k_n120", "synth", (3840, 2160), 120, (2.0, 4.0), 9412),
]
HELD_OUT_B_ADDED = "2026-12-01"
#: held-out C, added 2026-12-01 (never tuned on, never looked at): a large sample for
#: the >= 3 px target, which ~650 tags cannot show at 95 % (with no miss a Wilson
#: lower bound reaches 99.9 % from about 3,840 tags): tools.render.synth with modules of
#: 3-4.5 px only (120 tags a 4K frame) and the scene renderer's 4K tables (its own
#: module range; only their >= 3 px tags count for the target), seeds of their own
HELD_OUT_SETS_C = [
    *[(f"synth_4k_n120_3px_{k}", "synth", (3840, 2160), 120, (3.0, 4.5), 9510 + k) for k in (1, 2, 3, 4)],
    *[(f"render_4k_n120_{k}", "render", "4k", 120, None, 9610 + k) for k in (1, 2, 3, 4)],
]
HELD_OUT_C_ADDED = "2026-12-01"


def make_frames_held_out(n_frames: int, sets=HELD_OUT_SETS):
    """The held-out decoder scenes: {name: [(frame BGR, truth)]} (truth items have
    text, module_px, covered, glare)."""
    from benchmarks.vision.render_scenes import bench_scenes
    from tools.render.synth import compose, payloads

    out = {}
    for name, gen, size, n, mp, seed in sets:
        if gen == "render":
            out[name] = [(img, [_Truth(t) for t in truth["tags"] if t.get("symbol", "qr") == "qr"])
                         for img, truth in bench_scenes(size, n, seed=seed, n_frames=n_frames)]
            continue
        frames = []
        for i in range(n_frames):
            rng = np.random.default_rng([seed, i])
            frame, truth = compose(size[0], size[1], payloads(n), module_px=mp, seed=seed * 100 + i,
                                   blur_sigma=float(rng.uniform(0.6, 1.3)),
                                   noise=float(rng.uniform(2.0, 5.0)),
                                   jpeg_quality=int(rng.integers(75, 91)))
            frames.append((frame, truth))
        out[name] = frames
    return out


def ms_stats(xs):
    xs = sorted(xs)
    if not xs:
        return "–"
    p95 = xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]
    return f"{statistics.median(xs):.0f}/{p95:.0f}"


def bench_decoders(frames, decoders, reps: int):
    import cv2

    from vision.decode import Decoder

    rows = []
    size_hits: dict[str, dict[str, list[int]]] = {}
    for label, backend, prep, rescue in decoders:
        base = prep.replace("+rescue", "")
        dec = Decoder(backend, base, rescue=rescue, aruco=False)
        row = {"decoder": label, "prep": prep}
        key = f"{label} {prep}"
        size_hits[key] = {}
        for name, items in frames.items():
            hit = tot = false = 0
            times = []
            for frame, truth in items:
                gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
                for r in range(reps):
                    t0 = time.perf_counter()
                    if rescue:
                        syms = dec.decode_full(gray).symbols
                    else:
                        syms = dec.read_raw(gray)
                    times.append((time.perf_counter() - t0) * 1000)
                got = {s.text for s in syms}
                want = {t.text for t in truth}
                hit += len(got & want)
                tot += len(want)
                false += len(got - want)
                for t in truth:
                    if t.covered > 0 or t.glare > 0.05:
                        continue
                    b = ("<2" if t.module_px < 2 else "2-2.5" if t.module_px < 2.5
                         else "2.5-3" if t.module_px < 3 else "3-4" if t.module_px < 4
                         else ">=4")
                    size_hits[key].setdefault(b, [0, 0])
                    size_hits[key][b][0] += t.text in got
                    size_hits[key][b][1] += 1
            row[name] = (hit, tot, false, times)
            print(f"  {label:6s} {prep:15s} {name:22s} recall {hit}/{tot} false {false} "
                  f"ms {ms_stats(times)}", flush=True)
        rows.append(row)
    return rows, size_hits


def bench_photos(decoders, limit: int | None = None):
    """Real photographs: per decoder, (label, prep, {folder: (read, photos)}, other text).
    ``limit``: only the first photos (the smoke run)."""
    import cv2

    from vision.decode import Decoder

    out = []
    photos = sorted(p for p in glob.glob(str(PHOTOS / "*" / "*"))
                    if os.path.splitext(p)[1].lower() in (".png", ".jpg", ".webp"))[:limit]
    for label, backend, prep, rescue in decoders:
        dec = Decoder(backend, prep.replace("+rescue", ""), rescue=rescue, aruco=False)
        per = {}
        wrong = 0
        for p in photos:
            txt = os.path.splitext(p)[0] + ".txt"
            if not os.path.exists(txt):
                continue
            img = cv2.imread(p, cv2.IMREAD_COLOR)
            if img is None:
                continue
            want = unicodedata.normalize("NFKC", open(txt, encoding="utf-8", errors="replace",
                                                      newline="").read())
            got = [unicodedata.normalize("NFKC", s.text) for s in dec.decode_full(img).symbols]
            ok = any(g == want or g == want.rstrip("\n") for g in got)
            wrong += bool(got) and not ok
            folder = os.path.basename(os.path.dirname(p))
            k, n = per.get(folder, (0, 0))
            per[folder] = (k + ok, n + 1)
        out.append((label, prep, per, wrong))
        print(f"  photos {label} {prep}: " + ", ".join(f"{f} {k}/{n}" for f, (k, n) in sorted(per.items()))
              + f"; other text {wrong}", flush=True)
    return out


def _sweeps_done(p) -> int:
    """Finder sweeps the pipeline's still re-read has made so far (its strips'
    counters; ``Pipeline._sweep``): a frame that raised it swept a strip."""
    sw = getattr(p, "_sweeps", None)
    return int(np.asarray(sw).sum()) if sw is not None else 0


def bench_pipeline(n_still: int, n_moving: int, size: tuple[int, int] = (3840, 2160), n_tags: int = 120,
                   n_raw: int = 3, n_floor: int = 30, max_still: int = 240):
    """Frames per second of Pipeline.process on a ``size`` px frame (4K) with ``n_tags``
    tags, still and moving, against ``n_raw`` whole-frame decodes in the same process.

    The still table is the same frame again at 30 frames/s after the first (every tile
    decoded): ``still_ms``, its first ``n_still`` frames (the still re-read at work);
    the frames go on until the re-read has nothing left (a run of
    ``PipelineConfig.reread_backoff + 1`` frames without a crop or a finder sweep: no
    target is due any more, backed-off ones included), at most ``max_still`` frames.
    ``reread_frames``: the still frames from the first to the last that re-read
    (crops or a sweep); ``reread_ms`` / ``reread_crops`` / ``reread_units`` their
    times, crops, and crops plus strips swept (the work budget's units);
    ``floor_ms`` / ``floor_crops``: the ``n_floor`` frames after that (the floor: what
    the default pipeline costs on a table left still), ``floor_quiet``: False when the
    re-read never went quiet within ``max_still`` frames (then the last ``n_floor``
    frames). ``off_ms``: the same frame sequence through a pipeline with the re-read
    off (``reread_max=0``), its frames at the same places as ``floor_ms``."""
    import cv2

    from vision.decode import Decoder
    from vision.pipeline import Pipeline, PipelineConfig
    from tools.render.synth import compose, draw_hand, payloads

    W, H = size
    frame, truth = compose(W, H, payloads(n_tags), module_px=(2.0, 4.0), seed=7, blur_sigma=0.8)
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    raw = Decoder(aruco=True)
    raw_ms = []
    for _ in range(n_raw):
        t0 = time.perf_counter()
        raw.decode_full(gray)
        raw_ms.append((time.perf_counter() - t0) * 1000)
    fast = Decoder("zxing", "none", rescue=False, aruco=False)
    fast_ms = []
    for _ in range(n_raw):
        t0 = time.perf_counter()
        fast.read_raw(gray)
        fast_ms.append((time.perf_counter() - t0) * 1000)

    quiet_run = PipelineConfig().reread_backoff + 1
    p = Pipeline()
    p.process(frame, 0.0)  # first frame: everything decoded
    ms, crops, active, units = [], [], [], []
    last_active, end = 0, None
    i = 0
    while i < max(n_still, 1) or end is None or i < end + n_floor:
        i += 1
        if i > max_still and i > n_still:
            break
        sw = _sweeps_done(p)
        t0 = time.perf_counter()
        snap, rep = p.process(frame, i / 30)
        ms.append((time.perf_counter() - t0) * 1000)
        crops.append(rep.reread)
        units.append(rep.reread + (_sweeps_done(p) - sw))
        act = rep.reread > 0 or _sweeps_done(p) > sw
        active.append(act)
        if act:
            last_active = i
        if end is None and i - last_active >= quiet_run:
            end = last_active   # frames 1..end re-read; nothing is due after
    n_done = len(ms)
    still_ms = ms[:n_still]
    quiet = end is not None and n_done >= end + n_floor
    f0 = end if quiet else max(0, n_done - n_floor)
    floor_ms, floor_crops = ms[f0:f0 + n_floor], crops[f0:f0 + n_floor]
    reread_n = end if end is not None else n_done
    reread_ms, reread_crops, reread_units = ms[:reread_n], crops[:reread_n], units[:reread_n]
    seen_still = len(snap.sightings)
    # the same sequence with the re-read off: today's floor before issue 10's re-read
    q = Pipeline(PipelineConfig(reread_max=0))
    q.process(frame, 0.0)
    off_ms = []
    for j in range(1, f0 + len(floor_ms) + 1):
        t0 = time.perf_counter()
        q.process(frame, j / 30)
        if j > f0:
            off_ms.append((time.perf_counter() - t0) * 1000)
    # moving: a hand sweeps across the table, then leaves; count flicker (a tag lost
    # from the snapshot while the hand passes)
    moving_ms = []
    lost = 0
    t = n_done / 30
    for i in range(n_moving):
        cx = W * (0.1 + 0.8 * i / max(1, n_moving - 1))
        f = draw_hand(frame, (cx, H * 0.5), (W * 0.07, H * 0.16))
        t += 1 / 30
        t0 = time.perf_counter()
        snap, rep = p.process(f, t)
        moving_ms.append((time.perf_counter() - t0) * 1000)
        lost = max(lost, seen_still - len(snap.sightings))
    # back to still: how long until the snapshot is still again
    settle_frames = 0
    for i in range(60):
        t += 1 / 30
        snap, _ = p.process(frame, t)
        settle_frames += 1
        if snap.still:
            break
    return {"raw_ms": raw_ms, "fast_ms": fast_ms, "still_ms": still_ms, "moving_ms": moving_ms,
            "seen": seen_still, "truth": len(truth), "lost_under_hand": lost,
            "settle_frames": settle_frames, "reread_frames": reread_n, "reread_ms": reread_ms,
            "reread_crops": reread_crops, "reread_units": reread_units, "floor_ms": floor_ms,
            "floor_crops": floor_crops,
            "floor_from": f0 + 1, "floor_quiet": quiet, "off_ms": off_ms, "fps": 30}


#: Seeds of the hand scenes (tools.render.synth.compose): the pipeline's hand rule was
#: developed on DEV only; HELD_OUT were never looked at while tuning (reported apart).
HAND_SEEDS = {"dev": (7,), "held-out": (31, 32, 33)}


def bench_hand(seed: int, size: tuple[int, int] = (3840, 2160), n_tags: int = 120, n_raw: int = 1,
               n_sweep: int = 30, fps: float = 30.0) -> dict:
    """A hand on a ``size`` px table of ``n_tags`` tags (tools.render.synth, ``seed``:
    its layout, module sizes 2-4 px, the pair moved and the hand's row), at ``fps``.

    First the table still until the snapshot is still; then a hand sweeps across it
    (``n_sweep`` frames, 0.8 of the width, nothing moved: ``sweep_ms``); then a hand
    comes in from the bottom, rests over two neighbouring tags (covering both), swaps them (the table
    under it becomes the same scene with the two tags exchanged) and leaves downwards
    (``carry_ms``: its frames while the hand is in view). ``update_frames``: frames
    after the first frame without the hand (0: on that frame) until the snapshot holds
    every tag with the two swapped ones at their new places (None: not within 2 s);
    ``still_frames``: until it is still.
    ``lost``: most tags missing from the snapshot on any frame; ``raw_ms``: whole-frame
    decodes of the same frame (vision.decode.Decoder, the default) in this process."""
    import cv2
    import numpy as np

    from vision.decode import Decoder
    from vision.pipeline import Pipeline
    from tools.render.synth import compose, draw_hand, payloads

    W, H = size
    texts = payloads(n_tags)
    frame, truth = compose(W, H, texts, module_px=(2.0, 4.0), seed=seed, blur_sigma=0.8)
    cols = max(1, int(np.ceil(np.sqrt(n_tags * W / H))))
    rows = max(1, int(np.ceil(n_tags / cols)))
    rng = np.random.default_rng(seed + 1000)
    r = int(rng.integers(1, max(2, rows - 1)))
    c = int(rng.integers(0, cols - 1))
    i, j = r * cols + c, r * cols + c + 1
    if j >= n_tags:
        i, j = 0, 1
    swapped = list(texts)
    swapped[i], swapped[j] = texts[j], texts[i]
    after, truth_b = compose(W, H, swapped, module_px=(2.0, 4.0), seed=seed, blur_sigma=0.8)
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    raw = Decoder()
    raw_ms = []
    for _ in range(n_raw):
        t0 = time.perf_counter()
        raw.decode_full(gray)
        raw_ms.append((time.perf_counter() - t0) * 1000)
    p = Pipeline()
    t = 0.0
    p.process(frame, t)
    for _ in range(int(3 * fps)):
        t += 1 / fps
        snap, _ = p.process(frame, t)
        if snap.still:
            break
    held = len(snap.sightings)
    lost = 0
    hand = (W * 0.07, H * 0.16)
    sweep_ms = []
    for k in range(n_sweep):
        cx = W * (0.1 + 0.8 * k / max(1, n_sweep - 1))
        f = draw_hand(frame, (cx, H * 0.5), hand)
        t += 1 / fps
        t0 = time.perf_counter()
        snap, _ = p.process(f, t)
        sweep_ms.append((time.perf_counter() - t0) * 1000)
        lost = max(lost, held - len(snap.sightings))
    for _ in range(int(2 * fps)):   # the table still again
        t += 1 / fps
        snap, _ = p.process(frame, t)
        if snap.still:
            break
    # the carry: in from below, rest over the pair (a hand wide enough to cover both),
    # swap, rest, out downwards
    hand = (1.15 * W / cols, 0.75 * H / rows)
    centre = np.mean([truth[i].corners_px.mean(0), truth[j].corners_px.mean(0)], axis=0)
    path = [(centre[0], H + hand[1] - (H + hand[1] - centre[1]) * k / 14) for k in range(15)]
    path += [tuple(centre)] * 6
    path += [(centre[0], centre[1] + (H + 2 * hand[1] - centre[1]) * k / 10) for k in range(1, 11)]
    want = {truth_b[i].text: truth_b[i].corners_px.mean(0), truth_b[j].text: truth_b[j].corners_px.mean(0)}
    reach = 0.25 * min(W / cols, H / rows)
    carry_ms = []
    gone = update = still = None   # frame indices: the first without the hand, updated, still
    for k in range(len(path) + int(2 * fps)):
        under = frame if k < 18 else after   # the two tags change places under the resting hand
        f = draw_hand(under, path[k], hand) if k < len(path) else under
        if gone is None and k >= 18 and not (f != under).any():
            gone = k
        t += 1 / fps
        t0 = time.perf_counter()
        snap, _ = p.process(f, t)
        if gone is None:
            carry_ms.append((time.perf_counter() - t0) * 1000)
        lost = max(lost, held - len(snap.sightings))
        if gone is None:
            continue
        tracks = {tr.text: tr for tr in p.tracker.tracks.values()}
        placed = all(x in tracks and np.linalg.norm(tracks[x].corners_px.mean(0) - ctr) < reach
                     for x, ctr in want.items())
        if update is None and placed and len(snap.sightings) >= held:
            update = k - gone
        if snap.still and still is None:
            still = k - gone
        if update is not None and still is not None:
            break
    return {"seed": seed, "raw_ms": raw_ms, "sweep_ms": sweep_ms, "carry_ms": carry_ms, "held": held,
            "truth": len(truth), "lost": lost, "update_frames": update, "still_frames": still, "fps": fps}


def hand_line(which: str, r: dict) -> str:
    """One line of a ``bench_hand`` scene: its ratios against its own whole-frame decode."""
    raw = statistics.median(r["raw_ms"])
    frames = r["sweep_ms"] + r["carry_ms"]
    upd = "not within 2 s" if r["update_frames"] is None else \
        f"{r['update_frames']} frames ({r['update_frames'] / r['fps']:.2f} s)"
    return (f"hand, {which} seed {r['seed']}: raw decode {raw:.0f} ms; hand frames median "
            f"{statistics.median(frames):.1f} ms = {statistics.median(frames) / raw:.3f}x, mean "
            f"{statistics.fmean(frames) / raw:.3f}x, worst {max(frames) / raw:.2f}x; state updated "
            f"{upd} after the hand left, still after {r['still_frames']} frames; tags lost {r['lost']}, "
            f"held {r['held']}/{r['truth']}")


def hand_summary(which: str, rs: list[dict]) -> dict:
    """The scenes of one group (dev or held-out) together: median and mean of every
    hand frame's cost over its own scene's whole-frame decode, the slowest update
    (frames), the most tags lost."""
    ratios = [ms / statistics.median(r["raw_ms"]) for r in rs for ms in r["sweep_ms"] + r["carry_ms"]]
    upd = [r["update_frames"] for r in rs]
    worst = None if None in upd else max(upd)
    fps = rs[0]["fps"]
    d = {"which": which, "seeds": [r["seed"] for r in rs], "frames": len(ratios),
         "median": statistics.median(ratios), "mean": statistics.fmean(ratios), "update_frames": worst,
         "update_s": None if worst is None else worst / fps, "still_frames": max(r["still_frames"] or 0 for r in rs),
         "lost": max(r["lost"] for r in rs), "held": sum(r["held"] for r in rs), "truth": sum(r["truth"] for r in rs),
         "fps": fps}
    d["line"] = (f"hand, {which} (seeds {', '.join(map(str, d['seeds']))}; {d['frames']} hand frames): "
                 f"{d['median']:.3f}x the whole-frame decode (median; mean {d['mean']:.3f}x), state updated "
                 + ("not within 2 s" if worst is None else f"within {worst} frames ({worst / fps:.2f} s)")
                 + f" of the hand leaving, tags lost {d['lost']}")
    return d


def read_states(path: Path) -> dict:
    """states.jsonl as {(journal_index, stage): {component: (surface, zone)}}; a line
    without a stage (the newer recordings' shape) is keyed by stage None."""
    import json

    states = {}
    if path.exists():
        for line in path.open():
            if not line.strip():
                continue
            st = json.loads(line)
            states[(st["journal_index"], st.get("stage"))] = {
                x["component"]: (x.get("surface"), x.get("zone")) for x in st.get("pieces", [])}
    return states


def recording_names(root: Path = ROOT / "play" / "recordings") -> list[str]:
    """The bundled recordings (folders with a meta.json), sorted."""
    return sorted(d.parent.name for d in root.glob("*/meta.json"))


def bench_recordings(root: Path = ROOT / "play" / "recordings", only: str | None = None,
                     max_frames: int | None = None):
    """The pipeline over the rendered demo recordings (tools/render) against their
    truth.jsonl, each read with its own lens (camera.json) when it has one, as
    ``companion demo`` reads it: still moments where the snapshot equals the visible components,
    still snapshots that differ (the engine would act on them), components dropped
    while visible (flicker), ms/frame. ``only``: that recording alone;
    ``max_frames``: its first frames only (the smoke run)."""
    import json

    from vision.pipeline import Pipeline
    from vision.register import registrar_for
    from vision.sources import open_source

    out = []
    for d in sorted(root.glob("*/meta.json")):
        d = d.parent
        if only is not None and d.name != only:
            continue
        try:
            meta = json.loads((d / "meta.json").read_text())
            game = meta.get("game") or "penny-press"
            if game != "penny-press":  # its truth and states have no Penny Press stages
                print(f"  {d.name}: skipped (a recording of {game}; this benchmark reads Penny Press)")
                continue
            truth = [json.loads(x) for x in (d / "truth.jsonl").open()]
            src = open_source(str(d / meta["video"]))
        except Exception as exc:  # a recording being rewritten: skip it
            print(f"  {d.name}: skipped ({exc})")
            continue
        states = read_states(d / "states.jsonl")
        # the recording's own lens (camera.json) when it has one, as companion demo
        p = Pipeline(registrar=registrar_for(source=str(d / meta["video"])))
        stills = agree = wrong_still = flicker = frames = zone_ok = zone_n = 0
        ms = []
        prev: set[str] = set()
        prev_vis: set[str] = set()
        for fr in src:
            if fr.index >= len(truth) or (max_frames is not None and frames >= max_frames):
                break
            tr = truth[fr.index]
            t0 = time.perf_counter()
            snap, _rep = p.process(fr)
            ms.append((time.perf_counter() - t0) * 1000)
            frames += 1
            mine = {x.component for x in snap.sightings}
            vis = {v for v in tr["visible"] if not v.startswith("fid:")}
            part = set(tr.get("partial", []))  # partly covered: seen or not, both right
            # flicker: we drop a component that the truth shows in place all along
            flicker += len((prev - mine) & vis & prev_vis)
            prev, prev_vis = mine, vis
            if tr["still"] and not tr["hand"]:
                stills += 1
                agree += snap.still and (mine ^ vis) <= part
                want = states.get((tr["journal_index"], tr.get("stage")), {})
                for sg in snap.sightings:
                    if sg.component in want and snap.still:
                        zone_n += 1
                        zone_ok += want[sg.component] == (sg.surface, sg.zone)
            if snap.still and not (mine ^ vis) <= part and not tr["hand"]:
                wrong_still += 1
        out.append({"name": d.name, "frames": frames, "size": meta.get("size_px"),
                    "fps": meta.get("fps"), "stills": stills, "agree": agree,
                    "wrong_still": wrong_still, "flicker": flicker, "ms": ms,
                    "zone_ok": zone_ok, "zone_n": zone_n})
        print(f"  {d.name}: {frames} frames, still moments {agree}/{stills} equal the truth, "
              f"wrong still snapshots {wrong_still}, flicker {flicker}, surface+zone "
              f"{zone_ok}/{zone_n}, ms {ms_stats(ms)}",
              flush=True)
    return out


def pct(h, n):
    return f"{100.0 * h / n:.1f}%" if n else "–"


def write_held_out(held, which: str = "A") -> list[str]:
    """Markdown of the held-out decoder scenes (``which``: ``"A"``, HELD_OUT_SETS, or
    ``"B"``, HELD_OUT_SETS_B): per set, and by module size."""
    if not held:
        return []
    rows, size_hits, n_frames = held
    if which == "C":
        L = [f"## Held-out C decoder scenes (added {HELD_OUT_C_ADDED}, never tuned on)", "",
             f"A large sample for the >= 3 px target (benchmarks/vision/run.py HELD_OUT_SETS_C; "
             f"{n_frames} frames per set, seeds of their own): `tools.render.synth` with modules of "
             "3-4.5 px only (120 tags a 4K frame, blur 0.6-1.3 px, noise 2-5, JPEG 75-90), and "
             "the scene renderer's 4K scenes with their own module range (only their >= 3 px "
             "tags count for the target). Nobody has looked at a frame or a miss of it. The "
             "default decoder.", ""]
    elif which == "B":
        L = [f"## Held-out B decoder scenes (added {HELD_OUT_B_ADDED}, never tuned on)", "",
             f"The same four kinds of scene as the held-out set above, with seeds nobody has "
             f"looked at (benchmarks/vision/run.py HELD_OUT_SETS_B); {n_frames} frames per set. "
             "Added when the first held-out set had been measured after the decoder's >= 3 px "
             "fixes, which were chosen on dev scenes of the same two generators (seeds "
             "7101-7212, about 190 frames). The default decoder.", ""]
    else:
        L = ["## Held-out decoder scenes (never tuned on)", "",
             f"Never looked at while choosing the decoder's preprocessing; {n_frames} frames per set: "
             "the scene renderer with seeds of their own (`render_*`), and `tools.render.synth`'s "
             "compositor, another generator (`synth_*`: flat cards on a grid, any rotation, blur "
             "0.6-1.3 px, noise 2-5, JPEG 75-90; benchmarks/vision/run.py HELD_OUT_SETS). The "
             "default decoder.", ""]
    names = [s[0] for s in {"A": HELD_OUT_SETS, "B": HELD_OUT_SETS_B, "C": HELD_OUT_SETS_C}[which]]
    L.append("| decoder | prep | " + " | ".join(names) + " |")
    L.append("|---|---|" + "---|" * len(names))
    for r in rows:
        cells = []
        for n in names:
            if n not in r:   # a set not run (a smoke run) or failed
                cells.append("–")
                continue
            h, t, f, ms = r[n]
            cells.append(f"{pct(h, t)} ({h}/{t}) F{f} · {ms_stats(ms)}")
        L.append(f"| {r['decoder']} | {r['prep']} | " + " | ".join(cells) + " |")
    L.append("")
    buckets = ["<2", "2-2.5", "2.5-3", "3-4", ">=4"]
    L.append(f"| decoder prep (held-out{'' if which == 'A' else ' ' + which}, not under a hand, glare < 5 %) | "
             + " | ".join(f"{b} px" for b in buckets) + " | >= 3 px |")
    L.append("|---|" + "---|" * (len(buckets) + 1))
    for key, d in size_hits.items():
        ge3 = [sum(d[b][i] for b in ("3-4", ">=4") if b in d) for i in (0, 1)]
        L.append(f"| {key} | " + " | ".join(
            f"{pct(*d[b])} (n={d[b][1]})" if b in d else "–" for b in buckets)
            + f" | {pct(*ge3)} (n={ge3[1]}) |")
    L.append("")
    return L




# ---------------------------------------------------------------------------------------
# One command: every figure of issue 10 from one run, in sections run as parallel tasks.

#: the sections of a whole run, in the order of the file
SECTIONS = ("decoders", "held_out", "held_out_b", "held_out_c", "photos", "pipeline", "recordings", "multiframe",
            "tables")
HELD_SECTIONS = {"held_out": "held_sets", "held_out_b": "held_sets_b", "held_out_c": "held_sets_c"}
SECTION_TITLES = {"decoders": "Decoders (dev scenes)", "held_out": "Held-out decoder scenes",
                  "held_out_b": "Held-out B decoder scenes", "held_out_c": "Held-out C decoder scenes (large)",
                  "photos": "Real photographs", "pipeline": "Whole pipeline cost (run alone)",
                  "recordings": "Rendered demo recordings", "multiframe": "Still table over several frames",
                  "tables": "Whole Penny Press tables"}
ALL_VARIANTS = ("before", "now", "calibrated")


def plan_for(mode: str, table_scenes: int | None = None) -> dict:
    """What a ``smoke`` / ``quick`` / ``full`` run measures. ``tables``: (group label,
    setup, resolution, view, dev or held-out, scenes, variants of table.py)."""
    if mode == "smoke":
        held, held_b = (min(sets, key=lambda s: (s[1] != "synth", s[3])) for sets in (HELD_OUT_SETS, HELD_OUT_SETS_B))
        held = (held[0], held[1], held[2], min(held[3], 12), *held[4:])   # 12 tags: seconds
        held_b = (held_b[0], held_b[1], held_b[2], min(held_b[3], 12), *held_b[4:])
        held_c = HELD_OUT_SETS_C[0]
        held_c = (held_c[0], held_c[1], held_c[2], 12, *held_c[4:])
        p = {"sets": SETS[:1], "decoders": [DEFAULT_DECODER], "n_frames": 1, "reps": 1,
             "held_sets": [held], "held_sets_b": [held_b], "held_sets_c": [held_c], "n_held": 1,
             "n_held_c": 1, "photo_limit": 4,
             "pipe": {"n_still": 2, "n_moving": 2, "size": (1920, 1080), "n_tags": 20, "n_raw": 1, "n_floor": 5},
             "hand": {"size": (1920, 1080), "n_tags": 20, "n_sweep": 4,
                      "seeds": {"dev": HAND_SEEDS["dev"][:1], "held-out": HAND_SEEDS["held-out"][:1]}},
             "recordings": recording_names()[:1], "rec_frames": 2,
             "multiframe": {"scenes": 1, "frames": 2, "resolution": "1080p", "n_tags": 12},
             "tables": [("1080p", "reference", "1080p", "board", "dev", 1, ("now",), "hand"),
                        ("1080p", "reference", "1080p", "board", "held-out", 1, ("now",), "hand")]}
    else:
        full = mode == "full"
        n4k = table_scenes or (60 if full else 20)
        n1080 = table_scenes or (60 if full else 20)
        nplay = 20 if full else 6   # 7 frames a scene: the costliest
        var = ALL_VARIANTS if full else ("now",)
        p = {"sets": SETS, "decoders": DECODERS_FULL if full else DECODERS_QUICK,
             "n_frames": 3 if full else 1, "reps": 3 if full else 1,
             "held_sets": HELD_OUT_SETS, "held_sets_b": HELD_OUT_SETS_B, "n_held": 5 if full else 3,
             "held_sets_c": HELD_OUT_SETS_C, "n_held_c": 12 if full else 8,
             "photo_limit": None,
             "pipe": {"n_still": 60 if full else 20, "n_moving": 30 if full else 12},
             "hand": {"size": (3840, 2160), "n_tags": 120, "n_sweep": 30,
                      "seeds": HAND_SEEDS if full else {"dev": HAND_SEEDS["dev"],
                                                        "held-out": HAND_SEEDS["held-out"][:2]}},
             "recordings": recording_names(), "rec_frames": None,
             "multiframe": {"scenes": 8 if full else 4, "frames": 5, "resolution": "1080p", "n_tags": 120},
             "tables": [("4K reference", "reference", "4k", "table", "dev", n4k, var, "hand"),
                        ("4K reference", "reference", "4k", "table", "held-out", n4k, var, "hand"),
                        ("4K reference, as a game goes", "reference", "4k", "table", "dev", nplay, var, "play"),
                        ("4K reference, as a game goes", "reference", "4k", "table", "held-out", nplay, var,
                         "play"),
                        ("1080p", "reference", "1080p", "board", "dev", n1080, var, "hand"),
                        ("1080p", "reference", "1080p", "board", "held-out", n1080, var, "hand"),
                        ("4K tilted (old setup)", "tilted", "4k", "table", "dev", 8 if full else 4, ALL_VARIANTS,
                         "hand"),
                        ("4K tilted (old setup)", "tilted", "4k", "table", "held-out", 8 if full else 4,
                         ALL_VARIANTS, "hand")]}
    p["mode"] = mode
    return p


def table_seeds(which: str, n: int) -> list[int]:
    """The first ``n`` seeds of table.py's dev or held-out list, continued past its last
    seed when more scenes are asked (dev 19, 20, ...; held-out 909, 910, ...: seeds
    nobody tuned on)."""
    from benchmarks.vision import table as tb

    base = list((tb.DEV if which == "dev" else tb.HELD_OUT)["seeds"])
    while len(base) < n:
        base.append(max(base) + 1)
    return base[:n]


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval (fractions) of k successes in n trials; (0, 1) for n = 0."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def pct_ci(k: int, n: int) -> str:
    """``99.8% (2051/2055; 95 % CI 99.5-99.9)``."""
    if not n:
        return "–"
    lo, hi = wilson(k, n)
    return f"{100 * k / n:.1f}% ({k}/{n}; 95 % CI {100 * lo:.1f}-{100 * hi:.1f})"


# -- tasks (top-level functions: they run in worker processes) -------------------------

def _task_decoders(s, n_frames: int, reps: int, decoders, scenes: str):
    frames = make_frames_render(n_frames, [s]) if scenes == "render" else make_frames(n_frames, [s])
    return bench_decoders(frames, decoders, reps)


def _task_held_out(s, n_frames: int):
    return bench_decoders(make_frames_held_out(n_frames, [s]), [DEFAULT_DECODER], 1)


def _task_photos(decoders, limit):
    return bench_photos(decoders, limit)


def _task_recording(name: str, max_frames):
    return bench_recordings(only=name, max_frames=max_frames)


def _task_multiframe(scenes: int, frames: int, resolution: str, n_tags: int):
    from benchmarks.vision import multiframe as mf

    return mf.run(scenes, frames, resolution, n_tags)


def _task_table(setup: str, resolution: str, view: str, which: str, seed: int, variants,
                sequence: str = "hand"):
    """One whole-table scene through benchmarks/vision/table.py's ``run`` (only the
    ``variants`` pipelines; ``sequence``: its frame sequence), as plain dicts and lists."""
    from benchmarks.vision import table as tb

    cond = {**(tb.DEV if which == "dev" else tb.HELD_OUT), "seeds": (seed,)}
    if setup == "reference":
        cond.update(tb.REFERENCE)
    old = tb.VARIANTS
    tb.VARIANTS = tuple(variants)
    try:
        r = tb.run(cond, 1, resolution, view, sequence) if sequence != "hand" else tb.run(cond, 1, resolution, view)
    finally:
        tb.VARIANTS = old
    return _plain(r)


def _plain(x):
    """defaultdicts/Counters/tuples -> plain dicts and lists (picklable, mergeable)."""
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    return x


def _merge_counts(a, b, key=None):
    """Sum two results of ``_plain`` shape: numbers add, dicts merge, lists of numbers
    add element-wise (``secs`` lists are joined)."""
    if a is None:
        return b
    if isinstance(a, dict):
        out = dict(a)
        for k, v in b.items():
            out[k] = _merge_counts(out.get(k), v, k)
        return out
    if isinstance(a, list):
        if key == "secs" or len(a) != len(b):
            return a + b
        return [_merge_counts(x, y) for x, y in zip(a, b)]
    return a + b


def _worker_init():
    import cv2

    cv2.setNumThreads(1)   # the jobs are the parallelism; no oversubscription


def _run_task(task):
    """(section, key, result or None, start, end, error text or None)."""
    section, key, fn, kwargs = task
    t0 = time.time()
    try:
        res, err = globals()[fn](**kwargs), None
    except Exception:  # one failed task must not lose the whole run's other figures
        import traceback

        res, err = None, traceback.format_exc(limit=4)
    return section, key, res, t0, time.time(), err


def make_tasks(plan: dict, sections, scenes: str = "render") -> list[tuple]:
    """The work of a run as (section, key, function name, kwargs), the longest first."""
    t = []
    if "tables" in sections:
        for group, setup, res, view, which, n, var, seq in plan["tables"]:
            for seed in table_seeds(which, n):
                t.append(("tables", (group, which, seed), "_task_table",
                          {"setup": setup, "resolution": res, "view": view, "which": which, "seed": seed,
                           "variants": tuple(var), "sequence": seq}))
    for section, sets in HELD_SECTIONS.items():
        if section in sections:
            n = plan["n_held_c"] if section == "held_out_c" else plan["n_held"]
            t += [(section, s[0], "_task_held_out", {"s": s, "n_frames": n}) for s in plan.get(sets, [])]
    if "decoders" in sections:
        t += [("decoders", s[0], "_task_decoders", {"s": s, "n_frames": plan["n_frames"], "reps": plan["reps"],
                                                     "decoders": plan["decoders"], "scenes": scenes})
              for s in plan["sets"]]
    if "multiframe" in sections:
        t.append(("multiframe", "all", "_task_multiframe", dict(plan["multiframe"])))
    if "recordings" in sections:
        t += [("recordings", name, "_task_recording", {"name": name, "max_frames": plan["rec_frames"]})
              for name in plan["recordings"]]
    if "photos" in sections:
        t.append(("photos", "all", "_task_photos", {"decoders": plan["decoders"], "limit": plan["photo_limit"]}))
    # 4K tables and 4K decoder sets first: the long tasks start early
    return sorted(t, key=lambda x: (x[0] not in ("tables", "decoders", *HELD_SECTIONS),
                                    "4k" not in str(x[1]).lower() and "4K" not in str(x[1])))


def _merge_rows(parts):
    """bench_decoders results of several sets -> one (rows, size_hits)."""
    rows, hits = [], {}
    for prow, phits in parts:
        for i, r in enumerate(prow):
            if i == len(rows):
                rows.append({"decoder": r["decoder"], "prep": r["prep"]})
            rows[i].update({k: v for k, v in r.items() if k not in ("decoder", "prep")})
        for key, d in phits.items():
            for b, (h, n) in d.items():
                cell = hits.setdefault(key, {}).setdefault(b, [0, 0])
                cell[0] += h
                cell[1] += n
    return rows, hits


def run_all(plan: dict, sections=SECTIONS, jobs: int = 1, scenes: str = "render") -> dict:
    """Run the sections of ``plan``: the pipeline cost alone in this process first, then
    every other task on ``jobs`` worker processes (jobs 1: here, one after another).
    Returns {"sections": {name: {"result", "tasks", "task_s", "wall_s", "errors"}},
    "jobs", "load", "elapsed_s", "plan"}."""
    t_start = time.time()
    load0 = os.getloadavg()
    out: dict = {"sections": {}, "jobs": jobs, "plan": plan, "scenes": scenes}
    if "pipeline" in sections:
        print("pipeline cost (alone, before the parallel jobs start):", flush=True)
        kw = dict(plan["pipe"])
        la = os.getloadavg()[0]
        t0 = time.time()
        try:
            pipe, err = bench_pipeline(**kw), None
        except Exception:
            import traceback

            pipe, err = None, traceback.format_exc(limit=4)
        out["sections"]["pipeline"] = {"result": pipe, "tasks": 1, "task_s": time.time() - t0,
                                       "wall_s": time.time() - t0, "errors": [err] if err else [],
                                       "load": la}
        if pipe:
            print(f"  raw decode {statistics.median(pipe['raw_ms']):.0f} ms, still "
                  f"{statistics.median(pipe['still_ms']):.1f} ms, moving "
                  f"{statistics.median(pipe['moving_ms']):.1f} ms, lost under hand "
                  f"{pipe['lost_under_hand']}, held {pipe['seen']}/{pipe['truth']}", flush=True)
            hp = plan.get("hand")
            if hp:
                pipe["hand"] = {}
                for which, seeds in hp["seeds"].items():
                    pipe["hand"][which] = []
                    for seed in seeds:
                        try:
                            r = bench_hand(seed, hp["size"], hp["n_tags"], n_sweep=hp["n_sweep"])
                        except Exception:
                            import traceback

                            out["sections"]["pipeline"]["errors"].append(traceback.format_exc(limit=4))
                            continue
                        pipe["hand"][which].append(r)
                        print("  " + hand_line(which, r), flush=True)
                for which, rs in pipe["hand"].items():
                    if rs:
                        print("  " + hand_summary(which, rs)["line"], flush=True)
    tasks = make_tasks(plan, sections, scenes)
    done: list = []
    print(f"{len(tasks)} tasks on {jobs} job(s) ...", flush=True)
    if jobs <= 1:
        for task in tasks:
            done.append(_run_task(task))
            _progress(done[-1], len(done), len(tasks))
    else:
        import concurrent.futures as cf
        import multiprocessing as mp

        with cf.ProcessPoolExecutor(max_workers=jobs, mp_context=mp.get_context("spawn"),
                                    initializer=_worker_init) as ex:
            futs = [ex.submit(_run_task, task) for task in tasks]
            for f in cf.as_completed(futs):
                done.append(f.result())
                _progress(done[-1], len(done), len(tasks))
    by: dict = {}
    for section, key, res, t0, t1, err in done:
        by.setdefault(section, []).append((key, res, t0, t1, err))
    for section, items in by.items():
        ok = [(k, r) for k, r, _a, _b, e in items if e is None]
        errors = [f"{k}: {e}" for k, _r, _a, _b, e in items if e is not None]
        if section == "decoders" or section in HELD_SECTIONS:
            order = [s[0] for s in plan[{"decoders": "sets", **HELD_SECTIONS}[section]]]
            ok.sort(key=lambda kr: order.index(kr[0]))
            result = _merge_rows([r for _k, r in ok]) if ok else None
        elif section == "recordings":
            result = [x for _k, r in sorted(ok, key=lambda kr: kr[0]) for x in r]
        elif section == "tables":
            result = {}
            for (group, which, _seed), r in ok:
                g = result.setdefault((group, which), {"scenes": 0, "seeds": [], "r": None})
                g["scenes"] += 1
                g["seeds"].append(_seed)
                g["r"] = _merge_counts(g["r"], r)
            for g in result.values():
                g["seeds"].sort()
        else:
            result = ok[0][1] if ok else None
        out["sections"][section] = {"result": result, "tasks": len(items),
                                    "task_s": sum(t1 - t0 for _k, _r, t0, t1, _e in items),
                                    "wall_s": max(t1 for *_x, t1, _e in items) - min(t0 for _k, _r, t0, *_y in items),
                                    "errors": errors}
    out["elapsed_s"] = time.time() - t_start
    out["load"] = (load0[0], os.getloadavg()[0])
    return out


def _progress(d, k: int, n: int):
    section, key, _res, t0, t1, err = d
    print(f"  [{k}/{n}] {section} {key}: {t1 - t0:.0f} s{' FAILED' if err else ''}", flush=True)
    if err:
        print(err, flush=True)


# -- the summary of issue 10's targets ---------------------------------------------------

def _table_totals(g) -> dict | None:
    """Totals of a merged table.py result for the *now* pipeline: found, zone, per kind."""
    if not g or not g.get("r"):
        return None
    r = g["r"]
    tally = r["tally"].get("now", {})
    clear = sum(v[0] for v in tally.values())
    found = sum(v[1] for v in tally.values())
    zone = sum(v[2] for v in tally.values())
    return {"clear": clear, "found": found, "zone": zone, "false": r["false"].get("now", 0),
            "kinds": {k: tuple(v) for k, v in tally.items()}, "scenes": g["scenes"]}


def _verdict(parts, target: float) -> str:
    """``yes`` when every (k, n) clears ``target`` with its 95 % lower bound; ``point
    only`` when the point estimates do but a bound does not; ``no``; ``not run``."""
    parts = [p for p in parts if p is not None]
    if not parts or any(n == 0 for _k, n in parts):
        return "not run"
    if any(k / n < target for k, n in parts):
        return "no"
    if all(wilson(k, n)[0] >= target for k, n in parts):
        return "yes"
    return "point estimates only (a 95 % lower bound is below the target)"


def summary(res: dict) -> list[dict]:
    """One row per issue 10 target: target, dev, held-out, met (strings), computed
    from the run's results (``run_all``)."""
    S = res["sections"]
    rows = []
    key = f"{DEFAULT_DECODER[0]} {DEFAULT_DECODER[2]}"

    def bucket(section, names):
        r = (S.get(section) or {}).get("result")
        if not r:
            return None
        d = r[1].get(key, {})
        k = sum(d[b][0] for b in names if b in d)
        n = sum(d[b][1] for b in names if b in d)
        return (k, n) if n else None

    for label, names, target in (("Held-out multi-code scenes, >= 3 px per module: >= 99.9 %", ("3-4", ">=4"), 0.999),
                                 ("Held-out multi-code scenes, 2-2.5 px per module: >= 90 %", ("2-2.5",), 0.90)):
        dev, held, held_b = bucket("decoders", names), bucket("held_out", names), bucket("held_out_b", names)
        held_c = bucket("held_out_c", names)
        rows.append({"target": label, "dev": pct_ci(*dev) if dev else "not run",
                     "held": pct_ci(*held) if held else "not run",
                     "met": _verdict([held], target) + " (held-out decides)"})
        if held_b:   # the second held-out set, apart (HELD_OUT_SETS_B)
            rows.append({"target": f"{label} (held-out B, added {HELD_OUT_B_ADDED})", "dev": "(as above)",
                         "held": pct_ci(*held_b), "met": _verdict([held_b], target) + " (held-out decides)"})
        if held_c:   # the large held-out sample, apart (HELD_OUT_SETS_C)
            rows.append({"target": f"{label} (held-out C, large, added {HELD_OUT_C_ADDED})", "dev": "(as above)",
                         "held": pct_ci(*held_c), "met": _verdict([held_c], target) + " (held-out decides)"})
        every = [x for x in (held, held_b, held_c) if x]
        if len(every) > 1:   # every held-out tag together: none was tuned on
            k, n = sum(x[0] for x in every), sum(x[1] for x in every)
            rows.append({"target": f"{label} (every held-out set together)", "dev": "(as above)",
                         "held": pct_ci(k, n), "met": _verdict([(k, n)], target) + " (held-out decides)"})
    tables = (S.get("tables") or {}).get("result") or {}
    for group, tgt_found, label in (("4K reference", 0.995, "4K reference setup: clear tags found, every kind: >= 99.5 %"),
                                    ("1080p", 0.95, "1080p, large tags, the board view: clear tags found: >= 95 %")):
        dev, held = (_table_totals(tables.get((group, w))) for w in ("dev", "held-out"))

        def cell(t):
            if not t:
                return "not run"
            low = min(t["kinds"].items(), key=lambda kv: (kv[1][1] / max(1, kv[1][0]), -kv[1][0]))
            return (f"{pct_ci(t['found'], t['clear'])}, {t['scenes']} scenes; lowest kind {low[0]} "
                    f"{pct(low[1][1], low[1][0])} ({low[1][1]}/{low[1][0]})")

        parts = [(t["found"], t["clear"]) for t in (dev, held) if t]
        if group == "4K reference":   # every kind, not only all together
            kinds_ok = all(v[1] / v[0] >= tgt_found for t in (dev, held) if t for v in t["kinds"].values() if v[0])
            met = _verdict(parts if dev and held else [None], tgt_found)
            if met.startswith(("yes", "point")) and not kinds_ok:
                met = "no (a kind is below)"
        else:
            met = _verdict(parts if dev and held else [None], tgt_found)
        rows.append({"target": label, "dev": cell(dev), "held": cell(held), "met": met})
        if group == "4K reference":
            zparts = [(t["zone"], t["found"]) for t in (dev, held) if t]
            rows.append({"target": "4K reference setup: right zone (of the found tags): >= 99 %",
                         "dev": pct_ci(dev["zone"], dev["found"]) if dev else "not run",
                         "held": pct_ci(held["zone"], held["found"]) if held else "not run",
                         "met": _verdict(zparts if dev and held else [None], 0.99)})
            rows.append({"target": "4K reference setup: 0 false components",
                         "dev": f"{dev['false']} in {dev['scenes']} scenes" if dev else "not run",
                         "held": f"{held['false']} in {held['scenes']} scenes" if held else "not run",
                         "met": ("yes" if dev["false"] == 0 and held["false"] == 0 else "no") if dev and held
                         else "not run"})
    pipe = (S.get("pipeline") or {}).get("result")
    kw = {"size": (3840, 2160), "n_tags": 120, **res["plan"]["pipe"]}
    where = f"tools.render.synth {kw['size'][0]}x{kw['size'][1]}, {kw['n_tags']} tags"
    floor = _still_floor(pipe)
    if floor:
        cost = (f"{floor['ratio']:.3f}x ({floor['ms']:.1f} / {floor['raw']:.0f} ms): the default pipeline, "
                f"still frames {floor['first']}-{floor['last']} after the change, "
                + ("once the re-read had nothing left" if floor["quiet"] else
                   f"the re-read still at work ({floor['crops']} crops in them)")
                + (f"; the same frames with the re-read off {floor['off_ratio']:.3f}x" if floor["off_ratio"] else ""))
        met = "yes (<= 0.03x)" if floor["ratio"] <= 0.03 else "no (> 0.03x)"
    else:
        cost, met = "not run", "not run"
    rows.append({"target": f"Still table cost at today's floor, about 0.02x a whole-frame decode ({where}; "
                           "a table left still: the re-read done)",
                 "dev": cost, "held": "n/a (a timing)", "met": met})
    rows.append(_reread_row(pipe, (S.get("multiframe") or {}).get("result")))
    hand = (pipe or {}).get("hand") or {}
    groups = {w: hand_summary(w, rs) for w, rs in hand.items() if rs}

    def hand_cell(d):
        if d is None:
            return "not run"
        upd = "not within 2 s" if d["update_s"] is None else f"{d['update_s']:.2f} s"
        return f"{d['mean']:.3f}x (median {d['median']:.3f}x), updated {upd}, {d['lost']} lost"

    dev, held = groups.get("dev"), groups.get("held-out")
    ok = [d["mean"] <= 0.1 and d["update_s"] is not None and d["update_s"] <= 0.5 and d["lost"] == 0
          for d in (dev, held) if d]
    rows.append({"target": "A hand moving: <= 0.1x a whole-frame decode a frame (mean), the state updated within "
                           "0.5 s of the hand leaving (30 frames/s), no tag lost",
                 "dev": hand_cell(dev), "held": hand_cell(held),
                 "met": ("yes" if all(ok) else "no") if dev and held else "not run"})
    return rows


def _still_floor(pipe: dict | None) -> dict | None:
    """The still table's floor from a ``bench_pipeline`` result: the median of its
    frames after the re-read went quiet (``floor_ms``) against the median whole-frame
    decode; None when not measured."""
    if not pipe or not pipe.get("floor_ms") or not pipe.get("raw_ms"):
        return None
    raw = statistics.median(pipe["raw_ms"])
    ms = statistics.median(pipe["floor_ms"])
    off = statistics.median(pipe["off_ms"]) if pipe.get("off_ms") else None
    first = pipe["floor_from"]
    return {"ms": ms, "raw": raw, "ratio": ms / raw, "off_ratio": off / raw if off is not None else None,
            "first": first, "last": first + len(pipe["floor_ms"]) - 1, "quiet": pipe["floor_quiet"],
            "crops": sum(pipe.get("floor_crops") or [])}


def _reread_row(pipe: dict | None, mf: dict | None) -> dict:
    """The bounded re-read row: how long after a change the still re-read runs and what
    its frames cost (``bench_pipeline``), and the crops per frame and cost on the
    multi-frame scenes (benchmarks/vision/multiframe.py), against the budget."""
    from vision.pipeline import PipelineConfig

    cfg = PipelineConfig()
    budget, rate = cfg.reread_max, cfg.reread_per_s
    label = (f"Extra re-decoding bounded (at most {budget} crops a still frame, and {rate:g} crops or strips "
             "swept a second of frame time)")
    parts, maxes, over = [], [], False
    if pipe and pipe.get("reread_ms") is not None and pipe.get("raw_ms"):
        raw = statistics.median(pipe["raw_ms"])
        n, fps = pipe["reread_frames"], pipe.get("fps", 30)
        if n:
            med = statistics.median(pipe["reread_ms"])
            mean = statistics.fmean(pipe["reread_ms"])
            mx = max(pipe["reread_crops"] or [0])
            maxes.append(mx)
            per_s = None
            if pipe.get("reread_units") is not None:
                per_s = sum(pipe["reread_units"]) / (n / fps)
                # one frame's worth (a sweep and the crops) may come on top of the rate
                over = per_s > rate + (budget + 1) / (n / fps)
            parts.append(f"the still table of the row above: the re-read runs for {n} frames after a change "
                         f"({n / fps:.1f} s at {fps} frames/s)"
                         + ("" if pipe.get("floor_quiet", True) else " and was still at work when the "
                            "measurement ended")
                         + f", a frame {mean:.1f} ms on average = {mean / raw:.3f}x a whole-frame decode "
                         f"(median {med:.1f} ms), at most {mx} crops a frame"
                         + (f", {per_s:.1f} crops or strips swept a second" if per_s is not None else ""))
        else:
            parts.append("the still table of the row above: nothing re-read")
    if mf:
        st, f = mf["still_ms"], mf["full_ms"]
        maxes.append(mf["max_crops"])
        parts.append(f"1080p rendered scenes, 120 small tags (multiframe): at most {mf['max_crops']} crops a frame "
                     f"({mf['crops']:.1f} on average), {st['reread'] / f:.3f}x while re-reading against "
                     f"{st['floor'] / f:.3f}x with it off"
                     + (f"; after {mf['settle'] * 0.5:g} s still (tags no frame reads, tried again every "
                        f"{PipelineConfig().reread_backoff} frames) {mf['settled_ms'] / f:.3f}x, "
                        f"{mf['settled_crops']:.2f} crops a frame" if mf.get("settle") else ""))
    if not parts:
        return {"target": label, "dev": "not run", "held": "n/a", "met": "not run"}
    return {"target": label, "dev": "; ".join(parts), "held": "n/a (a timing)",
            "met": ("yes" if max(maxes) <= budget and not over else "no") if maxes else "not run"}


# -- markdown ----------------------------------------------------------------------------

def _section_head(res: dict, name: str, title: str) -> list[str]:
    s = res["sections"].get(name)
    if s is None:
        return [f"## {title}", "", "Not run in this run.", ""]
    L = [f"## {title}", ""]
    if s["errors"]:
        L += ["**Failed tasks in this run** (their figures are missing):", ""]
        L += ["```", *(e.rstrip() for e in s["errors"]), "```", ""]
    return L


def md_summary(res: dict) -> list[str]:
    L = ["## Summary: issue #10 targets", "",
         "Generated from the figures below by `summary()` in benchmarks/vision/run.py. *met?*: "
         "`yes` when every point estimate reaches the target and so does its Wilson 95 % "
         "lower bound (so the sample is large enough to say so); `point estimates only` when "
         "the figures reach it but the sample cannot show it at 95 %; `no` when a figure is "
         "below. Decoder targets are decided by the held-out scenes (the dev column is what "
         "was tuned on). Table figures are the default pipeline (*now*) on sequence *hand* (the hand there from the first frame: the harder case; the sequence *as a game goes* is reported below).", "",
         "| target | dev | held-out (never tuned on) | met? |", "|---|---|---|---|"]
    for r in summary(res):
        L.append(f"| {r['target']} | {r['dev']} | {r['held']} | {r['met']} |")
    L.append("")
    return L


def md_times(res: dict) -> list[str]:
    L = ["## Wall time per section", "",
         f"The whole run: {res['elapsed_s']:.0f} s with `--jobs {res['jobs']}` on {platform.machine()}, "
         f"{os.cpu_count()} cores shared with other developers' jobs (load average "
         f"{res['load'][0]:.1f} at the start, {res['load'][1]:.1f} at the end). *wall*: from the "
         "section's first task's start to its last task's end (sections overlap: the tasks of all "
         "sections share the jobs); *task s*: the sum of its tasks' durations.", "",
         "| section | tasks | wall s | task s |", "|---|---|---|---|"]
    for name in SECTIONS:
        s = res["sections"].get(name)
        if s:
            L.append(f"| {SECTION_TITLES[name]} | {s['tasks']} | {s['wall_s']:.0f} | {s['task_s']:.0f} |")
    L.append("")
    return L


def md_decoders(res: dict) -> list[str]:
    L = _section_head(res, "decoders", "Decoders and pre-processing (dev scenes)")
    s = res["sections"].get("decoders")
    if not s or not s["result"]:
        return L
    rows, size_hits = s["result"]
    plan = res["plan"]
    names = [x[0] for x in plan["sets"]]
    if res.get("scenes", "render") == "render":
        L.append("Frames: the scene renderer (`benchmarks/vision/render_scenes.py`: cards "
                 "with our QR payloads on a wooden table under a random camera 65-75 cm high, "
                 "20-35 degree tilt, barrel distortion, uneven light, defocus 0.5-1.2 px, "
                 "noise, JPEG q80, about 2-6 px per module; the hand/glare sets add a hand "
                 "reaching over a card and 3 glare spots). Recall counts every tag in the "
                 "frame, covered ones too.")
    else:
        L.append("Frames: `tools.render.synth.compose` (QR tags with our payloads on a wooden "
                 "table, 2-4 px per module, any rotation, blur sigma 0.5-1.1 px, noise, JPEG "
                 "q80; the hand/glare sets add a skin-coloured hand and a saturated spot).")
    L.append("")
    L.append(f"{plan['n_frames']} frame(s) per set, {plan['reps']} rep(s). Cells: recall (decoded / tags in "
             "the frame) · F = false payloads · time ms median/p95, measured while "
             f"{res['jobs']} job(s) ran in parallel on a shared machine (one OpenCV thread per job): "
             "compare rows of one run, not absolute times.")
    L.append("")
    L.append("| decoder | prep | " + " | ".join(names) + " |")
    L.append("|---|---|" + "---|" * len(names))
    for r in rows:
        cells = []
        for n in names:
            if n not in r:
                cells.append("–")
                continue
            h, t, f, ms = r[n]
            cells.append(f"{pct(h, t)} ({h}/{t}) F{f} · {ms_stats(ms)}")
        L.append(f"| {r['decoder']} | {r['prep']} | " + " | ".join(cells) + " |")
    L.append("")
    L.append("### Recall by module size (dev scenes: tags not under a hand, glare < 5 %, all sets)")
    L.append("")
    buckets = ["<2", "2-2.5", "2.5-3", "3-4", ">=4"]
    L.append("| decoder prep | " + " | ".join(f"{b} px" for b in buckets) + " |")
    L.append("|---|" + "---|" * len(buckets))
    for key, d in size_hits.items():
        L.append(f"| {key} | " + " | ".join(
            f"{pct(*d[b])} (n={d[b][1]})" if b in d else "–" for b in buckets) + " |")
    L.append("")
    return L


def md_held_out(res: dict) -> list[str]:
    s = res["sections"].get("held_out")
    if s is None or not s["result"]:
        return _section_head(res, "held_out", "Held-out decoder scenes (never tuned on)")
    L = write_held_out((*s["result"], res["plan"]["n_held"]))
    if s["errors"]:
        L = _section_head(res, "held_out", "Held-out decoder scenes: failed tasks")[:-1] + L
    return L


def md_held_out_b(res: dict) -> list[str]:
    s = res["sections"].get("held_out_b")
    if s is None or not s["result"]:
        return _section_head(res, "held_out_b", f"Held-out B decoder scenes (added {HELD_OUT_B_ADDED}, "
                             "never tuned on)")
    L = write_held_out((*s["result"], res["plan"]["n_held"]), "B")
    if s["errors"]:
        L = _section_head(res, "held_out_b", "Held-out B decoder scenes: failed tasks")[:-1] + L
    return L


def md_held_out_c(res: dict) -> list[str]:
    s = res["sections"].get("held_out_c")
    title = f"Held-out C decoder scenes (added {HELD_OUT_C_ADDED}, never tuned on)"
    if s is None or not s["result"]:
        return _section_head(res, "held_out_c", title)
    L = write_held_out((*s["result"], res["plan"]["n_held_c"]), "C")
    if s["errors"]:
        L = _section_head(res, "held_out_c", "Held-out C decoder scenes: failed tasks")[:-1] + L
    return L


def md_photos(res: dict) -> list[str]:
    L = _section_head(res, "photos", "Real photographs (../shared/data/qr-photos, payload equals the .txt)")
    s = res["sections"].get("photos")
    if not s or not s["result"]:
        return L
    photos = s["result"]
    if res["plan"]["photo_limit"]:
        L += [f"The first {res['plan']['photo_limit']} photos only (a smoke run).", ""]
    folders = sorted({f for _, _, per, _ in photos for f in per})
    L.append("| decoder | prep | " + " | ".join(folders) + " | all | other text |")
    L.append("|---|---|" + "---|" * len(folders) + "---|---|")
    for label, prep, per, wrong in photos:
        k = sum(v[0] for v in per.values())
        n = sum(v[1] for v in per.values())
        L.append(f"| {label} | {prep} | " + " | ".join(
            f"{per[f][0]}/{per[f][1]}" if f in per else "–" for f in folders) + f" | {k}/{n} | {wrong} |")
    L.append("")
    L.append("\"other text\": a photo where something else was decoded: ZBar guesses the "
             "character set of Shift-JIS payloads wrongly; one zxing reference (a QR inside a "
             "QR) differs from the outer symbol's text. Our payloads are ASCII.")
    L.append("")
    return L


def md_pipeline(res: dict) -> list[str]:
    s = res["sections"].get("pipeline")
    kw = {"n_still": 20, "n_moving": 12, "size": (3840, 2160), "n_tags": 120, **res["plan"]["pipe"]}
    w, h = kw["size"]
    L = _section_head(res, "pipeline", f"Whole pipeline, {w}x{h} frame with {kw['n_tags']} tags")
    if not s or not s["result"]:
        return L
    pipe = s["result"]
    L += [f"`tools.render.synth` frame (2-4 px per module, blur 0.8 px), timed in this process **alone**, "
          f"before the parallel jobs start (the machine's load average from other developers: "
          f"{s['load']:.1f}). The ratios are what the target speaks of; absolute times depend on the "
          "load.", ""]
    raw = statistics.median(pipe["raw_ms"])
    fast = statistics.median(pipe["fast_ms"])
    still = statistics.median(pipe["still_ms"])
    moving = statistics.median(pipe["moving_ms"])
    L.append("| measure | value |")
    L.append("|---|---|")
    L.append(f"| raw decode of the whole frame (default decoder: zxing sharpen + rescue + ArUco) | {raw:.0f} ms |")
    L.append(f"| raw zxing call alone (no prep, no rescue, no ArUco) | {fast:.0f} ms |")
    floor = _still_floor(pipe)
    if floor:
        L.append(f"| pipeline, still table left still: frames {floor['first']}-{floor['last']} after the change "
                 + ("(the re-read had nothing left)" if floor["quiet"] else
                    f"(the re-read still at work: {floor['crops']} crops)")
                 + f", median | {floor['ms']:.1f} ms = {floor['ratio']:.3f}x the raw decode "
                 f"(vs the bare zxing call: {floor['ms'] / fast:.2f}x) |")
        if floor["off_ratio"] is not None:
            L.append(f"| the same frames, the still re-read off (`reread_max=0`) | "
                     f"{statistics.median(pipe['off_ms']):.1f} ms = {floor['off_ratio']:.3f}x |")
    if pipe.get("reread_frames"):
        rr = statistics.median(pipe["reread_ms"])
        mean = statistics.fmean(pipe["reread_ms"])
        n, fps = pipe["reread_frames"], pipe.get("fps", 30)
        units = (f"; {sum(pipe['reread_units']) / (n / fps):.1f} crops or strips swept a second"
                 if pipe.get("reread_units") is not None else "")
        L.append(f"| pipeline, still table while the re-read runs: frames 1-{n} after the change at {fps} "
                 f"frames/s (its finder sweep and crops, within its work budget; at most "
                 f"{max(pipe['reread_crops'] or [0])} crops a frame{units}), mean (median) | "
                 f"{mean:.1f} ms = {mean / raw:.3f}x ({rr:.1f} ms = {rr / raw:.3f}x) |")
    L.append(f"| pipeline, still table, the first {len(pipe['still_ms'])} frames after the change, median | "
             f"{still:.1f} ms = {1000 / still:.0f} frames/s, {still / raw:.3f}x |")
    L.append(f"| pipeline, hand sweeping across (median of {len(pipe['moving_ms'])} frames) | {moving:.1f} ms = "
             f"{1000 / moving:.0f} frames/s, {moving / raw:.2f}x the raw decode (p95 {ms_stats(pipe['moving_ms']).split('/')[1]} ms) |")
    L.append(f"| tags held on the still table | {pipe['seen']}/{pipe['truth']} |")
    L.append(f"| tags lost from the snapshot while the hand passed (flicker) | {pipe['lost_under_hand']} |")
    L.append(f"| frames (30 fps) until `still` again after the hand left | {pipe['settle_frames']} |")
    L.append("")
    hand = pipe.get("hand") or {}
    if any(hand.values()):
        hp = res["plan"].get("hand", {})
        hw, hh = hp.get("size", (3840, 2160))
        L += [f"A hand on a {hw}x{hh} table of {hp.get('n_tags', 120)} tags at 30 frames/s (`bench_hand`): it sweeps "
              f"across ({hp.get('n_sweep', 30)} frames), then comes in from below, rests over two neighbouring tags, "
              "swaps them and leaves. Each scene's frames against its own whole-frame decode in the same run; "
              "the dev seed is the scene the hand rule was developed on, the held-out seeds were never looked at "
              "while tuning.", "",
              "| scenes | hand frames: cost / whole-frame decode, median (mean) | state updated after the hand "
              "left | still after | tags lost |", "|---|---|---|---|---|"]
        for which, rs in hand.items():
            if not rs:
                continue
            d = hand_summary(which, rs)
            upd = "not within 2 s" if d["update_frames"] is None else \
                f"{d['update_frames']} frames ({d['update_s']:.2f} s)"
            L.append(f"| {which} (seeds {', '.join(map(str, d['seeds']))}; {d['frames']} frames) | "
                     f"{d['median']:.3f}x ({d['mean']:.3f}x) | {upd} | {d['still_frames']} frames "
                     f"(`video_settle_s`) | {d['lost']} |")
        L.append("")
    return L


def md_multiframe(res: dict) -> list[str]:
    L = _section_head(res, "multiframe", "Still table over several frames (the still re-read)")
    s = res["sections"].get("multiframe")
    if not s or not s["result"]:
        return L
    from types import SimpleNamespace

    from benchmarks.vision import multiframe as mf

    m = res["plan"]["multiframe"]
    a = SimpleNamespace(resolution=m["resolution"], tags=m["n_tags"], noise=2.0, scenes=m["scenes"],
                        frames=m["frames"], seed=97)
    L += ["benchmarks/vision/multiframe.py (`run`, `report`): scenes of the scene renderer filmed "
          "several times with fresh sensor noise and fed to the pipeline at 2 frames/s; what its "
          "snapshot holds after the last frame, with the still re-read off (*today's floor*) and on, "
          "against the union of whole-frame decodes of every frame (an upper bound). Clear QR tags "
          f"(visible >= 98 %, glare < 2 %). Timed while {res['jobs']} job(s) ran (ratios of one task).", "",
          mf.report(s["result"], a), ""]
    return L


def md_recordings(res: dict) -> list[str]:
    L = _section_head(res, "recordings", "Rendered demo recordings (play/recordings, tools/render)")
    s = res["sections"].get("recordings")
    if not s:
        return L
    recs = s["result"] or []
    if not recs:
        L += ["No recording was readable in this run.", ""]
        return L
    L.append("Whole games filmed by the scene renderer at 2 frames/s, each read with its own "
             "lens (camera.json, when it has one) as `companion demo` reads it: per change one frame "
             "with the hand, then two still frames. *Still moments*: truth frames marked "
             "still without a hand where our snapshot is still and holds exactly the "
             "visible components (a partly covered one may be in or out). *Wrong still*: our "
             "snapshot says still but differs from the truth (the engine would act on it). "
             "*Flicker*: a component dropped from our snapshot while the truth shows it in "
             "place in this and the previous frame. Penny Press recordings only (the others "
             f"have no Penny Press truth); ms/frame while {res['jobs']} job(s) ran."
             + (f" First {res['plan']['rec_frames']} frames only (a smoke run)." if res["plan"]["rec_frames"] else ""))
    L.append("")
    L.append("| recording | frame px | frames | still moments equal | wrong still | flicker | surface+zone equal (still moments) | ms/frame median/p95 |")
    L.append("|---|---|---|---|---|---|---|---|")
    for r in recs:
        size = "x".join(str(v) for v in r["size"]) if r["size"] else "?"
        L.append(f"| {r['name']} | {size} | {r['frames']} | {r['agree']}/{r['stills']} | "
                 f"{r['wrong_still']} | {r['flicker']} | {r['zone_ok']}/{r['zone_n']} | "
                 f"{ms_stats(r['ms'])} |")
    L.append("")
    return L


def md_table_group(g: dict, title: str) -> list[str]:
    """A merged table.py result: per kind, clear tags found and right zone for each
    pipeline variant that ran, with Wilson 95 % intervals for the default (*now*)."""
    r = g["r"]
    variants = [v for v in ALL_VARIANTS if v in r["tally"]]
    kinds = sorted({k for v in variants for k in r["tally"][v]})
    seeds = g["seeds"]
    L = [f"**{title}**: {g['scenes']} scenes, seeds {seeds[0]}-{seeds[-1]}" if seeds else f"**{title}**", ""]
    other = [v for v in variants if v != "now"]
    head = "| kind | clear tags | found (now) | right zone of found (now) |"
    if other:
        head += " found " + " / ".join(other) + " | right zone " + " / ".join(other) + " |"
    L += [head, "|---|---|---|---|" + ("---|---|" if other else "")]
    tot = {v: [0, 0, 0] for v in variants}
    for k in kinds + ["all"]:
        row = {}
        for v in variants:
            row[v] = list(r["tally"][v].get(k, [0, 0, 0])) if k != "all" else tot[v]
            if k != "all":
                tot[v] = [a + b for a, b in zip(tot[v], row[v])]
        c, f, z = row.get("now", [0, 0, 0])
        if k == "all":
            line = f"| **all** | {c} | {pct_ci(f, c)} | {pct_ci(z, f)} |"
        else:
            line = f"| {k} | {c} | {pct(f, c)} ({f}/{c}) | {pct(z, f)} ({z}/{f}) |"
        if other:
            line += (" " + " / ".join(pct(row[v][1], row[v][0]) for v in other) + " | "
                     + " / ".join(pct(row[v][2], row[v][1]) for v in other) + " |")
        L.append(line)
    L.append("")
    L.append("False components: " + ", ".join(f"{v} {r['false'].get(v, 0)}" for v in variants)
             + f". Lens seen by *now*: {dict(r.get('lens', {}))}. Scene time (render + "
             f"{len(variants)} pipeline(s)): median {statistics.median(r['secs']):.0f} s.")
    causes = (r.get("causes") or {}).get("now") or {}
    if causes:
        L.append("Misses of *now* by cause: " + "; ".join(
            f"{c}: {n}" for c, n in sorted(causes.items(), key=lambda kv: -kv[1])))
    zerr = (r.get("zone_err") or {}).get("now") or {}
    if zerr:
        L.append("Wrong zones of *now* by kind: " + ", ".join(
            f"{k} {n}" for k, n in sorted(zerr.items(), key=lambda kv: -kv[1])))
    why = (r.get("zone_why") or {}).get("now") or {}
    if why:
        L.append("Wrong zones of *now* by cause: " + "; ".join(
            f"{c}: {n}" for c, n in sorted(why.items(), key=lambda kv: -kv[1])))
    L.append("")
    return L


def md_tables(res: dict) -> list[str]:
    L = _section_head(res, "tables", "Whole Penny Press tables (benchmarks/vision/table.py)")
    s = res["sections"].get("tables")
    if not s or not s["result"]:
        return L
    from benchmarks.vision import table as tb

    L += ["Tables from the middle of seeded `random_game`s (3-5 players) staged with their tags, "
          "filmed by the scene renderer: pieces with height (reporters 12 mm, markers 8 mm) drawn with "
          "sides and shadows, radial lens k1 " f"{tb.DEV['k1']} (held-out {tb.HELD_OUT['k1']}), lamp "
          "gradient and vignette, a glare spot, defocus 0.5-1.0 px, Bayer sensor noise and in-camera "
          "sharpening, JPEG 70-95, a hand over the table in half of the scenes; 3 still frames at 2 "
          "frames/s through the pipeline; its snapshot against the renderer's truth. *Clear* tags: "
          "visible >= 98 %, glare < 2 %. *now*: the default pipeline; *before*: the pipeline before "
          "issue 10 (no still re-read, no piece heights, no lens estimate); *calibrated*: now + the "
          "true lens model. Dev seeds are table.py's DEV list continued (19, 20, ...), held-out seeds "
          "its HELD_OUT list continued (909, 910, ...): never tuned on. Intervals: Wilson 95 %.", ""]
    plan = {(g, w): (setup, resn, view, seq) for g, setup, resn, view, w, _n, _v, seq in res["plan"]["tables"]}
    groups = []
    for (g, w) in plan:
        if g not in groups:
            groups.append(g)
    for g in groups:
        setup, resn, view, seq = plan[(g, "dev")] if (g, "dev") in plan else plan[(g, "held-out")]
        if setup == "reference":
            cond = (f"reference setup: straight down (tilt {tb.REFERENCE['tilt']} degrees) from "
                    f"{tb.REFERENCE['height'][0]}-{tb.REFERENCE['height'][1]} mm")
        else:
            cond = (f"the old tilted setup: tilt {tb.DEV['tilt']} degrees, camera {tb.DEV['height']} mm up "
                    f"(held-out {tb.HELD_OUT['height']} mm)")
        what = ("the frame holds the board alone (the 1080p view docs/calibration.md recommends; "
                "the mats are out of view and not counted)" if view == "board" else "the frame fitted to the whole table")
        tags = "normal tags" if resn == "4k" else "large tags"
        frames = ("sequence *play*, as a game goes: 2 frames of the round's start (every reporter home, "
                  "so each story lies uncovered once), 2 of the table, then the 3 frames of *hand*"
                  if seq == "play" else "sequence *hand*: 3 still frames, the hand (when the scene has one) "
                  "there from the first, so the pipeline never saw the table uncovered")
        L += [f"### {g}: {cond}, {tags}, {what}; {frames}", ""]
        for w in ("dev", "held-out"):
            if (g, w) in s["result"]:
                L += md_table_group(s["result"][(g, w)], f"{g}, {w}{' (never tuned on)' if w == 'held-out' else ''}")
    return L


def write_markdown(path: Path | None, res: dict, sections=SECTIONS, argv_text: str = "") -> str:
    """The whole file from one run's results; written to ``path`` when given."""
    L = ["# Vision benchmarks", "",
         f"Generated by one command: `.venv/bin/python -m benchmarks.vision.run {argv_text}` "
         f"on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} ({res['elapsed_s']:.0f} s with "
         f"--jobs {res['jobs']}; {platform.machine()}, {os.cpu_count()} cores shared with other "
         f"developers' jobs, Python {platform.python_version()}). Every figure below is from that "
         "one run; each section says its conditions. Dev figures are what was tuned on; held-out "
         "figures (other seeds, other generators, wider conditions) never were, and are reported "
         "apart.", ""]
    missing = [s for s in SECTIONS if s not in sections]
    if missing:
        L += [f"**A partial run**: sections not run: {', '.join(missing)}.", ""]
    L += md_summary(res)
    L += md_times(res)
    L += md_decoders(res)
    L += md_held_out(res)
    L += md_held_out_b(res)
    L += md_held_out_c(res)
    L += md_photos(res)
    L += md_pipeline(res)
    L += md_multiframe(res)
    L += md_recordings(res)
    L += md_tables(res)
    text = "\n".join(L).rstrip() + "\n"
    if path is not None:
        path.write_text(text, encoding="utf-8")
    return text


def build_parser() -> argparse.ArgumentParser:
    """The command line of the benchmark (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--quick", action="store_true", help="every section, 1 frame per decoder set, 20 + 20 "
                   "whole-table scenes per setup (default; about 20-30 min on 2 shared cores)")
    g.add_argument("--full", action="store_true", help="3 frames per set, 3 reps, more decoders, 60 + 60 "
                   "table scenes with the before/calibrated pipelines too")
    g.add_argument("--smoke", action="store_true", help="every section, tiny (seconds): checks the "
                   "orchestration, its figures mean nothing")
    ap.add_argument("--out", metavar="FILE", help="also write the markdown to FILE (e.g. "
                    "docs/benchmarks.md to refresh the tracked figures); default: print it only")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                    help="worker processes for the tasks (scenes, sets, recordings); default: the CPU "
                    "count. The pipeline cost is timed alone before they start")
    ap.add_argument("--sections", metavar="A,B", default=",".join(SECTIONS),
                    help=f"only these sections (of {','.join(SECTIONS)}); a partial file says so")
    ap.add_argument("--table-scenes", type=int, default=None, metavar="N",
                    help="whole-table scenes per seed set at the reference setup (default: 20 quick, "
                    "60 full)")
    ap.add_argument("--decoders-only", action="store_true",
                    help="only the decoder sections (same as --sections decoders,held_out,held_out_b,"
                    "held_out_c)")
    ap.add_argument("--scenes", choices=("render", "synth"), default="render",
                    help="decoder scenes from the scene renderer (default) or tools.render.synth")
    return ap


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_args(argv)
    mode = "full" if args.full else "smoke" if args.smoke else "quick"
    sections = ("decoders", *HELD_SECTIONS) if args.decoders_only else tuple(
        s for s in SECTIONS if s in {x.strip() for x in args.sections.split(",")})
    unknown = {x.strip() for x in args.sections.split(",")} - set(SECTIONS)
    if unknown:
        print(f"unknown section(s): {', '.join(sorted(unknown))} (known: {', '.join(SECTIONS)})", file=sys.stderr)
        return 2
    plan = plan_for(mode, args.table_scenes)
    print(f"vision benchmark ({mode}, --jobs {args.jobs}): {', '.join(sections)}", flush=True)
    res = run_all(plan, sections, max(1, args.jobs), args.scenes)
    argv_text = " ".join(a for a in argv if not a.startswith("--out") and a != args.out)
    if "--out" in argv or any(a.startswith("--out=") for a in argv):
        argv_text += f" --out {args.out}"
    text = write_markdown(Path(args.out) if args.out else None, res, sections, argv_text.strip())
    print()
    print(text)
    print("wall time per section: " + ", ".join(
        f"{n} {res['sections'][n]['wall_s']:.0f} s" for n in SECTIONS if n in res["sections"])
          + f"; whole run {res['elapsed_s']:.0f} s")
    if args.out:
        print(f"wrote {args.out}")
    failed = sum(len(s["errors"]) for s in res["sections"].values())
    if failed:
        print(f"{failed} task(s) failed: see the file's sections", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
