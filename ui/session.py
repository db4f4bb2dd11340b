"""The game session: source -> vision -> observer -> engine -> journal -> printing.

Kivy-free. Two layers:

- :class:`GameRunner` (synchronous, no threads): takes still table snapshots, asks
  the game's observer (from companion.registry) what happened, appends the action to the journal (which
  checks it with the rules engine first), repeats while the same snapshot holds
  further steps (a press, then its headline card draw), and renders print jobs.
  ``companion demo`` drives it frame by frame.
- :class:`GameSession` (the app's session, docs/ui.md): a worker thread reads frames
  from a vision frame source, runs the vision pipeline and the runner, and calls the
  subscribers with :class:`ui.viewmodels.protocol.Update`; the screens read plain
  view data (``table()``, ``press_preview()`` ...) converted from the engine state.

No game rule is computed here: claims, scoop points, front pages and scores come
from the engine (a press preview is the engine's own press applied to a copy of the
state, which is pure), table changes from the observer.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from pathlib import Path
from typing import Callable, Sequence

from companion import registry
from companion.errors import CompanionError, RuleError
from companion.journal import Journal, JournalBusy, JournalChanged, JournalError, JournalInUse, total_scores
from companion.observing import Outcome, Report
from companion.table import Sighting, TableSnapshot

from .overrides import Override, Overrides
from .viewmodels import adapt
from .viewmodels import protocol as P

log = logging.getLogger(__name__)


def _refuse(key: str, english: str, **values) -> CompanionError:
    """A refusal for the players: English text, plus ``key``/``values`` so the app
    shows it in the players' language (``ui.i18n.error_text``; ``err.<key>``)."""
    exc = CompanionError(english)
    exc.key, exc.values = key, values
    return exc


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
        return self.add_override(P.Correction("reporters", story=story, colour=colour, count=count))

    def add_override(self, correction: P.Correction) -> Override:
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
        pending: dict[int, P.Correction] = {}
        read_with_seen = False
        for e in self.journal.events:
            if e.kind != "note":
                continue
            if "correction" in e.payload:
                try:
                    pending[e.seq] = P.Correction(**e.payload["correction"])
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


# ------------------------------------------------------------------- printing


def printer_config(ps: P.PrinterSettings):
    """The printer config (printing.output.PrinterConfig) for the app's printer
    settings: the saved printer config (``companion printer-config``; the settings
    screen writes its printer choices there, ui.viewmodels.settings) with the app's
    paper (384 dots: 58 mm, else 80 mm), python-escpos ``profile`` ("" keeps the
    config's), cut (True keeps the config's cut, "auto" if it was "none"; False:
    "none") and darkness (a step of the one scale, docs/printing.md; None: the
    printer's own). Settings read from the config give it back unchanged.
    Raises PrinterConfigError for a broken config file, and a refusal for the players
    (``err.profile_width``) when the profile prints narrower than the paper."""
    from dataclasses import replace as _replace

    from printing.profiles import load_config

    from .viewmodels.settings import profile_fits

    mm = 58 if ps.width <= 384 else 80
    cfg = load_config(None)
    profile = ps.profile or cfg.profile
    if profile and not profile_fits(profile, mm):
        raise _refuse("profile_width", f"profile {profile} prints narrower than {mm} mm paper",
                      profile=profile, mm=mm)
    cut = ("auto" if cfg.cut == "none" else cfg.cut) if ps.cut else "none"
    return _replace(cfg, paper_mm=mm, profile=profile, darkness=ps.darkness, cut=cut)


def render_press_page(state, press_result, lang: str, width_dots: int, game_id: str, game: str | None = None):
    """The front page of one press of ``state`` as a 1-bit Pillow image (the pages of
    registered ``game``, default the registry's default; printing.pages). Raises
    CompanionError for a press that is not part of ``state``."""
    from printing.pages import PageRequest, make_pages

    try:
        n = list(state.press_results).index(press_result) + 1
    except ValueError:
        raise CompanionError("this press is not part of the game state given") from None
    request = PageRequest("press", press=n, lang=lang, width=width_dots, game_id=game_id)
    return make_pages(game or registry.default().id, state, request)[0].image


