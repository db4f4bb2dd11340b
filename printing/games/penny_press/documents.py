"""Penny Press's page documents: plain data, no engine objects, and the two
functions that copy the engine's results into them.

The layout (layout.py beside this) draws these; :func:`front_page_doc` and
:func:`receipt_doc` build them from the engine (companion.games.penny_press), thin
on purpose: the engine owns the rules and the numbers, so a change in the engine's
score shows on paper unchanged. Keeping the documents plain lets the layout be
tested, and the pages previewed, without a game in progress.

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
from companion.naming import given_name

from printing import i18n
from printing.pages import DocumentError, check_lang

BEATS = ("war", "crime", "city", "politics", "human")
SHAPES = {"A": (1, 2), "B": (1, 3), "C": (2, 2), "D": (2, 3)}
ROWS, COLS = 3, 4
_STORY = re.compile(r"^(war|crime|city|politics|human)-([ABCD])([123])$")


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
    and the points (signed). ``count``: how many cells an empty-cell line is for
    (its points over the penalty per cell; printed "3 empty cells"), 0 when not
    counted."""

    kind: str
    story: str
    points: int
    count: int = 0


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
        """The text of the page's QR code (companion.pagecode): the paper's name, then
        its edition, date and the press's score, in the page's language, then the
        line that prints this page again (press ``press_no`` of the game)."""
        from companion.pagecode import page_code

        return page_code([self.paper_name,
                          f"{i18n.label('edition', self.lang, n=self.edition)} · {code_date(self.date, self.lang)} · "
                          f"{i18n.label('points', self.lang, pts=self.total)}"],
                         _game(), self.game_id, "press", self.press_no)


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

    ``player`` is the player the receipt is for ("" = the whole table), ``seat``
    their seat (0-based; None for the table), named by the receipt's code. ``names``:
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
    seat: int | None = None

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
        """The text of the receipt's QR code (companion.pagecode): its title and
        date, the paper it is for, the winner(s) and score once the game is over, in
        the receipt's language, then the line that prints it again (the final
        receipt, of ``seat`` when it is one player's)."""
        from companion.pagecode import page_code

        names = dict(self.names)

        def shown(colour: str) -> str:
            name = names.get(colour, "")
            return f"{i18n.player_name(colour, self.lang)} ({name})" if name else i18n.player_name(colour, self.lang)

        lines = [f'{i18n.label("final_receipt" if self.ranking else "receipt", self.lang)} · '
                 f'{code_date(self.date, self.lang)}']
        if self.player:
            lines.append(dict(self.papers).get(self.player) or i18n.paper_name(self.player, self.lang))
        top = [r for r in self.ranking if r.rank == 1]
        if top:
            lines.append("1. " + ", ".join(shown(r.player) for r in top) + ": "
                         + i18n.label("points", self.lang, pts=top[0].score))
        return page_code(lines, _game(), self.game_id, "final", seat=self.seat)


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


def code_date(date: _dt.date, lang: str) -> str:
    """A page's date as its code says it: CLDR's medium date in ``lang`` (Babel),
    ``"Mar 3, 1891"``, ``"3 mar 1891"``, ``"1891年3月3日"``."""
    from babel.dates import format_date

    return format_date(date, format="medium", locale={"zh": "zh_Hans_CN"}.get(lang, lang))


def _game() -> str:
    from companion.games.penny_press import GAME

    return GAME.id


# --- engine results -> documents ---------------------------------------------

def _colour(state, index: int) -> str:
    return state.players[index].colour


def front_page_doc(state, press_result, lang: str = "en", game_id: str = "game") -> FrontPageDoc:
    """The front page of ``press_result`` (a PressResult of ``state``).

    ``state``: a Penny Press GameState holding that press in ``press_results`` (its
    position gives the period date). Masthead: the player's paper name from the setup,
    else "The <colour> Herald" in ``lang``. Raises CompanionError if the press is not
    part of the state, DocumentError for a page that cannot be drawn.
    """
    check_lang(lang)
    try:
        press_no = list(state.press_results).index(press_result) + 1
    except ValueError:
        raise CompanionError("this press is not part of the game state given") from None
    spec = state.players[press_result.player]
    fp = press_result.front_page
    cat = getattr(state, "catalog", None)
    if cat is None:  # a state without its catalog: the data files as they are
        from companion.games.penny_press import load_catalog

        cat = load_catalog()
    per_cell = {"empty-top": cat.empty_top_penalty, "empty-other": cat.empty_other_penalty}

    def cells(kind: str, pts: int) -> int:  # Penny Press: each empty cell costs its penalty
        pen = per_cell.get(kind, 0)
        return abs(int(pts)) // pen if pen else 0
    return FrontPageDoc(
        game_id=game_id,
        player=spec.colour,
        paper_name=i18n.given_paper(spec.paper, lang) or i18n.paper_name(spec.colour, lang),
        edition=press_result.edition,
        press_no=press_no,
        placements=tuple(PlacedStory(p.story, p.row, p.col, bool(p.rotated))
                         for p in fp.placements),
        ad=tuple(fp.ad_cell) if fp.ad_cell is not None else None,
        breakdown=tuple(BreakdownLine(str(k), s or "", int(pts), cells(str(k), pts))
                        for k, s, pts in press_result.breakdown),
        total=int(press_result.total),
        lang=lang,
    )


def receipt_doc(state, lang: str = "en", game_id: str = "game",
                player: int | None = None) -> ReceiptDoc:
    """Score receipt of ``state``: every press with the scoops it paid (or, for
    ``player``, a seat index, the presses they made or got a scoop from), and once
    the game is over the bonuses per beat and the final ranking (rank,
    final score, published stories: Penny Press, End of the game)."""
    check_lang(lang)
    presses = tuple(
        PressLine(_colour(state, r.player), r.edition, int(r.total),
                  tuple((_colour(state, q), int(pts)) for q, pts in sorted(r.scoop_awards.items())
                        if pts and (player is None or q == player)))
        for r in state.press_results
        if player is None or r.player == player or r.scoop_awards.get(player, 0))
    bonuses: tuple[BonusLine, ...] = ()
    ranking: tuple[RankLine, ...] = ()
    final = state.final
    if final is not None:
        bonuses = tuple(BonusLine(b.beat, int(b.marker),
                                  tuple(_colour(state, w) for w in b.winners))
                        for b in final.bonuses)
        order = sorted(range(len(state.players)), key=lambda i: (final.rank[i], i))
        ranking = tuple(RankLine(int(final.rank[i]), _colour(state, i), int(final.scores[i]),
                                 int(final.stories[i])) for i in order)
    return ReceiptDoc(game_id=game_id, presses=presses, bonuses=bonuses, ranking=ranking,
                      player=_colour(state, player) if player is not None else "", seat=player,
                      lang=lang, day=len(state.press_results) + 1,
                      names=tuple((s.colour, given_name(s.name)) for s in state.players
                                  if given_name(s.name)),
                      papers=tuple((s.colour, i18n.given_paper(s.paper, lang)) for s in state.players if s.paper))
