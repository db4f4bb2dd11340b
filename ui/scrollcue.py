"""A scrolled list that tells players it has more (docs/ui.md "The design for the
table"): every list of the app and of the hosted games' screens that can be longer
than its place is a :class:`CuedScroll`.

Kivy's own cue is a 2 dp bar that fades out; at arm's length it is not seen. Here the
bar is 10 dp and stays shown, and while part of the list lies below the view a
"More below: drag the list up" line (``scroll.more_below``, in the players'
language) sits right under it, a band of its own (never laid over the list, so
nothing under it is hidden or tapped through it). The walk test
(tests/ui/drive_walk.py) checks that every scroll view whose content is taller than
its place shows such a line (a Label with ``scroll_cue`` True right under it).
"""

from __future__ import annotations

from kivy.app import App
from kivy.effects.scroll import ScrollEffect
from kivy.factory import Factory
from kivy.graphics import Color, Rectangle
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from ui import i18n
from ui.i18n_catalog import N_

N_("scroll.more_below", "More below: drag the list up")

#: the bar players can see: 10 dp, dark, not fading away when the list rests
BAR_WIDTH_DP = 10


class CueLabel(Label):
    """The "more below" line: bold, white on a dark band, as wide as the list; no
    height while there is nothing more below."""

    scroll_cue = BooleanProperty(True)   # what the walk test looks for under a scroll view

    def __init__(self, **kw):
        kw.setdefault("font_size", sp(17))
        kw.setdefault("bold", True)
        kw.setdefault("color", (1, 1, 1, 1))
        kw.setdefault("halign", "center")
        kw.setdefault("valign", "middle")
        super().__init__(size_hint_y=None, height=0, opacity=0, **kw)
        with self.canvas.before:
            Color(0.55, 0.25, 0.12, 0.95)
            self._band = Rectangle(pos=self.pos, size=self.size)
        self.bind(pos=self._draw, size=self._draw, width=self._wrap, texture_size=self._fit, text=self._fit)

    def _draw(self, *_):
        self._band.pos, self._band.size = self.pos, self.size

    def _wrap(self, *_):
        self.text_size = (max(self.width - dp(12), 1), None)

    def _fit(self, *_):
        shown = bool(self.text)
        self.height = (self.texture_size[1] + dp(12)) if shown else 0
        self.opacity = 1 if shown else 0


class CuedScroll(BoxLayout):
    """A vertical list in a ScrollView (``view``: 10 dp bar, always shown) over its
    "more below" line (``cue``, :class:`CueLabel`), shown while ``more``: part of the
    content lies below the view. Used like a ScrollView: its one child (kv or
    ``add_widget``) is the scrolled content. ``lang``: the language of the line
    ("" = the running app's ``lang``, followed when it changes). With
    ``size_hint_y=None`` the view's height is set (``view.height``) and the whole is
    that plus the line."""

    more = BooleanProperty(False)
    lang = StringProperty("")

    def __init__(self, **kw):
        kw.setdefault("orientation", "vertical")
        view_kw = {k: kw.pop(k) for k in ("do_scroll_x", "do_scroll_y") if k in kw}
        fixed = "size_hint_y" in kw and kw["size_hint_y"] is None
        view_height = kw.pop("height", None) if fixed else None
        self.view = None
        super().__init__(**kw)
        self.view = ScrollView(bar_width=dp(BAR_WIDTH_DP), scroll_type=["bars", "content"],
                               bar_color=(0.45, 0.4, 0.35, 0.95), bar_inactive_color=(0.45, 0.4, 0.35, 0.7),
                               effect_cls=ScrollEffect, **view_kw)
        self.cue = CueLabel()
        if fixed:
            self.view.size_hint_y = None
            if view_height is not None:
                self.view.height = view_height
            self.view.bind(height=self._follow)
            self.cue.bind(height=self._follow)
            self._follow()
        super().add_widget(self.view)
        super().add_widget(self.cue)
        self.view.bind(height=self._look, scroll_y=self._look)
        self.bind(lang=self._look)
        app = App.get_running_app()
        if app is not None and "lang" in getattr(app, "properties", lambda: {})():
            app.bind(lang=self._look)

    def _follow(self, *_):
        self.height = self.view.height + self.cue.height

    def add_widget(self, widget, *args, **kwargs):
        if self.view is None or widget is self.view or widget is self.cue:
            return super().add_widget(widget, *args, **kwargs)
        self.view.add_widget(widget, *args, **kwargs)
        widget.bind(height=self._look)
        self._look()

    def remove_widget(self, widget, *args, **kwargs):
        if self.view is not None and widget in self.view.children:
            return self.view.remove_widget(widget, *args, **kwargs)
        return super().remove_widget(widget, *args, **kwargs)

    def clear_widgets(self, *args, **kwargs):
        if self.view is not None:
            return self.view.clear_widgets(*args, **kwargs)
        return super().clear_widgets(*args, **kwargs)

    def _lang(self) -> str:
        if self.lang:
            return self.lang
        app = App.get_running_app()
        return getattr(app, "lang", "") or "en"

    def _look(self, *_):
        view = self.view
        child = view.children[0] if view is not None and view.children else None
        self.more = bool(child is not None and child.height > view.height + 1 and view.scroll_y > 0.005)
        self.cue.text = i18n.tr("scroll.more_below", self._lang()) if self.more else ""


Factory.register("CuedScroll", cls=CuedScroll)
Factory.register("CueLabel", cls=CueLabel)
