"""The game registry: one list of games, and every layer asks it (journal, CLI, printing)."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion import registry
from companion.cli import main
from companion.errors import CompanionError
from companion.journal import Journal, JournalError

OLD_JOURNAL = Path(__file__).parent / "data" / "penny-press-before-registry.sqlite"
GAME_IDS = registry.ids()


def test_every_registered_game_has_names_players_and_a_unique_tag_code():
    specs = registry.games()
    assert "penny-press" in specs
    assert len({s.tag_code for s in specs.values()}) == len(specs)
    for gid, spec in specs.items():
        assert spec.id == gid
        assert all(spec.name(lang) for lang in ("es", "en", "zh"))
        assert 1 <= spec.min_players <= spec.max_players
        assert registry.by_tag_code(spec.tag_code) is spec
        assert registry.get(gid) is spec


def test_unknown_game_names_the_known_ones():
    with pytest.raises(registry.UnknownGame) as exc:
        registry.get("chess")
    assert "penny-press" in str(exc.value)
    assert registry.by_tag_code("ZZ") is None


def test_picker_rows_are_in_the_players_language():
    rows = {r["id"]: r for r in registry.picker("zh")}
    assert rows["penny-press"]["name"] == "便士报"
    assert rows["penny-press"]["players"] == (2, 5)


def test_load_attr_reports_a_broken_registration():
    with pytest.raises(CompanionError, match="no_such_thing"):
        registry.load_attr("companion.registry:no_such_thing")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_game_keeps_the_rules_interface_through_the_journal(tmp_path, game_id):
    """Any registered game: a random legal game is journalled, reopened, exported and
    rebuilt from its record with the same scores; a bad action changes nothing."""
    spec = registry.get(game_id)
    rules = spec.rules_module()
    setup, actions = rules.random_game(3, spec.min_players)
    state = rules.new_game_from_dict(setup)
    for a in actions:
        state = rules.apply(state, a)
    assert state.is_over
    j = Journal.create(tmp_path / "g.sqlite", game_id, setup)
    for a in actions:
        j.append(rules.action_to_dict(a))
    assert list(j.state.scores) == list(state.scores)
    rec = j.export()
    assert rec["game"] == game_id
    j.close()
    again = Journal.open(tmp_path / "g.sqlite")
    assert again.game == game_id and list(again.state.scores) == list(state.scores)
    from companion.commands import journal_from_record

    rebuilt = journal_from_record(json.loads(json.dumps(rec)), tmp_path / "again.sqlite")
    assert rebuilt.game == game_id and list(rebuilt.state.scores) == list(state.scores)
    with pytest.raises(CompanionError):
        rules.action_from_dict({"action": "no-such-action", "player": 0})


def test_a_journal_written_before_the_registry_still_replays(tmp_path):
    """tests/data/penny-press-before-registry.sqlite was written by the journal code
    of main before the registry (random_game(5, 3)); it replays to the same game."""
    path = tmp_path / "old.sqlite"
    shutil.copy(OLD_JOURNAL, path)
    pp = registry.rules_module("penny-press")
    setup, actions = pp.random_game(5, 3)
    state = pp.new_game_from_dict(setup)
    for a in actions:
        state = pp.apply(state, a)
    j = Journal.open(path)
    assert j.game == "penny-press"
    assert j.state.is_over and list(j.state.scores) == list(state.scores)
    assert j.undo_barriers == {"draw_headline"}


def test_a_journal_without_a_recorded_game_is_penny_press(tmp_path):
    path = tmp_path / "old.sqlite"
    shutil.copy(OLD_JOURNAL, path)
    con = sqlite3.connect(str(path))
    con.execute("DELETE FROM meta WHERE key = 'game'")
    con.commit()
    con.close()
    assert Journal.open(path).game == "penny-press"


def test_a_journal_of_an_unknown_game_is_refused_clearly(tmp_path):
    path = tmp_path / "other.sqlite"
    shutil.copy(OLD_JOURNAL, path)
    con = sqlite3.connect(str(path))
    con.execute("UPDATE meta SET value = 'chess' WHERE key = 'game'")
    con.commit()
    con.close()
    with pytest.raises(JournalError, match="unknown game 'chess'"):
        Journal.open(path)


def test_cli_lists_games_and_writes_a_sample_of_any_game(tmp_path, capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    for gid in GAME_IDS:
        assert gid in out
    assert main(["sample", str(tmp_path / "s.sqlite"), "--game", "penny-press", "--players", "2"]) == 0
    assert Journal.open(tmp_path / "s.sqlite").game == "penny-press"
    with pytest.raises(SystemExit) as ex:  # a command line not understood (README: exit 2)
        main(["sample", str(tmp_path / "x.sqlite"), "--game", "chess"])
    assert ex.value.code == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
