"""The kit's corrections panel (Kivy): what the camera reads, piece by piece, and the
players' word where it is wrong (view-model: ui.viewmodels.corrections_kit), for the
games whose corrections are built on companion.corrections_kit (docs/ui.md names
them).

A game puts it in with one call in its ``app_screens`` (:func:`offer`): a button "The
camera is wrong" in a box of its table screen, and the panel screen to add to the
game's screens; nothing when no camera reads the game. On the panel: the pieces the
camera reads (by their players' names and places; a tap selects one), the pieces it
does not see (shown on a tap), what the selected piece really is ("It is not on the
table", or one button per place it may lie), the active corrections each with a
Remove button, and "Back to the table". Every target is at least 56 dp high; the
lists scroll with the kit's "more below" line. Texts follow the app's language.
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.graphics import Color, Rectangle
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen

from ui.screens.common import Banner
from ui.scrollcue import CuedScroll
from ui.viewmodels.corrections_kit import CorrectionsKitVM

#: every target's least height (dp): the table kit's rule is 48
TARGET_DP = 56
_GREY = (0.27, 0.29, 0.34, 1)
_CHOSEN = (0.18, 0.42, 0.62, 1)
_FIXED = (0.45, 0.33, 0.12, 1)


def _button(text: str, on_release, colour=_GREY, height: float = TARGET_DP, font: float = 19) -> Button:
    b = Button(text=text, font_size=sp(font), size_hint_y=None, height=dp(height), halign="center",
               valign="middle", background_normal="", background_color=colour)
    b.bind(width=lambda w, v: setattr(w, "text_size", (max(v - dp(16), 1), None)))
    b.bind(texture_size=lambda w, ts: setattr(w, "height", max(dp(height), ts[1] + dp(14))))
    b.bind(on_release=lambda *_a: on_release())
    return b


def _label(text: str, font: float = 18, bold: bool = False, colour=(1, 1, 1, 1)) -> Label:
    lab = Label(text=text, font_size=sp(font), bold=bold, color=colour, size_hint_y=None, halign="left",
                valign="middle")
    lab.bind(width=lambda w, v: setattr(w, "text_size", (max(v, 1), None)))
    lab.bind(texture_size=lambda w, ts: setattr(w, "height", max(dp(32), ts[1] + dp(8))))
    return lab


def _column() -> BoxLayout:
    box = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(6), padding=(0, 0, dp(14), 0))
    box.bind(minimum_height=box.setter("height"))
    return box


class CorrectionsKitScreen(Screen):
    """The panel (module docstring) over ``vm`` (CorrectionsKitVM); ``table``: the
    name of the screen "Back to the table" returns to; ``lang``: a callable giving
    the players' language now."""

    def __init__(self, vm: CorrectionsKitVM, table: str, lang=lambda: "en", **kw):
        kw.setdefault("name", "camera_corrections")
        super().__init__(**kw)
        self.vm, self.table, self.lang = vm, table, lang
        with self.canvas.before:  # opaque: nothing of another screen shows through
            Color(0.08, 0.09, 0.1, 1)
            self._bg = Rectangle(pos=self.pos, size=self.size)
        self.bind(pos=lambda *_a: setattr(self._bg, "pos", self.pos),
                  size=lambda *_a: setattr(self._bg, "size", self.size))
        outer = BoxLayout(orientation="vertical", padding=(dp(12), dp(8)), spacing=dp(8))
        top = BoxLayout(size_hint_y=None, height=dp(TARGET_DP), spacing=dp(10))
        self.title = _label("", 22, bold=True)
        self.title.size_hint_y = 1
        self.back = Button(text="", font_size=sp(19), size_hint=(None, 1), width=dp(180), background_normal="",
                           background_color=_GREY)
        self.back.bind(texture_size=lambda w, ts: setattr(w, "width", max(dp(180), ts[0] + dp(28))))
        self.back.bind(on_release=lambda *_a: self.to_table())
        top.add_widget(self.title)
        top.add_widget(self.back)
        self.status = Banner()
        self.body = BoxLayout(spacing=dp(12))
        self.seen_scroll, self.fix_scroll = CuedScroll(do_scroll_x=False), CuedScroll(do_scroll_x=False)
        self.seen_box, self.fix_box = _column(), _column()
        self.seen_scroll.add_widget(self.seen_box)
        self.fix_scroll.add_widget(self.fix_box)
        self.body.add_widget(self.seen_scroll)
        self.body.add_widget(self.fix_scroll)
        for w in (top, self.status, self.body):
            outer.add_widget(w)
        self.add_widget(outer)
        self.bind(size=lambda *_a: self._arrange())

    def _arrange(self) -> None:
        self.body.orientation = "horizontal" if self.width >= self.height else "vertical"

    # -- drawing -----------------------------------------------------------------
    def on_pre_enter(self, *_a):
        self.refresh()

    def refresh(self) -> None:
        vm = self.vm
        vm.set_lang(self.lang())
        self._arrange()
        self.seen_scroll.lang = self.fix_scroll.lang = vm.lang
        self.title.text = vm.text("kitcorr.title")
        self.back.text = vm.text("kitcorr.back")
        self.status.text = vm.status if vm.available else vm.text("kitcorr.no_camera")
        self.status.paint(None)
        if vm.error:
            self.status.bg = [0.6, 0.15, 0.1, 1]
        self._draw_left()
        self._draw_right()

    def _piece_button(self, row) -> Button:
        text = row.text + (f"  ({self.vm.text('kitcorr.corrected')})" if row.corrected else "")
        colour = _CHOSEN if row.piece == self.vm.selected else (_FIXED if row.corrected else _GREY)
        b = _button(text, lambda p=row.piece: self.select(p), colour, font=18)
        b.halign = "left"
        b.piece = row.piece
        return b

    def _draw_left(self) -> None:
        vm, box = self.vm, self.seen_box
        box.clear_widgets()
        box.add_widget(_label(vm.text("kitcorr.seen"), 20, bold=True, colour=(1, 0.85, 0.4, 1)))
        rows = vm.seen()
        if not rows:
            box.add_widget(_label(vm.text("kitcorr.nothing_seen")))
        for row in rows:
            box.add_widget(self._piece_button(row))
        self.missed_button = _button(vm.text("kitcorr.missed_hide" if vm.show_missed else "kitcorr.missed"),
                                     self.toggle_missed)
        box.add_widget(self.missed_button)
        if vm.show_missed:
            for row in vm.missed():
                box.add_widget(self._piece_button(row))

    def _draw_right(self) -> None:
        vm, box = self.vm, self.fix_box
        box.clear_widgets()
        box.add_widget(_label(vm.heading(), 20, bold=True, colour=(1, 0.85, 0.4, 1)))
        self.place_buttons = []
        self.not_there_button = None
        if vm.selected is not None:
            self.not_there_button = _button(vm.text("kitcorr.not_there"), self.not_there, (0.55, 0.2, 0.15, 1))
            box.add_widget(self.not_there_button)
            places = vm.places()
            box.add_widget(_label(vm.text("kitcorr.is_at" if places else "kitcorr.only_absent")))
            for p in places:
                b = _button(p.label, lambda p=p: self.put_at(p.surface, p.zone))
                b.place = (p.surface, p.zone)
                self.place_buttons.append(b)
                box.add_widget(b)
        box.add_widget(_label(vm.text("kitcorr.list"), 20, bold=True, colour=(1, 0.85, 0.4, 1)))
        rows = vm.corrections()
        self.remove_buttons = []
        if not rows:
            box.add_widget(_label(vm.text("kitcorr.none")))
        for r in rows:
            line = BoxLayout(size_hint_y=None, height=dp(TARGET_DP), spacing=dp(8))
            lab = _label(r.text)
            lab.bind(height=lambda w, h, ln=line: setattr(ln, "height", max(dp(TARGET_DP), h)))
            rm = _button(vm.text("kitcorr.remove"), lambda i=r.id: self.remove(i))
            rm.size_hint = (None, 1)
            rm.width = dp(140)
            rm.ident = r.id
            self.remove_buttons.append(rm)
            line.add_widget(lab)
            line.add_widget(rm)
            box.add_widget(line)

    # -- taps ------------------------------------------------------------------------
    def select(self, piece: str) -> None:
        self.vm.select(piece)
        self.refresh()

    def toggle_missed(self) -> None:
        self.vm.toggle_missed()
        self.refresh()

    def not_there(self) -> None:
        self.vm.not_there()
        self.refresh()

    def put_at(self, surface: str, zone) -> None:
        self.vm.put_at(surface, zone)
        self.refresh()

    def remove(self, ident: int) -> None:
        self.vm.remove(ident)
        self.refresh()

    def to_table(self) -> None:
        if self.manager is not None and self.manager.has_screen(self.table):
            self.manager.current = self.table


