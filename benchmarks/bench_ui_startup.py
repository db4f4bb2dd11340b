"""Start-up of the tablet app to its first frame, against a bare Kivy App with one
Label, measured in the same run (offscreen SDL, each in a fresh process).

    .venv/bin/python benchmarks/bench_ui_startup.py [--runs 5]

"first frame" = the first Window.on_flip after the app starts, counted from process
start (time.perf_counter at the top of the child script), including Kivy's import,
window creation, font registration and .kv loading. For the app the time to the first
camera frame drawn on the live table (the real session on a scripted game, ui.games.penny_press.scripted, started from the start screen's
values at once) is printed too. Target: < 2 s to the first frame on this machine.
Then the UI-thread cost of showing one camera frame (CameraView.show: BGR->RGB copy,
texture upload, 20 outlines and labels) at 720p and 1080p, against a bare texture
upload of the same frame.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD_BASE = r'''
import time; T0 = time.perf_counter()
import os, sys, json
sys.path.insert(0, {root!r})
from ui.app import prepare_env
prepare_env(headless=True)
from kivy.app import App
from kivy.uix.label import Label
from kivy.core.window import Window
from kivy.clock import Clock
out = {{}}
class Bare(App):
    def build(self):
        return Label(text="Table Companion")
    def on_start(self):
        def flip(*a):
            Window.unbind(on_flip=flip)
            out["first_frame_s"] = time.perf_counter() - T0
            Clock.schedule_once(lambda dt: self.stop(), 0)
        Window.bind(on_flip=flip)
Bare().run()
print(json.dumps(out))
'''

CHILD_APP = r'''
import time; T0 = time.perf_counter()
import os, sys, json
sys.path.insert(0, {root!r})
from ui.app import prepare_env, build_app_class
prepare_env(headless=True)
from kivy.core.window import Window
from kivy.clock import Clock
from ui.games.penny_press.scripted import ScriptedSession
from ui.viewmodels.protocol import SessionConfig
import tempfile
from ui.viewmodels.protocol import PlayerSetup
DEFAULT_PLAYERS = (PlayerSetup('red', 'Ana', 'The Times'), PlayerSetup('blue', 'Bo', 'The Herald'), PlayerSetup('green', 'Chen', 'The World'))
out = {{}}
App = build_app_class()
app = App(session_factory=lambda cfg: ScriptedSession(SessionConfig(**{{**cfg.__dict__, 'journal_dir': tempfile.mkdtemp()}}), period=1/30), lang="en",
          settings_path={settings!r})
def on_start(*a):
    def flip(*a):
        Window.unbind(on_flip=flip)
        out["first_frame_s"] = time.perf_counter() - T0
        app.open_session(SessionConfig(players=DEFAULT_PLAYERS))
        def poll(dt):
            if app.game.live_vm.frames_shown:
                out["first_camera_frame_s"] = time.perf_counter() - T0
                app.stop()
                return False
        Clock.schedule_interval(poll, 0)
    Window.bind(on_flip=flip)
app.bind(on_start=on_start)
app.run()
print(json.dumps(out))
'''


CHILD_SHOW = r'''
import time, os, sys, json, statistics
sys.path.insert(0, {root!r})
from ui.app import prepare_env
prepare_env(headless=True)
import numpy as np
from kivy.app import App
from kivy.core.window import Window
from kivy.clock import Clock
from kivy.graphics.texture import Texture
from ui.screens.common import CameraView
from ui.viewmodels.camera import overlays
from ui.viewmodels.protocol import Symbol
out = {{}}
class Show(App):
    def build(self):
        self.view = CameraView()
        return self.view
    def on_start(self):
        Clock.schedule_once(self.measure, 0.1)
    def measure(self, dt):
        rng = np.random.default_rng(0)
        for w, h in ((1280, 720), (1920, 1080)):
            frame = rng.integers(0, 255, (h, w, 3), dtype=np.uint8)
            syms = [Symbol(f"war-A{{i % 3 + 1}}" if i % 4 else None,
                           ((50 + i * 40, 60), (90 + i * 40, 60), (90 + i * 40, 100), (50 + i * 40, 100)),
                           "ok" if i % 4 else "unreadable", None if i % 4 else "glare") for i in range(20)]
            show, base = [], []
            tex = Texture.create(size=(w, h), colorfmt="rgb")
            rgb = frame[:, :, ::-1].copy()
            for _ in range(15):
                t = time.perf_counter()
                self.view.show(frame, overlays(syms, w, h, "en"))
                show.append(time.perf_counter() - t)
                t = time.perf_counter()
                tex.blit_buffer(rgb.tobytes(), colorfmt="rgb", bufferfmt="ubyte")
                base.append(time.perf_counter() - t)
            out[f"{{w}}x{{h}}"] = [statistics.median(show) * 1000, statistics.median(base) * 1000]
        self.stop()
Show().run()
print(json.dumps(out))
'''


def run_child(code: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["KIVY_HOME"] = tempfile.mkdtemp(prefix="bench-kivy-")
    script = Path(env["KIVY_HOME"]) / "child.py"  # Kivy's App needs a source file
    script.write_text(code, encoding="utf-8")
    proc = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        raise SystemExit(f"child failed (exit {proc.returncode}): {proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    settings = str(Path(tempfile.mkdtemp()) / "settings.json")
    base, app_ff, app_cam = [], [], []
    for _ in range(args.runs):  # interleaved so both see the same machine load
        base.append(run_child(CHILD_BASE.format(root=str(ROOT)))["first_frame_s"])
        r = run_child(CHILD_APP.format(root=str(ROOT), settings=settings))
        app_ff.append(r["first_frame_s"])
        app_cam.append(r["first_camera_frame_s"])
    med = statistics.median
    print(f"runs: {args.runs} (fresh process each, SDL offscreen)")
    print(f"baseline bare Kivy App + Label, first frame: median {med(base):.3f} s (min {min(base):.3f})")
    print(f"Table Companion app, first frame (start screen): median {med(app_ff):.3f} s "
          f"(min {min(app_ff):.3f}), ratio {med(app_ff) / med(base):.2f}x baseline")
    print(f"Table Companion app, first camera frame on the live table: median {med(app_cam):.3f} s "
          f"(min {min(app_cam):.3f})")
    print(f"target < 2 s to the first frame: {'met' if med(app_ff) < 2 else 'NOT met'}")
    show = run_child(CHILD_SHOW.format(root=str(ROOT)))
    for size, (ms, base_ms) in show.items():
        print(f"live view, one {size} frame + 20 tag outlines on the UI thread: median {ms:.1f} ms "
              f"(baseline: bare texture upload {base_ms:.1f} ms; budget at 30 fps: 33 ms)")


if __name__ == "__main__":
    main()
