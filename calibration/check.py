"""``companion calibrate table``: is this camera view good enough to play?

Checks a recorded view (frames): every corner fiducial of the board (and of the
mats in view, or the mats asked for) found; every zone of a registered surface
inside the frame; the px per module of each tag kind (predicted from the
registration at the worst zone where that kind of piece lies, and measured on the
QR and ArUco tags in view, decoded with zxing-cpp / cv2.aruco); the tag size
printed (read from the tags in view unless given); the light. Ends in a plain
verdict with what to change.

The px/module limit of the verdict is measured recall of the game's own pipeline
on a still table (docs/benchmarks-multiframe.md, ``benchmarks/vision/multiframe.py``:
100 % of tags at 2.5-3 px per module, 89 % at 2-2.5): the smallest band edge from
which every measured band reads at least ``RECALL_GOAL``. Every tag kind at or
above it: "ready, with margin X" (X = the smallest px per module / the limit);
below it: not ready, with what to change.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from companion import registry
from companion.clitext import colour, current, number, tx, txn
from companion.errors import CompanionError

from . import game_tags
from .camera import CameraModel
from .fiducials import detect_fiducials
from .picture import picture_dark, reads_mirrored
from .layouts import ARUCO_CELLS, QR_V1_MODULES, SIZES
from .register import Registration, register_surface

#: Measured recall per band of px per module: (low, high) -> (one frame, the pipeline
#: on a still table). docs/benchmarks-multiframe.md, 1080p table: "today's floor (no
#: re-read)" and "pipeline with re-read" (120 tags, 8 still scenes x 8 frames at 2
#: frames/s, ``python -m benchmarks.vision.multiframe --scenes 8 --frames 8``).
#: Update both together (tests/calibration/test_cal_check.py compares them).
DECODE_RECALL: dict[tuple[float, float], tuple[float, float]] = {
    (2.0, 2.5): (0.856, 0.893),
    (2.5, 3.0): (1.000, 1.000),
    (3.0, 4.0): (1.000, 1.000),
}
#: Share of tags the pipeline must read for the table to be ready (the vision goal).
RECALL_GOAL = 0.90


def _limit(column: int = 1) -> float:
    """The lowest band edge from which every measured band reaches RECALL_GOAL in
    ``column`` (0: one frame, 1: the pipeline on a still table); px per module."""
    limit = None
    for (lo, _), rec in sorted(DECODE_RECALL.items(), reverse=True):
        if rec[column] < RECALL_GOAL:
            break
        limit = lo
    if limit is None:
        raise CompanionError("DECODE_RECALL: no measured band reaches the recall goal")
    return limit


#: Minimum px per QR module / ArUco cell: the smallest measured size from which the
#: pipeline reads RECALL_GOAL of a still table's tags (2.5 with the table above).
MIN_PX_PER_MODULE = _limit(1)

#: Measured per game and tag kind (benchmarks/check_recall.py, docs/calibration.md "How
#: the check's limits were measured"): the bundled recordings' views, the px per module
#: the check predicts (and measures) there, and the share the game's pipeline read.
RECALL_FILE = Path(__file__).with_name("recall.json")
#: Fewest sightings of a kind for its measured view to set that kind's limit.
MIN_SIGHTINGS = 20
_measured_views: dict | None = None


def measured_view(game: str, kind: str) -> dict | None:
    """The measured view of ``kind`` (a kind word) in ``game`` (RECALL_FILE): a dict
    with ``recording``, ``predicted_px``, ``measured_px`` (px per module), ``read``,
    ``sightings``, ``still_frames``; None when none was measured or the file is missing."""
    global _measured_views
    if _measured_views is None:
        import json

        try:
            _measured_views = json.loads(RECALL_FILE.read_text(encoding="utf-8")).get("games", {})
        except (OSError, ValueError):
            _measured_views = {}
    return _measured_views.get(game, {}).get(kind)


def _view_limit(view: dict | None) -> float | None:
    """A measured view's px per module limit (see :func:`kind_limit`), or None when it
    does not set one (too few sightings, recall below RECALL_GOAL, nothing measured)."""
    if not view or view.get("sightings", 0) < MIN_SIGHTINGS or view["read"] < RECALL_GOAL * view["sightings"]:
        return None
    px = [v for v in (view.get("predicted_px"), view.get("measured_px")) if v is not None]
    return float(np.floor(min(px) * 100) / 100) if px else None


def kind_limit(game: str, kind: str, same_tag: tuple[str, ...] = ()) -> tuple[float, dict | None]:
    """``(px per module, measured view or None)``: from how many px per module ``kind``
    tags (a kind word) of ``game`` count as readable. The smallest px per module
    predicted or measured on a measured view (:func:`measured_view`) where the game's
    pipeline read at least RECALL_GOAL of at least MIN_SIGHTINGS such tags, cut to
    0.01 px, when below MIN_PX_PER_MODULE; a kind never measured takes the lowest such
    limit of the kinds in ``same_tag`` (kinds printed with the very same tag: symbol,
    module and quiet zone in mm); otherwise MIN_PX_PER_MODULE (the general bands,
    DECODE_RECALL)."""
    own = _view_limit(measured_view(game, kind))
    if own is not None:
        return min(MIN_PX_PER_MODULE, own), measured_view(game, kind)
    best: tuple[float, dict | None] = (MIN_PX_PER_MODULE, None)
    for other in same_tag:
        lim = _view_limit(measured_view(game, other))
        if lim is not None and lim < best[0]:
            best = (lim, measured_view(game, other))
    return best


def _band_recall(px: float) -> tuple[tuple[float, float], tuple[float, float]] | None:
    for band, rec in DECODE_RECALL.items():
        if band[0] <= px < band[1]:
            return band, rec
    return None
IMAGE_EXT = {".png", ".jpg", ".jpeg", ".bmp", ".webp", ".tif", ".tiff"}
VIDEO_EXT = {".mp4", ".avi", ".mkv", ".mov", ".webm", ".m4v"}
@dataclass(frozen=True)
class _GameTags:
    """What the check needs of a registered game: its layouts, its payload parser,
    the kind word and tag spec of a component, and where each kind of piece lies."""

    game: str
    layouts: tuple
    parse: object
    kind_word: object
    spec: object
    #: surface kind -> kind word -> zone-name prefixes ("" = anywhere on the surface)
    kind_zones: dict
    #: language -> kind word -> that word in the language (components.json ``check.words``)
    words: dict = field(default_factory=dict)
    #: what the game calls a player's surface (components.json ``surface_word``: mat, area)
    surface_word: str = "area"

    def say(self, word: str) -> str:
        """A kind word (``"headline card"``) in the command line's language."""
        return self.words.get(current(), {}).get(word, word)

    def surface(self, surface: str) -> str:
        """A surface for people, in the command line's language: ``"board"`` ->
        the board, ``"mat-red"`` -> the red mat (the game's word for it)."""
        if surface == "board" or "-" not in surface:
            return tx("check.board", "board")
        c = colour(surface.split("-", 1)[1])
        if self.surface_word == "mat":
            return tx("check.mat", "{colour} mat", colour=c)
        return tx("check.area", "{colour} player area", colour=c)


