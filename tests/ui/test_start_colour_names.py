"""A colour's name is no player's name (issue 29, "players named the same way in
every language"): the start screen fills a recording's players in with their colour
in the screen's language (红, Rojo); that word must not become a saved player, a
name in the journal or a name shown in another language."""

from __future__ import annotations

import pytest

from companion.naming import given_name
from ui.viewmodels.start import StartVM, colour_word


def test_colour_words_in_any_language_are_colours_not_names():
    assert colour_word("红") == "red" and colour_word("Rojo") == "red" and colour_word(" blue ") == "blue"
    assert colour_word("Blue", "blue") == "blue" and colour_word("Blue", "red") is None
    assert colour_word("Ana") is None and colour_word("Rosa") is None
    assert given_name("red") == "" and given_name("Ana") == "Ana"


@pytest.mark.parametrize("lang", ["zh", "es", "en"])
def test_a_recordings_prefilled_colours_are_not_saved_nor_journalled_as_names(tmp_path, lang):
    vm = StartVM(lang, journal_dir=tmp_path)
    vm.players_path = tmp_path / "players.json"
    vm.choose_recording("penny-press-3p")
    shown = [p.name for p in vm.players]
    assert all(colour_word(n, p.colour) for n, p in zip(shown, vm.players))   # filled in, in lang
    cfg = vm.config()
    assert [p.name for p in cfg.players] == [p.colour for p in vm.players]     # the app's "no name"
    assert all(p.paper == "" or p.paper != p.name for p in cfg.players)
    vm.remember_players()
    assert not vm.players_path.exists() or _saved(vm.players_path) == []


def _saved(path):
    import json

    return [r for r in json.loads(path.read_text(encoding="utf-8")) if r.get("name")]


def test_a_typed_name_is_kept_and_saved(tmp_path):
    vm = StartVM("zh", journal_dir=tmp_path)
    vm.players_path = tmp_path / "players.json"
    vm.choose_recording("penny-press-3p")
    vm.players[0] = vm.players[0].__class__(vm.players[0].colour, "Ana", "")
    cfg = vm.config()
    assert cfg.players[0].name == "Ana" and cfg.players[0].paper == "Ana"
    vm.remember_players()
    assert [r["name"] for r in _saved(vm.players_path)] == ["Ana"]


def test_an_older_saved_list_with_colour_words_offers_none_of_them(tmp_path):
    import json

    path = tmp_path / "players.json"
    path.write_text(json.dumps([{"name": "红", "colour": "red"}, {"name": "Ana", "colour": "blue"}]), encoding="utf-8")
    vm = StartVM("es", journal_dir=tmp_path)
    vm.players_path = path
    assert [p.name for p in vm.saved_players()] == ["Ana"]
