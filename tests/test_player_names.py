"""Players are named the same way everywhere and in every language (issue 29, words29
item 1): a typed name, else the colour's name in the language; never a filled-in
English ``Player 2`` nor a bare seat number (companion.naming.player_name)."""

from __future__ import annotations

import re

import pytest

from companion import naming, registry

PLACEHOLDER = re.compile(r"player\s*\d|jugador\s*\d|玩家\s*\d", re.IGNORECASE)
BLUE = {"es": "azul", "en": "blue", "zh": "蓝"}


@pytest.mark.parametrize("lang", ["es", "en", "zh"])
def test_the_rule(lang):
    assert naming.player_name("Ana", "blue", 1, lang) == "Ana"
    assert naming.player_name("Player 2", "blue", 1, lang) == BLUE[lang]
    assert naming.player_name("", "blue", 1, lang) == BLUE[lang]
    assert "2" in naming.player_name("", "", 1, lang)   # no colour at all: the seat, counted from 1


def _state(game: str, n: int):
    rules = registry.rules_module(game)
    setup, _actions = rules.random_game(7, n)
    for p in setup["players"]:
        p["name"] = ""      # nobody typed a name
    return rules, rules.new_game_from_dict(setup)


@pytest.mark.parametrize("game", registry.ids())
@pytest.mark.parametrize("lang", ["es", "en", "zh"])
def test_every_game_names_seats_by_colour(game, lang):
    spec = registry.get(game)
    rules, state = _state(game, spec.min_players)
    names = [s.name for s in rules.score_sheet(state, lang).seats]
    assert len(set(names)) == len(names)
    for name in names:
        assert not PLACEHOLDER.search(name), (game, lang, names)
        assert not name.strip().isdigit()


@pytest.mark.parametrize("lang", ["es", "en", "zh"])
def test_turin_market_seats_take_their_areas_colour(lang):
    from companion.games.turin_market.tags import COLOURS
    from companion.games.turin_market.texts import player_name
    from printing.games.turin_market.pages import who as _name

    _rules, state = _state("turin-market", 4)
    for seat in range(4):
        want = naming.player_name("", COLOURS[seat], seat, lang)
        assert player_name(state, seat, lang) == want
        assert _name(state, seat, lang) == want


@pytest.mark.parametrize("lang", ["es", "en", "zh"])
def test_pergamon_receipt_names_as_the_demo(lang):
    from companion.games.pergamon.texts import player_name
    from printing.games.pergamon.pages import _who

    _rules, state = _state("pergamon", 3)
    for seat in range(3):
        assert _who(state, seat, lang) == player_name(state, seat, lang)
        assert _who(state, seat, lang) == naming.player_name("", state.players[seat].colour, seat, lang)


def test_play_through_report_names_each_seat():
    from play.demo import load_recording
    from play.recordings import recording_dir
    from ui.playthrough import seat_names

    rec = load_recording(recording_dir("pergamon-3p"))
    assert seat_names(rec, None, 3, "es") == ["rojo", "azul", "verde"]
    _rules, state = _state("turin-market", 4)
    rec = load_recording(recording_dir("turin-market-4p"))
    assert seat_names(rec, state, 4, "en") == ["red", "blue", "green", "yellow"]
