"""Corrections of the camera's reading piece by piece (pure; no game rule): the shared
base of the games whose players correct single tagged pieces (a game whose pieces
are corrected otherwise, e.g. by story and reporters, keeps its own module).

A :class:`Correction` says one of

- ``absent``: ``piece`` (a tag's component id) is not on the table, wherever the
  camera reads it (a stray card, a tag read twice, a piece in the box);
- ``at``: ``piece`` lies on ``surface`` in ``zone`` (a place the game offers for that
  piece: :meth:`PieceCorrections.places`), wherever the camera reads it or when it
  misses it.

:class:`PieceCorrections` is the game's side of the interface
play.corrections.GameCorrections, built from what each game knows of its pieces
(``known``, ``places``, ``touched``, ``gone``); a game's corrections module binds its
members to module-level names (docs/ui.md names the games that do).
The table loop keeps the corrections, journals them and decides when one goes
(play.corrections): it goes when the camera reads the same (:meth:`agrees`) or the
game has moved past it (:meth:`moot`: the game is over, or the piece left the game).

Journal note (``to_dict``), as every version writes it: ``{"kind": "absent"|"at",
"piece": id, "surface": str|None, "zone": str|None}``; keys a later version adds are
ignored when read.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Callable, Hashable, Iterable, Sequence

from companion.errors import Refusal
from companion.table import Sighting, TableSnapshot

KINDS = ("absent", "at")


@dataclass(frozen=True)
class Correction:
    """What the players say of one piece (module docstring). ValueError for an
    unknown kind, a piece left empty, ``at`` without a surface or ``absent`` with one."""

    kind: str
    piece: str
    surface: str | None = None
    zone: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown correction kind {self.kind!r}; one of {', '.join(KINDS)}")
        if not isinstance(self.piece, str) or not self.piece:
            raise ValueError("a correction names its piece")
        if self.kind == "at" and not self.surface:
            raise ValueError("'at' needs the surface the piece lies on")
        if self.kind == "absent" and (self.surface or self.zone):
            raise ValueError("'absent' names no place")


#: a place a piece may be said to lie at: (surface, zone)
Place = tuple[str, "str | None"]


class PieceCorrections:
    """A game's corrections of single pieces (play.corrections.GameCorrections).

    known(state) -> set of component ids the game has (its tags). places(state,
    piece) -> [(surface, zone)] where the players may say ``piece`` lies (empty: it
    may only be said absent). touched(piece, action) -> bool: the engine action
    moves that piece. gone(state, piece) -> bool: the piece has left the game (a
    correction of it is then moot; default: never). offered(state) -> the pieces worth
    offering as missed by the camera (default: every piece the game has).
    """

    def __init__(self, *, known: Callable[[object], Iterable[str]],
                 places: Callable[[object, str], Sequence[Place]],
                 touched: Callable[[str, object], bool],
                 gone: Callable[[object, str], bool] | None = None,
                 offered: Callable[[object], Iterable[str]] | None = None) -> None:
        self._known = known
        self._offered = offered
        self._places = places
        self._touched = touched
        self._gone = gone

    # -- the journal note --------------------------------------------------------
    def to_dict(self, c: Correction) -> dict:
        """The journal note's form of ``c`` (every field; None where unused)."""
        return dataclasses.asdict(c)

    def from_dict(self, d: dict) -> Correction:
        """The correction of a journal note (:meth:`to_dict`); keys a later version
        adds are ignored. TypeError or ValueError for one this version cannot read."""
        if not isinstance(d, dict):
            raise TypeError(f"a correction note is a mapping, not {type(d).__name__}")
        return Correction(str(d["kind"]) if "kind" in d else "", str(d.get("piece") or ""),
                          d.get("surface"), d.get("zone"))

    def target(self, c: Correction) -> Hashable:
        """What ``c`` is about: its piece (a newer correction of it replaces the older)."""
        return ("piece", c.piece)

    # -- what the game allows ----------------------------------------------------
    def known(self, state) -> frozenset[str]:
        """The pieces of the game in ``state`` (component ids)."""
        return frozenset(self._known(state))

    def places(self, state, piece: str) -> list[Place]:
        """Where the players may say ``piece`` lies in ``state`` ([]: only absent)."""
        return list(self._places(state, piece))

    def check(self, c: Correction, state) -> None:
        """Refuse a correction that makes no sense in ``state`` (companion.errors.Refusal,
        key for the players' words): the game is over (``correction_game_over``), a piece
        this game does not have (``correction_unknown_piece``), a place that piece
        cannot be said to lie at (``correction_bad_place``)."""
        if getattr(state, "is_over", False):
            raise Refusal("correction_game_over", "the game is over: there is nothing left to read")
        if c.piece not in self.known(state):
            raise Refusal("correction_unknown_piece", f"this game has no piece {c.piece!r}")
        if c.kind == "at" and (c.surface, c.zone) not in self.places(state, c.piece):
            raise Refusal("correction_bad_place", f"{c.piece} cannot be said to lie on {c.surface} {c.zone}")

    # -- the snapshot ------------------------------------------------------------
    def apply(self, snap: TableSnapshot, corrections: Sequence[Correction]) -> TableSnapshot:
        """``snap`` with each correction's piece as it says (in order): every
        sighting of it dropped; for ``at``, one sighting of it on its surface and zone
        (where the camera saw it there, at the camera's position; else at 0, 0)."""
        if not corrections:
            return snap
        keep = list(snap.sightings)
        for c in corrections:
            mine = [s for s in keep if s.component == c.piece]
            keep = [s for s in keep if s.component != c.piece]
            if c.kind == "at":
                there = next((s for s in mine if s.surface == c.surface and s.zone == c.zone), None)
                keep.append(there or Sighting(c.piece, c.surface, c.zone, 0.0, 0.0))
        return dataclasses.replace(snap, sightings=tuple(keep))

    def agrees(self, c: Correction, raw: TableSnapshot) -> bool:
        """True when the camera's own reading ``raw`` says what ``c`` says: the piece
        unseen (``absent``), or seen only on its surface and zone (``at``)."""
        seen = [(s.surface, s.zone) for s in raw.sightings if s.component == c.piece]
        if c.kind == "absent":
            return not seen
        return bool(seen) and all(p == (c.surface, c.zone) for p in seen)

    def moot(self, c: Correction, state) -> bool:
        """True when the game has moved past ``c``: it is over, or the piece has left
        the game (the game's ``gone``)."""
        if getattr(state, "is_over", False):
            return True
        return bool(self._gone is not None and self._gone(state, c.piece))

    def touches(self, c: Correction, action) -> bool:
        """True when ``action`` (an engine action) moves ``c``'s piece."""
        return bool(self._touched(c.piece, action))

    # -- for the players' panel ----------------------------------------------------
    def seen(self, state, snap: TableSnapshot | None) -> list[tuple[str, str, str | None]]:
        """The game's pieces the camera reads in ``snap``: (piece, surface, zone), in
        the snapshot's order (pieces of other games and surfaces left out)."""
        if snap is None:
            return []
        known = self.known(state)
        return [(s.component, s.surface, s.zone) for s in snap.sightings if s.component in known]

    def missing(self, state, snap: TableSnapshot | None) -> list[str]:
        """The game's pieces the camera does not read in ``snap`` that the players
        may say lie somewhere (:meth:`places` not empty; among the game's ``offered``),
        sorted by id."""
        seen = {s.component for s in snap.sightings} if snap is not None else set()
        pool = self.known(state) if self._offered is None else self.known(state) & set(self._offered(state))
        return sorted(p for p in pool if p not in seen and self.places(state, p))

    def bind(self, namespace: dict) -> None:
        """Make this object's members module-level names of a game's corrections
        module (``namespace``: its ``globals()``), as play.corrections expects."""
        for name in ("to_dict", "from_dict", "target", "check", "apply", "agrees", "moot", "touches",
                     "known", "places", "seen", "missing"):
            namespace[name] = getattr(self, name)
        namespace["Correction"] = Correction
