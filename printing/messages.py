"""Every fixed text printing puts on paper, declared in English with its key (the
gettext context): ``label.<key>`` (printing.i18n.label), ``beat.<beat>``,
``colour.<colour>``; counts with ``NP_``. Translated in
printing/locale/<lang>/LC_MESSAGES/printing.po (es, zh); ``bash scripts/i18n.sh``
extracts them (docs/ui.md "Adding a text"). Our own words."""

from __future__ import annotations

from companion.gettext_po import N_, NP_

N_("label.language_name", "English")
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
N_("label.game_started", "Game started {when}")
N_("label.paper_of", "The {colour} Herald")
N_("label.thanks", "Read all about it!")
N_("label.rotated", "turned")
N_("label.empty_other", "Empty cell")
N_("label.final_edition", "Final edition")
# beats
N_("beat.war", "War")
N_("beat.crime", "Crime")
N_("beat.city", "City")
N_("beat.politics", "Politics")
N_("beat.human", "Human Condition")
# colours
N_("colour.red", "Red")
N_("colour.blue", "Blue")
N_("colour.green", "Green")
N_("colour.yellow", "Yellow")
N_("colour.black", "Black")
N_("colour.white", "White")
