"""Penny Press at the table in the app: the view-models its screens share, on the
camera session the shell opened for it (ui.hosting.GameHost.camera).

:class:`TableScreens` is what ``app_screens`` keeps on ``host.game``: the live,
corrections, press and scores view-models, the 30 Hz poll of the camera's latest
update (frames in between are dropped), the sounds for a press and the end, and
the taps that reach beyond one screen (a tag tapped in the camera picture, a new
game with the same players). Kivy is imported only where a
clock or the running app is needed.
"""

from __future__ import annotations

from companion.errors import CompanionError


def current():
    """The :class:`TableScreens` of the game the running app hosts (None when none)."""
    from kivy.app import App

    app = App.get_running_app()
    host = getattr(app, "host", None)
    game = getattr(host, "game", None)
    return game if isinstance(game, TableScreens) else None


def app():
    from kivy.app import App

    return App.get_running_app()


class TableScreens:
    """The view-models of the game on ``host`` (ui.hosting.GameHost, its camera
    session: ``host.camera``) and what the screens do together."""

    def __init__(self, host):
        from .viewmodels.corrections import CorrectionsVM
        from .viewmodels.live import LiveVM
        from .viewmodels.press import PressVM
        from .viewmodels.scores import ScoresVM

        self.host = host
        session = host.camera
        self.session = session
        self.live_vm = LiveVM(session, host.lang)
        self.corrections_vm = CorrectionsVM(session, host.lang)
        self.press_vm = PressVM(session, host.lang)
        self.scores_vm = ScoresVM(session, host.lang)
        self.last_job_text = ""
        self.live_vm.attach()
        self._was_over, self._editions = False, 0
        self._tick_ev = None
        host.on_lang.append(self.set_lang)
        host.closing.append(self.stop)

    @property
    def symbols(self) -> tuple:
        """The tags in the latest camera picture shown (the settings' tag-size check)."""
        return tuple(self.live_vm.symbols or ())

    @property
    def finished(self) -> bool:
        """True once the game is over (Penny Press: End of the game): leaving it then
        offers no resuming (ui.lifecycle.Lifecycle.leave_question)."""
        t = self.live_vm.table
        return bool(t is not None and t.finished)

    @property
    def vms(self) -> tuple:
        return (self.live_vm, self.corrections_vm, self.press_vm, self.scores_vm)

    def start(self) -> None:
        """Poll the camera's updates on Kivy's clock (30 a second)."""
        from kivy.clock import Clock

        if self._tick_ev is None:
            self._tick_ev = Clock.schedule_interval(self._tick, 1 / 30)

    def stop(self) -> None:
        if self._tick_ev is not None:
            self._tick_ev.cancel()
            self._tick_ev = None

    def set_lang(self, lang: str) -> None:
        for vm in self.vms:
            vm.lang = lang
        self.live_vm.refresh()

    def _tick(self, _dt) -> None:
        """UI-thread poll of the latest update (frames in between are dropped)."""
        p = self.live_vm.poll()
        if p is None:
            return
        a = app()
        scr = a.root.current_screen
        if p.frame is not None and scr.name == "live":
            scr.show_frame(p.frame, p.symbols)
        if p.state_changed or p.messages:
            self._sound_for(p)
            a.refresh_current()

    def _sound_for(self, p) -> None:
        t = self.live_vm.table
        over = bool(t is not None and t.finished)
        if over and not self._was_over:
            app().play("end")
        elif p.state_changed and t is not None and self._pressed(t):
            app().play("press")
        elif any(m.level == "error" for m in p.messages):
            app().play("error")
        self._was_over = over

    def _pressed(self, t) -> bool:
        """True when the papers printed went up since the last look."""
        n = t.edition
        up = n > self._editions
        self._editions = n
        return up

    def correct_component(self, component: str) -> bool:
        """Open the corrections screen on ``component`` when it is a story on the
        board (a tap on its tag in the camera image); False otherwise."""
        if not any(kind == "story" and ident == component for kind, ident, _ in self.corrections_vm.targets()):
            return False
        self.corrections_vm.select("story", component)
        app().go("corrections")
        return True

    def state_changed(self) -> None:
        self.live_vm.refresh()

    def new_game_same_players(self) -> None:
        """A new game with the players, source and printer of this one (asked first
        on the results screen); the finished game stays in its journal."""
        from dataclasses import replace

        a = app()
        cfg = replace(self.session.config, resume=None, lang=a.lang)
        err = a.open_session(cfg)
        if err:
            self.last_job_text = err


def table_vm(name: str):
    """The view-model ``name`` (``live_vm``, ``corrections_vm``, ``press_vm``,
    ``scores_vm``) of the hosted game, or None when no game is open."""
    return getattr(current(), name, None)
