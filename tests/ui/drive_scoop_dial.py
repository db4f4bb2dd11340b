"""Drive Scoop's dial widget offscreen with real touches (Kivy's UnitTestTouch through
the window): a number not on the card refused, a short turn that dials nothing, then
a finger in the hole of 5 dragged round to the finger stop and let go; after the run
back the signal shown is read from the widgets. Screenshots in landscape (en) and
portrait (zh).

    .venv/bin/python tests/ui/drive_scoop_dial.py OUT_DIR
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from ui.app import prepare_env  # noqa: E402

prepare_env(headless=True)
if os.environ.get("UI_DRIVE_DEBUG"):
    os.environ["KIVY_NO_CONSOLELOG"] = "0"
from kivy.config import Config  # noqa: E402

Config.set("graphics", "width", "1280")
Config.set("graphics", "height", "1280")  # the largest size first: smaller ones draw in full
from kivy.app import App  # noqa: E402
from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from kivy.tests.common import UnitTestTouch  # noqa: E402

from companion.games.scoop.catalog import load_catalog  # noqa: E402
from companion.games.scoop.dial import Dial, load_wheel  # noqa: E402
from ui.fonts import register_default_font  # noqa: E402
from ui.games.scoop.dial import DialPanel  # noqa: E402
from ui.games.scoop.dial_vm import DialVM, hole_angle, return_seconds, travel  # noqa: E402

OUT = Path(sys.argv[1])
SEED = "5c" * 32
#: the numbers on three telephone cards of the game's data (society, politics, crime)
NUMBERS = tuple(sorted(load_catalog().story_types[t] for t in ("society", "politics", "crime")))


def drag_round(dial, number, fraction=1.0, overshoot=20.0):
    """A finger in the hole of ``number`` turned clockwise ``fraction`` of the way to
    the stop (plus ``overshoot`` deg: the stop holds it), in 5-degree steps."""
    R = 0.74 * dial.radius
    cx, cy = dial.center
    start = hole_angle(number)
    x, y = dial.hole_pos(number)
    t = UnitTestTouch(x, y)
    t.touch_down()
    total = fraction * travel(number) + (overshoot if fraction >= 1 else 0)
    steps = max(1, int(total // 5))
    for i in range(1, steps + 1):
        a = math.radians(start - total * i / steps)
        t.touch_move(cx + R * math.cos(a), cy + R * math.sin(a))
    rotation = dial.rotation
    t.touch_up()
    return rotation


def when(ready, then):
    """Call ``then()`` at the first frame at which ``ready()`` is true (checked every
    frame: however long the app takes on a busy machine, never a fixed delay)."""
    def check(_dt):
        if not ready():
            return None
        then()
        return False  # unscheduled

    Clock.schedule_interval(check, 0)


def at_rest(dial) -> bool:
    """The dial laid out in the window (not Kivy's default 100x100) and still: no
    finger on it, not running back (it takes no touch until then)."""
    return (dial.get_root_window() is not None and min(dial.size) > 150 and dial._anim is None
            and dial._touch is None)


class Drive(App):
    def build(self):
        register_default_font()
        self.vm = DialVM(numbers=NUMBERS, dial=Dial(load_wheel(), seed=SEED), lang="en")
        self.panel = DialPanel(self.vm, sound_folder=OUT / "sounds")
        return self.panel

    def on_start(self):
        self.report = {"numbers": list(NUMBERS)}
        Window.size = (1280, 800)
        when(lambda: tuple(self.panel.size) == tuple(Window.size) and at_rest(self.panel.dial),
             lambda: self.step_refused(0))

    def step_refused(self, _dt):
        dial = self.panel.dial
        x, y = dial.hole_pos(4)
        t = UnitTestTouch(x, y)
        t.touch_down()
        t.touch_up()
        self.report["refused"] = {"message": self.panel.meaning_label.text, "calls": len(self.vm.calls),
                                  "rotation": dial.rotation}
        rot = drag_round(dial, NUMBERS[-1], fraction=0.15)
        self.report["short"] = {"rotation": rot, "calls": len(self.vm.calls)}
        when(lambda: at_rest(dial), lambda: self.step_dial(0))  # the short turn has run back

    def step_dial(self, _dt):
        dial = self.panel.dial
        self.report["short"]["message"] = self.panel.meaning_label.text
        dial.bind(on_dialled=self.dialled)
        rot = drag_round(dial, 5)
        self.t0 = time.monotonic()
        self.report["dial"] = {"rotation_at_release": rot, "travel": travel(5),
                               "signal_during_run_back": self.panel.signal_label.text}

    def dialled(self, _dial, shown):
        self.shown = shown
        self.run_back = time.monotonic() - self.t0
        Clock.schedule_once(self.read_dialled, 0)  # after the panel's own handler

    def read_dialled(self, _dt):
        shown = self.shown
        self.report["dial"].update({
            "run_back_s": self.run_back, "expected_run_back_s": return_seconds(travel(5)),
            "signal": shown.signal, "window": self.panel.signal_label.text,
            "meaning": self.panel.meaning_label.text, "calls": [c.to_dict() for c in self.vm.calls],
            "clicks_played": self.panel.dial.sounds.played})
        Clock.schedule_once(lambda _dt: self.shot("scoop_dial_en_1280x800", self.portrait), 0.2)

    def portrait(self):
        Window.size = (800, 1280)
        self.vm.set_lang("zh")
        self.panel.refresh()
        self.report["zh"] = {"window": self.panel.signal_label.text, "meaning": self.panel.meaning_label.text,
                             "orientation": self.panel.orientation}
        Clock.schedule_once(lambda _dt: self.shot("scoop_dial_zh_800x1280", self.finish), 0.5)

    def shot(self, name, then):
        def on_flip(*_a):
            Window.unbind(on_flip=on_flip)
            written = Window.screenshot(str(OUT / f"{name}.png"))  # it adds a counter
            if written:
                os.replace(written, OUT / f"{name}.png")
            Clock.schedule_once(lambda _dt: then(), 0)
        Window.bind(on_flip=on_flip)
        Window.canvas.ask_update()

    def finish(self):
        (OUT / "report.json").write_text(json.dumps(self.report, ensure_ascii=False, indent=1), encoding="utf-8")
        self.stop()


if __name__ == "__main__":
    Drive().run()
    os._exit(0)
