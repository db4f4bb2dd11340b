"""Part 3: printer faults, counted, through the print queue (printing.queue) and the
senders (printing.transports), against the hardware tests' fake ESC/POS printers
(tests/printing/print_helpers: FakePrinter on 127.0.0.1 only, SerialPrinter on a
pseudo-terminal).

Network: each faulted job is queued, then the queue runs (retries with a short
back-off) while the fault lasts and after it is cleared, until the job is done. Faults:
- refused: nothing listens on the port (printer off) for 1-3 tries, then it is on;
- dropped: the printer cuts the connection (RST) at a random byte of the job, 1-2 times;
- slow: a reader slower than the job (4 KiB then a pause) but always progressing;
- silent: the printer accepts and never reads, with a 4 KB receive buffer (a time-out),
  then is replaced by a working one on the same port;
- silent-buffered: the same with loopback's default buffers, which take the whole job
  (every byte acknowledged: only the printer's missing close tells);
- dies: the printer reads a random part of the job, then goes silent (no FIN, no RST;
  a 4 KB or the default buffer), then is replaced;
- garbage: every status query answered with bytes that are no ESC/POS status
  (paper_check on): printed, and never called a paper or cover fault;
- paper: the paper sensor (DLE EOT 4) says "no paper" on the first try;
- power: a queue of 3-5 pages; the printer is switched off after the first page
  (the others queued) and on again (a new listener on the same port).
Serial (XON/XOFF, the default flow control): the paper runs out after a random
part of the job, the printer's buffer fills and it sends XOFF; the paper is back
after a pause of one of PAUSES_S: under the limit (``timeout_s``) the job waits and
prints on its first try, over it the job is kept and printed again whole once the
printer is back; also a printer that answers status garbage, and one whose XOFF the
host ignores (flow=none: kept, the fix named, printed when the printer is back).
Counted per job: tries, kept (pending after a failed try), printed once (its exact
bytes arrived complete exactly once), lost (never complete), doubled (complete twice).
"""

from __future__ import annotations

import random
import sys
import tempfile
import threading
import time
from pathlib import Path

from printing.profiles import PrinterConfig
from printing.queue import PrintQueue

ROOT = Path(__file__).resolve().parents[2]
FAULTS = ("refused", "dropped", "slow", "silent", "silent-buffered", "dies", "garbage", "paper", "power")
#: serial XOFF pauses (s): the paper is back after this long; the limit is SERIAL_LIMIT_S
PAUSES_S = (0.05, 0.2, 0.5, 1.5, 3.0)
SERIAL_LIMIT_S = 1.0
SERIAL_FAULTS = ("pause", "garbage", "flow-none")
#: status answers that are no ESC/POS status byte (fixed bits 0x93 != 0x12)
GARBAGE = (b"\xff", b"\x00", b"A", b"\xff\xff\xff\xff", b"\x13", b"\x80\x01")


def _helpers():
    sys.path.insert(0, str(ROOT / "tests" / "printing"))
    try:
        import print_helpers
    finally:
        sys.path.pop(0)
    return print_helpers


