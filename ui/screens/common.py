"""Widgets every game's screens share: navigation bar, camera view with tag
outlines, banner, player panels, confirmations, choice rows, the end of a game's
print and BG Stats buttons (:class:`EndgamePanel`) (Kivy graphics only).
A game's own widgets live in its folder (ui/games/<game>/)."""

from __future__ import annotations

from kivy.app import App
from kivy.graphics import Color, Line, Rectangle
from kivy.graphics.texture import Texture
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from ui import i18n
from ui import scrollcue  # noqa: F401  (registers CuedScroll for the .kv files)


def keep_only(parent, hidden) -> None:
    """Show every child of ``parent`` except those in ``hidden`` (widgets or their
    ids' proxies), in the order they were first added: hidden ones are taken out of
    the layout (no empty gap, nothing tappable), and put back when shown again.
    For parents whose children are fixed (kv), not rebuilt."""
    order = getattr(parent, "_all_children", None)
    if order is None:
        order = parent._all_children = list(parent.children)[::-1]  # add order
    gone = {id(w.__self__) for w in hidden}
    want = [w for w in order if id(w) not in gone]
    if list(parent.children)[::-1] != want:
        parent.clear_widgets()
        for w in want:
            parent.add_widget(w)


class NavBar(BoxLayout):
    """Buttons to every game screen; the current one is disabled."""

    current = StringProperty("")


class RowLabel(Label):
    """A left-aligned text row that wraps to its width."""

    rgba = ListProperty([1, 1, 1, 1])


class CameraView(Widget):
    """The latest camera frame (BGR numpy) as a texture, letter-boxed, with each tag
    outlined (green: read, red: unreadable) and labelled. ``show`` runs on the UI
    thread and only copies one frame (no decoding here)."""

    texture = ObjectProperty(None, allownone=True)
    frame_size = ListProperty([0, 0])
    show_labels = BooleanProperty(False)  # tag ids / reasons: "camera details" only
    #: the height (px) that shows the picture over the widget's whole width: its
    #: width times the frame's height/width (9/16 before the first frame); a portrait
    #: layout gives the picture this height so it is not letter-boxed to a strip
    fit_height = NumericProperty(0)

    def __init__(self, **kw):
        super().__init__(**kw)
        self._labels: list[Label] = []
        self._overlays = []
        self.bind(pos=self._redraw, size=self._redraw)
        self.bind(width=self._fit, frame_size=self._fit)
        self._fit()

    def _fit(self, *_a) -> None:
        fw, fh = self.frame_size
        self.fit_height = self.width * (fh / fw if fw and fh else 9 / 16)

    def show(self, frame, overlays) -> None:
        h, w = frame.shape[:2]
        fmt = "bgr" if frame.ndim == 3 else "luminance"
        if self.texture is None or tuple(self.texture.size) != (w, h):
            self.texture = Texture.create(size=(w, h), colorfmt="rgb")
            self.texture.flip_vertical()
            self.frame_size = [w, h]
        # BGR uploaded as is (GL swizzles), straight from the array's buffer: no copy
        # unless the frame is not contiguous
        buf = frame if frame.flags["C_CONTIGUOUS"] else frame.copy()
        self.texture.blit_buffer(memoryview(buf).cast("B"), colorfmt=fmt, bufferfmt="ubyte")
        self._overlays = overlays
        self._redraw()

    def tag_at(self, x: float, y: float):
        """The read tag (Overlay) under window point (x, y) px, or None."""
        from ui.viewmodels.camera import overlay_at
        from kivy.metrics import dp

        x0, y0, w, h = self.image_rect()
        if not w or not h:
            return None
        u, v = (x - x0) / w, 1 - (y - y0) / h
        hit = overlay_at(self._overlays, u, v)
        if hit is not None:
            return hit
        # a tag on the image is often smaller than a finger: the nearest read tag
        # whose centre is within 28 dp of the touch counts (a 56 dp target)
        best, reach = None, dp(28)
        for ov in self._overlays:
            if not ov.ok:
                continue
            cu = sum(p[0] for p in ov.points) / len(ov.points)
            cv = sum(p[1] for p in ov.points) / len(ov.points)
            d = (((cu - u) * w) ** 2 + ((cv - v) * h) ** 2) ** 0.5
            if d <= reach:
                best, reach = ov, d
        return best

    def on_touch_down(self, touch):
        """A tap on a story's tag opens the corrections screen with it selected."""
        if not self.collide_point(*touch.pos):
            return False
        ov = self.tag_at(*touch.pos)
        if ov is None:
            return False
        app = App.get_running_app()
        return bool(app and hasattr(app, "correct_component") and app.correct_component(ov.label))

    def image_rect(self) -> tuple[float, float, float, float]:
        """(x, y, width, height) of the letter-boxed image inside the widget (px)."""
        fw, fh = self.frame_size
        if not fw or not fh:
            return self.x, self.y, self.width, self.height
        scale = min(self.width / fw, self.height / fh)
        w, h = fw * scale, fh * scale
        return self.x + (self.width - w) / 2, self.y + (self.height - h) / 2, w, h

    def _redraw(self, *_a) -> None:
        # canvas.before: the children's canvases (the labels) stay in self.canvas
        self.canvas.before.clear()
        x0, y0, w, h = self.image_rect()
        with self.canvas.before:
            Color(0.1, 0.1, 0.1, 1)
            Rectangle(pos=self.pos, size=self.size)
            if self.texture is not None:
                Color(1, 1, 1, 1)
                Rectangle(texture=self.texture, pos=(x0, y0), size=(w, h))
            for ov in self._overlays:
                Color(*ov.rgba)
                pts = []
                for u, v in ov.points:
                    pts += [x0 + u * w, y0 + (1 - v) * h]
                Line(points=pts, close=True, width=1.5)
        while len(self._labels) < len(self._overlays):
            lab = TagLabel(font_size="10sp", size_hint=(None, None))
            self._labels.append(lab)
            self.add_widget(lab)
        for i, lab in enumerate(self._labels):
            if i < len(self._overlays):
                ov = self._overlays[i]
                u = min(p[0] for p in ov.points)
                v = min(p[1] for p in ov.points)
                text = ov.label if self.show_labels else ""
                if lab.text != text:  # re-render a label only when its text changes
                    lab.text = text
                    lab.texture_update()
                    lab.size = lab.texture_size
                lab.color, lab.opacity = ov.rgba, 1
                lab.pos = (x0 + u * w, y0 + (1 - v) * h + 1)
            else:
                lab.text, lab.opacity = "", 0


