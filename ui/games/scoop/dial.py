"""The dial telephone widget (Kivy): drawn, not a button.

:class:`DialWidget` draws a rotary telephone dial (the plate with its numbers, the
finger wheel with ten holes, the finger stop, the window in the middle) and turns
touches into a call through :class:`~ui.games.scoop.dial_vm.DialVM`: a finger in the
hole of a number drags the wheel clockwise to the stop; on release the wheel runs
back at a real dial's 300 deg/s with its clicks (ui.games.scoop.sound), a short buzz
where there is a vibrator, and the window shows the signal.
:class:`DialPanel` puts the dial beside (landscape) or above (portrait) the signal,
large, and its meaning in the player's language; one hand is enough. No game logic
here: the signal comes from companion.games.scoop.dial through the view-model.
"""

from __future__ import annotations

import math
import tempfile
from pathlib import Path

from kivy.animation import Animation
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, PopMatrix, PushMatrix, Rectangle, Rotate
from kivy.metrics import dp, sp
from kivy.properties import NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui.games.scoop.dial_vm import (DIAL_ORDER, HOLE_RADIUS, HOLE_RING, STOP_DEG, DialVM, hole_angle,
                                    return_seconds, word)
from ui.games.scoop.sound import DialSounds, buzz

PLATE = (0.93, 0.9, 0.82, 1)
WHEEL = (0.12, 0.12, 0.14, 1)
INK = (0.1, 0.1, 0.1, 1)
DIM = (0.62, 0.6, 0.56, 1)
DIM_HOLE = (0.45, 0.44, 0.42, 1)
STOP = (0.75, 0.75, 0.78, 1)
#: Signal -> colour of the window (accepted green-ish, refused red-ish).
WINDOW = {"three_star": (0.95, 0.8, 0.2, 1), "extra": (0.4, 0.75, 0.4, 1), "press": (0.3, 0.55, 0.9, 1),
          "synd": (0.4, 0.75, 0.4, 1), "ok": (0.4, 0.75, 0.4, 1), "kill": (0.85, 0.3, 0.25, 1),
          "libel": (0.85, 0.3, 0.25, 1), "editor": (0.85, 0.3, 0.25, 1)}


def _texture(text: str, size: float, bold: bool = True, colour=INK):
    lab = CoreLabel(text=text, font_size=size, bold=bold, color=colour)
    lab.refresh()
    return lab.texture


class DialWidget(Widget):
    """The drawn dial. ``vm``: its :class:`DialVM`; ``rotation``: how far the finger
    wheel is turned clockwise (deg), animated on the run back; ``sounds``: a
    :class:`DialSounds` (None: silent). Dispatches ``on_dialled(shown)`` once the
    wheel is back at rest after a call."""

    rotation = NumericProperty(0.0)
    vm = ObjectProperty(None)
    sounds = ObjectProperty(None, allownone=True)
    __events__ = ("on_dialled",)

    def __init__(self, **kw):
        super().__init__(**kw)
        self._anim = None
        self._touch = None
        self.bind(pos=self.redraw, size=self.redraw, rotation=self.redraw, vm=self.redraw)

    # geometry ------------------------------------------------------------------
    @property
    def radius(self) -> float:
        return 0.48 * min(self.width, self.height)

    @property
    def centre(self) -> tuple[float, float]:
        return self.center_x, self.center_y

    def hole_pos(self, number: int) -> tuple[float, float]:
        """Window coordinates (px) of the hole of ``number`` as the wheel is now."""
        a = math.radians(hole_angle(number) - self.rotation)
        r = HOLE_RING * self.radius
        return self.center_x + r * math.cos(a), self.center_y + r * math.sin(a)

    def stop_pos(self) -> tuple[float, float]:
        """Window coordinates (px) where the finger meets the finger stop."""
        a = math.radians(STOP_DEG)
        r = HOLE_RING * self.radius
        return self.center_x + r * math.cos(a), self.center_y + r * math.sin(a)

    # drawing -------------------------------------------------------------------
    def redraw(self, *_a) -> None:
        if self.vm is None:
            return
        R = self.radius
        if R <= 0:  # no room yet (a layout pass with the screen not sized): nothing to draw
            self.canvas.clear()
            return
        cx, cy = self.centre
        hr = HOLE_RADIUS * R
        self.canvas.clear()
        with self.canvas:
            Color(*PLATE)  # the plate
            Ellipse(pos=(cx - R, cy - R), size=(2 * R, 2 * R))
            PushMatrix()  # the finger wheel, turned; its numbers beside the holes turn with it
            Rotate(angle=-self.rotation, origin=(cx, cy))
            Color(*WHEEL)
            Line(circle=(cx, cy, HOLE_RING * R), width=1.2 * hr)
            Ellipse(pos=(cx - 0.5 * R, cy - 0.5 * R), size=(R, R))  # the hub
            for n in DIAL_ORDER:
                a = math.radians(hole_angle(n))
                x, y = cx + HOLE_RING * R * math.cos(a), cy + HOLE_RING * R * math.sin(a)
                ok = self.vm.allowed(n)
                Color(*(PLATE if ok else DIM_HOLE))
                Ellipse(pos=(x - hr, y - hr), size=(2 * hr, 2 * hr))
                tex = _texture(str(n), 1.3 * hr, colour=INK if ok else DIM)
                Color(1, 1, 1, 1)
                Rectangle(texture=tex, pos=(x - tex.width / 2, y - tex.height / 2), size=tex.size)
            PopMatrix()
            # the finger stop: a bar across the ring below the holes' path
            Color(*STOP)
            a = math.radians(STOP_DEG - 1.5 * math.degrees(hr / (HOLE_RING * R)))
            Line(points=[cx + 0.58 * R * math.cos(a), cy + 0.58 * R * math.sin(a),
                         cx + 1.02 * R * math.cos(a), cy + 1.02 * R * math.sin(a)], width=dp(5), cap="round")
            # the window in the middle: the signal once the wheel is back
            shown = self.vm.shown if self.rotation < 0.5 and self._anim is None else None
            Color(*(WINDOW.get(shown.signal, PLATE) if shown else PLATE))
            w, h = 0.78 * R, 0.36 * R
            Rectangle(pos=(cx - w / 2, cy - h / 2), size=(w, h))
            if shown:
                tex = _texture(shown.window, 0.2 * R)
                s = min(1.0, 0.92 * w / max(1, tex.width))
                Color(1, 1, 1, 1)
                Rectangle(texture=tex, pos=(cx - s * tex.width / 2, cy - s * tex.height / 2),
                          size=(s * tex.width, s * tex.height))

    # touches ---------------------------------------------------------------------
    def on_touch_down(self, touch):
        if self._touch is not None or self._anim is not None or self.vm is None:
            return False
        x, y = touch.x - self.center_x, touch.y - self.center_y
        if math.hypot(x, y) > self.radius * 1.05:
            return super().on_touch_down(touch)
        before = self.vm.message
        if self.vm.press(x, y, self.radius):
            self._touch = touch
            touch.grab(self)
            self.vm.shown = None
            self.redraw()
            return True
        if self.vm.message != before:  # refused: the panel shows why
            self.property("vm").dispatch(self)
        return True

    def on_touch_move(self, touch):
        if touch.grab_current is self and touch is self._touch:
            self.rotation = self.vm.drag(touch.x - self.center_x, touch.y - self.center_y)
            return True
        return super().on_touch_move(touch)

    def on_touch_up(self, touch):
        if touch.grab_current is self and touch is self._touch:
            touch.ungrab(self)
            self._touch = None
            held = self.vm.holding
            shown = self.vm.release()
            start = self.vm.returning_from
            if shown is not None:
                if self.sounds is not None:
                    self.sounds.play(held)
                buzz()
            self.rotation = start
            self._anim = Animation(rotation=0.0, d=return_seconds(start), t="linear")
            self._anim.bind(on_complete=lambda *_a: self._back(shown))
            self._anim.start(self)
            self.property("vm").dispatch(self)
            return True
        return super().on_touch_up(touch)

    def _back(self, shown) -> None:
        self._anim = None
        self.rotation = 0.0
        self.redraw()
        if shown is not None:
            self.dispatch("on_dialled", shown)

    def on_dialled(self, shown) -> None:
        pass


