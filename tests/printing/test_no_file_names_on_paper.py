"""Printed pages speak to players: no data file's name on paper (issue 29). A value
that rests on unverified data is said to be our estimate in the page's language; the
files it comes from are named where developers read them: `companion print`'s note
on stderr (and each game's docs page)."""

from __future__ import annotations

import re

import pytest

from companion import registry
from companion.cli import main

FILE_NAME = re.compile(r"\b[\w-]+\.(?:json|csv|sqlite|py)\b|\bdata/|companion/games")
ESTIMATES = {"en": "our estimates", "es": "estimaciones nuestras", "zh": "我们的估计"}


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    base = tmp_path_factory.mktemp("games")
    out = {}
    for game in registry.games():
        path = base / f"{game}.sqlite"
        assert main(["sample", str(path), "--game", game, "--players", "3", "--seed", "5"]) == 0
        out[game] = path
    return out


def _texts(img) -> str:
    return " ".join(b["text"] for b in img.info.get("text_blocks", ()))


@pytest.mark.parametrize("lang", ["en", "es", "zh"])
def test_no_page_of_any_game_names_a_data_file(games, lang):
    from companion.commands import load_game
    from printing.pages import PageRequest, make_pages

    said = 0
    for game, path in games.items():
        state = load_game(path).state
        for what in ("all", "final"):
            for name, img in make_pages(game, state, PageRequest(what, lang=lang, width=384, game_id="g")):
                text = _texts(img)
                assert text, f"{name}: the page records what it draws"
                assert not FILE_NAME.search(text), f"{game} {name} ({lang}): {FILE_NAME.search(text)[0]!r} in {text}"
                said += ESTIMATES[lang] in text
    assert said >= 3   # Scoop, Pergamon and Turin Market say which values are estimates


def test_print_says_nothing_of_data_files_to_players(games, tmp_path, capsys):
    """Players read what `companion print` says: no developer note naming data files
    (docs/scoop.md, docs/pergamon.md and docs/turin-market.md name them for whoever
    edits them; issue 29)."""
    assert main(["print", str(games["scoop"]), "--final", "--out", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert "data/values.json" not in out + err and ".json" not in err and ".csv" not in err
