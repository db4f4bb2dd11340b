"""Drive the tablet app offscreen through a whole scripted game and save a
screenshot of each screen plus the texts of its widget tree.

    .venv/bin/python tests/ui/drive_app.py OUT_DIR [--lang en]

Writes OUT_DIR/<screen>.png and OUT_DIR/report.json ({"texts": {shot: [...]},
"checks": {...}}). Run in its own process (one Kivy app per process); used by
tests/ui/test_ui_app.py, and with OUT_DIR=docs/screenshots for the README.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ui.app import prepare_env  # noqa: E402

prepare_env(headless=True)
if os.environ.get("UI_DRIVE_DEBUG"):  # show Kivy's log on the console
    os.environ.pop("KIVY_NO_CONSOLELOG", None)
from kivy.config import Config  # noqa: E402

Config.set("graphics", "width", "1280")
Config.set("graphics", "height", "800")

from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402,F401 (creates the window before the App)

from ui.app import build_app_class  # noqa: E402
from fake_session import FakeSession  # noqa: E402
from ui_driver import screenshot  # noqa: E402


def find(widget, pred):
    for w in widget.walk(restrict=True):
        if pred(w):
            return w
    raise LookupError("widget not found")


def main(out: Path, lang: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="ui-drive-"))
    sessions: list[FakeSession] = []

    def factory(cfg):
        s = FakeSession(cfg, out_dir=tmp / "prints", period=1 / 20)
        sessions.append(s)
        return s

    App = build_app_class()
    app = App(session_factory=factory, lang=lang, settings_path=tmp / "settings.json",
              export_dir=tmp / "export", journal_dir=tmp / "games")
    report: dict = {"texts": {}, "checks": {}, "timing": {}}
    t0 = time.perf_counter()
    steps = []

    def shot(name):
        def run(next_step):
            screenshot(app, out / f"{name}.png", report["texts"], name, next_step)
        return run

    def do(fn, wait=0.0):
        def run(next_step):
            fn()
            Clock.schedule_once(lambda dt: next_step(), wait)
        return run

    def scr(name):
        return app.root.get_screen(name)

    # 1. start screen: refuse empty names, then fill and start
    def start_empty():
        scr("start").begin()
        report["checks"]["start_error"] = scr("start").error_text

    def fill_players():
        scr("start").ids.recording.text = "typed/path.mp4"
        rows = [w for w in scr("start").ids.players.children][::-1]
        for row, (n, p) in zip(rows, [("Ana", "El Heraldo"), ("Bo", "Daily Bugle")]):
            row.ids.name.text, row.ids.paper.text = n, p
        scr("start").add_player()
        rows = [w for w in scr("start").ids.players.children][::-1]
        rows[2].ids.name.text, rows[2].ids.paper.text = "Chen", "晨报"
        rows[1].ids.first.state = "down"  # Bo starts
        report["checks"]["typed_recording_kept"] = scr("start").ids.recording.text
        scr("start").ids.recording.text = ""

    def begin():
        scr("start").ids.begin.dispatch("on_release")
        report["checks"]["after_begin"] = app.root.current
        report["checks"]["players"] = [p.name for p in sessions[0].players]
        report["checks"]["first_player"] = sessions[0].config.first_player

    def step(n=1):
        def f():
            for _ in range(n):
                sessions[0].step()
        return f

    def first_frame_check():
        report["checks"]["frames_shown"] = app.game.live_vm.frames_shown
        cam = scr("live").ids.camera
        ov = next(o for o in cam._overlays if o.label == "crime-B1")
        x0, y0, w, h = cam.image_rect()
        u = sum(p[0] for p in ov.points) / len(ov.points)
        v = sum(p[1] for p in ov.points) / len(ov.points)
        touch = type("Touch", (), {"pos": (x0 + u * w, y0 + (1 - v) * h)})()
        report["checks"]["tap_handled"] = cam.on_touch_down(touch)
        report["checks"]["tap_screen"] = app.root.current
        report["checks"]["tap_selected"] = app.game.corrections_vm.selected_story
        app.go("live")
        report["checks"]["labels_hidden"] = not [lab.text for lab in scr("live").ids.camera._labels if lab.text]
        scr("live").ids.details.state = "down"  # "camera details" shows the tag labels
        scr("live").ids.camera.show_labels = True
        scr("live").ids.camera._redraw()
        report["checks"]["overlay_labels"] = [lab.text for lab in scr("live").ids.camera._labels if lab.text]

    # 3. corrections: vision saw 2 red reporters on crime-D3, there is 1
    def correct():
        app.go("corrections")
        c = scr("corrections")
        btn = find(c, lambda w: getattr(w, "ident", None) == "crime-D3")
        btn.dispatch("on_release")
        find(c, lambda w: getattr(w, "colour", None) == "red" and hasattr(w, "group")).dispatch("on_release")
        c.ids.minus.dispatch("on_release")  # the stepper: 2 seen -> 1
        c.ids.set_reporters.dispatch("on_release")
        report["checks"]["corrected"] = c.vm.reporters_on("crime-D3", "red")
        report["checks"]["correction_status"] = c.ids.status.text
        report["checks"]["events_after_correction"] = sessions[0].events[-1]

    def undo():
        c = scr("corrections")
        report["checks"]["undo_label"] = c.ids.undo.text
        c.ids.undo.dispatch("on_release")
        report["checks"]["undo_question"] = app.asking.question if app.asking else ""
        app.asking.ids.yes.dispatch("on_release")
        report["checks"]["after_undo"] = c.vm.reporters_on("crime-D3", "red")
        report["checks"]["undo_status"] = c.ids.status.text

    def press():
        app.go("press")
        p = scr("press")
        next(w for w in p.ids.chooser.children if getattr(w, "colour", None) == "green").dispatch("on_release")
        p.ids["print"].dispatch("on_release")
        report["checks"]["print_question"] = app.asking.question
        app.asking.ids.yes.dispatch("on_release")
        report["checks"]["press_job"] = p.ids.job.text
        report["checks"]["press_claimed"] = p.ids.claimed.text
        report["checks"]["print_files"] = sorted(x.name for x in (tmp / "prints").glob("*.png"))

    def scores():
        app.go("scores")
        s = scr("scores")
        s.ids.export.dispatch("on_release")
        report["checks"]["export_status"] = s.ids.status.text
        # print and BG Stats are the table kit's end panel (a real game's end:
        # tests/ui/test_pp_playthrough.py); the fake session keeps no journal to send
        report["checks"]["end_panel"] = type(s.end).__name__
        report["checks"]["own_end_buttons"] = sorted(k for k in ("print_final", "bgstats") if k in s.ids)
        report["checks"]["chart_lines"] = {k: len(v) for k, v in s.ids.chart.lines.items()}

    def tap_text(box, text):
        next(w for w in box.walk(restrict=True) if getattr(w, "text", None) == text).dispatch("on_release")

    def settings_pick():
        """Pick a TM-T88V in the profile spinner: what follows shows before Save;
        Cancel, and leaving the screen, drop the pick."""
        app.go("settings")
        st = scr("settings")
        c = report["checks"]
        c["pick_before"] = st.ids.printer_facts.text
        tap_text(st.ids.width, "80 mm")
        c["pick_80"] = st.ids.printer_facts.text
        st.ids.profile.text = "TM-T88V"                      # the spinner's pick
        c["pick_facts"] = st.ids.printer_facts.text
        c["pick_paper"] = [w.text for w in st.ids.width.children if w.state == "down"]
        c["pick_status"] = st.ids.status.text
        c["pick_saved_profile"] = app.settings_vm.settings.printer.profile
        st.ids.cancel.dispatch("on_release")
        c["cancel_profile"], c["cancel_facts"] = st.ids.profile.text, st.ids.printer_facts.text
        st.ids.profile.text = "TM-T88V"
        app.go("live")
        app.go("settings")                                   # back: the pick is gone
        c["back_profile"], c["back_facts"] = st.ids.profile.text, st.ids.printer_facts.text
        c["back_cancel_disabled"] = st.ids.cancel.disabled

    def settings():
        app.go("settings")
        st = scr("settings")
        tap_text(st.ids.width, "80 mm")
        st.ids.save.dispatch("on_release")
        report["checks"]["saved_width"] = app.settings_vm.settings.printer.width
        report["checks"]["saved_profile"] = app.settings_vm.settings.printer.profile
        report["checks"]["settings_status"] = st.ids.status.text
        st.ids.check.dispatch("on_release")
        report["checks"]["tag_report"] = st.ids.tag_report.text

    def to_zh():
        """Switch the language on the settings screen, as a player would."""
        st = scr("settings")
        tap_text(st.ids.lang, "中文")
        st.ids.save.dispatch("on_release")
        report["checks"]["lang_after_settings"] = app.lang
        app.go("live")

    steps += [do(start_empty), do(fill_players), shot("start"), do(begin, 0.1), do(step(1), 0.4),
              do(first_frame_check), shot("live"), do(correct), shot("corrections"), do(undo),
              do(step(4), 0.1), do(press), shot("press"), do(step(4), 0.1), do(scores), shot("scores"),
              do(settings_pick), do(settings), shot("settings"), do(to_zh, 0.3), shot("live_zh")]

    def run_next(i=0):
        if i >= len(steps):
            report["timing"]["total_s"] = time.perf_counter() - t0
            (out / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
            app.stop()
            return
        steps[i](lambda: run_next(i + 1))

    def on_start(*_a):
        Clock.schedule_once(lambda dt: run_next(), 0.2)

    app.bind(on_start=on_start)
    app.run()


if __name__ == "__main__":
    args = sys.argv[1:]
    lang = "en"
    if "--lang" in args:
        i = args.index("--lang")
        lang = args[i + 1]
        del args[i:i + 2]
    main(Path(args[0] if args else "docs/screenshots"), lang)
    os._exit(0)
