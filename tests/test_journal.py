"""The game journal: append before effect, replay, crash safety, undo, export, CLI."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import textwrap

import pytest

from companion.cli import main
from companion.errors import RuleError
from companion.journal import Journal, JournalError

pp = pytest.importorskip("companion.games.penny_press")


def event_count(path) -> int:
    con = sqlite3.connect(str(path))
    try:
        return con.execute("SELECT COUNT(*) FROM events").fetchone()[0]
    finally:
        con.close()


@pytest.fixture(scope="module")
def game():
    """A complete seeded 3-player game: (setup dict, actions)."""
    return pp.random_game(7, 3)


def new_journal(tmp_path, game, name="g.sqlite"):
    setup, _ = game
    return Journal.create(tmp_path / name, "penny-press", setup)


def test_append_then_reopen_gives_same_state(tmp_path, game):
    setup, actions = game
    j = new_journal(tmp_path, game)
    for a in actions[:25]:
        j.append(a)
    scores = j.state.scores
    j.close()
    j2 = Journal.open(tmp_path / "g.sqlite")
    assert j2.state.scores == scores
    assert [pp.action_to_dict(a) for a in j2.actions()] == [pp.action_to_dict(a) for a in actions[:25]]
    # and the game goes on from there
    for a in actions[25:]:
        j2.append(a)
    assert j2.state.is_over


def test_full_game_replay_equals_direct_play(tmp_path, game):
    setup, actions = game
    state = pp.new_game_from_dict(setup)
    for a in actions:
        state = pp.apply(state, a)
    j = new_journal(tmp_path, game)
    for a in actions:
        j.append(a)
    j.close()
    assert Journal.open(tmp_path / "g.sqlite").state.scores == state.scores
    assert state.is_over


def test_illegal_action_writes_nothing_and_keeps_state(tmp_path, game):
    j = new_journal(tmp_path, game)
    before = j.state
    n = event_count(tmp_path / "g.sqlite")
    not_your_turn = (j.state.current_player + 1) % len(j.state.players)
    with pytest.raises(RuleError):
        j.append(pp.Assign(player=not_your_turn, story=_any_story(j.state), count=1))
    assert j.state is before
    assert event_count(tmp_path / "g.sqlite") == n


def _any_story(state):
    for beat in state.board:
        col = state.board[beat]
        if col:
            return col[0]
    raise AssertionError("empty board after setup")


def test_crash_mid_game_loses_no_event(tmp_path, game):
    """A process killed right after append() returns has the event on disk."""
    setup, actions = game
    path = tmp_path / "crash.sqlite"
    record = tmp_path / "rec.json"
    record.write_text(json.dumps({"setup": setup, "actions": [pp.action_to_dict(a) for a in actions[:12]]}))
    script = textwrap.dedent(f"""
        import json, os
        from companion.journal import Journal
        rec = json.load(open({str(record)!r}))
        j = Journal.create({str(path)!r}, "penny-press", rec["setup"])
        for a in rec["actions"]:
            j.append(a)
        os._exit(9)   # no close, no cleanup: a crash
    """)
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert r.returncode == 9, r.stderr
    j = Journal.open(path)
    assert len(j.actions()) == 12


def test_undo_only_own_last_action_and_never_across_a_draw(tmp_path, game):
    setup, actions = game
    j = new_journal(tmp_path, game)
    first = actions[0]
    j.append(first)
    after_first = j.state.scores
    other = (first.player + 1) % 3
    with pytest.raises(RuleError, match="another player"):
        j.undo(other)
    j.undo(first.player)
    assert j.actions() == []
    assert j.state.scores == after_first
    # replay the game up to the first headline draw: it cannot be taken back
    i_draw = next(i for i, a in enumerate(actions) if isinstance(a, pp.DrawHeadline))
    for a in actions[: i_draw + 1]:
        j.append(a)
    presser = actions[i_draw - 1].player
    with pytest.raises(RuleError, match="headline card"):
        j.undo(presser)
    # the undo survives reopening
    j.close()
    j2 = Journal.open(tmp_path / "g.sqlite")
    assert len(j2.actions()) == i_draw + 1


def test_export_record_is_documented_and_replays(tmp_path, game):
    setup, actions = game
    j = new_journal(tmp_path, game)
    for a in actions:
        j.append(a)
    rec = j.export()
    for key in ("format", "version", "game", "setup", "events", "actions", "timeline", "scores", "over"):
        assert key in rec
    assert rec["over"] is True
    assert len(rec["timeline"]) == len(actions) + 1
    json.dumps(rec)  # JSON-safe
    from companion.commands import journal_from_record

    again = journal_from_record(rec, tmp_path / "again.sqlite")
    assert list(again.state.final.scores) == rec["scores"]
    # the record's scores include the end-game bonuses
    bonus = sum(b.marker * len(b.winners) for b in again.state.final.bonuses)
    assert sum(rec["scores"]) == sum(again.state.scores) + bonus


def test_open_rejects_foreign_files(tmp_path):
    bogus = tmp_path / "x.sqlite"
    bogus.write_text("hello")
    with pytest.raises(JournalError):
        Journal.open(bogus)
    with pytest.raises(JournalError):
        Journal.open(tmp_path / "missing.sqlite")


def test_create_never_overwrites(tmp_path, game):
    new_journal(tmp_path, game).close()
    with pytest.raises(JournalError, match="already exists"):
        new_journal(tmp_path, game)


def test_cli_sample_replay_export(tmp_path, capsys):
    path = tmp_path / "s.sqlite"
    assert main(["sample", str(path), "--players", "3", "--seed", "3"]) == 0
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "final scores:" in out
    out_json = tmp_path / "s.json"
    assert main(["export", str(path), "-o", str(out_json)]) == 0
    rec = json.loads(out_json.read_text())
    j = Journal.open(path)
    assert rec["scores"] == list(j.state.final.scores)
    # replaying the JSON export gives the same final line
    capsys.readouterr()
    assert main(["replay", str(out_json), "--brief"]) == 0
    assert "final scores:" in capsys.readouterr().out


def test_cli_reports_bad_file_cleanly(tmp_path, capsys):
    bogus = tmp_path / "nope.sqlite"
    assert main(["replay", str(bogus)]) == 1
    assert "no such game journal" in capsys.readouterr().err


def test_a_renamed_journal_keeps_its_game_id(tmp_path, game):
    """Printed pages name the game; copying or renaming the file changes nothing."""
    import shutil

    j = new_journal(tmp_path, game, name="friday-night.sqlite")
    j.close()
    shutil.copy(tmp_path / "friday-night.sqlite", tmp_path / "copy.sqlite")
    assert Journal.open(tmp_path / "copy.sqlite").game_id == "friday-night"
    assert Journal.open(tmp_path / "copy.sqlite").export()["game_id"] == "friday-night"


def _tree(folder):
    """{name: bytes} of every file in ``folder`` but a running game's -shm (SQLite's
    shared-memory index, where every reader takes its read lock)."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())
            if p.is_file() and not p.name.endswith("-shm")}


