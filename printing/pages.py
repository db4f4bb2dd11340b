"""What to print, as one typed request, and the pages a game makes for it.

A game's pages live in ``printing/games/<folder>/`` (``GameSpec.pages`` names its
pages module). That module offers:

- ``pages(state, request: PageRequest) -> list[Page]``: the pages asked for, each a
  1-bit Pillow image ``request.width`` dots wide. Raises :class:`NoSuchPage` (a
  CompanionError in the players' words) for a page the game does not have (no
  such press yet, no start slip, the game not over yet).
- ``colours(state) -> tuple[str, ...]``: each seat's colour as a player names it
  (``"red"``), ``""`` for a seat without one: ``companion print --player`` takes
  a colour or a seat number.
- optionally ``pages_due(before, after) -> list[PageRequest]``: the pages a step of
  the game (state ``before`` -> state ``after``) makes due, e.g. a press its front
  page, the end the final receipt (the requests' language, width and label are
  left to the caller: play.pages fills them). Without it, the end of the game makes
  every page of the game and the final page due.
- optionally ``end_pages(state) -> list[PageRequest]``: the pages a finished game
  offers to print at its end (the app's end panel, ui.session_print.SessionPrinter.
  end_requests), e.g. the last evaluation's receipt beside the final ranking. Without
  it: what ``pages_due`` makes due at the step that ended the game, less the
  numbered presses (each was printed as it was played).

``companion print`` (printing.commands), ``companion demo`` and the app build a
:class:`PageRequest`; no command line's arguments reach a game's pages.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any, NamedTuple

from companion.errors import CompanionError

#: The languages printed pages speak.
LANGS = ("es", "en", "zh")
#: What a request asks for: one press (``press`` N), every press page so far, the
#: final page(s), the page printed when the game starts.
WHATS = ("press", "all", "final", "start")


class DocumentError(CompanionError):
    """A page that cannot be drawn (bad width or language, a story unknown or off
    the page, a result that is not part of the game given)."""


class NoSuchPage(CompanionError):
    """A page the game does not have (yet), in the players' words: no press N, no
    start slip, the game not over. ``companion print`` puts the option given in
    front of it (``--press 9: ...``)."""


def check_lang(lang: str) -> str:
    """``lang`` if pages are printed in it (es, en, zh). Raises DocumentError."""
    if lang not in LANGS:
        raise DocumentError(f"unknown language {lang!r}; printing speaks {', '.join(LANGS)}")
    return lang


@dataclass(frozen=True)
class PageRequest:
    """What to print.

    - ``what``: ``"press"`` (press ``press``: a game's N-th press, evaluation turn or
      auction round, as the game counts them), ``"all"`` (every press page so far),
      ``"final"`` (the final receipt), ``"start"`` (the page printed at the start,
      e.g. a dial's commitment slip).
    - ``press``: the number with ``what="press"`` (1 or more), else None.
    - ``player``: a seat (0-based) to print for, or None for the whole table; a game
      whose pages are for the whole table prints them whatever the seat.
    - ``lang``: es, en or zh.
    - ``width``: the page width in dots (384 for 58 mm paper, 576 for 80 mm, or the
      printer profile's printable width between: :func:`width_for`).
    - ``game_id``: the journal's game id, the label printed on the pages (a dated one
      prints as the game's start time, printing.i18n.game_when); not the registry id.

    Raises DocumentError for a request no game can answer (unknown ``what`` or
    language, ``press`` missing or below 1, a negative seat).
    """

    what: str
    press: int | None = None
    player: int | None = None
    lang: str = "en"
    width: int = 384
    game_id: str = "game"

    def __post_init__(self):
        if self.what not in WHATS:
            raise DocumentError(f"unknown page request {self.what!r}; one of {', '.join(WHATS)}")
        if self.what == "press":
            if not isinstance(self.press, int) or isinstance(self.press, bool) or self.press < 1:
                raise DocumentError(f"press {self.press!r}: a number of 1 or more")
        elif self.press is not None:
            raise DocumentError(f"a press number goes with what='press', not {self.what!r}")
        if self.player is not None and (not isinstance(self.player, int) or self.player < 0):
            raise DocumentError(f"player {self.player!r}: a seat number from 0")
        check_lang(self.lang)


class Page(NamedTuple):
    """One printed page: ``name`` (a file name stem, without folder or suffix) and
    ``image``, a 1-bit Pillow image (mode "1", 0 = black) the request's width."""

    name: str
    image: Any


def width_for(paper_mm: int, profile: str = "") -> int:
    """The page width in dots for ``paper_mm`` (58 or 80) paper on a printer of
    python-escpos ``profile`` ("" = the paper's default profile): 384 / 576, or the
    profile's printable width where narrower (512 on a TM-T88;
    printing.profiles.profile_page). Raises PrinterConfigError."""
    from .profiles import DEFAULT_PROFILES, PrinterConfigError, profile_page

    if paper_mm not in DEFAULT_PROFILES:
        raise PrinterConfigError(f"paper_mm={paper_mm!r}: use 58 or 80")
    return profile_page(paper_mm, profile or DEFAULT_PROFILES[paper_mm])[0]


def pages_module(game: str) -> ModuleType:
    """The pages module of registered game ``game`` (its ``GameSpec.pages``).
    Raises UnknownGame, or CompanionError for a game that prints nothing yet."""
    from companion import registry

    spec = registry.get(game)
    if not spec.pages:
        from companion.clitext import tx

        raise CompanionError(tx("print.no_pages", "{game} has no printable pages yet", game=spec.name()))
    return registry.load_attr(spec.pages)


def make_pages(game: str, state, request: PageRequest) -> list[Page]:
    """The pages of ``request`` for ``state``, a state of registered game ``game``
    (see the module docstring). Raises NoSuchPage, DocumentError, CompanionError."""
    return pages_module(game).pages(state, request)


def open_page_code(text: str, lang: str = "en", width: int = 384) -> tuple[str, PageRequest]:
    """The page a scanned page code names (companion.pagecode: the text of the QR
    code printed on a page), as ``(registered game id, PageRequest)``: the request
    prints that page again (``request.game_id`` is the journal's game id the page
    was printed for: the app opens that game's journal), in ``lang`` and ``width``
    dots. Raises CompanionError for a text that is not a page code, UnknownGame for
    a game not registered here, DocumentError for a bad language or width."""
    from companion import registry
    from companion.pagecode import parse_page_code

    code = parse_page_code(text)
    if code is None:
        raise CompanionError("not a page code of Table Companion (its last line would start 'TC page')")
    spec = registry.get(code.game)
    return spec.id, PageRequest(code.what, press=code.press, player=code.seat, lang=lang, width=width,
                                game_id=code.label)