def offer(host, table, slot, name: str = "camera_corrections"):
    """Put the kit's corrections panel in a game (one call in its ``app_screens``):
    a "The camera is wrong" button added to ``slot`` (a box of the ``table`` screen,
    as tall as its content) that opens the panel, and the panel screen, returned for
    the game to list among its screens. Returns None (and adds nothing) when no
    camera reads the game (``host.camera`` None) or its game takes no piece
    corrections. The button is taken away while the game is over."""
    vm = CorrectionsKitVM(host, host.lang)
    if not vm.available:
        return None
    panel = CorrectionsKitScreen(vm, table.name, lang=lambda: host.lang, name=name)
    button = _button(vm.text("kitcorr.open"), lambda: _open(panel), (0.36, 0.3, 0.18, 1))
    panel.open_button = button

    def relabel(lang: str) -> None:
        vm.set_lang(lang)
        button.text = vm.text("kitcorr.open")
    host.on_lang.append(relabel)

    def follow_end(*_a) -> None:
        """Once the game is over nothing is left to correct: the button goes (and comes
        back if the end is taken back)."""
        over = bool(getattr(host.state, "is_over", False))
        if over and button.parent is not None:
            button.parent.remove_widget(button)
        elif not over and button.parent is None:
            slot.add_widget(button)
    follow_end()
    host.listeners.append(lambda: Clock.schedule_once(follow_end, 0))

    def on_update(up) -> None:  # the camera's worker thread: redraw on Kivy's, only while shown
        if up.state_changed or up.messages:
            Clock.schedule_once(lambda _dt: (follow_end(), panel.refresh() if _shown(panel) else None), 0)
    subscribe = getattr(host.camera, "subscribe", None)
    if callable(subscribe):
        subscribe(on_update)
    return panel


def _shown(panel) -> bool:
    return panel.manager is not None and panel.manager.current == panel.name


def _open(panel) -> None:
    if panel.manager is not None:
        panel.manager.current = panel.name
