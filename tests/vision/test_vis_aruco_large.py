"""ArUco markers of more than 13 px per cell (a Pergamon find's 5.5 mm cells at a
stand's near side): a quad the frame's detector rejected is read again from a crop
thresholded with OpenCV's wider window (vision.decode._rescue_large); outlines that
are not darker inside (a card, a tile, a zone) are not tried."""

from __future__ import annotations

import cv2
import numpy as np

import vision.decode as decode


def _frame(mid: int, cell: int) -> tuple[np.ndarray, np.ndarray]:
    """A 600 x 800 grey table with one DICT_4X4_250 marker on a white sticker, and a
    white card with a dark outline beside it; the marker's corners."""
    d = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_250)
    img = np.full((600, 800), 150, np.uint8)
    img[80:80 + 8 * cell, 80:80 + 8 * cell] = 220
    m = cv2.aruco.generateImageMarker(d, mid, 6 * cell)
    img[80 + cell:80 + 7 * cell, 80 + cell:80 + 7 * cell] = np.where(m > 0, 220, 35)
    cv2.rectangle(img, (450, 100), (600, 300), 40, 3)
    img[103:298, 453:598] = 225
    img = cv2.GaussianBlur(img, (0, 0), 1.0)
    x0 = 80 + cell
    quad = np.float32([[x0, x0], [x0 + 6 * cell, x0], [x0 + 6 * cell, x0 + 6 * cell], [x0, x0 + 6 * cell]])
    return img, quad


def test_a_rejected_large_quad_is_read_from_a_wide_window_crop():
    img, quad = _frame(147, 18)
    card = np.float32([[450, 100], [600, 100], [600, 300], [450, 300]])
    got = decode._rescue_large(img, "DICT_4X4_250", [quad.reshape(1, 4, 2), card.reshape(1, 4, 2)], [], [])
    assert [i for i, _ in got] == [147]
    assert np.abs(got[0][1] - quad).max() < 3


def test_a_quad_read_already_a_qr_code_or_an_outline_is_not_tried(monkeypatch):
    img, quad = _frame(158, 18)
    card = np.float32([[450, 100], [600, 100], [600, 300], [450, 300]])
    calls = []
    real = decode._aruco_detector
    monkeypatch.setattr(decode, "_aruco_detector",
                        lambda *a, **k: calls.append(k.get("wide")) or real(*a, **k))
    assert decode._rescue_large(img, "DICT_4X4_250", [quad.reshape(1, 4, 2)], [quad], []) == []
    assert decode._rescue_large(img, "DICT_4X4_250", [quad.reshape(1, 4, 2)], [], [quad]) == []
    assert decode._rescue_large(img, "DICT_4X4_250", [card.reshape(1, 4, 2)], [], []) == []
    assert calls == []
    assert not decode._dark_inside(img[80:330, 420:630], card - np.float32([420, 80]))
    assert decode._dark_inside(img[50:260, 50:260], quad - np.float32([50, 50]))


def test_the_frames_detector_keeps_its_narrow_windows():
    # the wide window is for the large-quad crops only: the frame's detector stays fast
    assert decode._aruco_detector("DICT_4X4_250", (2160, 3840)).getDetectorParameters().adaptiveThreshWinSizeMax == 13
    assert decode._aruco_detector("DICT_4X4_250", (200, 200), wide=True).getDetectorParameters() \
        .adaptiveThreshWinSizeMax == 23
