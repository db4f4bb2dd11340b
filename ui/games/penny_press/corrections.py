"""Corrections: tap a story, say what is really there (colour buttons and a
stepper, no keyboard); each fix is an override listed with a remove button until
the camera agrees; undo names what it takes back and asks first (docs/ui.md)."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.screenmanager import Screen

from ui.screens.common import PLAYER_INK, PLAYER_RGBA
from ui.games.penny_press.table import current, table_vm


class CorrectionsScreen(Screen):
    def on_pre_enter(self, *_a):
        self.refresh()

    @property
    def vm(self):
        return table_vm("corrections_vm")

    def refresh(self) -> None:
        vm = self.vm
        if vm is None:
            return
        app = App.get_running_app()
        vm.lang = app.lang
        box = self.ids.targets
        box.clear_widgets()
        for kind, ident, label in vm.targets():
            if kind == "beat":
                box.add_widget(Factory.HeadLabel(text=label))
                continue
            b = Factory.TargetButton(text=label)
            b.kind, b.ident = kind, ident
            b.selected = ident == vm.selected_story
            box.add_widget(b)
        self.ids.status.text = vm.status
        self.ids.status.paint(None)
        if vm.error:
            self.ids.status.bg = [0.6, 0.15, 0.1, 1]
        self.ids.story_heading.text = vm.story_name(vm.selected_story) if vm.selected_story else vm.status
        row = self.ids.colours
        row.clear_widgets()
        for colour, name in vm.colours():
            chosen = colour == vm.colour
            b = Factory.ColourButton(text=("✔ " if chosen else "") + name, group="corr-colour",
                                     background_normal="", background_down="",
                                     background_color=PLAYER_RGBA.get(colour, (1, 1, 1, 1)),
                                     color=PLAYER_INK.get(colour, (1, 1, 1, 1)), bold=chosen)
            b.colour = colour
            b.state = "down" if chosen else "normal"
            row.add_widget(b)
        self.ids.count.text = str(vm.count)
        for w in (self.ids.set_reporters, self.ids.story_there, self.ids.story_not_there,
                  self.ids.minus, self.ids.plus):
            w.disabled = vm.selected_story is None
        lst = self.ids.overrides
        lst.clear_widgets()
        views = vm.corrections()
        if not views:
            lst.add_widget(Factory.BodyLabel(text=vm_text(vm, "corr.none")))
        for v in views:
            r = Factory.OverrideRow()
            r.ident, r.text = v.id, vm.correction_text(v)
            lst.add_widget(r)
        self.ids.undo.offer(vm.undo_offer(), self._undone)

    def select(self, kind: str, ident: str) -> None:
        self.vm.select(kind, ident)
        self.refresh()

    def choose_colour(self, colour: str) -> None:
        self.vm.choose_colour(colour)
        self.refresh()

    def step(self, delta: int) -> None:
        self.vm.step(delta)
        self.ids.count.text = str(self.vm.count)

    def do(self, action: str) -> None:
        vm = self.vm
        if action == "reporters":
            vm.set_reporters()
        elif action == "there":
            vm.story_is_there()
        elif action == "not_there":
            vm.story_not_there()
        self._changed()

    def remove(self, ident: int) -> None:
        self.vm.remove(ident)
        self._changed()

    def ask_undo(self) -> None:
        """Name what undo takes back and ask before doing it (the kit's UndoButton)."""
        self.ids.undo.offer(self.vm.undo_offer(), self._undone)
        self.ids.undo.dispatch("on_release")

    def _undone(self) -> None:
        """The players said Yes: take it back."""
        self.vm.undo()
        self._changed()

    def _changed(self) -> None:
        app = App.get_running_app()
        current().state_changed()
        self.refresh()
        if app.root.current_screen is not self:
            app.refresh_current()


def vm_text(vm, key: str) -> str:
    from ui import i18n

    return i18n.tr(key, vm.lang)
