"""Tag images (calibration.tags): QR via segno, ArUco via cv2.aruco, printed sizes."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
import zxingcpp

from calibration.game_tags import tag_spec
from calibration.layouts import load_layout
from calibration.tags import aruco_dictionary, aruco_image, qr_image, surface_image, tag_image
from companion.games.penny_press.tags import catalog_ids, encode_payload, kind_of, parse_payload


def _detector():
    return cv2.aruco.ArucoDetector(aruco_dictionary(), cv2.aruco.DetectorParameters())


def test_qr_image_is_version_1_and_decodes():
    img = qr_image("TC1:PP:S:POLITICS-D3", module_px=3, quiet_zone=4)
    assert img.dtype == np.uint8 and img.shape == ((21 + 8) * 3, (21 + 8) * 3)
    assert set(np.unique(img)) == {0, 255}
    assert [r.text for r in zxingcpp.read_barcodes(img)] == ["TC1:PP:S:POLITICS-D3"]


@pytest.mark.parametrize("bad", [dict(payload="", module_px=3), dict(payload="X", module_px=0),
                                 dict(payload="X", module_px=2.5), dict(payload="X", module_px=3, quiet_zone=-1)])
def test_qr_image_rejects_bad_arguments(bad):
    with pytest.raises(ValueError):
        qr_image(**bad)


def test_aruco_image_detects_back_its_id():
    img = np.pad(aruco_image(42, 60), 20, constant_values=255)
    _, ids, _ = _detector().detectMarkers(img)
    assert ids is not None and ids.ravel().tolist() == [42]
    for bad in (-1, 100, 3.5):
        with pytest.raises(ValueError, match="not in DICT_4X4_100"):
            aruco_image(bad, 60)
    with pytest.raises(ValueError):
        aruco_image(1, 5)


@pytest.mark.parametrize("size", ["normal", "large"])
def test_every_tag_image_has_its_printed_size_and_reads_back(size):
    px_per_mm = 4.0  # crisp, flat: the content must be right before any camera
    det = _detector()
    for cid in catalog_ids():
        spec = tag_spec("penny-press", cid, size)
        img = tag_image("penny-press", cid, px_per_mm, size)
        assert img.shape == (round(spec.size_mm * px_per_mm),) * 2
        padded = np.pad(img, 12, constant_values=255)
        if spec.symbol == "qr":
            texts = [r.text for r in zxingcpp.read_barcodes(padded)]
            assert texts == [encode_payload(cid)], cid
            assert parse_payload(texts[0]).component == cid
        else:
            _, ids, _ = det.detectMarkers(padded)
            assert ids is not None and ids.ravel().tolist() == [spec.marker_ids[0]], cid
            assert kind_of(cid) in "RWXNPBM"


def test_tag_image_rejects_bad_scale():
    for bad in (0, -1, float("nan"), "3"):
        with pytest.raises(ValueError, match="px_per_mm"):
            tag_image("penny-press", "war-A1", bad)


def test_surface_image_places_fiducials_at_their_mm_positions():
    ppm = 1.5
    img = surface_image("penny-press-mat", "mat-yellow", ppm)
    layout = load_layout("penny-press-mat")
    assert img.shape == (round(layout.size_mm[1] * ppm), round(layout.size_mm[0] * ppm))
    corners, ids, _ = _detector().detectMarkers(img)
    found = {int(i): c.reshape(4, 2) for i, c in zip(ids.ravel(), corners)}
    for f in layout.fiducials("mat-yellow"):
        want = np.array(f.corners_mm) * ppm
        assert np.abs(found[f.id] - want).max() <= 1.0, f.name  # px (unrefined corners)
