"""A print queue kept on disk: a printer that is off never loses a page.

Layout of the queue folder (default ``<user data dir>/table-companion/print-queue``):
``<job id>.bin`` the ESC/POS bytes, ``<job id>.json`` the job record (target, printer
config, state, attempts, last error, next try time), optional ``<job id>.png`` the
preview of the same raster, and ``queue.lock``.

Guarantees
- Nothing lost across a crash: the payload is written and fsynced before the record,
  and every record change is a write to a temporary file, fsync, ``os.replace`` and
  a directory fsync. A job exists once its record exists; a stray ``.bin`` without
  a record is an enqueue that crashed before it was accepted and is ignored.
- Nothing printed twice: a job is marked done only after the whole payload was sent
  and the connection closed without error (printing.transports.send); a job runs under
  an exclusive lock, so two processes never send the same job. A job interrupted
  midway (connection dropped, printer switched off) is sent again whole on the next
  try: the printer may then show a partial page before the complete one. The one
  window left is a crash between a successful send and the record update (well
  under a millisecond): that job is printed again on restart.
- Retries: a printer that is off, refuses the connection, is busy or drops the
  connection (PrinterUnavailable) keeps the job pending with exponential back-off
  (``backoff_s`` doubling up to ``max_backoff_s``); later jobs for the same printer
  wait behind it so pages keep their order. A serial printer that sent XOFF to a
  port set to ``flow=none`` (FlowControlIgnored) is sent again with XON/XOFF. A bad
  target or config (PrinterConfigError) marks the job ``failed``; it stays on disk and
  :meth:`PrintQueue.retry` puts it back.
- Printed means taken: printing.transports.send returns only once the printer took
  the whole job (network: acknowledged and confirmed by its close or a status answer;
  serial: written with its flow control honoured; USB: every transfer whole).
- One queue for every command: ``companion print``, ``print-queue`` and ``demo`` use
  the user's queue (or ``--queue DIR``), and so does the app (ui.session_print, which
  tries it again while the app runs); :meth:`PrintQueue.adopt` moves another
  queue's jobs in (an older demo's ``<out>/print-queue``, an older app's
  ``<journal folder>/queue``).
- Leftovers of a crash are cleaned when a queue is opened (:meth:`PrintQueue.recover`):
  temporary files ``.<name>.<pid>.tmp`` of a process that is gone, and the payload or
  preview of an enqueue that never got its record. Neither is ever a job (a job is
  its record), so no job is lost by it.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import time
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

from companion.cliargs import make_folder
from companion.clitext import Said, number, os_error, say_again, tx
from companion.errors import CompanionError

from .files import atomic_write, png_bytes, remove_stale_tmp
from .profiles import APP, PrinterConfig, PrinterConfigError
from .transports import FlowControlIgnored, PrinterUnavailable, Target, parse_target, send

PENDING, DONE, FAILED = "pending", "done", "failed"


class QueueError(CompanionError):
    """A queue folder that cannot be used, or an unknown job id."""


@dataclass
class Job:
    """A print job record. Times are Unix seconds; ``attempts`` counts failed sends.
    ``reason``: why the job is not sent, stored as a key and worded when it is shown
    (:func:`reason_text`, in the language of whoever reads it): ``"dropped"`` (the
    user dropped it), else the key of the words of the last failed send (the printer
    off, a bad page: ``printer.off``) with its values in ``reason_values`` (a value
    worded in turn: ``{"key": ..., "values": ...}``, companion.clitext.Said.record);
    "" when there is none or the failure's words had no key. ``last_error`` keeps the
    failure as it was worded then (shown when it cannot be worded again: a record
    written before reasons were keys)."""

    id: str
    target: str
    title: str
    config: dict
    created: float
    state: str = PENDING
    attempts: int = 0
    next_try: float = 0.0
    last_error: str = ""
    printed_at: float | None = None
    size: int = 0
    reason: str = ""
    reason_values: dict = field(default_factory=dict)

    @property
    def dropped(self) -> bool:
        """The user dropped the job (also a record written before reasons were keys:
        its ``last_error`` is "dropped by the user" in es, en or zh)."""
        return self.state == FAILED and (self.reason == "dropped" or self.last_error in _DROPPED_WORDS)


#: "dropped by the user" as records before reason keys stored it (es, en, zh)
_DROPPED_WORDS = frozenset({"dropped by the user", "descartado por el usuario", "已被用户放弃"})


def reason_text(job: Job) -> str:
    """Why ``job`` is not sent, in the command line's language now (its ``reason`` key
    worded with its values), else its ``last_error`` as stored; "" for none."""
    if job.dropped:
        return tx("queue.dropped_by_user", "dropped by the user")
    if job.reason and job.last_error:
        again = say_again({"key": job.reason, "values": job.reason_values})
        if again is not None:
            return again
    return job.last_error


def _keep_failure(job: Job, words: str, exc: BaseException | None = None) -> None:
    """Store a failed send on ``job``: ``last_error`` as worded now, ``reason`` and
    ``reason_values`` its key and values when the words have them (``words`` a
    companion.clitext.Said, or the exception raised with one as its whole message)."""
    job.last_error = str(words)
    said = words if isinstance(words, Said) else None
    if said is None and exc is not None and exc.args and isinstance(exc.args[0], Said) \
            and str(exc) == str(exc.args[0]) == str(words):
        said = exc.args[0]
    record = said.record() if said is not None else {"key": "", "values": {}}
    job.reason, job.reason_values = record["key"], record["values"]


@dataclass(frozen=True)
class JobReport:
    """What happened to a job in one pass: ``outcome`` printed, retry (send failed,
    kept), failed (bad target/config, kept), deferred (next try not due yet) or
    waiting (behind an earlier job for the same printer)."""

    job_id: str
    title: str
    target: str
    outcome: str
    attempts: int
    error: str = ""
    next_try: float | None = None

    def __str__(self) -> str:
        """The report in the command line's language (companion.clitext)."""
        if self.outcome == "printed":
            return tx("queue.printed", "{title}: printed on {target}", title=self.title, target=self.target)
        if self.outcome == "retry":
            wait = max(0.0, (self.next_try or 0) - time.time())
            return tx("queue.retry", "{title}: kept in the queue, {error}; try {n} in {wait} s", title=self.title,
                      error=self.error, n=self.attempts + 1, wait=number(wait, 0))
        if self.outcome == "deferred":
            return tx("queue.deferred", "{title}: waiting to retry ({error})", title=self.title, error=self.error)
        if self.outcome == "waiting":
            return tx("queue.waiting", "{title}: waiting behind an earlier job for {target}", title=self.title,
                      target=self.target)
        return tx("queue.failed", "{title}: not printed, {error} (job {job} kept; fix and retry)", title=self.title,
                  error=self.error, job=self.job_id)


