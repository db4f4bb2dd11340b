"""Measure what ``companion calibrate table`` judges against: the game pipeline's
recall per game and tag kind on the bundled recordings (play/recordings), beside
the px per module the check predicts for that kind on the same view.

For each recording: the view as ``calibrate table`` reads it (12 frames sampled
evenly from its video, the lens estimated from the corner fiducials) is checked
with its game (calibration.check.check_table), giving per tag kind the smallest
px per module predicted at the far edge of the zones where such pieces lie and
the smallest measured on the tags in view; then the game's pipeline (as
``companion demo`` builds it, vision.pipeline.pipeline_for) reads every frame of
the video, and each component the truth (truth.jsonl) shows in a still frame with
no hand is counted read when the pipeline's snapshot has it.

Writes calibration/recall.json (``--out``), which calibration.check reads: per game
id, per kind word, the view's figures. Usage::

    nice -n 10 .venv/bin/python -m benchmarks.check_recall [--only NAME] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORDINGS = ROOT / "play" / "recordings"
OUT = ROOT / "calibration" / "recall.json"


def measure(rec: Path) -> tuple[str, dict]:
    """(game id, {kind word: figures}) of one recording folder (see the module doc)."""
    from calibration.check import _game_tags, check_table, read_frames
    from calibration.lens import estimate_from_frame
    from companion import registry
    from vision.pipeline import pipeline_for
    from vision.sources import open_source

    meta = json.loads((rec / "meta.json").read_text())
    game = meta.get("game") or registry.default().id
    video = rec / meta["video"]
    gt = _game_tags(game)
    frames = read_frames(video)
    est = estimate_from_frame(frames[0], gt.layouts)
    camera = est.camera if est is not None and est.trusted else None
    res = check_table(frames, camera=camera, game=game)
    pred: dict[str, float] = {}
    for sc in res.surfaces:
        for k, by in sc.predicted.items():
            pred[k] = min(pred.get(k, 99.0), by[res.size])
    truth = [json.loads(x) for x in (rec / "truth.jsonl").open()]
    pipe = pipeline_for(str(video), game=game)
    read: dict[str, int] = {}
    seen: dict[str, int] = {}
    n = 0
    for fr in open_source(str(video)):
        if fr.index >= len(truth):
            break
        snap, _ = pipe.process(fr)
        tr = truth[fr.index]
        if not tr["still"] or tr["hand"]:
            continue
        n += 1
        mine = {s.component for s in snap.sightings}
        for c in tr["visible"]:
            if c.startswith("fid:") or c in tr.get("partial", ()):
                continue
            k = gt.kind_word(c)
            seen[k] = seen.get(k, 0) + 1
            read[k] = read.get(k, 0) + (c in mine)
    def down(x):  # cut, never rounded up: the check's own figure on this view is never below it
        return None if x is None else math.floor(x * 1000) / 1000

    kinds = {}
    for k in sorted(set(pred) | set(seen)):
        kinds[k] = {"recording": rec.name, "predicted_px": down(pred.get(k)),
                    "measured_px": down(min(res.measured[k])) if k in res.measured else None,
                    "read": read.get(k, 0), "sightings": seen.get(k, 0), "still_frames": n,
                    "size": res.size}
    return game, kinds


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", help="one recording folder name")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    out: dict = json.loads(args.out.read_text())["games"] if args.only and args.out.is_file() else {}
    for m in sorted(RECORDINGS.glob("*/meta.json")):
        if args.only and m.parent.name != args.only:
            continue
        game, kinds = measure(m.parent)
        print(m.parent.name, game)
        for k, f in kinds.items():
            print(f"  {k:22s} predicted {f['predicted_px']} px/module, measured {f['measured_px']}, "
                  f"read {f['read']}/{f['sightings']} in {f['still_frames']} still frames")
            best = out.setdefault(game, {}).get(k)
            # per game and kind, keep the view that reads its kind fully at the smallest prediction
            full = f["sightings"] and f["read"] == f["sightings"] and f["predicted_px"] is not None
            if best is None or (full and (best["predicted_px"] is None or best["read"] != best["sightings"]
                                          or f["predicted_px"] < best["predicted_px"])):
                out[game][k] = f
    doc = {"about": "Measured by benchmarks/check_recall.py (docs/calibration.md, 'How the check's limits were "
                    "measured'): per game and tag kind, the bundled recording whose view the check predicts "
                    "smallest while the pipeline reads every such tag.", "games": out}
    args.out.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")
    print("wrote", args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
