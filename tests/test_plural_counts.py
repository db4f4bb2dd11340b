"""Counts printed in command output take Babel's CLDR plural forms (1 shield, 2 shields)."""

from __future__ import annotations

from types import SimpleNamespace as NS

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


def test_demo_summary_says_1_shield_and_1_point():
    from play.demo import final_text

    players = [NS(name="Ana", colour="red"), NS(name="Bo", colour="blue")]
    out = final_text(NS(final=NS(scores=[1, 14], winners=(1,)), players=players), "turin-market")
    assert "Ana: 1 shield\n" in out + "\n" and "Bo: 14 shields" in out
    pp = NS(final=NS(bonuses=(), rank=[1, 2], scores=[1, 0], circulation=[1, 0], stories=[1, 2], winners=(0,)),
            players=players)
    out = final_text(pp)
    assert "1 point " in out and "1 story)" in out and "2 stories)" in out and "0 points" in out


def test_turin_replay_lines_say_1_shield():
    import dataclasses

    from companion.games.turin_market import tools

    rules = registry.rules_module("turin-market")
    s = rules.new_game_from_dict(rules.random_game(3, 3)[0])
    s = dataclasses.replace(s, purse=(1 + s.debt[0] - s.on_sale[0],) + tuple(s.purse[1:]))
    assert s.scores[0] == 1
    assert "player 1: 1 shield;" in tools.describe(s)
