"""A whole Penny Press game through the running app, as players would play it (issue
25 item 5; ``companion app --recording NAME --play-through``, ui.playthrough).

:func:`play_through` starts on the app's start screen and presses, by their labels,
the game's button, the recording's button and Start. The camera session the app
opens then reads the recording's frames on its worker thread, as it reads a live
camera: Penny Press's camera sees every move (the setup, each reporter placed, the
presses, the headline cards drawn), so the bundled Penny Press recordings hold no
player entries. What the players do by hand is done by hand here: each line of the
grey "Adjust the board" checklist the camera cannot check (arrow and bonus markers,
ads, flipped arrows) is ticked by pressing it, and at the end "Results" is pressed
and the results screen read. A missing or hidden button stops the run
(``error``). The final scores (bonuses included) are compared with the
recording's ground truth.

A recording the start screen does not offer (``penny-press-3p-hard``, the same game
as ``penny-press-3p`` filmed harder) is opened as a player opens any recording:
the offered recording with the same players and first player is pressed (its
players prefilled), then the recording's file is typed in the recording field.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

from ui.playthrough import press

#: what one play-through may take at most, seconds (the camera's worker reads a
#: 147-frame recording in about a minute on an idle machine)
TIMEOUT_S = 900.0


@dataclass
class PlayThrough:
    """What a play-through found: ``scores`` (points per seat with the final beat
    bonuses, None when the game did not end), ``truth`` (the recording's), ``banner``
    (the live screen's banner at the end), ``result`` (the results screen's heading),
    ``panels`` (the live screen's player panels' score lines at the end), ``frames`` (camera
    pictures drawn), ``ticked`` (checklist lines ticked by a press), ``pressed``
    (labels pressed, in order), ``seconds`` (from Start to the end), ``error`` ("" or
    why it stopped)."""

    scores: list[int] | None = None
    truth: list[int] = field(default_factory=list)
    banner: str = ""
    result: str = ""
    panels: list[str] = field(default_factory=list)
    frames: int = 0
    ticked: int = 0
    pressed: list[str] = field(default_factory=list)
    seconds: float = 0.0
    error: str = ""

    @property
    def ok(self) -> bool:
        """True when the game ended with the recording's scores."""
        return not self.error and self.scores is not None and self.scores == self.truth


def truth_scores(rec) -> list[int]:
    """The final scores of recording ``rec`` (play.demo.Recording): its journal's
    ``final_scores`` (points with the end-of-game beat bonuses, one per seat)."""
    return [int(v) for v in (rec.truth or {}).get("final_scores") or ()]


def _choose_recording(start, rec, name: str, pressed: list[str]) -> None:
    """Press the recording's button on the start screen; for one it does not offer,
    the offered one with the same players and first player, then type its file."""
    from play.demo import load_recording
    from play.recordings import recording_dir

    offered = dict(start.vm.recordings())
    if name in offered:
        press(start.ids.recordings, offered[name], pressed)
        return
    for other, label in offered.items():
        o = load_recording(recording_dir(other))
        if o.players == rec.players and o.first_player == rec.first_player:
            press(start.ids.recordings, label, pressed)
            start.ids.recording.text = str(rec.source)
            pressed.append(f"typed: {rec.source}")
            return
    raise LookupError(f"the start screen offers no recording with the players of {name}")


def _tick_by_hand(live, vm, result: PlayThrough) -> None:
    """Press each checklist line the camera cannot check and that is not ticked yet
    (a player's tap once the marker is moved)."""
    if vm is None or vm.table is None:
        return
    for text, done, camera in vm.checklist():
        if not done and not camera:
            press(live.ids.adjust, "□ " + text, result.pressed)
            result.ticked += 1


def play_through(app, recording: str, on_done: Callable[[PlayThrough], None],
                 timeout_s: float = TIMEOUT_S) -> PlayThrough:
    """Play the bundled Penny Press ``recording`` (e.g. ``penny-press-3p``) through
    the running ``app`` (ui.app, on any screen) by its buttons; ``on_done(result)``
    once the recording's frames are read and the results screen is shown, or after
    ``timeout_s`` seconds (then with ``error`` set). Returns the :class:`PlayThrough`
    at once; it is filled in on Kivy's clock."""
    from kivy.clock import Clock

    from companion import registry
    from play.demo import load_recording
    from play.recordings import recording_dir
    from ui import i18n

    from .table import table_vm

    rec = load_recording(recording_dir(recording))
    result = PlayThrough(truth=truth_scores(rec))
    lang = app.lang

    def stop(error: str) -> None:
        result.error = error
        on_done(result)

    app.go("start")
    start = app.root.get_screen("start")
    try:
        press(start.ids.game, registry.get(rec.game).name(lang), result.pressed)
        _choose_recording(start, rec, recording, result.pressed)
        press(start, i18n.tr("start.begin", lang), result.pressed)
    except LookupError as exc:
        stop(str(exc))
        return result
    host = getattr(app, "host", None)
    if host is None or host.camera is None:
        stop(start.error_text or "the game did not open with the camera")
        return result
    session = host.camera
    began = time.monotonic()
    live = app.root.get_screen("live")

    def watch(_dt):
        result.seconds = round(time.monotonic() - began, 1)
        vm = table_vm("live_vm")
        try:
            if app.root.current == "live":
                _tick_by_hand(live, vm, result)
        except LookupError as exc:
            stop(str(exc))
            return False
        if session.camera.alive and result.seconds < timeout_s:
            return True
        if session.camera.alive:
            result.error = f"the recording was not read in {timeout_s:.0f} s"
        Clock.schedule_once(lambda _dt: finish(), 0.5)  # the last update drawn first
        return False

    def finish():
        vm = table_vm("live_vm")
        result.frames = vm.frames_shown if vm is not None else 0
        state = host.state
        final = getattr(state, "final", None) if state is not None else None
        result.scores = list(final.scores) if final is not None else None
        result.banner = live.ids.status.text  # as the players read it, not recomputed
        result.panels = [w.text.splitlines()[-1] for w in reversed(live.ids.players.children)]
        if result.scores is None:
            result.error = result.error or "the game did not end"
            on_done(result)
            return
        try:
            if app.root.current != "live":
                press(app.root.current_screen, i18n.tr("nav.live", lang), result.pressed)
            press(live, i18n.tr("live.results", lang), result.pressed)
        except LookupError as exc:
            stop(str(exc))
            return

        def read_results(_dt):
            scores = app.root.get_screen("scores")
            result.result = scores.ids.result.text
            on_done(result)

        Clock.schedule_once(read_results, 0.2)

    Clock.schedule_interval(watch, 0.25)
    return result
