"""One print queue for the app and the command line (issue 25): the app's pages for a
printer that is off wait in the user's print queue, the one `companion print-queue`
lists and sends; the app tries that queue again while it runs (ui.session_print.
QueueRetry, ticked by ui.app's Kivy Clock through ui.viewmodels.endgame.retry_prints)
and a page that waited prints with no other print, the end panel saying so in words;
a printer that stays off keeps its jobs (the queue's back-off respected); the jobs an
older app kept in the journal folder's queue/ are moved into the one queue."""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest

from companion.journal import Journal
from play.recordings import recording_dir
from printing.profiles import PrinterConfig
from printing.queue import DONE, PENDING, PrintQueue, default_dir
from ui import i18n
from ui.session_print import QueueRetry
from ui.viewmodels.endgame import EndgameVM, retry_prints
from ui.viewmodels.protocol import PrinterSettings


@pytest.fixture(autouse=True)
def own_queue(tmp_path, monkeypatch):
    """The user's print queue of this test alone (platformdirs reads XDG_DATA_HOME)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def finished(tmp_path, name: str) -> Journal:
    rec = json.loads((recording_dir(name) / "journal.json").read_text(encoding="utf-8"))
    j = Journal.create(tmp_path / f"{name}.sqlite", rec["game"], rec["setup"])
    for a in rec["actions"]:
        j.append(a, source="replay")
    return j


def closed_port() -> int:
    """A port on 127.0.0.1 nobody listens on (a printer that is off)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Listener:
    """A printer switched on at ``port``: a local TCP listener keeping every job's bytes."""

    def __init__(self, port: int):
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", port))
        self.sock.listen(4)
        self.sock.settimeout(0.2)
        self.jobs: list[bytes] = []
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            buf = bytearray()
            with conn:
                conn.settimeout(5)
                try:
                    while chunk := conn.recv(65536):
                        buf += chunk
                except OSError:
                    pass
            self.jobs.append(bytes(buf))

    def close(self):
        self._stop.set()
        self.thread.join(2)
        self.sock.close()


def tick_until(retry, cond, timeout_s: float = 30.0) -> list:
    """Tick ``retry`` as the app's Clock does (every pass waited for) until ``cond()``;
    returns every report."""
    every = []
    end = time.time() + timeout_s
    while time.time() < end:
        retry.tick()
        assert retry.wait(10)
        every.extend(retry.tick())
        if cond():
            break
        time.sleep(0.1)
    return every


def test_a_page_kept_while_the_printer_was_off_prints_by_the_apps_retry_without_another_print(tmp_path):
    port = closed_port()
    j = finished(tmp_path, "pergamon-3p")
    vm = EndgameVM(lambda: j, "en", folder=tmp_path / "games")
    jobs = vm.print_end(PrinterSettings(kind="network", target=f"127.0.0.1:{port}"))
    assert jobs and {job.state for job in jobs} == {"queued"}
    assert "does not answer" in vm.status
    queue = PrintQueue(default_dir())
    assert {job.job_id for job in jobs} == {q.id for q in queue.jobs(PENDING)} == vm.waiting
    printer = Listener(port)  # the printer is switched on
    try:
        retry = QueueRetry()
        redrawn = []

        class Host:
            listeners = [lambda: redrawn.append(vm.status)]

        told = []
        end = time.time() + 30
        while not told or vm.waiting:  # the app's Clock: a tick every few seconds
            assert time.time() < end, "the retry never printed the pages that waited"
            told.append(retry_prints(retry, Host()))
            retry.wait(10)
            time.sleep(0.05)
        assert len(printer.jobs) == len(jobs) and all(len(b) > 1000 for b in printer.jobs)
    finally:
        printer.close()
    assert [q.state for q in queue.jobs()] == [DONE] * len(jobs)  # no job added: no other print
    want = (i18n.tr("end.printed_later_receipt", "en") if vm.receipt_only()
            else i18n.trn("end.printed_later_pages", "en", len(jobs)))
    assert vm.status == want and redrawn[-1] == want and any(told)
    assert "/" not in vm.status and str(port) not in vm.status and not any(q.id in vm.status for q in queue.jobs())
    for lang in ("es", "zh"):
        assert i18n.tr("end.printed_later_receipt", lang) != i18n.tr("end.printed_later_receipt", "en")


def test_print_queue_list_shows_the_apps_queued_job(tmp_path, capsys):
    from companion.cli import main

    port = closed_port()
    j = finished(tmp_path, "turin-market-4p")
    vm = EndgameVM(lambda: j, "en", folder=tmp_path / "games")
    jobs = vm.print_end(PrinterSettings(kind="network", target=f"127.0.0.1:{port}"))
    assert jobs and {job.state for job in jobs} == {"queued"}
    capsys.readouterr()
    assert main(["print-queue", "--list"]) == 0
    out = capsys.readouterr().out
    for job in jobs:
        line = next(ln for ln in out.splitlines() if ln.startswith(job.job_id))
        assert "pending" in line and f"127.0.0.1:{port}" in line


