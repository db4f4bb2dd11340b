"""The app's printing (Kivy-free): a game's pages drawn for the printer the players
chose on the settings screen, saved as a preview and sent through the print queue.

:class:`SessionPrinter` is the part of the app's session (ui.session.GameSession)
that prints: the pages come from the game's pages module (printing.pages, a
PageRequest), each is written by play.pages.PageWriter (the preview PNG, always; the
print queue for a real printer, which keeps the job while the printer is off).

The print queue is the one every command uses (printing.queue: ``companion
print-queue`` lists and sends the app's jobs too); jobs an older app kept in the
journal folder's ``queue/`` are moved into it (printing.queue.PrintQueue.adopt).
:class:`QueueRetry` tries the queue again while the app runs (a Kivy Clock interval
in ui.app calls :meth:`QueueRetry.tick`; the sends run on a worker thread, never the
UI's), so a page waiting for a printer that was off prints once it is back, with
no other print; the queue's back-off decides when each job is tried.

It prints for a camera session (its table loop, play.runner.GameRunner) and for a
game played by taps alike (:class:`JournalSource` over a hosted game's journal): the
pages of a game's end (:meth:`SessionPrinter.end_requests`, :meth:`print_requests`)
are found through the game's pages module (play.pages.pages_due), never by its name.
"""

from __future__ import annotations

import threading
from pathlib import Path

from companion.errors import CompanionError, Refusal

from .viewmodels import protocol as P
from .viewmodels.settings import printer_config

#: the printer kinds of the settings screen -> printing.transports' target forms
_TARGETS = {"network": "tcp://{}", "usb": "usb:{}", "file": "file:{}", "serial": "serial:{}"}


class JournalSource:
    """What :class:`SessionPrinter` reads of a game played without a camera session:
    ``journal`` and ``state`` of the journal ``get_journal()`` returns now (e.g.
    ``ui.hosting.GameHost.table_journal``; None before the game is set up)."""

    def __init__(self, get_journal):
        self._get = get_journal

    @property
    def journal(self):
        return self._get()

    @property
    def state(self):
        j = self._get()
        return None if j is None else j.state


