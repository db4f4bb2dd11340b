"""Corrections view-model (Kivy-free): pick a story on the board, say what is really
there (reporters of a colour with a stepper; the story is there / is not on the
board). Each fix is an override of the camera's reading (play/corrections.py), listed
with a remove button until the camera agrees; undo names what it will take back
before doing it. No game rule here: the session decides."""

from __future__ import annotations

from typing import Any

from companion.errors import CompanionError
from ui import i18n
from ui.games.penny_press import texts
from ui.games.penny_press.protocol import BEATS, COLOURS, Correction, CorrectionView, TableView, UndoStep
from ui.viewmodels.table import UndoOffer

MAX_REPORTERS = 5  # each player has 5 reporters (Penny Press: components)


def parse_story(text: str) -> str:
    """Normalise a story id (``"WAR-a1"`` -> ``"war-A1"``); ValueError if it is
    not ``<beat>-<shape A-D><stars 1-3>`` (docs/contracts.md)."""
    t = text.strip()
    try:
        b, rest = t.split("-", 1)
    except ValueError:
        raise ValueError(t) from None
    b, rest = b.lower(), rest.upper()
    if b not in BEATS or len(rest) != 2 or rest[0] not in "ABCD" or rest[1] not in "123":
        raise ValueError(t)
    return f"{b}-{rest}"


