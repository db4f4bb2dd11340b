"""Gettext catalogs shipped in a package as PO files, read with Babel (no build step).

``<package>/locale/<lang>/LC_MESSAGES/<domain>.po`` is read by
``babel.messages.pofile.read_po`` and compiled in memory (``write_mo``) into a
``babel.support.Translations``: a fresh clone, ``pip install -e .`` and a wheel
(package data) all work without compiling .mo files. The catalogs' Plural-Forms are
Babel's CLDR rules (``babel.messages.plurals``). Used by ``ui`` (domain ``ui``)
and ``printing`` (domain ``printing``); English is the source language (no catalog).
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
