"""The Kivy app: wires the screens, the view-models and the session together.

``run_app(ns)`` is the entry point of ``companion app``: ``ns.recording`` (path or
None), ``ns.camera`` (index or None), ``ns.lang`` (es|en|zh or None: the saved
setting), optional ``ns.fake`` (True: the real session on a scripted seeded game instead of
``ui.session``). Kivy is imported only inside functions, after ``prepare_env``.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any, Callable

from companion.errors import CompanionError

SCREENS = ("start", "settings")  # the shell's own; each game brings its screens (ui.hosting)
HERE = Path(__file__).resolve().parent
#: The window, in dp, the layouts are made for: a 10" tablet held at arm's length,
#: landscape (portrait: the same turned).
REFERENCE_DP = (1280, 800)
#: Layout scales are rounded to this step, so a resize by a few px rebuilds nothing.
SCALE_STEP = 0.05


def layout_scale(size_px: tuple[float, float], density: float) -> float:
    """How much larger than the device's own dp the app draws in a window of
    ``size_px`` (w, h px) at the device's real ``density`` (px per dp): the geometric
    mean of the window's width and height over REFERENCE_DP's (its orientation's), so a
    text or a target takes the same share of a larger window's area as of a 1280x800 one
    (2048x1536 px at density 1: 1.75). Never under 1 (a target stays >= 48 dp of the
    real density; a smaller window scrolls instead), rounded to SCALE_STEP."""
    w, h = (max(1.0, v / max(density, 1e-6)) for v in size_px)
    rw, rh = REFERENCE_DP if w >= h else REFERENCE_DP[::-1]
    s = ((w / rw) * (h / rh)) ** 0.5
    return max(1.0, round(s / SCALE_STEP) * SCALE_STEP)


def prepare_env(headless: bool | None = None) -> None:
    """Environment Kivy needs before its first import: KIVY_NO_ARGS (we parse our own
    arguments), a KIVY_HOME (temp dir unless set), no console log; with ``headless``
    (default: no DISPLAY/WAYLAND_DISPLAY) SDL's offscreen driver."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    if "KIVY_HOME" not in os.environ:
        os.environ["KIVY_HOME"] = tempfile.mkdtemp(prefix="kivy-home-")
    if headless is None:
        headless = not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    if headless:
        os.environ.pop("DISPLAY", None)
        os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")


def has_screen(environ=None) -> bool:
    """Whether there is a screen to show the app on: a desktop's (``DISPLAY`` or
    ``WAYLAND_DISPLAY``), Android's (python-for-android sets ``ANDROID_ARGUMENT``),
    macOS's or Windows' own, or one SDL was told to use (``SDL_VIDEODRIVER`` set by
    whoever started it: ``offscreen`` for the test drivers and screenshots, ``kmsdrm``
    for a console framebuffer). False on Linux with none of them: the app would wait
    for a screen that never comes."""
    environ = os.environ if environ is None else environ
    if any(environ.get(v) for v in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")):
        return True
    if "ANDROID_ARGUMENT" in environ:
        return True
    import sys

    return not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd"))


def no_screen_error(recording: str | None = None) -> CompanionError:
    """What ``companion app`` says with no screen (exit 1): there is none, where the
    app runs, and the headless ways to play (the demo; the app offscreen by its own
    buttons), in the command line's language."""
    from companion import registry
    from companion.clitext import tx

    from play import recordings

    names = recordings.names()
    name = recording if recording in names else (registry.default().recordings or tuple(names) or ("NAME",))[0]
    return CompanionError(tx("app.no_screen", "no screen to show the app on (no DISPLAY or WAYLAND_DISPLAY): "
                             "start it on a desktop or a tablet. With no screen, `companion demo --recording "
                             "{name}` plays a recording headless, and `companion app --recording {name} "
                             "--play-through` plays it through the app offscreen (SDL_VIDEODRIVER=offscreen "
                             "runs the app offscreen, with nothing to see)", name=name))


def default_session_factory(config) -> Any:
    """``ui.session.create_session(config)`` (the lead's session wiring)."""
    try:
        from ui.session import create_session
    except ImportError as exc:
        raise CompanionError(f"the session wiring (ui.session.create_session) is not available: {exc}") from None
    from ui.lifecycle import tablet_camera_kw, wire_source_events

    kw = tablet_camera_kw(config)  # Android: Camera2's stream and stills (ui.lifecycle)
    session = create_session(config, **kw)
    wire_source_events(session, kw)
    return session


def fake_session_factory(config) -> Any:
    """``--fake``: the real session on a seeded game, with no camera: the registry's
    default game's ``scripted`` module (beside its screens module, ui.hosting)."""
    from companion import registry
    from ui import hosting

    mod = hosting.game_module(registry.default(), "scripted")
    if mod is None or not callable(getattr(mod, "scripted_session_factory", None)):
        raise CompanionError(f"{registry.default().id}: no scripted game for --fake")
    return mod.scripted_session_factory(config, out_dir=Path(tempfile.gettempdir()) / "table-companion-fake")


def build_app_class():
    """Define the App class (needs Kivy imported, so it is built on demand)."""
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.lang import Builder
    from kivy.properties import StringProperty
    from kivy.uix.screenmanager import NoTransition, ScreenManager

    from ui import i18n
    from ui.fonts import register_default_font
    from ui.screens.common import CameraView, NavBar  # noqa: F401 (kv)
    from ui.screens.settings import SettingsScreen
    from ui.screens.start import StartScreen
    from ui.viewmodels.settings import SettingsVM
    from ui.viewmodels.start import StartVM

    classes = {"start": StartScreen, "settings": SettingsScreen}

    class TableCompanionApp(App):
        """Wires screens to view-models; holds the session. ``lang`` drives every
        text in the .kv files (``tr(key, app.lang)``)."""

        lang = StringProperty("en")
        title = "Table Companion"

        def __init__(self, session_factory: Callable | None = None, lang: str | None = None,
                     camera: int | None = 0, recording: str | None = None,
                     settings_path: str | Path | None = None, export_dir: str | Path | None = None,
                     journal_dir: str | Path | None = None, **kw):
            super().__init__(**kw)
            self.session_factory = session_factory or default_session_factory
            self.settings_vm = SettingsVM(settings_path)
            self.lang = i18n.check_lang(lang or self.settings_vm.settings.lang)
            self.settings_vm.lang = self.lang
            s = self.settings_vm.settings
            self.settings_vm.apply_camera_mode(keep_flags=True)  # the mode chosen on the settings screen
            self.start_vm = StartVM(self.lang, camera if camera is not None or recording else s.camera,
                                    recording, s.printer, journal_dir)
            self.start_vm.camera_chosen = camera is not None  # --camera N: a hosted game reads it too
            self.start_vm.min_module_px = s.min_module_px
            if settings_path is not None:
                self.start_vm.players_path = Path(settings_path).with_name("players.json")
            from play import recordings

            if recording in recordings.names():  # a bundled recording by name: players prefilled
                self.start_vm.choose_recording(recording)
            self.export_dir = str(export_dir or Path.home())
            self.asking = None  # the open yes/no question (screens.common.ask), if any
            from ui.sound import Sounds

            self.sounds = Sounds(Path(os.environ.get("KIVY_HOME") or tempfile.gettempdir()) / "sounds",
                                 muted=self.settings_vm.settings.mute)
            self.host = None  # the game being played, on its own screens (ui.hosting.GameHost)
            self.hosted_spec = None
            self.hosted_screens: list = []
            self.lifecycle = None  # pause/resume, back button, screen on, permissions (ui.lifecycle)
            self.real_density: float | None = None  # the device's px per dp (Metrics.density at build)

        # the tablet's life cycle: all of it in ui.lifecycle ------------------------
        def on_start(self):
            from kivy.core.window import Window

            from ui.lifecycle import Lifecycle

            self.lifecycle = lc = Lifecycle(self)
            lc.on_screen(self.root.current)
            self.root.bind(current=lambda _sm, name: lc.on_screen(name))
            Window.bind(on_keyboard=lc.on_key)
            Clock.schedule_interval(lambda _dt: lc.update_screen(), 1.0)
            lc.resume_killed()
            # the print queue (the one every command uses) tried again while the app runs, off the
            # UI thread; an older app's <journal folder>/queue moved into it (ui.session_print)
            from ui.session_print import QueueRetry
            from ui.viewmodels.endgame import retry_prints

            self.print_retry = QueueRetry(old=[Path(self.start_vm.journal_dir) / "queue"])

            def retry(_dt):  # returns None: a Clock callback returning False is unscheduled
                retry_prints(self.print_retry, self.host)
            Clock.schedule_interval(retry, QueueRetry.EVERY_S)

        def on_pause(self):
            return self.lifecycle.on_pause() if self.lifecycle is not None else True

        def on_resume(self):
            if self.lifecycle is not None:
                self.lifecycle.on_resume()

        def build(self):
            try:
                register_default_font()
            except CompanionError as exc:
                raise SystemExit(str(exc)) from None
            from kivy.core.window import Window
            from kivy.metrics import Metrics

            Builder.load_file(str(HERE / "screens" / "common.kv"))
            for name in SCREENS:
                Builder.load_file(str(HERE / "screens" / f"{name}.kv"))
            if self.real_density is None:
                self.real_density = float(Metrics.density)
            self.rescale(rebuild=False)  # the screens below are made at the window's scale
            Window.bind(size=lambda _w, _size: self.rescale())
            sm = ScreenManager(transition=NoTransition())
            for name in SCREENS:
                sm.add_widget(classes[name]())
            return sm

        def rescale(self, rebuild: bool = True) -> bool:
            """Set Kivy's dp to the device's real density times the window's
            ``layout_scale`` (after a resize, a turn of the tablet, a density change);
            when it changed, the screens are made again (``rebuild``: dp sizes are
            taken when widgets are made). True when the scale changed."""
            from kivy.core.window import Window
            from kivy.metrics import Metrics

            real = self.real_density or float(Metrics.density)
            want = real * layout_scale(tuple(Window.size), real)
            if abs(float(Metrics.density) - want) < 1e-6:
                return False
            Metrics.density = want
            if rebuild and self.root is not None:
                self.rebuild()
            return True

        def set_density(self, density: float) -> None:
            """Take ``density`` as the device's real px per dp (a tablet's own, or a
            test's) and draw at it times the window's layout scale (the screens made
            again when that changes Kivy's dp)."""
            self.real_density = float(density)
            self.rescale()

        def rebuild(self) -> None:
            """Make the screens again (after a density change: dp sizes are taken
            when widgets are made); the current screen stays."""
            cur = self.root.current
            # the current screen last: removing it while others remain would enter
            # one of those (refreshing a screen the game may not be at, e.g. a press)
            for scr in sorted(self.root.screens, key=lambda s: s.name == cur):
                self.root.remove_widget(scr)
            for name in SCREENS:
                self.root.add_widget(classes[name]())
            if self.host is not None:  # the game's screens made anew too (ui.hosting)
                spec = self.hosted_spec
                self.hosted_screens = self._hosted_screens(self.host, spec)
                for scr in self.hosted_screens:
                    self._add_hosted(scr, spec)
            self.root.current = cur if cur in self.root.screen_names else "start"

        def _hook_lists(self, host) -> list:
            """The host's and its camera's callback lists a game's screens add to."""
            lists = [host.listeners, host.on_lang, host.closing]
            subs = getattr(host.camera, "_subs", None)
            return lists + ([subs] if isinstance(subs, list) else [])

        def _hosted_screens(self, host, spec) -> list:
            """``app_screens(host)`` of the game's screens module. Made again on the
            same host (a rebuild), the callbacks the screens made before added
            (listeners, a camera subscription) are dropped when the new screens add
            theirs again, so old screens are not redrawn (nor fed every frame)
            behind the new ones; screens that add none again (they keep theirs) keep them."""
            from ui import hosting

            lists = self._hook_lists(host)
            before = [len(x) for x in lists]
            screens = list(hosting.screens_module(spec).app_screens(host))
            added = [x[n:] for x, n in zip(lists, before)]
            old = getattr(host, "_screen_hooks", None) or []
            old = old + [[]] * (len(added) - len(old))
            keep = []
            for x, prev, new in zip(lists, old, added):
                if new and prev and len(new) >= len(prev):  # made again: the old ones go
                    for cb in prev:
                        if cb in x:
                            x.remove(cb)
                keep.append(new or prev)
            host._screen_hooks = keep
            return screens

        @property
        def session(self):
            """The camera session of the game being played (ui.hosting.GameHost.camera), or None."""
            return self.host.camera if self.host is not None else None

        @property
        def game(self):
            """What the hosted game's screens keep their view-models on (GameHost.game), or None."""
            return self.host.game if self.host is not None else None

        # navigation and language ------------------------------------------------
        def go(self, name: str) -> None:
            """Show screen ``name``; one the open game does not have shows the game's
            first screen (its table), or the start screen when no game is open."""
            if name not in SCREENS and name not in {scr.name for scr in self.hosted_screens}:
                name = self.hosted_screens[0].name if self.hosted_screens else "start"
            self.root.current = name

        def has_screen(self, name: str) -> bool:
            """True when :meth:`go` can show ``name`` itself (the shell's or the open game's)."""
            return name in SCREENS or name in {scr.name for scr in self.hosted_screens}

        def current_screen(self):
            return self.root.current_screen

        def set_lang(self, lang: str) -> None:
            self.lang = i18n.check_lang(lang)
            self.start_vm.set_lang(lang)
            if self.host is not None:
                self.host.lang = lang
                if self.host.camera is not None:
                    try:
                        self.host.camera.lang = lang
                    except AttributeError:
                        pass
                for cb in list(self.host.on_lang):
                    cb(lang)
            self.refresh_current()
            cur = self.root.current_screen if self.root else None
            if cur is not None and cur in self.hosted_screens:
                cur.drawn_lang = lang  # the others are redrawn when entered (_enter_hosted)

        def set_lang_by_label(self, label: str) -> None:
            for code in i18n.LANGS:
                if label in (code, i18n.tr(f"lang.{code}", self.lang)):
                    if code != self.lang:
                        self.set_lang(code)
                    return

        def set_printer_kind_by_label(self, label: str) -> None:
            from dataclasses import replace
            for kind in ("preview", "usb", "network", "file"):
                if label == i18n.tr(f"printer.{kind}", self.lang):
                    self.start_vm.printer = replace(self.start_vm.printer, kind=kind)

        def refresh_current(self) -> None:
            scr = self.root.current_screen if self.root else None
            if scr is not None and hasattr(scr, "refresh"):
                scr.refresh()

        # session --------------------------------------------------------------
        def open_session(self, config) -> str | None:
            """Open the game the start screen chose (new or resumed) on its own
            screens (ui.hosting); None on success, else the error text."""
            from ui import hosting

            if self.lifecycle is not None and not self.lifecycle.allowed(config, lambda: self.open_session(config)):
                return None  # Android asks for the camera/Bluetooth first; opened on the answer
            try:
                spec = hosting.spec_of(config)
            except (CompanionError, OSError) as exc:
                return i18n.tr("err.session", self.lang, error=exc)
            if not hosting.hosts(spec):
                return i18n.tr("err.game_open", self.lang, error=spec.name(self.lang))
            return self.open_hosted(spec, config)

        def open_hosted(self, spec, config) -> str | None:
            """Start (or resume) a game on its own screens (ui.hosting): a journal
            set up by its screens module (or, for a game the camera sets up, the
            camera session made by the session factory), then its first screen,
            with a way back to the game picker. None on success, else the error text."""
            from ui import hosting
            from ui.viewmodels.start import default_journal_dir

            if hosting.camera_sets_up(spec):
                try:
                    session = self.session_factory(config)
                except (CompanionError, OSError, ValueError) as exc:
                    return i18n.tr("err.session", self.lang, error=exc)
                host = hosting.open_with_session(spec, session, self.lang)
            else:
                try:
                    host = hosting.open_game(spec, config.players, self.lang,
                                             config.journal_dir or default_journal_dir(), resume=config.resume,
                                             first_player=config.first_player or 0,
                                             options=getattr(config, "game_options", ()))
                    host.config = config
                    host.camera = self.hosted_camera(spec, config, host)
                except (CompanionError, OSError, ValueError) as exc:
                    return i18n.tr("err.game_open", self.lang, error=i18n.error_text(exc, self.lang)
                                   if isinstance(exc, CompanionError) else exc)
            self.close_hosted()  # one game at a time: the one open before is left
            if host.camera is not None and hosting.camera_sets_up(spec):
                host.camera.start()
            try:
                screens = self._hosted_screens(host, spec)
            except (CompanionError, OSError, ValueError) as exc:
                host.close()
                return i18n.tr("err.game_open", self.lang, error=i18n.error_text(exc, self.lang)
                               if isinstance(exc, CompanionError) else exc)
            host.back = self.close_hosted
            self.host, self.hosted_spec, self.hosted_screens = host, spec, list(screens)
            for scr in screens:
                self._add_hosted(scr, spec)
            self.go(screens[0].name)
            self.refresh_current()
            return None

        def _add_hosted(self, scr, spec) -> None:
            from ui import hosting

            if getattr(hosting.screens_module(spec), "SHELL_BAR", True):
                self._host_bar(scr, spec)
            scr.drawn_lang = self.lang
            scr.bind(on_pre_enter=self._enter_hosted)
            self.root.add_widget(scr)

        def _enter_hosted(self, scr, *_a) -> None:
            """A hosted screen entered after a language switch made while it was not
            shown (e.g. in Settings, opened from the end panel): its ``refresh()``
            redraws every text it made in the new language (banner, panels, lists,
            "more below" lines), not only those bound to ``app.lang`` in .kv files."""
            if getattr(scr, "drawn_lang", self.lang) == self.lang:
                return
            scr.drawn_lang = self.lang
            refresh = getattr(scr, "refresh", None)
            if callable(refresh) and self.host is not None:
                refresh()

        def _host_bar(self, scr, spec) -> None:
            """A hosted screen under the shell's bar: the game's name and a "Games"
            button back to the picker, in a strip of its own at the top (never laid
            over the game's banner); the screen's content takes the height below."""
            from kivy.graphics import Color, Rectangle
            from kivy.metrics import dp
            from kivy.uix.boxlayout import BoxLayout
            from kivy.uix.button import Button
            from kivy.uix.label import Label

            from kivy.uix.behaviors import ButtonBehavior

            bar_h = dp(60)
            # buttons the game floats over its screen (e.g. a "Table" button over a
            # dial) go into the bar, left of the title: never over the game's texts
            floating = [c for c in scr.children if isinstance(c, ButtonBehavior) and tuple(c.size_hint) == (None, None)]
            for b in floating:
                scr.remove_widget(b)
                b.pos_hint, b.size_hint_y = {}, 1
            for child in list(scr.children):  # the game's own layout, below the bar
                child.size_hint_y = None
                child.pos_hint = {"x": 0, "y": 0}
                child.height = max(dp(48), scr.height - bar_h)  # never 0: drawings divide by it
                scr.bind(height=lambda _s, h, c=child: setattr(c, "height", max(dp(48), h - bar_h)))
            bar = BoxLayout(size_hint=(1, None), height=bar_h, pos_hint={"x": 0, "top": 1},
                            padding=(dp(12), dp(2), dp(4), dp(2)), spacing=dp(8))
            with bar.canvas.before:
                Color(0.16, 0.16, 0.2, 1)
                bg = Rectangle(pos=bar.pos, size=bar.size)
            bar.bind(pos=lambda w, p: setattr(bg, "pos", p), size=lambda w, sz: setattr(bg, "size", sz))
            title = Label(text=spec.name(self.lang), font_size="20sp", bold=True, halign="left", valign="middle",
                          shorten=True, shorten_from="right")
            title.bind(size=lambda w, sz: setattr(w, "text_size", sz))
            back = Button(text=i18n.tr("host.back", self.lang), font_size="18sp", size_hint_x=None)
            back.bind(texture_size=lambda b, ts: setattr(b, "width", max(dp(132), ts[0] + dp(24))))
            back.bind(on_release=lambda *_: self.close_hosted())

            def relang(_a, lang, b=back, t=title):
                b.text = i18n.tr("host.back", lang)
                t.text = spec.name(lang)
            self.bind(lang=relang)
            for b in reversed(floating):
                bar.add_widget(b)
            bar.add_widget(title)
            bar.add_widget(back)
            scr.add_widget(bar)

        def hosted_camera(self, spec, config, host):
            """The camera session (started) on ``host``'s journal for a hosted game
            whose screens module asks for one (``CAMERA = True``) when a camera
            or recording was chosen; None otherwise (the game is played by taps)."""
            from ui import hosting

            if not getattr(hosting.screens_module(spec), "CAMERA", False) or \
                    self.session_factory is not default_session_factory or \
                    (config.camera is None and not config.recording):
                return None
            from ui.lifecycle import tablet_camera_kw, wire_source_events
            from ui.session import create_session

            kw = tablet_camera_kw(config)  # Android: Camera2's stream and stills (ui.lifecycle)
            session = create_session(config, journal=host.journal, **kw)
            wire_source_events(session, kw)
            session.start()
            return session

        def close_hosted(self) -> None:
            """Leave the hosted game for the game picker; its journal stays on disk
            (resumable from the start screen)."""
            if self.host is None:
                return
            host, screens = self.host, self.hosted_screens
            self.host, self.hosted_screens = None, []
            self.root.current = "start"
            for scr in screens:
                self.root.remove_widget(scr)
            host.close()
            # the start screen listed the games while the one just left was still open (its
            # camera's last step may close its journal a moment later): listed again after
            start = self.root.get_screen("start")
            for after in (0.3, 1.5):
                Clock.schedule_once(lambda _dt: start.refresh() if self.root.current == "start" else None, after)

        def play(self, tune: str) -> None:
            """A sound for the moments that matter (press, error, end); muted in settings."""
            self.sounds.play(tune)

        def correct_component(self, component: str) -> bool:
            """A tag tapped in the camera picture (ui.screens.common.CameraView): the
            hosted game's ``correct_component`` when it offers one; False otherwise."""
            fn = getattr(self.game, "correct_component", None)
            return bool(fn(component)) if callable(fn) else False

        def apply_settings(self, settings) -> None:
            """Take saved settings: language now; printer/camera for the session if
            it offers ``apply_settings`` (else from the next game)."""
            self.start_vm.printer = settings.printer
            self.start_vm.camera = settings.camera
            self.start_vm.min_module_px = settings.min_module_px
            self.sounds.muted = settings.mute
            if self.session is not None and hasattr(self.session, "apply_settings"):
                self.session.apply_settings(settings)
            if settings.lang != self.lang:
                self.set_lang(settings.lang)

        def on_stop(self):
            if self.lifecycle is not None:
                self.lifecycle.on_stop()
            self.close_hosted()

    return TableCompanionApp


def check_source(recording: str | None, camera: int | None) -> None:
    """Before any window opens: the recording must give a frame and the camera must
    open and give a frame, else CompanionError says which and why (exit 1), instead
    of an app waiting forever for a picture that never comes."""
    if recording is None and camera is None:
        return  # the start screen picks the source
    from vision.sources import CaptureSource, open_source

    spec = recording if recording is not None else camera
    events = []
    if camera is not None:
        from play.camera import default_camera_settings

        src = CaptureSource(int(camera), max_retries=1, backoff_s=0.2, on_event=events.append,
                            settings=default_camera_settings())
    else:
        try:
            src = open_source(recording, on_event=events.append)
        except CompanionError:  # the source's words are English: said in the command line's language
            from vision.commands import source_fault

            raise CompanionError(source_fault(recording)) from None
    try:
        frame = next(iter(src), None)
    finally:
        src.close()
    if frame is None:  # what the source's events said is English: worded for people instead
        from vision.commands import source_fault

        raise CompanionError(source_fault(str(spec)))


def resolve_recording(recording: str | None) -> tuple[str | None, str | None]:
    """``--recording`` as ``companion demo`` reads it: a bundled name (play.recordings) or a
    recording folder (``recording.json``) gives its frames; anything else is a video,
    image folder or pattern of your own. Returns (frame source, bundled name or None).
    Raises CompanionError for a bare name that is neither a bundled recording nor a file."""
    if recording is None:
        return None, None
    from play import recordings
    from play.demo import load_recording

    bundled_names = recordings.names()
    if recording in bundled_names and not Path(recording).exists():
        return str(load_recording(recordings.recording_dir(recording)).source), recording
    path = Path(recording)
    if (path / "recording.json").is_file():
        rec = load_recording(path)
        bundled = path.name if path.name in bundled_names and \
            path.resolve() == recordings.recording_dir(path.name) else None
        return str(rec.source), bundled
    if not path.exists() and os.sep not in recording and "/" not in recording \
            and not any(ch in recording for ch in "*?[") and not Path(recording).suffix:
        from companion.clitext import tx
        from companion.errors import UsageError  # a name on the command line that names nothing: usage, exit 2

        raise UsageError(tx("app.no_recording", "no recording {name}: no such file or folder, nor a bundled "
                                "recording ({names})", name=repr(recording), names=", ".join(bundled_names)))
    return recording, None


def run_app(ns) -> int:
    """Run the tablet app (blocks until the window closes). Returns an exit code."""
    from vision.sources import settings_from_args

    from play.camera import use_camera_settings

    use_camera_settings(settings_from_args(ns))  # --size/--fourcc/--fps: every game's camera mode
    source, bundled = resolve_recording(getattr(ns, "recording", None))
    check_source(source, None if getattr(ns, "fake", False) else getattr(ns, "camera", None))
    headless = getattr(ns, "headless", None)
    if headless is None and not has_screen():  # Kivy would wait for a screen forever: said, exit 1
        raise no_screen_error(bundled)
    prepare_env(headless=headless)
    offscreen = os.environ.get("SDL_VIDEODRIVER") == "offscreen"
    from companion.clitext import tx

    print(tx("app.starting_offscreen", "Table Companion app starting offscreen (no display found: nothing to see; use "
             "a desktop or tablet)") if offscreen else tx("app.starting", "Table Companion app starting"), flush=True)
    cls = build_app_class()
    factory = fake_session_factory if getattr(ns, "fake", False) else None
    cls(session_factory=factory, lang=getattr(ns, "lang", None), camera=getattr(ns, "camera", None),
        recording=bundled or source).run()
    return 0
