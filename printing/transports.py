"""Out to a printer: targets, sending a job, real-time status, and checking a printer.

Targets (:func:`parse_target`): ``preview`` (a PNG of the very raster sent),
``file:PATH``, ``tcp://host[:9100]`` (escpos.printer.Network), ``usb:VID:PID`` (hex;
needs pyusb), ``serial:/dev/ttyUSB0[:baud]`` (needs pyserial). :func:`send` hands a
whole job (ESC/POS bytes, printing.escpos_raster) to one; :func:`printer_status`
checks one without printing (``companion doctor``).

Raises :class:`PrinterUnavailable` (off, busy, dropped: the job stays queued),
:class:`PrinterPermissionError` (this user may not open it) or
:class:`PrinterConfigError` (a target that cannot work).
"""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass
from pathlib import Path

from companion.errors import CompanionError

from .profiles import PrinterConfig, PrinterConfigError


class PrinterPermissionError(PrinterConfigError):
    """The printer is there but this user may not open it (device permissions). Not
    retried as if it were off: the message names the fix (udev rule / group)."""


class PrinterUnavailable(CompanionError):
    """The printer is off, refused the connection, is busy (timed out) or dropped the
    connection before the whole job was sent. The job stays queued and is retried."""


#: python-escpos profile vendors whose printers answer ESC/POS real-time status
#: (DLE EOT n; Epson's ESC/POS reference, Citizen's command manual). Others (Star's
#: own command set, cheap clones that may print the query as text) are asked only
#: when ``paper_check`` is true.
STATUS_VENDORS = ("Epson", "Citizen")


def answers_status(cfg: PrinterConfig) -> bool:
    """Whether to ask the printer for its real-time status (see ``paper_check``)."""
    if cfg.paper_check is not None:
        return cfg.paper_check
    from escpos.capabilities import CAPABILITIES

    prof = CAPABILITIES["profiles"].get(cfg.profile_name, {})
    return prof.get("vendor") in STATUS_VENDORS and not prof.get("features", {}).get("starCommands")


# --- targets -------------------------------------------------------------------

@dataclass(frozen=True)
class Target:
    """A parsed printer target: ``kind`` in preview, file, tcp, usb, serial."""

    kind: str
    path: str = ""
    host: str = ""
    port: int = 9100
    vid: int = 0
    pid: int = 0
    baud: int = 9600

    def __str__(self) -> str:
        return {"preview": "preview", "file": f"file:{self.path}",
                "tcp": f"tcp://{self.host}:{self.port}",
                "usb": f"usb:{self.vid:04x}:{self.pid:04x}",
                "serial": f"serial:{self.path}:{self.baud}"}[self.kind]


def parse_target(text: str) -> Target:
    """Parse ``preview | file:PATH | tcp://host[:port] | usb:VID:PID | serial:DEV[:baud]``.

    Raises PrinterConfigError with the accepted forms.
    """
    forms = ("preview, file:PATH, tcp://host:9100 (port 1-65535), usb:VID:PID (hex), "
             "serial:/dev/ttyUSB0[:baud]")
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
            dev, _, baud = t[7:].partition(":")
            rate = int(baud or 9600)
            if not dev or rate <= 0:
                raise ValueError
            return Target("serial", path=dev, baud=rate)
    except ValueError:
        pass
    raise PrinterConfigError(f"printer target {text!r} not understood; use {forms}")


