"""Play a bundled Penny Press recording through the app offscreen
(ui.games.penny_press.playthrough): its frames feed the app's camera part and
every player's tap is a press of the app's own button by its label:
penny-press-3p at 1280x800 in English, then penny-press-3p-hard (the same game
filmed harder, not offered on the start screen: its file typed) at 800x1280 in
Chinese.

    .venv/bin/python tests/ui/drive_pp_playthrough.py OUT_DIR

Writes OUT_DIR/report.json ({"runs": [{recording, lang, size, scores, truth, banner, result,
panels, frames, ticked, pressed, seconds, error, camera_w, window_w, picture_w, picture_h,
banner_shown}]}) and
OUT_DIR/pp_play_<lang>.png (the results screen at the end). One Kivy app per
process; used by tests/ui/test_pp_playthrough.py.
"""

from __future__ import annotations

import json
import sys
import tempfile
import traceback
from dataclasses import asdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(Path(__file__).resolve().parent)]

from ui.app import prepare_env  # noqa: E402

prepare_env(headless=True)
from kivy.config import Config  # noqa: E402

Config.set("graphics", "width", "1280")
Config.set("graphics", "height", "800")
from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402

from ui.app import build_app_class  # noqa: E402
from ui.games.penny_press.playthrough import play_through  # noqa: E402
from ui_driver import screenshot  # noqa: E402

RUNS = (("penny-press-3p", "en", (1280, 800)), ("penny-press-3p-hard", "zh", (800, 1280)))


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="ui-pp-play-"))
    App = build_app_class()
    app = App(lang="en", settings_path=tmp / "settings.json", export_dir=tmp / "export", journal_dir=tmp / "games")
    report: dict = {"runs": []}
    todo = list(RUNS)

    def finish():
        (out / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
        app.stop()

    def next_run(*_a):
        if not todo:
            finish()
            return
        recording, lang, size = todo.pop(0)
        Window.size = size
        app.set_lang(lang)

        def done(result):
            live = app.root.get_screen("live")
            row = {"recording": recording, "lang": lang, "size": list(size), **asdict(result), "window_w": Window.width,
                   "camera_w": live.ids.camera.width, "picture_w": live.ids.camera.image_rect()[2],
                   "picture_h": live.ids.camera.image_rect()[3], "banner_shown": live.ids.status.text}
            report["runs"].append(row)
            host = getattr(app, "host", None)
            if host is not None and host.camera is not None:
                host.camera.stop()
            screenshot(app, out / f"pp_play_{lang}.png", {}, lang, lambda: Clock.schedule_once(next_run, 0))

        play_through(app, recording, done)

    def on_start():
        try:
            Clock.schedule_once(next_run, 0.3)
        except Exception:
            (out / "error.txt").write_text(traceback.format_exc())
            app.stop()

    app.on_start = on_start
    app.run()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/pp-play"))
