"""Part: journals shared and held (issue 26): two-process races, lock windows,
kill-and-resume listing, and what keeping the whole game in the one file costs.

- races: 2-3 programs (app instances on one table) open one game at the same
  instant and each plays every next move it knows; now and then one closes the game
  mid-way or is killed (SIGKILL), and another takes over. Checked: the file holds
  the reference game exactly (no move lost, none twice, no fork), every move a
  program was told was written is in it, the others were told "open on another
  screen" (JournalInUse) or "changed" (JournalChanged).
- lock windows: another program holds SQLite's write lock (BEGIN IMMEDIATE, a
  database browser with an unsaved edit) for 0.5-12 s from a random moment of a game
  the camera loop (play.runner.GameRunner) plays from its still tables, paced in real
  time while the lock lasts; and a hosted game's taps (ui.hosting.GameHost.apply)
  under the same lock, each refused tap tapped again. Checked: every move recorded
  in order, the players told what holds the file, and when it was free again.
- kill-and-resume listing: games killed mid-game (SIGKILL at a random moment, often
  mid-write) and one still open in a live program, then the start screen's resume
  list (ui.viewmodels.start.StartVM). Checked: no byte or time of any file in the
  folder changes, the order and labels are each game's last event, the live game is
  marked open elsewhere, every killed game opens for writing at once and plays on
  to the reference scores; and how often the .sqlite alone (a copy) held every event.
- cost: milliseconds per committed event on the file system of the run's temporary
  folder: WAL commit only, WAL + passive checkpoint (the journal's way), and
  SQLite's rollback journal (no side file), raw SQL and through Journal.append.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import random
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
os.environ.setdefault("KIVY_NO_ARGS", "1")  # the hosted games' screens import Kivy: not our argv
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")


def _games(seed: int) -> list[tuple[str, dict, list[dict], list[int]]]:
    """(game id, setup, action dicts, final scores) of one seeded random game of
    every registered game (its fewest players)."""
    from companion import registry
    from companion.journal import total_scores

    out = []
    for k, gid in enumerate(sorted(registry.games())):
        spec = registry.get(gid)
        rules = spec.rules_module()
        setup, actions = rules.random_game(seed * 31 + k, spec.min_players)
        state = rules.new_game_from_dict(setup)
        for a in actions:
            state = rules.apply(state, a)
        out.append((gid, setup, [rules.action_to_dict(a) for a in actions], total_scores(state)))
    return out


def _env() -> dict:
    return dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))


# --- races ---------------------------------------------------------------------------
PLAYER = textwrap.dedent("""
    import json, os, sys, time
    from companion.errors import RuleError
    from companion.journal import Journal, JournalChanged, JournalInUse
    path, acts, go, quit_after = sys.argv[1], json.load(open(sys.argv[2])), sys.argv[3], int(sys.argv[4])
    j = Journal.open(path)
    print("open", "watch" if j.watching else "write", flush=True)
    while not os.path.exists(go):
        time.sleep(0.002)
    wrote = refused = changed = 0
    was_watching = j.watching is not None
    while True:
        n = len(j.actions())
        if n >= len(acts):
            break
        try:
            ev = j.append(acts[n])
        except JournalInUse:
            refused += 1
            time.sleep(0.004)
            j.refresh()
            continue
        except JournalChanged:
            changed += 1
            continue
        print("wrote", n, ev.seq, flush=True)
        wrote += 1
        if quit_after and wrote >= quit_after:
            break
    took = was_watching and j.watching is None
    j.close()
    print("end", json.dumps({"refused": refused, "changed": changed, "took_over": took}), flush=True)
