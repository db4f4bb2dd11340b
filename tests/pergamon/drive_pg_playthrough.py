"""Play a bundled Pergamon recording through the tablet app offscreen by its buttons
(ui.games.pergamon.playthrough): the start screen's game, recording and Start
buttons pressed by their labels, the recording's frames read by the app's camera
part, the Pergamon screen drawing the camera picture with its tags outlined.

    .venv/bin/python tests/pergamon/drive_pg_playthrough.py OUT_DIR [RECORDING] [--lang L] [--portrait]

Writes OUT_DIR/playthrough.json (the PlayThrough's fields, the camera overlays seen,
the journal's action sources) and OUT_DIR/playthrough_live.png (mid-game),
playthrough_end.png. Exit 0 when the scores equal the recording's truth, 4 when not.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "ui"))
from ui.app import prepare_env  # noqa: E402

prepare_env(headless=True)
from kivy.config import Config  # noqa: E402

PORTRAIT = "--portrait" in sys.argv
Config.set("graphics", "width", "800" if PORTRAIT else "1280")
Config.set("graphics", "height", "1280" if PORTRAIT else "800")
from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402,F401

from ui.app import build_app_class  # noqa: E402
from ui.games.pergamon.playthrough import play_through  # noqa: E402
from ui_driver import screenshot  # noqa: E402


def main(out: Path, recording: str, lang: str) -> int:
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="pg-play-"))
    App = build_app_class()
    app = App(lang=lang, settings_path=tmp / "settings.json", export_dir=tmp / "export", journal_dir=tmp / "games")
    report: dict = {"texts": {}}
    code = [4]

    def mid(_dt):
        scr = app.hosted_screens[0] if getattr(app, "hosted_screens", None) else None
        view = getattr(scr, "camera_view", None)
        if view is None or view.frames < 20 or not view._overlays:
            return True
        report["overlays"] = {"read": sum(1 for o in view._overlays if o.ok),
                              "unreadable": sum(1 for o in view._overlays if not o.ok),
                              "labels_shown": [lab.text for lab in view._labels if lab.text]}
        report["mid_actions"] = len(app.host.journal.actions())
        report["picture"] = [view.width, view.height, Window.width]
        screenshot(app, out / "playthrough_live.png", report["texts"], "live", lambda: None)
        return False

    def done(result):
        report.update(scores=result.scores, truth=result.truth, banner=result.banner, frames=result.frames,
                      pressed=result.pressed, error=result.error, ok=result.ok)
        if app.host is not None:
            report["sources"] = sorted({e.source for e in app.host.journal.events if e.kind == "action"})
            report["panels"] = [p.vp for p in app.hosted_screens[0].vm.players]
        code[0] = 0 if result.ok else 4

        def written():
            (out / "playthrough.json").write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
            app.stop()
        screenshot(app, out / "playthrough_end.png", report["texts"], "end", written)

    def begin(*_a):
        play_through(app, recording, done)
        Clock.schedule_interval(mid, 0.3)

    app.bind(on_start=lambda *_a: Clock.schedule_once(begin, 0.3))
    app.run()
    return code[0]


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    lang = sys.argv[sys.argv.index("--lang") + 1] if "--lang" in sys.argv else "en"
    args = [a for a in args if a != lang] if "--lang" in sys.argv else args
    rc = main(Path(args[0] if args else "docs/screenshots"), args[1] if len(args) > 1 else "pergamon-3p", lang)
    os._exit(rc)
