"""Play Scoop's bundled recording through the app offscreen
(ui.games.scoop.playthrough): its frames feed the app's camera part, the recorded
entries are made by pressing the app's own buttons by their label (and dialling on
the drawn dial's holes); at 1280x800 in English, then at 800x1280 in Chinese.

    .venv/bin/python tests/ui/drive_scoop_playthrough.py OUT_DIR

Writes OUT_DIR/report.json ({"runs": [{lang, size, scores, truth, frames, pictures,
pressed, banner, error, sources, camera_w, window_w}], "hidden": ...}) and
OUT_DIR/scoop_play_<lang>.png (the table at the end). One Kivy app per process;
used by tests/ui/test_scoop_playthrough.py.
"""

from __future__ import annotations

import json
import sys
import tempfile
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(Path(__file__).resolve().parent)]

from ui.app import prepare_env  # noqa: E402

prepare_env(headless=True)
from kivy.config import Config  # noqa: E402

Config.set("graphics", "width", "1280")
Config.set("graphics", "height", "1280")
from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402

from ui.app import build_app_class  # noqa: E402
from ui.games.scoop.playthrough import PlayThroughError, play_through, press  # noqa: E402
from ui_driver import screenshot  # noqa: E402

RUNS = (("en", (1280, 800)), ("zh", (800, 1280)))


def hidden_button_fails() -> dict:
    """A button that is there but hidden (opacity 0) or disabled is not pressed."""
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.button import Button

    box = BoxLayout(size=(400, 100))
    hits = []
    for text, kw in (("hidden", {"opacity": 0}), ("off", {"disabled": True}), ("there", {})):
        b = Button(text=text, size=(100, 100), **kw)
        b.bind(on_release=lambda b: hits.append(b.text))
        box.add_widget(b)
    out = {}
    for text in ("hidden", "off", "there"):
        try:
            press(box, text)
            out[text] = "pressed"
        except PlayThroughError as exc:
            out[text] = str(exc)
    out["hits"] = hits
    return out


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="ui-scoop-play-"))
    App = build_app_class()
    app = App(lang="en", camera=None, settings_path=tmp / "settings.json", export_dir=tmp / "export",
              journal_dir=tmp / "games")
    report: dict = {"runs": [], "hidden": hidden_button_fails()}
    todo = list(RUNS)

    def finish():
        (out / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
        app.stop()

    def next_run(*_a):
        if not todo:
            finish()
            return
        lang, size = todo.pop(0)
        Window.size = size
        app.set_lang(lang)

        def done(result):
            row = {"lang": lang, "size": list(size), "scores": result.scores, "truth": result.truth,
                   "frames": result.frames, "pictures": result.pictures, "error": result.error,
                   "pressed": result.pressed, "banner": result.banner, "window_w": Window.width}
            host = app.host
            if host is not None:
                # who journalled each action: "camera" (the frames) or the players' taps
                row["sources"] = [e.source for e in host.journal.events if e.kind == "action"]
                row["actions"] = [e.payload for e in host.journal.events if e.kind == "action"]
                table = next((s for s in app.hosted_screens if type(s).__name__ == "TableScreen"), None)
                row["camera_w"] = table.camera.width if table is not None and table.camera is not None else 0
                row["end_message"] = table.message.text if table is not None else ""
            report["runs"].append(row)
            screenshot(app, out / f"scoop_play_{lang}.png", {}, lang, lambda: Clock.schedule_once(next_run, 0))

        play_through(app, "scoop-4p", done, timeout_s=420)  # two runs in the pool's 900 s: a stuck wait says where

    def on_start():
        try:
            Clock.schedule_once(next_run, 0.3)
        except Exception:
            (out / "error.txt").write_text(traceback.format_exc())
            app.stop()

    app.on_start = on_start
    app.run()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/scoop-play"))
