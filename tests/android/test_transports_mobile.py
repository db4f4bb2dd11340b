"""A tablet's printers: Bluetooth SPP (Linux's RFCOMM socket, Android's
BluetoothSocket) and Android's USB host, with fakes (a local socket pair for RFCOMM,
fakes of the jnius classes); a printer that is off keeps its job in the queue."""

import socket
import threading
import time
from types import SimpleNamespace

import pytest

from printing import transports, transports_mobile
from printing.profiles import PrinterConfig, PrinterConfigError
from printing.queue import PrintQueue
from printing.transports import PrinterUnavailable, Target, parse_target

JOB = bytes(range(256)) * 40  # 10 KiB: three pieces


def _cfg(**kw):
    kw.setdefault("timeout_s", 1.0)
    kw.setdefault("paper_check", False)
    return PrinterConfig(**kw)


# -- targets ------------------------------------------------------------------------------
def test_bluetooth_and_usb_host_targets_parse_and_print_back():
    t = parse_target("bt:aa:bb:cc:dd:ee:0f")
    assert t == Target("bt", path="AA:BB:CC:DD:EE:0F", port=1) and str(t) == "bt:AA:BB:CC:DD:EE:0F:1"
    assert parse_target(str(t)) == t
    assert parse_target("bt:AA:BB:CC:DD:EE:0F:3").port == 3
    u = parse_target("usbhost:0416:5011")
    assert (u.kind, u.vid, u.pid, str(u)) == ("usbhost", 0x0416, 0x5011, "usbhost:0416:5011")


@pytest.mark.parametrize("bad", ["bt:", "bt:AA:BB:CC:DD:EE", "bt:AA:BB:CC:DD:EE:GG", "bt:AA:BB:CC:DD:EE:FF:0",
                                 "bt:AA:BB:CC:DD:EE:FF:31", "bt:AA:BB:CC:DD:EE:FF:x", "usbhost:0416", "usbhost:zz:1"])
def test_a_malformed_one_is_refused_with_the_accepted_forms(bad):
    with pytest.raises(PrinterConfigError, match="not understood"):
        parse_target(bad)


# -- Bluetooth on Linux (a local socket pair stands for the RFCOMM link) ---------------------
class FakeRfcomm:
    """The app's end of an RFCOMM link (socket.socket's stand-in): connect() records
    the address; the printer's end reads everything into ``got``."""

    def __init__(self, refuse=None, printer_reads=True):
        self.mine, self.printer = socket.socketpair()
        self.refuse = refuse
        self.address = None
        self.got = bytearray()
        self.closed = False
        if printer_reads:
            threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        while True:
            data = self.printer.recv(65536)
            if not data:
                return
            self.got += data

    def connect(self, addr):
        if self.refuse:
            raise self.refuse
        self.address = addr

    def __getattr__(self, name):
        return getattr(self.mine, name)

    def close(self):
        self.closed = True
        self.mine.close()


def test_a_job_goes_whole_over_rfcomm_to_the_address_and_channel():
    link = FakeRfcomm()
    t = parse_target("bt:00:11:22:33:44:55:2")
    transports_mobile.send(t, JOB, _cfg(), sock_factory=lambda: link)
    assert link.address == ("00:11:22:33:44:55", 2) and link.closed
    deadline = time.monotonic() + 2
    while len(link.got) < len(JOB) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert bytes(link.got) == JOB


def test_a_bluetooth_printer_that_is_off_keeps_its_job_queued(tmp_path):
    q = PrintQueue(tmp_path / "q", sender=lambda t, p, c: transports_mobile.send(
        t, p, c, sock_factory=lambda: FakeRfcomm(refuse=ConnectionRefusedError(111, "Connection refused"))))
    job = q.submit("bt:00:11:22:33:44:55", JOB, _cfg())
    [report] = q.process()
    assert report.outcome == "retry" and "off, out of reach or not paired" in report.error
    [kept] = q.jobs("pending")
    assert kept.id == job.id and kept.target == "bt:00:11:22:33:44:55:1" and q.payload_path(job.id).read_bytes() == JOB
    # switched on: the same job goes out whole
    link = FakeRfcomm()
    q.sender = lambda t, p, c: transports_mobile.send(t, p, c, sock_factory=lambda: link)
    q.clock = lambda: time.time() + 3600
    assert [r.outcome for r in q.process()] == ["printed"]


def test_a_bluetooth_printer_that_stops_reading_is_a_stall_and_the_job_is_kept():
    link = FakeRfcomm(printer_reads=False)
    with pytest.raises(PrinterUnavailable, match="kept"):
        transports_mobile.send(parse_target("bt:00:11:22:33:44:55"), JOB * 200, _cfg(timeout_s=0.3),
                               sock_factory=lambda: link)