class CorrectionsVM:
    """State of the corrections screen. ``status`` is the last result text (in
    ``lang``), ``error`` True when it reports a refusal. ``colour`` and ``count``
    are the colour chosen and the stepper's value for the selected story."""

    def __init__(self, session: Any, lang: str):
        self.session = session
        self.lang = i18n.check_lang(lang)
        self.selected_story: str | None = None
        self.selected_beat: str | None = None
        self.colour: str | None = None
        self.count = 0
        self._status: tuple[str, dict] = ("corr.pick", {})
        self._raw_status: str | None = None
        self.error = False

    # texts follow the language (a switch redraws them) ---------------------------
    @property
    def status(self) -> str:
        if self._raw_status is not None:
            return self._raw_status
        key, values = self._status
        return i18n.tr(key, self.lang, **{k: (v(self.lang) if callable(v) else v) for k, v in values.items()})

    def _say(self, key: str, error: bool = False, **values) -> None:
        self._status, self._raw_status, self.error = (key, values), None, error

    def story_name(self, story: str) -> str:
        return texts.story_name(story, self.lang)

    def table(self) -> TableView | None:
        return self.session.table()

    def targets(self) -> list[tuple[str, str, str]]:
        """The board: (kind ``beat``|``story``, id, label), in board order; story
        labels name the story (headline, size, stars) and its reporters."""
        t = self.table()
        out = []
        if t is None:
            return out
        for b in t.beats:
            out.append(("beat", b.beat, i18n.beat(b.beat, self.lang)))
            for s in b.stories:
                reps = ", ".join(self.reporters_text(c, n) for c, n in s.reporters)
                label = self.story_name(s.story) + (f" — {reps}" if reps else "")
                out.append(("story", s.story, label))
        return out

    def reporters_text(self, colour: str, n: int) -> str:
        return i18n.trn("corr.n_reporters", self.lang, n, colour=i18n.colour(colour, self.lang))

    def colours(self) -> list[tuple[str, str]]:
        """(colour, localised name) of the players, seat order."""
        return [(p.colour, i18n.colour(p.colour, self.lang)) for p in self.session.players]

    def select(self, kind: str, ident: str) -> None:
        if kind == "story":
            self.selected_story, self.selected_beat = ident, ident.split("-", 1)[0]
            if self.colour is None and self.colours():
                self.colour = self.colours()[0][0]
            self.count = self.reporters_on(ident, self.colour) if self.colour else 0
            self._say("corr.selected", what=lambda lang, s=ident: texts.story_name(s, lang))
        elif kind == "beat":
            if ident not in BEATS:
                raise ValueError(f"unknown beat {ident!r}")
            self.selected_story, self.selected_beat = None, ident
            self._say("corr.selected", what=lambda lang, b=ident: i18n.beat(b, lang))
        else:
            raise ValueError(f"unknown target kind {kind!r}")

    def choose_colour(self, colour: str) -> None:
        if colour not in COLOURS:
            raise ValueError(f"unknown colour {colour!r}")
        self.colour = colour
        if self.selected_story:
            self.count = self.reporters_on(self.selected_story, colour)

    def step(self, delta: int) -> int:
        """The stepper: count + delta, kept within 0..5 (reporters per player)."""
        self.count = max(0, min(MAX_REPORTERS, self.count + delta))
        return self.count

    def reporters_on(self, story: str, colour: str) -> int:
        t = self.table()
        for b in t.beats if t else ():
            for s in b.stories:
                if s.story == story:
                    return dict(s.reporters).get(colour, 0)
        return 0

    # actions: each returns True when the session accepted ------------------------
    def set_reporters(self, colour: str | None = None, count: int | None = None) -> bool:
        colour = colour or self.colour
        count = self.count if count is None else count
        if self.selected_story is None:
            return self._fail("corr.nothing_selected")
        if colour not in COLOURS:
            return self._fail("corr.pick_colour")
        if not 0 <= int(count) <= MAX_REPORTERS:
            return self._fail("corr.bad_count", max=MAX_REPORTERS)
        return self._send(Correction("reporters", story=self.selected_story, colour=colour, count=int(count)))

    def story_is_there(self) -> bool:
        """The selected story lies in its beat's column (the camera misses it)."""
        if self.selected_story is None:
            return self._fail("corr.nothing_selected")
        return self._send(Correction("story_add", story=self.selected_story, beat=self.selected_beat))

    def story_not_there(self) -> bool:
        """The selected story is not on the board (the camera reads it there)."""
        if self.selected_story is None:
            return self._fail("corr.nothing_selected")
        return self._send(Correction("story_remove", story=self.selected_story))

    # the list of corrections ------------------------------------------------------
    def corrections(self) -> list[CorrectionView]:
        try:
            return list(self.session.corrections())
        except AttributeError:
            return []

    def correction_text(self, v: CorrectionView) -> str:
        text = i18n.tr("corr.you_said", self.lang, what=self.describe(v.correction))
        if v.disputed:
            text += " — " + i18n.tr("corr.disputed", self.lang)
        return text

    def remove(self, ident: int) -> bool:
        try:
            self.session.remove_correction(ident)
        except CompanionError as exc:
            return self._fail_text(i18n.error_text(exc, self.lang))
        self._say("corr.removed")
        return True

    # undo -------------------------------------------------------------------------
    def undo_step(self) -> UndoStep | None:
        try:
            return self.session.undo_preview()
        except AttributeError:
            return None

    def undo_refused(self) -> str:
        """Why Undo takes nothing back now: the session's reason (nothing played
        yet, the last move showed what was hidden: a headline card drawn, Penny
        Press: Draw a headline card), else "Nothing to undo"; with corrections
        listed, that each goes with its own Remove button (Undo never reaches past
        a card drawn, not even to an older correction)."""
        get = getattr(self.session, "undo_refusal", None)
        try:
            why = get() if get is not None else ""
        except CompanionError as exc:
            why = i18n.error_text(exc, self.lang)
        why = why or i18n.tr("corr.nothing_to_undo", self.lang)
        if self.corrections():
            why += "\n" + i18n.tr("corr.undo_remove_instead", self.lang, remove=i18n.tr("corr.remove", self.lang))
        return why

    def undo_label(self) -> str:
        """The undo button's text: names what it takes back, or why nothing
        (:meth:`undo_refused`)."""
        step = self.undo_step()
        if step is None:
            return self.undo_refused()
        return i18n.tr("corr.undo_what", self.lang, what=self._step_text(step))

    def undo_offer(self) -> UndoOffer:
        """The Undo button as the table kit draws it: named, asked first; disabled
        with its label saying why when nothing can be taken back."""
        if self.undo_step() is None:
            return UndoOffer.nothing(self.undo_label())
        return UndoOffer(self.undo_label(), self.undo_question(), True)

    def undo_question(self) -> str:
        """The confirmation asked before undoing (names everything it takes back)."""
        step = self.undo_step()
        if step is None:
            return self.undo_refused()
        text = i18n.tr("corr.undo_ask", self.lang, what=self._step_text(step))
        if step.also:
            text += "\n" + i18n.tr("corr.undo_also", self.lang, moves="; ".join(step.also))
        return text

    def _step_text(self, step: UndoStep) -> str:
        if step.kind == "correction":
            return i18n.tr("corr.your_correction", self.lang, what=self.describe(step.correction))
        return step.text

    def undo(self) -> bool:
        try:
            done = self.session.undo()
        except CompanionError as exc:
            return self._fail_text(i18n.error_text(exc, self.lang))
        if not done:
            why = self.undo_refused()
            if why == i18n.tr("corr.nothing_to_undo", self.lang):
                return self._fail("corr.nothing_to_undo")  # re-worded on a language switch
            return self._fail_text(why)
        self._say("corr.undone")
        return True

    def describe(self, c: Correction) -> str:
        b = i18n.beat(c.beat, self.lang) if c.beat else ""
        story = self.story_name(c.story) if c.story else ""
        if c.kind == "reporters":
            return i18n.trn("corr.what.reporters", self.lang, c.count,
                            colour=i18n.colour(c.colour, self.lang), story=story)
        return i18n.tr(f"corr.what.{c.kind}", self.lang, story=story, beat=b, count=c.count)

    def _send(self, c: Correction) -> bool:
        try:
            self.session.correct(c)
        except (CompanionError, ValueError) as exc:
            return self._fail_text(i18n.error_text(exc, self.lang))
        self._say("corr.done", what=lambda lang, c=c: CorrectionsVM(self.session, lang).describe(c))
        return True

    def _fail(self, key: str, **values) -> bool:
        self._say(key, True, **values)
        return False

    def _fail_text(self, text: str) -> bool:
        self._raw_status, self.error = text, True
        return False
