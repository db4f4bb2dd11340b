"""Pergamon rules engine (pure, deterministic), 2-4 players.

Public API (docs/pergamon.md for the model, docs/rulings.md for rulings): the data
(:func:`load_catalog`, :class:`Tile`; editable files in ``data/``), setup
(:func:`new_game`, :func:`new_game_from_dict`, :class:`PlayerSpec`), actions
(:class:`PresentFinds` ... :class:`Store`, :func:`action_to_dict`,
:func:`action_from_dict`), :func:`apply`, :func:`legal_actions`,
:func:`presentation_order`, :func:`pay_out`, :func:`preview_exhibit`,
:func:`raider_choice`, :func:`oldest_shown`,
:func:`random_game`, :func:`describe` and :func:`record_summary`; in players'
words (es/en/zh) :func:`describe_action` and :func:`score_sheet` (:mod:`.texts`).
"""

from companion.games.pergamon.actions import (UNDO_BARRIERS, Action, Dig, DrawFunds, Exhibit, PlaceFigure,
                                              PresentFinds, RevealFunds, Store, action_from_dict,
                                              action_to_dict)
from companion.games.pergamon.catalog import (KINDS, Catalog, FundsSpace, Tile, default_catalog, load_catalog,
                                              load_tiles)
from companion.games.pergamon.engine import (RAIDER, DigResult, EvaluationResult, ExhibitResult, FinalResult,
                                             FundsResult, GameState, MarkerMove, PlayerSpec, Shown, StoreResult,
                                             apply, collections_in_hand, legal_actions, new_game,
                                             new_game_from_dict, oldest_shown, pay_out, presentation_order,
                                             preview_exhibit, raider_choice, setup_to_dict)
from companion.games.pergamon.texts import describe_action, score_sheet
from companion.games.pergamon.tools import describe, random_game, record_summary

__all__ = [
    "UNDO_BARRIERS", "Action", "Dig", "DrawFunds", "Exhibit", "PlaceFigure", "PresentFinds", "RevealFunds",
    "Store", "action_from_dict", "action_to_dict",
    "KINDS", "Catalog", "FundsSpace", "Tile", "default_catalog", "load_catalog", "load_tiles",
    "RAIDER", "DigResult", "EvaluationResult", "ExhibitResult", "FinalResult", "FundsResult", "GameState",
    "MarkerMove", "PlayerSpec", "Shown", "StoreResult", "apply", "collections_in_hand", "legal_actions",
    "new_game", "new_game_from_dict", "oldest_shown", "pay_out", "presentation_order", "preview_exhibit", "raider_choice", "setup_to_dict",
    "describe", "describe_action", "random_game", "record_summary", "score_sheet",
]

from companion.registry import GameSpec  # noqa: E402

#: This game's entry in the registry (companion.registry).
GAME = GameSpec(
    id="pergamon",
    names={"es": "Pergamon", "en": "Pergamon", "zh": "帕加马"},
    min_players=2,
    max_players=4,
    rules="companion.games.pergamon",
    tag_code="PG",
    observer="companion.games.pergamon.observer:PergamonObserver",
    corrections="companion.games.pergamon.corrections",
    screens="ui.games.pergamon.screen",
    layouts="pergamon",
    pages="printing.games.pergamon.pages",
    recordings=("pergamon-3p",),
    tags="companion.games.pergamon.tags",
    tag_kinds={"B": "board", "M": "area", "F": "find", "C": "card", "K": "card back", "G": "figure",
               "T": "tomb raider", "O": "circular marker", "L": "angular marker"},
    units={"es": "puntos de victoria", "en": "victory points", "zh": "胜利点"},
    units_one={"es": "punto de victoria", "en": "victory point", "zh": "胜利点"},
    data_files=("companion/games/pergamon/data/tiles.csv", "companion/games/pergamon/data/rules.json"),
)
