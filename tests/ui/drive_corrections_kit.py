"""Drive the real app offscreen through the kit's corrections panel of Turin Market,
Pergamon and Scoop (ui/screens/corrections_kit.py).

For each game: the start screen (the game and its bundled recording chosen by their
labels, Start: the app opens its camera session), the camera's reading of a table
with a stray piece on it handed to the session, then by taps: "The camera is wrong"
on the table screen, the stray piece in the list, "It is not on the table", the
correction listed, Remove, "Back to the table". Each panel is checked
(drive_walk.check_screen: clipped text, overlaps, targets under 48 dp, untranslated
words, ids) at 1280x800 and 800x1280, in one language per game.

    .venv/bin/python tests/ui/drive_corrections_kit.py OUT_DIR

Writes OUT_DIR/report.json and OUT_DIR/corr_*.png. One Kivy app per process; used by
tests/ui/test_corrections_kit_app.py.
"""

from __future__ import annotations

import json
import sys
import tempfile
import traceback
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(Path(__file__).resolve().parent)]

from drive_walk import check_screen  # noqa: E402  (sets up the headless window first)
from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402

from companion.table import Sighting, TableSnapshot  # noqa: E402
from ui import i18n  # noqa: E402
from ui.app import build_app_class  # noqa: E402
from ui.games.turin_market.playthrough import press  # noqa: E402
from ui.playthrough import run_steps  # noqa: E402
from ui.viewmodels import protocol as P  # noqa: E402
from ui_driver import screenshot  # noqa: E402

#: (recording, language, the table screen's name)
RUNS = (("turin-market-4p", "en", "turin_table"), ("pergamon-3p", "es", "pergamon"), ("scoop-4p", "zh", "scoop_table"))
SIZES = ((1280, 800), (800, 1280))


def stray_table(game: str, state):
    """The camera's reading: the table the game expects, plus one piece that is not
    there (returns the snapshot and the stray piece's id)."""
    if game == "turin-market":
        from companion.games.turin_market.observer import expected_snapshot

        snap = expected_snapshot(state, t=1.0)
        stray = next(c for c in sorted(state.catalog.cards) if c not in state.seen)
        return replace(snap, sightings=snap.sightings + (Sighting(stray, "mat-red", "cards", 300, 30),)), stray
    if game == "pergamon":
        from companion.games.pergamon.tabletop import snapshot_of

        snap = snapshot_of(state, t=1.0)
        stray = next(t for t in sorted(state.catalog.tiles) if t not in state.presented)
        return replace(snap, sightings=snap.sightings + (Sighting(stray, "board", "gallery:1", 0, 0),)), stray
    from companion.games.scoop.tags import catalog_ids

    stray = next(c for c in catalog_ids() if c.startswith("crime-reporter."))
    colour = state.players[1].spec.colour
    return TableSnapshot(1.0, (Sighting(stray, f"mat-{colour}", "call", 400, 280),), frozenset(), True), stray


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="ui-corr-"))
    App = build_app_class()
    app = App(lang="en", camera=None, settings_path=tmp / "settings.json", export_dir=tmp / "export",
              journal_dir=tmp / "games")
    report: dict = {"runs": []}
    todo = list(RUNS)

    def finish():
        (out / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
        app.stop()

    def steps(name: str, lang: str, table_name: str, row: dict):
        from companion import registry
        from play.demo import load_recording
        from play.recordings import recording_dir

        Window.size = SIZES[0]
        app.set_lang(lang)
        rec = load_recording(recording_dir(name))
        start = app.root.get_screen("start")
        app.go("start")
        yield
        press(start.ids.game, registry.get(rec.game).name(lang))
        yield
        press(start.ids.recordings, dict(start.vm.recordings())[name])
        yield
        press(start, start.ids.begin.text)
        yield
        host = app.host
        assert host is not None and host.camera is not None, "the game did not open with its camera"
        session = host.camera
        session.stop()  # the table below is the camera's reading
        snap, stray = stray_table(rec.game, host.state)
        with session.lock:
            session.runner.feed(snap)
        session._publish(P.Update(state_changed=True))
        for _ in range(3):
            yield
        table = app.root.get_screen(table_name)
        assert app.root.current == table_name, app.root.current
        opener = next(b for b in table.walk(restrict=True) if getattr(b, "text", None) == i18n.tr("kitcorr.open", lang))
        x0, y0 = opener.to_window(opener.x, opener.y)
        row["open_button"] = {"height": round(opener.height), "width": round(opener.width),
                              "in_window": 0 <= x0 and 0 <= y0 and x0 + opener.width <= Window.width + 1
                              and y0 + opener.height <= Window.height + 1}
        shot = {"done": False}
        screenshot(app, out / f"corr_{rec.game}_table.png", {}, lang, lambda: shot.__setitem__("done", True))
        while not shot["done"]:
            yield
        press(table, i18n.tr("kitcorr.open", lang))
        for _ in range(3):
            yield
        panel = app.root.current_screen
        row["panel"] = panel.name
        vm = panel.vm
        row["stray_name"] = vm.piece_name(stray)
        row["pieces"] = [b.text for b in panel.seen_box.children[::-1] if getattr(b, "piece", None)]
        button = next(b for b in panel.seen_box.children if getattr(b, "piece", None) == stray)
        button.dispatch("on_release")
        yield
        row["heading"] = panel.fix_box.children[-1].text
        row["places"] = [b.text for b in panel.place_buttons]
        for size in SIZES:
            Window.size = size
            for _ in range(4):
                yield
            row.setdefault("problems", {})[f"{size[0]}x{size[1]}"] = check_screen(app.root, lang)
        press(panel, i18n.tr("kitcorr.not_there", lang))
        for _ in range(2):
            yield
        row["listed"] = [r.text for r in vm.corrections()]
        row["remove_buttons"] = [round(b.height) for b in panel.remove_buttons]
        row["status_after_save"] = panel.status.text
        row["problems_saved"] = check_screen(app.root, lang)
        shot = {"done": False}
        screenshot(app, out / f"corr_{rec.game}.png", {}, lang, lambda: shot.__setitem__("done", True))
        while not shot["done"]:
            yield
        press(panel, i18n.tr("kitcorr.remove", lang))
        yield
        row["after_remove"] = [r.text for r in vm.corrections()]
        row["moves_after_remove"] = len(host.table_journal.actions())
        press(panel, i18n.tr("kitcorr.back", lang))
        yield
        row["back_to"] = app.root.current

    def next_run(*_a):
        if not todo:
            finish()
            return
        name, lang, table_name = todo.pop(0)
        row = {"recording": name, "lang": lang}
        report["runs"].append(row)

        class Result:
            error = None

        def done(result):
            row["error"] = result.error
            Clock.schedule_once(next_run, 0)

        run_steps(steps(name, lang, table_name, row), Result(), done)

    def on_start():
        try:
            Clock.schedule_once(next_run, 0.3)
        except Exception:
            (out / "error.txt").write_text(traceback.format_exc())
            app.stop()

    app.on_start = on_start
    app.run()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/corr-kit"))