def render_final_page(state, lang: str, width_dots: int, game_id: str, game: str | None = None):
    """The final receipt (press scores, bonuses, ranking) as a 1-bit image (the pages
    of registered ``game``, default the registry's default; printing.pages)."""
    from printing.pages import PageRequest, make_pages

    request = PageRequest("final", lang=lang, width=width_dots, game_id=game_id)
    return make_pages(game or registry.default().id, state, request)[0].image


# -------------------------------------------------------------------- session


def _game_of(config: P.SessionConfig) -> str:
    """The registry id of the game the session plays (Penny Press unless the config says)."""
    return getattr(config, "game", None) or "penny-press"


def _entered_setup(spec, config: P.SessionConfig) -> dict | None:
    """The journal's setup for a game whose setup the players enter in the app (its
    screens module's ``new_setup``, ui.hosting) and whose observer reads only the
    play (Pergamon, Turin Market); None for a game the camera sets up (Penny Press)."""
    from . import hosting

    mod = hosting.screens_module(spec)
    factory = spec.observer_factory()
    if mod is None or factory is None or hasattr(factory, "initial_cards"):
        return None
    return mod.new_setup(list(config.players), hosting.new_game_seed())


def _players_from(config: P.SessionConfig) -> list:
    rules = registry.rules_module(_game_of(config))
    return [rules.PlayerSpec(p.colour, p.name, p.paper) for p in config.players]


#: camera mode for sessions whose config names none (``companion app --size/--fourcc``
#: sets it); None = vision.sources.REFERENCE
DEFAULT_CAMERA_SETTINGS = None


def use_camera_settings(settings) -> None:
    """Make ``settings`` (vision.sources.CameraSettings) the mode every new session
    asks its camera for, unless its config names one."""
    global DEFAULT_CAMERA_SETTINGS
    DEFAULT_CAMERA_SETTINGS = settings


class GameSession:
    """The app's session over the real pipeline (protocol: docs/ui.md).

    Frames come from ``config.recording`` (video/image folder) or ``config.camera``;
    a worker thread runs vision and the runner; subscribers get Updates from it.
    """

    def __init__(self, config: P.SessionConfig, *, reader=None, source=None, journal: Journal | None = None):
        """``journal``: an open journal to play on (e.g. a hosted game's
        ``GameHost.journal``: the camera's actions and the players' taps then go to
        the same game); else ``config.resume``, else a new game."""
        from platformdirs import user_data_dir

        self.config = config
        self.lang = config.lang
        base = Path(config.journal_dir or Path(user_data_dir("table-companion")) / "games")
        self.out_dir = base
        if journal is not None or config.resume:
            journal = journal if journal is not None else Journal.open(config.resume)
            self.players = tuple(P.PlayerSetup(p.colour, p.name, getattr(p, "paper", ""))
                                 for p in journal.state.players)
            self.runner = GameRunner(journal)
            self.runner.restore_overrides()
        else:
            spec = registry.get(_game_of(config))
            if not spec.min_players <= len(config.players) <= spec.max_players:
                raise _refuse("players_range", f"choose {spec.min_players} to {spec.max_players} players",
                              low=spec.min_players, high=spec.max_players)
            self.players = tuple(config.players)
            path = base / time.strftime(f"{spec.id}-%Y%m%d-%H%M%S.sqlite")
            entered = _entered_setup(spec, config)
            if entered is not None:  # the players entered the setup in the app: the camera reads play
                path.parent.mkdir(parents=True, exist_ok=True)
                self.runner = GameRunner(Journal.create(path, spec.id, entered))
            else:
                self.runner = GameRunner(None, players=_players_from(config), strike=config.variant_strike,
                                         first_player=getattr(config, "first_player", 0), journal_path=path,
                                         game=spec.id)
        self._reader = reader
        self._source = source
        self._own_source = False
        self._camera_src = None
        #: "ok" (frames coming), "lost" (camera gone: waiting for it, state kept),
        #: "frozen" (the same picture again and again: the camera is being reopened),
        #: "" (no camera: a recording, or not started)
        self.camera_status = ""
        self._subs: list[Callable[[P.Update], None]] = []
        self._lock = threading.RLock()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        #: frames whose processing raised (skipped, the first reported): should stay 0
        self.frame_errors = 0

    # -- protocol: lifecycle ----------------------------------------------------
    @property
    def state(self):
        return self.runner.state

    def subscribe(self, callback: Callable[[P.Update], None]) -> None:
        self._subs.append(callback)

    def _publish(self, up: P.Update) -> None:
        for cb in list(self._subs):
            try:
                cb(up)
            except Exception:  # a subscriber must never stop the worker
                pass

    def _make_reader(self):
        if self._reader is None:
            from vision.pipeline import pipeline_for

            # lens: a recording's own file, else $TABLE_COMPANION_LENS (app --lens),
            # else the user's calibration, else estimated from the corner fiducials
            self._reader = pipeline_for(self.config.recording, game=self.runner.spec.id)
        return self._reader

    def _text(self, key: str, **values) -> str:
        from . import i18n

        try:
            return i18n.tr(key, self.lang, **values)
        except (KeyError, ValueError):
            return key

    def _camera_message(self, key: str, level: str, **params) -> P.Message:
        """A camera event for the players: ``obs.<key>`` in the session's language,
        carrying its key and values so the live table re-words it after a switch."""
        from . import i18n

        text = i18n.report_text(key, tuple(params.items()), self.lang, key)
        return P.Message(text, level, "camera", key, tuple(params.items()))

    def _on_source_event(self, ev) -> None:
        """A camera dropping, coming back, or opening in another mode than asked:
        tell the players (docs/ui.md: camera lost). Recordings report an error only.
        Each message carries its key and values (``obs.camera_*``): the live table
        re-words it after a language switch."""
        if ev.kind == "opened":
            self._camera_opened = True
        if ev.kind == "dropped" and self.camera_status != "lost":
            self.camera_status = "lost"
            self._publish(P.Update(messages=(self._camera_message("camera_lost", "error"),)))
        elif ev.kind == "reconnected":
            self.camera_status = "ok"
            self._publish(P.Update(messages=(self._camera_message("camera_back", "info"),)))
        elif ev.kind == "frozen" and self.camera_status != "lost":  # the same picture: reopened
            self.camera_status = "frozen"
            self._publish(P.Update(messages=(self._camera_message("camera_frozen", "error"),)))
        elif ev.kind == "resized":  # mid-stream: the pipeline keeps the table, reads it anew
            size = ev.message.rsplit(" ", 1)[-1]
            self._publish(P.Update(messages=(self._camera_message("camera_resized", "warning", size=size),)))
        elif ev.kind == "clock":
            self._publish(P.Update(messages=(self._camera_message("camera_clock", "info"),)))
        elif ev.kind == "opened" and self.camera_status != "lost":
            self.camera_status = "ok" if self._camera_live() else ""
        elif ev.kind == "mode":
            # the players hear of it only when the picture is not what was asked (a
            # control the camera lacks, e.g. no frame-rate setting, is no news to them)
            src = self._camera_src  # set before its reader thread starts (events come from there)
            mode, asked = getattr(src, "mode", None), getattr(src, "settings", None)
            if mode is not None and asked is not None and (
                    (asked.size and (mode.width, mode.height) != tuple(asked.size))
                    or (asked.wanted_fourcc and mode.fourcc and mode.fourcc != asked.wanted_fourcc)):
                self._publish(P.Update(messages=(
                    self._camera_message("camera_mode", "warning", mode=str(mode), asked=str(asked)),)))
        elif ev.kind == "gave_up":
            self.camera_status = "lost" if self._camera_live() else ""
            camera = self.config.camera if self.config.camera is not None else ""
            if not self._camera_live():
                msg = self._camera_message("recording_unreadable", "error")
            elif getattr(self, "_camera_opened", False):
                msg = self._camera_message("camera_gave_up", "error", camera=camera,
                                           n=getattr(self._camera_src, "max_retries", None) or 0)
            else:
                msg = self._camera_message("camera_never_opened", "error", camera=camera)
            self._publish(P.Update(messages=(msg,)))

    def _camera_live(self) -> bool:
        return not self.config.recording and self.config.camera is not None

    def _make_source(self):
        """The frame source: a recording as it is; a live camera through the
        latest-frame reader (never a stale frame from the driver's queue), opened
        in ``config.camera_settings`` (default: the reference mode) and waited for
        as long as the game is open when it goes away."""
        if self._source is None:
            from vision.sources import REFERENCE, LatestFrameReader, open_source

            if self.config.recording:
                self._source = open_source(self.config.recording, on_event=self._on_source_event)
            else:
                settings = getattr(self.config, "camera_settings", None) or DEFAULT_CAMERA_SETTINGS or REFERENCE
                src = open_source(self.config.camera, settings=settings, max_retries=None,
                                  on_event=self._on_source_event)
                self._camera_src = src
                self._source = LatestFrameReader(src) if src.live else src
            self._own_source = True
        return self._source

    @property
    def camera_mode(self):
        """What the camera delivers (vision.sources.CameraMode) or None: for the
        settings and live screens."""
        return getattr(self._source, "mode", None) if self._source is not None else None

    def retry_camera(self) -> None:
        """The live screen's "retry now" while the camera is lost: try to reopen it
        at once instead of at the next back-off step."""
        fn = getattr(self._source, "retry_now", None)
        if fn is not None:
            fn()

    def enter(self, tap: dict) -> bool:
        """A player's entry for the observer (:meth:`GameRunner.enter`), taken with the
        worker's lock; read with the next frame."""
        with self._lock:
            return self.runner.enter(tap)

    @property
    def lock(self):
        """The lock the worker holds while it reads a frame and journals: a screen
        that journals on the same game takes it too."""
        return self._lock

    def start(self) -> None:
        if self._thread is not None and self._thread.is_alive():
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="table-session", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        src = self._source
        if src is not None and self._own_source:
            interrupt = getattr(src, "interrupt", None) or getattr(getattr(src, "source", None), "interrupt", None)
            if interrupt is not None:
                interrupt()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._thread = None
        if src is not None and self._own_source:
            try:
                src.close()  # the camera is released; start() opens it again
            except Exception:
                pass
            self._source = None

    def _run(self) -> None:
        try:
            source = self._make_source()
            reader = self._make_reader()
            told = False
            for frame in source:
                if self._stop.is_set():
                    break
                try:
                    self.process_frame(frame.image, frame.t, reader)
                except Exception as exc:  # noqa: BLE001 one bad frame never ends the game's camera
                    self.frame_errors += 1
                    if not told:  # said once; the next frames are read as usual
                        told = True
                        log.exception("frame %s skipped", frame.index)
                        from . import i18n

                        self._publish(P.Update(messages=(P.Message(i18n.error_text(exc, self.lang)
                                                                   if isinstance(exc, CompanionError)
                                                                   else str(exc), "error"),)))
        except CompanionError as exc:
            from . import i18n

            self._publish(P.Update(messages=(P.Message(i18n.error_text(exc, self.lang), "error"),)))

    def process_frame(self, image, t: float, reader=None) -> P.Update:
        """Run one frame through vision and the runner; publish and return the Update."""
        reader = reader or self._make_reader()
        snap, report = reader.process(image, t)
        with self._lock:
            steps = self.runner.feed(snap)
            expect = getattr(reader, "expect", None)
            if expect is not None:
                expect(self.runner.expected)
        messages = tuple(P.Message(self.report_text(s.report), s.report.level, s.report.rule,
                                   s.report.key, tuple(s.report.params))
                         for s in steps if s.report)
        changed = any(s.action is not None or s.event_seq == 1 for s in steps)
        up = P.Update(frame=image, symbols=P.symbols_of(report), snapshot=snap,
                      messages=messages, state_changed=changed)
        self._publish(up)
        return up

    def report_text(self, report: Report) -> str:
        """An observer report in the session's language (English if not in the table)."""
        from . import hosting, i18n

        own = hosting.report_text(self.runner.spec, report, self.state, self.lang)  # the game's own texts
        return own if own is not None else i18n.report_text(report.key, report.params, self.lang, report.text)

    # -- protocol: views --------------------------------------------------------
    # Every view comes from ui.viewmodels.adapt, over the engine's own functions.
    def _last_action_text(self) -> str:
        j = self.runner.journal
        acts = j.actions() if j is not None else []
        return adapt.action_text(acts[-1], j.state, self.lang) if acts else ""

    def table(self) -> P.TableView | None:
        st = self.state
        return None if st is None else adapt.table_from_state(st, self._last_action_text())

    def adjustments(self) -> list[P.Adjustment]:
        """The engine's board_adjustments for the last action, unchanged."""
        j = self.runner.journal
        if j is None:
            return []
        tl = j.timeline()
        board_adjustments = getattr(j.rules, "board_adjustments", None)
        if len(tl) < 2 or board_adjustments is None:
            return []
        return [P.Adjustment(a.kind, a.beat, a.value, tuple(a.stories), a.player, a.cell)
                for a in board_adjustments(tl[-2][1], tl[-1][1])]

    def _seat(self, colour: str) -> int:
        try:
            return adapt.seat_of(self.state, colour)
        except ValueError as exc:
            raise CompanionError(str(exc)) from None

    def press_preview(self, colour: str) -> P.PressPreview:
        """The press preview of ``colour`` (cached per state, table snapshot and
        colour: the solver runs once per change)."""
        key = (id(self.state), id(self.runner.last_snapshot), colour)
        hit = getattr(self, "_preview_cache", None)
        if hit is not None and hit[0] == key and hit[1] is self.state:
            return hit[2]
        out = self._press_preview(colour)
        self._preview_cache = (key, self.state, out)
        return out

    def _press_preview(self, colour: str) -> P.PressPreview:
        st = self.state
        if st is None:
            raise _refuse("not_started", "the game has not started")
        seat = self._seat(colour)
        mat_page = None
        snap = self.runner.last_snapshot
        if snap is not None and self.runner.observer is not None:
            laid = self.runner.observer.read(st, snap).front.get(seat) or {}
            if laid:
                mat_page = self.runner.observer.front_page_of(st, seat, laid)
        try:
            return adapt.press_preview(st, colour, mat_page)
        except RuleError as exc:
            raise _refuse("cannot_press", f"{colour} cannot go to press now: {exc.detail}", colour=colour,
                          detail=exc.detail) from None

    def score_history(self) -> list[P.ScorePoint]:
        j = self.runner.journal
        if j is None:
            return []
        out = adapt.history_from_states(j.states())
        if j.state.is_over:
            out.append(P.ScorePoint("end", tuple(zip((p.colour for p in j.state.players), total_scores(j.state)))))
        return out

    def final_ranking(self) -> list[P.FinalRow] | None:
        st = self.state
        return None if st is None else adapt.final_rows(st)

    # -- protocol: actions ------------------------------------------------------
    def correct(self, correction: P.Correction) -> None:
        """Fix a misread (docs/ui.md): the correction becomes an override of the
        camera's reading (ui/overrides.py; a journal note), listed by
        :meth:`corrections` until removed or until the camera agrees. A move the
        camera just read for that story is re-read with it. Arrow positions follow
        from the game and are refused (CompanionError)."""
        j = self.runner.journal
        if j is None:
            raise _refuse("not_started", "the game has not started")
        if correction.kind == "arrow":
            raise _refuse("arrow_follows", "an arrow position follows from the game: fix the stories or reporters")
        if correction.kind == "reporters":
            self._seat(correction.colour)
        with self._lock:
            if correction.kind == "reporters":
                last = j.undoable(self._seat(correction.colour))
                if last is not None and last.source == "vision" and \
                        correction.story in _stories_of(j.rules.action_from_dict(last.payload)):
                    j.undo(self._seat(correction.colour))
            self.runner.add_override(correction)
            if self.runner.last_snapshot is not None:
                self.runner.feed(self.runner.last_snapshot)
        self._publish(P.Update(state_changed=True))

    def corrections(self) -> list[P.CorrectionView]:
        """The active corrections, oldest first (protocol: CorrectionView)."""
        with self._lock:
            return [self._correction_view(o) for o in self.runner.overrides]

    def _correction_view(self, o) -> P.CorrectionView:
        j = self.runner.journal
        texts = []
        if j is not None:
            by_seq = {e.seq: e for e in j.events}
            for seq, _player in self.runner.tail_of(o.actions):
                texts.append(adapt.action_text(j.rules.action_from_dict(by_seq[seq].payload), j.state, self.lang))
        return P.CorrectionView(o.id, o.correction, o.disputed, tuple(texts))

    def remove_correction(self, ident: int) -> None:
        """Remove correction ``ident`` (and the moves only it explained, while they
        are the last ones); the table is re-read as the camera sees it.
        CompanionError when there is no such correction."""
        with self._lock:
            stuck = self.runner.moves_not_rereadable(ident)
            if stuck:
                j = self.runner.journal
                by_seq = {e.seq: e for e in j.events}
                before = self.runner._state_before(stuck[0])
                move = adapt.action_text(j.rules.action_from_dict(by_seq[stuck[0]].payload), before, self.lang)
                raise _refuse("correction_kept", f"this correction stays: the move it explained ({move}) was "
                              "saved without the camera's picture (an older version), so the game cannot be "
                              "replayed without it; it stays in force until the camera sees the table agree with it or "
                              "the story leaves the board",
                              move=move)
            try:
                self.runner.remove_override(ident, "player")
            except KeyError:
                raise _refuse("no_correction", f"there is no correction {ident}") from None
            messages = self._set_aside_messages()
            if self.runner.last_snapshot is not None:
                self.runner.feed(self.runner.last_snapshot)
        self._publish(P.Update(state_changed=True, messages=messages))

    def _set_aside_messages(self) -> tuple:
        """The moves the removed correction set aside, named for the players (one
        warning; the journal keeps them as undone events)."""
        aside = self.runner.set_aside
        if not aside:
            return ()
        moves = "; ".join(adapt.action_text(a, st, self.lang) for _seq, a, st in aside)
        rep = Report("warning", "override_set_aside", f"correction removed: these moves no longer fit and "
                     f"were set aside: {moves}", "Table Companion: corrections", (("moves", moves),))
        return (P.Message(self.report_text(rep), rep.level, rep.rule, rep.key, rep.params),)

    def can_decline(self, colour: str) -> bool:
        """True when ``colour`` is the player to act in the final edition (a last turn
        or a final press may be passed: Penny Press, Final edition)."""
        st = self.state
        return bool(st is not None and st.phase in ("final_turns", "final_presses")
                    and st.players[st.current_player].colour == colour)

    def decline_kind(self, colour: str) -> str:
        """What declining means now for ``colour``: ``"turn"`` (pass a last turn of the
        final edition), ``"press"`` (not go to press in the final presses), or ``""``
        (``colour`` may not decline now). Penny Press, Final edition."""
        if not self.can_decline(colour):
            return ""
        return "turn" if self.state.phase == "final_turns" else "press"

    def decline_press(self, colour: str) -> None:
        """The player passes a final-edition turn or does not go to press in the final
        presses (a tap: nothing on the table shows it). Raises CompanionError when not
        allowed."""
        j = self.runner.journal
        if j is None:
            raise _refuse("not_started", "the game has not started")
        with self._lock:
            try:
                j.append(j.rules.DeclinePress(player=self._seat(colour)), source="manual")
            except RuleError as exc:
                raise CompanionError(exc.detail) from None
        self._publish(P.Update(state_changed=True))

    def undo_preview(self) -> P.UndoStep | None:
        """What :meth:`undo` would take back now, named (None: nothing). The newest
        of the last correction and the last move goes first; a move only when its
        player may take it back (Journal: undo)."""
        j = self.runner.journal
        if j is None:
            return None
        with self._lock:
            items = list(self.runner.overrides)
            last_o = items[-1] if items else None
            tl = j.timeline()
            last_seq = tl[-1][0] if len(tl) > 1 else None
            if last_o is not None and (last_seq is None or (last_o.note_seq or 0) > last_seq
                                       or last_seq in last_o.actions):
                v = self._correction_view(last_o)
                return P.UndoStep("correction", correction=last_o.correction, id=last_o.id, also=v.takes_back)
            if last_seq is None:
                return None
            ev = next(e for e in j.events if e.seq == last_seq)
            player = ev.payload.get("player")
            if not isinstance(player, int) or j.undoable(player) is None:
                return None
            text = adapt.action_text(j.rules.action_from_dict(ev.payload), j.state, self.lang)
            return P.UndoStep("action", text=text, colour=j.state.players[player].colour)

    def undo(self) -> bool:
        """Do what :meth:`undo_preview` names; False when nothing can be undone.
        The same in every language (nothing here depends on texts)."""
        step = self.undo_preview()
        if step is None:
            return False
        if step.kind == "correction":
            self.remove_correction(step.id)
            return True
        j = self.runner.journal
        with self._lock:
            j.undo(self._seat(step.colour))
        self._publish(P.Update(state_changed=True))
        return True

    def _page_width(self) -> int:
        """The page width in dots: the printer config's
        (printing.output.PrinterConfig.width_dots: the paper's 384 / 576, or the
        profile's printable width where narrower, 512 on a TM-T88), for the preview
        too: with no printer the page shown is the raster that printer is sent. Raises
        the refusals of :func:`printer_config`; a preview whose printer config file
        is broken draws the app's paper (384 / 576)."""
        from printing.profiles import PrinterConfigError

        ps = self.config.printer
        try:
            return printer_config(ps).width_dots
        except PrinterConfigError:
            if ps.kind != "preview":
                raise
            return ps.width

    def _print(self, image, title: str) -> P.JobStatus:
        from printing.escpos_raster import escpos_bytes
        from printing.files import page_path, save_preview
        from printing.transports import parse_target
        from printing.queue import PrintQueue

        ps = self.config.printer
        preview_dir = self.out_dir / "prints"
        preview = save_preview(image, page_path(preview_dir, title))
        if ps.kind == "preview":
            return P.JobStatus(title, "printed", str(preview), "")
        target_text = {"network": f"tcp://{ps.target}", "usb": f"usb:{ps.target}",
                       "file": f"file:{ps.target}", "serial": f"serial:{ps.target}"}.get(ps.kind, ps.target)
        cfg = printer_config(ps)
        q = PrintQueue(self.out_dir / "queue")
        job = q.submit(parse_target(target_text), escpos_bytes(image, cfg), cfg, title=title, preview=image)
        reports = q.process()
        state = "printed" if any(r.job_id == job.id and r.outcome == "printed" for r in reports) else "queued"
        return P.JobStatus(job.id, state, str(preview), "")

    def print_press(self, n: int, colour: str) -> P.JobStatus:
        st = self.state
        seat = self._seat(colour)
        mine = [r for r in st.press_results if r.player == seat]
        if not 1 <= n <= len(mine):
            raise _refuse("no_paper_yet", f"{colour} has {len(mine)} papers; there is no paper {n}", colour=colour)
        width = self._page_width()
        img = render_press_page(st, mine[n - 1], self.lang, width, self.runner.journal.game_id)
        return self._print(img, f"{colour}-paper{n}")

    def _paper_result(self, colour: str, which: str):
        """The engine's PressResult for ``which`` paper of ``colour``: ``suggested``
        (the solver's page if the player went to press now), ``mat`` (the page seen
        on the player's mat, scored as the engine would), ``last`` (the player's
        latest printed press). CompanionError when there is none."""
        st = self.state
        if st is None:
            raise _refuse("not_started", "the game has not started")
        seat = self._seat(colour)
        rules = self.runner.journal.rules
        if which == "last":
            mine = [r for r in st.press_results if r.player == seat]
            if not mine:
                raise _refuse("no_paper_yet", f"{colour} has not printed a paper yet", colour=colour)
            return mine[-1]
        page = None
        if which == "mat":
            snap = self.runner.last_snapshot
            laid = self.runner.observer.read(st, snap).front.get(seat) if snap is not None else None
            if not laid:
                raise _refuse("no_mat_page", f"{colour}'s front page is not seen on the mat", colour=colour)
            page = self.runner.observer.front_page_of(st, seat, laid)
        try:
            return rules.press_preview(st, seat, page)
        except RuleError as exc:
            raise _refuse("cannot_press", f"{colour} cannot go to press now: {exc.detail}", colour=colour,
                          detail=exc.detail) from None

    def last_paper(self, colour: str) -> P.FrontPageView | None:
        """The latest paper ``colour`` printed (its page and breakdown), or None."""
        try:
            res = self._paper_result(colour, "last")
        except CompanionError:
            return None
        lines = tuple(res.breakdown)
        cells = adapt.front_page_view(self.state, res.claimed, res.front_page, res.front_page.ad_cell)
        return dataclasses.replace(cells, score=res.total, lines=lines)

    def print_paper(self, colour: str, which: str = "suggested") -> P.JobStatus:
        """Print exactly the paper the press screen shows: ``suggested``, ``mat`` or
        ``last`` (see _paper_result); the same page the preview drew."""
        res = self._paper_result(colour, which)
        img = render_press_page(self.state, res, self.lang, self._page_width(), self.runner.journal.game_id)
        n = sum(1 for r in self.state.press_results if r.player == res.player)
        return self._print(img, f"{colour}-paper{n if which == 'last' else n + 1}-{which}")

    def print_final(self) -> P.JobStatus:
        st = self.state
        if st is None or st.final is None:
            raise _refuse("not_over", "the game is not over yet")
        img = render_final_page(st, self.lang, self._page_width(), self.runner.journal.game_id)
        return self._print(img, "final")

    def share_image(self, path: str | Path) -> Path:
        """The final result as a picture to share (PNG at ``path``: the final
        receipt's page, 576 dots wide, as printed). CompanionError before the end."""
        st = self.state
        if st is None or st.final is None:
            raise _refuse("not_over", "the game is not over yet")
        img = render_final_page(st, self.lang, 576, self.runner.journal.game_id)
        from printing.files import atomic_write, png_bytes

        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        return atomic_write(path, png_bytes(img.convert("L")), fsync=False)  # never half a picture

    def export_json(self, path: str | Path) -> Path:
        import json

        j = self.runner.journal
        if j is None:
            raise _refuse("not_started", "the game has not started")
        path = Path(path)
        path.write_text(json.dumps(j.export(), indent=2, ensure_ascii=False), encoding="utf-8")
        return path

    def bgstats_link(self) -> str:
        from .viewmodels.bgstats import play_link

        rows = self.final_ranking() or []
        j = self.runner.journal
        if not rows or j is None:
            return ""
        from . import i18n
        from .viewmodels.bgstats import utc_play_date

        ats = [e.at for e in j.events]
        first = j.setup.get("first_player")
        players = j.state.players
        return play_link(rows, source_play_id=j.game_id, game_name=self.runner.spec.name("en"),
                         source_game_id=self.runner.spec.id, play_date=utc_play_date(ats[-1]),
                         duration_min=max(1, round((ats[-1] - ats[0]) / 60)),
                         start_colour=players[first].colour if isinstance(first, int) and 0 <= first < len(players)
                         else None,
                         roles={p.colour: i18n.colour(p.colour, self.lang) for p in players})


def create_session(config: P.SessionConfig, **kw) -> GameSession:
    """The factory the app calls (docs/ui.md)."""
    return GameSession(config, **kw)
