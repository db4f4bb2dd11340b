"""Printing's own input documents: plain data, no engine objects.

The layout (printing.layout) draws these; printing.adapters builds them from the
Penny Press engine's results. Keeping them plain lets the layout be tested, and the
pages previewed, without a game in progress.

Conventions (docs/contracts.md): story ids ``<beat>-<shape><stars>``; shapes
A 1x2, B 1x3, C 2x2, D 2x3 (width x height in front-page cells); the front page
has 3 rows x 4 columns, row 0 at the top.
"""

from __future__ import annotations

import datetime as _dt
import re
import zlib
from dataclasses import dataclass

from companion.errors import CompanionError

BEATS = ("war", "crime", "city", "politics", "human")
SHAPES = {"A": (1, 2), "B": (1, 3), "C": (2, 2), "D": (2, 3)}
ROWS, COLS = 3, 4
LANGS = ("es", "en", "zh")
_STORY = re.compile(r"^(war|crime|city|politics|human)-([ABCD])([123])$")


class DocumentError(CompanionError):
    """A document that cannot be printed (unknown story, cell off the page, overlap)."""


@dataclass(frozen=True)
class PlacedStory:
    """A story on the front page.

    ``row``/``col``: top-left cell (row 0 = top, 0..2; col 0..3). ``rotated``: turned
    90 degrees, so the footprint is height x width instead of width x height.
    """

    story: str
    row: int
    col: int
    rotated: bool = False

    @property
    def beat(self) -> str:
        return parse_story(self.story)[0]

    @property
    def shape(self) -> str:
        return parse_story(self.story)[1]

    @property
    def stars(self) -> int:
        return parse_story(self.story)[2]

    @property
    def size(self) -> tuple[int, int]:
        """Footprint in cells as ``(columns, rows)`` after rotation."""
        w, h = SHAPES[self.shape]
        return (h, w) if self.rotated else (w, h)

    def cells(self) -> list[tuple[int, int]]:
        """The ``(row, col)`` cells it covers."""
        w, h = self.size
        return [(self.row + r, self.col + c) for r in range(h) for c in range(w)]


@dataclass(frozen=True)
class BreakdownLine:
    """One line of a press score: ``kind`` (placed, exclusive, left_out, empty_top,
    empty_cell, floor, scoop or an engine kind printed as is), the story id or ""
    and the points (signed)."""

    kind: str
    story: str
    points: int


@dataclass(frozen=True)
class FrontPageDoc:
    """One player's newspaper front page for one press (Penny Press: Go to Press).

    ``edition``: that player's paper number (1..4). ``press_no``: the press number in
    the game (1-based) used for the period date. ``ad``: ``(row, col)`` of the ad
    cell or None. ``total``: the press total in points (already floored at 0).
    """

    game_id: str
    player: str
    paper_name: str
    edition: int
    press_no: int
    placements: tuple[PlacedStory, ...]
    ad: tuple[int, int] | None
    breakdown: tuple[BreakdownLine, ...]
    total: int
    lang: str = "en"

    def __post_init__(self):
        check_lang(self.lang)
        taken: dict[tuple[int, int], str] = {}
        for p in self.placements:
            parse_story(p.story)
            for cell in p.cells():
                r, c = cell
                if not (0 <= r < ROWS and 0 <= c < COLS):
                    raise DocumentError(f"story {p.story} at row {p.row}, col {p.col} "
                                        f"leaves the {ROWS}x{COLS} front page")
                if cell in taken:
                    raise DocumentError(f"stories {taken[cell]} and {p.story} overlap at {cell}")
                taken[cell] = p.story
        if self.ad is not None:
            if not (0 <= self.ad[0] < ROWS and 0 <= self.ad[1] < COLS):
                raise DocumentError(f"ad cell {self.ad} is off the front page")
            if tuple(self.ad) in taken:
                raise DocumentError(f"ad cell {self.ad} is covered by {taken[tuple(self.ad)]}")
        if self.edition < 1 or self.press_no < 1:
            raise DocumentError("edition and press number start at 1")

    @property
    def date(self) -> _dt.date:
        return period_date(self.game_id, self.press_no)

    @property
    def record(self) -> str:
        """The game record printed as a QR code (see :func:`game_record`)."""
        return game_record(self.game_id, self.player, self.edition, self.total)