def _game_tags(game: str) -> _GameTags:
    """The check's view of ``game`` (a registry id), from its tags module and its
    components.json (``check``: the word each kind is reported by and the zones where
    such pieces lie; by default every QR kind, anywhere). Raises UnknownGame, and
    CompanionError (one line) for a game without table layouts or a tag module."""
    spec = registry.get(game)
    mod = game_tags.tags_module(spec.id)
    if mod is None or not spec.layouts:
        raise CompanionError(tx("check.no_layout", "{game} has no table layout or tags to check a view against yet",
                                game=spec.name(current())))
    try:
        layouts = game_tags.layouts(spec.id)
        comps = game_tags.load_components(spec.id)
    except CompanionError as exc:
        raise CompanionError(tx("check.cannot_check", "{game}: cannot check a view of its table ({why})",
                                game=spec.name(current()), why=exc)) from None
    words = comps.get("check", {}).get("kinds", {})

    def kind_word(c: str) -> str:
        name = mod.KIND_NAMES[mod.kind_of(c)]
        return words.get(name, name)

    zones = comps.get("check", {}).get("zones")
    if zones:
        zones = {where: {w: tuple(prefixes) for w, prefixes in by_word.items()} for where, by_word in zones.items()}
    else:
        qr = tuple(k for k, v in comps["pieces"].items() if v.get("symbol") == "qr")
        zones = {"board": {k: ("",) for k in qr}, "mat": {k: ("",) for k in qr}}
    examples: dict[str, str] = {}   # word -> its first component, for its tag size
    for c in mod.catalog_ids():
        examples.setdefault(kind_word(c), c)
    return _GameTags(spec.id, layouts, mod.parse_payload, kind_word,
                     lambda c, size: game_tags.tag_spec(spec.id, examples.get(c, c), size), zones,
                     comps.get("check", {}).get("words", {}), comps.get("surface_word", "area"))


def parse_any(text):
    """Parse a tag payload of any registered game: ``(game id or None, TagParse)``.
    A payload of another registered game is read with that game's parser (not
    reported as "other game"); one of no game is read as the default
    game's (its reason). Never raises."""
    first = registry.default()
    p = _parser(first)(text)
    if p.reason == "other game" and p.game:
        spec = registry.by_tag_code(p.game)
        if spec is not None and spec.tags:
            try:
                return spec.id, _parser(spec)(text)
            except CompanionError:
                return spec.id, p
    return (first.id if p.ok else None), p


