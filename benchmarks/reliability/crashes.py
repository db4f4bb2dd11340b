"""Part 1: crashes. SIGKILL at random points, torn journals, a full disk.

Kills: for every registered game, recorded games (play/recordings) and seeded random
games (the rules interface's ``random_game``) are played through the Journal by a
forked worker process that is SIGKILLed, again and again, until one worker finishes
the game. A kill comes either from the parent after a random delay, or from the
worker itself at a random *instrumented point*: any SQL statement of the journal
(so between BEGIN/INSERT and COMMIT: mid-transaction), any step of a print-queue
write (payload, fsync, rename), any chunk of a page being sent to the printer (a
file standing for the device: mid-print). After every kill the parent opens the
journal: it must replay, its effective actions must be a prefix of the game's
actions no shorter than what the worker had reported committed, and its scores must
be the reference's after that prefix. The game then continues in a new worker; the
final scores must equal the uninterrupted run's. Every page the workers queued must
come out complete on the "paper" (lost = never complete; doubled = complete twice,
the queue's documented window between a send and its record).

Torn journals: a finished journal (and one with its -wal) cut at random byte offsets
or with its last page half-overwritten: Journal.open either raises JournalError or
gives a state equal to the reference after the prefix it holds.

Disk full: a worker whose file size limit (RLIMIT_FSIZE, SIGXFSZ ignored: writes
fail with EFBIG like a full disk) is below the journal's own size, so that the events
can be copied into neither the file nor a growing -wal: the append must raise a
JournalError (a message), the in-memory state stays the last committed one, and the
reopened file holds exactly the accepted actions. Where the machine lets us mount a
tmpfs (root), the same game is also played on an 8 MiB tmpfs filled to its last
byte right after the journal is created (ENOSPC): since every commit is copied into
the file and the -wal is then reused, a game whose events fit in the pages it has
plays on without a new byte; one that needs a page is refused as above.
"""

from __future__ import annotations

import json
import os
import random
import resource
import select
import signal
import subprocess
import tempfile
import time
from pathlib import Path

from companion import registry
from companion.errors import CompanionError, RuleError
from companion.journal import Journal, JournalError, total_scores
from printing import queue as pq  # imported before forking: the workers start at once
from printing.profiles import PrinterConfig

ROOT = Path(__file__).resolve().parents[2]
DEMO_DATA = ROOT / "play" / "recordings"
PRINT_EVERY = 7          # the worker queues a page every PRINT_EVERY actions
PAGE_BYTES = 24 * 1024   # size of one queued page (ESC/POS-like bytes)


# --- the games ----------------------------------------------------------------------
def recorded_games() -> list[tuple[str, str, dict, list[dict], list[int] | None]]:
    """(name, game id, setup, action dicts, final scores) of each bundled recording."""
    out = []
    if DEMO_DATA.is_dir():
        for d in sorted(DEMO_DATA.iterdir()):
            f = d / "journal.json"
            if f.is_file():
                rec = json.loads(f.read_text("utf-8"))
                out.append((f"recorded:{d.name}", rec.get("game", "penny-press"), rec["setup"],
                            rec["actions"], rec.get("final_scores")))
    return out


def random_games(n_per_game: int, seed: int):
    """``n_per_game`` seeded random games of every registered game (player counts cycle
    over what the game allows)."""
    out = []
    for gid, spec in registry.games().items():
        rules = spec.rules_module()
        counts = list(range(spec.min_players, spec.max_players + 1))
        for i in range(n_per_game):
            s = seed * 1000 + i
            n = counts[i % len(counts)]
            setup, actions = rules.random_game(s, n)
            out.append((f"random:{gid}:{s}:{n}p", gid, setup,
                        [rules.action_to_dict(a) for a in actions], None))
    return out


def reference(gid: str, setup: dict, actions: list[dict]) -> list[list[int]]:
    """Scores after the setup and after each action (uninterrupted, in memory)."""
    rules = registry.rules_module(gid)
    st = rules.new_game_from_dict(json.loads(json.dumps(setup)))
    out = [total_scores(st)]
    for a in actions:
        st = rules.apply(st, rules.action_from_dict(a))
        out.append(total_scores(st))
    return out


