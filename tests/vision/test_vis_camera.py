"""Real cameras (issue 11; ../shared/bugcases camera-*): the mode asked for and read
back, the latest-frame reader on every live path, a camera that goes away and comes
back, and frame times from each frame's own time stamp.

The camera is the bugcases' V4L2 stand-in (camera_fixtures.fakecam), loaded from the
shared folder.
"""

from __future__ import annotations

import io
import json
import statistics
import tempfile
import threading
import time
from contextlib import redirect_stdout

import cv2
import numpy as np
import pytest

from camera_fixtures import demo_scene, fakecam  # noqa: F401  (fixture)
from vision.sources import (REFERENCE, CameraMode, CameraSettings, CaptureSource,
                            LatestFrameReader, SourceError, open_source, probe_modes)


def run_cli(argv: list[str]) -> tuple[int, str]:
    from companion.cli import main

    buf = io.StringIO()
    with redirect_stdout(buf):
        try:
            rc = main(argv)
        except SystemExit as exc:
            rc = exc.code
    return rc or 0, buf.getvalue()


def set_calls(cam) -> dict:
    return {int(prop): value for kind, prop, value, *_ in
            [x + (None,) for x in cam.log if x[0] == "set"]}


# ------------------------------------------------------------- the mode asked for

def test_bugcase_camera_default_640x480_scan_asks_for_the_reference_mode(fakecam):
    """bugcases/camera-default-640x480: `companion scan 0` read 0 QR tags at
    OpenCV's default 640x480; asked for the reference 4K MJPG mode it reads the
    table's 12 (as the 3200x1800 file does)."""
    fakecam.FakeV4L2.scene = demo_scene()
    rc, out = run_cli(["scan", "0", "--max-frames", "1"])
    lines = [json.loads(x) for x in out.splitlines()]
    frames = [d for d in lines if "size" in d]
    assert rc == 0 and frames[0]["size"] == [3840, 2160]
    assert sum(s["format"] == "QRCode" for s in frames[0]["symbols"]) >= 10
    calls = set_calls(fakecam.FakeV4L2)
    assert calls[cv2.CAP_PROP_FOURCC] == cv2.VideoWriter_fourcc(*"MJPG")
    assert (calls[cv2.CAP_PROP_FRAME_WIDTH], calls[cv2.CAP_PROP_FRAME_HEIGHT]) == (3840, 2160)
    told = [d["message"] for d in lines if d.get("event") == "camera"]
    assert told and "3840x2160 MJPG 30 fps" in told[0]


def test_size_and_fourcc_flags_choose_the_mode(fakecam):
    rc, out = run_cli(["scan", "0", "--max-frames", "1", "--size", "1280x720", "--fourcc", "yuyv"])
    frames = [json.loads(x) for x in out.splitlines() if '"size"' in x]
    assert rc == 0 and frames[0]["size"] == [1280, 720]
    calls = set_calls(fakecam.FakeV4L2)
    assert calls[cv2.CAP_PROP_FOURCC] == cv2.VideoWriter_fourcc(*"YUYV")
    with pytest.raises(SourceError, match="WIDTHxHEIGHT"):
        CameraSettings.parse("1280*720")
    # MJPG is chosen by itself from 1080p up (YUYV gives 5 fps there)
    assert CameraSettings((1920, 1080)).wanted_fourcc == "MJPG"
    assert CameraSettings((1280, 720)).wanted_fourcc is None


def test_a_camera_that_cannot_give_the_mode_says_what_it_gave(fakecam):
    class Only480(fakecam.FakeV4L2):
        def set(self, prop, value):
            if prop in (cv2.CAP_PROP_FRAME_WIDTH, cv2.CAP_PROP_FRAME_HEIGHT):
                return True  # accepted, and ignored, as many drivers do
            return super().set(prop, value)

    events = []
    src = CaptureSource(0, capture_factory=Only480, on_event=events.append, max_retries=0)
    f = src.read()
    src.close()
    assert f.image.shape[:2] == (480, 640)
    assert src.mode == CameraMode(640, 480, 30.0, "MJPG")
    mode_ev = [e.message for e in events if e.kind == "mode"]
    assert mode_ev and "asked 3840x2160, the camera gives 640x480" in mode_ev[0]


