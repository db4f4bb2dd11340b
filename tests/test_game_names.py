"""No product file outside a game's own folders names a game (issue 24, "Done
when"): the ids, package folders and English names of every registered game, in
code, comments and docstrings of companion, vision, calibration, printing, play and
ui (``*.py``, ``*.kv``). A game's folders (``<package>/games/<folder>/``) and the
registry's list (companion/registry.py) may; data files and docs are not scanned."""

from __future__ import annotations

import re
from pathlib import Path

from companion import registry

ROOT = Path(__file__).resolve().parent.parent
PRODUCT = ("companion", "vision", "calibration", "printing", "play", "ui")
SUFFIXES = (".py", ".kv")
#: Files that may name games: the registry's list of them.
ALLOWED = ("companion/registry.py",)


def names_pattern(specs) -> re.Pattern:
    """A case-insensitive pattern of every way a game is named: its id and folder
    (``-``/``_``/space alike) and its English name."""
    words = set()
    for spec in specs:
        for name in (spec.id, spec.folder, spec.name("en")):
            words.add(r"[-_ .]?".join(re.escape(part) for part in re.split(r"[-_ ]", name.lower()) if part))
    return re.compile("|".join(sorted(words, key=len, reverse=True)), re.IGNORECASE)


def allowed(rel: str) -> bool:
    """True for a game's own folders and the registry's list."""
    parts = rel.split("/")
    return rel in ALLOWED or (len(parts) > 2 and parts[1] == "games")


def hits(root: Path, pattern: re.Pattern) -> list[str]:
    """``path:line: text`` of every line outside the allowed files that names a game."""
    out = []
    for top in PRODUCT:
        for path in sorted((root / top).rglob("*")):
            if path.suffix not in SUFFIXES or not path.is_file():
                continue
            rel = path.relative_to(root).as_posix()
            if allowed(rel):
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    out.append(f"{rel}:{n}: {line.strip()}")
    return out


def test_no_product_file_outside_the_game_folders_names_a_game():
    found = hits(ROOT, names_pattern(registry.games().values()))
    assert found == [], "name a game only in its folders (say 'a game', or point at docs):\n" + "\n".join(found)


def test_the_check_finds_a_game_named_outside_its_folders(tmp_path):
    spec = registry.default()
    (tmp_path / "ui" / "screens").mkdir(parents=True)
    (tmp_path / "ui" / "games" / spec.folder).mkdir(parents=True)
    (tmp_path / "ui" / "screens" / "x.py").write_text(f"# the {spec.name('en').upper()} table\nx = 1\n")
    (tmp_path / "ui" / "screens" / "y.kv").write_text(f"<Y>:\n    text: '{spec.id}'\n")
    (tmp_path / "ui" / "games" / spec.folder / "z.py").write_text(f"NAME = '{spec.id}'\n")
    pattern = names_pattern(registry.games().values())
    assert hits(tmp_path, pattern) == [f"ui/screens/x.py:1: # the {spec.name('en').upper()} table",
                                       f"ui/screens/y.kv:2: text: '{spec.id}'"]
    assert pattern.search(spec.folder) and pattern.search(spec.id.replace("-", " "))
