"""Play Turin Market's bundled recording through the app offscreen
(ui.games.turin_market.playthrough): its frames feed the app's camera part, the
recorded entries are made by pressing the app's own buttons by their label; at
1280x800 in English, then at 800x1280 in Chinese.

    .venv/bin/python tests/ui/drive_turin_playthrough.py OUT_DIR

Writes OUT_DIR/report.json ({"runs": [{lang, size, scores, truth, frames, pictures,
error, camera_h, camera_w, camera_over_width, camera_in_column, ...}]}) and OUT_DIR/tm_play_<lang>.png (the table with the
camera's picture at the end). One Kivy app per process; used by
tests/ui/test_turin_market_playthrough.py.
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
from ui.games.turin_market.playthrough import play_through  # noqa: E402
from ui_driver import screenshot  # noqa: E402

RUNS = (("en", (1280, 800)), ("zh", (800, 1280)))


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="ui-tm-play-"))
    App = build_app_class()
    app = App(lang="en", camera=None, settings_path=tmp / "settings.json", export_dir=tmp / "export",
              journal_dir=tmp / "games")
    report: dict = {"runs": []}
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
            table = app.root.get_screen("turin_table")
            cam = table.camera
            row = {"lang": lang, "size": list(size), "scores": result.scores, "truth": result.truth,
                   "frames": result.frames, "pictures": result.pictures, "error": result.error,
                   "camera_w": cam.width, "camera_h": cam.height, "window_w": Window.width,
                   "camera_over_width": cam.parent is table.ids.camera_wide.__self__ and table.ids.camera_wide.height > 0,
                   "camera_in_column": cam.parent is table.ids.camera_side.__self__ and table.ids.camera_side.width > 0,
                   "headline": table.headline}
            report["runs"].append(row)
            screenshot(app, out / f"tm_play_{lang}.png", {}, lang, lambda: Clock.schedule_once(next_run, 0))

        play_through(app, "turin-market-4p", done)

    def on_start():
        try:
            Clock.schedule_once(next_run, 0.3)
        except Exception:
            (out / "error.txt").write_text(traceback.format_exc())
            app.stop()

    app.on_start = on_start
    app.run()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/tm-play"))
