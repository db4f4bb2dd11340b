"""What every game's observer hands the table loop (pure): :class:`Outcome`,
:class:`Report`, and for a game whose setup the camera reads :class:`SetupOutcome`.

A game's observer (``GameSpec.observer`` in companion.registry) turns still table
snapshots (companion.table) into engine actions. Its ``observe(state, snapshot)``
returns an :class:`Outcome`; the table loop (play.runner) appends
``outcome.action`` to the journal and shows ``outcome.reports`` to the players
(translated by ``key`` + ``params``).

Optional capabilities of an observer, asked for by the table loop when present:

- ``setup_from(snapshot, request: SetupRequest) -> SetupOutcome``: the game's setup
  read off the still table before the game has a journal (e.g. the initial
  headline cards laid out; the first player told by the first move when nobody said
  who starts). A game whose observer lacks it has its setup entered by the players
  (the app's start screen, a recording's description) and its journal made before
  the loop starts.
- ``enter(tap: dict)``: an entry the camera cannot read (a dial), read with the
  next still snapshot.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

INFO, WARNING, ERROR = "info", "warning", "error"


@dataclass(frozen=True)
class Report:
    """A message for the players. ``key`` + ``params`` let the app translate it;
    ``text`` is the English form; ``rule`` names the rule involved (or "")."""

    level: str
    key: str
    text: str
    rule: str = ""
    params: tuple[tuple[str, object], ...] = ()


@dataclass
class Outcome:
    """The observer's verdict on one snapshot.

    status: ``"moving"`` (table not still; nothing done), ``"same"`` (matches the
    engine), ``"action"`` (``action`` is ready to append), ``"waiting"`` (a change
    is under way or the players must do something; see reports), ``"rejected"``
    (the change breaks a rule or is ambiguous; nothing applied).
    """

    status: str
    action: object | None = None
    reports: list[Report] = field(default_factory=list)




@dataclass(frozen=True)
class SetupRequest:
    """What the players said before the camera reads the game's setup off the table.

    players: the seats in turn order, each a dict ``{"colour", "name", "paper"}`` (the
    journal setup's form; a key the game does not use is ignored; a colour "" takes
    the game's next free colour). first_player: the seat who starts, or None for the
    one whose move the table shows first. known: what is known of the journal's setup
    beforehand, in the game's own setup form (a recording's description of it; the
    variants chosen on the start screen, e.g. ``{"strike": True}``): the
    observer checks the table against it and keeps its variants.
    """

    players: tuple[Mapping[str, Any], ...]
    first_player: int | None = 0
    known: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class SetupOutcome:
    """An observer's verdict on the setup a still snapshot shows.

    setup: the journal's setup event (the rules' ``new_game_from_dict`` form) when
    the game can start, else None (keep showing the table; see ``reports``).
    players_seen: how many players the setup on the table is for, when it tells and
    that differs from the players asked for (e.g. one initial headline card
    each), else None.
    """

    setup: dict | None = None
    reports: list[Report] = field(default_factory=list)
    players_seen: int | None = None
