"""Widgets every game's screens share: navigation bar, camera view with tag
outlines, banner, player panels, confirmations, choice rows (Kivy graphics only).
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
