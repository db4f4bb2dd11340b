"""Run the tablet app offscreen and check its life-cycle wiring (ui.lifecycle).

    .venv/bin/python tests/android/drive_lifecycle.py OUT_DIR

Writes OUT_DIR/report.json. One Kivy app per process (tests/android/test_lifecycle.py).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ui.app import prepare_env  # noqa: E402

prepare_env(headless=True)
from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402

from ui.app import build_app_class  # noqa: E402


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    cls = build_app_class()
    app = cls(lang="en", camera=None, settings_path=out / "settings.json", journal_dir=out / "games")
    report: dict = {}

    def step(_dt):
        report["lifecycle"] = app.lifecycle is not None
        report["pause"] = app.on_pause()
        app.on_resume()
        app.go("settings")
        Window.dispatch("on_keyboard", 27, 0, None, [])
        report["back_from_settings"] = app.root.current
        report["back_on_start_handled"] = bool(app.lifecycle.back())
        (out / "report.json").write_text(json.dumps(report))
        Window.dispatch("on_keyboard", 27, 0, None, [])  # no game: Kivy closes the app

    def give_up(_dt):
        report["stopped"] = False
        (out / "report.json").write_text(json.dumps(report))
        app.stop()

    Clock.schedule_once(step, 0.5)
    Clock.schedule_once(give_up, 60)
    app.run()
    if "stopped" not in report:
        report["stopped"] = True
    (out / "report.json").write_text(json.dumps(report))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