def _payload(tag: str, rng: random.Random) -> bytes:
    n = rng.randrange(20_000, 40_000)
    body = (f"[{tag}]".encode() * (n // (len(tag) + 2) + 1))[:n]
    return b"\x1b@" + body + b"\x1dV\x00"


def _drain(q: PrintQueue, until, max_passes: int = 60, reports: list | None = None,
           pause_s: float = 0.002) -> None:
    for _ in range(max_passes):
        if until():
            return
        got = q.process()
        if reports is not None:
            reports.extend(got)
        time.sleep(pause_s)


def _count(st: dict, fault: str, label: str, q: PrintQueue, job, times: int) -> None:
    """One job's outcome: printed once, lost or doubled (``times`` its bytes arrived
    whole), and whether it is done."""
    row = st.setdefault("rows", {}).setdefault(fault, dict(jobs=0, kept=0, once=0, lost=0, doubled=0))
    st["jobs"] += 1
    row["jobs"] += 1
    st["by_fault"][fault] += 1
    rec = q.get(job.id)
    st["tries"] += rec.attempts + (1 if rec.state == "done" else 0)
    if rec.attempts:
        st["kept"] += 1
        row["kept"] += 1
    if times == 0:
        st["lost"] += 1
        row["lost"] += 1
        st["failures"].append(f"{label}: lost ({rec.state}, {rec.last_error})")
    elif times > 1:
        st["doubled"] += 1
        row["doubled"] += 1
        st["failures"].append(f"{label}: printed {times} times")
    else:
        st["printed_once"] += 1
        row["once"] += 1
    if rec.state != "done":
        st["failures"].append(f"{label}: still {rec.state} ({rec.last_error})")


def _run_network(n_jobs: int, rng: random.Random, h) -> dict:
    st = {"jobs": 0, "tries": 0, "kept": 0, "printed_once": 0, "lost": 0, "doubled": 0,
          "by_fault": {f: 0 for f in FAULTS}, "faults_claimed": 0, "failures": []}
    # a printer that closes or answers does so at once: the waits cost only the silent ones
    cfg = PrinterConfig(timeout_s=0.25, close_wait_s=1.0, status_timeout_s=1.0)
    cfg_paper = PrinterConfig(timeout_s=0.25, close_wait_s=1.0, status_timeout_s=1.0, paper_check=True)
    with tempfile.TemporaryDirectory(prefix="tc-printers-") as tmp:
        k = 0
        while st["jobs"] < n_jobs:
            k += 1
            fault = FAULTS[k % len(FAULTS)]
            q = PrintQueue(Path(tmp) / f"q{k}", backoff_s=0.001, max_backoff_s=0.004)
            port = h.free_port()
            target = f"tcp://127.0.0.1:{port}"
            printers = []
            reports: list = []
            pages = [_payload(f"{k}-{i}", rng) for i in range(rng.randrange(3, 6) if fault == "power" else 1)]

            def on(**kw):
                p = h.FakePrinter(port=port, **kw)
                printers.append(p)
                return p

            try:
                def submit(i):
                    return q.submit(target, pages[i], cfg_paper if fault in ("paper", "garbage") else cfg,
                                    title=f"page {k}-{i}")

                jobs = [submit(i) for i in range(1 if fault == "power" else len(pages))]
                done = lambda: not q.jobs("pending")  # noqa: E731
                if fault == "refused":
                    for _ in range(rng.randrange(1, 4)):
                        q.process()
                        time.sleep(0.005)
                    on()
                elif fault == "dropped":
                    p = on(drop_first=rng.randrange(1, 3),
                           drop_after=rng.randrange(1, len(pages[0])))
                elif fault == "slow":
                    on(read_delay_s=0.002, read_chunk=4096)
                elif fault in ("silent", "silent-buffered", "dies"):
                    if fault == "silent":
                        p = on(busy=True, rcvbuf=4096)
                    elif fault == "silent-buffered":
                        p = on(busy=True)
                    else:
                        p = on(stop_after=rng.randrange(0, len(pages[0])),
                               rcvbuf=rng.choice((4096, None)))
                    reports += q.process()
                    p.close()
                    on()
                elif fault == "garbage":
                    on(garbage=rng.choice(GARBAGE))
                elif fault == "paper":
                    on(paper_out_first=1)
                elif fault == "power":
                    p = on()
                    q.process()  # the first page prints
                    jobs += [submit(i) for i in range(1, len(pages))]
                    # switched off mid-queue: the rest is refused and kept until it is back
                    p.close()
                    q.process()
                    on()
                _drain(q, done, reports=reports)
                time.sleep(0.01)
            finally:
                for p in printers:
                    p.close()
            if fault == "garbage":
                claimed = [r.error for r in reports if "cover open" in r.error or "out of paper" in r.error]
                st["faults_claimed"] += len(claimed)
                st["failures"] += [f"garbage job {k}: status garbage read as a fault: {e}" for e in claimed]
            complete = [b for p in printers for b in p.complete]
            for job, pg in zip(jobs, pages):
                _count(st, fault, f"{fault} job {k}", q, job, sum(1 for b in complete if pg in b))
            if fault == "power":
                order = [b for b in complete if any(pg in b for pg in pages)]
                firsts = [next(i for i, pg in enumerate(pages) if pg in b) for b in order]
                if firsts != sorted(firsts):
                    st["failures"].append(f"power job {k}: pages out of order {firsts}")
    return st


def _run_serial(n_jobs: int, rng: random.Random, h) -> dict:
    kinds = [f"pause {d:g} s" for d in PAUSES_S] + ["garbage", "flow-none"]
    st = {"jobs": 0, "tries": 0, "kept": 0, "printed_once": 0, "lost": 0, "doubled": 0,
          "by_fault": {f: 0 for f in kinds}, "first_try": {f: 0 for f in kinds}, "xoffs": 0,
          "bytes_dropped": 0, "faults_claimed": 0, "failures": [],
          "rows": {f: dict(jobs=0, kept=0, once=0, lost=0, doubled=0) for f in kinds}}
    cfg = PrinterConfig(timeout_s=SERIAL_LIMIT_S, status_timeout_s=1.0)
    with tempfile.TemporaryDirectory(prefix="tc-serial-") as tmp:
        k = 0
        while st["jobs"] < n_jobs:
            k += 1
            kind = kinds[k % len(kinds)]
            payload = _payload(f"s{k}", rng)
            flow = ""
            if kind == "garbage":
                prn = h.SerialPrinter(status="garbage")
                job_cfg = PrinterConfig(timeout_s=SERIAL_LIMIT_S, status_timeout_s=0.5, paper_check=True)
            elif kind == "flow-none":   # the printer's real buffer: what the host sends past XOFF is lost
                prn = h.SerialPrinter(cap=4096, high=3584, low=1024, paper_after=rng.randrange(500, 3000))
                job_cfg, flow = cfg, "none"
            else:
                prn = h.SerialPrinter(paper_after=rng.randrange(500, 5000))
                job_cfg = cfg
            pause = PAUSES_S[kinds.index(kind)] if kind.startswith("pause") else 0.3

            def reload(prn=prn, pause=pause):
                if prn.paused.wait(30):
                    time.sleep(pause)
                prn.load_paper()

            timer = threading.Thread(target=reload, daemon=True)
            if kind != "garbage":   # (it never runs out of paper)
                timer.start()
            reports: list = []
            try:
                # flow-none: the retry comes once the paper is back (an XOFF that reached a port
                # without flow control was not kept by it: a retry into a printer still paused
                # would not be seen, docs/printing.md)
                back = (1.0, 2.0) if kind == "flow-none" else (0.05, 0.2)
                q = PrintQueue(Path(tmp) / f"q{k}", backoff_s=back[0], max_backoff_s=back[1])
                job = q.submit(prn.target(flow=flow), payload, job_cfg, title=f"serial {k}")
                _drain(q, lambda: not q.jobs("pending"), max_passes=400, reports=reports, pause_s=0.02)
                if timer.is_alive():
                    timer.join(35)
                st["xoffs"] += prn.xoffs
                if kind != "flow-none":
                    st["bytes_dropped"] += prn.dropped
                    if prn.dropped:
                        st["failures"].append(f"{kind} job {k}: the printer lost {prn.dropped} bytes")
                if not q.get(job.id).attempts:
                    st["first_try"][kind] += 1
                if kind == "garbage":
                    claimed = [r.error for r in reports if "cover open" in r.error or "out of paper" in r.error]
                    st["faults_claimed"] += len(claimed)
                    st["failures"] += [f"serial garbage job {k}: read as a fault: {e}" for e in claimed]
                _count(st, kind, f"serial {kind} job {k}", q, job, bytes(prn.stream).count(payload))
            finally:
                prn.close()
    return st


def run(n_jobs: int = 1000, n_serial: int = 140, seed: int = 17) -> dict:
    h = _helpers()
    rng = random.Random(seed)
    t0 = time.perf_counter()
    net = _run_network(n_jobs, rng, h)
    serial = _run_serial(n_serial, rng, h)
    st = dict(net)
    st["serial"] = {k: v for k, v in serial.items() if k != "failures"}
    st["failures"] = (net["failures"] + serial["failures"])[:40]
    st["seconds"] = round(time.perf_counter() - t0, 1)
    return st


def render(r: dict) -> str:
    by = ", ".join(f"{f} {n}" for f, n in r["by_fault"].items())
    out = f"""\
| figure | value |
|---|---|
| faulted network jobs | **{r['jobs']}** ({by}) |
| tries (sends) / jobs kept in the queue after a failed try | {r['tries']} / {r['kept']} |
| printed exactly once / lost / printed twice | {r['printed_once']} / **{r['lost']}** / **{r['doubled']}** |
| status garbage read as paper out or cover open | **{r.get('faults_claimed', 0)}** |
"""
    s = r.get("serial")
    if s:
        out += f"""
| serial fault (XON/XOFF unless said) | jobs | printed on the first try | kept, then printed whole | printed once / lost / twice |
|---|---|---|---|---|
"""
        for kind, row in s["rows"].items():
            out += (f"| {kind} | {row['jobs']} | {s['first_try'][kind]} | {row['kept']} | "
                    f"{row['once']} / **{row['lost']}** / **{row['doubled']}** |\n")
        out += (f"| all serial | **{s['jobs']}** | {sum(s['first_try'].values())} | {s['kept']} | "
                f"{s['printed_once']} / **{s['lost']}** / **{s['doubled']}** |\n")
        out += (f"\nXOFFs sent by the printers: {s['xoffs']}; bytes they lost (flow control honoured): "
                f"**{s['bytes_dropped']}**; status garbage read as a fault: **{s['faults_claimed']}**.\n")
    out += f"""
Conditions: the fake network printers of tests/printing/print_helpers.py on 127.0.0.1
(ephemeral ports), pages of 20-40 KB; the silent printer's receive buffer is 4 KB, as a
receipt printer's, or loopback's default (which takes a whole page: only the printer's
missing close tells); printer time-outs of 0.25 s, 1 s for a close or a status answer,
and a queue back-off of 1-4 ms (so that a run is quick; the app's defaults are 10 s and
2-120 s). A page "printed" is its exact bytes received on one connection that the printer
did not cut. Serial: SerialPrinter on a pseudo-terminal at 1 Mbaud (written at 90 % of it),
out of paper after 0.5-5 KB of the job, XOFF at 2 KB in its buffer, paper back after the
pause named, the limit (timeout_s) {SERIAL_LIMIT_S:g} s, the queue's back-off 50-200 ms (so
retries fall inside the longer pauses: the pseudo-terminal keeps the printer's XOFF across
the port's close and reopen, as a port held open does; a real serial port forgets it, see
docs/printing.md); "flow-none": a 4 KB buffer, XOFF at 3.5 KB, the host set to flow=none
(kept with the fix named, sent again with XON/XOFF once the paper is back, 0.3 s after
the XOFF, back-off 1-2 s); "garbage": every status query answered with "A" (paper_check
on). A serial page "printed" is its exact bytes, whole, in what the printer kept.
"""
    return out
