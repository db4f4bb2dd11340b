"""Part 2 (data files): malformed game data, layouts and printer config.

The packages are copied to a scratch folder; each data file of the copy (every
game's data/, calibration/data/<game>/, printing/*.json) is damaged in turn
(cut at a random byte; a line of garbage inserted at a random line; a value replaced
by a word where a number belongs) and the commands that read it run from the copy in
a fresh process (`companion sample`, `companion tags`, `companion print --final`).
The printer config is given with --config. Counted per damaged file: accepted (the
damage did not matter to that command), refused with a message naming the file and
the line, naming the file only, naming neither, and crashes (a traceback).
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from companion import registry

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("companion", "vision", "calibration", "printing", "play", "ui")


def _data_files(copy: Path) -> list[tuple[Path, str]]:
    """(file in the copy, game id whose commands read it) for every data file."""
    out = []
    for gid, spec in registry.games().items():
        folder = spec.rules.rsplit(".", 1)[0].replace(".", "/")
        for f in sorted((copy / folder / "data").glob("*")):
            if f.is_file():
                out.append((f, gid))
        if spec.layouts:
            for f in sorted((copy / "calibration" / "data" / spec.layouts).glob("*.json")):
                out.append((f, gid))
    for f in sorted((copy / "printing").glob("*.json")):
        out.append((f, "penny-press"))
    return out


def _damage(rng: random.Random, text: str, how: str) -> str:
    lines = text.splitlines(keepends=True)
    if how == "cut":
        return text[: rng.randrange(1, max(2, len(text)))]
    if how == "garbage":
        i = rng.randrange(len(lines) + 1) if lines else 0
        return "".join(lines[:i]) + rng.choice(('{"oops": ,\n', "<<<garbage>>>\n", ",,,,\n", '"\n')) \
            + "".join(lines[i:])
    nums = [m for m in re.finditer(r"(?<![\w.])\d+(?![\w.])", text)]
    if not nums:
        return text + "\x00"
    m = rng.choice(nums)
    return text[: m.start()] + "\"many\"" * (text[m.start() - 1:m.start()] in ":[, ") + \
        ("many" if text[m.start() - 1:m.start()] not in ":[, " else "") + text[m.end():]


def _classify(r: subprocess.CompletedProcess, name: str) -> str:
    err = r.stderr + r.stdout
    if "Traceback" in err:
        return "crash"
    if r.returncode == 0:
        return "accepted"
    named = name in err
    line = bool(re.search(r"\bline \d+|:\d+(:\d+)?\b|row \d+", err))
    return "file_and_line" if named and line else ("file_only" if named else "unnamed")


def run(per_file: int = 3, seed: int = 17, max_files: int | None = None) -> dict:
    rng = random.Random(seed)
    st = {"files": 0, "damaged": 0, "runs": 0, "accepted": 0, "file_and_line": 0,
          "file_only": 0, "unnamed": 0, "crash": 0, "failures": [], "examples": {}}
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="tc-datafiles-") as tmp:
        tmp = Path(tmp)
        copy = tmp / "src"
        for pkg in PACKAGES:
            shutil.copytree(ROOT / pkg, copy / pkg, ignore=shutil.ignore_patterns("__pycache__", "*.mkv",
                                                                                  "recordings"))
        env = dict(os.environ, PYTHONPATH=str(copy), PYTHONDONTWRITEBYTECODE="1")
        work = tmp / "work"
        work.mkdir()

        def companion(*args):
            return subprocess.run([sys.executable, "-c", "import sys; from companion.cli import main; "
                                   "sys.exit(main(sys.argv[1:]))", *args], capture_output=True,
                                  text=True, env=env, cwd=work, timeout=300)

        files = _data_files(copy)
        if max_files:
            files = rng.sample(files, min(max_files, len(files)))
        for f, gid in files:
            original = f.read_text("utf-8")
            st["files"] += 1
            for i in range(per_file):
                how = ("cut", "garbage", "value")[i % 3]
                f.write_text(_damage(rng, original, how), "utf-8")
                st["damaged"] += 1
                game = work / f"g{st['damaged']}.sqlite"
                cmds = [["sample", "--game", gid, str(game)]]
                if "calibration" in f.parts:
                    cmds = [["tags", gid, "--out", str(work / "t.pdf"), "--no-progress"]]
                elif "printing" in f.parts:
                    cmds = [["print", str(work / "base.sqlite"), "--final", "--out", str(work / "p")]]
                    if not (work / "base.sqlite").exists():
                        f.write_text(original, "utf-8")
                        companion("sample", "--game", "penny-press", str(work / "base.sqlite"))
                        f.write_text(_damage(rng, original, how), "utf-8")
                for cmd in cmds:
                    r = companion(*cmd)
                    st["runs"] += 1
                    kind = _classify(r, f.name)
                    st[kind] += 1
                    rel = str(f.relative_to(copy))
                    if kind in ("crash", "unnamed"):
                        tail = (r.stderr.strip().splitlines() or ["?"])[-1][:200]
                        st["failures"].append(f"{rel} ({how}): {cmd[0]} {kind}: {tail}")
                    if kind == "file_only":
                        st.setdefault("file_only_list", []).append(
                            f"{rel} ({how}): " + (r.stderr.strip().splitlines() or [""])[-1][:200]
                            .replace(str(copy), "<src>"))
                    elif kind not in st["examples"] and kind != "accepted":
                        st["examples"][kind] = (r.stderr.strip().splitlines() or [""])[-1][:200] \
                            .replace(str(copy), "<src>")
                for p in work.glob("g*.sqlite*"):
                    p.unlink()
            f.write_text(original, "utf-8")
        # the printer config (a command-line file)
        cfg = work / "printer.json"
        for i, text in enumerate(['{"paper_mm": 58,\n "darkness": }\n', '{"paper_mm": "wide"}\n',
                                  '[1, 2]\n', '{"paper_mm": 58, "profile": "NO-SUCH"}\n', "\x00\xff",
                                  '{"paper_mm": 80,\n"cut": "sideways"\n}\n']):
            cfg.write_text(text, "utf-8", errors="surrogateescape")
            if not (work / "base.sqlite").exists():
                companion("sample", "--game", "penny-press", str(work / "base.sqlite"))
            r = companion("print", str(work / "base.sqlite"), "--final", "--printer",
                          f"file:{work / 'out.bin'}", "--config", str(cfg), "--wait", "0",
                          "--queue", str(work / "q"))
            st["runs"] += 1
            st["damaged"] += 1
            kind = _classify(r, cfg.name)
            st[kind] += 1
            last = (r.stderr.strip().splitlines() or ["?"])[-1][:200]
            if kind in ("crash", "unnamed"):
                st["failures"].append(f"printer config #{i}: {kind}: {last}")
            if kind == "file_only":
                st.setdefault("file_only_list", []).append(f"printer config #{i}: "
                                                           + last.replace(str(work), "<dir>"))
            elif kind != "accepted":
                st["examples"].setdefault("printer config " + kind, last.replace(str(work), "<dir>"))
    st["seconds"] = round(time.perf_counter() - t0, 1)
    return st


def _file_only(r: dict) -> str:
    rows = r.get("file_only_list") or []
    if not rows:
        return ""
    return "\nNamed the file but no line: " + "; ".join(f"`{x}`" for x in rows) + "\n"


def render(r: dict) -> str:
    ex = "; ".join(f"{k}: `{v}`" for k, v in r["examples"].items())
    return f"""\
| figure | value |
|---|---|
| data files damaged (game data, layouts, printing data) + printer configs | {r['files']} files, {r['damaged']} damaged versions, {r['runs']} command runs |
| accepted (the damage did not matter to that command) | {r['accepted']} |
| refused naming the file and the line / the file only / neither | {r['file_and_line']} / {r['file_only']} / **{r['unnamed']}** |
| crashes (a traceback) | **{r['crash']}** |

Examples: {ex}
{_file_only(r)}
Conditions: each file cut at a random byte, given a garbage line at a random line, and
a number replaced by a word; commands run from a copy of the packages in a fresh
process: `companion sample` (game data), `companion tags` (layouts),
`companion print --final` (printing data, printer config).
"""
