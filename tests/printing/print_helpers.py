"""Test helpers for printing: an ESC/POS decoder and fake network printers.

The decoder understands exactly the commands printing.escpos_raster sends (ESC @, GS ( K,
GS v 0, ESC d, GS V) and rejects anything else, so a stray byte fails the test.
The fake printers listen on 127.0.0.1 (ephemeral port) in a thread.
"""

from __future__ import annotations

import socket
import struct
import threading
import time
from dataclasses import dataclass, field

import numpy as np
from PIL import Image


@dataclass
class Decoded:
    image: Image.Image | None
    bands: int = 0
    inits: int = 0
    feeds: list = field(default_factory=list)
    cuts: list = field(default_factory=list)
    density: int | None = None
    status_queries: int = 0


def decode(data: bytes) -> Decoded:
    """Turn ESC/POS bytes back into the printed 1-bit image (0 = black dot)."""
    out = Decoded(None)
    rows: list[np.ndarray] = []
    width = None
    i = 0
    while i < len(data):
        if data[i:i + 2] == b"\x1b@":
            out.inits += 1
            i += 2
        elif data[i:i + 2] == b"\x10\x04" and data[i + 2] in (1, 2, 3, 4):  # DLE EOT n: status
            out.status_queries += 1
            i += 3
        elif data[i:i + 3] == b"\x1d(K":
            pl, ph, fn, m = data[i + 3], data[i + 4], data[i + 5], data[i + 6]
            assert (pl, ph, fn) == (2, 0, 0x31), f"bad GS ( K at {i}"
            out.density = m - 256 if m > 127 else m
            i += 7
        elif data[i:i + 3] == b"\x1dv0":
            m, xl, xh, yl, yh = data[i + 3:i + 8]
            assert m == 0, f"raster mode {m} at {i}: expected normal density"
            wb, h = xl + 256 * xh, yl + 256 * yh
            body = data[i + 8:i + 8 + wb * h]
            assert len(body) == wb * h, f"raster band at {i} truncated"
            bits = np.unpackbits(np.frombuffer(body, np.uint8)).reshape(h, wb * 8)
            if width is None:
                width = wb * 8
            assert width == wb * 8, "bands of different widths"
            rows.append(bits)
            out.bands += 1
            i += 8 + wb * h
        elif data[i:i + 2] == b"\x1bd":
            out.feeds.append(data[i + 2])
            i += 3
        elif data[i:i + 2] == b"\x1dV":
            m = data[i + 2]
            if m in (65, 66):
                out.cuts.append(("feed", m, data[i + 3]))
                i += 4
            else:
                assert m in (0, 1, 48, 49), f"bad cut mode {m}"
                out.cuts.append(("full" if m in (0, 48) else "partial",))
                i += 3
        else:
            raise AssertionError(f"unknown ESC/POS byte {data[i]:#04x} at offset {i}")
    if rows:
        bits = np.vstack(rows)
        out.image = Image.fromarray(np.where(bits == 1, 0, 255).astype(np.uint8)).convert("1")
    return out


def same_pixels(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and np.array_equal(np.asarray(a.convert("L")),
                                               np.asarray(b.convert("L")))


class FakePrinter:
    """A network printer on 127.0.0.1.

    ``drop_first``: the first ``n`` connections are cut after ``drop_after`` bytes
    (closed with unread data, so the client sees a reset). ``busy``: accept but never
    read. ``paper_out_first``: None = ignore status queries; n = answer every real-time
    status query (DLE EOT 4 paper sensor, DLE EOT 2 offline cause) wherever it falls
    in the stream, "no paper" on the first n connections, "ok" after. ``garbage``:
    bytes answered to every status query instead (not ESC/POS status bytes).
    ``received``: the bytes of every connection, complete or not.
    ``read_delay_s``: a slow reader, sleeping that long after each chunk of at most
    ``read_chunk`` bytes (a printer slower than the job). ``rcvbuf``: the receive
    buffer in bytes (a receipt printer has a few KB; loopback's default takes a
    whole page, so a printer that never reads would seem to have taken it).
    ``keep_open``: after the job's end (our close) the printer keeps its side open
    until it is closed (a printer that never closes connections). ``stop_after``:
    it reads that many bytes of each connection, then goes silent (no more reads, no
    FIN, no RST: a printer that loses power mid-job).
    """

    def __init__(self, port: int = 0, drop_first: int = 0, drop_after: int = 4000,
                 busy: bool = False, paper_out_first: int | None = None,
                 read_delay_s: float = 0.0, read_chunk: int = 65536, rcvbuf: int | None = None,
                 garbage: bytes | None = None, keep_open: bool = False, stop_after: int | None = None):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if rcvbuf:  # set before listen(): accepted connections inherit it
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        self.sock.bind(("127.0.0.1", port))
        self.sock.listen(4)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.drop_first, self.drop_after, self.busy = drop_first, drop_after, busy
        self.paper_out_first, self.garbage, self.keep_open = paper_out_first, garbage, keep_open
        self.stop_after = stop_after
        self.read_delay_s, self.read_chunk = read_delay_s, read_chunk
        self.received: list[bytes] = []
        self.complete: list[bytes] = []
        self.answers = 0
        self._stop = threading.Event()
        self._held: list[socket.socket] = []
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _answer(self, n: int, out: bool) -> bytes:
        if self.garbage is not None:
            return self.garbage
        if n == 4:
            return b"\x72" if out else b"\x12"
        return b"\x32" if out else b"\x12"

    @property
    def target(self) -> str:
        return f"tcp://127.0.0.1:{self.port}"

    def _serve(self):
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except (TimeoutError, OSError):
                continue
            conn.settimeout(5)
            if self.busy:
                self._held.append(conn)
                continue
            n = len(self.received)
            buf = bytearray()
            dropping = n < self.drop_first
            answering = self.paper_out_first is not None or self.garbage is not None
            out = self.paper_out_first is not None and n < self.paper_out_first
            scan = 0
            try:
                while True:
                    if self.stop_after is not None and len(buf) >= self.stop_after:
                        self._held.append(conn)   # silent from now on
                        conn = None
                        break
                    want = self.read_chunk if self.stop_after is None else max(1, min(
                        self.read_chunk, self.stop_after - len(buf)))
                    chunk = conn.recv(want if not dropping else
                                      max(1, min(4096, self.drop_after - len(buf))))
                    if not chunk:
                        break
                    buf += chunk
                    while answering:  # real-time queries are answered as they are read
                        i = buf.find(b"\x10\x04", scan)
                        if i < 0 or i + 2 >= len(buf):  # none, or one cut by the chunk's end
                            scan = max(scan, len(buf) - 1) if i < 0 else i
                            break
                        if buf[i + 2] in (1, 2, 3, 4):
                            conn.sendall(self._answer(buf[i + 2], out))
                            self.answers += 1
                        scan = i + 3
                    if self.read_delay_s:
                        time.sleep(self.read_delay_s)
                    if dropping and len(buf) >= self.drop_after:
                        conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                        struct.pack("ii", 1, 0))  # close with RST
                        break
            except OSError:
                pass
            self.received.append(bytes(buf))
            if conn is None:
                continue
            if not dropping:
                self.complete.append(bytes(buf))
            if self.keep_open and not dropping:
                self._held.append(conn)
            else:
                conn.close()

    def close(self):
        self._stop.set()
        self.thread.join(2)
        for c in self._held:
            c.close()
        self.sock.close()


