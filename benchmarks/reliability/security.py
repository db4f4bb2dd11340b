"""Part 6: security of what the app exposes.

- Write paths: `companion print` (preview PNGs, --out), `companion export --out` and
  the demo/session page writers, fed journals and JSON records from someone else
  whose game name (meta ``game_id`` / record ``game_id``) and player names are hostile
  (``../`` climbs, absolute paths, NUL, separators, Windows drive and device names,
  very long names): every file written must be inside the folder named (checked by
  listing the whole scratch tree before and after).
- No code from data: the shipped source never calls pickle/marshal/shelve loads,
  eval/exec, ``yaml.load`` without a safe loader or numpy loads that allow pickles
  (a scan of every .py in the packages, AST-based, so comments do not count); a
  journal or record carrying code-like strings loads as data (a canary file that
  such code would create never appears).
- File names from tags never used as paths: payloads naming paths (``TC1:PP:S:../X``)
  are rejected by every tag parser.
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import os
import random
import sqlite3
import tempfile
import time
from pathlib import Path

from companion import registry
from companion.errors import CompanionError

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("companion", "vision", "calibration", "printing", "play", "ui")

HOSTILE_NAMES = ["../../escaped", "../escaped", "/tmp/tc-escaped-abs", "..", ".", "a/../../b",
                 "sub/dir/name", "..\\..\\escaped", "C:\\escaped", "NUL", "CON", "x\x00y",
                 "~/escaped", "name\nnewline", "A" * 300, "é/../../ü", "-rf", ".hidden",
                 "$(touch /tmp/tc-canary)", "`touch /tmp/tc-canary`", "%2e%2e%2fescaped"]

CODE_STRINGS = ["__import__('os').system('touch {canary}')",
                "{{{{ self.__init__.__globals__ }}}}", "!!python/object/apply:os.system ['touch {canary}']",
                "cos\nsystem\n(S'touch {canary}'\ntR.", "$(touch {canary})", "eval(open('{canary}','w'))"]


def _tree(root: Path) -> set[str]:
    out = set()
    for dirpath, dirnames, filenames in os.walk(root):
        for f in filenames:
            out.add(os.path.join(dirpath, f))
    return out


_SAMPLES: dict = {}


def _sample_journal(path: Path, gid: str, game_id: str, rng: random.Random):
    """A finished random game of ``gid`` at ``path`` (journal) whose game name is
    ``game_id``; returns its exported record with the same name."""
    from companion.journal import Journal

    if gid not in _SAMPLES:
        rules = registry.rules_module(gid)
        spec = registry.get(gid)
        setup, actions = rules.random_game(rng.randrange(10 ** 6), spec.min_players)
        with tempfile.TemporaryDirectory() as t:
            j = Journal.create(Path(t) / "g.sqlite", gid, setup)
            for a in actions:
                j.append(a)
            record = j.export()
            j.close()
            _SAMPLES[gid] = ((Path(t) / "g.sqlite").read_bytes(), json.dumps(record))
    data, text = _SAMPLES[gid]
    path.write_bytes(data)
    record = json.loads(text)
    conn = sqlite3.connect(str(path))
    with conn:
        conn.execute("UPDATE meta SET value=? WHERE key='game_id'", (game_id,))
    conn.close()
    record["game_id"] = game_id
    return record


def write_paths(rng: random.Random, n_names: int) -> dict:
    """Hostile game names through print (preview and queued), export and the demo writer."""
    from companion.cli import main

    st = {"writes_tried": 0, "escapes": 0, "refused": 0, "failures": []}
    games = [g for g, s in registry.games().items() if s.pages]
    names = HOSTILE_NAMES[:n_names]
    with tempfile.TemporaryDirectory(prefix="tc-sec-") as tmp:
        tmp = Path(tmp)
        sandbox = tmp / "sandbox"
        sandbox.mkdir()
        for name in names:
            for gid in games:
                src = tmp / "in"
                src.mkdir(exist_ok=True)
                jpath = src / f"{gid}.sqlite"
                for p in src.glob("*"):
                    p.unlink()
                try:
                    record = _sample_journal(jpath, gid, name, rng)
                except (CompanionError, ValueError) as exc:  # e.g. NUL in a name
                    st["failures"].append(f"cannot build the sample: {exc}")
                    continue
                rpath = src / f"{gid}.json"
                rpath.write_text(json.dumps(record), "utf-8")
                for game_file in (jpath, rpath):
                    out = sandbox / "out"
                    out.mkdir(exist_ok=True)
                    cmds = [["print", str(game_file), "--final", "--out", str(out)],
                            ["print", str(game_file), "--final", "--out", str(out),
                             "--printer", f"file:{out / 'printer.bin'}", "--queue",
                             str(out / "queue"), "--wait", "0"],
                            ["export", str(game_file), "--out", str(out / "record.json")]]
                    for cmd in cmds:
                        before = _tree(tmp)
                        st["writes_tried"] += 1
                        with contextlib.redirect_stdout(io.StringIO()), \
                                contextlib.redirect_stderr(io.StringIO()):
                            try:
                                code = main(cmd)
                            except SystemExit as exc:
                                code = exc.code
                            except Exception as exc:  # noqa: BLE001 - the finding
                                st["failures"].append(f"{cmd[0]} {gid} {name!r}: crash "
                                                      f"{type(exc).__name__}: {exc}")
                                code = None
                        if code not in (0, 3, None):
                            st["refused"] += 1
                        after = _tree(tmp)
                        new = after - before
                        outside = [p for p in new if not p.startswith(str(out) + os.sep)]
                        absolute = Path("/tmp/tc-escaped-abs.png")
                        if absolute.exists() or Path("/tmp/tc-escaped-abs-final.png").exists():
                            outside.append("/tmp/tc-escaped-abs*")
                            for p in Path("/tmp").glob("tc-escaped-abs*"):
                                p.unlink()
                        if outside:
                            st["escapes"] += 1
                            if len(st["failures"]) < 20:
                                st["failures"].append(
                                    f"{cmd[0]} {gid} game name {name!r} wrote outside {out}: "
                                    f"{sorted(outside)[:3]}")
                            for p in outside:
                                with contextlib.suppress(OSError):
                                    os.unlink(p)
                    for p in sorted(_tree(out), reverse=True):
                        os.unlink(p)
    return st


# --- no code from data --------------------------------------------------------------
BANNED_CALLS = {("pickle", "load"), ("pickle", "loads"), ("marshal", "load"),
                ("marshal", "loads"), ("shelve", "open"), ("yaml", "load"),
                ("yaml", "unsafe_load"), ("dill", "load"), ("dill", "loads"),
                ("jsonpickle", "decode")}


def scan_source() -> dict:
    """AST scan of the shipped packages for calls that run code from data."""
    st = {"files": 0, "findings": []}
    for pkg in PACKAGES:
        for f in sorted((ROOT / pkg).rglob("*.py")):
            st["files"] += 1
            tree = ast.parse(f.read_text("utf-8"), str(f))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                fn = node.func
                where = f"{f.relative_to(ROOT)}:{node.lineno}"
                if isinstance(fn, ast.Name) and fn.id in ("eval", "exec", "compile", "__import__"):
                    st["findings"].append(f"{where}: {fn.id}()")
                elif isinstance(fn, ast.Attribute) and isinstance(fn.value, ast.Name):
                    pair = (fn.value.id, fn.attr)
                    if pair in BANNED_CALLS:
                        safe = any(k.arg == "Loader" and "Safe" in ast.unparse(k.value)
                                   for k in node.keywords)
                        if not safe:
                            st["findings"].append(f"{where}: {fn.value.id}.{fn.attr}()")
                    if pair[1] == "load" and pair[0] in ("np", "numpy") and any(
                            k.arg == "allow_pickle" and ast.unparse(k.value) != "False"
                            for k in node.keywords):
                        st["findings"].append(f"{where}: numpy load allowing pickles")
    return st


def code_strings(rng: random.Random, n_codes: int = len(CODE_STRINGS)) -> dict:
    """Journals and records whose text fields carry code: loaded as data only."""
    from companion.cli import main

    st = {"inputs": 0, "executed": 0, "failures": []}
    with tempfile.TemporaryDirectory(prefix="tc-sec-code-") as tmp:
        tmp = Path(tmp)
        canary = tmp / "canary"
        for gid in registry.ids():
            for code in CODE_STRINGS[:n_codes]:
                text = code.format(canary=canary)
                jpath = tmp / f"{gid}.sqlite"
                for p in tmp.glob(f"{gid}.*"):
                    p.unlink()
                record = _sample_journal(jpath, gid, text, rng)
                conn = sqlite3.connect(str(jpath))
                with conn:
                    conn.execute("INSERT INTO events (kind, payload, source, at) VALUES "
                                 "('note', ?, ?, 0)", (json.dumps({"text": text, "code": text}), text))
                conn.close()
                # player names carry the code too (setup's players, where the game has names)
                setup = record["setup"]
                for p in setup.get("players", []) if isinstance(setup, dict) else []:
                    if isinstance(p, dict) and "name" in p:
                        p["name"] = text[:40]
                rpath = tmp / f"{gid}.json"
                rpath.write_text(json.dumps(record), "utf-8")
                for f in (jpath, rpath):
                    for cmd in (["replay", str(f)], ["export", str(f)]):
                        st["inputs"] += 1
                        with contextlib.redirect_stdout(io.StringIO()), \
                                contextlib.redirect_stderr(io.StringIO()):
                            try:
                                main(cmd)
                            except SystemExit:
                                pass
                            except Exception as exc:  # noqa: BLE001
                                st["failures"].append(f"{cmd[0]} {gid}: crash {type(exc).__name__}: {exc}")
                        if canary.exists() or Path("/tmp/tc-canary").exists():
                            st["executed"] += 1
                            st["failures"].append(f"{cmd[0]} {gid}: code in a journal ran: {code!r}")
                            canary.unlink(missing_ok=True)
    return st


def tag_paths() -> dict:
    from .hostile import tag_modules

    st = {"payloads": 0, "accepted": 0, "failures": []}
    for name, mod in tag_modules().items():
        code = getattr(mod, "GAME", "PP")
        for ident in ("../X", "..", "/ETC/PASSWD", "A/B", "..%2F", "C:X", "A\\B", "./A"):
            for kind in "SHARMBWXNPFCKG":
                p = f"TC1:{code}:{kind}:{ident}"
                st["payloads"] += 1
                r = mod.parse_payload(p)
                if r.ok:
                    st["accepted"] += 1
                    st["failures"].append(f"{name}: path-like payload {p!r} accepted as {r.component!r}")
    return st


def run(n_names: int = len(HOSTILE_NAMES), n_codes: int = len(CODE_STRINGS), seed: int = 17) -> dict:
    rng = random.Random(seed)
    t0 = time.perf_counter()
    w = write_paths(rng, n_names)
    s = scan_source()
    c = code_strings(rng, n_codes)
    t = tag_paths()
    failures = w["failures"] + [f"source: {x}" for x in s["findings"]] + c["failures"] + t["failures"]
    return {"writes": w, "scan": s, "code": c, "tags": t, "failures": failures,
            "seconds": round(time.perf_counter() - t0, 1)}


def render(r: dict) -> str:
    w, s, c, t = r["writes"], r["scan"], r["code"], r["tags"]
    return f"""\
| figure | value |
|---|---|
| print / queued print / export runs with hostile game names, from journals and records | {w['writes_tried']} ({w['refused']} refused with a message) |
| files written outside the folder named | **{w['escapes']}** |
| source files scanned for pickle/marshal/shelve/unsafe yaml/eval/exec/compile/__import__ | {s['files']}: **{len(s['findings'])}** calls found |
| replays/exports of journals and records carrying code-like strings / code run | {c['inputs']} / **{c['executed']}** |
| path-like tag payloads (`../`, `/`, `\\`, drive letters) accepted | **{t['accepted']}** of {t['payloads']} |

Conditions: every game with printable pages, a random game of each; the hostile
names are {len(HOSTILE_NAMES)} (climbs, absolute, separators of both systems, NUL,
newline, device names, 300 characters, shell and URL-encoded forms), written into the
journal's meta `game_id` and the record's `game_id`.
"""
