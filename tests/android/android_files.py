"""Load the scripts of android/ by path (android/ is no package: see android/spec_check.py)."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ANDROID = ROOT / "android"


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"android_{name}", ANDROID / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod
