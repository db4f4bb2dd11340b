"""Named undo for every game (play.undo): what it takes back is named in the players'
words (the rules' describe_action), and what the rules forbid undoing is refused
with why (the rules' UNDO_BARRIERS)."""

from __future__ import annotations

import pytest

import companion.games.penny_press as pp
from companion import registry
from companion.errors import Refusal
from companion.games.penny_press.corrections import Correction
from companion.journal import Journal
from play.runner import GameRunner
from play.undo import Undo


def _journal(tmp_path, game: str, seed: int, upto=None):
    rules = registry.rules_module(game)
    setup, actions = rules.random_game(seed, 3)
    j = Journal.create(tmp_path / f"{game}.sqlite", game, setup)
    for a in actions[:upto]:
        j.append(a)
    return j, actions


def test_nothing_to_take_back_before_the_first_move(tmp_path):
    j, _ = _journal(tmp_path, "penny-press", 5, upto=0)
    undo = Undo(GameRunner(j))
    assert undo.preview("en") is None
    refusal = undo.refusal("en")
    assert isinstance(refusal, Refusal) and refusal.key == "undo_nothing"
    with pytest.raises(Refusal):
        undo.undo("en")


def test_a_move_is_named_in_the_players_language_and_taken_back(tmp_path):
    j, actions = _journal(tmp_path, "penny-press", 5, upto=1)
    undo = Undo(GameRunner(j))
    step = undo.preview("es")
    assert step.kind == "action" and step.seat == actions[0].player
    assert step.text == pp.describe_action(actions[0], j.state, "es") != pp.describe_action(actions[0], j.state, "en")
    assert undo.refusal("es") is None
    done, aside = undo.undo("es")
    assert done == step and aside == () and j.actions() == []


def test_a_headline_card_drawn_is_refused_with_why(tmp_path):
    setup, actions = pp.random_game(5, 3)
    k = next(i for i, a in enumerate(actions) if isinstance(a, pp.DrawHeadline))
    j, _ = _journal(tmp_path, "penny-press", 5, upto=k + 1)
    undo = Undo(GameRunner(j))
    assert undo.preview("en") is None
    refusal = undo.refusal("en")
    assert refusal.key == "undo_barrier"
    assert refusal.values["move"] == pp.describe_action(actions[k], j.state, "en")
    assert refusal.values["move"].startswith("Headline card ")
    from ui import i18n

    assert i18n.error_text(undo.refusal("es"), "es").startswith(pp.describe_action(actions[k], j.state, "es"))


def test_a_scoop_play_is_taken_back_but_a_call_is_refused(tmp_path):
    """Scoop (docs/scoop.md, undo): a play of the player's own cards is offered named;
    a call that took no card (its signal seen) is refused with why, named."""
    sc = registry.rules_module("scoop")
    setup, actions = sc.random_game(9, 3)
    j, _ = _journal(tmp_path, "scoop", 9, upto=1)
    undo = Undo(GameRunner(j))
    step = undo.preview("en")
    assert step.kind == "action" and step.text == sc.describe_action(actions[0], j.state, "en")
    k = next(i for i, a in enumerate(actions) if isinstance(a, sc.Dial) and a.value is None)
    j2, _ = _journal(tmp_path / "b", "scoop", 9, upto=k + 1)
    undo = Undo(GameRunner(j2))
    assert undo.preview("en") is None
    refusal = undo.refusal("zh")
    assert refusal.key == "undo_barrier"
    assert refusal.values["move"] == sc.describe_action(actions[k], j2.state, "zh")


def test_a_correction_newer_than_the_last_move_goes_first(tmp_path):
    j, actions = _journal(tmp_path, "penny-press", 5, upto=1)
    runner = GameRunner(j)
    st = j.state
    story = next(s for col in st.board.values() for s in col if s != getattr(actions[0], "story", None))
    runner.correct(Correction("story_remove", story=story))
    undo = Undo(runner)
    step = undo.preview("en")
    assert step.kind == "correction" and step.correction.story == story
    undo.undo("en")
    assert list(runner.corrections) == [] and len(j.actions()) == 1
    assert undo.preview("en").kind == "action"
