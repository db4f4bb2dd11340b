"""Every text the app shows, in Spanish, English and Chinese, through gettext.

A text is declared in English with its key (``ui/messages.py``: ``N_(key,
text)``, ``NP_(key, singular, plural)`` for counts; the games' ``texts`` modules
the same way) and translated in the catalogs ``ui/locale/<lang>/LC_MESSAGES/ui.po``
(see :mod:`ui.i18n_catalog`, docs/ui.md "Adding a text"). ``tr(key, lang,
**values)`` returns the text with ``{placeholders}`` filled; ``trn(key, lang, n)``
the form for ``n`` (npgettext, CLDR plural rules). Unknown keys raise KeyError (a
programming error, caught by the tests); an unknown language raises ValueError
naming the three supported ones.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping

from . import messages  # noqa: F401  the app's declarations (ui.messages declares through ui.i18n_catalog)
from .i18n_catalog import DECLARED, translations

LANGS: tuple[str, ...] = ("es", "en", "zh")


def declared() -> dict[str, str | tuple[str, str]]:
    """Every key with its English text (:data:`ui.i18n_catalog.DECLARED`: the app's
    declarations, completed from the es catalog); the catalog test keeps the
    declarations and the catalogs in step."""
    return DECLARED


def _plain(key: str, lang: str) -> str:
    """The text of a declared (non-count) ``key`` in ``lang`` (gettext pgettext)."""
    en = declared()[key]
    if isinstance(en, tuple):
        raise KeyError(f"{key} is a count: use trn({key!r}, lang, n)")
    if not en or lang == "en":
        return en
    return translations(lang).pgettext(key, en)


def _count(key: str, lang: str, n: int) -> str:
    """The form of count ``key`` for ``n`` in ``lang`` (gettext npgettext; the
    catalog's Plural-Forms are Babel's CLDR rules)."""
    one, other = declared()[key]
    if lang == "en":
        return one if n == 1 else other
    return translations(lang).npgettext(key, one, other, n)


def _text(key: str, lang: str) -> str:
    """``key``'s text in ``lang``; ``<count key>.one`` / ``.other`` name a count's
    form (the old table's spelling, still accepted). KeyError for an unknown key."""
    d = declared()
    if key in d:
        return _plain(key, lang)
    base, _, form = key.rpartition(".")
    if form in ("one", "other") and isinstance(d.get(base), tuple):
        return _count(base, lang, 1 if form == "one" else 2)
    raise KeyError(key)


class _Texts(Mapping):
    """Read-only view ``key -> (es, en, zh)`` over the catalogs (a count's forms as
    ``key.one`` / ``key.other``): for code that asks whether a text exists
    (``f"colour.{c}" in TEXTS``) and for the tests that compare languages."""

    def _keys(self) -> list[str]:
        out = []
        for k, en in declared().items():
            out += [f"{k}.one", f"{k}.other"] if isinstance(en, tuple) else [k]
        return out

    def __getitem__(self, key: str) -> tuple[str, str, str]:
        return tuple(_text(key, lang) for lang in LANGS)

    def __contains__(self, key) -> bool:
        try:
            _text(key, "en")
        except (KeyError, TypeError):
            return False
        return True

    def __iter__(self):
        return iter(self._keys())

    def __len__(self) -> int:
        return len(self._keys())


#: Every text per key in (es, en, zh), read from the gettext catalogs (see module docstring).
TEXTS: Mapping[str, tuple[str, str, str]] = _Texts()

_INDEX = {lang: i for i, lang in enumerate(LANGS)}


def section_name(rule: str, lang: str) -> str:
    """A rule section (``RuleError.rule``, ``"<game>: <section>"``) in
    ``lang``; a section the table does not know is shown as "Rules"."""
    import unicodedata

    plain = unicodedata.normalize("NFKD", str(rule or "")).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "_", plain.lower()).strip("_")
    key = f"section.{slug}"
    return tr(key if key in TEXTS else "section.unknown", lang)


