"""Part 2: hostile input. Tag payloads, journals and records, data files.

Tags: payloads generated from every catalog id of every game with tags (each
registered game's ``tags`` module), then mutated (flipped,
inserted, deleted, duplicated bytes; case changes; truncation; splices of two
payloads; random QR-alphanumeric strings, random bytes, random Unicode, bytes vs
str), through the game's parser. A crash is any exception (for parsers with a
catch-all, the game's reader is called without it, ``READER.check``
(companion.tags.PayloadReader), so a swallowed internal error counts too).
A wrong reading is a payload accepted as a component whose own payload
(``encode_payload``) is not exactly that text.

Journals and records: game records exported from recorded and random games of every
game, and their journals, mutated at the JSON level (a value replaced by a hostile
one, a key deleted, actions dropped, swapped, duplicated; the game id changed) or, for
journals, in SQL (an event's payload, kind or seq, a meta row) and at the byte level
(bytes flipped in the SQLite file), then loaded as `companion replay`/`export` do
(companion.commands.load_game, the export, the replay text). A crash is any exception
other than the documented CompanionError (JournalError) with a message.
"""

from __future__ import annotations

import io
import json
import os
import random
import sqlite3
import tempfile
import time
from contextlib import redirect_stdout
from pathlib import Path

from companion import registry
from companion.errors import CompanionError

from .crashes import random_games, recorded_games

ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"


# --- tags --------------------------------------------------------------------------
def tag_modules() -> dict:
    """``{game id: module}``: every registered game's tags module."""
    import importlib

    mods = {}
    for gid, spec in registry.games().items():
        if getattr(spec, "tags", None):
            mods[gid] = importlib.import_module(spec.tags)
    return mods


def _mutate_text(rng: random.Random, s: str, pool: list[str]) -> str | bytes:
    op = rng.randrange(14)
    b = bytearray(s.encode("latin-1", "replace"))
    if op == 0 and b:   # flip a bit
        i = rng.randrange(len(b))
        b[i] ^= 1 << rng.randrange(8)
        return bytes(b) if rng.random() < 0.5 else b.decode("latin-1")
    if op == 1:         # insert an alphanumeric character
        i = rng.randrange(len(s) + 1)
        return s[:i] + rng.choice(ALNUM) + s[i:]
    if op == 2 and s:   # delete
        i = rng.randrange(len(s))
        return s[:i] + s[i + 1:]
    if op == 3 and s:   # replace with a QR alphanumeric
        i = rng.randrange(len(s))
        return s[:i] + rng.choice(ALNUM) + s[i + 1:]
    if op == 4:         # case
        return s.lower() if rng.random() < 0.5 else s.swapcase()
    if op == 5:         # truncate
        return s[: rng.randrange(len(s) + 1)]
    if op == 6:         # splice two payloads
        o = rng.choice(pool)
        return s[: rng.randrange(len(s) + 1)] + o[rng.randrange(len(o) + 1):]
    if op == 7:         # random alphanumeric
        return "".join(rng.choice(ALNUM) for _ in range(rng.randrange(0, 40)))
    if op == 8:         # random bytes
        return bytes(rng.randrange(256) for _ in range(rng.randrange(0, 60)))
    if op == 9:         # random Unicode (incl. surrogates, NUL, RTL marks)
        return "".join(chr(rng.choice((rng.randrange(0x110000), rng.randrange(0x80),
                                       0x200F, 0xFEFF, 0, 0xD800))) for _ in range(rng.randrange(0, 30)))
    if op == 10:        # padding, whitespace, newlines
        return rng.choice((" ", "\n", "\r\n", "\t", "\x00")) + s + rng.choice(("", " ", "\n", "\x00"))
    if op == 11:        # separators doubled/dropped
        return s.replace(":", rng.choice(("::", "", ";", ": ")), rng.randrange(1, 3))
    if op == 12:        # long
        return s * rng.randrange(2, 200)
    return rng.choice([None, 0, 3.5, [], {}, b"", "", "TC1:", "TC1:PP", "TC", "TC9:PP:S:X",
                       "TC1:PP:S:" + "A" * 500, bytearray(b"TC1:PP:S:WAR-A1"),
                       memoryview(b"TC1:PP:S:WAR-A1")])


