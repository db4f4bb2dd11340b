"""One writer per journal, busy files, the file alone as the game, and listing that
never writes (companion.journal; issue 26 items 1 and 2). Every registered game."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import companion.journal as journal_mod
from companion import registry
from companion.journal import (Journal, JournalBusy, JournalChanged, JournalError, JournalInUse, lock_path,
                               readonly_connection, writer_of)

GAMES = sorted(registry.games())


def _game(gid: str, seed: int = 5):
    """(setup, [action dicts]) of a seeded random game of ``gid``, fewest players."""
    spec = registry.get(gid)
    rules = spec.rules_module()
    setup, actions = rules.random_game(seed, spec.min_players)
    return setup, [rules.action_to_dict(a) for a in actions]


def _files(folder: Path) -> dict:
    """Every file of ``folder``: name -> (size, mtime_ns, sha256)."""
    return {p.name: (p.stat().st_size, p.stat().st_mtime_ns, hashlib.sha256(p.read_bytes()).hexdigest())
            for p in sorted(folder.iterdir()) if p.is_file()}


#: A second program: opens the journal argv[1] for writing, appends the actions of
#: argv[2] (a JSON file, a list), says "ready" and holds it until stdin closes, then
#: appends argv[3]'s actions (if any) and closes it (or is killed before).
HOLDER = textwrap.dedent("""
    import json, sys
    from companion.journal import Journal
    j = Journal.open(sys.argv[1], watch=False)
    for a in json.load(open(sys.argv[2])):
        j.append(a)
    print("ready", len(j.actions()), flush=True)
    sys.stdin.read()
    for a in json.load(open(sys.argv[3])):
        j.append(a)
    j.close()
    print("closed", flush=True)
