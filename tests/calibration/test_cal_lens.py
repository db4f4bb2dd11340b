"""The lens model: where it is loaded from, and the radial estimate from the fiducials
(calibration.lens, vision.register.registrar_for)."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from calibration.camera import CameraModel, save_camera
from calibration.fiducials import detect_fiducials
from calibration.layouts import load_layout
from calibration.lens import estimate_radial, find_lens
from calibration.register import register_surface
from calibration.synthetic import TILTED_HEIGHT_MM, reference_homography, render_view
from companion.errors import DataFileError

SIZE = (1920, 1080)


def _distorted_board(k1: float):
    """A board view through a lens with radial term k1 (focal 0.8 x width), its true
    mm -> ideal px homography and the lens."""
    H = reference_homography((420, 300), tilt_deg=25, height_mm=TILTED_HEIGHT_MM, frame=SIZE, view_width_mm=1150)
    ideal = render_view("penny-press-board", "board", H, SIZE, src_px_per_mm=SIZE[0] / 500,
                        noise_sigma=2, blur_sigma=0.7)
    f = 0.8 * SIZE[0]
    cam = CameraModel(np.array([[f, 0, SIZE[0] / 2], [0, f, SIZE[1] / 2], [0, 0, 1]]),
                      np.array([k1, 0.0, 0, 0, 0]), SIZE)
    u, v = np.meshgrid(np.arange(SIZE[0], dtype=np.float32), np.arange(SIZE[1], dtype=np.float32))
    und = cam.undistort_points(np.stack([u.ravel(), v.ravel()], 1)).astype(np.float32)
    img = cv2.remap(ideal, und[:, 0].reshape(u.shape), und[:, 1].reshape(u.shape), cv2.INTER_LINEAR,
                    borderValue=110)
    return img, H, cam


def _zone_error(reg, H, cam, board):
    true = np.array([z.centre_mm for z in board.zones])
    ideal = cv2.perspectiveTransform(true.reshape(-1, 1, 2), H).reshape(-1, 2)
    return float(np.abs(reg.px_to_mm(cam.distort_points(ideal)) - true).max())


@pytest.mark.parametrize("k1", [-0.19, 0.08])
def test_radial_term_estimated_from_the_board_corners_puts_zones_back(k1):
    img, H, cam = _distorted_board(k1)
    board = load_layout("penny-press-board")
    fids = detect_fiducials(img)
    est = estimate_radial([(fids, board, "board")], SIZE)
    assert est is not None and est.trusted and est.camera is not None
    assert np.sign(est.k1) == np.sign(k1) and est.rms_mm < 0.5 * est.rms_plain_mm
    plain = _zone_error(register_surface(fids, board), H, cam, board)
    fixed = _zone_error(register_surface(fids, board, est.camera), H, cam, board)
    print(f"k1 {k1}: zone error {plain:.1f} mm plain, {fixed:.1f} mm with the estimate")
    assert fixed < 1.5 < plain


def test_no_estimate_when_the_lens_is_straight_or_fiducials_are_few():
    img, _H, _cam = _distorted_board(0.0)
    board = load_layout("penny-press-board")
    fids = detect_fiducials(img)
    est = estimate_radial([(fids, board, "board")], SIZE)
    assert est.camera is None and est.k1 == 0.0 and est.trusted
    assert estimate_radial([(fids[:2], board, "board")], SIZE) is None


def test_lens_file_explicit_then_user_config_then_none(tmp_path, monkeypatch):
    from vision.register import registrar_for

    monkeypatch.setattr("calibration.lens.default_camera_path", lambda: tmp_path / "cfg" / "camera.json")
    monkeypatch.delenv("TABLE_COMPANION_LENS", raising=False)
    cam = CameraModel(np.array([[1400.0, 0, 960], [0, 1400, 540], [0, 0, 1]]), np.array([-0.1, 0, 0, 0, 0]),
                      SIZE)
    assert find_lens() == (None, "none")
    r = registrar_for()
    assert r.camera is None and r.lens_status == "none" and r.estimate_lens
    save_camera(cam, tmp_path / "cfg" / "camera.json")
    model, source = find_lens()
    assert source == "user" and np.allclose(model.K, cam.K)
    explicit = save_camera(cam.scaled_to((960, 540)), tmp_path / "mine.json")
    r = registrar_for(explicit)
    assert r.lens_status == "file" and not r.estimate_lens
    r.set_frame_size(SIZE)  # measured at 960x540, used at 1920x1080
    assert np.allclose(r.camera.K, cam.K)
    # a recording's own lens file wins; without one, not the user's (another camera)
    rec = tmp_path / "rec"
    rec.mkdir()
    (rec / "recording.json").write_text("{}")
    assert registrar_for(source=rec / "video.mkv").camera is None
    save_camera(cam, rec / "camera.json")
    assert registrar_for(source=rec).lens_status == "file"
    assert registrar_for(source=tmp_path / "clip.mp4").lens_status == "user"
    monkeypatch.setenv("TABLE_COMPANION_LENS", str(explicit))
    assert find_lens()[1] == "file" and find_lens()[0].size == (960, 540)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"K": [[1]]}))
    with pytest.raises(DataFileError):
        registrar_for(bad)


def test_pipeline_estimates_a_strong_lens_and_says_so():
    from vision.pipeline import Pipeline

    img, _H, _cam = _distorted_board(-0.19)
    p = Pipeline()
    _snap, rep = p.process(img, 0.0)
    assert rep.lens == "estimated" and "board" in rep.poses and rep.poses["board"][1] < 1.0


@pytest.mark.parametrize("tilt, yaw, height", [(20, 0, 700), (30, 10, 900), (35, -5, 600)])
def test_camera_pose_from_the_homography_and_a_tag_on_a_piece_put_back(tilt, yaw, height):
    import math

    from calibration.lens import camera_centre_mm, focal_from_homography, onto_surface

    H = reference_homography((420, 300), tilt_deg=tilt, frame=SIZE, height_mm=height,
                             view_width_mm=1150, yaw_deg=yaw)
    f_true = SIZE[0] * (height / math.cos(math.radians(tilt))) / 1150
    f = focal_from_homography(H, (SIZE[0] / 2, SIZE[1] / 2))
    assert f == pytest.approx(f_true, rel=1e-6)
    K = np.array([[f, 0, SIZE[0] / 2], [0, f, SIZE[1] / 2], [0, 0, 1]])
    cx, cy, cz = camera_centre_mm(H, K)
    assert cz == pytest.approx(height, rel=1e-6)
    # a reporter's tag 12 mm above the board at (600, 150) mm: where its top face
    # projects onto the board's plane, then back under it
    P = np.array([600.0, 150.0, -12.0])       # z into the table: up is negative
    C = np.array([cx, cy, -cz])
    seen = C + (P - C) * (C[2] / (C[2] - P[2]))  # the ray through the top face meets z = 0
    assert math.hypot(*(seen[:2] - P[:2])) > 4.0
    back = onto_surface(float(seen[0]), float(seen[1]), 12.0, np.array([cx, cy, cz]))
    assert np.allclose(back, P[:2], atol=1e-6)
    assert focal_from_homography(np.diag([2.0, 2.0, 1.0]) @ np.array([[1, 0, 5], [0, 1, 7], [0, 0, 1.0]]),
                                 (0, 0)) is None  # straight down: the focal length cannot be told
