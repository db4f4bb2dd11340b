"""The players' corrections of the camera's reading (Kivy-free; no game rule).

A correction says what is really on the table where the camera reads something else.
What a correction is and what it changes in a table snapshot is the game's
(``GameSpec.corrections``, a pure module with the members :class:`GameCorrections`
lists; e.g. companion/games/<folder>/corrections.py). This module is the
machinery every game shares: each correction is an :class:`Override` of the camera's
reading, kept in the journal (notes), applied to every still snapshot until

- the players remove it (:meth:`Corrections.remove`), or
- the camera agrees (the raw snapshot reads the same: the game's ``agrees``), or
- the game has moved past it (the game's ``moot``: e.g. its story left the board).

The table loop (play.runner.GameRunner) never lets an override stall the game: when
the snapshot with the overrides explains no move but the camera's own reading does,
the camera's reading is taken and the overrides are marked ``disputed``
(:meth:`Corrections.dispute`): they stop applying and stay listed (the players
remove them with one tap, or they go once the camera agrees). The moves read with
an override are remembered (:meth:`Corrections.read_with`): removing it takes them
back while they are the last ones, else replays the game without it (each re-read
from the camera's own snapshot; moves that no longer fit are set aside, never lost:
the journal keeps them as undone events).

Journal notes (source ``correction``), as every version wrote them:
``{"correction": <the game's to_dict>}`` then ``{"override": id, "of": note seq}``;
``{"read_with": [ids], "seq": move seq, "camera": snapshot}``;
``{"override_removed": id, "why", "taken_back", "set_aside", "renumbered"}``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Hashable, Protocol, Sequence

from companion.errors import CompanionError, RuleError
from companion.observing import Report
from companion.table import Sighting, TableSnapshot

#: the rule section the machinery's reports name
SECTION = "Table Companion: corrections"


class GameCorrections(Protocol):
    """What a game's corrections module provides (module-level names, pure).

    - ``Correction``: the record (a frozen dataclass) the app builds and the journal keeps.
    - ``to_dict(c) -> dict`` / ``from_dict(d) -> c``: the journal note's form
      (``from_dict``: TypeError or ValueError for one this version cannot read).
    - ``target(c) -> Hashable``: what ``c`` is about; a newer correction on the same
      target replaces the older one.
    - ``check(c, state)``: raises CompanionError (a ``companion.errors.Refusal`` with a
      key for the players' words) for a correction that cannot be made in ``state``.
    - ``apply(snapshot, corrections) -> snapshot``: the snapshot with them in it.
    - ``agrees(c, raw) -> bool``: the camera's own reading says what ``c`` says.
    - ``moot(c, state) -> bool``: the game has moved past ``c``.
    - ``touches(c, action) -> bool``: ``action`` moves what ``c`` is about (a move read
      with ``c`` is then remembered as explained by it).
    """

    def to_dict(self, c: Any) -> dict: ...
    def from_dict(self, d: dict) -> Any: ...
    def target(self, c: Any) -> Hashable: ...
    def check(self, c: Any, state: Any) -> None: ...
    def apply(self, snapshot: TableSnapshot, corrections: Sequence[Any]) -> TableSnapshot: ...
    def agrees(self, c: Any, raw: TableSnapshot) -> bool: ...
    def moot(self, c: Any, state: Any) -> bool: ...
    def touches(self, c: Any, action: Any) -> bool: ...


@dataclass
class Override:
    """One active correction.

    id: 1, 2, ... in the order saved (stable for the game). correction: what the
    players said (the game's record). note_seq: the journal note that recorded it.
    actions: journal seqs of the actions read from a snapshot this override changed
    (taken back with it when they are still the last ones). disputed: the table
    moved on without it (the camera's reading explained a move the override did not).
    """

    id: int
    correction: Any
    note_seq: int | None = None
    actions: list[int] = field(default_factory=list)
    disputed: bool = False


class Overrides:
    """The ordered list of active overrides of one game (``game``: its corrections
    module, :class:`GameCorrections`, or None for a game that takes none: the list
    then stays empty)."""

    def __init__(self, game: GameCorrections) -> None:
        self.game = game
        self.items: list[Override] = []
        self._next = 1

    def __bool__(self) -> bool:
        return bool(self.items)

    def __iter__(self):
        return iter(list(self.items))

    def get(self, ident: int) -> Override | None:
        return next((o for o in self.items if o.id == ident), None)

    def add(self, correction, note_seq: int | None = None, ident: int | None = None) -> Override:
        """Keep ``correction`` (replacing an older one on the same target)."""
        o = Override(ident if ident is not None else self._next, correction, note_seq)
        self._next = max(self._next, o.id) + 1
        target = self.game.target(correction)
        self.items = [x for x in self.items if self.game.target(x.correction) != target] + [o]
        return o

    def remove(self, ident: int) -> Override:
        """Drop override ``ident``; KeyError if there is none."""
        o = self.get(ident)
        if o is None:
            raise KeyError(ident)
        self.items.remove(o)
        return o

    def apply(self, snap: TableSnapshot) -> TableSnapshot:
        """``snap`` with every override's target replaced by what it says. A
        disputed override no longer applies (the camera's reading won; it stays
        listed until the players remove it or the camera agrees)."""
        active = [o.correction for o in self.items if not o.disputed]
        return self.game.apply(snap, active) if active else snap

    def agreed(self, raw: TableSnapshot) -> list[Override]:
        """The overrides the camera now agrees with (not removed here)."""
        return [o for o in self.items if self.game.agrees(o.correction, raw)]

    def moot(self, state) -> list[Override]:
        """The overrides the game ``state`` has moved past (not removed here)."""
        return [o for o in self.items if self.game.moot(o.correction, state)]


def _snapshot_to_json(snap: TableSnapshot) -> dict:
    """A still snapshot as a journal note's JSON (sightings as lists)."""
    return {"t": snap.t, "sightings": [[x.component, x.surface, x.zone, round(x.x_mm, 1), round(x.y_mm, 1),
                                        round(x.angle_deg, 1)] for x in snap.sightings],
            "occluded": sorted(snap.occluded_zones)}


def _snapshot_from_json(data: dict) -> TableSnapshot:
    """The inverse of :func:`_snapshot_to_json` (TypeError/ValueError/KeyError when garbled)."""
    return TableSnapshot(float(data["t"]), tuple(Sighting(str(c), str(s), z, float(x), float(y), float(a))
                                                 for c, s, z, x, y, a in data["sightings"]),
                         frozenset(str(z) for z in data.get("occluded") or ()))


class Corrections:
    """The corrections of one game at the table (module docstring).

    ``game``: its corrections module (None: the game takes none; :meth:`add` refuses);
    ``observer``: its observer (to re-read a move without a correction); ``barriers``:
    the rules' UNDO_BARRIERS. :attr:`journal` is the game's journal once it has one
    (the table loop sets it); before that nothing is kept.
    """

    def __init__(self, game: GameCorrections | None, observer, barriers=frozenset()):
        self.game = game
        self.observer = observer
        self.barriers = frozenset(barriers)
        self.journal = None
        self.overrides = Overrides(game)  # stays empty for a game without corrections
        #: the camera's own snapshot each move read with a correction came from
        #: (journal seq -> snapshot; also restored from the journal), to re-read it without it
        self._read_from: dict[int, TableSnapshot] = {}
        #: the moves the last removed correction set aside: (seq, action, state before)
        self.set_aside: list[tuple[int, object, object]] = []
        #: moves written again by the last replay: old seq -> new seq
        self.renumbered: dict[int, int] = {}

    def __iter__(self):
        return iter(self.overrides)

    def __bool__(self) -> bool:
        return bool(self.overrides)

    def get(self, ident: int) -> Override | None:
        return self.overrides.get(ident)

    # -- the players ----------------------------------------------------------
    def add(self, correction) -> Override:
        """Keep ``correction`` as an override (journal notes). The last move, when the
        camera read it and it touches what the correction is about, is taken back
        first (while it may be), so the table is read again with the correction.
        Raises CompanionError: no journal yet (Refusal ``not_started``), a game that
        takes no corrections, one its ``check`` refuses."""
        j = self.journal
        if j is None:
            from companion.errors import Refusal

            raise Refusal("not_started", "the game has not started")
        if self.game is None:
            raise CompanionError("this game takes no corrections of the camera's reading")
        self.game.check(correction, j.state)
        last = self._last_move()
        if last is not None and last.source == "vision" and \
                self.game.touches(correction, j.rules.action_from_dict(last.payload)):
            player = last.payload.get("player")
            if isinstance(player, int) and j.undoable(player) is not None and j.undoable(player).seq == last.seq:
                j.undo(player)
        note = j.note({"correction": self.game.to_dict(correction)}, source="correction").seq
        o = self.overrides.add(correction, note)
        j.note({"override": o.id, "of": note}, source="correction")
        return o

    def _last_move(self):
        tl = self.journal.timeline()
        if len(tl) < 2:
            return None
        return next(e for e in self.journal.events if e.seq == tl[-1][0])

    def restore(self) -> None:
        """A resumed game keeps its corrections: the journal's notes replayed (saved
        ones minus removed ones, in order)."""
        if self.journal is None or self.game is None:
            return
        pending: dict[int, Any] = {}
        read_with_seen = False
        for e in self.journal.events:
            if e.kind != "note":
                continue
            if "correction" in e.payload:
                try:
                    pending[e.seq] = self.game.from_dict(e.payload["correction"])
                except (TypeError, ValueError):
                    continue  # a note this version cannot read: left out
            elif "override" in e.payload and e.payload.get("of") in pending:
                self.overrides.add(pending.pop(e.payload["of"]), e.payload["of"], ident=e.payload["override"])
            elif "read_with" in e.payload:
                read_with_seen = True
                for ident in e.payload["read_with"]:
                    o = self.overrides.get(ident)
                    if o is not None:
                        o.actions.append(e.payload["seq"])
                try:
                    self._read_from[e.payload["seq"]] = _snapshot_from_json(e.payload.get("camera"))
                except (TypeError, ValueError, KeyError):
                    pass  # not readable: the move is set aside if its correction goes
            elif "override_removed" in e.payload:
                o = self.overrides.get(e.payload["override_removed"])
                if o is not None:
                    self.overrides.remove(o.id)
                self._renumber({int(k): v for k, v in (e.payload.get("renumbered") or {}).items()})
        if not read_with_seen:
            self._guess_older_reads()

    def _guess_older_reads(self) -> None:
        """A journal saved before corrections recorded the moves they explained (no
        ``read_with`` note at all): each correction is taken to explain every later
        move that touches it, as :meth:`read_with` would have recorded. Their camera
        snapshots are unknown, so removing the correction is refused unless those
        moves can be taken back (:meth:`moves_not_rereadable`)."""
        undone = {e.payload.get("target") for e in self.journal.events if e.kind == "undo"}
        for o in self.overrides:
            if o.actions:
                continue
            for e in self.journal.events:
                if e.kind != "action" or e.seq in undone or (o.note_seq is not None and e.seq < o.note_seq):
                    continue
                try:
                    touched = self.game.touches(o.correction, self.journal.rules.action_from_dict(e.payload))
                except (CompanionError, KeyError, TypeError, ValueError):
                    continue  # an action this version cannot read: not counted
                if touched:
                    o.actions.append(e.seq)

    def moves_not_rereadable(self, ident: int) -> list[int]:
        """The journal seqs of the moves correction ``ident`` explained that could be
        neither taken back (not the last moves) nor re-read without it (the camera's
        snapshot of them is not kept: a game saved by an older version). Removing the
        correction then would leave the game behind a table it cannot explain."""
        o = self.overrides.get(ident)
        if o is None or not o.actions or self.journal is None or self.tail_of(o.actions):
            return []
        return [seq for seq in o.actions if seq not in self._read_from]

    def remove(self, ident: int, why: str = "player") -> tuple[Override, list[int]]:
        """Drop override ``ident`` (why: ``player``, ``camera_agrees``, ``moot``,
        ``moved_on``). The moves it explained go with it: still the last ones, they
        are taken back; else the game is replayed without it (:meth:`_replay_without`:
        its moves re-read from what the camera saw, later moves kept while legal,
        the others set aside in :attr:`set_aside`). Returns (override, seqs taken
        back). KeyError if none."""
        o = self.overrides.remove(ident)
        self.set_aside, self.renumbered = [], {}
        taken: list[int] = []
        if o.actions and self.journal is not None:
            taken = self._take_back(o.actions) if self.tail_of(o.actions) else self._replay_without(o)
        if self.journal is not None:
            self.journal.note({"override_removed": o.id, "why": why, "taken_back": taken,
                               "set_aside": [seq for seq, _a, _st in self.set_aside],
                               "renumbered": {str(k): v for k, v in self.renumbered.items()}},
                              source="correction")
        return o, taken

    def _replay_without(self, o: Override) -> list[int]:
        """Replay the game from the first move ``o`` explained, without ``o``: each of
        its moves re-read from the camera's own snapshot it was read from (with the
        other corrections), or set aside when that snapshot explains no move (or
        is not known: a resumed game); every later move kept while the rules still
        allow it, else set aside. Written with ``Journal.revise`` (undo events: the
        journal keeps every move). Returns the seqs taken back; the moves set aside
        are in :attr:`set_aside` as (seq, action, state before)."""
        j = self.journal
        tl = j.timeline()
        mine = set(o.actions)
        at = next((i for i, (seq, _) in enumerate(tl) if seq in mine and i > 0), None)
        if at is None:
            return []
        by_seq = {e.seq: e for e in j.events}
        state = tl[at - 1][1]
        later = [seq for seq, _ in tl[at:]]
        then: list[tuple[object, str]] = []
        origin: list[int] = []
        aside = []
        for seq in later:
            ev = by_seq[seq]
            action, source = j.rules.action_from_dict(ev.payload), ev.source
            if seq in mine:
                snap = self._read_from.get(seq)
                out = self.observer.observe(state, self.overrides.apply(snap)) if snap is not None else None
                if out is None or out.status != "action":
                    aside.append((seq, action, state))
                    continue
                action, source = out.action, "vision"
            try:
                state = j.rules.apply(state, action)
            except RuleError:
                aside.append((seq, action, state))
                continue
            then.append((action, source))
            origin.append(seq)
        try:
            events = j.revise(later, then, {"why": "correction_removed", "override": o.id})
        except RuleError:  # cannot happen (checked above); never lose the game over it
            return []
        self.renumbered = {old: ev.seq for old, ev in zip(origin, events)}
        self._renumber(self.renumbered)
        self.set_aside = aside
        return later

    def _renumber(self, renumber: dict[int, int]) -> None:
        """Moves written again by a replay have new seqs: follow them."""
        if not renumber:
            return
        for other in self.overrides:
            other.actions = [renumber.get(s, s) for s in other.actions]
        self._read_from = {renumber.get(s, s): snap for s, snap in self._read_from.items()}

    def tail_of(self, seqs: Sequence[int]) -> list[tuple[int, int]]:
        """[(seq, player)] of ``seqs`` when they are the journal's last effective
        actions and each may be taken back in turn (newest first: one player's move,
        none that revealed hidden information, the rules' UNDO_BARRIERS); else []."""
        j = self.journal
        if j is None or not seqs:
            return []
        tl = j.timeline()
        tail = [seq for seq, _ in tl[1:]][-len(seqs):]
        if sorted(tail) != sorted(seqs):
            return []
        by_seq = {e.seq: e for e in j.events}
        out = []
        for seq in reversed(tail):
            ev = by_seq[seq]
            player = ev.payload.get("player")
            if not isinstance(player, int) or ev.payload.get("action") in self.barriers:
                return []
            out.append((seq, player))
        return out

    def _take_back(self, seqs: Sequence[int]) -> list[int]:
        done = []
        for seq, player in self.tail_of(seqs):
            ev = self.journal.undoable(player)
            if ev is None or ev.seq != seq:
                break
            self.journal.undo(player)
            done.append(seq)
        return done

    def state_before(self, seq: int):
        """The game's state just before the move ``seq`` (None: not a move of it)."""
        tl = self.journal.timeline()
        for i, (s, _) in enumerate(tl):
            if s == seq and i > 0:
                return tl[i - 1][1]
        return None

    # -- the table loop -------------------------------------------------------
    def apply(self, raw: TableSnapshot) -> TableSnapshot:
        """``raw`` with the active corrections in it (``raw`` itself before the
        game has a journal, or with none)."""
        return self.overrides.apply(raw) if self.journal is not None else raw

    def settle(self, raw: TableSnapshot) -> list[Report]:
        """Drop the overrides the camera now agrees with and those the game has moved
        past (each a journal note and an info report)."""
        if not self.overrides or self.journal is None:
            return []
        reports = []
        for o, why in ([(o, "camera_agrees") for o in self.overrides.agreed(raw)]
                       + [(o, "moot") for o in self.overrides.moot(self.journal.state)]):
            if self.overrides.get(o.id) is None:
                continue
            o.actions = []  # the camera reads it now: what it explained stays
            self.remove(o.id, why)
            reports.append(Report("info", f"override_{why}", "correction no longer needed", SECTION,
                                  (("id", o.id),)))
        return reports

    def moved_on(self, raw: TableSnapshot) -> list[Report]:
        """Neither the corrected nor the camera's reading explains the table: an
        override whose actions are the last ones and without which the camera's
        reading fits is wrong; take it back with its actions (never a stall)."""
        for o in reversed(list(self.overrides)):
            if not self.tail_of(o.actions):
                continue
            before = self.state_before(min(o.actions))
            if before is None:
                continue
            if self.observer.observe(before, raw).status in ("action", "same"):
                self.remove(o.id, "moved_on")
                return [Report("warning", "override_moved_on",
                               "the table moved on without the correction; it was taken back", SECTION,
                               (("id", o.id),))]
        return []

    def dispute(self) -> list[Report]:
        """The camera's own reading explains the table and the corrected one does not:
        every override is disputed (no longer applied; still listed). A warning when
        one that was not disputed before is among them."""
        fresh = [o for o in self.overrides if not o.disputed]
        for o in self.overrides:
            o.disputed = True
        if not fresh:
            return []
        return [Report("warning", "override_disputed", "the camera disagrees with a correction", SECTION,
                       (("id", fresh[-1].id),))]

    def read_with(self, seq: int, action, raw: TableSnapshot) -> None:
        """The move ``seq`` (``action``) was read from ``raw`` with the corrections in
        it: the overrides it touches explain it (journal note with the camera's own
        snapshot, to re-read it if they go, also after a resume)."""
        mine = [o for o in self.overrides if self.game.touches(o.correction, action)]
        for o in mine:
            o.actions.append(seq)
        if mine:
            from companion.journal import JournalBusy

            self._read_from[seq] = raw
            try:
                self.journal.note({"read_with": [o.id for o in mine], "seq": seq,
                                   "camera": _snapshot_to_json(raw)}, source="correction")
            except JournalBusy:
                pass  # the move is journalled; only its re-reading after a removed correction (resumed) is lost

