"""Draw players' names of every script in the app offscreen, then type names into
the start screen.

    .venv/bin/python tests/ui/drive_glyphs.py OUT_DIR [--no-fallback]

1. benchmarks.reliability.glyphs_screen with the glyph part's samples (a name and a
   newspaper name per script): OUT_DIR/report.json (draw calls and boxes, each
   character against the .notdef glyphs, joining, order), OUT_DIR/labels.png.
   ``--no-fallback``: the default font only, as before the fallback chain; the
   driver stops there.
2. The app's start screen: names with a character no face draws typed into a
   player row, in es/en/zh (the refusal shown at once, Start refused), then names
   of every script (no refusal): OUT_DIR/typed.json, OUT_DIR/start_names.png.
One Kivy app per process; used by tests/ui/test_ui_glyphs.py.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))


def main(out: Path, fallback: bool) -> None:
    from benchmarks.reliability import glyphs, glyphs_screen

    out.mkdir(parents=True, exist_ok=True)
    (out / "samples.json").write_text(json.dumps(glyphs.SAMPLES + glyphs.MORE_SAMPLES, ensure_ascii=False),
                                      "utf-8")
    glyphs_screen.main(out, fallback=fallback)
    if not fallback:
        return
    typed(out)


def typed(out: Path) -> None:
    from kivy.clock import Clock

    from benchmarks.reliability import glyphs
    from ui.app import build_app_class
    from ui_driver import screenshot

    tmp = Path(tempfile.mkdtemp(prefix="ui-glyphs-"))

    def no_session(cfg):
        raise AssertionError("a refused name must not start a game")

    App = build_app_class()
    app = App(session_factory=no_session, lang="en", camera=0, settings_path=tmp / "settings.json",
              export_dir=tmp / "export", journal_dir=tmp / "games")
    report: dict = {"refused": [], "accepted": [], "errors": []}

    def start():
        return app.root.get_screen("start")

    def rows():
        return list(start().ids.players.children)[::-1]

    def step():
        try:
            app.go("start")
            for lang in ("es", "en", "zh"):
                app.set_lang(lang)
                for _kind, text, emoji in glyphs.REFUSED:
                    rows()[0].ids.name.text = "Ana"
                    rows()[1].ids.name.text = "Bo"
                    start()._say("")
                    rows()[1].ids.name.text = text  # as typed: said at once
                    shown_at_once = start().ids.error.text
                    start().ids.begin.dispatch("on_release")
                    report["refused"].append({"lang": lang, "text": text, "emoji": emoji, "shown": shown_at_once,
                                              "after_start": start().ids.error.text,
                                              "want": start().vm.glyph_problem(1),
                                              "screen": app.root.current})
                    rows()[1].ids.name.text = "Bo"
                    report["refused"][-1]["after_fix"] = start().ids.error.text
            app.set_lang("en")
            start()._say("")
            for _script, name, paper in glyphs.SAMPLES + glyphs.MORE_SAMPLES:
                rows()[0].ids.name.text = name
                if "paper" in rows()[0].ids:
                    rows()[0].ids.paper.text = paper
                report["accepted"].append({"name": name, "shown": start().error_text,
                                           "problem": start().vm.glyph_problem(0)})
            rows()[0].ids.name.text = "ليلى"
            rows()[1].ids.name.text = "สมชาย 🎲"
        except Exception:  # noqa: BLE001 - reported to the test
            import traceback

            report["errors"].append(traceback.format_exc())

        def done():
            (out / "typed.json").write_text(json.dumps(report, ensure_ascii=False, indent=1), "utf-8")
            app.stop()

        screenshot(app, out / "start_names.png", {}, "start", done)

    Clock.schedule_once(lambda dt: step(), 0.5)
    app.run()


if __name__ == "__main__":
    main(Path(sys.argv[1]), fallback="--no-fallback" not in sys.argv[2:])