""")


def _holder(tmp_path, path, first, then=()):
    (tmp_path / "first.json").write_text(json.dumps(list(first)))
    (tmp_path / "then.json").write_text(json.dumps(list(then)))
    p = subprocess.Popen([sys.executable, "-c", HOLDER, str(path), str(tmp_path / "first.json"),
                          str(tmp_path / "then.json")], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    line = p.stdout.readline()
    assert line.startswith("ready"), line
    return p


@pytest.mark.parametrize("gid", GAMES)
def test_a_second_process_watches_and_its_move_is_checked_against_the_real_game(tmp_path, gid):
    """Two programs on one game: the second is told the game is open elsewhere and
    watches it; the writer's moves reach it; once the writer closes, the second's
    next move is written after the real last event, never a stale one."""
    setup, actions = _game(gid)
    path = tmp_path / "g.sqlite"
    Journal.create(path, gid, setup).close()
    holder = _holder(tmp_path, path, actions[:3], then=actions[3:4])
    try:
        other = Journal.open(path)  # the second screen
        assert other.watching is not None and other.watching.pid == holder.pid
        assert writer_of(path) == other.watching
        with pytest.raises(JournalInUse, match="open on another screen") as err:
            other.append(actions[3])
        assert err.value.key == "game_open_elsewhere" and str(holder.pid) not in str(err.value.values)
        assert len(other.actions()) == 3 and len(Journal.open(path, readonly=True).actions()) == 3
        holder.stdin.close()  # the writer plays action 3, then closes the game
        assert holder.stdout.readline().startswith("closed") and holder.wait(30) == 0
        assert writer_of(path) is None and not lock_path(path).exists()
        assert other.refresh() == 1 and len(other.actions()) == 4  # the watcher follows
        ev = other.append(actions[4])  # the real next move: written right after the real last event
        assert other.watching is None and writer_of(path) is not None and writer_of(path).here()
        assert ev.seq == max(e.seq for e in other.events)
        other.close()
    finally:
        if holder.poll() is None:
            holder.kill()
    with Journal.open(path, readonly=True) as j:  # the game replays: nothing was forked
        rules = j.rules
        kept = [rules.action_to_dict(a) for a in j.actions()]
    assert kept[:5] == [rules.action_to_dict(rules.action_from_dict(a)) for a in actions[:5]]


def test_a_second_open_in_the_same_process_watches_until_the_first_closes(tmp_path):
    setup, actions = _game("penny-press")
    path = tmp_path / "g.sqlite"
    first = Journal.create(path, "penny-press", setup)
    first.append(actions[0])
    second = Journal.open(path)
    assert second.watching is not None and second.watching.here()
    with pytest.raises(JournalInUse, match="this same program"):
        second.append(actions[1])
    with pytest.raises(JournalInUse):
        Journal.open(path, watch=False)
    first.append(actions[1])
    assert second.refresh() == 1
    first.close()
    second.append(actions[2])  # the first screen closed it: this one takes over
    second.close()
    assert len(Journal.open(path, readonly=True).actions()) == 3


def test_a_killed_writer_never_blocks_its_game(tmp_path):
    """The system drops a dead process's lock: its lock file stays, unlocked, and the
    next program opens the game for writing at once."""
    setup, actions = _game("scoop")
    path = tmp_path / "g.sqlite"
    Journal.create(path, "scoop", setup).close()
    holder = _holder(tmp_path, path, actions[:2])
    holder.send_signal(signal.SIGKILL)
    holder.wait(30)
    assert lock_path(path).exists() and writer_of(path) is None
    with Journal.open(path) as j:
        assert j.watching is None and len(j.actions()) == 2
        j.append(actions[2])
    assert not lock_path(path).exists()


@pytest.mark.parametrize("gid", GAMES)
def test_a_watcher_that_missed_the_writers_last_move_never_plays_it_twice(tmp_path, gid):
    """The writer plays a move and closes while the watcher has not looked yet; the
    watcher read the same move from its table against the game before it: its write
    takes the lock, finds the real last event newer, writes nothing and says the game
    changed (the move, legal again or not, is never written twice)."""
    setup, actions = _game(gid)
    path = tmp_path / "g.sqlite"
    writer = Journal.create(path, gid, setup)
    writer.append(actions[0])
    watcher = Journal.open(path)
    writer.append(actions[1])
    writer.close()
    with pytest.raises(JournalChanged):
        watcher.append(actions[1])
    assert len(watcher.actions()) == 2 and watcher.watching is None  # the real game, now its own
    watcher.append(actions[2])
    watcher.close()
    assert len(Journal.open(path, readonly=True).actions()) == 3


def test_a_write_after_another_program_wrote_is_read_again(tmp_path):
    """The lock does not stop a program that ignores it (a database browser editing
    the file): every write checks the journal's real last event inside its
    transaction, writes nothing when it is newer, and reads the events again."""
    setup, actions = _game("penny-press")
    path = tmp_path / "g.sqlite"
    j = Journal.create(path, "penny-press", setup)
    for a in actions[:4]:
        j.append(a)
    rules = j.rules
    con = sqlite3.connect(str(path))
    with con:
        con.execute("INSERT INTO events (kind, payload, source, at) VALUES ('action', ?, 'manual', ?)",
                    (json.dumps(rules.action_to_dict(rules.action_from_dict(actions[4]))), time.time()))
    con.close()
    state = j.state
    with pytest.raises(JournalChanged, match="changed elsewhere"):  # move 4 read against the old game
        j.append(actions[4])
    assert j.state is not state and len(j.actions()) == 5
    ev = j.append(actions[5])
    assert ev.seq == 7 and [e.seq for e in j.events] == list(range(1, 8))
    j.close()


def test_a_busy_file_writes_nothing_and_names_the_program_then_the_move_goes_in(tmp_path, monkeypatch):
    """Another program holds SQLite's write lock (BEGIN IMMEDIATE, as a database
    browser with an unsaved edit): the append waits BUSY_WAIT_S, raises JournalBusy
    (nothing written, state unchanged) naming that program, and the same move goes in
    once the lock is gone."""
    monkeypatch.setattr(journal_mod, "BUSY_WAIT_S", 0.2)
    setup, actions = _game("turin-market")
    path = tmp_path / "g.sqlite"
    j = Journal.create(path, "turin-market", setup)
    j.append(actions[0])
    locker = subprocess.Popen([sys.executable, "-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1], "
                               "isolation_level=None); c.execute('BEGIN IMMEDIATE'); print('locked', flush=True); "
                               "sys.stdin.read(); c.rollback()", str(path)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert locker.stdout.readline().strip() == "locked"
        state, events = j.state, j.events
        with pytest.raises(JournalBusy) as err:
            j.append(actions[1])
        assert j.state is state and j.events == events
        assert "nothing was written" in str(err.value)
        if Path("/proc/locks").exists():  # Linux names the program and its process
            assert err.value.holders and err.value.holders[0][1] == locker.pid
            assert err.value.key == "journal_busy" and err.value.values["program"]
    finally:
        locker.stdin.close()
        locker.wait(30)
    j.append(actions[1])
    assert len(j.actions()) == 2
    j.close()
    assert len(Journal.open(path, readonly=True).actions()) == 2


@pytest.mark.parametrize("gid", GAMES)
def test_the_file_alone_holds_every_committed_event(tmp_path, gid):
    """After every append a copy of the .sqlite alone (no -wal beside it: a backup,
    an SD card, a mail) replays to the same game."""
    setup, actions = _game(gid)
    path = tmp_path / "g.sqlite"
    j = Journal.create(path, gid, setup)
    side = journal_mod.secret_path(path)
    for i, a in enumerate(actions[:12]):
        j.append(a)
        assert j.whole_in_file
        copy = tmp_path / f"copy{i}" / "g.sqlite"
        copy.parent.mkdir()
        shutil.copyfile(path, copy)
        if side.exists():  # a secret kept beside the journal travels with it
            shutil.copyfile(side, journal_mod.secret_path(copy))
        with Journal.open(copy, readonly=True) as c:
            assert len(c.actions()) == i + 1 and c.events[-1].seq == j.events[-1].seq
    j.close()


def test_reading_changes_no_byte_of_a_live_a_killed_or_a_copied_game(tmp_path):
    """Read-only opens (replay, export, the resume list, a watcher) write, create
    and rewrite nothing: not the file, not its -wal, not its -shm."""
    setup, actions = _game("pergamon")
    folder = tmp_path / "games"
    folder.mkdir()
    path = folder / "g.sqlite"
    Journal.create(path, "pergamon", setup).close()
    holder = _holder(tmp_path, path, actions[:5])
    try:  # a live writer in another process
        before = _files(folder)
        with Journal.open(path, readonly=True) as r:
            assert len(r.actions()) == 5 and r.refresh() == 0
        assert _files(folder) == before
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(30)
    assert {"g.sqlite-wal", "g.sqlite-shm"} <= set(_files(folder))  # killed: its -wal and -shm stay
    before = _files(folder)
    for _ in range(3):
        with Journal.open(path, readonly=True) as r:
            assert len(r.actions()) == 5
    assert _files(folder) == before
    (folder / "g.sqlite-shm").unlink()  # a copied folder without the -shm index
    before = _files(folder)
    con = readonly_connection(path)
    assert con.execute("SELECT count(*) FROM events").fetchone()[0] == 6
    con.close()
    assert _files(folder) == before


def test_a_watcher_follows_the_writer_from_a_file_read_before_it_started(tmp_path):
    """A read-only journal opened while nobody wrote (read as immutable) still sees
    what a writer adds later (refresh looks again)."""
    setup, actions = _game("penny-press")
    path = tmp_path / "g.sqlite"
    Journal.create(path, "penny-press", setup).close()
    watcher = Journal.open(path, readonly=True)
    with Journal.open(path) as w:
        for a in actions[:3]:
            w.append(a)
        assert watcher.refresh() == 3
    with pytest.raises(JournalError, match="read-only"):
        watcher.append(actions[3])
    watcher.close()


def test_players_read_the_journal_refusals_in_their_language():
    """The app words both refusals from their key and values (es/en/zh), with the
    program named and never a process id."""
    from ui import i18n

    holder = journal_mod.Writer(4242, "tablet", "companion", time.time())
    busy = JournalBusy(Path("g.sqlite"), "write the game journal", [("sqlitebrowser", 4242)])
    for exc in (JournalInUse(Path("g.sqlite"), holder), busy):
        texts = {lang: i18n.error_text(exc, lang) for lang in ("es", "en", "zh")}
        assert len(set(texts.values())) == 3
        assert all("4242" not in t and "g.sqlite" not in t for t in texts.values())
    assert "another screen" in i18n.error_text(JournalInUse(Path("g.sqlite"), holder), "en")
    assert "sqlitebrowser" in i18n.error_text(busy, "zh")
    someone = JournalBusy(Path("g.sqlite"), "write the game journal")
    assert someone.key == "journal_busy_someone" and "g.sqlite" not in i18n.error_text(someone, "es")


def test_a_watcher_reading_as_the_secret_is_revealed_reads_again(tmp_path, monkeypatch):
    """Scoop's last move: the writer reveals the dial's seed into the journal and
    removes its side file; a watcher that read the events just before the reveal and
    finds the side file gone reads the events again (the reveal among them)."""
    setup, actions = _game("scoop")
    path = tmp_path / "g.sqlite"
    writer = Journal.create(path, "scoop", setup)
    for a in actions[:-1]:
        writer.append(a)
    watcher = Journal.open(path)
    real = journal_mod.Journal._read_events
    stale = {"once": True}

    def read_then_the_writer_ends(self):
        real(self)  # events read before the reveal ...
        if stale.pop("once", False):
            writer.append(actions[-1])  # ... then the last move, the reveal, the side file removed
            assert not journal_mod.secret_path(path).exists()
            raise journal_mod._SecretGone("gone")  # what _rebuild finds with those events

    monkeypatch.setattr(journal_mod.Journal, "_read_events", read_then_the_writer_ends)
    assert watcher.refresh() >= 2 and watcher.state.is_over
    writer.close()
    watcher.close()


def test_a_journal_dropped_without_close_gives_its_game_back(tmp_path):
    """A command that ends without closing its journal (companion demo) leaves no
    lock file and no writer behind."""
    import gc

    setup, actions = _game("penny-press")
    path = tmp_path / "g.sqlite"
    j = Journal.create(path, "penny-press", setup)
    j.append(actions[0])
    assert writer_of(path) is not None and lock_path(path).exists()
    del j
    gc.collect()
    assert writer_of(path) is None and not lock_path(path).exists()
    with Journal.open(path) as again:
        assert again.watching is None and len(again.actions()) == 1