@pytest.mark.parametrize("content", ["empty", "journal", "journal-with-wal"])
def test_commands_that_only_read_never_write(tmp_path, game, capfd, content):
    """replay, export and print leave their input (and its folder) byte for byte as
    they were: an empty file stays empty, a finished journal gets no -wal/-shm, and a
    running game's journal (with its -wal) is read through it but not changed."""
    folder = tmp_path / "in"
    folder.mkdir()
    path = folder / "g.sqlite"
    keep = None
    if content == "empty":
        path.write_bytes(b"")
    else:
        setup, actions = game
        j = Journal.create(path, "penny-press", setup)
        for a in actions:
            j.append(a)
        if content == "journal":
            j.close()
        else:
            keep = j  # still open: the -wal holds the newest events
    before = _tree(folder)
    for argv in (["replay", str(path)], ["export", str(path)],
                 ["print", str(path), "--final", "--out", str(tmp_path / "out")]):
        code = main(argv)
        assert code == (1 if content == "empty" else 0), argv
        assert _tree(folder) == before, f"{argv} changed {sorted(before)} -> {sorted(_tree(folder))}"
        if content != "journal-with-wal":
            assert sorted(p.name for p in folder.iterdir()) == ["g.sqlite"]
    if keep is not None:
        out, _ = capfd.readouterr()
        assert "final scores" in out  # the events in the -wal were read
        keep.close()


def test_read_only_journal_refuses_to_write(tmp_path, game):
    setup, actions = game
    Journal.create(tmp_path / "g.sqlite", "penny-press", setup).close()
    j = Journal.open(tmp_path / "g.sqlite", readonly=True)
    with pytest.raises(JournalError, match="read-only"):
        j.append(actions[0])
    assert event_count(tmp_path / "g.sqlite") == 1


def test_unknown_event_kind_is_named(tmp_path, game):
    """An event of a kind this version does not know is named (seq and kind), not
    skipped so that the next event is blamed."""
    setup, actions = game
    j = Journal.create(tmp_path / "g.sqlite", "penny-press", setup)
    for a in actions[:3]:
        j.append(a)
    j.close()
    con = sqlite3.connect(str(tmp_path / "g.sqlite"))
    with con:
        con.execute("UPDATE events SET kind = 'acton' WHERE seq = 3")
    con.close()
    with pytest.raises(JournalError) as err:
        Journal.open(tmp_path / "g.sqlite")
    assert "event 3" in str(err.value) and "'acton'" in str(err.value)
    assert "event 4" not in str(err.value)


