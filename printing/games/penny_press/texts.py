"""Penny Press's printed words, our own: the labels of its front page and score
receipt and its beat names (gettext, domain ``printing``: read with
printing.i18n.label), and an invented headline per story (data:
``headlines.json`` beside this module, one per story id and language, editable)."""

from __future__ import annotations

from companion.gettext_po import N_, NP_

from printing.i18n import catalog_text, json_table
from printing.pages import check_lang

from .documents import BEATS, parse_story

N_("label.edition", "Edition No. {n}")
N_("label.price", "One cent")
N_("label.front_page", "Front page")
N_("label.ad", "ADVERTISEMENT")
N_("label.empty", "empty")
N_("label.score", "Score of this press")
N_("label.total", "TOTAL")
NP_("label.points", "{pts} pt", "{pts} pts")
N_("label.placed", "Placed")
N_("label.exclusive", "Exclusive (doubled)")
N_("label.left_out", "Left out")
N_("label.empty_top", "Empty top cell")
N_("label.empty_cell", "Empty cell")
N_("label.floor", "Floor at 0")
N_("label.scoop", "Scoop")
N_("label.receipt", "Score receipt")
N_("label.final_receipt", "Final scores")
N_("label.presses", "Presses")
N_("label.press_line", "Edition {n}")
N_("label.bonuses", "End-game bonuses")
N_("label.bonus_none", "nobody")
N_("label.ranking", "Final ranking")
NP_("label.stories", "{n} story", "{n} stories")
N_("label.shared", "shared")
N_("label.thanks", "Read all about it!")
N_("label.rotated", "turned")
N_("label.empty_other", "Empty cell")
# the empty-cell lines of a press score, by count (CLDR plural forms)
NP_("label.empty_top_n", "{n} empty top cell", "{n} empty top cells")
NP_("label.empty_other_n", "{n} empty cell", "{n} empty cells")
N_("label.final_edition", "Final edition")
# beats
N_("beat.war", "War")
N_("beat.crime", "Crime")
N_("beat.city", "New York City")
N_("beat.politics", "Politics")
N_("beat.human", "Human Condition")

#: The data file of the invented headlines: ``{lang: {story id: headline}}``.
HEADLINES_FILE = "headlines.json"


def beat_name(beat: str, lang: str) -> str:
    """Localised beat name (``war`` -> ``Guerra`` in es)."""
    return catalog_text(f"beat.{beat}", check_lang(lang)) or beat


def headline_phrases(beat: str, lang: str) -> list[str]:
    """Our invented headlines of the stories of ``beat`` in ``lang`` (story id order)."""
    t = json_table(__package__, HEADLINES_FILE)[check_lang(lang)]
    return [t[k] for k in sorted(t) if k.split("-", 1)[0] == beat]


def headline(story: str, lang: str) -> str:
    """The invented headline of one story (``headlines.json``: one per story id and
    language, our own words). A story missing from an edited file gets its beat name
    and stars, never another story's headline. Raises DocumentError for a malformed
    story id or an unknown language; DataFileError for a damaged file."""
    beat, _, stars = parse_story(story)
    text = json_table(__package__, HEADLINES_FILE)[check_lang(lang)].get(story)
    return text if text else f"{beat_name(beat, lang)} {'★' * stars}"


def headlines_for(stories: list[str], lang: str) -> dict[str, str]:
    """{story: headline} for the stories of one page; each story has its own headline,
    so a page never repeats one (see :func:`headline`)."""
    return {story: headline(story, lang) for story in stories}


def data_texts(lang: str) -> list[str]:
    """Every headline of ``headlines.json`` in ``lang`` (for glyph checks)."""
    out = []
    for beat in BEATS:
        out += headline_phrases(beat, lang)
    return out
