"""Drive Scoop's app screens offscreen (ui.games.scoop.screens.app_screens over a
journalled hidden-hands game, no camera): the table screen's buttons tapped (claim a
story), the telephone opened from it, a finger dragged from the hole of the number
due to the finger stop, then the table again (the card's value asked when the call
took a story). Screenshots of the table (en landscape, es, zh portrait) and of the
game's dial; the report gives texts, button sizes (dp) and the journal.

    .venv/bin/python tests/ui/drive_scoop_table.py OUT_DIR
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from ui.app import prepare_env  # noqa: E402

prepare_env(headless=True)
from kivy.config import Config  # noqa: E402

Config.set("graphics", "width", "1280")
Config.set("graphics", "height", "1280")
from kivy.app import App  # noqa: E402
from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from kivy.metrics import dp  # noqa: E402
from kivy.uix.button import Button  # noqa: E402
from kivy.uix.screenmanager import NoTransition, ScreenManager  # noqa: E402

from drive_scoop_dial import at_rest, drag_round, when  # noqa: E402
from companion.journal import Journal  # noqa: E402
from ui.fonts import register_default_font  # noqa: E402
from ui.games.scoop import screens as S  # noqa: E402
from ui.games.scoop.dial_vm import return_seconds, travel  # noqa: E402
from ui.hosting import GameHost  # noqa: E402
from ui.viewmodels.protocol import PlayerSetup  # noqa: E402

OUT = Path(sys.argv[1])
PLAYERS = [PlayerSetup("red", "Ana"), PlayerSetup("blue", "Bo"), PlayerSetup("green", "Chen")]


def buttons(screen):
    return [w for w in screen.walk(restrict=True) if isinstance(w, Button) and w.opacity > 0 and w.width > 0]


class Drive(App):
    def build(self):
        register_default_font()
        path = OUT / "scoop-table.sqlite"
        for f in OUT.glob("scoop-table.sqlite*"):
            f.unlink()
        self.host = GameHost(Journal.create(path, "scoop", S.new_setup(PLAYERS, 12)), "en", tuple(PLAYERS))
        self.sm = ScreenManager(transition=NoTransition())
        self.screens = S.app_screens(self.host)
        for scr in self.screens:
            self.sm.add_widget(scr)
        self.table, self.dial = self.screens
        return self.sm

    def on_start(self):
        self.report = {"steps": []}
        Window.size = (1280, 800)
        Clock.schedule_once(lambda _dt: self.shot("scoop_table_en_1280x800", self.claim), 0.4)

    def note(self, step):
        scr = self.sm.current_screen
        bs = buttons(scr)
        self.report["steps"].append({
            "step": step, "screen": scr.name, "prompt": self.table.prompt.text, "message": self.table.message.text,
            "buttons": [b.text for b in bs], "min_button_dp": min((b.height / dp(1) for b in bs), default=0),
            "actions": len(self.host.journal.actions())})

    def press(self, label):
        b = next(b for b in buttons(self.sm.current_screen) if b.text == label)
        b.dispatch("on_release")

    def claim(self):
        self.note("start")
        vm = self.table.vm
        self.press(next(c.label for c in vm.choices() if c.key == "menu:claim"))
        self.note("claim menu")
        kind = next(c for c in vm.choices() if c.key.startswith("claim:") and not c.key.startswith("claim:ad-"))
        self.kind = kind.key.split(":")[1]
        self.press(kind.label)
        self.note("claimed")
        self.host.lang = "es"
        self.table.refresh()
        Clock.schedule_once(lambda _dt: self.shot("scoop_table_call_es_1280x800", self.telephone), 0.3)

    def telephone(self):
        self.host.lang = "en"
        self.table.refresh()
        vm = self.table.vm
        self.press(next(c.label for c in vm.choices() if c.key == "dial"))
        self.note("telephone")
        self.number = self.host.state.pending["number"]
        when(lambda: at_rest(self.dial.panel.dial), lambda: self.dial_it(0))  # the dial screen laid out

    def dial_it(self, _dt):
        widget = self.dial.panel.dial
        # read the window once the wheel has run back (however long that takes under load)
        def on_dialled(*_a):  # returns None: the panel's own handler runs too
            Clock.schedule_once(self.dialled, 0.3)

        widget.bind(on_dialled=on_dialled)
        rot = drag_round(widget, self.number)
        self.report["dial"] = {"number": self.number, "rotation": rot, "travel": travel(self.number),
                               "expected_run_back_s": return_seconds(rot)}

    def dialled(self, _dt):
        self.report["dial"].update({"busy": self.dial.panel.dial._anim is not None,
                                    "window": self.dial.panel.signal_label.text,
                                    "meaning": self.dial.panel.meaning_label.text,
                                    "calls": [c.to_dict() for c in self.dial.panel.vm.calls]})
        self.note("dialled")
        self.shot("scoop_dial_game_en_1280x800", self.back_to_table)

    def back_to_table(self):
        self.press(next(b.text for b in buttons(self.dial) if b.text == "Table"))
        self.note("table again")
        vm = self.table.vm
        vals = [c for c in vm.choices() if c.key.startswith("value:")]
        self.report["value_asked"] = [c.label for c in vals]
        if vals:
            self.shot("scoop_table_value_en_1280x800", lambda: self.tap_value(vals[-1]))
        else:
            self.portrait()

    def tap_value(self, choice):
        self.press(choice.label)
        self.note("value tapped")
        self.portrait()

    def portrait(self):
        Window.size = (800, 1280)
        self.host.lang = "zh"
        Clock.schedule_once(lambda _dt: (self.table.refresh(),
                                         Clock.schedule_once(lambda _d: self.shot("scoop_table_zh_800x1280",
                                                                                  self.finish), 0.4)), 0.2)

    def shot(self, name, then):
        def on_flip(*_a):
            Window.unbind(on_flip=on_flip)
            written = Window.screenshot(str(OUT / f"{name}.png"))
            if written:
                os.replace(written, OUT / f"{name}.png")
            Clock.schedule_once(lambda _dt: then(), 0)
        Window.bind(on_flip=on_flip)
        Window.canvas.ask_update()

    def finish(self):
        self.note("zh")
        from companion.games.scoop import engine

        self.report["journal"] = [engine.action_to_dict(a) for a in self.host.journal.actions()]
        (OUT / "report.json").write_text(json.dumps(self.report, ensure_ascii=False, indent=1), encoding="utf-8")
        self.stop()


if __name__ == "__main__":
    Drive().run()
    os._exit(0)
