"""The V4L2-like fake camera of ../shared/bugcases as a test fixture.

``fakecam.py`` (shared/bugcases/camera-*/fakecam.py) behaves as OpenCV's V4L2 backend
does with a UVC webcam: 640x480 YUYV until a size (and MJPG for >= 1080p at 30 fps)
is asked for, 4 driver buffers filled in real time, every frame stamped with its
capture time, unplug/replug. It is loaded from the shared folder (located as the
other shared test data is, relative to the repository), never copied.
"""

from __future__ import annotations

import importlib.util
import sys

import cv2
import numpy as np
import pytest

from shared_data import shared_dir


def _load(name: str, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def bugcase_dir(name: str):
    return shared_dir() / "bugcases" / name


def load_fakecam():
    return _load("tc_fakecam", bugcase_dir("camera-default-640x480") / "fakecam.py")


_SCENE = {}


def demo_scene() -> np.ndarray:
    """The bugcases' scene: the 12th frame of the bundled 3-player recording, read as
    bugcases/*/scene.py reads it (that script still imports the recordings from the
    app's old folder; they are play.recordings now), cached."""
    if "img" not in _SCENE:
        from play.recordings import recording_dir

        cap = _REAL_CAPTURE(str(recording_dir("penny-press-3p") / "video.mkv"))  # the file, not the fake camera
        try:
            for _ in range(12):
                _ok, frame = cap.read()
        finally:
            cap.release()
        _SCENE["img"] = frame
        assert _SCENE["img"] is not None and _SCENE["img"].shape[:2] == (1800, 3200)
    return _SCENE["img"]


_REAL_CAPTURE = cv2.VideoCapture


@pytest.fixture
def fakecam(monkeypatch):
    """The fake camera installed as cv2.VideoCapture (fresh class state), looking at
    a grey table unless the test sets ``scene`` / ``scene_fn``. Stops its capture
    threads afterwards."""
    fc = load_fakecam()
    cam = fc.FakeV4L2
    cam.scene, cam.scene_fn, cam.log, cam.plugged = None, None, [], True
    cam.default_mode, cam.instances = (640, 480, "YUYV"), []
    monkeypatch.setattr(cv2, "VideoCapture", cam)
    yield fc
    for inst in cam.instances:
        inst.stop = True
    cam.plugged = True
