"""zxing-cpp against ZBar (pyzbar) as the decoder: why Android may fall back to ZBar.

    .venv/bin/python -m benchmarks.android.bench_backends                 # photos + all recordings
    .venv/bin/python -m benchmarks.android.bench_backends --recordings penny-press-3p

python-for-android has no zxing-cpp recipe; the APK decodes with ZBar instead
(docs/android.md). Two measures, both backends in the same run:

1. The real photographs (../shared/data/qr-photos, or TC_SHARED): payloads read
   exactly, through the product's Decoder (its rescue ladder and preps), and ms per photo.
2. The bundled recordings (play/recordings) played through ``companion demo``'s loop
   (play.demo.run_demo) with a pipeline on each backend: do the final scores match the
   recording's truth, and the seconds taken.

Figures are printed (markdown); never asserted in tests.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import cv2

BACKENDS = ("zxing", "pyzbar")


def shared_photos() -> Path:
    here = Path(__file__).resolve().parents[2]
    for base in [os.environ.get("TC_SHARED"), here.parent / "shared", "/work/shared"]:
        if base and (Path(base) / "data" / "qr-photos").is_dir():
            return Path(base) / "data" / "qr-photos"
    raise SystemExit("no shared/data/qr-photos beside the repository (set TC_SHARED)")


def photos(folder: Path) -> list[tuple[Path, str]]:
    """(image, exact payload) for every image with a NAME.txt beside it."""
    out = []
    for txt in sorted(folder.rglob("*.txt")):
        for ext in (".png", ".jpg", ".jpeg", ".webp", ".bmp", ".gif"):
            img = txt.with_suffix(ext)
            if img.is_file():
                out.append((img, txt.read_text(encoding="utf-8").strip("\n")))
                break
    return out


def bench_photos(folder: Path) -> list[str]:
    from vision.decode import Decoder

    items = photos(folder)
    rows = ["| backend | photos read exactly | ms per photo (mean) |", "|---|---|---|"]
    for backend in BACKENDS:
        dec = Decoder(backend, aruco=False)
        ok, spent = 0, 0.0
        for path, want in items:
            img = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if img is None:  # a format OpenCV cannot read (GIF): Pillow
                import numpy as np
                from PIL import Image

                img = cv2.cvtColor(np.asarray(Image.open(path).convert("RGB")), cv2.COLOR_RGB2BGR)
            t0 = time.perf_counter()
            got = dec.decode(img)
            spent += time.perf_counter() - t0
            ok += any(s.text == want for s in got)
        rows.append(f"| {backend} | {ok}/{len(items)} | {1000 * spent / max(1, len(items)):.0f} |")
    return rows


def bench_recordings(names: list[str]) -> list[str]:
    from play import recordings
    from play.demo import load_recording, run_demo
    from vision.pipeline import PipelineConfig, pipeline_for

    rows = ["| recording | backend | scores | truth | match | frames | s |", "|---|---|---|---|---|---|---|"]
    for name in names:
        rec = load_recording(recordings.recording_dir(name))
        for backend in BACKENDS:
            reader = pipeline_for(rec.source, game=rec.game, config=PipelineConfig(backend=backend))
            with tempfile.TemporaryDirectory() as out:
                t0 = time.perf_counter()
                try:
                    res = run_demo(rec, Path(out), progress=False, echo=lambda *_a: None, warn=lambda *_a: None,
                                   reader=reader, queue=Path(out) / "q")
                except Exception as exc:  # noqa: BLE001 (a figure: the failure is the result)
                    rows.append(f"| {name} | {backend} | {type(exc).__name__}: {exc} | | no | | |")
                    continue
                took = time.perf_counter() - t0
            want = list(rec.truth.get("final_scores") or rec.truth.get("scores") or []) if rec.truth else []
            got = _scores(res.state)
            rows.append(f"| {name} | {backend} | {got} | {want} | {'yes' if res.matches_truth else 'no'} | "
                        f"{res.frames} | {took:.0f} |")
            print(rows[-1], flush=True)
    return rows


def _scores(state) -> list:
    if state is None:
        return []
    from companion.journal import total_scores

    try:
        return list(total_scores(state))
    except Exception:  # noqa: BLE001
        return []


def main(argv: list[str] | None = None) -> int:
    from play import recordings

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--recordings", nargs="*", default=None, help="bundled recordings (default: all)")
    ap.add_argument("--no-photos", action="store_true")
    args = ap.parse_args(argv)
    cv2.setNumThreads(1)
    out = ["## Decoder backends: zxing-cpp vs ZBar (benchmarks/android/bench_backends.py)", ""]
    if not args.no_photos:
        out += ["Real photographs (shared/data/qr-photos), the product's Decoder:", "", *bench_photos(shared_photos()), ""]
    names = recordings.names() if args.recordings is None else args.recordings
    if names:
        out += ["Bundled recordings through the demo's loop:", "", *bench_recordings(names), ""]
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