""")


def _race(work: Path, game, rng: random.Random, st: dict) -> None:
    from companion.journal import Journal

    gid, setup, actions, final = game
    d = Path(tempfile.mkdtemp(prefix="race-", dir=work))
    path, go = d / "g.sqlite", d / "go"
    start = rng.randrange(0, max(1, min(6, len(actions) // 3)))
    with Journal.create(path, gid, setup) as j:
        for a in actions[:start]:
            j.append(a)
    (d / "acts.json").write_text(json.dumps(actions))
    k = rng.choice((2, 3))
    finisher = rng.randrange(k)  # plays to the end (never quits, never killed)
    plans = [0 if i == finisher else rng.choice((0, rng.randrange(1, 8))) for i in range(k)]
    procs = [subprocess.Popen([sys.executable, "-c", PLAYER, str(path), str(d / "acts.json"), str(go), str(q)],
                              stdout=subprocess.PIPE, text=True, env=_env(), cwd=str(ROOT)) for q in plans]
    opened = [p.stdout.readline().split() for p in procs]
    st["processes"] += k
    st["opened_writing"] += sum(1 for o in opened if o[-1:] == ["write"])
    st["opened_watching"] += sum(1 for o in opened if o[-1:] == ["watch"])
    go.touch()
    victim = None
    if rng.random() < 0.35:  # one program killed mid-game (a crash, a flat battery)
        victim = rng.choice([i for i in range(k) if i != finisher])
        time.sleep(rng.uniform(0.0, 0.15))
        procs[victim].send_signal(signal.SIGKILL)
        st["killed"] += 1
    told = []
    for i, p in enumerate(procs):
        out, _ = p.communicate(timeout=600)
        lines = out.splitlines()
        told += [int(x.split()[1]) for x in lines if x.startswith("wrote")]
        end = [json.loads(x[4:]) for x in lines if x.startswith("end ")]
        if end:
            st["refused_in_use"] += end[0]["refused"]
            st["changed"] += end[0]["changed"]
            st["took_over"] += int(end[0]["took_over"])
        elif i != victim:
            st["failures"].append(f"race {gid}: a program ended without finishing: {lines[-3:]} {p.returncode}")
    with Journal.open(path, readonly=True) as j:
        got = [j.rules.action_to_dict(a) for a in j.actions()]
        seqs = [e.seq for e in j.events]
        from companion.journal import total_scores
        scores = total_scores(j.state)
    want = [json.loads(json.dumps(a)) for a in actions]
    st["races"] += 1
    st["moves"] += len(actions) - start
    if seqs != list(range(1, len(seqs) + 1)):
        st["failures"].append(f"race {gid}: seqs not contiguous")
    lost = [n for n in told if n >= len(got)]
    st["lost"] += len(lost) + max(0, len(want) - len(got))
    if len(told) != len(set(told)):
        st["doubled"] += len(told) - len(set(told))
    if got != want:
        extra = len(got) - len(want)
        st["doubled"] += max(0, extra)
        st["failures"].append(f"race {gid}: the file's game differs from the reference "
                              f"({len(got)} actions, reference {len(want)})")
    elif scores != final:
        st["failures"].append(f"race {gid}: scores {scores} != {final}")
    else:
        st["races_exact"] += 1


# --- lock windows -----------------------------------------------------------------------
def _locker(path: Path, seconds: float) -> subprocess.Popen:
    """Another program holding the journal's write lock for ``seconds``; it says
    when it let go (``free <unix time>``)."""
    p = subprocess.Popen([sys.executable, "-c", "import sqlite3,sys,time; c=sqlite3.connect(sys.argv[1], "
                          "isolation_level=None); c.execute('BEGIN IMMEDIATE'); print('locked', flush=True); "
                          "time.sleep(float(sys.argv[2])); c.rollback(); print('free', time.time(), flush=True)",
                          str(path), str(seconds)], stdout=subprocess.PIPE, text=True)
    p.stdout.readline()
    return p


def _camera_window(work: Path, pp_game, dur: float, rng: random.Random, st: dict) -> None:
    """The camera loop over a Penny Press game's still tables; the lock from a random
    table, frames paced at 10 per second while it lasts and 1 s after."""
    import companion.games.penny_press as pp
    from companion.games.penny_press.observer import game_snapshots
    from companion.journal import Journal
    from companion.table import TableSnapshot
    from companion.observing import SetupRequest
    from play.runner import GameRunner

    setup, actions, snaps, want = pp_game
    d = Path(tempfile.mkdtemp(prefix="cam-", dir=work))
    runner = GameRunner(None, game="penny-press", journal_path=d / "g.sqlite",
                        setup=SetupRequest(tuple(setup["players"]), setup["first_player"], setup))
    at = rng.randrange(2, len(snaps) - 2)
    locker, end_t, reports, freed_at = None, None, [], None
    for i, snap in enumerate(snaps):
        for _frame in range(4):  # a still table for 4 frames, then a hand over it
            if i == at and locker is None:
                locker = _locker(d / "g.sqlite", dur)
                t_lock = time.monotonic()
            for s in runner.feed(snap):
                if s.report is not None:
                    reports.append(s.report)
                    if s.report.key == "journal_free" and freed_at is None:
                        freed_at = time.time()
            if locker is not None and time.monotonic() - t_lock < dur + 1.0:
                time.sleep(0.1)
        runner.feed(TableSnapshot(snap.t, snap.sightings, still=False))
    if locker is not None:
        out, _ = locker.communicate(timeout=60)
        end_t = float(out.split()[-1])
    for _ in range(3):  # the last table stays
        reports += [s.report for s in runner.feed(snaps[-1]) if s.report is not None]
    got = [pp.action_to_dict(a) for a in runner.journal.actions()] if runner.journal else []
    runner.journal.close()
    keys = [r.key for r in reports]
    row = st["windows"].setdefault(f"{dur:g}", {"runs": 0, "moves": 0, "recorded": 0, "told": 0, "named": 0,
                                                "free_said": 0, "max_after_s": 0.0})
    row["runs"] += 1
    row["moves"] += len(want)
    row["recorded"] += sum(1 for a, b in zip(got, want) if a == b) if len(got) == len(want) else 0
    busy = [r for r in reports if r.key.startswith("journal_busy")]
    row["told"] += int(bool(busy))
    row["named"] += int(any(dict(r.params).get("program") for r in busy))
    row["free_said"] += int("journal_free" in keys)
    if freed_at is not None and end_t is not None:
        row["max_after_s"] = round(max(row["max_after_s"], freed_at - end_t), 2)
    if got != want:
        st["lost"] += max(0, len(want) - len(got))
        st["failures"].append(f"camera lock {dur:g} s at table {at}: {len(got)} of {len(want)} moves, or not in order")
    if busy and "journal_free" not in keys:
        st["failures"].append(f"camera lock {dur:g} s: the players were never told the file was free")
    if [r for r in reports if r.level == "error"]:
        st["failures"].append(f"camera lock {dur:g} s: an error for the players: "
                              f"{[r.text for r in reports if r.level == 'error'][:1]}")


def _taps_window(work: Path, game, dur: float, rng: random.Random, st: dict) -> None:
    """A hosted game played by taps; the lock from a random move; a refused tap is
    tapped again 0.2 s later."""
    from companion import registry
    from companion.journal import Journal, total_scores
    from ui import hosting
    from ui.viewmodels.protocol import PlayerSetup

    gid, setup, actions, final = game
    d = Path(tempfile.mkdtemp(prefix="taps-", dir=work))
    path = d / "g.sqlite"
    Journal.create(path, gid, setup).close()
    names = [p.get("name") or f"P{i}" for i, p in enumerate(setup["players"])]
    host = hosting.open_game(registry.get(gid), [PlayerSetup("red", n) for n in names], "en", d, resume=path)
    at = rng.randrange(0, len(actions))
    locker = None
    row = st["taps"].setdefault(f"{dur:g}", {"runs": 0, "moves": 0, "recorded": 0, "refused_taps": 0})
    for n, a in enumerate(actions):
        if n == at:
            locker = _locker(path, dur)
        while True:
            text = host.apply(a)
            if text is None:
                break
            if "program" not in text and "file" not in text:
                st["failures"].append(f"taps {gid}: refused with {text!r}")
                break
            row["refused_taps"] += 1
            time.sleep(0.2)
    if locker is not None:
        locker.wait(30)
    got = [host.journal.rules.action_to_dict(x) for x in host.journal.actions()]
    scores = total_scores(host.state)
    host.journal.close()
    row["runs"] += 1
    row["moves"] += len(actions)
    if got == actions and scores == final:
        row["recorded"] += len(actions)
    else:
        st["lost"] += max(0, len(actions) - len(got))
        st["failures"].append(f"taps {gid} lock {dur:g} s: {len(got)} of {len(actions)} moves")


# --- kill-and-resume listing ----------------------------------------------------------------
KILLED = textwrap.dedent("""
    import json, sys, time
    from companion.journal import Journal
    path, gid, setup, acts = sys.argv[1], sys.argv[2], json.load(open(sys.argv[3])), json.load(open(sys.argv[4]))
    stop = int(sys.argv[5])
    j = Journal.create(path, gid, setup)
    print("ready", flush=True)
    for a in acts[:stop]:
        j.append(a)
        time.sleep(0.003)
    print("held", flush=True)  # a live game, open between two moves
    time.sleep(3600)