def test_calibrate_table_checks_the_mode_it_will_play_with(fakecam):
    fakecam.FakeV4L2.scene = demo_scene()
    rc, out = run_cli(["calibrate", "table", "0", "--camera-size", "1280x720"])
    assert "camera 0: 1280x720" in out and "Checked" in out
    calls = set_calls(fakecam.FakeV4L2)
    assert calls[cv2.CAP_PROP_FRAME_WIDTH] == 1280
    # at 720p the tags are too small: the advice is about the mode asked for
    assert rc == 3 and "px per module" in out


def test_probe_lists_the_modes_the_driver_grants(fakecam):
    class TwoModes(fakecam.FakeV4L2):
        def set(self, prop, value):
            ok = super().set(prop, value)
            if (self.w, self.h) not in ((1920, 1080), (640, 480)):
                self.w, self.h = (1920, 1080) if self.w >= 1280 else (640, 480)
            return ok

    modes = probe_modes(0, capture_factory=TwoModes, sizes=((3840, 2160), (1920, 1080), (640, 480)))
    assert [(m.width, m.height, m.fourcc) for m in modes] == [
        (1920, 1080, "MJPG"), (1920, 1080, "YUYV"), (640, 480, "MJPG"), (640, 480, "YUYV")]
    assert modes[1].fps == 5.0  # YUYV 1080p: the USB bandwidth limit


# ------------------------------------------------------------- stale frames

def test_session_warns_when_the_camera_gives_another_size(fakecam, tmp_path):
    class Only480(fakecam.FakeV4L2):
        def set(self, prop, value):
            if prop in (cv2.CAP_PROP_FRAME_WIDTH, cv2.CAP_PROP_FRAME_HEIGHT):
                return True
            return super().set(prop, value)

    cv2.VideoCapture = Only480  # the fixture puts the real one back
    msgs = []
    s = _session(tmp_path, reader=_SlowTimedReader(fakecam, 0.0))
    s.subscribe(lambda up: msgs.extend(m.text for m in up.messages))
    s.start()
    try:
        assert _until(lambda: any("camera gives 640x480" in m for m in msgs))
    finally:
        s.stop()


class _SlowTimedReader:
    """The pipeline stand-in of a slow tablet: records how old each frame is when
    processing starts (capture time stamped in the frame by the fake camera)."""

    def __init__(self, fc, work_s: float):
        self.fc, self.work_s, self.ages = fc, work_s, []

    def process(self, image, t):
        from companion.table import TableSnapshot

        self.ages.append(time.monotonic() - self.fc.frame_time(image))
        time.sleep(self.work_s)
        return TableSnapshot(t=t, sightings=(), still=False), None


def _session(tmp_path, **kw):
    from ui.session import create_session
    from ui.viewmodels.protocol import PlayerSetup, SessionConfig

    cfg = SessionConfig(players=(PlayerSetup("red", "A", ""), PlayerSetup("blue", "B", "")), camera=0,
                        journal_dir=str(tmp_path), camera_settings=kw.pop("settings", None))
    return create_session(cfg, **kw)


