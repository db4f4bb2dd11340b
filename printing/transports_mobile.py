"""Printers a tablet reaches: Bluetooth SPP and Android's USB host.

Targets (read by :func:`printing.transports.parse_target`):

- ``bt:AA:BB:CC:DD:EE:FF[:channel]``: a Bluetooth printer's serial port profile
  (SPP, RFCOMM; channel 1 unless given; most small 58 mm printers sold for tablets).
  On Linux through Python's own Bluetooth sockets (``socket.AF_BLUETOOTH``,
  ``BTPROTO_RFCOMM``: BlueZ, the printer paired first with ``bluetoothctl``); on
  Android through ``BluetoothSocket`` (pyjnius; the printer paired in Android's
  settings, the BLUETOOTH_CONNECT permission given). Elsewhere refused with what to
  use instead (``serial:/dev/rfcomm0`` after ``rfcomm bind``, ``serial:COM5`` on
  Windows: the paired printer's serial port).
- ``usbhost:VID:PID`` (hex): a USB printer on an Android tablet's USB port, through
  ``UsbManager`` (pyjnius). The first job asks Android for the device (its own
  dialog): that job waits in the queue until the players answer. On the desktop
  ``usb:VID:PID`` (pyusb) is the same printer.

What "took all of it" means here (as for the other links, printing.transports):
- Bluetooth on Linux: every byte out of the socket's send queue (``TIOCOUTQ`` on the
  RFCOMM socket, which the kernel keeps for Bluetooth sockets), and a status answer
  after the job where the printer answered one before it;
- Bluetooth on Android: every write returned (``OutputStream.write`` blocks while the
  link's buffers are full) and flushed; a status answer after the job where the
  printer answered one before it (a printer that does not answer status queries:
  the bytes reached the link, which is all Android tells);
- USB host: every bulk transfer taken whole within ``timeout_s``, and a status answer
  after the job where the printer answered one before it.

Every failure that may pass (the printer off, out of reach, Bluetooth off, the USB
dialog not answered yet, a permission refused, a stall, a short write) raises
:class:`printing.transports.PrinterUnavailable`: the queue keeps the job and sends it
again whole. A target that cannot work here raises ``PrinterConfigError``.

The Android parts import nothing on the desktop: ``jnius`` (or a stand-in with
``autoclass`` and ``cast``: tests/android/test_transports_mobile.py) is imported
only when a job goes out on Android (python-for-android sets ANDROID_ARGUMENT).
"""

from __future__ import annotations

import os
import re
import socket
import threading
import time

from companion.clitext import number, tx

from .link import PrinterUnavailable, Target, answers_status
from .link import socket_ask as _tcp_ask
from .link import stalled as _stalled
from .link import status_after as _status_after
from .link import status_before as _status_before
from .profiles import PrinterConfig, PrinterConfigError
from .status import ANSWERED, NO_ANSWER

#: the Serial Port Profile's service UUID (Bluetooth SIG assigned number 0x1101)
SPP_UUID = "00001101-0000-1000-8000-00805F9B34FB"
#: a Bluetooth device address, six hex bytes
BT_ADDRESS = re.compile(r"[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}")
#: bytes per write (Bluetooth: a piece the link takes at once; USB: one bulk transfer)
PIECE = 4096
#: the broadcast Android sends with the USB permission answer (nobody needs to listen:
#: the next try of the job finds the permission given)
USB_PERMISSION_ACTION = "org.tablecompanion.USB_PERMISSION"


def on_android() -> bool:
    """True inside the APK (python-for-android sets ANDROID_ARGUMENT)."""
    return "ANDROID_ARGUMENT" in os.environ


def parse_mobile(text: str):
    """``bt:ADDR[:channel]`` or ``usbhost:VID:PID`` as a
    :class:`printing.transports.Target` (kind ``"bt"``: ``path`` the address in
    capitals, ``port`` the channel; kind ``"usbhost"``: ``vid``, ``pid``), or None for
    any other text. Raises ValueError for a malformed one (parse_target then names
    the accepted forms)."""

    t = text.strip()
    if t.lower().startswith("bt:"):
        rest = t[3:]
        addr, channel = rest[:17], rest[17:]
        if not BT_ADDRESS.fullmatch(addr) or (channel and not re.fullmatch(r":[0-9]{1,2}", channel)):
            raise ValueError(text)
        number = int(channel[1:]) if channel else 1
        if not 1 <= number <= 30:  # RFCOMM channels are 1-30
            raise ValueError(text)
        return Target("bt", path=addr.upper(), port=number)
    if t.lower().startswith("usbhost:"):
        vid, pid = t[8:].split(":")
        return Target("usbhost", vid=int(vid, 16), pid=int(pid, 16))
    return None


