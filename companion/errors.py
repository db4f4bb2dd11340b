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

    from .clitext import tx

    if isinstance(exc, CompanionError):
        return player_text(exc)
    if isinstance(exc, KeyError):
        return (tx("fault.missing_field", "{field} is missing", field=repr(exc.args[0])) if exc.args
                else tx("fault.a_field_missing", "a field is missing"))
    if isinstance(exc, IndexError):
        return tx("fault.short_list", "a list is shorter than it should be")
    if isinstance(exc, json.JSONDecodeError):
        return tx("fault.not_json", "not valid JSON (line {line}: {error})", line=exc.lineno, error=exc.msg)
    if isinstance(exc, OSError):
        from .clitext import os_error

        return os_error(exc) if exc.strerror else tx("fault.unreadable", "cannot be read")
    if isinstance(exc, (TypeError, AttributeError)):
        return tx("fault.wrong_kind", "a value of the wrong kind (a number, text or list where another belongs)")
    if isinstance(exc, OverflowError):
        return tx("fault.too_large", "a number is too large")
    if isinstance(exc, ValueError):
        return tx("fault.bad_value", "a value is not valid (a number or text that cannot be read)")
    return str(exc) or type(exc).__name__


#: Functions ``(exc, lang) -> str | None`` that word an error for players in ``lang``
#: (registered by the plugins that own the words: ``ui`` words the engines' refusals,
#: RuleError kinds, with the app's texts). The core never imports them.
_PLAYER_TEXTS: list = []


def register_player_text(func) -> None:
    """Add a function ``(exc, lang) -> str | None`` that words errors for players
    (see :func:`player_text`); registering the same function twice adds it once."""
    if func not in _PLAYER_TEXTS:
        _PLAYER_TEXTS.append(func)


def player_text(exc: BaseException) -> str:
    """An error as the command line shows it, in its language
    (:mod:`companion.clitext`): in English its own message; in Spanish or Chinese the
    first wording a registered function gives (an engine refusal by its kind), else
    its own message (already in that language when it was raised with
    ``clitext.tx``)."""
    from .clitext import current

    lang = current()
    if lang != "en":
        for func in _PLAYER_TEXTS:
            try:
                text = func(exc, lang)
            except Exception:  # noqa: BLE001 - a wording must never hide the error itself
                text = None
            if text:
                return text
    return str(exc)