def test_bugcase_camera_stale_frames_session_reads_the_newest_frame(fakecam, tmp_path):
    """bugcases/camera-stale-frames: the app's session read the camera directly, so a
    slow consumer got frames from the driver's 4-buffer queue (4 frame periods old).
    Same run, same slow consumer: the session as shipped now vs reading the camera
    source directly (what the session did before)."""
    class Cam10(fakecam.FakeV4L2):
        fps = 10.0  # 100 ms per frame: the queue's age is easy to tell from fresh

    small = CameraSettings((640, 360), fps=10)
    runs = {}
    for mode in ("session", "direct"):
        fakecam.FakeV4L2.instances = []
        timed = _SlowTimedReader(fakecam, 0.3)
        kw = {}
        if mode == "direct":
            kw["source"] = CaptureSource(0, capture_factory=Cam10,
                                         settings=CameraSettings((640, 360), fps=10, buffers=None))
        else:
            import cv2 as _cv2
            _cv2.VideoCapture = Cam10
        s = _session(tmp_path / mode, reader=timed, settings=small, **kw)
        s.start()
        time.sleep(2.2)
        s.stop()
        runs[mode] = statistics.median(timed.ages[2:])
    print("median frame age at processing start (s):", runs)
    assert runs["session"] < 0.25, runs  # about one frame period plus a read
    assert runs["direct"] > 0.3, runs   # the driver's queue: ~4 periods
    assert runs["session"] < 0.5 * runs["direct"]


def test_demo_and_scan_read_live_cameras_through_the_latest_frame_reader(fakecam, monkeypatch):
    import vision.sources as vs

    made = []
    real = vs.LatestFrameReader

    class Spy(real):
        def __init__(self, src):
            made.append(src)
            super().__init__(src)

    monkeypatch.setattr(vs, "LatestFrameReader", Spy)
    rc, _ = run_cli(["scan", "0", "--max-frames", "1", "--size", "640x360"])
    assert rc == 0 and len(made) == 1 and made[0].live
    src = vs.open_live(0, settings=CameraSettings((640, 360)))
    try:
        assert src.get(timeout=3) is not None  # the camera opens on the reader's thread
        assert isinstance(src, real) and src.mode == CameraMode(640, 360, 30.0, "YUYV")
    finally:
        src.close()
    # companion demo --camera
    from play.demo import Recording, default_players, run_demo

    made.clear()
    rec = Recording(0, default_players(2, "penny-press"), first_player=None, name="camera0",
                    game="penny-press")
    from companion.errors import CompanionError

    with tempfile.TemporaryDirectory() as out:
        from pathlib import Path

        with pytest.raises(CompanionError, match="never started"):  # a grey table: no game
            run_demo(rec, Path(out), progress=False, echo=lambda *_: None, max_frames=2,
                     camera_settings=CameraSettings((640, 360)), reader=_SlowTimedReader(fakecam, 0.0))
    assert len(made) == 1 and made[0].live and made[0].mode.width == 640


# ------------------------------------------------------------- camera lost

def test_camera_is_waited_for_beyond_any_retry_budget_and_resumes():
    """The old budget was 5 attempts (~11 s); while a game is open the camera is
    waited for as long as it takes (max_retries=None)."""
    plugged = {"on": True, "opens": 0}

    class Cam:
        def __init__(self, spec):
            self.ok = plugged["on"]
            plugged["opens"] += 1

        def isOpened(self):
            return self.ok

        def read(self):
            if not plugged["on"]:
                return False, None
            return True, np.full((48, 64, 3), 7, np.uint8)

        def get(self, prop):
            return 0.0

        def release(self):
            pass

    sleeps = []

    def sleep(d):
        sleeps.append(d)
        if len(sleeps) == 40:  # 40 attempts later (minutes at 4 s each): plugged back
            plugged["on"] = True

    src = CaptureSource(0, capture_factory=Cam, max_retries=None, sleep=sleep)
    assert src.read() is not None
    plugged["on"] = False
    assert src.read() is not None  # blocks through 40 failed attempts, then resumes
    assert len(sleeps) == 40 and max(sleeps) == src.backoff_max_s
    assert src.status == "reconnected" or src.reconnects == 1


def test_retry_now_cuts_the_wait_short():
    class Never:
        def __init__(self, spec):
            pass

        def isOpened(self):
            return False

        def release(self):
            pass

    src = CaptureSource(0, capture_factory=Never, max_retries=None, backoff_s=30, backoff_max_s=30)
    t = threading.Thread(target=src.read, daemon=True)
    t.start()
    time.sleep(0.2)
    n = len([e for e in src.events if e.kind == "reconnecting"])
    src.retry_now()
    time.sleep(0.3)
    assert len([e for e in src.events if e.kind == "reconnecting"]) == n + 1  # tried again at once
    src.interrupt()
    t.join(2)
    assert not t.is_alive()
    src.close()


