"""Camera model: projection geometry of the renderer's default camera (the tilted view
of issue 3: ~70 cm above the table, 20-35 degree tilt, about 100 x 56 cm in view) and of
straight-down views."""

import numpy as np
import pytest

from tools.render.camera import frame_bounds, make_camera, random_camera, resolution_size


def test_target_is_at_the_image_centre_and_view_width_holds():
    cam = make_camera("1080p", height_mm=700, tilt_deg=28, view_width_mm=1000, k1=0, k2=0)
    c = cam.project([[0.0, 0.0]])[0]
    assert c == pytest.approx([959.5, 539.5], abs=1e-6)
    # the frame's width spans 1000 mm through the target point
    left, right = cam.project([[-500.0, 0.0], [500.0, 0.0]])
    assert left[0] == pytest.approx(-0.5, abs=1e-6) and right[0] == pytest.approx(1919.5, abs=1e-6)
    # the camera sits 700 mm above the table
    assert -cam.centre[2] == pytest.approx(700.0)


def test_tilt_makes_the_far_edge_smaller_than_the_near_edge():
    cam = make_camera("4k", tilt_deg=30)
    far, near = cam.px_per_mm((0, -250)), cam.px_per_mm((0, 250))
    assert far < near
    flat = make_camera("4k", tilt_deg=0)
    assert flat.px_per_mm((0, -250)) == pytest.approx(flat.px_per_mm((0, 250)), rel=1e-3)


def test_unproject_inverts_project_with_lens_distortion():
    cam = make_camera("1080p", tilt_deg=25, yaw_deg=3, k1=-0.08, k2=0.01)
    pts = np.array([[0, 0], [-350, -200], [300, 150], [420, -260]], float)
    back = cam.unproject(cam.project(pts))
    assert back == pytest.approx(pts, abs=1e-6)


def test_homography_is_the_undistorted_projection():
    cam = make_camera("1080p", tilt_deg=22, yaw_deg=-2, k1=0.0, k2=0.0)
    pts = np.array([[10, 20], [-300, 100], [250, -180]], float)
    h = np.c_[pts, np.ones(3)] @ cam.homography.T
    assert h[:, :2] / h[:, 2:] == pytest.approx(cam.project(pts), abs=1e-6)


def test_barrel_distortion_pulls_corners_inwards():
    straight = make_camera("1080p", k1=0.0, k2=0.0)
    barrel = make_camera("1080p", k1=-0.08, k2=0.0)
    p = np.array([[450.0, 250.0]])
    c = np.array([straight.cx, straight.cy])
    assert np.linalg.norm(barrel.project(p) - c) < np.linalg.norm(straight.project(p) - c)


def test_bad_parameters_are_refused():
    with pytest.raises(ValueError, match="tilt"):
        make_camera(tilt_deg=75)
    with pytest.raises(ValueError, match="resolution"):
        resolution_size("8k")
    with pytest.raises(ValueError):
        resolution_size((0, 100))


def test_random_camera_stays_in_the_reference_ranges():
    rng = np.random.default_rng(5)
    for _ in range(5):
        cam = random_camera(rng, "4k")
        assert 650 <= -cam.centre[2] <= 750
        fp = cam.footprint_mm()
        width_mid = np.linalg.norm((fp[1] + fp[2]) / 2 - (fp[0] + fp[3]) / 2)
        assert 850 < width_mid < 1250   # about a metre across


def test_frame_bounds_holds_the_rectangle_and_is_tight():
    box = (-500.0, 0.0, 500.0, 800.0)
    cam = frame_bounds(box, "1080p", tilt_deg=20, height_mm=900, margin_px=10)
    corners = [[-500, 0], [500, 0], [500, 800], [-500, 800]]
    assert cam.sees(corners, margin_px=10).all()
    assert not cam.sees(corners, margin_px=40).all()   # no big waste of pixels