class SessionPrinter:
    """Prints the pages of the game a table loop plays (``runner``:
    play.runner.GameRunner) on the printer the players chose (``settings``:
    ui.viewmodels.protocol.PrinterSettings, given with each page: the settings
    screen changes them during a game); previews in ``folder/prints``; the pages for
    a printer go to the print queue in ``queue_dir`` (default: the user's, the one
    every command uses: printing.queue.default_dir). The jobs an older app kept in
    ``folder/queue`` are moved into it at the first page sent."""

    def __init__(self, runner, folder: str | Path, queue_dir: str | Path | None = None):
        self.runner = runner
        self.folder = Path(folder)
        self.queue_dir = queue_dir
        self._adopted: set[Path] = set()

    def adopt_old(self, queue) -> list[str]:
        """Move the jobs an older app kept in ``folder/queue`` (the journal folder's
        queue, which no ``companion print-queue`` read) into ``queue``
        (printing.queue.PrintQueue), once per folder; returns the job ids moved.
        Never raises: a job that cannot be moved stays where it was."""
        from printing.queue import QueueError

        old = self.folder / "queue"
        if old in self._adopted:
            return []
        self._adopted.add(old)
        try:
            return queue.adopt(old)
        except (QueueError, OSError):
            return []

    @staticmethod
    def page_width(settings: P.PrinterSettings) -> int:
        """The page width in dots: the printer config's
        (printing.profiles.PrinterConfig.width_dots: the paper's 384 / 576, or the
        profile's printable width where narrower, 512 on a TM-T88), for the preview
        too: with no printer the page shown is the raster that printer is sent. Raises
        the refusals of ui.viewmodels.settings.printer_config; a preview whose printer
        config file is broken draws the app's paper (384 / 576)."""
        from printing.profiles import PrinterConfigError

        try:
            return printer_config(settings).width_dots
        except PrinterConfigError:
            if settings.kind != "preview":
                raise
            return settings.width

    def send(self, image, title: str, settings: P.PrinterSettings) -> P.JobStatus:
        """Save ``image`` as the preview ``title`` and, for a real printer, queue it
        and try the queue now: printed, or queued while the printer is off; with no
        printer chosen (``preview``) the page is only saved as a picture ("saved")."""
        return self.send_all([(image, title)], settings)[0]

    def send_all(self, pages, settings: P.PrinterSettings) -> list[P.JobStatus]:
        """:meth:`send` for several pages (``pages``: (image, title) pairs, in order):
        all queued first, then the queue tried once, so that a print of many pages
        counts as one try of a printer that is off (a try per page would push the
        queue's back-off to half a minute before the printer, switched on, is tried
        again). One JobStatus per page."""
        from play.pages import PageWriter

        ps = settings
        if ps.kind == "preview":
            writer = PageWriter(self.folder / "prints")
            out = []
            for image, title in pages:
                written = writer.write(title, image)
                out.append(P.JobStatus(title, "saved", str(written.png), ""))  # no printer: a picture
            return out
        target = _TARGETS.get(ps.kind, "{}").format(ps.target)
        writer = PageWriter(self.folder / "prints", printer_config(ps), printer=target, queue_dir=self.queue_dir,
                            escpos_files=False, check=False)
        self.adopt_old(writer.queue)
        here = str(writer.target)
        writer.queue.due_now({here})  # the players print now: this printer's earlier pages first, in order
        written = [writer.write(title, image, again=True) for image, title in pages]  # asked twice: two copies
        reports = writer.queue.process(targets={here})  # other printers' jobs: QueueRetry, print-queue
        printed = {r.job_id for r in reports if r.outcome == "printed"}
        return [P.JobStatus(w.job.id, "printed" if w.job.id in printed else "queued", str(w.png), "")
                for w in written]

    def page(self, what: str, lang: str, width: int, press: int | None = None):
        """The first page of a page request for the game's state (printing.pages)."""
        from printing.pages import PageRequest, make_pages

        j = self.runner.journal
        request = PageRequest(what, press=press, lang=lang, width=width, game_id=j.game_id)
        return make_pages(j.game, j.state, request)[0].image

    def press_page(self, result, lang: str, width: int):
        """The front page of the press ``result`` (an engine PressResult of the game's
        state). CompanionError for a press that is not part of it."""
        try:
            n = list(self.runner.state.press_results).index(result) + 1
        except ValueError:
            raise CompanionError("this press is not part of the game state given") from None
        return self.page("press", lang, width, press=n)

    def print_press(self, result, title: str, settings: P.PrinterSettings, lang: str) -> P.JobStatus:
        """Print the front page of the press ``result`` as ``title``."""
        return self.send(self.press_page(result, lang, self.page_width(settings)), title, settings)

    def _final(self, lang: str, width: int):
        st = self.runner.state
        if st is None or st.final is None:
            raise Refusal("not_over", "the game is not over yet")
        return self.page("final", lang, width)

    def print_final(self, settings: P.PrinterSettings, lang: str) -> P.JobStatus:
        """Print the final receipt. Refusal ``not_over`` before the end."""
        return self.send(self._final(lang, self.page_width(settings)), "final", settings)

    def share_image(self, path: str | Path, lang: str) -> Path:
        """The final result as a picture to share (PNG at ``path``: the final
        receipt's page, 576 dots wide, as printed). Refusal before the end."""
        from printing.files import atomic_write, png_bytes

        img = self._final(lang, 576)
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        return atomic_write(path, png_bytes(img.convert("L")), fsync=False)  # never half a picture


    # -- the pages of a game's end (every game, through its pages module) ---------
    def end_requests(self) -> list:
        """The pages a finished game offers at its end (printing.pages.PageRequest,
        without language, width or label): the game's pages module's own
        ``end_pages(state)`` when it has one (e.g. the last evaluation's receipt and
        the final ranking); else what it makes due at the step that ended the game
        (play.pages.pages_due), less the numbered presses, rounds or evaluations that
        step also finished (each came due as it was played): e.g. the final receipt
        alone, or every paper's front page and the money receipt. [] before the end
        and for a game that prints nothing; the final page alone when the game's step
        says nothing."""
        from play.pages import pages_due
        from printing.pages import PageRequest, pages_module

        j = self.runner.journal
        if j is None or j.state is None or not j.state.is_over:
            return []
        from companion import registry

        if not registry.get(j.game).pages:
            return []
        own = getattr(pages_module(j.game), "end_pages", None)
        if own is not None:
            return list(own(j.state)) or [PageRequest("final")]
        before = after = None
        for st in j.states():  # the last state before the end, and the first at it
            if st.is_over:
                after = st
                break
            before = st
        due = pages_due(j.game, before, after) if before is not None else []
        end = [r for r in due if r.what != "press"]
        return end or [PageRequest("final")]

    def print_requests(self, requests, settings: P.PrinterSettings, lang: str) -> list[P.JobStatus]:
        """Draw the pages of ``requests`` (printing.pages.PageRequest) for the game's
        state in ``lang`` at the printer's width and :meth:`send` each: one
        JobStatus per page, in order. Raises CompanionError for a page that cannot
        be drawn, the refusals of the printer's settings."""
        from play.pages import draw_due

        j = self.runner.journal
        if j is None:
            raise Refusal("not_started", "the game has not started")
        width = self.page_width(settings)
        pages = [(page.image, page.name) for request in requests
                 for page in draw_due(j.game, j.state, request, lang=lang, width=width, game_id=j.game_id)]
        return self.send_all(pages, settings) if pages else []