""")


def _files(folder: Path) -> dict:
    return {p.name: (p.stat().st_size, p.stat().st_mtime_ns, hashlib.sha256(p.read_bytes()).hexdigest())
            for p in sorted(folder.iterdir()) if p.is_file()}


def _listing(work: Path, games, n_games: int, rng: random.Random, st: dict) -> None:
    import shutil

    from companion.journal import Journal, total_scores
    from ui.viewmodels.start import StartVM

    folder = Path(tempfile.mkdtemp(prefix="games-", dir=work))
    side = Path(tempfile.mkdtemp(prefix="inputs-", dir=work))
    procs, made = [], []
    for i in range(n_games):
        gid, setup, actions, final = games[i % len(games)]
        path = folder / f"{gid}-{i:03d}.sqlite"
        (side / f"{i}.setup").write_text(json.dumps(setup))
        (side / f"{i}.acts").write_text(json.dumps(actions))
        live = i % 6 == 5 or i == n_games - 1  # still open in a live program
        stop = rng.randrange(1, max(2, len(actions) // 2)) if live else len(actions)
        p = subprocess.Popen([sys.executable, "-c", KILLED, str(path), gid, str(side / f"{i}.setup"),
                              str(side / f"{i}.acts"), str(stop)], stdout=subprocess.PIPE, text=True, env=_env(),
                             cwd=str(ROOT))
        p.stdout.readline()
        if not live:
            time.sleep(rng.uniform(0.005, 0.12))  # mid-game, often mid-write
            p.send_signal(signal.SIGKILL)
            p.wait(30)
        else:
            p.stdout.readline()  # "held"
        procs.append(p)
        made.append((path, gid, actions, final, live))
        st["live_games"] = st.get("live_games", 0) + int(live)
    try:
        before = _files(folder)
        vm = StartVM("en", journal_dir=folder)
        listed = vm.resumable()
        labels = {p: vm.resume_label(p) for p in listed}
        after = _files(folder)
        st["listed_files"] += len(before)
        st["listing_changed"] += sum(1 for k in set(before) | set(after) if before.get(k) != after.get(k))
        truth = {}
        for path, gid, actions, final, live in made:
            with Journal.open(path, readonly=True) as j:
                truth[path] = (j.last_event_at, len(j.actions()), bool(getattr(j.state, "is_over", False)))
        want = sorted((p for p in truth if not truth[p][2]), key=lambda p: (-truth[p][0], p.name))
        st["listed"] += len(listed)
        if listed != want:
            st["failures"].append("listing: not ordered by each game's last event")
        else:
            st["order_right"] += 1
        for p in listed:
            when = dt.datetime.fromtimestamp(truth[p][0]).strftime("%Y-%m-%d %H:%M")
            live = next(m[4] for m in made if m[0] == p)
            if when not in labels[p] or ("another screen" in labels[p]) != live:
                st["failures"].append(f"listing: label {labels[p]!r} (last event {when}, live {live})")
            else:
                st["labels_right"] += 1
        for path, gid, actions, final, live in made:
            if live:
                continue
            n = truth[path][1]
            copy = side / f"copy-{path.name}"
            shutil.copyfile(path, copy)  # the .sqlite alone, as a backup or a mail takes it
            secret = path.with_name(path.name + "-secret.json")
            if secret.exists():
                shutil.copyfile(secret, copy.with_name(copy.name + "-secret.json"))
            with Journal.open(copy, readonly=True) as c:
                st["alone_whole"] += int(len(c.actions()) == n)
            st["killed_games"] += 1
            with Journal.open(path) as j:  # the killed writer's lock never blocks its game
                if j.watching is not None:
                    st["failures"].append(f"resume {path.name}: blocked by a dead writer {j.watching}")
                    continue
                for a in actions[n:]:
                    j.append(a)
                if total_scores(j.state) == final:
                    st["resumed_to_end"] += 1
                else:
                    st["failures"].append(f"resume {path.name}: scores {total_scores(j.state)} != {final}")
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait(30)


# --- cost per event ---------------------------------------------------------------------
def _cost(work: Path, n: int, st: dict) -> None:
    import companion.games.penny_press as pp
    from companion.journal import Journal

    payload = json.dumps({"action": "place_reporters", "player": 1, "story": "crime-A2", "count": 2})

    def raw(mode: str, checkpoint: bool) -> list[float]:
        path = work / f"cost-{mode}-{int(checkpoint)}.sqlite"
        c = sqlite3.connect(str(path), isolation_level=None)
        c.execute(f"PRAGMA journal_mode={mode}")
        c.execute("PRAGMA synchronous=FULL")
        c.execute("CREATE TABLE events (seq INTEGER PRIMARY KEY, kind TEXT, payload TEXT, source TEXT, at REAL)")
        out = []
        for _ in range(n):
            t = time.perf_counter()
            c.execute("BEGIN IMMEDIATE")
            c.execute("INSERT INTO events (kind, payload, source, at) VALUES ('action', ?, 'vision', ?)",
                      (payload, time.time()))
            c.execute("COMMIT")
            if checkpoint:
                c.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            out.append(time.perf_counter() - t)
        c.close()
        return out

    def ms(xs):
        xs = sorted(xs)
        return {"median": round(statistics.median(xs) * 1000, 2), "p90": round(xs[int(len(xs) * 0.9)] * 1000, 2)}

    st["cost"] = {"WAL, commit only": ms(raw("WAL", False)),
                  "WAL + passive checkpoint (the journal)": ms(raw("WAL", True)),
                  "rollback journal (DELETE)": ms(raw("DELETE", False))}
    setup, actions = pp.random_game(3, 3)
    times = []
    k = 0
    while len(times) < n:
        with Journal.create(work / f"cost-journal-{k}.sqlite", "penny-press", setup) as j:
            for a in actions:
                t = time.perf_counter()
                j.append(a)
                times.append(time.perf_counter() - t)
        k += 1
    st["cost"]["Journal.append (rules + write + checkpoint)"] = ms(times[:n])
    st["cost_fs"] = _fs_of(work)
    st["cost_events"] = n


def _fs_of(path: Path) -> str:
    try:
        best = ("", "?")
        for line in Path("/proc/mounts").read_text().splitlines():
            dev, mnt, fs = line.split()[:3]
            if str(path.resolve()).startswith(mnt.rstrip("/") + "/") and len(mnt) > len(best[0]):
                best = (mnt, fs)
        return best[1]
    except OSError:
        return "?"


# --- the part -----------------------------------------------------------------------------
def run(n_races: int = 60, lock_s=(0.5, 1.5, 3.0, 6.5, 12.0), windows_per_lock: int = 3, taps_lock_s=(1.5, 6.5),
        n_listed: int = 24, cost_events: int = 300, seed: int = 17) -> dict:
    """Race, lock, kill and list. Returns the figures and ``failures`` (empty when all held)."""
    import companion.games.penny_press as pp
    from companion.games.penny_press.observer import game_snapshots
    from ui import hosting
    from companion import registry

    rng = random.Random(seed)
    st = {k: 0 for k in ("races", "races_exact", "moves", "processes", "opened_writing", "opened_watching",
                         "killed", "refused_in_use", "changed", "took_over", "lost", "doubled", "listed_files",
                         "listing_changed", "listed", "order_right", "labels_right", "killed_games",
                         "alone_whole", "resumed_to_end")}
    st.update(failures=[], windows={}, taps={})
    t0 = time.perf_counter()
    games = _games(seed)
    with tempfile.TemporaryDirectory(prefix="tc-journals-") as tmp:
        work = Path(tmp)
        for i in range(n_races):
            _race(work, games[i % len(games)], rng, st)
        st["race_games"] = sorted({g[0] for g in games})
        setup, actions = pp.random_game(seed, 3)
        plain = _plain_run(work, setup, actions)
        pp_game = (setup, actions, game_snapshots(setup, actions), plain)
        for dur in lock_s:
            for _ in range(windows_per_lock):
                _camera_window(work, (setup, actions, pp_game[2], plain), dur, rng, st)
        hosted = [g for g in games if hosting.by_taps(registry.get(g[0]))]
        for dur in taps_lock_s:
            for g in hosted:
                _taps_window(work, g, dur, rng, st)
        st["taps_games"] = [g[0] for g in hosted]
        _listing(work, games, n_listed, rng, st)
        _cost(work, cost_events, st)
    st["seconds"] = round(time.perf_counter() - t0, 1)
    return st


def _plain_run(work: Path, setup, actions) -> list[dict]:
    """The journal's action dicts of the camera loop over the game with nothing busy."""
    import companion.games.penny_press as pp
    from companion.games.penny_press.observer import game_snapshots
    from companion.observing import SetupRequest
    from play.runner import GameRunner

    d = Path(tempfile.mkdtemp(prefix="plain-", dir=work))
    runner = GameRunner(None, game="penny-press", journal_path=d / "g.sqlite",
                        setup=SetupRequest(tuple(setup["players"]), setup["first_player"], setup))
    for snap in game_snapshots(setup, actions):
        runner.feed(snap)
    out = [pp.action_to_dict(a) for a in runner.journal.actions()]
    runner.journal.close()
    return out


