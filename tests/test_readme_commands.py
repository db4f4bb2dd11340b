"""README's and docs' commands work as written (issue 13, item 9): a `python -m`
command names the project's venv python (bare python has no cv2) and a module that
exists and answers --help; the vision benchmark without --out touches no file."""

from __future__ import annotations

import importlib
import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", ROOT / "DEVELOPERS.md", *sorted((ROOT / "docs").glob("*.md"))]
MODULE_CMD = re.compile(r"`((?:[\w./-]*python3?)\s+-m\s+([\w.]+)[^`]*)`")


def _commands():
    for doc in DOCS:
        for m in MODULE_CMD.finditer(doc.read_text("utf-8")):
            yield doc.name, m.group(1), m.group(2)


def test_docs_have_module_commands():
    assert any(mod.startswith("benchmarks.vision.run") for _, _, mod in _commands())


@pytest.mark.parametrize("doc,cmd,module", [c for c in _commands() if not c[2].startswith("pytest")])
def test_module_command_runs_as_written(doc, cmd, module):
    assert cmd.startswith(".venv/bin/python "), f"{doc}: `{cmd}`: bare python has no cv2; write .venv/bin/python"
    assert importlib.util.find_spec(module) is not None, f"{doc}: `{cmd}`: no module {module}"
    main = getattr(importlib.import_module(module), "main", None)
    if main is not None:
        with pytest.raises(SystemExit) as ex:
            main(["--help"])
        assert ex.value.code == 0


def test_vision_benchmark_without_out_writes_nothing(monkeypatch, tmp_path, capsys):
    """Only --out writes the table; the tracked docs/benchmarks.md is never a default."""
    run = importlib.import_module("benchmarks.vision.run")
    written = []
    monkeypatch.setattr(Path, "write_text", lambda self, *a, **k: written.append(self))
    for name in ("make_frames_render", "make_frames", "bench_decoders", "bench_photos", "bench_pipeline",
                 "bench_recordings"):
        monkeypatch.setattr(run, name, _stub(name))
    monkeypatch.setattr(run, "write_markdown", lambda path, *a, **k: (
        path.write_text("table") if path is not None else None) or "table")
    assert run.main(["--quick"]) == 0
    assert written == [] and "table" in capsys.readouterr().out
    assert run.main(["--quick", "--out", str(tmp_path / "b.md")]) == 0
    assert written == [tmp_path / "b.md"]


def _stub(name):
    values = {"bench_decoders": ([], {}), "bench_pipeline": {"raw_ms": [1.0], "still_ms": [1.0], "moving_ms": [1.0],
                                                             "lost_under_hand": 0, "seen": 1, "truth": 1}}
    return lambda *a, **k: values.get(name, [])
