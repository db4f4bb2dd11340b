"""`companion calibrate camera` (ChArUco) and the saved intrinsics."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from calibration.camcal import CharucoSpec, calibrate_from_frames
from calibration.camera import CameraModel, load_camera, save_camera
from companion.cli import main
from companion.errors import CompanionError, DataFileError

K_TRUE = np.array([[800.0, 0, 480], [0, 800.0, 270], [0, 0, 1]])
SIZE = (960, 540)


def _views(n, seed=1):
    """Pinhole views (K_TRUE, no distortion) of the board in varied poses."""
    spec = CharucoSpec()
    ppm = 4.0
    board = spec.image(px_per_mm=ppm, margin_mm=10)
    cx, cy = spec.squares[0] * spec.square_mm / 2, spec.squares[1] * spec.square_mm / 2
    T = np.array([[1 / ppm, 0, 0.5 / ppm - 10 - cx], [0, 1 / ppm, 0.5 / ppm - 10 - cy], [0, 0, 1]])
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        R, _ = cv2.Rodrigues(np.array([rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), rng.uniform(-0.3, 0.3)]))
        t = np.array([rng.uniform(-40, 40), rng.uniform(-30, 30), 420.0])
        H = K_TRUE @ np.column_stack([R[:, 0], R[:, 1], t]) @ T
        out.append(cv2.warpPerspective(board, H, SIZE, borderValue=128))
    return out


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    d = tmp_path_factory.mktemp("charuco")
    for i, img in enumerate(_views(8)):
        cv2.imwrite(str(d / f"view{i}.png"), img)
    return d


def test_calibrate_camera_recovers_the_focal_length(shots, tmp_path, capsys):
    out = tmp_path / "cam.json"
    assert main(["calibrate", "camera", "--images", str(shots), "--out", str(out)]) == 0
    cam = load_camera(out)
    assert cam.size == SIZE
    assert cam.K[0, 0] == pytest.approx(800, rel=0.02) and cam.K[1, 1] == pytest.approx(800, rel=0.02)
    assert cam.K[0, 2] == pytest.approx(480, abs=8) and cam.K[1, 2] == pytest.approx(270, abs=8)
    assert cam.rms_px < 0.5
    assert "calibrated from 8 of 8 frames" in capsys.readouterr().out


def test_default_path_is_the_user_config_dir(shots, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    assert main(["calibrate", "camera", "--images", str(shots)]) == 0
    assert (tmp_path / "cfg" / "table-companion" / "camera.json").exists()
    assert load_camera().size == SIZE


def test_too_few_views_says_how_many(tmp_path):
    with pytest.raises(CompanionError, match="only 2 of 3 frame"):
        calibrate_from_frames(_views(2) + [np.full((540, 960), 200, np.uint8)])


def test_board_out_writes_a_detectable_board(tmp_path, capsys):
    png = tmp_path / "board.png"
    assert main(["calibrate", "camera", "--board-out", str(png)]) == 0
    img = cv2.imread(str(png), cv2.IMREAD_GRAYSCALE)
    # 7 x 5 squares of 30 mm + 10 mm margins at 300 dpi
    assert img.shape == (round(170 * 300 / 25.4), round(230 * 300 / 25.4))
    corners, ids, _, _ = cv2.aruco.CharucoDetector(CharucoSpec().board()).detectBoard(img)
    assert ids is not None and len(ids) == 6 * 4  # every inner corner
    assert "Print at 100 %" in capsys.readouterr().out


def test_no_source_is_a_clear_error(capsys):
    assert main(["calibrate", "camera"]) == 1
    assert "--images DIR or --video FILE" in capsys.readouterr().err


def test_intrinsics_round_trip_and_bad_files(tmp_path):
    cam = CameraModel(K_TRUE, np.array([-0.2, 0.05, 0.001, 0, 0.01]), SIZE, 0.3)
    p = save_camera(cam, tmp_path / "c.json")
    back = load_camera(p)
    assert np.allclose(back.K, cam.K) and np.allclose(back.dist, cam.dist) and back.size == SIZE
    half = back.scaled_to((480, 270))
    assert half.K[0, 0] == 400 and half.K[1, 2] == 135
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"K": [[1, 0], [0, 1]], "dist": [0, 0, 0, 0], "image_size": [960, 540]}))
    with pytest.raises(DataFileError, match="bad.json.*K"):
        load_camera(bad)
    bad.write_text("{ nope")
    with pytest.raises(DataFileError, match="bad.json:1"):
        load_camera(bad)
    with pytest.raises(DataFileError, match="cannot read"):
        load_camera(tmp_path / "missing.json")


def test_unreadable_files_are_skipped_and_reported(shots, tmp_path, capsys):
    """A folder of photos with a broken file or two: those are skipped and named, the
    calibration goes on with the readable views."""
    import shutil

    d = tmp_path / "photos"
    shutil.copytree(shots, d)
    (d / "view0b.png").write_bytes(b"\x89PNG\r\n\x1a\n truncated")
    (d / "zz.jpg").write_bytes(b"")
    out = tmp_path / "cam.json"
    assert main(["calibrate", "camera", "--images", str(d), "--out", str(out)]) == 0
    cap = capsys.readouterr()
    assert "calibrated from 8 of 8 frames" in cap.out and out.exists()
    assert "skipped 2 unreadable files" in cap.err and "view0b.png" in cap.err and "zz.jpg" in cap.err


def test_too_few_readable_views_fail_naming_the_folder_and_the_skipped(shots, tmp_path, capsys):
    d = tmp_path / "few"
    d.mkdir()
    for name in sorted(p.name for p in shots.iterdir())[:2]:
        (d / name).write_bytes((shots / name).read_bytes())
    (d / "broken.png").write_bytes(b"not a picture")
    assert main(["calibrate", "camera", "--images", str(d)]) == 1
    err = [ln for ln in capsys.readouterr().err.splitlines() if ln.strip()]
    assert len(err) == 1 and str(d) in err[0] and "only 2 of 2" in err[0] and "broken.png" in err[0], err