def render(r: dict) -> str:
    """The part's section of docs/reliability.md."""
    win = "; ".join(f"{k} s: {v['recorded']} of {v['moves']} moves in {v['runs']} games, players told "
                    f"{v['told']} (the holder named {v['named']}), 'free again' {v['free_said']}, every move in "
                    f"{v['max_after_s']:.1f} s after the lock at most"
                    for k, v in r["windows"].items())
    taps = "; ".join(f"{k} s: {v['recorded']} of {v['moves']} moves in {v['runs']} games, "
                     f"{v['refused_taps']} taps refused in words and tapped again" for k, v in r["taps"].items())
    cost = "; ".join(f"{k} {v['median']:.2f} ms (p90 {v['p90']:.2f})" for k, v in r.get("cost", {}).items())
    return f"""\
| figure | value |
|---|---|
| two-process races (2-3 programs open one game at once and play it) | **{r['races']}** races, {r['processes']} programs: {r['opened_writing']} opened it for writing, {r['opened_watching']} watched ("open on another screen"); {r['killed']} killed mid-game, {r['took_over']} took over from a program that closed or died |
| races whose file holds the reference game exactly | **{r['races_exact']}** of {r['races']} ({r['moves']} moves; writes refused as open elsewhere {r['refused_in_use']}, read again after a change {r['changed']}) |
| moves lost / played twice | **{r['lost']}** / **{r['doubled']}** |
| lock windows (another program's write lock), camera loop | {win} |
| lock windows, hosted games' taps ({', '.join(r.get('taps_games', []))}) | {taps} |
| kill-and-resume listing | {r['killed_games']} games killed mid-game (often mid-write) and {r.get('live_games', 0)} open in a live program, {r['listed']} unfinished listed: ordered by each game's last event {'yes' if r['order_right'] else '**no**'}, labels right **{r['labels_right']}** of {r['listed']}; files changed by listing **{r['listing_changed']}** of {r['listed_files']} |
| killed games opened for writing at once and played to the reference scores | **{r['resumed_to_end']}** of {r['killed_games']}; the .sqlite alone (copied without its -wal) held every event in {r['alone_whole']} |
| cost per committed event ({r.get('cost_fs', '?')}, synchronous=FULL) | {cost} |

Conditions: races over one seeded random game of each registered game
({', '.join(r.get('race_games', []))}), each program its own process opening the
journal with `Journal.open` and playing every next move it knows (the reference
game's), a watcher looking again every 4 ms; a killed program's lock is dropped by the
system. Lock windows: a process holding `BEGIN IMMEDIATE` on the journal for the
time shown, from a random still table (camera loop: play.runner.GameRunner fed a
Penny Press game's ground-truth still tables, 4 frames each, 10 frames per second
in real time while the lock lasts) or a random move (taps through
ui.hosting.GameHost.apply, each refused tap tapped again 0.2 s later); a write waits
companion.journal.BUSY_WAIT_S (2 s) per try, so a shorter lock is only waited out and
the players are told nothing. Listing: ui.viewmodels.start.StartVM's
resumable() and resume_label() over the folder; a file "changed" is any change of
size, modification time or bytes of any file in it (.sqlite, -wal, -shm, -lock,
-secret.json). Cost: {r.get('cost_events', '')} events each, in the run's temporary
folder.
"""
