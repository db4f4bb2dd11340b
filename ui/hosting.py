"""How the app shell hosts a game's own screens (docs/contracts.md, "App screens").

Every game is hosted the same way. A game's screens module (``GameSpec.screens``,
``ui/games/<folder>/``) offers

- ``app_screens(host) -> list[Screen]``: its Kivy screens wired to ``host`` (a
  :class:`GameHost`), the first one being where the game starts; a screen with a
  ``refresh()`` method is redrawn by the shell when the game opens, on a language
  switch while it is shown, and on entering it after a switch made while it was
  not (Settings: ui.app ``_enter_hosted``); ``refresh()`` redraws every text it
  made in ``host.lang``. It may be called again on the same host (a density change makes the
  screens anew: dp sizes are taken when widgets are made);
- ``new_setup(players, seed) -> dict``: the journal's ``setup`` event for
  ``rules.new_game_from_dict``, from the players chosen on the start screen
  (``ui.viewmodels.protocol.PlayerSetup``: colour, name, paper) and a seed (int) for
  whatever the game shuffles or hides. A game the camera sets up (its observer
  reads the setup off the table: :func:`camera_sets_up`) needs none: the shell
  opens the camera session first and the session makes the journal;
- optionally ``CAMERA = True``: the shell runs a camera session on the game's
  journal (``GameHost.camera``) when a camera or recording was chosen;
- optionally ``SHELL_BAR = False``: its screens draw their own navigation (with the
  shell's settings), so the shell puts no bar of its own over them;
- optionally, in its ``texts`` module (Kivy-free) or the screens module:
  ``report_text(report, state, lang) -> str`` (an observer report,
  ``companion.observing.Report``, for the message line) and ``refusal(exc, state,
  lang)``;
- optionally, in its ``views`` module (Kivy-free): ``session_views(runner)``, the
  view data the camera session hands its screens (:func:`session_views`).
- optionally setup options: ``setup_options(lang) -> [(key, label, [(value,
  label), ...])]`` offered on the start screen (first value the default), given
  to ``new_setup(players, seed, options)`` as ``{key: value}``; and
  ``recording_options(setup) -> dict``: the options that replay a bundled
  recording's own setup.

This module is Kivy-free; importing a screens module may import Kivy.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Sequence

from companion.errors import CompanionError
from companion.journal import Journal, JournalError

from .game_modules import game_module  # noqa: F401  (used here; its home: ui.game_modules)

#: What every game's screens module offers (``new_setup`` too unless the camera sets
#: the game up: :func:`camera_sets_up`).
CONTRACT = ("app_screens",)


def camera_sets_up(spec) -> bool:
    """True when ``spec``'s game is set up from the table by the camera (its
    observer's ``setup_from``, play.runner.reads_setup): the shell opens a camera
    session before the game has a journal, and a camera or recording is needed."""
    from play.runner import reads_setup

    return reads_setup(spec)


def screens_module(spec) -> ModuleType | None:
    """The screens module of ``spec`` (a registry GameSpec) when it offers the
    hosting contract (:data:`CONTRACT`, and ``new_setup`` for a game the players set
    up), else None (also when it fails to import)."""
    if not spec.screens:
        return None
    try:
        mod = importlib.import_module(spec.screens)
    except ImportError:
        return None
    if not all(callable(getattr(mod, n, None)) for n in CONTRACT):
        return None
    if not callable(getattr(mod, "new_setup", None)) and not camera_sets_up(spec):
        return None
    return mod


def hosts(spec) -> bool:
    """True when the shell hosts ``spec`` through its screens module's contract."""
    return screens_module(spec) is not None


def setup_options(spec, lang: str) -> list:
    """The start screen's setup choices of ``spec``'s screens module (see the module
    docstring), [] when it offers none."""
    fn = getattr(screens_module(spec), "setup_options", None)
    return list(fn(lang)) if callable(fn) else []


def recording_options(spec, setup: dict) -> dict:
    """The setup options that replay a bundled recording's ``setup`` ({} when the
    game offers none)."""
    fn = getattr(screens_module(spec), "recording_options", None)
    return dict(fn(setup)) if callable(fn) else {}


def setup_with_options(mod, players, seed: int, options=()) -> dict:
    """``mod.new_setup`` with the setup options when any were chosen."""
    return mod.new_setup(list(players), seed, dict(options)) if options else mod.new_setup(list(players), seed)


def by_taps(spec) -> bool:
    """True when ``spec`` is hosted and its players set it up on the start screen
    (its ``new_setup``): it starts with no camera, and :func:`open_game` opens it."""
    return hosts(spec) and not camera_sets_up(spec)


def _game_text(spec, fn_name: str, *args) -> str | None:
    """The game's own ``fn_name(*args)`` (the ``texts`` module beside its screens
    module, else the screens module itself), or None when the game has none."""
    if not spec.screens:
        return None
    for name in (spec.screens.rpartition(".")[0] + ".texts", spec.screens):  # texts first: no Kivy
        try:
            fn = getattr(importlib.import_module(name), fn_name, None)
        except ImportError:
            continue
        if callable(fn):
            try:
                return fn(*args)
            except Exception:  # noqa: BLE001  a text never stops the game
                return None
    return None


