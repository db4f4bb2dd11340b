"""Penny Press rules engine (pure, deterministic).

Public API (see docs/penny-press.md for the model, docs/rulings.md for rulings):
catalog (:func:`load_catalog`), setup (:func:`new_game`, :class:`PlayerSpec`),
actions (:class:`Assign` ... :class:`DeclinePress`, :func:`action_to_dict`),
:func:`apply`, :func:`legal_actions`, :func:`press_preview`, the front page (:func:`solve_front_page`,
:func:`check_front_page`, :func:`score_front_page`), :func:`board_adjustments`,
:func:`random_game` and :func:`describe`; in players' words (es/en/zh)
:func:`describe_action`, :func:`score_sheet` and :func:`scoring_text` (:mod:`.texts`).
"""

from companion.games.penny_press.actions import (Action, Assign, DeclinePress, DrawHeadline, GoToPress,
                                                  PassNewsboy, Reassign, Recall, action_from_dict,
                                                  action_to_dict, front_page_from_dict, front_page_to_dict)
from companion.games.penny_press.catalog import Catalog, HeadlineCard, Story, load_catalog
from companion.games.penny_press.engine import (BeatBonus, FinalResult, GameState, PlayerSpec, PressResult,
                                                 apply, legal_actions, new_game, new_game_from_dict,
                                                 press_preview, press_preview_state, setup_to_dict)
from companion.games.penny_press.frontpage import (FrontPage, Placement, check_front_page,
                                                    exhaustive_front_page, score_front_page,
                                                    solve_front_page, top_beats)
from companion.games.penny_press.texts import describe_action, score_sheet, scoring_text
from companion.games.penny_press.tools import Adjustment, board_adjustments, describe, random_game

__all__ = [
    "press_preview",
    "press_preview_state",
    "Action", "Assign", "DeclinePress", "DrawHeadline", "GoToPress", "PassNewsboy", "Reassign", "Recall",
    "action_from_dict", "action_to_dict", "front_page_from_dict", "front_page_to_dict",
    "Catalog", "HeadlineCard", "Story", "load_catalog",
    "BeatBonus", "FinalResult", "GameState", "PlayerSpec", "PressResult", "apply", "legal_actions",
    "new_game", "new_game_from_dict", "setup_to_dict",
    "FrontPage", "Placement", "check_front_page", "exhaustive_front_page", "score_front_page",
    "solve_front_page", "top_beats",
    "Adjustment", "board_adjustments", "describe", "describe_action", "random_game", "score_sheet",
    "scoring_text",
]

from companion.registry import GameSpec  # noqa: E402

#: Action types that reveal hidden information (a headline card draw): the journal
#: never undoes across them.
UNDO_BARRIERS = frozenset({"draw_headline"})

#: This game's entry in the registry (companion.registry).
GAME = GameSpec(
    id="penny-press",
    names={"es": "Penny Press", "en": "Penny Press", "zh": "便士报"},
    min_players=2,
    max_players=5,
    rules="companion.games.penny_press",
    tag_code="PP",
    observer="companion.games.penny_press.observer:PennyPressObserver",
    corrections="companion.games.penny_press.corrections",
    layouts="penny_press",
    pages="printing.games.penny_press.pages",
    screens="ui.games.penny_press.screens",
    recordings=("penny-press-3p", "penny-press-4p"),
    tags="companion.games.penny_press.tags",
    tag_kinds={"S": "story", "H": "headline", "A": "ad", "R": "reporter", "M": "mat", "B": "board",
               "W": "arrow", "X": "bonus", "N": "newsboy", "P": "penny"},
    data_files=("companion/games/penny_press/data",),
)
