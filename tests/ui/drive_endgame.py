"""Drive the app offscreen to the end of each game played by taps (Pergamon, Turin
Market, Scoop: each bundled recording's real game resumed at its end, and a few
moves in), and use the table kit's end of a game (ui.screens.common.EndgamePanel):
the print button and "Send to BG Stats" on the game's end screen, printing with no
printer chosen (saved as pictures), in en, es and zh, landscape and portrait.

    .venv/bin/python tests/ui/drive_endgame.py OUT_DIR

Writes OUT_DIR/report.json ({"games": {game: {...}}, "errors": [...]}) and
OUT_DIR/end_<game>_<lang>_<w>x<h>.png. One Kivy app per process; used by
tests/ui/test_endgame_ui.py (tests/ui/driver_pool.py).
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
from kivy.core.window import Window  # noqa: E402
from kivy.metrics import dp  # noqa: E402

from ui.app import build_app_class  # noqa: E402
from ui_driver import screenshot, seen_without_scrolling, texts_of  # noqa: E402

#: the bundled recording of each game played by taps
RECORDINGS = {"pergamon": "pergamon-3p", "turin-market": "turin-market-4p", "scoop": "scoop-4p"}
SIZES = ((1280, 800), (800, 1280))
NAMES = ("Ana", "Bo", "Chen", "Dai")


def journal_of(tmp: Path, name: str, n: int | None) -> Path:
    """Bundled recording ``name``'s game after its first ``n`` actions (None: all, its
    end), its players named NAMES, as a journal the start screen resumes."""
    from companion.journal import Journal
    from play.recordings import recording_dir

    rec = json.loads((recording_dir(name) / "journal.json").read_text(encoding="utf-8"))
    players = [dict(p, name=nm) for p, nm in zip(rec["setup"]["players"], NAMES)]
    path = tmp / "games" / f"{rec['game']}-end-{'all' if n is None else n}.sqlite"
    path.parent.mkdir(parents=True, exist_ok=True)
    j = Journal.create(path, rec["game"], dict(rec["setup"], players=players))
    for a in rec["actions"][:n]:
        j.append(a, source="replay")
    j.close()
    return path


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="ui-endgame-"))

    def no_session(cfg):
        raise AssertionError("a game played by taps opens no camera session")

    App = build_app_class()
    app = App(session_factory=no_session, lang="en", camera=None, settings_path=tmp / "settings.json",
              export_dir=tmp / "export", journal_dir=tmp / "games")
    report: dict = {"games": {}, "errors": [], "printer_kind": app.start_vm.printer.kind}
    steps: list = []

    def panel_of(scr):
        from ui.screens.common import EndgamePanel

        found = [w for w in scr.walk(restrict=True) if isinstance(w, EndgamePanel)]
        return found[0] if len(found) == 1 else None

    def later(fn, frames: int = 3):
        """``fn`` after a few frames (the screen laid out)."""
        def tick(_dt, left=[frames]):
            left[0] -= 1
            if left[0] > 0:
                Clock.schedule_once(tick, 0)
            else:
                fn()
        Clock.schedule_once(tick, 0)

    def visit(game: str, rec: str):
        def run(next_step):
            row = report["games"].setdefault(game, {"end": {}, "mid": {}})
            mid = journal_of(tmp, rec, 3)
            end = journal_of(tmp, rec, None)
            app.set_lang("en")
            Window.size = SIZES[0]
            app.go("start")
            app.root.get_screen("start").begin(resume=str(mid))
            row["mid_screen"] = app.root.current

            def check_mid():
                p = panel_of(app.root.current_screen)
                row["mid"] = {"found": p is not None, "height": p.height if p else None,
                              "disabled": p.disabled if p else None,
                              "texts": texts_of(p) if p else []}
                app.close_hosted()
                app.go("start")
                app.root.get_screen("start").begin(resume=str(end))
                row["end_screen"] = app.root.current
                later(lambda: each_view(0))

            views = [(lang, size) for size in SIZES for lang in ("en", "es", "zh")]

            def each_view(i):
                if i >= len(views):
                    return do_print()
                lang, size = views[i]
                app.set_lang(lang)
                Window.size = size

                def look():
                    p = panel_of(app.root.current_screen)
                    key = f"{lang}/{size[0]}x{size[1]}"
                    view = {"found": p is not None}
                    if p is not None:
                        view.update(print_text=p.print_button.text, bgstats_text=p.bgstats_button.text,
                                    print_h_dp=p.print_button.height / dp(1),
                                    bgstats_h_dp=p.bgstats_button.height / dp(1),
                                    print_seen=seen_without_scrolling(p.print_button),
                                    bgstats_seen=seen_without_scrolling(p.bgstats_button),
                                    disabled=p.disabled, height=p.height)
                    row["end"][key] = view
                    if lang == "en":
                        screenshot(app, out / f"end_{game}_{lang}_{size[0]}x{size[1]}.png", {}, key,
                                   lambda: each_view(i + 1))
                    else:
                        each_view(i + 1)
                later(look)

            def do_print():
                app.set_lang("en")
                Window.size = SIZES[0]
                p = panel_of(app.root.current_screen)
                p.print_button.dispatch("on_release")
                asking = app.asking
                row["question"] = asking.question if asking is not None else ""
                if asking is not None:
                    asking.answer(True)
                row["print_status"] = p.status.text
                row["pictures"] = sorted(f.name for f in (tmp / "games" / "prints").glob("*.png"))
                for f in (tmp / "games" / "prints").glob("*.png"):
                    f.unlink()
                p.bgstats_button.dispatch("on_release")
                row["bgstats_status"] = p.status.text
                row["bgstats_link"] = p.vm.link
                app.set_lang("zh")
                row["zh_after"] = {"print_text": p.print_button.text, "status": p.status.text}
                app.set_lang("en")
                # the printer is chosen in Settings: opened from the panel, back to the game by the bar
                game_screen = app.root.current
                p.settings_button.dispatch("on_release")
                row["settings"] = {"screen": app.root.current, "label": p.settings_button.text}

                def in_settings():
                    scr = app.root.current_screen
                    navs = [w for w in scr.walk(restrict=True) if getattr(w, "target", "")]
                    row["settings"]["nav_shown"] = sorted(w.target for w in navs if w.opacity > 0 and w.width > 0)
                    table = next((w for w in navs if w.target == "live"), None)
                    if table is not None:
                        table.dispatch("on_release")
                    row["settings"]["back_to"] = app.root.current
                    row["settings"]["game_screen"] = game_screen
                    app.close_hosted()
                    Clock.schedule_once(lambda dt: next_step(), 0)
                later(in_settings)

            later(check_mid)
        return run

    for game, rec in RECORDINGS.items():
        steps.append(visit(game, rec))

    def run_steps(i=0):
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