def state_word(state: str) -> str:
    """A job's state (pending, done, failed) in the command line's language."""
    return {PENDING: tx("queue.state.pending", "pending"), DONE: tx("queue.state.done", "done"),
            FAILED: tx("queue.state.failed", "failed")}.get(state, state)


def _use_flow(job: Job, flow: str) -> None:
    """Send ``job`` with serial flow control ``flow`` from now on (its config, and its
    target where that names a flow control)."""
    from dataclasses import replace

    t = parse_target(job.target)
    if t.kind == "serial" and t.flow:
        job.target = str(replace(t, flow=flow))
    job.config = {**job.config, "flow": flow}


def default_dir() -> Path:
    """``<user data dir>/table-companion/print-queue`` (platformdirs)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP)) / "print-queue"


def _atomic_write(path: Path, data: bytes) -> None:
    atomic_write(path, data, fsync=True)


#: an enqueue's payload or preview without a record, older than this (s), is a
#: crashed enqueue (a live one writes its record within milliseconds)
ORPHAN_AGE_S = 600.0


class PrintQueue:
    """Jobs on disk in ``folder`` (created if missing).

    ``sender(target, payload, config)`` defaults to printing.transports.send; ``clock``
    and ``sleep`` default to time.time / time.sleep (tests pass their own).
    """

    def __init__(self, folder: str | os.PathLike | None = None, *, backoff_s: float = 2.0,
                 max_backoff_s: float = 120.0, sender: Callable | None = None,
                 clock: Callable[[], float] = time.time,
                 sleep: Callable[[float], None] = time.sleep):
        self.folder = Path(folder) if folder else default_dir()
        try:
            make_folder(self.folder)
        except CompanionError as exc:  # a file in the way, a folder that cannot be made: in users' words
            raise QueueError(tx("queue.folder", "print queue: {problem}", problem=exc)) from None
        self.backoff_s, self.max_backoff_s = backoff_s, max_backoff_s
        self.sender = sender or send
        self.clock, self.sleep = clock, sleep
        self.recovered = self.recover()

    def recover(self) -> list[str]:
        """Delete what a crashed process left in the folder; returns the file names.

        Removed: ``.<name>.<pid>.tmp`` files whose process is gone (a write that
        never reached its ``os.replace``: the file it was replacing is intact), and
        ``<id>.bin`` / ``<id>.png`` without a ``<id>.json`` record older than
        :data:`ORPHAN_AGE_S` (an enqueue that crashed before it was accepted: no
        caller ever got that job). A record, damaged or not, is never removed.
        Never raises (a file another process removes first is skipped)."""
        gone = remove_stale_tmp(self.folder)
        now = time.time()
        try:
            names = os.listdir(self.folder)
        except OSError:
            return gone
        for name in names:
            p = self.folder / name
            if not name.endswith((".bin", ".png")) or name.startswith("."):
                continue
            if (self.folder / (p.stem + ".json")).exists():
                continue
            try:
                if now - p.stat().st_mtime > ORPHAN_AGE_S:
                    p.unlink()
                    gone.append(name)
            except OSError:
                pass
        return sorted(gone)

    # --- records --------------------------------------------------------------
    def _record(self, job_id: str) -> Path:
        return self.folder / f"{job_id}.json"

    def payload_path(self, job_id: str) -> Path:
        return self.folder / f"{job_id}.bin"

    def preview_path(self, job_id: str) -> Path:
        return self.folder / f"{job_id}.png"

    def _save(self, job: Job) -> None:
        _atomic_write(self._record(job.id), json.dumps(asdict(job), indent=1).encode())

    def get(self, job_id: str) -> Job:
        try:
            return Job(**json.loads(self._record(job_id).read_text("utf-8")))
        except FileNotFoundError:
            raise QueueError(tx("queue.no_job", "no print job {job} in {folder}", job=job_id,
                                folder=self.folder)) from None
        except (ValueError, TypeError) as exc:
            from companion.datafile import data_fault

            raise QueueError(tx("queue.record_damaged", "print job record {path} is damaged: {why}",
                                path=self._record(job_id), why=data_fault(exc))) from None

    def jobs(self, state: str | None = None) -> list[Job]:
        """Jobs in submission order, optionally only those in ``state``."""
        out = []
        for p in sorted(self.folder.glob("*.json")):
            try:
                job = self.get(p.stem)
            except QueueError:
                continue  # a damaged record is left on disk for a human, never deleted
            if state is None or job.state == state:
                out.append(job)
        return out

    def damaged(self) -> list[tuple[str, str]]:
        """Job records that cannot be read, as ``(job id, why)`` in submission order.
        They are kept on disk (never deleted); :meth:`repair` makes one sendable again
        from its ``.bin`` payload."""
        out = []
        for p in sorted(self.folder.glob("*.json")):
            try:
                self.get(p.stem)
            except QueueError as exc:
                out.append((p.stem, str(exc)))
        return out

    def repair(self, job_id: str, target: Target | str | None = None,
               config: PrinterConfig | None = None) -> Job:
        """Rebuild the damaged record of ``job_id`` from its kept payload
        (``<id>.bin``): a pending job for ``target`` (default: the target still
        readable in the damaged record), with ``config`` (default: what is readable
        of the old one, else the defaults). Raises QueueError when the record is not
        damaged, the payload is gone or empty, or no target is known."""
        import re

        rec = self._record(job_id)
        try:
            self.get(job_id)
        except QueueError:
            pass
        else:
            raise QueueError(tx("queue.not_damaged", "print job {job} is not damaged; use --retry", job=job_id))
        text = rec.read_text("utf-8", errors="replace") if rec.exists() else ""
        try:
            payload = self.payload_path(job_id).read_bytes()
        except OSError:
            payload = b""
        if not payload:
            raise QueueError(tx("queue.page_gone", "print job {job}: its page ({job}.bin) is gone too; "
                                "print the page again", job=job_id))

        def field(name: str) -> str:
            m = re.search(rf'"{name}":\s*"((?:[^"\\]|\\.)*)"', text)
            return json.loads(f'"{m.group(1)}"') if m else ""

        t = target or field("target")
        if not t:
            raise QueueError(tx("queue.no_target", "print job {job}: its record no longer says which "
                                "printer; name one with --printer", job=job_id))
        t = parse_target(t) if isinstance(t, str) else t
        if config is None:
            m = re.search(r'"config":\s*(\{[^{}]*\})', text)
            try:
                config = PrinterConfig(**json.loads(m.group(1))) if m else PrinterConfig()
            except (ValueError, TypeError, CompanionError):
                config = PrinterConfig()
        job = Job(id=job_id, target=str(t), title=field("title") or job_id, config=asdict(config),
                  created=self.clock(), size=len(payload))
        self._save(job)
        return job

    def waiting_copy(self, target: Target | str, payload: bytes) -> Job | None:
        """The pending job already queued for ``target`` with exactly ``payload``
        (the same page for the same printer), or None."""
        t = str(parse_target(target) if isinstance(target, str) else target)
        for job in self.jobs(PENDING):
            if job.target == t and job.size == len(payload):
                try:
                    if self.payload_path(job.id).read_bytes() == payload:
                        return job
                except OSError:
                    continue
        return None

    # --- one queue -------------------------------------------------------------
    def adopt(self, folder: str | os.PathLike) -> list[str]:
        """Move every job of another queue ``folder`` into this one (an older
        ``companion demo`` kept its pages in ``<out>/print-queue``, which no plain
        ``companion print-queue`` saw); returns the job ids moved, in order.

        Each job keeps its id, record, page and preview (a damaged record is moved as
        it is). Per job: the page and preview are copied (fsynced), then the record,
        then the old files are deleted; a crash part way leaves the job whole in one
        folder or both, and adopting again only deletes the old copy of a job this
        queue already has (ids are unique): nothing lost, nothing printed twice. Both
        queues are locked meanwhile, so neither sends a job being moved. The old
        folder is removed once empty. Nothing to do (no folder, or this very folder):
        ``[]``. Raises QueueError when a job cannot be copied (disk full): the jobs
        not moved stay where they were."""
        src = Path(folder)
        if not (src / "queue.lock").exists() and not any(src.glob("*.json")):
            return []
        if src.resolve() == self.folder.resolve():
            return []
        moved: list[str] = []
        with open(self.folder / "queue.lock", "a+") as mine, open(src / "queue.lock", "a+") as theirs:
            fcntl.flock(mine, fcntl.LOCK_EX)
            fcntl.flock(theirs, fcntl.LOCK_EX)
            for rec in sorted(src.glob("*.json")):
                job_id = rec.stem
                files = [src / f"{job_id}.bin", src / f"{job_id}.png"]
                try:
                    if not self._record(job_id).exists():
                        for f in files:
                            if f.exists():
                                _atomic_write(self.folder / f.name, f.read_bytes())
                        _atomic_write(self._record(job_id), rec.read_bytes())
                        moved.append(job_id)
                    rec.unlink()
                    for f in files:
                        f.unlink(missing_ok=True)
                except OSError as exc:
                    raise QueueError(tx("queue.adopt", "print queue: the jobs in {old} could not all be moved "
                                        "to {new} ({problem}); those left there are kept",
                                        old=src, new=self.folder, problem=os_error(exc))) from None
        remove_stale_tmp(src)
        try:
            (src / "queue.lock").unlink(missing_ok=True)
            src.rmdir()   # only when nothing else is left in it
        except OSError:
            pass
        return moved

    # --- submit ---------------------------------------------------------------
    def submit(self, target: Target | str, payload: bytes, config: PrinterConfig,
               title: str = "page", preview=None) -> Job:
        """Queue ``payload`` (ESC/POS bytes) for ``target``; returns the pending job.

        ``preview``: optional Pillow image of the same raster, kept as ``<id>.png``.
        Raises PrinterConfigError for a target that cannot be a printer.
        """
        t = parse_target(target) if isinstance(target, str) else target
        if t.kind == "preview":
            raise PrinterConfigError(tx("queue.preview", "preview is not a printer: nothing to queue"))
        job_id = f"{time.time_ns():020d}-{uuid.uuid4().hex[:8]}"
        _atomic_write(self.payload_path(job_id), bytes(payload))
        if preview is not None:
            _atomic_write(self.preview_path(job_id), png_bytes(preview))
        job = Job(id=job_id, target=str(t), title=title, config=asdict(config),
                  created=self.clock(), size=len(payload))
        self._save(job)
        return job

    @contextlib.contextmanager
    def _locked(self):
        """Hold ``queue.lock`` (the lock a pass holds, :meth:`process`): a record
        changed meanwhile is never one a pass is sending and about to mark printed."""
        with open(self.folder / "queue.lock", "a+") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            yield

    def retry(self, job_id: str) -> Job:
        """Put a failed (or pending) job back to be tried at once. Waits for a pass
        another process or thread is running (a job it prints is never put back)."""
        with self._locked():
            job = self.get(job_id)
            if job.state == DONE:
                raise QueueError(tx("queue.already_printed_retry", "job {job} was already printed; print the "
                                    "page again to reprint it", job=job_id))
            was_dropped = job.dropped
            job.state, job.next_try = PENDING, 0.0
            if was_dropped:  # the last failed send's reason (if any) stays with its words
                job.reason, job.reason_values = "", {}
            if job.last_error in _DROPPED_WORDS:
                job.last_error = ""
            self._save(job)
            return job

    def due_now(self, targets: set[str]) -> list[str]:
        """Make the pending jobs for ``targets`` (target strings) due at once: the
        user prints on that printer now, so the pages kept for it are tried first, in
        order, their back-off wait ended. Returns their ids. Waits for a running pass."""
        out = []
        with self._locked():
            for job in self.jobs(PENDING):
                if job.target in targets and job.next_try > 0:
                    job.next_try = 0.0
                    self._save(job)
                    out.append(job.id)
        return out

    def drop(self, job_id: str) -> Job:
        """Give up a job that is not printed (a wrong target, an unwanted page): it is
        marked failed and never tried again unless :meth:`retry` puts it back. Waits
        for a running pass (a job it prints is never marked dropped)."""
        with self._locked():
            job = self.get(job_id)
            if job.state == DONE:
                raise QueueError(tx("queue.already_printed", "job {job} was already printed", job=job_id))
            job.state, job.last_error, job.reason = FAILED, "", "dropped"  # worded when shown (reason_text)
            self._save(job)
            return job

    def purge_done(self, older_than_s: float = 7 * 24 * 3600) -> int:
        """Delete printed jobs older than ``older_than_s``; returns how many."""
        n = 0
        for job in self.jobs(DONE):
            if (job.printed_at or 0) < self.clock() - older_than_s:
                for p in (self.payload_path(job.id), self.preview_path(job.id),
                          self._record(job.id)):
                    p.unlink(missing_ok=True)
                n += 1
        return n

    # --- run ------------------------------------------------------------------
    def process(self, targets: set[str] | None = None) -> list[JobReport]:
        """One pass over the pending jobs that are due (only those for ``targets``,
        target strings, when given); returns a report per job.

        Holds ``queue.lock`` (fcntl) for the pass so that two processes never send
        the same job.
        """
        reports: list[JobReport] = []
        with open(self.folder / "queue.lock", "a+") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            blocked: set[str] = set()
            for job in self.jobs(PENDING):
                if targets is not None and job.target not in targets:
                    continue
                if job.target in blocked:
                    reports.append(JobReport(job.id, job.title, job.target, "waiting",
                                             job.attempts))
                    continue
                if job.next_try > self.clock():
                    blocked.add(job.target)
                    reports.append(JobReport(job.id, job.title, job.target, "deferred",
                                             job.attempts, reason_text(job), job.next_try))
                    continue
                target = job.target   # (a retry may change how it is reached: _run)
                reports.append(self._run(job))
                if reports[-1].outcome != "printed":
                    blocked.add(target)
        return reports

    def _run(self, job: Job) -> JobReport:
        try:
            payload = self.payload_path(job.id).read_bytes()
            if len(payload) != job.size:
                raise PrinterConfigError(tx("queue.size_mismatch", "its page file holds {got} bytes, its record "
                                            "says {want}", got=len(payload), want=job.size))
            self.sender(parse_target(job.target), payload, PrinterConfig(**job.config))
        except PrinterUnavailable as exc:
            if isinstance(exc, FlowControlIgnored):  # the printer showed its flow control: honour it
                _use_flow(job, exc.flow)
            job.attempts += 1
            wait = min(self.max_backoff_s, self.backoff_s * 2 ** (job.attempts - 1))
            job.next_try = self.clock() + wait
            _keep_failure(job, str(exc), exc)
            self._save(job)
            return JobReport(job.id, job.title, job.target, "retry", job.attempts,
                             job.last_error, job.next_try)
        except Exception as exc:  # a bad job is failed and kept, never a crash of the queue
            from companion.datafile import data_fault

            job.attempts += 1
            job.state = FAILED
            _keep_failure(job, data_fault(exc), exc)
            self._save(job)
            return JobReport(job.id, job.title, job.target, "failed", job.attempts,
                             job.last_error)
        job.state, job.printed_at, job.last_error = DONE, self.clock(), ""
        job.reason, job.reason_values = "", {}
        self._save(job)
        return JobReport(job.id, job.title, job.target, "printed", job.attempts)

    def drain(self, timeout_s: float = 60.0,
              on_report: Callable[[JobReport], None] | None = None,
              targets: set[str] | None = None) -> list[JobReport]:
        """Run passes until no job (for ``targets``, when given) is pending or
        ``timeout_s`` has passed (sleeping until the next due try). Returns every
        report; pending jobs stay on disk."""
        deadline = self.clock() + timeout_s
        every: list[JobReport] = []
        while True:
            reports = self.process(targets)
            tried = [r for r in reports if r.outcome in ("printed", "failed", "retry")]
            for r in tried:
                if on_report:
                    on_report(r)
            every.extend(tried)
            pending = [j for j in self.jobs(PENDING) if targets is None or j.target in targets]
            if not pending:
                return every
            due = min(j.next_try for j in pending)
            now = self.clock()
            if due >= deadline or now >= deadline:
                return every
            self.sleep(max(0.0, due - now) + 0.001)
