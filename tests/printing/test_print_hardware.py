"""Printers as they really fail (issue 11; ../shared/bugcases):

- tcp-printer-silent-lost-job: a network printer that loses power mid-job (no FIN,
  no RST) must leave the job queued, not "printed";
- printer-permission-denied-misreported: a device the user may not open is named as
  a permission problem with its fix (udev rule / group), not retried as "off";
- kinds without an input there: USB "Access denied" from pyusb, serial ports,
  paper-out / cover-open from ESC/POS real-time status (DLE EOT), a profile without
  raster support (column image mode), each player's paper name on the receipt.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import threading
import time

import numpy as np
import pytest
from PIL import Image, ImageDraw

from print_helpers import decode, free_port, same_pixels, wait_for
from printing.escpos_raster import escpos_bytes, image_mode
from printing.profiles import PrinterConfig
from printing.transports import PrinterPermissionError, PrinterUnavailable, answers_status, parse_target, send
from printing.queue import DONE, FAILED, PENDING, PrintQueue
from shared_data import shared_dir


def page(width=384, height=300):
    img = Image.new("1", (width, height), 255)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, width - 1, height - 1], outline=0)
    d.line([0, 0, width - 1, height - 1], fill=0)
    d.ellipse([40, 40, 200, 170], fill=0)
    return img


def bugcase(name: str):
    return shared_dir() / "bugcases" / name


# ---------------------------------------------------------------- network: lost job

@pytest.mark.parametrize("taken", [0, 8192])
def test_bugcase_tcp_printer_that_loses_power_mid_job_keeps_the_job(tmp_path, taken):
    """bugcases/tcp-printer-silent-lost-job: the printer (4 KB receive buffer) takes
    ``taken`` bytes and goes silent. Before the fix the job was "printed"."""
    port = free_port()
    out = tmp_path / "printer.json"
    dead = subprocess.Popen([sys.executable, str(bugcase("tcp-printer-silent-lost-job") / "dead_printer.py"),
                             str(port), str(taken), str(out), "15"])
    try:
        assert wait_for(lambda: _listening(port), 10)
        cfg = PrinterConfig(timeout_s=1.0, close_wait_s=0.5)
        data = escpos_bytes(page(384, 800), cfg)  # ~40 kB, like the sample game's receipt
        assert len(data) > 30_000
        q = PrintQueue(tmp_path / "q", backoff_s=60)
        job = q.submit(f"tcp://127.0.0.1:{port}", data, cfg, title="final")
        reports = q.process()
        assert [r.outcome for r in reports] == ["retry"]
        assert "stopped taking the job" in reports[0].error
        assert q.get(job.id).state == PENDING
    finally:
        dead.kill()
        dead.wait()


def _listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), 0.2).close()
        return True
    except OSError:
        return False


# ---------------------------------------------------------------- permissions

def test_bugcase_printer_device_without_permission_is_named_with_its_fix(tmp_path):
    """bugcases/printer-permission-denied-misreported: a device node owned by
    someone else, mode 600, opened by a user without the right to it. As root the
    case is rebuilt exactly (mknod + setpriv dropping the permission override); as
    an ordinary user a file with mode 000 stands in for it."""
    root = os.geteuid() == 0 and shutil.which("setpriv") and shutil.which("mknod")
    dev = tmp_path / "lp0"
    if root:
        tmp_path.chmod(0o755)
        subprocess.run(["mknod", str(dev), "c", "1", "3"], check=True)
        subprocess.run(["chown", "nobody", str(dev)], check=True)
        dev.chmod(0o600)
        prefix = ["setpriv", "--bounding-set=-dac_override,-dac_read_search",
                  "--inh-caps=-dac_override,-dac_read_search"]
    else:
        dev.write_bytes(b"")
        dev.chmod(0)
        prefix = []
    code = ("import sys\nfrom printing.transports import send, PrinterPermissionError\nfrom printing.profiles import PrinterConfig\n"
            "try:\n    send(sys.argv[1], b'\\x1b@', PrinterConfig())\n"
            "except PrinterPermissionError as e:\n    print('PERMISSION', e); sys.exit(5)\n")
    r = subprocess.run(prefix + [sys.executable, "-c", code, f"file:{dev}"], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 5, r.stdout + r.stderr
    assert "permission denied" in r.stdout and "usermod -aG lp" in r.stdout
    assert "switch the printer on" not in r.stdout
    # `companion print` checks a file: target before queuing: the same advice there
    code = ("import sys\nfrom printing.transports import check_target, parse_target\nfrom companion.errors import "
            "CompanionError\ntry:\n    check_target(parse_target(sys.argv[1]))\n"
            "except CompanionError as e:\n    print('REFUSED', e); sys.exit(5)\n")
    r = subprocess.run(prefix + [sys.executable, "-c", code, f"file:{dev}"], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 5, r.stdout + r.stderr
    assert "permission denied" in r.stdout and "usermod -aG lp" in r.stdout
    assert "job is kept" not in r.stdout


def test_permission_denied_fails_the_job_once_and_keeps_it(tmp_path):
    """The queue does not retry a permission problem as if the printer were off:
    the job is failed (kept on disk, --retry puts it back) with the fix named."""
    def sender(target, payload, cfg):
        raise PrinterPermissionError("usb:0416:5011: permission denied: ... udev rule ...")

    q = PrintQueue(tmp_path, sender=sender)
    job = q.submit("usb:0416:5011", b"\x1b@", PrinterConfig())
    reports = q.drain(timeout_s=5)
    assert [r.outcome for r in reports] == ["failed"]
    assert q.get(job.id).state == FAILED and "udev rule" in q.get(job.id).last_error
    assert q.retry(job.id).state == PENDING


def test_usb_access_denied_names_the_udev_rule(monkeypatch):
    """python-escpos turns pyusb's "Access denied (insufficient permissions)" into
    DeviceNotFoundError (escpos/printer/usb.py): it must not read as "printer off"."""
    from escpos.exceptions import DeviceNotFoundError
    from escpos.printer import Usb

    def denied(self, raise_not_found=True):
        raise DeviceNotFoundError("Unable to open USB printer on (1046, 20497):\n"
                                  "[Errno 13] Access denied (insufficient permissions)")

    monkeypatch.setattr(Usb, "is_usable", staticmethod(lambda: True))
    monkeypatch.setattr(Usb, "open", denied)
    with pytest.raises(PrinterPermissionError) as err:
        send("usb:0416:5011", b"\x1b@", PrinterConfig())
    text = str(err.value)
    assert 'ATTRS{idVendor}=="0416"' in text and 'ATTRS{idProduct}=="5011"' in text
    assert "usermod -aG lp" in text
    # a USB printer that is simply not plugged in stays "unavailable" (retried)
    monkeypatch.setattr(Usb, "open", lambda self, raise_not_found=True: (_ for _ in ()).throw(
        DeviceNotFoundError("Unable to open USB printer on (1046, 20497):\nDevice not found")))
    with pytest.raises(PrinterUnavailable):
        send("usb:0416:5011", b"\x1b@", PrinterConfig())


def test_serial_port_without_permission_names_its_group(monkeypatch, tmp_path):
    port = tmp_path / "ttyUSB0"
    port.write_bytes(b"")
    port.chmod(0o660)
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if str(p) == str(port)
                        else real_access(p, mode, **kw))
    with pytest.raises(PrinterPermissionError, match="permission denied") as err:
        send(f"serial:{port}", b"\x1b@", PrinterConfig())
    assert str(port) in str(err.value) and "usermod -aG" in str(err.value)


# ---------------------------------------------------------------- real-time status

class StatusPrinter:
    """A network printer on 127.0.0.1 that answers ESC/POS real-time status
    (DLE EOT 2 and 4) from its current ``paper`` / ``cover`` state, wherever the
    query falls in the stream, and records the print data. ``run_out_after``: bytes
    of print data after which the paper runs out (None: never)."""

    def __init__(self, paper=True, cover_closed=True, run_out_after=None):
        self.paper, self.cover_closed, self.run_out_after = paper, cover_closed, run_out_after
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(4)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.jobs: list[bytes] = []
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    @property
    def target(self):
        return f"tcp://127.0.0.1:{self.port}"

    def _answer(self, n: int) -> bytes:
        if n == 4:
            return bytes([0x12 | (0 if self.paper else 0x60)])
        return bytes([0x12 | (0 if self.cover_closed else 0x04) | (0 if self.paper else 0x20)])

    def _serve(self):
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except (TimeoutError, OSError):
                continue
            conn.settimeout(5)
            data, buf = bytearray(), b""
            try:
                while True:
                    chunk = conn.recv(65536)
                    if not chunk:
                        break
                    buf += chunk
                    while True:
                        i = buf.find(b"\x10\x04")
                        if i < 0 or i + 2 >= len(buf):
                            keep = buf[-2:] if buf.endswith(b"\x10") or buf.endswith(b"\x10\x04") else b""
                            data += buf[:len(buf) - len(keep)]
                            buf = keep
                            break
                        data += buf[:i]
                        conn.sendall(self._answer(buf[i + 2]))
                        buf = buf[i + 3:]
                    if self.run_out_after is not None and len(data) >= self.run_out_after:
                        self.paper = False
            except OSError:
                pass
            self.jobs.append(bytes(data))
            conn.close()

    def close(self):
        self._stop.set()
        self.thread.join(2)
        self.sock.close()


def test_epson_profile_asks_status_and_a_cheap_clone_is_not_sent_queries():
    assert answers_status(PrinterConfig(paper_mm=80))          # TM-T20II (Epson)
    assert not answers_status(PrinterConfig(paper_mm=58))      # POS-5890 clone
    assert answers_status(PrinterConfig(paper_mm=58, paper_check=True))
    assert not answers_status(PrinterConfig(paper_mm=80, paper_check=False))


@pytest.mark.parametrize("state,reason", [
    (dict(cover_closed=False), "cover open"),
    (dict(paper=False), "out of paper"),
])
def test_cover_open_or_no_paper_keeps_the_job_with_the_reason(tmp_path, state, reason):
    srv = StatusPrinter(**state)
    try:
        cfg = PrinterConfig(paper_mm=80, timeout_s=10, status_timeout_s=10)  # answered at once: no cost
        q = PrintQueue(tmp_path, backoff_s=60)
        job = q.submit(srv.target, escpos_bytes(page(576), cfg), cfg)
        reports = q.process()
        assert [r.outcome for r in reports] == ["retry"] and reason in reports[0].error
        assert q.get(job.id).state == PENDING
        # the printer fixed: the job prints, whole
        srv.paper, srv.cover_closed = True, True
        q.retry(job.id)
        assert [r.outcome for r in q.process()] == ["printed"]
        assert wait_for(lambda: any(decode(j).image is not None for j in srv.jobs))
        printed = [decode(j) for j in srv.jobs if decode(j).image is not None]
        assert len(printed) == 1 and same_pixels(printed[0].image, page(576))
    finally:
        srv.close()


def test_paper_running_out_during_the_job_is_not_printed(tmp_path):
    cfg = PrinterConfig(paper_mm=80, timeout_s=10, status_timeout_s=10)  # answered at once: no cost
    data = escpos_bytes(page(576, 600), cfg)
    srv = StatusPrinter(run_out_after=len(data) // 2)
    try:
        q = PrintQueue(tmp_path, backoff_s=60)
        job = q.submit(srv.target, data, cfg)
        reports = q.process()
        assert [r.outcome for r in reports] == ["retry"]
        assert "out of paper" in reports[0].error and "during the job" in reports[0].error
        assert q.get(job.id).state == PENDING
    finally:
        srv.close()


# ---------------------------------------------------------------- column image mode

def _decode_columns(data: bytes, width: int, m: int = 33) -> Image.Image:
    """Rebuild the picture from ESC * m stripes (33: 24-dot, 1: 8-dot; double
    density horizontally)."""
    dots = 24 if m & 32 else 8
    i, stripes = 0, []
    assert data[:2] == b"\x1b@"
    i = 2
    while i < len(data):
        if data[i:i + 3] == b"\x1b3\x10" or data[i:i + 2] == b"\x1b2":
            i += 3 if data[i + 1] == ord("3") else 2
        elif data[i:i + 2] == b"\x1b*":
            got, nl, nh = data[i + 2], data[i + 3], data[i + 4]
            assert got == m, f"ESC * {m} expected, got {got}"
            n = nl + 256 * nh
            assert n == width
            k = dots // 8
            body = np.frombuffer(data[i + 5:i + 5 + k * n], np.uint8).reshape(n, k)
            bits = np.unpackbits(body, axis=1)  # (columns, dots) top bit first
            stripes.append(bits.T)
            assert data[i + 5 + k * n] == 0x0A
            i += 6 + k * n
        elif data[i:i + 2] == b"\x1bd":
            i += 3
        else:
            raise AssertionError(f"unexpected byte {data[i]:#04x} at {i}")
    bits = np.vstack(stripes)
    return Image.fromarray(np.where(bits == 1, 0, 255).astype(np.uint8)).convert("1")


def test_profile_without_raster_prints_in_column_image_mode():
    """TM-U220 (9-pin dot matrix: no bitImageRaster, no highDensity) has no GS v 0:
    the page goes as ESC * 1 columns (8-dot stripes, never the 24-dot ESC * 33), and
    those columns are the page, dot for dot; a darkness setting is refused (no GS ( K)."""
    from printing.profiles import PrinterConfigError

    assert image_mode("TM-U220") == "bitImageColumn" and image_mode("POS-5890") == "bitImageRaster"
    img = page(384, 1000)  # taller than python-escpos's 960-dot fragment
    data = escpos_bytes(img, PrinterConfig(paper_mm=58, profile="TM-U220"))
    assert b"\x1dv0" not in data and b"\x1b*\x01" in data and b"\x1b*\x21" not in data
    assert b"\x1d(K" not in data
    with pytest.raises(PrinterConfigError, match="impact"):
        PrinterConfig(paper_mm=58, profile="TM-U220", darkness=2)
    got = _decode_columns(data, 384, m=1)
    assert got.height >= 1000 and same_pixels(got.crop((0, 0, 384, 1000)), img)
    assert not np.asarray(got.convert("L"))[1000:].min(initial=255) == 0  # padding is white
    # a raster profile is unchanged: GS v 0 only
    assert b"\x1b*" not in escpos_bytes(img, PrinterConfig(paper_mm=58))


# ---------------------------------------------------------------- paper names

def test_receipt_carries_each_players_own_paper_name(monkeypatch):
    from companion.games import penny_press as pp
    from companion.games.penny_press.catalog import load_catalog
    from printing.games.penny_press import layout  # its Canvas is printing.layout's
    from printing.games.penny_press.documents import PressLine, RankLine, ReceiptDoc, receipt_doc

    players = [pp.PlayerSpec("red", "Ana", "La Voz de Ana"), pp.PlayerSpec("blue", "Bo", "")]
    cards = sorted(load_catalog().headline_cards)[:2]
    state = pp.new_game(players, cards, 0, False)
    assert dict(receipt_doc(state, "en", "g1", player=0).papers) == {"red": "La Voz de Ana"}

    drawn: list[str] = []
    real_para = layout.Canvas.para

    def spy(self, text, *a, **kw):
        drawn.append(text)
        return real_para(self, text, *a, **kw)

    monkeypatch.setattr(layout.Canvas, "para", spy)
    ranking = (RankLine(1, "red", 40, 7), RankLine(2, "blue", 30, 5))
    presses = (PressLine("red", 1, 12), PressLine("blue", 1, 7))
    papers = (("red", "La Voz de Ana"),)
    layout.render_receipt(ReceiptDoc("g1", presses, (), ranking, player="red", papers=papers), 384)
    assert "La Voz de Ana" in drawn  # her own paper, not "The Red Herald"
    assert not any("Red Herald" in t for t in drawn)
    drawn.clear()
    layout.render_receipt(ReceiptDoc("g1", presses, (), ranking, papers=papers), 384)
    assert "La Voz de Ana" in drawn and any("Blue Herald" in t for t in drawn)
