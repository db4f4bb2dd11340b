"""A whole Scoop game through the running app, as players play it (issue 25 item 5):
a bundled recording's frames feed the app's camera part, and every recorded player
entry is made on the app's own screens, so a missing or hidden button fails.

What the camera reads (claims, reserves, the value of a story or advert laid on a
page) comes from the frames through the camera session the app opened on the game's
journal. What it cannot read is entered as the players do: an exchange ("Exchange a
card" on the table), a call (the table's "Dial N", then a finger in the dial's hole
drawn with that digit, turned to the finger stop, then "Table"), the choice after
Three Star or Press (its button, and Yes where the app asks first). The dial is a
drawn rotary dial, not a row of buttons: its digit is dialled with touches on the
hole that digit is drawn in (a dial not on screen, not laid out or with that hole
dimmed fails as a missing button does). The final scores are compared with the
recording's ground truth.

:func:`play_through` is what ``companion app --recording scoop-4p --play-through``
calls (ui.playthrough).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable

from companion.errors import CompanionError


class PlayThroughError(CompanionError):
    """A button the recorded entry needs is not on screen (or the game did not end)."""


@dataclass
class PlayThroughResult:
    """``scores`` ($ per seat at the end, Scoop's own score), ``truth`` (the
    recording's), ``frames`` fed, ``pictures`` drawn on the table screen,
    ``pressed`` (the labels pressed and digits dialled, in order), ``banner`` (the
    table's banner at the end), ``error`` ("" or why it stopped)."""

    scores: list[int] = field(default_factory=list)
    truth: list[int] = field(default_factory=list)
    frames: int = 0
    pictures: int = 0
    pressed: list[str] = field(default_factory=list)
    banner: str = ""
    error: str = ""

    @property
    def ok(self) -> bool:
        """True when the game ended with the recording's scores."""
        return not self.error and bool(self.scores) and self.scores == self.truth


def _buttons(widget):
    from kivy.uix.behaviors import ButtonBehavior

    return [w for w in widget.walk(restrict=True) if isinstance(w, ButtonBehavior) and not w.disabled
            and w.opacity > 0 and w.width > 0 and w.height > 0]


def press(widget, label: str, pressed: list[str] | None = None):
    """Press the visible, enabled button under ``widget`` whose text is ``label``.
    Raises PlayThroughError when there is none (a missing or hidden button)."""
    for b in _buttons(widget):
        if getattr(b, "text", None) == label:
            b.dispatch("on_release")
            if pressed is not None:
                pressed.append(label)
            return b
    raise PlayThroughError(f"no button {label!r} on screen (there: {[getattr(b, 'text', '') for b in _buttons(widget)]})")


def dial_ready(dial) -> bool:
    """The dial laid out on screen and at rest (no finger on it, not running back)."""
    return (dial.get_root_window() is not None and min(dial.size) > 100 and dial._anim is None
            and dial._touch is None and dial.radius > 0)


def dial_number(dial, number: int) -> None:
    """A finger in the hole drawn with ``number`` (window px from the widget's own
    geometry), turned clockwise to the finger stop and a little past it (the stop
    holds it), then lifted: real touches through the window. Raises
    PlayThroughError when that hole is dimmed (the number is not on the caller's
    telephone card) or the finger was not taken."""
    from kivy.tests.common import UnitTestTouch

    from ui.games.scoop.dial_vm import hole_angle, travel

    if not dial.vm.allowed(number):
        raise PlayThroughError(f"the dial's hole {number} is dimmed: not on the caller's card")
    ring = 0.74 * dial.radius
    start = hole_angle(number)
    total = travel(number) + 20.0
    t = UnitTestTouch(*dial.to_window(*dial.hole_pos(number)))
    t.touch_down()
    if dial._touch is not t:
        raise PlayThroughError(f"the dial did not take a finger in the hole {number}")
    steps = max(1, int(total // 5))
    for i in range(1, steps + 1):
        a = math.radians(start - total * i / steps)
        t.touch_move(*dial.to_window(dial.center_x + ring * math.cos(a), dial.center_y + ring * math.sin(a)))
    t.touch_up()


def _screen(app, cls_name: str):
    found = next((s for s in app.hosted_screens if type(s).__name__ == cls_name), None)
    if found is None:
        raise PlayThroughError(f"no {cls_name} among the game's screens")
    return found


def _entry_steps(app, entry: dict, result: PlayThroughResult, deadline: float):
    """The presses of one recorded entry (a generator: each ``yield`` lets the app
    draw a frame)."""
    from ui.games.scoop import texts as T

    host = app.host
    lang = host.lang
    table = _screen(app, "TableScreen")
    dial = _screen(app, "DialScreen")
    state = host.state
    while app.root.current != table.name:   # (back from the dial on the clock)
        if time.monotonic() > deadline:
            raise PlayThroughError(f"the table is not on screen for entry {entry} (on: {app.root.current})")
        yield
    state = host.state
    if "action" in entry:
        act = entry["action"]
        if act.get("action") != "exchange":
            raise PlayThroughError(f"no button for a recorded {act.get('action')!r}")
        if state.current_player != int(act["player"]):
            raise PlayThroughError(f"entry {entry}: it is seat {state.current_player}'s turn")
        press(table, T.tr("b.exchange", lang), result.pressed)
        yield
        return
    tap = entry["tap"]
    if "dial" in tap:
        number = int(tap["dial"])
        press(table, T.tr("b.dial", lang, n=number), result.pressed)
        yield
        while app.root.current != dial.name:   # the screen changes on the clock: a busy machine takes frames
            if time.monotonic() > deadline:
                raise PlayThroughError("the telephone did not open")
            yield
        widget = dial.panel.dial
        while not dial_ready(widget):
            if time.monotonic() > deadline:
                raise PlayThroughError("the dial was never laid out")
            yield
        calls = len(widget.vm.calls)
        dial_number(widget, number)
        result.pressed.append(f"dial {number}")
        while widget._anim is not None or len(widget.vm.calls) == calls:  # the wheel runs back
            if len(widget.vm.calls) == calls and widget._anim is None:
                raise PlayThroughError(f"dialling {number} made no call ({widget.vm.message})")
            if time.monotonic() > deadline:
                raise PlayThroughError("the dial never came back to rest")
            yield
        yield
        if app.root.current == dial.name:  # the table comes back by itself a moment later: go now
            press(dial, T.tr("b.table", lang), result.pressed)
        yield
        return
    if "choose" in tap:
        key = f"choose:{tap['choose']}"
        choice = next((c for c in table.vm.choices() if c.key == key), None)
        if choice is None:
            raise PlayThroughError(f"the table offers no {tap['choose']!r} choice now")
        press(table, choice.label, result.pressed)
        yield
        if choice.ask:  # asked first: it cannot be taken back
            ask = getattr(app, "asking", None)
            if ask is None:
                raise PlayThroughError(f"{choice.label!r} was not asked")
            from ui import i18n

            press(ask, i18n.tr("ask.yes", lang), result.pressed)
            yield
        return
    raise PlayThroughError(f"no button for a recorded {tap!r}")


def play_through(app, recording: str = "scoop-4p", on_done: Callable[[PlayThroughResult], None] | None = None,
                 timeout_s: float = 900.0) -> PlayThroughResult:
    """Play the bundled ``recording`` (a Scoop one) through the running ``app``
    (ui.app, on its start screen): Scoop, the recording and Start pressed by their
    labels; each frame read by the app's camera session on the hosted game's journal
    and drawn on the table screen; the recorded entries made (module docstring) when
    the journal holds as many actions as the entry's index. Calls
    ``on_done(result)`` at the end, or after ``timeout_s`` seconds with ``error``
    set. Returns the result at once (filled in as it goes, on Kivy's clock)."""
    from companion import registry
    from play.demo import load_recording
    from play.recordings import recording_dir
    from vision.sources import open_live

    rec = load_recording(recording_dir(recording))
    truth = rec.truth or {}
    result = PlayThroughResult(truth=[int(x) for x in (truth.get("final_scores") or truth.get("scores") or [])])
    deadline = time.monotonic() + timeout_s

    def run():
        start = app.root.get_screen("start")
        app.go("start")
        press(start.ids.game, registry.get(rec.game).name(app.lang), result.pressed)
        yield
        press(start.ids.recordings, dict(start.vm.recordings())[recording], result.pressed)
        yield
        press(start, start.ids.begin.text, result.pressed)
        yield
        host = app.host
        if host is None or host.camera is None:
            raise PlayThroughError(getattr(start, "error_text", "") or "the game did not open with its camera")
        session = host.camera
        session.stop()  # the frames come from here, one at a time, between the players' entries
        table = _screen(app, "TableScreen")
        shown = {"n": 0}
        session.subscribe(lambda up: up.frame is not None and shown.__setitem__("n", shown["n"] + 1))
        reader = session.camera.reader
        entries, pos = list(rec.entries), 0
        source = open_live(rec.source)
        try:
            for frame in source:
                for turn in range(2):  # the entries due before the frame, then after it
                    while pos < len(entries) and int(entries[pos]["index"]) <= len(host.journal.actions()):
                        if int(entries[pos]["index"]) == len(host.journal.actions()):
                            yield from _entry_steps(app, entries[pos], result, deadline)
                        pos += 1
                    if turn == 0:
                        session.process_frame(frame.image, frame.t, reader)
                        result.frames += 1
                        yield
                        yield  # the table redrawn from the camera's update
                if host.state.is_over:
                    break
                if time.monotonic() > deadline:
                    raise PlayThroughError(f"the recording was not played in {timeout_s:.0f} s")
        finally:
            close = getattr(source, "close", None)
            if close is not None:
                close()
        yield
        table.refresh()
        result.pictures = shown["n"] if table.camera is not None and table.camera.texture is not None else 0
        result.banner = table.prompt.text
        st = host.state
        if not st.is_over:
            raise PlayThroughError("the recording ended before the game")
        result.scores = [int(v) for v in st.final.scores]

    from ui.playthrough import run_steps

    run_steps(run(), result, on_done)
    return result
