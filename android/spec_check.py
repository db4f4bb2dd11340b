"""Check buildozer.spec's requirements: each must be a recipe of the pinned
python-for-android, a pure-Python wheel checked on the package index, or our own recipe.

    .venv/bin/python android/spec_check.py          # prints the problems, exit 1 if any

Facts it reads (all in android/): ``p4a-recipes.txt`` (recipe names of the tag in
``p4a.branch``, written by update_recipes.py), ``pure-wheels.txt`` (``name==version
wheel-file`` lines, written by update_wheels.py) and ``p4a-recipes/<name>/__init__.py``
(our recipes, ``p4a.local_recipes``). Loaded by path (android/ is no package: the name
would hide python-for-android's own ``android`` module in the APK).
"""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
#: the wheel tags a pure-Python wheel may carry (python tag, abi, platform)
PURE_TAGS = re.compile(r"^(py3|py2\.py3|py3\.py2)-none-any$")


def norm(name: str) -> str:
    """A pip name normalised (PEP 503): lower case, runs of ``-_.`` as ``-``."""
    return re.sub(r"[-_.]+", "-", name).lower()


def read_spec(spec: Path = ROOT / "buildozer.spec") -> dict[str, str]:
    """The ``[app]`` section of a buildozer spec as ``key -> value`` (text; comments
    and blank lines skipped; a later key wins, as in buildozer)."""
    out: dict[str, str] = {}
    section = None
    for raw in spec.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            continue
        if section == "app" and "=" in line:
            key, _, value = line.partition("=")
            out[key.strip()] = value.strip()
    return out


def requirements(app: dict[str, str]) -> list[tuple[str, str | None]]:
    """``requirements`` as ``(name, version or None)`` pairs, in order."""
    out = []
    for item in app.get("requirements", "").split(","):
        item = item.strip()
        if not item:
            continue
        name, sep, version = item.partition("==")
        out.append((name.strip(), version.strip() if sep else None))
    return out


def recipe_list(path: Path = HERE / "p4a-recipes.txt") -> tuple[str, set[str]]:
    """``(tag, names)`` of the generated recipe list (its ``# tag:`` line)."""
    tag, names = "", set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# tag:"):
            tag = line.split(":", 1)[1].strip()
        elif line and not line.startswith("#"):
            names.add(line.strip())
    return tag, names


def wheel_list(path: Path = HERE / "pure-wheels.txt") -> dict[str, tuple[str, str]]:
    """``normalised name -> (version, wheel file name)`` of the checked wheels."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        pin, wheel = line.split()
        name, _, version = pin.partition("==")
        out[norm(name)] = (version, wheel)
    return out


def wheel_tag(wheel: str) -> str:
    """The ``python-abi-platform`` tag of a wheel file name (the last three fields)."""
    return "-".join(wheel[:-len(".whl")].split("-")[-3:])


def local_recipes(folder: Path = HERE / "p4a-recipes") -> set[str]:
    """Our own recipes: the folders of ``folder`` with an ``__init__.py``."""
    return {p.parent.name for p in folder.glob("*/__init__.py")}


def problems(spec: Path = ROOT / "buildozer.spec", recipes: Path = HERE / "p4a-recipes.txt",
             wheels: Path = HERE / "pure-wheels.txt", local: Path = HERE / "p4a-recipes") -> list[str]:
    """Every problem of ``spec``'s requirements, in words (empty: all fine).

    A requirement is fine when it is a recipe of the recipe list (exact name, as
    python-for-android looks recipes up), our own recipe, or a pip name whose pinned
    version is the one of a pure-Python wheel (py3-none-any) in the wheel list. The
    spec's ``p4a.branch`` must be the recipe list's tag, and every pip requirement
    must be pinned (``==``)."""
    app = read_spec(spec)
    tag, names = recipe_list(recipes)
    checked = wheel_list(wheels)
    ours = local_recipes(local)
    out = []
    if app.get("p4a.branch") != tag:
        out.append(f"p4a.branch is {app.get('p4a.branch')!r} but the recipe list is of {tag!r}: "
                   "run android/update_recipes.py")
    for name, version in requirements(app):
        if name in names or name in ours:
            continue
        got = checked.get(norm(name))
        if got is None:
            out.append(f"{name}: neither a recipe of python-for-android {tag}, nor our own recipe, "
                       "nor a checked pure-Python wheel (android/update_wheels.py)")
        elif version is None:
            out.append(f"{name}: not pinned (write {name}=={got[0]})")
        elif version != got[0]:
            out.append(f"{name}=={version}: the wheel checked is of version {got[0]} "
                       "(run android/update_wheels.py)")
        elif not PURE_TAGS.match(wheel_tag(got[1])):
            out.append(f"{name}: {got[1]} is not a pure-Python wheel")
    return out


if __name__ == "__main__":
    found = problems()
    for p in found:
        print(p)
    raise SystemExit(1 if found else 0)
