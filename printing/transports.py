"""Out to a printer: targets, sending a job, real-time status, and checking a printer.

Targets (:func:`parse_target`): ``preview`` (a PNG of the very raster sent),
``file:PATH``, ``tcp://host[:9100]`` (escpos.printer.Network), ``usb:VID:PID`` (hex;
needs pyusb), ``serial:/dev/ttyUSB0[:baud][:xonxoff|rtscts|none]`` (needs pyserial).
From a tablet also ``bt:AA:BB:CC:DD:EE:FF[:channel]`` (Bluetooth SPP) and
``usbhost:VID:PID`` (Android's USB host): printing.transports_mobile.
:func:`send` hands a whole job (ESC/POS bytes, printing.escpos_raster) to one and
returns only once the printer took all of it; :func:`printer_status` checks one
without printing (``companion doctor``).

What "took all of it" means on each link (docs/printing.md, "Printed means confirmed"):
- network: every byte acknowledged by the printer (Linux ``SIOCOUTQ`` down to 0),
  then the printer's word that it read them: its close after ours, or an answer to
  a real-time status query sent after the job (printing.status);
- serial: written at the line's pace with the printer's flow control honoured
  (XON/XOFF or RTS/CTS: pyserial's ``xonxoff`` / ``rtscts``), every byte out of the
  port (``TIOCOUTQ`` down to 0), and a status answer after the job where the
  printer answered one before it;
- USB: every bulk transfer taken whole within ``timeout_s``, and a status answer
  after the job where the printer answered one before it;
- a device file (``/dev/usb/lp0``): every byte taken by the driver within
  ``timeout_s`` (written without blocking, so a printer that stops cannot hang us).

Raises :class:`PrinterUnavailable` (off, busy, paused too long, dropped: the job
stays queued), :class:`PrinterPermissionError` (this user may not open it) or
:class:`PrinterConfigError` (a target that cannot work).
"""

from __future__ import annotations

import errno
import os
import re
import socket
import time
from pathlib import Path

from companion.clitext import number, os_error, tx
from companion.errors import CompanionError

from .link import (STATUS_VENDORS, FlowControlIgnored, PrinterPermissionError,  # noqa: F401  (re-exported)
                   PrinterUnavailable, Target, answers_status, socket_ask, stalled, status_after, status_before)
from .profiles import FLOW_CONTROLS, PrinterConfig, PrinterConfigError
from .status import (ANSWERED, DLE_EOT_OFFLINE, DLE_EOT_PAPER, NO_ANSWER, NOT_UNDERSTOOD,  # noqa: F401  (re-exported)
                     check_status, is_status_byte, not_understood, status_problem)


# --- targets -------------------------------------------------------------------

_stalled, _status_before, _status_after, _tcp_ask = stalled, status_before, status_after, socket_ask


def _parse_serial(rest: str) -> Target:
    """``DEV[:baud][:flow]``, read from the right so that a device path holding colons
    (/dev/serial/by-path/...-usb-0:2:1.0-port0) stays whole. Raises ValueError."""
    parts = rest.split(":")
    flow = ""
    if len(parts) > 1 and parts[-1].strip().lower() in FLOW_CONTROLS:
        flow = parts.pop().strip().lower()
    elif len(parts) > 1 and parts[-1].isalpha():
        raise ValueError(f"flow control {parts[-1]!r}")  # a word, but not a flow control
    baud = 9600
    if len(parts) > 1 and re.fullmatch(r"[+-]?[0-9]*", parts[-1].strip()):
        word = parts.pop().strip()
        baud = int(word) if word else 9600  # int() raises for a lone sign
    dev = ":".join(parts)
    if not dev or baud <= 0:
        raise ValueError(rest)
    return Target("serial", path=dev, baud=baud, flow=flow)


def parse_target(text: str) -> Target:
    """Parse ``preview | file:PATH | tcp://host[:port] | usb:VID:PID |
    serial:DEV[:baud][:xonxoff|rtscts|none]``.

    Raises PrinterConfigError with the accepted forms.
    """
    forms = tx("printer.forms", "preview, file:PATH, tcp://host:9100 (port 1-65535), usb:VID:PID (hex), "
               "serial:/dev/ttyUSB0[:baud][:xonxoff|rtscts|none]")
    t = (text or "").strip()
    try:
        if t == "preview":
            return Target("preview")
        if t.startswith("file:") and len(t) > 5:
            return Target("file", path=t[5:])
        if t.startswith("tcp://"):
            host, _, port = t[6:].rstrip("/").partition(":")
            number = int(port or 9100)
            if not host or not 1 <= number <= 65535:
                raise ValueError
            return Target("tcp", host=host, port=number)
        if t.startswith("usb:"):
            vid, pid = t[4:].split(":")
            return Target("usb", vid=int(vid, 16), pid=int(pid, 16))
        if t.startswith("serial:"):
            return _parse_serial(t[7:])
        from .transports_mobile import parse_mobile  # bt:ADDR, usbhost:VID:PID (a tablet's printers)

        mobile = parse_mobile(t)
        if mobile is not None:
            return mobile
    except ValueError:
        pass
    raise PrinterConfigError(tx("printer.target", "printer target {text} not understood; use {forms}",
                                text=repr(text), forms=forms))


