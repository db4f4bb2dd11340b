"""Part 2 (frames): hostile images, videos and frames through `companion scan` and the
pipeline, with the memory each took.

Files (each scanned by `companion scan --max-frames 5` in a fresh process; its peak
resident memory is the process's VmHWM, read as it exits): a 0-byte .png and .mp4, a text file
named .png and .mp4, a 1x1 PNG, 16-bit colour and grey PNGs, a 4-channel PNG, a
NaN-filled float TIFF, a 16384x16384 PNG (1-bit, 33 KB on disk, 805 MB decoded as BGR), a JPEG and a
PNG cut in half, videos (MJPG .avi, FFV1 .mkv) that end mid-frame; then ``n_mutants``
more: the good PNG, JPEG and video cut at a random byte or with random bytes
overwritten. A good PNG of the same table is the memory baseline.

Arrays (through vision.pipeline.Pipeline.process, and through a frame source as the
app reads them): empty, 1x1, 16-bit, 4-channel, NaN and inf float, bool, 2-channel,
5-D, non-arrays, and a 16384x16384 frame, with the memory the pipeline allocated for
each (tracemalloc: numpy's allocations).

Outcomes per input: read (frames scanned), refused (an error line naming the file and
why; exit status 1), skipped (a bad frame reported, the rest read), crash (a
traceback, a signal, any other exit status, an exception that is not the pipeline's
DecodeError).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[2]
REC = ROOT / "play" / "recordings" / "penny-press-3p" / "video.mkv"


def _base() -> np.ndarray:
    cap = cv2.VideoCapture(str(REC))
    ok, f = cap.read()
    cap.release()
    if not ok:
        raise RuntimeError(f"{REC}: unreadable")
    return cv2.resize(f, (1600, 900), interpolation=cv2.INTER_AREA)


def _video(path: Path, fourcc: str, frames: list[np.ndarray]) -> bytes:
    h, w = frames[0].shape[:2]
    vw = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*fourcc), 10.0, (w, h))
    for f in frames:
        vw.write(f)
    vw.release()
    data = path.read_bytes()
    path.unlink()
    return data


def make_files(d: Path, rng: random.Random, n_mutants: int = 0) -> list[tuple[str, Path]]:
    """The hostile files in ``d``: ``[(kind, path)]``; the first is the good baseline."""
    base = _base()
    out: list[tuple[str, Path]] = []

    def put(kind: str, name: str, data: bytes) -> None:
        p = d / name
        p.write_bytes(data)
        out.append((kind, p))

    png = cv2.imencode(".png", base)[1].tobytes()
    jpg = cv2.imencode(".jpg", base, [cv2.IMWRITE_JPEG_QUALITY, 92])[1].tobytes()
    put("good PNG (baseline)", "good.png", png)
    put("0-byte .png", "empty.png", b"")
    put("text file named .png", "notes.png", b"this is not a picture\n")
    put("1x1 PNG", "1x1.png", cv2.imencode(".png", np.zeros((1, 1, 3), np.uint8))[1].tobytes())
    put("16-bit PNG", "16bit.png", cv2.imencode(".png", base.astype(np.uint16) * 257)[1].tobytes())
    put("16-bit grey PNG", "16bit-grey.png",
        cv2.imencode(".png", cv2.cvtColor(base, cv2.COLOR_BGR2GRAY).astype(np.uint16) * 257)[1].tobytes())
    put("4-channel PNG", "bgra.png", cv2.imencode(".png", cv2.cvtColor(base, cv2.COLOR_BGR2BGRA))[1].tobytes())
    nan = np.full(base.shape, np.nan, np.float32)
    put("NaN float TIFF", "nan.tiff", cv2.imencode(".tiff", nan)[1].tobytes())
    from PIL import Image

    Image.new("1", (16384, 16384)).save(d / "huge.png")  # 1-bit on disk, 805 MB as BGR
    out.append(("16384x16384 PNG", d / "huge.png"))
    put("JPEG cut in half", "half.jpg", jpg[: len(jpg) // 2])
    put("PNG cut in half", "half.png", png[: len(png) // 2])
    frames = [np.roll(base, 8 * i, axis=1) for i in range(8)]
    avi = _video(d / "v.avi", "MJPG", frames)
    mkv = _video(d / "v.mkv", "FFV1", frames[:5])
    put("MJPG video ending mid-frame", "cut.avi", avi[: int(len(avi) * 0.6)])
    put("FFV1 video ending mid-frame", "cut.mkv", mkv[: int(len(mkv) * 0.6)])
    put("0-byte .mp4", "empty.mp4", b"")
    put("text file named .mp4", "notes.mp4", b"not a video\n")
    sources = {"PNG": (png, ".png"), "JPEG": (jpg, ".jpg"), "MJPG video": (avi, ".avi")}
    for i in range(n_mutants):
        what = rng.choice(sorted(sources))
        data, ext = sources[what]
        b = bytearray(data)
        if rng.random() < 0.5:
            b = b[: rng.randrange(1, len(b))]
            how = "cut at a random byte"
        else:
            for _ in range(rng.randint(1, 64)):
                b[rng.randrange(len(b))] = rng.randrange(256)
            how = "random bytes overwritten"
        put(f"{what} {how}", f"mutant{i:04d}{ext}", bytes(b))
    return out


_CHILD = """\
import atexit, sys
def _hwm():
    for line in open('/proc/self/status'):
        if line.startswith('VmHWM:'):
            sys.stderr.write('TC_VMHWM ' + line.split()[1] + '\\n')
