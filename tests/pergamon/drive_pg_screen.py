"""Drive the Pergamon screen offscreen through a seeded 3-player game and save
screenshots (and the widget texts) at the moments the issue names: the funds payout,
markers to move after a show, the evaluation step by step, the same in Chinese.

    .venv/bin/python tests/pergamon/drive_pg_screen.py OUT_DIR

Writes OUT_DIR/pergamon_<moment>.png and OUT_DIR/pergamon_report.json. One Kivy
app per process (tests/pergamon/test_pg_screen.py runs it).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "ui"))

from ui.app import prepare_env  # noqa: E402

prepare_env(headless=True)
from kivy.config import Config  # noqa: E402

Config.set("graphics", "width", "1280")
Config.set("graphics", "height", "800")
from kivy.app import App  # noqa: E402
from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402,F401
from kivy.uix.screenmanager import ScreenManager  # noqa: E402

from companion.games import pergamon as pg  # noqa: E402
from ui.fonts import register_default_font  # noqa: E402
from ui.games.pergamon.screen import PergamonScreen  # noqa: E402
from ui.games.pergamon.viewmodel import PergamonVM  # noqa: E402
from ui_driver import screenshot  # noqa: E402

NAMES = ("Anna", "Ben", "Chen")


def moments(seed: int = 4):
    """(name, state, action, evaluation steps to show) at the four moments."""
    setup, actions = pg.random_game(seed, 3)
    for p, n in zip(setup["players"], NAMES):
        p["name"] = n
    s = pg.new_game_from_dict(setup)
    out, want = [], ["payout", "markers", "evaluation"]
    for a in actions:
        s = pg.apply(s, a)
        if want and want[0] == "payout" and isinstance(a, pg.RevealFunds) and s.turn >= 2:
            out.append(("payout", s, a, 0)); want.pop(0)
        elif want and want[0] == "markers" and isinstance(a, pg.Exhibit) and s.log[-1].moves:
            out.append(("markers", s, a, 0)); want.pop(0)
        elif want and want[0] == "evaluation" and isinstance(a, pg.Store) and \
                any(isinstance(r, pg.EvaluationResult) for r in s.log[-2:]):
            out.append(("evaluation", s, a, 3)); want.pop(0)
    return out


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    register_default_font()
    report: dict = {"texts": {}, "banner": {}}
    plan = [(n, st, a, k, "en") for n, st, a, k in moments()]
    plan.append(("zh", plan[2][1], plan[2][2], 2, "zh"))

    class Driver(App):
        def build(self):
            self.sm = ScreenManager()
            return self.sm

        def on_start(self):
            Clock.schedule_once(lambda dt: self.step(0), 0.3)

        def step(self, i):
            if i >= len(plan):
                (out / "pergamon_report.json").write_text(json.dumps(report, ensure_ascii=False, indent=1),
                                                          encoding="utf-8")
                self.stop()
                return
            name, st, a, steps, lang = plan[i]
            vm = PergamonVM(lang)
            vm.update(st, a)
            for _ in range(steps):
                vm.next_step()
            for w in list(self.sm.screens):
                self.sm.remove_widget(w)
            scr = PergamonScreen(vm, name=f"pg{i}")
            self.sm.add_widget(scr)
            self.sm.current = scr.name
            report["banner"][name] = [vm.banner.text, *vm.banner.lines]
            Clock.schedule_once(lambda dt: screenshot(self, out / f"pergamon_{name}.png", report["texts"], name,
                                                      lambda: self.step(i + 1)), 0.2)

    Driver().run()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
