"""A printed page's code: the text in the QR code printed on a page, read back.

A page's QR code holds plain text a phone's scanner shows as it is: a few lines a
player understands, in the page's language (the paper's name, the edition and date,
the score, or the page's title), then one last line a program recognises::

    The Green Gazette
    Edition No. 4 · Mar 3, 1891 · 9 pts
    TC page <game> *20261201-031700 press-9

The last line is ``TC page <game> <label> <page>``: ``<game>`` the registered game
(companion.registry id), ``<label>`` the journal's game id the pages were printed
for (percent-encoded: no spaces; one that starts with ``<game>-``, as the app's
``<game>-20261201-031700`` do, is written ``*`` and the rest, to keep the code
small), ``<page>`` one of ``press-<N>``, ``all``,
``final``, ``start``, any of them followed by ``-seat-<K>`` for seat K (1-based):
the page request (printing.pages.PageRequest) that prints that page again. It is not
a component tag (no ``TC1:`` prefix): the camera ignores a page lying on the table.

Pure: no I/O, no imports of printing or vision (``companion scan`` and the app read
codes with :func:`parse_page_code`; printing writes them with :func:`page_code`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import quote, unquote

#: The words that open a page code's last line.
MARK = "TC page"
#: What a page code may ask for (printing.pages.WHATS).
WHATS = ("press", "all", "final", "start")
_TAIL = re.compile(r"TC page ([a-z0-9][a-z0-9-]{0,39}) (\*?[A-Za-z0-9._~%-]{1,120}) "
                   r"(?:press-([1-9][0-9]{0,5})|(all|final|start))(?:-seat-([1-9][0-9]?))?")


@dataclass(frozen=True)
class PageCode:
    """What a page's code names: ``game`` (registry id), ``label`` (the journal's
    game id), ``what`` (press | all | final | start), ``press`` (N with
    ``what="press"``, else None) and ``seat`` (0-based, or None for the table)."""

    game: str
    label: str
    what: str
    press: int | None = None
    seat: int | None = None


def page_tail(game: str, label: str, what: str, press: int | None = None, seat: int | None = None) -> str:
    """The machine-readable last line of a page code (module docstring), e.g.
    ``"TC page <game> <game>-4p press-1-seat-2"`` for ``seat`` 1 (0-based). Raises
    ValueError for a ``what`` or number no code can carry."""
    if what not in WHATS:
        raise ValueError(f"a page code names one of {', '.join(WHATS)}, not {what!r}")
    if (what == "press") != (press is not None) or (press is not None and press < 1):
        raise ValueError("a press number (1 or more) goes with what='press' alone")
    if seat is not None and seat < 0:
        raise ValueError(f"seat {seat!r}: a seat from 0")
    page = f"press-{press}" if what == "press" else what
    if seat is not None:
        page += f"-seat-{seat + 1}"
    label = quote(str(label), safe="-._~")  # never a "*": it marks the game's own prefix
    if label.startswith(f"{game}-") and len(label) > len(game) + 1:
        label = "*" + label[len(game) + 1:]
    return f"{MARK} {game} {label or '-'} {page}"


def page_code(lines, game: str, label: str, what: str, press: int | None = None,
              seat: int | None = None) -> str:
    """The text of a page's QR code: the non-empty ``lines`` (the page's language)
    one per line, then :func:`page_tail`."""
    words = [" ".join(str(ln).split()) for ln in lines]
    return "\n".join([w for w in words if w] + [page_tail(game, label, what, press, seat)])


def parse_page_code(text) -> PageCode | None:
    """The page a scanned text names (its last line, :func:`page_tail`), or None for
    any text that is not a page code (a component tag, a foreign QR code, garbage).
    Never raises."""
    if not isinstance(text, str):
        return None
    lines = text.strip().splitlines()
    if not lines:
        return None
    m = _TAIL.fullmatch(lines[-1].strip())
    if not m:
        return None
    game, label, press, what, seat = m.groups()
    if label.startswith("*"):
        label = f"{game}-{label[1:]}"
    return PageCode(game, unquote(label), what or "press", int(press) if press else None,
                    int(seat) - 1 if seat else None)
