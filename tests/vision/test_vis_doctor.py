"""`companion doctor` on the V4L2-like fake camera and a local fake printer."""

from __future__ import annotations

import io
import socket
import threading
from contextlib import redirect_stdout

import cv2
import pytest

from camera_fixtures import fakecam  # noqa: F401  (fixture)


def doctor(argv):
    from companion.cli import main

    buf = io.StringIO()
    with redirect_stdout(buf):
        try:
            rc = main(["doctor", *argv])
        except SystemExit as exc:
            rc = exc.code
    return rc or 0, buf.getvalue().splitlines()


class StatusListener:
    """A network printer on 127.0.0.1 answering DLE EOT 4 / 2 (paper, cover)."""

    def __init__(self, cover_open=False):
        self.cover_open = cover_open
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(4)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.stop = threading.Event()
        self.got = b""
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while not self.stop.is_set():
            try:
                c, _ = self.sock.accept()
            except OSError:
                continue
            c.settimeout(2)
            try:
                while True:
                    q = c.recv(3)
                    if not q:
                        break
                    self.got += q
                    if q == b"\x10\x04\x04":
                        c.sendall(b"\x12")
                    elif q == b"\x10\x04\x02":
                        c.sendall(bytes([0x12 | (0x04 if self.cover_open else 0)]))
            except OSError:
                pass
            c.close()

    def close(self):
        self.stop.set()
        self.sock.close()


def test_doctor_on_the_reference_camera_and_a_ready_printer(fakecam, tmp_path):
    cfg = tmp_path / "printer.json"
    cfg.write_text('{"paper_mm": 80}')  # TM-T20II: answers status
    srv = StatusListener()
    try:
        rc, lines = doctor(["--camera", "0", "--printer", f"tcp://127.0.0.1:{srv.port}", "--config", str(cfg)])
    finally:
        srv.close()
    text = "\n".join(lines)
    mode = next(x for x in lines if "camera 0 mode" in x)
    assert mode.startswith("OK") and "3840x2160 MJPG 30 fps" in mode
    ppm = float(mode.split(" px per module")[0].split()[-1])
    assert 3.0 <= ppm < 4.0  # 1.3 mm modules, 4K straight down from 1.1 m, 72 deg (docs/calibration.md: 3.1)
    assert any(x.startswith("OK") and "modes 3840x2160 MJPG" in x for x in lines)
    assert "OK    printer: tcp://127.0.0.1" in text and "paper loaded, cover closed" in text
    assert b"\x10\x04\x04" in srv.got and b"\x1b@" not in srv.got  # asked, never printed
    assert rc == 0, text


def test_doctor_says_what_to_change(fakecam, tmp_path):
    class Only1080(fakecam.FakeV4L2):
        def set(self, prop, value):
            ok = super().set(prop, value)
            self.w, self.h = min(self.w, 1920), min(self.h, 1080)
            return ok

    cv2.VideoCapture = Only1080  # the fixture puts the real one back
    cfg = tmp_path / "printer.json"
    cfg.write_text('{"paper_mm": 80}')
    srv = StatusListener(cover_open=True)
    try:
        rc, lines = doctor(["--camera", "0", "--no-probe", "--printer", f"tcp://127.0.0.1:{srv.port}",
                            "--config", str(cfg)])
    finally:
        srv.close()
    mode = next(x for x in lines if "camera 0 mode" in x)
    assert mode.startswith("FIX") and "1920x1080" in mode and "asked 3840x2160" in mode
    assert "--size large" in mode and "calibrate table 0" in mode
    assert any(x.startswith("FIX") and "cover open" in x for x in lines)
    assert rc == 1
    fakecam.FakeV4L2.plugged = False  # nothing at that index
    rc, lines = doctor(["--camera", "7", "--no-probe", "--printer", "preview"])
    assert any(x.startswith("FIX") and "camera 7" in x and "does not open" in x for x in lines)
