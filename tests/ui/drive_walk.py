"""Walk every screen of the app offscreen at 1280x800, 800x1280 and 2048x1536 px,
density 1 and 2, in es, en and zh (one app, one window resized between checks),
over the real session on a seeded game (ui.games.penny_press.scripted). On each screen it collects:

- clipped text: a label whose rendered text is larger than the label, or a widget
  reaching out of the window;
- small targets: anything tappable under 48 dp wide or high;
- a list longer than its place without a cue players see: a scroll bar under
  10 dp, or no "more below" line right under it (scroll_cues);
- untranslated text (es, zh): an English word of the app's own texts, a story id
  or a colour code shown to players;
- an id or a path in any language: a component id of any game's catalog (T18,
  H16, mat-green), a path or file players never need (/tmp/..., .sqlite), a tag
  payload (untranslated.shown_id).

On the way it plays the corrections scenario of issue 12 by taps: a wrong
correction saved, the game played on, the correction removed from the live table,
the game to its end (final scores against the engine's ground truth); and an undo
of a correction and then of a move, each named before it happens.

    .venv/bin/python tests/ui/drive_walk.py OUT_DIR [--shots]

Writes OUT_DIR/report.json; with --shots also the screenshots of every screen at
1280x800 and 800x1280 (en, es at 1280x800, zh at 800x1280) as OUT_DIR/<screen>_<lang>_<w>x<h>.png.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(Path(__file__).resolve().parent)]

from ui.app import prepare_env  # noqa: E402

prepare_env(headless=True)
if os.environ.get("UI_DRIVE_DEBUG"):
    os.environ.pop("KIVY_NO_CONSOLELOG", None)
from kivy.config import Config  # noqa: E402

# the offscreen surface keeps the size the window was created with: start at the
# largest size walked so that every later size is drawn in full (screenshots)
Config.set("graphics", "width", "2048")
Config.set("graphics", "height", "1536")
from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from kivy.metrics import dp  # noqa: E402
from kivy.uix.behaviors import ButtonBehavior  # noqa: E402
from kivy.uix.label import Label  # noqa: E402
from kivy.uix.scrollview import ScrollView  # noqa: E402
from kivy.uix.textinput import TextInput  # noqa: E402

import companion.games.penny_press as pp  # noqa: E402
from ui.app import build_app_class  # noqa: E402
from ui.games.penny_press.scripted import ScriptedSession  # noqa: E402
from ui.viewmodels import protocol as P  # noqa: E402
from ui_driver import screenshot  # noqa: E402

SIZES = ((1280, 800), (800, 1280), (2048, 1536))[:int(os.environ.get("WALK_SIZES", 3))]
DENSITIES = (1.0, 2.0)[:int(os.environ.get("WALK_DENSITIES", 2))]
LANGS = ("es", "en", "zh")
SCREENS = ("start", "live", "corrections", "press", "scores", "settings")
SEED = 7
PLAYERS = (P.PlayerSetup("red", "Ana", "El Heraldo"), P.PlayerSetup("blue", "Bo", "Daily Bugle"),
           P.PlayerSetup("green", "Chen", "晨报"))
HOSTED_NAMES = ("Ana", "Bo", "Chen", "Dee")
#: hosted screens screenshotted here (--shots): the start screen with each game
#: chosen and Turin Market's (Scoop and Pergamon have their own drivers)
HOSTED_SHOTS = ("start", "turin_table", "turin_secret")
from untranslated import ENGLISH, shown_id, untranslated  # noqa: E402,F401  (shared with drive_host)


def by_scale(plan: list) -> list:
    """``plan``'s checks ((density, size, ...) tuples) grouped by the layout scale the
    app takes for them (ui.app.layout_scale), order kept within a group: a change of
    scale makes the screens again, so each is made once per group, not per check."""
    from ui.app import layout_scale

    return sorted(plan, key=lambda item: (item[0], layout_scale(item[1], item[0])))


def visible(w) -> bool:
    x = w
    while x is not None and x is not x.parent:
        if getattr(x, "opacity", 1) == 0 or x.width <= 0 or x.height <= 0:
            return False
        x = x.parent
    return True


def _rect(w):
    x0, y0 = w.to_window(w.x, w.y)
    return x0, y0, x0 + w.width, y0 + w.height


def overlaps(root) -> list[str]:
    """Parts laid over one another on the screen itself (a button floated over the
    screen's content, e.g. the shell's "Games" button): any text of one drawn
    under another."""
    out = []
    layers = [c for c in root.children if visible(c)]
    for top in layers:
        for other in layers:
            if other is top or root.children.index(other) < root.children.index(top):
                continue  # only what lies under ``top`` (added before it)
            a = _rect(top)
            for w in other.walk(restrict=True):
                if isinstance(w, Label) and w.text.strip() and visible(w):
                    b = _rect(w)
                    ix = min(a[2], b[2]) - max(a[0], b[0])
                    iy = min(a[3], b[3]) - max(a[1], b[1])
                    if ix > 2 and iy > 2:
                        out.append(f"overlap: {getattr(top, 'text', type(top).__name__)[:20]!r} over {w.text[:30]!r}")
    return out


def scroll_cues(root) -> list[str]:
    """A list longer than its place says so where players look: every visible
    scroll view whose content is taller than the view (and not scrolled to its end)
    has a scroll bar of at least 10 dp and, right under it (within 12 dp), a
    visible "more below" line: a Label with ``scroll_cue`` and text, under at least
    half of the view's width (ui.scrollcue.CuedScroll; Turin Market's CueLine). A
    thin bar alone is not a cue a player sees at arm's length."""
    out = []
    cues = [w for w in root.walk(restrict=True)
            if isinstance(w, Label) and getattr(w, "scroll_cue", False) and w.text.strip() and visible(w)]
    for sv in root.walk(restrict=True):
        if not isinstance(sv, ScrollView) or not sv.do_scroll_y or not sv.children or not visible(sv):
            continue
        content = sv.children[0]
        if content.height <= sv.height + 1 or sv.scroll_y <= 0.005:
            continue
        x0, y0, x1, _y1 = _rect(sv)
        what = next((w.text[:30] for w in content.walk(restrict=True)
                     if isinstance(w, Label) and w.text.strip()), type(content).__name__)
        if sv.bar_width < dp(10) - 0.5:
            out.append(f"thin scroll bar {sv.bar_width:.0f}px on a list longer than its place ({what!r})")
        under = [c for c in cues if -dp(2) <= y0 - _rect(c)[3] <= dp(12)
                 and min(x1, _rect(c)[2]) - max(x0, _rect(c)[0]) >= 0.5 * (x1 - x0)]
        if not under:
            out.append(f"no 'more below' line under a list longer than its place ({what!r}, "
                       f"{content.height:.0f}px in {sv.height:.0f}px)")
    return out


