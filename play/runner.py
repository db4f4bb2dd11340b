"""The table loop: still table snapshots -> the game's observer -> the journal.

Kivy-free and synchronous (no threads): :class:`GameRunner` takes still table
snapshots, asks the game's observer (from companion.registry) what happened, appends
the action to the journal (which checks it with the rules engine first), and repeats
while the same snapshot holds further steps (a press, then its headline card draw).
``companion demo`` (play.demo) drives it frame by frame; the app's session
(ui.session) from its camera thread. The players' corrections of the camera's
reading apply to every snapshot (play.corrections).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Sequence

from companion import registry
from companion.errors import CompanionError, RuleError
from companion.journal import Journal, JournalBusy, JournalChanged, JournalError, JournalInUse
from companion.observing import Outcome, Report
from companion.table import Sighting, TableSnapshot

from .corrections import Correction, Override, Overrides


def _stories_of(action) -> set[str]:
    """The stories an engine action names (story, from/to story, stories)."""
    out = {getattr(action, "story", None), getattr(action, "from_story", None), getattr(action, "to_story", None)}
    out |= set(getattr(action, "stories", ()) or ())
    out.discard(None)
    return out

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

def _journal_report(exc: JournalError) -> Report:
    """A journal that cannot be written now, for the players: busy (another program
    holds the file: ``journal_busy``, the program named when known) or open on
    another screen (``game_open_elsewhere``)."""
    values = tuple(sorted((getattr(exc, "values", None) or {}).items()))
    return Report("warning", getattr(exc, "key", "") or "journal_busy", str(exc), "Table Companion: journal",
                  values)

# -------------------------------------------------------------------- runner


@dataclasses.dataclass
class Step:
    """One thing the runner did: an action appended (``action``, ``event_seq``) or a
    report for the players (``report``)."""

    action: object | None = None
    event_seq: int | None = None
    report: Report | None = None


class GameRunner:
    """Applies what still snapshots show to the journal (see module docstring).

    journal: an open journal (None until the setup has been seen: then
    ``players``/``first_player`` are used with the initial headline cards read
    from the first still snapshot, and the journal is created at ``journal_path``).
    game: the registry id of the game (an open journal's own game wins); its rules
    module and observer come from companion.registry. A game without an observer
    is played by taps only: snapshots are ignored.
    first_player None: the seat whose move comes first on the table starts.
    overrides: the players' corrections (ui/overrides.py), applied to every snapshot.
    """

    MAX_STEPS_PER_SNAPSHOT = 4

    def __init__(self, journal: Journal | None = None, *, players: Sequence = (),
                 first_player: int | None = 0, strike: bool = False, journal_path: str | Path | None = None,
                 expected_cards: Sequence[str] | None = None, game: str = "penny-press"):
        self.journal = journal
        self.spec = registry.get(journal.game if journal is not None else game)
        self.rules = self.spec.rules_module()
        self.players = tuple(players)
        self.first_player = first_player
        self.strike = strike
        self.journal_path = Path(journal_path) if journal_path else None
        self.expected_cards = list(expected_cards) if expected_cards else None
        factory = self.spec.observer_factory()
        self.observer = factory() if factory is not None else None
        self.overrides = Overrides()
        #: the camera's own snapshot each move read with a correction came from
        #: (journal seq -> snapshot; this run only), to re-read it without it
        self._read_from: dict[int, TableSnapshot] = {}
        #: the moves the last removed correction set aside: (seq, action, state before)
        self.set_aside: list[tuple[int, object, object]] = []
        self.renumbered: dict[int, int] = {}
        self._last_key: tuple | None = None
        self._last_reports: tuple = ()
        self._pending_cards: list[str] | None = None
        #: still tables seen while the journal could not be written (JournalBusy),
        #: read again in order once it can (:meth:`_read_held`)
        self._held: list[TableSnapshot] = []
        self._told_watching = False
        self.last_snapshot: TableSnapshot | None = None
        #: the sightings of the last still table the game state was found to match
        #: (what the table should still show: vision re-reads those it loses,
        #: ``vision.pipeline.Pipeline.expect``)
        self.expected: tuple = ()

    @property
    def state(self):
        return self.journal.state if self.journal is not None else None

    # corrections (ui/overrides.py) ------------------------------------------
    @property
    def pins(self) -> dict[tuple[str, str], int]:
        """The reporter overrides as {(story, colour): count} (read only)."""
        return {(o.correction.story, o.correction.colour): o.correction.count
                for o in self.overrides if o.correction.kind == "reporters"}

    def pin(self, story: str, colour: str, count: int) -> Override:
        """Correct vision: ``colour`` has ``count`` reporters on ``story`` (an override)."""
        return self.add_override(Correction("reporters", story=story, colour=colour, count=count))

    def add_override(self, correction: Correction) -> Override:
        """Keep ``correction`` as an override (a journal note) and re-read the table."""
        note = None
        if self.journal is not None:
            note = self.journal.note({"correction": dataclasses.asdict(correction)}, source="correction").seq
        o = self.overrides.add(correction, note)
        if self.journal is not None and note is not None:
            self.journal.note({"override": o.id, "of": note}, source="correction")
        self._last_key = None  # re-read the current snapshot
        return o

    def restore_overrides(self) -> None:
        """A resumed game keeps its corrections: the journal's notes replayed
        (saved ones minus removed ones, in order)."""
        if self.journal is None:
            return
        pending: dict[int, Correction] = {}
        read_with_seen = False
        for e in self.journal.events:
            if e.kind != "note":
                continue
            if "correction" in e.payload:
                try:
                    pending[e.seq] = Correction(**e.payload["correction"])
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
        move that touches its story, as :meth:`feed` would have recorded. Their
        camera snapshots are unknown, so removing the correction is refused unless
        those moves can be taken back (:meth:`moves_not_rereadable`)."""
        undone = {e.payload.get("target") for e in self.journal.events if e.kind == "undo"}
        for o in self.overrides:
            story = o.correction.story
            if not story or o.actions:
                continue
            for e in self.journal.events:
                if e.kind != "action" or e.seq in undone or (o.note_seq is not None and e.seq < o.note_seq):
                    continue
                try:
                    touched = _stories_of(self.rules.action_from_dict(e.payload))
                except (CompanionError, KeyError, TypeError, ValueError):
                    continue  # an action this version cannot read: not counted
                if story in touched:
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

    def remove_override(self, ident: int, why: str = "player") -> tuple[Override, list[int]]:
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
        self._last_key = None
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
        actions and each may be taken back in turn (newest first); else []."""
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
            if not isinstance(player, int) or ev.payload.get("type") == "draw_headline":
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

    def _settle_overrides(self, raw: TableSnapshot) -> list[Step]:
        """Drop the overrides the camera now agrees with, and those on stories that
        left the board (each a journal note and an info report)."""
        if not self.overrides or self.journal is None:
            return []
        st = self.journal.state
        board = getattr(st, "board", None) or {}  # Penny Press: stories per beat column
        on_board = {sid for column in board.values() for sid in column}
        steps = []
        for o, why in ([(o, "camera_agrees") for o in self.overrides.agreed(raw)]
                       + [(o, "moot") for o in self.overrides.moot(on_board)]):
            if self.overrides.get(o.id) is None:
                continue
            o.actions = []  # the camera reads it now: what it explained stays
            self.remove_override(o.id, why)
            steps.append(Step(report=Report("info", f"override_{why}", "correction no longer needed",
                                            "Table Companion: corrections", (("id", o.id),))))
        return steps

    def _state_before(self, seq: int):
        tl = self.journal.timeline()
        for i, (s, _) in enumerate(tl):
            if s == seq and i > 0:
                return tl[i - 1][1]
        return None

    def _moved_on(self, raw: TableSnapshot) -> list[Step]:
        """Neither the corrected nor the camera's reading explains the table: an
        override whose actions are the last ones and without which the camera's
        reading fits is wrong; take it back with its actions (never a stall)."""
        for o in reversed(list(self.overrides)):
            tail = self.tail_of(o.actions)
            if not tail:
                continue
            before = self._state_before(min(o.actions))
            if before is None:
                continue
            if self.observer.observe(before, raw).status in ("action", "same"):
                self.remove_override(o.id, "moved_on")
                return [Step(report=Report("warning", "override_moved_on",
                                           "the table moved on without the correction; it was taken back",
                                           "Table Companion: corrections", (("id", o.id),)))]
        return []

    # snapshots --------------------------------------------------------------
    def _key(self, snap: TableSnapshot) -> tuple:
        return tuple(sorted((s.component, s.surface, s.zone or "", round(s.angle_deg / 90) % 4)
                            for s in snap.sightings))

    def setup_from(self, snap: TableSnapshot) -> list[Step]:
        """Create the game from the initial headline cards (docs/rulings.md).

        The cards are the ones laid out on the table (one per player); when the
        setup names them (``expected_cards``: a recording's description, or the
        start screen), a still view that shows only some of them (the last one
        on top of the others) is accepted, and one that shows another card is not.
        """
        seen = sorted({s.component for s in snap.sightings if s.component in self.observer.catalog.headline_cards})
        if self.expected_cards:
            strange = sorted(set(seen) - set(self.expected_cards))
            if strange or not seen:
                return [Step(report=Report(
                    "warning", "setup_cards_expected",
                    f"the initial headline cards should be {', '.join(self.expected_cards)}; "
                    f"the table shows {', '.join(seen) or 'none'}", "Penny Press: Setup",
                    (("expected", ", ".join(self.expected_cards)), ("seen", ", ".join(seen) or "-"))))]
            order = list(self.expected_cards)
        else:
            cards, reports = self.observer.initial_cards(snap, len(self.players))
            if not cards:
                return [Step(report=r) for r in reports]
            order = cards
        if self.first_player is None:  # told by the first move (see _infer_first_player)
            self._pending_cards = order
            return [Step(report=Report("info", "first_move", "setup seen: the first player may start",
                                       "Penny Press: Setup"))]
        return self._create(order, self.first_player)

    def _create(self, cards: list[str], first: int) -> list[Step]:
        setup = self.rules.setup_to_dict(list(self.players), cards, first, self.strike)
        if self.journal_path is None:
            raise CompanionError("no journal path for the new game")
        self.journal = Journal.create(self.journal_path, self.spec.id, setup)
        return [Step(event_seq=1)]

    def _infer_first_player(self, snap: TableSnapshot) -> list[Step]:
        """No first player given: the seat whose move the table shows starts the
        game (exactly one seat must explain it)."""
        fits = []
        for seat in range(len(self.players)):
            state = self.rules.new_game(list(self.players), self._pending_cards, seat, self.strike)
            if self.observer.observe(state, snap).status == "action":
                fits.append(seat)
        if len(fits) != 1:
            return []  # no move yet (or not one that tells): keep waiting
        return self._create(self._pending_cards, fits[0])

    def enter(self, tap: dict) -> bool:
        """A player's entry in the app that the camera cannot read (e.g. Scoop's dial:
        ``{"dial": 9}``), given to the observer's ``enter``; the next still snapshot is
        read again with it. False when the game's observer takes no entries."""
        enter = getattr(self.observer, "enter", None)
        if enter is None:
            return False
        enter(tap)
        self._last_key = None  # the same table reads differently now
        return True

    def feed(self, snap: TableSnapshot) -> list[Step]:
        """Process one snapshot; returns what was done (actions and new reports).

        Only still snapshots that differ from the last one processed are read.
        Reports are returned once each (not again while the table stays the same).
        Overrides (corrections) apply first; when they make the table unexplainable
        but the camera's own reading explains a move, the camera's reading is taken
        and the overrides are marked disputed (a correction never stalls a game).
        """
        if not snap.still or self.observer is None:
            return []
        if self._held:  # the journal could not be written: those tables first, then this one
            return self._read_held(snap)
        raw = snap
        settled = self._settle_overrides(raw)
        pinned = self.overrides.apply(raw) if self.journal is not None else raw
        key = self._key(pinned)
        if key == self._last_key:
            return settled
        self._last_key = key
        self.last_snapshot = raw
        steps: list[Step] = list(settled)
        if self.journal is not None and self.journal.watching is not None:
            steps += self._follow()
        if self.journal is None:
            steps = self._infer_first_player(raw) if self._pending_cards else self.setup_from(raw)
            if self.journal is None:
                return self._fresh_reports(steps)
        use = pinned
        for _ in range(self.MAX_STEPS_PER_SNAPSHOT):
            out: Outcome = self.observer.observe(self.journal.state, use)
            if out.status not in ("action", "same") and use is not raw:
                alt = self.observer.observe(self.journal.state, raw)
                if alt.status not in ("action", "same"):
                    back = self._moved_on(raw)
                    if back:
                        steps += back
                        use = self.overrides.apply(raw)
                        continue
                else:
                    fresh = [o for o in self.overrides if not o.disputed]
                    for o in self.overrides:
                        o.disputed = True
                    if fresh:
                        steps.append(Step(report=Report(
                            "warning", "override_disputed", "the camera disagrees with a correction",
                            "Table Companion: corrections", (("id", fresh[-1].id),))))
                    out, use = alt, raw
            if out.status != "action":
                if out.status == "same":
                    self.expected = tuple(raw.sightings)
                steps += [Step(report=r) for r in out.reports]
                break
            try:
                ev = self.journal.append(out.action, source="vision")
            except JournalBusy as exc:  # another program holds the file: this table is read again
                self._held.append(raw)
                steps.append(Step(report=_journal_report(exc)))
                break
            except JournalInUse as exc:  # open on another screen: this one watches
                steps.append(Step(report=_journal_report(exc)))
                break
            except JournalChanged:  # another program wrote meanwhile: read this table against the real game
                continue
            except RuleError as exc:  # the observer checked it; a race is still reported
                params = {**exc.values, "section": exc.rule, "kind": exc.key, "detail": exc.detail}
                steps.append(Step(report=Report("error", "illegal", exc.detail, exc.rule,
                                                tuple(sorted(params.items())))))
                break
            if use is not raw:
                touched = _stories_of(out.action)
                mine = [o for o in self.overrides if o.correction.story in touched]
                for o in mine:
                    o.actions.append(ev.seq)
                if mine:  # kept to re-read the move if the correction goes (also after a resume)
                    self._read_from[ev.seq] = raw
                    try:
                        self.journal.note({"read_with": [o.id for o in mine], "seq": ev.seq,
                                           "camera": _snapshot_to_json(raw)}, source="correction")
                    except JournalBusy:
                        pass  # the move is journalled; only its re-reading after a removed correction is lost
            steps.append(Step(action=out.action, event_seq=ev.seq))
        return self._fresh_reports(steps)

    def _read_held(self, snap: TableSnapshot) -> list[Step]:
        """Read again, in order, the still tables kept while the journal could not be
        written, and ``snap`` after them; stop at the first that still cannot be
        written (kept with the rest). Each table is read as when it was seen."""
        if self._key(snap) != self._key(self._held[-1]):
            self._held.append(snap)
        held, self._held = self._held, []
        steps: list[Step] = []
        for i, table in enumerate(held):
            self._last_key = None
            steps += self.feed(table)
            if self._held:  # still busy: keep the tables after it too
                self._held += held[i + 1:]
                return steps
        steps.append(Step(report=Report("info", "journal_free", "the game's file is free again: "
                                        "the moves seen meanwhile are recorded", "Table Companion: journal")))
        return steps

    def _follow(self) -> list[Step]:
        """A game open for writing on another screen: read what it wrote (so this
        screen follows it) and say once that this screen only watches."""
        try:
            self.journal.refresh()
        except JournalError:
            pass  # busy at that instant: the next table reads it
        if self.journal.watching is None or self._told_watching:
            return []
        self._told_watching = True
        return [Step(report=_journal_report(JournalInUse(self.journal.path, self.journal.watching)))]

    def _fresh_reports(self, steps: list[Step]) -> list[Step]:
        reports = tuple(s.report for s in steps if s.report is not None)
        if reports and reports == self._last_reports:
            steps = [s for s in steps if s.report is None]
        self._last_reports = reports
        return steps
