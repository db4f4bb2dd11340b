"""The typed page request (printing.pages) and every game's pages module: one
contract for `companion print`, the demo and the app; the shared printing code
names no game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion import registry
from companion.errors import CompanionError
from printing.commands import player_seat
from printing.pages import DocumentError, NoSuchPage, Page, PageRequest, make_pages, pages_module, width_for

ROOT = Path(__file__).resolve().parents[2]


def _finished(game: str, seed: int = 3, players: int = 3):
    rules = registry.rules_module(game)
    setup, actions = rules.random_game(seed, players)
    state = rules.new_game_from_dict(setup)
    for a in actions:
        state = rules.apply(state, a)
    return state


@pytest.mark.parametrize("kw, match", [
    ({"what": "front"}, "unknown page request"),
    ({"what": "press"}, "a number of 1 or more"),
    ({"what": "press", "press": 0}, "a number of 1 or more"),
    ({"what": "final", "press": 2}, "goes with what='press'"),
    ({"what": "all", "player": -1}, "a seat number"),
    ({"what": "all", "lang": "fr"}, "unknown language"),
])
def test_a_request_no_game_can_answer_is_refused(kw, match):
    with pytest.raises(DocumentError, match=match):
        PageRequest(**kw)


def test_paper_width_goes_through_the_profile():
    assert (width_for(58), width_for(80)) == (384, 576)
    assert width_for(80, "TM-T88V") == 512  # 180 dpi: the profile's printable width
    with pytest.raises(CompanionError, match="58 or 80"):
        width_for(70)


@pytest.mark.parametrize("game", registry.ids())
def test_every_game_answers_a_request_with_pages_of_its_width(game):
    """Each game's pages module (GameSpec.pages): the final pages and every press
    page of a finished game, 1-bit and as wide as asked; a start page is either
    the game's own or a NoSuchPage in words (never another error)."""
    state = _finished(game)
    module = pages_module(game)
    assert len(module.colours(state)) == len(state.players)
    for width in (384, 512):
        for what in ("final", "all"):
            got = make_pages(game, state, PageRequest(what, lang="es", width=width, game_id="g"))
            assert got and all(isinstance(p, Page) and p.name.startswith("g-") for p in got)
            assert {(p.image.mode, p.image.width) for p in got} == {("1", width)}
    try:
        start = make_pages(game, state, PageRequest("start", game_id="g"))
    except NoSuchPage as exc:
        assert str(exc) and "--" not in str(exc)  # the players' words, no command-line option
    else:
        assert len(start) == 1


@pytest.mark.parametrize("game", registry.ids())
def test_a_press_the_game_does_not_have_is_no_such_page(game):
    state = _finished(game)
    with pytest.raises((NoSuchPage, DocumentError)):
        make_pages(game, state, PageRequest("press", press=99, game_id="g"))


def test_the_player_filter_is_a_seat():
    state = _finished("penny-press")
    seat = 1
    colour = state.players[seat].colour
    mine = make_pages("penny-press", state, PageRequest("all", player=seat, game_id="g"))
    assert mine and all(f"-{colour}-" in p.name for p in mine)
    everyone = make_pages("penny-press", state, PageRequest("all", game_id="g"))
    assert len(everyone) > len(mine)
    with pytest.raises(NoSuchPage, match="no seat 9"):
        make_pages("penny-press", state, PageRequest("all", player=8, game_id="g"))


def test_player_on_the_command_line_is_a_colour_or_a_seat_number():
    assert player_seat(None, ("red", "blue")) is None
    assert player_seat("Blue", ("red", "blue")) == 1
    assert player_seat("1", ("red", "blue")) == 0
    with pytest.raises(CompanionError, match=r"--player purple: .*a colour \(red, blue\) or a seat number 1\.\.2"):
        player_seat("purple", ("red", "blue"))
    with pytest.raises(CompanionError, match=r"use a seat number 1\.\.3$"):
        player_seat("red", ("", "", ""))  # a game whose seats have no colour


def test_shared_printing_code_names_no_game():
    """printing/ outside printing/games/<folder>/ names no registered game (id or
    package folder): a game's pages are found through GameSpec.pages."""
    names = set()
    for spec in registry.games().values():
        names |= {spec.id, spec.rules.split(".")[-1]}
    words = re.compile("|".join(re.escape(n) for n in sorted(names)), re.IGNORECASE)
    found = []
    for path in (ROOT / "printing").rglob("*.py"):
        if "games" in path.relative_to(ROOT / "printing").parts[:1]:
            continue
        for i, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            if words.search(line):
                found.append(f"{path.relative_to(ROOT)}:{i}: {line.strip()}")
    assert not found, "\n".join(found)