def game_in_view(frames: list[np.ndarray]) -> tuple[str | None, int]:
    """The registered game whose tags are in view: the QR tags of the first three
    frames (zxing-cpp) read with every game's parser (:func:`parse_any`), each tag
    counted once; only games with table layouts count. Returns ``(game id with most
    tags, its tags)``, or ``(None, 0)`` when no tag of such a game is in view. Never raises for a foreign code."""
    import zxingcpp

    texts: set[str] = set()
    for f in frames[:3]:
        texts |= {r.text for r in zxingcpp.read_barcodes(f, formats=zxingcpp.BarcodeFormat.QRCode)}
    votes: dict[str, int] = {}
    for text in texts:
        game, p = parse_any(text)
        if game and p.ok and registry.get(game).layouts:   # a game with a table to check against
            votes[game] = votes.get(game, 0) + 1
    if not votes:
        return None, 0
    best = max(votes, key=lambda g: (votes[g], g == registry.default().id))
    return best, votes[best]


def _parser(spec):
    return registry.load_attr(spec.tags + ":parse_payload")


#: fiducial corner names of the layouts (calibration.layouts) as people say them
def _corner(name: str) -> str:
    words = {"top-left": tx("check.corner.top_left", "top-left"),
             "top-right": tx("check.corner.top_right", "top-right"),
             "bottom-right": tx("check.corner.bottom_right", "bottom-right"),
             "bottom-left": tx("check.corner.bottom_left", "bottom-left")}
    return words.get(name, name)


def _reason(reason: str | None) -> str:
    """Why a QR code is not one of the game's tags (companion.tags.REASONS), in words."""
    words = {"foreign": tx("check.reason.foreign", "not a tag of ours"),
             "garbled": tx("check.reason.garbled", "garbled"),
             "unsupported version": tx("check.reason.version", "a newer tag version"),
             "too long": tx("check.reason.too_long", "too long for a tag"),
             "other game": tx("check.reason.other_game", "another game's tag"),
             "unknown id": tx("check.reason.unknown_id", "a piece this game does not have")}
    return words.get(reason or "", reason or "")


#: How live camera frames are read, set by the vision package when its commands are
#: registered (vision.sources: the camera asked for its mode, read through the
#: latest-frame reader): ``reader(index, count, mode) -> (bgr_frames, granted_text)``
#: with ``mode`` a dict of ``size`` ("WxH"), ``fourcc``, ``fps`` (None = the
#: reference setup). calibration itself never imports vision.
camera_reader = None
#: what the last live camera check ran at (e.g. "3840x2160 MJPG 30 fps"), for the report
last_camera_mode = ""


def _camera_frames(index: int, max_frames: int, mode: dict | None = None) -> list[np.ndarray]:
    """A few grey frames from live camera ``index`` (after letting exposure settle),
    in ``mode`` (see :data:`camera_reader`)."""
    import cv2

    global last_camera_mode
    if camera_reader is not None:
        frames, last_camera_mode = camera_reader(index, max_frames, mode or {})
        return [cv2.cvtColor(f, cv2.COLOR_BGR2GRAY) for f in frames]
    cap = cv2.VideoCapture(index)
    try:
        if not cap.isOpened():
            raise CompanionError(tx("check.camera_closed", "camera {index} could not be opened: is it connected, "
                                    "and is the index right?", index=index))
        frames = []
        for i in range(10 + max_frames):
            ok, frame = cap.read()
            if ok and frame is not None and i >= 10:  # the first frames are often dark
                frames.append(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY))
        if not frames:
            raise CompanionError(tx("check.camera_no_frame", "camera {index} gave no picture: is it connected, "
                                    "and is the index right?", index=index))
        return frames
    finally:
        cap.release()


def image_file_warning(path: str) -> str | None:
    """Why the image file ``path``, though it decodes, is not the whole picture, or
    None. A JPEG cut short (a copy interrupted, a card pulled out) still decodes: the
    decoder fills the missing rows with grey and says only "Premature end of JPEG
    file" on stderr. Its last scan (SOS, ``FF DA``) then has no end-of-image marker
    (``FF D9``) after it; entropy-coded data never holds ``FF D9``, so the check reads
    only the file's tail. Other formats: None (a cut PNG or WebP does not decode)."""
    try:
        with open(path, "rb") as f:
            if f.read(2) != b"\xff\xd8":
                return None
            size = f.seek(0, os.SEEK_END)
            f.seek(max(2, size - 65536))
            tail = f.read()
    except OSError:
        return None
    if tail.rfind(b"\xff\xd9") <= tail.rfind(b"\xff\xda"):
        return tx("check.jpeg_cut", "cut short: the JPEG file ends before its picture does (the lower part reads as "
                  "grey); copy the photo again from the camera or card")
    return None


def _warn_if_cut(path: Path, warnings: list[str] | None) -> None:
    if warnings is not None:
        why = image_file_warning(str(path))
        if why:
            warnings.append(f"{path}: {why}")


