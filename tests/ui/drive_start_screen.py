"""Drive the real app offscreen over what a fresh user found on the start screen,
Settings, Pergamon's "more below" lines and Turin Market's banner (issue 25,
session 34), by taps on the app's own widgets:

- the start screen: Scoop chosen, six players named, then Pergamon tapped: the rows
  and the heading's count at once;
- the resume list with a damaged saved game: said in words, not offered;
- Settings from the start screen's button, and its Back to the start screen;
- Pergamon resumed from its bundled recording's journal and played on move by move:
  every "more below" line shown has something below its list and lies over nothing
  (:func:`cue_faults`);
- Turin Market resumed from its recording: the banner's auction count at each move.

Every screen looked at is checked (drive_walk.check_screen: clipped text, overlaps,
small targets, untranslated words, ids and paths) at 1280x800 and 800x1280 in en, es
and zh.

    .venv/bin/python tests/ui/drive_start_screen.py OUT_DIR

Writes OUT_DIR/report.json. One Kivy app per process; used by
tests/ui/test_start_screen_ui.py.
"""

from __future__ import annotations

import json
import sys
import tempfile
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(Path(__file__).resolve().parent)]

from drive_walk import check_screen, visible  # noqa: E402  (sets up the headless window first)
from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from kivy.uix.behaviors import ButtonBehavior  # noqa: E402
from kivy.uix.label import Label  # noqa: E402
from kivy.uix.scrollview import ScrollView  # noqa: E402

from ui.app import build_app_class  # noqa: E402
from ui_driver import texts_of  # noqa: E402

SIZES = ((1280, 800), (800, 1280))
LANGS = ("en", "es", "zh")
NAMES = ("Ana", "Bo", "Chen", "Dee", "Eli", "Fay")
#: the moves of the bundled pergamon-3p recording looked at (every presentation,
#: funds step, dig and collection of its first rounds), alternately in each size
PERGAMON_MOVES = (0, 40)


def _rect(w):
    x0, y0 = w.to_window(w.x, w.y)
    return x0, y0, x0 + w.width, y0 + w.height


def _shown(w) -> bool:
    """Drawn with content: visible, and a button or a label with text."""
    return visible(w) and (isinstance(w, ButtonBehavior) or (isinstance(w, Label) and w.text.strip()))


def cue_faults(root) -> list[str]:
    """The "more below" lines on screen that mislead: one shown under a list with
    nothing of it below the list's view (no button or text there: only padding or
    an empty spacer), or one laid over a text or a button that is not its own."""
    out = []
    cues = [w for w in root.walk(restrict=True)
            if isinstance(w, Label) and getattr(w, "scroll_cue", False) and w.text.strip() and visible(w)]
    for cue in cues:
        box = cue.parent
        view = next((c for c in getattr(box, "children", ()) if isinstance(c, ScrollView)), None)
        if view is None or not view.children:
            continue
        bottom = _rect(view)[1]
        below = [w for w in view.children[0].walk(restrict=True)
                 if w is not view.children[0] and _shown(w) and _rect(w)[1] < bottom - 2]
        what = next((w.text[:24] for w in view.children[0].walk(restrict=True)
                     if isinstance(w, Label) and w.text.strip()), type(view.children[0]).__name__)
        if not below:
            out.append(f"'more below' with nothing below ({view.children[0].height:.0f}px in "
                       f"{view.height:.0f}px: {what!r})")
        c = _rect(cue)
        for w in root.walk(restrict=True):
            if w is cue or not _shown(w) or w in cue.walk():
                continue
            if any(p is view for p in _parents(w)):
                continue  # the list's own rows, clipped by its view
            r = _clipped(w)
            if r is None:
                continue  # scrolled out of its list's view: not drawn
            if min(c[2], r[2]) - max(c[0], r[0]) > 2 and min(c[3], r[3]) - max(c[1], r[1]) > 2:
                out.append(f"'more below' of {what!r} over {getattr(w, 'text', type(w).__name__)[:30]!r}")
    return out


def _clipped(w):
    """``w``'s box as drawn: cut by every scroll view it lies in (None when none of it shows)."""
    x0, y0, x1, y1 = _rect(w)
    for p in _parents(w):
        if isinstance(p, ScrollView):
            a = _rect(p)
            x0, y0, x1, y1 = max(x0, a[0]), max(y0, a[1]), min(x1, a[2]), min(y1, a[3])
            if x1 - x0 <= 0 or y1 - y0 <= 0:
                return None
    return x0, y0, x1, y1


