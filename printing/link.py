"""What every printer link shares (printing.transports for files, TCP, USB and
serial; printing.transports_mobile for a tablet's Bluetooth and USB host): the
parsed :class:`Target`, the faults that keep a job queued, whether a printer is
asked its real-time status and the status asked before and after a job, and the
words for a printer that stopped taking a job. Nothing here opens a printer.
"""

from __future__ import annotations

import errno
import socket
from dataclasses import dataclass

from companion.clitext import number, tx
from companion.errors import CompanionError

from .profiles import PrinterConfig, PrinterConfigError
from .status import NO_ANSWER, check_status


class PrinterPermissionError(PrinterConfigError):
    """The printer is there but this user may not open it (device permissions). Not
    retried as if it were off: the message names the fix (udev rule / group)."""


class PrinterUnavailable(CompanionError):
    """The printer is off, refused the connection, is busy (timed out), paused the job
    too long or dropped the connection before it took the whole job. The job stays
    queued and is retried (sent again whole)."""


class FlowControlIgnored(PrinterUnavailable):
    """A serial printer sent XOFF while the port was set to ``flow=none``: it uses
    XON/XOFF, and bytes sent past its XOFF may be lost. The job stays queued and the
    queue sends it again with :attr:`flow` (``"xonxoff"``), whatever the job's target
    and config said: with flow control off, a printer already paused when the retry
    starts would drop the job without a sign."""

    flow = "xonxoff"


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
    """A parsed printer target: ``kind`` in preview, file, tcp, usb, serial, bt
    (``path`` the address, ``port`` the RFCOMM channel), usbhost (Android).
    ``flow`` (serial): the flow control named in the target, "" = the config's."""

    kind: str
    path: str = ""
    host: str = ""
    port: int = 9100
    vid: int = 0
    pid: int = 0
    baud: int = 9600
    flow: str = ""

    def __str__(self) -> str:
        return {"preview": "preview", "file": f"file:{self.path}",
                "tcp": f"tcp://{self.host}:{self.port}",
                "usb": f"usb:{self.vid:04x}:{self.pid:04x}",
                "serial": f"serial:{self.path}:{self.baud}" + (f":{self.flow}" if self.flow else ""),
                "bt": f"bt:{self.path}:{self.port}", "usbhost": f"usbhost:{self.vid:04x}:{self.pid:04x}",
                }[self.kind]


# --- a job that stopped, the status before and after it ----------------------------

def stalled(t: Target, took: int, size: int, cfg: PrinterConfig, flow: str = "") -> PrinterUnavailable:
    """The printer took no byte for ``timeout_s`` (``flow``: the serial flow control
    that held it): the job is kept, in players' words."""
    left = (tx("printer.left", "{left} of {size} bytes still to send", left=number(size - took), size=number(size))
            if 0 <= took < size else tx("printer.left_end", "as the job ended") if size
            else tx("printer.left_start", "before the job began"))
    s = number(cfg.timeout_s)
    if flow == "xonxoff":
        why = tx("printer.stall_xoff", "the printer held the job paused (XOFF) for over {s} s with {left}: "
                 "out of paper, cover open or busy", s=s, left=left)
    elif flow == "rtscts":
        why = tx("printer.stall_cts", "the printer held the job paused (CTS low) for over {s} s with {left}: "
                 "out of paper or busy, or the cable has no RTS/CTS wires (then use flow=xonxoff)", s=s, left=left)
    else:
        why = tx("printer.stall", "the printer stopped taking the job for over {s} s with {left}: "
                 "switched off, out of paper, jammed or busy", s=s, left=left)
    return PrinterUnavailable(tx("printer.kept_whole", "{target}: {why}; the job is kept and printed again whole",
                                 target=t, why=why))


def status_before(ask, t: Target, cfg: PrinterConfig) -> str:
    """Ask the status before the job (``status_timeout_s`` per query); raise
    PrinterUnavailable for paper out or cover open. Returns what was heard
    (printing.status: ANSWERED, NO_ANSWER, NOT_UNDERSTOOD): an answer that is not a
    status byte is no fault, the job goes ahead as to a printer that does not answer."""
    chk = check_status(ask, cfg.status_timeout_s, cfg.status_timeout_s)
    if chk.problem:
        raise PrinterUnavailable(f"{t}: {chk.problem}")
    return chk.heard


def status_after(ask, t: Target, cfg: PrinterConfig, *, required: bool = True) -> bool:
    """Ask the status once the job was sent (the first answer may take up to
    ``timeout_s``: the printer reaches the query only after the job's bytes before
    it). Any answer is the printer's word that it is there and read the whole job;
    paper out or cover open -> PrinterUnavailable (the page may be cut short: it is
    printed again whole). No answer: PrinterUnavailable when ``required`` (a printer
    that answered before the job), else False."""
    chk = check_status(ask, cfg.timeout_s, cfg.status_timeout_s)
    if chk.problem:
        raise PrinterUnavailable(tx("printer.status_during", "{target}: {problem} (during the job: it is kept "
                                    "and printed again whole)", target=t, problem=chk.problem))
    if chk.heard == NO_ANSWER:
        if required:
            raise PrinterUnavailable(tx(
                "printer.stopped_answering", "{target}: the printer stopped answering during the job (it "
                "answered before it, not in {s} s after it): switched off, jammed or busy; the job is kept and "
                "printed again whole", target=t, s=number(cfg.timeout_s)))
        return False
    return True


def socket_ask(sock: socket.socket):
    """``ask(query, seconds)`` for printing.status over a printer's connection: the
    answer is taken as soon as its first byte arrives (``recv``)."""
    def ask(query: bytes, wait_s: float) -> bytes | None:
        sock.settimeout(None)
        sock.sendall(query)
        sock.settimeout(wait_s)
        try:
            got = sock.recv(16)
        except (TimeoutError, socket.timeout):
            return None
        if not got:
            raise ConnectionError(errno.ECONNRESET, tx("printer.closed", "the printer closed the connection"))
        return got
    return ask
