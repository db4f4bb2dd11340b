"""Drive Scoop's app screens offscreen (ui.games.scoop.screens.app_screens over a
journalled hidden-hands game, no camera): the table screen's buttons tapped (claim a
story), the telephone opened from it (whose call it is named on his colour), a finger
dragged from the hole of the number due to the finger stop, then the table again by
itself (the card's value asked when the call took a story); the undo asked for (the
call refused, with why); then the same table with a camera picture (a frame with a
tag outlined); last a second call, Table pressed at once and the dial opened again (it
stays: the call's return to the table does not cut it short). Screenshots of the table (en landscape, es, zh portrait), of the
game's dial and of the camera table; the report gives texts, colours, button sizes
(dp), clipped labels and the journal.

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
from kivy.properties import StringProperty  # noqa: E402
from kivy.uix.button import Button  # noqa: E402
from kivy.uix.screenmanager import NoTransition, ScreenManager  # noqa: E402

from drive_scoop_dial import at_rest, drag_round, when  # noqa: E402
from companion.journal import Journal  # noqa: E402
from ui.fonts import register_default_font  # noqa: E402
from ui.games.scoop import screens as S  # noqa: E402
from ui.games.scoop.dial_vm import return_seconds, travel  # noqa: E402
from ui.games.scoop.playthrough import dial_number, dial_ready  # noqa: E402
from ui.hosting import GameHost  # noqa: E402
from ui.viewmodels.protocol import PlayerSetup  # noqa: E402

OUT = Path(sys.argv[1])
PLAYERS = [PlayerSetup("red", "Ana"), PlayerSetup("blue", "Bo"), PlayerSetup("green", "Chen")]


def buttons(screen):
    return [w for w in screen.walk(restrict=True) if isinstance(w, Button) and w.opacity > 0 and w.width > 0]


def engine_dict(action) -> dict:
    from companion.games.scoop import engine

    return engine.action_to_dict(action)


class Drive(App):
    lang = StringProperty("en")  # the kit's rules (common.kv) read app.lang

    def build(self):
        register_default_font()
        from kivy.lang import Builder

        Builder.load_file(str(ROOT / "ui" / "screens" / "common.kv"))  # the table kit, as the app loads it
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
        from kivy.uix.label import Label

        scr = self.sm.current_screen
        bs = buttons(scr)
        clipped = [w.text for w in scr.walk(restrict=True) if isinstance(w, Label) and w.text and w.opacity > 0
                   and w.texture_size[1] > w.height + 1 and w.text_size[0]]
        self.report["steps"].append({
            "step": step, "screen": scr.name, "prompt": self.table.prompt.text, "message": self.table.message.text,
            "banner_rgba": list(self.table.prompt.bg), "actor_colour": self.table.vm.actor_colour(),
            "panels": [t for _c, t, _a in self.table.vm.player_panels()],
            "who": self.dial.who.text, "who_rgba": list(self.dial.who.bg),
            "buttons": [b.text for b in bs], "min_button_dp": min((b.height / dp(1) for b in bs), default=0),
            "clipped": clipped, "actions": len(self.host.journal.actions()),
            "undo": [self.table.undo_button.text, self.table.undo_button.disabled]})

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
            widget.unbind(on_dialled=on_dialled)  # this call's only
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
        self.shot("scoop_dial_game_en_1280x800", self.wait_table)

    def wait_table(self, waited=0.0):
        """The table comes back by itself once the call is made (no "Table" tap)."""
        if self.sm.current != self.table.name and waited < 20:
            Clock.schedule_once(lambda _dt: self.wait_table(waited + 0.25), 0.25)
            return
        self.report["auto_back"] = self.sm.current == self.table.name
        self.back_to_table()

    def back_to_table(self):
        self.note("table again")
        vm = self.table.vm
        vals = [c for c in vm.choices() if c.key.startswith("value:")]
        self.report["value_asked"] = [c.label for c in vals]
        if vals:
            self.shot("scoop_table_value_en_1280x800", lambda: self.tap_value(vals[-1]))
        else:
            self.portrait()

    def tap_value(self, choice):
        from kivy.app import App

        self.press(choice.label)
        self.note("value tapped")
        self.table.undo_button.dispatch("on_release")  # the card's value: asked first, the call stays
        ask = getattr(App.get_running_app(), "asking", None)
        self.report["undo_question"] = getattr(ask, "question", "")
        if ask is not None:
            ask.answer(True)
        self.note("value taken back")
        self.table.undo_button.dispatch("on_release")  # nothing more until the value is tapped again: says why
        self.note("undo asked")
        self.press(choice.label)
        self.note("value again")
        self.report["journal_again"] = [engine_dict(a) for a in self.host.journal.actions()]
        self.portrait()

    def second_call(self):
        """The next call made, Table pressed at once and the dial opened again before
        the first call's return is due: the dial stays (the stale return cancelled)."""
        self.sm.current = self.table.name
        vm = self.table.vm
        claim = next((c for c in vm.choices() if c.key == "menu:claim"), None)
        if claim is None:
            self.report["second_call"] = "no claim offered: " + ", ".join(c.key for c in vm.choices())
            self.write()
            return
        self.press(claim.label)
        kind = next(c for c in vm.choices() if c.key.startswith("claim:") and not c.key.startswith("claim:ad-"))
        self.press(kind.label)
        self.press(next(c.label for c in vm.choices() if c.key == "dial"))
        number = self.host.state.pending["number"]
        widget = self.dial.panel.dial

        def dial_now():
            def on_dialled(*_a):
                widget.unbind(on_dialled=on_dialled)
                Clock.schedule_once(lambda _dt: self.back_and_again(), 0)
            widget.bind(on_dialled=on_dialled)
            try:
                dial_number(widget, number)
            except Exception as exc:  # noqa: BLE001  reported: the test says what failed
                self.report["second_call"] = repr(exc)
                self.write()
        when(lambda: dial_ready(widget), lambda: Clock.schedule_once(lambda _dt: dial_now(), 0.5))

    def back_and_again(self):
        from ui.games.scoop import texts as T

        label = T.tr("b.table", self.host.lang)
        back = next((b for b in buttons(self.dial) if b.text == label), None)
        if back is None:
            self.report["second_call"] = f"no {label!r} on the dial: {[b.text for b in buttons(self.dial)]}"
            self.write()
            return
        back.dispatch("on_release")
        self.report["second_call_back"] = self.sm.current
        self.sm.current = self.dial.name  # the dial opened again at once (as its choice does)

        def check(_dt):
            self.report["second_call"] = self.sm.current
            if self.sm.current == self.dial.name:
                back.dispatch("on_release")
            Clock.schedule_once(lambda _d: self.write(), 0.2)
        Clock.schedule_once(check, S.BACK_AFTER_CALL_S + 1.0)

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
        self.camera_table()

    def camera_table(self):
        """The table with a camera picture: a frame with one read tag, drawn full
        width in portrait, beside the buttons in landscape."""
        import numpy as np

        from ui.games.scoop.table_vm import TableVM

        scr = S.TableScreen(TableVM(self.host, "en"), name="scoop_camera", show_camera=True)
        self.sm.add_widget(scr)
        self.sm.current = "scoop_camera"
        frame = np.full((360, 640, 3), 90, np.uint8)
        tag = {"corners_px": [(100, 100), (160, 100), (160, 160), (100, 160)], "status": "ok",
               "component": "C:sport-photo", "reason": None, "payload": "x"}
        self.report["camera_sizes"] = {}

        def measure(name, then):
            def go(_dt):
                try:
                    scr.show_frame(frame, [tag])
                except Exception as exc:  # noqa: BLE001  reported, the test says what failed
                    self.report["camera_error"] = repr(exc)
                self.report["camera_sizes"][name] = {
                    "camera": [scr.camera.width, scr.camera.height], "window": list(Window.size),
                    "texture": list(scr.camera.texture.size) if scr.camera.texture is not None else None,
                    "overlays": len(scr.camera._overlays)}
                self.shot(name, then)
            Clock.schedule_once(go, 0.4)

        measure("scoop_table_camera_en_800x1280", lambda: self.landscape_camera(measure))

    def landscape_camera(self, measure):
        Window.size = (1280, 800)
        self.host.lang = "en"
        measure("scoop_table_camera_en_1280x800", self.second_call)

    def write(self):
        from companion.games.scoop import engine

        self.report["journal"] = [engine.action_to_dict(a) for a in self.host.journal.actions()]
        (OUT / "report.json").write_text(json.dumps(self.report, ensure_ascii=False, indent=1), encoding="utf-8")
        self.stop()


if __name__ == "__main__":
    Drive().run()
    os._exit(0)
