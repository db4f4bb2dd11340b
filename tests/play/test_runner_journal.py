"""The camera loop when the journal cannot be written (play.runner.GameRunner.feed):
a busy file keeps the still tables and reads them again once it can be written, so
no move is lost; a game open on another screen is watched. Issue 26 item 1."""

from __future__ import annotations

from pathlib import Path

import pytest

import companion.games.penny_press as pp
import companion.journal as journal_mod
from companion.games.penny_press.observer import game_snapshots
from companion.journal import Journal, JournalBusy
from companion.observing import SetupRequest
from companion.table import TableSnapshot
from play.runner import GameRunner


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """(setup, the journal's action dicts when nothing is busy, still snapshots, the
    final state)."""
    setup, actions = pp.random_game(23, 3)
    truth = pp.new_game_from_dict(setup)
    for a in actions:
        truth = pp.apply(truth, a)
    snaps = game_snapshots(setup, actions)
    plain = _runner(setup, tmp_path_factory.mktemp("plain") / "g.sqlite")
    for snap in snaps:
        plain.feed(snap)
    journalled = [pp.action_to_dict(a) for a in plain.journal.actions()]
    plain.journal.close()
    assert len(journalled) == len(actions)
    return setup, journalled, snaps, truth


def _runner(setup, path):
    return GameRunner(None, game="penny-press", journal_path=path,
                      setup=SetupRequest(tuple(setup["players"]), setup["first_player"], setup))


class Busy:
    """Makes every journal write raise JournalBusy while ``on`` (another program
    holding the file), as SQLite's busy timeout does."""

    def __init__(self, monkeypatch):
        self.on = False
        self.refused = 0
        real = Journal._write_all

        def write_all(journal, rows):
            if self.on:
                self.refused += 1
                raise JournalBusy(journal.path, "write the game journal", [("sqlitebrowser", 99)])
            return real(journal, rows)

        monkeypatch.setattr(Journal, "_write_all", write_all)


@pytest.mark.parametrize("start,tables,frames", [(3, 1, 2), (7, 2, 1), (12, 4, 3), (20, 1, 6), (30, 6, 2)])
def test_a_busy_file_loses_no_move_even_when_the_table_moves_on(tmp_path, monkeypatch, played, start, tables,
                                                                 frames):
    """The file is busy from still table ``start`` for ``tables`` tables (the players
    play on meanwhile), each table seen for ``frames`` still frames with a hand in
    between: every move is recorded in order once the file can be written, the
    players told once what holds it and once that it is free."""
    setup, actions, snaps, truth = played
    busy = Busy(monkeypatch)
    runner = _runner(setup, tmp_path / "g.sqlite")
    reports = []
    for i, snap in enumerate(snaps):
        busy.on = start <= i < start + tables
        for _ in range(frames):
            reports += [s.report for s in runner.feed(snap) if s.report is not None]
        runner.feed(TableSnapshot(snap.t, snap.sightings, still=False))  # a hand over the table
    busy.on = False
    for _ in range(2):
        reports += [s.report for s in runner.feed(snaps[-1]) if s.report is not None]
    assert busy.refused > 0
    assert runner.state.is_over and runner.state.scores == truth.scores
    with Journal.open(tmp_path / "g.sqlite", readonly=True) as j:
        assert [pp.action_to_dict(a) for a in j.actions()] == actions
    keys = [r.key for r in reports]
    assert keys.count("journal_busy") == 1 and keys.count("journal_free") == 1
    assert not [r for r in reports if r.level == "error"], reports
    said = next(r for r in reports if r.key == "journal_busy")
    assert dict(said.params)["program"] == "sqlitebrowser"


def test_the_app_says_what_holds_the_file_in_the_players_language(tmp_path, monkeypatch, played):
    from ui import i18n

    setup, _actions, snaps, _truth = played
    busy = Busy(monkeypatch)
    runner = _runner(setup, tmp_path / "g.sqlite")
    runner.feed(snaps[0])
    busy.on = True
    said = [s.report for s in runner.feed(snaps[1]) if s.report is not None]
    texts = {lang: i18n.report_text(said[0].key, said[0].params, lang, said[0].text) for lang in ("es", "en", "zh")}
    assert len(set(texts.values())) == 3 and all("sqlitebrowser" in t for t in texts.values())
    assert all(str(tmp_path) not in t for t in texts.values())


