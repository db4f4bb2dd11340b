"""The start screen's list of games to resume (ui.viewmodels.start.StartVM): ordered
and labelled by each game's last event (stored in the journal), never by the files'
times; listing never writes a journal, its -wal or its -shm; a game open on another
screen says so. Issue 26 item 2."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from companion import registry
from companion.journal import Journal
from ui.viewmodels.start import StartVM, read_saved_game


def _files(folder):
    return {p.name: (p.stat().st_size, p.stat().st_mtime_ns, hashlib.sha256(p.read_bytes()).hexdigest())
            for p in sorted(folder.iterdir())}


def _game(gid, seed=3):
    spec = registry.get(gid)
    rules = spec.rules_module()
    setup, actions = rules.random_game(seed, spec.min_players)
    return setup, [rules.action_to_dict(a) for a in actions]


def _journal(folder, name, gid, n, at):
    """A journal of ``gid`` with ``n`` actions whose last event happened at Unix time
    ``at`` (the events' ``at`` as written; times set through the clock)."""
    setup, actions = _game(gid)
    path = folder / name
    clock = iter([at - 60 + i for i in range(n + 5)])
    real = time.time
    time.time = lambda: next(clock)  # the journal stamps each event with time.time()
    try:
        with Journal.create(path, gid, setup) as j:
            for a in actions[:n]:
                j.append(a)
            last = j.last_event_at
    finally:
        time.time = real
    return path, last


@pytest.mark.parametrize("gids", [("penny-press", "scoop", "pergamon"), ("turin-market", "penny-press", "scoop")])
def test_the_last_played_game_comes_first_whatever_the_files_say(tmp_path, gids):
    """Each game's last event orders and labels it; the files' times (set here in the
    opposite order, as a copy or a backup leaves them) do not."""
    base = time.mktime((2026, 3, 1, 20, 0, 0, 0, 0, -1))
    made = []
    for k, gid in enumerate(gids):
        path, last = _journal(tmp_path, f"{gid}-{k}.sqlite", gid, 2 + k, base + 3600 * k)
        os.utime(path, (base - 3600 * k, base - 3600 * k))  # file times in the opposite order
        made.append((path, last))
    vm = StartVM("en", journal_dir=tmp_path)
    listed = vm.resumable()
    assert listed == [p for p, _ in sorted(made, key=lambda pl: -pl[1])]
    for path, last in made:
        label = vm.resume_label(path)
        assert dt.datetime.fromtimestamp(last).strftime("%Y-%m-%d %H:%M") in label
        assert path.name not in label and "another screen" not in label
        assert registry.get(read_saved_game(path).game).name("en") in label


KILLED = textwrap.dedent("""
    import json, sys, time
    from companion.journal import Journal
    j = Journal.open(sys.argv[1])
    for a in json.loads(sys.argv[2]):
        j.append(a)
    print("ready", flush=True)
    time.sleep(600)
""")


def test_listing_killed_and_live_games_changes_no_byte(tmp_path):
    """Two games whose programs were killed mid-game (their -wal and -shm left) and
    one open in a live program: the list reads them all, orders them by their last
    event, marks the live one, and no file of the folder changes (size, time, bytes)."""
    import json

    setup, actions = _game("penny-press")
    procs = []
    try:
        for name, n in (("a.sqlite", 3), ("b.sqlite", 6), ("live.sqlite", 2)):
            Journal.create(tmp_path / name, "penny-press", setup).close()
            p = subprocess.Popen([sys.executable, "-c", KILLED, str(tmp_path / name), json.dumps(actions[:n])],
                                 stdout=subprocess.PIPE, text=True)
            assert p.stdout.readline().strip() == "ready"
            procs.append(p)
            time.sleep(0.05)  # distinct last events
        for p in procs[:2]:
            p.send_signal(signal.SIGKILL)
            p.wait(30)
        assert (tmp_path / "a.sqlite-wal").exists() and (tmp_path / "b.sqlite-shm").exists()
        before = _files(tmp_path)
        vm = StartVM("es", journal_dir=tmp_path)
        listed = vm.resumable()
        labels = [vm.resume_label(p) for p in listed]
        assert [p.name for p in listed] == ["live.sqlite", "b.sqlite", "a.sqlite"]
        assert "otra pantalla" in labels[0] and not any("otra pantalla" in x for x in labels[1:])
        assert _files(tmp_path) == before
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait(30)


def test_a_label_read_alone_still_only_reads(tmp_path):
    path, last = _journal(tmp_path, "g.sqlite", "scoop", 4, time.time())
    before = _files(tmp_path)
    label = StartVM("zh", journal_dir=tmp_path).resume_label(path)  # without resumable() first
    assert dt.datetime.fromtimestamp(last).strftime("%H:%M") in label
    assert _files(tmp_path) == before
