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


@pytest.mark.parametrize("game,lang", [("pergamon", "en"), ("pergamon", "es"), ("turin-market", "zh")])
def test_demo_breakdown_per_step_in_the_games_words(game, lang):
    """A game with no scoring_text of its own (Pergamon, Turin Market) still gets a
    breakdown of each step that scored in the demo: the players as named everywhere,
    the change, the sheet's lines new since, and the total adding up."""
    from companion.journal import total_scores
    from play.demo import step_scores_text

    spec = registry.get(game)
    rules, state = _state(game, 3)
    _setup, actions = rules.random_game(7, 3)
    told = 0
    for a in actions:
        after = rules.apply(state, a)
        text = step_scores_text(rules, spec, state, after, lang)
        if total_scores(after) != total_scores(state) and not after.is_over:
            names = [s.name for s in rules.score_sheet(after, lang).seats]
            rows = text.splitlines()[1:]
            changed = [i for i, (x, y) in enumerate(zip(total_scores(state), total_scores(after))) if x != y]
            assert [r.split(":")[0].strip() for r in rows] == [names[i] for i in changed], text
            for i, row in zip(changed, rows):
                assert f"{total_scores(after)[i] - total_scores(state)[i]:+d}" in row
                assert spec.count(total_scores(after)[i], lang) in row
            told += 1
        else:
            assert text == ""
        state = after
    assert told >= 2


@pytest.mark.parametrize("lang", ["es", "zh"])
def test_penny_press_filled_in_paper_names_are_printed_in_the_pages_language(lang):
    """The paper names the tools and recordings fill in (tools.PAPERS) are printed in
    the page's language; a name the players typed is printed as typed."""
    from companion.games.penny_press.tools import PAPERS
    from printing.i18n import given_paper
    from printing.pages import PageRequest, make_pages

    assert given_paper("Diario de Ana", lang) == "Diario de Ana"
    rules = registry.rules_module("penny-press")
    setup, actions = rules.random_game(5, 3)
    state = rules.new_game_from_dict(setup)
    for a in actions:
        state = rules.apply(state, a)
    r = state.press_results[0]
    paper = state.players[r.player].paper
    assert paper in PAPERS and given_paper(paper, lang) not in ("", paper)
    page = make_pages("penny-press", state, PageRequest("press", press=1, lang=lang, game_id="g"))[0]
    text = "\n".join(ln[0] for b in page.image.info["text_blocks"] for ln in b["lines"])
    assert given_paper(paper, lang) in text and paper not in text


@pytest.mark.parametrize("lang", ["es", "zh"])
def test_penny_press_read_aloud_says_filled_in_paper_names_in_the_players_language(lang):
    """`companion demo`'s press lines (texts.press_text) say a filled-in paper name in
    the players' language, as the printed page does; a typed one as typed."""
    from companion.games.penny_press.texts import paper_words, press_text
    from companion.games.penny_press.tools import PAPERS
    from printing.i18n import given_paper

    assert paper_words("Diario de Ana", lang) == "Diario de Ana" and paper_words("", lang) == ""
    rules = registry.rules_module("penny-press")
    setup, actions = rules.random_game(5, 3)
    state = rules.new_game_from_dict(setup)
    for a in actions:
        state = rules.apply(state, a)
    r = state.press_results[0]
    paper = state.players[r.player].paper
    assert paper in PAPERS
    said = press_text(state, r, lang)
    assert paper_words(paper, lang) == given_paper(paper, lang) and given_paper(paper, lang) in said
    assert paper not in said
