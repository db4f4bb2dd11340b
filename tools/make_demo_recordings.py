#!/usr/bin/env python3
"""Regenerate the bundled demo recordings (issues 6 and 16) in ui/demo_data/.

    .venv/bin/python tools/make_demo_recordings.py            # both recordings
    .venv/bin/python tools/make_demo_recordings.py --only penny-press-3p

Each recording is a complete Penny Press game played by the engine's seeded
``random_game`` policy and filmed by tools.render.recording: VP9 video in Matroska
(``video.mkv``; about 20% smaller than mp4v on these frames), 2 frames per second,
per table change one frame with the hand over the change just made, then two still
frames. The resolution is the smallest that keeps
every tag at >= 3 px per module with the large tag size (the table of a board and
3-4 mats is about 1.0-1.3 m wide). Same code, same seeds: same files.

After rendering, every still frame is decoded (zxing-cpp for QR, OpenCV ArUco) and
the figures are printed; the ground-truth journal is replayed through the engine
and its final scores compared with the ones written.

``scoop-4p`` is a whole 4-player Scoop game played to finish (policy ``quick``) and
filmed by tools.render.games.scoop; its ``recording.json`` holds the setup the players
entered (hands hidden) and their entries (the dial, choices, exchanges).

``turin-market-4p`` is a whole 4-player Turin Market game (seed chosen for ties,
coin flips, sales, a purchase, a withdrawal, a loan and forced loans) filmed by
tools.render.games.turin_market with the normal tag sizes; its ``recording.json`` also
holds the players' entries in the app (bids, reveals, flips, passes, loans, the
prices of cards for sale) that ``companion demo`` feeds in.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: name -> (players, seed, resolution). Seeds chosen for complete, short games with
#: no decline (a final-edition decline leaves no trace on the table to film) and no
#: story crowded beyond the reporters that fit on it side by side (A: 4).
RECORDINGS = {
    "penny-press-3p": (3, 7, (3200, 1800)),
    "penny-press-4p": (4, 131, (3328, 1872)),
    "turin-market-4p": (4, 26, (3200, 1800)),
    # issue 10: the 3-player game again under harder conditions: pieces with height
    # (sides, shadows), a strong barrel lens (its camera.json is bundled), Bayer
    # sensor noise and in-camera sharpening, JPEG, a larger glare spot, the hand
    "penny-press-3p-hard": (3, 7, (3200, 1800)),
    "pergamon-3p": (3, 2, (3840, 2160)),
    "scoop-4p": (4, 9, (2560, 1440)),
}
#: recordings re-encoded at constant quality after rendering: name -> VP9 CRF
#: (tools.render.recording.reencode_vp9, needs PyAV). OpenCV's VP9 writer has no
#: quality setting: with Bayer noise and JPEG it keeps about 340 KB a frame (about
#: 50 MB for a game); at CRF 36 the hard recording is a few MB and every still
#: frame still reads as before (the demo rebuilds the game exactly). Pergamon's 4K
#: frames (small round-marker tags, 2.5 px per module) kept 10.4 MB; at CRF 32 they
#: are 1.8 MB and the demo still reads all 143 actions.
CRF = {"penny-press-3p-hard": 36, "pergamon-3p": 32}
#: recordings of games other than Penny Press: name -> game id
GAMES = {"turin-market-4p": "turin-market", "pergamon-3p": "pergamon", "scoop-4p": "scoop"}
#: keyword arguments of a game's random_game per recording. Scoop: players who play to
#: finish (random Scoop games run ~900 plays); seed 9 has refusals with cards bought
#: (Kill It, X libel, !!!), reserves, reserve claims and SCOOP captures, a Synd with 4
#: players, a three-star story taken and Press on the dial
GAME_KW = {"scoop-4p": {"policy": "quick"}}
#: recordings filmed differently from params_for: name -> RecordingParams fields.
#: Pergamon: the round markers' tags are small (2.9 px per module at 4K), so no glare
#: spot and a camera closer to straight down; no hands (one still table per action),
#: 1 frame per second: each table is filmed twice, 1 s apart, so it stays still for
#: longer than the tracker's settle time (vision.track, 0.8 s); at 2 fps two frames
#: were only 0.5 s of stillness and the demo read no action after the setup.
PARAMS = {"pergamon-3p": {"tilt_deg": 10.0, "height_mm": 1100.0, "applied_frames": 0, "fps": 1.0,
                          "effects": {"light_gradient": 0.15, "vignette": 0.1, "glare_spots": 0,
                                      "defocus_sigma": 0.4}}}


def params_for(resolution, seed, tags="large", name=""):
    from tools.render.effects import Effects
    from tools.render.recording import RecordingParams

    if name.endswith("-hard"):
        return RecordingParams(
            resolution=resolution, tags="large", tilt_deg=12.0, height_mm=1000.0, fps=2.0,
            reach_frames=0, applied_frames=1, still_frames=2, setup_frames=3,
            effects=Effects(light_gradient=0.3, vignette=0.25, glare_spots=1,
                            glare_radius_px=45.0, defocus_sigma=0.7, noise_sigma=0.8,
                            jpeg_quality=85, bayer=True, sharpen=0.8),
            fmt="vp9", seed=seed, piece_heights=True, k1=-0.15, k2=0.01)
    return RecordingParams(
        resolution=resolution, tags=tags, tilt_deg=20.0, height_mm=900.0, fps=2.0,
        reach_frames=0, applied_frames=1, still_frames=2, setup_frames=3,
        effects=Effects(light_gradient=0.2, vignette=0.15, glare_spots=1,
                        glare_radius_px=30.0, defocus_sigma=0.5, noise_sigma=0.0,
                        jpeg_quality=None),
        fmt="vp9", seed=seed)


def verify(out: Path) -> dict:
    """Decode the still frames of a written recording; replay its journal."""
    import cv2
    import zxingcpp

    from companion import registry

    meta = json.loads((out / "meta.json").read_text())
    rules = registry.rules_module(meta.get("game", "penny-press"))
    action_from_dict, apply, new_game_from_dict = rules.action_from_dict, rules.apply, rules.new_game_from_dict
    truth = [json.loads(line) for line in (out / "truth.jsonl").open()]
    cap = cv2.VideoCapture(str(out / meta["video"]))
    params = cv2.aruco.DetectorParameters()
    params.minMarkerPerimeterRate = 0.005
    det = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_100),
                                  params)
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
    game = new_game_from_dict(journal["setup"])
    for a in journal["actions"]:
        game = apply(game, action_from_dict(a))
    replay_ok = list(game.final.scores) == journal["final_scores"]
    return {"decoded": seen, "visible": total, "replay_matches": replay_ok}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(ROOT / "ui" / "demo_data"))
    ap.add_argument("--only", choices=sorted(RECORDINGS))
    args = ap.parse_args(argv)

    from tqdm import tqdm

    from companion import registry
    from dataclasses import replace

    from tools.render import recording
    from tools.render.games import pergamon, scoop, turin_market

    for name, (players, seed, res) in RECORDINGS.items():
        if args.only and name != args.only:
            continue
        out = Path(args.out) / name
        for old in out.glob("*"):
            if old.is_file():
                old.unlink()
        game = GAMES.get(name, "penny-press")
        setup, actions = registry.rules_module(game).random_game(seed, players, **GAME_KW.get(name, {}))
        render_recording = {"turin-market": turin_market.render_recording, "scoop": scoop.render_recording,
                            "pergamon": pergamon.render_recording}.get(game, recording.render_recording)
        t0 = time.time()
        bar = tqdm(desc=name, unit="frame")

        def progress(done, total, bar=bar):
            bar.total = total
            bar.update(done - bar.n)

        params = params_for(res, seed, "normal" if game == "turin-market" else "large", name)
        extra = dict(PARAMS.get(name, {}))
        if "effects" in extra:
            extra["effects"] = replace(params.effects, **extra["effects"])
        params = replace(params, **extra)
        meta = render_recording(setup, actions, out, params, progress=progress)
        bar.close()
        if name in CRF:
            from tools.render.recording import reencode_vp9

            reencode_vp9(out / meta["video"], CRF[name])
        size = sum(f.stat().st_size for f in out.iterdir() if f.is_file())
        check = verify(out)
        print(f"{name}: {players} players, seed {seed}, {len(actions)} actions, "
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
