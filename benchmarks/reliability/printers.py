"""Part 3: printer faults, counted, through the print queue (printing.queue) and the
network sender (printing.output), against the hardware tests' fake ESC/POS printers
(tests/printing/print_helpers.FakePrinter) on 127.0.0.1 only.

Each faulted job is queued, then the queue runs (retries with a short back-off) while
the fault lasts and after it is cleared, until the job is done. Faults:
- refused: nothing listens on the port (printer off) for 1-3 tries, then it is on;
- dropped: the printer cuts the connection (RST) at a random byte of the job, 1-2 times;
- slow: a reader slower than the job (4 KiB then a pause) but always progressing;
- silent: the printer accepts and never reads (a time-out), then is replaced by a
  working one on the same port;
- paper: the paper sensor (DLE EOT 4) says "no paper" on the first try;
- power: a queue of 3-5 pages; the printer is switched off after the first page
  (the others queued) and on again (a new listener on the same port).
Counted per job: tries, kept (pending after a failed try), printed once (its exact
bytes arrived complete exactly once), lost (never complete), doubled (complete twice).
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

from printing.profiles import PrinterConfig
from printing.queue import PrintQueue

ROOT = Path(__file__).resolve().parents[2]
FAULTS = ("refused", "dropped", "slow", "silent", "paper", "power")


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


def _drain(q: PrintQueue, until, max_passes: int = 60) -> None:
    for _ in range(max_passes):
        if until():
            return
        q.process()
        time.sleep(0.002)


def run(n_jobs: int = 1000, seed: int = 17) -> dict:
    h = _helpers()
    rng = random.Random(seed)
    st = {"jobs": 0, "tries": 0, "kept": 0, "printed_once": 0, "lost": 0, "doubled": 0,
          "by_fault": {f: 0 for f in FAULTS}, "failures": []}
    cfg = PrinterConfig(timeout_s=0.25, close_wait_s=0.05, status_timeout_s=0.25)
    cfg_paper = PrinterConfig(timeout_s=0.25, close_wait_s=0.05, status_timeout_s=0.25,
                              paper_check=True)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="tc-printers-") as tmp:
        k = 0
        while st["jobs"] < n_jobs:
            k += 1
            fault = FAULTS[k % len(FAULTS)]
            q = PrintQueue(Path(tmp) / f"q{k}", backoff_s=0.001, max_backoff_s=0.004)
            port = h.free_port()
            target = f"tcp://127.0.0.1:{port}"
            printers = []
            pages = [_payload(f"{k}-{i}", rng) for i in range(rng.randrange(3, 6) if fault == "power" else 1)]

            def on(**kw):
                p = h.FakePrinter(port=port, **kw)
                printers.append(p)
                return p

            try:
                def submit(i):
                    return q.submit(target, pages[i], cfg_paper if fault == "paper" else cfg,
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
                elif fault == "silent":
                    p = on(busy=True, rcvbuf=4096)
                    q.process()
                    p.close()
                    on()
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
                _drain(q, done)
                time.sleep(0.01)
            finally:
                for p in printers:
                    p.close()
            complete = [b for p in printers for b in p.complete]
            for job, pg in zip(jobs, pages):
                st["jobs"] += 1
                st["by_fault"][fault] += 1
                rec = q.get(job.id)
                st["tries"] += rec.attempts + (1 if rec.state == "done" else 0)
                if rec.attempts:
                    st["kept"] += 1
                n = sum(1 for b in complete if pg in b)
                if n == 0:
                    st["lost"] += 1
                    st["failures"].append(f"{fault} job {k}: lost ({rec.state}, {rec.last_error})")
                elif n > 1:
                    st["doubled"] += 1
                    st["failures"].append(f"{fault} job {k}: printed {n} times")
                else:
                    st["printed_once"] += 1
                if rec.state != "done":
                    st["failures"].append(f"{fault} job {k}: still {rec.state}")
            if fault == "power":
                order = [b for b in complete if any(pg in b for pg in pages)]
                firsts = [next(i for i, pg in enumerate(pages) if pg in b) for b in order]
                if firsts != sorted(firsts):
                    st["failures"].append(f"power job {k}: pages out of order {firsts}")
    st["seconds"] = round(time.perf_counter() - t0, 1)
    st["failures"] = st["failures"][:40]
    return st


def render(r: dict) -> str:
    by = ", ".join(f"{f} {n}" for f, n in r["by_fault"].items())
    return f"""\
| figure | value |
|---|---|
| faulted jobs | **{r['jobs']}** ({by}) |
| tries (sends) / jobs kept in the queue after a failed try | {r['tries']} / {r['kept']} |
| printed exactly once / lost / printed twice | {r['printed_once']} / **{r['lost']}** / **{r['doubled']}** |

Conditions: the fake network printers of tests/printing/print_helpers.py on 127.0.0.1
(ephemeral ports), pages of 20-40 KB; the silent printer's receive buffer is 4 KB, as a
receipt printer's, printer time-outs of 0.25 s and a queue back-off
of 1-4 ms (so that a run is quick; the app's defaults are 10 s and 2-120 s). A page
"printed" is its exact bytes received on one connection that the printer did not cut.
"""
