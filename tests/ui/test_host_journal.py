"""A hosted game's taps (ui.hosting.GameHost.apply) when its journal cannot be written
now: a busy file or the game open on another screen is refused in the players'
words by the shell for every hosted game (never the game's "the rules do not allow
it" nor the English error), nothing changes, and the tap goes in once it can."""

from __future__ import annotations

import pytest

from companion import registry
from companion.journal import Journal, JournalBusy
from ui import hosting
from ui.viewmodels.protocol import PlayerSetup

HOSTED = [g for g in sorted(registry.games()) if hosting.by_taps(registry.get(g))]
PLAYERS = [PlayerSetup("red", "Ana"), PlayerSetup("blue", "Bo")]


def _first_legal(host):
    rules = host.journal.rules
    return rules.legal_actions(host.state)[0]


@pytest.mark.parametrize("gid", HOSTED)
def test_a_tap_on_a_busy_file_is_refused_in_words_and_goes_in_after(tmp_path, monkeypatch, gid):
    host = hosting.open_game(registry.get(gid), PLAYERS, "es", tmp_path, seed=5)
    action = _first_legal(host)
    real = Journal._write_all

    def busy(journal, rows):
        raise JournalBusy(journal.path, "write the game journal", [("sqlitebrowser", 77)])

    monkeypatch.setattr(Journal, "_write_all", busy)
    state = host.state
    text = host.apply(action)
    assert host.state is state
    assert "sqlitebrowser" in text and "77" not in text and "archivo de la partida" in text
    monkeypatch.setattr(Journal, "_write_all", real)
    assert host.apply(action) is None and len(host.journal.actions()) == 1
    host.journal.close()


@pytest.mark.parametrize("gid", HOSTED)
def test_a_game_resumed_on_a_second_screen_is_watched_until_the_first_closes(tmp_path, gid):
    first = hosting.open_game(registry.get(gid), PLAYERS, "en", tmp_path, seed=5)
    path = first.journal.path
    second = hosting.open_game(registry.get(gid), PLAYERS, "zh", tmp_path, resume=path)
    assert second.journal.watching is not None
    action = _first_legal(second)
    text = second.apply(action)
    assert "另一个屏幕" in text and len(Journal.open(path, readonly=True).actions()) == 0
    first.journal.close()
    assert second.apply(action) is None  # the first screen closed the game: this one plays it
    second.journal.close()
    assert len(Journal.open(path, readonly=True).actions()) == 1