def check_screen(root, lang: str) -> list[str]:
    problems = overlaps(root) + scroll_cues(root)
    ww, wh = Window.size
    for w in root.walk(restrict=True):
        if not visible(w):
            continue
        name = type(w).__name__
        if isinstance(w, (ButtonBehavior, TextInput)):
            if w.width < dp(48) - 0.5 or w.height < dp(48) - 0.5:
                problems.append(f"small target {name} {w.width:.0f}x{w.height:.0f}px "
                                f"({getattr(w, 'text', '')[:30]!r})")
        x0, y0 = w.to_window(w.x, w.y)
        if x0 < -1 or x0 + w.width > ww + 1:
            problems.append(f"out of the window {name} x={x0:.0f} w={w.width:.0f} ({getattr(w, 'text', '')[:30]!r})")
        if isinstance(w, Label) and w.text.strip():
            if not getattr(w, "shorten", False):
                tw, th = w.texture_size  # rendered on the frames before the look
                if tw > w.width + 2 or th > w.height + 2:
                    problems.append(f"clipped {name} text {tw:.0f}x{th:.0f} in {w.width:.0f}x{w.height:.0f}: "
                                    f"{w.text[:40]!r}")
            if untranslated(w.text, lang):
                problems.append(untranslated(w.text, lang))
            if shown_id(w.text):
                problems.append(shown_id(w.text))
    return problems


