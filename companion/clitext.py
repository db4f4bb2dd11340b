"""What the ``companion`` command line says to people, in Spanish, English or Chinese.

Every message a person reads on the terminal (scores, rankings, errors, warnings,
the print queue's news, calibration verdicts, doctor's checklist) is declared in
English where it is used, with its key (the gettext context)::

    tx("demo.ranking", "Final ranking:")
    txn("demo.pages_queued", "{n} page still queued", "{n} pages still queued", n)

and translated in the gettext catalogs ``companion/locale/<lang>/LC_MESSAGES/cli.po``
(domain ``cli``; es and zh, English is the source language), read like the app's and
the printed pages' catalogs (:mod:`companion.gettext_po`: Babel compiles the PO file
in memory; plural forms by Babel's CLDR rules). ``bash scripts/i18n.sh`` extracts
every ``tx``/``txn`` call (keywords ``tx:1c,2`` and ``txn:1c,2,3``) from companion/,
ui/, printing/, calibration/, vision/ and play/ into that catalog.

The language is chosen once per command line (:func:`choose`, called by
``companion.cli.main``): ``--lang`` (the subcommand's own, else the global one),
else the language saved in the app's settings (``ui-settings.json`` in the user
config dir, platformdirs), else the environment (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``: ``es_*`` -> es, ``zh_*`` -> zh), else English. Machine
output (JSON, exit codes) is never translated.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

DOMAIN = "cli"
LANGS = ("es", "en", "zh")
#: environment variables read for the language, in gettext's order of precedence
ENV_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_lang = "en"


def set_lang(lang: str) -> None:
    """Speak ``lang`` (es, en or zh) from now on. ValueError for another language."""
    global _lang
    if lang not in LANGS:
        raise ValueError(f"language {lang!r}: choose one of {', '.join(LANGS)}")
    _lang = lang


def current() -> str:
    """The language the command line speaks now (es, en or zh)."""
    return _lang


def _translations(lang: str):
    from .gettext_po import translations

    return translations(__package__, DOMAIN, lang)


class Said(str):
    """A text :func:`tx` or :func:`txn` worded: a ``str`` that also keeps its ``key``
    and its ``fields`` (the values filled in, a count's under ``n``), so that it can be
    kept as a key (:meth:`record`) and worded again later in another language
    (:func:`say_again`). Joining it to other text gives a plain ``str``."""

    key: str
    fields: dict

    def __new__(cls, text: str, key: str, fields: dict):
        said = super().__new__(cls, text)
        said.key, said.fields = key, dict(fields)
        return said

    def __getnewargs__(self):
        return str(self), self.key, self.fields

    def record(self) -> dict:
        """``{"key": key, "values": {field: value}}`` for a JSON file: a value that is
        itself a :class:`Said` as its own record, a number as it is, anything else as
        the text it showed (a printer target as ``tcp://host:9100``)."""
        return {"key": self.key, "values": {name: _field_record(v) for name, v in self.fields.items()}}


class Number(str):
    """A number as :func:`number` wrote it for the current language (``6,8`` in
    Spanish): a ``str`` that keeps its ``value`` and ``decimals`` so that words kept
    as a key (:meth:`Said.record`) write it again in another language."""

    value: float
    decimals: int | None

    def __new__(cls, text: str, value, decimals: int | None):
        said = super().__new__(cls, text)
        said.value, said.decimals = value, decimals
        return said

    def __getnewargs__(self):
        return str(self), self.value, self.decimals


def number(value, decimals: int | None = None) -> str:
    """``value`` written as the current language writes numbers (Babel, CLDR): the
    decimal mark and thousands grouping (``6,8`` and ``12.345`` in Spanish, ``6.8``
    and ``12,345`` in English and Chinese); ``decimals`` fixed (``1``: ``6.8 s``),
    else up to three, trailing zeros dropped (``0.5``, ``30``). A :class:`Number`."""
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + "0" * decimals if decimals else "") if decimals is not None else "#,##0.###"
    return Number(format_decimal(value, format=pattern, locale=_lang), value, decimals)


def _field_record(value):
    if isinstance(value, Said):
        return value.record()
    if isinstance(value, Number):
        return {"number": value.value, "decimals": value.decimals}
    if isinstance(value, (bool, int, float)) or value is None:
        return value
    return str(value)


def say_again(record) -> str | None:
    """A kept :meth:`Said.record` worded in the current language (its English words
    from the catalog, by key; each value that is a record worded again too); None when
    it cannot be (no such key any more, a value missing, not a record): the caller then
    shows the words it kept."""
    from .gettext_po import contexts

    if not isinstance(record, dict) or not isinstance(record.get("key"), str):
        return None
    values = record.get("values")
    if not isinstance(values, dict):
        return None
    english = contexts(__package__, DOMAIN).get(record["key"])
    if english is None:
        return None
    fields = {}
    for name, value in values.items():
        if isinstance(value, dict) and isinstance(value.get("number"), (int, float)):
            value = number(value["number"], value.get("decimals"))   # written again in this language
        elif isinstance(value, dict):
            value = say_again(value)
            if value is None:
                return None
        fields[name] = value
    key = record["key"]
    try:
        if isinstance(english, tuple):  # a count: its form for n
            n = fields["n"]
            text = (english[0] if n == 1 else english[1]) if _lang == "en" else \
                _translations(_lang).npgettext(key, english[0], english[1], n)
        else:
            text = english if _lang == "en" else _translations(_lang).pgettext(key, english)
        return text.format(**fields)
    except (KeyError, IndexError, ValueError, TypeError):  # a field the words no longer fit
        return None


def tx(key: str, text: str, /, **fields) -> str:
    """``text`` (English, declared under ``key``) in the current language, with its
    ``{fields}`` filled (a :class:`Said`: it keeps its key and fields). A text missing
    from a catalog is shown in English."""
    if _lang != "en":
        text = _translations(_lang).pgettext(key, text)
    return Said(text.format(**fields) if fields else text, key, fields)


def txn(key: str, singular: str, plural: str, n: int, /, **fields) -> str:
    """The form of a count for ``n`` (CLDR plural rules of the current language),
    with ``{n}`` and the other ``fields`` filled (a :class:`Said`)."""
    if _lang == "en":
        text = singular if n == 1 else plural
    else:
        text = _translations(_lang).npgettext(key, singular, plural, n)
    return Said(text.format(n=n, **fields), key, {"n": n, **fields})


#: tqdm bar formats with no English in them (tqdm's own end says "it/s" or the unit's
#: English word): the share done, the counts and the times; the caller words ``desc``
#: (with :func:`tx`), e.g. ``tqdm(items, desc=tx("tags.progress", "tags"), bar_format=BAR_TOTAL)``
BAR_TOTAL = "{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} [{elapsed}<{remaining}]"
#: the same for a count with no known end (frames of a camera): the count and the time
BAR_COUNT = "{desc}: {n_fmt} [{elapsed}]"


def lang_of_locale(value: str | None) -> str | None:
    """es, en or zh for a locale name (``es_ES.UTF-8`` -> es, ``zh_CN`` -> zh,
    ``en_GB`` -> en); None for any other (``C``, ``POSIX``, ``fr_FR``, empty)."""
    code = (value or "").split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGS else None


def env_lang(environ=None) -> str | None:
    """The language the environment asks for: the first of ``LANGUAGE`` (a colon list:
    its first known language), ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set;
    None when that one names none of es, en, zh (``C.UTF-8``, ``fr_FR``)."""
    environ = os.environ if environ is None else environ
    for var in ENV_VARS:
        value = environ.get(var, "")
        if not value:
            continue
        if var == "LANGUAGE":
            found = next((lang for lang in map(lang_of_locale, value.split(":")) if lang), None)
            if found:
                return found
            continue  # gettext: LANGUAGE without a known language defers to the others
        return lang_of_locale(value)
    return None


def settings_path() -> Path:
    """The app's settings file (``ui-settings.json`` in the user config dir of
    ``table-companion``, platformdirs; written by the app's settings screen)."""
    from platformdirs import user_config_dir

    return Path(user_config_dir("table-companion")) / "ui-settings.json"


def settings_lang(path: str | Path | None = None) -> str | None:
    """The language saved in the app's settings, or None (no file, unreadable, or no
    known language in it: the command line then asks the environment)."""
    try:
        data = json.loads(Path(path or settings_path()).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    lang = data.get("lang") if isinstance(data, dict) else None
    return lang if lang in LANGS else None


def choose(flag: str | None = None, environ=None, settings: str | Path | None = None) -> str:
    """The command line's language: ``flag`` (a ``--lang``), else the app's saved
    setting, else the environment, else English."""
    if flag in LANGS:
        return flag
    return settings_lang(settings) or env_lang(environ) or "en"


# ------------------------------------------------------------------ game words


def colour(code: str, lang: str | None = None) -> str:
    """A player colour in ``lang`` (default: the current language; ``red`` ->
    ``rojo``); another name unchanged. ValueError for a language other than es, en, zh."""
    global _lang
    if lang is not None and lang != _lang:
        before = _lang
        set_lang(lang)
        try:
            return colour(code)
        finally:
            _lang = before
    names = {"red": tx("colour.red", "red"), "blue": tx("colour.blue", "blue"),
             "green": tx("colour.green", "green"), "yellow": tx("colour.yellow", "yellow"),
             "black": tx("colour.black", "black"), "white": tx("colour.white", "white"),
             "purple": tx("colour.purple", "purple"), "orange": tx("colour.orange", "orange")}
    return names.get(code, code)


def beat(code: str) -> str:
    """A news beat (a game's board column) in the current language (``war`` -> ``Guerra``)."""
    names = {"war": tx("beat.war", "War"), "crime": tx("beat.crime", "Crime"),
             "city": tx("beat.city", "New York City"), "politics": tx("beat.politics", "Politics"),
             "human": tx("beat.human", "Human Condition")}
    return names.get(code, code)


def on_read_only_fs(path) -> bool:
    """True when ``path`` (or, for a file not there yet, its nearest existing folder)
    is on a file system mounted read-only (statvfs ST_RDONLY); False when unknown."""
    if not path or not isinstance(path, (str, os.PathLike)):
        return False
    p = Path(os.fsdecode(path)).absolute()
    for folder in (p, *p.parents):
        try:
            if folder.exists():
                return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
        except OSError:
            return False
    return False


def read_only_fs() -> str:
    """A read-only file system and what to do, in the command line's language."""
    return tx("os.read_only_fs", "read-only file system (nothing can be written there): choose a folder on "
              "another disk, your home folder for one")


def os_error(exc: OSError) -> str:
    """What the system said (``exc.strerror``) for people: in English the system's
    own words; in Spanish or Chinese the failures of files, devices and the network
    (no such file, permission denied, disk full, connection refused...) in the CLI's
    words, any other as "system error" with its code (ENOTSUP), never in English."""
    import errno
    import socket

    own = exc.strerror or str(exc)
    if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM) and (
            exc.errno == errno.EROFS or on_read_only_fs(exc.filename)):
        return read_only_fs()   # not "permission denied": nobody may write there; say where to write
    if isinstance(exc, socket.gaierror):  # a host name that cannot be looked up
        said = tx("os.unknown_host", "Unknown host name (not found on the network)")
        return Said(own, said.key, {}) if _lang == "en" else said
    words = {errno.ENOENT: tx("os.no_such_file", "No such file or directory"),
             errno.EACCES: tx("os.permission", "Permission denied"),
             errno.EPERM: tx("os.not_permitted", "Operation not permitted"),
             errno.EISDIR: tx("os.is_folder", "Is a folder"),
             errno.ENOTDIR: tx("os.not_folder", "Not a folder"),
             errno.ENOSPC: tx("os.disk_full", "No space left on the disk"),
             errno.EROFS: tx("os.read_only", "Read-only file system"),
             errno.EEXIST: tx("os.exists", "File exists"),
             errno.ENAMETOOLONG: tx("os.name_too_long", "File name too long"),
             errno.ECONNREFUSED: tx("os.refused", "Connection refused"),
             errno.ECONNRESET: tx("os.reset", "Connection reset by the other side"),
             errno.ECONNABORTED: tx("os.aborted", "Connection aborted"),
             errno.ETIMEDOUT: tx("os.timed_out", "Timed out"),
             errno.EHOSTUNREACH: tx("os.no_route", "No route to host"),
             errno.EHOSTDOWN: tx("os.host_down", "Host is down"),
             errno.ENETUNREACH: tx("os.net_unreachable", "Network is unreachable"),
             errno.ENETDOWN: tx("os.net_down", "Network is down"),
             errno.EADDRNOTAVAIL: tx("os.no_address", "Address not available"),
             errno.EPIPE: tx("os.broken_pipe", "Connection broken"),
             errno.ENOTCONN: tx("os.not_connected", "Not connected"),
             errno.ENODEV: tx("os.no_device", "No such device"),
             errno.ENXIO: tx("os.no_device_address", "No such device or address"),
             errno.EIO: tx("os.io", "Input/output error"),
             errno.EBUSY: tx("os.busy", "Device or resource busy"),
             errno.EAGAIN: tx("os.again", "Busy for now; try again"),
             errno.ENOTTY: tx("os.not_a_terminal", "Not a device this can talk to"),
             errno.EINVAL: tx("os.invalid", "Invalid argument"),
             errno.EMFILE: tx("os.too_many", "Too many open files"),
             errno.EFBIG: tx("os.too_big", "File too large"),
             errno.EDQUOT: tx("os.quota", "Disk quota exceeded"),
             errno.ELOOP: tx("os.loop", "Too many levels of symbolic links"),
             errno.ENOTEMPTY: tx("os.not_empty", "Folder not empty"),
             errno.EXDEV: tx("os.cross_device", "Cannot move across file systems")}
    if exc.errno in words:  # English: the system's own words, kept with the key that words them again
        return Said(own, words[exc.errno].key, {}) if _lang == "en" else words[exc.errno]
    if _lang == "en" or not exc.errno:
        return own  # English, or no system error: the words it was raised with
    # another failure: never the system's English; its code names it for whoever helps
    return tx("os.other", "system error {code}", code=errno.errorcode.get(exc.errno, str(exc.errno)))


# ------------------------------------------------------------------ errors for people

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
    """An error as the command line shows it, in its language: in English its own
    message; in Spanish or Chinese the first wording a registered function gives (an
    engine refusal by its kind), else its own message (already in that language when
    it was raised with :func:`tx`)."""
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


# ------------------------------------------------------------------ reports for people

#: Functions ``(report, lang) -> str | None`` that word an observer report
#: (companion.observing.Report: its ``key`` and ``params``) for players in ``lang``
#: (registered by the plugin that owns the words: ``ui``, the app's texts for
#: reports). The core and the table loop never import them.
_REPORT_TEXTS: list = []


def register_report_text(func) -> None:
    """Add a function ``(report, lang) -> str | None`` that words observer reports
    for players (see :func:`report_text`); registering it twice adds it once."""
    if func not in _REPORT_TEXTS:
        _REPORT_TEXTS.append(func)


def report_text(report) -> str:
    """An observer report as the command line shows it, in its language: in English
    the report's own text; in Spanish or Chinese the first wording a registered
    function gives, else the report's own text."""
    lang = current()
    if lang != "en":
        for func in _REPORT_TEXTS:
            try:
                text = func(report, lang)
            except Exception:  # noqa: BLE001 - a wording must never hide the report itself
                text = None
            if text:
                return text
    return report.text
