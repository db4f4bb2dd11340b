"""Drive the real app offscreen into Turin Market by taps alone and play it through.

From the start screen (the game chosen, the red payment card chosen in its own
row, four players named, Start), the whole game is played by pressing the app's
own buttons by their label: pass the tablet (I am ..., +, Done: hide it, Reveal),
the picker's card, Pass for each seller, a coin flip. On the way: a loan asked
first (the kit's question, Yes first: No, then Yes), the kit's Undo naming the
move and asked first, and every table and secret
screen checked (drive_walk.check_screen: clipped text, overlaps, targets under 48
dp, untranslated words; and no card id) at 1280x800 and 800x1280 in es, en and
zh, with screenshots of a few.

    .venv/bin/python tests/ui/drive_turin_app.py OUT_DIR

Writes OUT_DIR/report.json and OUT_DIR/tm_app_*.png. One Kivy app per process;
used by tests/ui/test_turin_market_app.py.
"""

from __future__ import annotations

import json
import random
import re
import sys
import tempfile
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(Path(__file__).resolve().parent)]

from drive_walk import check_screen  # noqa: E402  (sets up the headless window first)
from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from kivy.uix.button import Button  # noqa: E402

from ui.app import build_app_class  # noqa: E402
from ui_driver import screenshot, texts_of  # noqa: E402

NAMES = ("Ana", "Bo", "Chen", "Dee")
SIZES = ((1280, 800), (800, 1280))
LANGS = ("es", "en", "zh")
SHOTS = {((1280, 800), "en"), ((1280, 800), "es"), ((800, 1280), "zh")}
CARD_ID = re.compile(r"\bT\d\d\b")
WAIT = object()


def buttons(widget):
    return [w for w in widget.walk(restrict=True) if isinstance(w, Button) and w.opacity > 0 and not w.disabled]


def press(widget, label, exact=False):
    """Press the button whose text is (or contains) ``label``; AssertionError when
    no such button is on screen."""
    for b in buttons(widget):
        if (b.text == label) if exact else (label in b.text):
            b.dispatch("on_release")
            return b
    raise AssertionError(f"no button {label!r} on screen: {[b.text for b in buttons(widget)]}")


