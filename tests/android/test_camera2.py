"""Android's Camera2 source with fakes of the jnius classes: open, stream, still,
pause/resume, close, a refused permission, a camera in use; the YUV and JPEG
conversions on real arrays."""

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fake_jnius import CameraDevice, CameraWorld, bgr_to_planes  # noqa: E402

from vision.android.camera2 import Camera2Source, jpeg_to_bgr, pick_stream_size, yuv420_to_bgr  # noqa: E402
from vision.android.stills import StillReader  # noqa: E402
from vision.sources import SourceError, Unreadable  # noqa: E402


def _picture(w, h, seed=0):
    rng = np.random.default_rng(seed)
    small = rng.integers(0, 255, (h // 8, w // 8, 3), np.uint8)
    import cv2

    return cv2.resize(small, (w, h), interpolation=cv2.INTER_NEAREST)


@pytest.mark.parametrize("interleaved", [True, False])
def test_yuv_planes_with_padded_rows_become_the_bgr_picture(interleaved):
    bgr = _picture(64, 48)
    y, u, v, yr, uvr, uvp = bgr_to_planes(bgr, interleaved)
    out = yuv420_to_bgr(y, u, v, 64, 48, yr, uvr, uvp)
    assert out.shape == (48, 64, 3)
    assert np.abs(out.astype(int) - bgr.astype(int)).mean() < 6   # YUV 4:2:0's own loss only
    with pytest.raises(ValueError):
        yuv420_to_bgr(y[:100], u, v, 64, 48, yr, uvr, uvp)


def test_a_jpeg_still_is_decoded_and_garbage_is_unreadable():
    import cv2

    bgr = _picture(80, 60)
    ok, data = cv2.imencode(".jpg", bgr)
    assert jpeg_to_bgr(data.tobytes()).shape == (60, 80, 3)
    assert isinstance(jpeg_to_bgr(b"not a jpeg"), Unreadable)


def test_the_stream_size_is_the_one_asked_for_else_the_nearest_of_its_aspect():
    offered = [(640, 480), (1280, 720), (1920, 1080), (2560, 1440)]
    assert pick_stream_size(offered, (1920, 1080)) == (1920, 1080)
    assert pick_stream_size(offered, (1600, 900)) == (1920, 1080)
    assert pick_stream_size([(640, 480), (1440, 1080)], (1920, 1080)) == (1440, 1080)
    assert pick_stream_size([(4000, 3000)], (1920, 1080)) == (4000, 3000)
    with pytest.raises(SourceError):
        pick_stream_size([], (1920, 1080))


def _source(world, **kw):
    return Camera2Source(jnius=world.jnius, frame_timeout_s=0.3, **kw)


def test_opens_the_back_camera_streams_frames_and_takes_a_full_size_still():
    world = CameraWorld()
    cam = _source(world)
    assert cam.open()
    assert ("open", "0") in world.calls and world.repeating.template == CameraDevice.TEMPLATE_PREVIEW
    assert cam.stream_size == (1920, 1080) and cam.still_size == (4000, 3000)
    frame = _picture(1920, 1080, 1)
    world.frame(frame)
    got = cam.read()
    assert got.image.shape == (1080, 1920, 3)
    assert np.abs(got.image.astype(int) - frame.astype(int)).mean() < 6
    req = cam.request_still()
    assert world.captures[-1].template == CameraDevice.TEMPLATE_STILL_CAPTURE
    assert world.captures[-1].targets == [world.still_reader.getSurface()]
    world.still(_picture(4000, 3000, 2))
    still = cam.take_still()
    assert still.request == req and still.image.shape == (3000, 4000, 3)
    assert cam.registration().crop == (0.0, 375.0, 4000.0, 2625.0)
    cam.close()
    assert world.session.closed and world.device.closed
    assert world.stream_reader.closed and world.still_reader.closed


def test_the_front_camera_when_asked():
    world = CameraWorld()
    cam = _source(world, facing="front", stream_size=(640, 480))
    assert cam.open() and ("open", "1") in world.calls and cam.still_size == (640, 480)
    cam.close()


def test_pause_releases_the_camera_and_resume_opens_it_again():
    world = CameraWorld()
    cam = _source(world)
    cam.open()
    cam.request_still()
    cam.pause()
    assert world.device.closed and world.session.closed and cam.paused
    assert cam.request_still() == 0  # nothing asked of a released camera
    world.still(_picture(4000, 3000))   # a late answer to a request made before the pause
    assert cam.take_still() is None
    cam.resume()
    assert [c for c in world.calls if c[0] == "open"] == [("open", "0"), ("open", "0")]
    assert not world.device.closed and world.repeating is not None
    world.frame(_picture(1920, 1080))
    assert cam.read() is not None
    cam.close()


def test_a_refused_permission_is_reported_and_ends_the_source_without_raising():
    world = CameraWorld(permission_refused=True)
    cam = _source(world)
    assert cam.read() is None
    kinds = [e.kind for e in cam.events]
    assert "gave_up" in kinds
    assert "camera permission was refused" in next(e.message for e in cam.events if e.kind == "gave_up")


def test_a_camera_in_use_or_a_refused_session_is_reported():
    for world, words in ((CameraWorld(in_use=True), "in use by another app"),
                         (CameraWorld(configure_ok=False), "refused the stream and still sizes")):
        cam = _source(world)
        assert not cam.open()
        assert words in cam.events[-1].message


def test_a_silent_stream_is_reported_and_a_failed_capture_too():
    world = CameraWorld()
    cam = _source(world)
    cam.open()
    import threading

    threading.Timer(0.5, lambda: world.frame(_picture(1920, 1080))).start()
    assert cam.read() is not None
    assert "dropped" in [e.kind for e in cam.events]
    world.capture_error = True
    assert cam.request_still() == 1 and cam.status == "still_failed"
    cam.close()


def test_a_lost_camera_mid_game_is_news():
    world = CameraWorld()
    cam = _source(world)
    cam.open()
    cam._listeners[0].onDevice("disconnected", world.device, 0)
    assert cam.status == "dropped" and "in use by another app" in cam.events[-1].message


def test_the_still_reader_over_the_android_source():
    """The same StillReader the desktop uses, over Camera2 with fakes: a still is
    asked for when the stream is still, and read on the frame it comes with."""
    from vision.pipeline import Pipeline

    world = CameraWorld()
    cam = _source(world)
    reader = StillReader(Pipeline(), cam)
    world_frames = [_picture(1920, 1080, 5)] * 3
    cam.open()
    world.frame(world_frames[0])
    f = cam.read()
    reader.process(f.image, f.t)
    assert reader.requested == 1 and len(world.captures) == 1
    world.still(_picture(4000, 3000, 6))
    world.frame(world_frames[1])
    f = cam.read()
    reader.process(f.image, f.t)
    assert reader.read == 1 and reader.decoder.stills_read == 1
    cam.close()


def test_nothing_of_android_is_imported_on_the_desktop():
    import subprocess

    code = ("import sys, vision.android.camera2, vision.android.stills, vision.android.backend; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('jnius', 'android')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
