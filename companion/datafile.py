"""Reading data files and records: one loader, one wording of every fault.

A game's editable data (``companion/games/<folder>/data/*.json|csv``), a recording's
description, an exported game record: every file read here that is missing,
unreadable, not UTF-8, not valid JSON, of the wrong shape or a CSV row of the wrong
width raises :class:`companion.errors.DataFileError` naming the file and, where
known, the line (``rules.json:4: not valid JSON: ...``), in the language of the
command line (:mod:`companion.clitext`). The checks of a file's content stay with
its reader (the game's catalog); they raise DataFileError themselves, with
:func:`line_of` for the line of a key.

:func:`data_fault` words any exception met while reading a record or data file
for people (never its repr).
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from typing import Any, Sequence

from .clitext import os_error, player_text, tx
from .errors import CompanionError, DataFileError

__all__ = ["CsvRow", "DataFileError", "data_fault", "line_of", "parse_json", "read_csv", "read_json",
           "read_text"]


def read_text(path) -> str:
    """The text of ``path`` (a ``Path`` or an ``importlib.resources`` Traversable),
    UTF-8. Raises DataFileError naming the file: missing or unreadable (what the
    system said, in the command line's language), or not UTF-8 text."""
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataFileError(str(path), None, tx("datafile.unreadable", "cannot be read ({why})",
                                                why=os_error(exc))) from None
    except UnicodeDecodeError:
        raise DataFileError(str(path), None, tx("datafile.not_utf8", "not UTF-8 text")) from None


def parse_json(text: str, path, kind: type | None = dict) -> Any:
    """``text`` (the content of ``path``) decoded as JSON. ``kind``: ``dict`` (a JSON
    object, the default), ``list``, or None (any value). Raises DataFileError naming
    the file and the line of a syntax error, or the wrong kind of top-level value."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataFileError(str(path), exc.lineno, tx("datafile.not_json", "not valid JSON: {error} (column "
                                                      "{column})", error=json_problem(exc), column=exc.colno)) from None
    if kind is dict and not isinstance(data, dict):
        raise DataFileError(str(path), 1, tx("datafile.not_object", "must hold a JSON object"))
    if kind is list and not isinstance(data, list):
        raise DataFileError(str(path), 1, tx("datafile.not_list", "must hold a JSON list"))
    return data


def json_problem(exc: json.JSONDecodeError) -> str:
    """What is wrong where JSON cannot be decoded, in people's words (the decoder's
    own message is English): a value missing, a comma or colon missing, a text not
    closed..."""
    msg = exc.msg
    if msg.startswith("Expecting value"):
        return tx("json.value", "a value is missing")
    if msg.startswith("Expecting property name"):
        return tx("json.key", "a key in double quotes is missing")
    if "delimiter" in msg:
        return tx("json.delimiter", "a comma or a colon is missing")
    if "trailing comma" in msg:
        return tx("json.trailing_comma", "a comma before a closing bracket")
    if msg.startswith("Unterminated string"):
        return tx("json.unterminated", "a text is not closed (a double quote is missing)")
    if "control character" in msg:
        return tx("json.control", "a line break or tab inside a text")
    if "escape" in msg:
        return tx("json.escape", "a backslash that starts no valid escape")
    if msg.startswith("Extra data"):
        return tx("json.extra", "more after the end of the data")
    return tx("json.other", "the JSON cannot be read")


def read_json(path, kind: type | None = dict) -> Any:
    """The JSON file ``path`` decoded (:func:`read_text` then :func:`parse_json`).
    Raises DataFileError naming the file (and line)."""
    return parse_json(read_text(path), path, kind)


@dataclass(frozen=True)
class CsvRow:
    """One data row of a CSV file: ``line`` (1-based, in the file) and ``values``
    (column name -> text, stripped)."""

    line: int
    values: dict[str, str]


def read_csv(path, header: Sequence[str] | None = None) -> tuple[list[str], list[CsvRow]]:
    """``(column names, rows)`` of the CSV file ``path``: blank lines and lines that
    begin with ``#`` are comments; the first other line is the header. ``header``:
    the columns the file must have, in order (None: any). Raises DataFileError naming
    the file and line: no header, another header, a row with another number of
    fields than the header."""
    text = read_text(path)
    lines = [(no, ln) for no, ln in enumerate(text.splitlines(), 1) if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines:
        raise DataFileError(str(path), None, tx("datafile.no_header", "no header line"))
    head_no, head = lines[0]
    names = [h.strip() for h in _fields(head)]
    if header is not None and names != list(header):
        raise DataFileError(str(path), head_no, tx("datafile.header", "the header must be {want}, not {got}",
                                                   want=",".join(header), got=",".join(names)))
    rows = []
    for no, ln in lines[1:]:
        values = [v.strip() for v in _fields(ln)]
        if len(values) != len(names):
            raise DataFileError(str(path), no, tx("datafile.row_width", "expected {n} fields ({names}), got {got}",
                                                  n=len(names), names=", ".join(names), got=len(values)))
        rows.append(CsvRow(no, dict(zip(names, values))))
    return names, rows


def _fields(line: str) -> list[str]:
    return next(csv.reader([line]), [])


def line_of(text: str, key: str) -> int | None:
    """The line (1-based) of the first ``"key":`` in JSON ``text``, or None: where a
    content check points when a value is wrong."""
    import re

    m = re.search(r'"%s"\s*:' % re.escape(key), text)
    return text.count("\n", 0, m.start()) + 1 if m else None


def data_fault(exc: BaseException) -> str:
    """What is wrong with a record or data file, in people's words, from the exception
    raised while reading it (never its repr): a KeyError names the missing field
    (``'players' is missing``), an IndexError a list too short, a TypeError or
    AttributeError a value of the wrong kind; a CompanionError keeps its message (in
    the command line's language, :func:`companion.clitext.player_text`)."""
    if isinstance(exc, CompanionError):
        return player_text(exc)
    if isinstance(exc, KeyError):
        return (tx("fault.missing_field", "{field} is missing", field=repr(exc.args[0])) if exc.args
                else tx("fault.a_field_missing", "a field is missing"))
    if isinstance(exc, IndexError):
        return tx("fault.short_list", "a list is shorter than it should be")
    if isinstance(exc, json.JSONDecodeError):
        return tx("fault.not_json", "not valid JSON (line {line}: {error})", line=exc.lineno, error=json_problem(exc))
    if isinstance(exc, OSError):
        return os_error(exc) if exc.strerror else tx("fault.unreadable", "cannot be read")
    if isinstance(exc, UnicodeDecodeError):
        return tx("datafile.not_utf8", "not UTF-8 text")
    if isinstance(exc, (TypeError, AttributeError)):
        return tx("fault.wrong_kind", "a value of the wrong kind (a number, text or list where another belongs)")
    if isinstance(exc, OverflowError):
        return tx("fault.too_large", "a number is too large")
    if isinstance(exc, ValueError):
        return tx("fault.bad_value", "a value is not valid (a number or text that cannot be read)")
    return str(exc) or type(exc).__name__