class QueueRetry:
    """The print queue tried again while the app runs: a page kept for a printer that
    was off prints once the printer is back, with no other print (Table Companion's
    "a printer that is off keeps its job queued").

    ``queue_dir``: the print queue's folder (default: the user's, the one every
    command uses: printing.queue.default_dir). ``old``: folders of older queues whose
    jobs are moved into it on the first pass (an older app's ``<journal folder>/queue``;
    printing.queue.PrintQueue.adopt). ``queue``: a printing.queue.PrintQueue to use
    instead (tests: its back-off, its sender).

    :meth:`tick` is called on the UI thread (a Kivy Clock interval every
    :data:`EVERY_S` seconds, ui.app): it never waits on the printer or the disk: each
    pass (printing.queue.PrintQueue.process: the jobs whose next try is due, the
    queue's exponential back-off respected, later pages for a printer behind its
    earlier ones) runs on a worker thread, one pass at a time; a tick returns the
    reports of the passes that ended since the tick before. A printer still off keeps
    its jobs (pending, tried again after the back-off); a job that cannot be printed
    at all is marked failed and kept (``companion print-queue --retry``). Nothing is
    ever dropped here."""

    #: seconds between two ticks (the queue's own back-off starts at 2 s)
    EVERY_S = 3.0
    #: the longest wait between two tries of a printer that is off while the app runs (s):
    #: a printer switched back on at the table prints within this, however long it was off
    MAX_WAIT_S = 15.0

    def __init__(self, queue_dir: str | Path | None = None, old=(), queue=None):
        self.queue_dir = queue_dir
        self.old = [Path(p) for p in old]
        self._queue = queue
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._reports: list = []
        #: the last pass's problem opening the queue ("" none): a folder that cannot be used
        self.problem = ""

    def tick(self) -> list:
        """The reports (printing.queue.JobReport: printed, retry, failed) of the
        passes that ended since the last tick, and a new pass started on the worker
        thread when none is running. Never raises, never blocks."""
        with self._lock:
            done, self._reports = self._reports, []
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._pass, name="print-queue-retry", daemon=True)
            self._thread.start()
        return done

    def wait(self, timeout_s: float = 30.0) -> bool:
        """Wait for the running pass to end (tests, the app's stop); True when none runs."""
        t = self._thread
        if t is not None:
            t.join(timeout_s)
        return t is None or not t.is_alive()

    def _pass(self) -> None:
        from printing.queue import PrintQueue, QueueError

        try:
            if self._queue is None:
                self._queue = PrintQueue(self.queue_dir, max_backoff_s=self.MAX_WAIT_S)
            while self.old:
                old = self.old.pop(0)
                try:
                    self._queue.adopt(old)
                except (QueueError, OSError):
                    pass  # its jobs stay where they were; nothing lost
            reports = [r for r in self._queue.process() if r.outcome in ("printed", "retry", "failed")]
            self.problem = ""
        except Exception as exc:  # noqa: BLE001  the app goes on; the jobs stay on disk
            self.problem = str(exc)
            reports = []
        with self._lock:
            self._reports.extend(reports)
