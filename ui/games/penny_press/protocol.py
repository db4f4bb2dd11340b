"""Penny Press's view data: the plain data its screens read from the session
(Kivy-free; the general parts are ui.viewmodels.protocol's).

Units: positions on the board in news-beat spaces (0..9); points are circulation.
Beats are ``war crime city politics human`` (docs/contracts.md). The session's
methods that return these (``table()``, ``press_preview(colour)`` ...) are listed
in :class:`TableSession` (docs/ui.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from companion.games.penny_press.corrections import Correction  # noqa: F401  its screens build them
from ui.viewmodels.protocol import (COLOURS, CorrectionView, JobStatus, Message, PlayerSetup,  # noqa: F401
                                   PrinterSettings, Session, SessionConfig, Symbol, UndoStep, Update,
                                   symbol_from, symbols_of)

BEATS: tuple[str, ...] = ("war", "crime", "city", "politics", "human")


@dataclass(frozen=True)
class StoryView:
    """A story in a beat column: id and reporters on it as (colour, count) pairs."""

    story: str
    reporters: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class BeatView:
    """One news-beat column (Penny Press: news-beat adjustment).

    arrow: arrow marker position 0..9 (spaces taken + stories with reporters, cap 9).
    news_value, scoop_value: the values the arrow position gives.
    bonus: bonus-track marker position (starts at 2, up to 20).
    stories: the stories in the column, top to bottom (the engine's board order
    reversed: the engine lists them bottom first).
    """

    beat: str
    arrow: int
    news_value: int
    scoop_value: int
    bonus: int = 2
    stories: tuple[StoryView, ...] = ()


@dataclass(frozen=True)
class PlayerView:
    """A player: colour, name, paper name, reporters at home, circulation (points),
    published stories (ids), papers printed so far (presses of this player)."""

    colour: str
    name: str
    paper: str = ""
    reporters_home: int = 5
    circulation: int = 0
    published: tuple[str, ...] = ()
    papers: int = 0


@dataclass(frozen=True)
class TableView:
    """The state the live table shows (from the engine's GameState).

    turn: colour of the player to act. edition: papers printed so far (presses).
    final: True during the final edition. last_action: text in the session's
    language ("" before the first action). finished: the game is over.
    """

    beats: tuple[BeatView, ...]
    players: tuple[PlayerView, ...]
    turn: str | None
    edition: int = 0
    final: bool = False
    last_action: str = ""
    finished: bool = False


@dataclass(frozen=True)
class Adjustment:
    """One change to make on the physical board after a turn. Same fields as the
    engine's ``companion.games.penny_press.Adjustment`` (``board_adjustments``), so
    the session may hand those over unchanged.

    kind: ``"arrow"`` (beat's arrow marker to ``value`` 0..9), ``"bonus"`` (beat's
    bonus marker to ``value``), ``"place"`` / ``"remove"`` (``stories`` into / out of
    ``beat``'s column), ``"to_pile"`` (``stories`` back on their piles), ``"ad"``
    (player index ``player`` puts an ad at ``cell`` (row, col)), ``"remove_ad"``,
    ``"flip_arrows"`` (final edition begins), ``"newsboy"`` (to ``player``; None:
    put aside).

    Also accepted (the first protocol draft, kept so older callers work): ``story``
    (one story, same as ``stories=(story,)``) and, for ``"ad"``, ``colour`` with
    ``value`` = row * 4 + col instead of ``player`` and ``cell``.
    """

    kind: str
    beat: str | None = None
    value: int | None = None
    stories: tuple[str, ...] = ()
    player: int | None = None
    cell: tuple[int, int] | None = None
    story: str | None = None
    colour: str | None = None


@dataclass(frozen=True)
class Placement:
    """An item on a front page: ``item`` a story id or ``"ad"``; ``row``, ``col`` its
    top-left cell (row 0 = top, 0..2; col 0..3); ``width``, ``height`` in cells."""

    item: str
    row: int
    col: int
    width: int
    height: int


@dataclass(frozen=True)
class FrontPageView:
    """A front page (3 rows x 4 columns), its press score and the parts of it.

    placements: what lies where. score: press total (floored at 0). left_out: claimed
    stories that did not fit. exclusive: the doubled story or None. legal: False when
    the placement breaks the top-beat rule (then ``problem`` says why). lines: the
    score breakdown as (kind, story or None, points): ``placed``, ``exclusive``,
    ``left-out``, ``empty-top``, ``empty-other``, ``floor`` (engine's
    score_front_page).
    """

    placements: tuple[Placement, ...]
    score: int
    left_out: tuple[str, ...] = ()
    exclusive: str | None = None
    legal: bool = True
    problem: str = ""
    lines: tuple[tuple[str, str | None, int], ...] = ()


@dataclass(frozen=True)
class PressPreview:
    """What ``session.press_preview(colour)`` returns (Penny Press: Go to Press).

    claimed: stories the player claims (ties count). scoop: points other players
    score, as (colour, points). suggested: the solver's best front page.
    player_page: the page seen on the player's mat, or None if not seen yet.
    """

    colour: str
    claimed: tuple[str, ...]
    scoop: tuple[tuple[str, int], ...]
    suggested: FrontPageView
    player_page: FrontPageView | None = None


@dataclass(frozen=True)
class ScorePoint:
    """Circulation of every player after one event: ``label`` (e.g. "T3", "P1"),
    ``scores`` as (colour, points)."""

    label: str
    scores: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class FinalRow:
    """A line of the final ranking: place (1 = best, shared on ties), circulation
    before bonuses, bonuses as (beat, points), total, published stories count."""

    place: int
    colour: str
    name: str
    circulation: int
    bonuses: tuple[tuple[str, int], ...]
    total: int
    published: int = 0
    winner: bool = False


class TableSession(Session):
    """The session as Penny Press's screens use it: the general session and the
    game's views (ui.games.penny_press.views.TableViews) it hands on."""

    def table(self) -> TableView | None: ...
    def adjustments(self) -> Sequence[Adjustment]: ...
    def can_decline(self, colour: str) -> bool: ...
    def decline_press(self, colour: str) -> None: ...
    def press_preview(self, colour: str) -> PressPreview: ...
    def print_press(self, n: int, colour: str) -> JobStatus: ...
    def score_history(self) -> Sequence[ScorePoint]: ...
    def final_ranking(self) -> Sequence[FinalRow] | None: ...
    def bgstats_link(self) -> str: ...
    def export_json(self, path: str | Path) -> Path: ...