def check_target(target: Target) -> None:
    """Refuse, before any page is made, a target that can never work: a ``file:``
    path that is a folder, whose folder is a file or cannot be made or written (an
    existing file or device must be writable). A folder not there yet that can be
    made is no refusal (the command makes it and says so; the first page sent makes
    it otherwise: :func:`send`). A device under /dev that is not there (an unplugged
    USB printer), and network, USB and serial printers, may simply be off: they are
    not refused (their jobs wait in the queue). Makes nothing.

    Raises PrinterConfigError naming the path.
    """
    if target.kind != "file":
        return
    path = Path(target.path)
    if path.is_dir():
        raise PrinterConfigError(tx("printer.file_is_folder", "printer file:{path}: is a folder; name a file (or "
                                    "a device)", path=path))
    folder = path.parent
    if folder.exists() and not folder.is_dir():
        raise PrinterConfigError(tx("printer.file_parent", "printer file:{path}: {folder} is not a folder",
                                    path=path, folder=folder))
    if not folder.is_dir():
        if folder.resolve().parts[:2] == ("/", "dev"):
            return  # a device folder (/dev/usb) appears when the printer is plugged in
        from companion.cliargs import folder_problem

        problem = folder_problem(folder)
        if problem:
            raise PrinterConfigError(tx("printer.file_folder", "printer file:{path}: {problem}", path=path,
                                        problem=problem))
        return  # made by the command (said), else by the first page sent
    if not path.exists() and path.resolve().parts[:2] == ("/", "dev"):
        return  # an unplugged device: its job waits in the queue
    existed = path.exists()
    try:
        with open(path, "ab"):
            pass  # opened for appending, as the printer will be: nothing is written
    except PermissionError:  # the same advice as when sending (udev rule / group)
        raise PrinterConfigError(permission_advice(target, kept=False)) from None
    except OSError as exc:
        raise PrinterConfigError(tx("printer.file_unwritable", "printer file:{path}: cannot be written ({why})",
                                    path=path, why=os_error(exc))) from None
    if not existed:  # made only to try: a command that fails later leaves no empty file behind
        path.unlink(missing_ok=True)


def _is_device(path: str) -> bool:
    import stat

    try:
        return stat.S_ISCHR(os.stat(path).st_mode)
    except OSError:
        return False


def send(target: Target | str, payload: bytes, cfg: PrinterConfig) -> None:
    """Send the whole ``payload`` to ``target`` and close the connection.

    Returns only when the printer took every byte (what that means per link: the
    module's docstring). Raises PrinterUnavailable (off, refused, busy, paused past
    ``timeout_s``, no confirmation, dropped midway: retry), PrinterPermissionError or
    PrinterConfigError (bad target, missing pyusb/pyserial: do not retry).
    """
    t = parse_target(target) if isinstance(target, str) else target
    if t.kind == "preview":
        raise PrinterConfigError(tx("printer.preview", "preview is not a printer: its pages are PNG files"))
    if t.kind == "tcp":
        _send_tcp(t, payload, cfg)
    elif t.kind == "file" and not _is_device(t.path):
        _append_to_file(t, payload)
    elif t.kind == "file":
        _send_device_file(t, payload, cfg)
    elif t.kind == "usb":
        _send_usb(t, payload, cfg)
    elif t.kind in ("bt", "usbhost"):
        from . import transports_mobile

        transports_mobile.send(t, payload, cfg)
    else:
        _send_serial(t, payload, cfg)


def _append_to_file(t: Target, payload: bytes) -> None:
    """A plain ``file:`` target collects every page sent to it (python-escpos' File
    would start it afresh for each page; a device file such as /dev/usb/lp0 goes
    through :func:`_send_device_file`)."""
    try:
        folder = Path(t.path).parent
        if not folder.is_dir() and folder.resolve().parts[:2] != ("/", "dev"):
            folder.mkdir(parents=True, exist_ok=True)  # a file printer's folder not made yet (check_target)
        with open(t.path, "ab") as f:
            f.write(payload)
    except PermissionError:
        raise PrinterPermissionError(permission_advice(t)) from None
    except OSError as exc:  # not there yet (a folder, a device to plug in): kept, retried
        raise PrinterUnavailable(tx("printer.file_not_written", "{target}: {why}", target=t,
                                    why=os_error(exc))) from None


# --- device files (/dev/usb/lp0) -------------------------------------------------

def _send_device_file(t: Target, payload: bytes, cfg: PrinterConfig) -> None:
    """Write a job to a device file (the ``usblp`` driver's /dev/usb/lp0, a parallel
    port) without blocking: a printer that stops taking data (paper out: ``usblp``
    then waits for ever) keeps the job after ``timeout_s`` without a byte taken,
    instead of hanging the program. Returns once the driver took every byte and
    answers writable again (its last transfer done)."""
    import select

    if not os.access(t.path, os.W_OK):
        raise PrinterPermissionError(permission_advice(t))
    try:
        fd = os.open(t.path, os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError as exc:
        raise _device_error(t, exc) from None
    try:
        took, since = 0, time.monotonic()
        view = memoryview(payload)
        while True:
            if took < len(payload):
                try:
                    n = os.write(fd, view[took:took + 4096])
                except (BlockingIOError, InterruptedError):
                    n = 0
                if n:
                    took, since = took + n, time.monotonic()
                    continue
            left = cfg.timeout_s - (time.monotonic() - since)
            if left <= 0:
                raise _stalled(t, took, len(payload), cfg)
            _, ready, _ = select.select([], [fd], [], min(left, 0.2))
            if ready and took >= len(payload):
                return
    except PrinterUnavailable:
        raise
    except OSError as exc:  # unplugged mid-job (ENODEV, EIO): kept
        raise _device_error(t, exc) from None
    finally:
        os.close(fd)


# --- USB (pyusb through python-escpos) --------------------------------------------

def _usb_printer(t: Target, cfg: PrinterConfig):
    """python-escpos' Usb printer (not opened yet). Raises PrinterConfigError when
    pyusb is missing."""
    from escpos.printer import Usb

    if not Usb.is_usable():
        raise PrinterConfigError(tx("printer.needs_pyusb", "USB printing needs pyusb: pip install pyusb "
                                    "(and a udev rule giving you the device)"))
    return Usb(t.vid, t.pid, timeout=int(cfg.timeout_s * 1000), profile=cfg.profile_name)


def _is_timeout(exc: BaseException) -> bool:
    """A time-out, however the driver words it (pyusb's USBTimeoutError, errno 110)."""
    return (isinstance(exc, TimeoutError) or "timeout" in type(exc).__name__.lower()
            or "timed out" in str(exc).lower() or getattr(exc, "errno", None) in (110, 60))


def _send_usb(t: Target, payload: bytes, cfg: PrinterConfig) -> None:
    """Open the USB printer, ask its status before the job where the profile answers
    (:func:`answers_status`), write the job in bulk transfers that must each be
    taken whole within ``timeout_s`` (pyusb returns how many bytes the printer took:
    a short transfer keeps the job), ask again after the job when it answered
    before (its answer is its word that it has the job), close."""
    printer = _usb_printer(t, cfg)
    ms = max(1, int(cfg.timeout_s * 1000))

    def ask(query: bytes, wait_s: float) -> bytes | None:
        printer.device.write(printer.out_ep, query, ms)
        try:
            got = printer.device.read(printer.in_ep, 16, max(1, int(wait_s * 1000)))
        except Exception as exc:  # pyusb's time-out has its own class
            if _is_timeout(exc):
                return None
            raise
        return bytes(got) or None

    took = 0
    try:
        printer.open()
        heard = _status_before(ask, t, cfg) if answers_status(cfg) else NO_ANSWER
        while took < len(payload):
            piece = payload[took:took + 4096]
            try:
                n = printer.device.write(printer.out_ep, piece, ms)
            except Exception as exc:
                if _is_timeout(exc):
                    raise _stalled(t, took, len(payload), cfg) from None
                raise
            took += n if isinstance(n, int) else len(piece)
            if isinstance(n, int) and n < len(piece):
                raise PrinterUnavailable(tx("printer.short_usb", "{target}: the printer took only {took} of "
                                            "{size} bytes (a short transfer); the job is kept and printed again "
                                            "whole", target=t, took=f"{took:,}", size=f"{len(payload):,}"))
        if heard != NO_ANSWER:  # a printer that answered a status byte must answer again
            _status_after(ask, t, cfg, required=heard == ANSWERED)
        printer.close()
    except PrinterUnavailable:
        _quiet_close(printer)
        raise
    except Exception as exc:  # escpos, OSError, pyusb errors have their own classes
        _quiet_close(printer)
        raise _device_error(t, exc) from None
    finally:
        printer._device = False  # closed: python-escpos' __del__ must not close it again


# --- serial (pyserial) -------------------------------------------------------------

XON, XOFF = 0x11, 0x13
#: the share of the line's speed a serial job is written at (baud / 10 bytes a second
#: for 8N1): a little under it, so that no backlog builds up between us and the
#: printer (a USB adapter's or a Bluetooth port's buffers would go on sending it after
#: an XOFF) and the printer's "stop" finds at most one small piece on its way
LINE_SHARE = 0.9
#: quiet time on the line before a status query, so that a printer reading its input
#: in blocks sees the query on its own, not inside the end of a raster band
QUIET_S = 0.1


class _SerialLink:
    """A serial port opened for one job with the printer's flow control (pyserial:
    ``xonxoff`` = the kernel stops sending on XOFF and goes on at XON, ``rtscts`` =
    it sends only while CTS is up; ``none``: an XOFF that arrives anyway means the
    printer is dropping bytes, and ends the job kept). Written at the line's pace
    (:data:`LINE_SHARE`) in small pieces; a piece not taken within ``timeout_s``
    (XOFF or CTS held, a printer that stopped) is a stall."""

    def __init__(self, t: Target, cfg: PrinterConfig):
        import serial

        self.t, self.cfg = t, cfg
        self.flow = t.flow or cfg.flow
        self.rate = t.baud / 10 * LINE_SHARE           # bytes a second
        self.piece = max(16, min(128, int(self.rate * 0.01)))
        self.took = 0
        self.size = 0
        self.xoff_seen = False
        self.next_at = self.last_write = 0.0
        self.dev = serial.Serial(t.path, t.baud, timeout=cfg.status_timeout_s,
                                 write_timeout=cfg.timeout_s, xonxoff=self.flow == "xonxoff",
                                 rtscts=self.flow == "rtscts", dsrdtr=False)

    def _xoff_ignored(self) -> PrinterUnavailable:
        return FlowControlIgnored(tx(
            "printer.xoff_ignored", "{target}: the printer asked to pause (XOFF) but flow control is off "
            "(flow=none), so part of the job may be lost; the job is kept and printed again whole with "
            "flow=xonxoff; set it for the next ones: `companion printer-config flow=xonxoff` (or {serial})",
            target=self.t, serial=f"serial:{self.t.path}:{self.t.baud}:xonxoff"))

    def _take_input(self) -> bytes:
        """What the printer sent unasked; with ``flow=none`` an XOFF among it is noted."""
        n = self.dev.in_waiting
        got = self.dev.read(n) if n else b""
        if self.flow == "none" and XOFF in got:
            self.xoff_seen = True
        return got

    def write(self, data: bytes, *, job: bool = True) -> None:
        """Write ``data`` (the job's bytes, or a query with ``job=False``) in pieces at
        the line's pace; raises PrinterUnavailable when a piece is not taken within
        ``timeout_s`` or comes back short, or (flow=none) when the printer sent XOFF."""
        import serial

        for i in range(0, len(data), self.piece):
            now = time.monotonic()
            if self.next_at > now:
                time.sleep(self.next_at - now)
            start = max(now, self.next_at)
            chunk = data[i:i + self.piece]
            try:
                n = self.dev.write(chunk)
            except serial.SerialTimeoutException:
                raise _stalled(self.t, self.took, self.size, self.cfg, self.flow) from None
            if n is not None and n != len(chunk):
                raise PrinterUnavailable(tx("printer.short_serial", "{target}: the port took only {took} of "
                                            "{size} bytes (a short write); the job is kept and printed again "
                                            "whole", target=self.t, took=f"{self.took + n:,}",
                                            size=f"{self.size:,}"))
            if job:
                self.took += len(chunk)
            self.last_write = time.monotonic()
            self.next_at = start + len(chunk) / self.rate   # a pause (XOFF) is not made up for in a burst
            if job and self.dev.in_waiting:  # (after a query its answer is left to ask())
                self._take_input()
            if self.xoff_seen:
                raise self._xoff_ignored()

    def drain(self) -> None:
        """Wait until every byte left the port (``TIOCOUTQ`` down to 0, where the
        driver counts them): no byte leaving for ``timeout_s`` is a stall. (Not
        ``tcdrain``: it waits for ever while the printer holds XOFF.)"""
        last, since = self.dev.out_waiting, time.monotonic()
        while last:
            time.sleep(0.01)
            now = self.dev.out_waiting
            if now < last:
                since = time.monotonic()
            elif time.monotonic() - since > self.cfg.timeout_s:
                raise _stalled(self.t, self.size - now, self.size, self.cfg, self.flow)
            last = now
        wire = self.next_at - time.monotonic()
        if wire > 0:   # the last piece is still on the wire
            time.sleep(wire)

    def ask(self, query: bytes, wait_s: float) -> bytes | None:
        """One real-time status query, sent on a quiet line (:data:`QUIET_S`); its
        answer is read as soon as its first byte arrives (``read(1)``, then whatever
        came with it), or None after ``wait_s``."""
        quiet = self.last_write + QUIET_S - time.monotonic()
        if quiet > 0:
            time.sleep(quiet)
        self._take_input()
        self.write(query, job=False)
        end = time.monotonic() + wait_s
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return None
            self.dev.timeout = left
            first = self.dev.read(1)
            if not first:
                return None
            if self.flow == "none" and first[0] in (XON, XOFF):  # flow bytes, not an answer
                self.xoff_seen |= first[0] == XOFF
                continue
            return first + self._take_input()

    def close(self, sent: bool) -> None:
        """Close the port; a job not taken whole is discarded from the port's buffer
        first (it must not trickle out later, and closing waits for it otherwise)."""
        try:
            if not sent:
                self.dev.reset_output_buffer()
            self.dev.close()
        except Exception:
            pass


def _send_serial(t: Target, payload: bytes, cfg: PrinterConfig) -> None:
    """Open the serial port with the flow control of the target (else the config's),
    ask the status before the job where the profile answers, write the job at the
    line's pace, wait until it left the port, ask again after it when the printer
    answered before (its answer is its word that it is there and has the job), and
    check that no XOFF was ignored (``flow=none``)."""
    try:
        import serial
    except ImportError:
        raise PrinterConfigError(tx("printer.needs_pyserial", "serial printing needs pyserial: pip install "
                                    "pyserial")) from None
    if os.path.exists(t.path) and not os.access(t.path, os.R_OK | os.W_OK):
        raise PrinterPermissionError(permission_advice(t))
    try:
        link = _SerialLink(t, cfg)
    except (serial.SerialException, OSError, ValueError) as exc:
        raise _device_error(t, exc) from None
    sent = False
    try:
        heard = _status_before(link.ask, t, cfg) if answers_status(cfg) else NO_ANSWER
        link.size = len(payload)
        link.write(payload)
        link.drain()
        if heard != NO_ANSWER:  # a printer that answered a status byte must answer again
            _status_after(link.ask, t, cfg, required=heard == ANSWERED)
        link._take_input()
        if link.xoff_seen:
            raise link._xoff_ignored()
        sent = True
    except PrinterUnavailable:
        raise
    except Exception as exc:  # pyserial's errors (unplugged mid-job: I/O error) have their own classes
        raise _device_error(t, exc) from None
    finally:
        link.close(sent)


def _device_error(t: Target, exc: Exception) -> CompanionError:
    """A device's failure as the queue reads it: PrinterPermissionError (permission
    problem, however the driver words it), else PrinterUnavailable (kept, retried)."""
    from escpos.exceptions import DeviceNotFoundError

    if _is_permission(exc):
        return PrinterPermissionError(permission_advice(t))
    if getattr(exc, "errno", None) == 2 and t.path:  # ENOENT: an unplugged USB adapter or printer
        return PrinterUnavailable(tx("printer.not_there", "{target}: {path} is not there: plug the printer in and "
                                     "switch it on", target=t, path=t.path))
    if isinstance(exc, OSError) and exc.strerror:
        return PrinterUnavailable(f"{t}: {os_error(exc)}")
    cause = _os_cause(exc)
    if cause is not None:  # python-escpos and pyserial wrap the system's error in their own
        return PrinterUnavailable(f"{t}: {os_error(cause)}")
    if isinstance(exc, DeviceNotFoundError):
        return PrinterUnavailable(tx("printer.not_found", "{target}: the printer cannot be opened: plug it in "
                                     "and switch it on", target=t))
    return PrinterUnavailable(tx("printer.device_failed", "{target}: the printer's connection failed (switched "
                                 "off, unplugged or busy); the job is kept", target=t))


def _os_cause(exc: BaseException) -> OSError | None:
    """The system's error (with its errno) behind a library's exception, or None."""
    seen = 0
    while exc is not None and seen < 5:
        if isinstance(exc, OSError) and exc.errno:
            return exc
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return None


def _quiet_close(printer) -> None:
    try:
        printer.close()
    except Exception:
        pass


# --- permissions -----------------------------------------------------------------

def _is_permission(exc: BaseException) -> bool:
    """A permission problem, however the driver words it (errno 13, pyusb's "Access
    denied (insufficient permissions)", python-escpos wrapping either)."""
    if isinstance(exc, PermissionError) or getattr(exc, "errno", None) == 13:
        return True
    text = str(exc).lower()
    return any(w in text for w in ("permission denied", "access denied",
                                   "insufficient permissions", "errno 13"))


def _device_facts(path: str) -> tuple[str, str, int] | None:
    """``(owner, group, mode)`` of a device node, or None when it cannot be read."""
    import grp
    import pwd

    try:
        st = os.stat(path)
    except OSError:
        return None
    try:
        user = pwd.getpwuid(st.st_uid).pw_name
    except KeyError:
        user = str(st.st_uid)
    try:
        group = grp.getgrgid(st.st_gid).gr_name
    except KeyError:
        group = str(st.st_gid)
    return user, group, st.st_mode


def permission_advice(t: Target, kept: bool = True) -> str:
    """What a permission problem on ``t`` is and how to fix it (one line); ``kept``:
    say that the job waits in the queue (False when it was refused before queuing).

    USB (``usb:VID:PID``): a udev rule for that vendor/product id giving the ``lp``
    group access, and membership of ``lp``. Device files (``/dev/usb/lp0``) and
    serial ports (``/dev/ttyUSB0``): the device's owner, group and mode; when the
    group may write, join it, else the owner (root: a udev rule) must open it up.
    """
    import stat

    again = tx("printer.perm_kept", "; the job is kept: `companion print-queue --retry JOB` sends it then") \
        if kept else ""
    if t.kind == "usb":
        rule = (f'SUBSYSTEM=="usb", ATTRS{{idVendor}}=="{t.vid:04x}", ATTRS{{idProduct}}=="{t.pid:04x}", '
                'MODE="0660", GROUP="lp"')
        return tx("printer.perm_usb", "{target}: permission denied: this user may not open the USB printer. Fix: "
                  "a udev rule, e.g. /etc/udev/rules.d/99-thermal-printer.rules with {rule}; then `sudo udevadm "
                  "control --reload-rules`, replug the printer, `sudo usermod -aG lp $USER` and log in again{again}",
                  target=t, rule=rule, again=again)
    usual = "dialout" if t.kind == "serial" else "lp"
    facts = _device_facts(t.path)
    join = tx("printer.perm_join", "`sudo usermod -aG {group} $USER` and log in again", group=usual)
    if facts is None:
        return tx("printer.perm_open", "{target}: permission denied: this user may not open {path}. Fix: "
                  "{fix}{again}", target=t, path=t.path, fix=join, again=again)
    user, group, mode = facts
    seen = tx("printer.perm_seen", "{path} is {owner} {mode}", path=t.path, owner=f"{user}:{group}",
              mode=stat.filemode(mode))
    if mode & stat.S_IWGRP and group != "root":
        fix = tx("printer.perm_join", "`sudo usermod -aG {group} $USER` and log in again", group=group)
    else:
        fix = tx("printer.perm_owner", "its owner ({user}) must let the {group} group write to it: a udev rule "
                 'with GROUP="{group}", MODE="0660" (or `{chmod}` until the next boot), then {join}', user=user,
                 group=usual, chmod=f"sudo chgrp {usual} {t.path} && sudo chmod g+rw {t.path}", join=join)
    return tx("printer.perm_write", "{target}: permission denied: this user may not write to the printer "
              "({seen}). Fix: {fix}{again}", target=t, seen=seen, fix=fix, again=again)


# --- real-time status before and after a job -------------------------------------

# --- network (TCP, port 9100) ------------------------------------------------------

def _unsent_bytes(sock: socket.socket) -> int | None:
    """Bytes the peer has not acknowledged yet (Linux ``SIOCOUTQ``), or None where
    the kernel does not tell."""
    import fcntl
    import struct
    import sys

    if not sys.platform.startswith("linux"):
        return None
    try:
        raw = fcntl.ioctl(sock.fileno(), 0x5411, struct.pack("i", 0))  # SIOCOUTQ = TIOCOUTQ
    except OSError:
        return None
    return struct.unpack("i", raw)[0]


def _wait_taken(sock: socket.socket, t: Target, size: int, cfg: PrinterConfig,
                sleep=None) -> None:
    """Wait until the printer acknowledged every byte of the job (TCP ACKs, not just
    the kernel's send buffer). No progress for ``timeout_s`` -> PrinterUnavailable."""
    sleep = sleep or time.sleep
    last, since = _unsent_bytes(sock), time.monotonic()
    while last:
        sleep(0.02)
        err = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
        if err:  # a reset: the kernel's byte counters stay put, the error tells
            raise OSError(err, os.strerror(err))
        now = _unsent_bytes(sock)
        if now is None:
            return
        if now < last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since > cfg.timeout_s:
            raise PrinterUnavailable(tx(
                "printer.never_reached", "{target}: the printer stopped taking the job ({left} of {size} bytes "
                "never reached it in {s} s): switched off, jammed or busy; the job is kept and printed again "
                "whole", target=t, left=number(now), size=number(size), s=number(cfg.timeout_s)))
        last = now


def _skip_input(sock: socket.socket) -> None:
    """Throw away what the printer sent and nobody read (a late answer to an earlier
    query), so that it is not taken for the answer to the next one."""
    sock.settimeout(0.0)  # (a socket with a time-out would wait for data before recv)
    while True:
        try:
            got = sock.recv(4096)
        except (BlockingIOError, InterruptedError):
            return
        if not got:
            return  # its close: the next read says so


def _wait_close(sock: socket.socket, wait_s: float) -> bool:
    """Wait up to ``wait_s`` for the printer to close its side (EOF), reading and
    dropping what it sends meanwhile. True at its close, False at the deadline; a
    reset raises (ConnectionResetError). A printer closes after it read the end of
    our data (a side closed with bytes still unread is a reset, not an EOF)."""
    end = time.monotonic() + wait_s
    while True:
        left = end - time.monotonic()
        if left <= 0:
            return False
        sock.settimeout(left)
        try:
            if not sock.recv(4096):
                return True
        except (TimeoutError, socket.timeout):
            return False


def _send_tcp(t: Target, payload: bytes, cfg: PrinterConfig) -> None:
    """Connect, ask the status where the profile answers, send the job, wait until the
    printer acknowledged every byte (``SIOCOUTQ``), then get its word that it read
    them: an answer to a status query after the job (printers that answered before
    it), or its close after ours within ``close_wait_s``. Neither: PrinterUnavailable,
    the job stays queued (a printer that accepts but never reads, python-escpos#253).
    ``close_wait_s == 0``: acknowledged is enough."""
    from escpos.exceptions import DeviceNotFoundError
    from escpos.printer import Network

    printer = Network(t.host, t.port, timeout=cfg.timeout_s, profile=cfg.profile_name)
    try:
        printer.open()
    except DeviceNotFoundError as exc:
        cause = _os_cause(exc)
        detail = os_error(cause) if cause is not None else tx("printer.no_connection", "no connection")
        raise PrinterUnavailable(tx("printer.off", "{target}: printer off or refusing connections: {why}",
                                    target=t, why=detail)) from None
    sock: socket.socket = printer.device
    ask = _tcp_ask(sock)
    try:
        heard = _status_before(ask, t, cfg) if answers_status(cfg) else NO_ANSWER
        sock.settimeout(cfg.timeout_s)
        sock.sendall(payload)  # the bytes are in the kernel, not yet at the printer
        _wait_taken(sock, t, len(payload), cfg)  # every byte acknowledged by the printer
        confirmed = False
        if heard != NO_ANSWER:
            _skip_input(sock)
            confirmed = _status_after(ask, t, cfg, required=False)
        sock.shutdown(socket.SHUT_WR)  # tell the printer the job is complete
        _wait_taken(sock, t, len(payload), cfg)
        # else its close says it read all of it; a reset here is a failure (raised below)
        if not (confirmed or _wait_close(sock, cfg.close_wait_s) or cfg.close_wait_s == 0):
            raise PrinterUnavailable(tx(
                "printer.not_confirmed", "{target}: the printer did not confirm the job: every byte reached it, "
                "but it neither closed the connection nor answered within {s} s, so it may not have read them "
                "(switched off, jammed or busy); the job is kept and printed again whole", target=t,
                s=number(cfg.close_wait_s)))
    except (TimeoutError, socket.timeout):
        raise PrinterUnavailable(tx("printer.busy", "{target}: printer busy (no progress for {s} s)", target=t,
                                    s=number(cfg.timeout_s))) from None
    except OSError as exc:
        raise PrinterUnavailable(tx("printer.lost", "{target}: connection lost during the job ({why})", target=t,
                                    why=os_error(exc))) from None
    finally:
        try:
            sock.close()
        finally:
            printer._device = False


# --- checking a printer (companion doctor) ----------------------------------------

def _status_verdict(t: Target, chk, where: str) -> tuple[str, str]:
    """``(verdict, text)`` of a status check (printing.status.StatusCheck)."""
    if chk.problem:
        return "fail", f"{t}: {chk.problem}"
    if chk.heard == NO_ANSWER:
        return "ok", tx("printer.no_status", "{target}: {where}; it does not answer status queries "
                        "(paper_check=false avoids them)", target=t, where=where)
    if chk.heard == NOT_UNDERSTOOD:
        return "warn", tx("printer.status_unknown", "{target}: {where}; {what}: paper and cover are not known "
                          "(paper_check=false stops the queries)", target=t, where=where,
                          what=not_understood(chk.raw))
    return "ok", tx("printer.ready", "{target}: {where}, paper loaded, cover closed", target=t, where=where)


def printer_status(target: Target | str, cfg: PrinterConfig) -> tuple[str, str]:
    """Check a printer without printing: ``(verdict, text)`` with verdict ``"ok"``,
    ``"warn"`` or ``"fail"`` and a plain sentence saying what was found and what to
    change. Network: connects (and asks the real-time status where the profile
    answers it); USB: the device is on the bus and may be opened; file/serial: the
    device exists and this user may write it (serial: its status asked where the
    profile answers it); a ``file:`` outside /dev not made yet is judged as
    `companion print` judges it (:func:`check_target`: its folder is there and
    writable, so the first page creates it). An answer that is not a status byte is
    "status not understood" (warn), never a paper or cover fault. Sends no print
    data; never
    raises."""
    try:
        t = parse_target(target) if isinstance(target, str) else target
    except PrinterConfigError as exc:
        return "fail", str(exc)
    if t.kind == "preview":
        return "ok", tx("printer.preview_ok", "preview: pages are written as PNG files (no printer)")
    if t.kind in ("bt", "usbhost"):
        from . import transports_mobile

        return transports_mobile.printer_status(t, cfg)
    if t.kind == "tcp":
        try:
            sock = socket.create_connection((t.host, t.port), timeout=min(cfg.timeout_s, 3.0))
        except OSError as exc:
            return "fail", tx("printer.no_answer", "{target}: no answer ({why}): switch the printer on, check its "
                              "network cable/Wi-Fi and its address (most print their IP on a self-test page)",
                              target=t, why=os_error(exc))
        try:
            if not answers_status(cfg):
                return "ok", tx("printer.reachable_no_status", "{target}: reachable (profile {profile} is not "
                                "asked for paper/cover status)", target=t, profile=cfg.profile_name)
            try:
                chk = check_status(_tcp_ask(sock), cfg.status_timeout_s, cfg.status_timeout_s)
            except OSError as exc:
                return "fail", tx("printer.lost_asking", "{target}: the connection was lost while asking its "
                                  "status ({why})", target=t, why=os_error(exc))
            return _status_verdict(t, chk, tx("printer.reachable", "reachable"))
        finally:
            sock.close()
    if t.kind == "usb":
        try:
            import usb.core
        except ImportError:
            return "fail", tx("printer.needs_pyusb_short", "USB printing needs pyusb: pip install pyusb")
        try:
            dev = usb.core.find(idVendor=t.vid, idProduct=t.pid)
        except Exception:  # no libusb backend
            return "fail", tx("printer.no_libusb", "{target}: cannot look at the USB bus: install libusb-1.0",
                              target=t)
        if dev is None:
            return "fail", tx("printer.not_on_bus", "{target}: not on the USB bus: plug the printer in and switch "
                              "it on (lsusb lists it)", target=t)
        node = f"/dev/bus/usb/{dev.bus:03d}/{dev.address:03d}"
        if os.path.exists(node) and not os.access(node, os.R_OK | os.W_OK):
            return "fail", permission_advice(t)
        return "ok", tx("printer.on_bus", "{target}: on the USB bus ({node}), this user may open it", target=t,
                        node=node)
    # file (device node) and serial
    if t.kind == "file" and not os.path.exists(t.path) and Path(t.path).resolve().parts[:2] != ("/", "dev"):
        try:  # a plain file not made yet: the same check as `companion print` (check_target)
            check_target(t)
        except PrinterConfigError as exc:
            return "fail", str(exc)
        folder = Path(t.path).parent
        if not folder.is_dir():
            return "ok", tx("printer.file_new_folder", "{target}: no such file nor folder yet; the first page "
                            "sent creates the folder {folder} and the file in it", target=t, folder=folder)
        return "ok", tx("printer.file_new", "{target}: no such file yet; the first page sent creates it (its "
                        "folder is there, writable)", target=t)
    if not os.path.exists(t.path):
        return "fail", tx("printer.no_device", "{target}: {path} does not exist: plug the printer in (ls /dev/usb/ "
                          "/dev/tty*)", target=t, path=t.path)
    if not os.access(t.path, os.W_OK):
        return "fail", permission_advice(t)
    if t.kind == "serial" and answers_status(cfg):
        try:
            link = _SerialLink(t, cfg)
        except ImportError:
            return "fail", tx("printer.needs_pyserial", "serial printing needs pyserial: pip install pyserial")
        except Exception as exc:  # the port refusing: said, never raised
            return "fail", str(_device_error(t, exc))
        try:
            chk = check_status(link.ask, cfg.status_timeout_s, cfg.status_timeout_s)
        except Exception as exc:
            return "fail", str(_device_error(t, exc))
        finally:
            link.close(sent=False)
        return _status_verdict(t, chk, tx("printer.port_present", "port present (flow control {flow})",
                                          flow=link.flow))
    if _is_device(t.path):
        return "ok", tx("printer.device_ok", "{target}: device present, this user may write it", target=t)
    return "ok", tx("printer.file_ok", "{target}: file (pages are collected in it) present, this user may write it",
                    target=t)
