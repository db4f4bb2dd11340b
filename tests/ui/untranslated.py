"""The untranslated-string detector shared by the UI walks (Kivy-free): an English
word of the app's own texts that none of its es/zh texts use, a story id or a
colour code, in a text shown to players in es or zh."""

from __future__ import annotations

import re

from ui import i18n

#: Words players give (names, papers) and names that stay as they are.
GIVEN = {"Ana", "Bo", "Chen", "El", "Heraldo", "Daily", "Bugle", "晨报", "Penny", "Press", "English", "Español"}
STORY_ID = re.compile(r"\b(war|crime|city|politics|human)-[A-D][1-3]\b")
COLOUR_CODE = re.compile(r"\b(red|blue|green|yellow|black)\b")
#: A data file named for players to find and edit (FACTS.md: the file stays named).
DATA_FILE = re.compile(r"\b[\w-]+\.(json|csv)\b")


def english_words() -> set[str]:
    """Words of the app's English texts (every declared text: the app's and the
    hosted games') that none of its es/zh texts use."""
    def words(t):
        return set(re.findall(r"[A-Za-z]{4,}", t))
    en, other = set(), set()
    for es_t, en_t, zh_t in i18n.TEXTS.values():
        en |= {w.lower() for w in words(en_t)}
        other |= {w.lower() for w in words(es_t) | words(zh_t)}
    return en - other - {w.lower() for w in GIVEN}


ENGLISH = english_words()


def untranslated(text: str, lang: str) -> str:
    """"" when ``text`` is clean for a player reading ``lang``, else what is wrong."""
    if lang == "en":
        return ""
    plain = DATA_FILE.sub("", re.sub(r"\[/?[a-z]+(=[^\]]*)?\]", "", text))
    bad = sorted({x for x in re.findall(r"[A-Za-z]{4,}", plain) if x.lower() in ENGLISH})
    if bad or STORY_ID.search(plain) or COLOUR_CODE.search(plain):
        return f"untranslated ({lang}) {plain[:60]!r} {bad}"
    return ""


#: A path or a file players never need (a journal, a temp file) or a raw tag payload.
PATH = re.compile(r"(?<![\w.])(/(tmp|home|root|var|data|storage|sdcard|Users|private)/|~/|[A-Za-z]:\\)"
                  r"|\.sqlite\b|\.tmp\b|\bTC1:")
#: A card or tile id in the style of the catalogs (T18, H16, F01) as a word of its own.
SHORT_ID = re.compile(r"(?<![\w.-])[A-Z]\d{2}(?![\w-])")


def _catalog_ids() -> frozenset[str]:
    """Every game's component ids that no player would write themselves (with a
    digit, a hyphen, a dot or an underscore: "T18", "mat-green", "three_star-v3")."""
    from companion import registry, tags

    out: set[str] = set()
    for gid in registry.games():
        try:
            out |= {i for i in tags.catalog_ids(game=gid) if re.search(r"[\d._-]", i)}
        except Exception:  # a game with no tag catalog: nothing of it to find
            continue
    return frozenset(out)


CATALOG_IDS = _catalog_ids()


def shown_id(text: str) -> str:
    """A component id (any game's catalog, or a card id like T18) or a path / file
    name / tag payload in ``text`` shown to players (any language): the problem, or ""."""
    plain = re.sub(r"\[/?[a-z]+(=[^\]]*)?\]", "", text)
    if PATH.search(plain):
        return f"path shown: {plain[:60]!r}"
    ids = sorted({t for t in re.findall(r"[\w.-]+", plain) if t.strip(".-") in CATALOG_IDS} |
                 set(SHORT_ID.findall(plain)))
    if ids:
        return f"id shown {ids}: {plain[:60]!r}"
    return ""