def fuzz_tags(n: int, rng: random.Random) -> dict:
    mods = tag_modules()
    pools = {}
    for name, mod in mods.items():
        pools[name] = [mod.encode_payload(c) for c in mod.catalog_ids()]
    every = [p for v in pools.values() for p in v]
    st = {"payloads": 0, "valid_read": 0, "accepted_mutants": 0, "rejected": 0,
          "crashes": 0, "wrong": 0, "by_parser": {}, "failures": []}
    names = list(mods)
    per = n // len(names)
    for name in names:
        mod = mods[name]
        parse = mod.READER.check  # the shared check, no catch-all
        k = 0
        # every valid payload first: each must read back to its component
        for cid in mod.catalog_ids():
            p = mod.encode_payload(cid)
            r = mod.parse_payload(p)
            k += 1
            if r.component != cid:
                st["wrong"] += 1
                st["failures"].append(f"{name}: valid payload {p!r} read as {r.component!r} ({r.reason})")
            else:
                st["valid_read"] += 1
        while k < per:
            base = rng.choice(pools[name] if rng.random() < 0.8 else every)
            x = base
            for _ in range(rng.choice((1, 1, 1, 2, 3))):
                x = _mutate_text(rng, x if isinstance(x, str) else
                                 (x.decode("latin-1") if isinstance(x, (bytes, bytearray)) else ""), every)
            k += 1
            try:
                r = parse(x)
            except Exception as exc:  # noqa: BLE001 - the finding
                st["crashes"] += 1
                if len(st["failures"]) < 40:
                    st["failures"].append(f"{name}: {x!r}: {type(exc).__name__}: {exc}")
                continue
            if r.ok:
                text = bytes(x).decode("ascii", "replace") \
                    if isinstance(x, (bytes, bytearray, memoryview)) else x
                if mod.encode_payload(r.component) != text:
                    st["wrong"] += 1
                    st["failures"].append(f"{name}: {x!r} accepted as {r.component!r}")
                else:
                    st["accepted_mutants"] += 1
            else:
                st["rejected"] += 1
        st["by_parser"][name] = k
        st["payloads"] += k
    return st


# --- journals and records ------------------------------------------------------------
HOSTILE = [None, True, False, 0, -1, 1, 2 ** 63, -2 ** 63, 10 ** 400, 1.5, float("nan"),
           float("inf"), "", "x", "0", "-1", "__import__('os')", "../../etc/passwd",
           "\u202e", "\x00", "A" * 10000, [], [None], [[]], {}, {"action": "x"},
           {"__class__": "x"}]


def _paths(obj, prefix=()):
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj[:50]):
            yield from _paths(v, prefix + (i,))


def _mutate_json(rng: random.Random, obj):
    """A deep copy of ``obj`` with one to three hostile changes."""
    obj = json.loads(json.dumps(obj))
    for _ in range(rng.choice((1, 1, 2, 3))):
        paths = [p for p in _paths(obj) if p]
        if not paths:
            return rng.choice(HOSTILE)
        path = rng.choice(paths)
        parent = obj
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        op = rng.randrange(6)
        if op <= 1:
            parent[last] = rng.choice(HOSTILE)
        elif op == 2:
            del parent[last]
        elif op == 3 and isinstance(parent[last], list) and len(parent[last]) > 1:
            lst = parent[last]
            i, j = rng.randrange(len(lst)), rng.randrange(len(lst))
            lst[i], lst[j] = lst[j], lst[i]
        elif op == 4 and isinstance(parent[last], list) and parent[last]:
            lst = parent[last]
            lst.insert(rng.randrange(len(lst) + 1), rng.choice(lst))
        elif op == 5 and isinstance(parent[last], (int, float)) and not isinstance(parent[last], bool):
            parent[last] = parent[last] + rng.choice((-1, 1, -100, 100, 10 ** 9))
        elif isinstance(parent[last], str):
            parent[last] = parent[last][::-1] if rng.random() < 0.5 else parent[last].upper()
    return obj


