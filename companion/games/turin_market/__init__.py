"""Turin Market rules engine (pure, deterministic).

Public API (docs/turin-market.md for the model, docs/rulings.md for rulings):
catalog (:func:`load_catalog`; goods, cards and payment cards are an editable
best guess), setup (:func:`new_game`, :func:`new_game_from_dict`), actions
(:class:`RevealCards` ... :class:`TakeLoan`, :func:`action_to_dict`),
:func:`apply`, :func:`legal_actions`, :func:`seeded_flip`, :func:`majorities`,
:class:`SecretRound` (pass-the-tablet secret choices), :func:`series_result`,
:func:`random_game` and :func:`describe`; in players' words (es/en/zh)
:func:`describe_action` and :func:`score_sheet` (:mod:`.texts`).
"""

from companion.games.turin_market.actions import (UNDO_BARRIERS, Action, Buy, ChooseBuyer, FlipCoin, OfferForSale,
                                                   PassSale, Pick, RevealBids, RevealCards, RevealLeftovers,
                                                   RevealTieBids, TakeLoan, Withdraw, action_from_dict,
                                                   action_to_dict)
from companion.games.turin_market.catalog import Catalog, GoodsCard, load_catalog
from companion.games.turin_market.engine import (Auction, FinalResult, GameState, GoodPayout, Offer, PlayerSpec,
                                                  SeriesResult, apply, check_bid, check_tie_add, legal_actions,
                                                  majorities, new_game, new_game_from_dict, seeded_flip,
                                                  sell_waiting, series_result, setup_to_dict,
                                                  tie_being_settled)
from companion.games.turin_market.secret import SecretRound
from companion.games.turin_market.texts import describe_action, score_sheet
from companion.games.turin_market.tools import describe, random_game, record_summary

__all__ = [
    "UNDO_BARRIERS", "Action", "Buy", "ChooseBuyer", "FlipCoin", "OfferForSale", "PassSale", "Pick", "RevealBids",
    "RevealCards", "RevealLeftovers", "RevealTieBids", "TakeLoan", "Withdraw", "action_from_dict", "action_to_dict",
    "Catalog", "GoodsCard", "load_catalog",
    "Auction", "FinalResult", "GameState", "GoodPayout", "Offer", "PlayerSpec", "SeriesResult", "apply",
    "check_bid", "check_tie_add", "legal_actions", "majorities", "new_game", "new_game_from_dict", "seeded_flip",
    "sell_waiting", "series_result", "setup_to_dict", "tie_being_settled",
    "SecretRound", "describe", "describe_action", "random_game", "record_summary", "score_sheet",
]

from companion.registry import GameSpec  # noqa: E402

#: This game's entry in the registry (companion.registry). Tags: .tags; table
#: layouts: calibration/data/turin_market.
GAME = GameSpec(
    id="turin-market",
    names={"es": "Turin Market", "en": "Turin Market", "zh": "都灵市场"},
    min_players=2,
    max_players=5,
    rules="companion.games.turin_market",
    tag_code="TM",
    units={"es": "escudos", "en": "shields", "zh": "盾"},
    units_one={"es": "escudo", "en": "shield", "zh": "盾"},
    layouts="turin_market",
    tags="companion.games.turin_market.tags",
    observer="companion.games.turin_market.observer:TurinMarketObserver",
    corrections="companion.games.turin_market.corrections",
    pages="printing.games.turin_market.pages",
    recordings=("turin-market-4p",),
    screens="ui.games.turin_market.screens",
    tag_kinds={"C": "card", "G": "token", "O": "goose", "M": "mat", "B": "board"},
    data_files=("companion/games/turin_market/data/goods.json", "companion/games/turin_market/data/cards.csv"),
)
