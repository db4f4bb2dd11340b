"""The benchmark scene generator: deterministic, truthful, within the asked sizes."""

import importlib.util
from pathlib import Path

import numpy as np
import pytest
import zxingcpp

_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "vision" / "render_scenes.py"
_spec = importlib.util.spec_from_file_location("render_scenes", _PATH)
render_scenes = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(render_scenes)


def test_scenes_are_deterministic_and_decode_to_their_truth():
    a = list(render_scenes.bench_scenes("1080p", 20, hand=False, glare=False, seed=4, n_frames=1))
    b = list(render_scenes.bench_scenes("1080p", 20, hand=False, glare=False, seed=4, n_frames=1))
    (img, truth), (img2, _) = a[0], b[0]
    assert img.shape == (1080, 1920, 3) and np.array_equal(img, img2)
    assert len(truth["tags"]) == 20
    keys = {t["key"] for t in truth["tags"]}
    found = {r.text for r in zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode)}
    assert found <= keys                                  # no false payloads
    readable = [t for t in truth["tags"] if t["visible"] >= 0.98 and t["px_per_module"] >= 3.0]
    assert readable and sum(t["key"] in found for t in readable) >= 0.9 * len(readable)


def test_hand_and_glare_show_in_the_truth():
    img, truth = next(render_scenes.bench_scenes("1080p", 60, hand=True, glare=True, seed=2,
                                                 n_frames=1))
    assert len(truth["tags"]) == 60 and truth["hand"] and truth["glare"]
    assert any(t["visible"] < 0.98 for t in truth["tags"])      # the hand covers something
    with pytest.raises(ValueError, match="resolution"):
        next(render_scenes.bench_scenes("720p"))
