"""Penny Press read aloud (companion.games.penny_press.texts: press_text, final_text,
scoring_text): what `companion demo` prints as the game is played, in the players'
language, players named the same way in every language (issue 29)."""

from __future__ import annotations

import re
from types import SimpleNamespace as NS

import pytest

import companion.games.penny_press as pp
from companion.games.penny_press.texts import final_text, press_text, scoring_text


def finished(seed: int = 4, n: int = 3, names: bool = False):
    setup, actions = pp.random_game(seed, n)
    if not names:
        setup = dict(setup, players=[dict(p, name="") for p in setup["players"]])
    states = [pp.new_game_from_dict(setup)]
    for a in actions:
        states.append(pp.apply(states[-1], a))
    return states


def test_each_press_breakdown_adds_up_to_its_total():
    st = finished()[-1]
    for res in st.press_results:
        lines = press_text(st, res, "en").splitlines()
        amounts = [int(m.group(1)) for m in (re.search(r"\.+ ([+-]\d+)$", ln) for ln in lines[1:-1]) if m]
        total = int(re.search(r"\.+ (\d+)", lines[-1]).group(1))
        assert total == res.total
        assert sum(amounts) == res.total or any("floor" in ln for ln in lines)


def test_stories_are_named_as_players_see_their_tiles_never_by_id():
    st = finished()[-1]
    text = "\n".join(press_text(st, r, "en") for r in st.press_results)
    assert not re.search(r"\b[a-z]+-[A-D]\d\b", text)
    assert "★" in text


def test_scoring_text_tells_each_press_then_the_end():
    states = finished()
    told = [scoring_text(a, b, "en") for a, b in zip(states, states[1:])]
    presses = [t for t in told if t.startswith("Press ")]
    assert len(presses) == len(states[-1].press_results)
    assert told[-1].endswith(final_text(states[-1], "en"))
    assert sum(1 for t in told if "Final ranking:" in t) == 1
    assert all(t == "" for t in told if not t.startswith("Press ") and "Final ranking:" not in t)


@pytest.mark.parametrize("lang, colour", [("en", "red"), ("es", "rojo"), ("zh", "红")])
def test_players_without_names_are_named_by_colour_in_every_language(lang, colour):
    st = finished()[-1]
    text = "\n".join([press_text(st, r, lang) for r in st.press_results] + [final_text(st, lang)])
    assert colour in text and "Player" not in text and "Jugador" not in text and "玩家" not in text


def test_a_filled_in_player_n_is_no_name():
    states = finished(names=True)
    assert states[0].players[0].name.startswith("Player ")
    text = final_text(states[-1], "en")
    assert "Player" not in text and states[-1].players[0].colour in text


def test_given_names_are_kept():
    st = finished()[-1]
    named = NS(**{**st.__dict__, "players": tuple(NS(colour=p.colour, name=n, paper=p.paper)
                                                   for p, n in zip(st.players, ("Ana", "Bo", "Chen")))})
    out = final_text(named, "es")
    assert all(n in out for n in ("Ana", "Bo", "Chen"))


@pytest.mark.parametrize("lang, words", [("es", ("Clasificación final", "puntos", "Impresión 1")),
                                         ("zh", ("最终排名", "分", "第 1 次付印"))])
def test_scores_and_ranking_in_the_players_language(lang, words):
    st = finished(2)[-1]
    text = "\n".join([press_text(st, r, lang) for r in st.press_results] + [final_text(st, lang)])
    for w in words:
        assert w in text
    english = re.compile(r"\b(press|paper|claimed|placed|empty|total|bonus|ranking|winner|points?|stories|story|"
                         r"marker|nobody|exclusive|cells|floor|scoop|final|player)\b", re.IGNORECASE)
    leftovers = english.findall(text)
    same_in_spanish = {"total", "final", "bonus"} if lang == "es" else set()  # es: "bonus" (docs/rulings.md words)
    assert not [w for w in leftovers if w.lower() not in same_in_spanish], leftovers


def test_counts_take_their_plural_forms():
    players = (NS(name="Ana", colour="red", paper=""), NS(name="Bo", colour="blue", paper=""))
    st = NS(players=players, final=NS(bonuses=(), rank=[1, 2], scores=[1, 0], circulation=[1, 0], stories=[1, 2],
                                      winners=(0,)))
    out = final_text(st, "en")
    assert "1 point " in out and "1 story)" in out and "2 stories)" in out and "0 points" in out
