"""Scoop's observer reports reach players in es/en/zh (ui/games/scoop/texts.py through
ui.hosting.report_text, as the app's message line and the camera session use them):
every report key the observer emits has its own words in each language, story types
and spaces named, money in the language's format, never an internal id."""

from __future__ import annotations

import re

import pytest

from companion import registry
from companion.games.scoop import engine
from companion.observing import Report
from ui import hosting
from ui.games.scoop import texts as T

KEYS = {
    "scoop.dial": (("player", "Ana"), ("number", 9)),
    "scoop.answer": (("player", "Ana"), ("question", "choose")),
    "scoop.lay_story": (("player", "Ana"), ("story", "crime"), ("signal", "ok")),
    "scoop.incomplete": (("cards", 2),),
    "scoop.not_your_turn": (("seat", 2), ("player", "Ana")),
    "scoop.refused": (("reason", "x"),),
    "scoop.page_differs": (("player", "Ana"), ("space", "ad-fashion"), ("seen", ()), ("game", (1200,))),
}


def test_every_observer_report_key_is_worded():
    import companion.games.scoop.observer as obs

    src = open(obs.__file__, encoding="utf-8").read()
    found = set(re.findall(r'"(scoop\.[a-z_]+)"', src))
    assert {k for k in found if k not in KEYS and f"rule.{k}" not in T.WORDS} == set()  # reports, refusal kinds
    assert set(KEYS) <= found


@pytest.mark.parametrize("key", sorted(KEYS))
def test_each_report_in_three_languages(key):
    setup, _ = engine.random_game(1, 3)
    state = engine.new_game_from_dict(setup)
    rep = Report("info", key, "ENGLISH FALLBACK", "", KEYS[key])
    spec = registry.get("scoop")
    texts = {lang: hosting.report_text(spec, rep, state, lang) for lang in ("es", "en", "zh")}
    assert all(texts.values()) and len(set(texts.values())) == 3, texts
    assert not any("ENGLISH" in t or "ad-" in t or "_" in t for t in texts.values()), texts
    if key == "scoop.page_differs":
        assert "1.200\xa0$" in texts["es"] and "$1,200" in texts["en"] and "时装" in texts["zh"]
    if key == "scoop.lay_story":
        assert "Sucesos" in texts["es"] and "犯罪" in texts["zh"]


def test_every_word_has_es_en_zh():
    for key, row in T.WORDS.items():
        assert set(row) == {"es", "en", "zh"} and all(row.values()), key


def test_words_come_from_the_gettext_catalogs_with_their_plurals():
    """Scoop's screen and dial texts are declared for gettext (scoop.* contexts) and
    read from ui/locale like every other game's, counts by the language's plural
    rules (LEFTOVERS uipolish 7)."""
    from ui import i18n
    from ui.games.scoop import dial_vm

    declared = i18n.declared()
    assert all(f"scoop.{k}" in declared for k in T.WORDS)
    assert all(f"scoop.dial.{k}" in declared for k in dial_vm.WORDS)
    assert [T.tr("b.cards", lang, n=n) for lang in ("en", "es", "zh") for n in (1, 2)] == \
        ["1 card", "2 cards", "1 carta", "2 cartas", "1 张牌", "2 张牌"]
    assert T.tr("player_line", "es", p="Ana", cash="1.200 $", n=1) == "Ana: 1.200 $, 1 carta"
    assert T.kind_name("ad-travel", "es") == "Anuncio de viajes" and T.kind_name("ad-travel", "zh") == "旅游广告"
    assert dial_vm.word("card", "zh", ok=f"4{dial_vm.word('or', 'zh')}7") == "你的电话牌：4 或 7"
    assert T.tr("b.claim", "fr") == "Claim a story or advert"   # an unknown language reads English


@pytest.mark.parametrize("key", ["scoop.dial", "scoop.answer", "scoop.lay_story", "scoop.page_differs"])
def test_a_player_with_no_typed_name_is_named_by_the_colour_in_the_language(key):
    """The observer names a player with no typed name by colour code ("green"): the
    message line says the colour in the players' language ("green: marca el 0" was on
    a Spanish screen; found by a fresh user)."""
    setup, _ = engine.random_game(1, 3)
    state = engine.new_game_from_dict(setup)
    params = tuple(("player", "green") if k == "player" else (k, v) for k, v in KEYS[key])
    rep = Report("info", key, "ENGLISH FALLBACK", "", params)
    spec = registry.get("scoop")
    texts = {lang: hosting.report_text(spec, rep, state, lang) for lang in ("es", "en", "zh")}
    assert "Verde" in texts["es"] and "Green" in texts["en"] and "绿" in texts["zh"], texts
    assert not any("green" in t for t in texts.values()), texts