def page_bytes(title: str) -> bytes:
    """A deterministic page for ``title``: ESC @, a marker line, filler, a cut."""
    head = f"\x1b@PAGE {title} BEGIN\n".encode()
    tail = f"\nPAGE {title} END\x1dV\x00".encode()
    body = (title.encode() * (PAGE_BYTES // max(1, len(title)) + 1))[: PAGE_BYTES - len(head) - len(tail)]
    return head + body + tail


# --- the worker (a forked child) --------------------------------------------------
_CFG: list = []


def _config() -> PrinterConfig:
    """The printer config, built once in the parent (it loads python-escpos's profile
    data, a second or more) so that every forked worker starts at once."""
    if not _CFG:
        _CFG.append(PrinterConfig())
    return _CFG[0]


class _KillPoints:
    """Counts instrumented points; SIGKILLs this process at the ``at``-th one."""

    def __init__(self, at: int | None):
        self.at, self.n = at, 0

    def hit(self, *_):
        self.n += 1
        if self.at is not None and self.n >= self.at:
            os.kill(os.getpid(), signal.SIGKILL)


def _worker(path: Path, gid: str, setup: dict, actions: list[dict], qdir: Path,
            paper: Path, kill_at: int | None, wfd: int) -> None:
    """Play the game on from what the journal holds; report each commit on ``wfd``."""
    kp = _KillPoints(kill_at)
    real_replace, real_fsync = os.replace, os.fsync

    def replace(a, b):
        kp.hit()
        real_replace(a, b)
        kp.hit()

    def fsync(fd):
        kp.hit()
        real_fsync(fd)

    os.replace, os.fsync = replace, fsync

    def sender(target, payload, config):
        fd = os.open(paper, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            for i in range(0, len(payload), 4096):
                kp.hit()
                os.write(fd, payload[i:i + 4096])
        finally:
            os.close(fd)

    def say(text: str) -> None:
        os.write(wfd, (text + "\n").encode())

    if path.exists():
        j = Journal.open(path)
    else:
        j = Journal.create(path, gid, setup)
    j._conn.set_trace_callback(kp.hit)
    k = len(j.actions())
    say(f"open {k}")
    q = pq.PrintQueue(qdir, sender=sender, backoff_s=0.0)
    titles = {job.title for job in q.jobs()}
    cfg = _config()

    def queue_pages(upto: int) -> None:
        for p in range(PRINT_EVERY, upto + 1, PRINT_EVERY):
            t = f"{gid}-{p}"
            if t not in titles:
                q.submit("tcp://127.0.0.1:9100", page_bytes(t), cfg, title=t)
                titles.add(t)
                say(f"queued {t}")
        q.process()

    queue_pages(k)
    for i in range(k, len(actions)):
        j.append(actions[i])
        say(f"ok {i + 1}")
        if (i + 1) % PRINT_EVERY == 0:
            queue_pages(i + 1)
    queue_pages(len(actions))
    say("done")


def _fork_worker(*args) -> tuple[int, int]:
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # child: never returns
        os.close(r)
        code = 0
        try:
            _worker(*args, w)
        except BaseException as exc:  # noqa: BLE001 - reported to the parent
            try:
                os.write(w, f"error {type(exc).__name__}: {exc}\n".encode())
            except OSError:
                pass
            code = 70
        os._exit(code)
    os.close(w)
    return pid, r


def _collect(pid: int, r: int, kill_after: float | None, timeout: float = 120.0):
    """Read the worker's lines until it exits (SIGKILLing it after ``kill_after`` s).
    Returns (lines, how it ended: 'killed', 'exit <n>')."""
    buf = b""
    start = time.monotonic()
    killed_by_us = False
    while True:
        left = None
        now = time.monotonic() - start
        if kill_after is not None and not killed_by_us:
            left = max(0.0, kill_after - now)
        elif now > timeout:
            os.kill(pid, signal.SIGKILL)
        ready, _, _ = select.select([r], [], [], left if left is not None else 1.0)
        if ready:
            chunk = os.read(r, 65536)
            if not chunk:
                break
            buf += chunk
        elif kill_after is not None and not killed_by_us:
            os.kill(pid, signal.SIGKILL)
            killed_by_us = True
    os.close(r)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        how = "killed" if os.WTERMSIG(status) == signal.SIGKILL else f"signal {os.WTERMSIG(status)}"
    else:
        how = f"exit {os.WEXITSTATUS(status)}"
    return buf.decode(errors="replace").splitlines(), how


def _check_prefix(path: Path, gid: str, actions: list[dict], ref: list[list[int]],
                  committed: int) -> tuple[int, str | None]:
    """Open the journal after a kill. Returns (its action count, failure or None)."""
    try:
        j = Journal.open(path, readonly=True)
    except JournalError as exc:
        return -1, f"journal does not open after a kill: {exc}"
    try:
        got = [e.payload for e in j._effective_action_events()]
        k = len(got)
        if k < committed:
            return k, f"lost events: worker reported {committed} committed, journal holds {k}"
        if got != [json.loads(json.dumps(a, sort_keys=True)) for a in actions[:k]]:
            return k, "journal actions are not a prefix of the game"
        if total_scores(j.state) != ref[k]:
            return k, f"scores after {k} actions {total_scores(j.state)} != {ref[k]}"
        return k, None
    finally:
        j.close()


def play_with_kills(work: Path, name: str, gid: str, setup: dict, actions: list[dict],
                    final: list[int] | None, rng: random.Random, stats: dict,
                    kills_per_game: int = 20) -> None:
    """One game through workers killed at random until one finishes."""
    ref = reference(gid, setup, actions)
    _config()
    if final is not None and ref[-1] != list(final):
        stats["failures"].append(f"{name}: recorded final scores {final} != replay {ref[-1]}")
        return
    d = work / name.replace(":", "_")
    d.mkdir(parents=True)
    path, qdir, paper = d / "game.sqlite", d / "queue", d / "paper.bin"
    # How long a worker takes for the whole game, to aim the timed kills.
    committed = 0
    lives = kills = 0
    while True:
        lives += 1
        if lives > 4 * kills_per_game + 400:
            stats["failures"].append(f"{name}: no worker finished after {lives - 1} lives")
            return
        left = len(actions) - committed
        mode = "none" if kills >= kills_per_game else rng.choice(("point", "point", "timer"))
        # about 3 SQL statements per action, a few queue steps per page
        # aim within the next ``w`` actions, so that the kills spread over the game
        w = max(1, left // max(1, kills_per_game - kills))
        kill_at = rng.randint(1, 3 * w + 3 * (w // PRINT_EVERY) + 12) if mode == "point" else None
        kill_after = rng.uniform(0.0, 0.004 + 0.0012 * w) if mode == "timer" else None
        pid, r = _fork_worker(path, gid, setup, actions, qdir, paper, kill_at)
        lines, how = _collect(pid, r, kill_after)
        committed = max([int(x.split()[1]) for x in lines if x.startswith(("ok ", "open "))] or [0])
        errors = [x for x in lines if x.startswith("error")]
        if errors:
            stats["failures"].append(f"{name}: worker error {errors[0]}")
            return
        if how == "killed":
            kills += 1
            stats["kills"] += 1
            stats["kills_" + mode] += 1
            # a write killed before its os.replace leaves a temporary file: the next
            # life's PrintQueue(...) must clean it (counted here, checked at the end)
            stats["tmp_left_by_kills"] += len(list(qdir.glob(".*.tmp"))) if qdir.exists() else 0
            if not path.exists() or not any(x.startswith("open") for x in lines):
                # killed while creating the journal: the file must be absent, or
                # refused with a clear error (then the game is simply not begun)
                if path.exists():
                    try:
                        Journal.open(path, readonly=True).close()
                    except JournalError:
                        stats["create_refused"] += 1
                        for p in d.glob("game.sqlite*"):
                            p.unlink()
                continue
            k, why = _check_prefix(path, gid, actions, ref, committed)
            committed = max(committed, k)
            if why:
                stats["failures"].append(f"{name} (life {lives}, {mode}): {why}")
                return
            stats["checked"] += 1
            if k > committed:
                stats["committed_unreported"] += 1
            continue
        if how != "exit 0" or "done" not in lines:
            stats["failures"].append(f"{name}: worker ended {how}: {lines[-3:]}")
            return
        break
    stats["games"] += 1
    with Journal.open(path, readonly=True) as j:
        if total_scores(j.state) != ref[-1]:
            stats["failures"].append(f"{name}: final scores {total_scores(j.state)} != {ref[-1]}")
            return
    # the pages: every queued title complete on paper at least once
    q = pq.PrintQueue(qdir)
    left = sorted(p.name for p in qdir.glob(".*.tmp"))
    stats["tmp_after_reopen"] += len(left)
    if left:
        stats["failures"].append(f"{name}: temporary files left in the queue after reopening it: {left}")
    data = paper.read_bytes() if paper.exists() else b""
    for job in q.jobs():
        stats["pages"] += 1
        n = data.count(page_bytes(job.title))
        if job.state != "done" or n == 0:
            stats["pages_lost"] += 1
            stats["failures"].append(f"{name}: page {job.title} {job.state}, on paper {n}x")
        elif n > 1:
            stats["pages_doubled"] += 1
    expected = len(actions) // PRINT_EVERY
    if len(q.jobs()) != expected:
        stats["failures"].append(f"{name}: {len(q.jobs())} pages queued, expected {expected}")
    damaged = [p.name for p in qdir.glob("*.json") if _damaged(q, p.stem)]
    if damaged:
        stats["failures"].append(f"{name}: damaged queue records {damaged}")


def _damaged(q, job_id: str) -> bool:
    try:
        q.get(job_id)
        return False
    except CompanionError:
        return True


# --- torn journals -----------------------------------------------------------------
def torn_journals(work: Path, games, rng: random.Random, n_cuts: int, stats: dict) -> None:
    """Cut finished journals at random offsets / tear their last page."""
    for name, gid, setup, actions, _ in games:
        ref = reference(gid, setup, actions)
        d = work / ("torn_" + name.replace(":", "_"))
        d.mkdir(parents=True)
        src = d / "src.sqlite"
        j = Journal.create(src, gid, setup)
        for a in actions:
            j.append(a)
        # keep the -wal: copy the pair while the connection is open (as after a crash)
        db, wal = src.read_bytes(), (d / "src.sqlite-wal").read_bytes()
        j.close()
        whole = src.read_bytes()  # checkpointed on close
        cases = []
        for _ in range(n_cuts):
            which = rng.choice(("db", "wal", "page"))
            if which == "db":
                cut = rng.randrange(0, len(whole))
                cases.append(("cut", whole[:cut], None))
            elif which == "wal":
                cut = rng.randrange(0, len(wal) + 1)
                cases.append(("wal", db, wal[:cut]))
            else:
                page = 4096
                last = (len(whole) - 1) // page * page
                off = last + rng.randrange(0, page)
                n = rng.randrange(1, page)
                torn = bytearray(whole)
                torn[off:off + n] = bytes(rng.randrange(256) for _ in range(min(n, len(torn) - off)))
                cases.append(("page", bytes(torn), None))
        for i, (kind, data, walb) in enumerate(cases):
            p = d / f"c{i}.sqlite"
            p.write_bytes(data)
            if walb is not None:
                (d / f"c{i}.sqlite-wal").write_bytes(walb)
            stats["torn"] += 1
            try:
                with Journal.open(p, readonly=True) as t:
                    got = [e.payload for e in t._effective_action_events()]
                    k = len(got)
                    want = [json.loads(json.dumps(a, sort_keys=True)) for a in actions[:k]]
                    if got != want or total_scores(t.state) != ref[k]:
                        stats["failures"].append(f"torn {name} {kind}#{i}: wrong state ({k} actions)")
                    else:
                        stats["torn_prefix"] += 1
            except JournalError:
                stats["torn_refused"] += 1
            except Exception as exc:  # noqa: BLE001 - a crash is the finding
                stats["failures"].append(f"torn {name} {kind}#{i}: {type(exc).__name__}: {exc}")
            for q in d.glob(f"c{i}.sqlite*"):
                q.unlink()


# --- disk full ---------------------------------------------------------------------
def _fill(filler: Path) -> None:
    """Fill the file system of ``filler`` to its last byte (ENOSPC)."""
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        for chunk in (1 << 20, 4096, 512, 1):
            try:
                while os.write(fd, b"\0" * chunk):
                    pass
            except OSError:
                continue
    finally:
        os.close(fd)


def _full_worker(path: Path, gid: str, setup: dict, actions: list[dict], limit: int | None,
                 filler: Path | None, wfd: int) -> None:
    """Play until the disk refuses a write; check the refusal; free the space (lift
    the limit / delete the filler) and play the game to its end."""
    def say(text):
        os.write(wfd, (text + "\n").encode())

    j = Journal.create(path, gid, setup)
    if filler is not None:
        _fill(filler)
    if limit is not None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))
    refused = False
    i = 0
    while i < len(actions):
        before = j.state, len(j.events)
        try:
            j.append(actions[i])
        except JournalError as exc:
            if refused:
                raise
            refused = True
            same = j.state is before[0] and len(j.events) == before[1]
            say(f"refused {i} {'same' if same else 'CHANGED'} {exc}")
            with Journal.open(path, readonly=True) as other:  # as another process sees it
                say(f"ondisk {len(other.actions())}")
            if limit is not None:
                resource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY,) * 2)
            if filler is not None:
                filler.unlink()
            continue  # the same action again, now that there is room
        i += 1
    say("final " + json.dumps(total_scores(j.state)))
    say("done")


def disk_full(work: Path, games, rng: random.Random, stats: dict) -> None:
    """Play each game with a file size limit hit mid-game (and on a tiny tmpfs)."""
    tmpfs = work / "tmpfs"
    tmpfs.mkdir(parents=True)
    mounted = False
    if os.geteuid() == 0:
        mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(tmpfs)],
                                 capture_output=True).returncode == 0
    stats["tmpfs"] = mounted
    try:
        for name, gid, setup, actions, _ in games:
            ref = reference(gid, setup, actions)
            for where in (("rlimit", "tmpfs") if mounted else ("rlimit",)):
                d = (tmpfs if where == "tmpfs" else work) / ("full_" + name.replace(":", "_"))
                d.mkdir()
                path = d / "game.sqlite"
                limit, filler = None, d / "filler"
                if where == "rlimit":  # below the file's four pages (a new journal's size)
                    limit = 4096 * rng.randrange(2, 4)
                pid, r = _fork(_full_worker, path, gid, setup, actions, limit,
                               filler if where == "tmpfs" else None)
                lines, how = _collect(pid, r, None)
                stats["full_games"] += 1
                refused = [x for x in lines if x.startswith("refused")]
                if how != "exit 0":
                    stats["failures"].append(f"disk full {where} {name}: worker {how} {lines[-2:]}")
                elif refused:
                    _, i, same, *msg = refused[0].split()
                    stats["full_refused"] += 1
                    if same != "same":
                        stats["failures"].append(f"disk full {where} {name}: state changed on refusal")
                    if "disk is full" not in " ".join(msg):
                        stats["failures"].append(f"disk full {where} {name}: unclear message {msg}")
                    stats.setdefault("full_message", " ".join(msg).replace(str(d), "<dir>"))
                    ondisk = [x for x in lines if x.startswith("ondisk")]
                    if not ondisk or int(ondisk[0].split()[1]) != int(i):
                        stats["failures"].append(f"disk full {where} {name}: on disk {ondisk}, accepted {i}")
                    final = [x for x in lines if x.startswith("final")]
                    if json.loads(final[0][6:]) != ref[-1]:
                        stats["failures"].append(f"disk full {where} {name}: final {final} != {ref[-1]}")
                    else:
                        stats["full_intact"] += 1
                elif where == "tmpfs" and lines and lines[-1] == "done":
                    stats["full_in_place"] += 1  # no page needed: played on in the pages it had
                    final = [x for x in lines if x.startswith("final")]
                    if json.loads(final[0][6:]) != ref[-1]:
                        stats["failures"].append(f"disk full {where} {name}: final {final} != {ref[-1]}")
                else:
                    stats["full_not_reached"] += 1
                    stats["failures"].append(f"disk full {where} {name}: the limit was never reached")
                for p in d.glob("*"):
                    p.unlink()
                d.rmdir()
    finally:
        if mounted:
            subprocess.run(["umount", str(tmpfs)], capture_output=True)