def test_bugcase_camera_replug_session_keeps_the_game_and_resumes(fakecam, tmp_path):
    """bugcases/camera-replug-no-recovery: the session's worker gave up after 5
    attempts and never picked the camera up again. Now: the live view says "camera
    lost: plug it back in" with a retry button, the game is kept, and frames come
    again when the camera is back."""
    from ui.games.penny_press.viewmodels.live import LiveVM

    fakecam.FakeV4L2.scene = demo_scene()  # a table (a plain grey picture is "dark": nothing to see)
    s = _session(tmp_path, settings=CameraSettings((640, 360)), reader=_SlowTimedReader(fakecam, 0.0))
    vm = LiveVM(s, "en")
    frames, msgs = [], []
    s.subscribe(lambda up: (frames.append(time.monotonic()) if up.frame is not None else None,
                            msgs.extend(m.text for m in up.messages)))
    s.start()
    try:
        assert _until(lambda: len(frames) > 3)
        assert s.camera_status == "ok" and s.camera_mode == CameraMode(640, 360, 30.0, "YUYV")
        fakecam.FakeV4L2.plugged = False
        assert _until(lambda: s.camera_status == "lost")
        assert vm.camera_lost() and "plug it back in" in vm.camera_lost_text()
        assert any("plug it back in" in m for m in msgs)
        time.sleep(1.0)
        t_back = time.monotonic()
        fakecam.FakeV4L2.plugged = True
        vm.retry_camera()  # the live screen's button
        assert _until(lambda: any(t > t_back for t in frames), 5.0)
        assert s.camera_status == "ok" and not vm.camera_lost()
        assert s.camera.alive
        assert any("back" in m.lower() for m in msgs)
        # the mode asked was granted (this camera only lacks a frame-rate control): no warning
        assert not any("camera gives" in m for m in msgs)
    finally:
        s.stop()
    assert not any(i.stop is False for i in fakecam.FakeV4L2.instances[-1:])  # released


def _until(cond, timeout=5.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.02)
    return cond()


# ------------------------------------------------------------- frame times

def test_variable_frame_rate_video_keeps_each_frames_own_time():
    """A phone video with a variable frame rate: its average fps says 30, its
    frames were taken at irregular times. Frame times come from each frame's own
    time stamp (CAP_PROP_POS_MSEC), not index / fps (up to seconds off)."""
    stamps_ms = [0.0, 33.3, 66.7, 1500.0, 1533.3, 3900.0, 3933.3]

    class VfrFile:
        def __init__(self, spec):
            self.i = -1

        def isOpened(self):
            return True

        def read(self):
            self.i += 1
            if self.i >= len(stamps_ms):
                return False, None
            return True, np.full((48, 64, 3), self.i, np.uint8)

        def get(self, prop):
            if prop == cv2.CAP_PROP_POS_MSEC:
                return stamps_ms[self.i]
            if prop == cv2.CAP_PROP_FPS:
                return 30.0
            return 0.0

        def release(self):
            pass

    src = CaptureSource("phone.mp4", capture_factory=VfrFile)
    ts = [f.t for f in src]
    assert ts == pytest.approx([m / 1000 for m in stamps_ms])


def test_real_video_file_times_are_its_time_stamps(tmp_path):
    path = str(tmp_path / "clip.avi")
    vw = cv2.VideoWriter(path, cv2.VideoWriter_fourcc(*"MJPG"), 8.0, (64, 48))
    for v in range(5):
        vw.write(np.full((48, 64, 3), v * 40, np.uint8))
    vw.release()
    assert [f.t for f in open_source(path)] == pytest.approx([0, 0.125, 0.25, 0.375, 0.5])


