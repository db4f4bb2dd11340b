"""The app's printing (Kivy-free): a game's pages drawn for the printer the players
chose on the settings screen, saved as a preview and sent through the print queue.

:class:`SessionPrinter` is the part of the app's session (ui.session.GameSession)
that prints: the pages come from the game's pages module (printing.pages, a
PageRequest), each is written by play.pages.PageWriter (the preview PNG, always; the
print queue for a real printer, which keeps the job while the printer is off).

It prints for a camera session (its table loop, play.runner.GameRunner) and for a
game played by taps alike (:class:`JournalSource` over a hosted game's journal): the
pages of a game's end (:meth:`SessionPrinter.end_requests`, :meth:`print_requests`)
are found through the game's pages module (play.pages.pages_due), never by its name.
"""

from __future__ import annotations

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
    screen changes them during a game); previews in ``folder/prints``, the print
    queue in ``folder/queue``."""

    def __init__(self, runner, folder: str | Path):
        self.runner = runner
        self.folder = Path(folder)

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
        from play.pages import PageWriter

        ps = settings
        if ps.kind == "preview":
            written = PageWriter(self.folder / "prints").write(title, image)
            return P.JobStatus(title, "saved", str(written.png), "")  # no printer: a picture, not "printed"
        target = _TARGETS.get(ps.kind, "{}").format(ps.target)
        writer = PageWriter(self.folder / "prints", printer_config(ps), printer=target, queue_dir=self.folder / "queue",
                            escpos_files=False, check=False)
        written = writer.write(title, image, again=True)  # a player asking twice gets two copies
        reports = writer.queue.process()
        job = written.job
        state = "printed" if any(r.job_id == job.id and r.outcome == "printed" for r in reports) else "queued"
        return P.JobStatus(job.id, state, str(written.png), "")

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
        without language, width or label): what the game's pages module makes due at
        the step that ended it (play.pages.pages_due), less the numbered presses,
        rounds or evaluations that step also finished (each came due as it was
        played): e.g. the final receipt alone, or every paper's front page and the
        money receipt. [] before the end and for a game that prints nothing; the
        final page alone when the game's step says nothing."""
        from play.pages import pages_due
        from printing.pages import PageRequest

        j = self.runner.journal
        if j is None or j.state is None or not j.state.is_over:
            return []
        from companion import registry

        if not registry.get(j.game).pages:
            return []
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
        out = []
        for request in requests:
            for page in draw_due(j.game, j.state, request, lang=lang, width=width, game_id=j.game_id):
                out.append(self.send(page.image, page.name, settings))
        return out
