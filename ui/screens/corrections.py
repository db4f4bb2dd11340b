"""Corrections: tap a beat or a story, say what is really there; each fix is a
journal event through the session and can be undone."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.screenmanager import Screen

from ui import i18n
from ui.viewmodels.protocol import COLOURS


class CorrectionsScreen(Screen):
    def on_pre_enter(self, *_a):
        self.refresh()

    @property
    def vm(self):
        return App.get_running_app().corrections_vm

    def refresh(self) -> None:
        vm = self.vm
        if vm is None:
            return
        vm.lang = App.get_running_app().lang
        box = self.ids.targets
        box.clear_widgets()
        for kind, ident, label in vm.targets():
            b = Factory.TargetButton(text=label if kind == "story" else f"[b]{label}[/b]")
            b.kind, b.ident = kind, ident
            b.selected = ident in (vm.selected_story, vm.selected_beat if kind == "beat" and not vm.selected_story else None)
            box.add_widget(b)
        self.ids.status.text = vm.status
        self.ids.status.color = (1, 0.4, 0.3, 1) if vm.error else (0.6, 1, 0.6, 1)
        players = App.get_running_app().session.players
        self.ids.colour.values = [i18n.colour(p.colour, vm.lang) for p in players]
        if self.ids.colour.text not in self.ids.colour.values and players:
            self.ids.colour.text = self.ids.colour.values[0]
        beat = i18n.beat(vm.selected_beat, vm.lang) if vm.selected_beat else "…"
        self.ids.arrow_label.text = i18n.tr("corr.set_arrow", vm.lang, beat=beat)
        self.ids.remove_story.text = i18n.tr("corr.remove_story", vm.lang, story=vm.selected_story or "…")
        self.ids.add_story.text = i18n.tr("corr.add_story", vm.lang, beat=beat)
        self._sync_count()

    def colour_code(self) -> str:
        """The colour code of the spinner's (localised) text, or "" if none."""
        try:
            return i18n.code_for("colour.", self.ids.colour.text, self.vm.lang, COLOURS)
        except ValueError:
            return ""

    def _sync_count(self, *_a) -> None:
        vm = self.vm
        if vm and vm.selected_story and self.colour_code():
            self.ids.count.text = str(vm.reporters_on(vm.selected_story, self.colour_code()))

    def select(self, kind: str, ident: str) -> None:
        self.vm.select(kind, ident)
        self.refresh()

    def do(self, action: str) -> None:
        vm, ids = self.vm, self.ids
        if action == "reporters":
            vm.set_reporters(self.colour_code(), ids.count.text)
        elif action == "add":
            vm.add_story(ids.story.text)
        elif action == "remove":
            vm.remove_story()
        elif action == "arrow":
            vm.set_arrow(ids.arrow.text)
        elif action == "undo":
            vm.undo()
        App.get_running_app().state_changed()
        self.refresh()