def _fork(fn, *args) -> tuple[int, int]:
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        code = 0
        try:
            fn(*args, w)
        except BaseException as exc:  # noqa: BLE001
            try:
                os.write(w, f"error {type(exc).__name__}: {exc}\n".encode())
            except OSError:
                pass
            code = 70
        os._exit(code)
    os.close(w)
    return pid, r


# --- the part -------------------------------------------------------------------
def run(random_per_game: int = 6, kills_per_game: int = 40, n_cuts: int = 100, seed: int = 17,
        work: Path | None = None) -> dict:
    """Kill, tear and fill. Returns the figures and ``failures`` (empty when all held)."""
    rng = random.Random(seed)
    stats = {k: 0 for k in ("kills", "kills_point", "kills_timer", "kills_none", "checked",
                            "committed_unreported", "create_refused", "games", "pages",
                            "pages_lost", "pages_doubled", "torn", "torn_prefix",
                            "torn_refused", "full_games", "full_refused", "full_intact",
                            "full_not_reached", "full_in_place", "tmp_left_by_kills", "tmp_after_reopen")}
    stats["failures"] = []
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="tc-rel-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None) as tmp:
        base = Path(work) if work else Path(tmp)
        games = recorded_games() + random_games(random_per_game, seed)
        stats["games_total"] = len(games)
        stats["by_game"] = {}
        for g in games:
            before = stats["kills"]
            play_with_kills(base / "kills", *g, rng=rng, stats=stats, kills_per_game=kills_per_game)
            stats["by_game"][g[1]] = stats["by_game"].get(g[1], 0) + stats["kills"] - before
        one_each = {}
        for g in games:
            one_each.setdefault(g[1], g)
        torn_journals(base / "torn", list(one_each.values()), rng, n_cuts, stats)
        disk_full(base / "full", list(one_each.values()), rng, stats)
    stats["seconds"] = round(time.perf_counter() - t0, 1)
    return stats