def buttons_over_buttons(root) -> list[str]:
    """Buttons drawn over one another (e.g. "Done: hide it" over a grid of cards that
    did not grow to its rows): any two visible buttons whose boxes overlap by more
    than 2 px both ways. A button counts when it has a size and nothing above it is
    transparent, even in a parent laid out too small (the case looked for)."""
    def visible(w):
        x = w
        while x is not None and x is not x.parent:
            if getattr(x, "opacity", 1) == 0:
                return False
            x = x.parent
        return w.width > 0 and w.height > 0

    def rect(w):
        x0, y0 = w.to_window(w.x, w.y)
        return x0, y0, x0 + w.width, y0 + w.height

    shown = [b for b in root.walk(restrict=True) if isinstance(b, Button) and visible(b)]
    out = []
    for i, a in enumerate(shown):
        ra = rect(a)
        for b in shown[i + 1:]:
            rb = rect(b)
            if min(ra[2], rb[2]) - max(ra[0], rb[0]) > 2 and min(ra[3], rb[3]) - max(ra[1], rb[1]) > 2:
                out.append(f"button {a.text[:20]!r} over {b.text[:20]!r}")
    return out


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="ui-tm-"))
    App = build_app_class()
    app = App(session_factory=lambda cfg: None, lang="en", camera=None, settings_path=tmp / "settings.json",
              export_dir=tmp / "export", journal_dir=tmp / "games")
    report: dict = {"problems": {}, "ids": [], "start": {}, "loan": {}, "undo": {}, "end": {}, "texts": {}}
    rng = random.Random(4)
    T = __import__("ui.games.turin_market.texts", fromlist=["tr"]).tr
    W = __import__("companion.games.turin_market.app_words", fromlist=["yes"])

    def screen():
        return app.root.current_screen

    def look(tag):
        """Check the screen on view at every size and language (then back to 1280x800 en)."""
        todo = [(s, lang) for s in SIZES for lang in LANGS]

        def one(i=0):
            if i == len(todo):
                Window.size = (1280, 800)
                app.set_lang("en")
                Clock.schedule_once(lambda dt: step(), 0.05)
                return
            size, lang = todo[i]
            Window.size = size
            app.set_lang(lang)

            def check(_dt):
                scr = screen()
                probs = check_screen(scr, lang) + buttons_over_buttons(scr)
                if probs:
                    report["problems"][f"{tag} {lang} {size[0]}x{size[1]}"] = probs
                report["ids"] += [t for t in texts_of(scr) if CARD_ID.search(t)]
                if (size, lang) in SHOTS:
                    screenshot(app, out / f"tm_app_{tag}_{lang}_{size[0]}x{size[1]}.png", report["texts"],
                               f"{tag} {lang} {size[0]}x{size[1]}", lambda: one(i + 1))
                else:
                    one(i + 1)
            Clock.schedule_once(check, 0.15)
        one()
        return WAIT

    def start_game():
        app.set_lang("en")
        app.go("start")
        st = app.root.get_screen("start")
        toggle = next(w for w in st.ids.game.children if w.text == "Turin Market")
        toggle.dispatch("on_release")
        opts = st.ids.options
        report["start"]["options"] = texts_of(opts)
        press(opts, "red (new)")
        rows = list(st.ids.players.children)[::-1]
        while len(rows) < len(NAMES):
            st.add_player()
            rows = list(st.ids.players.children)[::-1]
        for row, name in zip(rows, NAMES):
            row.ids.name.text = name
        st.ids.begin.dispatch("on_release")
        report["start"]["error"] = st.error_text
        report["start"]["screen"] = app.root.current
        report["start"]["payment_card"] = app.host.state.payment_card if app.host else None
        report["start"]["centre"] = len(app.host.state.auction.centre) if app.host else 0

    def table():
        return app.root.get_screen("turin_table")

    def one_move():
        """One tap (or one secret step) by the buttons on screen; False once over."""
        state = app.host.state
        if state.final is not None:
            return False
        if app.root.current == "turin_secret":
            sec = screen()
            vm = sec.vm
            if vm.mode == "handover":
                press(sec, "I am")
            elif vm.mode == "entry":
                if vm.kind == "card":
                    choices = [b for b in buttons(sec.ids.body) if b.text != T("confirm_hide", "en")
                               and not b.text.startswith(W.choose_card("en"))]
                    rng.choice(choices).dispatch("on_release")
                else:
                    for _ in range(rng.randint(0, min(3, vm.limit))):
                        press(sec, "+", exact=True)
                press(sec, T("confirm_hide", "en"), exact=True)
            else:
                press(sec, T("reveal", "en"), exact=True)
            return True
        tb = table()
        if tb.vm.needs_secret_entry:
            tb.on_secret("pass")
            return True
        taps = [b for b in buttons(tb.ids.actions)]
        assert taps, f"no main button in phase {state.phase}"
        rng.choice(taps).dispatch("on_release")
        return True

    plan = [start_game, lambda: look("table_bids")]
    # the first secret screen (bids with 4 players): looked at in every size and language
    plan += [lambda: table().on_secret("pass"), lambda: press(screen(), "I am"), lambda: look("secret_bid")]
    plan += [lambda: [one_move() for _ in range(12)]]

    def loan():
        tb = table()
        app.root.current = "turin_table"
        tb.refresh()
        before = len(app.host.journal.actions())
        press(tb.ids.quiet, W.loan_button(NAMES[0], "en"))
        ask = getattr(app, "asking", None)
        report["loan"]["asked"] = ask.question if ask else ""
        row = list(ask.ids.yes.parent.children)[::-1] if ask else []   # left to right
        report["loan"]["buttons"] = [b.text for b in row]
        ask.answer(False)
        report["loan"]["after_no"] = len(app.host.journal.actions()) - before
        press(tb.ids.quiet, W.loan_button(NAMES[0], "en"))
        app.asking.answer(True)
        report["loan"]["after_yes"] = len(app.host.journal.actions()) - before
        report["loan"]["loans"] = list(app.host.state.loans)

    def undo():
        tb = table()
        before = len(app.host.journal.actions())
        report["undo"]["button"] = tb.ids.undo.text    # the kit's Undo names the move
        tb.ids.undo.dispatch("on_release")
        ask = getattr(app, "asking", None)
        report["undo"]["asked"] = ask.question if ask else tb.note
        if ask:
            ask.answer(True)
        report["undo"]["taken_back"] = before - len(app.host.journal.actions())

    def to_card_entry():
        """Play on to a secret card entry (a round's cards face down) and open it."""
        for _ in range(400):
            st = app.host.state
            if st.phase == "cards" and app.root.current == "turin_secret" and screen().vm.mode == "entry":
                return
            if st.phase == "cards" and app.root.current != "turin_secret":
                table().on_secret("pass")
                continue
            if st.phase == "cards" and screen().vm.mode == "handover":
                press(screen(), "I am")
                continue
            one_move()

    def to_picks():
        for _ in range(400):
            if app.host.state.phase == "picks" and app.root.current == "turin_table":
                table().refresh()
                return
            one_move()

    def typed_cards():
        """Play on to the next round's cards and type them as revealed on the table:
        a player's row, then a card (named by its goods) for each, then Reveal."""
        for _ in range(400):
            if app.host.state.phase == "cards" and app.root.current == "turin_table":
                break
            if app.host.state.phase == "cards" and app.root.current == "turin_secret":
                app.root.current = "turin_table"
                break
            one_move()
        table().refresh()
        press(table().ids.actions, T("typed_mode", "en"), exact=True)
        sec = screen()
        rows = list(sec.vm.players)
        for p in rows:
            cards = [b for b in buttons(sec.ids.body) if "," in b.text and b.text != "?"
                     and b.background_color[0] == 1]
            cards[rng.randrange(len(cards))].dispatch("on_release")
        report["typed"] = {"values": sorted(v for v in sec.vm.values.values() if v),
                           "texts": texts_of(sec.ids.body)}
        return look("typed_card")

    def typed_reveal():
        before = app.host.state.phase
        press(screen(), T("reveal", "en"), exact=True)
        report["typed"]["phase"] = [before, app.host.state.phase]

    def to_end():
        for _ in range(3000):
            if not one_move():
                break
        table().refresh()
        st = app.host.state
        report["end"] = {"over": st.final is not None, "headline": table().headline,
                         "scores": list(st.final.scores) if st.final else [],
                         "panels": [t for t in texts_of(table().ids.strip)],
                         "undo_shown": table().ids.quiet_row.opacity > 0, "end_box": bool(table().ids.get("end_box"))}

    plan += [lambda: (app.root.__setattr__("current", "turin_table"), table().refresh()), loan,
             lambda: [one_move() for _ in range(3)], undo, to_card_entry, lambda: look("secret_card"),
             to_picks, lambda: look("table_picks"), typed_cards, typed_reveal, lambda: press(table().ids.quiet, W.loan_button(NAMES[1], "en")),
             lambda: look("loan_ask"), lambda: app.asking.answer(False), to_end, lambda: look("table_end")]

    steps = list(plan)

    def step():
        if not steps:
            (out / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
            app.stop()
            return
        fn = steps.pop(0)
        try:
            got = fn()
        except Exception:
            (out / "error.txt").write_text(traceback.format_exc())
            app.stop()
            raise SystemExit(1)
        if got is not WAIT:   # a look goes on by itself
            Clock.schedule_once(lambda dt: step(), 0.05)

    app.on_start = lambda: Clock.schedule_once(lambda dt: step(), 0.3)
    app.run()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/tm-app"))
