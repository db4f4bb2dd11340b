"""Pergamon actions: frozen dataclasses and their JSON-safe dict form (the journal's).

Players are seats 0..n-1 (clockwise). Table steps that reveal hidden things
(:class:`PresentFinds`, :class:`DrawFunds`, :class:`RevealFunds`) carry no player:
the app or the camera reports what was turned up. Legality is checked by
:func:`companion.games.pergamon.engine.apply`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from companion.errors import RuleError

R_CODEC = "Pergamon: action record"


def _tuple(obj, name):
    v = getattr(obj, name)
    if not isinstance(v, tuple):
        object.__setattr__(obj, name, tuple(v))


@dataclass(frozen=True)
class PresentFinds:
    """The finds turned up from this turn's calendar stack (Pergamon: 1. Presentation
    of finds): tile ids, in any order; the engine sorts them youngest to oldest into
    the galleries that are not full. Exactly as many as there are such galleries."""

    finds: tuple[str, ...]

    def __post_init__(self):
        _tuple(self, "finds")


@dataclass(frozen=True)
class DrawFunds:
    """The backs of the two research funds cards drawn, each ``"bag"`` (1-4 coins) or
    ``"chest"`` (5-8) (Pergamon: 2. Research funds)."""

    backs: tuple[str, ...]

    def __post_init__(self):
        _tuple(self, "backs")


@dataclass(frozen=True)
class PlaceFigure:
    """``player`` puts their figure on research funds ``space`` (1..13, counted from
    the right) (Pergamon: 2. Research funds)."""

    player: int
    space: int


@dataclass(frozen=True)
class RevealFunds:
    """The two funds cards turned face up: their coin values (1..8), e.g. ``(7, 4)``.
    The engine pays the figures right to left (Pergamon: 2. Research funds)."""

    cards: tuple[int, ...]

    def __post_init__(self):
        _tuple(self, "cards")


@dataclass(frozen=True)
class Dig:
    """``player`` digs every find of ``gallery`` (1..5) and pays its number in coins;
    only as the turn's first action (Pergamon: 3A. Digging)."""

    player: int
    gallery: int


@dataclass(frozen=True)
class Exhibit:
    """``player`` shows a collection (Pergamon: 3B. Exhibiting).

    finds: tile ids of the player's unshown finds, left to right; neighbours must
    complete an object (a tile's right half = the next tile's left half).
    polish: coins paid to raise the value (0..3; any amount in the last turn).
    marker: collection marker 1..3 to use, or None for the lowest free one; naming a
    marker already in the museum breaks that collection first (allowed only when all
    three are shown).
    """

    player: int
    finds: tuple[str, ...]
    polish: int = 0
    marker: int | None = None

    def __post_init__(self):
        _tuple(self, "finds")


@dataclass(frozen=True)
class Store:
    """``player`` ends their turn: ``discard`` (tile ids) go back to the box, then the
    storage fee for the finds kept is paid (Pergamon: 3C. Storage)."""

    player: int
    discard: tuple[str, ...] = ()

    def __post_init__(self):
        _tuple(self, "discard")


Action = Union[PresentFinds, DrawFunds, PlaceFigure, RevealFunds, Dig, Exhibit, Store]

_KINDS = {PresentFinds: "present_finds", DrawFunds: "draw_funds", PlaceFigure: "place_figure",
          RevealFunds: "reveal_funds", Dig: "dig", Exhibit: "exhibit", Store: "store"}

#: Action types that reveal hidden information; the journal never undoes across them.
UNDO_BARRIERS = frozenset({"present_finds", "draw_funds", "reveal_funds"})


def action_to_dict(a: Action) -> dict:
    """JSON-safe dict, e.g. ``{"action": "dig", "player": 0, "gallery": 3}``.
    Round-trips exactly with :func:`action_from_dict`. Raises RuleError for a
    non-Pergamon object."""
    kind = _KINDS.get(type(a))
    if kind is None:
        raise RuleError(f"not a Pergamon action: {a!r}", R_CODEC)
    if isinstance(a, PresentFinds):
        return {"action": kind, "finds": list(a.finds)}
    if isinstance(a, DrawFunds):
        return {"action": kind, "backs": list(a.backs)}
    if isinstance(a, PlaceFigure):
        return {"action": kind, "player": a.player, "space": a.space}
    if isinstance(a, RevealFunds):
        return {"action": kind, "cards": list(a.cards)}
    if isinstance(a, Dig):
        return {"action": kind, "player": a.player, "gallery": a.gallery}
    if isinstance(a, Exhibit):
        return {"action": kind, "player": a.player, "finds": list(a.finds), "polish": a.polish,
                "marker": a.marker}
    return {"action": kind, "player": a.player, "discard": list(a.discard)}


def action_from_dict(d: Any) -> Action:
    """Inverse of :func:`action_to_dict`. Raises RuleError (rule "Pergamon: action
    record") for an unknown kind, a missing field or a field of the wrong type."""
    if not isinstance(d, dict):
        raise RuleError(f"an action must be a dict, got {type(d).__name__}", R_CODEC)
    kind = d.get("action")

    def f(name, typ, default=...):
        if name not in d:
            if default is not ...:
                return default
            raise RuleError(f"action {kind!r} needs field {name!r}", R_CODEC)
        v = d[name]
        if typ is int and type(v) is not int:
            raise RuleError(f"field {name!r} must be an integer, got {v!r}", R_CODEC)
        if typ is str and not isinstance(v, str):
            raise RuleError(f"field {name!r} must be a string, got {v!r}", R_CODEC)
        if isinstance(typ, tuple):  # list of str / list of int
            elem = typ[0]
            if not isinstance(v, (list, tuple)) or not all(
                    (type(x) is int) if elem is int else isinstance(x, elem) for x in v):
                raise RuleError(f"field {name!r} must be a list of {elem.__name__}, got {v!r}", R_CODEC)
            return tuple(v)
        return v

    if kind == "present_finds":
        return PresentFinds(f("finds", (str,)))
    if kind == "draw_funds":
        return DrawFunds(f("backs", (str,)))
    if kind == "place_figure":
        return PlaceFigure(f("player", int), f("space", int))
    if kind == "reveal_funds":
        return RevealFunds(f("cards", (int,)))
    if kind == "dig":
        return Dig(f("player", int), f("gallery", int))
    if kind == "exhibit":
        marker = d.get("marker")
        if marker is not None and type(marker) is not int:
            raise RuleError(f"field 'marker' must be an integer or null, got {marker!r}", R_CODEC)
        return Exhibit(f("player", int), f("finds", (str,)), f("polish", int, 0), marker)
    if kind == "store":
        return Store(f("player", int), f("discard", (str,), ()))
    raise RuleError(f"unknown Pergamon action {kind!r}", R_CODEC)
