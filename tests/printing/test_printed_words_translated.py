"""What reaches paper is in the players' language: no internal game id, Pergamon's
data-file notes worded in es/zh around the file's name, counts with CLDR plurals."""

from __future__ import annotations

from dataclasses import replace

import pytest

from printing import i18n


def _texts(img) -> str:
    return " | ".join(b["text"] for b in img.info["text_blocks"])


def test_an_internal_game_id_is_never_printed_a_dated_one_is_a_localised_date():
    assert i18n.game_when("turin-market-4p", "es") == ""
    assert i18n.game_when("g", "zh") == ""
    es = i18n.game_when("turin-market-20261201-031700", "es")
    zh = i18n.game_when("turin-market-20261201-031700~2", "zh")
    assert es.startswith("Partida empezada el ") and "2026" in es and "turin" not in es
    assert zh.startswith("对局开始于") and "2026" in zh and "turin" not in zh


@pytest.mark.parametrize("lang", ["es", "en", "zh"])
def test_turin_receipts_print_no_game_id(lang):
    from companion.games import turin_market as tm
    from printing.games.turin_market.pages import render_payout_receipt, render_round_receipt

    setup, actions = tm.random_game(3, 4)
    s = tm.new_game_from_dict(setup)
    for a in actions:
        s = tm.apply(s, a)
    for img in (render_round_receipt(s, 1, lang, 384, "turin-market-4p"),
                render_payout_receipt(s, lang, 384, "turin-market-4p")):
        text = _texts(img)
        assert "turin-market-4p" not in text and "Game " not in text


@pytest.mark.parametrize("lang,words", [("es", "Puntos del plano y fichas son estimaciones nuestras"),
                                        ("zh", "平面图分数和发现物为我们的估计"),
                                        ("en", "Plan points and tiles are our estimates")])
def test_pergamon_sources_are_said_in_translated_words_without_the_file(lang, words):
    from companion.games import pergamon as pg
    from printing.games.pergamon.pages import evaluations, render_evaluation_receipt, render_final_ranking

    setup, actions = pg.random_game(4, 3)
    s = pg.new_game_from_dict(setup)
    for a in actions:
        s = pg.apply(s, a)
    s = replace(s, players=tuple(replace(p, name=n) for p, n in zip(s.players, ("Anna", "Ben", "Cleo"))))
    ev = evaluations(s)[0]
    assert "companion/games/pergamon/data/rules.json: plan_vp (unverified)" in ev.sources  # the engine's note
    for img in (render_evaluation_receipt(s, ev, lang, 384, "g"), render_final_ranking(s, lang, 384, "g")):
        text = _texts(img)
        assert "rules.json" not in text and "tiles.csv" not in text and words in text  # no file on paper
        assert "plan_vp" not in text and "(unverified)" not in text and "companion/games" not in text


@pytest.mark.parametrize("lang,one,two", [("en", "1 story", "2 stories"), ("es", "1 noticia", "2 noticias"),
                                          ("zh", "1 篇报道", "2 篇报道")])
def test_printed_story_counts_take_the_cldr_plural_form(lang, one, two):
    assert i18n.label("stories", lang, n=1) == one
    assert i18n.label("stories", lang, n=2) == two