atexit.register(_hwm)
from companion.cli import main
sys.exit(main(sys.argv[1:]))
"""


def scan_file(path: Path, timeout_s: float = 300.0) -> dict:
    """`companion scan` on one file in a fresh process: outcome, peak RSS (KB)."""
    import threading

    with tempfile.TemporaryFile("w+") as fo, tempfile.TemporaryFile("w+") as fe:
        proc = subprocess.Popen([sys.executable, "-c", _CHILD, "scan", "--max-frames", "5", str(path)],
                                stdout=fo, stderr=fe, cwd=str(ROOT),
                                env=dict(os.environ, PYTHONPATH=str(ROOT)))
        timer = threading.Timer(timeout_s, proc.kill)
        timer.start()
        rc = proc.wait()
        timer.cancel()
        fo.seek(0)
        fe.seek(0)
        out, err = fo.read(), fe.read()
    # the child's own peak memory: VmHWM of its process image (ru_maxrss would count
    # this parent's memory, inherited at fork)
    rss = 0
    for line in err.splitlines():
        if line.startswith("TC_VMHWM "):
            rss = int(line.split()[1])
    err = "\n".join(x for x in err.splitlines() if not x.startswith("TC_VMHWM "))
    lines = [json.loads(x) for x in out.splitlines() if x.startswith("{")]
    read = sum(1 for x in lines if "frame" in x and "error" not in x)
    skipped = sum(1 for x in lines if x.get("event") == "bad_frame")
    errors = [x["error"] for x in lines if "error" in x]
    if "Traceback" in err or rc not in (0, 1):
        tail = (err.strip().splitlines() or [f"exit status {rc}"])[-1]
        return {"outcome": "crash", "why": tail[:200], "rss_kb": rss}
    if rc == 0 and read:
        return {"outcome": "skipped" if skipped else "read", "frames": read, "rss_kb": rss}
    clear = bool(errors) and str(path) in errors[-1] and ": no frame could be read:" in errors[-1]
    return {"outcome": "refused" if clear else "unclear", "why": (errors or [err.strip()[-200:]])[-1],
            "rss_kb": rss}


def hostile_arrays() -> list[tuple[str, object]]:
    base = _base()
    return [
        ("empty 0x0x3", np.zeros((0, 0, 3), np.uint8)),
        ("1x1", np.zeros((1, 1, 3), np.uint8)),
        ("16-bit", base.astype(np.uint16) * 257),
        ("4-channel (BGRA)", cv2.cvtColor(base, cv2.COLOR_BGR2BGRA)),
        ("grey", cv2.cvtColor(base, cv2.COLOR_BGR2GRAY)),
        ("NaN-filled float32", np.full(base.shape, np.nan, np.float32)),
        ("inf float32", np.full(base.shape, np.inf, np.float32)),
        ("float64 0..1", base.astype(np.float64) / 255.0),
        ("bool", np.zeros(base.shape[:2], bool)),
        ("2-channel", np.zeros(base.shape[:2] + (2,), np.uint8)),
        ("5-D", np.zeros((2, 2, 2, 2, 2), np.uint8)),
        ("object array", np.array([[None, 1], [2, 3]], dtype=object)),
        ("a list", [[1, 2], [3, 4]]),
        ("None", None),
        ("16384x16384x3 uint8", "huge"),
    ]


def run_arrays() -> dict:
    from vision.decode import DecodeError
    from vision.pipeline import pipeline_for
    from vision.sources import ArraySource

    st = {"inputs": 0, "processed": 0, "refused": 0, "crash": 0, "source_skipped": 0,
          "rows": [], "failures": []}
    for name, arr in hostile_arrays():
        if isinstance(arr, str):
            arr = np.zeros((16384, 16384, 3), np.uint8)  # 805 MB: the input itself
        pipe = pipeline_for(None)
        tracemalloc.start()
        try:
            pipe.process(arr, 0.0)
            outcome = "processed"
        except DecodeError as exc:
            outcome, why = "refused", str(exc)
        except Exception as exc:  # noqa: BLE001
            outcome, why = "crash", f"{type(exc).__name__}: {exc}"
        _cur, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        st["inputs"] += 1
        st[outcome] += 1
        src = ArraySource([arr])
        got = list(src)
        skipped = src.bad_frames
        st["source_skipped"] += skipped
        row = {"input": name, "pipeline": outcome, "alloc_kb": peak // 1024,
               "source": "skipped, reported" if skipped else f"{len(got)} frame"}
        if outcome != "processed":
            row["why"] = why
        st["rows"].append(row)
        if outcome == "crash":
            st["failures"].append(f"array {name}: {why}")
        if skipped and not any(e.kind == "bad_frame" for e in src.events):
            st["failures"].append(f"array {name}: skipped without a report")
        del arr
    return st


def run(n_mutants: int = 60, seed: int = 17, only: tuple[str, ...] | None = None) -> dict:
    """only: scan just these file names (and the good baseline): the short form."""
    rng = random.Random(seed)
    t0 = time.perf_counter()
    st = {"failures": [], "files": 0, "by_outcome": {}, "rows": [], "mutants": n_mutants}
    with tempfile.TemporaryDirectory(prefix="tc-frames-") as tmp:
        files = make_files(Path(tmp), rng, n_mutants)
        if only:
            files = [f for i, f in enumerate(files) if i == 0 or f[1].name in only
                     or f[1].name.startswith("mutant")]
        for kind, path in files:
            r = scan_file(path)
            r.update(kind=kind, name=path.name)
            st["files"] += 1
            st["by_outcome"][r["outcome"]] = st["by_outcome"].get(r["outcome"], 0) + 1
            if not path.name.startswith("mutant"):
                st["rows"].append(r)
            if r["outcome"] in ("crash", "unclear"):
                st["failures"].append(f"{path.name} ({kind}): {r['outcome']}: {r.get('why', '')}")
            st.setdefault("mutant_rss", [])
            if path.name.startswith("mutant"):
                st["mutant_rss"].append(r["rss_kb"])
    base = st["rows"][0]["rss_kb"]
    hostile = [r["rss_kb"] for r in st["rows"][1:]] + st["mutant_rss"]
    st["baseline_rss_kb"] = base
    st["peak_rss_kb"] = max(hostile) if hostile else 0
    if base and st["peak_rss_kb"] > base + 256 * 1024:
        st["failures"].append(f"memory: a hostile file took {st['peak_rss_kb'] // 1024} MB, the good "
                              f"picture {base // 1024} MB")
    a = run_arrays()
    st["arrays"] = a
    st["failures"] += a["failures"]
    st["seconds"] = round(time.perf_counter() - t0, 1)
    return st


def render(r: dict) -> str:
    a = r["arrays"]
    by = ", ".join(f"{k} {v}" for k, v in sorted(r["by_outcome"].items()))
    rows = "\n".join(f"| {x['kind']} | {x['outcome']}"
                     + (f" ({x['frames']} frames)" if x.get("frames") else "")
                     + (f": {_short(x.get('why', ''))}" if x["outcome"] not in ("read", "skipped") else "")
                     + f" | {x['rss_kb'] // 1024} |" for x in r["rows"])
    arows = "\n".join(f"| {x['input']} | {x['pipeline']}"
                      + (f": {_short(x.get('why', ''))}" if x.get("why") else "")
                      + f" | {x['source']} | {x['alloc_kb']} |" for x in a["rows"])
    crashes = r["by_outcome"].get("crash", 0) + a["crash"]
    return f"""\
