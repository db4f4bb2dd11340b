"""A job is printed only when the printer took all of it (issue 26, item 4):

- serial flow control (bugcases/serial-no-flow-control): XON/XOFF honoured, a pause
  shorter than ``timeout_s`` loses nothing, a longer one keeps the job (printed again
  whole once the printer is back), ``flow=none`` with a printer that sends XOFF keeps
  the job and names the fix; the setting on the target and in the config;
- real-time status: an answer is read as soon as its byte arrives, and one that is
  not an ESC/POS status byte is "status not understood", never paper out or cover
  open (network and serial);
- network printers that accept and never read, even when the job fits their buffers
  (bugcases/tcp-printer-silent-lost-job), that read slowly, that keep connections
  open; device files that stop taking data.

The fakes: tests/printing/print_helpers.py (SerialPrinter on a pseudo-terminal,
FakePrinter on 127.0.0.1). Deadlines in the configs are short constants where the
outcome does not depend on them (a printer that never answers) and long where a
prompt printer must not be judged late.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest

from print_helpers import FakePrinter, SerialPrinter, free_port
from printing.profiles import PrinterConfig, PrinterConfigError, load_config, save_config
from printing.queue import DONE, PENDING, PrintQueue
from printing.status import FIXED_BITS, FIXED_MASK, is_status_byte, status_problem
from printing.transports import PrinterUnavailable, parse_target, printer_status, send
from shared_data import shared_dir


def job_bytes(tag: str, n: int = 40_000) -> bytes:
    """A job of ``n`` bytes that no other job contains (no 0x10: no status query in it)."""
    body = (f"[{tag}]".encode() * (n // (len(tag) + 2) + 1))[:n]
    return b"\x1b@" + body + b"\x1dV\x00"


def times_in(stream: bytes, job: bytes) -> int:
    return bytes(stream).count(job)


# ---------------------------------------------------------------- status bytes

def test_status_bytes_are_told_by_their_fixed_bits():
    # Epson's DLE EOT: bits 0 and 7 off, 1 and 4 on, in every answer (n = 1..4)
    assert (FIXED_MASK, FIXED_BITS) == (0x93, 0x12)
    good = [b for b in range(256) if is_status_byte(b)]
    assert len(good) == 16 and 0x12 in good and 0x72 in good and 0x16 in good
    assert not any(is_status_byte(b) for b in (0x00, 0xFF, 0x41, 0x11, 0x13, 0x10, 0x80))


@pytest.mark.parametrize("raw", [b for b in range(256) if not (b & 0x93) == 0x12])
def test_a_byte_that_is_no_status_is_never_a_paper_or_cover_fault(raw):
    byte = bytes([raw])
    assert status_problem(byte, byte) == ""
    assert status_problem(b"\x12", byte) == "" and status_problem(byte, b"\x12") == ""


def test_status_bytes_say_paper_and_cover():
    assert "out of paper" in status_problem(b"\x72", None)
    assert "cover open" in status_problem(b"\x12", b"\x16")
    assert "out of paper" in status_problem(b"\x12", b"\x32")
    assert status_problem(b"\x12", b"\x12") == "" and status_problem(None, None) == ""


# ---------------------------------------------------------------- flow control: settings

def test_flow_control_on_the_target_and_in_the_config(tmp_path):
    s = parse_target("serial:/dev/ttyUSB0:19200:XONXOFF")
    assert (s.path, s.baud, s.flow, str(s)) == ("/dev/ttyUSB0", 19200, "xonxoff",
                                                "serial:/dev/ttyUSB0:19200:xonxoff")
    assert parse_target("serial:/dev/ttyUSB0:rtscts").flow == "rtscts"
    assert parse_target("serial:/dev/ttyUSB0").flow == ""  # the config's
    by_path = "/dev/serial/by-path/pci-0000:00:14.0-usb-0:2:1.0"
    assert parse_target(f"serial:{by_path}:none").path == by_path
    for bad in ("serial:/dev/ttyUSB0:9600:xon", "serial:/dev/ttyUSB0:-5", "serial::9600"):
        with pytest.raises(PrinterConfigError, match="xonxoff"):
            parse_target(bad)
    assert PrinterConfig().flow == "xonxoff" and PrinterConfig(flow=" RtsCts ").flow == "rtscts"
    with pytest.raises(PrinterConfigError, match="flow='hardware'"):
        PrinterConfig(flow="hardware")
    path = tmp_path / "printer.json"
    save_config(PrinterConfig(flow="rtscts"), path)
    assert load_config(path).flow == "rtscts"


def test_printer_config_command_sets_the_flow_control(tmp_path, capsys):
    from companion.cli import main

    path = tmp_path / "p.json"
    assert main(["printer-config", "--config", str(path), "flow=none"]) == 0
    assert load_config(path).flow == "none"
    assert main(["printer-config", "--config", str(path), "flow=sometimes"]) == 1
    assert "xonxoff, rtscts, none" in capsys.readouterr().err


# ---------------------------------------------------------------- flow control: serial

def test_a_pause_the_printer_asks_for_loses_nothing(tmp_path):
    """XON/XOFF (the default): the printer runs out of paper mid-job, its buffer fills,
    it sends XOFF; paper is loaded while the job waits: every byte arrives, none lost,
    printed once."""
    prn = SerialPrinter(paper_after=3_000)
    try:
        job = job_bytes("pause")
        threading.Thread(target=lambda: prn.paused.wait(60) and prn.load_paper(), daemon=True).start()
        q = PrintQueue(tmp_path, backoff_s=60)
        rec = q.submit(prn.target(), job, PrinterConfig(timeout_s=60))
        assert [r.outcome for r in q.process()] == ["printed"]
        assert prn.xoffs >= 1 and prn.dropped == 0
        assert times_in(prn.stream, job) == 1 and q.get(rec.id).state == DONE
    finally:
        prn.close()


def test_a_pause_held_past_the_limit_keeps_the_job_then_it_prints_whole(tmp_path):
    prn = SerialPrinter(paper_after=3_000)
    try:
        job = job_bytes("held")
        q = PrintQueue(tmp_path, backoff_s=60)
        rec = q.submit(prn.target(), job, PrinterConfig(timeout_s=0.3))
        reports = q.process()
        assert [r.outcome for r in reports] == ["retry"] and q.get(rec.id).state == PENDING
        assert "paused (XOFF)" in reports[0].error and "kept" in reports[0].error
        assert times_in(prn.stream, job) == 0
        prn.load_paper()
        q.retry(rec.id)
        assert [r.outcome for r in q.process()] == ["printed"]
        assert times_in(prn.stream, job) == 1 and prn.dropped == 0
    finally:
        prn.close()


def test_flow_none_with_a_printer_that_sends_xoff_keeps_the_job_and_names_the_fix(tmp_path):
    """The printer uses XON/XOFF, the host was told flow=none: its XOFF arrives as a
    byte; the job is kept (bytes past the printer's buffer would be lost)."""
    prn = SerialPrinter(cap=4096, high=3584, low=1024, paper_after=1_000)
    try:
        q = PrintQueue(tmp_path, backoff_s=60)
        job = job_bytes("none")
        rec = q.submit(prn.target(flow="none"), job, PrinterConfig(timeout_s=5))
        reports = q.process()
        assert [r.outcome for r in reports] == ["retry"]
        assert "XOFF" in reports[0].error and "flow=xonxoff" in reports[0].error
        # the job is sent again with the printer's flow control, once it is back
        kept = q.get(rec.id)
        assert kept.target.endswith(":xonxoff") and kept.config["flow"] == "xonxoff"
        prn.load_paper()
        q.retry(rec.id)
        assert [r.outcome for r in q.process()] == ["printed"] and times_in(prn.stream, job) == 1
    finally:
        prn.close()
    prn = SerialPrinter(cap=4096, high=3584, low=1024, paper_after=1_000)
    try:  # the config's flow=none does the same
        q2 = PrintQueue(tmp_path / "q2", backoff_s=60)
        q2.submit(prn.target(), job_bytes("none2"), PrinterConfig(timeout_s=5, flow="none"))
        assert [r.outcome for r in q2.process()] == ["retry"]
    finally:
        prn.close()


def test_the_bugcase_fake_serial_printer_gets_every_byte(tmp_path):
    """bugcases/serial-no-flow-control's own printer (4 KB buffer, XOFF at 3.5 KB, out
    of paper mid-job): the front page arrives whole, printed once. The paper comes
    back after 3 s here (8 s in the case), within the pause allowed.

    The fake is a pseudo-terminal read by a Python loop at 115200 baud's pace: on a
    busy machine that loop falls behind, and what piled up in the pty (a wire has no
    such pile) arrives past its XOFF. The job is sent at 38400 baud's pace, so the
    fake can always catch up: the flow control is what is tested, not the machine."""
    fake = shared_dir() / "bugcases" / "serial-no-flow-control" / "fakeserial.py"
    tally = tmp_path / "tally.json"
    env = dict(os.environ, PAPER_AT="3000", RELOAD_S="3")
    proc = subprocess.Popen([sys.executable, str(fake), str(tally), "60"], stdout=subprocess.PIPE,
                            text=True, env=env)
    try:
        dev = proc.stdout.readline().strip()
        job = job_bytes("bugcase", 20_000)
        send(f"serial:{dev}:38400", job, PrinterConfig(timeout_s=30))
        proc.wait(90)
        import json

        st = json.loads(tally.read_text())
        assert st["xoff_sent"] >= 1 and st["dropped"] == 0 and st["kept"] == len(job)
    finally:
        proc.kill()
        proc.wait()


def test_serial_status_answers_are_taken_as_they_arrive_and_garbage_is_no_fault(tmp_path):
    prn = SerialPrinter(status="ok")
    try:
        job = job_bytes("status", 5_000)
        send(prn.target(), job, PrinterConfig(paper_check=True, status_timeout_s=30, timeout_s=30))
        # two queries before the job and two after it, each answered
        assert prn.answers == 4 and times_in(prn.stream, job) == 1
        assert printer_status(prn.target(), PrinterConfig(paper_check=True))[0] == "ok"
        prn.paper_after = prn.printed  # out of paper now
        with pytest.raises(PrinterUnavailable, match="out of paper"):
            send(prn.target(), job, PrinterConfig(paper_check=True, status_timeout_s=30))
    finally:
        prn.close()
    junk = SerialPrinter(status="garbage")
    try:
        job = job_bytes("garbage", 5_000)
        send(junk.target(), job, PrinterConfig(paper_check=True, status_timeout_s=5))
        assert times_in(junk.stream, job) == 1
        verdict, text = printer_status(junk.target(), PrinterConfig(paper_check=True))
        assert verdict == "warn" and "status not understood" in text
        assert "paper" not in text.split("status not understood")[0] and "cover open" not in text
    finally:
        junk.close()


def test_a_serial_printer_that_stops_answering_during_the_job_keeps_it(tmp_path):
    prn = SerialPrinter(status="ok")
    try:
        job = job_bytes("quiet", 5_000)

        def quiet_after_first_two(n):   # answers the two queries before the job only
            return SerialPrinter._answer(prn, n) if prn.answers < 2 else None

        prn._answer = quiet_after_first_two
        with pytest.raises(PrinterUnavailable, match="stopped answering"):
            send(prn.target(), job, PrinterConfig(paper_check=True, status_timeout_s=5, timeout_s=0.3))
        assert prn.answers == 2 and times_in(prn.stream, job) == 1   # it has the job, but said nothing after it
    finally:
        prn.close()


class ReadCountingPort:
    """A stand-in for pyserial's Serial: answers each status query with one byte and
    counts the reads that could only have ended by their time-out (asking for more
    bytes than the printer sends: python-escpos's read(16) did, waiting 10 s a query)."""

    instances: list = []

    def __init__(self, *a, **kw):
        self.inbox, self.written, self.waited_out = bytearray(), bytearray(), 0
        self.timeout = kw.get("timeout")
        ReadCountingPort.instances.append(self)

    in_waiting = property(lambda self: len(self.inbox))
    out_waiting = 0

    def write(self, data):
        self.written += data
        if bytes(data) in (b"\x10\x04\x04", b"\x10\x04\x02"):
            self.inbox += b"\x12"
        return len(data)

    def read(self, n=1):
        if n > len(self.inbox):
            self.waited_out += 1
        got, self.inbox = bytes(self.inbox[:n]), self.inbox[n:]
        return got

    def reset_output_buffer(self):
        pass

    def close(self):
        pass


def test_a_status_byte_is_read_without_waiting_for_more(tmp_path, monkeypatch):
    import serial

    port = tmp_path / "ttyS9"
    port.write_bytes(b"")
    monkeypatch.setattr(serial, "Serial", ReadCountingPort)
    ReadCountingPort.instances.clear()
    send(f"serial:{port}:10000000", b"\x1b@page", PrinterConfig(paper_check=True, status_timeout_s=30))
    dev = ReadCountingPort.instances[-1]
    assert dev.waited_out == 0
    assert bytes(dev.written) == b"\x10\x04\x04\x10\x04\x02\x1b@page\x10\x04\x04\x10\x04\x02"


# ---------------------------------------------------------------- network printers

def test_a_network_printer_that_never_reads_keeps_the_job_even_when_it_fits_its_buffers(tmp_path):
    """Loopback's default receive buffer takes a whole page: every byte is acknowledged
    and the old check saw nothing wrong. The printer never closes nor answers."""
    silent = FakePrinter(busy=True)   # accepts, never reads; default (large) buffers
    try:
        cfg = PrinterConfig(timeout_s=5, close_wait_s=0.3)
        q = PrintQueue(tmp_path, backoff_s=60)
        job = job_bytes("silent", 3_000)
        rec = q.submit(silent.target, job, cfg)
        reports = q.process()
        assert [r.outcome for r in reports] == ["retry"] and q.get(rec.id).state == PENDING
        assert "did not confirm" in reports[0].error and "kept" in reports[0].error
        port = silent.port
    finally:
        silent.close()
    back = FakePrinter(port=port)   # switched on again: the job prints, once
    try:
        q.retry(rec.id)
        assert [r.outcome for r in q.process()] == ["printed"]
        assert [c for c in back.complete if job in c] == [job]
    finally:
        back.close()


def test_a_slow_reader_is_waited_for_and_prints_once(tmp_path):
    prn = FakePrinter(read_delay_s=0.01, read_chunk=2048, rcvbuf=4096)
    try:
        job = job_bytes("slow", 30_000)
        q = PrintQueue(tmp_path, backoff_s=60)
        q.submit(prn.target, job, PrinterConfig(timeout_s=30))
        assert [r.outcome for r in q.process()] == ["printed"]
        assert prn.complete == [job]
    finally:
        prn.close()


def test_a_printer_that_keeps_its_connection_open(tmp_path):
    """It reads the whole job but never closes: its status answer after the job is its
    word; without one it is not confirmed, unless close_wait_s=0 says acknowledged is
    enough."""
    answering = FakePrinter(keep_open=True, paper_out_first=0)
    try:
        job = job_bytes("open-status", 5_000)
        send(answering.target, job, PrinterConfig(paper_check=True, status_timeout_s=30, close_wait_s=30))
        assert answering.answers == 4
    finally:
        answering.close()
    mute = FakePrinter(keep_open=True)
    try:
        with pytest.raises(PrinterUnavailable, match="did not confirm"):
            send(mute.target, job_bytes("open-1", 5_000), PrinterConfig(close_wait_s=0.2))
        send(mute.target, job_bytes("open-2", 5_000), PrinterConfig(close_wait_s=0))
    finally:
        mute.close()


def test_a_network_status_answer_that_is_no_status_byte_is_not_a_fault(tmp_path):
    junk = FakePrinter(garbage=b"\xff\xff")   # every bit set: it would read as cover open and paper out
    try:
        job = job_bytes("junk", 5_000)
        cfg = PrinterConfig(paper_check=True, status_timeout_s=30)
        q = PrintQueue(tmp_path, backoff_s=60)
        q.submit(junk.target, job, cfg)
        assert [r.outcome for r in q.process()] == ["printed"]
        assert any(job in c for c in junk.complete)
        verdict, text = printer_status(junk.target, cfg)
        assert verdict == "warn" and "status not understood" in text and "ff ff" in text
        assert "cover open" not in text and "out of paper" not in text
    finally:
        junk.close()


# ---------------------------------------------------------------- device files

def test_a_device_file_that_stops_taking_data_keeps_the_job_instead_of_hanging(tmp_path):
    """A character device nobody reads (a pseudo-terminal standing in for
    /dev/usb/lp0 with the paper out: usblp then blocks for ever) keeps the job after
    timeout_s; read, the same job arrives whole."""
    import select
    import tty

    master, slave = os.openpty()
    tty.setraw(slave)
    path = os.ttyname(slave)
    try:
        job = job_bytes("lp", 200_000)   # more than the pseudo-terminal buffers
        with pytest.raises(PrinterUnavailable, match="stopped taking the job"):
            send(f"file:{path}", job, PrinterConfig(timeout_s=0.3))
        while select.select([master], [], [], 0)[0]:   # what it took is thrown away
            os.read(master, 65536)
        got = bytearray()
        stop = threading.Event()

        def reader():
            while not stop.is_set():
                if select.select([master], [], [], 0.05)[0]:
                    got.extend(os.read(master, 65536))

        th = threading.Thread(target=reader, daemon=True)
        th.start()
        send(f"file:{path}", job, PrinterConfig(timeout_s=30))
        while len(got) < len(job) and th.is_alive():
            th.join(0.05)
            if times_in(got, job):
                break
        stop.set()
        th.join(2)
        assert times_in(got, job) == 1
    finally:
        os.close(master)
        os.close(slave)


def test_nothing_listens_means_kept_not_printed(tmp_path):
    q = PrintQueue(tmp_path, backoff_s=60)
    q.submit(f"tcp://127.0.0.1:{free_port()}", job_bytes("off", 100), PrinterConfig(timeout_s=1))
    assert [r.outcome for r in q.process()] == ["retry"]



# ---------------------------------------------------------------- USB

class FakeUsbDevice:
    """pyusb's Device as python-escpos' Usb uses it: ``write`` returns how many bytes
    the printer took (``short``: at most that many a transfer), or times out once
    ``stop_after`` bytes were taken; ``read`` gives the answers to the status queries
    (``answer``; None: the printer does not answer, pyusb times out)."""

    def __init__(self, short=None, stop_after=None, answer=b"\x12", answer_after=True):
        self.short, self.stop_after, self.answer, self.answer_after = short, stop_after, answer, answer_after
        self.taken, self.inbox, self.jobs_started = bytearray(), bytearray(), False

    def write(self, ep, data, timeout=None):
        import usb.core

        data = bytes(data)
        if data in (b"\x10\x04\x04", b"\x10\x04\x02"):
            if self.answer and (self.answer_after or not self.jobs_started):
                self.inbox += self.answer
            return len(data)
        self.jobs_started = True
        if self.stop_after is not None and len(self.taken) >= self.stop_after:
            raise usb.core.USBTimeoutError("Operation timed out", 110, 110)
        n = len(data) if self.short is None else min(self.short, len(data))
        self.taken += data[:n]
        return n

    def read(self, ep, n, timeout=None):
        import usb.core

        if not self.inbox:
            raise usb.core.USBTimeoutError("Operation timed out", 110, 110)
        got, self.inbox = bytes(self.inbox[:n]), self.inbox[n:]
        return list(got)


@pytest.fixture
def usb_printer(monkeypatch):
    from escpos.printer import Usb

    made = {}

    def use(dev):
        def open_(self, raise_not_found=True):
            self.device = dev
        monkeypatch.setattr(Usb, "open", open_)
        monkeypatch.setattr(Usb, "close", lambda self: None)
        monkeypatch.setattr(Usb, "is_usable", staticmethod(lambda: True))
        made["dev"] = dev
        return dev
    return use


@pytest.mark.parametrize("dev,words", [
    (dict(short=1000), "took only"),
    (dict(stop_after=8192), "stopped taking the job"),
    (dict(answer_after=False), "stopped answering"),
])
def test_a_usb_printer_that_does_not_take_the_whole_job_keeps_it(tmp_path, usb_printer, dev, words):
    usb_printer(FakeUsbDevice(**dev))
    q = PrintQueue(tmp_path, backoff_s=60)
    q.submit("usb:0416:5011", job_bytes("usb"), PrinterConfig(paper_check=True, timeout_s=1))
    reports = q.process()
    assert [r.outcome for r in reports] == ["retry"] and words in reports[0].error


def test_a_usb_printer_that_takes_it_all_prints_it_and_garbage_status_is_no_fault(usb_printer):
    job = job_bytes("usb-ok")
    dev = usb_printer(FakeUsbDevice())
    send("usb:0416:5011", job, PrinterConfig(paper_check=True))
    assert bytes(dev.taken) == job
    dev = usb_printer(FakeUsbDevice(answer=b"\xff"))
    send("usb:0416:5011", job, PrinterConfig(paper_check=True))
    assert bytes(dev.taken) == job


def test_a_page_that_cannot_be_written_names_the_page_not_a_temporary_file(tmp_path, monkeypatch):
    import builtins

    from printing.files import atomic_write

    real_open = builtins.open

    def read_only_fs(path, mode="r", *a, **kw):
        if "w" in mode and str(path).endswith(".tmp"):
            raise OSError(30, "Read-only file system", str(path))
        return real_open(path, mode, *a, **kw)

    monkeypatch.setattr(builtins, "open", read_only_fs)
    target = tmp_path / "game-final.png"
    with pytest.raises(OSError) as err:
        atomic_write(target, b"page")
    assert err.value.filename == str(target) and err.value.errno == 30
    assert not any(p.name.endswith(".tmp") for p in tmp_path.iterdir())
