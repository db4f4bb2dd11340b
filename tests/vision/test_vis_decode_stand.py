"""ArUco markers in a re-read crop (issue 28, the stand setup): two dark wooden pieces
side by side (Penny Press's bonus markers on their track), their stickers' markers at
~3 px per cell and foreshortened by a tilted camera. ``detect_aruco`` also reads a
small image (a crop, not a frame) 2x upscaled: more of them read, none wrong."""

from __future__ import annotations

import cv2
import numpy as np

from calibration.tags import aruco_image
from vision import decode

IDS = {54, 55}


def two_pieces(seed: int, cell_px: float, cell_mm: float = 2.0, margin_mm: float = 1.0) -> np.ndarray:
    """Grey crop: two 18 mm dark pieces 0.5 mm apart, each with its marker sticker,
    at ``cell_px`` px per cell across and 70 % of that down (a tilted view), blurred
    and noisy."""
    rng = np.random.default_rng(seed)
    s = 10  # drawn at 10 px/mm, then shrunk
    piece = 18
    img = np.full((40 * s, 56 * s), 215, np.uint8)
    for k, marker_id in enumerate(sorted(IDS)):
        x0, y0 = int((10 + k * (piece + 0.5)) * s), 11 * s
        img[y0:y0 + piece * s, x0:x0 + piece * s] = 60
        m = np.pad(aruco_image(marker_id, int(6 * cell_mm * s)), int(margin_mm * s), constant_values=255)
        off = (piece * s - m.shape[0]) // 2
        img[y0 + off:y0 + off + m.shape[0], x0 + off:x0 + off + m.shape[1]] = m
    k = cell_px / cell_mm / s
    small = cv2.resize(img, None, fx=k, fy=0.7 * k, interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), 0.9)
    return np.clip(small + rng.normal(0, 3.0, small.shape), 0, 255).astype(np.uint8)


def read(crops) -> tuple[int, set[int]]:
    ids = [{int(s.text) for s in decode.detect_aruco(c)} for c in crops]
    return sum(len(i & IDS) for i in ids), set().union(*ids)


def test_a_crop_is_also_read_upscaled_and_reads_more_markers(monkeypatch):
    crops = [two_pieces(seed, 3.0) for seed in range(20)]
    assert max(crops[0].shape) <= decode.CROP_UPSCALE_MAX_PX
    with_up, ids = read(crops)
    monkeypatch.setattr(decode, "CROP_UPSCALE_MAX_PX", 0)
    without, ids_without = read(crops)
    assert with_up > without
    assert with_up >= 34          # of 40 (measured 36; 34 without the upscale)
    assert ids <= IDS and ids_without <= IDS   # no wrong id either way


def test_a_frame_is_not_upscaled(monkeypatch):
    calls = []
    real = cv2.resize
    monkeypatch.setattr(cv2, "resize", lambda *a, **k: calls.append(k.get("fx")) or real(*a, **k))
    frame = np.full((400, 640), 200, np.uint8)
    crop = two_pieces(1, 3.0)
    frame[100:100 + crop.shape[0], 200:200 + crop.shape[1]] = crop
    decode.detect_aruco(frame)
    assert decode.CROP_UPSCALE not in calls


def sheared_qr(seed: int, ppm: float = 2.7, shear: float = 0.6, squash: float = 0.7) -> np.ndarray:
    """Grey crop: a Scoop card's QR sticker at ``ppm`` px per module across, ``squash``
    of that down and sheared by ``shear`` (a far corner of a stand's view: tilted 20-35
    degrees through a lens with barrel distortion), blurred and noisy."""
    from calibration.tags import tag_image

    rng = np.random.default_rng(seed)
    comp = ("crime-reporter.1", "foreign-photo.2", "crime-call9.2", "foreign-call0.1")[seed % 4]   # cards: QR
    t = tag_image("scoop", comp, 8.0 / 1.3)   # 8 px per module (normal tags: 1.3 mm modules)
    img = cv2.copyMakeBorder(t, 60, 60, 60, 60, cv2.BORDER_CONSTANT, value=235)
    k = ppm / 8.0
    m = np.float32([[k, shear * k * squash, 10], [0, squash * k, 10]])
    h, w = img.shape
    out = cv2.warpAffine(img, m, (int(w * k * (1 + shear)) + 20, int(h * k) + 20), flags=cv2.INTER_AREA,
                         borderValue=235)
    out = cv2.GaussianBlur(out, (0, 0), 0.7)
    return np.clip(out + rng.normal(0, 2.0, out.shape), 0, 255).astype(np.uint8)


def test_sheared_finder_patterns_are_found_and_their_codes_read(monkeypatch):
    crops = [sheared_qr(seed) for seed in range(12)]

    def reads():
        dec = decode.Decoder()
        return sum(any(s.text.startswith("TC1:SC:") for s in dec.decode(c)) for c in crops)

    assert decode.FINDER_ASPECT >= 2.0
    now = reads()
    monkeypatch.setattr(decode, "FINDER_ASPECT", 1.67)   # the square-ish finders of before
    before = reads()
    assert now >= 11 and before <= 3, (now, before)   # measured 12 of 12 against 0


def figure_at_the_top_edge(cut_px: int, cell_px: int = 8) -> np.ndarray:
    """Grey 1280x720 frame: a dark figure's top with its marker sticker (id 20, 1 mm
    white margin) at the frame's top edge, the marker's black border cut by
    ``cut_px`` px (a 30 mm figure at a stand's far edge leans out of the picture)."""
    img = np.full((720, 1280), 190, np.uint8)
    m = aruco_image(20, 6 * cell_px)
    x0 = 600
    img[0:6 * cell_px + 40, x0 - 20:x0 + 6 * cell_px + 20] = 70      # the figure
    img[0:6 * cell_px - cut_px, x0:x0 + 6 * cell_px] = m[cut_px:]     # its marker, cut at the top
    return cv2.GaussianBlur(img, (0, 0), 0.7)


def test_a_marker_the_frame_cuts_by_a_pixel_is_read_on_white_padding():
    frame = figure_at_the_top_edge(1)
    plain = decode.detect_aruco(frame)
    padded = decode.detect_aruco(frame, frame_edges=(True, True, True, True))
    assert [s.text for s in plain] == []            # no outline to find (OpenCV keeps 3 px off the border)
    assert [s.text for s in padded] == ["20"]
    assert np.all(padded[0].corners_px[:, 1] > -decode.ARUCO_EDGE_PAD)   # frame px, not padded px
    assert abs(float(padded[0].corners_px[:, 0].min()) - 600) < 3
    # a whole-frame decode pads the frame's own edges: the figure is read
    got = decode.Decoder(aruco=True).decode(frame)
    assert "20" in {s.text for s in got if s.format == "ArUco"}


def test_a_region_inside_the_frame_is_not_padded():
    """A region whose edge is not the frame's (a changed region, a crop) is read as
    it is: a marker its edge cuts is not completed with white."""
    frame = figure_at_the_top_edge(0)
    res = decode.Decoder(aruco=True).decode_full(frame, region=(0, 0, 1280, 720))
    assert "20" in {s.text for s in res.symbols}
    inner = np.full((740, 1280), 190, np.uint8)
    inner[20:] = frame
    inner[0:30, 590:670] = 70          # the figure goes on above: the region cuts it
    res = decode.Decoder(aruco=True).decode_full(inner, region=(0, 21, 1280, 740))
    assert "20" not in {s.text for s in res.symbols}
