"""Scores: circulation per player, chart of scores over the game, final ranking with
bonuses, export to JSON and to BG Stats."""

from __future__ import annotations

from pathlib import Path

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.screenmanager import Screen

from ui.i18n import tr
from ui.screens.common import PLAYER_INK, PLAYER_RGBA, PlayerPanel, ask
from ui.games.penny_press.viewmodels.scores import COLOUR_RGBA
from ui.games.penny_press.table import current, table_vm


class ScoresScreen(Screen):
    last_link = ""

    def on_pre_enter(self, *_a):
        self.refresh()

    @property
    def vm(self):
        return table_vm("scores_vm")

    def refresh(self) -> None:
        vm = self.vm
        if vm is None:
            return
        app = App.get_running_app()
        vm.lang = app.lang
        ids = self.ids
        text, colour = vm.result()
        ids.result.text = text
        ids.result.paint(colour)
        ids.ranking.clear_widgets()
        for c, text, winner in vm.ranking_panels():
            panel = PlayerPanel(text=text, active=winner)
            panel.bg = list(PLAYER_RGBA.get(c, (0.3, 0.3, 0.3, 1)))
            panel.ink = list(PLAYER_INK.get(c, (1, 1, 1, 1)))
            ids.ranking.add_widget(panel)
        over = vm.ranking() is not None
        ids.print_final.disabled = ids.new_game.disabled = ids.bgstats.disabled = ids.share.disabled = not over
        lines, top, labels = vm.chart()
        ids.chart.colours = {c: COLOUR_RGBA.get(c, (1, 1, 1, 1)) for c in lines}
        ids.chart.top_value = top
        ids.chart.lines = lines
        ids.chart_axis.text = tr("scores.axis", vm.lang, top=top, presses=vm.presses(labels))
        ids.status.text = vm.status

    def share(self) -> None:
        self.vm.share_image(Path(App.get_running_app().export_dir))
        self.ids.status.text = self.vm.status

    def ask_print(self) -> None:
        app = App.get_running_app()

        def yes():
            current().print_final()
            self.ids.status.text = current().last_job_text

        ask(tr("ask.print_final", app.lang), yes)

    def ask_new_game(self) -> None:
        app = App.get_running_app()
        ask(tr("ask.new_game", app.lang), current().new_game_same_players)

    def export_json(self) -> None:
        app = App.get_running_app()
        self.vm.export_json(Path(app.export_dir))
        self.ids.status.text = self.vm.status

    def bgstats(self) -> None:
        """Send the finished game to BG Stats: its link opened (the kit's
        ui.screens.common.open_link; offscreen only made: ``last_link``)."""
        from ui.screens.common import open_link

        link = self.vm.bgstats_link()
        if link:
            self.last_link = link
            import os

            if not open_link(link) and os.environ.get("SDL_VIDEODRIVER") != "offscreen":
                self.vm.status = tr("end.bgstats_failed", self.vm.lang)
        self.ids.status.text = self.vm.status
