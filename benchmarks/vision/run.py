"""Vision benchmark: decoders x pre-processing on synthetic table frames and real photos,
and the whole pipeline's frames per second on a still and a moving table.

    .venv/bin/python -m benchmarks.vision.run --quick     # a few minutes
    .venv/bin/python -m benchmarks.vision.run --full      # more frames and decoders

Prints the figures and the markdown table; ``--out docs/benchmarks.md`` (or another
file) also writes the table there: without ``--out`` no file is touched, so a quick run
never overwrites the tracked, reviewed figures. Decoder scenes
come from the scene renderer (benchmarks/vision/render_scenes.py; ``--scenes synth``:
vision.synth's simpler compositor); the whole-pipeline figures use vision.synth (a
120-tag 4K table with a hand sweeping across) and the rendered demo recordings in
ui/demo_data. One thread; times in ms per frame (median / p95). Figures only, never
asserted in tests.
"""

from __future__ import annotations

import argparse
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


def make_frames(n_frames: int, sets=SETS):
    from vision.synth import compose, payloads

    out = {}
    for k, (name, w, h, n, mp, hg) in enumerate(sets):
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
#: vision.synth's compositor: another generator (flat cards on a grid, any rotation,
#: its own blur 0.6-1.3 px, noise 2-5, JPEG 75-90). name, generator, size, tags,
#: module px (synth), seed
HELD_OUT_SETS = [
    ("render_1080p_n120", "render", "1080p", 120, None, 9101),
    ("render_4k_n120", "render", "4k", 120, None, 9102),
    ("synth_1080p_n60", "synth", (1920, 1080), 60, (2.0, 3.5), 9201),
    ("synth_4k_n120", "synth", (3840, 2160), 120, (2.0, 4.0), 9202),
]


def make_frames_held_out(n_frames: int, sets=HELD_OUT_SETS):
    """The held-out decoder scenes: {name: [(frame BGR, truth)]} (truth items have
    text, module_px, covered, glare)."""
    from benchmarks.vision.render_scenes import bench_scenes
    from vision.synth import compose, payloads

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


def bench_photos(decoders):
    import cv2

    from vision.decode import Decoder

    out = []
    photos = sorted(p for p in glob.glob(str(PHOTOS / "*" / "*"))
                    if os.path.splitext(p)[1].lower() in (".png", ".jpg", ".webp"))
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


def bench_pipeline(n_still: int, n_moving: int):
    """Frames per second of Pipeline.process on 4K with 120 tags, still and moving."""
    import cv2

    from vision.decode import Decoder
    from vision.pipeline import Pipeline
    from vision.synth import compose, draw_hand, payloads

    W, H = 3840, 2160
    frame, truth = compose(W, H, payloads(120), module_px=(2.0, 4.0), seed=7, blur_sigma=0.8)
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    raw = Decoder(aruco=True)
    raw_ms = []
    for _ in range(3):
        t0 = time.perf_counter()
        raw.decode_full(gray)
        raw_ms.append((time.perf_counter() - t0) * 1000)
    fast = Decoder("zxing", "none", rescue=False, aruco=False)
    fast_ms = []
    for _ in range(3):
        t0 = time.perf_counter()
        fast.read_raw(gray)
        fast_ms.append((time.perf_counter() - t0) * 1000)

    p = Pipeline()
    p.process(frame, 0.0)  # first frame: everything decoded
    still_ms = []
    for i in range(1, n_still + 1):
        t0 = time.perf_counter()
        snap, rep = p.process(frame, i / 30)
        still_ms.append((time.perf_counter() - t0) * 1000)
    seen_still = len(snap.sightings)
    # moving: a hand sweeps across the table, then leaves; count flicker (a tag lost
    # from the snapshot while the hand passes)
    moving_ms = []
    lost = 0
    t = n_still / 30
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
            "settle_frames": settle_frames}


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