class TagLabel(Label):
    """A tag's label on the camera image (dark backing, see common.kv)."""


def app_tr(key: str, **kw) -> str:
    """Text of ``key`` in the running app's language."""
    return i18n.tr(key, App.get_running_app().lang, **kw)


#: The players' colours on screen (RGBA) and the ink that reads on them.
PLAYER_RGBA = {"red": (0.78, 0.16, 0.16, 1), "blue": (0.16, 0.36, 0.78, 1), "green": (0.13, 0.55, 0.25, 1),
               "yellow": (0.93, 0.78, 0.15, 1), "black": (0.12, 0.12, 0.12, 1),
               "white": (0.86, 0.86, 0.82, 1)}  # a warm light grey: a white outline still shows on it
PLAYER_INK = {"yellow": (0.1, 0.1, 0.1, 1), "white": (0.1, 0.1, 0.1, 1)}


class Banner(Label):
    """The status banner (the table kit): the one thing to do now, in the active
    player's colour."""

    bg = ListProperty([0.2, 0.2, 0.25, 1])
    ink = ListProperty([1, 1, 1, 1])

    def paint(self, colour: str | None) -> None:
        self.bg = list(PLAYER_RGBA.get(colour or "", (0.2, 0.2, 0.25, 1)))
        self.ink = list(PLAYER_INK.get(colour or "", (1, 1, 1, 1)))

    def show(self, view) -> None:
        """Show ``view`` (ui.viewmodels.table.BannerView, or a (text, colour) pair)."""
        text, colour = view
        self.text = text
        self.paint(colour)


