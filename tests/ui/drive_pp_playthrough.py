"""Play a bundled Penny Press recording through the app offscreen
(ui.games.penny_press.playthrough): its frames feed the app's camera part and
every player's tap is a press of the app's own button by its label:
penny-press-3p at 1280x800 in English, then penny-press-3p-hard (the same game
filmed harder, not offered on the start screen: its file typed) at 800x1280 in
Chinese.

    .venv/bin/python tests/ui/drive_pp_playthrough.py OUT_DIR

Writes OUT_DIR/report.json ({"runs": [{recording, lang, size, scores, truth, banner, result,
panels, frames, ticked, pressed, seconds, error, camera_w, window_w, picture_w, picture_h,
banner_shown, mid, end}]}) and
OUT_DIR/pp_play_<lang>.png (the results screen at the end), OUT_DIR/pp_end_<lang>_<screen>_<w>x<h>.png
(each screen with a banner at the end) and OUT_DIR/pp_mid_<lang>.png (Go to press
mid-game). One Kivy app per process; used by tests/ui/test_pp_playthrough.py.

Besides the play-through itself (ui.games.penny_press.playthrough) it looks, as a
player would:
- ``mid``: once during the game, on a table where it is one player's turn, Go to
  press with another player's paper chosen by a tap: the screen's banner (text,
  colour), the table's banner at that moment, the line naming the paper shown;
- ``end``: at the end, in each language (es, en, zh) on the run's window: the banner
  of the table, Go to press and the results (text and the colour painted), the table's
  checklist rows, the results screen's end panel (ui.screens.common.EndgamePanel:
  its buttons' texts, heights in dp and whether they are seen without scrolling)
  and the screen's texts; then, in the run's language, its print asked and answered
  Yes (no printer is chosen in a fresh app) and "Send to BG Stats" pressed.
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

from kivy.metrics import dp  # noqa: E402

from ui.app import build_app_class  # noqa: E402
from ui.games.penny_press.playthrough import play_through  # noqa: E402
from ui.screens.common import PLAYER_RGBA, Banner, EndgamePanel  # noqa: E402
from ui_driver import screenshot, seen_without_scrolling, texts_of  # noqa: E402

RUNS = (("penny-press-3p", "en", (1280, 800)), ("penny-press-3p-hard", "zh", (800, 1280)))
LANGS = ("es", "en", "zh")


def colour_of(banner) -> str:
    """The player colour a banner is painted in ("" for the neutral grey)."""
    return next((c for c, rgba in PLAYER_RGBA.items() if list(rgba) == list(banner.bg)), "")


def banner_of(screen) -> dict:
    """A screen's banner as the players see it: its text and the colour it is painted."""
    b = next(w for w in screen.walk(restrict=True) if isinstance(w, Banner))
    return {"text": b.text, "colour": colour_of(b)}


def end_panel(screen):
    """The table kit's end panel on ``screen`` (None when there is none)."""
    return next((w for w in screen.walk(restrict=True) if isinstance(w, EndgamePanel)), None)


def look_mid(app, row: dict) -> bool:
    """Go to press mid-game with another player's paper chosen by a tap (a Clock
    callback while the camera plays: True until done, on a table after the first
    press where it is one player's turn); back to the table at once."""
    host = getattr(app, "host", None)
    game = getattr(host, "game", None)
    t = game.live_vm.table if game is not None else None
    if t is None or t.finished or not t.turn or t.edition < 1 or app.root.current != "live":
        return True
    live_banner = {"text": game.live_vm.banner().text, "colour": game.live_vm.banner().colour}
    app.go("press")
    press = app.root.get_screen("press")
    other = next(w for w in press.ids.chooser.children if getattr(w, "colour", t.turn) != t.turn)
    other.dispatch("on_release")
    row["mid"] = {"turn": t.turn, "chosen": other.colour, "chosen_name": other.text, "banner": banner_of(press),
                  "table_banner": live_banner, "shown": press.ids.shown.text if "shown" in press.ids else "",
                  "texts": texts_of(press, cues=False)}
    app.go("live")
    return False


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

        row: dict = {}
        spy = Clock.schedule_interval(lambda _dt: look_mid(app, row), 0.25)

        def done(result):
            spy.cancel()
            live = app.root.get_screen("live")
            row.update({"recording": recording, "lang": lang, "size": list(size), **asdict(result),
                        "window_w": Window.width, "camera_w": live.ids.camera.width,
                        "picture_w": live.ids.camera.image_rect()[2], "picture_h": live.ids.camera.image_rect()[3],
                        "banner_shown": live.ids.status.text})
            report["runs"].append(row)
            host = getattr(app, "host", None)
            if host is not None and host.camera is not None:
                host.camera.stop()
            screenshot(app, out / f"pp_play_{lang}.png", {}, lang, lambda: look_end(row, lang))

        play_through(app, recording, done)

    def look_end(row: dict, lang: str) -> None:
        """Each screen with a banner, in each language, then the end panel used."""
        end: dict = {"langs": {}}
        row["end"] = end
        todo = [(shown, name) for shown in LANGS for name in ("live", "press", "scores")]

        def step(*_a):
            if not todo:
                app.set_lang(lang)
                app.go("scores")
                Clock.schedule_once(use_panel, 0.3)
                return
            shown, name = todo.pop(0)
            if app.lang != shown:
                app.set_lang(shown)
            app.go(name)
            Clock.schedule_once(lambda _dt: read(shown, name), 0.6)  # laid out, the transition over

        def read(shown: str, name: str) -> None:
            scr = app.root.current_screen
            view = end["langs"].setdefault(shown, {})
            view[name] = {"banner": banner_of(scr), "texts": texts_of(scr, cues=False)}
            if name == "live":
                view[name]["checklist"] = [w.text for w in scr.ids.adjust.children]
            panel = end_panel(scr)
            if panel is not None:
                buttons = (panel.print_button, panel.bgstats_button, panel.settings_button)
                view[name]["panel"] = {"texts": [b.text for b in buttons], "disabled": [b.disabled for b in buttons],
                                       "h_dp": [b.height / dp(1) for b in buttons],
                                       "seen": [seen_without_scrolling(b) for b in buttons]}
            screenshot(app, out / f"pp_end_{shown}_{name}_{Window.width}x{Window.height}.png", {}, name, step)

        def use_panel(_dt) -> None:
            scr = app.root.get_screen("scores")
            panel = end_panel(scr)
            if panel is None:
                end["printed"] = None
                Clock.schedule_once(next_run, 0)
                return
            panel.print_button.dispatch("on_release")
            end["question"] = app.asking.question if app.asking else ""
            if app.asking:
                app.asking.ids.yes.dispatch("on_release")
            end["printed"] = panel.status.text
            panel.bgstats_button.dispatch("on_release")
            end["bgstats"] = {"link": panel.vm.link, "status": panel.status.text}
            end["texts"] = texts_of(scr, cues=False)
            Clock.schedule_once(next_run, 0)

        step()

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