def check_target(target: Target) -> None:
    """Refuse, before any page is made, a target that can never work: a ``file:``
    path whose folder does not exist, is not a folder, or cannot be written (an
    existing file or device must be writable). A device under /dev that is not there
    (an unplugged USB printer), and network, USB and serial printers, may simply be
    off: they are not refused (their jobs wait in the queue).

    Raises PrinterConfigError naming the path.
    """
    if target.kind != "file":
        return
    path = Path(target.path)
    if path.is_dir():
        raise PrinterConfigError(f"printer file:{path}: is a folder; name a file (or a device)")
    folder = path.parent
    if folder.exists() and not folder.is_dir():
        raise PrinterConfigError(f"printer file:{path}: {folder} is not a folder")
    if not folder.is_dir():
        if folder.resolve().parts[:2] == ("/", "dev"):
            return  # a device folder (/dev/usb) appears when the printer is plugged in
        raise PrinterConfigError(f"printer file:{path}: the folder {folder} does not exist")
    if not path.exists() and path.resolve().parts[:2] == ("/", "dev"):
        return  # an unplugged device: its job waits in the queue
    existed = path.exists()
    try:
        with open(path, "ab"):
            pass  # opened for appending, as the printer will be: nothing is written
    except PermissionError:  # the same advice as when sending (udev rule / group)
        raise PrinterConfigError(permission_advice(target, kept=False)) from None
    except OSError as exc:
        raise PrinterConfigError(f"printer file:{path}: cannot be written ({exc.strerror or exc})") from None
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

    Returns only when every byte was handed over and the connection closed without
    error. Raises PrinterUnavailable (off, refused, busy/time-out, dropped midway:
    retry) or PrinterConfigError (bad target, missing pyusb/pyserial: do not retry).
    """
    t = parse_target(target) if isinstance(target, str) else target
    if t.kind == "preview":
        raise PrinterConfigError("preview is not a printer: write the PNG with save_preview")
    if t.kind == "tcp":
        _send_tcp(t, payload, cfg)
    elif t.kind == "file" and not _is_device(t.path):
        _append_to_file(t, payload)
    else:
        _send_to_device(_device_printer(t, cfg), t, payload, cfg)


def _append_to_file(t: Target, payload: bytes) -> None:
    """A plain ``file:`` target collects every page sent to it (python-escpos' File
    would start it afresh for each page; a device file such as /dev/usb/lp0 goes
    through :func:`_device_printer`)."""
    try:
        with open(t.path, "ab") as f:
            f.write(payload)
    except PermissionError:
        raise PrinterPermissionError(permission_advice(t)) from None
    except OSError as exc:  # not there yet (a folder, a device to plug in): kept, retried
        raise PrinterUnavailable(f"{t}: {exc.strerror or exc}") from None


def _device_printer(t: Target, cfg: PrinterConfig):
    """The python-escpos printer (not opened yet) of a device target: a device file,
    ``usb:`` or ``serial:``. Raises PrinterPermissionError when this user may not
    write the device, PrinterConfigError when pyusb / pyserial is missing."""
    if t.kind == "file":
        from escpos.printer import File

        if not os.access(t.path, os.W_OK):
            raise PrinterPermissionError(permission_advice(t))
        return File(t.path, profile=cfg.profile_name)
    if t.kind == "usb":
        from escpos.printer import Usb

        if not Usb.is_usable():
            raise PrinterConfigError("USB printing needs pyusb: pip install pyusb "
                                     "(and a udev rule giving you the device)")
        return Usb(t.vid, t.pid, timeout=int(cfg.timeout_s * 1000), profile=cfg.profile_name)
    from escpos.printer import Serial

    if not Serial.is_usable():
        raise PrinterConfigError("serial printing needs pyserial: pip install pyserial")
    if os.path.exists(t.path) and not os.access(t.path, os.R_OK | os.W_OK):
        raise PrinterPermissionError(permission_advice(t))
    return Serial(t.path, baudrate=t.baud, timeout=cfg.timeout_s, profile=cfg.profile_name)


def _send_to_device(printer, t: Target, payload: bytes, cfg: PrinterConfig) -> None:
    """Open ``printer``, ask its status before the job (USB and serial, where the
    profile answers: :func:`answers_status`), write the job (a serial port flushed
    until every byte left it), ask again after it when it answered, close. Any
    failure closes the printer and is raised as :func:`_device_error` words it."""
    try:
        printer.open()
        readable = t.kind in ("usb", "serial") and answers_status(cfg)
        answered = _check_status(printer, t, cfg, "before") if readable else False
        printer._raw(payload)
        if t.kind == "serial":
            printer.device.flush()  # returns once every byte left the port
        if answered:
            _check_status(printer, t, cfg, "after")
        printer.close()
    except PrinterUnavailable:
        _quiet_close(printer)
        raise
    except Exception as exc:  # escpos, OSError, pyusb/pyserial errors have their own classes
        _quiet_close(printer)
        raise _device_error(t, exc) from None


def _device_error(t: Target, exc: Exception) -> CompanionError:
    """A device's failure as the queue reads it: PrinterPermissionError (permission
    problem, however the driver words it), else PrinterUnavailable (kept, retried)."""
    from escpos.exceptions import DeviceNotFoundError

    if _is_permission(exc):
        return PrinterPermissionError(permission_advice(t))
    if isinstance(exc, DeviceNotFoundError):
        return PrinterUnavailable(f"{t}: {exc}".replace("\n", " "))
    if isinstance(exc, OSError):
        return PrinterUnavailable(f"{t}: {exc}")
    return PrinterUnavailable(f"{t}: {type(exc).__name__}: {exc}")


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

    again = "; the job is kept: `companion print-queue --retry JOB` sends it then" if kept else ""
    if t.kind == "usb":
        return (f"{t}: permission denied: this user may not open the USB printer. Fix: a "
                f"udev rule, e.g. /etc/udev/rules.d/99-thermal-printer.rules with "
                f'SUBSYSTEM=="usb", ATTRS{{idVendor}}=="{t.vid:04x}", '
                f'ATTRS{{idProduct}}=="{t.pid:04x}", MODE="0660", GROUP="lp"; then '
                "`sudo udevadm control --reload-rules`, replug the printer, "
                f"`sudo usermod -aG lp $USER` and log in again{again}")
    usual = "dialout" if t.kind == "serial" else "lp"
    facts = _device_facts(t.path)
    if facts is None:
        return (f"{t}: permission denied: this user may not open {t.path}. Fix: "
                f"`sudo usermod -aG {usual} $USER` and log in again{again}")
    user, group, mode = facts
    seen = f"{t.path} is {user}:{group} {stat.filemode(mode)}"
    if mode & stat.S_IWGRP and group != "root":
        fix = f"`sudo usermod -aG {group} $USER` and log in again"
    else:
        fix = (f"its owner ({user}) must let the {usual} group write to it: a udev rule "
               f'with GROUP="{usual}", MODE="0660" (or `sudo chgrp {usual} {t.path} && '
               f"sudo chmod g+rw {t.path}` until the next boot), then "
               f"`sudo usermod -aG {usual} $USER` and log in again")
    return f"{t}: permission denied: this user may not write to the printer ({seen}). Fix: {fix}{again}"


# --- real-time status (DLE EOT) ---------------------------------------------------

DLE_EOT_OFFLINE = b"\x10\x04\x02"  #: DLE EOT 2: offline cause (cover, paper end)
DLE_EOT_PAPER = b"\x10\x04\x04"    #: DLE EOT 4: paper roll sensor


def status_problem(paper: bytes | None, offline: bytes | None) -> str:
    """The printer's own reason not to print, from real-time status answers, or ""
    (ESC/POS DLE EOT: paper sensor bits 5-6 = paper end; offline cause bit 2 = cover
    open, bit 5 = stopped at paper end). ``None`` = not answered."""
    if offline and offline[0] & 0x04:
        return "cover open: close the printer's cover"
    if paper and paper[0] & 0x60 == 0x60:
        return "out of paper: load a paper roll"
    if offline and offline[0] & 0x20:
        return "out of paper: load a paper roll"
    return ""


def _ask(printer, query: bytes) -> bytes | None:
    """One real-time status query; ``None`` when the printer does not answer."""
    try:
        got = printer.query_status(query)
    except (TimeoutError, socket.timeout):
        return None
    except Exception as exc:  # pyusb/pyserial time-outs have their own classes
        if "timeout" in type(exc).__name__.lower() or "timed out" in str(exc).lower():
            return None
        raise
    return bytes(got[:1]) if got else None


def _check_status(printer, t: Target, cfg: PrinterConfig, when: str) -> bool:
    """Ask the paper sensor and the offline cause; raise PrinterUnavailable for paper
    out or cover open. Returns whether the printer answered at all."""
    paper = _ask(printer, DLE_EOT_PAPER)
    if paper is None:
        return False
    offline = _ask(printer, DLE_EOT_OFFLINE)
    why = status_problem(paper, offline)
    if why:
        if when == "after":
            why += " (during the job: it is kept and printed again whole)"
        raise PrinterUnavailable(f"{t}: {why}")
    return True


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
    import time

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
            raise PrinterUnavailable(
                f"{t}: the printer stopped taking the job ({now:,} of {size:,} bytes never "
                f"reached it in {cfg.timeout_s:g} s): switched off, jammed or busy")
        last = now


def _send_tcp(t: Target, payload: bytes, cfg: PrinterConfig) -> None:
    from escpos.exceptions import DeviceNotFoundError
    from escpos.printer import Network

    printer = Network(t.host, t.port, timeout=cfg.timeout_s, profile=cfg.profile_name)
    try:
        printer.open()
    except DeviceNotFoundError as exc:
        detail = str(exc).splitlines()[-1].strip(" ()")
        raise PrinterUnavailable(f"{t}: printer off or refusing connections: {detail}") from None
    sock: socket.socket = printer.device
    try:
        answered = False
        if answers_status(cfg):
            sock.settimeout(cfg.status_timeout_s)
            answered = _check_status(printer, t, cfg, "before")
            sock.settimeout(cfg.timeout_s)
        printer._raw(payload)  # sendall: the bytes are in the kernel, not yet printed
        _wait_taken(sock, t, len(payload), cfg)  # every byte acknowledged by the printer
        if answered:
            sock.settimeout(cfg.status_timeout_s)
            _check_status(printer, t, cfg, "after")
        sock.shutdown(socket.SHUT_WR)  # tell the printer the job is complete
        _wait_taken(sock, t, len(payload), cfg)
        # A dropped connection shows up as a reset here; EOF or silence after every
        # byte was acknowledged means the printer has it.
        sock.settimeout(cfg.close_wait_s)
        try:
            while sock.recv(4096):
                pass
        except TimeoutError:
            pass
    except TimeoutError:
        raise PrinterUnavailable(f"{t}: printer busy (no progress for {cfg.timeout_s} s)") from None
    except OSError as exc:
        raise PrinterUnavailable(f"{t}: connection lost during the job ({exc})") from None
    finally:
        try:
            sock.close()
        finally:
            printer._device = False


# --- checking a printer (companion doctor) ----------------------------------------

def printer_status(target: Target | str, cfg: PrinterConfig) -> tuple[str, str]:
    """Check a printer without printing: ``(verdict, text)`` with verdict ``"ok"``,
    ``"warn"`` or ``"fail"`` and a plain sentence saying what was found and what to
    change. Network: connects (and asks the real-time status where the profile
    answers it); USB: the device is on the bus and may be opened; file/serial: the
    device exists and this user may write it; a ``file:`` outside /dev not made yet
    is judged as `companion print` judges it (:func:`check_target`: its folder is
    there and writable, so the first page creates it). Sends no print data; never
    raises."""
    try:
        t = parse_target(target) if isinstance(target, str) else target
    except PrinterConfigError as exc:
        return "fail", str(exc)
    if t.kind == "preview":
        return "ok", "preview: pages are written as PNG files (no printer)"
    if t.kind == "tcp":
        try:
            sock = socket.create_connection((t.host, t.port), timeout=min(cfg.timeout_s, 3.0))
        except OSError as exc:
            return "fail", (f"{t}: no answer ({exc.strerror or exc}): switch the printer on, check its "
                            "network cable/Wi-Fi and its address (most print their IP on a self-test page)")
        try:
            if not answers_status(cfg):
                return "ok", f"{t}: reachable (profile {cfg.profile_name} is not asked for paper/cover status)"
            from escpos.printer import Network

            printer = Network(t.host, t.port, timeout=cfg.status_timeout_s, profile=cfg.profile_name)
            printer.device = sock
            sock.settimeout(cfg.status_timeout_s)
            try:
                answered = _check_status(printer, t, cfg, "before")
            except PrinterUnavailable as exc:
                return "fail", str(exc)
            if not answered:
                return "ok", f"{t}: reachable; it does not answer status queries (paper_check=false avoids them)"
            return "ok", f"{t}: reachable, paper loaded, cover closed"
        finally:
            sock.close()
    if t.kind == "usb":
        try:
            import usb.core
        except ImportError:
            return "fail", "USB printing needs pyusb: pip install pyusb"
        try:
            dev = usb.core.find(idVendor=t.vid, idProduct=t.pid)
        except Exception as exc:  # no libusb backend
            return "fail", f"{t}: cannot look at the USB bus ({exc}): install libusb-1.0"
        if dev is None:
            return "fail", f"{t}: not on the USB bus: plug the printer in and switch it on (lsusb lists it)"
        node = f"/dev/bus/usb/{dev.bus:03d}/{dev.address:03d}"
        if os.path.exists(node) and not os.access(node, os.R_OK | os.W_OK):
            return "fail", permission_advice(t)
        return "ok", f"{t}: on the USB bus ({node}), this user may open it"
    # file (device node) and serial
    if t.kind == "file" and not os.path.exists(t.path) and Path(t.path).resolve().parts[:2] != ("/", "dev"):
        try:  # a plain file not made yet: the same check as `companion print` (check_target)
            check_target(t)
        except PrinterConfigError as exc:
            return "fail", str(exc)
        return "ok", f"{t}: no such file yet; the first page sent creates it (its folder is there, writable)"
    if not os.path.exists(t.path):
        return "fail", f"{t}: {t.path} does not exist: plug the printer in (ls /dev/usb/ /dev/tty*)"
    if not os.access(t.path, os.W_OK):
        return "fail", permission_advice(t)
    what = "device" if _is_device(t.path) else "file (pages are collected in it)"
    return "ok", f"{t}: {what} present, this user may write it"