def _player_values(values: dict, lang: str) -> dict:
    """Values of a refusal or report worded for players: colour codes, component ids
    (:func:`component_name`), beat codes (``beat``/``beats``) in ``lang``."""
    out = dict(values)
    for name, v in list(out.items()):
        if not isinstance(v, str):
            continue
        if name in ("beat", "beats") and all(f"beat.{b.strip()}" in TEXTS for b in v.split(",") if b.strip()):
            out[name] = ", ".join(beat(b.strip(), lang) for b in v.split(",") if b.strip())
        elif f"colour.{v}" in TEXTS:
            out[name] = person(v, lang) if name in _PERSONS else colour(v, lang)
        elif component_name(v, lang) is not None:
            out[name] = component_name(v, lang)
        elif "," in v and all(component_name(x.strip(), lang) for x in v.split(",")):
            out[name] = ", ".join(component_name(x.strip(), lang) for x in v.split(","))
    return out


#: Value names that stand for a player (a colour code there is a person: "Rojo").
_PERSONS = frozenset({"who", "other", "player", "to", "name"})


def rule_error_text(kind: str, values, rule: str, lang: str, detail: str = "") -> str:
    """An engine refusal (``RuleError.key``/``values``/``rule``) in ``lang``:
    ``rule.<kind>`` (CLDR plural form by ``values["n"]`` when the kind has
    ``.one``/``.other``), colours, stories and beats named for players; a kind
    the table lacks becomes "<section>: the rules do not allow this" in es/zh
    (never the engine's English sentence), the engine's ``detail`` in en."""
    vals = _player_values(dict(values or ()), lang)
    k = f"rule.{kind}" if kind else ""
    try:
        if k in TEXTS:
            return tr(k, lang, **vals)
        if k and f"{k}.other" in TEXTS:
            n = vals.pop("n")
            return trn(k, lang, n, **vals)
    except (KeyError, IndexError, ValueError, TypeError):
        pass
    if lang == "en" and detail:
        return detail[:1].upper() + detail[1:]
    return tr("rule.generic", lang, section=section_name(rule, lang))


def error_text(exc: BaseException, lang: str) -> str:
    """An error for the players in ``lang``: ``exc.key`` (with ``exc.values``) when
    the table has ``err.<key>``; an engine refusal (RuleError) by its kind
    (:func:`rule_error_text`); a game file's other errors (JournalError: its text
    names the file) as ``err.journal_file``; else the error's own text."""
    from companion.errors import RuleError

    if isinstance(exc, RuleError):
        return rule_error_text(exc.key, exc.values, exc.rule, lang, exc.detail)
    key = getattr(exc, "key", None)
    if key and f"err.{key}" in TEXTS:
        try:
            values = dict(getattr(exc, "values", {}) or {})
            if f"colour.{values.get('colour')}" in TEXTS:
                values["colour"] = colour(values["colour"], lang)
            return tr(f"err.{key}", lang, **values)
        except (KeyError, IndexError, ValueError):
            pass
    from companion.journal import JournalError

    if isinstance(exc, JournalError):  # the game's file: said in words, never its path or name
        return tr("err.journal_file", lang)
    return str(exc)


def report_text(key: str, params, lang: str, fallback: str) -> str:
    """An observer report (``obs.<key>``) in ``lang``; colour and story values are
    named for players; ``fallback`` when the key is not in the table."""
    k = f"obs.{key}"
    if key == "illegal":  # an engine refusal: by its kind, never its English sentence
        values = dict(params or ())
        rule = values.pop("section", "")
        detail = str(values.pop("detail", "") or fallback)
        values.pop("action", None)
        return rule_error_text(values.pop("kind", ""), values, rule, lang, detail)
    if not key or (k not in TEXTS and f"{k}.other" not in TEXTS):
        return fallback
    values = _player_values(dict(params or ()), lang)
    try:
        if k not in TEXTS:  # plural forms: key.one / key.other by the CLDR category of n
            n = values.pop("n")
            return trn(k, lang, n, **values)
        return tr(k, lang, **values)
    except (KeyError, ValueError, IndexError, TypeError):
        return fallback


def check_lang(lang: str) -> str:
    """Return ``lang`` if supported, else raise ValueError naming es, en, zh."""
    if lang not in _INDEX:
        raise ValueError(f"language {lang!r} not available; choose one of {', '.join(LANGS)}")
    return lang


def tr(key: str, lang: str, **values: object) -> str:
    """The text of ``key`` in ``lang`` with ``{name}`` placeholders filled.

    Raises KeyError for an unknown key, ValueError for an unknown language.
    """
    d = declared()
    if key not in d and not key.endswith((".one", ".other")):
        raise KeyError(key)
    return _text(key, check_lang(lang)).format(**values)


