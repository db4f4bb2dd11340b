"""Go to press: claimed stories, scoop points, the solver's front page beside the
player's, the scores; one tap prints the paper."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.screenmanager import Screen

from ui.viewmodels.press import blocks


class PressScreen(Screen):
    def on_pre_enter(self, *_a):
        self.refresh()

    @property
    def vm(self):
        return App.get_running_app().press_vm

    def refresh(self, colour: str | None = None) -> None:
        vm = self.vm
        if vm is None:
            return
        vm.lang = App.get_running_app().lang
        vm.load(colour)
        ids = self.ids
        ids.player.values = [c for c, _ in vm.players()]
        ids.player.text = vm.colour or ""
        ids.heading.text = vm.heading()
        ids.claimed.text = vm.claimed_text()
        ids.scoop.clear_widgets()
        for row in vm.scoop_rows():
            ids.scoop.add_widget(Factory.RowLabel(text=row))
        pv = vm.preview
        ids.suggested.blocks = blocks(pv.suggested, vm.lang) if pv else []
        ids.suggested_info.text = "\n".join(vm.page_texts(pv.suggested)) if pv else vm.error
        mat = pv.player_page if pv else None
        ids.mat.blocks = blocks(mat, vm.lang) if mat else []
        ids.mat_info.text = "\n".join(vm.page_texts(mat))
        ids.job.text = vm.job_text()
        ids.decline.disabled = not vm.can_decline()

    def choose(self, colour: str) -> None:
        if self.vm and colour and colour != self.vm.colour:
            self.refresh(colour)

    def print_paper(self) -> None:
        self.vm.print_paper()
        self.ids.job.text = self.vm.job_text()

    def decline(self) -> None:
        self.vm.decline()
        self.refresh()