@dataclass(frozen=True)
class PressLine:
    """A press in the receipt: player, their edition number, the press total
    (points) and the scoop points it gave other players as ``(player, points)``
    (Penny Press: Go to Press, scoops)."""

    player: str
    edition: int
    points: int
    scoops: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class BonusLine:
    """End-game bonus of one beat: marker value and the players who score it
    (most published stars of the beat, ties all score; empty if nobody)."""

    beat: str
    value: int
    players: tuple[str, ...]


@dataclass(frozen=True)
class RankLine:
    """Final ranking: 1-based rank (equal ranks = shared), score, published stories."""

    rank: int
    player: str
    score: int
    stories: int


@dataclass(frozen=True)
class ReceiptDoc:
    """Score receipt: presses, and once the game is over, bonuses and the ranking.

    ``player`` is the player the receipt is for ("" = the whole table). ``names``:
    ``(colour, name)`` pairs from the setup, printed next to the colours. ``papers``:
    ``(colour, paper name)`` pairs from the setup (a player's own newspaper title);
    a colour without one prints as "The <colour> Herald".
    """

    game_id: str
    presses: tuple[PressLine, ...]
    bonuses: tuple[BonusLine, ...] = ()
    ranking: tuple[RankLine, ...] = ()
    player: str = ""
    lang: str = "en"
    day: int = 1
    names: tuple[tuple[str, str], ...] = ()
    papers: tuple[tuple[str, str], ...] = ()

    def __post_init__(self):
        check_lang(self.lang)
        for b in self.bonuses:
            if b.beat not in BEATS:
                raise DocumentError(f"unknown beat {b.beat!r} (one of {', '.join(BEATS)})")

    @property
    def date(self) -> _dt.date:
        return period_date(self.game_id, self.day)

    @property
    def record(self) -> str:
        top = self.ranking[0] if self.ranking else None
        return game_record(self.game_id, top.player if top else self.player or "-",
                           0, top.score if top else 0)


def data_file_names(files) -> str:
    """The editable data files a page's numbers come from, as a player reads them:
    the files' names without the package's folders, ``"values.json, pages.json"``
    (FACTS.md: the file is named; docs/rulings.md: no internal path on a page)."""
    names = []
    for f in files:
        name = re.split(r"[/\\]", str(f))[-1]
        if name and name not in names:
            names.append(name)
    return ", ".join(names)


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise DocumentError(f"unknown language {lang!r}; printing speaks {', '.join(LANGS)}")
    return lang


def parse_story(story: str) -> tuple[str, str, int]:
    """``"war-A1"`` -> ``("war", "A", 1)``. Raises :class:`DocumentError`."""
    m = _STORY.match(story or "")
    if not m:
        raise DocumentError(f"unknown story id {story!r} (expected <beat>-<shape><stars>, "
                            "e.g. war-A1)")
    return m.group(1), m.group(2), int(m.group(3))


def period_date(game_id: str, day: int) -> _dt.date:
    """An 1890s date for the paper, our invention: deterministic from the game.

    The game id picks a first day between 1890-01-01 and 1899-06-30 (crc32 of the
    id); press ``day`` (1-based) appears ``day - 1`` days later, so consecutive
    presses of a game get consecutive dates.
    """
    start = _dt.date(1890, 1, 1)
    span = (_dt.date(1899, 6, 30) - start).days
    return start + _dt.timedelta(days=zlib.crc32(game_id.encode("utf-8")) % span + max(day, 1) - 1)


def game_record(game_id: str, player: str, edition: int, score: int) -> str:
    """Short URL-like text of a game record, e.g. ``tcrec:pp/g42/red/e2/17``.

    Not a component tag (no ``TC1:`` prefix): the camera's tag parser treats a
    printed page lying on the table as foreign and ignores it.
    """
    def clean(s: str) -> str:
        return re.sub(r"[^0-9A-Za-z._-]", "_", str(s))[:32] or "-"

    return f"tcrec:pp/{clean(game_id)}/{clean(player)}/e{int(edition)}/{int(score)}"
