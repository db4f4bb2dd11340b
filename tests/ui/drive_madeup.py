"""Drive the app offscreen with the made-up game of tests/madeup registered by this
script alone (issue 24, item 6): the start screen's game picker lists it, it starts
with two players on its own screen, a tap journals a pass.

    .venv/bin/python tests/ui/drive_madeup.py OUT_DIR

Writes OUT_DIR/report.json ({"picker": {lang: [names]}, "screen", "texts",
"journal", "actions", "errors"}) and OUT_DIR/madeup_start_en.png. One Kivy app per
process; used by tests/ui/test_ui_madeup_game.py.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from companion import registry  # noqa: E402

# the made-up game, registered here alone (no file outside tests/ names it)
registry.GAME_PACKAGES = registry.GAME_PACKAGES + ("madeup",)
registry._cache = None

from ui.app import prepare_env  # noqa: E402

prepare_env(headless=True)
from kivy.config import Config  # noqa: E402

Config.set("graphics", "width", "1280")
Config.set("graphics", "height", "800")

from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402,F401 (creates the window before the App)
from kivy.uix.button import Button  # noqa: E402

from ui.app import build_app_class  # noqa: E402
from ui_driver import screenshot, texts_of  # noqa: E402


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="ui-madeup-"))

    def no_session(cfg):
        raise AssertionError("the made-up game is hosted on its own screen: no camera session")

    App = build_app_class()
    app = App(session_factory=no_session, lang="en", camera=None, settings_path=tmp / "settings.json",
              export_dir=tmp / "export", journal_dir=tmp / "games")
    report: dict = {"picker": {}, "errors": []}
    start = lambda: app.root.get_screen("start")  # noqa: E731

    def picker(next_step):
        for lang in ("es", "en", "zh"):
            app.set_lang(lang)
            app.go("start")
            report["picker"][lang] = [w.text for w in start().ids.game.children][::-1]
        app.set_lang("en")
        screenshot(app, out / "madeup_start_en.png", {}, "start", next_step)

    def play(next_step):
        name = registry.get("made-up").name("en")
        next(w for w in start().ids.game.children if w.text == name).dispatch("on_release")
        rows = list(start().ids.players.children)[::-1]
        for row, who in zip(rows, ("Ana", "Bo")):
            row.ids.name.text = who
        start().ids.begin.dispatch("on_release")
        scr = app.root.current_screen
        report["screen"] = scr.name
        report["texts"] = texts_of(scr)
        report["journal"] = str(app.host.journal.path) if app.host else ""
        taps = [w for w in scr.walk(restrict=True) if isinstance(w, Button) and w.text == "Pass"]
        if taps:
            taps[0].dispatch("on_release")
        report["actions"] = [type(a).__name__ for a in app.host.journal.actions()] if app.host else []
        next_step()

    steps = [picker, play]

    def run_steps(i=0):
        if i >= len(steps):
            (out / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
            app.stop()
            return
        try:
            steps[i](lambda: Clock.schedule_once(lambda dt: run_steps(i + 1), 0))
        except Exception:  # noqa: BLE001  reported, then the next step
            import traceback
            report["errors"].append(traceback.format_exc())
            Clock.schedule_once(lambda dt: run_steps(i + 1), 0)

    Clock.schedule_once(lambda dt: run_steps(), 0.5)
    app.run()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