def bench_recordings(root: Path = ROOT / "ui" / "demo_data"):
    """The pipeline over the rendered demo recordings (vision/render) against their
    truth.jsonl: still moments where the snapshot equals the visible components,
    still snapshots that differ (the engine would act on them), components dropped
    while visible (flicker), ms/frame."""
    import json

    from vision.pipeline import Pipeline
    from vision.sources import open_source

    out = []
    for d in sorted(root.glob("*/meta.json")):
        d = d.parent
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
        p = Pipeline()
        stills = agree = wrong_still = flicker = frames = zone_ok = zone_n = 0
        ms = []
        prev: set[str] = set()
        prev_vis: set[str] = set()
        for fr in src:
            if fr.index >= len(truth):
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


def write_markdown_tables(tables: str | None) -> list[str]:
    if not tables:
        return []
    return ["## Whole tables under hard conditions (benchmarks/vision/table.py)", "",
            "Penny Press tables from the middle of seeded games (3-5 players), pieces with "
            "height (reporters 12 mm, markers 8 mm) drawn with sides and shadows, radial lens "
            "k1 -0.2..0.1 (held-out: -0.25..0.12), camera fitted to the table 20-35 degrees tilted, "
            "lamp gradient, a glare spot, defocus, Bayer sensor noise and in-camera sharpening, "
            "JPEG 70-95, a hand over the table in half of the scenes; 3 still frames at 2 "
            "frames/s through the pipeline. *Clear* tags: visible >= 98 %, glare < 2 %. "
            "*before*: the pipeline before issue 10 (no still re-read, no piece heights, no "
            "lens estimate); *now*: the defaults; *calibrated*: now + the true lens model. "
            "The 1080p parts use large tags and the view docs/calibration.md recommends for "
            "1080p: the board alone, straight down from 1.0-1.1 m.", "",
            tables, ""]


def write_held_out(held) -> list[str]:
    """Markdown of the held-out decoder scenes: per set, and by module size."""
    if not held:
        return []
    rows, size_hits, n_frames = held
    L = ["## Held-out decoder scenes (never tuned on)", "",
         f"Never looked at while choosing the decoder's preprocessing; {n_frames} frames per set: "
         "the scene renderer with seeds of their own (`render_*`), and `vision.synth`'s "
         "compositor, another generator (`synth_*`: flat cards on a grid, any rotation, blur "
         "0.6-1.3 px, noise 2-5, JPEG 75-90; benchmarks/vision/run.py HELD_OUT_SETS). The "
         "default decoder.", ""]
    names = [s[0] for s in HELD_OUT_SETS]
    L.append("| decoder | prep | " + " | ".join(names) + " |")
    L.append("|---|---|" + "---|" * len(names))
    for r in rows:
        cells = []
        for n in names:
            h, t, f, ms = r[n]
            cells.append(f"{pct(h, t)} ({h}/{t}) F{f} · {ms_stats(ms)}")
        L.append(f"| {r['decoder']} | {r['prep']} | " + " | ".join(cells) + " |")
    L.append("")
    buckets = ["<2", "2-2.5", "2.5-3", "3-4", ">=4"]
    L.append("| decoder prep (held-out, not under a hand, glare < 5 %) | "
             + " | ".join(f"{b} px" for b in buckets) + " | >= 3 px |")
    L.append("|---|" + "---|" * (len(buckets) + 1))
    for key, d in size_hits.items():
        ge3 = [sum(d[b][i] for b in ("3-4", ">=4") if b in d) for i in (0, 1)]
        L.append(f"| {key} | " + " | ".join(
            f"{pct(*d[b])} (n={d[b][1]})" if b in d else "–" for b in buckets)
            + f" | {pct(*ge3)} (n={ge3[1]}) |")
    L.append("")
    return L


