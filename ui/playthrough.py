"""`companion app --recording NAME --play-through`: a whole game through the app
(issue 25 item 5).

The app runs offscreen on a bundled recording: the camera part reads its frames and
the recorded player entries (bids, dial numbers, choices, Done taps) are made by
pressing the app's own buttons by their label, so a missing or hidden button fails.
Each game that offers it has a ``playthrough`` module beside its screens module
(``<GameSpec.screens package>.playthrough``) with ``play_through(app, recording,
done)``; ``done`` receives an object with ``scores``, ``truth`` (lists, one number
per seat in the game's own unit) and ``ok``. Exit codes: 0 when the final scores
equal the recording's ground truth, 4 when they differ or the play stopped, 2 when
the recording's game has no play-through yet.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

#: what a play-through may take at most (frame time on a busy machine), seconds
TIMEOUT_S = 1800.0


def buttons_labelled(root, text: str) -> list:
    """The buttons under ``root`` a player can press whose label is ``text``: shown
    (opacity above 0, a size), enabled, on the widget tree that is drawn."""
    from kivy.uix.behaviors import ButtonBehavior

    return [w for w in root.walk(restrict=True) if isinstance(w, ButtonBehavior) and getattr(w, "text", None) == text
            and not w.disabled and w.opacity > 0 and w.width > 0 and w.height > 0]


def press(root, text: str, pressed: list[str] | None = None):
    """Press the first button under ``root`` labelled ``text`` (its on_release, as a
    tap does) and note the label in ``pressed``; returns the button. LookupError
    naming the labels there are when none is (a missing or hidden button)."""
    found = buttons_labelled(root, text)
    if not found:
        from kivy.uix.behaviors import ButtonBehavior

        there = [w.text for w in root.walk(restrict=True) if isinstance(w, ButtonBehavior)
                 and getattr(w, "text", "") and not w.disabled and w.opacity > 0]
        raise LookupError(f"no button {text!r} on screen (there: {there})")
    found[0].dispatch("on_release")
    if pressed is not None:
        pressed.append(text)
    return found[0]


def run_steps(steps, result, on_done, delay: float = 0.0) -> None:
    """Drive the generator ``steps`` on Kivy's clock, one step a frame (``delay`` s
    apart); when it ends, or raises (a missing button ends the run), hand ``result``
    (its ``error`` set to what was raised) to ``on_done``. Returns at once."""
    from kivy.clock import Clock

    def tick(_dt):
        try:
            next(steps)
        except StopIteration:
            if on_done is not None:
                on_done(result)
            return
        except Exception as exc:  # noqa: BLE001  a missing button ends the run, said in the result
            result.error = f"{type(exc).__name__}: {exc}"
            if on_done is not None:
                on_done(result)
            return
        Clock.schedule_once(tick, delay)

    Clock.schedule_once(tick, 0)


def playthrough_module(game: str):
    """The ``playthrough`` module of ``game`` (a registry id), or None when it has none."""
    from companion import registry

    from .game_modules import game_module

    mod = game_module(registry.get(game), "playthrough")
    return mod if callable(getattr(mod, "play_through", None)) else None


def _by_player(names: list[str], scores: list) -> str:
    """``red 15 / blue 29 / green 7``: each seat's score after its name."""
    return " / ".join(f"{n} {v}" for n, v in zip(names, scores))


def seat_names(rec, state, n: int, lang: str) -> list[str]:
    """The ``n`` seats of recording ``rec`` named as every place names players: the
    rules' score sheet of the final ``state`` (a typed name, else the colour in
    ``lang``), else companion.naming.player_name of the recording's seats."""
    from companion import naming, registry

    names: list[str] = []
    if state is not None:
        names = [s.name for s in registry.get(rec.game).rules_module().score_sheet(state, lang).seats]
    if len(names) != n:
        names = []
        for i, p in enumerate(rec.players[:n]):
            p = p if isinstance(p, dict) else vars(p)
            names.append(naming.player_name(p.get("name", ""), p.get("colour", ""), i, lang))
        names += [naming.player_name("", "", i, lang) for i in range(len(names), n)]
    return names


def run_play_through(recording: str, lang: str | None = None, size: tuple[int, int] | str | None = None) -> int:
    """Play the bundled ``recording`` through the app offscreen at ``size`` (window
    px, default 1280x800) in ``lang``; print the final scores beside the recording's
    truth. Returns the exit code (module docstring). Raises CompanionError for a
    recording that is not bundled."""
    from companion.clitext import tx
    from play.demo import load_recording
    from play.recordings import recording_dir

    from play import recordings

    if recording not in recordings.names():
        from companion.errors import UsageError  # README: a name not understood is a usage error (2)

        raise UsageError(tx("app.no_recording", "no recording {name}: no such file or folder, nor a bundled "
                                "recording ({names})", name=repr(recording), names=", ".join(recordings.names())))
    rec = load_recording(recording_dir(recording))
    mod = playthrough_module(rec.game)
    if mod is None:
        from companion import registry

        print(tx("app.no_playthrough", "{game}: the app cannot play a recording of this game through by itself "
                 "yet", game=registry.get(rec.game).name()), file=sys.stderr)
        return 2
    from .app import prepare_env

    prepare_env(headless=True)
    from kivy.config import Config

    if isinstance(size, str):  # "WxH", as --size gives it
        size = tuple(int(v) for v in size.lower().split("x", 1))
    w, h = size or (1280, 800)
    Config.set("graphics", "width", str(w))
    Config.set("graphics", "height", str(h))
    from kivy.clock import Clock

    from .app import build_app_class

    from companion import clitext

    speak = lang or clitext.current()
    tmp = Path(tempfile.mkdtemp(prefix="tc-playthrough-"))
    app = build_app_class()(lang=lang, settings_path=tmp / "settings.json", export_dir=tmp / "export",
                            journal_dir=tmp / "games")
    code = [4]

    def done(result) -> None:
        scores, truth = list(result.scores or []), list(result.truth or [])
        names = seat_names(rec, getattr(getattr(app, "host", None), "state", None), max(len(scores), len(truth)),
                           speak)
        print(tx("app.playthrough_scores", "final scores: {scores} (the recording's: {truth})",
                 scores=_by_player(names, scores) or "-", truth=_by_player(names, truth)), flush=True)
        error = getattr(result, "error", "")
        if error:
            print(error, file=sys.__stderr__, flush=True)  # Kivy has taken sys.stderr for its log
        code[0] = 0 if result.ok else 4
        Clock.schedule_once(lambda _dt: app.stop(), 0.2)

    def give_up(_dt) -> None:
        print(tx("app.playthrough_timeout", "the play-through did not end in {s:.0f} s", s=TIMEOUT_S),
              file=sys.__stderr__, flush=True)
        app.stop()

    def begin(*_a) -> None:
        Clock.schedule_once(lambda _dt: mod.play_through(app, recording, done), 0.3)
        Clock.schedule_once(give_up, TIMEOUT_S)

    app.bind(on_start=begin)
    app.run()
    # the game's camera session and its worker threads end before the interpreter
    # does (a decoder thread still running at exit aborts the process)
    host = getattr(app, "host", None)
    camera = getattr(host, "camera", None)
    if camera is not None:
        camera.stop()
    sys.stdout.flush()
    sys.__stderr__.flush()
    return code[0]
