"""Start screen: game, players (name, paper, colour), language, camera or recording,
printer, newsboy strike variant; resume an unfinished game."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.screenmanager import Screen

from ui import i18n
from ui.viewmodels.protocol import COLOURS


class StartScreen(Screen):
    def on_pre_enter(self, *_a):
        self.refresh()

    @property
    def vm(self):
        return App.get_running_app().start_vm

    def refresh(self) -> None:
        """Everything from the view-model (on entering the screen, language switch)."""
        vm = self.vm
        self.refresh_players()
        self.ids.camera.text = "" if vm.camera is None else str(vm.camera)
        self.ids.recording.text = vm.recording or ""
        self.ids.strike.active = vm.variant_strike
        rbox = self.ids.resume
        rbox.clear_widgets()
        files = vm.resumable()
        if not files:
            rbox.add_widget(Factory.RowLabel(text=i18n.tr("start.resume_none", vm.lang)))
        for f in files[:5]:
            b = Factory.ResumeButton(text=f.name)
            b.path = str(f)
            rbox.add_widget(b)

    def refresh_players(self) -> None:
        """Rebuild the player rows only (typed camera/recording stay as they are)."""
        vm = self.vm
        box = self.ids.players
        box.clear_widgets()
        for i, p in enumerate(vm.players):
            row = Factory.PlayerRow()
            row.index = i
            row.screen = self
            row.ids.name.text = p.name
            row.ids.paper.text = p.paper
            row.ids.colour.values = [i18n.colour(c, vm.lang) for c in COLOURS]
            row.ids.colour.text = i18n.colour(p.colour, vm.lang)
            row.ids.first.state = "down" if i == vm.first_player else "normal"
            box.add_widget(row)

    def player_changed(self, index: int, field: str, value: str) -> None:
        if index < len(self.vm.players):
            if field == "colour":
                value = i18n.code_for("colour.", value, self.vm.lang, COLOURS)
            self.vm.set_player(index, **{field: value})
            self.ids.error.text = ""

    def set_first(self, index: int) -> None:
        self.vm.first_player = index

    def add_player(self) -> None:
        try:
            self.vm.add_player()
        except ValueError as exc:
            self.ids.error.text = str(exc)
        self.refresh_players()

    def remove_player(self, index: int) -> None:
        self.vm.remove_player(index)
        self.refresh_players()

    def read_source(self) -> None:
        cam = self.ids.camera.text.strip()
        self.vm.camera = int(cam) if cam.isdigit() else None
        self.vm.recording = self.ids.recording.text.strip() or None
        self.vm.variant_strike = self.ids.strike.active

    def begin(self, resume: str | None = None) -> None:
        self.read_source()
        app = App.get_running_app()
        try:
            cfg = self.vm.config(resume=resume)
        except ValueError as exc:
            self.ids.error.text = str(exc)
            return
        self.ids.error.text = app.open_session(cfg) or ""
