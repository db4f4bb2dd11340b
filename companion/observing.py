"""What every game's observer hands the session (pure): :class:`Outcome` and :class:`Report`.

A game's observer (``GameSpec.observer`` in companion.registry) turns still table
snapshots (companion.table) into engine actions. Its ``observe(state, snapshot)``
returns an :class:`Outcome`; the session appends ``outcome.action`` to the journal
and shows ``outcome.reports`` to the players (translated by ``key`` + ``params``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

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


