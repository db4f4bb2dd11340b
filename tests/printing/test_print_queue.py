"""The on-disk print queue (printing.queue): nothing lost, nothing printed twice."""

import json

import pytest
from PIL import Image, ImageDraw

from print_helpers import FakePrinter, decode, free_port, same_pixels, wait_for
from printing.escpos_raster import escpos_bytes
from printing.profiles import PrinterConfig
from printing.transports import PrinterUnavailable
from printing.queue import DONE, FAILED, PENDING, PrintQueue, QueueError


class Clock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t

    def sleep(self, s):
        self.t += s


def job_page(n=0, height=600):
    img = Image.new("1", (384, height), 255)
    ImageDraw.Draw(img).rectangle([10 + n, 10, 200, 100 + n], fill=0)
    return img


CFG = PrinterConfig(timeout_s=1.0)  # close_wait_s: the default; these printers close at once


def test_printer_off_then_back_prints_the_job_exactly_once(tmp_path):
    port = free_port()
    clock = Clock()
    q = PrintQueue(tmp_path, backoff_s=1.0, clock=clock, sleep=clock.sleep)
    img = job_page()
    data = escpos_bytes(img, CFG)
    job = q.submit(f"tcp://127.0.0.1:{port}", data, CFG, title="red, edition 1", preview=img)

    first = q.process()
    assert [r.outcome for r in first] == ["retry"] and "off" in first[0].error
    assert q.get(job.id).state == PENDING and q.get(job.id).attempts == 1
    assert q.process()[0].outcome == "deferred"  # back-off: not due yet

    # the app restarts (new queue object on the same folder), the printer comes back
    srv = FakePrinter(port=port)
    try:
        q2 = PrintQueue(tmp_path, backoff_s=1.0, clock=clock, sleep=clock.sleep)
        reports = q2.drain(timeout_s=10)
        assert [r.outcome for r in reports] == ["printed"]
        assert q2.get(job.id).state == DONE
        assert q2.process() == [] and q2.drain(timeout_s=5) == []  # never sent again
        assert wait_for(lambda: len(srv.received) == 1)
        assert srv.complete == [data]
        assert same_pixels(decode(srv.complete[0]).image, Image.open(q2.preview_path(job.id)))
    finally:
        srv.close()


def test_connection_dropped_midway_resends_whole_job_once(tmp_path):
    srv = FakePrinter(drop_first=1, drop_after=5000)
    clock = Clock()
    try:
        q = PrintQueue(tmp_path, backoff_s=0.5, clock=clock, sleep=clock.sleep)
        img = job_page(height=2000)  # ~96 kB
        data = escpos_bytes(img, CFG)
        job = q.submit(srv.target, data, CFG, title="blue, edition 2")
        reports = q.drain(timeout_s=10)
        assert [r.outcome for r in reports] == ["retry", "printed"]
        assert "connection lost" in reports[0].error
        assert q.get(job.id).state == DONE and q.get(job.id).attempts == 1
        assert wait_for(lambda: len(srv.received) == 2)
        assert 0 < len(srv.received[0]) < len(data)  # the partial page that may show
        assert srv.complete == [data]
        assert same_pixels(decode(srv.complete[0]).image, img)
    finally:
        srv.close()


def test_backoff_doubles_and_is_capped(tmp_path):
    clock = Clock()
    calls = []

    def off(target, payload, cfg):
        calls.append(clock())
        raise PrinterUnavailable("printer off")

    q = PrintQueue(tmp_path, backoff_s=2.0, max_backoff_s=10.0, sender=off, clock=clock,
                   sleep=clock.sleep)
    q.submit("tcp://127.0.0.1:9", b"\x1b@", CFG)
    q.drain(timeout_s=40)
    gaps = [round(b - a) for a, b in zip(calls, calls[1:])]
    assert gaps[:4] == [2, 4, 8, 10] and set(gaps[3:]) == {10}
    assert q.jobs(PENDING)  # still kept after the time-out


