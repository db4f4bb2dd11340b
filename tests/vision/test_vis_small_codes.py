"""Small QR codes (issue 10, decoder targets): the rescue ladder's strong
pre-sharpening ("deblur"), finder grouping by the QR corner shape, and ZBar as a
second reader. Every case is
built here with tools.render.synth; each asserts first that the old path misses it."""

from __future__ import annotations

import functools
from pathlib import Path

import cv2
import numpy as np

from tools.render import synth
from vision.decode import Decoder, Finder, find_finders, group_finders, to_gray

TEXTS = synth.payloads(40)


@functools.lru_cache(maxsize=8)
def small_blurred_tag(k: int, mpx: float = 2.1, blur: float = 1.25):
    """One code at ``mpx`` px per module, defocus ``blur`` px, noise 2, grey 160x160."""
    w = 160
    img = synth.table_background(w, w, k)
    synth.place_tag(img, TEXTS[k], (w / 2, w / 2), mpx, (k * 37) % 360)
    img = cv2.GaussianBlur(img, (0, 0), blur)
    img = np.clip(img + np.random.default_rng(k).normal(0, 2.0, img.shape), 0, 255).astype(np.uint8)
    return to_gray(img), TEXTS[k]


def test_defocused_codes_at_2_px_per_module_are_read_by_the_deblur_prep():
    dec = Decoder(aruco=False)
    reread = 0
    for k in (0, 1, 3, 4, 5):
        gray, text = small_blurred_tag(k)
        box = (0, 0, gray.shape[1], gray.shape[0])
        old = {s.text for p in ("sharpen_up2", "sharpen_up3") for s in dec.decode_region(gray, box, p)}
        assert text not in old  # the old ladder misses it
        assert text in {s.text for s in dec.decode(gray)}, k
        reread += [s.text for s in dec.read_crop(gray, 2.1)] == [text]
    assert reread >= 4  # the pipeline's still re-read (the ladder's first two preps)


def test_finders_of_two_neighbouring_codes_are_grouped_by_corner_shape():
    """Two version-2 codes side by side at 2 px per module (finder side 14 px, 36 px
    between a code's finders): the greedy grouping joined the first code's two upper
    finders with the second code's top-left one."""
    a = [Finder(100, 100, 14), Finder(136, 100, 14), Finder(100, 136, 14)]
    b = [Finder(160, 104, 14), Finder(196, 104, 14), Finder(160, 140, 14)]
    groups = group_finders(a + b)
    key = lambda g: sorted((f.x, f.y) for f in g)  # noqa: E731
    assert sorted(map(key, groups)) == sorted([key(a), key(b)])


def test_zbar_reads_a_perspective_code_the_zxing_ladder_misses():
    """A crop of a rendered 4K scene (benchmarks/vision/render_scenes.py, 4k, 120
    tags, seed 105, frame 5; 400x260 px at the frame's bottom edge): zxing-cpp
    finds the symbol but fits no grid ("invalid symbol size") with any preparation;
    ZBar, the second reader on finder groups, reads it."""
    gray = cv2.imread(str(Path(__file__).parents[1] / "data" / "vision" / "qr-perspective-frame-edge.png"),
                      cv2.IMREAD_GRAYSCALE)
    assert "TC1:PP:P:PENNY1" not in {s.text for s in Decoder(aruco=False, second=False).decode(gray)}
    got = [s for s in Decoder(aruco=False).decode(gray) if s.text == "TC1:PP:P:PENNY1"]
    assert got and got[0].backend == "pyzbar"