def test_without_bluetooth_sockets_the_desktop_says_what_to_use_instead():
    t = parse_target("bt:00:11:22:33:44:55")
    if hasattr(socket, "AF_BLUETOOTH"):  # a Python with BlueZ sockets: no adapter here, the job kept
        with pytest.raises(PrinterUnavailable):
            transports.send(t, JOB, _cfg(timeout_s=0.5))
    else:
        with pytest.raises(PrinterConfigError, match="rfcomm bind 0 00:11:22:33:44:55"):
            transports.send(t, JOB, _cfg())
    with pytest.raises(PrinterConfigError, match="usb:0416:5011"):
        transports.send(parse_target("usbhost:0416:5011"), JOB, _cfg())
    verdict, words = transports.printer_status("usbhost:0416:5011", _cfg())
    assert verdict == "fail" and "usb:0416:5011" in words


# -- Bluetooth on Android (fakes of the jnius classes) -----------------------------------------
class JavaException(Exception):
    def __init__(self, classname, msg=""):
        super().__init__(msg)
        self.classname = classname


class OutStream:
    def __init__(self, dev):
        self.dev = dev

    def write(self, data):
        if self.dev.hang_writes:
            self.dev.unblocked.wait(5)
            raise JavaException("java.io.IOException", "socket closed")
        self.dev.got += bytes(data)

    def flush(self):
        self.dev.flushed = True


class InStream:
    def __init__(self, dev):
        self.dev = dev

    def available(self):
        return len(self.dev.answers[:1])

    def read(self):
        return self.dev.answers.pop(0)


class BtSocket:
    def __init__(self, dev):
        self.dev = dev

    def connect(self):
        if self.dev.off:
            raise JavaException("java.io.IOException", "read failed, socket might closed or timeout")
        self.dev.connected = True

    def getOutputStream(self):
        return OutStream(self.dev)

    def getInputStream(self):
        return InStream(self.dev)

    def close(self):
        self.dev.closed = True
        self.dev.unblocked.set()


class BtDevice:
    def __init__(self, address):
        self.address = address
        self.got = bytearray()
        self.off = self.hang_writes = self.connected = self.closed = self.flushed = False
        self.answers: list[int] = []
        self.uuid = None
        self.unblocked = threading.Event()

    def createRfcmmSocketToServiceRecord(self, uuid):  # pragma: no cover (a misspelling must not be used)
        raise AssertionError

    def createRfcommSocketToServiceRecord(self, uuid):
        self.uuid = uuid
        return BtSocket(self)

    def getAddress(self):
        return self.address


class BtAdapter:
    def __init__(self, enabled=True, refused=False):
        self.enabled, self.refused = enabled, refused
        self.devices = {}

    def isEnabled(self):
        return self.enabled

    def getRemoteDevice(self, addr):
        if self.refused:
            raise JavaException("java.lang.SecurityException", "Need android.permission.BLUETOOTH_CONNECT")
        return self.devices.setdefault(addr, BtDevice(addr))

    def getBondedDevices(self):
        return SimpleNamespace(toArray=lambda: list(self.devices.values()))


def _bt_jnius(adapter):
    classes = {"android.bluetooth.BluetoothAdapter": SimpleNamespace(getDefaultAdapter=lambda: adapter),
               "java.util.UUID": SimpleNamespace(fromString=lambda s: ("uuid", s))}
    return SimpleNamespace(autoclass=classes.__getitem__, cast=lambda n, o: o)


BT = parse_target("bt:00:11:22:33:44:55")


def test_android_sends_the_whole_job_to_the_paired_printers_spp_service():
    adapter = BtAdapter()
    transports_mobile.send(BT, JOB, _cfg(), jnius=_bt_jnius(adapter))
    dev = adapter.devices["00:11:22:33:44:55"]
    assert dev.uuid == ("uuid", "00001101-0000-1000-8000-00805F9B34FB")
    assert bytes(dev.got) == JOB and dev.flushed and dev.closed


def test_android_asks_the_status_after_the_job_of_a_printer_that_answered_before():
    adapter = BtAdapter()
    dev = adapter.getRemoteDevice("00:11:22:33:44:55")
    dev.answers = [0x12, 0x12, 0x12, 0x12, 0x12, 0x12]  # "all well" to each DLE EOT query
    transports_mobile.send(BT, JOB, _cfg(paper_check=True), jnius=_bt_jnius(adapter))
    assert JOB in bytes(dev.got) and bytes(dev.got) != JOB  # queries around the job
    assert bytes(dev.got).startswith(b"\x10\x04")


@pytest.mark.parametrize("case, words", [("off", "off, out of reach"), ("disabled", "Bluetooth is switched off"),
                                         ("refused", "permission 'Nearby devices'")])
def test_android_keeps_the_job_when_the_printer_cannot_be_reached(case, words):
    adapter = BtAdapter(enabled=case != "disabled", refused=case == "refused")
    if case == "off":
        adapter.getRemoteDevice("00:11:22:33:44:55").off = True
    with pytest.raises(PrinterUnavailable, match=words):
        transports_mobile.send(BT, JOB, _cfg(), jnius=_bt_jnius(adapter))


def test_android_a_write_that_hangs_is_cut_by_the_timeout_and_the_job_kept():
    adapter = BtAdapter()
    adapter.getRemoteDevice("00:11:22:33:44:55").hang_writes = True
    t0 = time.monotonic()
    with pytest.raises(PrinterUnavailable, match="kept"):
        transports_mobile.send(BT, JOB, _cfg(timeout_s=0.2), jnius=_bt_jnius(adapter))
    assert time.monotonic() - t0 < 4


