"""Drive the app offscreen and check that its Kivy Clock retries the print queue: a
job waits in the user's print queue for a printer that is off (a local port nobody
listens on; XDG_DATA_HOME names this run's own data folder), then the printer is
switched on (a local TCP listener on the same port) and the app, left running with no
other print, sends it; an older app's job in ``<journal folder>/queue`` is moved into
the one queue and printed too.

    .venv/bin/python tests/ui/drive_print_retry.py OUT_DIR

The printer is switched on only once the app's retry has tried the job again with it
off (so a Clock that ticked once and stopped would fail). Writes OUT_DIR/report.json
({"printed": [bytes per job], "states": {title: state}, "tried_while_off": n,
"old_folder_left": bool, "seconds": s}). One Kivy app per process;
used by tests/ui/test_print_queue_app.py.
"""

from __future__ import annotations

import json
import os
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

TMP = Path(tempfile.mkdtemp(prefix="ui-print-retry-"))
os.environ["XDG_DATA_HOME"] = str(TMP / "data")  # this run's own print queue

from ui.app import prepare_env  # noqa: E402

prepare_env(headless=True)
from kivy.clock import Clock  # noqa: E402

from ui.app import build_app_class  # noqa: E402

#: how long the app is left running for the retry (the queue's back-off starts at 2 s)
PATIENCE_S = 60.0


def main(out: Path) -> None:
    from printing.profiles import PrinterConfig
    from printing.queue import PrintQueue, default_dir

    out.mkdir(parents=True, exist_ok=True)
    report: dict = {"printed": [], "states": {}}
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed: the printer is off
    target = f"tcp://127.0.0.1:{port}"
    old = PrintQueue(TMP / "games" / "queue")  # an older app's queue beside its journals
    old.submit(target, b"\x1b@" + b"old page " * 200, PrinterConfig(), title="older app's page")
    queue = PrintQueue(default_dir())
    job = queue.submit(target, b"\x1b@" + b"a page " * 500, PrinterConfig(), title="waiting page")
    tried = queue.process()  # tried once with the printer off: kept, its back-off set
    assert [(r.job_id, r.outcome) for r in tried] == [(job.id, "retry")], tried

    App = build_app_class()
    app = App(session_factory=lambda cfg: None, lang="en", camera=None, settings_path=TMP / "settings.json",
              export_dir=TMP / "export", journal_dir=TMP / "games")
    srv = socket.socket()
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)

    def serve():  # the printer switched on: keeps every job's bytes
        srv.bind(("127.0.0.1", port))
        srv.listen(4)
        while True:
            try:
                conn, _ = srv.accept()
            except OSError:
                return
            got = bytearray()
            with conn:
                conn.settimeout(5)
                try:
                    while chunk := conn.recv(65536):
                        got += chunk
                except OSError:
                    pass
            report["printed"].append(len(got))

    start = time.time()
    on = []

    def look(_dt):
        if not on:  # the printer stays off until the app's own retry has tried the job again and failed:
            tries = sum(j.attempts for j in PrintQueue(default_dir()).jobs())  # 1: ours, before the app ran
            if tries < 2 and time.time() - start < PATIENCE_S:
                return True  # ... so that only a later tick of the app's Clock can print them
            threading.Thread(target=serve, daemon=True).start()
            on.append(time.time())
            report["tried_while_off"] = tries
        jobs = PrintQueue(default_dir()).jobs()
        done = len(jobs) == 2 and all(j.state == "done" for j in jobs)
        if done or time.time() - start > PATIENCE_S:
            report["states"] = {j.title: j.state for j in jobs}
            report["old_folder_left"] = (TMP / "games" / "queue").exists()
            report["seconds"] = round(time.time() - start, 1)
            (out / "report.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
            app.stop()
            return False
        return True

    Clock.schedule_interval(look, 0.5)
    try:
        app.run()
    finally:
        srv.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
