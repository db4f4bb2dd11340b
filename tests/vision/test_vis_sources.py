"""Frame sources: bad frames, vanishing cameras, ending videos, folders, latest-frame reader."""

from __future__ import annotations

import time

import cv2
import numpy as np
import pytest

from vision.sources import (ArraySource, CaptureSource, LatestFrameReader, SourceError,
                            check_image, open_source)


def img(v=128, h=48, w=64):
    return np.full((h, w, 3), v, np.uint8)


class FakeCapture:
    """A cv2.VideoCapture stand-in: a script of reads; 'drop' = read fails."""

    def __init__(self, script, opens=True):
        self.script = list(script)
        self.opens = opens
        self.released = False

    def isOpened(self):
        return self.opens and not self.released

    def read(self):
        if not self.script:
            return False, None
        item = self.script.pop(0)
        if isinstance(item, str) and item == "drop":
            return False, None
        if isinstance(item, str) and item == "raise":
            raise RuntimeError("usb gone")
        return True, item

    def get(self, prop):
        return 25.0

    def release(self):
        self.released = True


def test_check_image_reasons():
    assert check_image(img()) is None
    assert check_image(None) == "no image"
    assert check_image(np.zeros((0, 0, 3), np.uint8)) == "empty"
    assert "dtype" in check_image(np.zeros((20, 20, 3), np.float32))
    assert "shape" in check_image(np.zeros((20, 20, 2), np.uint8))
    assert "too small" in check_image(np.zeros((2, 2, 3), np.uint8))


def test_array_source_skips_and_reports_bad_frames():
    events = []
    src = ArraySource([img(1), None, np.zeros((0, 5, 3), np.uint8), "junk", img(2)],
                      fps=10, on_event=events.append)
    frames = list(src)
    assert [f.image[0, 0, 0] for f in frames] == [1, 2]
    assert [f.index for f in frames] == [0, 1]
    # t follows the raw stream: the good frames were the 1st and 5th of 10 fps
    assert frames[0].t == 0.0 and frames[1].t == pytest.approx(0.4)
    assert src.bad_frames == 3
    assert [e.kind for e in events].count("bad_frame") == 3
    assert events[-1].kind == "ended"


def test_grey_and_bgra_frames_become_bgr():
    frames = list(ArraySource([np.full((10, 12), 7, np.uint8),
                               np.full((10, 12, 4), 9, np.uint8)]))
    assert all(f.image.shape == (10, 12, 3) for f in frames)


def test_camera_drop_reconnects_with_backoff():
    caps = [FakeCapture([img(1), "drop"]), FakeCapture([], opens=False),
            FakeCapture([img(2), img(3)])]
    made, sleeps = [], []

    def factory(spec):
        made.append(spec)
        return caps.pop(0) if caps else FakeCapture([], opens=False)

    src = CaptureSource(0, capture_factory=factory, sleep=sleeps.append, max_retries=3,
                        backoff_s=0.25)
    got = []
    for f in src:
        got.append(int(f.image[0, 0, 0]))
        if len(got) == 3:
            break
    assert got == [1, 2, 3]
    assert sleeps == [0.25, 0.5]  # exponential backoff: 1st attempt fails, 2nd works
    kinds = [e.kind for e in src.events]
    assert "dropped" in kinds and "reconnected" in kinds
    assert src.reconnects == 1


def test_camera_that_never_opens_gives_up_without_raising():
    sleeps = []
    src = CaptureSource(7, capture_factory=lambda s: FakeCapture([], opens=False),
                        sleep=sleeps.append, max_retries=4, backoff_s=1, backoff_max_s=3)
    assert list(src) == []
    assert src.status == "gave_up"
    assert sleeps == [1, 2, 3, 3]


def test_camera_read_raising_is_a_drop_and_bounded():
    n = {"made": 0}

    def factory(spec):
        n["made"] += 1
        return FakeCapture(["raise"] * 100)

    src = CaptureSource(0, capture_factory=factory, sleep=lambda s: None, max_retries=2)
    assert list(src) == []
    assert src.status == "gave_up"
    assert n["made"] <= 4  # bounded, not a storm


def test_camera_index_that_does_not_exist_real_opencv():
    # index 99 has no device here: OpenCV fails to open; the source gives up quietly
    src = open_source(99, sleep=lambda s: None, max_retries=1)
    assert list(src) == []
    assert src.status == "gave_up"


