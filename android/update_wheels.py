"""Regenerate android/pure-wheels.txt: the pure-Python wheels of buildozer.spec's pins.

    .venv/bin/python android/update_wheels.py

For every requirement that is neither a recipe of the pinned python-for-android
(android/p4a-recipes.txt) nor our own recipe, pip asks the package index for a wheel
of exactly that version that installs on any platform (``--only-binary :all:
--platform any --implementation py``, for the Python of the ``python3`` pin) and the
wheel's file name is recorded (``name==version file``). A requirement without such a
wheel is named and left out (the spec check then fails on it).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "pure-wheels.txt"


def _check_module():
    spec = importlib.util.spec_from_file_location("spec_check", HERE / "spec_check.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main() -> int:
    sc = _check_module()
    app = sc.read_spec()
    tag, names = sc.recipe_list()
    ours = sc.local_recipes()
    reqs = sc.requirements(app)
    py = next((v for n, v in reqs if n == "python3" and v), "3.14")
    py = ".".join(py.split(".")[:2])
    lines, missing = [], []
    env = dict(os.environ, PIP_CONSTRAINT="")  # the machine's own constraints are not the APK's
    for name, version in reqs:
        if name in names or name in ours:
            continue
        if version is None:
            missing.append(f"{name} (not pinned)")
            continue
        with tempfile.TemporaryDirectory() as tmp:
            run = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", tmp,
                                  "--only-binary", ":all:", "--platform", "any", "--implementation", "py",
                                  "--python-version", py, f"{name}=={version}"],
                                 capture_output=True, text=True, env=env)
            wheels = sorted(Path(tmp).glob("*.whl"))
            if run.returncode != 0 or not wheels:
                missing.append(f"{name}=={version}")
                continue
            lines.append(f"{name}=={version} {wheels[0].name}")
    OUT.write_text(f"# pure-Python wheels of buildozer.spec's pins (Python {py}), checked on the package index\n"
                   "# made by android/update_wheels.py\n" + "".join(f"{ln}\n" for ln in lines),
                   encoding="utf-8")
    print(f"wrote {OUT}: {len(lines)} wheels")
    for m in missing:
        print(f"no pure-Python wheel: {m}", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