def test_later_jobs_wait_behind_a_failing_printer_and_keep_order(tmp_path):
    sent = []
    up = {"on": False}

    def sender(target, payload, cfg):
        if not up["on"]:
            raise PrinterUnavailable("printer off")
        sent.append(payload)

    clock = Clock()
    q = PrintQueue(tmp_path, backoff_s=1.0, sender=sender, clock=clock, sleep=clock.sleep)
    for i in range(3):
        q.submit("tcp://127.0.0.1:9", bytes([i]), CFG, title=f"page {i}")
    assert [r.outcome for r in q.process()] == ["retry", "waiting", "waiting"]
    up["on"] = True
    q.drain(timeout_s=10)
    assert sent == [b"\x00", b"\x01", b"\x02"]
    assert [j.state for j in q.jobs()] == [DONE] * 3


def test_bad_target_fails_but_is_kept_and_can_be_retried(tmp_path):
    q = PrintQueue(tmp_path)
    job = q.submit(f"file:{tmp_path}/out.bin", b"\x1b@", CFG)
    rec = json.loads((tmp_path / f"{job.id}.json").read_text())
    rec["target"] = "lpt1"  # a record edited by hand into nonsense
    (tmp_path / f"{job.id}.json").write_text(json.dumps(rec))
    assert q.process()[0].outcome == "failed"
    assert q.get(job.id).state == FAILED and q.payload_path(job.id).exists()
    rec["target"] = f"file:{tmp_path}/out.bin"
    (tmp_path / f"{job.id}.json").write_text(json.dumps(rec))
    q.retry(job.id)
    assert q.process()[0].outcome == "printed"
    assert (tmp_path / "out.bin").read_bytes() == b"\x1b@"
    with pytest.raises(QueueError, match="already printed"):
        q.retry(job.id)


def test_crash_leftovers_neither_print_nor_break_the_queue(tmp_path):
    q = PrintQueue(tmp_path)
    (tmp_path / "00000000000000000001-deadbeef.bin").write_bytes(b"half an enqueue")
    (tmp_path / "00000000000000000002-deadbeef.json").write_text('{"id": "trunc')
    (tmp_path / ".x.json.123.tmp").write_text("partial write")
    seen = []
    q.sender = lambda t, p, c: seen.append(p)
    job = q.submit(f"file:{tmp_path}/o.bin", b"ok", CFG)
    assert [j.id for j in q.jobs()] == [job.id]
    q.process()
    assert seen == [b"ok"]
    with pytest.raises(QueueError, match="damaged"):
        q.get("00000000000000000002-deadbeef")


def test_preview_is_not_a_queue_target(tmp_path):
    from printing.profiles import PrinterConfigError

    with pytest.raises(PrinterConfigError, match="preview"):
        PrintQueue(tmp_path).submit("preview", b"", CFG)


def test_purge_removes_only_old_printed_jobs(tmp_path):
    clock = Clock()
    q = PrintQueue(tmp_path, sender=lambda t, p, c: None, clock=clock, sleep=clock.sleep)
    a = q.submit("tcp://127.0.0.1:9", b"a", CFG)
    q.process()
    b = q.submit("tcp://127.0.0.1:9", b"b", CFG)
    clock.t += 100
    assert q.purge_done(older_than_s=50) == 1
    assert [j.id for j in q.jobs()] == [b.id]
    assert not q.payload_path(a.id).exists()


def test_out_of_paper_keeps_the_job_until_paper_is_back(tmp_path):
    cfg = PrinterConfig(timeout_s=1.0, paper_check=True, status_timeout_s=10)  # answered at once
    srv = FakePrinter(paper_out_first=2)
    clock = Clock()
    try:
        q = PrintQueue(tmp_path, backoff_s=1.0, clock=clock, sleep=clock.sleep)
        img = job_page(3)
        data = escpos_bytes(img, cfg)
        job = q.submit(srv.target, data, cfg, title="green, edition 3")
        reports = q.drain(timeout_s=20)
        assert [r.outcome for r in reports] == ["retry", "retry", "printed"]
        assert all("out of paper" in r.error for r in reports[:2])
        assert q.get(job.id).state == DONE
        assert wait_for(lambda: len(srv.complete) == 3)
        # only the status queries: paper sensor (DLE EOT 4), offline cause (DLE EOT 2)
        assert srv.complete[:2] == [b"\x10\x04\x04\x10\x04\x02"] * 2
        dec = decode(srv.complete[2])
        # before the job: paper sensor + offline cause; after it: both again (their
        # answers are the printer's word that it read the whole job)
        assert dec.status_queries == 4 and same_pixels(dec.image, img)
    finally:
        srv.close()