def test_a_game_open_on_another_screen_is_watched_and_followed(tmp_path, played):
    """A second runner on a game another screen writes: it says so once, follows the
    writer's moves, writes none, and takes over once the other screen closes."""
    setup, actions, snaps, truth = played
    path = tmp_path / "g.sqlite"
    writer = _runner(setup, path)
    for snap in snaps[:6]:
        writer.feed(snap)
    watcher = GameRunner(Journal.open(path))
    assert watcher.journal.watching is not None
    said = [s.report.key for s in watcher.feed(snaps[5]) if s.report is not None]
    assert said == ["game_open_elsewhere"]
    for snap in snaps[6:10]:
        writer.feed(snap)
        steps = watcher.feed(snap)
        assert not [s for s in steps if s.action is not None]
        assert len(watcher.journal.actions()) == len(writer.journal.actions())
    writer.journal.close()
    for snap in snaps[10:]:
        watcher.feed(snap)
    assert watcher.journal.watching is None and watcher.state.is_over and watcher.state.scores == truth.scores
    watcher.journal.close()
    with Journal.open(path, readonly=True) as j:
        assert [pp.action_to_dict(a) for a in j.actions()] == actions


def test_busy_wait_is_short_enough_for_the_camera_loop():
    """The camera loop retries on the next still frame: one try waits seconds, not
    the 5 s of SQLite's default, so the live picture never stalls long."""
    assert 0 < journal_mod.BUSY_WAIT_S <= 3


def test_a_players_entry_on_a_busy_file_is_entered_again_with_the_next_frame(tmp_path, monkeypatch):
    """`companion demo`'s recorded entries (apply_entries: e.g. Turin Market's bids
    revealed in the app): one the file refuses for now stays due, then goes in."""
    import json

    from play.demo import apply_entries
    from play.recordings import recording_dir

    rec = json.loads((recording_dir("turin-market-4p") / "recording.json").read_text())
    entries = [e for e in rec["entries"] if "action" in e and int(e["index"]) == 0][:1]
    assert entries
    runner = GameRunner(Journal.create(tmp_path / "g.sqlite", "turin-market", rec["setup"]))
    busy = Busy(monkeypatch)
    busy.on = True
    assert apply_entries(runner, entries, 0) == 0 and len(runner.journal.actions()) == 0
    busy.on = False
    assert apply_entries(runner, entries, 0) == 1 and len(runner.journal.actions()) == 1
    runner.journal.close()


def test_a_move_read_against_a_game_changed_meanwhile_is_read_again_never_twice(tmp_path, monkeypatch, played):
    """The watched screen wrote the move and closed the game after this screen's last
    look: the move this screen read from its table is checked against the real game
    at once (JournalChanged), found there already, and not written again."""
    setup, actions, snaps, truth = played
    path = tmp_path / "g.sqlite"
    writer = _runner(setup, path)
    for snap in snaps[:5]:
        writer.feed(snap)
    watcher = GameRunner(Journal.open(path))
    watcher.feed(snaps[4])
    monkeypatch.setattr(watcher.journal, "refresh", lambda: 0)  # it does not look before the move
    writer.feed(snaps[5])
    writer.journal.close()
    written = len(Journal.open(path, readonly=True).actions())
    steps = watcher.feed(snaps[5])
    assert not [s for s in steps if s.action is not None]  # nothing written: the game had it
    assert watcher.journal.watching is None and len(watcher.journal.actions()) == written
    with Journal.open(path, readonly=True) as j:
        assert [pp.action_to_dict(a) for a in j.actions()] == actions[:written]
    for snap in snaps[6:]:
        watcher.feed(snap)
    assert watcher.state.is_over and watcher.state.scores == truth.scores
    watcher.journal.close()
    with Journal.open(path, readonly=True) as j:
        assert [pp.action_to_dict(a) for a in j.actions()] == actions
