"""Gettext catalogs of the app (Babel): the markers that declare a text and the
catalogs that translate it.

A text is declared once, in English, with its key as the gettext context:
``N_("live.heading", "Live table")``; a count with its two English forms:
``NP_("panel.home", "{n} reporter home", "{n} reporters home")``. ``pybabel
extract`` (babel.cfg, keywords ``N_:1c,2`` and ``NP_:1c,2,3``; ``bash
scripts/i18n.sh``) finds every declaration under ``ui/``; the translations live in
the package as PO files, ``ui/locale/<lang>/LC_MESSAGES/ui.po`` (es, zh), with
Babel's CLDR plural rules in their ``Plural-Forms`` header (es: one / many /
other; zh: one form). They are read with ``babel.messages.pofile.read_po`` and
compiled in memory into ``babel.support.Translations`` (no build step: a fresh
clone, ``pip install -e .`` and a wheel all work). English needs no catalog: the
declaration is the English text.
"""

from __future__ import annotations

import functools

from companion import gettext_po
from companion.gettext_po import CATALOG_LANGS  # noqa: F401  (es, zh)

DOMAIN = "ui"

#: key -> English text, or (singular, plural) for a count; filled by N_/NP_ as the
#: declaring modules are imported, and completed from the es catalog (below).
DECLARED: dict[str, str | tuple[str, str]] = {}


def N_(key: str, text: str) -> str:
    """Declare ``text`` (English) under ``key`` (its gettext context); returns ``key``."""
    DECLARED[key] = text
    return key


def NP_(key: str, singular: str, plural: str) -> str:
    """Declare a count's English ``singular`` and ``plural`` under ``key``; returns ``key``."""
    DECLARED[key] = (singular, plural)
    return key


def po_path(lang: str, domain: str = DOMAIN):
    """The PO file of ``lang`` in the package (a Traversable)."""
    return gettext_po.po_path("ui", domain, lang)


def catalog(lang: str, domain: str = DOMAIN):
    """``lang``'s PO file read by Babel (companion.gettext_po.catalog)."""
    return gettext_po.catalog("ui", domain, lang)


def translations(lang: str, domain: str = DOMAIN):
    """``babel.support.Translations`` of ``lang`` (companion.gettext_po.translations)."""
    return gettext_po.translations("ui", domain, lang)


@functools.lru_cache(maxsize=None)
def declared() -> dict[str, str | tuple[str, str]]:
    """Every key with its English text: the declarations (``ui.messages`` and the
    modules already imported) completed by the contexts of the es catalog (so a
    key declared in a module not imported yet is still known; the catalog test
    keeps the two in step)."""
    from . import messages  # noqa: F401  the app's declarations

    out = gettext_po.contexts("ui", DOMAIN)
    out.update(DECLARED)
    return out