| figure | value |
|---|---|
| hostile files through `companion scan` | **{r['files'] - 1}** ({len(r['rows']) - 1} named kinds + {r['mutants']} mutants of a good PNG, JPEG and video) and the good PNG: {by} |
| hostile arrays through the pipeline and a frame source | **{a['inputs']}**: {a['processed']} processed, {a['refused']} refused with a DecodeError naming why, {a['source_skipped']} skipped and reported by the source |
| crashes | **{crashes}** |
| peak memory of a scan: the good 1600x900 PNG / the worst hostile file | {r['baseline_rss_kb'] // 1024} MB / **{r['peak_rss_kb'] // 1024} MB** |

| file | `companion scan` | peak MB |
|---|---|---|
{rows}

| array | Pipeline.process | frame source | allocated KB |
|---|---|---|---|
{arows}

Conditions: each file scanned in a fresh process (`companion scan --max-frames 5`,
peak resident memory: its VmHWM, Python and OpenCV included); the pictures are
the first frame of play/recordings/penny-press-3p at 1600x900. Pictures over 8192x8192 px
are refused from their header before decoding (vision.sources.MAX_FRAME_PIXELS); a
JPEG cut short is read as libjpeg decodes it (grey below the cut). Array memory:
tracemalloc's peak while the pipeline took the frame (the 805 MB input itself not
counted).
"""


def _short(text: str) -> str:
    text = str(text).replace("|", "/")
    text = text.split(": no frame could be read: ", 1)[-1]
    return text[:90]
