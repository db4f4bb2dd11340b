"""Counts printed in command output take Babel's CLDR plural forms (1 shield, 2 shields)."""

from __future__ import annotations

from companion import registry
from companion.naming import count


def test_naming_count_uses_cldr_plural_rules():
    forms = {"one": "call", "other": "calls"}
    assert [count(n, forms) for n in (0, 1, 2)] == ["0 calls", "1 call", "2 calls"]
    assert count(1, {"other": "次"}, "zh") == "1 次"


def test_registry_counts_scores_in_the_games_unit():
    tm = registry.get("turin-market")
    assert tm.count(1) == "1 shield" and tm.count(38) == "38 shields"
    assert tm.count(1, "es") == "1 escudo" and tm.count(2, "es") == "2 escudos"


def test_demo_final_scores_say_1_shield():
    """A game without a scoring text of its own (Turin Market): the demo's final
    scores name each seat as the game does and count in its unit."""
    import dataclasses

    from play.demo import final_scores_text

    rules = registry.rules_module("turin-market")
    setup, actions = rules.random_game(3, 3)
    s = rules.new_game_from_dict(setup)
    for a in actions:
        s = rules.apply(s, a)
    final = dataclasses.replace(s.final, scores=(1, 14) + tuple(s.final.scores[2:]), winners=(1,))
    out = final_scores_text(dataclasses.replace(s, final=final), "turin-market", "en")
    assert "red: 1 shield\n" in out and "blue: 14 shields  <- winner" in out   # seats by their area's colour


def test_turin_replay_lines_say_1_shield():
    import dataclasses

    from companion.games.turin_market import tools

    rules = registry.rules_module("turin-market")
    s = rules.new_game_from_dict(rules.random_game(3, 3)[0])
    s = dataclasses.replace(s, purse=(1 + s.debt[0] - s.on_sale[0],) + tuple(s.purse[1:]))
    assert s.scores[0] == 1
    assert "player 1: 1 shield;" in tools.describe(s)
