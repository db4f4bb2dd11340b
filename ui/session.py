"""The app's game session: the table loop for the screens (Kivy-free; docs/ui.md).

:class:`GameSession` is what the app's screens talk to (the protocol
ui.viewmodels.protocol.Session). It composes the parts, each holding one concern,
and publishes :class:`ui.viewmodels.protocol.Update` to the subscribers, every text
in the players' language:

- ``camera``: play.camera.CameraFeed, the frames (a recording or a live camera) on a
  worker thread and the camera's news;
- ``runner``: play.runner.GameRunner, the table loop (snapshots -> the game's
  observer -> the journal), with ``runner.corrections`` (play.corrections);
- ``takeback``: play.undo.Undo, named undo and the removal of a correction;
- ``views``: the game's own view data for its screens (its views module's
  ``session_views(runner)``, ui.hosting.session_views; None for a game without);
- ``printer``: ui.session_print.SessionPrinter, the pages on the chosen printer.

The session holds the lock the camera's worker holds while it reads a frame into
the journal; every tap that journals takes it too. No game rule is computed here.
"""

from __future__ import annotations

import threading
import time
import weakref
from pathlib import Path
from typing import Callable

from companion import registry
from companion.errors import CompanionError, Refusal
from companion.journal import Journal
from companion.observing import Report, SetupRequest
from play.camera import CameraFeed, CameraNews
from play.runner import GameRunner, reads_setup
from play.undo import Undo

from .session_print import SessionPrinter
from .viewmodels import protocol as P

def _refuse(key: str, english: str, **values) -> CompanionError:
    """A refusal for the players: English text, plus ``key``/``values`` so the app
    shows it in the players' language (``ui.i18n.error_text``; ``err.<key>``)."""
    return Refusal(key, english, **values)


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
    return hosting.setup_with_options(mod, config.players, hosting.new_game_seed(), getattr(config, "game_options", ()))


def _setup_request(config: P.SessionConfig) -> SetupRequest:
    """What the start screen chose, for a game the camera sets up: the players, who
    starts and the variants chosen (SessionConfig.variants)."""
    return SetupRequest(tuple({"colour": p.colour, "name": p.name, "paper": p.paper} for p in config.players),
                        getattr(config, "first_player", 0), config.variants())


def _weakly(obj, name: str) -> Callable:
    """``obj``'s method ``name`` as a callback that does not keep ``obj`` alive (it
    does nothing once ``obj`` is gone)."""
    ref = weakref.ref(obj)

    def call(*args):
        target = ref()
        return getattr(target, name)(*args) if target is not None else None

    return call


