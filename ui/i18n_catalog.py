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

from companion import gettext_po
from companion.gettext_po import CATALOG_LANGS  # noqa: F401  (es, zh)

DOMAIN = "ui"


class _Declared(dict):
    """key -> English: the declarations (``ui.messages`` and every module imported
    so far); a key not declared yet (its module not imported) is looked up in the
    es catalog's contexts, read only then (an English start parses no catalog)."""

    def _complete(self) -> None:
        if not getattr(self, "_full", False):
            self._full = True
            for k, v in gettext_po.contexts("ui", DOMAIN).items():
                self.setdefault(k, v)

    def __missing__(self, key):
        self._complete()
        if key in self:
            return dict.__getitem__(self, key)
        raise KeyError(key)

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key) -> bool:
        return dict.__contains__(self, key) or (self._complete() or dict.__contains__(self, key))

    def items(self):
        self._complete()
        return dict.items(self)

    def keys(self):
        self._complete()
        return dict.keys(self)

    def __iter__(self):
        self._complete()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._complete()
        return dict.__len__(self)


#: key -> English text, or (singular, plural) for a count; filled by N_/NP_ as the
#: declaring modules are imported (the es catalog completes it on demand).
DECLARED: _Declared = _Declared()


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