def read_frames(source: str | Path, max_frames: int = 12, camera_mode: dict | None = None,
                skipped: list[str] | None = None, warnings: list[str] | None = None) -> list[np.ndarray]:
    """Grey frames from a live camera index (in ``camera_mode``, see
    :data:`camera_reader`), an image file, a video file or a folder of images.

    Videos are sampled evenly (at most ``max_frames``). Raises
    :class:`companion.errors.CompanionError` naming the source when it is missing,
    unreadable or holds no frame. With a ``skipped`` list, a folder's unreadable
    images are left out and their paths appended to it (an error only when none can
    be read); without one, the first unreadable image is the error. With a
    ``warnings`` list, an image read but not whole (a JPEG cut short:
    :func:`image_file_warning`) appends ``"<path>: <why>"`` to it.
    """
    import cv2

    p = Path(source)
    if not p.exists() and str(source).isdigit():
        from companion.cliargs import parse_camera_index

        try:   # OpenCV itself crashes on a negative index and overflows on a huge one
            index = parse_camera_index(str(source))
        except ValueError as exc:
            raise CompanionError(f"{source}: {exc}") from None
        return _camera_frames(index, max_frames, camera_mode)
    if not p.exists():
        raise CompanionError(tx("check.no_source", "{path}: no such file or folder", path=p))
    if p.is_dir():
        files = sorted(f for f in p.iterdir() if f.suffix.lower() in IMAGE_EXT)
        if not files:
            raise CompanionError(tx("check.no_images", "{path}: no images ({kinds}) in this folder", path=p,
                                    kinds=", ".join(sorted(IMAGE_EXT))))
        step = max(1, len(files) // max_frames)
        frames = []
        for f in files[::step][:max_frames]:
            try:
                im = cv2.imread(str(f), cv2.IMREAD_GRAYSCALE)
            except cv2.error:  # a file OpenCV chokes on is unreadable like any other
                im = None
            if im is not None:
                frames.append(im)
                _warn_if_cut(f, warnings)
            elif skipped is None:
                raise CompanionError(tx("check.not_image", "{path}: not a readable image", path=f))
            else:
                skipped.append(str(f))
        if not frames:
            raise CompanionError(txn("check.no_readable", "{path}: its {n} image cannot be read",
                                     "{path}: none of its {n} images can be read", len(skipped or ()), path=p))
        return frames
    if p.suffix.lower() in IMAGE_EXT:
        im = cv2.imread(str(p), cv2.IMREAD_GRAYSCALE)
        if im is None:
            raise CompanionError(tx("check.not_image", "{path}: not a readable image", path=p))
        _warn_if_cut(p, warnings)
        return [im]
    cap = cv2.VideoCapture(str(p))
    try:
        n = int(cap.get(cv2.CAP_PROP_FRAME_COUNT) or 0)
        if not cap.isOpened():
            raise CompanionError(tx("check.not_image_video", "{path}: not a readable image or video", path=p))
        want = set(np.linspace(0, max(n - 1, 0), min(max_frames, max(n, 1))).round().astype(int).tolist())
        frames, i = [], 0
        while True:
            ok, frame = cap.read()
            if not ok:
                break
            if i in want or n <= 0:
                frames.append(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY))
                if len(frames) >= max_frames:
                    break
            i += 1
    finally:
        cap.release()
    if not frames:
        raise CompanionError(tx("check.no_frame", "{path}: no frame could be read", path=p))
    return frames


@dataclass
class SurfaceCheck:
    """One surface in the view. predicted: tag kind -> {size: px per module at the
    surface's worst zone}. zones_hidden: zones (partly) outside the frame."""

    surface: str
    registration: Registration | None
    found: list[int]
    missing: list[str]
    zones_hidden: list[str] = field(default_factory=list)
    min_px_per_mm: float | None = None
    predicted: dict[str, dict[str, float]] = field(default_factory=dict)


