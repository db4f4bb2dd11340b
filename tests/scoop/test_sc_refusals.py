"""Issue 12 item 7: a Scoop play the rules refuse is shown in the players' language
with its own reason and numbers (RuleError ``key``/``values`` worded by
ui/games/scoop/texts.py), on the table screen (ui.hosting.refusal_text, as
GameHost.apply and the table view-model use it) and in the camera's report
(ui.hosting.report_text of the observer's ``scoop.refused``), never the engine's
English sentence nor only "the rules do not allow it"."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from companion import registry
from companion.games.scoop import engine
from companion.games.scoop.observer import ScoopObserver
from tests.scoop.test_sc_observer import _first_claim, table
from ui import hosting
from ui.games.scoop import texts as T

SPEC = registry.get("scoop")
ENGLISH = re.compile(r"\b(the|is|it|turn|has|does|hold|costs?|cards?|needs|wrong|number|says|nobody|rules?)\b", re.I)


def _refused(state, action):
    with pytest.raises(engine.RuleError) as info:
        engine.apply(state, action)
    assert info.value.key.startswith("scoop."), info.value  # a kind, for the words
    return info.value


def _shown(state, exc, lang):
    text = hosting.refusal_text(SPEC, exc, state, lang)
    assert not ENGLISH.search(text), (lang, text)
    assert exc.detail not in text
    return text


def _turn_state():
    setup, _ = engine.random_game(1, 3)
    return engine.new_game_from_dict(setup)


@pytest.mark.parametrize("lang", ["es", "zh"])
def test_not_your_turn_names_whose_turn_it_is(lang):
    state = _turn_state()
    other = (state.turn_player + 1) % 3
    exc = _refused(state, engine.Exchange(other, state.players[other].hand[0]))
    text = _shown(state, exc, lang)
    who = T._seat_name(state, state.turn_player, lang)   # ("Player 2", a filled-in placeholder: the colour)
    assert who in text
    assert ("turno" in text) if lang == "es" else ("轮到" in text)


@pytest.mark.parametrize("lang", ["es", "zh"])
def test_reserve_without_the_money_shows_the_cost_and_the_cash(lang):
    state = _turn_state()
    seat = state.turn_player
    p = state.players[seat]
    kind = next(k for k in state.spaces(seat) if k != "three_star"
                and any(state.catalog.kind_of_card(c) == k for c in p.hand if c != engine.SCOOP_CARD))
    card = next(c for c in p.hand if c != engine.SCOOP_CARD and state.catalog.kind_of_card(c) == kind)
    poor = engine.new_game_from_dict(engine.random_game(1, 3)[0])
    poor.players[seat].cash = 7
    exc = _refused(poor, engine.Reserve(seat, (card,), (0,)))
    assert exc.values["cost"] > 7
    text = _shown(poor, exc, lang)
    assert T.core.money(exc.values["cost"], lang) in text and T.core.money(7, lang) in text


@pytest.mark.parametrize("lang", ["es", "zh"])
def test_a_claim_with_the_wrong_cards_says_how_many_are_right(lang):
    state, a = _first_claim()
    other = next(k for k in state.catalog.story_types if k != a.kind and k in state.spaces(a.player))
    exc = _refused(state, replace(a, kind=other))
    assert exc.key == "scoop.wrong_cards"
    text = _shown(state, exc, lang)
    assert T.kind_name(other, lang) in text and f"{exc.values['n']}" in text and "3" in text


@pytest.mark.parametrize("lang", ["es", "zh"])
def test_a_wrong_number_and_lines_down_out_of_time(lang):
    state, a = _first_claim()
    after = engine.apply(state, a)
    number = after.pending["number"]
    wrong = (number + 1) % 10
    exc = _refused(after, engine.Dial(a.player, wrong))
    text = _shown(after, exc, lang)
    assert str(number) in text and str(wrong) in text and T.kind_name(a.kind, lang) in text
    exc = _refused(after, engine.LinesDown(a.player))  # the caller's own call
    assert exc.key == "scoop.lines_own" and T._seat_name(after, a.player, lang) in _shown(after, exc, lang)
    exc = _refused(state, engine.LinesDown((a.player + 1) % 3))  # nobody is calling
    assert exc.key == "scoop.lines_not_due"
    assert ("Línea cortada" if lang == "es" else "线路中断") in _shown(state, exc, lang)


@pytest.mark.parametrize("lang", ["es", "zh"])
def test_the_camera_report_of_a_refused_play_gives_its_reason(lang):
    state, a = _first_claim()
    seat = a.player
    kind = next(k for k in state.catalog.story_types if k != a.kind
                and not engine._has(state.players[seat].hand, state.catalog.required(k)))
    out = ScoopObserver().observe(state, table(state, seat, state.catalog.required(kind)))
    assert out.status == "rejected"
    text = hosting.report_text(SPEC, out.reports[0], state, lang)
    assert text and not ENGLISH.search(text), text
    assert T.kind_name(kind, lang) in text or T._seat_name(state, seat, lang) in text
    generic = hosting.refusal_text(SPEC, engine.RuleError("x", out.reports[0].rule), state, lang)
    assert generic not in text  # not only "the rules do not allow it"


def test_every_refusal_kind_the_engine_raises_has_words():
    import companion.games.scoop.observer as observer

    src = open(engine.__file__, encoding="utf-8").read() + open(observer.__file__, encoding="utf-8").read()
    kinds = set(re.findall(r'"(scoop\.[a-z_]+)"', src)) - {"scoop.refused", "scoop.dial", "scoop.answer",
                                                          "scoop.lay_story", "scoop.incomplete",
                                                          "scoop.not_your_turn", "scoop.page_differs"}
    assert len(kinds) > 30
    assert {k for k in kinds if f"rule.{k}" not in T.WORDS} == set()


def test_the_table_screen_shows_a_refused_value_and_rewords_it_on_a_language_switch(tmp_path):
    import random

    from tests.scoop.test_sc_table_vm import _host, play_by_taps
    from ui.games.scoop.table_vm import TableVM

    host = _host(tmp_path)
    vm = TableVM(host, "zh")
    rng = random.Random(5)
    for _ in range(2000):
        if vm.held is not None:
            break
        play_by_taps(vm, rng, max_taps=1)
    assert vm.held is not None
    vm.tap("value:99999")  # no card of that value is left in the pile
    assert T.core.money(99999, "zh") in vm.message and not ENGLISH.search(vm.message), vm.message
    assert "牌堆" in vm.message or "广告堆" in vm.message
    vm.set_lang("es")
    assert T.core.money(99999, "es") in vm.message and "No queda" in vm.message, vm.message
    assert not ENGLISH.search(vm.message)


@pytest.mark.parametrize("lang", ["es", "zh"])
def test_a_camera_play_the_journal_refuses_is_worded_by_its_kind(lang):
    from companion.observing import Report

    state, a = _first_claim()
    after = engine.apply(state, a)
    exc = _refused(after, engine.Dial(a.player, (after.pending["number"] + 1) % 10))
    params = {**exc.values, "section": exc.rule, "kind": exc.key, "detail": exc.detail}  # as ui.session reports it
    text = hosting.report_text(SPEC, Report("error", "illegal", exc.detail, exc.rule, tuple(sorted(params.items()))),
                               after, lang)
    assert text and str(after.pending["number"]) in text and T.kind_name(a.kind, lang) in text, text
    assert not ENGLISH.search(text), text
