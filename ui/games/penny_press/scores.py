"""Scores: the final ranking with bonuses, the chart of scores over the game, and the
end of the game as every game ends it (the table kit's EndgamePanel: print the
end's pages, send to BG Stats, printer settings) with Penny Press's own extras: a
picture to share, the game record saved, a new game with the same players."""

from __future__ import annotations

from pathlib import Path

from kivy.app import App
from kivy.uix.screenmanager import Screen

from ui.i18n import tr
from ui.screens.common import PLAYER_INK, PLAYER_RGBA, EndgamePanel, PlayerPanel, ask
from ui.games.penny_press.viewmodels.scores import COLOUR_RGBA
from ui.games.penny_press.table import current, table_vm


class ScoresScreen(Screen):
    def __init__(self, host=None, **kw):
        super().__init__(**kw)
        #: the end of the game, the same panel as on every game's end screen (it
        #: takes no room and nothing can be tapped before the end)
        self.end = EndgamePanel(host)
        self.ids.end_box.add_widget(self.end)

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
        ids.new_game.disabled = ids.share.disabled = ids.export.disabled = not over
        self.end.refresh()
        lines, top, labels = vm.chart()
        ids.chart.colours = {c: COLOUR_RGBA.get(c, (1, 1, 1, 1)) for c in lines}
        ids.chart.top_value = top
        ids.chart.lines = lines
        ids.chart_axis.text = tr("scores.axis", vm.lang, top=top, presses=vm.presses(labels))
        ids.status.text = vm.status

    def share(self) -> None:
        self.vm.share_image(Path(App.get_running_app().export_dir))
        self.ids.status.text = self.vm.status

    def ask_new_game(self) -> None:
        app = App.get_running_app()
        ask(tr("ask.new_game", app.lang), current().new_game_same_players)

    def export_json(self) -> None:
        app = App.get_running_app()
        self.vm.export_json(Path(app.export_dir))
        self.ids.status.text = self.vm.status
