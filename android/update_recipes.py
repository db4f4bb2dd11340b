"""Regenerate android/p4a-recipes.txt: the recipe names of the pinned python-for-android.

    .venv/bin/python android/update_recipes.py                    # from the PyPI package
    .venv/bin/python android/update_recipes.py --git P4A_CLONE    # from a git clone, at the tag

The version is read from buildozer.spec (``p4a.branch = vYYYY.MM.DD``). From PyPI the
wheel ``python-for-android==YYYY.M.D`` is downloaded with pip (no dependencies) and
its ``pythonforandroid/recipes/<name>/__init__.py`` entries are listed; from a clone
the same folder is listed at the tag with ``git ls-tree``. The file's first lines say
where the names came from; then one recipe name a line, sorted.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = HERE / "p4a-recipes.txt"
RECIPE = re.compile(r"pythonforandroid/recipes/([^/]+)/__init__\.py$")


def spec_tag(spec: Path = ROOT / "buildozer.spec") -> str:
    """The ``p4a.branch`` of buildozer.spec (e.g. ``v2026.05.09``)."""
    for line in spec.read_text(encoding="utf-8").splitlines():
        key, _, value = line.partition("=")
        if key.strip() == "p4a.branch":
            return value.strip()
    raise SystemExit(f"{spec}: no p4a.branch line")


def pypi_version(tag: str) -> str:
    """``v2026.05.09`` -> ``2026.5.9`` (PyPI's normalised version of the tag)."""
    parts = tag.lstrip("v").split(".")
    return ".".join(str(int(p)) for p in parts)


def names_from_wheel(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as z:
        return sorted({m.group(1) for n in z.namelist() if (m := RECIPE.match(n))})


def names_from_git(clone: Path, tag: str) -> list[str]:
    out = subprocess.run(["git", "-C", str(clone), "ls-tree", "-r", "--name-only", tag,
                          "pythonforandroid/recipes"], check=True, capture_output=True, text=True).stdout
    return sorted({m.group(1) for n in out.splitlines() if (m := RECIPE.match(n))})


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--git", type=Path, help="a python-for-android clone (else the PyPI wheel)")
    args = ap.parse_args(argv)
    tag = spec_tag()
    if args.git:
        names = names_from_git(args.git, tag)
        origin = f"git tag {tag} of python-for-android (pythonforandroid/recipes)"
    else:
        version = pypi_version(tag)
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", tmp,
                            f"python-for-android=={version}"], check=True)
            wheel = next(Path(tmp).glob("*.whl"))
            names = names_from_wheel(wheel)
            origin = f"{wheel.name} (PyPI), the release of tag {tag}"
    if not names:
        raise SystemExit("no recipes found")
    OUT.write_text(f"# tag: {tag}\n# from: {origin}\n# made by android/update_recipes.py\n"
                   + "".join(f"{n}\n" for n in names), encoding="utf-8")
    print(f"wrote {OUT}: {len(names)} recipes of {tag}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