@dataclass
class TableCheck:
    """The result of :func:`check_table`: ``ok`` and the lines to print
    (``findings`` then ``advice``)."""

    surfaces: list[SurfaceCheck]
    measured: dict[str, list[float]]
    brightness: float
    glare: float
    findings: list[str]
    advice: list[str]
    #: smallest px per module of any tag kind (measured or predicted at the far edge),
    #: None when nothing could be measured or predicted
    worst_px_per_module: float | None = None
    #: the picture is mirrored (checked flipped back, as the game reads it)
    mirrored: bool = False
    #: the tag size the prediction is for ("normal"/"large")
    size: str = "normal"
    #: the game checked against (registry id)
    game: str = ""
    #: the px per module limit of the kind with the least margin (kind_limit)
    limit: float = MIN_PX_PER_MODULE
    #: that kind's measured view (measured_view), or None (the general limit)
    limit_view: dict | None = None
    #: smallest px per module / limit over the kinds, None when nothing was measured
    margin_value: float | None = None

    @property
    def ok(self) -> bool:
        return not self.advice

    @property
    def margin(self) -> float | None:
        """Smallest px per module / MIN_PX_PER_MODULE (>= 1 when every tag size
        reads), or None when nothing was measured."""
        if self.worst_px_per_module is None:
            return None
        if self.margin_value is not None:
            return self.margin_value
        return self.worst_px_per_module / MIN_PX_PER_MODULE

    def report(self) -> str:
        lines = list(self.findings)
        if self.ok:
            worst = self.worst_px_per_module
            if worst is None:
                lines.append(tx("check.ready", "VERDICT: ready. Every fiducial and zone is in view."))
                return "\n".join(lines)
            band = _band_recall(worst)
            view = self.limit_view
            if view is not None:
                why = tx("check.ready_view", "; the pipeline read {read} of {n} such tags on a measured view like "
                         "this", read=view["read"], n=view["sightings"])
            else:
                why = (tx("check.ready_why", "; the pipeline reads {share} of a still table's tags at {lo}-{hi} px "
                          "per module", share=f"{band[1][1]:.0%}", lo=f"{band[0][0]:g}", hi=f"{band[0][1]:g}")
                       if band else "")
            lines.append(tx("check.ready_margin", "VERDICT: ready, with margin {margin}x. Every fiducial and zone is "
                            "in view and the smallest tags read at {worst} px per module (limit {limit}{why}).",
                            margin=f"{self.margin:.2f}", worst=f"{self.margin * self.limit:.2f}",
                            limit=f"{self.limit:g}",
                            why=why))
        else:
            lines.append(tx("check.not_ready", "VERDICT: not ready. Change this:"))
            lines += [f"  - {a}" for a in self.advice]
        return "\n".join(lines)


def _size_word(size: str) -> str:
    """A tag size (normal, large) in the command line's language."""
    return {"normal": tx("check.size.normal", "normal"), "large": tx("check.size.large", "large")}.get(size, size)


def _measure_codes(gray: np.ndarray, measured: dict[str, list[float]],
                   codes: list[tuple[str, float, float, float]] | None = None,
                   gt: _GameTags | None = None) -> list[str]:
    """Decode the QR tags of one frame: px per module per tag kind into ``measured``,
    (component, centre x px, centre y px, px per module) into ``codes``; returns the
    foreign payloads (ignored)."""
    import zxingcpp

    gt = gt or _game_tags(registry.default().id)
    foreign = []
    for r in zxingcpp.read_barcodes(gray, formats=zxingcpp.BarcodeFormat.QRCode):
        p = gt.parse(r.text)
        if not p.ok:
            other, _ = parse_any(r.text) if p.reason == "other game" else (None, None)
            why = (tx("check.other_game_tag", "a {game} tag", game=registry.get(other).name(current()))
                   if other and other != gt.game else _reason(p.reason))
            foreign.append(f"{r.text[:30]!r} ({why})")
            continue
        pos = r.position
        pts = np.array([[pos.top_left.x, pos.top_left.y], [pos.top_right.x, pos.top_right.y],
                        [pos.bottom_right.x, pos.bottom_right.y], [pos.bottom_left.x, pos.bottom_left.y]], float)
        edges = np.linalg.norm(pts - np.roll(pts, -1, axis=0), axis=1)
        ppm = float(np.sqrt(edges[0] * edges[1])) / QR_V1_MODULES
        measured.setdefault(gt.kind_word(p.component), []).append(ppm)
        if codes is not None:
            cx, cy = pts.mean(axis=0)
            codes.append((p.component, float(cx), float(cy), ppm))
    return foreign


def _size_in_view(codes, surfaces, spec) -> tuple[str | None, int]:
    """The tag size printed (``"normal"``/``"large"``), read from the QR tags in view:
    each tag's module in mm (its px per module over the table's px per mm where it
    lies, from a registered surface) is matched to the nearest size within 15 %.
    spec: ``(component, size) -> TagSpec`` of the game. Returns (size with most tags or None, tags matched)."""
    regs = [sc.registration for sc in surfaces if sc.registration is not None]
    votes = {s: 0 for s in SIZES}
    for comp, cx, cy, ppm in codes:
        reg = None
        for r in regs:
            x, y = r.px_to_mm([[cx, cy]])[0]
            if 0 <= x <= r.layout.size_mm[0] and 0 <= y <= r.layout.size_mm[1]:
                reg = r
                break
        reg = reg or (regs[0] if regs else None)       # on the table beside: same plane
        if reg is None:
            continue
        x, y = reg.px_to_mm([[cx, cy]])[0]
        module_mm = ppm / reg.px_per_mm_at(x, y)
        ratio = {s: abs(np.log(module_mm / spec(comp, s).module_mm)) for s in SIZES}
        best = min(ratio, key=ratio.get)
        if ratio[best] < np.log(1.15):
            votes[best] += 1
    n = sum(votes.values())
    return (max(votes, key=votes.get) if n else None), n