def test_printer_without_status_answer_still_prints(tmp_path):
    cfg = PrinterConfig(timeout_s=1.0, paper_check=True,
                        status_timeout_s=0.2)
    srv = FakePrinter()  # ignores the query, like many cheap printers
    try:
        q = PrintQueue(tmp_path)
        data = escpos_bytes(job_page(), cfg)
        q.submit(srv.target, data, cfg)
        assert [r.outcome for r in q.process()] == ["printed"]
        assert wait_for(lambda: len(srv.complete) == 1)
        assert srv.complete[0] == b"\x10\x04\x04" + data
    finally:
        srv.close()


def test_a_job_that_crashes_its_sender_is_failed_not_fatal_and_can_be_dropped(tmp_path):
    """A sender raising something unexpected (e.g. OverflowError from a bad port)
    fails that job only; later jobs still print; a pending job can be dropped."""
    from printing.profiles import PrinterConfig
    from printing.queue import PrintQueue

    sent = []

    def sender(target, payload, cfg):
        if payload == b"bad":
            raise OverflowError("port must be 0-65535")
        sent.append(payload)

    q = PrintQueue(tmp_path / "q", sender=sender)
    bad = q.submit("file:/dev/null", b"bad", PrinterConfig(), title="bad")
    good = q.submit("file:/dev/null", b"good", PrinterConfig(), title="good")
    reports = {r.job_id: r.outcome for r in q.process() + q.process() if r.outcome != "waiting"}
    assert reports[bad.id] == "failed" and reports[good.id] == "printed"
    assert sent == [b"good"]
    third = q.submit("file:/dev/null", b"later", PrinterConfig(), title="later")
    assert q.drop(third.id).state == "failed"
    assert all(r.job_id != third.id for r in q.process())
    assert sent == [b"good"] and q.get(third.id).state == "failed"


def test_ports_outside_1_65535_are_refused_up_front():
    import pytest

    from printing.profiles import PrinterConfigError
    from printing.transports import parse_target

    for bad in ("tcp://127.0.0.1:99999", "tcp://127.0.0.1:0", "serial:/dev/ttyUSB0:-5"):
        with pytest.raises(PrinterConfigError):
            parse_target(bad)
    assert parse_target("tcp://127.0.0.1:9100").port == 9100