def free_port() -> int:
    """A port on 127.0.0.1 with nothing listening (a printer that is off)."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def wait_for(cond, timeout=5.0):
    end = time.time() + timeout
    while time.time() < end:
        if cond():
            return True
        time.sleep(0.01)
    return cond()


class SerialPrinter:
    """A serial receipt printer on a pseudo-terminal (``os.openpty``), in a thread.

    It keeps what it reads in a receive buffer of ``cap`` bytes and prints it at once
    while it has paper; bytes that arrive when the buffer is full are lost
    (``dropped``), as on a printer whose host ignores its flow control. With
    ``xonxoff`` it sends XOFF when the buffer holds ``high`` bytes and XON once it is
    down to ``low``. ``paper_after``: the paper runs out after that many bytes were
    printed, until :meth:`load_paper`. ``status``: "ok" answers the real-time queries
    (DLE EOT 4 / 2) from the paper state wherever they fall in the stream, "garbage"
    answers ``b"A"`` (no ESC/POS status byte), None does not answer. ``stream`` is
    every byte kept, queries included; ``paused`` is set at each XOFF sent.

    The pseudo-terminal takes the place of the wire: it carries bytes at once and
    buffers some 16 KB itself, so ``cap`` should leave that much room above ``high``
    for a host that stops at XOFF to lose nothing however late this thread reads.
    """

    def __init__(self, cap: int = 4096 + 65536, high: int = 2048, low: int = 512,
                 paper_after: int | None = None, status: str | None = None, xonxoff: bool = True):
        import os
        import tty

        self.master, self._slave = os.openpty()
        tty.setraw(self._slave)
        self.path = os.ttyname(self._slave)
        self.cap, self.high, self.low = cap, high, low
        self.paper_after, self.status, self.xonxoff = paper_after, status, xonxoff
        self.buf = bytearray()
        self.stream = bytearray()
        self.printed = self.dropped = self.answers = self.xoffs = 0
        self.paused = threading.Event()
        self._paper_back = threading.Event()
        self._stop = threading.Event()
        self._scan = 0
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def target(self, baud: int = 1_000_000, flow: str = "") -> str:
        return f"serial:{self.path}:{baud}" + (f":{flow}" if flow else "")

    @property
    def has_paper(self) -> bool:
        return self.paper_after is None or self.printed < self.paper_after

    def load_paper(self) -> None:
        self._paper_back.set()

    def _answer(self, n: int) -> bytes | None:
        if self.status == "garbage":
            return b"A"
        if self.status != "ok":
            return None
        out = not self.has_paper
        return bytes([0x72 if out else 0x12]) if n == 4 else bytes([0x32 if out else 0x12])

    def _run(self):
        import os
        import select

        xoff = False
        while not self._stop.is_set():
            if self._paper_back.is_set():
                self.paper_after = None
                self._paper_back.clear()
            if self.buf and self.has_paper:
                n = len(self.buf) if self.paper_after is None else min(len(self.buf),
                                                                       self.paper_after - self.printed)
                del self.buf[:n]
                self.printed += n
            if self.xonxoff and not xoff and len(self.buf) >= self.high:
                os.write(self.master, b"\x13")
                xoff, self.xoffs = True, self.xoffs + 1
                self.paused.set()
            elif self.xonxoff and xoff and len(self.buf) <= self.low:
                os.write(self.master, b"\x11")
                xoff = False
            r, _, _ = select.select([self.master], [], [], 0.005)
            if not r:
                continue
            try:
                data = os.read(self.master, 4096)
            except OSError:
                continue
            room = max(0, self.cap - len(self.buf))
            keep = data[:room]
            self.dropped += len(data) - len(keep)
            self.buf += keep
            self.stream += keep
            while True:  # real-time queries are answered as they are read
                i = self.stream.find(b"\x10\x04", self._scan)
                if i < 0 or i + 2 >= len(self.stream):
                    self._scan = max(self._scan, len(self.stream) - 1) if i < 0 else i
                    break
                ans = self._answer(self.stream[i + 2]) if self.stream[i + 2] in (1, 2, 3, 4) else None
                if ans:
                    os.write(self.master, ans)
                    self.answers += 1
                self._scan = i + 3

    def close(self):
        import os

        self._stop.set()
        self.thread.join(2)
        os.close(self.master)
        os.close(self._slave)
