"""The end of a game (Kivy-free), the same for every game: print its pages and send
the play to BG Stats (the table kit's ``EndgamePanel``, ui.screens.common, draws it
on each game's end screen; docs/ui.md "The end of a game").

:class:`EndgameVM` reads a game through a journal getter (a hosted game's
``GameHost.table_journal``) and names no game:

- what to print is what the game's pages module offers at its end
  (ui.session_print.SessionPrinter.end_requests): the final receipt alone is
  "Print the score receipt", more pages (every paper's front page and the money
  receipt) "Print the pages";
- the pages go through the app's printer settings and print queue as every page
  does (SessionPrinter.print_requests): with no printer chosen they are saved as
  pictures, a printer that is off keeps them queued; :attr:`EndgameVM.status` says
  which in the players' words (never a file, a folder or an id); once the app's
  queue retry (ui.session_print.QueueRetry, :func:`retry_prints`) has printed the
  pages that waited, the status says so;
- "Send to BG Stats" builds the push-play link of the finished game
  (ui.viewmodels.bgstats.game_play_link: players, scores in the game's own unit,
  winners).
"""

from __future__ import annotations

import weakref
from pathlib import Path
from typing import Callable

from companion.errors import CompanionError
from ui import i18n

#: the end offers alive now, told by :func:`retry_prints` when their pages printed at last
_OPEN: "weakref.WeakSet[EndgameVM]" = weakref.WeakSet()