class UndoButton(Button):
    """The named Undo (the table kit): its text names what a tap takes back, or why
    nothing can be (disabled); a tap asks to confirm (:func:`ask`), then calls the
    screen's ``on_undo``. Fed by :meth:`offer` (ui.viewmodels.table.UndoOffer)."""

    question = StringProperty("")

    def offer(self, offer, on_undo) -> None:
        """Show ``offer`` (UndoOffer); ``on_undo()`` runs after the players say Yes."""
        self.text, self.question, self.disabled = offer.label, offer.question, not offer.enabled
        self._on_undo = on_undo

    def on_release(self) -> None:
        on_undo = getattr(self, "_on_undo", None)
        if self.question and on_undo is not None:
            ask(self.question, on_undo)


class ConfirmButton(Button):
    """A costly or irreversible tap (the table kit): drawn unlike the main action
    (dark, outlined, see common.kv); a tap asks ``question`` first (:func:`ask`) and
    dispatches ``on_confirmed`` after Yes. Fed by :meth:`confirm`
    (ui.viewmodels.table.Confirm) or by setting ``text`` and ``question``."""

    question = StringProperty("")
    __events__ = ("on_confirmed",)

    def confirm(self, c) -> None:
        """Show ``c`` (Confirm: its label and question)."""
        self.text, self.question = c.label, c.question

    def on_release(self) -> None:
        if self.question:
            ask(self.question, lambda: self.dispatch("on_confirmed"))
        else:
            self.dispatch("on_confirmed")

    def on_confirmed(self) -> None:
        """After the players said Yes (bind it in the .kv file)."""


class Ask(ModalView):
    """A yes/no question asked before anything that cannot be taken back (or to
    name what an undo will do). ``on_yes`` runs on Yes; the app keeps the open one
    as ``app.asking`` (the tests answer it)."""

    question = StringProperty("")

    def __init__(self, question: str, on_yes, **kw):
        super().__init__(**kw)
        self.question = question
        self._on_yes = on_yes

    def answer(self, yes: bool) -> None:
        app = App.get_running_app()
        if getattr(app, "asking", None) is self:
            app.asking = None
        self.dismiss()
        if yes:
            self._on_yes()


def ask(question: str, on_yes) -> Ask:
    """Open a yes/no question (see Ask)."""
    a = Ask(question, on_yes)
    app = App.get_running_app()
    if app is not None:
        app.asking = a
    a.open()
    return a


def hex_of(rgba) -> str:
    return "".join(f"{int(c * 255):02x}" for c in rgba[:3])


class PlayerPanel(BoxLayout):
    """One player's panel: colour, name, newspaper, score, reporters home; the
    active player is outlined."""

    text = StringProperty("")
    bg = ListProperty([0.2, 0.2, 0.2, 1])
    ink = ListProperty([1, 1, 1, 1])
    active = BooleanProperty(False)


