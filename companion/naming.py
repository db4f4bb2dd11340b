"""How a player is named where a person reads it.

Seats are 0-based inside the engines, the journal and the export (``player: 0``);
a person always reads them from 1 (``player 1``). A name such as ``"Player 2"`` that
a tool filled in because nobody typed one is a placeholder in English: in a page or
screen in Spanish or Chinese it would stay English, so it is not shown there (the
player's colour, translated, is).
"""

from __future__ import annotations

import re

_PLACEHOLDER = re.compile(r"^\s*player\s*\d+\s*$", re.IGNORECASE)

#: player colour codes: a name that is one of them is the app's "no name typed"
#: (the colour stands for the player), shown as the colour in the reader's language
COLOUR_CODES = frozenset({"red", "blue", "green", "yellow", "black", "white", "purple", "orange"})


def given_name(name: str | None) -> str:
    """The name the players gave, or "" for none, a filled-in ``Player N`` or a
    colour code (:data:`COLOUR_CODES`: the app's "no name", named by the colour)."""
    name = (name or "").strip()
    return "" if _PLACEHOLDER.match(name) or name in COLOUR_CODES else name


def seat_label(seat: int) -> str:
    """``player 1`` for seat 0: the 1-based number people use (CLI text, in the
    command line's language: companion.clitext)."""
    from .clitext import tx

    return tx("naming.seat", "player {n}", n=seat + 1)


def player_name(name: str | None, colour: str | None, seat: int, lang: str) -> str:
    """How a player is named wherever a person reads it, in every language and
    every place (demo, replay, pages, the app's play-through report): the name the
    players typed (:func:`given_name`), else their colour's name in ``lang``
    (``blue``, ``azul``, ``蓝``), else ``player 2`` in ``lang`` (seats counted from
    1). ValueError for a language other than es, en, zh."""
    from . import clitext

    name = given_name(name)
    if name:
        return name
    if colour:
        return clitext.colour(colour, lang)
    before = clitext.current()
    clitext.set_lang(lang)
    try:
        return seat_label(seat)
    finally:
        clitext.set_lang(before)


def who(spec, seat: int) -> str:
    """CLI text for the player at ``seat``: ``Ana (blue, player 2)`` or ``blue
    (player 2)``, in the command line's language (companion.clitext: ``azul
    (jugador 2)``). ``spec`` has ``colour`` and ``name`` (either may be absent)."""
    from .clitext import colour as colour_name

    colour = colour_name(getattr(spec, "colour", "") or "")
    name = given_name(getattr(spec, "name", ""))
    if name:
        return f"{name} ({', '.join(x for x in (colour, seat_label(seat)) if x)})"
    return f"{colour} ({seat_label(seat)})" if colour else seat_label(seat)


def count(n: int, forms: dict[str, str], lang: str = "en") -> str:
    """``n`` with the word in the CLDR plural form of ``lang`` (Babel's plural rules):
    ``count(1, {"one": "call", "other": "calls"})`` -> ``"1 call"``. ``forms`` maps
    CLDR categories (``one``, ``few``, ``many``, ``other``...) to words; a category
    missing falls back to ``other``. Raises ``KeyError`` if ``other`` is missing."""
    from babel import Locale

    cat = Locale.parse(lang).plural_form(n)
    return f"{n} {forms.get(cat, forms['other'])}"


def columns(text: str) -> int:
    """The columns ``text`` takes on a terminal (a Chinese character takes two)."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, width: int, fill: str = " ", right: bool = False) -> str:
    """``text`` filled to ``width`` terminal columns (:func:`columns`), left-aligned
    or, with ``right``, right-aligned; longer text is left as it is."""
    gap = fill * max(0, width - columns(text))
    return gap + text if right else text + gap