def send(t, payload: bytes, cfg: PrinterConfig, *, jnius=None, activity=None, sock_factory=None) -> None:
    """Send a whole job to a ``bt`` or ``usbhost`` target (see the module doc).
    jnius / activity: Android's (default: imported on Android); sock_factory:
    ``socket.socket``'s stand-in for Linux's Bluetooth (tests). Raises
    PrinterUnavailable (kept, retried) or PrinterConfigError (cannot work here)."""
    android = jnius is not None or on_android()
    if t.kind == "bt":
        if android:
            _send_bt_android(t, payload, cfg, _jnius(jnius), activity)
        else:
            _send_bt_linux(t, payload, cfg, sock_factory)
    elif t.kind == "usbhost":
        if not android:
            raise PrinterConfigError(tx("printer.usbhost_desktop", "{target}: Android's USB host; on this computer "
                                        "use usb:{vid:04x}:{pid:04x}", target=t, vid=t.vid, pid=t.pid))
        _send_usbhost(t, payload, cfg, _jnius(jnius), activity)
    else:  # pragma: no cover (printing.transports.send dispatches only these two)
        raise PrinterConfigError(str(t))


def _jnius(j):
    if j is None:
        import jnius  # Android only (the pyjnius recipe)

        j = jnius
    return j


def _unavailable(text: str):

    return PrinterUnavailable(text)


# --- Bluetooth on Linux ------------------------------------------------------------

def _send_bt_linux(t, payload: bytes, cfg: PrinterConfig, sock_factory=None) -> None:
    """RFCOMM through Python's socket module: connect (``timeout_s``), status before
    where the profile answers, the job, its bytes out of the send queue, status after
    where the printer answered before."""

    if sock_factory is None:
        if not all(hasattr(socket, n) for n in ("AF_BLUETOOTH", "BTPROTO_RFCOMM")):
            raise PrinterConfigError(tx(
                "printer.bt_no_sockets", "{target}: this Python has no Bluetooth sockets; pair the printer and "
                "print to its serial port instead (Linux: `sudo rfcomm bind 0 {addr}` then serial:/dev/rfcomm0; "
                "Windows: serial:COM5, the port Windows gave it)", target=t, addr=t.path))
        sock_factory = lambda: socket.socket(socket.AF_BLUETOOTH, socket.SOCK_STREAM,  # noqa: E731
                                             socket.BTPROTO_RFCOMM)
    try:
        sock = sock_factory()
    except OSError as exc:
        raise _unavailable(tx("printer.bt_adapter", "{target}: no Bluetooth adapter to use ({why}); the job is "
                              "kept", target=t, why=exc)) from None
    try:
        sock.settimeout(cfg.timeout_s)
        try:
            sock.connect((t.path, t.port))
        except OSError as exc:
            raise _unavailable(tx("printer.bt_off", "{target}: the printer is off, out of reach or not paired "
                                  "({why}); the job is kept", target=t, why=exc)) from None
        ask = _tcp_ask(sock)
        heard = _status_before(ask, t, cfg) if answers_status(cfg) else NO_ANSWER
        sock.settimeout(cfg.timeout_s)
        for i in range(0, len(payload), PIECE):
            try:
                sock.sendall(payload[i:i + PIECE])
            except (TimeoutError, socket.timeout):

                raise _stalled(t, i, len(payload), cfg) from None
        _wait_out(sock, t, len(payload), cfg)
        if heard != NO_ANSWER:
            _status_after(ask, t, cfg, required=heard == ANSWERED)
    except OSError as exc:
        raise _unavailable(tx("printer.bt_lost", "{target}: the Bluetooth link dropped during the job ({why}); "
                              "the job is kept and printed again whole", target=t, why=exc)) from None
    finally:
        try:
            sock.close()
        except OSError:
            pass