def test_video_ends_cleanly(tmp_path):
    path = str(tmp_path / "clip.avi")
    vw = cv2.VideoWriter(path, cv2.VideoWriter_fourcc(*"MJPG"), 10.0, (64, 48))
    assert vw.isOpened()
    for v in (40, 120, 200):
        vw.write(img(v))
    vw.release()
    src = open_source(path)
    frames = list(src)
    assert len(frames) == 3
    assert abs(int(frames[2].image.mean()) - 200) < 10
    assert frames[1].t == pytest.approx(0.1)
    assert src.status == "ended"
    assert list(src) == []  # reading past the end stays ended


def test_video_reading_garbage_file_ends(tmp_path):
    path = tmp_path / "broken.mp4"
    path.write_bytes(b"\x00garbage" * 100)
    src = open_source(str(path))
    assert list(src) == []
    assert src.status == "ended"


def test_image_folder_skips_corrupted_files(tmp_path):
    cv2.imwrite(str(tmp_path / "a.png"), img(10))
    (tmp_path / "b.png").write_bytes(b"not a png")
    cv2.imwrite(str(tmp_path / "c.jpg"), img(200))
    (tmp_path / "notes.txt").write_text("ignored")
    src = open_source(str(tmp_path))
    frames = list(src)
    assert [f.name.rsplit("/", 1)[-1] for f in frames] == ["a.png", "c.jpg"]
    assert src.bad_frames == 1
    assert list(open_source(str(tmp_path / "*.jpg")))[0].name.endswith("c.jpg")


def test_open_source_errors(tmp_path):
    with pytest.raises(SourceError, match="no such file"):
        open_source(str(tmp_path / "missing.png"))
    (tmp_path / "x.txt").write_text("x")
    with pytest.raises(SourceError, match="not an image or video"):
        open_source(str(tmp_path / "x.txt"))
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(SourceError, match="no image files"):
        open_source(str(empty))


def test_latest_frame_reader_drops_old_frames():
    class Slow(ArraySource):
        def _next_raw(self):
            time.sleep(0.002)
            return super()._next_raw()

    src = Slow([img(i) for i in range(60)])
    reader = LatestFrameReader(src)
    time.sleep(0.05)
    got = [int(f.image[0, 0, 0]) for f in reader]
    reader.close()
    assert got == sorted(got) and got[-1] == 59  # always newer, last one delivered
    assert reader.dropped > 0 and len(got) + reader.dropped == 60


def test_a_jpeg_cut_short_is_read_and_reported(tmp_path, capsys):
    """A JPEG that ends early still decodes (grey at the bottom); the source says so
    (``damaged``) and `companion scan` prints it, while a whole photo, even one that
    carries a thumbnail JPEG of its own (an EXIF-style APP1 segment), says nothing."""
    import json

    from companion.cli import main

    rng = np.random.default_rng(3)
    noisy = rng.integers(0, 255, (240, 320, 3), dtype=np.uint8)
    ok, whole = cv2.imencode(".jpg", noisy)
    ok, thumb = cv2.imencode(".jpg", noisy[::8, ::8])
    whole, thumb = whole.tobytes(), thumb.tobytes()
    app1 = b"\xff\xe1" + (len(thumb) + 2).to_bytes(2, "big") + thumb
    camera_like = whole[:2] + app1 + whole[2:]
    (tmp_path / "a.jpg").write_bytes(camera_like)
    (tmp_path / "b.jpg").write_bytes(camera_like[: len(camera_like) * 2 // 3])
    events = []
    src = open_source(str(tmp_path), on_event=events.append)
    frames = list(src)
    assert len(frames) == 2  # the cut one is still read: its top may hold tags
    damaged = [e.message for e in events if e.kind == "damaged"]
    assert len(damaged) == 1 and "b.jpg" in damaged[0] and "cut short" in damaged[0]
    assert main(["scan", str(tmp_path / "b.jpg"), str(tmp_path / "a.jpg")]) == 0
    lines = [json.loads(ln) for ln in capsys.readouterr().out.splitlines()]
    assert [ln["source"].rsplit("/", 1)[-1] for ln in lines if ln.get("event") == "damaged"] == ["b.jpg"]
