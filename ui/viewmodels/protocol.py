"""The session protocol: the plain data the Kivy app reads from ``ui.session``.

Kivy-free and numpy-optional. ``ui.session`` (the lead's) converts the engine's,
vision's and printing's objects into these dataclasses, so the screens never depend
on the internals of the other packages. ``docs/ui.md`` lists the same protocol with
the session's methods; ``tests/ui/fake_session.py`` implements it as a test double; ``ui.scripted`` runs the
real session on a seeded game (``companion app --fake``).

Units: image coordinates in px (x right, y down, origin top-left of the frame);
positions on the board in news-beat spaces (0..9); points are Penny Press points
(circulation). Colours are the catalog's player colours (``red`` ... ``black``);
beats are ``war crime city politics human`` (docs/contracts.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Protocol, Sequence

from companion.games.penny_press.corrections import Correction  # noqa: F401  Penny Press's corrections (its screens build them)

BEATS: tuple[str, ...] = ("war", "crime", "city", "politics", "human")
COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "black")
LANGS: tuple[str, ...] = ("es", "en", "zh")
LEVELS: tuple[str, ...] = ("info", "warning", "error")
#: Reasons a tag can be unreadable (vision's FrameReport); unknown reasons are shown
#: as given.
UNREADABLE_REASONS: tuple[str, ...] = (
    "too_small", "blurred", "glare", "covered", "unreadable", "garbled", "foreign", "unknown_id",
    "unknown_marker", "too_long", "other_game", "unknown",
)


@dataclass(frozen=True)
class Symbol:
    """One tag found in a frame.

    component: catalog id (``"war-A1"``, ``"red3"``) or None when not decoded.
    corners_px: 3+ (x, y) points in frame pixels, in the decoder's order.
    status: ``"ok"`` or ``"unreadable"``.
    reason: for unreadable tags one of UNREADABLE_REASONS (or vision's own word,
    spaces turned to underscores). module_px: px per QR module when known.
    """

    component: str | None
    corners_px: tuple[tuple[float, float], ...]
    status: str = "ok"
    reason: str | None = None
    module_px: float | None = None


def symbol_from(obj: Any) -> Symbol:
    """Read one of vision's objects (or a dict) into a Symbol.

    - ``vision.pipeline.SymbolReport``: corners from ``.symbol.corners_px``; status
      ``ok`` stays ok, ``fiducial`` is ok (labelled with its component or
      "fiducial"), any other status (``foreign``, ``garbled``, ``unknown id`` ...)
      becomes unreadable with that reason.
    - ``vision.decode.Candidate``: unreadable, reason from ``.reason`` (``too small``,
      ``blurred``, ``glare``, ``covered``, ``unreadable``), px per module kept.
    - anything with ``component``, ``corners_px`` or ``corners``, ``status``,
      ``reason`` (attributes or dict keys).
    Raises ValueError when there are not at least 3 corners.
    """
    if isinstance(obj, Symbol):
        return obj
    get = obj.get if isinstance(obj, dict) else (lambda k, d=None: getattr(obj, k, d))
    inner = get("symbol")
    comp = get("component")
    corners = get("corners_px")
    if corners is None:
        corners = get("corners")
    if corners is None and inner is not None:
        corners = getattr(inner, "corners_px", None)
    pts = tuple((float(p[0]), float(p[1])) for p in (corners if corners is not None else ()))
    if len(pts) < 3:
        raise ValueError(f"a symbol needs at least 3 corners in px, got {len(pts)}")
    status = get("status")
    reason = get("reason")
    module = get("px_per_module")
    if status is None:
        status = "ok" if comp else "unreadable"
    if status == "fiducial":
        status, comp = "ok", comp or "fiducial"
    elif status != "ok":
        reason = reason or status
        status = "unreadable"
    if reason is not None:
        reason = str(reason).strip().replace(" ", "_")
    return Symbol(comp if status == "ok" else None, pts, status, reason,
                  float(module) if module is not None else None)


def symbols_of(report: Any) -> tuple[Any, ...]:
    """Everything to outline from a vision FrameReport: its decoded ``symbols`` and
    its undecoded ``candidates`` (each with a reason). Use as ``Update.symbols``."""
    return tuple(getattr(report, "symbols", ()) or ()) + tuple(getattr(report, "candidates", ()) or ())


@dataclass(frozen=True)
class Message:
    """An observer report: ``text`` already in the session's language, ``level``
    one of LEVELS, ``rule`` the rule it is about (e.g. "Penny Press: Go to Press"),
    ``key``/``params`` the report's key and values (the app re-words it in another
    language after a switch: ``ui.i18n.report_text``)."""

    text: str
    level: str = "info"
    rule: str = ""
    key: str = ""
    params: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class Update:
    """What ``session.subscribe`` callbacks receive (from any thread).

    frame: BGR image (numpy uint8, H x W x 3) or None when only the state changed.
    symbols: the frame's tags (Symbol or any object symbol_from accepts).
    snapshot: companion.table.TableSnapshot or None.
    messages: new observer reports since the previous update.
    state_changed: True when the game state changed (the app re-reads ``table()``).
    """

    frame: Any = None
    symbols: tuple[Any, ...] = ()
    snapshot: Any = None
    messages: tuple[Message, ...] = ()
    state_changed: bool = False


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
class CorrectionView:
    """An active correction (``session.corrections()``): ``id`` to remove it,
    the ``correction`` itself, ``disputed`` True when the table moved on without
    it (the camera's reading explained a move it did not), ``takes_back``: texts
    (session language) of the moves removing it also takes back."""

    id: int
    correction: Correction
    disputed: bool = False
    takes_back: tuple[str, ...] = ()


@dataclass(frozen=True)
class UndoStep:
    """What ``session.undo()`` would do now (``session.undo_preview()``): kind
    ``correction`` (remove ``correction``; ``id`` its id) or ``action`` (take back
    the move ``text``, in the session language, of ``colour``). ``also``: further
    moves taken back with it."""

    kind: str
    text: str = ""
    colour: str | None = None
    correction: Correction | None = None
    id: int | None = None
    also: tuple[str, ...] = ()


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
class JobStatus:
    """A print job: state ``queued|printing|printed|failed``; ``preview`` the PNG path
    of the rendered page (always written); ``message`` in the session's language."""

    job_id: str
    state: str
    preview: str | None = None
    message: str = ""


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


@dataclass(frozen=True)
class PlayerSetup:
    """A player chosen on the start screen."""

    colour: str
    name: str
    paper: str = ""


@dataclass(frozen=True)
class PrinterSettings:
    """Printer choice: kind ``preview`` (PNG only), ``usb``, ``network``, ``file``;
    target (host:port, device path or file); python-escpos ``profile``; ``width``
    in dots (384 for 58 mm paper, 576 for 80 mm); ``darkness`` a step of the one
    darkness scale (docs/printing.md: -6 lightest .. +6 darkest; light -3, normal 0,
    dark +3) or None for the printer's own setting (nothing sent); ``cut`` True to
    cut (or feed, on profiles without a cutter)."""

    kind: str = "preview"
    target: str = ""
    profile: str = ""  # "" = the saved printer config's (POS-5890 / TM-T20II by default)
    width: int = 384
    darkness: int | None = None
    cut: bool = True


@dataclass(frozen=True)
class SessionConfig:
    """Everything the start screen chose; given to the session factory.

    camera: camera index (int) or None. recording: video or image-folder path or None
    (one of the two is set). resume: journal file of an unfinished game, or None.
    journal_dir: where new journals go. min_module_px: tag size check threshold.
    first_player: seat index (into ``players``) of the player who starts (Penny
    Press: setup); the session passes it to the engine's setup. camera_settings:
    the mode the camera is asked for (size, pixel format, fps; ``companion app
    --size/--fourcc``), None = the reference 4K MJPG 30 fps. game_options: a hosted
    game's own setup choices (ui.hosting "setup options").
    """

    game: str = ""  # the registry id; "" = the registry's default game
    players: tuple[PlayerSetup, ...] = ()
    lang: str = "en"
    camera: int | None = 0
    recording: str | None = None
    printer: PrinterSettings = field(default_factory=PrinterSettings)
    resume: str | None = None
    journal_dir: str | None = None
    min_module_px: float = 3.5
    variant_strike: bool = False
    first_player: int = 0
    camera_settings: Any = None  # vision.sources.CameraSettings; None = the session's default
    #: a hosted game's setup options chosen on the start screen ((key, value) pairs;
    #: its screens module's ``setup_options``, read by its ``new_setup``)
    game_options: tuple[tuple[str, Any], ...] = ()


class Session(Protocol):
    """The object ``ui.session.create_session(config)`` returns. See docs/ui.md."""

    lang: str
    players: Sequence[PlayerSetup]
    state: Any

    def start(self) -> None: ...
    def stop(self) -> None: ...
    def subscribe(self, callback: Callable[[Update], None]) -> None: ...
    def table(self) -> TableView | None: ...
    def adjustments(self) -> Sequence[Adjustment]: ...
    def correct(self, correction: Correction) -> None: ...
    def undo(self) -> bool: ...
    def undo_preview(self) -> UndoStep | None: ...
    def corrections(self) -> Sequence[CorrectionView]: ...
    def remove_correction(self, ident: int) -> None: ...
    def can_decline(self, colour: str) -> bool: ...
    def decline_press(self, colour: str) -> None: ...
    def press_preview(self, colour: str) -> PressPreview: ...
    def print_press(self, n: int, colour: str) -> JobStatus: ...
    def print_final(self) -> JobStatus: ...
    def score_history(self) -> Sequence[ScorePoint]: ...
    def final_ranking(self) -> Sequence[FinalRow] | None: ...
    def export_json(self, path: str | Path) -> Path: ...
    def bgstats_link(self) -> str: ...
