"""The session protocol: the plain data the Kivy app reads from ``ui.session``.

Kivy-free and numpy-optional. ``ui.session`` (the lead's) converts the engine's,
vision's and printing's objects into these dataclasses, so the screens never depend
on the internals of the other packages. ``docs/ui.md`` lists the same protocol with
the session's methods; ``tests/ui/fake_session.py`` implements it as a test double; the default game's ``scripted``
module runs the real session on a seeded game (``companion app --fake``).

These are the parts every game shares (tags seen, messages, updates, corrections
and undo, print jobs, the start screen's choices); a game's own view data lives with
its screens (ui/games/<folder>/, e.g. its ``protocol`` module).

Units: image coordinates in px (x right, y down, origin top-left of the frame).
Colours are the catalog's player colours (``red`` ... ``black``; docs/contracts.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Protocol, Sequence

COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "black", "white")
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
    one of LEVELS, ``rule`` the rule it is about (the game's name and section),
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
class CorrectionView:
    """An active correction (``session.corrections()``): ``id`` to remove it,
    the ``correction`` itself, ``disputed`` True when the table moved on without
    it (the camera's reading explained a move it did not), ``takes_back``: texts
    (session language) of the moves removing it also takes back."""

    id: int
    correction: Any  # the game's correction record (GameSpec.corrections)
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
    correction: Any = None  # the game's correction record
    id: int | None = None
    also: tuple[str, ...] = ()





@dataclass(frozen=True)
class JobStatus:
    """A print job: state ``queued|printing|printed|failed``, or ``saved`` (no printer
    chosen: the page saved as a picture only); ``preview`` the PNG path
    of the rendered page (always written); ``message`` in the session's language."""

    job_id: str
    state: str
    preview: str | None = None
    message: str = ""




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

    def variants(self) -> dict:
        """The variants chosen on the start screen as the game's setup names them
        (the start screen's ``strike`` toggle: ``{"strike": True}``); {} for none."""
        return {"strike": True} if self.variant_strike else {}


class Session(Protocol):
    """The camera session the app runs for a game (``ui.session.create_session(config)``;
    ``ui.hosting.GameHost.camera``): the parts every game shares. A game's own
    screens may ask more of it (its views: ``session.views``). See docs/ui.md."""

    lang: str
    players: Sequence[PlayerSetup]
    state: Any

    def start(self) -> None: ...
    def stop(self) -> None: ...
    def subscribe(self, callback: Callable[[Update], None]) -> None: ...
    def correct(self, correction: Any) -> None: ...
    def undo(self) -> bool: ...
    def undo_preview(self) -> UndoStep | None: ...
    def corrections(self) -> Sequence[CorrectionView]: ...
    def remove_correction(self, ident: int) -> None: ...
    def print_final(self) -> JobStatus: ...
    def export_json(self, path: str | Path) -> Path: ...
