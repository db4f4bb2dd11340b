"""The game session: source -> vision -> observer -> engine -> journal -> printing.

Kivy-free. Two layers:

- :class:`GameRunner` (synchronous, no threads): takes still table snapshots, asks
  the Penny Press observer what happened, appends the action to the journal (which
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
import threading
import time
from pathlib import Path
from typing import Callable, Sequence

from companion.errors import CompanionError, RuleError
from companion.games import penny_press as pp
from companion.journal import Journal, total_scores
from companion.observer import Outcome, PennyPressObserver, Report
from companion.table import Sighting, TableSnapshot

from .viewmodels import adapt
from .viewmodels import protocol as P

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
    first_player None: the seat whose move comes first on the table starts.
    pins: observation corrections (see :meth:`pin`), applied to every snapshot.
    """

    MAX_STEPS_PER_SNAPSHOT = 4

    def __init__(self, journal: Journal | None = None, *, players: Sequence[pp.PlayerSpec] = (),
                 first_player: int | None = 0, strike: bool = False, journal_path: str | Path | None = None,
                 expected_cards: Sequence[str] | None = None):
        self.journal = journal
        self.players = tuple(players)
        self.first_player = first_player
        self.strike = strike
        self.journal_path = Path(journal_path) if journal_path else None
        self.expected_cards = list(expected_cards) if expected_cards else None
        self.observer = PennyPressObserver()
        self.pins: dict[tuple[str, str], int] = {}
        self._last_key: tuple | None = None
        self._last_reports: tuple = ()
        self._pending_cards: list[str] | None = None
        self.last_snapshot: TableSnapshot | None = None

    @property
    def state(self):
        return self.journal.state if self.journal is not None else None

    # corrections ----------------------------------------------------------
    def pin(self, story: str, colour: str, count: int) -> None:
        """Correct vision: ``colour`` has ``count`` reporters on ``story``, whatever
        the camera reads, until the engine's count there changes."""
        self.pins[(story, colour)] = count
        self._last_key = None  # re-read the current snapshot

    def _apply_pins(self, snap: TableSnapshot) -> TableSnapshot:
        if not self.pins or self.journal is None:
            return snap
        st = self.journal.state
        seat = {p.colour: i for i, p in enumerate(st.players)}
        keep = list(snap.sightings)
        for (story, colour), count in list(self.pins.items()):
            engine_count = st.reporters.get(story, (0,) * len(st.players))[seat[colour]]
            if engine_count == count:
                # the engine agrees with the pin: vision's reading is what needs fixing;
                # drop the pin once vision itself reads the truth
                seen = sum(1 for s in keep if s.zone == f"on:{story}" and s.component.rstrip("0123456789") == colour)
                if seen == count:
                    del self.pins[(story, colour)]
                    continue
            keep = [s for s in keep if not (s.zone == f"on:{story}" and s.component.rstrip("0123456789") == colour)]
            keep += [Sighting(f"{colour}{90 + k}", "board", f"on:{story}", 0.0, 0.0) for k in range(count)]
        return dataclasses.replace(snap, sightings=tuple(keep))

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
        setup = pp.setup_to_dict(list(self.players), cards, first, self.strike)
        if self.journal_path is None:
            raise CompanionError("no journal path for the new game")
        self.journal = Journal.create(self.journal_path, "penny-press", setup)
        return [Step(event_seq=1)]

    def _infer_first_player(self, snap: TableSnapshot) -> list[Step]:
        """No first player given: the seat whose move the table shows starts the
        game (exactly one seat must explain it)."""
        fits = []
        for seat in range(len(self.players)):
            state = pp.new_game(list(self.players), self._pending_cards, seat, self.strike)
            if self.observer.observe(state, snap).status == "action":
                fits.append(seat)
        if len(fits) != 1:
            return []  # no move yet (or not one that tells): keep waiting
        return self._create(self._pending_cards, fits[0])

    def feed(self, snap: TableSnapshot) -> list[Step]:
        """Process one snapshot; returns what was done (actions and new reports).

        Only still snapshots that differ from the last one processed are read.
        Reports are returned once each (not again while the table stays the same).
        """
        if not snap.still:
            return []
        snap = self._apply_pins(snap)
        key = self._key(snap)
        if key == self._last_key:
            return []
        self._last_key = key
        self.last_snapshot = snap
        steps: list[Step] = []
        if self.journal is None:
            steps = self._infer_first_player(snap) if self._pending_cards else self.setup_from(snap)
            if self.journal is None:
                return self._fresh_reports(steps)
        for _ in range(self.MAX_STEPS_PER_SNAPSHOT):
            out: Outcome = self.observer.observe(self.journal.state, snap)
            if out.status != "action":
                steps += [Step(report=r) for r in out.reports]
                break
            try:
                ev = self.journal.append(out.action, source="vision")
            except RuleError as exc:  # the observer checked it; a race is still reported
                steps.append(Step(report=Report("error", "illegal", exc.detail, exc.rule)))
                break
            steps.append(Step(action=out.action, event_seq=ev.seq))
        return self._fresh_reports(steps)

    def _fresh_reports(self, steps: list[Step]) -> list[Step]:
        reports = tuple(s.report for s in steps if s.report is not None)
        if reports and reports == self._last_reports:
            steps = [s for s in steps if s.report is None]
        self._last_reports = reports
        return steps