def _wait_out(sock, t, size: int, cfg: PrinterConfig) -> None:
    """Wait until the socket's send queue is empty (``TIOCOUTQ``; a socket that does
    not tell: nothing to wait for). No progress for ``timeout_s``: a stall."""
    import fcntl
    import struct
    import termios

    def left() -> int | None:
        try:
            return struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, b"\0\0\0\0"))[0]
        except (OSError, ValueError, AttributeError):
            return None

    last, since = left(), time.monotonic()
    while last:
        time.sleep(0.02)
        now = left()
        if now is None:
            return
        if now < last:
            since = time.monotonic()
        elif time.monotonic() - since > cfg.timeout_s:

            raise _stalled(t, size - now, size, cfg)
        last = now


# --- Bluetooth on Android -------------------------------------------------------------

class _Watchdog:
    """Closes ``thing`` when a blocking call takes longer than ``seconds`` (Android's
    Bluetooth connect and write have no time-out of their own): the call then fails
    with an IOException. ``fired`` says it was the watchdog."""

    def __init__(self, thing, seconds: float):
        self.thing, self.seconds, self.fired = thing, seconds, False
        self._timer: threading.Timer | None = None

    def __enter__(self):
        self._timer = threading.Timer(self.seconds, self._fire)
        self._timer.daemon = True
        self._timer.start()
        return self

    def _fire(self):
        self.fired = True
        try:
            self.thing.close()
        except Exception:  # noqa: BLE001 (closing a socket already closed)
            pass

    def __exit__(self, *exc):
        self._timer.cancel()
        return False


def _java_error(exc: BaseException) -> str:
    """A Java exception's class and message, as pyjnius gives them."""
    name = getattr(exc, "classname", "") or type(exc).__name__
    return f"{name}: {getattr(exc, 'innermessage', None) or exc}"


def _stream_ask(out, inp):
    """``ask(query, seconds)`` over a Java socket's streams (``available()`` polled:
    ``read`` would block past the wait)."""
    def ask(query: bytes, wait_s: float) -> bytes | None:
        out.write(query)
        out.flush()
        end = time.monotonic() + wait_s
        while time.monotonic() < end:
            n = int(inp.available())
            if n > 0:
                return bytes(int(inp.read()) & 0xFF for _ in range(min(n, 16)))
            time.sleep(0.02)
        return None
    return ask


def _send_bt_android(t, payload: bytes, cfg: PrinterConfig, j, activity=None) -> None:
    """BluetoothSocket to the paired printer's SPP service: connect, status before
    where the profile answers, the job in pieces (each write within ``timeout_s``),
    flush, status after where the printer answered before, close."""

    adapter = j.autoclass("android.bluetooth.BluetoothAdapter").getDefaultAdapter()
    if adapter is None:
        raise PrinterConfigError(tx("printer.bt_none", "{target}: this tablet has no Bluetooth", target=t))
    try:
        if not adapter.isEnabled():
            raise _unavailable(tx("printer.bt_disabled", "{target}: Bluetooth is switched off on the tablet: switch "
                                  "it on; the job is kept", target=t))
        device = adapter.getRemoteDevice(t.path)
        uuid = j.autoclass("java.util.UUID").fromString(SPP_UUID)
        sock = device.createRfcommSocketToServiceRecord(uuid)
    except PrinterUnavailable:
        raise
    except Exception as exc:  # noqa: BLE001 (JavaException: SecurityException without the permission)
        raise _bt_refusal(t, exc) from None
    try:
        with _Watchdog(sock, cfg.timeout_s) as dog:
            try:
                sock.connect()
            except Exception as exc:  # noqa: BLE001
                if dog.fired:
                    raise _unavailable(tx("printer.bt_no_answer", "{target}: the printer did not answer within {s} s "
                                          "(off or out of reach); the job is kept", target=t,
                                          s=number(cfg.timeout_s))) from None
                raise _bt_refusal(t, exc) from None
        out, inp = sock.getOutputStream(), sock.getInputStream()
        ask = _stream_ask(out, inp)
        heard = _status_before(ask, t, cfg) if answers_status(cfg) else NO_ANSWER
        took = 0
        for i in range(0, len(payload), PIECE):
            piece = payload[i:i + PIECE]
            with _Watchdog(sock, cfg.timeout_s) as dog:
                try:
                    out.write(piece)
                except Exception as exc:  # noqa: BLE001
                    if dog.fired:

                        raise _stalled(t, took, len(payload), cfg) from None
                    raise _unavailable(tx("printer.bt_lost", "{target}: the Bluetooth link dropped during the job "
                                          "({why}); the job is kept and printed again whole", target=t,
                                          why=_java_error(exc))) from None
            took += len(piece)
        out.flush()
        if heard != NO_ANSWER:
            _status_after(ask, t, cfg, required=heard == ANSWERED)
    finally:
        try:
            sock.close()
        except Exception:  # noqa: BLE001
            pass