def _load_all(path: Path, tmp: Path) -> None:
    """What replay and export do with a file: load, export, describe every state."""
    from companion.commands import load_game, cmd_replay
    import argparse

    j = load_game(path)
    try:
        json.dumps(j.export(), allow_nan=True)
    finally:
        j.close()
    with redirect_stdout(io.StringIO()):
        cmd_replay(argparse.Namespace(game=str(path), brief=False))


def _sources(rng: random.Random, seed: int) -> list[tuple[str, dict]]:
    """(game id, record) of recorded games and a random game of each, cut to at most
    80 actions (a record of a game in progress is as valid as a finished one)."""
    out = []
    for name, gid, setup, actions, _ in recorded_games() + random_games(1, seed):
        out.append((gid, {"format": "table-companion/game-record", "version": 1, "game": gid,
                          "setup": setup, "actions": actions[:80]}))
    return out


def fuzz_records(n: int, rng: random.Random, seed: int) -> dict:
    from companion.journal import Journal

    st = {"records": 0, "journals_sql": 0, "journals_bytes": 0, "accepted": 0, "refused": 0,
          "crashes": 0, "failures": []}
    sources = _sources(rng, seed)
    shm = "/dev/shm" if Path("/dev/shm").is_dir() else None
    old_tempdir = tempfile.tempdir
    with tempfile.TemporaryDirectory(prefix="tc-hostile-", dir=shm) as tmp:
        tmp = Path(tmp)
        # journal_from_record writes its journal under tempfile's folder: keep it here
        tempfile.tempdir = str(tmp / "records")
        Path(tempfile.tempdir).mkdir()
        # a clean journal per source, to mutate
        clean = []
        for i, (gid, rec) in enumerate(sources):
            p = tmp / f"clean{i}.sqlite"
            j = Journal.create(p, gid, rec["setup"])
            for a in rec["actions"]:
                j.append(a)
            j.close()
            clean.append(p.read_bytes())
        # a hostile record must not take the machine's memory: cap this process's
        # address space while loading (MemoryError then counts as a crash, input kept)
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        with open("/proc/self/statm") as fh:
            vm = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        resource.setrlimit(resource.RLIMIT_AS, (vm + MEMORY_CAP, hard))
        try:
            _fuzz_loop(n, rng, seed, sources, clean, tmp, old_tempdir, st)
        finally:
            resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
    tempfile.tempdir = old_tempdir
    return st


MEMORY_CAP = 1536 * 2 ** 20  # bytes of address space a hostile file may add


def _fuzz_loop(n, rng, seed, sources, clean, tmp, old_tempdir, st):
        for k in range(n):
            i = rng.randrange(len(sources))
            gid, rec = sources[i]
            kind = rng.choice(("record", "record", "sql", "bytes"))
            if kind == "record":
                path = tmp / f"m{k}.json"
                mutated = _mutate_json(rng, rec)
                path.write_text(json.dumps(mutated, allow_nan=True), encoding="utf-8")
                st["records"] += 1
            else:
                path = tmp / f"m{k}.sqlite"
                path.write_bytes(clean[i])
                if kind == "sql":
                    _mutate_sql(rng, path)
                    st["journals_sql"] += 1
                else:
                    b = bytearray(clean[i])
                    for _ in range(rng.randrange(1, 8)):
                        b[rng.randrange(len(b))] = rng.randrange(256)
                    path.write_bytes(bytes(b))
                    st["journals_bytes"] += 1
            try:
                _load_all(path, tmp)
                st["accepted"] += 1
            except CompanionError as exc:
                st["refused"] += 1
                if not str(exc).strip():
                    st["failures"].append(f"{kind} {gid}: empty error message")
            except (RecursionError, MemoryError) as exc:
                st["crashes"] += 1
                keep = Path(old_tempdir or "/tmp") / f"tc-hostile-crash-{seed}-{k}{path.suffix}"
                keep.write_bytes(path.read_bytes())
                st["failures"].append(f"{kind} {gid}: {type(exc).__name__} (input kept: {keep})")
            except Exception as exc:  # noqa: BLE001 - the finding
                st["crashes"] += 1
                if len(st["failures"]) < 40:
                    keep = Path(old_tempdir or "/tmp") / f"tc-hostile-crash-{seed}-{k}{path.suffix}"
                    keep.write_bytes(path.read_bytes())
                    st["failures"].append(f"{kind} {gid}: {type(exc).__name__}: {exc} (input kept: {keep})")
            for p in tmp.glob(f"m{k}.*"):
                p.unlink()
            for p in Path(tempfile.tempdir).glob("*/*"):
                p.unlink()


