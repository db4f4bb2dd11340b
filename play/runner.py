"""The table loop: still table snapshots -> the game's observer -> the journal.

Kivy-free and synchronous (no threads): :class:`GameRunner` takes still table
snapshots, asks the game's observer (from companion.registry) what happened, appends
the action to the journal (which checks it with the rules engine first), and repeats
while the same snapshot holds further steps (a press, then its headline card draw).
``companion demo`` (play.demo) drives it frame by frame; the app's session
(ui.session) from its camera thread.

Before the game has a journal, a game whose observer reads the setup off the table
(``setup_from``, companion.observing) is set up from the first still snapshots; a
game whose setup the players enter gets its journal before the loop. The players'
corrections of the camera's reading apply to every snapshot (play.corrections).
A journal that cannot be written now (another program holds the file) keeps the
still tables seen meanwhile and reads them again, in order, once it can; a game
open for writing on another screen is followed.
No game is named here: what is one game's comes through its observer, its rules and
its corrections module.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from companion import registry
from companion.errors import CompanionError, RuleError
from companion.journal import Journal, JournalBusy, JournalChanged, JournalError, JournalInUse
from companion.observing import Outcome, Report, SetupRequest
from companion.table import TableSnapshot

from .corrections import Corrections, Override


def reads_setup(spec) -> bool:
    """True when the game of ``spec`` (a registry GameSpec) is set up from the table:
    its observer offers ``setup_from`` (companion.observing). Any other game's
    setup is entered by the players and its journal made before the loop."""
    factory = spec.observer_factory()
    return factory is not None and callable(getattr(factory, "setup_from", None))


def _journal_report(exc: JournalError) -> Report:
    """A journal that cannot be written now, for the players: busy (another program
    holds the file: ``journal_busy``, the program named when known) or open on
    another screen (``game_open_elsewhere``)."""
    values = tuple(sorted((getattr(exc, "values", None) or {}).items()))
    return Report("warning", getattr(exc, "key", "") or "journal_busy", str(exc), "Table Companion: journal",
                  values)


@dataclasses.dataclass
class Step:
    """One thing the runner did: an action appended (``action``, ``event_seq``; the
    journal created: ``event_seq`` 1 alone) or a report for the players (``report``)."""

    action: object | None = None
    event_seq: int | None = None
    report: Report | None = None


class GameRunner:
    """Applies what still snapshots show to the journal (see module docstring).

    journal: an open journal; None until the setup has been read off the table (the
    observer's ``setup_from`` with ``setup``; the journal is then created at
    ``journal_path``). game: the registry id of the game (an open journal's own game
    wins; default: the registry's default game); its rules, observer and corrections
    come from companion.registry. A game without an observer is played by taps
    only: snapshots are ignored. Raises CompanionError for a game without a journal
    whose observer cannot read its setup (its setup is entered: give its journal).
    """

    MAX_STEPS_PER_SNAPSHOT = 4

    def __init__(self, journal: Journal | None = None, *, game: str | None = None,
                 setup: SetupRequest | None = None, journal_path: str | Path | None = None):
        self.spec = registry.get(journal.game if journal is not None else game or registry.default().id)
        self.rules = self.spec.rules_module()
        factory = self.spec.observer_factory()
        self.observer = factory() if factory is not None else None
        self.setup = setup
        self.journal_path = Path(journal_path) if journal_path else None
        if journal is None and self.observer is not None and not reads_setup(self.spec):
            raise CompanionError(f"{self.spec.name()}: its setup is entered by the players, not read by the "
                                 "camera; start the table loop with its journal")
        self.corrections = Corrections(registry.load_attr(self.spec.corrections) if self.spec.corrections
                                       else None, self.observer, self.spec.undo_barriers)
        self.journal = journal
        self._last_key: tuple | None = None
        self._last_reports: tuple = ()
        #: still tables seen while the journal could not be written (JournalBusy),
        #: read again in order once it can (:meth:`_read_held`)
        self._held: list[TableSnapshot] = []
        self._told_watching = False
        self.last_snapshot: TableSnapshot | None = None
        #: how many players the setup on the table was for, when that differed from
        #: the players asked for (the first still table's; SetupOutcome.players_seen)
        self.players_seen: int | None = None
        #: the sightings of the last still table the game state was found to match
        #: (what the table should still show: vision re-reads those it loses,
        #: ``vision.pipeline.Pipeline.expect``)
        self.expected: tuple = ()

    @property
    def journal(self) -> Journal | None:
        """The game's journal (None until its setup has been read)."""
        return self._journal

    @journal.setter
    def journal(self, journal: Journal | None) -> None:
        self._journal = journal
        self.corrections.journal = journal

    @property
    def state(self):
        return self.journal.state if self.journal is not None else None

    # -- the players ------------------------------------------------------------
    def correct(self, correction) -> Override:
        """Keep the players' ``correction`` of the camera's reading (Corrections.add)
        and read the last still table again with it. Raises CompanionError."""
        o = self.corrections.add(correction)
        self.reread()
        return o

    def enter(self, tap: dict) -> bool:
        """A player's entry in the app that the camera cannot read (e.g. a dial:
        ``{"dial": 9}``), given to the observer's ``enter``; the next still snapshot is
        read again with it. False when the game's observer takes no entries."""
        enter = getattr(self.observer, "enter", None)
        if enter is None:
            return False
        enter(tap)
        self._last_key = None  # the same table reads differently now
        return True

    def read_again(self) -> None:
        """Read the next still snapshot even when the table looks the same (the game
        changed by a tap: the same table reads differently now)."""
        self._last_key = None

    def reread(self) -> list[Step]:
        """Read the last still table again (the game, its corrections or the players'
        entries changed what it means)."""
        self._last_key = None
        return self.feed(self.last_snapshot) if self.last_snapshot is not None else []

    # -- snapshots ----------------------------------------------------------------
    def _key(self, snap: TableSnapshot) -> tuple:
        return tuple(sorted((s.component, s.surface, s.zone or "", round(s.angle_deg / 90) % 4)
                            for s in snap.sightings))

    def _start(self, snap: TableSnapshot) -> list[Step]:
        """Read the setup off ``snap`` (the observer's ``setup_from``); create the
        journal once the observer gives the setup."""
        if self.setup is None:
            raise CompanionError("no players for the new game (the runner's setup request)")
        out = self.observer.setup_from(snap, self.setup)
        if out.players_seen is not None and self.players_seen is None:
            self.players_seen = out.players_seen
        steps = [Step(report=r) for r in out.reports]
        if out.setup is not None:
            if self.journal_path is None:
                raise CompanionError("no journal path for the new game")
            self.journal = Journal.create(self.journal_path, self.spec.id, out.setup)
            steps.append(Step(event_seq=1))
        return steps

    def feed(self, snap: TableSnapshot) -> list[Step]:
        """Process one snapshot; returns what was done (actions and new reports).

        Only still snapshots that differ from the last one processed are read.
        Reports are returned once each (not again while the table stays the same).
        Corrections apply first; when they make the table unexplainable but the
        camera's own reading explains a move, the camera's reading is taken and the
        corrections are disputed (a correction never stalls a game).
        """
        if not snap.still or self.observer is None:
            return []
        if self._held:  # the journal could not be written: those tables first, then this one
            return self._read_held(snap)
        raw = snap
        settled = [Step(report=r) for r in self.corrections.settle(raw)]
        if settled:  # a correction went: the table means something else now
            self._last_key = None
        corrected = self.corrections.apply(raw)
        key = self._key(corrected)
        if key == self._last_key:
            return settled
        self._last_key = key
        self.last_snapshot = raw
        steps: list[Step] = list(settled)
        if self.journal is not None and self.journal.watching is not None:
            steps += self._follow()
        if self.journal is None:
            steps += self._start(raw)
            if self.journal is None:
                return self._fresh_reports(steps)
        use = corrected
        for _ in range(self.MAX_STEPS_PER_SNAPSHOT):
            out: Outcome = self.observer.observe(self.journal.state, use)
            if out.status not in ("action", "same") and use is not raw:
                alt = self.observer.observe(self.journal.state, raw)
                if alt.status not in ("action", "same"):
                    back = self.corrections.moved_on(raw)
                    if back:
                        self._last_key = None  # read again next time: a correction went
                        steps += [Step(report=r) for r in back]
                        use = self.corrections.apply(raw)
                        continue
                else:
                    steps += [Step(report=r) for r in self.corrections.dispute()]
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
                self.corrections.read_with(ev.seq, out.action, raw)
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