def placeholders(text: str) -> set[str]:
    """The ``{names}`` used in ``text``."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def code_for(prefix: str, label: str, lang: str, codes) -> str:
    """The code whose text ``tr(prefix + code, lang)`` is ``label`` (a spinner shows
    texts, the program keeps codes); a label that is already a code, or the text in
    another language (a spinner not yet refreshed after a switch), is accepted;
    anything else raises ValueError."""
    for code in codes:
        if label == code or label == tr(f"{prefix}{code}", lang):
            return code
    for code in codes:
        if any(label == tr(f"{prefix}{code}", other) for other in LANGS):
            return code
    raise ValueError(f"{label!r} is none of {', '.join(codes)}")


def beat(b: str, lang: str) -> str:
    return tr(f"beat.{b}", lang)


def person(name: str, lang: str) -> str:
    """A player as named on screen: the given name, or (no name given: the
    session puts the colour code there) the colour in ``lang``, capitalised."""
    if f"colour.{name}" in TEXTS:
        text = colour(name, lang)
        return text[:1].upper() + text[1:]
    return name


def colour(c: str, lang: str) -> str:
    return tr(f"colour.{c}", lang)


_NAMERS: list = []


def component_name(ident: str, lang: str) -> str | None:
    """A component id (a story, a card...) as players name it in ``lang``, by the
    game that has it: the first registered game whose texts module (beside its
    screens module, ui.game_modules) offers ``component_name(ident, lang)`` and knows it;
    None when no game does."""
    if not _NAMERS:
        from companion import registry
        from ui.game_modules import game_module

        for spec in registry.games().values():
            fn = getattr(game_module(spec, "texts"), "component_name", None)
            if callable(fn):
                _NAMERS.append(fn)
        _NAMERS.append(lambda _ident, _lang: None)  # looked once, even with no namer
    for fn in _NAMERS:
        name = fn(ident, lang)
        if name is not None:
            return name
    return None


def plural(n: int, lang: str) -> str:
    """The CLDR plural category of ``n`` in ``lang`` (Babel): ``one``/``other``..."""
    from babel import Locale

    return Locale.parse(check_lang(lang)).plural_form(n)


def trn(key: str, lang: str, n: int, **values: object) -> str:
    """The count ``key`` (declared with ``NP_``) in the form for ``n`` in ``lang``
    (gettext npgettext over Babel's CLDR plural rules), with ``n`` among the values:
    "1 reportero", "2 reporteros". A key declared without forms is ``tr``."""
    d = declared()
    if not isinstance(d.get(key), tuple):
        return tr(key, lang, n=n, **values)
    return _count(key, check_lang(lang), n).format(n=n, **values)


def reason(r: str | None, lang: str) -> str:
    """Localised unreadable reason; unknown reasons are shown as given."""
    key = f"reason.{r or 'unknown'}"
    return tr(key, lang) if key in TEXTS else str(r)


class GameTexts(Mapping):
    """A hosted game's texts (its ``texts`` module): the keys it declared with
    ``N_("<prefix><key>", ...)`` / ``NP_`` and a read-only view ``key -> {"en",
    "es", "zh"}`` (a count: each language a dict of ``one``/``other`` forms), so a
    game keeps its short keys: ``TEXTS.tr("now_bids", lang)``. Raises KeyError for
    a key the game did not declare."""

    def __init__(self, prefix: str, keys):
        self.prefix = prefix
        self.keys_ = tuple(keys)

    def tr(self, key: str, lang: str = "en", **values) -> str:
        """``key`` in ``lang`` formatted; a count takes the form of ``values["n"]``."""
        if key not in self.keys_:
            raise KeyError(key)
        full = self.prefix + key
        if isinstance(declared().get(full), tuple):
            n = values.pop("n")
            return trn(full, lang, n, **values)
        return tr(full, lang, **values)

    def __getitem__(self, key: str) -> dict:
        if key not in self.keys_:
            raise KeyError(key)
        full = self.prefix + key
        if isinstance(declared().get(full), tuple):
            return {lang: {"one": _text(f"{full}.one", lang), "other": _text(f"{full}.other", lang)}
                    for lang in LANGS}
        return {lang: _text(full, lang) for lang in LANGS}

    def __contains__(self, key) -> bool:
        return key in self.keys_

    def __iter__(self):
        return iter(self.keys_)

    def __len__(self) -> int:
        return len(self.keys_)