if __name__ == "__main__":
    import pprint
    pprint.pprint(run())


def render(r: dict) -> str:
    """The part's section of docs/reliability.md."""
    by = ", ".join(f"{g} {n}" for g, n in r.get("by_game", {}).items())
    fs = ("an 8 MiB tmpfs filled to its last byte (ENOSPC) and a file size limit below the journal's "
          "size (RLIMIT_FSIZE, EFBIG)" if r.get("tmpfs") else "a file size limit below the journal's size "
          "(RLIMIT_FSIZE, EFBIG)")
    in_place = (f"; {r.get('full_in_place', 0)} on the full tmpfs needed no new page (each event copied into "
                f"the file, the -wal reused) and played to the end with the uninterrupted scores"
                if r.get("tmpfs") else "")
    return f"""\
| figure | value |
|---|---|
| SIGKILLs survived (worker killed, journal reopened and checked) | **{r['kills']}** ({r['kills_point']} at a random instrumented point: SQL statement, queue write step, page chunk; {r['kills_timer']} after a random delay) |
| kills by game | {by} |
| games played to the end through the kills (recorded + random) | {r['games']} of {r['games_total']}, final scores = uninterrupted run |
| journals that replayed to a prefix holding every reported commit | {r['checked']} checked after a kill that fell after the worker had opened its journal (the other kills fell while it was opening and replaying it: the next worker opened it); {r['create_refused']} kills fell while the journal was being created: refused as "not a game journal", game not begun |
| commits on disk not yet reported when killed (kept, as SQLite promises) | {r['committed_unreported']} |
| pages queued by the killed workers / lost / printed twice | {r['pages']} / **{r['pages_lost']}** / {r['pages_doubled']} |
| print-queue temporary files left by kills / left after the queue was reopened | {r.get('tmp_left_by_kills', '?')} / **{r.get('tmp_after_reopen', '?')}** |
| torn journals (cut at a random byte, cut -wal, last page half overwritten) | {r['torn']}: {r['torn_prefix']} recovered a correct prefix, {r['torn_refused']} refused with a JournalError, 0 wrong states allowed |
| disk full mid-game ({fs}) | {r['full_games']} games: {r['full_refused']} refused the action with a message, {r['full_intact']} kept the state and file unchanged and, once space was freed, finished with the uninterrupted scores{in_place} |

Conditions: every registered game; the recorded games are play/recordings's journals,
the random ones the rules interface's `random_game` (seeds from the run's seed, player
counts cycling over each game's range). Workers are forked from the runner and write
their journal and print queue under /dev/shm (a process kill, not a power cut: the
page cache survives, so fsync is not what is measured). A page "printed twice" is the
queue's documented window (killed after the page was sent, before its record said
so): the page comes out whole again, never lost.

Disk-full message: `{r.get('full_message', '')}`.
"""