def test_camera_frame_time_is_the_capture_time_not_the_read_time():
    """V4L2 gives each buffer's capture time (monotonic); a frame read late keeps it."""
    captured = time.monotonic() - 0.4

    class Cam:
        def __init__(self, spec):
            pass

        def isOpened(self):
            return True

        def read(self):
            return True, np.zeros((48, 64, 3), np.uint8)

        def get(self, prop):
            return captured * 1000.0 if prop == cv2.CAP_PROP_POS_MSEC else 0.0

        def release(self):
            pass

    f = CaptureSource(0, capture_factory=Cam, settings=None).read()
    assert f.t == pytest.approx(captured, abs=1e-6)


def test_settings_view_model_lists_the_camera_modes(fakecam, tmp_path):
    from ui.viewmodels.settings import SettingsVM

    vm = SettingsVM(tmp_path / "settings.json")
    modes = vm.camera_modes(probe=lambda i: probe_modes(i, sizes=((1920, 1080), (640, 480))))
    assert modes[:2] == ["1920x1080 MJPG 30 fps", "1920x1080 YUYV 5 fps"]
    vm.settings = type(vm.settings)(**{**vm.settings.__dict__, "camera": None})
    assert vm.camera_modes() == []


def test_focus_and_exposure_are_asked_only_when_given_and_refusals_are_said(fakecam):
    events = []
    src = CaptureSource(0, capture_factory=fakecam.FakeV4L2, on_event=events.append,
                        settings=CameraSettings((640, 360), focus=40, exposure=120))
    assert src.read() is not None
    src.close()
    asked = {int(x[1]) for x in fakecam.FakeV4L2.log if x[0] == "set"}
    assert {cv2.CAP_PROP_AUTOFOCUS, cv2.CAP_PROP_FOCUS, cv2.CAP_PROP_EXPOSURE} <= asked
    said = " ".join(e.message for e in events if e.kind == "mode")
    assert "focus: not available" in said and "exposure: not available" in said  # this camera has none
    fakecam.FakeV4L2.log.clear()
    src = CaptureSource(0, capture_factory=fakecam.FakeV4L2, settings=CameraSettings((640, 360)))
    src.read()
    src.close()
    assert cv2.CAP_PROP_FOCUS not in {int(x[1]) for x in fakecam.FakeV4L2.log if x[0] == "set"}


def test_settings_choose_a_camera_mode_in_players_words_and_open_the_camera_in_it(fakecam, tmp_path):
    """Issue 11: the settings screen's rows name modes as players read them (no
    pixel format codes); the chosen one is saved and every camera opens in it."""
    from play import camera as session
    from ui.viewmodels.settings import SettingsVM

    vm = SettingsVM(tmp_path / "settings.json")
    rows = vm.camera_mode_rows(probe=lambda i: probe_modes(i, sizes=((3840, 2160), (1920, 1080))))
    labels = [label for _, label in rows]
    assert labels[0] == "4K (3840x2160), 30 frames per second"
    assert "Full HD (1920x1080), 30 frames per second" in labels
    assert not any("MJPG" in x or "YUYV" in x for x in labels)
    full_hd = next(text for text, label in rows if label.startswith("Full HD"))
    assert vm.update(camera_mode=full_hd)
    again = SettingsVM(tmp_path / "settings.json", "es")
    assert again.settings.camera_mode == full_hd
    assert "Full HD (1920x1080), 30 imágenes por segundo" in again.mode_report(CameraMode(1280, 720, 30.0, "MJPG"))
    assert "HD (1280x720)" in again.mode_report(CameraMode(1280, 720, 30.0, "MJPG")).splitlines()[1]
    before = session.DEFAULT_CAMERA_SETTINGS
    try:
        again.apply_camera_mode()
        src = CaptureSource(0, settings=session.DEFAULT_CAMERA_SETTINGS, max_retries=1)
        assert (src.read().image.shape[1], src.mode.width, src.mode.height) == (1920, 1920, 1080)
        src.close()
    finally:
        session.use_camera_settings(before)
    assert not vm.update(camera_mode="fourcc MJPG") and vm.settings.camera_mode == full_hd
