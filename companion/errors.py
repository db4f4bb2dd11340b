"""Errors shared by the core."""

from __future__ import annotations


class CompanionError(Exception):
    """Base class of every error the core raises on bad input."""


class UsageError(CompanionError):
    """A command line that is not understood (a missing or contradictory option): the
    CLI prints the command's usage and this message on stderr and exits 2."""


class RuleError(CompanionError):
    """An action that the rules do not allow.

    ``rule`` names the rule broken (game and section, e.g.
    ``"Penny Press: Go to Press"``); the message says what is wrong and, where it
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


def data_fault(exc: BaseException) -> str:
    """What is wrong with a record or data file, in a user's words, from the exception
    raised while reading it (never its repr): a KeyError names the missing field
    (``'players' is missing``), an IndexError a list too short, a TypeError or
    AttributeError a value of the wrong kind; a CompanionError keeps its message."""
    import json

    if isinstance(exc, CompanionError):
        return str(exc)
    if isinstance(exc, KeyError):
        return f"{exc.args[0]!r} is missing" if exc.args else "a field is missing"
    if isinstance(exc, IndexError):
        return "a list is shorter than it should be"
    if isinstance(exc, json.JSONDecodeError):
        return f"not valid JSON (line {exc.lineno}: {exc.msg})"
    if isinstance(exc, OSError):
        return exc.strerror or "cannot be read"
    if isinstance(exc, (TypeError, AttributeError)):
        return "a value of the wrong kind (a number, text or list where another belongs)"
    if isinstance(exc, OverflowError):
        return "a number is too large"
    if isinstance(exc, ValueError):
        return "a value is not valid (a number or text that cannot be read)"
    return str(exc) or type(exc).__name__
