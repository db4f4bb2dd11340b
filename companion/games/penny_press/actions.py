"""Penny Press actions: frozen dataclasses and their JSON-safe dict form.

Players are indices 0..n-1 into the setup's player list (turn order). Every action is
validated by :func:`companion.games.penny_press.engine.apply`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from companion.clitext import tx
from companion.errors import CompanionError
from companion.games.penny_press.frontpage import FrontPage, Placement


@dataclass(frozen=True)
class Assign:
    """Put ``count`` (>= 1) reporters from home on ``story`` (Penny Press: Assign
    reporters). In the final edition ``count`` must be 1."""

    player: int
    story: str
    count: int = 1


@dataclass(frozen=True)
class Recall:
    """Take reporters back home, one entry of ``stories`` per reporter (a story may be
    repeated), e.g. ``("war-A1", "war-A1")`` (Penny Press: Recall reporters). In the
    final edition exactly one entry."""

    player: int
    stories: tuple[str, ...]

    def __post_init__(self):
        if not isinstance(self.stories, tuple):
            object.__setattr__(self, "stories", tuple(self.stories))


@dataclass(frozen=True)
class Reassign:
    """Move one reporter from ``from_story`` to ``to_story`` (Penny Press: Reassign a
    reporter)."""

    player: int
    from_story: str
    to_story: str


@dataclass(frozen=True)
class GoToPress:
    """Claim, score scoops and publish (Penny Press: Go to Press). ``front_page`` None
    takes the solver's best placement; a given page is checked and scored."""

    player: int
    front_page: FrontPage | None = None


@dataclass(frozen=True)
class DrawHeadline:
    """The headline card drawn from the physical deck right after a press
    (Penny Press: Drawing headline cards); ``card`` is ``"H01".."H45"``."""

    card: str


@dataclass(frozen=True)
class PassNewsboy:
    """Newsboy strike variant: the holder gives up the action and passes the newsboy
    to the player on the right (previous in turn order)."""

    player: int


@dataclass(frozen=True)
class DeclinePress:
    """A pass: in the final edition, skip the last turn or do not go to press
    (docs/rulings.md); otherwise only the pass of a player who has no legal action at
    all (no reporter on the board and no story to assign to)."""

    player: int


Action = Union[Assign, Recall, Reassign, GoToPress, DrawHeadline, PassNewsboy, DeclinePress]

_KINDS = {Assign: "assign", Recall: "recall", Reassign: "reassign", GoToPress: "go_to_press",
          DrawHeadline: "draw_headline", PassNewsboy: "pass_newsboy", DeclinePress: "decline_press"}


def front_page_to_dict(fp: FrontPage | None) -> dict | None:
    """FrontPage -> ``{"placements": [[story, row, col, rotated], ...], "ad_cell": [r, c] | None}``."""
    if fp is None:
        return None
    return {"placements": [[p.story, p.row, p.col, p.rotated] for p in fp.placements],
            "ad_cell": list(fp.ad_cell) if fp.ad_cell is not None else None}


def front_page_from_dict(d: Any) -> FrontPage | None:
    """Inverse of :func:`front_page_to_dict`; raises CompanionError on a malformed dict."""
    if d is None:
        return None
    try:
        pl = []
        for item in d["placements"]:
            story, row, col, rot = item
            if not (isinstance(story, str) and type(row) is int and type(col) is int
                    and isinstance(rot, bool)):
                raise TypeError
            pl.append(Placement(story, row, col, rot))
        ad = d.get("ad_cell")
        if ad is not None:
            r, c = ad
            if type(r) is not int or type(c) is not int:
                raise TypeError
            ad = (r, c)
    except (KeyError, TypeError, ValueError, AttributeError):
        raise CompanionError(tx("pp.bad_front_page", "a front page that cannot be read: each story placed on it "
                                "needs its card, a row, a column and whether it is turned")) from None
    return FrontPage(tuple(pl), ad)


def action_to_dict(a: Action) -> dict:
    """JSON-safe dict of an action, e.g. ``{"action": "assign", "player": 0,
    "story": "war-A1", "count": 2}``. Round-trips exactly with action_from_dict."""
    kind = _KINDS.get(type(a))
    if kind is None:
        raise CompanionError(f"not a Penny Press action: {a!r}")
    if isinstance(a, Assign):
        return {"action": kind, "player": a.player, "story": a.story, "count": a.count}
    if isinstance(a, Recall):
        return {"action": kind, "player": a.player, "stories": list(a.stories)}
    if isinstance(a, Reassign):
        return {"action": kind, "player": a.player, "from_story": a.from_story, "to_story": a.to_story}
    if isinstance(a, GoToPress):
        return {"action": kind, "player": a.player, "front_page": front_page_to_dict(a.front_page)}
    if isinstance(a, DrawHeadline):
        return {"action": kind, "card": a.card}
    return {"action": kind, "player": a.player}


def action_from_dict(d: Any) -> Action:
    """Inverse of :func:`action_to_dict`. Raises CompanionError for an unknown kind,
    a missing field or a field of the wrong type (legality is apply's job)."""
    if not isinstance(d, dict):
        raise CompanionError(tx("record.action_not_object", "an action must be a JSON object"))
    kind = d.get("action")

    def f(name, typ):
        if name not in d:
            raise CompanionError(tx("record.needs_field", "action {kind} needs field {field}", kind=repr(kind),
                                    field=repr(name)))
        v = d[name]
        if typ is int and (type(v) is not int):
            raise CompanionError(tx("record.field_integer", "field {field} must be a whole number, got {value}",
                                    field=repr(name), value=repr(v)))
        if typ is str and not isinstance(v, str):
            raise CompanionError(tx("record.field_text", "field {field} must be a text, got {value}",
                                    field=repr(name), value=repr(v)))
        return v

    if kind == "assign":
        return Assign(f("player", int), f("story", str), f("count", int))
    if kind == "recall":
        st = d.get("stories")
        if not isinstance(st, (list, tuple)) or not all(isinstance(s, str) for s in st):
            raise CompanionError(tx("record.stories_list", "field 'stories' must be a list of story ids"))
        return Recall(f("player", int), tuple(st))
    if kind == "reassign":
        return Reassign(f("player", int), f("from_story", str), f("to_story", str))
    if kind == "go_to_press":
        return GoToPress(f("player", int), front_page_from_dict(d.get("front_page")))
    if kind == "draw_headline":
        return DrawHeadline(f("card", str))
    if kind == "pass_newsboy":
        return PassNewsboy(f("player", int))
    if kind == "decline_press":
        return DeclinePress(f("player", int))
    raise CompanionError(tx("record.unknown_action", "unknown {game} action {kind}", game="Penny Press",
                            kind=repr(kind)))