def write_markdown(path: Path | None, mode: str, rows, size_hits, photos, pipe, recs, elapsed: float,
                   scenes: str = "render", tables: str | None = None, held=None):
    names = [s[0] for s in SETS]
    L = []
    L.append("# Vision benchmarks")
    L.append("")
    L.append(f"Regenerate: `.venv/bin/python -m benchmarks.vision.run --{mode}"
             f"{'' if scenes == 'render' else ' --scenes synth'}"
             f"{' --tables 2' if tables else ''} --out docs/benchmarks.md` "
             f"(this file was written by a `--{mode}` run in {elapsed:.0f} s on "
             f"{platform.machine()}, {os.cpu_count()} cores shared with other jobs, "
             f"Python {platform.python_version()}).")
    L.append("")
    if scenes == "render":
        L.append("Frames: the scene renderer (`benchmarks/vision/render_scenes.py`: cards "
                 "with our QR payloads on a wooden table under a random camera 65-75 cm high, "
                 "20-35 degree tilt, barrel distortion, uneven light, defocus 0.5-1.2 px, "
                 "noise, JPEG q80, about 2-6 px per module; the hand/glare sets add a hand "
                 "reaching over a card and 3 glare spots). Recall counts every tag in the "
                 "frame, covered ones too.")
    else:
        L.append("Frames: `vision.synth.compose` (QR tags with our payloads on a wooden "
                 "table, 2-4 px per module, any rotation, blur sigma 0.5-1.1 px, noise, JPEG "
                 "q80; the hand/glare sets add a skin-coloured hand and a saturated spot).")
    L.append("")
    L.append("One thread. Cells: recall (decoded / tags in the frame) · F = false payloads "
             "· time ms median/p95. Timings on a shared machine are noisy: compare rows of "
             "one run.")
    L.append("")
    L.append("## Decoders and pre-processing")
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
    L.append("## Recall by module size (dev scenes: tags not under a hand, glare < 5 %, all sets)")
    L.append("")
    buckets = ["<2", "2-2.5", "2.5-3", "3-4", ">=4"]
    L.append("| decoder prep | " + " | ".join(f"{b} px" for b in buckets) + " |")
    L.append("|---|" + "---|" * len(buckets))
    for key, d in size_hits.items():
        L.append(f"| {key} | " + " | ".join(
            f"{pct(*d[b])} (n={d[b][1]})" if b in d else "–" for b in buckets) + " |")
    L.append("")
    L += write_held_out(held)
    L.append("## Real photographs (../shared/data/qr-photos, payload equals the .txt)")
    L.append("")
    folders = sorted({f for _, _, per, _ in photos for f in per})
    L.append("| decoder | prep | " + " | ".join(folders) + " | other text |")
    L.append("|---|---|" + "---|" * len(folders) + "---|")
    for label, prep, per, wrong in photos:
        L.append(f"| {label} | {prep} | " + " | ".join(
            f"{per[f][0]}/{per[f][1]}" if f in per else "–" for f in folders) + f" | {wrong} |")
    L.append("")
    L.append("\"other text\": a photo where something else was decoded: ZBar guesses the "
             "character set of Shift-JIS payloads wrongly; one zxing reference (a QR inside a "
             "QR) differs from the outer symbol's text. Our payloads are ASCII.")
    L.append("")
    L.append("## Whole pipeline, 4K frame with 120 tags")
    L.append("")
    raw = statistics.median(pipe["raw_ms"])
    fast = statistics.median(pipe["fast_ms"])
    still = statistics.median(pipe["still_ms"])
    moving = statistics.median(pipe["moving_ms"])
    L.append("| measure | value |")
    L.append("|---|---|")
    L.append(f"| raw decode of the whole frame (default decoder: zxing sharpen + rescue + ArUco) | {raw:.0f} ms |")
    L.append(f"| raw zxing call alone (no prep, no rescue, no ArUco) | {fast:.0f} ms |")
    L.append(f"| pipeline, still table (median of {len(pipe['still_ms'])} frames) | {still:.1f} ms = {1000 / still:.0f} frames/s |")
    L.append(f"| still-table cost / raw decode | {still / raw:.2f}x (vs the bare zxing call: {still / fast:.2f}x) |")
    L.append(f"| pipeline, hand sweeping across (median of {len(pipe['moving_ms'])} frames) | {moving:.1f} ms = {1000 / moving:.0f} frames/s (p95 {ms_stats(pipe['moving_ms']).split('/')[1]} ms) |")
    L.append(f"| tags held on the still table | {pipe['seen']}/{pipe['truth']} |")
    L.append(f"| tags lost from the snapshot while the hand passed (flicker) | {pipe['lost_under_hand']} |")
    L.append(f"| frames (30 fps) until `still` again after the hand left | {pipe['settle_frames']} |")
    L.append("")
    L.append("## Rendered demo recordings (ui/demo_data, vision/render)")
    L.append("")
    if not recs:
        L.append("No recording was readable in this run.")
    else:
        L.append("Whole games filmed by the scene renderer at 2 frames/s: per change one frame "
                 "with the hand, then two still frames. *Still moments*: truth frames marked "
                 "still without a hand where our snapshot is still and holds exactly the "
                 "visible components (a partly covered one may be in or out). *Wrong still*: our snapshot says still but differs from "
                 "the truth (the engine would act on it). *Flicker*: a component dropped from "
                 "our snapshot while the truth shows it in place in this and the previous "
                 "frame.")
        L.append("")
        L.append("| recording | frame px | frames | still moments equal | wrong still | flicker | surface+zone equal (still moments) | ms/frame median/p95 |")
        L.append("|---|---|---|---|---|---|---|---|")
        for r in recs:
            size = "x".join(str(v) for v in r["size"]) if r["size"] else "?"
            L.append(f"| {r['name']} | {size} | {r['frames']} | {r['agree']}/{r['stills']} | "
                     f"{r['wrong_still']} | {r['flicker']} | {r['zone_ok']}/{r['zone_n']} | "
                     f"{ms_stats(r['ms'])} |")
    L.append("")
    L += write_markdown_tables(tables)
    text = "\n".join(L) + "\n"
    if path is not None:
        path.write_text(text, encoding="utf-8")
    return text


