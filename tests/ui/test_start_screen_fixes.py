"""The start screen as a fresh user found it (issue 25, session 34): the player rows
and their count follow the game chosen at once; a saved game that cannot be read is
said in the resume list (in words, no file name) and not offered; a game resumed
where it can only be watched says so in words at the first move, never with the
file's path."""

from __future__ import annotations

import sqlite3

import pytest

from companion import registry
from companion.journal import Journal
from ui import hosting
from ui.viewmodels.protocol import PlayerSetup
from ui.viewmodels.start import StartVM

NAMES = ("Ana", "Bo", "Chen", "Dee", "Eli", "Fay")


def _six_in_scoop(lang="en"):
    vm = StartVM(lang)
    vm.choose_game("scoop")
    while len(vm.players) < 6:
        vm.add_player()
    for i, name in enumerate(NAMES):
        vm.set_player(i, name=name)
    vm.first_player = 5
    return vm


@pytest.mark.parametrize("lang, words", [("en", "2 to 4"), ("es", "de 2 a 4"), ("zh", "2 到 4")])
def test_the_rows_and_the_count_follow_the_game_at_once(lang, words):
    vm = _six_in_scoop(lang)
    assert vm.player_range() == (2, 6) and len(vm.players) == 6
    vm.choose_game("pergamon")  # 2-4 players
    assert [p.name for p in vm.players] == list(NAMES[:4])  # the rows past 4 go, the names typed stay
    assert len({p.colour for p in vm.players}) == 4
    assert words in vm.players_heading() and "6" not in vm.players_heading()
    assert not vm.can_add_player() and vm.first_player == 0  # who started was in a row that went
    assert vm.validate() == []  # nothing left to press Start for
    vm.choose_game("scoop")
    assert len(vm.players) == 4 and vm.can_add_player()  # rows are not made up on the way back


def test_the_heading_names_each_games_count():
    vm = StartVM("en")
    for gid in ("scoop", "pergamon", "turin-market"):
        vm.choose_game(gid)
        spec = registry.get(gid)
        assert vm.players_heading() == f"Players · {spec.min_players} to {spec.max_players}"


def _journal(folder, name, gid="pergamon"):
    spec = registry.get(gid)
    setup, actions = spec.rules_module().random_game(3, spec.min_players)
    with Journal.create(folder / name, gid, setup) as j:
        j.append(actions[0])
    return folder / name


@pytest.mark.parametrize("lang, words", [("en", "could not be read"), ("es", "No se pudo leer"),
                                         ("zh", "无法读取")])
def test_a_damaged_saved_game_is_said_not_offered_and_the_rest_still_listed(tmp_path, lang, words):
    good = _journal(tmp_path, "pergamon-20260301-200000.sqlite")
    bad = tmp_path / "scoop-20260302-210000.sqlite"
    bad.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 8)  # a journal's head, then garbage
    vm = StartVM(lang, journal_dir=tmp_path)
    assert vm.resumable() == [good]  # the damaged one is never offered
    text = vm.unreadable_text()
    assert words in text and "1" in text
    assert bad.name not in text and bad.stem not in text and "/" not in text and ".sqlite" not in text
    assert "Pergamon" in vm.resume_label(good) or lang != "en"
    (tmp_path / "more.sqlite").write_bytes(b"not a journal at all")
    vm.resumable()
    assert "2" in vm.unreadable_text()  # counted, in the plural


def test_nothing_is_said_when_every_saved_game_reads(tmp_path):
    _journal(tmp_path, "a.sqlite")
    vm = StartVM("en", journal_dir=tmp_path)
    assert len(vm.resumable()) == 1 and vm.unreadable_text() == ""


PLAYERS = [PlayerSetup("red", "Ana"), PlayerSetup("blue", "Bo")]


def _first_legal(host):
    return host.journal.rules.legal_actions(host.state)[0]


@pytest.mark.parametrize("gid", ["pergamon", "turin-market", "scoop"])
@pytest.mark.parametrize("lang, words", [("en", "only be watched"), ("es", "solo se puede seguir"),
                                         ("zh", "只能观看")])
def test_a_file_that_may_only_be_read_says_so_at_the_first_move_without_its_path(tmp_path, gid, lang, words):
    """The journal's file refuses writes (SQLite's own read-only refusal, as for a file
    the app may not write): the first move is refused in words, nothing changes."""
    first = hosting.open_game(registry.get(gid), PLAYERS, lang, tmp_path, seed=5)
    path = first.journal.path
    first.journal.close()
    host = hosting.open_game(registry.get(gid), PLAYERS, lang, tmp_path, resume=path)
    host.journal._conn.close()
    host.journal._conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)  # writes refused by SQLite
    state = host.state
    text = host.apply(_first_legal(host))
    assert text and words in text
    assert str(path) not in text and path.name not in text and "/" not in text and ".sqlite" not in text
    assert host.state is state
    host.journal._conn.close()


@pytest.mark.parametrize("lang, words", [("en", "only be watched"), ("es", "solo se puede seguir"),
                                         ("zh", "只能观看")])
def test_a_journal_opened_only_to_read_refuses_moves_in_words(tmp_path, lang, words):
    first = hosting.open_game(registry.get("pergamon"), PLAYERS, lang, tmp_path, seed=5)
    path = first.journal.path
    first.journal.close()
    host = hosting.GameHost(Journal.open(path, readonly=True), lang, tuple(PLAYERS))
    text = host.apply(_first_legal(host))
    assert words in text and path.name not in text and "/" not in text


def test_a_game_watched_from_a_second_screen_says_so_without_a_path(tmp_path):
    first = hosting.open_game(registry.get("pergamon"), PLAYERS, "es", tmp_path, seed=5)
    path = first.journal.path
    second = hosting.open_game(registry.get("pergamon"), PLAYERS, "es", tmp_path, resume=path)
    text = second.apply(_first_legal(second))
    assert "otra pantalla" in text and path.name not in text and "/" not in text
    first.journal.close()
    second.journal.close()


def test_a_journal_error_without_words_of_its_own_never_shows_the_path(tmp_path):
    from companion.journal import JournalError
    from ui import i18n

    exc = JournalError(f"{tmp_path}/g.sqlite: cannot read the game journal: something new")
    for lang in ("en", "es", "zh"):
        text = i18n.error_text(exc, lang)
        assert "g.sqlite" not in text and str(tmp_path) not in text and text

