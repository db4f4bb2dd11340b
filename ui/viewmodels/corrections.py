"""Corrections view-model (Kivy-free): pick a story or a beat on the table, say what
is really there; the fix goes to ``session.correct`` (a journal event) and can be
undone with ``session.undo``."""

from __future__ import annotations

from typing import Any

from companion.errors import CompanionError
from ui import i18n
from ui.viewmodels.protocol import BEATS, COLOURS, Correction, TableView

MAX_REPORTERS = 5  # each player has 5 reporters (Penny Press: components)


def parse_story(text: str) -> str:
    """Normalise a typed story id (``"WAR-a1"`` -> ``"war-A1"``); ValueError if it is
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
    ``lang``), ``error`` True when it reports a refusal."""

    def __init__(self, session: Any, lang: str):
        self.session = session
        self.lang = i18n.check_lang(lang)
        self.selected_story: str | None = None
        self.selected_beat: str | None = None
        self.status = i18n.tr("corr.pick", lang)
        self.error = False

    def table(self) -> TableView | None:
        return self.session.table()

    def targets(self) -> list[tuple[str, str, str]]:
        """Tappable targets: (kind ``beat``|``story``, id, label), in board order."""
        t = self.table()
        out = []
        if t is None:
            return out
        for b in t.beats:
            out.append(("beat", b.beat, i18n.beat(b.beat, self.lang)))
            for s in b.stories:
                reps = ", ".join(f"{i18n.colour(c, self.lang)} {n}" for c, n in s.reporters)
                out.append(("story", s.story, f"{s.story} {reps}".strip()))
        return out

    def select(self, kind: str, ident: str) -> None:
        if kind == "story":
            self.selected_story, self.selected_beat = ident, ident.split("-", 1)[0]
            what = ident
        elif kind == "beat":
            if ident not in BEATS:
                raise ValueError(f"unknown beat {ident!r}")
            self.selected_story, self.selected_beat = None, ident
            what = i18n.beat(ident, self.lang)
        else:
            raise ValueError(f"unknown target kind {kind!r}")
        self.status, self.error = i18n.tr("corr.selected", self.lang, what=what), False

    def reporters_on(self, story: str, colour: str) -> int:
        t = self.table()
        for b in t.beats if t else ():
            for s in b.stories:
                if s.story == story:
                    return dict(s.reporters).get(colour, 0)
        return 0

    # actions: each returns True when the session accepted the correction -----------
    def set_reporters(self, colour: str, count: int | str) -> bool:
        if self.selected_story is None:
            return self._fail(i18n.tr("corr.nothing_selected", self.lang))
        if colour not in COLOURS:
            return self._fail(f"{colour!r}?")
        try:
            n = int(count)
        except (TypeError, ValueError):
            n = -1
        if not 0 <= n <= MAX_REPORTERS:
            return self._fail(i18n.tr("corr.bad_count", self.lang, max=MAX_REPORTERS))
        return self._send(Correction("reporters", story=self.selected_story, colour=colour, count=n))

    def add_story(self, text: str) -> bool:
        if self.selected_beat is None:
            return self._fail(i18n.tr("corr.nothing_selected", self.lang))
        try:
            story = parse_story(text)
        except ValueError:
            return self._fail(i18n.tr("corr.bad_story", self.lang, story=text.strip()))
        return self._send(Correction("story_add", story=story, beat=self.selected_beat))

    def remove_story(self) -> bool:
        if self.selected_story is None:
            return self._fail(i18n.tr("corr.nothing_selected", self.lang))
        ok = self._send(Correction("story_remove", story=self.selected_story))
        if ok:
            self.selected_story = None
        return ok

    def set_arrow(self, count: int | str) -> bool:
        if self.selected_beat is None:
            return self._fail(i18n.tr("corr.nothing_selected", self.lang))
        try:
            n = int(count)
        except (TypeError, ValueError):
            n = -1
        if not 0 <= n <= 9:
            return self._fail(i18n.tr("corr.bad_count", self.lang, max=9))
        return self._send(Correction("arrow", beat=self.selected_beat, count=n))

    def undo(self) -> bool:
        try:
            done = self.session.undo()
        except CompanionError as exc:
            return self._fail(str(exc))
        if not done:
            return self._fail(i18n.tr("corr.nothing_to_undo", self.lang))
        self.status, self.error = i18n.tr("corr.undone", self.lang), False
        return True

    def describe(self, c: Correction) -> str:
        b = i18n.beat(c.beat, self.lang) if c.beat else ""
        col = i18n.colour(c.colour, self.lang) if c.colour else ""
        return i18n.tr(f"corr.what.{c.kind}", self.lang, story=c.story, beat=b, colour=col, count=c.count)

    def _send(self, c: Correction) -> bool:
        try:
            self.session.correct(c)
        except (CompanionError, ValueError) as exc:
            return self._fail(str(exc))
        self.status, self.error = i18n.tr("corr.done", self.lang, what=self.describe(c)), False
        return True

    def _fail(self, text: str) -> bool:
        self.status, self.error = text, True
        return False
