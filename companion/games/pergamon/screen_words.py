"""Pergamon's words on the app's table screen (ui/games/pergamon) that the screen's
first texts did not have: funds spaces and digs said in words, what a choice costs
and why it cannot be taken, the table's to-do list, named undo.

Declared here, in this package's own catalog (``locale/<lang>/LC_MESSAGES/
pergamon.po``, :class:`companion.gettext_po.Words`; ``bash scripts/i18n.sh``
extracts them), as templates: :func:`screen_words` returns ``{short key: text in
lang}`` with the ``{placeholders}`` left for the screen to fill. Our own words.
"""

from __future__ import annotations

from functools import lru_cache

from .texts import WORDS


@lru_cache(maxsize=None)
def screen_words(lang: str) -> dict[str, str]:
    """``{short key: template}`` in ``lang`` (es, en, zh; ValueError for another)."""
    return {
        "space": WORDS.say(lang, "screen.space", "Space {s}: up to {c}, dig galleries I to {g}"),
        "space_one": WORDS.say(lang, "screen.space_one", "Space {s}: up to {c}, dig gallery I only"),
        "taken": WORDS.say(lang, "screen.taken", "Space {s}: taken by {who}"),
        "dig": WORDS.say(lang, "screen.dig", "Dig gallery {g}: {f} for {c}"),
        "dig_title": WORDS.say(lang, "screen.dig_title", "{who} has {c}. Dig first, if you want:"),
        "dig_poor": WORDS.say(lang, "screen.dig_poor", "Gallery {g} costs {c}: {who} has only {have}"),
        "todo": WORDS.say(lang, "screen.todo", "On the table:"),
        "todo_done": WORDS.say(lang, "screen.todo_done", "Coins handed over"),
        "then": WORDS.say(lang, "screen.then", "Then: {next}"),
        "undo": WORDS.say(lang, "screen.undo", "Take back…"),
        "undo_ask": WORDS.say(lang, "screen.undo_ask", "Take back: {move}?"),
        "undo_move": WORDS.say(lang, "screen.undo_move", "Take back: {move}"),
        "undo_none": WORDS.say(lang, "screen.undo_none", "Nothing to take back yet"),
        "undo_yes": WORDS.say(lang, "screen.undo_yes", "Yes, take it back"),
        "undo_no": WORDS.say(lang, "screen.undo_no", "No, keep it"),
        "ask_hidden": WORDS.say(lang, "screen.ask_hidden", "{move}. This cannot be taken back: enter it?"),
        "ask_yes": WORDS.say(lang, "screen.ask_yes", "Yes, enter it"),
        "ask_no": WORDS.say(lang, "screen.ask_no", "No, change it"),
        "panel_shown": WORDS.say(lang, "screen.panel_shown", "{m}: space {s}"),
        "over_line": WORDS.say(lang, "screen.over_line", "Final victory points: {list}"),
    }


def screen_text(key: str, lang: str, **values) -> str:
    """The template ``key`` in ``lang`` with ``values`` filled. KeyError for an
    unknown key or a missing value."""
    text = screen_words(lang)[key]
    return text.format(**values) if values else text
