"""The UI drivers (tests/ui/drive_*.py) run the Kivy app offscreen, each in its own
process, for 10-90 s, much of it waiting on the app's clock and frames. Instead of
starting each when its module's fixture asks (the suite then waits for it), the
drivers that the collected tests need run in the background from the end of
collection, one at a time (the heaviest first), beside the rest of the suite; each
module's fixture then only waits for its own (:func:`driver_result`). One at a time
keeps each driver's share of the 2 cores what it had when run alone (their checks
count frames shown in a time window). Without any UI test collected nothing starts.
tests/ui/conftest.py calls :func:`start_needed` and :func:`stop_all`.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
REC = ROOT / "play" / "recordings" / "penny-press-3p"

#: driver name -> (test module that reads it, script, extra arguments, time-out s)
DRIVERS = {
    "app": ("test_ui_app.py", "drive_app.py", (), 240),
    "real": ("test_ui_real_session.py", "drive_real.py", (), 240),
    "recording": ("test_ui_recording.py", "drive_recording.py", (str(REC),), 420),
    "walk": ("test_ui_walk.py", "drive_walk.py", (), 600),
    "scoop_dial": ("test_ui_scoop_dial.py", "drive_scoop_dial.py", (), 300),  # all drivers start at once: room under load
    "scoop_table": ("test_ui_scoop_table.py", "drive_scoop_table.py", (), 300),
    "host": ("test_ui_host.py", "drive_host.py", (), 240),
    "madeup": ("test_ui_madeup_game.py", "drive_madeup.py", (), 180),
    "glyphs": ("test_ui_glyphs.py", "drive_glyphs.py", (), 240),
    "glyphs_bare": ("test_ui_glyphs.py", "drive_glyphs.py", ("--no-fallback",), 240),
    "turin_app": ("test_turin_market_app.py", "drive_turin_app.py", (), 420),
    "turin_play": ("test_turin_market_playthrough.py", "drive_turin_playthrough.py", (), 600),
    "scoop_play": ("test_scoop_playthrough.py", "drive_scoop_playthrough.py", (), 900),
    "pp_play": ("test_pp_playthrough.py", "drive_pp_playthrough.py", (), 600),
    "endgame": ("test_endgame_ui.py", "drive_endgame.py", (), 300),
    "corrections_kit": ("test_corrections_kit_app.py", "drive_corrections_kit.py", (), 300),
    "lang_switch": ("test_lang_switch_table.py", "drive_lang_switch.py", (), 240),
}


@dataclass
class Driver:
    name: str
    out: Path
    proc: subprocess.Popen
    timeout: float
    started: float = field(default_factory=time.monotonic)
    _result: tuple[int, str] | None = None

    def wait(self) -> tuple[int, str]:
        """(exit code, the end of stderr) once the driver has ended (killed at its time-out)."""
        if self._result is None:
            left = max(1.0, self.timeout - (time.monotonic() - self.started))
            try:
                self.proc.wait(timeout=left)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            err = (self.out / "driver.stderr").read_text(encoding="utf-8", errors="replace")
            self._result = (self.proc.returncode, err[-3000:])
        return self._result


_running: dict[str, Driver] = {}
_base: Path | None = None


def _start(name: str) -> Driver:
    global _base
    if name in _running:
        return _running[name]
    if _base is None:
        _base = Path(tempfile.mkdtemp(prefix="ui-drivers-"))
    _module, script, extra, timeout = DRIVERS[name]
    out = _base / name
    out.mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["KIVY_HOME"] = str(_base / f"kivy-{name}")
    env["XDG_CONFIG_HOME"] = str(_base / f"config-{name}")  # its own printer config and settings
    env.setdefault("KIVY_LOG_MODE", "MIXED")  # Kivy leaves stderr alone: a driver's crash shows its traceback
    err = open(out / "driver.stderr", "wb")
    proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / "ui" / script), str(out), *extra],
                            env=env, stdout=subprocess.DEVNULL, stderr=err, cwd=ROOT)
    err.close()
    _running[name] = Driver(name, out, proc, timeout)
    return _running[name]


_queue: list[str] = []
_lock = threading.Lock()
_done = threading.Condition(_lock)
_stopping = False
_thread: threading.Thread | None = None


def _run_queue() -> None:
    while True:
        with _lock:
            if _stopping or not _queue:
                return
            name = _queue.pop(0)
            d = _start(name)
            _done.notify_all()
        d.wait()
        with _lock:
            _done.notify_all()


def start_needed(items) -> None:
    """Run, one after another in the background, the driver of every UI test module
    among the collected ``items``."""
    global _thread
    wanted = {Path(str(item.fspath)).name for item in items}
    with _lock:
        _queue.extend(n for n, (module, *_rest) in DRIVERS.items() if module in wanted and n not in _running)
    if _queue:
        _thread = threading.Thread(target=_run_queue, name="ui-drivers", daemon=True)
        _thread.start()


def stop_all() -> None:
    global _stopping
    with _lock:
        _stopping = True
        _queue.clear()
    for d in list(_running.values()):
        if d.proc.poll() is None:
            d.proc.kill()
            d.proc.wait()


def driver_result(name: str) -> Path:
    """The output folder of driver ``name`` once it has ended well (started now if no
    background run has it); fails the asking test with the driver's stderr."""
    with _lock:
        if name in _queue:  # asked for now: it runs next, still one at a time
            _queue.remove(name)
            _queue.insert(0, name)
            while name not in _running and not _stopping and _thread is not None and _thread.is_alive():
                _done.wait(1.0)
            if name in _queue:
                _queue.remove(name)
        d = _running.get(name) or _start(name)
    code, err = d.wait()
    assert code == 0, f"tests/ui/{DRIVERS[name][1]} exited {code}:\n{err}"
    return d.out