def test_damage_a_plain_read_misses_is_found(tmp_path, game):
    """Bytes overwritten in a page that replay never reads (an index page) still
    make the journal refuse to open: adding to it would spread the damage."""
    setup, actions = game
    j = Journal.create(tmp_path / "g.sqlite", "penny-press", setup)
    for a in actions:
        j.append(a)
    j.close()
    raw = bytearray((tmp_path / "g.sqlite").read_bytes())
    page = 4096
    con = sqlite3.connect(str(tmp_path / "g.sqlite"))
    root = con.execute("SELECT rootpage FROM sqlite_master WHERE name LIKE 'sqlite_autoindex_meta%'").fetchone()[0]
    con.close()
    raw[(root - 1) * page: root * page] = bytes(range(256)) * (page // 256)
    (tmp_path / "g.sqlite").write_bytes(bytes(raw))
    with pytest.raises(JournalError, match="damaged"):
        Journal.open(tmp_path / "g.sqlite")


def test_full_disk_refuses_the_action_with_a_clear_message(tmp_path, game):
    """A write the disk refuses (here a file size limit: EFBIG, as a full disk) is a
    JournalError saying so, not "damaged"; state and file keep the accepted actions."""
    setup, actions = game
    record = tmp_path / "rec.json"
    record.write_text(json.dumps({"setup": setup, "actions": [pp.action_to_dict(a) for a in actions]}))
    path = tmp_path / "full.sqlite"
    script = textwrap.dedent(f"""
        import json, resource, signal
        from companion.journal import Journal, JournalError
        rec = json.load(open({str(record)!r}))
        j = Journal.create({str(path)!r}, "penny-press", rec["setup"])
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        # no byte past 8 KiB: the events page of the file (its fourth) cannot be
        # written, so the -wal keeps the events until it cannot grow either
        resource.setrlimit(resource.RLIMIT_FSIZE, (8192, resource.RLIM_INFINITY))
        for i, a in enumerate(rec["actions"]):
            state = j.state
            try:
                j.append(a)
            except JournalError as exc:
                assert j.state is state and len(j.actions()) == i
                print(i, exc)
                break
    """)
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    accepted, message = r.stdout.split(" ", 1)
    assert "disk is full" in message and "damaged" not in message
    assert len(Journal.open(path).actions()) == int(accepted)


def test_text_that_is_not_utf8_is_a_damaged_journal(tmp_path, game):
    """Bytes overwritten inside a text value (found by benchmarks/reliability's
    hostile part): sqlite3 cannot decode them; the open is a JournalError, not a crash."""
    setup, _ = game
    path = tmp_path / "g.sqlite"
    Journal.create(path, "penny-press", setup).close()
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE meta SET value = CAST(x'b0ff41' AS TEXT) WHERE key = 'game_id'")
    conn.close()
    with pytest.raises(JournalError, match="damaged.*not UTF-8"):
        Journal.open(path, readonly=True)


def test_export_keeps_an_existing_file_unless_forced(tmp_path, capsys):
    path = tmp_path / "s.sqlite"
    assert main(["sample", str(path), "--players", "3", "--seed", "3"]) == 0
    out_json = tmp_path / "mine.json"
    out_json.write_text("my notes\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["export", str(path), "-o", str(out_json)]) == 1
    assert "already exists" in capsys.readouterr().err
    assert out_json.read_text(encoding="utf-8") == "my notes\n"  # nothing lost
    assert main(["export", str(path), "-o", str(out_json), "--force"]) == 0
    assert json.loads(out_json.read_text())["scores"] == list(Journal.open(path).state.final.scores)
    # --force never replaces a journal
    assert main(["export", str(path), "-o", str(path), "--force"]) == 1
    assert Journal.open(path).state.is_over


def test_export_dash_means_standard_output(tmp_path, capsys, monkeypatch):
    path = tmp_path / "s.sqlite"
    assert main(["sample", str(path), "--players", "3", "--seed", "3"]) == 0
    capsys.readouterr()
    monkeypatch.chdir(tmp_path)
    assert main(["export", str(path), "-o", "-"]) == 0
    out = capsys.readouterr().out
    assert json.loads(out)["scores"] == list(Journal.open(path).state.final.scores)
    assert not (tmp_path / "-").exists()