class PlayerStrip(GridLayout):
    """Always-visible player panels (the table kit; one per player, seat order),
    from a view-model's ``player_panels()`` (Kivy-free: ui.viewmodels.table.PanelView)."""

    columns = NumericProperty(5)

    def show(self, panels) -> None:
        """panels: [PanelView(colour, text, active)] (or such triples); one column per player when the strip
        is wide enough (>= 220 dp each), else two."""
        from kivy.metrics import dp

        self.columns = max(1, min(len(panels) or 1, int(self.width // dp(220)) or 1))
        while len(self.children) > len(panels):
            self.remove_widget(self.children[0])
        while len(self.children) < len(panels):
            self.add_widget(PlayerPanel())
        for w, (colour, text, active) in zip(reversed(self.children), panels):
            w.text = text
            w.bg = list(PLAYER_RGBA.get(colour, (0.3, 0.3, 0.3, 1)))
            w.ink = list(PLAYER_INK.get(colour, (1, 1, 1, 1)))
            w.active = active

    def on_width(self, *_a) -> None:
        from kivy.metrics import dp

        n = len(self.children)
        if n:
            self.columns = max(1, min(n, int(self.width // dp(220)) or 1))


class ChoiceRow(GridLayout):
    """A row of choice buttons that wraps onto more rows when the screen is narrow
    (each button keeps its one-line text: at least its text's width + 24 dp)."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.cols = 1
        self.bind(width=self._fit, children=self._fit)

    def _fit(self, *_a) -> None:
        from kivy.metrics import dp

        kids = self.children
        if not kids:
            return
        for c in kids:
            if not getattr(c, "_fit_bound", False):
                c.bind(texture_size=self._fit)
                c._fit_bound = True
        widest = max((c.texture_size[0] if c.texture_size else 0) for c in kids) + dp(24)
        self.cols = max(1, min(len(kids), int(self.width // max(widest, dp(48)))))


def open_link(url: str) -> bool:
    """Open ``url`` in the app that takes it (BG Stats for its push-play links, else
    the web browser; on Android through python-for-android's ``android`` module,
    which lets ``webbrowser`` send the system's view intent). Offscreen (no display:
    tests, the play-through) nothing is opened and False is returned; False when no
    browser could be started."""
    import os
    import webbrowser

    if os.environ.get("SDL_VIDEODRIVER") == "offscreen" or not url:
        return False
    try:
        import android  # noqa: F401  (python-for-android: registers its browser with webbrowser)
    except ImportError:
        pass
    try:
        return bool(webbrowser.open(url))
    except Exception:  # noqa: BLE001  no browser is a sentence for the players, not a crash
        return False


class EndgamePanel(BoxLayout):
    """The end of a game (the table kit), the same on every game's end screen: a
    large "Print the score receipt" / "Print the pages" button (whatever the game's
    pages module offers at its end; asked first: paper is spent), "Send to BG Stats"
    and a line saying what happened in the players' words. Fed by
    ui.viewmodels.endgame.EndgameVM over ``host`` (ui.hosting.GameHost); it takes
    no room and nothing can be tapped while the game goes on. It follows the game
    by itself: the host's listeners (taps, undo), its language switches and, for a
    camera's moves, a look twice a second whether the game has ended. Pages print
    on the printer chosen in the app's settings (``app.start_vm.printer``)."""

    def __init__(self, host=None, **kw):
        from kivy.clock import Clock
        from kivy.metrics import dp, sp

        from ui.viewmodels.endgame import EndgameVM

        kw.setdefault("orientation", "vertical")
        kw.setdefault("size_hint_y", None)
        kw.setdefault("padding", (dp(10), dp(8)))
        kw.setdefault("spacing", dp(8))
        super().__init__(**kw)
        self.host = host
        get = (lambda: host.table_journal) if host is not None else (lambda: None)
        self.vm = EndgameVM(get, getattr(host, "lang", "en"))
        with self.canvas.before:
            Color(0.14, 0.15, 0.19, 1)
            self._bg = Rectangle(pos=self.pos, size=self.size)
        self.bind(pos=lambda *_a: setattr(self._bg, "pos", self.pos),
                  size=lambda *_a: setattr(self._bg, "size", self.size))
        self.buttons = GridLayout(cols=3, spacing=dp(8), size_hint_y=None)
        self.buttons.bind(minimum_height=self.buttons.setter("height"))
        self.print_button = Button(font_size=sp(22), bold=True, size_hint_y=None, height=dp(72),
                                   halign="center", valign="middle", background_normal="",
                                   background_color=(0.18, 0.52, 0.3, 1))
        self.bgstats_button = Button(font_size=sp(20), size_hint_y=None, height=dp(72), halign="center",
                                     valign="middle", background_normal="", background_color=(0.27, 0.29, 0.34, 1))
        for b in (self.print_button, self.bgstats_button):
            b.bind(width=lambda w, v: setattr(w, "text_size", (max(1, v - dp(16)), None)),
                   texture_size=lambda w, ts: setattr(w, "height", max(dp(72), ts[1] + dp(20))))
            self.buttons.add_widget(b)
        # where the printer is chosen (the line below says when none is): back by the bar's "Table"
        self.settings_button = Button(font_size=sp(20), size_hint_y=None, height=dp(72), halign="center",
                                      valign="middle", background_normal="", background_color=(0.2, 0.22, 0.27, 1))
        self.settings_button.bind(width=lambda w, v: setattr(w, "text_size", (max(1, v - dp(16)), None)),
                                  texture_size=lambda w, ts: setattr(w, "height", max(dp(72), ts[1] + dp(20))),
                                  on_release=lambda *_a: App.get_running_app().go("settings"))
        self.buttons.add_widget(self.settings_button)
        self.print_button.bind(on_release=lambda *_a: self.ask_print())
        self.bgstats_button.bind(on_release=lambda *_a: self.send_bgstats())
        self.status = Label(font_size=sp(19), size_hint_y=None, height=0, color=(1, 0.86, 0.5, 1),
                            halign="center", valign="middle")
        self.status.bind(width=lambda w, v: setattr(w, "text_size", (v, None)),
                         texture_size=lambda w, ts: setattr(w, "height", ts[1] + dp(8) if w.text else 0))
        self.bind(minimum_height=self._fit, width=self._fit)
        self._shown = None
        self._over = False
        if host is not None:
            host.listeners.append(self.refresh)
            host.on_lang.append(self.set_lang)
            self._tick = Clock.schedule_interval(self._look, 0.5)
            host.closing.append(self._tick.cancel)
        self.refresh()

    def _fit(self, *_a) -> None:
        self.buttons.cols = 3  # one row, however narrow: the end shares the screen with the banner and panels
        self.height = self.minimum_height if self._shown else 0

    def _look(self, _dt) -> None:
        """Redraw when the game has ended or resumed since the last look (a camera's move),
        or when the view-model's line changed without a redraw (the print queue's retry
        told it that the pages that waited are printed: the line never stays stale)."""
        if self.vm.over != self._over or (self._shown and self.status.text != self.vm.status):
            self.refresh()

    def set_lang(self, lang: str) -> None:
        self.vm.lang = lang
        self.vm.status = ""
        self.refresh()

    def refresh(self) -> None:
        """Show the offer once the game is over (its labels in the players' language);
        nothing (no height, no target) before."""
        vm = self.vm
        if self.host is not None:
            vm.lang = self.host.lang
        self._over = vm.over
        shown = vm.over
        self.print_button.text = vm.print_label() if shown else ""
        self.print_button.disabled = not (shown and vm.can_print())
        self.print_button.opacity = 1 if shown and vm.can_print() else 0
        self.bgstats_button.text = vm.bgstats_label() if shown else ""
        self.bgstats_button.disabled = not shown
        self.settings_button.text = i18n.tr("end.printer_settings", vm.lang) if shown else ""
        self.settings_button.disabled = not shown
        self.status.text = vm.status if shown else ""
        self._shown = shown
        if shown and self.buttons.parent is None:  # while the game goes on the panel holds nothing:
            self.add_widget(self.buttons)          # no hidden button, no text under another widget
            self.add_widget(self.status)
        elif not shown and self.buttons.parent is not None:
            self.clear_widgets()
        self.opacity = 1 if shown else 0
        self.disabled = not shown
        self._fit()

    def ask_print(self):
        """Ask, then print (:meth:`print_now`)."""
        return ask(self.vm.print_question(), self.print_now)

    def print_now(self) -> list:
        """Print the end's pages on the printer chosen in the settings; the line
        below says what happened. Returns the JobStatus list."""
        from ui.viewmodels.protocol import PrinterSettings

        app = App.get_running_app()
        start_vm = getattr(app, "start_vm", None)
        settings = getattr(start_vm, "printer", None) or PrinterSettings()
        jobs = self.vm.print_end(settings)
        self.refresh()
        return jobs

    def send_bgstats(self) -> str:
        """Make the BG Stats link and open it (BG Stats imports the play; offscreen
        only made: ``vm.link``). Returns the link ("" before the end)."""
        link = self.vm.bgstats_link()
        if link and not open_link(link):
            import os

            if os.environ.get("SDL_VIDEODRIVER") != "offscreen":
                self.vm.status = i18n.tr("end.bgstats_failed", self.vm.lang)
        self.refresh()
        return link