def test_a_printer_that_stays_off_keeps_its_jobs_and_the_back_off_is_respected(tmp_path):
    """Nothing is lost when the retry fails: the job stays pending, tried again only once
    its next try is due, each failure doubling the wait (printing.queue's back-off)."""
    now = [1000.0]
    queue = PrintQueue(default_dir(), clock=lambda: now[0])
    job = queue.submit(f"tcp://127.0.0.1:{closed_port()}", b"\x1b@a page", _cfg(), title="final")
    retry = QueueRetry(queue=queue)
    tick_until(retry, lambda: queue.get(job.id).attempts == 1)
    first = queue.get(job.id)
    assert first.state == PENDING and first.attempts == 1 and first.next_try == now[0] + 2
    now[0] += 1  # not due yet: not tried
    reports = tick_until(retry, lambda: True)
    assert queue.get(job.id).attempts == 1 and all(r.outcome != "retry" for r in reports)
    now[0] += 1.5  # due: tried again, still off; the next wait doubled
    tick_until(retry, lambda: queue.get(job.id).attempts == 2)
    again = queue.get(job.id)
    assert again.state == PENDING and again.next_try == now[0] + 4
    assert queue.payload_path(job.id).read_bytes() == b"\x1b@a page"  # the page kept whole


def test_the_jobs_an_older_app_kept_in_the_journal_folder_move_into_the_one_queue(tmp_path):
    old = PrintQueue(tmp_path / "games" / "queue")
    job = old.submit(f"tcp://127.0.0.1:{closed_port()}", b"\x1b@old page", _cfg(), title="final")
    retry = QueueRetry(old=[tmp_path / "games" / "queue"])
    retry.tick()
    assert retry.wait(10)
    moved = PrintQueue(default_dir()).get(job.id)
    assert moved.state == PENDING and moved.attempts == 1  # moved, then tried at once
    assert not (tmp_path / "games" / "queue").exists()
    # the app's print adopts it too (a SessionPrinter whose folder holds an old queue)
    old = PrintQueue(tmp_path / "g2" / "queue")
    job2 = old.submit(f"tcp://127.0.0.1:{closed_port()}", b"\x1b@older page", _cfg(), title="final")
    j = finished(tmp_path, "pergamon-3p")
    vm = EndgameVM(lambda: j, "en", folder=tmp_path / "g2")
    vm.print_end(PrinterSettings(kind="network", target=f"127.0.0.1:{closed_port()}"))
    assert PrintQueue(default_dir()).get(job2.id).state == PENDING
    assert not (tmp_path / "g2" / "queue").exists()


def _cfg():
    from printing.profiles import PrinterConfig

    return PrinterConfig()


@pytest.mark.ui
def test_the_running_app_retries_the_queue_by_itself(tmp_path):
    """The app itself (tests/ui/drive_print_retry.py, offscreen): its Kivy Clock tries
    the queue again; a job kept while the printer was off prints once the printer is
    on, with no other print, and an older app's job in its journal folder's queue/ is
    moved into the one queue and printed too."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    driver = Path(__file__).with_name("drive_print_retry.py")
    env = dict(os.environ, KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1", KIVY_HOME=str(tmp_path / "kivy"))
    env.pop("DISPLAY", None)
    done = subprocess.run([sys.executable, str(driver), str(tmp_path / "out")], env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads((tmp_path / "out" / "report.json").read_text(encoding="utf-8"))
    assert report["states"] == {"waiting page": "done", "older app's page": "done"}, report
    assert sorted(report["printed"]) == [1802, 3502]  # each page's bytes taken whole, once
    assert not report["old_folder_left"]
    assert report["tried_while_off"] >= 2  # switched on only after the app's retry failed once: a later tick printed


def test_a_print_of_many_pages_with_the_printer_off_is_one_try_and_prints_soon_after_it_is_on(tmp_path):
    """Scoop's end is 5 pages: tried once for the whole print (a try per page pushed the
    first page's back-off to 32 s, and the end panel still said "5 pages wait" half a
    minute after the printer was switched on: found by a fresh user)."""
    port = closed_port()
    j = finished(tmp_path, "scoop-4p")
    vm = EndgameVM(lambda: j, "en", folder=tmp_path / "games")
    jobs = vm.print_end(PrinterSettings(kind="network", target=f"127.0.0.1:{port}"))
    assert len(jobs) > 2 and {job.state for job in jobs} == {"queued"}
    queue = PrintQueue(default_dir())
    tried = {q.id: q.attempts for q in queue.jobs(PENDING)}
    assert max(tried.values()) == 1, tried  # one try for the whole print, not one per page
    printer = Listener(port)
    try:
        retry = QueueRetry()
        start = time.time()
        while vm.waiting:
            assert time.time() - start < QueueRetry.MAX_WAIT_S + 10, "the pages that waited were not printed soon"
            retry_prints(retry, None)
            retry.wait(10)
            time.sleep(0.2)
        assert len(printer.jobs) == len(jobs)
    finally:
        printer.close()
    assert vm.status == i18n.trn("end.printed_later_pages", "en", len(jobs))


def test_the_apps_retry_tries_a_printer_off_for_long_at_least_every_max_wait(tmp_path):
    port = closed_port()
    retry = QueueRetry()
    retry.tick()
    assert retry.wait(10)
    queue = retry._queue
    job = queue.submit(f"tcp://127.0.0.1:{port}", b"\x1b@" + b"x" * 100, PrinterConfig(), title="page")
    for _ in range(8):  # off for a long time: the back-off would reach 2 minutes
        queue.due_now({job.target})
        queue.process()
    kept = queue.jobs(PENDING)[0]
    assert kept.attempts == 8 and kept.next_try - queue.clock() <= QueueRetry.MAX_WAIT_S