def check_table(frames: list[np.ndarray], camera: CameraModel | None = None,
                mats: list[str] | None = None, size: str | None = None,
                game: str | None = None, found_game: int = 0) -> TableCheck:
    """Check recorded frames of the table (see the module doc).

    frames: grey uint8 images of one view. mats: colours whose mats must be in
    view (default: every mat with a fiducial seen). size: the tag size to predict
    for (``"normal"``/``"large"``); None: the size of the tags in view, else
    "normal". game: the registry id whose layouts and tags the view is checked
    against (default: the game whose tags are in view, :func:`game_in_view`, else
    the default game, companion.registry.default()); found_game: that many tags in
    view named ``game`` (it was not given): the report says so and suggests
    ``--game``. Raises :class:`companion.errors.CompanionError` for no frames, an
    unknown colour, or a game without table layouts and tags (UnknownGame for an
    unknown id).
    """
    if not frames:
        raise CompanionError(tx("check.no_frames", "no frames to check"))
    if game is None:
        game, found_game = game_in_view(frames)
    gt = _game_tags(game or registry.default().id)
    # a layout with one surface is the board (always wanted); one with several is the
    # players' mats/areas (those asked for, else those with a fiducial in view)
    colours = [s[4:] for lay in gt.layouts if len(lay.surfaces) > 1 for s in lay.surfaces]
    said = {colour(c).lower(): c for c in colours}  # a colour in the command line's words (rojo) is that colour
    mats = None if mats is None else [said.get(c.lower(), c) for c in mats]
    for c in mats or []:
        if c not in colours:
            raise CompanionError(tx("check.unknown_colour", "unknown mat colour {given}; colours: {colours}",
                                    given=repr(c), colours=", ".join(colour(c) for c in colours)))
    h, w = frames[0].shape[:2]
    lit = [f for f in frames if picture_dark(f) is None]
    if not lit:  # a lens cap, the light off, an exposure still settling: nothing to check
        return _dark_check(frames)
    frames = lit
    detections = [detect_fiducials(f) for f in frames]
    mirrored = _mirrored(frames[0], detections[0], gt)
    lens_line = ""
    if mirrored:  # checked as the game reads it: flipped back
        import cv2

        frames = [cv2.flip(f, 1) for f in frames]
        detections = [detect_fiducials(f) for f in frames]
        if camera is None:  # the lens estimated from the fiducials, now that they read
            from .lens import describe, estimate_from_frame

            estimate = estimate_from_frame(frames[0], gt.layouts)
            if estimate is not None and estimate.trusted:
                camera = estimate.camera
            lens_line = describe(estimate, "none")
    seen = {d.id for ds in detections for d in ds}
    wanted = [(s, lay) for lay in gt.layouts if len(lay.surfaces) == 1 for s in lay.surfaces]
    wanted += [(s, lay) for lay in gt.layouts if len(lay.surfaces) > 1 for s in lay.surfaces
               if (mats is not None and s[4:] in mats)
               or (mats is None and any(f.id in seen for f in lay.fiducials(s)))]
    measured: dict[str, list[float]] = {}
    foreign: list[str] = []
    findings = [txn("check.checked", "Checked {n} frame of {w}x{h} px.", "Checked {n} frames of {w}x{h} px.",
                    len(frames), w=w, h=h)]
    advice: list[str] = []
    if found_game:
        findings.append(txn("check.game_in_view", "the tags in view are {game}'s ({n} tag): checked against its "
                            "table; name it with --game {id}", "the tags in view are {game}'s ({n} tags): checked "
                            "against its table; name it with --game {id}", found_game,
                            game=registry.get(gt.game).name(current()), id=gt.game))
    if mirrored:
        findings.append(tx("calibrate.mirrored_found", "the picture is mirrored left-right (its markers read "
                           "only flipped): checked flipped back, as the game reads it"))
        if lens_line:
            findings.append(lens_line)
        advice.append(tx("calibrate.mirrored", "the picture is mirrored: turn off the camera's mirror (flip) "
                         "setting, in its own settings or with 'v4l2-ctl -c horizontal_flip=0' (or "
                         "vertical_flip=0) for a webcam that has it (a tablet's front camera mirrors: use its "
                         "back camera, or turn off its 'mirror front camera' setting); the game reads the "
                         "picture flipped back meanwhile"))
    if not wanted:
        name = registry.get(gt.game).name(current())
        findings.append(tx("check.nothing_found", "no {game} board or player area found (none of their corner "
                           "fiducials in view)", game=name))
        advice.append(tx("check.bring_game", "bring the {game} board or players' areas into view, their corner "
                         "fiducials uncovered and lit", game=name))
    # pieces' ArUco cells
    for d in detections[0]:
        owner = game_tags.marker_owner(gt.game, d.id)
        if owner and owner[1] == "piece":
            measured.setdefault(gt.kind_word(owner[0]), []).append(d.side_px / ARUCO_CELLS)
    codes: list[tuple[str, float, float, float]] = []
    for f in frames[:3]:
        foreign += _measure_codes(f, measured, codes, gt)

    surfaces = []
    for sname, layout in wanted:
        best = max(range(len(frames)),
                   key=lambda i: sum(d.id in {s.id for s in layout.fiducials(sname)} for d in detections[i]))
        reg = register_surface(detections[best], layout, camera, surface=sname)
        specs = layout.fiducials(sname)
        where = gt.surface(sname)
        missing = [tx("check.fiducial", "{surface} corner {corner} (ArUco {id})", surface=where,
                      corner=_corner(s.name), id=s.id) for s in specs if s.id not in seen]
        sc = SurfaceCheck(sname, reg, [s.id for s in specs if s.id in seen], missing)
        for m in missing:
            findings.append(tx("check.not_found", "{what} not found", what=m))
        if reg is None:
            findings.append(tx("check.no_register", "{surface}: not enough fiducials to register (need 1 of its 4 "
                               "corners, better all 4)", surface=where))
            advice.append(tx("check.bring_surface", "bring the {surface} into view, its corner fiducials uncovered "
                             "and lit", surface=where))
            surfaces.append(sc)
            continue
        scales = []
        for z in layout.zones:
            px = reg.mm_to_px(np.array(z.polygon))
            if not ((px[:, 0] >= 0) & (px[:, 0] < w) & (px[:, 1] >= 0) & (px[:, 1] < h)).all():
                sc.zones_hidden.append(z.name)
            else:
                scales += [reg.px_per_mm_at(x, y) for x, y in z.polygon]
        sc.min_px_per_mm = min(scales) if scales else None
        findings.append(txn("check.registered", "{surface}: registered on {n} fiducial, error {rms} mm rms",
                            "{surface}: registered on {n} fiducials, error {rms} mm rms", len(reg.used),
                            surface=where, rms=number(reg.rms_mm, 2))
                        + (tx("check.worst_zone", "; worst zone {scale} px/mm", scale=f"{sc.min_px_per_mm:.2f}")
                           if scales else ""))
        if sc.zones_hidden:
            findings.append(tx("check.zones_hidden", "{surface}: zones not fully in view: {zones}", surface=where,
                               zones=", ".join(sc.zones_hidden)))
            advice.append(txn("check.turn_camera", "turn or raise the camera so the whole {surface} is in view ({n} "
                              "zone cut off)", "turn or raise the camera so the whole {surface} is in view ({n} "
                              "zones cut off)", len(sc.zones_hidden), surface=where))
        if missing:
            advice.append(tx("check.uncover", "uncover or re-stick {fiducials}; keep all corner fiducials in view and "
                             "lit", fiducials=", ".join(missing)))
        if reg.rms_mm > 2.0:
            advice.append(tx("check.flat", "the {surface} registers with {rms} mm error: lay it flat and run "
                             "'companion calibrate camera' (lens distortion)", surface=where,
                             rms=number(reg.rms_mm, 1)))
        for k, prefixes in gt.kind_zones["board" if len(layout.surfaces) == 1 else "mat"].items():
            where = [reg.px_per_mm_at(x, y) for z in layout.zones if z.name.startswith(prefixes)
                     and z.name not in sc.zones_hidden for x, y in z.polygon]
            if where:
                sc.predicted[k] = {s: gt.spec(k, s).module_mm * min(where) for s in SIZES}
        surfaces.append(sc)

    in_view, matched = _size_in_view(codes, surfaces, gt.spec)
    if in_view:
        findings.append(txn("check.size_in_view", "tags in view are the {size} size ({n} QR tag measured)",
                            "tags in view are the {size} size ({n} QR tags measured)", matched,
                            size=_size_word(in_view)))
    if size is None:
        size = in_view or "normal"
    elif in_view and in_view != size:
        findings.append(tx("check.size_asked", "predicting for {size} tags as asked (the tags in view are {seen})",
                           size=_size_word(size), seen=_size_word(in_view)))

    for k, vals in sorted(measured.items()):
        findings.append(tx("check.measured", "{kind} tags in view: {n}, {lo}-{hi} px per module", kind=gt.say(k),
                           n=len(vals), lo=f"{min(vals):.1f}", hi=f"{max(vals):.1f}"))
    if foreign:
        findings.append(txn("check.foreign", "ignored {n} foreign QR code: {codes}",
                            "ignored {n} foreign QR codes: {codes}", len(foreign), codes=", ".join(foreign[:3])))
    for sc in surfaces:
        for k, by_size in sc.predicted.items():
            px = by_size[size]
            findings.append(tx("check.predicted", "{surface}: {size} {kind} tags would read at {px} px per module at "
                               "the far edge", surface=gt.surface(sc.surface), size=_size_word(size),
                               kind=gt.say(k), px=number(px, 1)))
    sizes = [min(v) for v in measured.values()] + [by[size] for sc in surfaces for by in sc.predicted.values()]
    worst_all = min(sizes) if sizes else None
    # each kind against its own limit (kind_limit: measured recall of this game's pipeline)
    smallest: dict[str, float] = {k: min(v) for k, v in measured.items()}
    for sc in surfaces:
        for k, by in sc.predicted.items():
            smallest[k] = min(smallest.get(k, by[size]), by[size])
    def tag_of(k):
        t = gt.spec(k, size)
        return t.symbol, round(t.module_mm, 3), round(t.quiet_mm, 3)

    limit_views = {k: kind_limit(gt.game, k, tuple(o for o in smallest if o != k and tag_of(o) == tag_of(k)))
                   for k in smallest}
    limits = {k: v[0] for k, v in limit_views.items()}
    margins = {k: smallest[k] / limits[k] for k in smallest}
    tight = min(margins, key=margins.get) if margins else None
    low_meas = {k: min(v) for k, v in measured.items() if min(v) < limits[k]}
    low_pred = {(sc.surface, k): by[size] for sc in surfaces for k, by in sc.predicted.items()
                if by[size] < limits[k]}
    if low_meas or low_pred:
        kinds = sorted(set(low_meas) | {k for _, k in low_pred})
        worst_k = min(kinds, key=margins.get)
        worst, limit = smallest[worst_k], limits[worst_k]
        large_ok = all(sc.predicted.get(k, {}).get("large", 99) >= limits[k]
                       for sc in surfaces for k in kinds)
        band = _band_recall(worst)
        miss = tx("check.reads_share", "; the game reads {share} of such tags", share=f"{band[1][1]:.0%}") \
            if band and limit >= MIN_PX_PER_MODULE else ""
        tip = tx("check.too_small", "tags read at only {worst} px per module ({kinds}; need {limit}{miss}): move "
                 "the camera closer (or use a higher resolution, {factor}x)", worst=f"{worst:.2f}",
                 kinds=", ".join(gt.say(k) for k in kinds), limit=f"{limit:g}", miss=miss,
                 factor=f"{max(limits[k] / smallest[k] for k in kinds):.2f}")
        if size == "normal" and large_ok:
            tip += tx("check.print_larger", ", or print tags larger ({command})",
                      command=f"companion tags {gt.game} --size large")
        advice.append(tip)
    stack = np.concatenate([f.ravel()[::7] for f in frames])
    brightness, glare = float(stack.mean()), float((stack >= 250).mean())
    findings.append(tx("check.light", "light: mean grey {grey}/255, saturated {glare} %", grey=f"{brightness:.0f}",
                       glare=f"{glare * 100:.1f}"))
    if brightness < 70:
        advice.append(tx("check.dark", "more light on the table (the view is dark: mean grey {grey}/255; aim for "
                         "100-180)", grey=f"{brightness:.0f}"))
    if glare > 0.03:
        advice.append(tx("check.glare", "less glare: the view is {glare} % burnt out; move the lamp to the side",
                         glare=f"{glare * 100:.0f}"))
    return TableCheck(surfaces, measured, brightness, glare, findings, advice, worst_all, mirrored, size, gt.game,
                      limits[tight] if tight else MIN_PX_PER_MODULE,
                      limit_views[tight][1] if tight else None, margins[tight] if tight else None)


