"""Registration on synthetic views with a known pose (calibration.register).

Issue 3: every zone must land within 2 mm of its true place.
"""

from __future__ import annotations

import numpy as np
import pytest

from calibration.camera import CameraModel
from calibration.fiducials import Fiducial, detect_fiducials
from calibration.layouts import load_layout
from calibration.register import register_all, register_surface
from calibration.synthetic import TILTED_HEIGHT_MM, reference_homography, render_view

FRAME = (1920, 1080)  # small frames keep the suite fast; 4K is in the benchmark


def _project(H, pts):
    pts = np.asarray(pts, float)
    q = np.hstack([pts, np.ones((len(pts), 1))]) @ H.T
    return q[:, :2] / q[:, 2:]


def _zone_error_mm(reg, H_true):
    """Max over every zone/slot vertex of |registered mm - true mm|."""
    worst = 0.0
    for z in reg.layout.zones:
        for poly in [z.polygon, *z.slots.values()]:
            mm = np.array(poly, float)
            worst = max(worst, float(np.abs(reg.px_to_mm(_project(H_true, mm)) - mm).max()))
    return worst


@pytest.mark.parametrize("tilt, yaw", [(20, 0), (35, 0), (27.5, 8)])
def test_board_zones_within_2_mm(tilt, yaw):
    H = reference_homography((420, 300), tilt_deg=tilt, height_mm=TILTED_HEIGHT_MM, frame=FRAME, view_width_mm=1150 + 15 * yaw, yaw_deg=yaw)
    img = render_view("penny-press-board", "board", H, FRAME, src_px_per_mm=3, seed=int(tilt))
    reg = register_surface(detect_fiducials(img), load_layout("penny-press-board"))
    assert reg is not None and reg.surface == "board"
    assert reg.used == (0, 1, 2, 3) and not reg.missing
    err = _zone_error_mm(reg, H)
    print(f"tilt {tilt} yaw {yaw}: fiducial rms {reg.rms_mm:.3f} mm, worst zone vertex {err:.2f} mm")
    assert err < 2.0
    assert reg.rms_mm < 0.5


def test_partial_fiducial_set_still_registers_and_names_the_missing_one():
    H = reference_homography((420, 300), tilt_deg=27.5, height_mm=TILTED_HEIGHT_MM, frame=(3840, 2160), view_width_mm=1150)
    img = render_view("penny-press-board", "board", H, (3840, 2160), src_px_per_mm=3, hide=(2,))
    reg = register_surface(detect_fiducials(img), load_layout("penny-press-board"))
    assert reg is not None and reg.used == (0, 1, 3)
    assert [m.describe("board") for m in reg.missing] == ["board corner bottom-right (ArUco 2)"]
    assert _zone_error_mm(reg, H) < 2.0


def test_mat_colour_is_told_apart_by_its_fiducials():
    mat = load_layout("penny-press-mat")
    H = reference_homography((150, 120), tilt_deg=25, height_mm=TILTED_HEIGHT_MM, frame=(1280, 720), view_width_mm=450)
    img = render_view("penny-press-mat", "mat-green", H, (1280, 720), src_px_per_mm=4)
    regs = register_all(detect_fiducials(img), [load_layout("penny-press-board"), mat])
    assert list(regs) == ["mat-green"]
    reg = regs["mat-green"]
    assert _zone_error_mm(reg, H) < 2.0
    x, y = reg.px_to_mm(_project(H, [mat.zone("front:2,3").centre_mm]))[0]
    assert mat.zone_at(x, y) == "front:2,3"
    # the published strip lies outside the mat outline, still mapped
    x, y = reg.px_to_mm(_project(H, [mat.zone("published").centre_mm]))[0]
    assert mat.zone_at(x, y) == "published"


def test_too_few_points_gives_none():
    board = load_layout("penny-press-board")
    assert register_surface([], board) is None
    assert register_surface([Fiducial(57, np.zeros((4, 2)))], board) is None  # not a board id
    degenerate = [Fiducial(0, np.zeros((4, 2)))]
    assert register_surface(degenerate, board) is None


def test_a_misread_fiducial_is_rejected_by_ransac():
    board = load_layout("penny-press-board")
    H = reference_homography((420, 300), tilt_deg=27.5, height_mm=TILTED_HEIGHT_MM, frame=FRAME, view_width_mm=1150)
    fids = [Fiducial(f.id, _project(H, f.corners_mm)) for f in board.fiducials("board")]
    fids[1] = Fiducial(1, fids[1].corners_px + 60.0)  # a wrong detection
    reg = register_surface(fids, board)
    assert reg.rejected == (1,) and reg.used == (0, 2, 3)
    assert reg.rms_mm < 0.01


def test_lens_distortion_is_removed_with_intrinsics():
    import cv2

    size = (960, 540)
    H = reference_homography((420, 300), tilt_deg=25, height_mm=TILTED_HEIGHT_MM, frame=size, view_width_mm=1150)
    ideal = render_view("penny-press-board", "board", H, size, src_px_per_mm=2, noise_sigma=0, blur_sigma=0.5)
    f = 700.0
    cam = CameraModel(np.array([[f, 0, 480], [0, f, 270], [0, 0, 1]]), np.array([-0.25, 0.08, 0, 0, 0]), size)
    # distorted frame: each distorted pixel samples the ideal image at its undistorted place
    u, v = np.meshgrid(np.arange(size[0], dtype=np.float32), np.arange(size[1], dtype=np.float32))
    und = cam.undistort_points(np.stack([u.ravel(), v.ravel()], 1)).astype(np.float32)
    distorted = cv2.remap(ideal, und[:, 0].reshape(u.shape), und[:, 1].reshape(u.shape), cv2.INTER_LINEAR,
                          borderValue=110)
    board = load_layout("penny-press-board")
    fids = detect_fiducials(distorted)
    plain = register_surface(fids, board)
    fixed = register_surface(fids, board, camera=cam)
    assert fixed is not None and plain is not None
    err_fixed = max(np.abs(fixed.px_to_mm(cam.distort_points(_project(H, [z.centre_mm])))[0] - z.centre_mm).max()
                    for z in board.zones)
    err_plain = max(np.abs(plain.px_to_mm(cam.distort_points(_project(H, [z.centre_mm])))[0] - z.centre_mm).max()
                    for z in board.zones)
    print(f"zone centre error: {err_plain:.1f} mm without intrinsics, {err_fixed:.2f} mm with")
    assert err_fixed < 2.0 < err_plain
    # mm -> px goes back through the lens
    c = board.zone("headline").centre_mm
    assert np.allclose(fixed.px_to_mm(fixed.mm_to_px([c])), [c], atol=1e-3)


def test_px_per_mm_matches_the_true_pose():
    from calibration.synthetic import local_scale

    H = reference_homography((420, 300), tilt_deg=30, height_mm=TILTED_HEIGHT_MM, frame=FRAME, view_width_mm=1150)
    board = load_layout("penny-press-board")
    fids = [Fiducial(f.id, _project(H, f.corners_mm)) for f in board.fiducials("board")]
    reg = register_surface(fids, board)
    for x, y in [(100, 100), (700, 500)]:
        assert reg.px_per_mm_at(x, y) == pytest.approx(local_scale(H, x, y), rel=1e-3)


def test_detect_fiducials_rejects_non_images():
    with pytest.raises(ValueError):
        detect_fiducials(np.zeros((0, 0), np.uint8))
    assert detect_fiducials(np.full((50, 60, 3), 200, np.uint8)) == []
