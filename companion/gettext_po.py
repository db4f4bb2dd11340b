"""Gettext catalogs shipped in a package as PO files, read with Babel (no build step).

``<package>/locale/<lang>/LC_MESSAGES/<domain>.po`` is read by
``babel.messages.pofile.read_po`` and compiled in memory (``write_mo``) into a
``babel.support.Translations``: a fresh clone, ``pip install -e .`` and a wheel
(package data) all work without compiling .mo files. The catalogs' Plural-Forms are
Babel's CLDR rules (``babel.messages.plurals``). Used by ``ui`` (domain ``ui``),
``printing`` (domain ``printing``), the command line (``companion``, domain ``cli``)
and each game's words for players (:class:`Words`: ``companion/games/<folder>``,
domain ``<folder>``); English is the source language (no catalog).
"""

from __future__ import annotations

import functools
import io
from importlib import resources

#: Languages with a catalog (English is the source language).
CATALOG_LANGS = ("es", "zh")


def po_path(package: str, domain: str, lang: str):
    """The PO file of ``lang`` in ``package`` (a Traversable)."""
    return resources.files(package).joinpath("locale", lang, "LC_MESSAGES", f"{domain}.po")


@functools.lru_cache(maxsize=None)
def catalog(package: str, domain: str, lang: str):
    """``lang``'s PO file read by Babel (babel.messages.catalog.Catalog). Raises
    DataFileError naming the file (and line) when it is missing or damaged."""
    from babel.messages.pofile import read_po

    from companion.errors import DataFileError

    path = po_path(package, domain, lang)
    try:
        with path.open("rb") as f:
            return read_po(f, locale=lang, domain=domain, abort_invalid=True)
    except Exception as exc:  # OSError, PoFileError, UnicodeDecodeError...
        raise DataFileError(str(path), getattr(exc, "lineno", None),
                            f"not a readable PO catalog ({exc})") from None


@functools.lru_cache(maxsize=None)
def translations(package: str, domain: str, lang: str):
    """``babel.support.Translations`` of ``lang`` (NullTranslations for English): the
    PO catalog compiled in memory, fuzzy entries left out (as msgfmt does)."""
    from babel.support import NullTranslations, Translations

    if lang not in CATALOG_LANGS:
        return NullTranslations()
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, catalog(package, domain, lang), use_fuzzy=False)
    buf.seek(0)
    return Translations(fp=buf, domain=domain)


def contexts(package: str, domain: str) -> dict[str, str | tuple[str, str]]:
    """context (key) -> English msgid (a count: (singular, plural)) from the es
    catalog: every key a domain's catalogs hold."""
    return {m.context: (tuple(m.id) if m.pluralizable else m.id)
            for m in catalog(package, domain, "es") if m.id and m.context}


def N_(key: str, text: str) -> str:
    """Declare ``text`` (English) under ``key`` (its gettext context) for ``pybabel
    extract`` (keyword ``N_:1c,2``); returns ``key``."""
    return key


def NP_(key: str, singular: str, plural: str) -> str:
    """Declare a count's English forms under ``key`` (keyword ``NP_:1c,2,3``); returns ``key``."""
    return key


#: The languages a player may read (English is the source language).
LANGS = ("es", "en", "zh")


class Words:
    """A package's own words for players, declared in English where they are used.

    ``WORDS = Words("companion.games.<folder>")`` reads the catalogs
    ``<package>/locale/<lang>/LC_MESSAGES/<domain>.po`` (domain: the package's last
    name, ``<folder>``, unless given). A text is declared with its key (the gettext
    context) and English: ``WORDS.say(lang, "act.pass", "{name} passes", name=...)``;
    a count with both English forms: ``WORDS.sayn(lang, "act.buy", "{n} card",
    "{n} cards", n)`` (CLDR plural rules of ``lang``, Babel). ``bash
    scripts/i18n.sh`` extracts them (keywords ``say:2c,3`` and ``sayn:2c,3,4``).
    A language without a catalog in the package reads English (a game may ship
    English alone); an unknown language raises ValueError naming es, en, zh.
    """

    def __init__(self, package: str, domain: str | None = None):
        self.package = package
        self.domain = domain or package.rpartition(".")[2]

    def _catalog(self, lang: str):
        if lang not in LANGS:
            raise ValueError(f"language {lang!r}: choose one of {', '.join(LANGS)}")
        if lang == "en" or not po_path(self.package, self.domain, lang).is_file():
            return None
        return translations(self.package, self.domain, lang)

    def say(self, lang: str, key: str, text: str, **fields) -> str:
        """``text`` (English, declared under ``key``) in ``lang`` with its ``{fields}``
        filled. A text missing from the catalog is English. ValueError for an
        unknown language."""
        t = self._catalog(lang)
        if t is not None:
            text = t.pgettext(key, text)
        return text.format(**fields) if fields else text

    def sayn(self, lang: str, key: str, singular: str, plural: str, n: int, **fields) -> str:
        """The form of a count for ``n`` in ``lang``, with ``{n}`` and ``fields`` filled."""
        t = self._catalog(lang)
        text = (singular if n == 1 else plural) if t is None else t.npgettext(key, singular, plural, n)
        return text.format(n=n, **fields)