def _bt_refusal(t, exc: BaseException):
    why = _java_error(exc)
    if "SecurityException" in why:
        return _unavailable(tx("printer.bt_permission", "{target}: the app may not use Bluetooth (permission "
                               "'Nearby devices' not given): allow it in the tablet's settings for Table "
                               "Companion; the job is kept", target=t))
    return _unavailable(tx("printer.bt_off", "{target}: the printer is off, out of reach or not paired ({why}); "
                           "the job is kept", target=t, why=why))


# --- USB host (Android) ------------------------------------------------------------------

def _usb_manager(j, activity):
    act = activity or j.autoclass("org.kivy.android.PythonActivity").mActivity
    ctx = j.autoclass("android.content.Context")
    return act, j.cast("android.hardware.usb.UsbManager", act.getSystemService(ctx.USB_SERVICE))


def _find_usb(manager, t):
    for dev in manager.getDeviceList().values().toArray():
        if int(dev.getVendorId()) == t.vid and int(dev.getProductId()) == t.pid:
            return dev
    return None


def _bulk_endpoints(j, dev):
    """``(interface, bulk OUT endpoint, bulk IN endpoint or None)`` of the first
    interface with a bulk OUT endpoint (a printer's), or None."""
    consts = j.autoclass("android.hardware.usb.UsbConstants")
    for i in range(int(dev.getInterfaceCount())):
        iface = dev.getInterface(i)
        out = inp = None
        for e in range(int(iface.getEndpointCount())):
            ep = iface.getEndpoint(e)
            if int(ep.getType()) != consts.USB_ENDPOINT_XFER_BULK:
                continue
            if int(ep.getDirection()) == consts.USB_DIR_OUT:
                out = out or ep
            else:
                inp = inp or ep
        if out is not None:
            return iface, out, inp
    return None


def ask_usb_permission(j, activity, manager, dev) -> None:
    """Android's dialog asking the players to let the app use ``dev``."""
    pending = j.autoclass("android.app.PendingIntent")
    intent = j.autoclass("android.content.Intent")(USB_PERMISSION_ACTION)
    flags = pending.FLAG_IMMUTABLE if hasattr(pending, "FLAG_IMMUTABLE") else 0
    manager.requestPermission(dev, pending.getBroadcast(activity, 0, intent, flags))


def _send_usbhost(t, payload: bytes, cfg: PrinterConfig, j, activity=None) -> None:
    """UsbManager: find the printer, ask Android for it once (the job waits for the
    answer), claim its printer interface, bulk transfers each taken whole within
    ``timeout_s``, status over the bulk IN endpoint where the printer answers, release."""

    act, manager = _usb_manager(j, activity)
    dev = _find_usb(manager, t)
    if dev is None:
        raise _unavailable(tx("printer.usbhost_absent", "{target}: no such printer on the tablet's USB port: plug "
                              "it in (an OTG adapter) and switch it on; the job is kept", target=t))
    if not manager.hasPermission(dev):
        ask_usb_permission(j, act, manager, dev)
        raise _unavailable(tx("printer.usbhost_asked", "{target}: the tablet asks whether the app may use this USB "
                              "printer: answer its question; the job is kept and sent then", target=t))
    found = _bulk_endpoints(j, dev)
    if found is None:
        raise PrinterConfigError(tx("printer.usbhost_not_printer", "{target}: this USB device has no bulk output "
                                    "(not a printer)", target=t))
    iface, ep_out, ep_in = found
    conn = manager.openDevice(dev)
    if conn is None:
        raise _unavailable(tx("printer.usbhost_open", "{target}: the USB printer could not be opened (unplugged or "
                              "busy); the job is kept", target=t))
    ms = max(1, int(cfg.timeout_s * 1000))
    try:
        if not conn.claimInterface(iface, True):
            raise _unavailable(tx("printer.usbhost_claim", "{target}: another app holds the USB printer; the job "
                                  "is kept", target=t))

        def ask(query: bytes, wait_s: float) -> bytes | None:
            if ep_in is None:
                return None
            conn.bulkTransfer(ep_out, query, len(query), ms)
            buf = bytearray(16)
            n = int(conn.bulkTransfer(ep_in, buf, len(buf), max(1, int(wait_s * 1000))))
            return bytes(buf[:n]) if n > 0 else None

        heard = _status_before(ask, t, cfg) if answers_status(cfg) else NO_ANSWER
        took = 0
        while took < len(payload):
            piece = payload[took:took + PIECE]
            n = int(conn.bulkTransfer(ep_out, piece, len(piece), ms))
            if n < 0:  # Android's -1: nothing taken within the time-out
                raise _stalled(t, took, len(payload), cfg)
            if n < len(piece):
                raise _unavailable(tx("printer.short_usb", "{target}: the printer took only {took} of {size} bytes "
                                      "(a short transfer); the job is kept and printed again whole", target=t,
                                      took=f"{took + n:,}", size=f"{len(payload):,}"))
            took += n
        if heard != NO_ANSWER:
            _status_after(ask, t, cfg, required=heard == ANSWERED)
    finally:
        try:
            conn.releaseInterface(iface)
        finally:
            conn.close()