def test_rescue_region_holds_the_fourth_corner_of_a_turned_code_under_perspective():
    """A crop of a dev scene (benchmarks/vision/render_scenes.py, 4k, 120 tags, seed
    7102, frame 7; 240x220 px): a code at 3 px per module turned ~45 degrees and
    foreshortened. The whole-frame pass misses it; the rescue region built as a square
    around the two diagonal finders cut off its fourth (finder-less) corner, and no
    preparation read it. The region now also spans the parallelogram of the three
    finders and its fourth corner."""
    from vision.decode import group_region

    gray = cv2.imread(str(Path(__file__).parents[1] / "data" / "vision" / "qr-rotated-45-region-corner.png"),
                      cv2.IMREAD_GRAYSCALE)
    text = "TC1:PP:S:POLITICS-B1"
    assert text not in {s.text for s in Decoder(aruco=False, rescue=False).decode(gray)}
    got = [s for s in Decoder(aruco=False).decode(gray) if s.text == text]
    assert got and got[0].pass_ == "rescue"
    # every corner of the decoded symbol lies inside the region of its finder triple
    fs = [Finder(120, 97, 20.2), Finder(155, 118, 20.7), Finder(120, 147, 20.7)]
    x0, y0, x1, y1 = group_region(fs, gray.shape)
    for x, y in got[0].corners_px:
        assert x0 + 3 <= x <= x1 - 3 and y0 + 3 <= y <= y1 - 3, (x, y, (x0, y0, x1, y1))


def test_a_finder_cut_by_the_frame_edge_is_drawn_back_from_the_other_two():
    """A crop of a dev scene (render_scenes.py, 1080p, 120 tags, seed 7101, frame 26;
    180x230 px at the frame's bottom edge): a code at 3.4 px per module, turned ~40
    degrees, whose bottom corner lies 4 px beyond the frame. That finder's outer
    ring is cut through, so no reader finds three finders; the rescue draws the third
    finder where the two seen ones put it and reads the code."""
    gray = cv2.imread(str(Path(__file__).parents[1] / "data" / "vision" / "qr-finder-cut-by-frame-edge.png"),
                      cv2.IMREAD_GRAYSCALE)
    text = "TC1:PP:H:H31"
    # two of its finders are found (at (61, 187) and (91, 150)); the third, near (97, 213), is not
    fs = find_finders(gray)
    assert sum(abs(f.x - 61) + abs(f.y - 187) < 6 or abs(f.x - 91) + abs(f.y - 150) < 6 for f in fs) == 2
    assert not [f for f in fs if abs(f.x - 97) < 12 and f.y > 200]
    dec = Decoder(aruco=False)
    before = dec._third_finder_read
    dec._third_finder_read = lambda *a: []
    assert text not in {s.text for s in dec.decode(gray)}
    dec._third_finder_read = before
    got = [s for s in dec.decode(gray) if s.text == text]
    assert got and got[0].pass_ == "rescue"
    assert got[0].corners_px[:, 1].max() > gray.shape[0] - 6   # the symbol reaches the edge


def test_a_code_beside_pieces_markers_is_read_and_the_markers_are_not_finders(monkeypatch):
    """A crop of a dev table scene (benchmarks/vision/table.py, 4K reference setup,
    seed 25; 264x264 px): story CITY-A2 at 3.0 px per module, one finder under a
    hand, beside two reporters' ArUco markers. A marker on a piece nests like a
    finder (dark wood, light sticker edge, the marker's black border): taken for
    finders and grouped with the code's two, the code was never tried alone and the
    reporters on it lost their story. A finder's core is solid (a marker's holds
    white cells), and one symbol's finders are of one size."""
    import vision.decode as vd

    gray = cv2.imread(str(Path(__file__).parents[1] / "data" / "vision" / "qr-finder-under-hand-beside-aruco.png"),
                      cv2.IMREAD_GRAYSCALE)
    text = "TC1:PP:S:CITY-A2"
    markers = [s for s in Decoder().decode(gray) if s.format == "ArUco"]
    assert len(markers) >= 2
    assert text in {s.text for s in Decoder().decode(gray)}

    def on_marker(fs):
        return [f for f in fs if any(vd._inside((f.x, f.y), m.corners_px, 0.0) for m in markers)]

    assert not on_marker(find_finders(gray))
    monkeypatch.setattr(vd, "_solid_core", lambda *a: True)
    assert len(on_marker(find_finders(gray))) >= 2     # the markers' nested squares
    monkeypatch.setattr(vd, "NEAR_SIDE_RATIO", 2.0)   # and the old size tolerance
    assert text not in {s.text for s in Decoder().decode(gray)}