class DialPanel(BoxLayout):
    """The dial with the signal, large, and its meaning in the player's language:
    side by side in landscape, stacked in portrait. ``vm``: a :class:`DialVM`."""

    signal_text = StringProperty("")
    meaning_text = StringProperty("")
    card = StringProperty("")

    def __init__(self, vm: DialVM, sound_folder: str | Path | None = None, **kw):
        super().__init__(**kw)
        self.vm = vm
        self.padding = dp(12)
        self.spacing = dp(12)
        folder = Path(sound_folder) if sound_folder else Path(tempfile.gettempdir()) / "table-companion-dial"
        self.dial = DialWidget(vm=vm, sounds=DialSounds(folder))
        self.dial.bind(on_dialled=lambda *_a: self.refresh(), vm=lambda *_a: self.refresh(),
                       rotation=lambda *_a: self._busy_changed())
        side = BoxLayout(orientation="vertical", spacing=dp(8))
        self.signal_label = Label(font_size=sp(56), bold=True, color=(1, 1, 1, 1), halign="center",
                                  valign="middle", size_hint_y=0.35)
        self.meaning_label = Label(font_size=sp(22), halign="center", valign="top", size_hint_y=0.4)
        self.card_label = Label(font_size=sp(20), halign="center", valign="middle", size_hint_y=0.25,
                                color=(0.85, 0.85, 0.85, 1))
        for lab in (self.signal_label, self.meaning_label, self.card_label):
            lab.bind(size=lambda lab, s: setattr(lab, "text_size", (s[0], None)))
            side.add_widget(lab)
        self.side = side
        self.add_widget(self.dial)
        self.add_widget(side)
        self._orient()
        self.bind(size=self._orient)
        self.refresh()

    def _orient(self, *_a) -> None:
        landscape = self.width >= self.height
        self.orientation = "horizontal" if landscape else "vertical"
        self.dial.size_hint = (0.58, 1) if landscape else (1, 0.62)
        self.side.size_hint = (0.42, 1) if landscape else (1, 0.38)

    def _busy_changed(self) -> None:
        busy = self.dial._anim is not None or self.vm.holding is not None
        if busy != getattr(self, "_was_busy", None):
            self._was_busy = busy
            self.refresh()

    def refresh(self) -> None:
        """Re-read the view-model (after a call, a refusal or a language switch)."""
        vm = self.vm
        busy = self.dial._anim is not None or vm.holding is not None
        self.signal_label.text = vm.shown.window if vm.shown and not busy else ""
        # no signal in the window yet: its words take the room (never clipped on a short screen)
        self.signal_label.size_hint_y = 0.35 if self.signal_label.text else 0.05
        self.signal_label.color = WINDOW.get(vm.shown.signal, (1, 1, 1, 1)) if vm.shown else (1, 1, 1, 1)
        self.meaning_label.text = (word("dialling", vm.lang, n=vm.shown.call.number)
                                   if busy and vm.shown and vm.holding is None else vm.message)
        self.card_label.text = vm.card_text()
        self.dial.redraw()