class GameSession:
    """The app's session over the real pipeline (module docstring; protocol: docs/ui.md).

    Frames come from ``config.recording`` (video/image folder) or ``config.camera``
    (``reader``/``source``: a snapshot reader or frame source to use instead);
    subscribers get Updates from the camera's worker and from the players' taps.
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
        # the parts hold no reference back to the session (the camera calls it weakly):
        # a session nobody holds any more is dropped at once, and with it its journal's
        # writer lock (companion.journal), so the game can be resumed at once
        self.camera = CameraFeed(recording=config.recording, camera=config.camera,
                                 settings=getattr(config, "camera_settings", None), game=self.runner.spec.id,
                                 reader=reader, source=source, on_frame=_weakly(self, "process_frame"),
                                 on_news=_weakly(self, "_camera_news"), on_error=_weakly(self, "_camera_error"))
        self.takeback = Undo(self.runner)
        from . import hosting

        self.views = hosting.session_views(self.runner.spec, self.runner)
        self.printer = SessionPrinter(self.runner, base)
        self._subs: list[Callable[[P.Update], None]] = []
        self._lock = threading.RLock()

    # -- protocol: lifecycle ----------------------------------------------------
    @property
    def state(self):
        return self.runner.state

    @property
    def lock(self):
        """The lock the worker holds while it reads a frame and journals: a screen
        that journals on the same game takes it too."""
        return self._lock

    def subscribe(self, callback: Callable[[P.Update], None]) -> None:
        self._subs.append(callback)

    def _publish(self, up: P.Update) -> None:
        for cb in list(self._subs):
            try:
                cb(up)
            except Exception:  # a subscriber must never stop the worker
                pass

    def start(self) -> None:
        """Read the camera's frames on its worker thread."""
        self.camera.start()

    def stop(self) -> None:
        """Stop reading and release the camera (``start`` opens it again)."""
        self.camera.stop()

    # -- the camera ---------------------------------------------------------------
    @property
    def camera_status(self) -> str:
        """The camera's state (play.camera.CameraFeed.status): ok, lost, missing,
        frozen, dark or ""."""
        return self.camera.status

    @property
    def camera_mode(self):
        """What the camera delivers (vision.sources.CameraMode) or None: for the
        settings and live screens."""
        return self.camera.mode

    @property
    def frame_errors(self) -> int:
        """Frames whose reading raised (skipped): should stay 0."""
        return self.camera.frame_errors

    def retry_camera(self) -> None:
        """The live screen's "retry now" while the camera is lost."""
        self.camera.retry_now()

    # -- the camera's hooks under their earlier names (scripts that drive a session
    # with a frame source of their own, e.g. a fake camera, hand it these) ---------
    def _on_source_event(self, ev) -> None:
        """A frame source's event (vision.sources), as the camera feed words it."""
        self.camera._on_event(ev)

    @property
    def _camera_src(self):
        """The live camera the feed reads (its mode and retries), or None."""
        return self.camera._camera

    @_camera_src.setter
    def _camera_src(self, src) -> None:
        self.camera._camera = src

    @property
    def _thread(self):
        """The camera feed's worker thread, or None."""
        return self.camera._thread

    @_thread.setter
    def _thread(self, thread) -> None:
        self.camera._thread = thread

    @property
    def _source(self):
        """The frame source the camera feed reads (None until opened)."""
        return self.camera._source

    @_source.setter
    def _source(self, source) -> None:
        self.camera._source = source

    @property
    def _own_source(self) -> bool:
        """True when the camera feed opened its source (and closes it)."""
        return self.camera._own_source

    @_own_source.setter
    def _own_source(self, own: bool) -> None:
        self.camera._own_source = own

    def _run(self) -> None:
        """The camera feed's worker loop, on the calling thread."""
        self.camera.run()

    def _make_reader(self):
        """What turns this game's frames into table snapshots (the camera feed's)."""
        return self.camera.reader

    def _camera_news(self, news: CameraNews) -> None:
        """A camera event for the players: ``obs.<key>`` in the session's language,
        carrying its key and values so the live table re-words it after a switch."""
        from . import i18n

        text = i18n.report_text(news.key, news.params, self.lang, news.key)
        self._publish(P.Update(messages=(P.Message(text, news.level, "camera", news.key, news.params),)))

    def _camera_error(self, exc: BaseException) -> None:
        """A frame or a source that failed: said once, in the players' language."""
        from . import i18n

        text = i18n.error_text(exc, self.lang) if isinstance(exc, CompanionError) else str(exc)
        self._publish(P.Update(messages=(P.Message(text, "error"),)))

    def process_frame(self, image, t: float, reader=None) -> P.Update:
        """Run one frame through vision and the table loop; publish and return the Update."""
        reader = reader or self.camera.reader
        snap, report = self.camera.read(reader, image, t)  # and the picture's news
        with self._lock:
            steps = self.runner.feed(snap)
            expect = getattr(reader, "expect", None)
            if expect is not None:
                expect(self.runner.expected)
        messages = tuple(self._message(s.report) for s in steps if s.report)
        changed = any(s.action is not None or s.event_seq == 1 for s in steps)
        up = P.Update(frame=image, symbols=P.symbols_of(report), snapshot=snap,
                      messages=messages, state_changed=changed)
        self._publish(up)
        return up

    def enter(self, tap: dict) -> bool:
        """A player's entry for the observer (play.runner.GameRunner.enter), taken with
        the worker's lock; read with the next frame."""
        with self._lock:
            return self.runner.enter(tap)

    def report_text(self, report: Report) -> str:
        """An observer report in the session's language (English if not in the table)."""
        from . import hosting, i18n

        own = hosting.report_text(self.runner.spec, report, self.state, self.lang)  # the game's own texts
        return own if own is not None else i18n.report_text(report.key, report.params, self.lang, report.text)

    def _message(self, report: Report) -> P.Message:
        return P.Message(self.report_text(report), report.level, report.rule, report.key, tuple(report.params))

    def _text(self, key: str, **values) -> str:
        from . import i18n

        try:
            return i18n.tr(key, self.lang, **values)
        except (KeyError, ValueError):
            return key

    # -- the game's views (its views module, ui.hosting.session_views) -------------
    def _views(self):
        if self.views is None:
            raise _refuse("no_views", "this game draws no table views")
        return self.views

    def table(self):
        """The game's table view now (its views' ``table(lang)``), or None."""
        return None if self.views is None else self.views.table(self.lang)

    def adjustments(self) -> list:
        """What to change on the physical board after the last move (the game's views)."""
        return [] if self.views is None else self.views.adjustments()

    def press_preview(self, colour: str):
        return self._views().press_preview(colour)

    def last_paper(self, colour: str):
        return self._views().last_paper(colour)

    def score_history(self) -> list:
        return [] if self.views is None else self.views.score_history()

    def final_ranking(self):
        return None if self.views is None else self.views.final_ranking()

    def can_decline(self, colour: str) -> bool:
        """True when ``colour`` may pass now (the game's views' ``decline_kind``)."""
        return bool(self.views is not None and self.views.decline_kind(colour))

    def decline_kind(self, colour: str) -> str:
        return "" if self.views is None else self.views.decline_kind(colour)

    def decline_press(self, colour: str) -> None:
        """The player passes a turn the game lets them pass (a tap). Raises
        CompanionError when not allowed."""
        with self._lock:
            self._views().decline(colour)
        self._publish(P.Update(state_changed=True))

    # -- protocol: corrections and undo (play.corrections, play.undo) ---------------
    def correct(self, correction) -> None:
        """Fix a misread (docs/ui.md): the correction becomes an override of the
        camera's reading (a journal note), listed by :meth:`corrections` until
        removed or until the camera agrees; a move the camera just read that it
        touches is read again with it. Raises CompanionError: no game yet, a
        correction the game refuses (an arrow position follows from the game)."""
        with self._lock:
            self.runner.correct(correction)
        self._publish(P.Update(state_changed=True))

    def corrections(self) -> list[P.CorrectionView]:
        """The active corrections, oldest first (protocol: CorrectionView)."""
        with self._lock:
            return [P.CorrectionView(o.id, o.correction, o.disputed, self.takeback.explained(o, self.lang))
                    for o in self.runner.corrections]

    def remove_correction(self, ident: int) -> None:
        """Remove correction ``ident`` (and the moves only it explained: play.undo);
        the table is re-read as the camera sees it. CompanionError when there is no
        such correction, or when the game cannot do without it."""
        with self._lock:
            aside = self.takeback.remove_correction(ident, self.lang)
        self._publish(P.Update(state_changed=True, messages=self._set_aside_messages(aside)))

    def _set_aside_messages(self, aside: tuple[str, ...]) -> tuple:
        """The moves a removed correction set aside, named for the players (one
        warning; the journal keeps them as undone events)."""
        if not aside:
            return ()
        moves = "; ".join(aside)
        rep = Report("warning", "override_set_aside", f"correction removed: these moves no longer fit and "
                     f"were set aside: {moves}", "Table Companion: corrections", (("moves", moves),))
        return (self._message(rep),)

    def undo_preview(self) -> P.UndoStep | None:
        """What :meth:`undo` would take back now, named (None: nothing; see
        :meth:`undo_refusal`). The newest of the last correction and the last move
        goes first; a move only when its player may take it back."""
        with self._lock:
            step = self.takeback.preview(self.lang)
        if step is None:
            return None
        if step.kind == "correction":
            return P.UndoStep("correction", correction=step.correction, id=step.id, also=step.also)
        return P.UndoStep("action", text=step.text, colour=self.state.players[step.seat].colour)

    def undo_refusal(self) -> str:
        """Why nothing can be taken back now, in the players' language ("" when
        something can): nothing played yet, or the last move revealed what was
        hidden (the rules forbid undoing it), or it is no one player's."""
        from . import i18n

        with self._lock:
            refusal = self.takeback.refusal(self.lang)
        return "" if refusal is None else i18n.error_text(refusal, self.lang)

    def undo(self) -> bool:
        """Do what :meth:`undo_preview` names; False when nothing can be undone.
        The same in every language (nothing here depends on texts)."""
        with self._lock:
            if self.takeback.preview(self.lang) is None:
                return False
            _step, aside = self.takeback.undo(self.lang)
        self._publish(P.Update(state_changed=True, messages=self._set_aside_messages(aside)))
        return True

    # -- protocol: printing (ui.session_print) -----------------------------------
    def print_press(self, n: int, colour: str) -> P.JobStatus:
        """Print ``colour``'s paper ``n`` (1 = their first press; the game's views)."""
        return self._views().print_press(self.printer, n, colour, self.config.printer, self.lang)

    def print_paper(self, colour: str, which: str = "suggested") -> P.JobStatus:
        """Print exactly the paper the press screen shows: ``suggested``, ``mat`` or
        ``last`` (the game's views); the same page the preview drew."""
        return self._views().print_paper(self.printer, colour, which, self.config.printer, self.lang)

    def print_final(self) -> P.JobStatus:
        return self.printer.print_final(self.config.printer, self.lang)

    def share_image(self, path: str | Path) -> Path:
        """The final result as a picture to share (PNG at ``path``, 576 dots wide)."""
        return self.printer.share_image(path, self.lang)

    def export_json(self, path: str | Path) -> Path:
        import json

        j = self.runner.journal
        if j is None:
            raise _refuse("not_started", "the game has not started")
        path = Path(path)
        path.write_text(json.dumps(j.export(), indent=2, ensure_ascii=False), encoding="utf-8")
        return path

    def bgstats_link(self) -> str:
        """The finished game as a BG Stats link (the game's views), "" before the end."""
        return "" if self.views is None else self.views.bgstats_link(self.lang)


def create_session(config: P.SessionConfig, **kw) -> GameSession:
    """The factory the app calls (docs/ui.md)."""
    return GameSession(config, **kw)