def test_android_checks_a_paired_printer_without_printing():
    adapter = BtAdapter()
    assert transports_mobile.printer_status(BT, _cfg(), jnius=_bt_jnius(adapter))[0] == "fail"  # not paired
    adapter.getRemoteDevice("00:11:22:33:44:55")
    verdict, words = transports_mobile.printer_status(BT, _cfg(), jnius=_bt_jnius(adapter))
    assert verdict == "ok" and "paired" in words and adapter.devices["00:11:22:33:44:55"].got == b""


# -- USB host on Android ----------------------------------------------------------------------
class Endpoint:
    def __init__(self, kind, direction):
        self.kind, self.direction = kind, direction

    def getType(self):
        return self.kind

    def getDirection(self):
        return self.direction


class Iface:
    def __init__(self, eps):
        self.eps = eps

    def getEndpointCount(self):
        return len(self.eps)

    def getEndpoint(self, i):
        return self.eps[i]


BULK, OUT, IN = 2, 0, 0x80


class UsbDev:
    def __init__(self, vid=0x0416, pid=0x5011):
        self.vid, self.pid = vid, pid
        self.ifaces = [Iface([Endpoint(3, IN)]), Iface([Endpoint(BULK, IN), Endpoint(BULK, OUT)])]

    def getVendorId(self):
        return self.vid

    def getProductId(self):
        return self.pid

    def getInterfaceCount(self):
        return len(self.ifaces)

    def getInterface(self, i):
        return self.ifaces[i]


class Connection:
    def __init__(self, world):
        self.world = world

    def claimInterface(self, iface, force):
        self.world.claimed = iface
        return not self.world.busy

    def bulkTransfer(self, ep, data, n, ms):
        if ep.getDirection() == IN:
            return -1
        if self.world.stall:
            return -1
        take = min(n, self.world.take_at_most)
        self.world.got += bytes(data[:take])
        return take

    def releaseInterface(self, iface):
        self.world.released = True

    def close(self):
        self.world.closed = True


class UsbWorld:
    def __init__(self):
        self.dev = UsbDev()
        self.allowed = False
        self.asked = []
        self.got = bytearray()
        self.busy = self.stall = False
        self.take_at_most = 1 << 30
        self.claimed = None
        self.released = self.closed = False
        self.present = True

    def getDeviceList(self):
        devs = [self.dev] if self.present else []
        return SimpleNamespace(values=lambda: SimpleNamespace(toArray=lambda: devs))

    def hasPermission(self, dev):
        return self.allowed

    def requestPermission(self, dev, intent):
        self.asked.append(intent)

    def openDevice(self, dev):
        return Connection(self)

    def jnius(self):
        classes = {
            "android.content.Context": SimpleNamespace(USB_SERVICE="usb"),
            "android.hardware.usb.UsbConstants": SimpleNamespace(USB_ENDPOINT_XFER_BULK=BULK, USB_DIR_OUT=OUT),
            "android.app.PendingIntent": SimpleNamespace(FLAG_IMMUTABLE=0x4000000,
                                                         getBroadcast=lambda act, code, intent, flags: (intent, flags)),
            "android.content.Intent": lambda action: ("intent", action),
        }
        return SimpleNamespace(autoclass=classes.__getitem__, cast=lambda n, o: o)


USB = parse_target("usbhost:0416:5011")


def _usb_send(world, **kw):
    act = SimpleNamespace(getSystemService=lambda name: world)
    transports_mobile.send(USB, JOB, _cfg(**kw), jnius=world.jnius(), activity=act)


def test_usb_host_asks_android_first_and_keeps_the_job_until_allowed(tmp_path):
    world = UsbWorld()
    with pytest.raises(PrinterUnavailable, match="answer its question"):
        _usb_send(world)
    assert world.asked == [(("intent", "org.tablecompanion.USB_PERMISSION"), 0x4000000)] and world.got == b""
    world.allowed = True
    _usb_send(world)
    assert bytes(world.got) == JOB and world.claimed is world.dev.ifaces[1] and world.released and world.closed


@pytest.mark.parametrize("fault, words", [("absent", "plug it in"), ("busy", "another app"),
                                          ("stall", "kept"), ("short", "short transfer")])
def test_usb_host_faults_keep_the_job(fault, words):
    world = UsbWorld()
    world.allowed = True
    world.present = fault != "absent"
    world.busy = fault == "busy"
    world.stall = fault == "stall"
    if fault == "short":
        world.take_at_most = 100
    with pytest.raises(PrinterUnavailable, match=words):
        _usb_send(world)
    if fault != "absent":
        assert world.closed


def test_usb_host_status_check_without_printing():
    world = UsbWorld()
    act = SimpleNamespace(getSystemService=lambda name: world)
    assert transports_mobile.printer_status(USB, _cfg(), jnius=world.jnius(), activity=act)[0] == "warn"
    world.allowed = True
    assert transports_mobile.printer_status(USB, _cfg(), jnius=world.jnius(), activity=act)[0] == "ok"
    assert world.got == b""