def _dark_check(frames: list[np.ndarray]) -> TableCheck:
    """The check of a view whose every frame is dark or uniform
    (calibration.picture.picture_dark): that, and how to fix it; nothing else is
    looked for (a board that cannot be seen is not missing)."""
    from .picture import DARK_LEVEL, picture_levels

    h, w = frames[0].shape[:2]
    stack = np.concatenate([f.ravel()[::7] for f in frames])
    lo, hi = picture_levels(frames[-1])
    findings = [txn("check.checked", "Checked {n} frame of {w}x{h} px.", "Checked {n} frames of {w}x{h} px.",
                    len(frames), w=w, h=h),
                tx("calibrate.dark_found", "the picture is dark: its brightest part at grey {hi} of 255",
                   hi=hi) if hi < DARK_LEVEL else
                tx("calibrate.uniform_found", "the picture is all one grey level ({lo}-{hi} of 255)",
                   lo=lo, hi=hi)]
    advice = [tx("calibrate.dark", "light the table, take off any lens cap, or give the camera a few "
                 "seconds to settle its exposure after it opens, then check again")]
    return TableCheck([], {}, float(stack.mean()), float((stack >= 250).mean()), findings, advice)


def _mirrored(frame: np.ndarray, found, gt: _GameTags) -> bool:
    """Whether ``frame`` is mirrored: its known markers (the game's fiducials and
    piece markers, ``found`` as it is) against those read flipped left-right
    (calibration.picture.reads_mirrored)."""
    import cv2

    def known(ids) -> set[int]:
        return {i for i in ids if game_tags.marker_owner(gt.game, i) is not None}

    flipped = known(d.id for d in detect_fiducials(cv2.flip(frame, 1)))
    return reads_mirrored(len(known(d.id for d in found)), len(flipped))
