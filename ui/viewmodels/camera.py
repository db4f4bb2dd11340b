"""The camera picture every game's table screen shows (Kivy-free): the newest frame
handed from the camera's thread to the UI's, and the tags read in it outlined.

Threading: ``FrameSlot.put`` is called from the session's thread (vision's worker)
and only stores the newest update under a lock (frames in between are dropped, so
the worker never waits for the UI); the UI thread calls ``take`` on its clock.
The Kivy widget drawing it is ui.screens.common.CameraView (docs/ui.md, "The table kit").
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any, Sequence

from ui import i18n
from ui.viewmodels.protocol import Symbol, Update, symbol_from

OK_RGBA = (0.2, 0.9, 0.3, 1.0)
BAD_RGBA = (1.0, 0.25, 0.2, 1.0)


@dataclass
class Pending:
    """What the UI has not shown yet: newest frame + symbols, all new messages, and
    whether the state changed since the last take."""

    frame: Any = None
    symbols: tuple = ()
    snapshot: Any = None
    messages: list = None
    state_changed: bool = False
    frames_dropped: int = 0


class FrameSlot:
    """Latest-update mailbox between the session's thread and the UI thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._p = Pending(messages=[])
        self._has_frame = False

    def put(self, up: Update) -> None:
        """Store ``up`` (any thread; never blocks beyond a short lock)."""
        with self._lock:
            if up.frame is not None:
                if self._has_frame:
                    self._p.frames_dropped += 1
                self._p.frame, self._p.symbols = up.frame, tuple(up.symbols)
                self._has_frame = True
            if up.snapshot is not None:
                self._p.snapshot = up.snapshot
            self._p.messages.extend(up.messages)
            self._p.state_changed |= up.state_changed

    def take(self) -> Pending | None:
        """The pending update (UI thread), or None when nothing new arrived."""
        with self._lock:
            p = self._p
            if p.frame is None and not p.messages and not p.state_changed:
                return None
            self._p = Pending(messages=[])
            self._has_frame = False
            return p


@dataclass(frozen=True)
class Overlay:
    """A tag outline: ``points`` as (u, v) fractions of the frame (u right, v down,
    0..1), ``label`` (component id or the localised reason), ``rgba``, ``ok``."""

    points: tuple[tuple[float, float], ...]
    label: str
    rgba: tuple[float, float, float, float]
    ok: bool


def overlays(symbols: Sequence[Any], width_px: int, height_px: int, lang: str) -> list[Overlay]:
    """Outlines for the symbols of a frame ``width_px`` x ``height_px``. Symbols
    vision could not read say why (too small, blurred, glare, covered ...).
    Raises ValueError for a frame size that is not positive."""
    if width_px <= 0 or height_px <= 0:
        raise ValueError(f"frame size must be positive, got {width_px}x{height_px} px")
    out = []
    for raw in symbols:
        s: Symbol = symbol_from(raw)
        pts = tuple((x / width_px, y / height_px) for x, y in s.corners_px)
        ok = s.status == "ok" and s.component is not None
        label = s.component if ok else i18n.reason(s.reason, lang)
        out.append(Overlay(pts, label, OK_RGBA if ok else BAD_RGBA, ok))
    return out


def point_in(points: Sequence[tuple[float, float]], u: float, v: float) -> bool:
    """True when (u, v) lies inside the polygon ``points`` (even-odd rule)."""
    inside = False
    n = len(points)
    for i in range(n):
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % n]
        if (y1 > v) != (y2 > v) and u < x1 + (v - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def overlay_at(ovs: Sequence[Overlay], u: float, v: float) -> Overlay | None:
    """The read tag whose outline contains (u, v) (frame fractions, v down), the
    smallest when outlines nest; None when the point is on no read tag."""
    hits = [o for o in ovs if o.ok and point_in(o.points, u, v)]
    if not hits:
        return None

    def area(o):
        p = o.points
        return abs(sum(p[i][0] * p[(i + 1) % len(p)][1] - p[(i + 1) % len(p)][0] * p[i][1]
                       for i in range(len(p)))) / 2
    return min(hits, key=area)
