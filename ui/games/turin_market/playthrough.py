"""A whole Turin Market game through the app: a bundled recording's frames feed the
app's camera part, and every recorded player entry is made by pressing the app's
own buttons by their label (issue 25 item 5; a shared ``companion app --recording
R --play-through`` can call :func:`play_through`).

What the camera reads (picks, sales, withdrawals) comes from the frames through
the camera session the app opened on the game's journal; what it cannot read is
pressed: pass the tablet for the secret bids, cards and tie additions (I am ...,
the card by its goods or + per shield, Done: hide it, Reveal), a seller's card and
the shields on it (the card, +, Offer for N), Pass, the coin flip, a loan and its
Yes. A missing or hidden button fails the run (:class:`PlayThroughError`). The
final scores are compared with the recording's ground truth.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from companion.errors import CompanionError


class PlayThroughError(CompanionError):
    """A button the recorded entry needs is not on screen (or the game did not end)."""


@dataclass
class PlayThroughResult:
    """The scores reached (shields per seat), the recording's ground truth, the
    frames fed and how many of them the table screen drew."""

    scores: list[int] = field(default_factory=list)
    truth: list[int] = field(default_factory=list)
    frames: int = 0
    pictures: int = 0
    error: str = ""

    @property
    def ok(self) -> bool:
        return not self.error and bool(self.scores) and self.scores == self.truth


def _buttons(widget):
    from kivy.uix.button import Button

    return [w for w in widget.walk(restrict=True) if isinstance(w, Button) and not w.disabled and w.opacity > 0]


def press(widget, label: str, exact: bool = True):
    """Press the button of ``widget`` whose text is ``label`` (or contains it when
    not ``exact``). Raises PlayThroughError when none is on screen."""
    for b in _buttons(widget):
        if (b.text == label) if exact else (label in b.text):
            b.dispatch("on_release")
            return b
    raise PlayThroughError(f"no button {label!r} on screen (there: {[b.text for b in _buttons(widget)]})")


def _entry_steps(app, entry: dict):
    """The presses of one recorded entry (a generator: each ``yield`` lets the app
    draw a frame)."""
    from companion.games.turin_market import app_words as W
    from companion.games.turin_market import engine as eng

    from .texts import tr
    from .viewmodel import TableVM, card_text

    host = app.host
    table = app.root.get_screen("turin_table")
    lang = host.lang
    state = host.state
    vm = TableVM(state, lang)
    if "tap" in entry:   # the shields on a card the camera saw put up for sale
        card, price = entry["tap"]["card"], int(entry["tap"]["price"])
        seller = next(p for p, cards in enumerate(state.owned) if card in cards)

        def box():   # drawn anew after every press
            found = next((b for b in table.ids.right.walk(restrict=True) if getattr(b, "seat", None) == seller
                          and type(b).__name__ == "OfferBox"), None)
            if found is None:
                raise PlayThroughError(f"no offer entry for {vm.name(seller)} on screen")
            return found
        press(box(), card_text(state, card, lang))
        yield
        for _ in range(price - 1):
            press(box(), "+")
            yield
        press(box(), tr("offer", lang, n=price))
        yield
        return
    act = entry["action"]
    kind = act["action"]
    if kind == "pass_sale":
        press(table.ids.actions, tr("pass_who", lang, who=vm.name(act["player"])))
    elif kind == "flip_coin":
        press(table.ids.actions, tr("now_flip", lang))
    elif kind == "take_loan":
        press(table.ids.quiet, W.loan_button(vm.name(act["player"]), lang))
        yield
        ask = getattr(app, "asking", None)
        if ask is None:
            raise PlayThroughError("the loan was not asked")
        from ui import i18n

        press(ask, i18n.tr("ask.yes", lang))   # the table kit's question: Yes first, as in every game
    elif kind in ("reveal_bids", "reveal_cards", "reveal_tie_bids", "reveal_leftovers"):
        label = (tr("now_bids", lang) if state.phase == eng.BIDS else tr("now_cards", lang)
                 if state.phase == eng.CARDS else vm.headline())
        press(table.ids.actions, label)
        yield
        secret = app.root.get_screen("turin_secret")
        values = act.get("bids") or act.get("cards") or act.get("adds")
        while secret.vm.mode != "reveal":
            who = secret.vm.current
            press(secret, tr("i_am", lang, who=vm.name(who)))
            yield
            if secret.vm.kind == "card":
                press(secret.ids.body, card_text(state, values[who], lang))
            else:
                for _ in range(int(values[who] or 0)):
                    press(secret, "+")
            yield
            press(secret, tr("confirm_hide", lang))
            yield
            if secret.error:
                raise PlayThroughError(secret.error)
        press(secret, tr("reveal", lang))
    else:
        raise PlayThroughError(f"no button for a recorded {kind!r}")
    yield


def play_through(app, name: str = "turin-market-4p", done: Callable[[PlayThroughResult], None] | None = None,
                 delay: float = 0.0) -> PlayThroughResult:
    """Play the bundled recording ``name`` through the running ``app`` (ui.app):
    from the start screen (the game and its recording chosen by their labels,
    Start) to the game's end, each frame read by the app's camera session on the
    hosted game's journal and drawn on the table screen, the recorded entries
    pressed when the journal has as many actions as the entry's index. Calls
    ``done(result)`` at the end (the result object is returned at once and filled
    in as it goes)."""
    from play.demo import load_recording
    from play.recordings import recording_dir
    from vision.sources import open_live

    rec = load_recording(recording_dir(name))
    result = PlayThroughResult(truth=[int(x) for x in (rec.truth.get("final_scores") or rec.truth.get("scores") or [])])

    def run():
        start = app.root.get_screen("start")
        app.go("start")
        from companion import registry

        spec = registry.get(rec.game)
        press(start.ids.game, spec.name(app.lang))
        yield
        label = dict(start.vm.recordings())[name]
        press(start.ids.recordings, label)
        yield
        press(start, start.ids.begin.text)
        yield
        host = app.host
        if host is None or host.camera is None:
            raise PlayThroughError(start.error_text or "the game did not open with its camera")
        session = host.camera
        session.stop()                     # the frames come from here, one at a time
        table = app.root.get_screen("turin_table")
        shown = {"n": 0}
        cam = table.camera
        session.subscribe(lambda up: up.frame is not None and shown.__setitem__("n", shown["n"] + 1))
        reader = session.camera.reader
        entries, pos = list(rec.entries), 0
        source = open_live(rec.source)
        try:
            for frame in source:
                for _ in range(3):   # entries due before and after the frame (the same table again)
                    while pos < len(entries) and int(entries[pos]["index"]) == len(host.journal.actions()):
                        yield from _entry_steps(app, entries[pos])
                        pos += 1
                    if _ == 0:
                        session.process_frame(frame.image, frame.t, reader)
                        result.frames += 1
                        yield
                if host.state.is_over:
                    break
        finally:
            close = getattr(source, "close", None)
            if close is not None:
                close()
        yield
        result.pictures = shown["n"] if cam.texture is not None else 0
        st = host.state
        result.scores = list(st.final.scores) if st.final is not None else []
        if st.final is None:
            raise PlayThroughError("the recording ended before the game")

    from ui.playthrough import run_steps

    run_steps(run(), result, done, delay)
    return result
