"""Scores: circulation per player, chart of scores over the game, final ranking with
bonuses, export to JSON and to BG Stats."""

from __future__ import annotations

from pathlib import Path

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.screenmanager import Screen

from ui.i18n import tr
from ui.viewmodels.scores import COLOUR_RGBA


class ScoresScreen(Screen):
    last_link = ""

    def on_pre_enter(self, *_a):
        self.refresh()

    @property
    def vm(self):
        return App.get_running_app().scores_vm

    def refresh(self) -> None:
        vm = self.vm
        if vm is None:
            return
        vm.lang = App.get_running_app().lang
        ids = self.ids
        ids.circulation.clear_widgets()
        for name, pts, rgba in vm.circulation_rows():
            lab = Factory.RowLabel(text=f"{name}: {pts}")
            lab.rgba = rgba
            ids.circulation.add_widget(lab)
        lines, top, labels = vm.chart()
        ids.chart.colours = {c: COLOUR_RGBA.get(c, (1, 1, 1, 1)) for c in lines}
        ids.chart.top_value = top
        ids.chart.lines = lines
        ids.chart_axis.text = tr("scores.axis", vm.lang, top=top, presses=max(0, len(labels) - 1))
        ids.ranking.clear_widgets()
        for row in vm.ranking_rows():
            ids.ranking.add_widget(Factory.RowLabel(text=row))
        ids.status.text = vm.status

    def export_json(self) -> None:
        app = App.get_running_app()
        self.vm.export_json(Path(app.export_dir))
        self.ids.status.text = self.vm.status

    def bgstats(self) -> None:
        link = self.vm.bgstats_link()
        if link:
            self.last_link = link
            import os
            if os.environ.get("SDL_VIDEODRIVER") == "offscreen":
                link = None  # no clipboard without a display
            try:
                from kivy.core.clipboard import Clipboard
                if link:
                    Clipboard.copy(link)
            except Exception:  # noqa: BLE001 - no clipboard provider offscreen
                pass
        self.ids.status.text = self.vm.status
