"""Hostile frames, image and video files (issue 17 part 2), each kind kept as a test:
a clear reason or a skipped frame, never an exception, and no giant decode. The
counted figures (through `companion scan`, with memory): benchmarks/reliability/frames.py."""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pytest

from benchmarks.reliability import frames as F
from vision.decode import DecodeError
from vision.pipeline import pipeline_for
from vision.sources import ArraySource, open_source

REFUSED = {"empty.png": "empty file (0 bytes)", "notes.png": "not a readable image",
           "1x1.png": "too small", "nan.tiff": "not a readable image", "huge.png": "too large",
           "half.png": "not a readable image", "empty.mp4": "empty file (0 bytes)",
           "notes.mp4": "not a video format that can be read"}
READ = ("good.png", "16bit.png", "16bit-grey.png", "bgra.png", "half.jpg", "cut.avi", "cut.mkv")


@pytest.fixture(scope="module")
def hostile_files(tmp_path_factory):
    return {p.name: p for _k, p in F.make_files(tmp_path_factory.mktemp("hostile"), random.Random(1))}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_an_unreadable_file_is_a_reported_bad_frame_with_its_reason(hostile_files, name):
    src = open_source(str(hostile_files[name]))
    assert list(src) == []
    said = " ".join(e.message for e in src.events)
    assert REFUSED[name] in said


@pytest.mark.parametrize("name", READ)
def test_odd_but_readable_files_give_8_bit_bgr_frames(hostile_files, name):
    frames = list(open_source(str(hostile_files[name])))
    assert frames and all(f.image.dtype == np.uint8 and f.image.shape[2] == 3 for f in frames)
    if name.startswith("cut."):  # a video that ends mid-frame ends cleanly, earlier
        assert 1 <= len(frames) < 8


def test_a_giant_picture_is_refused_from_its_header_before_decoding(tmp_path):
    from PIL import Image

    p = tmp_path / "big.png"
    Image.new("1", (9000, 9000)).save(p)  # 81 MP: over the frame limit, 1-bit on disk
    src = open_source(str(p))
    assert list(src) == [] and "too large (9000x9000 px" in src.events[-2].message


def test_hostile_arrays_are_refused_by_the_pipeline_with_the_reason():
    pipe = pipeline_for(None)
    for name, arr in F.hostile_arrays():
        if isinstance(arr, str):
            arr = np.zeros((16384, 16384, 3), np.uint8)  # untouched pages: no memory
        if name in ("4-channel (BGRA)", "grey"):
            continue
        with pytest.raises(DecodeError, match="not a usable frame"):
            pipe.process(arr, 0.0)
        src = ArraySource([arr])
        assert list(src) == [] and src.events[0].kind == "bad_frame", name
    snap, _ = pipe.process(F._base(), 0.1)  # the pipeline still reads a good frame after them
    assert snap is not None


def test_scan_names_the_file_and_why_it_cannot_be_read(hostile_files):
    r = subprocess.run([sys.executable, "-m", "companion.cli", "scan", str(hostile_files["notes.png"])],
                       capture_output=True, text=True)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert f"{hostile_files['notes.png']}: no frame could be read: not a readable picture or video" in r.stderr


def test_one_frame_that_breaks_the_reader_never_ends_the_sessions_camera(tmp_path):
    from ui.session import GameSession
    from ui.viewmodels import protocol as P

    class Reader:
        calls = 0

        def process(self, image, t):
            Reader.calls += 1
            if Reader.calls == 2:
                raise RuntimeError("decoder fell over")
            from companion.table import TableSnapshot
            from types import SimpleNamespace
            return TableSnapshot(t, (), frozenset(), still=False), SimpleNamespace(symbols=(), candidates=())

    cfg = P.SessionConfig(camera=None, journal_dir=str(tmp_path),
                          players=(P.PlayerSetup("red", "A", ""), P.PlayerSetup("blue", "B", "")))
    frames = [np.full((48, 64, 3), v, np.uint8) for v in (10, 20, 30, 40)]
    s = GameSession(cfg, reader=Reader(), source=ArraySource(frames))
    said = []
    s.subscribe(lambda up: said.extend(m.text for m in up.messages))
    s.camera.run()
    assert Reader.calls == 4 and s.frame_errors == 1
    assert said == ["decoder fell over"]


@pytest.mark.parametrize("text, line", [('{\n  "paper_mm": "wide",\n  "cut": "auto"\n}\n', 2),
                                        ('{\n  "paper_mm": 58,\n  "timeout_s": "many"\n}\n', 3),
                                        ('{\n  "paper_mm": 58,\n  "bogus": 1\n}\n', 3),
                                        ('{\n  "paper_mm": 58,\n  "cut": \n}\n', 4)])
def test_a_bad_printer_config_is_named_with_its_line(tmp_path, text, line):
    from printing.profiles import PrinterConfigError, load_config

    p = tmp_path / "printer.json"
    p.write_text(text)
    with pytest.raises(PrinterConfigError, match=rf"^{p}:{line}: "):
        load_config(p)
