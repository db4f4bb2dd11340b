"""Printed words in es/en/zh, our own, shared by every game's pages.

Labels and colour names are gettext texts (domain ``printing``): declared in English
(``N_("label.<key>", text)``, ``NP_`` for counts) in printing/messages.py (the
shared ones) and in each game's folder (printing/games/<folder>/), translated in
printing/locale/<lang>/LC_MESSAGES/printing.po, read with Babel
(companion.gettext_po; plural forms by Babel's CLDR rules). A game's texts that are
data (invented headlines) sit in a JSON file beside its pages, read with
:func:`json_table`."""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from .pages import LANGS, check_lang


@functools.lru_cache(maxsize=None)
def json_table(package: str, name: str) -> dict:
    """The data file ``name`` of ``package`` (a game's pages package,
    ``printing.games.<folder>``) read as a JSON object, e.g. a game's headlines
    ``{lang: ...}``. Cached. Raises DataFileError naming the file and line for a
    file that cannot be read, is not JSON, or holds no object."""
    from companion.errors import DataFileError

    path = resources.files(package).joinpath(name)
    try:
        data = json.loads(path.read_text("utf-8"))
    except json.JSONDecodeError as exc:
        raise DataFileError(str(path), exc.lineno, f"not valid JSON: {exc.msg} (column {exc.colno})") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataFileError(str(path), None, f"cannot be read ({exc})") from None
    if not isinstance(data, dict):
        raise DataFileError(str(path), 1, "must hold a JSON object")
    return data


DOMAIN = "printing"


def _declared() -> dict:
    """key (gettext context) -> English (a count: (singular, plural)), from the catalogs."""
    from companion.gettext_po import contexts

    return contexts(__package__, DOMAIN)


def catalog_text(key: str, lang: str, n=None) -> str | None:
    """The catalog text of ``key`` (its gettext context, ``beat.war``) in ``lang`` (a
    count: the form for ``n``), or None when no declaration has that key."""
    from companion.gettext_po import translations

    en = _declared().get(key)
    if en is None:
        return None
    if isinstance(en, tuple):
        n = 2 if n is None else n
        if lang == "en":
            return en[0] if n == 1 else en[1]
        return translations(__package__, DOMAIN, lang).npgettext(key, en[0], en[1], n)
    return en if lang == "en" else translations(__package__, DOMAIN, lang).pgettext(key, en)


def label(key: str, lang: str, **fields) -> str:
    """The printed label ``key`` in ``lang``, formatted with ``fields``; a count
    takes the CLDR plural form of ``fields["n"]`` (or ``pts``).

    A key the catalogs do not have prints as the key itself (an engine breakdown
    kind we do not know yet still prints, untranslated). Raises DataFileError when
    a catalog is damaged, ValueError-like DocumentError for an unknown language.
    """
    check_lang(lang)
    text = catalog_text(f"label.{key}", lang, fields.get("n", fields.get("pts")))
    text = key if text is None else text
    return text.format(**fields) if fields else text


def pick(row: dict, lang: str, **fields) -> str:
    """One row of a game's own label table (``{"en": ..., "es": ..., "zh": ...}``) in
    ``lang`` (English when missing), formatted with ``fields``. A text given as a dict
    of CLDR plural categories (``{"one": ..., "other": ...}``) takes the category of
    ``fields["n"]`` in ``lang`` (Babel)."""
    text = row.get(lang) or row["en"]
    if isinstance(text, dict):
        from babel import Locale

        text = text.get(Locale.parse(lang).plural_form(fields["n"]), text["other"])
    return text.format(**fields)


_GAME_ID_TIME = re.compile(r"-(\d{8})-(\d{6})(?:~\d+)?$")


def game_when(game_id: str, lang: str) -> str:
    """The line naming a game on paper: when it started, in ``lang``'s CLDR date and
    time format (Babel), e.g. ``"Game started 1 Dec 2026, 03:17"``, read from the
    journal id the app gives a game (``<game>-YYYYMMDD-HHMMSS``). An id without a
    time (a bundled recording's name, a file name) is an internal name, never
    printed: the line is then ``""``."""
    from datetime import datetime

    from babel.dates import format_datetime

    m = _GAME_ID_TIME.search(str(game_id or ""))
    if not m:
        return ""
    try:
        when = datetime.strptime(m.group(1) + m.group(2), "%Y%m%d%H%M%S")
    except ValueError:
        return ""
    locale = {"zh": "zh_Hans_CN"}.get(check_lang(lang), lang)
    return label("game_started", lang, when=format_datetime(when, "medium", locale=locale))


def joined(*parts: str, sep: str = " · ") -> str:
    """The non-empty ``parts`` joined (a heading line whose parts may be absent)."""
    return sep.join(p for p in parts if p)


def player_name(player: str, lang: str) -> str:
    """Localised player colour (``red`` -> ``Rojo``); other names unchanged."""
    return catalog_text(f"colour.{player}", check_lang(lang)) or player


def given_paper(name: str | None, lang: str) -> str:
    """A newspaper's name as printed in ``lang``: one the tools and recordings fill in
    (``The Daily Beacon``, printing/messages.py ``paper.*``) in the page's language;
    one the players typed as typed; "" for none."""
    name = (name or "").strip()
    return (catalog_text(f"paper.{name}", check_lang(lang)) or name) if name else ""


def paper_name(player: str, lang: str) -> str:
    """Default masthead for a player's paper, e.g. ``The Red Herald``."""
    return label("paper_of", lang, colour=player_name(player, lang))


def all_printed_text(lang: str) -> str:
    """Every declared text printing can put on paper in ``lang``, every game's (for
    glyph checks; the games' data texts, such as headlines, are not in it)."""
    check_lang(lang)
    parts = []
    for key, en in _declared().items():
        forms = (1, 2) if isinstance(en, tuple) else (None,)
        parts += [catalog_text(key, lang, n) for n in forms]
    return "\n".join(p for p in parts if p)


__all__ = ["LANGS", "label", "pick", "game_when", "joined", "player_name", "given_paper", "paper_name", "catalog_text",
           "json_table",
           "all_printed_text", "PrintTexts"]


class PrintTexts:
    """A game's printed labels (printing/games/<folder>/): the keys it declared with
    ``N_("<prefix><key>", ...)`` / ``NP_`` (domain printing) as a read-only view
    ``key -> {"en", "es", "zh"}`` (a count: each language a dict of ``one`` /
    ``other`` forms), the rows :func:`pick` takes. KeyError for an unknown key."""

    def __init__(self, prefix: str, keys):
        self.prefix = prefix
        self.keys_ = tuple(keys)

    def __getitem__(self, key: str) -> dict:
        if key not in self.keys_:
            raise KeyError(key)
        full = self.prefix + key
        if isinstance(_declared().get(full), tuple):
            return {lang: {"one": catalog_text(full, lang, 1), "other": catalog_text(full, lang, 2)} for lang in LANGS}
        return {lang: catalog_text(full, lang) for lang in LANGS}

    def get(self, key: str, default=None):
        return self[key] if key in self.keys_ else default

    def __contains__(self, key) -> bool:
        return key in self.keys_

    def __iter__(self):
        return iter(self.keys_)

    def __len__(self) -> int:
        return len(self.keys_)

    def items(self):
        return [(k, self[k]) for k in self.keys_]
