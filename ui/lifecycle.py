"""The app's life on a tablet: pause and resume, a game resumed after the app was
killed in the background, the screen kept on during a game, the back button, and
permissions asked at the first need.

Kivy-free: :class:`Lifecycle` works on the app object (``session``, ``host``,
``root.current``, ``go``, ``open_session``, ``start_vm``, ``stop``) and a
:class:`Platform` (Android through pyjnius and python-for-android's
``android.permissions``, or the desktop, where there is nothing to ask); the App
calls it from ``on_start``, ``on_pause``, ``on_resume``, ``on_stop`` and its key
handler (ui/app.py). Tests drive it with fakes (tests/android/test_lifecycle.py).

- ``on_pause`` returns True (Android keeps the app): the camera is released
  (``session.stop()``; a hosted game's camera too), the screen may sleep, and the
  game in progress is noted in ``in-progress.json`` beside the journals. Nothing is
  unsaved: every event is in the game's SQLite journal the moment it happens.
- ``on_resume``: the note is removed and the camera opened again (``start()``).
- Killed in the background (a note left at the next start): the game is opened
  again from its journal, unless it is over or gone.
- Back (key 27: Android's back button, Escape on a desktop): closes an open
  question, else goes back one screen; on a game's main screen it asks before
  leaving the game, and on the start screen with a game open it asks before closing
  the app. Only on the start screen with no game open does it leave the app.
- Permissions: the camera's when a game with a camera opens, Bluetooth's when a
  game prints to a ``bt:`` printer; a refusal says what will not work and how to
  allow it (es/en/zh, :data:`TEXTS`), offering Android's settings for the app.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

#: the key code of Android's back button in Kivy (and of Escape on a desktop)
BACK_KEY = 27

#: Android permissions per need (the runtime ones; BLUETOOTH is granted at install
#: up to Android 11, BLUETOOTH_CONNECT is asked from Android 12 on)
NEEDS = {"camera": ("android.permission.CAMERA",), "bluetooth": ("android.permission.BLUETOOTH_CONNECT",)}
#: the Android version (API level) from which a need's permission is asked at run time
NEED_FROM_API = {"camera": 23, "bluetooth": 31}

#: this module's words (es/en/zh): the refusals and the back button's questions
TEXTS: dict[str, dict[str, str]] = {
    "perm.camera.refused": {
        "en": "Without the camera the table cannot be read: moves must be entered by hand. To allow it: "
              "Settings > Apps > Table Companion > Permissions > Camera. Open the settings now?",
        "es": "Sin la cámara no se puede leer la mesa: las jugadas se tendrán que anotar a mano. Para "
              "permitirla: Ajustes > Aplicaciones > Table Companion > Permisos > Cámara. ¿Abrir los ajustes ahora?",
        "zh": "没有相机就无法读取桌面：每一步都要手动输入。允许方法：设置 > 应用 > Table Companion > "
              "权限 > 相机。现在打开设置吗？",
    },
    "perm.bluetooth.refused": {
        "en": "Without Bluetooth the pages cannot reach the Bluetooth printer: they wait in the print queue. "
              "To allow it: Settings > Apps > Table Companion > Permissions > Nearby devices. Open the settings now?",
        "es": "Sin Bluetooth las páginas no llegan a la impresora Bluetooth: esperan en la cola de impresión. "
              "Para permitirlo: Ajustes > Aplicaciones > Table Companion > Permisos > Dispositivos cercanos. "
              "¿Abrir los ajustes ahora?",
        "zh": "没有蓝牙，页面就无法发送到蓝牙打印机：它们会留在打印队列中。允许方法：设置 > 应用 > "
              "Table Companion > 权限 > 附近的设备。现在打开设置吗？",
    },
    "back.leave_game": {
        "en": "Leave this game? It is saved: resume it from the start screen.",
        "es": "¿Salir de esta partida? Queda guardada: se puede reanudar desde la pantalla de inicio.",
        "zh": "离开这局游戏吗？它已保存：可在开始界面继续。",
    },
    "back.leave_over": {
        "en": "This game is over. Leave it for the start screen?",
        "es": "Esta partida ha terminado. ¿Salir a la pantalla de inicio?",
        "zh": "这局游戏已结束。返回开始界面吗？",
    },
    "back.quit_app": {
        "en": "Close Table Companion? The game is saved: resume it from the start screen.",
        "es": "¿Cerrar Table Companion? La partida queda guardada: se puede reanudar desde la pantalla de inicio.",
        "zh": "关闭 Table Companion 吗？游戏已保存：可在开始界面继续。",
    },
}

NOTE_FILE = "in-progress.json"


def text(key: str, lang: str, **values) -> str:
    """``key`` of :data:`TEXTS` in ``lang`` (es/en/zh; another language: English).
    Raises KeyError for an unknown key."""
    words = TEXTS[key]
    return words.get(lang, words["en"]).format(**values)


class Platform:
    """What differs between Android and the desktop. The desktop's: no wake lock
    (SDL's screen saver is left as it is), every permission granted."""

    android = False

    def keep_screen_on(self, on: bool) -> None:
        pass

    def has(self, need: str) -> bool:
        return True

    def request(self, need: str, done: Callable[[bool], None]) -> None:
        done(True)

    def open_settings(self) -> None:
        pass


class AndroidPlatform(Platform):
    """Android through pyjnius and python-for-android's ``android.permissions``.

    jnius / permissions: the modules (default: imported when first used; tests give
    fakes). The screen stays on through a PowerManager wake lock
    (``SCREEN_BRIGHT_WAKE_LOCK | ON_AFTER_RELEASE``, the WAKE_LOCK permission),
    held only while a game is open and the app in front.
    """

    android = True

    def __init__(self, jnius=None, permissions=None, activity=None):
        self._j = jnius
        self._perms = permissions
        self._activity = activity
        self._lock = None

    def _jnius(self):
        if self._j is None:
            import jnius  # Android only

            self._j = jnius
        return self._j

    def _permissions(self):
        if self._perms is None:
            from android import permissions  # python-for-android's module (Android only)

            self._perms = permissions
        return self._perms

    def _act(self):
        if self._activity is None:
            self._activity = self._jnius().autoclass("org.kivy.android.PythonActivity").mActivity
        return self._activity

    def api_level(self) -> int:
        return int(self._jnius().autoclass("android.os.Build$VERSION").SDK_INT)

    def keep_screen_on(self, on: bool) -> None:
        j = self._jnius()
        if on and self._lock is None:
            pm_cls = j.autoclass("android.os.PowerManager")
            ctx = j.autoclass("android.content.Context")
            pm = j.cast("android.os.PowerManager", self._act().getSystemService(ctx.POWER_SERVICE))
            self._lock = pm.newWakeLock(pm_cls.SCREEN_BRIGHT_WAKE_LOCK | pm_cls.ON_AFTER_RELEASE,
                                        "TableCompanion:game")
            self._lock.acquire()
        elif not on and self._lock is not None:
            if self._lock.isHeld():
                self._lock.release()
            self._lock = None

    def _asked(self, need: str) -> tuple[str, ...]:
        return NEEDS[need] if self.api_level() >= NEED_FROM_API[need] else ()

    def has(self, need: str) -> bool:
        p = self._permissions()
        return all(p.check_permission(name) for name in self._asked(need))

    def request(self, need: str, done: Callable[[bool], None]) -> None:
        names = list(self._asked(need))
        if not names:
            done(True)
            return
        self._permissions().request_permissions(names, lambda _names, grants: done(bool(grants) and all(grants)))

    def open_settings(self) -> None:
        """Android's settings page of this app (where its permissions are)."""
        j = self._jnius()
        intent_cls = j.autoclass("android.content.Intent")
        settings = j.autoclass("android.provider.Settings")
        uri = j.autoclass("android.net.Uri")
        act = self._act()
        intent = intent_cls(settings.ACTION_APPLICATION_DETAILS_SETTINGS,
                            uri.fromParts("package", act.getPackageName(), None))
        act.startActivity(intent)


def tablet_camera_kw(config, platform: Platform | None = None, make=None) -> dict:
    """On Android, for a game played with a camera (not a recording): the session's
    ``source`` and ``reader`` (``vision.android.camera2.tablet_camera``: Camera2's
    stream and stills, OpenCV's VideoCapture having no camera there); else ``{}``
    (the session opens its camera as on a desktop). ``make``: the factory (tests)."""
    platform = platform or platform_here()
    if not platform.android or getattr(config, "camera", None) is None or getattr(config, "recording", None):
        return {}
    if make is None:
        from vision.android.camera2 import tablet_camera as make
    source, reader = make(getattr(config, "game", "") or None)
    return {"source": source, "reader": reader}


def wire_source_events(session, kw: dict) -> None:
    """A source given to a session (:func:`tablet_camera_kw`) reports to the
    session's camera news, as the sources the session opens itself do."""
    src = kw.get("source")
    if src is not None and hasattr(session, "_on_source_event"):
        src.on_event = session._on_source_event


def platform_here() -> Platform:
    """:class:`AndroidPlatform` on Android (Kivy's platform, read without importing
    Kivy: python-for-android sets ANDROID_ARGUMENT), else :class:`Platform`."""
    import os

    return AndroidPlatform() if "ANDROID_ARGUMENT" in os.environ else Platform()


class Lifecycle:
    """See the module doc. app: the Kivy app (or a fake with the same names).
    platform: :class:`Platform`. note_dir: where the in-progress note lives (default:
    the journals' folder, ``app.start_vm.journal_dir``). ask: ``(question, on_yes)``
    opening a yes/no question (default: ``ui.screens.common.ask``). schedule: runs a
    callable on the UI thread (default: Kivy's ``Clock.schedule_once``; permission
    answers come on Android's thread)."""

    def __init__(self, app, platform: Platform | None = None, note_dir: str | Path | None = None,
                 ask: Callable | None = None, schedule: Callable | None = None):
        self.app = app
        self.platform = platform or platform_here()
        self._note_dir = Path(note_dir) if note_dir else None
        self._ask = ask
        self._schedule = schedule
        self.paused = False
        self.screen_on = False
        self.history: list[str] = []
        self._stopped: list = []
        self.refused: list[str] = []

    # -- helpers ---------------------------------------------------------------------
    @property
    def note_path(self) -> Path:
        base = self._note_dir or Path(getattr(self.app.start_vm, "journal_dir", None) or ".")
        return base / NOTE_FILE

    def ask(self, question: str, on_yes: Callable[[], None]) -> None:
        if self._ask is None:
            from ui.screens.common import ask

            self._ask = ask
        self._ask(question, on_yes)

    def later(self, fn: Callable[[], None]) -> None:
        if self._schedule is None:
            from kivy.clock import Clock

            Clock.schedule_once(lambda _dt: fn(), 0)
        else:
            self._schedule(fn)

    @property
    def in_game(self) -> bool:
        return self.app.session is not None or getattr(self.app, "host", None) is not None

    def cameras(self) -> list:
        """The running camera sessions (the app's game, a hosted game's camera)."""
        host = getattr(self.app, "host", None)
        return [s for s in (self.app.session, getattr(host, "camera", None)) if s is not None]

    @staticmethod
    def _own_camera(session):
        """The stream + still camera a session was given (it pauses and resumes with
        the device released in between, the session's worker waiting), or None."""
        src = getattr(getattr(session, "camera", None), "_source", None)
        return src if hasattr(src, "pause") and hasattr(src, "resume") else None

    def journal_path(self) -> Path | None:
        """The journal of the game open now, or None."""
        host = getattr(self.app, "host", None)
        if host is not None:
            return Path(host.journal.path)
        runner = getattr(self.app.session, "runner", None)
        if runner is None:
            return None
        journal = getattr(runner, "journal", None)
        return Path(journal.path) if journal is not None else None

    def update_screen(self) -> None:
        """Keep the screen on while a game is open and the app in front (called on
        a timer and on every change of state)."""
        want = self.in_game and not self.paused
        if want != self.screen_on:
            self.platform.keep_screen_on(want)
            self.screen_on = want

    # -- Kivy's life cycle -----------------------------------------------------------
    def on_pause(self) -> bool:
        """The app goes to the background: camera released, screen let go, the game
        noted (for a kill). Returns True (keep the app: Android may still kill it)."""
        self.paused = True
        self._stopped = self.cameras()
        for s in self._stopped:
            src = self._own_camera(s)
            if src is not None:  # a tablet camera given to the session: released, kept
                src.pause()
            else:
                s.stop()
        self.update_screen()
        path = self.journal_path()
        if path is not None:
            try:
                self.note_path.parent.mkdir(parents=True, exist_ok=True)
                self.note_path.write_text(json.dumps({"journal": str(path), "screen": self.app.root.current}),
                                          encoding="utf-8")
            except OSError:
                pass  # no note: the game is still in the start screen's resume list
        return True

    def on_resume(self) -> None:
        """Back in front: the note goes, the cameras open again."""
        self.paused = False
        self.clear_note()
        for s in self._stopped:
            src = self._own_camera(s)
            if src is not None:
                src.resume()
            else:
                s.start()
        self._stopped = []
        self.update_screen()

    def on_stop(self) -> None:
        """A clean end: no note (nothing to resume by itself), the screen let go."""
        self.clear_note()
        self.paused = True
        self.update_screen()

    def clear_note(self) -> None:
        try:
            self.note_path.unlink()
        except OSError:
            pass

    def resume_killed(self) -> str | None:
        """At start: the game of a note left by an app killed in the background is
        opened again from its journal (not when it is over or gone; the note goes
        either way). Returns the game's journal path opened, or None."""
        try:
            raw = self.note_path.read_text(encoding="utf-8")
        except OSError:
            return None
        self.clear_note()
        try:
            note = json.loads(raw)
        except ValueError:
            return None
        path = Path(str(note.get("journal", ""))) if isinstance(note, dict) else None
        if path is None or not path.is_file():
            return None
        from ui.viewmodels.start import read_saved_game

        saved = read_saved_game(path)
        if saved is None or saved.over:
            return None
        config = self.app.start_vm.config(resume=path)
        err = self.app.open_session(config)
        return None if err else str(path)

    # -- permissions -------------------------------------------------------------------
    def needs_of(self, config) -> list[str]:
        """What a session config needs to be allowed: ``"camera"`` for a camera
        (not a recording), ``"bluetooth"`` for a ``bt:`` printer."""
        out = []
        if getattr(config, "camera", None) is not None and not getattr(config, "recording", None):
            out.append("camera")
        target = str(getattr(getattr(config, "printer", None), "target", "") or "")
        if target.lower().startswith("bt:"):
            out.append("bluetooth")
        return out

    def allowed(self, config, retry: Callable[[], object]) -> bool:
        """True when ``config``'s needs are allowed now. Else each need not allowed
        yet, and not refused before in this run, is asked (Android's own dialog) and
        False is returned: ``retry`` runs
        (on the UI thread) once the answers are in; a refusal says what will not
        work, offering the settings, and ``retry`` still runs (the game opens
        without what was refused: the camera's absence is the camera's news, a
        Bluetooth printer's pages wait in the queue)."""
        missing = [n for n in self.needs_of(config) if n not in self.refused and not self.platform.has(n)]
        if not missing:
            return True
        answers: dict[str, bool] = {}

        def answered(need: str, granted: bool) -> None:
            answers[need] = granted
            if len(answers) == len(missing):
                self.later(lambda: self._answered(answers, retry))

        for need in missing:
            self.platform.request(need, lambda granted, need=need: answered(need, granted))
        return False

    def _answered(self, answers: dict[str, bool], retry: Callable[[], object]) -> None:
        refused = [n for n in answers if not answers[n]]
        self.refused += refused
        for need in refused:
            self.ask(text(f"perm.{need}.refused", self.app.lang), self.platform.open_settings)
        retry()

    # -- the back button -------------------------------------------------------------------
    def on_screen(self, name: str) -> None:
        """The screen shown changed (bound to the screen manager's ``current``)."""
        if name in self.history:
            del self.history[self.history.index(name):]
        self.history.append(name)

    def home_screens(self) -> set[str]:
        """The screens where back means leaving the game: the live table, and a
        hosted game's first screen."""
        hosted = [s.name for s in getattr(self.app, "hosted_screens", [])[:1]]
        return {"live", *hosted}

    def back(self) -> bool:
        """Android's back button: True when handled (the app stays), False to let
        the app close (only on the start screen with no game open)."""
        asking = getattr(self.app, "asking", None)
        if asking is not None:
            asking.answer(False)
            return True
        current = self.app.root.current
        lang = self.app.lang
        if current == "start":
            if not self.in_game:
                return False
            self.ask(text("back.quit_app", lang), self.app.stop)
            return True
        if current in self.home_screens() and self.in_game:
            if getattr(self.app, "host", None) is not None and current != "live":
                self.ask(self.leave_question(lang), self.app.close_hosted)
            else:
                self.ask(self.leave_question(lang), lambda: self.app.go("start"))
            return True
        before = [s for s in self.history[:-1] if s != current]
        self.app.go(before[-1] if before else ("live" if self.app.session is not None else "start"))
        return True

    def leave_question(self, lang: str) -> str:
        """The question before leaving the open game: "resume it from the start
        screen" while it goes on; a finished game (its ``host.game.finished``, e.g.
        a game whose last scoring is done) cannot be resumed, so it is not offered."""
        game = getattr(getattr(self.app, "host", None), "game", None)
        over = bool(getattr(game, "finished", False))
        return text("back.leave_over" if over else "back.leave_game", lang)

    def on_key(self, _window, key, *_args) -> bool:
        """Kivy's ``Window.on_keyboard`` handler: the back key (27) goes to :meth:`back`."""
        return self.back() if key == BACK_KEY else False