def _dead_pid() -> int:
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_opening_the_queue_cleans_a_crashed_writers_leftovers_and_keeps_every_job(tmp_path):
    import os
    import time

    q = PrintQueue(tmp_path)
    q.sender = lambda t, p, c: None
    kept = q.submit(f"file:{tmp_path}/o.bin", b"page one", CFG, title="one", preview=job_page())
    dead = _dead_pid()
    # a record update killed before its os.replace, by a process that is gone
    (tmp_path / f".{kept.id}.json.{dead}.tmp").write_text('{"id": "half')
    (tmp_path / f".{kept.id}.png.{dead}.tmp").write_bytes(b"\x89PNG half")
    live = tmp_path / f".other.json.{os.getpid()}.tmp"  # a writer still at work
    live.write_text("{")
    old_bin = tmp_path / "00000000000000000001-deadbeef.bin"  # an enqueue that never got its record
    old_bin.write_bytes(b"half an enqueue")
    os.utime(old_bin, (time.time() - 3600, time.time() - 3600))
    young_bin = tmp_path / "00000000000000000002-cafecafe.bin"  # an enqueue under way
    young_bin.write_bytes(b"being queued")
    damaged = tmp_path / "00000000000000000003-deadbeef.json"
    damaged.write_text('{"id": "trunc')

    q2 = PrintQueue(tmp_path)
    assert q2.recovered == sorted([f".{kept.id}.json.{dead}.tmp", f".{kept.id}.png.{dead}.tmp",
                                   old_bin.name])
    assert live.exists() and young_bin.exists() and damaged.exists()
    assert [j.id for j in q2.jobs(PENDING)] == [kept.id]
    assert q2.preview_path(kept.id).read_bytes().startswith(b"\x89PNG")
    q2.sender = lambda t, p, c: None
    assert [r.outcome for r in q2.process()] == ["printed"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    import os

    from printing.files import atomic_write, save_preview

    target = tmp_path / "p.png"
    save_preview(job_page(1), target)
    before = target.read_bytes()

    def full(*a):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(OSError):
        save_preview(job_page(2), target)
    with pytest.raises(OSError):
        atomic_write(tmp_path / "q.bin", b"x")
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.png"]


# ---------------------------------------------------------------- one queue for every command

def test_adopting_another_queue_moves_every_job_whole_once(tmp_path):
    old = PrintQueue(tmp_path / "old", backoff_s=60)
    a = old.submit("tcp://127.0.0.1:9", b"page a", CFG, title="a", preview=job_page())
    b = old.submit("tcp://127.0.0.1:9", b"page b", CFG, title="b")
    old.drop(b.id)                                    # a failed job moves too, still failed
    (old.folder / "0000-damaged.json").write_text("{cut sh")
    (old.folder / "0000-damaged.bin").write_bytes(b"page c")
    new = PrintQueue(tmp_path / "new")
    moved = new.adopt(old.folder)
    assert moved == sorted([a.id, b.id, "0000-damaged"])
    assert not (tmp_path / "old").exists()            # emptied, then removed
    assert new.get(a.id).state == PENDING and new.payload_path(a.id).read_bytes() == b"page a"
    assert new.preview_path(a.id).exists() and new.get(b.id).state == FAILED
    assert [j for j, _ in new.damaged()] == ["0000-damaged"]
    assert new.payload_path("0000-damaged").read_bytes() == b"page c"
    assert new.adopt(tmp_path / "old") == [] and new.adopt(new.folder) == []


def test_adopting_after_a_crash_mid_move_keeps_one_copy(tmp_path):
    """Killed after the job's record was written in the new queue, before the old one
    was deleted: adopting again only deletes the old copy (nothing printed twice)."""
    old = PrintQueue(tmp_path / "old")
    job = old.submit("tcp://127.0.0.1:9", b"page", CFG)
    new = PrintQueue(tmp_path / "new")
    for name in (f"{job.id}.bin", f"{job.id}.json"):
        (new.folder / name).write_bytes((old.folder / name).read_bytes())
    assert new.adopt(old.folder) == []
    assert [j.id for j in new.jobs()] == [job.id] and not (tmp_path / "old").exists()


def test_demo_pages_wait_in_the_queue_print_queue_sends(tmp_path, monkeypatch, capsys):
    """`companion demo --printer X` with the printer off: its pages wait in the user's
    print queue, and a plain `companion print-queue` sends them once it is back."""
    from companion.cli import main
    from play.demo import flush_pages
    from play.pages import PageWriter
    from printing.profiles import load_config

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    port = free_port()
    pages = PageWriter(tmp_path / "out", load_config(None, paper_mm=58), printer=f"tcp://127.0.0.1:{port}")
    pages.write("g-press1-red-e1", job_page(1))
    pages.write("final-receipt", job_page(2))
    note = flush_pages(pages, None, wait_s=0)
    assert "2 pages still queued" in note and "`companion print-queue`" in note and "--queue" not in note
    assert not (tmp_path / "out" / "print-queue").exists()
    srv = FakePrinter(port=port)
    try:
        assert main(["print-queue", "--wait", "10"]) == 0
        assert wait_for(lambda: len(srv.complete) == 2)
        assert [decode(c).image is not None for c in srv.complete] == [True, True]
    finally:
        srv.close()
    assert "nothing to send" in (main(["print-queue"]) == 0 and capsys.readouterr().out)


def test_pages_an_older_demo_kept_in_its_own_folder_are_moved_into_the_one_queue(tmp_path, monkeypatch, capsys):
    from companion.cli import main
    from play.demo import adopt_old_queue
    from play.pages import PageWriter
    from printing.queue import default_dir

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    # found by `companion print-queue` under ./demo-output (demo's default --out) ...
    old = PrintQueue(tmp_path / "demo-output" / "penny-press-3p" / "print-queue")
    job = old.submit("tcp://127.0.0.1:9", b"\x1b@old page", CFG, title="final-receipt")
    assert main(["print-queue", "--list"]) == 0
    out = capsys.readouterr()
    assert "moved into the print queue" in out.err and job.id in out.out
    assert PrintQueue(default_dir()).get(job.id).state == PENDING
    assert not old.folder.exists()
    # ... and by the next demo of that output folder, wherever it runs
    old = PrintQueue(tmp_path / "elsewhere" / "rec" / "print-queue")
    job = old.submit("tcp://127.0.0.1:9", b"\x1b@older page", CFG)
    folder = tmp_path / "elsewhere" / "rec"
    moved, _into = adopt_old_queue(PageWriter(folder), folder, None)
    assert moved == [job.id] and PrintQueue(default_dir()).get(job.id).state == PENDING


@pytest.mark.parametrize("lang,head", [("en", "dropped by the user"), ("es", "descartados por el usuario"),
                                       ("zh", "已被用户放弃")])
def test_dropped_jobs_are_listed_apart_in_the_readers_language(lang, head, tmp_path, capsys):
    """A dropped job stores why as a key, worded when listed (a job dropped in English
    reads in Chinese under --lang zh); dropped jobs are listed apart from the jobs
    still to print, an older record's stored English words too (issue 29)."""
    from companion import clitext
    from companion.cli import main
    from printing.queue import reason_text

    q = PrintQueue(tmp_path / "q", sender=lambda *a: None)
    keep = q.submit("file:/dev/null", b"keep", PrinterConfig(), title="keep-page")
    gone = q.submit("file:/dev/null", b"gone", PrinterConfig(), title="gone-page")
    old = q.submit("file:/dev/null", b"old", PrinterConfig(), title="old-page")
    clitext.set_lang("en")
    q.drop(gone.id)
    record = q._record(old.id)               # a record written before reasons were keys
    d = json.loads(record.read_text("utf-8"))
    d.update(state=FAILED, last_error="dropped by the user")
    d.pop("reason", None)
    d.pop("reason_values", None)
    record.write_text(json.dumps(d), encoding="utf-8")
    assert q.get(gone.id).reason == "dropped" and q.get(gone.id).last_error == ""
    capsys.readouterr()
    try:
        assert main(["--lang", lang, "print-queue", "--queue", str(tmp_path / "q"), "--list"]) == 0
        clitext.set_lang(lang)
        assert reason_text(q.get(gone.id)).startswith(head[:6])             # worded now, in the reader's language
    finally:
        clitext.set_lang("en")
    out = capsys.readouterr().out.splitlines()
    heading = next(i for i, ln in enumerate(out) if head in ln)
    assert any(keep.id in ln for ln in out[:heading])                    # still to print: above
    assert {ln.split()[0] for ln in out[heading + 1:]} == {gone.id, old.id}   # dropped: apart, below
    assert q.retry(gone.id).reason == "" and not q.get(gone.id).dropped


def test_a_failed_sends_reason_is_listed_in_the_askers_language_not_the_senders(tmp_path, capsys):
    """A send that failed under --lang es keeps why as a key with its values (the
    printer off, the system's refusal in it); print-queue --list words it in the
    language of whoever asks (en, zh); an older record with only its worded reason
    lists it as stored (issue 29)."""
    from companion import clitext
    from companion.cli import main

    folder = tmp_path / "q"
    q = PrintQueue(folder, backoff_s=1.0)
    off = q.submit(f"tcp://127.0.0.1:{free_port()}", b"\x1b@page", CFG, title="off-page")
    old = q.submit(f"tcp://127.0.0.1:{free_port()}", b"\x1b@old", CFG, title="old-page")
    record = q._record(old.id)               # a record written before failure reasons were keys
    d = json.loads(record.read_text("utf-8"))
    d.update(attempts=1, last_error="impresora vieja apagada")
    d.pop("reason", None)
    d.pop("reason_values", None)
    record.write_text(json.dumps(d), encoding="utf-8")
    clitext.set_lang("es")
    try:
        report = next(r for r in q.process({off.target}) if r.job_id == off.id)
    finally:
        clitext.set_lang("en")
    assert report.outcome == "retry" and "impresora apagada" in report.error   # said in Spanish then
    kept = q.get(off.id)
    assert kept.reason == "printer.off" and kept.reason_values["why"]["key"] == "os.refused"

    def listed(lang):
        capsys.readouterr()
        try:
            assert main(["--lang", lang, "print-queue", "--queue", str(folder), "--list"]) == 0
        finally:
            clitext.set_lang("en")
        lines = capsys.readouterr().out.splitlines()
        return next(ln for ln in lines if off.id in ln), next(ln for ln in lines if old.id in ln)

    en, en_old = listed("en")
    assert "printer off or refusing connections: Connection refused" in en and "impresora" not in en
    zh, zh_old = listed("zh")
    assert "打印机已关机或拒绝连接：连接被拒绝" in zh and "impresora" not in zh
    es, _ = listed("es")
    assert "impresora apagada o que rechaza conexiones: Conexión rechazada" in es
    assert "(impresora vieja apagada)" in en_old and "(impresora vieja apagada)" in zh_old  # as stored


def test_the_demo_counts_only_its_own_pages_still_queued(tmp_path, monkeypatch):
    """Jobs another command left in the queue (for the same printer, or another)
    are not the demo's: 'N pages still queued' counts the demo's own pages (issue 29),
    a page an earlier run left waiting and written again among them."""
    from play.demo import flush_pages
    from play.pages import PageWriter
    from printing.profiles import load_config

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    target = f"tcp://127.0.0.1:{free_port()}"
    cfg = load_config(None, paper_mm=58)
    others = PrintQueue(None)
    others.submit(target, b"\x1b@another command's page", CFG, title="someone-else")
    others.submit(f"tcp://127.0.0.1:{free_port()}", b"\x1b@elsewhere", CFG, title="other-printer")
    earlier = PageWriter(tmp_path / "before", cfg, printer=target)
    earlier.write("final-receipt", job_page(2))             # an earlier run's page, still waiting
    pages = PageWriter(tmp_path / "out", cfg, printer=target)
    pages.write("g-press1-red-e1", job_page(1))
    pages.write("g-press1-blue-e1", job_page(3))
    pages.write("final-receipt", job_page(2))               # the same page again: its waiting copy
    note = flush_pages(pages, None, wait_s=0)
    assert "3 pages still queued" in note, note
    assert len(pages.pending()) == 3 and len(PrintQueue(None).jobs("pending")) == 5


def test_a_job_being_printed_by_a_pass_is_never_put_back_by_a_retry_meanwhile(tmp_path):
    """The app tries the queue on a worker thread while a player (or `companion
    print-queue --retry`) puts a job back: the retry waits for the pass, then finds the
    job printed and says so; it is not made pending again (it would print twice)."""
    import threading

    sending, release = threading.Event(), threading.Event()

    def slow_printer(target, payload, config):
        sending.set()
        assert release.wait(10)

    q = PrintQueue(tmp_path, sender=slow_printer)
    job = q.submit("tcp://127.0.0.1:9", b"\x1b@page", CFG)
    worker = threading.Thread(target=q.process)
    worker.start()
    assert sending.wait(10)
    answer = []

    def put_back():
        try:
            answer.append(PrintQueue(tmp_path).retry(job.id).state)
        except QueueError as exc:
            answer.append(str(exc))

    other = threading.Thread(target=put_back)
    other.start()
    other.join(0.3)
    assert other.is_alive() and answer == []  # waits for the pass
    release.set()
    worker.join(10)
    other.join(10)
    assert q.get(job.id).state == DONE and "already printed" in answer[0]


def test_due_now_ends_the_back_off_of_one_printers_jobs_only(tmp_path):
    clock = Clock()
    q = PrintQueue(tmp_path, clock=clock, sender=lambda *a: (_ for _ in ()).throw(PrinterUnavailable("off")))
    a = q.submit("tcp://127.0.0.1:9", b"\x1b@a", CFG)
    b = q.submit("tcp://127.0.0.1:10", b"\x1b@b", CFG)
    q.process()
    assert q.get(a.id).next_try == q.get(b.id).next_try == clock.t + 2
    assert q.due_now({"tcp://127.0.0.1:9"}) == [a.id]
    assert q.get(a.id).next_try == 0 and q.get(b.id).next_try == clock.t + 2
    assert q.get(a.id).attempts == 1 and q.get(a.id).state == PENDING  # nothing else changed
