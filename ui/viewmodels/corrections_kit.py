"""The kit's corrections panel (Kivy-free): what the camera reads, piece by piece, and
the players' word where it is wrong, for every game whose corrections module is
built on companion.corrections_kit (docs/ui.md names them).

The panel lists the game's pieces the camera reads on the last still table, each by
its player name and where it lies (the game's corrections module: ``piece_name``,
``place_name``; never an id). A tap selects one; the players then say it is not on
the table (:meth:`CorrectionsKitVM.not_there`) or where it really lies
(:meth:`CorrectionsKitVM.put_at`, one of the places the game offers for it). A piece
the camera does not see at all is picked from :meth:`CorrectionsKitVM.missed`. Each
correction goes to the camera session (``session.correct``: play.corrections keeps
it, journals it and reads the table again with it) and is listed with a one-tap
remove (:meth:`CorrectionsKitVM.remove`) until the camera agrees or the game moves
past it. No game rule here: the game's module and the session decide.

``host``: the game's ui.hosting.GameHost; its ``camera`` (ui.session.GameSession) is
read at each call (a series' next game has a new one). Texts are in :attr:`lang`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion import registry
from companion.corrections_kit import Correction
from companion.errors import CompanionError
from ui import i18n


@dataclass(frozen=True)
class PieceRow:
    """One piece in the panel: ``piece`` (its id, never shown), ``name`` and
    ``place`` (the players' words), ``corrected`` (an active correction is about it)."""

    piece: str
    name: str
    place: str
    corrected: bool = False

    @property
    def text(self) -> str:
        return f"{self.name} — {self.place}" if self.place else self.name


@dataclass(frozen=True)
class PlaceRow:
    """A place the selected piece may be said to lie at: ``surface``, ``zone`` and
    ``label`` (the players' words)."""

    surface: str
    zone: str | None
    label: str


@dataclass(frozen=True)
class CorrectionRow:
    """An active correction: ``id`` (for :meth:`CorrectionsKitVM.remove`), ``text``
    (what the players said, and when the camera reads otherwise, that it is not
    applied now)."""

    id: int
    text: str
    disputed: bool = False


class CorrectionsKitVM:
    """State of the kit's corrections panel (module docstring)."""

    def __init__(self, host: Any, lang: str = "en"):
        self.host = host
        self.lang = i18n.check_lang(lang)
        self.selected: str | None = None
        self.show_missed = False
        self._status: tuple[str, dict] | str = ("kitcorr.pick", {})
        self.error = False

    # -- the parts -------------------------------------------------------------
    @property
    def session(self):
        """The camera session now (None: no camera reads this game)."""
        return getattr(self.host, "camera", None)

    @property
    def available(self) -> bool:
        """True when a camera session reads a game that takes these corrections."""
        return self.module() is not None

    def module(self):
        """The game's corrections module (companion.corrections_kit based), or None."""
        s = self.session
        runner = getattr(s, "runner", None)
        spec = getattr(runner, "spec", None)
        if spec is None or not spec.corrections:
            return None
        mod = registry.load_attr(spec.corrections)
        return mod if callable(getattr(mod, "piece_name", None)) else None

    def state(self):
        s = self.session
        return getattr(s, "state", None) if s is not None else None

    def _snapshot(self):
        runner = getattr(self.session, "runner", None)
        return getattr(runner, "last_snapshot", None)

    def set_lang(self, lang: str) -> None:
        self.lang = i18n.check_lang(lang)

    # -- texts -------------------------------------------------------------------
    @property
    def status(self) -> str:
        """The last result (or what to do), in :attr:`lang`."""
        if isinstance(self._status, str):
            return self._status
        key, values = self._status
        return i18n.tr(key, self.lang, **{k: (v(self.lang) if callable(v) else v) for k, v in values.items()})

    def text(self, key: str, **values) -> str:
        return i18n.tr(key, self.lang, **values)

    def _say(self, key: str, error: bool = False, **values) -> None:
        self._status, self.error = (key, values), error

    def piece_name(self, piece: str, lang: str | None = None) -> str:
        mod, state = self.module(), self.state()
        if mod is None or state is None:
            return ""
        return mod.piece_name(piece, state, lang or self.lang)

    def place_name(self, surface: str, zone: str | None, lang: str | None = None) -> str:
        mod, state = self.module(), self.state()
        if mod is None or state is None:
            return ""
        return mod.place_name(surface, zone, state, lang or self.lang)

    # -- what the camera reads ---------------------------------------------------
    def _corrected(self) -> set[str]:
        return {getattr(v.correction, "piece", None) for v in self._views()}

    def seen(self) -> list[PieceRow]:
        """The game's pieces the camera reads on the last still table (its own
        reading, before any correction), sorted by place then name."""
        mod, state = self.module(), self.state()
        if mod is None or state is None:
            return []
        lock = getattr(self.session, "lock", None)
        if lock is not None:
            with lock:
                seen = mod.seen(state, self._snapshot())
        else:
            seen = mod.seen(state, self._snapshot())
        fixed = self._corrected()
        rows = [PieceRow(p, mod.piece_name(p, state, self.lang), mod.place_name(s, z, state, self.lang), p in fixed)
                for p, s, z in seen]
        return sorted(rows, key=lambda r: (r.place, r.name, r.piece))

    def missed(self) -> list[PieceRow]:
        """Pieces the camera does not read that the players may say lie somewhere,
        one per name (two copies of a card are one choice), sorted by name."""
        mod, state = self.module(), self.state()
        if mod is None or state is None:
            return []
        out: dict[str, PieceRow] = {}
        fixed = self._corrected()
        for p in mod.missing(state, self._snapshot()):
            name = mod.piece_name(p, state, self.lang)
            if name not in out or p in fixed:
                out[name] = PieceRow(p, name, "", p in fixed)
        return sorted(out.values(), key=lambda r: (r.name, r.piece))

    def toggle_missed(self) -> bool:
        """Show or hide the pieces the camera does not see; returns the new setting."""
        self.show_missed = not self.show_missed
        return self.show_missed

    def select(self, piece: str) -> None:
        """Choose the piece the players correct next (ValueError for one the game
        does not have)."""
        mod, state = self.module(), self.state()
        if mod is None or state is None or piece not in mod.known(state):
            raise ValueError(f"not a piece of this game: {piece!r}")
        self.selected = piece
        self._say("kitcorr.selected", what=lambda lang, p=piece: self.piece_name(p, lang))

    def heading(self) -> str:
        """The selected piece's name, or what to do."""
        return self.piece_name(self.selected) if self.selected else self.text("kitcorr.pick")

    def places(self) -> list[PlaceRow]:
        """Where the selected piece may be said to lie ([]: only not on the table)."""
        mod, state = self.module(), self.state()
        if mod is None or state is None or self.selected is None:
            return []
        return [PlaceRow(s, z, mod.place_name(s, z, state, self.lang)) for s, z in mod.places(state, self.selected)]

    # -- the players' word -------------------------------------------------------
    def not_there(self) -> bool:
        """The selected piece is not on the table. True when the session took it."""
        if self.selected is None:
            return self._fail("kitcorr.nothing_selected")
        return self._send(Correction("absent", self.selected))

    def put_at(self, surface: str, zone: str | None) -> bool:
        """The selected piece really lies on ``surface`` in ``zone`` (a place of
        :meth:`places`). True when the session took it."""
        if self.selected is None:
            return self._fail("kitcorr.nothing_selected")
        return self._send(Correction("at", self.selected, surface, zone))

    def _send(self, c: Correction) -> bool:
        s = self.session
        if s is None:
            return self._fail("kitcorr.no_camera")
        try:
            s.correct(c)
        except (CompanionError, ValueError) as exc:
            self._status, self.error = i18n.error_text(exc, self.lang), True
            return False
        self.selected = None
        self._say("kitcorr.done", what=lambda lang, c=c: self.describe(c, lang))
        return True

    def _fail(self, key: str) -> bool:
        self._say(key, True)
        return False

    def describe(self, c, lang: str | None = None) -> str:
        """What a correction says, in the players' words."""
        lang = lang or self.lang
        piece = self.piece_name(c.piece, lang)
        if c.kind == "absent":
            return i18n.tr("kitcorr.said_absent", lang, piece=piece)
        return i18n.tr("kitcorr.said_at", lang, piece=piece, place=self.place_name(c.surface, c.zone, lang))

    # -- the active corrections ------------------------------------------------------
    def _views(self) -> list:
        s = self.session
        if s is None:
            return []
        try:
            return list(s.corrections())
        except (AttributeError, CompanionError):
            return []

    def corrections(self) -> list[CorrectionRow]:
        """The active corrections, oldest first."""
        rows = []
        for v in self._views():
            text = self.describe(v.correction)
            if v.disputed:
                text += " — " + self.text("kitcorr.disputed")
            rows.append(CorrectionRow(v.id, text, v.disputed))
        return rows

    def remove(self, ident: int) -> bool:
        """Remove correction ``ident`` (the moves only it explained go with it; the
        table is read as the camera sees it). True when done."""
        s = self.session
        if s is None:
            return self._fail("kitcorr.no_camera")
        try:
            s.remove_correction(ident)
        except CompanionError as exc:
            self._status, self.error = i18n.error_text(exc, self.lang), True
            return False
        self._say("kitcorr.removed")
        return True
