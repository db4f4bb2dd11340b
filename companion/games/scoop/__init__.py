"""Scoop rules engine (pure, deterministic), its virtual dial and its bank.

Rules: ../shared/rules/scoop.es.txt; unverified values in ``data/`` (editable);
rulings in docs/scoop.md. Public API: setup (:func:`new_game`, :func:`setup_to_dict`,
:class:`PlayerSpec`), actions (:class:`Claim` ... :class:`Pass`,
:func:`action_to_dict`, :func:`action_from_dict`), :func:`apply`,
:func:`legal_actions`, :func:`random_game`, :func:`describe`; in players' words
(es/en/zh) :func:`describe_action` and :func:`score_sheet` (:mod:`.texts`); the
dial in :mod:`companion.games.scoop.dial`.
"""

from companion.games.scoop.catalog import Catalog, Design, default_data, load_catalog
from companion.games.scoop.engine import (BANK, bank, Buy, Choose, Claim, Decline, Dial, Exchange, FinalTally,
                                          GameState, GiveUp, LinesDown, Offer, Pass, PlayerSpec, Reserve,
                                          Transfer, action_from_dict, action_to_dict, apply, describe,
                                          legal_actions, new_game, new_game_from_dict, page_value, random_game,
                                          record_summary, resolve_action, setup_to_dict)
from companion.games.scoop.texts import describe_action, score_sheet

__all__ = [
    "Catalog", "Design", "default_data", "load_catalog",
    "BANK", "bank", "Buy", "Choose", "Claim", "Decline", "Dial", "Exchange", "FinalTally", "GameState", "GiveUp",
    "LinesDown", "Offer", "Pass", "PlayerSpec", "Reserve", "Transfer", "action_from_dict", "action_to_dict",
    "apply", "describe", "describe_action", "legal_actions", "new_game", "new_game_from_dict", "page_value",
    "random_game", "record_summary", "resolve_action", "score_sheet", "setup_to_dict",
]

from companion.registry import GameSpec  # noqa: E402

#: Plays that reveal what was hidden: a call (its signal comes from the dial's secret
#: seed) and the choice after Three Star / Press. Undo never crosses them (journal
#: undo rule); every other play (a claim, a reserve, an exchange, a pass, Lines Down,
#: an offer, a purchase or its refusal, leaving) may be taken back by its own player
#: while it is the last one: its cards go back where they came from (docs/scoop.md).
UNDO_BARRIERS = frozenset({"dial", "choose"})


def undo_barrier(payload: dict) -> bool:
    """True when the journal's action ``payload`` may not be taken back: a call or
    the choice after it (:data:`UNDO_BARRIERS`), unless it carries the value of the
    story card it took from a pile (``value``): that value was tapped by a player
    and may be taken back to be tapped again, the call staying as it was (the
    same number at the same point of the game gives the same signal)."""
    return payload.get("action") in UNDO_BARRIERS and payload.get("value") is None


#: Setup keys the journal keeps out of its file while the game runs (companion.journal:
#: a side file beside it, revealed into the journal at the end): the dial's seed.
SECRET_SETUP_KEYS = ("dial_seed",)

#: This game's entry in the registry (companion.registry).
GAME = GameSpec(
    id="scoop",
    names={"es": "Scoop", "en": "Scoop", "zh": "独家新闻"},
    min_players=2,
    max_players=6,
    rules="companion.games.scoop",
    tag_code="SC",
    pages="printing.games.scoop.pages",
    screens="ui.games.scoop.screens",
    layouts="scoop",
    tags="companion.games.scoop.tags",
    observer="companion.games.scoop.observer:ScoopObserver",
    corrections="companion.games.scoop.corrections",
    recordings=("scoop-4p",),
    units={"es": "dólares", "en": "dollars", "zh": "美元"},
    units_one={"es": "dólar", "en": "dollar", "zh": "美元"},
    tag_kinds={"C": "card", "S": "story", "A": "advert", "G": "page", "M": "mat"},
    data_files=("companion/games/scoop/data/pages.json", "companion/games/scoop/data/values.json",
                "companion/games/scoop/data/cards.json", "companion/games/scoop/data/wheel.json"),
)
