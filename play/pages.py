"""The pages a game prints as it is played, and where they go (Kivy-free).

What is due: each game's pages module says which pages a step of the game makes due
(``pages_due(before, after)``, printing.pages; a press its front page, the end its
final receipt); :func:`pages_due` asks it, or makes the whole game's pages due at its
end for a game that does not say. The pages themselves are the game's
(printing.pages.make_pages for a PageRequest).

Where they go: :class:`PageWriter` writes each page as its preview PNG (the very
raster a printer is sent) and, when asked, its ESC/POS bytes beside it, and queues
it for a printer (printing.queue: a printer that is off keeps its jobs).
``companion demo`` (play.demo) and the app's session (ui.session) write through it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from companion import registry


def pages_due(game: str, before, after) -> list:
    """The page requests (printing.pages.PageRequest, without language, width or
    label) the step of registered ``game`` from state ``before`` to state ``after``
    makes due: its pages module's ``pages_due``; without one, at the game's end every
    page of the game (``all``) then the final page. [] for a game without pages."""
    from printing.pages import PageRequest, pages_module

    spec = registry.get(game)
    if not spec.pages or before is None or after is None:
        return []
    due = getattr(pages_module(spec.id), "pages_due", None)
    if due is not None:
        return list(due(before, after))
    if after.is_over and not before.is_over:
        return [PageRequest("all"), PageRequest("final")]
    return []


def draw_due(game: str, state, request, *, lang: str, width: int, game_id: str) -> list:
    """The pages (printing.pages.Page) of a due ``request`` for ``state``, in ``lang``,
    ``width`` dots wide, labelled ``game_id`` (the journal's game id); [] when the
    game has none of them (NoSuchPage: e.g. every press page of a game without
    presses). Raises DocumentError, CompanionError for a page that cannot be drawn."""
    from printing.pages import NoSuchPage, make_pages

    try:
        return make_pages(game, state, replace(request, lang=lang, width=width, game_id=game_id))
    except NoSuchPage:
        return []


@dataclass
class Written:
    """A page written: its preview ``png``, its ESC/POS ``bin`` (None when not kept)
    and its print ``job`` (printing.queue.Job; None without a printer, or when an
    earlier copy of the same page still waits in the queue)."""

    png: Path
    bin: Path | None = None
    job: Any = None


class PageWriter:
    """Writes pages to ``folder`` and, with a ``printer``, queues them.

    ``cfg``: the printer config (printing.profiles.PrinterConfig) the ESC/POS bytes
    are made for (None: previews only, no printer). ``printer``: a target
    (``tcp://host:9100``, ``usb:VID:PID``, ``serial:/dev/ttyUSB0``, ``file:PATH``;
    printing.transports), checked now: a ``file:`` target that cannot work is refused
    before any page is drawn. ``queue_dir``: the print queue's folder (default: the
    user's, the one every command uses: printing.queue.PrintQueue). ``escpos_files``:
    also keep each page's ESC/POS bytes as ``<name>.bin`` beside its PNG. ``check``:
    refuse a target that cannot work now (printing.transports.check_target; the app,
    which queues a page for a printer that may come later, does not). Raises
    PrinterConfigError, CompanionError.
    """

    def __init__(self, folder: str | Path, cfg=None, *, printer: str | None = None,
                 queue_dir: str | Path | None = None, escpos_files: bool = True, check: bool = True):
        self.folder = Path(folder)
        self.cfg = cfg
        self.escpos_files = escpos_files
        self.written: list[Path] = []
        self.job_ids: list[str] = []  # this writer's pages in the queue (pending)
        self.target = None
        self.queue = None
        if printer:
            from printing.queue import PrintQueue
            from printing.transports import check_target, parse_target

            self.target = parse_target(printer)
            if check:
                check_target(self.target)  # a file: path that cannot work is refused now, not after the game
            self.queue = PrintQueue(queue_dir)

    def write(self, name: str, image, *, again: bool = False) -> Written:
        """Write page ``name`` (a file name stem; ``image`` a 1-bit Pillow image): its
        preview PNG, its ``.bin`` when kept, and queue it for the printer. A page
        still waiting in the queue from an earlier run (the printer was off) is not
        queued twice unless ``again`` (a player asked for another copy): it would
        print twice once the printer is back."""
        from printing.files import page_path, save_preview

        png = save_preview(image, page_path(self.folder, name))
        self.written.append(png)
        data = None
        out = Written(png)
        if self.cfg is not None and (self.escpos_files or self.queue is not None):
            from printing.escpos_raster import escpos_bytes

            data = escpos_bytes(image, self.cfg)
        if self.escpos_files and data is not None:
            out.bin = page_path(self.folder, name, ".bin")
            out.bin.write_bytes(data)
            self.written.append(out.bin)
        if self.queue is not None and data is not None:
            waiting = None if again else self.queue.waiting_copy(self.target, data)
            if waiting is None:
                out.job = self.queue.submit(self.target, data, self.cfg, title=name, preview=image)
            self.job_ids.append((out.job or waiting).id)
        return out

    def pending(self) -> list:
        """This writer's pages still waiting in the queue: the jobs it queued, and the
        copy an earlier run left waiting of a page it wrote again (never the jobs other
        commands left in the same folder)."""
        if self.queue is None:
            return []
        mine = set(self.job_ids)
        return [j for j in self.queue.jobs("pending") if j.id in mine]
