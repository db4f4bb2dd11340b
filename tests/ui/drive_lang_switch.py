"""Drive the app offscreen into each hosted game played by taps (Turin Market,
Pergamon, Scoop: each bundled recording's real game resumed mid-game and at its
end), switch the language from English to Spanish through Settings (the
language's button, Save) and go back to the table by the bar's "Table" button, as
a player does from the end panel's "Printer settings" (at the end: that button;
mid-game: Settings shown by the app); then switch straight to Chinese on the
table. Note every text on the table before and after each switch (banner, player
panels, lists, the "more below" lines).

    .venv/bin/python tests/ui/drive_lang_switch.py OUT_DIR

Writes OUT_DIR/report.json ({"games": {game: {...}}, "errors": [...]}). One Kivy
app per process; used by tests/ui/test_lang_switch_table.py (tests/ui/driver_pool.py).
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ui.app import prepare_env  # noqa: E402

prepare_env(headless=True)
from kivy.config import Config  # noqa: E402

# a small landscape tablet (1024x600 px at 1.5 px per dp): every table's page or
# lists run on below, so their "more below" lines are shown
Config.set("graphics", "width", "1024")
Config.set("graphics", "height", "600")

from kivy.clock import Clock  # noqa: E402

from drive_endgame import journal_of  # noqa: E402
from ui import i18n  # noqa: E402
from ui.app import build_app_class  # noqa: E402
from ui.screens.common import EndgamePanel  # noqa: E402
from ui_driver import texts_of  # noqa: E402

#: the bundled recording of each game played by taps, and how many of its moves are made
DENSITY = 1.5
GAMES = {"turin-market": ("turin-market-4p", 6), "pergamon": ("pergamon-3p", 4), "scoop": ("scoop-4p", 6),
         # at its end, where the end panel's "Printer settings" leads (Turin Market's payouts)
         "turin-market@end": ("turin-market-4p", None), "pergamon@end": ("pergamon-3p", None),
         "scoop@end": ("scoop-4p", None)}


def cues_of(scr) -> list[str]:
    """The "more below" lines shown on ``scr`` (scroll_cue labels with a text)."""
    return [w.text for w in scr.walk(restrict=True) if getattr(w, "scroll_cue", False) and w.text.strip()]


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="ui-langswitch-"))

    def no_session(cfg):
        raise AssertionError("a game played by taps opens no camera session")

    App = build_app_class()
    app = App(session_factory=no_session, lang="en", camera=None, settings_path=tmp / "settings.json",
              export_dir=tmp / "export", journal_dir=tmp / "games")
    report: dict = {"games": {}, "errors": []}

    def later(fn, frames: int = 4):
        """``fn`` after a few frames (the screen laid out)."""
        def tick(_dt, left=[frames]):
            left[0] -= 1
            if left[0] > 0:
                Clock.schedule_once(tick, 0)
            else:
                fn()
        Clock.schedule_once(tick, 0)

    def visit(game: str, rec: str, n: int):
        def run(next_step):
            row = report["games"].setdefault(game, {})
            app.set_lang("en")
            app.go("start")
            app.root.get_screen("start").begin(resume=str(journal_of(tmp, rec, n)))
            row["table"] = app.root.current

            def before():
                scr = app.root.current_screen
                row["en"] = {"texts": texts_of(scr), "cues": cues_of(scr)}
                panel = [w for w in scr.walk(restrict=True) if isinstance(w, EndgamePanel)]
                if panel and not panel[0].settings_button.disabled:   # the end: its "Printer settings"
                    row["via"] = "end_panel"
                    panel[0].settings_button.dispatch("on_release")
                else:
                    row["via"] = "go"
                    app.go("settings")
                later(in_settings)

            def in_settings():
                scr = app.root.current_screen
                row["settings"] = scr.name
                es = [b for b in scr.ids.lang.children if b.text == i18n.tr("lang.es", "en")]
                row["es_button"] = len(es)
                es[0].dispatch("on_release")
                scr.save()
                row["lang_after_save"] = app.lang
                table = [w for w in scr.walk(restrict=True) if getattr(w, "target", "") == "live"]
                table[0].dispatch("on_release")
                later(after)

            def after():
                scr = app.root.current_screen
                row["back_to"] = scr.name
                row["es"] = {"texts": texts_of(scr), "cues": cues_of(scr)}
                app.set_lang("zh")  # then a direct switch, on the table itself
                later(direct)

            def direct():
                scr = app.root.current_screen
                row["zh"] = {"screen": scr.name, "texts": texts_of(scr), "cues": cues_of(scr)}
                app.close_hosted()
                Clock.schedule_once(lambda dt: next_step(), 0)

            later(before)
        return run

    steps = [visit(game, rec, n) for game, (rec, n) in GAMES.items()]

    def run_steps(i=0):
        if i == 0:
            app.set_density(DENSITY)
        if i >= len(steps):
            (out / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
            app.stop()
            return
        try:
            steps[i](lambda: run_steps(i + 1))
        except Exception:  # noqa: BLE001  reported, then the next step
            import traceback
            report["errors"].append(traceback.format_exc())
            Clock.schedule_once(lambda dt: run_steps(i + 1), 0)

    Clock.schedule_once(lambda dt: run_steps(), 0.5)
    app.run()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