class EndgameVM:
    """The end-of-game offer for the game whose journal ``get_journal()`` returns now
    (companion.journal.Journal, or None before the game is set up), in ``lang``.
    Previews go under ``folder`` (``prints/``; by default the journal's own folder, as
    a camera session's do); pages for a printer go to the print queue in
    ``queue_dir`` (default: the user's, the one every command uses)."""

    def __init__(self, get_journal: Callable[[], object], lang: str = "en", folder: str | Path | None = None,
                 queue_dir: str | Path | None = None):
        from ui.session_print import JournalSource, SessionPrinter

        self.lang = i18n.check_lang(lang)
        self._get = get_journal
        self._folder = Path(folder) if folder is not None else None
        self.printer = SessionPrinter(JournalSource(get_journal), self._folder or Path("."), queue_dir)
        self.status = ""
        #: the print queue's ids of the pages printed here that wait for the printer
        self.waiting: set[str] = set()
        self._waited = 0       # how many pages waited at the last print
        self._receipt = False  # ... and whether that was the score receipt alone
        _OPEN.add(self)
        #: the last BG Stats link made ("" none yet): the screen opens it
        self.link = ""
        self._requests_key = None
        self._requests: list = []

    @property
    def journal(self):
        return self._get()

    @property
    def over(self) -> bool:
        """True once the game is over (the offer is shown only then)."""
        j = self.journal
        return bool(j is not None and j.state is not None and j.state.is_over)

    def requests(self) -> list:
        """The pages the game offers at its end (printing.pages.PageRequest), [] before
        it (SessionPrinter.end_requests; worked out once per journal length)."""
        j = self.journal
        key = (id(j), len(j.events)) if j is not None else None
        if key != self._requests_key:
            self._requests_key = key
            self._requests = self.printer.end_requests() if j is not None else []
        return list(self._requests)

    def receipt_only(self) -> bool:
        """True when the end's one page is the score receipt (the final page)."""
        reqs = self.requests()
        return bool(reqs) and all(r.what == "final" for r in reqs)

    def can_print(self) -> bool:
        """True when the game is over and its pages module offers a page at the end."""
        return self.over and bool(self.requests())

    def print_label(self) -> str:
        """The print button's text: "Print the score receipt" or "Print the pages"."""
        return i18n.tr("end.print_receipt" if self.receipt_only() else "end.print_pages", self.lang)

    def print_question(self) -> str:
        """Asked before printing (paper is spent)."""
        return i18n.tr("end.ask_receipt" if self.receipt_only() else "end.ask_pages", self.lang)

    def bgstats_label(self) -> str:
        return i18n.tr("end.bgstats", self.lang)

    def _choose_folder(self) -> None:
        """Previews and the queue beside the journal unless a folder was given."""
        if self._folder is None:
            j = self.journal
            path = getattr(j, "path", None)
            self.printer.folder = Path(path).parent if path is not None else Path(".")

    def print_end(self, settings) -> list:
        """Print the end's pages on ``settings`` (ui.viewmodels.protocol.PrinterSettings:
        the printer the players chose) and word the outcome in :attr:`status`: printed,
        waiting for a printer that is off (the jobs stay queued and print when it is
        back), or saved as pictures when no printer is chosen. Returns the
        JobStatus of each page ([] when nothing could be printed: :attr:`status`
        says why, in the players' words)."""
        if not self.can_print():
            self.status = i18n.tr("end.not_over", self.lang)
            return []
        receipt = self.receipt_only()
        self._choose_folder()
        try:
            jobs = self.printer.print_requests(self.requests(), settings, self.lang)
        except (CompanionError, OSError) as exc:
            self.status = i18n.error_text(exc, self.lang) if isinstance(exc, CompanionError) \
                else i18n.tr("end.print_failed", self.lang)
            return []
        states = {j.state for j in jobs}
        n = len(jobs)
        what = "receipt" if receipt and n == 1 else "pages"
        if "saved" in states:
            key = f"end.saved_{what}"
        elif states and states <= {"printed"}:
            key = f"end.printed_{what}"
        else:
            key = f"end.queued_{what}"
        self.status = i18n.trn(key, self.lang, n) if what == "pages" else i18n.tr(key, self.lang)
        self.waiting = {j.job_id for j in jobs if j.state == "queued"}
        self._waited, self._receipt = len(self.waiting), what == "receipt"
        return jobs

    def printed_later(self, job_ids) -> bool:
        """Some of the pages that waited for the printer have printed since (``job_ids``:
        print queue jobs printed, ui.session_print.QueueRetry): :attr:`status` says so
        in the players' words (the score receipt, or how many pages; no id, no path).
        Returns True when the status changed."""
        done = self.waiting & set(job_ids)
        if not done:
            return False
        self.waiting -= done
        printed = self._waited - len(self.waiting)
        if self._receipt and not self.waiting:
            self.status = i18n.tr("end.printed_later_receipt", self.lang)
        else:
            self.status = i18n.trn("end.printed_later_pages", self.lang, printed)
        return True

    def bgstats_link(self) -> str:
        """The finished game's BG Stats link ("" before the end: :attr:`status` says
        the game is not over); :attr:`status` says BG Stats opens to import it."""
        from ui.viewmodels.bgstats import game_play_link

        try:
            link = game_play_link(self.journal, self.lang)
        except (CompanionError, ValueError) as exc:
            self.status = i18n.error_text(exc, self.lang) if isinstance(exc, CompanionError) \
                else i18n.tr("end.not_over", self.lang)
            return ""
        self.link = link
        self.status = i18n.tr("end.bgstats_sent" if link else "end.not_over", self.lang)
        return link


def retry_prints(retry, host=None) -> bool:
    """One tick of the app's print queue retry (``retry``: ui.session_print.QueueRetry;
    ui.app calls it on a Kivy Clock interval): the pages printed since the tick before
    are told to the end offers open now (:meth:`EndgameVM.printed_later`), and when
    one of them changed its status ``host``'s listeners redraw the game's screens
    (ui.hosting.GameHost; its end panel among them). Returns True when a status
    changed. Never raises (the app's timer goes on)."""
    try:
        printed = {r.job_id for r in retry.tick() if r.outcome == "printed"}
    except Exception:  # noqa: BLE001  a tick that failed leaves the jobs on disk for the next
        return False
    changed = False
    for vm in list(_OPEN):
        changed = vm.printed_later(printed) or changed
    if changed and host is not None:
        for cb in list(getattr(host, "listeners", ())):
            try:
                cb()
            except Exception:  # noqa: BLE001  one screen's redraw never stops the others'
                pass
    return changed