def build_parser() -> argparse.ArgumentParser:
    """The command line of the benchmark (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--quick", action="store_true", help="1 frame per set, 1 rep (default)")
    g.add_argument("--full", action="store_true", help="3 frames per set, 3 reps, more decoders")
    ap.add_argument("--out", metavar="FILE", help="also write the markdown table to FILE (e.g. "
                    "docs/benchmarks.md to refresh the tracked figures); default: print it only")
    ap.add_argument("--tables", type=int, default=0, metavar="N",
                    help="also N whole-table scenes per seed set (dev and held-out; 4K, about "
                    "30-60 s each on a shared machine; docs/benchmarks.md uses 2; default 0: skip)")
    ap.add_argument("--decoders-only", action="store_true",
                    help="only the decoder figures (zxing rows, dev and held-out scenes): with "
                    "--out, the file's sections before '## Real photographs' are replaced and "
                    "the rest (photos, pipeline, recordings, tables) kept from its last run")
    ap.add_argument("--scenes", choices=("render", "synth"), default="render",
                    help="decoder scenes from the scene renderer (default) or vision.synth")
    return ap


def _decoders_only(args, mode, rows, size_hits, held, elapsed: float) -> int:
    """Print (and with ``--out`` splice into the file) the decoder sections only."""
    head = write_markdown(None, mode, rows, size_hits, [], {"raw_ms": [1], "fast_ms": [1], "still_ms": [1],
                                                            "moving_ms": [1], "seen": 0, "truth": 0,
                                                            "lost_under_hand": 0, "settle_frames": 0},
                          [], elapsed, args.scenes, None, held)
    head = head[:head.index("## Real photographs")]
    note = (f"Decoder sections refreshed by `--{mode} --decoders-only` ({time.strftime('%Y-%m-%d')}, "
            f"{elapsed:.0f} s; zxing rows only); the sections from *Real photographs* on are from the "
            "last whole run.\n\n")
    head = head.replace("One thread. Cells:", note + "One thread. Cells:", 1)
    if args.out:
        path = Path(args.out)
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        tail = old[old.index("## Real photographs"):] if "## Real photographs" in old else ""
        path.write_text(head + tail, encoding="utf-8")
        print(f"wrote the decoder sections of {args.out} in {elapsed:.0f} s")
    else:
        print(head)
    return 0


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    mode = "full" if args.full else "quick"
    n_frames, reps = (3, 3) if args.full else (1, 1)
    decoders = DECODERS_FULL if args.full else DECODERS_QUICK
    if args.decoders_only:
        decoders = [d for d in decoders if d[1] == "zxing" and d[2] != "sharpen_up2"]
    t0 = time.perf_counter()
    print(f"vision benchmark ({mode}): rendering frames ...", flush=True)
    frames = make_frames_render(n_frames) if args.scenes == "render" else make_frames(n_frames)
    print("decoders:", flush=True)
    rows, size_hits = bench_decoders(frames, decoders, reps)
    print("held-out decoder scenes (never tuned on):", flush=True)
    n_held = 5 if args.full else 3
    held = (*bench_decoders(make_frames_held_out(n_held), [DEFAULT_DECODER], 1), n_held)
    if args.decoders_only:
        return _decoders_only(args, mode, rows, size_hits, held, time.perf_counter() - t0)
    print("real photographs:", flush=True)
    photos = bench_photos(decoders)
    print("pipeline:", flush=True)
    pipe = bench_pipeline(60 if args.full else 20, 30 if args.full else 12)
    print(f"  raw decode {statistics.median(pipe['raw_ms']):.0f} ms, still "
          f"{statistics.median(pipe['still_ms']):.1f} ms, moving "
          f"{statistics.median(pipe['moving_ms']):.1f} ms, lost under hand "
          f"{pipe['lost_under_hand']}, held {pipe['seen']}/{pipe['truth']}", flush=True)
    print("demo recordings:", flush=True)
    recs = bench_recordings()
    tables = None
    if args.tables:
        from benchmarks.vision import table as tb

        print("whole tables (hard conditions):", flush=True)
        n = args.tables
        tables = (tb.report(tb.run(tb.DEV, n, "4k"), f"4K, dev seeds {tb.DEV['seeds'][:n]}") + "\n\n"
                  + tb.report(tb.run(tb.HELD_OUT, n, "4k"),
                              f"4K, held-out seeds {tb.HELD_OUT['seeds'][:n]} (never tuned on; "
                              f"k1 {tb.HELD_OUT['k1']}, camera {tb.HELD_OUT['height']} mm up)"))
        # 1080p: large tags and the view docs/calibration.md recommends for it (the
        # board alone, straight down from 1.0-1.1 m)
        dev, held = {**tb.DEV, **tb.REFERENCE}, {**tb.HELD_OUT, **tb.REFERENCE}
        tables += ("\n\n" + tb.report(tb.run(dev, n, "1080p", "board"),
                                       f"1080p, large tags, the board alone straight down, dev seeds "
                                       f"{dev['seeds'][:n]}")
                   + "\n\n" + tb.report(tb.run(held, n, "1080p", "board"),
                                         f"1080p, large tags, the board alone straight down, held-out "
                                         f"seeds {held['seeds'][:n]} (never tuned on)"))
    elapsed = time.perf_counter() - t0
    text = write_markdown(Path(args.out) if args.out else None, mode, rows, size_hits, photos, pipe, recs,
                          elapsed, args.scenes, tables, held)
    if args.out:
        print(f"wrote {args.out} in {elapsed:.0f} s")
    else:
        print(text)
        print(f"(printed only, in {elapsed:.0f} s; --out docs/benchmarks.md writes it there)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
