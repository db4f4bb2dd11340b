"""Drive the Turin Market screens offscreen on the bundled recording's game and save a
screenshot of each plus the texts of its widget tree.

    .venv/bin/python tests/ui/drive_turin_market.py OUT_DIR

Writes OUT_DIR/turin_*.png and OUT_DIR/report.json ({"texts": {shot: [...]},
"checks": {...}}). Run in its own process (one Kivy app per process); used by
tests/ui/test_turin_market_ui.py, and with OUT_DIR=docs/screenshots for the docs.
The pass-the-tablet flow is tapped through (handover, entry with +/-, hide, ...,
reveal) and its reveal action is checked against the journal's and against the
"one player types the revealed values" flow.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ui.app import prepare_env  # noqa: E402

prepare_env(headless=True)
from kivy.config import Config  # noqa: E402

Config.set("graphics", "width", "1280")
Config.set("graphics", "height", "800")

from kivy.app import App  # noqa: E402
from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402,F401
from kivy.uix.button import Button  # noqa: E402
from kivy.uix.screenmanager import NoTransition, ScreenManager  # noqa: E402

from companion.games import turin_market as tm  # noqa: E402
from play.demo import load_recording  # noqa: E402
from play.recordings import recording_dir  # noqa: E402
from ui.fonts import register_default_font  # noqa: E402
from ui.games.turin_market.screens import screens  # noqa: E402
from ui_driver import screenshot  # noqa: E402


def game_states():
    rec = load_recording(recording_dir("turin-market-4p"))
    truth = rec.truth
    state = tm.new_game_from_dict(truth["setup"])
    states = [state]
    acts = [tm.action_from_dict(a) for a in truth["actions"]]
    for a in acts:
        state = tm.apply(state, a)
        states.append(state)
    return states, acts


def buttons(widget):
    return [w for w in widget.walk(restrict=True) if isinstance(w, Button)]


def press(widget, text_part):
    b = next(b for b in buttons(widget) if text_part in b.text)
    b.dispatch("on_release")


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    register_default_font()
    states, acts = game_states()
    # a round being picked after a tie round; a bids step; the end
    picks = next(i for i, s in enumerate(states) if s.phase == "picks" and s.round >= 2
                 and any(x is not None for x in s.auction.adds))
    bids = next(i for i, s in enumerate(states) if s.phase == "bids" and s.round >= 2
                and isinstance(acts[i], tm.RevealBids))
    # a selling step with a card on sale and sellers still to offer
    sale = next(i for i, s in enumerate(states) if s.phase == "sell" and s.offers and tm.sell_waiting(s))
    report: dict = {"texts": {}, "checks": {}}
    got: list = []

    class Driver(App):
        def build(self):
            sm = ScreenManager(transition=NoTransition())
            for scr in screens():
                sm.add_widget(scr)
            self.table, self.secret = sm.get_screen("turin_table"), sm.get_screen("turin_secret")
            self.secret.on_action = got.append
            return sm

        def on_start(self):
            steps = [
                lambda n: (self.show_table(states[picks], "en"), n()),
                self.shot("turin_table"),
                lambda n: (self.show_secret(states[bids], "en"), n()),
                self.shot("turin_pass_handover"),
                lambda n: (press(self.secret, "show my entry"), n()),
                lambda n: (press(self.secret, "+"), press(self.secret, "+"), n()),
                self.shot("turin_pass_entry"),
                lambda n: (self.enter_rest(states[bids], acts[bids]), n()),
                self.shot("turin_pass_reveal"),
                lambda n: (press(self.secret, "Reveal"), n()),
                lambda n: (self.show_typed(states[bids], acts[bids]), n()),
                self.shot("turin_typed"),
                lambda n: (press(self.secret, "Reveal"), n()),
                lambda n: (self.show_table(states[-1], "en"), n()),
                self.shot("turin_payouts"),
                lambda n: (self.look_payouts(), n()),
                lambda n: (self.show_table(states[picks], "zh"), n()),
                self.shot("turin_table_zh"),
                lambda n: (self.show_table(states[-1], "es"), n()),
                self.shot("turin_payouts_es"),
                lambda n: (self.show_table(states[sale], "en"), press(self.table, "+"), n()),
                self.shot("turin_sale"),
                lambda n: (press(self.table, "Several claim"), n()),
                self.shot("turin_sale_claims"),
            ]

            def run(i=0):
                if i == len(steps):
                    report["checks"]["reveals"] = [tm.action_to_dict(a) for a in got]
                    report["checks"]["truth"] = tm.action_to_dict(acts[bids])
                    (out / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=1),
                                                     encoding="utf-8")
                    self.stop()
                    return
                def go(dt):
                    try:
                        steps[i](lambda: run(i + 1))
                    except Exception:
                        import traceback

                        (out / "error.txt").write_text(traceback.format_exc())
                        self.stop()
                        raise SystemExit(1)

                Clock.schedule_once(go, 0.05)

            run()

        def shot(self, name):
            return lambda n: screenshot(self, out / f"{name}.png", report["texts"], name, n)

        def show_table(self, state, lang):
            from companion.games.turin_market.tags import COLOURS

            self.table.colours = list(COLOURS[:state.n_players])   # the mats' colours, as the camera's game has
            self.table.show(state, lang)
            self.root.current = "turin_table"

        def look_payouts(self):
            """The end screen's layout: the tops of each row's player panels (the table
            kit's PlayerStrip, window px), the "more below" line with the payouts
            scrolled to the top, then to the end."""
            from ui.screens.common import PlayerPanel

            panels = [w for w in self.table.ids.strip.children[::-1] if isinstance(w, PlayerPanel)]
            cols = max(1, int(self.table.ids.strip.cols or 1))
            rows = {i: [round(p.to_window(p.x, p.top)[1]) for p in panels[i:i + cols]]
                    for i in range(0, len(panels), cols)}
            scroll = self.table.ids.left.parent
            c = report["checks"]
            c["panel_row_tops"] = list(rows.values())
            c["payouts_overflow"] = self.table.ids.left.height > scroll.height
            c["cue_at_top"] = self.table.cue if getattr(scroll, "more", False) else ""
            scroll.scroll_y = 0
            c["cue_at_end"] = self.table.cue if getattr(scroll, "more", False) else ""
            c["bar_width_px"] = scroll.bar_width
            scroll.scroll_y = 1

        def show_secret(self, state, lang):
            self.secret.start(state, lang)
            self.root.current = "turin_secret"

        def enter_rest(self, state, truth):
            """The first player's bid back to the truth's, then everyone else's, by taps."""
            vm = self.secret.vm
            first = vm.current
            vm.set_value(truth.bids[first])
            press(self.secret, "hide")
            while vm.current is not None:
                p = vm.current
                press(self.secret, "show my entry")
                for _ in range(truth.bids[p]):
                    press(self.secret, "+")
                press(self.secret, "hide")

        def show_typed(self, state, truth):
            self.secret.start(state, "en", typed=True)
            for p in range(state.n_players):
                self.secret.vm.values[p] = truth.bids[p]
            self.secret.redraw()

    Driver().run()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
