"""The app's game session: the camera's frames through the table loop, for the screens.

Kivy-free. :class:`GameSession` (docs/ui.md): a worker thread reads frames from a
vision frame source, runs the vision pipeline and the table loop
(:class:`play.runner.GameRunner`), and calls the subscribers with
:class:`ui.viewmodels.protocol.Update`; the screens read plain view data
(``table()``, ``press_preview()`` ...) converted from the engine state.

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
from typing import Callable

from companion import registry
from companion.errors import CompanionError, Refusal, RuleError
from companion.journal import Journal, total_scores
from companion.observing import Report, SetupRequest
from play.camera import default_camera_settings
from play.runner import GameRunner, reads_setup

from .viewmodels import adapt
from .viewmodels import protocol as P
from .viewmodels.settings import printer_config

log = logging.getLogger(__name__)


def _refuse(key: str, english: str, **values) -> CompanionError:
    """A refusal for the players: English text, plus ``key``/``values`` so the app
    shows it in the players' language (``ui.i18n.error_text``; ``err.<key>``)."""
    return Refusal(key, english, **values)


# ------------------------------------------------------------------- printing


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
    """The final receipt as a 1-bit image (the pages of registered ``game``, default
    the registry's default; printing.pages)."""
    from printing.pages import PageRequest, make_pages

    request = PageRequest("final", lang=lang, width=width_dots, game_id=game_id)
    return make_pages(game or registry.default().id, state, request)[0].image


# -------------------------------------------------------------------- session


def _game_of(config: P.SessionConfig) -> str:
    """The registry id of the game the session plays (the registry's default unless
    the config names one)."""
    return getattr(config, "game", None) or registry.default().id


def _entered_setup(spec, config: P.SessionConfig) -> dict | None:
    """The journal's setup for a game whose setup the players enter in the app (its
    screens module's ``new_setup``, ui.hosting) and whose observer reads only the
    play; None for a game the camera sets up (play.runner.reads_setup)."""
    from . import hosting

    mod = hosting.screens_module(spec)
    if mod is None or spec.observer_factory() is None or reads_setup(spec):
        return None
    return mod.new_setup(list(config.players), hosting.new_game_seed())


def _setup_request(config: P.SessionConfig) -> SetupRequest:
    """What the start screen chose, for a game the camera sets up: the players, who
    starts and the variant chosen (``{"strike": True}``)."""
    return SetupRequest(tuple({"colour": p.colour, "name": p.name, "paper": p.paper} for p in config.players),
                        getattr(config, "first_player", 0), {"strike": True} if config.variant_strike else {})


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
            self.runner.corrections.restore()
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
                self.runner = GameRunner(None, game=spec.id, setup=_setup_request(config), journal_path=path)
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
            from vision.sources import LatestFrameReader, open_source

            if self.config.recording:
                self._source = open_source(self.config.recording, on_event=self._on_source_event)
            else:
                settings = getattr(self.config, "camera_settings", None) or default_camera_settings()
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
        camera's reading (play/corrections.py; a journal note), listed by
        :meth:`corrections` until removed or until the camera agrees. A move the
        camera just read for that story is re-read with it. Arrow positions follow
        from the game and are refused (CompanionError)."""
        with self._lock:
            self.runner.correct(correction)
        self._publish(P.Update(state_changed=True))

    def corrections(self) -> list[P.CorrectionView]:
        """The active corrections, oldest first (protocol: CorrectionView)."""
        with self._lock:
            return [self._correction_view(o) for o in self.runner.corrections]

    def _correction_view(self, o) -> P.CorrectionView:
        j = self.runner.journal
        texts = []
        if j is not None:
            by_seq = {e.seq: e for e in j.events}
            for seq, _player in self.runner.corrections.tail_of(o.actions):
                texts.append(adapt.action_text(j.rules.action_from_dict(by_seq[seq].payload), j.state, self.lang))
        return P.CorrectionView(o.id, o.correction, o.disputed, tuple(texts))

    def remove_correction(self, ident: int) -> None:
        """Remove correction ``ident`` (and the moves only it explained, while they
        are the last ones); the table is re-read as the camera sees it.
        CompanionError when there is no such correction."""
        with self._lock:
            stuck = self.runner.corrections.moves_not_rereadable(ident)
            if stuck:
                j = self.runner.journal
                by_seq = {e.seq: e for e in j.events}
                before = self.runner.corrections.state_before(stuck[0])
                move = adapt.action_text(j.rules.action_from_dict(by_seq[stuck[0]].payload), before, self.lang)
                raise _refuse("correction_kept", f"this correction stays: the move it explained ({move}) was "
                              "saved without the camera's picture (an older version), so the game cannot be "
                              "replayed without it; it stays in force until the camera sees the table agree with it or "
                              "the story leaves the board",
                              move=move)
            try:
                self.runner.corrections.remove(ident, "player")
            except KeyError:
                raise _refuse("no_correction", f"there is no correction {ident}") from None
            messages = self._set_aside_messages()
            self.runner.reread()
        self._publish(P.Update(state_changed=True, messages=messages))

    def _set_aside_messages(self) -> tuple:
        """The moves the removed correction set aside, named for the players (one
        warning; the journal keeps them as undone events)."""
        aside = self.runner.corrections.set_aside
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
            items = list(self.runner.corrections)
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
