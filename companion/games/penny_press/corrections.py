"""Penny Press's corrections of the camera's reading (pure): what the players say is
really on the table, and what that means for a still snapshot.

A :class:`Correction` is one of

- ``reporters``: ``count`` reporters of ``colour`` stand on ``story``;
- ``story_add``: ``story`` lies in ``beat``'s column;
- ``story_remove``: ``story`` is not on the board;
- ``arrow``: ``beat``'s arrow is at ``count``. Never kept: an arrow position follows
  from the game (Penny Press: Adjust the news beats); :func:`check` refuses it.

The table loop keeps the corrections, journals them and decides when one goes
(play.corrections); this module is the game's side of that interface: the journal
note's form (:func:`to_dict`, :func:`from_dict`), the thing a correction is about
(:func:`target`), the snapshot with the corrections in it (:func:`apply`), whether
the camera now reads the same (:func:`agrees`), whether the game has moved past it
(:func:`moot`) and whether a move touches it (:func:`touches`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Hashable, Sequence

from companion.errors import CompanionError, Refusal
from companion.table import Sighting, TableSnapshot

#: Component numbers of the stand-in reporter sightings a correction adds (the
#: catalog's reporters are numbered 1..5; these never collide with a real tag).
_STANDIN_FROM = 90

#: the fields each kind needs
_NEEDS = {"reporters": ("story", "colour", "count"), "story_add": ("story", "beat"),
          "story_remove": ("story",), "arrow": ("beat", "count")}


@dataclass(frozen=True)
class Correction:
    """A fix of what the camera got wrong (module docstring: the kinds). ValueError
    for an unknown kind, a field the kind needs left out, or a count outside 0..9."""

    kind: str
    story: str | None = None
    beat: str | None = None
    colour: str | None = None
    count: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in _NEEDS:
            raise ValueError(f"unknown correction kind {self.kind!r}; one of {sorted(_NEEDS)}")
        missing = [f for f in _NEEDS[self.kind] if getattr(self, f) is None]
        if missing:
            raise ValueError(f"correction {self.kind!r} needs {', '.join(missing)}")
        if self.count is not None and not 0 <= self.count <= 9:
            raise ValueError(f"count must be 0..9, got {self.count}")


def to_dict(c: Correction) -> dict:
    """The journal note's form of ``c``: every field, None where unused."""
    return dataclasses.asdict(c)


def from_dict(d: dict) -> Correction:
    """The correction of a journal note (:func:`to_dict`, also as older versions wrote
    it). TypeError or ValueError for one this version cannot read."""
    return Correction(**d)


def target(c: Correction) -> Hashable:
    """What ``c`` is about: a colour's reporters on a story, or a story's place. A
    newer correction on the same target replaces the older one."""
    return ("reporters", c.story, c.colour) if c.kind == "reporters" else ("story", c.story)


def check(c: Correction, state) -> None:
    """Refuse a correction the players cannot make in ``state``: an arrow position
    (it follows from the game: Refusal ``arrow_follows``), reporters of a colour no
    player has (CompanionError naming the colours)."""
    if c.kind == "arrow":
        raise Refusal("arrow_follows", "an arrow position follows from the game: fix the stories or reporters")
    if c.kind == "reporters" and c.colour not in {p.colour for p in state.players}:
        raise CompanionError(f"no {c.colour} player in this game "
                             f"({', '.join(p.colour for p in state.players)})")


def _colour_of(component: str) -> str:
    return component.rstrip("0123456789")


def apply(snap: TableSnapshot, corrections: Sequence[Correction]) -> TableSnapshot:
    """``snap`` with each correction's target replaced by what it says (in order):
    the reporters of that colour on that story replaced by ``count`` stand-ins, a
    story's board sighting moved to ``beat``'s column or dropped."""
    if not corrections:
        return snap
    keep = list(snap.sightings)
    for c in corrections:
        if c.kind == "reporters":
            keep = [s for s in keep if not (s.zone == f"on:{c.story}" and _colour_of(s.component) == c.colour)]
            keep += [Sighting(f"{c.colour}{_STANDIN_FROM + k}", "board", f"on:{c.story}", 0.0, 0.0)
                     for k in range(c.count)]
        else:
            keep = [s for s in keep if not (s.component == c.story and s.surface == "board")]
            if c.kind == "story_add":
                keep.append(Sighting(c.story, "board", f"beat:{c.beat}", 0.0, 0.0))
    return dataclasses.replace(snap, sightings=tuple(keep))


def _reporters_seen(snap: TableSnapshot, story: str, colour: str) -> int:
    return sum(1 for s in snap.sightings
               if s.zone == f"on:{story}" and _colour_of(s.component) == colour
               and s.component[len(colour):].isdigit())


def _story_beat_seen(snap: TableSnapshot, story: str) -> str | None:
    for s in snap.sightings:
        if s.component == story and s.surface == "board" and (s.zone or "").startswith("beat:"):
            return s.zone[5:]
    return None


def agrees(c: Correction, raw: TableSnapshot) -> bool:
    """True when the camera's own reading ``raw`` says what ``c`` says."""
    if c.kind == "reporters":
        return _reporters_seen(raw, c.story, c.colour) == c.count
    seen = _story_beat_seen(raw, c.story)
    return seen == c.beat if c.kind == "story_add" else seen is None


def moot(c: Correction, state) -> bool:
    """True when the game has moved past ``c``: reporters on a story no longer on the
    board (a press took it)."""
    if c.kind != "reporters":
        return False
    return c.story not in {sid for column in state.board.values() for sid in column}


def touches(c: Correction, action) -> bool:
    """True when ``action`` (an engine action) moves what ``c`` is about: it names
    ``c``'s story (story, from/to story, stories)."""
    named = {getattr(action, "story", None), getattr(action, "from_story", None),
             getattr(action, "to_story", None), *(getattr(action, "stories", ()) or ())}
    return c.story is not None and c.story in named
