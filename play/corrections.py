"""Corrections as overrides of the camera's reading (Kivy-free, no game rule).

A correction says what is really on the table where the camera reads something
else: ``reporters`` (``count`` reporters of ``colour`` on ``story``), ``story_add``
(``story`` lies in ``beat``'s column), ``story_remove`` (``story`` is not on the
board). Each one is an :class:`Override`: it replaces the camera's sightings of its
target in every still snapshot until

- the players remove it (``Overrides.remove``), or
- the camera agrees (the raw snapshot reads the same: ``Overrides.agreed``), or
- its story has left the board for good (``Overrides.moot``).

The table loop (``play.runner.GameRunner``) never lets an override stall the game: when
the snapshot with the overrides explains no move but the camera's own reading does,
the camera's reading is taken and the overrides that contradict it are marked
``disputed``: they stop applying and stay listed (the players remove them with one
tap, or they go once the camera agrees).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from companion.table import Sighting, TableSnapshot


@dataclass(frozen=True)
class Correction:
    """A fix of what vision got wrong, sent to the app's ``session.correct`` (a journal note).

    kind: ``"reporters"`` (set ``count`` reporters of ``colour`` on ``story``),
    ``"story_add"`` (``story`` is in ``beat``'s column), ``"story_remove"``
    (``story`` is not on the board), ``"arrow"`` (``beat``'s arrow is at ``count``).
    """

    kind: str
    story: str | None = None
    beat: str | None = None
    colour: str | None = None
    count: int | None = None

    def __post_init__(self) -> None:
        need = {"reporters": ("story", "colour", "count"), "story_add": ("story", "beat"),
                "story_remove": ("story",), "arrow": ("beat", "count")}
        if self.kind not in need:
            raise ValueError(f"unknown correction kind {self.kind!r}; one of {sorted(need)}")
        missing = [f for f in need[self.kind] if getattr(self, f) is None]
        if missing:
            raise ValueError(f"correction {self.kind!r} needs {', '.join(missing)}")
        if self.count is not None and not 0 <= self.count <= 9:
            raise ValueError(f"count must be 0..9, got {self.count}")


#: Component numbers of the stand-in reporter sightings an override adds (the
#: catalog's reporters are numbered 1..5; these never collide with a real tag).
_STANDIN_FROM = 90


def _colour_of(component: str) -> str:
    return component.rstrip("0123456789")


@dataclass
class Override:
    """One active correction.

    id: 1, 2, ... in the order saved (stable for the game). correction: what the
    players said. note_seq: the journal note that recorded it. actions: journal
    seqs of the actions read from a snapshot this override changed (taken back
    with it when they are still the last ones). disputed: the table moved on
    without it (the camera's reading explained a move the override did not).
    """

    id: int
    correction: Correction
    note_seq: int | None = None
    actions: list[int] = field(default_factory=list)
    disputed: bool = False

    @property
    def target(self) -> tuple:
        c = self.correction
        return ("reporters", c.story, c.colour) if c.kind == "reporters" else ("story", c.story)


def _reporters_seen(snap: TableSnapshot, story: str, colour: str) -> int:
    return sum(1 for s in snap.sightings
               if s.zone == f"on:{story}" and _colour_of(s.component) == colour
               and s.component[len(colour):].isdigit())


def _story_beat_seen(snap: TableSnapshot, story: str) -> str | None:
    for s in snap.sightings:
        if s.component == story and s.surface == "board" and (s.zone or "").startswith("beat:"):
            return s.zone[5:]
    return None


class Overrides:
    """The ordered list of active overrides (see module docstring)."""

    def __init__(self) -> None:
        self.items: list[Override] = []
        self._next = 1

    def __bool__(self) -> bool:
        return bool(self.items)

    def __iter__(self):
        return iter(list(self.items))

    def get(self, ident: int) -> Override | None:
        return next((o for o in self.items if o.id == ident), None)

    def add(self, correction: Correction, note_seq: int | None = None, ident: int | None = None) -> Override:
        """Keep ``correction`` (replacing an older one on the same target).
        Raises ValueError for an ``arrow`` correction (arrows follow from the game)."""
        if correction.kind == "arrow":
            raise ValueError("an arrow position follows from the game; it is not corrected")
        o = Override(ident if ident is not None else self._next, correction, note_seq)
        self._next = max(self._next, o.id) + 1
        self.items = [x for x in self.items if x.target != o.target] + [o]
        return o

    def remove(self, ident: int) -> Override:
        """Drop override ``ident``; KeyError if there is none."""
        o = self.get(ident)
        if o is None:
            raise KeyError(ident)
        self.items.remove(o)
        return o

    # -- reading ------------------------------------------------------------
    def apply(self, snap: TableSnapshot) -> TableSnapshot:
        """``snap`` with every override's target replaced by what it says. A
        disputed override no longer applies (the camera's reading won; it stays
        listed until the players remove it or the camera agrees)."""
        active = [o for o in self.items if not o.disputed]
        if not active:
            return snap
        keep = list(snap.sightings)
        for o in active:
            c = o.correction
            if c.kind == "reporters":
                keep = [s for s in keep if not (s.zone == f"on:{c.story}" and _colour_of(s.component) == c.colour)]
                keep += [Sighting(f"{c.colour}{_STANDIN_FROM + k}", "board", f"on:{c.story}", 0.0, 0.0)
                         for k in range(c.count)]
            else:
                keep = [s for s in keep if not (s.component == c.story and s.surface == "board")]
                if c.kind == "story_add":
                    keep.append(Sighting(c.story, "board", f"beat:{c.beat}", 0.0, 0.0))
        return dataclasses.replace(snap, sightings=tuple(keep))

    def agrees(self, o: Override, raw: TableSnapshot) -> bool:
        """True when the camera's own reading ``raw`` says what ``o`` says."""
        c = o.correction
        if c.kind == "reporters":
            return _reporters_seen(raw, c.story, c.colour) == c.count
        seen = _story_beat_seen(raw, c.story)
        return seen == c.beat if c.kind == "story_add" else seen is None

    def agreed(self, raw: TableSnapshot) -> list[Override]:
        """The overrides the camera now agrees with (not removed here)."""
        return [o for o in self.items if self.agrees(o, raw)]

    def moot(self, on_board: set[str]) -> list[Override]:
        """Reporter overrides on stories no longer on the board (``on_board``: the
        engine's stories on the board), e.g. after a press took them."""
        return [o for o in self.items if o.correction.kind == "reporters" and o.correction.story not in on_board]
