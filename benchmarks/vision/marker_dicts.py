"""Do two ArUco dictionaries read each other's markers? (issue 28, Pergamon's finds)

Pergamon's pipeline reads DICT_4X4_250 (its finds take ids 100-159, past the 100 of
DICT_4X4_100 that every other game's markers and the corner fiducials use; the first
100 markers of DICT_4X4_250 are DICT_4X4_100's). A find misread as another marker, or
another game's marker read as a find, would be a false component. Measured here with
``vision.decode.detect_aruco`` (the detector and small-marker rescue the pipeline
uses) on whole frames:

- stand scenes (benchmarks.vision.stand.make_scene, one frame each, large tags) of
  every game: each dictionary's reads against the ids printed in the scene (the
  renderer's items); a read id that is not printed is *false*. On the other games'
  tables an id >= 100 read with DICT_4X4_250 is one of their markers read as a find;
  on Pergamon's tables an id < 100 read with DICT_4X4_100 that is not printed is a
  find read as another marker.
- the shared QR photos (../shared/data/qr-photos or ``TC_SHARED``, real photographs nobody here made,
  with no marker in them): every read is false.

    nice -n 10 .venv/bin/python -m benchmarks.vision.marker_dicts [--scenes 6] [--split tuning]

Figures only, nothing asserted.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

DICTS = ("DICT_4X4_100", "DICT_4X4_250")
_REPO = Path(__file__).resolve().parents[2]


def photos_dir() -> Path | None:
    """The shared QR photos (``TC_SHARED``, else ../shared beside the repository), None
    when absent."""
    for base in [os.environ.get("TC_SHARED"), _REPO.parent / "shared", "/work/shared"]:
        if base and (Path(base) / "data" / "qr-photos").is_dir():
            return Path(base) / "data" / "qr-photos"
    return None


def _gray(img):
    import cv2

    return img if img.ndim == 2 else cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)


def read_ids(gray) -> dict[str, list[int]]:
    """Marker ids ``detect_aruco`` reads in ``gray`` with each of :data:`DICTS`."""
    from vision.decode import detect_aruco

    return {d: [int(s.text) for s in detect_aruco(gray, d)] for d in DICTS}


def scenes(split: str, n: int, log=sys.stderr) -> Counter:
    """Counts over ``n`` stand scenes per game: ``(game, dictionary, "read"|"false")``."""
    from benchmarks.vision import stand

    out: Counter = Counter()
    for game in stand.GAMES:
        for seed in stand.seeds(split, n):
            frames, _tags, items, _model, _info = stand.make_scene(game, seed, frames=1, tags="large")
            printed = {int(it.tag.marker_id) for it in items if it.tag is not None and it.tag.symbol == "aruco"}
            for d, ids in read_ids(_gray(frames[0])).items():
                false = [i for i in ids if i not in printed]
                out[(game, d, "read")] += len(ids) - len(false)
                out[(game, d, "false")] += len(false)
                if false:
                    print(f"  {game} seed {seed} {d}: false ids {false}", file=log)
            print(f"  {game} seed {seed}: {len(printed)} printed", file=log)
    return out


def photos(root: Path) -> tuple[int, Counter]:
    """(images, {dictionary: markers read}) over the QR photos (none has a marker)."""
    import cv2

    n, out = 0, Counter()
    for p in sorted(root.rglob("*")):
        if p.suffix.lower() not in (".png", ".jpg", ".jpeg", ".webp", ".bmp", ".gif"):
            continue
        img = cv2.imread(str(p), cv2.IMREAD_GRAYSCALE)
        if img is None:
            continue
        n += 1
        for d, ids in read_ids(img).items():
            out[d] += len(ids)
    return n, out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", type=int, default=6, help="stand scenes per game")
    ap.add_argument("--split", default="tuning", help="tuning, looked-at or held-out seeds")
    a = ap.parse_args(argv)
    from benchmarks.vision import stand

    c = scenes(a.split, a.scenes)
    print(f"Stand scenes, {a.split} seeds {stand.seeds(a.split, a.scenes)}, one frame each, large tags:")
    print("| game | dictionary | printed ids read | ids read that are not printed |")
    print("|---|---|---|---|")
    for game in stand.GAMES:
        for d in DICTS:
            print(f"| {game} | {d} | {c[(game, d, 'read')]} | {c[(game, d, 'false')]} |")
    root = photos_dir()
    if root is not None:
        n, got = photos(root)
        print(f"\nQR photos ({n} images, no marker in them): "
              + ", ".join(f"{d} {got[d]} read" for d in DICTS))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
