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
