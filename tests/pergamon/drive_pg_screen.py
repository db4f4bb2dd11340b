"""Drive the Pergamon screen offscreen through a seeded 3-player game and save
screenshots (and the widget texts) at the moments the issue names: the funds payout,
markers to move after a show, the evaluation step by step, the same in Chinese.

    .venv/bin/python tests/pergamon/drive_pg_screen.py OUT_DIR [--portrait]

Writes OUT_DIR/pergamon_<moment>.png (1280x800; with --portrait 800x1280,
pergamon_<moment>_portrait.png) and OUT_DIR/pergamon_report.json. Moments: the
payout, markers to move, the evaluation step by step, the same in Chinese, and the
entry panel with a collection being tapped (es) and a refused entry (zh). One Kivy
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

PORTRAIT = "--portrait" in sys.argv
Config.set("graphics", "width", "800" if PORTRAIT else "1280")
Config.set("graphics", "height", "1280" if PORTRAIT else "800")
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
    entry = None
    for a in actions:
        if entry is None and isinstance(a, pg.Exhibit) and len(a.finds) >= 2 and s.turn >= 3:
            entry = ("entry", s, a)             # just before this collection is shown: tap it in
        s = pg.apply(s, a)
        if want and want[0] == "payout" and isinstance(a, pg.RevealFunds) and s.turn >= 2:
            out.append(("payout", s, a, 0)); want.pop(0)
        elif want and want[0] == "markers" and isinstance(a, pg.Exhibit) and s.log[-1].moves:
            out.append(("markers", s, a, 0)); want.pop(0)
        elif want and want[0] == "evaluation" and isinstance(a, pg.Store) and \
                any(isinstance(r, pg.EvaluationResult) for r in s.log[-2:]):
            out.append(("evaluation", s, a, 3)); want.pop(0)
    return out, entry


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    register_default_font()
    report: dict = {"texts": {}, "banner": {}}
    found, entry = moments()
    plan = [(n, st, a, k, "en") for n, st, a, k in found]
    plan.append(("zh", plan[2][1], plan[2][2], 2, "zh"))
    plan.append(("entry", entry[1], entry[2], 0, "es"))
    plan.append(("refused", entry[1], entry[2], -1, "zh"))
    suffix = "_portrait" if PORTRAIT else ""

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
            if name in ("entry", "refused"):       # the player taps the collection in, with polish
                vm.update(st)
                for t in a.finds:
                    vm.tap(("row", t))
                vm.tap(("polish", a.polish))
                if name == "refused":              # too much polish for the coins: refused, rule named
                    from companion.errors import RuleError
                    from ui.games.pergamon.texts import refusal_text
                    try:
                        pg.apply(st, pg.Exhibit(a.player, a.finds, st.coins[a.player] + 1))
                    except RuleError as exc:
                        vm.refused(refusal_text(exc, st, lang))
            else:
                vm.update(st, a)
            for _ in range(max(steps, 0)):
                vm.next_step()
            for w in list(self.sm.screens):
                self.sm.remove_widget(w)
            scr = PergamonScreen(vm, name=f"pg{i}")
            self.sm.add_widget(scr)
            self.sm.current = scr.name
            report["banner"][name] = [vm.banner.text, *vm.banner.lines]
            report.setdefault("refusal", {})[name] = vm.refusal
            Clock.schedule_once(lambda dt: screenshot(self, out / f"pergamon_{name}{suffix}.png", report["texts"], name,
                                                      lambda: self.step(i + 1)), 0.2)

    Driver().run()


if __name__ == "__main__":
    args = [x for x in sys.argv[1:] if not x.startswith("--")]
    main(Path(args[0] if args else "docs/screenshots"))
