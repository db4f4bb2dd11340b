"""Penny Press's way back to the start screen (a fresh user's report): its own bar
(``SHELL_BAR = False``) ends with the "Games" button every other game has in the
shell's bar, asking "Leave this game?" as Back does; a finished game is not offered
to be resumed (the question says it is over)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from kivy.app import App
from kivy.event import EventDispatcher
from kivy.lang import Builder
from kivy.properties import StringProperty

from ui import i18n
from ui.lifecycle import Lifecycle, Platform, text

LANGS = ("es", "en", "zh")


class _App(EventDispatcher):
    lang = StringProperty("en")

    def __init__(self, game=None):
        super().__init__()
        self.host = SimpleNamespace(game=game)
        self.session = None
        self.hosted_screens = []
        self.asking = None
        self.closed = 0
        self.lifecycle = Lifecycle(self, platform=Platform(), ask=self._ask)

    def _ask(self, question, on_yes):
        self.asking = SimpleNamespace(question=question, on_yes=on_yes)

    def close_hosted(self):
        self.closed += 1


_ONE = None


@pytest.fixture
def app(monkeypatch):
    import ui
    from ui.games.penny_press import screens

    global _ONE
    if _ONE is None:  # one app for the module: kv's ``app`` keeps the first running app
        _ONE = _App()
    a = _ONE
    a.__init__()
    monkeypatch.setattr(App, "_running_app", a)
    common = str(Path(ui.__file__).parent / "screens" / "common.kv")
    if common not in Builder.files:
        Builder.load_file(common)
    screens.load_kv()
    asked = []
    monkeypatch.setattr("ui.screens.common.ask", lambda q, yes: asked.append((q, yes)) or (q, yes))
    a.asked = asked
    return a


@pytest.mark.parametrize("screen", ["live", "corrections", "press", "scores"])
def test_every_penny_press_screen_bar_has_the_games_button(screen):
    kv = (Path(__file__).resolve().parents[2] / "ui/games/penny_press" / f"{screen}.kv").read_text(encoding="utf-8")
    assert "PressNavBar:" in kv and "\n        NavBar:" not in kv


@pytest.mark.parametrize("lang", LANGS)
def test_the_games_button_asks_leave_this_game_then_leaves(app, lang):
    from ui.games.penny_press.widgets import PressNavBar

    app.lang = lang
    bar = PressNavBar(current="live")
    games = [b for b in bar.children if b.text == i18n.tr("host.back", lang)]
    assert len(games) == 1 and bar.children[0] is games[0]  # last, as in the other games' bar
    games[0].dispatch("on_release")
    (question, on_yes), = app.asked
    assert question == text("back.leave_game", lang)
    assert app.closed == 0  # asked first, never left silently
    on_yes()
    assert app.closed == 1


@pytest.mark.parametrize("lang", LANGS)
def test_a_finished_game_is_not_offered_to_be_resumed(app, lang):
    from ui.games.penny_press.widgets import PressNavBar

    app.lang = lang
    app.host.game = SimpleNamespace(finished=True)
    PressNavBar(current="scores").children[0].dispatch("on_release")
    (question, on_yes), = app.asked
    assert question == text("back.leave_over", lang) != text("back.leave_game", lang)
    resume = {"en": "resume", "es": "reanudar", "zh": "继续"}[lang]
    assert resume not in question
    # Back on the table asks the same
    app.hosted_screens = [SimpleNamespace(name="live")]
    app.root = SimpleNamespace(current="live")
    assert app.lifecycle.back() and app.asking.question == question


def test_the_table_screens_know_when_the_game_is_over(tmp_path):
    from ui.games.penny_press.scripted import ScriptedSession
    from ui.games.penny_press.table import TableScreens
    from ui.viewmodels import protocol as P

    s = ScriptedSession(P.SessionConfig(journal_dir=str(tmp_path)), seed=7)
    try:
        game = TableScreens(SimpleNamespace(camera=s, lang="en", on_lang=[], closing=[]))
        assert not game.finished
        while s.step():
            pass
        game.live_vm.poll()
        game.live_vm.refresh()
        assert game.finished
    finally:
        s.stop()
