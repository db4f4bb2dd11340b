"""Drive the Pergamon screen offscreen through a seeded 3-player game and save
screenshots (and the widget texts) at the moments the issue names: the funds payout,
markers to move after a show, the evaluation step by step, the same in Chinese.

    .venv/bin/python tests/pergamon/drive_pg_screen.py OUT_DIR [--portrait]

Writes OUT_DIR/pergamon_<moment>.png (1280x800; with --portrait 800x1280,
pergamon_<moment>_portrait.png) and OUT_DIR/pergamon_report.json. Moments: the
payout, markers to move, the evaluation step by step, the same in Chinese, and the
entry panel with a collection being tapped (es) and a refused entry (zh: two finds
that make no object, tapped in and shown). One Kivy
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
from kivy.uix.button import Button  # noqa: E402
from kivy.lang import Builder  # noqa: E402
from kivy.properties import StringProperty  # noqa: E402

from companion.games import pergamon as pg  # noqa: E402
from ui.fonts import register_default_font  # noqa: E402
from ui.games.pergamon.screen import PergamonScreen  # noqa: E402
from ui.games.pergamon.viewmodel import PergamonVM  # noqa: E402
from ui_driver import screenshot  # noqa: E402
from drive_walk import check_screen  # noqa: E402  (the walk's checks; the window exists already)

NAMES = ("Anna", "Ben", "Chen")


def pytest_raises(kind, fn, *args):
    """The ``kind`` exception ``fn(*args)`` raises (AssertionError if none)."""
    try:
        fn(*args)
    except kind as exc:
        return exc
    raise AssertionError(f"{fn.__name__}{args!r} did not raise {kind.__name__}")


def main_buttons(scr) -> list[dict]:
    """The screen's main buttons (the fixed bar): text, and whether the whole button
    is inside the window and inside every scroll view holding it (seen without
    scrolling)."""
    from kivy.uix.scrollview import ScrollView

    def rect(w):
        x0, y0 = w.to_window(w.x, w.y)
        return x0, y0, x0 + w.width, y0 + w.height

    def inside(a, b):
        return a[0] >= b[0] - 1 and a[1] >= b[1] - 1 and a[2] <= b[2] + 1 and a[3] <= b[3] + 1

    out = []
    for b in scr.bar.children[::-1]:
        if not isinstance(b, Button):              # the room the undo leaves beside it
            continue
        r, seen, x = rect(b), inside(rect(b), (0, 0, *Window.size)), b.parent
        while x is not None and x is not x.parent:
            if isinstance(x, ScrollView) and not inside(r, rect(x)):
                seen = False
            x = x.parent
        out.append({"text": b.text, "seen": seen and b.height >= 48, "disabled": b.disabled})
    return out


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
    plan.append(("camera", plan[0][1], plan[0][2], 0, "en"))    # the payout again, with the camera picture
    plan.append(("undo", plan[1][1], plan[1][2], 0, "es"))      # Take back asked first, answered Yes
    first = pg.new_game_from_dict(dict(pg.random_game(4, 3)[0], players=[{"name": n} for n in NAMES]))
    plan.append(("hidden", first, None, 0, "es"))   # finds turned up by taps: asked first (no undo)
    setup, actions = pg.random_game(4, 3)          # the end: who won, the panels' totals, room under it
    last = pg.new_game_from_dict(dict(setup, players=[dict(p, name=n) for p, n in zip(setup["players"], NAMES)]))
    for a in actions:
        last = pg.apply(last, a)
    plan.append(("end", last, actions[-1], 0, "zh"))
    suffix = "_portrait" if PORTRAIT else ""

    class Driver(App):
        lang = StringProperty("en")      # the kit's questions (common.kv) say Yes / No in it
        asking = None                    # the open question (ui.screens.common.ask)

        def build(self):
            Builder.load_file(str(ROOT / "ui" / "screens" / "common.kv"))   # the table kit's rules
            self.sm = ScreenManager()
            return self.sm

        def on_start(self):
            Clock.schedule_once(lambda dt: self.step(0), 0.3)

        def resizes(self, scr, then):
            """Resize the window within its size class, then across it: the screen is
            rebuilt only when it turns (report["rebuilds"])."""
            w, h = Window.size
            sizes = [(w - 80, h - 40), (w - 40, h), (w, h), (h, w), (w, h)]
            start = scr.builds
            seen = []

            def one(k):
                if k:
                    seen.append(scr.builds - start)
                if k == len(sizes):
                    report["rebuilds"] = seen
                    then()
                    return
                Window.size = sizes[k]
                Clock.schedule_once(lambda dt: one(k + 1), 0.15)
            one(0)

        def step(self, i):
            if i >= len(plan):
                if "rebuilds" not in report:
                    return self.resizes(self.sm.current_screen, lambda: self.step(i))
                (out / "pergamon_report.json").write_text(json.dumps(report, ensure_ascii=False, indent=1),
                                                          encoding="utf-8")
                self.stop()
                return
            name, st, a, steps, lang = plan[i]
            self.lang = lang
            vm = PergamonVM(lang)
            if name == "hidden":                   # the five finds turned up, tapped in
                vm.update(st)
                for t in sorted(st.catalog.tiles)[:5]:
                    vm.tap(("find", t))
            elif name == "entry":                  # the player taps the collection in, with polish
                vm.update(st)
                for t in a.finds:
                    vm.tap(("row", t))
                vm.tap(("polish", a.polish))
            elif name == "refused":                # two finds that make no object, tapped in, then Exhibit:
                from itertools import permutations  # refused by the rules, the rule named
                from companion.errors import RuleError
                from ui.games.pergamon.texts import refusal_text
                vm.update(st)
                for pair in permutations(sorted(st.hands[a.player]), 2):
                    try:
                        pg.apply(st, pg.Exhibit(a.player, pair, 0))
                    except RuleError:
                        break
                for t in pair:
                    vm.tap(("row", t))
                with_rules = refusal_text(pytest_raises(RuleError, pg.apply, st, pg.Exhibit(a.player, pair, 0)),
                                          st, lang)
                exhibit = next(t for t in vm.actions if t.key == ("exhibit",))
                # the rules refuse the row: Exhibit is disabled, saying why, and a tap does nothing
                refused_here = exhibit.label if exhibit.disabled and vm.tap(("exhibit",)) is None else ""
                assert refused_here == with_rules, (refused_here, with_rules)
            else:
                vm.update(st, a)
            for w in list(self.sm.screens):
                self.sm.remove_widget(w)
            taken = []
            undo = (lambda: None if taken else "Ben muestra 463 máscara y jarra",
                    lambda: "Nada que deshacer todavía", lambda: taken.append(1)) if name == "undo" else \
                (lambda: "Chen 结束回合", lambda: "", lambda: None) if name == "end" else None
            entered = []
            scr = PergamonScreen(vm, name=f"pg{i}", camera=name == "camera", undo=undo,
                                 on_action=lambda a: entered.append(a) if name == "hidden" else None)
            if name == "camera":                  # a frame with two tags read and one unreadable
                import numpy as np
                frame = np.full((360, 640, 3), 90, np.uint8)
                frame[100:260, 200:440] = (40, 120, 60)
                tags = [{"component": "F10", "corners_px": [(220, 120), (260, 120), (260, 160), (220, 160)],
                         "status": "ok"},
                        {"component": "F32", "corners_px": [(320, 150), (360, 150), (360, 190), (320, 190)],
                         "status": "ok"},
                        {"corners_px": [(500, 40), (530, 40), (530, 70), (500, 70)], "status": "unreadable",
                         "reason": "blurred"}]
                scr.show_frame(frame, tags)
                report["camera_overlays"] = [(o.ok, o.label) for o in scr.camera_view._overlays]
            self.sm.add_widget(scr)
            self.sm.current = scr.name
            report["banner"][name] = [vm.banner.text, *vm.banner.lines]
            report.setdefault("refusal", {})[name] = refused_here if name == "refused" else vm.refusal

            def shot(dt):
                if name == "hidden":                # Put them in the galleries: asked, No, then Yes
                    from companion.games import pergamon as pg
                    full = list(vm.picks)
                    vm.picks = full[:1]             # one find of five: refused, never asked
                    vm.entry = vm._entry(vm._state)
                    scr._tap(("present",))
                    few = {"label": vm.actions[0].label, "disabled": vm.actions[0].disabled,
                           "asked": getattr(scr, "asking", None) is not None, "entered": len(entered)}
                    tap = vm.tap                    # the screen's own check before it asks
                    vm.tap = lambda key: pg.PresentFinds(tuple(full[:1]))
                    scr._tap(("present",))
                    vm.tap = tap
                    few.update(forced_asked=getattr(scr, "asking", None) is not None, refusal=vm.refusal,
                               forced_entered=len(entered))
                    vm.picks, vm.refusal = full, ""
                    vm.entry = vm._entry(vm._state)
                    scr.show()                      # the five picks: the button enters them, asked first
                    confirm = [b for b in scr.bar.children if b.text == vm.actions[0].label][0]
                    rep0 = {"confirm_button": type(confirm).__name__, "confirm_question": confirm.question}
                    scr._tap(("present",))
                    ask = scr.asking
                    rep = {"question": ask.question, "open": self.asking is ask, "few": few, **rep0,
                           "buttons": [w.text for w in ask.walk() if isinstance(w, Button)]}
                    ask.answer(False)
                    ask.dismiss(animation=False)   # answered in the frame it opened: no fade left over
                    rep["after_no"] = len(entered)
                    scr._tap(("present",))
                    scr.asking.answer(True)
                    scr.asking.dismiss(animation=False)
                    rep["after_yes"] = [type(a).__name__ for a in entered]
                    rep["finds"] = len(entered[0].finds) if entered else 0
                    report["hidden"] = rep
                    Clock.schedule_once(lambda dt: shoot(), 0.3)     # the rebuilt screen laid out first
                    return
                if name == "undo":                  # the undo button opens the question; Yes takes back
                    back = scr.bar.children[-1]
                    back.dispatch("on_release")
                    ask = self.asking
                    report["undo"] = {"button": back.text, "question": ask.question, "open": ask is not None,
                                      "kind": type(back).__name__}
                    Clock.schedule_once(lambda dt: after_ask(ask), 0.3)
                    return
                if name == "end":                   # the end-of-game piece's place: empty, above the bar
                    report["end"] = {"slot": [scr.end_slot.height, len(scr.end_slot.children)],
                                     "panels": [c.text for c in scr.panels.children[::-1]],
                                     "banner": scr.banner.text, "bar": [b.text for b in scr.bar.children[::-1]]}
                shoot()

            def after_ask(ask):
                screenshot(self, out / f"pergamon_undo_ask{suffix}.png", report["texts"], "undo_ask",
                           lambda: answer(ask))

            def answer(ask):
                ask.answer(True)
                report["undo"]["taken"] = len(taken)
                report["undo"]["after"] = (scr.bar.children[-1].text, scr.bar.children[-1].disabled)
                ask.dismiss(animation=False)   # answered in the same frame as drawn: no fade left on the picture
                Clock.schedule_once(lambda dt: shoot(), 0.6)      # the question faded out first

            def shoot():
                report.setdefault("main", {})[name] = main_buttons(scr)
                report.setdefault("open", {})[name] = [type(w).__name__ for w in Window.children[:-1]]
                report.setdefault("problems", {})[name] = check_screen(scr, lang)
                screenshot(self, out / f"pergamon_{name}{suffix}.png", report["texts"], name, lambda: self.step(i + 1))
            Clock.schedule_once(shot, 0.2)

    Driver().run()


if __name__ == "__main__":
    args = [x for x in sys.argv[1:] if not x.startswith("--")]
    main(Path(args[0] if args else "docs/screenshots"))