def session_views(spec, runner) -> Any:
    """The view data a camera session hands ``spec``'s screens: its ``views`` module's
    ``session_views(runner)`` (runner: play.runner.GameRunner), or None when the
    game has none (its screens read the state themselves)."""
    fn = getattr(game_module(spec, "views"), "session_views", None)
    return fn(runner) if callable(fn) else None


def report_text(spec, report, state, lang: str) -> str | None:
    """``report`` in ``lang`` through the game's own ``report_text(report, state,
    lang)`` (the ``texts`` module beside its screens module, else the screens module
    itself), or None when the game has none."""
    return _game_text(spec, "report_text", report, state, lang)


def refusal_text(spec, exc, state, lang: str) -> str:
    """A refusal in ``lang``: the game's own ``refusal(exc, state, lang)`` (or
    ``refusal_text``; its texts module: seats named, its own words per kind), else
    ``ui.i18n.error_text``
    (by kind, never the engine's English sentence). A journal that cannot be written
    now (busy, open on another screen) is worded by the shell for every game."""
    from ui import i18n

    own = None
    if getattr(exc, "key", None) is not None and not isinstance(exc, JournalError):  # the file's, not the game's
        for name in ("refusal", "refusal_text"):  # the two names games give it
            own = _game_text(spec, name, exc, state, lang)
            if own is not None:
                break
    return own if own is not None else i18n.error_text(exc, lang)


@dataclass
class GameHost:
    """What the shell gives a hosted game's screens (Kivy-free).

    journal: the game's open journal (every action goes through :meth:`apply`); for a
    game the camera sets up, None and the camera session's journal is used (None
    until the camera has read the setup). lang: es|en|zh, changed by the shell on a
    language switch. players: the PlayerSetup rows. back: returns to the game picker
    (the journal stays on disk). camera: the camera session (ui.session.GameSession)
    playing on the same journal when the screens module asks for one (``CAMERA =
    True``) and a camera or recording was chosen, or the session that set the game
    up; else None; :meth:`apply` then takes its lock. game: whatever the screens
    module keeps its view-models on (set by ``app_screens``; tests read it).
    closing: callables the shell calls when the game is left (stop a timer).
    on_lang: callables the shell calls with the new language on a switch.
    config: the start screen's SessionConfig the game was opened with.
    """

    journal: Journal | None
    lang: str
    players: Sequence[Any] = ()
    back: Callable[[], None] = lambda: None
    listeners: list[Callable[[], None]] = field(default_factory=list)
    camera: Any = None
    game: Any = None
    closing: list[Callable[[], None]] = field(default_factory=list)
    config: Any = None
    on_lang: list[Callable[[str], None]] = field(default_factory=list)

    def __post_init__(self):
        self.refused = None

    def enter(self, tap: dict) -> bool:
        """An entry for the camera's observer (what it cannot read, e.g. a dial);
        False without a camera."""
        return bool(self.camera is not None and self.camera.enter(tap))

    @property
    def table_journal(self) -> Journal | None:
        """The journal the game is played on: :attr:`journal`, else the camera
        session's (None before the camera has set the game up)."""
        if self.journal is not None:
            return self.journal
        runner = getattr(self.camera, "runner", None)
        return getattr(runner, "journal", None)

    @property
    def state(self):
        """The game's current state (the journal's replay; None before setup)."""
        j = self.table_journal
        return None if j is None else j.state

    # -- named undo (play.undo) for every hosted game ---------------------------
    def _takeback(self):
        """The game's named undo and the lock its journal writes take: the camera
        session's when there is one, else one over this journal alone."""
        import contextlib

        if self.camera is not None:
            return self.camera.takeback, self.camera.lock
        undo = self.__dict__.get("_undo")
        if undo is None or undo.runner.journal is not self.journal:
            from play.runner import GameRunner
            from play.undo import Undo

            undo = self.__dict__["_undo"] = Undo(GameRunner(self.journal))
        return undo, contextlib.nullcontext()

    def undo_preview(self):
        """What :meth:`undo` would take back now (``play.undo.UndoStep``: ``kind``
        "action" with the move named in :attr:`lang` as ``text`` and its player's
        ``seat``, or "correction"), or None; :meth:`undo_refusal` then says why.
        Show it and ask the players to confirm before calling :meth:`undo`."""
        undo, lock = self._takeback()
        with lock:
            return undo.preview(self.lang)

    def undo_refusal(self) -> str:
        """Why nothing can be taken back now, in :attr:`lang` ("" when something
        can): nothing played yet, the last move revealed what was hidden (the
        rules' UNDO_BARRIERS: a drawn card, a dial call, revealed bids), or it is no
        one player's move."""
        from ui import i18n

        undo, lock = self._takeback()
        with lock:
            refusal = undo.refusal(self.lang)
        return "" if refusal is None else i18n.error_text(refusal, self.lang)

    def undo(self) -> str | None:
        """Take back what :meth:`undo_preview` names (the journal keeps it as an
        undone event). Returns None, or the refusal's text in :attr:`lang` when
        nothing can be taken back or the journal cannot be written now (state
        unchanged). The listeners are told after a take-back."""
        undo, lock = self._takeback()
        self.refused = None
        try:
            with lock:
                undo.undo(self.lang)
        except CompanionError as exc:
            self.refused = exc
            from ui import i18n

            return i18n.error_text(exc, self.lang)  # undo's own refusals and the file's, never a rule's
        if self.camera is not None:
            self.camera.runner.read_again()
        for cb in list(self.listeners):
            cb()
        return None

    def apply(self, action, source: str = "manual") -> str | None:
        """Journal ``action`` (the rules' ``resolve_action`` first when it has one).
        Returns None, or the refusal's text when the rules refuse it (state unchanged)."""
        self.refused = None
        journal = self.table_journal
        try:
            if journal is None:
                from companion.errors import Refusal

                raise Refusal("not_started", "the game has not started")
            if self.camera is not None:
                with self.camera.lock:
                    journal.append(action, source=source)
            else:
                journal.append(action, source=source)
        except CompanionError as exc:
            self.refused = exc  # the screens may re-word it after a language switch
            from companion import registry

            game = journal.game if journal is not None else getattr(self.config, "game", "") or registry.default().id
            return refusal_text(registry.get(game), exc, self.state, self.lang)
        for cb in list(self.listeners):
            cb()
        return None

    def close(self) -> None:
        """The game is left: the screens' closing callables, the camera stopped, the
        journal closed (its writer lock goes: another screen may resume it)."""
        for cb in list(self.closing):
            try:
                cb()
            except Exception:  # noqa: BLE001  leaving never fails on a screen's timer
                pass
        if self.camera is not None:
            self.camera.stop()
        j = self.table_journal
        if j is not None:
            j.close()


