"""Penny Press's own widgets (their rules in widgets.kv): the 3 x 4 front page with
its placements, the score chart, a story drawn as players see it, a board
adjustment on the checklist, and the news beats' colours (Kivy graphics only)."""

from __future__ import annotations

from kivy.graphics import Color, Line, Rectangle
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui.screens.common import NavBar

class FrontPageGrid(FloatLayout):
    """A 3 x 4 front page: empty cells in grey, each placement (story or ad) one
    block spanning its cells. ``blocks``: (label, x, y, w, h) fractions, y from the
    bottom (a game's press view-model makes them)."""

    blocks = ListProperty([])

    def __init__(self, **kw):
        super().__init__(**kw)
        self.bind(blocks=self._fill, pos=self._grid, size=self._grid)

    def _grid(self, *_a) -> None:
        self.canvas.before.clear()
        with self.canvas.before:
            Color(0.25, 0.25, 0.25, 1)
            cw, ch = self.width / 4, self.height / 3
            for r in range(3):
                for c in range(4):
                    Rectangle(pos=(self.x + c * cw + 1, self.y + r * ch + 1), size=(cw - 2, ch - 2))

    def _fill(self, *_a) -> None:
        self.clear_widgets()
        for label, x, y, w, h in self.blocks:
            self.add_widget(CellLabel(text=label, filled=True, pos_hint={"x": x, "y": y},
                                      size_hint=(w, h)))


class CellLabel(Label):
    filled = BooleanProperty(False)


class ScoreChart(Widget):
    """Lines of points over the game, one per colour (Kivy Line), y from 0 to top."""

    lines = ObjectProperty({})
    top_value = NumericProperty(0)
    colours = ObjectProperty({})

    def __init__(self, **kw):
        super().__init__(**kw)
        self.bind(pos=self._redraw, size=self._redraw, lines=self._redraw)

    def _redraw(self, *_a) -> None:
        self.canvas.clear()
        pad = 24
        x0, y0 = self.x + pad, self.y + pad
        w, h = max(1, self.width - 2 * pad), max(1, self.height - 2 * pad)
        with self.canvas:
            Color(0.4, 0.4, 0.4, 1)
            Line(points=[x0, y0 + h, x0, y0, x0 + w, y0], width=1)
            for colour, pts in self.lines.items():
                Color(*self.colours.get(colour, (1, 1, 1, 1)))
                flat = []
                for u, v in pts:
                    flat += [x0 + u * w, y0 + v * h]
                if len(flat) >= 4:
                    Line(points=flat, width=2)
                elif flat:
                    Line(circle=(flat[0], flat[1], 3), width=2)


#: Beat colours on screen (RGBA), a dark tone of each news beat's colour.
BEAT_RGBA = {"war": (0.45, 0.2, 0.18, 1), "crime": (0.22, 0.22, 0.3, 1), "city": (0.2, 0.35, 0.45, 1),
             "politics": (0.4, 0.3, 0.15, 1), "human": (0.25, 0.4, 0.25, 1)}


class StoryTile(BoxLayout):
    """A story as players see it: its shape drawn (cells to scale) in the beat's
    colour, stars and headline, reporters as coloured dots."""

    text = StringProperty("")
    bg = ListProperty([0.2, 0.2, 0.2, 1])
    glyph_rgba = ListProperty([0.9, 0.85, 0.7, 1])
    glyph_w = NumericProperty(0)
    glyph_h = NumericProperty(0)


class CheckRow(Button):
    """A board adjustment on the checklist: ticks itself when the camera sees it
    done; the ones the camera cannot see are ticked with a tap."""

    done = BooleanProperty(False)
    index = NumericProperty(0)


class PressNavBar(NavBar):
    """Penny Press's bar (its screens draw their own: ``SHELL_BAR = False``): the
    shell's NavBar (table, corrections, press, scores, settings) and, last, the
    "Games" button the shell's bar gives every other game (``host.back``), which
    asks the question Back asks (ui.lifecycle: "Leave this game?", or that the
    game is over) before leaving for the start screen."""

    def leave(self):
        return leave_game()


def leave_game():
    """Ask, then leave the game for the start screen (``app.close_hosted``; its
    journal stays on disk): the bar's "Games" button and the live screen's when no
    camera was found. Returns the question asked (ui.screens.common.Ask)."""
    from kivy.app import App

    from ui.lifecycle import text
    from ui.screens.common import ask

    app = App.get_running_app()
    lc = getattr(app, "lifecycle", None)
    question = lc.leave_question(app.lang) if lc is not None else text("back.leave_game", app.lang)
    return ask(question, app.close_hosted)
