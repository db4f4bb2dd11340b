"""The engine -> protocol adapters, checked against the real Penny Press engine on
seeded computer-played games (rulebook value tables, claims with ties, scoops)."""

from __future__ import annotations

import pytest

from companion.games import penny_press as pp
from ui import i18n
from ui.games.penny_press.viewmodels import adapt
from ui.games.penny_press.viewmodels.live import adjustment_text

# FACTS.md / rulebook: value by arrow position 0..9
NEWS = (0, 1, 2, 3, 3, 4, 4, 5, 5, 6)
SCOOP = (0, 0, 1, 1, 1, 2, 2, 2, 3, 3)


@pytest.fixture(scope="module", params=[(3, 3), (11, 4)], ids=["3p", "4p"])
def game(request):
    seed, n = request.param
    setup, actions = pp.random_game(seed, n)
    st = pp.new_game_from_dict(setup)
    states = [st]
    for a in actions:
        st = pp.apply(st, a)
        states.append(st)
    return states, actions


def test_table_values_follow_the_rulebook_tables(game):
    states, _ = game
    for st in states[::7]:
        t = adapt.table_from_state(st)
        for b in t.beats:
            assert b.news_value == NEWS[b.arrow] and b.scoop_value == SCOOP[b.arrow]
            assert [s.story for s in b.stories] == list(reversed(st.board[b.beat]))
        assert [p.circulation for p in t.players] == list(st.scores)
        assert sum(p.reporters_home for p in t.players) + sum(
            n for b in t.beats for s in b.stories for _, n in s.reporters) == 5 * len(t.players)
    assert adapt.table_from_state(states[-1]).finished and adapt.table_from_state(states[-1]).turn is None


def test_press_preview_matches_what_the_engine_then_scores(game):
    states, actions = game
    checked = 0
    for before, action, after in zip(states, actions, states[1:]):
        if type(action).__name__ != "GoToPress" or action.front_page is not None:
            continue
        colour = before.players[action.player].colour
        pv = adapt.press_preview(before, colour)
        res = after.press_results[-1]
        assert pv.claimed == res.claimed
        awards = {before.players[q].colour: v for q, v in res.scoop_awards.items() if v}
        assert dict(pv.scoop) == awards
        assert pv.suggested.score == res.best_total
        assert pv.suggested.legal
        checked += 1
    assert checked >= 3


def test_claims_count_ties(game):
    states, _ = game
    for st in states[::5]:
        for i, p in enumerate(st.players):
            for sid in adapt.press_preview(st, p.colour).claimed:
                counts = st.reporters[sid]
                assert counts[i] > 0 and counts[i] == max(counts)


def test_final_rows_and_history(game):
    states, _ = game
    assert adapt.final_rows(states[0]) is None
    rows = adapt.final_rows(states[-1])
    f = states[-1].final
    assert sorted(r.total for r in rows) == sorted(f.scores)
    for r in rows:
        assert r.total == r.circulation + sum(v for _, v in r.bonuses)
    assert rows[0].place == 1 and rows[0].winner
    h = adapt.history_from_states(states)
    assert h[0].label == "0" and all(v == 0 for _, v in h[0].scores)
    assert len(h) == 1 + len(states[-1].press_results)  # one point per press, scored or not
    assert dict(h[-1].scores) == {p.colour: f.circulation[i] for i, p in enumerate(states[-1].players)}


def test_engine_adjustments_and_actions_are_worded_in_three_languages(game):
    states, actions = game
    names = [p.name for p in states[0].players]
    kinds = set()
    for before, after in zip(states, states[1:]):
        for a in pp.board_adjustments(before, after):
            kinds.add(a.kind)
            for lang in i18n.LANGS:
                assert adjustment_text(a, lang, names)
    assert {"arrow", "place", "remove"} <= kinds
    for a in actions[:30]:
        for lang in i18n.LANGS:
            assert adapt.action_text(a, states[0], lang) != type(a).__name__


def test_unknown_colour_is_a_clear_error(game):
    states, _ = game
    with pytest.raises(ValueError, match="no purple player"):
        adapt.press_preview(states[0], "purple")
