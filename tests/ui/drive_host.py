"""Drive the app offscreen from the game picker into each game hosted on its own
screens (ui.hosting) and back, in es, en and zh; resume one game from the start
screen's list.

    .venv/bin/python tests/ui/drive_host.py OUT_DIR

Writes OUT_DIR/report.json ({"picker": {lang: [names]}, "games": {lang: {id: {...}}},
"resume": {...}}) and OUT_DIR/host_<id>_en.png. One Kivy app per process; used by
tests/ui/test_ui_host.py.
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

Config.set("graphics", "width", "1280")
Config.set("graphics", "height", "800")

from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402,F401 (creates the window before the App)
from kivy.metrics import dp  # noqa: E402
from kivy.uix.button import Button  # noqa: E402

from ui import hosting, i18n  # noqa: E402
from ui.app import build_app_class  # noqa: E402
from ui.viewmodels.start import app_games  # noqa: E402
from ui_driver import screenshot, seen_without_scrolling, texts_of  # noqa: E402

PLAYERS = ("Ana", "Bo", "Chen")


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="ui-host-"))

    def no_session(cfg):
        raise AssertionError("a hosted game must not open the camera session")

    App = build_app_class()
    app = App(session_factory=no_session, lang="en", camera=None, settings_path=tmp / "settings.json",
              export_dir=tmp / "export", journal_dir=tmp / "games")
    report: dict = {"picker": {}, "games": {}, "resume": {}, "errors": []}
    steps: list = []

    def start():
        return app.root.get_screen("start")

    def toggle_for(name):
        return next(w for w in start().ids.game.children if w.text == name)

    def enter(lang, game):
        def run(next_step):
            app.set_lang(lang)
            app.go("start")
            spec = next(g for g in app_games() if g.id == game)
            toggle_for(spec.name(lang)).dispatch("on_release")
            rows = list(start().ids.players.children)[::-1]
            while len(rows) < len(PLAYERS):
                start().add_player()
                rows = list(start().ids.players.children)[::-1]
            for row, name in zip(rows, PLAYERS):
                row.ids.name.text = name
            report.setdefault("start_seen", {})[f"{lang}/{game}"] = seen_without_scrolling(start().ids.begin)
            start().ids.begin.dispatch("on_release")
            scr = app.root.current_screen
            back = [w for w in scr.walk(restrict=True) if isinstance(w, Button)
                    and w.text == i18n.tr("host.back", lang)]
            small = [w.text for w in scr.walk(restrict=True) if isinstance(w, Button)
                     and w.height < dp(48) and w.width > 0 and w.opacity > 0]
            row = {"screen": scr.name, "first": hosting.screens_module(spec) is not None and
                   scr.name == app.hosted_screens[0].name if app.hosted_screens else False,
                   "texts": texts_of(scr, cues=False), "back_found": len(back), "small_buttons": small,
                   "journal": str(app.host.journal.path) if app.host else "",
                   "start_error": start().error_text}
            report["games"].setdefault(lang, {})[game] = row

            def leave():
                # a language switch redraws what is on screen (then back to ``lang``)
                other = {"es": "zh", "en": "es", "zh": "es"}[lang]
                app.set_lang(other)
                row["switched"] = {"lang": other, "texts": texts_of(app.root.current_screen, cues=False)}
                app.set_lang(lang)
                if game == "turin-market":  # the second screen: secret entry, then back from it
                    app.root.get_screen("turin_table").on_secret("pass")
                    row["second_screen"] = app.root.current
                    row["second_texts"] = texts_of(app.root.current_screen, cues=False)
                    app.set_lang(other)
                    row["switched"]["second_texts"] = texts_of(app.root.current_screen, cues=False)
                    app.set_lang(lang)
                # every screen the game offers, entered in ``lang``, then switched to
                # ``other`` while on it (the first screen last: Back is tapped there)
                names = [x.name for x in app.hosted_screens]
                row["screens"], row["switched"]["screens"] = {}, {}
                for name in names[1:] + names[:1]:
                    app.go(name)
                    app.refresh_current()
                    row["screens"][name] = texts_of(app.root.current_screen, cues=False)
                    app.set_lang(other)
                    row["switched"]["screens"][name] = texts_of(app.root.current_screen, cues=False)
                    app.set_lang(lang)
                here = [w for w in app.root.current_screen.walk(restrict=True) if isinstance(w, Button)
                        and w.text == i18n.tr("host.back", lang)]
                if here:
                    here[0].dispatch("on_release")
                row["after_back"] = app.root.current
                row["hosted_left"] = len(app.hosted_screens)
                Clock.schedule_once(lambda dt: next_step(), 0)

            if lang == "en":
                screenshot(app, out / f"host_{game}_en.png", {}, game, leave)
            else:
                Clock.schedule_once(lambda dt: leave(), 0)
        return run

    def picker(lang):
        def run(next_step):
            app.set_lang(lang)
            app.go("start")
            report["picker"][lang] = [w.text for w in start().ids.game.children][::-1]
            Clock.schedule_once(lambda dt: next_step(), 0)
        return run

    def resume(next_step):
        app.set_lang("en")
        app.go("start")
        path = report["games"]["en"]["turin-market"]["journal"]
        start().refresh()
        report["resume"]["offered"] = any(str(f) == path for f in start().vm.resumable())
        report["resume"]["label"] = start().vm.resume_label(Path(path))
        start().begin(resume=path)
        report["resume"]["screen"] = app.root.current
        report["resume"]["journal"] = str(app.host.journal.path) if app.host else ""
        app.close_hosted()
        report["resume"]["after_back"] = app.root.current
        Clock.schedule_once(lambda dt: next_step(), 0)

    games = [g.id for g in app_games() if hosting.by_taps(g)]
    report["hosted"] = games
    for lang in ("es", "en", "zh"):
        steps.append(picker(lang))
        for g in games:
            steps.append(enter(lang, g))
    steps.append(resume)

    def run_steps(i=0):
        if i >= len(steps):
            (out / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
            app.stop()
            return
        try:
            steps[i](lambda: run_steps(i + 1))
        except Exception as exc:  # noqa: BLE001  reported, then the next step
            import traceback
            report["errors"].append(traceback.format_exc())
            Clock.schedule_once(lambda dt: run_steps(i + 1), 0)

    Clock.schedule_once(lambda dt: run_steps(), 0.5)
    app.run()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
