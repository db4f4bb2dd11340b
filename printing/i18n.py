"""Printed labels and invented headlines in es/en/zh (printing/labels.json,
printing/headlines.json: our own words, editable; the UI keeps its own catalogs)."""

from __future__ import annotations

import functools
import json
import zlib
from importlib import resources

from .documents import LANGS, check_lang, parse_story


@functools.lru_cache(maxsize=None)
def _table(name: str) -> dict:
    return json.loads(resources.files(__package__).joinpath(name).read_text("utf-8"))


def label(key: str, lang: str, **fields) -> str:
    """The printed label ``key`` in ``lang``, formatted with ``fields``.

    A key missing in ``lang`` falls back to English, then to the key itself (an
    engine breakdown kind we do not know yet still prints, untranslated).
    """
    check_lang(lang)
    t = _table("labels.json")
    text = t[lang].get(key) or t["en"].get(key) or key
    return text.format(**fields) if fields else text


def beat_name(beat: str, lang: str) -> str:
    """Localised beat name (``war`` -> ``Guerra`` in es)."""
    return _table("labels.json")["beats"][check_lang(lang)].get(beat, beat)


def player_name(player: str, lang: str) -> str:
    """Localised player colour (``red`` -> ``Rojo``); other names unchanged."""
    return _table("labels.json")["colours"][check_lang(lang)].get(player, player)


def paper_name(player: str, lang: str) -> str:
    """Default masthead for a player's paper, e.g. ``The Red Herald``."""
    return label("paper_of", lang, colour=player_name(player, lang))


def headline_phrases(beat: str, lang: str) -> list[str]:
    """Our invented headline phrases for ``beat`` in ``lang``."""
    return list(_table("headlines.json")[check_lang(lang)][beat])


def headlines_for(stories: list[str], lang: str) -> dict[str, str]:
    """A headline for each story, deterministic and distinct within one page while
    the beat has phrases left: a story starts at the phrase picked by crc32 of its id
    and moves to the next unused one."""
    used: dict[str, set[int]] = {}
    out: dict[str, str] = {}
    for story in sorted(stories):
        beat = parse_story(story)[0]
        phrases = headline_phrases(beat, lang)
        taken = used.setdefault(beat, set())
        i = zlib.crc32(story.encode()) % len(phrases)
        for step in range(len(phrases)):
            if (i + step) % len(phrases) not in taken:
                i = (i + step) % len(phrases)
                break
        taken.add(i)
        out[story] = phrases[i]
    return out


def all_printed_text(lang: str) -> str:
    """Every fixed string printing can put on paper in ``lang`` (for glyph checks)."""
    t = _table("labels.json")
    parts = list(t[lang].values()) + list(t["beats"][lang].values())
    parts += list(t["colours"][lang].values())
    for beat in t["beats"][lang]:
        parts += headline_phrases(beat, lang)
    return "\n".join(parts)


__all__ = ["LANGS", "label", "beat_name", "player_name", "paper_name", "headlines_for",
           "headline_phrases", "all_printed_text"]
