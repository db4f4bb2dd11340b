"""The fixed texts printing puts on paper for every game, declared in English with
their key (the gettext context): ``label.<key>`` (printing.i18n.label) and
``colour.<colour>``; counts with ``NP_``. A game's own texts are declared in its
folder (printing/games/<folder>/). Translated in
printing/locale/<lang>/LC_MESSAGES/printing.po (es, zh); ``bash scripts/i18n.sh``
extracts them (docs/ui.md "Adding a text"). Our own words."""

from __future__ import annotations

from companion.gettext_po import N_

N_("label.language_name", "English")
N_("label.game_started", "Game started {when}")
N_("label.paper_of", "The {colour} Herald")
# the newspaper names a game's tools and recordings fill in when nobody typed one:
# shown in the page's language
# (printing.i18n.given_paper); a name the players typed is printed as typed
N_("paper.The Morning Ledger", "The Morning Ledger")
N_("paper.The Evening Courier", "The Evening Courier")
N_("paper.The Daily Beacon", "The Daily Beacon")
N_("paper.The Gotham Herald", "The Gotham Herald")
N_("paper.The Bowery Gazette", "The Bowery Gazette")
# colours
N_("colour.red", "Red")
N_("colour.blue", "Blue")
N_("colour.green", "Green")
N_("colour.yellow", "Yellow")
N_("colour.black", "Black")
N_("colour.white", "White")