def _mutate_sql(rng: random.Random, path: Path) -> None:
    conn = sqlite3.connect(str(path), isolation_level=None)
    try:
        rows = conn.execute("SELECT seq, kind, payload FROM events").fetchall()
        op = rng.randrange(7)
        seq, kind, payload = rng.choice(rows)
        if op <= 2:
            try:
                data = json.loads(payload)
            except ValueError:
                data = {}
            conn.execute("UPDATE events SET payload=? WHERE seq=?",
                         (json.dumps(_mutate_json(rng, data), allow_nan=True), seq))
        elif op == 3:
            conn.execute("UPDATE events SET kind=? WHERE seq=?",
                         (rng.choice(("setup", "action", "undo", "note", "", "x")), seq))
        elif op == 4:
            conn.execute("INSERT INTO events (kind, payload, source, at) VALUES (?, ?, 'manual', 0)",
                         ("undo", json.dumps({"target": rng.choice((seq, -1, 10 ** 30, "1", None)),
                                              "player": rng.choice((0, 1, None, "x"))})))
        elif op == 5:
            key = rng.choice(("format", "schema", "game", "game_id", "created"))
            conn.execute("UPDATE meta SET value=? WHERE key=?",
                         (rng.choice(("", "x", "-1", "99", "2", "scoop", "pergamon", "turin-market",
                                      "penny-press", "../x", "1e9")), key))
        else:
            conn.execute("UPDATE events SET payload=? WHERE seq=?",
                         (rng.choice(("", "null", "[]", "1", "{", "\"x\"", "{}", "NaN")), seq))
    finally:
        conn.close()


def run(n_tags: int = 100_000, n_records: int = 10_000, seed: int = 17) -> dict:
    rng = random.Random(seed)
    t0 = time.perf_counter()
    tags = fuzz_tags(n_tags, rng)
    t1 = time.perf_counter()
    recs = fuzz_records(n_records, rng, seed)
    t2 = time.perf_counter()
    return {"tags": tags, "records": recs, "tags_s": round(t1 - t0, 1),
            "records_s": round(t2 - t1, 1),
            "failures": tags["failures"] + recs["failures"]}


def render(r: dict) -> str:
    t, j = r["tags"], r["records"]
    by = ", ".join(f"{k} {v}" for k, v in t["by_parser"].items())
    return f"""\
| figure | value |
|---|---|
| tag payloads through the parsers | **{t['payloads']}** ({by}) in {r['tags_s']} s |
| of which valid payloads read back to their component | {t['valid_read']} |
| mutants accepted (each exactly the payload of the component it names) / rejected with a reason | {t['accepted_mutants']} / {t['rejected']} |
| parser crashes / wrong readings | **{t['crashes']}** / **{t['wrong']}** |
| mutated records and journals through replay/export | **{j['records'] + j['journals_sql'] + j['journals_bytes']}** ({j['records']} JSON records, {j['journals_sql']} journals changed in SQL, {j['journals_bytes']} journals with bytes overwritten) in {r['records_s']} s |
| of which loaded / refused with a JournalError naming the file | {j['accepted']} / {j['refused']} |
| crashes (any other exception) | **{j['crashes']}** |

Conditions: payloads from every catalog id of Penny Press and of each game with a tags
module, mutated 1-3 times (bit flips, insertions, deletions, case, truncation,
splices, random alphanumerics/bytes/Unicode, whitespace, repetition, non-text
objects); records of the recorded games and one random game per game (at most 80
actions each), mutated 1-3 times with hostile values (NaN, 10^400, huge strings,
nested lists, path-like and code-like strings), deletions, swaps and duplicates.
"""