def main(out: Path, shots: bool) -> None:
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="ui-walk-"))
    sessions: list[ScriptedSession] = []

    def factory(cfg):
        cfg = P.SessionConfig(**{**cfg.__dict__, "journal_dir": str(tmp / "games")})
        s = ScriptedSession(cfg, seed=SEED, period=3600)  # stepped by this driver only
        sessions.append(s)
        return s

    App = build_app_class()
    app = App(session_factory=factory, lang="en", settings_path=tmp / "settings.json",
              export_dir=tmp / "export", journal_dir=tmp / "games")
    report: dict = {"problems": {}, "checks": {}, "texts": {}, "walked": 0}
    # layouts and label textures need no drawing: software GL rendering is what
    # takes the time, so frames are drawn only for the screenshots
    draw = {"on": True}
    Window.bind(on_draw=lambda *_a: not draw["on"], on_flip=lambda *_a: not draw["on"])
    steps = []
    moves = [0]

    def do(fn, wait=0.05):
        def run(nxt):
            fn()
            Clock.schedule_once(lambda dt: nxt(), wait)
        return run

    def scr(name):
        return app.root.get_screen(name)

    def settle(nxt, frames=1):
        """Let layouts run (a few frames) before looking."""
        def tick(dt, k=[frames]):
            k[0] -= 1
            if k[0] <= 0:
                nxt()
                return False
        Clock.schedule_interval(tick, 0)

    view = {"dens": None}

    def show(dens, size, lang, name, enter=None):
        """Put the app in that density, window size, language and screen, doing only
        what changed: a density change rebuilds the screens (dp sizes are taken when
        widgets are made), a language switch redraws the screen in place, a size
        change only lays it out again (no redraw). ``enter``: called instead of
        ``app.go`` to reach the screen."""
        if tuple(Window.size) != tuple(size):
            Window.size = size  # px; the app takes its layout scale from it (ui.app.layout_scale)
        if view["dens"] != dens:
            app.set_density(dens)  # the device's real density; screens made again
            view["dens"] = dens
        if app.root.current != name:
            (enter or app.go)(name)  # entering a screen refreshes it
        if app.lang != lang:
            app.set_lang(lang)

    def checks(stage, plan):
        """Run ``plan``: (dens, size, lang, screen name, enter) tuples, each a check
        after layout; ordered screen > language > size within a density, so a
        screen is redrawn once per language and only laid out per size."""
        def run(nxt):
            from collections import deque

            todo = deque(plan() if callable(plan) else plan)
            draw["on"] = False

            def one():
                """Run checks until one needs a frame (a window resize not yet laid
                out, a screenshot): layouts and label textures are the clock's
                before-frame events, so ``Clock.tick_draw()`` runs them at once and
                no frame is waited for (software GL drawing is what costs time)."""
                import time as _t
                tm = report.setdefault("timing", {})
                while todo:
                    item = todo.popleft()
                    if callable(item):  # a step between checks (open a game, tap); it may
                        more = item()   # return the checks that follow from it
                        todo.extendleft(reversed(more or []))
                        continue
                    dens, size, lang, name, enter = item
                    t0 = _t.perf_counter()
                    draw["on"] = False
                    show(dens, size, lang, name, enter)
                    Clock.tick_draw()
                    Clock.tick_draw()
                    t1 = _t.perf_counter()
                    tm[f"prep/{name}"] = tm.get(f"prep/{name}", 0) + t1 - t0

                    def look(dens=dens, size=size, lang=lang, name=name, t1=t1):
                        t2 = _t.perf_counter()
                        found = check_screen(app.root.current_screen, lang)
                        tm["settle"] = tm.get("settle", 0) + t2 - t1
                        tm["check"] = tm.get("check", 0) + _t.perf_counter() - t2
                        key = f"{stage}{view.get('ctx', '')}/{name}/{lang}/{size[0]}x{size[1]}@{dens:g}"
                        report["walked"] += 1
                        if found:
                            report["problems"][key] = found[:12]
                        if stage == "hosted" and name not in HOSTED_SHOTS and not os.environ.get("WALK_GAMES"):
                            return False  # the hosted games' own drivers take theirs
                        return shots and dens == 1.0 and (
                            (size == (1280, 800) and lang in ("en", "es")) or (size == (800, 1280) and lang in ("en", "zh"))
                            or (size == (2048, 1536) and lang == "en" and os.environ.get("WALK_SHOTS_LARGE")))

                    def shot(size=size, lang=lang, name=name, dens=dens):
                        key = f"{stage}{view.get('ctx', '')}/{name}/{lang}/{size[0]}x{size[1]}@{dens:g}"
                        draw["on"] = True  # draw a few frames at this size first, then the shot
                        Clock.schedule_once(lambda dt: screenshot(
                            app, out / f"{name}_{stage}{view.get('ctx', '').replace('/', '_')}_{lang}_{size[0]}x{size[1]}.png",
                            report["texts"], key, one), 0.3)

                    if tuple(app.root.size) != tuple(Window.size):  # the resize is not through yet
                        tm["frames_waited"] = tm.get("frames_waited", 0) + 1
                        settle(lambda look=look, shot=shot: shot() if look() else one())
                        return
                    if look():
                        shot()
                        return
                draw["on"] = True
                nxt()

            one()
        return run

    def walk(stage, screens=SCREENS):
        """Every size x density x language x screen; each a check after layout."""
        return checks(stage, by_scale([(d, size, lang, name, None) for d in DENSITIES for name in screens
                                       for lang in LANGS for size in SIZES]))

    def shares(nxt):
        """The share of the window the start screen's Begin button and the live
        table's banner take (area, width, height, text height), at 1280x800,
        2048x1536 and 800x1280, density 1 and 2 (ui.app.layout_scale)."""
        todo = [(d, size, name) for d in (1.0, 2.0) for size in ((1280, 800), (2048, 1536), (800, 1280))
                for name in ("start", "live")]
        out = report["checks"].setdefault("shares", {})

        def one():
            if not todo:
                nxt()
                return
            dens, size, name = todo.pop(0)
            show(dens, size, "en", name)

            def look():
                w = scr("start").ids.begin if name == "start" else scr("live").ids.status
                ww, wh = Window.size
                out[f"{name}/{size[0]}x{size[1]}@{dens:g}"] = {
                    "area": w.width * w.height / (ww * wh), "w": w.width / ww, "h": w.height / wh,
                    "text_h": w.font_size / wh, "dp48": dp(48), "height_dp": w.height / dp(1)}
                one()
            settle(look, 3)
        one()

    # -- the game, by taps ----------------------------------------------------------
    def start():
        st = scr("start")
        vm = app.start_vm
        vm.players = list(PLAYERS[:2])
        st.refresh()
        st.add_player()
        rows = list(st.ids.players.children)[::-1]
        rows[2].ids.name.text, rows[2].ids.paper.text = PLAYERS[2].name, PLAYERS[2].paper
        st.ids.begin.dispatch("on_release")
        report["checks"]["after_begin"] = app.root.current

    def play(n):
        def f():
            for _ in range(n):
                sessions[0].step()
            app.game.live_vm.poll()
            app.refresh_current()
        return f

    def wrong_correction():
        """Tap a story, a colour that has no reporter there, + once, Save."""
        s = sessions[0]
        t = s.table()
        colours = [p.colour for p in t.players]
        colour = colours[(colours.index(t.turn) + 1) % len(colours)]  # not the player to act
        story = next(st.story for b in t.beats for st in b.stories if dict(st.reporters).get(colour, 0) == 0)
        app.go("corrections")
        c = scr("corrections")
        next(w for w in c.ids.targets.children if getattr(w, "ident", None) == story).dispatch("on_release")
        next(w for w in c.ids.colours.children if getattr(w, "colour", None) == colour).dispatch("on_release")
        c.ids.plus.dispatch("on_release")
        c.ids.set_reporters.dispatch("on_release")
        report["checks"]["wrong_saved"] = c.ids.status.text
        moves[0] = len(s.runner.journal.actions())
        report["checks"]["overrides_after_save"] = len(s.corrections())

    def remove_from_live():
        report["checks"]["overrides_before_remove"] = [(v.correction.story, v.correction.colour, v.disputed)
                                                       for v in sessions[0].corrections()]
        report["checks"]["moves_while_corrected"] = len(sessions[0].runner.journal.actions()) - moves[0]
        app.go("live")
        live = scr("live")
        rows = [w for w in live.ids.corrections.walk(restrict=True) if getattr(w, "ident", 0) and hasattr(w, "ids")
                and "remove" in w.ids]
        report["checks"]["live_correction_rows"] = [r.text for r in rows]
        if rows:
            rows[0].ids["remove"].dispatch("on_release")
        report["checks"]["overrides_after_remove"] = len(sessions[0].corrections())

    def undo_twice():
        """Save a correction; undo names it, asks, removes it; undo names the last
        move, asks, takes it back."""
        s = sessions[0]
        n = len(s.runner.journal.actions())
        wrong_correction()
        c = scr("corrections")
        out = []
        for _ in range(2):
            label = c.ids.undo.text
            c.ids.undo.dispatch("on_release")
            question = app.asking.question if app.asking else ""
            app.asking.ids.yes.dispatch("on_release")
            out.append({"label": label, "question": question, "actions": len(s.runner.journal.actions()),
                        "corrections": len(s.corrections())})
        report["checks"]["undo"] = {"before_actions": n, "steps": out}
        # the table still shows the move: show the table again so the game goes on
        with s._lock:
            s.runner.reread()
        report["checks"]["undo"]["actions_after_reread"] = len(s.runner.journal.actions())

    def to_end():
        while sessions[0].step():
            pass
        app.game.live_vm.poll()
        app.refresh_current()
        setup, actions = pp.random_game(SEED, 3)
        st = pp.new_game_from_dict(setup)
        for a in actions:
            st = pp.apply(st, a)
        report["checks"]["final"] = list(sessions[0].state.final.scores) if sessions[0].state.final else None
        report["checks"]["truth_final"] = list(st.final.scores)
        report["checks"]["sounds"] = list(app.sounds.played)

    def results_actions():
        """The results screen: a picture to share, then a new game with the same
        players (asked first)."""
        app.go("scores")
        sc = scr("scores")
        sc.ids.share.dispatch("on_release")
        report["checks"]["share_status"] = sc.ids.status.text
        report["checks"]["share_files"] = sorted(p.name for p in (tmp / "export").glob("*.png"))
        players = [(p.colour, p.name) for p in sessions[-1].players]
        sc.ids.new_game.dispatch("on_release")
        report["checks"]["new_game_question"] = app.asking.question if app.asking else ""
        app.asking.ids.yes.dispatch("on_release")
        report["checks"]["new_game"] = {"sessions": len(sessions), "screen": app.root.current,
                                        "same_players": [(p.colour, p.name) for p in sessions[-1].players] == players}

    # -- every game hosted on its own screens (ui.hosting) --------------------------
    def recorded_journal(name: str, n: int | None) -> Path:
        """A game after the bundled recording ``name``'s first ``n`` actions (all of
        them: None), its players named HOSTED_NAMES: a journal the start screen
        resumes (mid-game: bids, loans, goods, collections, calls shown; at its end:
        the payouts, the winner)."""
        from companion.journal import Journal
        from play.recordings import recording_dir

        rec = json.loads((recording_dir(name) / "journal.json").read_text(encoding="utf-8"))
        players = [dict(p, name=nm) for p, nm in zip(rec["setup"]["players"], HOSTED_NAMES)]
        path = tmp / f"{rec['game']}-walk-{'end' if n is None else n}.sqlite"
        j = Journal.create(path, rec["game"], dict(rec["setup"], players=players))
        for a in rec["actions"][:n]:
            j.append(a, source="replay")
        j.close()
        return path

    def hosted_walk():
        """For each density: the start screen with each hosted game chosen (its own
        fields), then the game opened by taps and every one of its screens, in each
        language and size (Turin Market mid-game and at its end, resumed)."""
        from ui import hosting
        from ui.viewmodels.start import app_games

        only = [x for x in os.environ.get("WALK_GAMES", "").split(",") if x]  # e.g. WALK_GAMES=pergamon
        games = [g for g in app_games() if hosting.by_taps(g) and (not only or g.id in only)]
        report["hosted"] = [g.id for g in games]
        #: each game resumed mid-game and at its end from its bundled recording
        recorded = {"turin-market": ("turin-market-4p", 21), "pergamon": ("pergamon-3p", 60),
                    "scoop": ("scoop-4p", 40)}
        journals = {gid: {"mid": recorded_journal(rec, n), "end": recorded_journal(rec, None)}
                    for gid, (rec, n) in recorded.items()}
        plan = []

        def grid(stage_name, dens, enter=None):
            return by_scale([(dens, size, lang, stage_name, enter) for lang in LANGS for size in SIZES])

        def reset(dens):
            def f():
                app.close_hosted()
                app.go("start")
                app.set_density(dens)
                view["dens"] = dens
            return f

        def choose(spec):
            def f():
                st = scr("start")
                st.refresh()
                next(w for w in st.ids.game.children if w.text == spec.name(app.lang)).dispatch("on_release")
                rows = list(st.ids.players.children)[::-1]
                while len(rows) < 3:
                    st.add_player()
                    rows = list(st.ids.players.children)[::-1]
                for row, name in zip(rows, HOSTED_NAMES):
                    row.ids.name.text = name
                report["checks"].setdefault("start_fields", {})[spec.id] = sorted(app.start_vm.fields())
                view["ctx"] = view["game"] = f"/{spec.id}"
            return f

        def begin(resume=None):
            def f():
                scr("start").begin(resume=str(resume) if resume else None)
                if resume:
                    view["ctx"] = view["game"] + "-" + Path(resume).stem.rsplit("-", 1)[-1]
                    h = app.host
                    report["checks"].setdefault("resumed", {})[view["ctx"]] = [
                        len(h.journal.actions()), bool(getattr(h.state, "final", None))] if h else None
                report["checks"].setdefault("hosted_open", []).append(app.root.current)
                if app.host:
                    report["checks"].setdefault("hooks", []).append([view["ctx"], len(app.host.listeners)])
            return f

        def hooks_after():
            """The host's listeners after the screens were made again at every scale:
            as many as when opened (old screens are not kept redrawing behind)."""
            if app.host:
                report["checks"]["hooks"][-1].append(len(app.host.listeners))

        def enter(name):
            app.go(name)
            app.refresh_current()

        def walk_open(dens, tag):
            def f():
                names = [x.name for x in app.hosted_screens]
                report["checks"].setdefault("hosted_screens", {})[app.host.journal.game if app.host else "?"] = names
                if tag == "end":
                    names = names[:1]  # the table: the payouts (no secret entry left)
                return by_scale([(dens, size, lang, name, enter) for name in names for lang in LANGS
                                 for size in SIZES])
            return f

        for d in DENSITIES:
            for g in games:
                plan += [reset(d), choose(g)] + by_scale([(d, size, lang, "start", None) for lang in LANGS
                                                          for size in SIZES])
                runs = [("mid", journals[g.id]["mid"]), ("end", journals[g.id]["end"])] if g.id in journals \
                    else [("", None)]
                for tag, resume in runs:
                    plan += [begin(resume), walk_open(d, tag), hooks_after, app.close_hosted]
        return plan

    if os.environ.get("WALK_PP", "1") == "0":  # the hosted games only (WALK_GAMES: some of them)
        steps += [checks("hosted", hosted_walk)]
    else:
        steps += [walk("setup", ("start", "settings")), do(start), shares, do(play(5)), do(wrong_correction), do(play(3)),
                  do(remove_from_live), do(play(4)), walk("midgame", ("live", "corrections", "press", "scores")),
                  do(undo_twice), do(to_end), walk("end", ("press", "scores")), do(results_actions),
                  checks("hosted", hosted_walk) if os.environ.get("WALK_HOSTED", "1") != "0" else do(lambda: None)]

    def run_next(i=0):
        if i >= len(steps):
            (out / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
            app.stop()
            return
        steps[i](lambda: run_next(i + 1))

    app.bind(on_start=lambda *_a: Clock.schedule_once(lambda dt: run_next(), 0.2))
    app.run()


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    main(Path(args[0] if args else "docs/screenshots"), "--shots" in sys.argv)
    os._exit(0)