# --- checking a printer (companion doctor) ------------------------------------------------

def printer_status(t, cfg: PrinterConfig, *, jnius=None, activity=None, sock_factory=None) -> tuple[str, str]:
    """``(verdict, text)`` for a ``bt`` or ``usbhost`` target without printing: the
    printer reachable (Bluetooth: a connection made and closed), or present and
    allowed (USB host). Never raises."""
    android = jnius is not None or on_android()
    try:
        if t.kind == "usbhost":
            if not android:
                return "fail", tx("printer.usbhost_desktop", "{target}: Android's USB host; on this computer use "
                                  "usb:{vid:04x}:{pid:04x}", target=t, vid=t.vid, pid=t.pid)
            j = _jnius(jnius)
            _act, manager = _usb_manager(j, activity)
            dev = _find_usb(manager, t)
            if dev is None:
                return "fail", tx("printer.usbhost_absent", "{target}: no such printer on the tablet's USB port: "
                                  "plug it in (an OTG adapter) and switch it on; the job is kept", target=t)
            if not manager.hasPermission(dev):
                return "warn", tx("printer.usbhost_not_allowed", "{target}: plugged in; the tablet will ask whether "
                                  "the app may use it at the first page", target=t)
            return "ok", tx("printer.usbhost_ok", "{target}: plugged in, the app may use it", target=t)
        if android:
            j = _jnius(jnius)
            adapter = j.autoclass("android.bluetooth.BluetoothAdapter").getDefaultAdapter()
            if adapter is None or not adapter.isEnabled():
                return "fail", tx("printer.bt_disabled", "{target}: Bluetooth is switched off on the tablet: "
                                  "switch it on; the job is kept", target=t)
            paired = {str(d.getAddress()).upper() for d in adapter.getBondedDevices().toArray()}
            if t.path not in paired:
                return "fail", tx("printer.bt_unpaired", "{target}: not paired with this tablet: pair it in the "
                                  "Bluetooth settings first", target=t)
            return "ok", tx("printer.bt_paired", "{target}: paired with this tablet", target=t)
        if sock_factory is None and not hasattr(socket, "AF_BLUETOOTH"):
            return "fail", tx("printer.bt_no_sockets", "{target}: this Python has no Bluetooth sockets; pair the "
                              "printer and print to its serial port instead (Linux: `sudo rfcomm bind 0 {addr}` "
                              "then serial:/dev/rfcomm0; Windows: serial:COM5, the port Windows gave it)",
                              target=t, addr=t.path)
        make = sock_factory or (lambda: socket.socket(socket.AF_BLUETOOTH, socket.SOCK_STREAM, socket.BTPROTO_RFCOMM))
        sock = make()
        try:
            sock.settimeout(min(cfg.timeout_s, 5.0))
            sock.connect((t.path, t.port))
        finally:
            sock.close()
        return "ok", tx("printer.bt_reachable", "{target}: reachable over Bluetooth", target=t)
    except Exception as exc:  # noqa: BLE001 (never raises: said)
        return "fail", tx("printer.bt_off", "{target}: the printer is off, out of reach or not paired ({why}); "
                          "the job is kept", target=t, why=_java_error(exc) if android else exc)
