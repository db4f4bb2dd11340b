#!/usr/bin/env python3
"""Remake the bundled demo recordings (issues 6 and 16) in play/recordings/.

    .venv/bin/python -m tools.make_demo_recordings                  # every recording
    .venv/bin/python -m tools.make_demo_recordings --only NAME      # one of them
    .venv/bin/python -m tools.make_demo_recordings --out DIR        # elsewhere

The recordings are the ones each registered game names (``GameSpec.recordings``,
companion.registry), and any further recipe its renderer module has; each game's
module (tools/render/games/<folder>.py, found by tools.render.games) says how each
is made (a ``Recipe``: players, seed, filming parameters) and films it. A recording
is a complete game played by the engine's seeded ``random_game`` and filmed by the
scene renderer (docs/renderer.md). Same code, same seeds: same files.

After rendering, every still frame is decoded (zxing-cpp for QR, OpenCV ArUco) and
the figures are printed; the ground-truth journal is replayed through the engine
and its final scores compared with the ones written.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a file: python tools/make_demo_recordings.py
    sys.path.insert(0, str(ROOT))


def verify(out: Path, spec) -> dict:
    """Decode the still frames of a recording written in ``out``; replay its journal
    through the rules of ``spec`` (a GameSpec). Returns {"decoded", "visible",
    "replay_matches"}. Raises SystemExit when the video ends before its truth."""
    import cv2
    import zxingcpp

    rules = spec.rules_module()
    meta = json.loads((out / "meta.json").read_text())
    truth = [json.loads(line) for line in (out / "truth.jsonl").open()]
    cap = cv2.VideoCapture(str(out / meta["video"]))
    params = cv2.aruco.DetectorParameters()
    params.minMarkerPerimeterRate = 0.005
    from calibration.game_tags import aruco_dictionary_name

    det = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, aruco_dictionary_name(spec.id))), params)
    seen = total = 0
    for line in truth:
        ok, img = cap.read()
        if not ok:
            raise SystemExit(f"{out}: video ends at frame {line['frame']}")
        if not line["still"]:
            continue
        qr = {b.text for b in zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode)}
        _, ids, _ = det.detectMarkers(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY))
        total += len(line["visible"])
        seen += min(len(line["visible"]), len(qr) + (0 if ids is None else len(ids)))
    journal = json.loads((out / "journal.json").read_text())
    game = rules.new_game_from_dict(journal["setup"])
    for a in journal["actions"]:
        game = rules.apply(game, rules.action_from_dict(a))
    replay_ok = list(game.final.scores) == journal["final_scores"]
    return {"decoded": seen, "visible": total, "replay_matches": replay_ok}


def main(argv=None) -> int:
    from tools.render import games

    names = {name: spec for spec, name in games.recordings()}
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(ROOT / "play" / "recordings"),
                    help="folder for the recordings (one subfolder each; default play/recordings)")
    ap.add_argument("--only", choices=list(names), help="make this recording alone")
    args = ap.parse_args(argv)

    from tqdm import tqdm

    from tools.render.recording import reencode_vp9

    for name, spec in names.items():
        if args.only and name != args.only:
            continue
        recipe = games.recipe(spec, name)
        out = Path(args.out) / name
        for old in out.glob("*"):
            if old.is_file():
                old.unlink()
        setup, actions = spec.rules_module().random_game(recipe.seed, recipe.players, **recipe.game_kw)
        t0 = time.time()
        bar = tqdm(desc=name, unit="frame")

        def progress(done, total, bar=bar):
            bar.total = total
            bar.update(done - bar.n)

        meta = games.module_for(spec).render_recording(setup, actions, out, recipe.params, progress=progress)
        bar.close()
        if recipe.crf is not None:
            reencode_vp9(out / meta["video"], recipe.crf)
        size = sum(f.stat().st_size for f in out.iterdir() if f.is_file())
        check = verify(out, spec)
        print(f"{name}: {recipe.players} players, seed {recipe.seed}, {len(actions)} actions, "
              f"{meta['frames']} frames {meta['size_px'][0]}x{meta['size_px'][1]}, "
              f"min {meta['min_px_per_module']} px/module, {size / 1e6:.2f} MB, "
              f"{time.time() - t0:.0f} s; still frames decoded {check['decoded']}/"
              f"{check['visible']} visible tags; journal replay matches: "
              f"{check['replay_matches']}")
        if not check["replay_matches"]:
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
