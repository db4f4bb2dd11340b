"""A player's name is drawn at one weight whatever its letters (issue 29): "Ana",
"Ana 😀", "مريم", "李雷" in bold labels look as their regular labels do, as SDL2 draws
the label font (no bold file registered for it: Kivy never emboldens one), never a
heavy stroke on the lines the fallback chain draws (ui.fonts); with a bold file
registered, bold labels are bold on both paths (as far as a script has a bold
face). One Kivy process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Ana", "Ana 😀", "مريم", "李雷", "Ana مريم 李雷"]

SCRIPT = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from ui.app import prepare_env
prepare_env(headless=True)
import numpy as np
from kivy.core.window import Window  # noqa: F401 - a GL context for the textures
from ui.fonts import register_default_font
register_default_font()
from kivy.core.text import Label as CoreLabel, LabelBase
from printing.fonts import system_fonts

def ink(text, bold, font="Roboto"):
    label = CoreLabel(text=text, bold=bold, font_size=40, font_name=font)
    label.refresh()
    t = label.texture
    return int(np.frombuffer(t.pixels, np.uint8).reshape(t.height, t.width, 4)[..., 3].sum()) // 255

fs = system_fonts()
LabelBase.register("withbold", fs.regular, fn_bold=fs.bold)
out = {"default": {n: [ink(n, False), ink(n, True)] for n in json.loads(sys.argv[2])},
       "withbold": {n: [ink(n, False, "withbold"), ink(n, True, "withbold")] for n in json.loads(sys.argv[2])}}
print(json.dumps(out))
"""


def test_bold_and_regular_names_look_alike_on_both_paths(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1", KIVY_HOME=str(tmp_path / "kivy"))
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(ROOT), json.dumps(NAMES)], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    ink = json.loads(done.stdout.strip().splitlines()[-1])
    for name, (regular, bold) in ink["default"].items():   # no bold file: one weight, both paths
        assert regular > 0 and bold == regular, (name, regular, bold)
    ratios = {name: bold / regular for name, (regular, bold) in ink["withbold"].items()}
    # a real bold file: bold on SDL2 ("Ana") and on the fallback chain ("مريم": its
    # script's bold face), alike; an emoji or a Chinese name has no bold face to take
    assert ratios["Ana"] > 1.2 and ratios["مريم"] > 1.2 and abs(ratios["مريم"] - ratios["Ana"]) < 0.3, ratios