# ------------------------------------------------------------------- printing


def render_press_page(state, press_result, lang: str, width_dots: int, game_id: str):
    """The front page of one press as a 1-bit Pillow image (printing.layout)."""
    from printing.adapters import front_page_doc
    from printing.layout import render_front_page

    return render_front_page(front_page_doc(state, press_result, lang, game_id), width_dots)


def render_final_page(state, lang: str, width_dots: int, game_id: str):
    """The final receipt (press scores, bonuses, ranking) as a 1-bit image."""
    from printing.adapters import receipt_doc
    from printing.layout import render_receipt

    return render_receipt(receipt_doc(state, lang, game_id), width_dots)


# -------------------------------------------------------------------- session


def _players_from(config: P.SessionConfig) -> list[pp.PlayerSpec]:
    return [pp.PlayerSpec(p.colour, p.name, p.paper) for p in config.players]


class GameSession:
    """The app's session over the real pipeline (protocol: docs/ui.md).

    Frames come from ``config.recording`` (video/image folder) or ``config.camera``;
    a worker thread runs vision and the runner; subscribers get Updates from it.
    """

    def __init__(self, config: P.SessionConfig, *, reader=None, source=None):
        from platformdirs import user_data_dir

        self.config = config
        self.lang = config.lang
        base = Path(config.journal_dir or Path(user_data_dir("table-companion")) / "games")
        self.out_dir = base
        if config.resume:
            journal = Journal.open(config.resume)
            self.players = tuple(P.PlayerSetup(p.colour, p.name, p.paper) for p in journal.state.players)
            self.runner = GameRunner(journal)
        else:
            if not 2 <= len(config.players) <= 5:
                raise CompanionError("choose 2 to 5 players")
            self.players = tuple(config.players)
            path = base / time.strftime("penny-press-%Y%m%d-%H%M%S.sqlite")
            self.runner = GameRunner(None, players=_players_from(config), strike=config.variant_strike,
                                     first_player=getattr(config, "first_player", 0), journal_path=path)
        self._reader = reader
        self._source = source
        self._subs: list[Callable[[P.Update], None]] = []
        self._lock = threading.RLock()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

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
            from vision.pipeline import Pipeline
            from vision.register import registrar_for

            # lens: a recording's own file, else $TABLE_COMPANION_LENS (app --lens),
            # else the user's calibration, else estimated from the corner fiducials
            self._reader = Pipeline(registrar=registrar_for(source=self.config.recording))
        return self._reader

    def _make_source(self):
        if self._source is None:
            from vision.sources import open_source

            spec = self.config.recording if self.config.recording else self.config.camera

            def on_event(ev) -> None:  # the camera dropping, coming back or given up: tell the players
                if ev.kind in ("dropped", "reconnected", "gave_up"):
                    level = "info" if ev.kind == "reconnected" else "error"
                    self._publish(P.Update(messages=(P.Message(ev.message, level, "camera"),)))

            self._source = open_source(spec, on_event=on_event)
        return self._source

    def start(self) -> None:
        if self._thread is not None and self._thread.is_alive():
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="table-session", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._thread = None

    def _run(self) -> None:
        try:
            source = self._make_source()
            reader = self._make_reader()
            for frame in source:
                if self._stop.is_set():
                    break
                self.process_frame(frame.image, frame.t, reader)
        except CompanionError as exc:
            self._publish(P.Update(messages=(P.Message(str(exc), "error"),)))

    def process_frame(self, image, t: float, reader=None) -> P.Update:
        """Run one frame through vision and the runner; publish and return the Update."""
        reader = reader or self._make_reader()
        snap, report = reader.process(image, t)
        with self._lock:
            steps = self.runner.feed(snap)
        messages = tuple(P.Message(self.report_text(s.report), s.report.level, s.report.rule)
                         for s in steps if s.report)
        changed = any(s.action is not None or s.event_seq == 1 for s in steps)
        up = P.Update(frame=image, symbols=P.symbols_of(report), snapshot=snap,
                      messages=messages, state_changed=changed)
        self._publish(up)
        return up

    def report_text(self, report: Report) -> str:
        """An observer report in the session's language (English if not in the table)."""
        from . import i18n

        key = f"obs.{report.key}"
        if key not in i18n.TEXTS:
            return report.text
        try:
            return i18n.tr(key, self.lang, **dict(report.params))
        except (KeyError, ValueError, IndexError):
            return report.text

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
        if len(tl) < 2:
            return []
        return [P.Adjustment(a.kind, a.beat, a.value, tuple(a.stories), a.player, a.cell)
                for a in pp.board_adjustments(tl[-2][1], tl[-1][1])]

    def _seat(self, colour: str) -> int:
        try:
            return adapt.seat_of(self.state, colour)
        except ValueError as exc:
            raise CompanionError(str(exc)) from None

    def press_preview(self, colour: str) -> P.PressPreview:
        st = self.state
        if st is None:
            raise CompanionError("the game has not started")
        seat = self._seat(colour)
        mat_page = None
        snap = self.runner.last_snapshot
        if snap is not None:
            laid = self.runner.observer.read(st, snap).front.get(seat) or {}
            if laid:
                mat_page = self.runner.observer.front_page_of(st, seat, laid)
        try:
            return adapt.press_preview(st, colour, mat_page)
        except RuleError as exc:
            raise CompanionError(f"{colour} cannot go to press now: {exc.detail}") from None

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
        """Fix a misread (docs/ui.md). Reporter counts become a pin (the camera's
        reading is overridden until it agrees) recorded as a journal note; a wrong
        action just made by vision for that story is taken back first."""
        j = self.runner.journal
        if j is None:
            raise CompanionError("the game has not started")
        if correction.kind != "reporters":
            raise CompanionError(
                "stories and arrows follow from the game: fix the reporters, or undo the last action")
        seat = self._seat(correction.colour)
        with self._lock:
            last = j.undoable(seat)
            if last is not None and last.source == "vision":
                a = pp.action_from_dict(last.payload)
                touched = {getattr(a, "story", None), getattr(a, "from_story", None), getattr(a, "to_story", None)}
                touched |= set(getattr(a, "stories", ()) or ())
                if correction.story in touched:
                    j.undo(seat)
            j.note({"correction": dataclasses.asdict(correction)}, source="correction")
            self.runner.pin(correction.story, correction.colour, correction.count)
            if self.runner.last_snapshot is not None:
                self.runner.feed(self.runner.last_snapshot)
        self._publish(P.Update(state_changed=True))

    def can_decline(self, colour: str) -> bool:
        """True when ``colour`` is the player to act in the final presses."""
        st = self.state
        return bool(st is not None and st.phase == "final_presses"
                    and st.players[st.current_player].colour == colour)

    def decline_press(self, colour: str) -> None:
        """The player does not go to press in the final presses (a tap: nothing on
        the table shows it). Raises CompanionError when not allowed."""
        j = self.runner.journal
        if j is None:
            raise CompanionError("the game has not started")
        with self._lock:
            try:
                j.append(pp.DeclinePress(player=self._seat(colour)), source="manual")
            except RuleError as exc:
                raise CompanionError(exc.detail) from None
        self._publish(P.Update(state_changed=True))

    def undo(self) -> bool:
        j = self.runner.journal
        if j is None:
            return False
        with self._lock:
            acts = [e for e in j.events if e.kind == "action"]
            if not acts:
                return False
            player = acts[-1].payload.get("player")
            if not isinstance(player, int) or j.undoable(player) is None:
                return False
            j.undo(player)
        self._publish(P.Update(state_changed=True))
        return True

    def _print(self, image, title: str) -> P.JobStatus:
        from printing.output import load_config, parse_target, escpos_bytes, save_preview
        from printing.queue import PrintQueue

        ps = self.config.printer
        preview_dir = self.out_dir / "prints"
        preview = save_preview(image, preview_dir / f"{title}.png")
        if ps.kind == "preview":
            return P.JobStatus(title, "printed", str(preview), "")
        target_text = {"network": f"tcp://{ps.target}", "usb": f"usb:{ps.target}",
                       "file": f"file:{ps.target}", "serial": f"serial:{ps.target}"}.get(ps.kind, ps.target)
        cfg = load_config(None, paper_mm=58 if ps.width <= 384 else 80)
        q = PrintQueue(self.out_dir / "queue")
        job = q.submit(parse_target(target_text), escpos_bytes(image, cfg), cfg, title=title, preview=image)
        reports = q.process()
        state = "printed" if any(r.outcome == "done" for r in reports) else "queued"
        return P.JobStatus(job.id, state, str(preview), "")

    def print_press(self, n: int, colour: str) -> P.JobStatus:
        st = self.state
        seat = self._seat(colour)
        mine = [r for r in st.press_results if r.player == seat]
        if not 1 <= n <= len(mine):
            raise CompanionError(f"{colour} has {len(mine)} papers; there is no paper {n}")
        width = self.config.printer.width
        img = render_press_page(st, mine[n - 1], self.lang, width, self.runner.journal.game_id)
        return self._print(img, f"{colour}-paper{n}")

    def print_final(self) -> P.JobStatus:
        st = self.state
        if st is None or st.final is None:
            raise CompanionError("the game is not over yet")
        img = render_final_page(st, self.lang, self.config.printer.width, self.runner.journal.game_id)
        return self._print(img, "final")

    def export_json(self, path: str | Path) -> Path:
        import json

        j = self.runner.journal
        if j is None:
            raise CompanionError("the game has not started")
        path = Path(path)
        path.write_text(json.dumps(j.export(), indent=2, ensure_ascii=False), encoding="utf-8")
        return path

    def bgstats_link(self) -> str:
        from .viewmodels.bgstats import play_link

        rows = self.final_ranking() or []
        return play_link(rows) if rows else ""


def create_session(config: P.SessionConfig, **kw) -> GameSession:
    """The factory the app calls (docs/ui.md)."""
    return GameSession(config, **kw)
