"""ESC/POS real-time status (``DLE EOT n``): the queries, what an answer byte says,
and one check that every link (network, USB, serial) runs through its own ``ask``.

The facts used (Epson's ESC/POS reference for ``DLE EOT``; python-escpos's
``RT_MASK_PAPER`` = 0x12 is the same fixed pattern): every answer to ``DLE EOT 1..4``
is one byte whose bits 0 and 7 are always 0 and bits 1 and 4 always 1, so
``byte & 0x93 == 0x12``. Paper roll sensor (n = 4): bits 5-6 set = paper end
(bits 2-3: near end). Offline cause (n = 2): bit 2 cover open, bit 5 printing
stopped at paper end, bit 6 an error. A byte without the fixed bits (a printer that
echoes, another command set, line noise, a wrong baud rate) is "status not
understood": never read as a paper or cover fault. The fixed bits also keep every
answer apart from the XON (0x11) and XOFF (0x13) flow-control bytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from companion.clitext import tx

DLE_EOT_OFFLINE = b"\x10\x04\x02"  #: DLE EOT 2: offline cause (cover, paper end)
DLE_EOT_PAPER = b"\x10\x04\x04"    #: DLE EOT 4: paper roll sensor
#: the bits every DLE EOT answer has fixed (0, 1, 4, 7) and their values (0, 1, 1, 0)
FIXED_MASK, FIXED_BITS = 0x93, 0x12

#: what a check heard: an ESC/POS status, nothing, or bytes that are no status
ANSWERED, NO_ANSWER, NOT_UNDERSTOOD = "answered", "no answer", "not understood"


def is_status_byte(value: int) -> bool:
    """Whether ``value`` (0..255) can be an ESC/POS ``DLE EOT n`` answer (its fixed
    bits: 0 and 7 off, 1 and 4 on)."""
    return value & FIXED_MASK == FIXED_BITS


def status_problem(paper: bytes | None, offline: bytes | None) -> str:
    """The printer's own reason not to print, from real-time status answers, or ""
    (``DLE EOT 4``: bits 5-6 = paper end; ``DLE EOT 2``: bit 2 = cover open, bit 5 =
    stopped at paper end). ``None`` = not answered; an answer that is not a status
    byte (:func:`is_status_byte`) says nothing and is ignored here."""
    paper = paper if paper and is_status_byte(paper[0]) else None
    offline = offline if offline and is_status_byte(offline[0]) else None
    if offline and offline[0] & 0x04:
        return tx("printer.cover_open", "cover open: close the printer's cover")
    if (paper and paper[0] & 0x60 == 0x60) or (offline and offline[0] & 0x20):
        return tx("printer.paper_out", "out of paper: load a paper roll")
    return ""


def not_understood(raw: bytes) -> str:
    """A status answer that is no status byte, in words (its first bytes in hex)."""
    shown = raw[:4].hex(" ") + (" ..." if len(raw) > 4 else "")
    return tx("printer.status_not_understood", "status not understood (the printer answered {shown}, not an "
              "ESC/POS status byte: it may not speak ESC/POS status, or the line's speed is wrong)", shown=shown)


@dataclass(frozen=True)
class StatusCheck:
    """What one check heard: ``heard`` is :data:`ANSWERED`, :data:`NO_ANSWER` or
    :data:`NOT_UNDERSTOOD`; ``raw`` the bytes received; ``problem`` the printer's
    reason not to print (only from understood answers) or ""."""

    heard: str
    raw: bytes = b""
    problem: str = ""


def check_status(ask: Callable[[bytes, float], bytes | None], first_wait_s: float,
                 wait_s: float) -> StatusCheck:
    """Ask the paper sensor (``DLE EOT 4``), then, when it answered with a status byte,
    the offline cause (``DLE EOT 2``).

    ``ask(query, seconds)`` sends one query and returns the bytes that came back, as
    soon as the first one arrives, or None when nothing came within ``seconds``
    (``first_wait_s`` for the first query, ``wait_s`` for the second). An offline
    answer that is not a status byte is left out. Raises what ``ask`` raises.
    """
    paper = ask(DLE_EOT_PAPER, first_wait_s)
    if not paper:
        return StatusCheck(NO_ANSWER)
    if not is_status_byte(paper[0]):
        return StatusCheck(NOT_UNDERSTOOD, bytes(paper))
    offline = ask(DLE_EOT_OFFLINE, wait_s)
    if offline and not is_status_byte(offline[0]):
        offline = None
    return StatusCheck(ANSWERED, bytes(paper[:1]) + bytes(offline[:1] if offline else b""),
                       status_problem(paper, offline))