def _parents(w):
    x = w.parent
    while x is not None and x is not x.parent:
        yield x
        x = x.parent


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="ui-st-"))
    games = tmp / "games"
    games.mkdir()
    App = build_app_class()
    app = App(session_factory=lambda cfg: None, lang="en", camera=None, settings_path=tmp / "settings.json",
              export_dir=tmp / "export", journal_dir=games)
    report: dict = {"problems": {}, "checks": {}}
    checks = report["checks"]
    steps: list = []

    def start():
        return app.root.get_screen("start")

    def look(tag):
        """Check the screen on view at every size and language."""
        def one(size, lang):
            def set_():
                Window.size = size
                app.set_lang(lang)

            def check():
                probs = check_screen(app.root.current_screen, lang)
                if probs:
                    report["problems"][f"{tag} {lang} {size[0]}x{size[1]}"] = probs
            return [set_, check]
        return [s for size in SIZES for lang in LANGS for s in one(size, lang)] + [
            lambda: (setattr(Window, "size", (1280, 800)), app.set_lang("en"))]

    # -- 1. the rows and the count follow the game --------------------------------
    def six_in_scoop():
        app.go("start")
        st = start()
        st.refresh()
        next(w for w in st.ids.game.children if w.text == "Scoop").dispatch("on_release")
        while len(st.ids.players.children) < 6:
            st.ids.add.dispatch("on_release")
        for row, name in zip(list(st.ids.players.children)[::-1], NAMES):
            row.ids.name.text = name
        st.ids.add.dispatch("on_release")  # a seventh: refused, said in the banner
        checks["scoop"] = {"rows": len(st.ids.players.children), "heading": st.ids.players_head.text,
                           "banner": st.ids.error.text, "add_disabled": st.ids.add.disabled}

    def to_pergamon():
        st = start()
        next(w for w in st.ids.game.children if w.text == "Pergamon").dispatch("on_release")
        rows = list(st.ids.players.children)[::-1]
        checks["pergamon_start"] = {"rows": len(rows), "names": [r.ids.name.text for r in rows],
                                    "heading": st.ids.players_head.text, "banner": st.ids.error.text,
                                    "add_disabled": st.ids.add.disabled}

    steps += [six_in_scoop, to_pergamon] + look("start_pergamon")

    # -- 2. a damaged saved game in the resume list --------------------------------
    def damaged():
        from companion.journal import Journal
        from play.recordings import recording_dir

        rec = json.loads((recording_dir("pergamon-3p") / "journal.json").read_text(encoding="utf-8"))
        with Journal.create(games / "pergamon-20260301-200000.sqlite", "pergamon", rec["setup"]) as j:
            j.append(rec["actions"][0])
        (games / "scoop-20260302-210000.sqlite").write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 8)
        st = start()
        st.refresh()
        box = st.ids.resume
        checks["resume"] = {"buttons": [w.path for w in box.children if isinstance(w, ButtonBehavior)],
                            "texts": texts_of(box)}

    # -- 2b. more unfinished games than the list shows: the older ones one tap away ----
    def older():
        from companion.journal import Journal
        from play.recordings import recording_dir

        rec = json.loads((recording_dir("pergamon-3p") / "journal.json").read_text(encoding="utf-8"))
        for day in range(3, 9):  # 6 more: 7 unfinished games in all
            with Journal.create(games / f"pergamon-202603{day:02d}-200000.sqlite", "pergamon", rec["setup"]) as j:
                j.append(rec["actions"][0])
        st = start()
        st._resume_all = False
        st.refresh()
        box = st.ids.resume
        paths = [w for w in box.children if isinstance(w, ButtonBehavior) and getattr(w, "path", "")]
        more = [w for w in box.children if isinstance(w, ButtonBehavior) and not getattr(w, "path", "")]
        checks["older"] = {"listed": len(paths), "more": [w.text for w in more]}
        if more:
            more[0].dispatch("on_release")
        box = start().ids.resume
        checks["older"]["after"] = len([w for w in box.children if isinstance(w, ButtonBehavior)
                                        and getattr(w, "path", "")])
        checks["older"]["more_after"] = [w.text for w in box.children if isinstance(w, ButtonBehavior)
                                         and not getattr(w, "path", "")]

    steps += [damaged] + look("start_resume") + [older]

    # -- 4. Settings from the start screen and back ---------------------------------
    def to_settings():
        start().ids.settings.dispatch("on_release")
        scr = app.root.current_screen
        shown = [w.text for w in scr.walk(restrict=True) if isinstance(w, ButtonBehavior) and visible(w)
                 and not w.disabled and getattr(w, "target", None) is not None]
        checks["settings"] = {"screen": app.root.current, "bar": shown}

    def back_from_settings():
        scr = app.root.current_screen
        back = scr.ids.back
        checks["settings"]["back_shown"] = visible(back) and not back.disabled
        back.dispatch("on_release")
        checks["settings"]["after_back"] = app.root.current

    steps += [to_settings] + look("settings_from_start") + [back_from_settings]

    # -- 5. Pergamon's "more below" lines, move by move ----------------------------
    from companion.games import pergamon as pg
    from play.recordings import recording_dir

    prec = json.loads((recording_dir("pergamon-3p") / "journal.json").read_text(encoding="utf-8"))

    def open_pergamon():
        from companion.journal import Journal

        players = [dict(p, name=n) for p, n in zip(prec["setup"]["players"], NAMES)]
        path = tmp / "pergamon-walk.sqlite"
        Journal.create(path, "pergamon", dict(prec["setup"], players=players)).close()
        start().begin(resume=str(path))
        checks["pergamon_open"] = app.root.current
        checks["pergamon_cues"] = {"looked": 0, "shown": 0}

    def pergamon_move(k, size, lang):
        def f():
            Window.size = size
            app.set_lang(lang)
            if k < len(prec["actions"]):
                refused = app.host.apply(pg.action_from_dict(prec["actions"][k]), source="player")
                assert refused is None, refused
                app.refresh_current()

        def check():
            scr = app.root.current_screen
            faults = cue_faults(scr)
            checks["pergamon_cues"]["looked"] += 1
            checks["pergamon_cues"]["shown"] += sum(1 for w in scr.walk(restrict=True)
                                                   if getattr(w, "scroll_cue", False) and w.text.strip()
                                                   and visible(w))
            if faults:
                report["problems"][f"pergamon move {k} {lang} {size[0]}x{size[1]}"] = faults
        return [f, check]

    first, last = PERGAMON_MOVES

    def apply_upto():
        for a in prec["actions"][:first]:
            app.host.apply(pg.action_from_dict(a), source="player")

    steps += [open_pergamon, apply_upto]
    for k in range(first, min(last, len(prec["actions"]))):
        steps += pergamon_move(k, SIZES[k % 2], LANGS[k % 3])
    steps += [app.close_hosted]

    # -- 3. a game watched from here: the first move refused in words --------------
    held = {}

    def open_watched():
        from companion.journal import Journal

        players = [dict(p, name=n) for p, n in zip(prec["setup"]["players"], NAMES)]
        path = tmp / "pergamon-held.sqlite"
        Journal.create(path, "pergamon", dict(prec["setup"], players=players)).close()
        argv0, sys.argv[0] = sys.argv[0], "companion"  # the other app, by its program's name
        try:
            held["writer"] = Journal.open(path)  # another app has it open for writing
        finally:
            sys.argv[0] = argv0
        held["path"] = path
        app.go("start")
        start().begin(resume=str(path))

    def first_move_watched():
        scr = app.root.current_screen
        scr._journal(pg.action_from_dict(prec["actions"][0]))
        scr._confirm()  # "coins handed over" as well: said, never a failure
        texts = [scr.warning.text] + texts_of(scr)
        path = held["path"]
        checks["watched"] = {"screen": app.root.current, "warning": scr.warning.text, "lang": app.lang,
                             "path_shown": any(str(path.parent) in t or path.name in t for t in texts),
                             "moves": len(app.host.journal.actions())}

    def release():
        app.close_hosted()
        held["writer"].close()

    steps += [open_watched, lambda: app.set_lang("es"), first_move_watched] + look("pergamon_watched") + [release]

    def run(i=0):
        if i >= len(steps):
            (out / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
            app.stop()
            return
        try:
            steps[i]()
        except Exception:  # noqa: BLE001  the report says where it stopped
            report["error"] = traceback.format_exc()
            (out / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
            app.stop()
            return
        Clock.schedule_once(lambda dt: run(i + 1), 0.12)

    app.bind(on_start=lambda *_a: Clock.schedule_once(lambda dt: run(), 0.2))
    app.run()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/drive-start"))
    import os

    os._exit(0)