def spec_of(config):
    """The registry GameSpec a SessionConfig plays: the journal's own game when it
    resumes one (``config.resume``), else ``config.game`` (the registry's default when unset).
    Raises CompanionError for an unreadable journal or an unknown game."""
    from companion import registry

    if getattr(config, "resume", None):
        with Journal.open(config.resume, readonly=True) as j:
            return registry.get(j.game)
    return registry.get(getattr(config, "game", None) or registry.default().id)


def new_game_seed() -> int:
    """The seed a new game's ``new_setup`` gets: 256 random bits from the system's
    secure source (``secrets``), whatever starts the game (the app's start screen, a
    camera session, a bundled recording played anew): a secret drawn from it (a
    dial's seed) is as hard to guess as the 256 bits."""
    import secrets

    return secrets.randbits(256)


def open_game(spec, players: Sequence[Any], lang: str, journal_dir: str | Path,
              seed: int | None = None, resume: str | Path | None = None,
              first_player: int = 0, options=()) -> GameHost:
    """A new journal of ``spec`` (``<journal_dir>/<id>-<time>.sqlite``) set up by
    its screens module's ``new_setup``, or the journal ``resume`` reopened.
    ``first_player`` (seat index) replaces the setup's own when the game's setup has
    one (a bundled recording's player who starts); ``options``: the game's setup
    options chosen ((key, value) pairs or a dict). Raises CompanionError when the
    game is not hosted or the setup is refused."""
    import time

    mod = screens_module(spec)
    if mod is None or not callable(getattr(mod, "new_setup", None)):
        raise CompanionError(f"{spec.id}: its screens module offers no new_setup / {' / '.join(CONTRACT)}")
    if resume:
        return GameHost(Journal.open(resume), lang, tuple(players))
    setup = setup_with_options(mod, players, new_game_seed() if seed is None else seed, options)
    if first_player and "first_player" in setup:
        if not 0 <= first_player < len(players):
            raise CompanionError(f"{spec.id}: no seat {first_player + 1} to start the game")
        setup = {**setup, "first_player": first_player}
    base = Path(journal_dir)
    base.mkdir(parents=True, exist_ok=True)
    path = base / time.strftime(f"{spec.id}-%Y%m%d-%H%M%S.sqlite")
    k = 1
    while path.exists():
        path = path.with_name(f"{path.stem.split('~')[0]}~{k}.sqlite")
        k += 1
    return GameHost(Journal.create(path, spec.id, setup), lang, tuple(players))


def open_with_session(spec, session, lang: str, players: Sequence[Any] = ()) -> GameHost:
    """A :class:`GameHost` for a game the camera sets up (:func:`camera_sets_up`), on
    the camera session ``session`` (ui.session.GameSession, made by the app's
    session factory for the start screen's config, new or resumed): the session
    makes the journal once the camera has read the setup."""
    return GameHost(None, lang, tuple(players or getattr(session, "players", ())), camera=session,
                    config=getattr(session, "config", None))
