"""The pipeline on a tablet's still photos (stream + still): tags read and time.

    .venv/bin/python -m benchmarks.android.bench_stills                  # synthetic stills + recordings
    .venv/bin/python -m benchmarks.android.bench_stills --no-recordings  # stills only (~1 min)
    .venv/bin/python -m benchmarks.android.bench_stills --no-stills --backend pyzbar --widths 1920  # the APK's

1. Still photos of 4000x3000 (12 MP, a tablet at the table's edge): a table
   (tools.render.synth) with 12 tags of 1.6-3.5 px per module, blur, noise and JPEG as a
   phone camera gives. The analysis stream is the photo's middle 16:9 rows made
   1920x1080 or 1280x720 (as Camera2 gives them). Read: by the pipeline on the stream
   alone (5 still frames), and with the still read by vision.android.stills.StillReader.
   Time: the still's decode (ms, the StillDecoder's own clock) and one stream frame of a
   still table (ms, median). Both backends (zxing-cpp on the desktop, ZBar in the APK).
2. The bundled recordings played as a tablet would see them
   (play.stills.play_with_stills: the recording's frames are the stills, the
   stream is made 1920 or 1280 px wide): do the scores match the truth, stills read.

Figures are printed (markdown); never asserted in tests.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

W, H = 4000, 3000
STREAMS = ((1920, 1080), (1280, 720))


def make_still(seed: int):
    """A 4000x3000 BGR still and the payloads of its 12 tags (all inside the middle
    16:9 rows the stream shows)."""
    from tools.render import synth

    rng = np.random.default_rng(seed)
    texts = synth.payloads(60)
    frame = synth.table_background(W, H, seed)
    y0, y1 = (H - W * 9 / 16) / 2, (H + W * 9 / 16) / 2
    truth = []
    for i in range(12):
        r, c = divmod(i, 4)
        mpx = float(math.exp(rng.uniform(math.log(1.6), math.log(3.5))))
        text = texts[(seed * 12 + i) % len(texts)]
        centre = ((c + 0.5) * W / 4 + rng.uniform(-80, 80), y0 + (r + 0.5) * (y1 - y0) / 3 + rng.uniform(-60, 60))
        synth.place_tag(frame, text, centre, mpx, rng.uniform(-30, 30), card_margin_modules=2.0)
        truth.append(text)
    frame = cv2.GaussianBlur(frame, (0, 0), 0.7)
    frame = np.clip(frame + rng.normal(0, 2.5, frame.shape), 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 92])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR), truth


def run_still(still, truth, stream, backend, with_still: bool, frames: int = 5):
    from vision.android.stills import FakeStillCamera, StillReader
    from vision.pipeline import Pipeline, PipelineConfig

    cam = FakeStillCamera([still] * frames, stream_width=stream[0], stream_aspect=(16, 9))
    pipe = Pipeline(PipelineConfig(backend=backend))
    reader = StillReader(pipe, cam, backend=backend) if with_still else pipe
    seen: set[str] = set()
    ms = []
    for f in cam:
        t0 = time.perf_counter()
        _snap, rep = reader.process(f.image, f.t)
        ms.append((time.perf_counter() - t0) * 1000)
        seen |= {s.symbol.text for s in rep.symbols}
    still_ms = reader.decoder.last_still_ms if with_still else 0.0
    return len(seen & set(truth)), still_ms, statistics.median(ms[2:]) if len(ms) > 2 else ms[-1]


def bench_stills(seeds) -> list[str]:
    rows = ["| backend | stream | read from the stream alone | read with the still | still decode ms | "
            "stream frame ms (still table) |", "|---|---|---|---|---|---|"]
    stills = [make_still(s) for s in seeds]
    n = sum(len(t) for _s, t in stills)
    for backend in ("zxing", "pyzbar"):
        for stream in STREAMS:
            alone = with_ = 0
            still_ms, frame_ms = [], []
            for still, truth in stills:
                a, _m, fm = run_still(still, truth, stream, backend, False)
                b, sm, fm2 = run_still(still, truth, stream, backend, True)
                alone += a
                with_ += b
                still_ms.append(sm)
                frame_ms.append(fm2)
            rows.append(f"| {backend} | {stream[0]}x{stream[1]} | {alone}/{n} | {with_}/{n} | "
                        f"{statistics.median(still_ms):.0f} | {statistics.median(frame_ms):.0f} |")
            print(rows[-1], flush=True)
    return rows


def bench_recordings(names, widths=(1920, 1280), backend: str | None = None) -> list[str]:
    from play import recordings
    from play.demo import load_recording
    from play.stills import play_with_stills

    rows = ["| recording | backend | stream width | match | stills asked / read / dropped | frames | s |",
            "|---|---|---|---|---|---|---|"]
    for name in names:
        rec = load_recording(recordings.recording_dir(name))
        for w in widths:
            with tempfile.TemporaryDirectory() as d:
                t0 = time.perf_counter()
                try:
                    res, r = play_with_stills(rec, Path(d), stream_width=w, backend=backend, progress=False,
                                              echo=lambda *_a: None, warn=lambda *_a: None, queue=Path(d) / "q")
                except Exception as exc:  # noqa: BLE001 (a figure: the failure is the result)
                    rows.append(f"| {name} | {backend or 'zxing'} | {w} | {type(exc).__name__}: {exc} | | | |")
                    continue
            rows.append(f"| {name} | {backend or 'zxing'} | {w} | {'yes' if res.matches_truth else 'no'} | "
                        f"{r.requested} / {r.read} / "
                        f"{r.dropped} | {res.frames} | {time.perf_counter() - t0:.0f} |")
            print(rows[-1], flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    from play import recordings

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=3, help="synthetic stills (default 3)")
    ap.add_argument("--no-recordings", action="store_true")
    ap.add_argument("--recordings", nargs="*", default=None)
    ap.add_argument("--backend", choices=("zxing", "pyzbar"), default=None,
                    help="the recordings' decoder (default zxing; pyzbar: the APK's)")
    ap.add_argument("--widths", type=int, nargs="*", default=[1920, 1280], help="stream widths (px)")
    ap.add_argument("--no-stills", action="store_true", help="the recordings only")
    args = ap.parse_args(argv)
    cv2.setNumThreads(1)
    out = ["## Still photos on a tablet (benchmarks/android/bench_stills.py)", ""]
    if not args.no_stills:
        out += [f"Synthetic 4000x3000 stills, {args.seeds} x 12 tags at 1.6-3.5 px per module:", "",
                *bench_stills(range(args.seeds)), ""]
    if not args.no_recordings:
        names = recordings.names() if args.recordings is None else args.recordings
        out += ["Bundled recordings, their frames as stills:", "",
                *bench_recordings(names, tuple(args.widths), args.backend), ""]
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
