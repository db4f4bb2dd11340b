"""Drive the tablet app offscreen over the REAL session (ui.session.GameSession:
observer -> rules engine -> journal -> printing) through a whole seeded 3-player game.

Vision is replaced by a scripted reader that returns, frame by frame, the still
snapshot a perfect camera would give after each action (tests/pp_table.table_of)
with a FrameReport of outlined tags; frames are released by the driver step by step.

    .venv/bin/python tests/ui/drive_real.py OUT_DIR

Writes OUT_DIR/<shot>.png and OUT_DIR/report.json; used by test_ui_real_session.py.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from ui.app import prepare_env  # noqa: E402

prepare_env(headless=True)
if os.environ.get("UI_DRIVE_DEBUG"):
    os.environ.pop("KIVY_NO_CONSOLELOG", None)
from kivy.config import Config  # noqa: E402

Config.set("graphics", "width", "1280")
Config.set("graphics", "height", "800")
from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402,F401 (creates the window before the App)

import companion.games.penny_press as pp  # noqa: E402
from companion.table import Sighting, TableSnapshot  # noqa: E402
from pp_table import table_of  # noqa: E402
from ui.app import build_app_class  # noqa: E402
from ui.session import create_session  # noqa: E402
from ui.games.penny_press.viewmodels import adapt  # noqa: E402
from ui_driver import screenshot  # noqa: E402

SEED, N = 15, 3  # first player 0, no declined press: every action is visible


def truth_game():
    setup, actions = pp.random_game(SEED, N)
    st = pp.new_game_from_dict(setup)
    states = [st]
    snaps = []
    first = table_of(st)
    cards = tuple(Sighting(c, "table", None, 0, 0) for c in setup["headline_cards"])
    snaps.append(TableSnapshot(0, tuple(s for s in first.sightings if s.component not in setup["headline_cards"])
                               + cards))
    for a in actions:
        after = pp.apply(st, a)
        if isinstance(a, pp.GoToPress):
            res = after.press_results[-1]
            snaps.append(table_of(after, front_of=res.player, page=res.front_page))
        else:
            snaps.append(table_of(after))
        st = after
        states.append(st)
    return setup, actions, states, snaps


@dataclass
class Frame:
    image: np.ndarray
    t: float


class GatedSource:
    """Yields frame i only after the driver released it (advance)."""

    def __init__(self, n: int):
        self.n = n
        self.allowed = 0
        self.cv = threading.Condition()
        self.stopped = False

    def advance(self, k: int = 1) -> None:
        with self.cv:
            self.allowed = min(self.n, self.allowed + k)
            self.cv.notify_all()

    def __iter__(self):
        i = 0
        while i < self.n:
            with self.cv:
                while self.allowed <= i and not self.stopped:
                    self.cv.wait(0.1)
                if self.stopped:
                    return
            img = np.full((300, 400, 3), (40, 90, 40), np.uint8)
            yield Frame(img, float(i))
            i += 1


class ScriptReader:
    """process(image, t) -> (snapshot i, FrameReport) for frame i (t = i)."""

    def __init__(self, snaps):
        self.snaps = snaps
        self.done = 0

    def process(self, image, t):
        from vision.decode import Candidate
        from vision.decode import Symbol as VSymbol
        from vision.pipeline import FrameReport, SymbolReport

        i = int(t)
        snap = self.snaps[i]
        syms = []
        for k, s in enumerate([s for s in snap.sightings if s.zone and s.zone.startswith("beat:")][:12]):
            x, y = 20 + (k % 6) * 60, 30 + (k // 6) * 80
            quad = np.array([[x, y], [x + 42, y], [x + 42, y + 42], [x, y + 42]], np.float32)
            syms.append(SymbolReport(VSymbol("QRCode", "", quad, "zxing"), s.component, "ok"))
        quad = np.array([[350, 250], [362, 250], [362, 262], [350, 262]], np.float32)
        rep = FrameReport(i, t, symbols=syms, candidates=[Candidate(quad, 0.6, "too small")])
        self.done = i + 1
        return snap, rep


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="ui-real-"))
    setup, actions, states, snaps = truth_game()
    source, reader = GatedSource(len(snaps)), ScriptReader(snaps)
    sessions = []

    published = [0]  # frames whose Update the session has published (after the runner fed)

    def count(up):
        if up.frame is not None:
            published[0] += 1

    def factory(cfg):
        s = create_session(cfg, reader=reader, source=source)
        s.subscribe(count)
        sessions.append(s)
        return s

    App = build_app_class()
    app = App(session_factory=factory, lang="en", settings_path=tmp / "settings.json",
              export_dir=tmp / "export", journal_dir=tmp / "games")
    report: dict = {"texts": {}, "checks": {}}
    press_at = next(i for i, a in enumerate(actions) if isinstance(a, pp.GoToPress)) + 1

    def scr(name):
        return app.root.get_screen(name)

    def shot(name):
        def run(nxt):
            screenshot(app, out / f"{name}.png", report["texts"], name, nxt)
        return run

    def do(fn):
        def run(nxt):
            fn()
            Clock.schedule_once(lambda dt: nxt(), 0)
        return run

    def until(frames):
        """Release frames up to ``frames`` and wait until the worker processed them
        and the UI showed the change."""
        def run(nxt):
            source.advance(frames - source.allowed)
            t0 = time.perf_counter()

            def poll(dt):
                # the frames processed (a cap only against a worker that died: a busy machine is slow)
                if published[0] >= frames or time.perf_counter() - t0 > 120:
                    app.game.live_vm.refresh()
                    app.refresh_current()
                    Clock.schedule_once(lambda dt: nxt(), 0.15)
                    return False
            Clock.schedule_interval(poll, 0.05)
        return run

    def start():
        st = scr("start")
        rows = list(st.ids.players.children)[::-1]
        for row, p in zip(rows, setup["players"]):
            row.ids.name.text, row.ids.paper.text = p["name"], p["paper"]
        st.add_player()
        row = list(st.ids.players.children)[::-1][2]
        row.ids.name.text, row.ids.paper.text = setup["players"][2]["name"], setup["players"][2]["paper"]
        st.ids.begin.dispatch("on_release")
        report["checks"]["after_begin"] = app.root.current
        report["checks"]["start_error"] = st.error_text

    def check_live():
        k = 6
        truth = adapt.table_from_state(states[k])
        report["checks"]["live_expected_rows"] = [r for r in app.game.live_vm.beat_rows() if not r.startswith(" ")]
        exp = app.game.live_vm.__class__(type("S", (), {"table": lambda s: truth, "adjustments": lambda s: []})(), "en")
        exp.refresh()
        report["checks"]["truth_rows"] = [r for r in exp.beat_rows() if not r.startswith(" ")]
        report["checks"]["labels_hidden"] = not [lab.text for lab in scr("live").ids.camera._labels if lab.text]
        scr("live").ids.details.state = "down"  # "camera details" shows the tag labels
        scr("live").ids.camera.show_labels = True
        scr("live").ids.camera._redraw()
        report["checks"]["overlay_labels"] = [lab.text for lab in scr("live").ids.camera._labels if lab.text]
        report["checks"]["journal_actions"] = len(sessions[0].runner.journal.actions())

    def correct():
        app.go("corrections")
        st = sessions[0].state
        story, counts = next((s, c) for s, c in sorted(st.reporters.items()) if any(c))
        seat = next(i for i, c in enumerate(counts) if c)
        c = scr("corrections")
        c.select("story", story)
        c.choose_colour(st.players[seat].colour)
        c.ids.plus.dispatch("on_release")
        c.ids.minus.dispatch("on_release")  # back to what the engine holds
        c.ids.set_reporters.dispatch("on_release")
        report["checks"]["correction_status"] = c.ids.status.text
        report["checks"]["notes"] = [e.payload for e in sessions[0].runner.journal.events if e.kind == "note"]

    def preview():
        """Just before the first press: the screen's preview against what the engine
        then really scores."""
        app.go("press")
        p = scr("press")
        res = states[press_at].press_results[-1]
        colour = states[0].players[res.player].colour
        p.choose(colour)
        report["checks"]["preview_claimed"] = p.ids.claimed.text
        from ui.games.penny_press.texts import story_name
        report["checks"]["truth_claimed"] = "\n".join(story_name(x, "en") for x in res.claimed)
        report["checks"]["preview_score"] = p.vm.preview.suggested.score if p.vm.preview else None
        report["checks"]["truth_best_total"] = res.best_total
        report["checks"]["preview_scoop"] = p.vm.scoop_rows()
        report["checks"]["truth_scoop"] = {states[0].players[q].colour: v for q, v in res.scoop_awards.items() if v}

    def press():
        app.go("press")
        p = scr("press")
        presser = states[press_at].press_results[-1].player
        colour = states[0].players[presser].colour
        p.choose(colour)
        report["checks"]["press_pages"] = [w for w, _t, _p in p.vm.pages()]
        report["checks"]["shown_paper_score"] = p.vm.pages()[0][2].score
        report["checks"]["truth_paper_score"] = states[press_at].press_results[-1].total
        p.ids["print"].dispatch("on_release")
        app.asking.ids.yes.dispatch("on_release")
        report["checks"]["press_colour"] = colour
        report["checks"]["press_job"] = p.ids.job.text
        job = p.vm.job
        report["checks"]["press_preview_file"] = job.preview if job else None

    def scores():
        app.go("scores")
        s = scr("scores")
        report["checks"]["ranking_rows"] = [r for r in s.vm.ranking_rows()]
        report["checks"]["truth_final"] = [[r.place, r.colour, r.total] for r in adapt.final_rows(states[-1])]
        report["checks"]["app_final"] = [[r.place, r.colour, r.total] for r in s.vm.ranking()]
        s.ids.export.dispatch("on_release")
        report["checks"]["export_status"] = s.ids.status.text
        report["checks"]["chart_points"] = {k: len(v) for k, v in s.ids.chart.lines.items()}

    steps = [do(start), until(1 + 6), do(check_live), shot("real_live"), do(correct), shot("real_corrections"),
             until(press_at), do(preview), shot("real_press"), until(press_at + 2), do(press), until(len(snaps)), do(scores),
             shot("real_scores")]

    def run_next(i=0):
        if i >= len(steps):
            (out / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
            source.stopped = True
            app.stop()
            return
        steps[i](lambda: run_next(i + 1))

    app.bind(on_start=lambda *_a: Clock.schedule_once(lambda dt: run_next(), 0.2))
    app.run()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
    os._exit(0)
