"""Temporal tracker: per-frame sightings -> a stable :class:`companion.table.TableSnapshot`.

Rules (times in seconds of frame time, distances in mm):

- A component is added as soon as it is seen (decoding gives no false payloads; the
  ``still`` flag keeps the engine from acting on a table in motion).
- A component that is not seen is kept while its place is *occluded* (a hand or a
  large change over it, glare: decided by the pipeline per frame). Only frames where
  it is missing *and* unoccluded count towards ``missing_s``; after that much
  unoccluded absence it is dropped. So a hand resting on a card never removes it,
  and a card taken away from an uncovered zone disappears ``missing_s`` later.
- A position change smaller than ``move_tol_mm`` (and an angle change under
  ``turn_tol_deg``) is ignored (no jitter); a larger one is taken at once.
- ``still`` is True only when no motion has been seen and the set of sightings has
  not changed for ``settle_s`` (a motion or change seen in a frame is dated at the
  previous frame, when it may have ended; a removal dates from when the component
  went missing); an observer may act only on still snapshots.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from companion.table import Sighting, TableSnapshot


@dataclass(frozen=True, eq=False)
class Observation:
    """One component seen in one frame: its sighting (mm) and where it is in px.

    corners_px: ``(4, 2)`` float array of the tag's corners in the frame (px).
    text: the raw payload (QR) or marker id (ArUco) it was read from.
    """

    sighting: Sighting
    corners_px: np.ndarray
    text: str = ""


@dataclass
class Track:
    """What the tracker holds about one component (see module rules)."""

    sighting: Sighting
    corners_px: np.ndarray
    first_seen: float
    last_seen: float
    missing_unoccluded_s: float = 0.0
    occluded: bool = False
    text: str = ""
    first_missing: float | None = None


@dataclass
class TrackerEvent:
    """A change of the tracked set: kind ``"added"``, ``"moved"`` or ``"removed"``."""

    kind: str
    component: str
    t: float
    sighting: Sighting | None = None


class Tracker:
    """Keeps components across frames (see the module doc for the rules).

    missing_s: unoccluded absence before a component is dropped (default 0.5 s).
    settle_s: time without motion and without changes before ``still`` (0.8 s).
    move_tol_mm / turn_tol_deg: changes below these are jitter, not moves.
    """

    def __init__(self, missing_s: float = 0.5, settle_s: float = 0.8,
                 move_tol_mm: float = 3.0, turn_tol_deg: float = 10.0):
        if missing_s < 0 or settle_s < 0:
            raise ValueError("missing_s and settle_s must be >= 0 seconds")
        self.missing_s = missing_s
        self.settle_s = settle_s
        self.move_tol_mm = move_tol_mm
        self.turn_tol_deg = turn_tol_deg
        self.tracks: dict[str, Track] = {}
        self.events: list[TrackerEvent] = []
        self._last_t: float | None = None
        self._last_change_t = -1e9
        self._last_motion_t = -1e9

    def _moved(self, a: Sighting, b: Sighting) -> bool:
        if a.surface != b.surface or a.zone != b.zone:
            return True
        if np.hypot(a.x_mm - b.x_mm, a.y_mm - b.y_mm) > self.move_tol_mm:
            return True
        d = (a.angle_deg - b.angle_deg + 180.0) % 360.0 - 180.0
        return abs(d) > self.turn_tol_deg

    def update(self, t: float, observations: list[Observation],
               occluded: Callable[[Track], bool] = lambda tr: False,
               motion: bool = False, occluded_zones: frozenset[str] = frozenset()
               ) -> TableSnapshot:
        """Fold one frame's observations in and return the snapshot at ``t`` (s).

        observations: the components decoded in this frame (one per component; a
        repeated component keeps its first observation). occluded: tells, for a
        track not seen in this frame, whether its place is covered now. motion: a
        hand/motion was seen anywhere in this frame. occluded_zones: passed through
        to the snapshot. Frame times must not go backwards (``ValueError``).
        """
        if self._last_t is not None and t < self._last_t:
            raise ValueError(f"frame time went backwards: {t} < {self._last_t}")
        dt = 0.0 if self._last_t is None else t - self._last_t
        # what this frame shows happened after the previous frame: date it from there
        since = t if self._last_t is None else self._last_t
        self._last_t = t
        if motion:
            self._last_motion_t = since
        seen = set()
        for ob in observations:
            s = ob.sighting
            if s.component in seen:
                continue
            seen.add(s.component)
            tr = self.tracks.get(s.component)
            if tr is None:
                self.tracks[s.component] = Track(s, ob.corners_px, t, t, text=ob.text)
                self.events.append(TrackerEvent("added", s.component, t, s))
                self._last_change_t = since
                continue
            tr.last_seen = t
            tr.first_missing = None
            tr.missing_unoccluded_s = 0.0
            tr.occluded = False
            tr.corners_px = ob.corners_px
            tr.text = ob.text or tr.text
            if self._moved(tr.sighting, s):
                tr.sighting = s
                self.events.append(TrackerEvent("moved", s.component, t, s))
                self._last_change_t = since
        for comp in list(self.tracks):
            if comp in seen:
                continue
            tr = self.tracks[comp]
            if tr.first_missing is None:
                tr.first_missing = since
            tr.occluded = bool(occluded(tr))
            if tr.occluded:
                continue
            tr.missing_unoccluded_s += dt
            if tr.missing_unoccluded_s >= self.missing_s - 1e-9:
                del self.tracks[comp]
                self.events.append(TrackerEvent("removed", comp, t, tr.sighting))
                # the table changed when the component went missing, not now
                self._last_change_t = max(self._last_change_t, tr.first_missing)
        del self.events[:-500]
        return self.snapshot(t, occluded_zones)

    def is_still(self, t: float) -> bool:
        """No motion and no change of the tracked set for ``settle_s`` before ``t``.

        A motion or change seen in a frame happened during the interval before it, so
        it is dated at the previous frame: at 30 frames/s this changes nothing that
        matters, at 2 frames/s (recordings) the second calm frame after a change is
        still.
        """
        quiet_since = max(self._last_motion_t, self._last_change_t)
        return t - quiet_since >= self.settle_s - 1e-9

    def snapshot(self, t: float, occluded_zones: frozenset[str] = frozenset()) -> TableSnapshot:
        """The current tracked set as a snapshot (sightings sorted by component)."""
        sightings = tuple(sorted((tr.sighting for tr in self.tracks.values()),
                                 key=lambda s: s.component))
        return TableSnapshot(t, sightings, frozenset(occluded_zones), self.is_still(t))

    def reset(self) -> None:
        """Forget everything (a new game, or the camera was moved)."""
        self.tracks.clear()
        self.events.clear()
        self._last_t = None
        self._last_change_t = -1e9
        self._last_motion_t = -1e9

