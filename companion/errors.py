"""Errors shared by the core: exception classes only.

This module imports nothing of ours, so every module may raise these errors. How an
error is worded for people lives above it: :func:`companion.clitext.player_text`
(an error in the command line's language) and :func:`companion.datafile.data_fault`
(what is wrong with a record or data file)."""

from __future__ import annotations


class CompanionError(Exception):
    """Base class of every error the core raises on bad input."""


class UsageError(CompanionError):
    """A command line that is not understood (a missing or contradictory option): the
    CLI prints the command's usage and this message on stderr and exits 2."""


class Refusal(CompanionError):
    """Something the players asked for that cannot be done now (no game started yet,
    a correction the game cannot do without, a page not printed yet).

    ``key`` names the refusal (``"not_started"``) and ``values`` its parameters: what
    the app words in the players' language (``ui.i18n.error_text``: ``err.<key>``);
    the English ``message`` is for the CLI and logs.
    """

    def __init__(self, key: str, message: str, **values):
        super().__init__(message)
        self.key = key
        self.values = dict(values)


class RuleError(CompanionError):
    """An action that the rules do not allow.

    ``rule`` names the rule broken (game and section, e.g.
    ``"<game>: <section>"``); the message says what is wrong and, where it
    helps, what is allowed instead. The state the action was applied to is left
    unchanged.

    ``key`` names the kind of refusal (``"pp.not_your_turn"``) and ``values`` its
    parameters (counts, story and card ids, players as their given name or colour
    code): what the app translates for the players (``ui.i18n.rule_error_text``);
    the English ``message`` is for the CLI and logs. Errors without a key are shown
    in the players' language as a refusal of their rule section only.
    """

    def __init__(self, message: str, rule: str = "", key: str = "", values: dict | None = None):
        super().__init__(f"{rule}: {message}" if rule else message)
        self.rule = rule
        self.detail = message
        self.key = key
        self.values = dict(values or {})


class DataFileError(CompanionError):
    """A game data file that is missing or wrong; names the file and line."""

    def __init__(self, path: str, line: int | None, message: str):
        where = f"{path}:{line}" if line is not None else str(path)
        super().__init__(f"{where}: {message}")
        self.path = str(path)
        self.line = line
        self.detail = message
