"""A whole Pergamon game through the running app, as players would play it (issue 25
item 5): the bundled recording's frames feed the app's camera part, and every
button is pressed by its label on screen, so a missing or hidden button fails.

:func:`play_through` is called with a running app (``ui.app``, on its start
screen): it presses the game's button, the recording's button and Start; the
camera session reads the recording (Pergamon's camera sees every move: the
recording has no player entries); a player entry the recording lists would be
made by pressing the Pergamon screen's button of that label. When the frames end
it hands a :class:`PlayThrough` to ``on_done``: the final scores beside the
recording's ground truth.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ui.playthrough import buttons_labelled, press  # noqa: F401  (the app's presses, shared)


@dataclass
class PlayThrough:
    """What a play-through found: ``scores`` (VP per seat, None when the app never
    opened the game), ``truth`` (the recording's VP per seat), ``banner`` (the
    banner's text at the end), ``frames`` (camera pictures drawn on the screen),
    ``pressed`` (the labels pressed, in order), ``error`` ("" or why it stopped)."""

    scores: list[int] | None = None
    truth: list[int] | None = None
    banner: str = ""
    frames: int = 0
    pressed: list[str] = field(default_factory=list)
    error: str = ""

    @property
    def ok(self) -> bool:
        """True when the game ended with the recording's scores."""
        return not self.error and self.scores is not None and self.scores == self.truth


def truth_scores(name: str) -> list[int]:
    """The bundled recording ``name``'s final VP per seat (its journal replayed)."""
    from companion.games import pergamon as pg
    from play.demo import load_recording
    from play.recordings import recording_dir

    rec = load_recording(recording_dir(name))
    truth = rec.truth
    s = pg.new_game_from_dict(truth["setup"])
    for d in truth["actions"]:
        s = pg.apply(s, pg.action_from_dict(d))
    return list(s.scores)


def play_through(app, recording: str, on_done, timeout_s: float = 900.0) -> None:
    """Play the bundled ``recording`` (a Pergamon one, e.g. ``pergamon-3p``) through
    ``app`` by its buttons; ``on_done(PlayThrough)`` when the recording's frames are
    read (or after ``timeout_s`` seconds, then with ``error`` set). Returns at once:
    the work is done on Kivy's clock."""
    from kivy.clock import Clock

    from companion.games import pergamon as pg
    from ui import i18n

    result = PlayThrough(truth=truth_scores(recording))
    start = app.root.get_screen("start")
    try:
        press(start, pg.GAME.name(app.lang), result.pressed)
        label = dict(start.vm.recordings())[recording]
        press(start, label, result.pressed)
        press(start, i18n.tr("start.begin", app.lang), result.pressed)
    except (LookupError, KeyError) as exc:
        result.error = str(exc)
        on_done(result)
        return
    host = getattr(app, "host", None)
    if host is None or host.camera is None:
        result.error = "the game did not open with the camera"
        on_done(result)
        return
    screen = app.hosted_screens[0]
    began = time.monotonic()

    def watch(_dt):
        view = getattr(screen, "camera_view", None)
        result.frames = getattr(view, "frames", 0)
        if host.camera.camera.alive and time.monotonic() - began < timeout_s:
            return True
        if host.camera.camera.alive:
            result.error = f"the recording was not read in {timeout_s:.0f} s"
        Clock.schedule_once(lambda _dt: finish(), 0.5)     # the last reading drawn first
        return False

    def finish():
        state = host.state
        result.scores = list(state.scores) if state is not None and state.is_over else None
        if result.scores is None and not result.error:
            result.error = "the game did not end"
        result.banner = screen.vm.banner.text
        on_done(result)

    Clock.schedule_interval(watch, 0.25)
