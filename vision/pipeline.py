"""The vision pipeline: frames -> decoded tags -> surfaces and zones -> stable snapshot.

::

    Frame -> change/motion/glare map (small grey copy, tiles)
          -> decode only changed, settled tiles (vision.decode; cached elsewhere)
          -> register board/mat fiducials (vision.register)
          -> place tags on surfaces and zones, reporters on stories (vision.zones)
          -> tracker (vision.track) -> companion.table.TableSnapshot

Decode only what changed: the frame is cut into tiles (``tile_px`` px). A tile is
decoded again only when it differs from its state at its last decode and shows no
motion in this frame (a hand passing over is waited out); the symbols of all other
tiles are reused. On a still table almost nothing is decoded. Tags that the tracker
holds but that were not found in a re-decoded region get one more try with the
sharpened, 2x upscaled crop around their last position (tracking rescue).

Occlusion, per tile of the small copy: motion (difference to the previous frame)
within the last ``occlusion_linger_s``, glare (saturated pixels), or a changed blob
against the background (the table at its last still moment) larger than
``hand_area_cards`` times the missing component's own card *and* skin-coloured where
the tag was (a resting hand; taking a card away changes about the card's area, and
moving a whole front page away shows the mat, not skin), held at most ``hand_hold_s``. The
tracker does not count missing time for occluded tags. Occluded zones are reported as
``"<surface>/<zone>"`` (e.g. ``"board/beat:war"``, ``"mat-red/front:0,1"``).

:meth:`Pipeline.process` is synchronous (tests, ``companion scan``, the demo);
:class:`PipelineWorker` runs it on a thread for the app.
"""

from __future__ import annotations

import queue
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from companion import registry
from companion.errors import CompanionError
from companion.table import Sighting, TableSnapshot

from .decode import (LARGE_PX_PER_MODULE, MARKER, SMALL_PX_PER_MODULE, Candidate, DecodeError, Decoder, Symbol,
                     dedupe, to_gray)
from .register import Registrar, SurfacePose
from calibration.picture import MIRROR_MIN_MARKERS, picture_dark, reads_mirrored

from .sources import Frame, check_image
from .track import Observation, Track, Tracker
from .zones import footprint_mm, locate, riders_on_carriers


#: modules of margin added around a candidate's box when the still re-read reads it
#: (a lone finder's box, centred on the finder, can cut its code's quiet zone)
READ_PAD_MODULES = 8.0
#: motion blur: the edges inside the tags' regions (each region's structure tensor,
#: normalised to its own gradient energy) are about as strong in every direction on
#: a sharp frame, and one direction is smeared away on a frame blurred by motion. A
#: frame is "blurred" when both the isotropy (smaller / larger eigenvalue) of the
#: regions' tensors summed is below BLUR_ISOTROPY and the median region's is below
#: BLUR_MEDIAN_ISOTROPY (the sum alone dips on a hand over a few tags, the median
#: alone on a scene of few tags). Measured on the six bundled recordings' frames
#: and the same frames smeared by tools/render's motion_blur (random directions):
#: read in sequence (the tags known from the frames before), sharp frames sum
#: >= 0.68 (hands) with median >= 0.71, smeared 8 px sum <= 0.63, median <= 0.53;
#: single frames (the tags the frame itself reads), sharp sum >= 0.89, median
#: >= 0.71, smeared 8 px sum <= 0.71, median <= 0.69 (and most 6 px: 29 of 30)
BLUR_ISOTROPY = 0.8
BLUR_MEDIAN_ISOTROPY = 0.72
#: tag regions the blur measure reads at most per frame (about 2 ms at 3200x1800)
BLUR_REGIONS = 24
#: a tag region counts for the blur measure only while the pipeline's small grey copy
#: there (``work_width`` px wide: a smear of 8 px is about one px in it) differs from
#: the last still table by less than this mean grey difference: a hand over it, or a
#: picture that moved or turned, is other content, not the tag smeared. Measured on
#: the bundled table: smeared 8-12 px at most 27, the picture flipped or moved 10 px
#: and smeared 44-62 (median of the tags). A frame is judged only when at least half
#: its tag regions count
BLUR_SAME_LEVEL = 30.0
#: a mirrored picture (a front camera, a webcam's mirror setting) reads its QR codes
#: but hardly any ArUco marker (calibration.picture). It is tested only while fewer
#: than MIRROR_FIDUCIALS fiducials are read and two QR codes or MIRROR_MIN_MARKERS
#: unread marker quads are seen (calibration.picture.reads_mirrored decides)
MIRROR_FIDUCIALS = 3
#: frame time (s) between two mirror tests that found nothing, doubling up to
#: MIRROR_RETEST_MAX_S (the test is one ArUco pass over the whole frame)
MIRROR_RETEST_S = 2.0
MIRROR_RETEST_MAX_S = 30.0

#: a frame that reads none of the table's fiducials and at most this fraction of
#: the tags the tracker holds (at least UNSEEN_MIN_TAGS of them), once surfaces were
#: registered, shows nothing of the table: the light off with the camera's gain
#: turned up (a noisy dark picture, not dark to calibration.picture.picture_dark),
#: a sheet over the lens, the camera turned away. It is not read ("unseen"): the
#: table is held as for a dark picture, never a table with its pieces gone
UNSEEN_SEEN_FRACTION = 0.1
UNSEEN_MIN_TAGS = 3

#: a candidate of at least this many px per module that the whole-frame ladder could
#: not read is re-read once only: on a still table the frames differ by sensor noise,
#: which decides small codes but not these (a piece over a finder, a damaged or
#: foreign print: on the hard bundled recording such candidates took 2.4 crops of
#: every frame and gave nothing)
NOISE_BOUND_PX_PER_MODULE = 4.0


@dataclass
class PipelineConfig:
    """Tuning of the pipeline (px are full-frame px unless said otherwise).

    backend / prep / rescue / fast: the decoder (see :class:`vision.decode.Decoder`).
    aruco: its markers (True: the game's dictionary, :func:`game_dictionary`).
    work_width: width (px) of the small grey copy used for change, motion and glare.
    tile_px: tile side (px) of the change map. change_level / motion_level: grey
    difference counted as a change / motion; change_frac / motion_frac: fraction of
    a tile's pixels that makes it changed / moving. glare_level / glare_frac: the
    same for saturation. full_decode_frac: above this fraction of changed tiles the
    whole frame is decoded at once. incremental: False decodes every frame whole
    (the baseline). occlusion_linger_s: a tile counts as occluded this long after
    its last motion. hand_area_cards: a changed blob (against the table at its last
    still moment) this many times the missing component's card area, with at least
    skin_frac of skin-coloured pixels where the tag was, is a resting hand: the
    card under it is kept, for at most hand_hold_s. missing_s / settle_s: the tracker's times (s).
    video_settle_s: at video rates (frames less than max_wait_s apart) the tracker the
    pipeline made settles in min(settle_s, video_settle_s) (0.4 s = 12 frames at 30
    frames/s: the table state follows a hand that left within 0.5 s); at low frame
    rates (the 2 frames/s recordings: the second calm frame) settle_s.
    track_rescue_max: tracking-rescue crops per frame at most. max_wait_s: a changed
    tile that keeps moving is decoded anyway after this long (bounded latency; at low
    frame rates, e.g. 2 frames/s recordings, on the next frame). At video rates
    (frames less than max_wait_s apart) a hand costs little instead: a changed region
    (changed or moving tiles, 8-connected) that holds a moving tile is not decoded at
    all while it moves, and is read on the first frame where none of its tiles moves
    (the hand gone or resting); tags under it are held by the tracker meanwhile
    (occluded). A region that keeps moving longer than max_moving_s is decoded once
    anyway, then again every max_moving_s (a flickering lamp, a screen in view).
    reread_max: still re-read budget, crops per frame at most (0 = off): on tiles that
    are neither changed nor moving nor glared, undecoded candidates and held tags not
    found again are decoded once more on later frames (fresh sensor noise), each at
    most reread_tries times until its tile changes. Components the table state
    expects (:meth:`Pipeline.expect`) that the camera no longer reads are targets too,
    where they were last seen (or where the state puts them); once their
    reread_tries are spent they are tried again every reread_backoff frames while
    expected. What was decoded before goes first, a target never tried is never
    starved, and one that failed reread_fail times in a row is tried only every
    reread_backoff frames (see :meth:`Pipeline._reread`). sweep_bands /
    sweep_passes: on still frames, one of sweep_bands upright strips of the frame
    is searched again for finder patterns nothing explains (new re-read targets),
    each at most sweep_passes times until its tiles change (0 = off). reread_per_s:
    the re-read's work per second of frame time at most, a crop or a strip swept
    counting one each (a budget that refills with the frames' time stamps, holding
    at most one frame's worth: a sweep and reread_max crops). At 2 frames/s (the
    recordings, the benchmarks' tables) every frame gets the whole per-frame budget;
    at 30 frames/s a crop or a sweep every few frames, so a still table costs about
    the same CPU per second at any frame rate (0 = no limit but the per-frame one).
    piece_heights: put a tag on
    top of a piece back onto the surface under it (calibration's ``height_mm``) before
    its zone is chosen; off for frames of flat pieces (the older rendered recordings).
    """

    backend: str = "zxing"
    prep: str = "sharpen"
    rescue: bool = True
    fast: bool = True
    aruco: bool | str = True
    work_width: int = 480
    tile_px: int = 128
    change_level: int = 18
    change_frac: float = 0.01
    motion_level: int = 18
    motion_frac: float = 0.02
    glare_level: int = 252
    glare_frac: float = 0.3
    full_decode_frac: float = 0.6
    incremental: bool = True
    occlusion_linger_s: float = 0.4
    max_wait_s: float = 0.25
    max_moving_s: float = 2.0
    hand_area_cards: float = 1.5
    skin_frac: float = 0.25
    hand_hold_s: float = 20.0
    missing_s: float = 0.5
    settle_s: float = 0.8
    video_settle_s: float = 0.4
    track_rescue_max: int = 8
    reread_max: int = 3
    reread_tries: int = 12
    reread_fail: int = 3
    reread_backoff: int = 8
    sweep_bands: int = 8
    sweep_passes: int = 3
    reread_per_s: float = 8.0
    piece_heights: bool = True


@dataclass
class SymbolReport:
    """One decoded symbol and what it means.

    component: catalog id (for a fiducial: its surface, ``"board"`` / ``"mat-red"``)
    or ``None``. status: ``"ok"``, ``"fiducial"`` (a board/mat corner), ``"duplicate"``
    (a second tag of a component already seen), or the payload's rejection reason (``"foreign"``, ``"garbled"``,
    ``"unknown id"`` ... from the game's ``parse_payload``; ``"unknown marker"``
    for an ArUco id nobody owns). surface / zone / x_mm / y_mm / angle_deg: where
    it lies (see vision.zones); None when not placed.
    """

    symbol: Symbol
    component: str | None
    status: str
    surface: str | None = None
    zone: str | None = None
    x_mm: float | None = None
    y_mm: float | None = None
    angle_deg: float | None = None

    def to_json(self) -> dict:
        d = self.symbol.to_json()
        d.update(component=self.component, status=self.status)
        if self.surface is not None:
            d.update(surface=self.surface, zone=self.zone, x_mm=round(self.x_mm, 1),
                     y_mm=round(self.y_mm, 1), angle_deg=round(self.angle_deg, 1))
        return d


@dataclass
class FrameReport:
    """What the pipeline saw in one frame, for the app's live view and for debugging.

    symbols: every symbol held for this frame (decoded now or reused from unchanged
    tiles). candidates: QR-like shapes not decoded, with a reason (``"too small"``
    with px per module, ``"blurred"``, ``"glare"``, ``"covered"``, ``"unreadable"``).
    poses: surface -> (fiducials used, rms mm). decoded_fraction: share of the frame
    area decoded in this frame (0..1). full: the whole frame was decoded. motion:
    motion seen. moving_tiles / occluded_tiles: counts. timings_ms: per stage.
    reread / reread_found: still re-read crops decoded in this frame / symbols they
    gained (see ``PipelineConfig.reread_max``). lens: the lens model in use
    (``vision.register.Registrar.lens_status``: ``"file"``, ``"user"``,
    ``"estimated"``, ``"too distorted"`` or ``"none"``).

    reasons: what is wrong with the frame as a whole, for the players:
    ``"dark"`` (dark or uniform: :func:`vision.sources.picture_dark`; the frame is
    not read, see ``unreadable``), ``"unseen"`` (the frame shows nothing of the
    table it held: no fiducial and hardly a tag, see :data:`UNSEEN_SEEN_FRACTION`;
    not read either), ``"blurred"`` (smeared by motion: the tags'
    edges' isotropy below :data:`BLUR_ISOTROPY`), and once, on the frame where it
    was found, ``"mirrored"`` (the picture is mirrored: read flipped from now on)
    or ``"unmirrored"`` (it is no longer: read as it is again). unreadable: ``""``,
    or why nothing of the frame was read (``"dark"``, ``"unseen"``): the tracker holds the table
    as it was and the snapshot is not still (nothing acts on it). mirrored: the
    frame was read flipped left-right; every px position here (symbols,
    candidates) is in the frame as given. isotropy: the blur measure (1 = edges
    alike in every direction), None when no tag region was known or the frame was
    not read.
    """

    index: int
    t: float
    symbols: list[SymbolReport] = field(default_factory=list)
    candidates: list[Candidate] = field(default_factory=list)
    poses: dict[str, tuple[int, float]] = field(default_factory=dict)
    decoded_fraction: float = 0.0
    full: bool = False
    motion: bool = False
    moving_tiles: int = 0
    occluded_tiles: int = 0
    rescued: int = 0
    timings_ms: dict[str, float] = field(default_factory=dict)
    reread: int = 0
    reread_found: int = 0
    lens: str = "none"
    reasons: tuple[str, ...] = ()
    unreadable: str = ""
    mirrored: bool = False
    isotropy: float | None = None

    def to_json(self) -> dict:
        return {"index": self.index, "t": round(self.t, 3),
                "symbols": [s.to_json() for s in self.symbols],
                "candidates": [c.to_json() for c in self.candidates],
                "poses": {k: {"fiducials": n, "rms_mm": round(r, 2)}
                          for k, (n, r) in self.poses.items()},
                "decoded_fraction": round(self.decoded_fraction, 3), "full": self.full,
                "motion": self.motion, "lens": self.lens,
                "reasons": list(self.reasons), "mirrored": self.mirrored,
                "isotropy": None if self.isotropy is None else round(self.isotropy, 3),
                "timings_ms": {k: round(v, 2) for k, v in self.timings_ms.items()}}


def _shifted(res, dx: int, dy: int):
    """A DecodeResult of a crop moved to frame px (corners + (dx, dy))."""
    from .decode import DecodeResult

    off = np.float32([dx, dy])
    return DecodeResult(
        [Symbol(s.format, s.text, s.corners_px + off, s.backend, s.pass_, s.dictionary)
         for s in res.symbols],
        [Candidate(c.corners_px + off, c.px_per_module, c.reason, c.finders)
         for c in res.candidates], res.rescued,
        [Candidate(c.corners_px + off, c.px_per_module, c.reason, c.finders)
         for c in res.retry])


def _skin_fraction(img: np.ndarray, lo, hi) -> float:
    """Share of skin-coloured pixels (YCrCb: Cr >= 140, Cb <= 120) in a box of a BGR
    image (box corners in that image's px). 0 for a grey image or an empty box."""
    import cv2

    if img.ndim != 3 or img.shape[2] != 3:
        return 0.0
    h, w = img.shape[:2]
    x0, y0 = int(max(0, np.floor(lo[0]))), int(max(0, np.floor(lo[1])))
    x1, y1 = int(min(w, np.ceil(hi[0]) + 1)), int(min(h, np.ceil(hi[1]) + 1))
    if x1 <= x0 or y1 <= y0:
        return 0.0
    ycc = cv2.cvtColor(np.ascontiguousarray(img[y0:y1, x0:x1]), cv2.COLOR_BGR2YCrCb)
    return float(((ycc[..., 1] >= 140) & (ycc[..., 2] <= 120)).mean())


class _Pieces:
    """What the pipeline reads of a game's pieces (calibration.game_tags: the game's
    tags module and components.json), cached per component; None (or False) for an
    id the game does not have or whose size is unknown: a foreign component never
    stops a frame."""

    def __init__(self, game: str):
        from calibration import game_tags

        self.game = game
        self._gt = game_tags
        self._cache: dict[tuple[str, str], object] = {}
        try:
            comps = game_tags.load_components(game)
        except CompanionError:  # a game read by taps only: no pieces
            comps = {}
        pieces = comps.get("pieces", {})
        #: whether the game's pieces' heights put their tags back onto the surface
        self.heights = bool(comps.get("piece_heights", True))
        #: kind names of pieces that stand on others (``stands_on``) and of the pieces they stand on
        self.riders = frozenset(k for k, p in pieces.items() if p.get("stands_on"))
        self.carriers = frozenset(p["stands_on"] for p in pieces.values() if p.get("stands_on"))

    def _get(self, what: str, comp: str, fn):
        key = (what, comp)
        if key not in self._cache:
            try:
                self._cache[key] = fn()
            except Exception:
                self._cache[key] = None
        return self._cache[key]

    def kind_name(self, comp: str) -> str | None:
        return self._get("kind", comp, lambda: self._gt.kind_name(self.game, comp))

    def is_rider(self, comp: str) -> bool:
        return self.kind_name(comp) in self.riders

    def is_carrier(self, comp: str) -> bool:
        return self.kind_name(comp) in self.carriers

    def tag_spec(self, comp: str):
        """calibration.layouts.TagSpec at the normal size, or None."""
        return self._get("spec", comp, lambda: self._gt.tag_spec(self.game, comp))

    def size_mm(self, comp: str) -> tuple[float, float] | None:
        return self._get("size", comp, lambda: self._gt.component_size_mm(self.game, comp))

    def height_mm(self, comp: str) -> float | None:
        return self._get("height", comp, lambda: self._gt.component_height_mm(self.game, comp))

    def covers_tags(self, comp: str) -> bool:
        return bool(self._get("covers", comp, lambda: self._gt.piece(self.game, comp).get("covers_tags")))

    def tag_at_mm(self, comp: str) -> tuple[float, float] | None:
        """Where the tag's centre lies on the piece, from its top-left corner (mm)."""
        def at():
            w, h = self._gt.component_size_mm(self.game, comp)
            x, y = self._gt.piece(self.game, comp).get("tag_centre_mm", (w / 2, h / 2))
            return (float(x), float(y))
        return self._get("tag_at", comp, at)

    def footprint(self, sg: Sighting) -> np.ndarray:
        """(4, 2) mm polygon a piece covers, from its tag's sighting (vision.zones).
        Raises ValueError for a component whose size is unknown."""
        size, at = self.size_mm(sg.component), self.tag_at_mm(sg.component)
        if size is None or at is None:
            raise ValueError(f"no size for {sg.component!r}")
        return footprint_mm(sg, size, at)

    def marker_owner(self, marker_id: int) -> str | None:
        """The component an ArUco id tags in this game (a piece or a surface), or None."""
        try:
            owner = self._gt.marker_owner(self.game, marker_id)
        except Exception:
            return None
        return None if owner is None else owner[0]


def _tile_frac(mask: np.ndarray, ts: int, ny: int, nx: int) -> np.ndarray:
    """Fraction of True pixels per ``ts`` x ``ts`` tile: ``(ny, nx)`` float."""
    h, w = mask.shape
    pad = np.zeros((ny * ts, nx * ts), np.float32)
    pad[:h, :w] = mask
    return pad.reshape(ny, ts, nx, ts).mean(axis=(1, 3))


def _moving_regions(dirty: np.ndarray, moving: np.ndarray, overdue: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(held, waited)``, ``(ny, nx)`` bool maps: the tiles of every changed region
    that is still moving, and of those regions the ones that have waited too long.
    A region is 8-connected tiles changed since their last decode or moving now; it
    moves when any of its tiles moves (a hand over the table: the changed tiles it
    covers and those it just left go with it); it has waited too long when any of
    its changed tiles is ``overdue`` (then it is decoded whole, once)."""
    import cv2

    n, lab = cv2.connectedComponents((dirty | moving).astype(np.uint8), connectivity=8)
    live = np.zeros(n, bool)
    live[np.unique(lab[moving])] = True
    late = np.zeros(n, bool)
    late[np.unique(lab[dirty & overdue])] = True
    live[0] = late[0] = False
    return live[lab], (live & late)[lab]


class _Crops:
    """Grey crops of one frame, ``crop(x0, y0, x1, y1) -> (grey crop, (x0, y0))``
    (px, clipped to the frame; an empty array when less than 8 px remain): only the
    part asked for is converted, unless the whole grey frame (``gray``) was made for
    a whole-frame decode."""

    def __init__(self, image: np.ndarray):
        self.image = image
        self.gray: np.ndarray | None = None

    def __call__(self, x0, y0, x1, y1):
        H, W = self.image.shape[:2]
        x0, y0 = int(max(0, x0)), int(max(0, y0))
        x1, y1 = int(min(W, x1)), int(min(H, y1))
        if x1 - x0 < 8 or y1 - y0 < 8:  # off the frame (a stale place): nothing to read
            return np.zeros((0, 0), np.uint8), (x0, y0)
        if self.gray is not None:
            return self.gray[y0:y1, x0:x1], (x0, y0)
        return to_gray(np.ascontiguousarray(self.image[y0:y1, x0:x1])), (x0, y0)


@dataclass
class _FrameMaps:
    """One frame as the stages see it (:meth:`Pipeline._change`): the image, its
    small grey and colour copies (``work_width``), per-tile maps (``(ny, nx)`` bool:
    moving now, moved within ``occlusion_linger_s``, glared, decodable now, and
    occluded: where a tag is hidden rather than gone, recent motion or glare), its
    grey crops, and the changed-blob labels of the resting-hand test (made when
    first needed)."""

    image: np.ndarray
    small: np.ndarray
    small_col: np.ndarray
    moving: np.ndarray
    recent: np.ndarray
    glare: np.ndarray
    decodable: np.ndarray
    occluded: np.ndarray
    crop: _Crops
    changed_lab: tuple | None = None


@dataclass
class _Decoded:
    """What :meth:`Pipeline._decode_changed` did: the tile regions decoded
    ``(tx0, ty0, tx1, ty1)``, whether the whole frame was, the px area decoded and
    the symbols rescued."""

    regions: list
    full: bool
    decoded_area: int
    rescued: int


@contextmanager
def _timed(timings: dict[str, float], stage: str):
    """Time the block into ``timings[stage]`` (ms)."""
    t0 = time.perf_counter()
    yield
    timings[stage] = (time.perf_counter() - t0) * 1000


class Pipeline:
    """Frames in, ``(TableSnapshot, FrameReport)`` out (see the module doc).

    config: :class:`PipelineConfig`. decoder / registrar / tracker: override the
    parts (tests). game: the registered game on the table, whose tags, pieces and
    layouts are read (default: the default game, companion.registry.default()). Not thread-safe: one
    pipeline per thread (see PipelineWorker).
    """

    def __init__(self, config: PipelineConfig | None = None, decoder: Decoder | None = None,
                 registrar: Registrar | None = None, tracker: Tracker | None = None,
                 game: str | None = None):
        self.config = c = config or PipelineConfig()
        #: the registered game whose tags are read (another game's payloads are "other game")
        self.game = game = (registry.get(game) if game else registry.default()).id
        self._parse = game_parser(game)
        self._pieces = _Pieces(game)
        self.decoder = decoder or Decoder(c.backend, c.prep, c.rescue, c.fast,
                                          game_dictionary(game) if c.aruco is True else c.aruco)
        self.registrar = registrar or Registrar(game_layouts(game))
        self._own_tracker = tracker is None   # its settle time follows the frame rate
        self.tracker = tracker or Tracker(c.missing_s, c.settle_s)
        self._shape = None
        self._index = 0
        self._zone_px_cache: dict[str, tuple[SurfacePose, list]] = {}
        self._px_unknown: set[str] = set()  # after a resize: tags whose place is unknown
        self._too_small: set[str] = set()   # after a resize: tags too small to be read
        #: what the table state expects on the table: component -> Sighting (expect())
        self._expected: dict[str, Sighting] = {}
        #: component -> (corners px, payload) where it was last read
        self._last_px: dict[str, tuple[np.ndarray, str]] = {}
        #: the picture is mirrored and read flipped left-right (found by the mirror test)
        self.mirrored = False
        self._mirror_next_t = -1e18   # frame time of the next mirror test allowed
        self._mirror_wait = MIRROR_RETEST_S
        self._mirror_news = ""        # "mirrored" / "unmirrored" for the next report
        self._isotropy: float | None = None  # the last blur measure (summed tensor)
        self._blurred = False

    # ------------------------------------------------------------------ state
    def reset(self) -> None:
        """Forget everything seen (tracker, poses, cached symbols): a new game, a
        moved camera, or frame times that go backwards (done automatically)."""
        self.tracker.reset()
        self.registrar.poses.clear()
        self.registrar.reset_lens()
        self._shape = None
        self._zone_px_cache.clear()
        self._px_unknown.clear()
        self._too_small.clear()
        self._last_px.clear()
        self._mirror_next_t = -1e18
        self._mirror_wait = MIRROR_RETEST_S
        self._isotropy, self._blurred = None, False

    def expect(self, sightings=None) -> None:
        """Tell the pipeline what the table state expects on the table.

        sightings: ``companion.table.Sighting`` s (e.g. the still snapshot the game's
        state was last found to match: ``play.runner.GameRunner.expected``), or None
        for nothing. While the table is still, each expected component the camera no
        longer reads is decoded again where it was last read (or where its sighting
        puts it), within the still re-read budget (``PipelineConfig.reread_max``
        crops a frame). Kept until the next call.
        """
        self._expected = {s.component: s for s in (sightings or ())}

    def _resized(self, old: tuple[int, int], new: tuple[int, int]) -> None:
        """The camera changed its picture size mid-stream (a USB reset renegotiating
        its mode). The table did not change: the tracker keeps every component.
        Surface poses (px of the old size) are dropped and found again from the
        fiducials. With the same aspect ratio each track's tag corners are scaled to
        the new size, and a tag now too small to be read (px per module below the
        decoder's least) is held until it is read again; with another aspect ratio
        (another crop of the sensor) every tag's place is unknown and held until it
        is read again. Held: not being read means nothing (as under a hand)."""
        from calibration.layouts import QR_V1_MODULES

        sy, sx = new[0] / old[0], new[1] / old[1]
        self.registrar.poses.clear()
        self._zone_px_cache.clear()
        self._too_small.clear()
        if abs(sx / sy - 1.0) < 0.01:
            self._last_px = {k: (np.asarray(cp, np.float64) * np.array([sx, sy]), text)
                             for k, (cp, text) in self._last_px.items()}
            for comp, tr in self.tracker.tracks.items():
                cp = np.asarray(tr.corners_px, np.float64) * np.array([sx, sy])
                tr.corners_px = cp
                side = float(np.mean([np.linalg.norm(cp[i] - cp[(i + 1) % 4]) for i in range(4)]))
                if side / QR_V1_MODULES < SMALL_PX_PER_MODULE:
                    self._too_small.add(comp)
        else:
            self._px_unknown |= set(self.tracker.tracks)
            self._last_px.clear()

    def _reset_maps(self, shape, small_shape) -> None:
        c = self.config
        self._shape = shape
        H, W = shape
        self._scale = small_shape[1] / W
        self._ts = max(4, int(round(c.tile_px * self._scale)))
        sh, sw = small_shape
        self._ny = -(-sh // self._ts)
        self._nx = -(-sw // self._ts)
        self._ref = None           # small grey copy as of each tile's last decode
        self._bg = None            # small grey copy at the last still moment
        self._prev = None
        self._prev_t: float | None = None   # time of the previous frame (s)
        self._last_motion = np.full((self._ny, self._nx), -1e9)
        self._dirty_since = np.full((self._ny, self._nx), np.inf)
        self._cache: list[Symbol] = []
        self._cands: list[Candidate] = []
        self._retry: list[Candidate] = []  # lone-finder regions (DecodeResult.retry)
        self._placed = None
        self._blob_since: dict[str, float] = {}
        self._tries: dict[tuple, int] = {}   # still re-read target -> attempts
        self._sweeps = np.zeros(max(0, self.config.sweep_bands), int)  # finder sweeps per band
        self._sweep_next = 0
        self._reread_budget = 0.0                  # re-read work units available
        self._sweep_turn = False                   # short of units: the sweep's turn
        self._reread_t: float | None = None        # frame time of the last refill
        self._last_px.clear()

    def _tiles_of_box(self, x0, y0, x1, y1):
        """Tile index ranges covering a px box."""
        k = self._scale / self._ts
        tx0 = int(np.clip(np.floor(x0 * k), 0, self._nx - 1))
        ty0 = int(np.clip(np.floor(y0 * k), 0, self._ny - 1))
        tx1 = int(np.clip(np.floor(x1 * k), 0, self._nx - 1))
        ty1 = int(np.clip(np.floor(y1 * k), 0, self._ny - 1))
        return ty0, ty1 + 1, tx0, tx1 + 1

    # ------------------------------------------------------------------ main
    def process(self, frame: Frame | np.ndarray, t: float | None = None
                ) -> tuple[TableSnapshot, FrameReport]:
        """Run one frame through the pipeline.

        frame: a :class:`vision.sources.Frame`, or a BGR/grey uint8 array with ``t``
        (s; default: previous t + 1/30). A time earlier than the previous frame's
        resets the pipeline (see :meth:`reset`). Returns the tracker's snapshot and
        the frame report. Raises :class:`vision.decode.DecodeError` for a non-image (the
        reason of :func:`vision.sources.check_image`: empty, 1x1, 16-bit, float/NaN,
        too large ...), the pipeline unchanged.

        The stages, in order (each a method; the time of each in
        ``FrameReport.timings_ms``): :meth:`_change` (change, motion and glare per
        tile), :meth:`_decode_changed` (decode the changed, settled regions; tracking
        rescue), :meth:`_still_reread` (what is missing, on a still table),
        :meth:`_place` (register the surfaces, read and place the symbols),
        :meth:`_track` (occlusion, the tracker), :meth:`_frame_report`.

        The picture itself, before and between them: a dark or uniform frame
        (:func:`vision.sources.picture_dark`) is not read at all
        (:meth:`_dark_frame`: the table is held, not still); a mirrored picture is
        read flipped (:meth:`_mirror_test`, then ``mirrored``); a frame smeared by
        motion is named (:meth:`_blur`) and absence on it means nothing.
        """
        image, t, index = self._take(frame, t)
        t0 = time.perf_counter()
        if picture_dark(image) is not None:
            return self._dark_frame(index, t, t0)
        out = self._read_frame(image, t, index, t0)
        if out is None:  # the mirror test turned the picture: read it again, afresh
            out = self._read_frame(image, t, index, t0, may_turn=False)
        return out

    def _read_frame(self, image: np.ndarray, t: float, index: int, t0: float, may_turn: bool = True):
        """The stages of :meth:`process` on one checked frame; None when the mirror
        test (``may_turn``) found the picture mirrored (or no longer mirrored):
        everything was forgotten and the frame must be read again."""
        import cv2

        given_w = image.shape[1]
        if self.mirrored:
            image = cv2.flip(image, 1)
        tm: dict[str, float] = {}
        fm = self._change(image, t)
        tm["change"] = (time.perf_counter() - t0) * 1000
        with _timed(tm, "decode"):
            dec = self._decode_changed(fm)
        with _timed(tm, "reread"):
            n_reread, found = self._still_reread(fm, dec, t)
        if may_turn and self._mirror_test(fm, t):
            return None
        with _timed(tm, "place"):
            poses, reports, observations = self._place(dec, found, t)
        if self._unseen(observations):
            return self._dark_frame(index, t, t0, "unseen")
        with _timed(tm, "blur"):
            blurred = self._blur(fm, dec)
        with _timed(tm, "track"):
            snap = self._track(fm, t, poses, observations, blurred)
        tm["total"] = (time.perf_counter() - t0) * 1000
        rep = self._frame_report(index, t, fm, dec, poses, reports, tm, n_reread, found)
        rep.reasons = tuple(r for r in (("blurred" if blurred else ""), self._mirror_news) if r)
        rep.mirrored, rep.isotropy = self.mirrored, self._isotropy
        self._mirror_news = ""
        if self.mirrored:
            _unflip(rep, given_w)
        return snap, rep

    def _unseen(self, observations) -> bool:
        """Whether this frame shows nothing of the table the pipeline holds (see
        UNSEEN_SEEN_FRACTION): surfaces registered, at least UNSEEN_MIN_TAGS tags
        held, no fiducial read and at most that fraction of the held tags seen."""
        held = self.tracker.tracks
        if len(held) < UNSEEN_MIN_TAGS or not self.registrar.poses:
            return False
        if any(self.registrar.is_fiducial(sym) for sym in self._cache):
            return False
        seen = sum(1 for ob in observations if ob.sighting.component in held)
        return seen <= UNSEEN_SEEN_FRACTION * len(held)

    def _dark_frame(self, index: int, t: float, t0: float, why: str = "dark") -> tuple[TableSnapshot, FrameReport]:
        """A dark or uniform frame (``why`` "dark"), or one that shows nothing of the
        table (``"unseen"``, :meth:`_unseen`): nothing of it is read (a dark one
        changes nothing of the pipeline's picture state: the next lit frame is
        compared with the last one read, so an unchanged table is not read again).
        The tracker holds every component; the snapshot has every zone of the
        registered surfaces occluded and is not still (no rule acts on a picture
        that shows nothing)."""
        from dataclasses import replace

        poses = dict(self.registrar.poses)
        zones = frozenset(f"{name}/{z.name}" for name, pose in poses.items() for z in pose.layout.zones)
        snap = replace(self.tracker.snapshot(t, zones), still=False)
        tm = {"total": (time.perf_counter() - t0) * 1000}
        rep = FrameReport(index, t, [], [], {k: (p.markers, p.rms_mm) for k, p in poses.items()},
                          timings_ms=tm, lens=getattr(self.registrar, "lens_status", "none"),
                          reasons=(why,), unreadable=why, mirrored=self.mirrored)
        return snap, rep

    def _mirror_test(self, fm: _FrameMaps, t: float) -> bool:
        """Whether the picture is mirrored (or, read flipped, no longer is): tested
        while fewer than MIRROR_FIDUCIALS fiducials are read and at least two QR
        codes or MIRROR_MIN_MARKERS unread marker quads are seen (module constants),
        at most every MIRROR_RETEST_S of frame time (doubling while nothing is
        found); the known ArUco markers (fiducials, pieces) read in the frame as it
        is and flipped left-right decide (calibration.picture.reads_mirrored). When
        it is,
        ``mirrored`` turns, everything seen is forgotten (:meth:`reset`) and the
        next report names it (``"mirrored"`` / ``"unmirrored"``); returns True."""
        import cv2

        from .decode import detect_aruco

        reg = self.registrar
        table = getattr(reg, "table", None)
        if not table or self.decoder.aruco is False or t < self._mirror_next_t:
            return False
        fiducials = sum(1 for sym in self._cache if reg.is_fiducial(sym))
        if fiducials >= MIRROR_FIDUCIALS:
            self._mirror_wait = MIRROR_RETEST_S
            return False
        qr = sum(1 for sym in self._cache if sym.format == "QRCode")
        quads = sum(1 for cd in self._retry if cd.reason == MARKER)
        if qr < 2 and quads < MIRROR_MIN_MARKERS:
            return False

        def known(text: str) -> bool:
            return text.isdigit() and (int(text) in table or self._pieces.marker_owner(int(text)) is not None)

        gray = fm.crop.gray if fm.crop.gray is not None else to_gray(fm.image)
        a = self.decoder.aruco
        flipped = {sym.text for sym in detect_aruco(cv2.flip(gray, 1), None if a is True else str(a))
                   if known(sym.text)}
        now = {sym.text for sym in self._cache if sym.format == "ArUco" and known(sym.text)}
        if reads_mirrored(len(now), len(flipped)):
            mirrored = not self.mirrored
            self.reset()
            self.mirrored = mirrored
            self._mirror_news = "mirrored" if mirrored else "unmirrored"
            return True
        self._mirror_next_t = t + self._mirror_wait
        self._mirror_wait = min(2 * self._mirror_wait, MIRROR_RETEST_MAX_S)
        return False

    def _blur(self, fm: _FrameMaps, dec: _Decoded) -> bool:
        """Whether the frame is smeared by motion (see BLUR_ISOTROPY): the edges in
        the tags' regions (decoded symbols and the tags the tracker holds; without
        any, candidates and unread marker quads), at most BLUR_REGIONS full-size grey
        crops, each while it still shows what the last still table showed there (see
        BLUR_SAME_LEVEL; not judged when fewer than half do). Measured again only on a frame where something changed or
        moves (a still table keeps its figure); ``isotropy`` of the report is the
        summed tensor's, None without a tag region."""
        import cv2

        if not (dec.regions or fm.moving.any() or self._isotropy is None):
            return self._blurred
        quads = [sym.corners_px for sym in self._cache]
        have = {sym.text for sym in self._cache}
        quads += [tr.corners_px for tr in self.tracker.tracks.values() if tr.text not in have]
        if not quads:
            quads = [cd.corners_px for cd in self._cands + self._retry]
        if len(quads) > BLUR_REGIONS:
            step = len(quads) / BLUR_REGIONS
            quads = [quads[int(i * step)] for i in range(BLUR_REGIONS)]
        tensors = []
        other = 0
        bg = self._bg if self._bg is not None and self._bg.shape == fm.small.shape else None
        k = self._scale
        for q in quads:
            lo, hi = np.asarray(q).min(0), np.asarray(q).max(0)
            if bg is not None:  # still the tag's place (smeared or not), not other content?
                x0, y0 = int(max(0, lo[0] * k)), int(max(0, lo[1] * k))
                x1, y1 = int(np.ceil(hi[0] * k)) + 1, int(np.ceil(hi[1] * k)) + 1
                now, then = fm.small[y0:y1, x0:x1], bg[y0:y1, x0:x1]
                if not now.size or float(cv2.absdiff(now, then).mean()) > BLUR_SAME_LEVEL:
                    other += 1
                    continue
            pad = 0.15 * float((hi - lo).max())
            sub, _ = fm.crop(lo[0] - pad, lo[1] - pad, hi[0] + pad, hi[1] + pad)
            if sub.size < 64:
                continue
            f = sub.astype(np.float32)
            gx = cv2.Sobel(f, cv2.CV_32F, 1, 0)
            gy = cv2.Sobel(f, cv2.CV_32F, 0, 1)
            xx, xy, yy = float((gx * gx).sum()), float((gx * gy).sum()), float((gy * gy).sum())
            if xx + yy > 0:
                tensors.append((xx / (xx + yy), xy / (xx + yy), yy / (xx + yy)))
        if not tensors or other > len(tensors):
            self._isotropy, self._blurred = None, False
            return False
        self._isotropy = _isotropy(*np.sum(tensors, axis=0))
        median = float(np.median([_isotropy(*t) for t in tensors]))
        self._blurred = self._isotropy < BLUR_ISOTROPY and median < BLUR_MEDIAN_ISOTROPY
        return self._blurred

    # ------------------------------------------------------------------ stages
    def _take(self, frame: Frame | np.ndarray, t: float | None) -> tuple[np.ndarray, float, int]:
        """``(image, t, index)`` of a frame (see :meth:`process`): the image checked,
        the frame counted, and the pipeline reset when time goes back (a new source
        or a video started again: start afresh). Raises DecodeError for a non-image."""
        if isinstance(frame, Frame):
            image, t, index = frame.image, frame.t, frame.index
        else:
            image, index = frame, self._index
            if t is None:
                t = (self.tracker._last_t or 0.0) + 1 / 30 if self._index else 0.0
        why = check_image(image)  # the sources' rules: 8-bit grey/BGR/BGRA, 8 px to 67 MP
        if why is not None:
            raise DecodeError(f"not a usable frame: {why}")
        self._index += 1
        if self.tracker._last_t is not None and t < self.tracker._last_t:
            self.reset()
        return image, t, index

    def _change(self, image: np.ndarray, t: float) -> _FrameMaps:
        """Stage 1: the small copy of the frame and its tile maps: which tiles move
        (against the previous frame), are glared, changed since their last decode,
        and may be decoded now (changed and settled, or waited for ``max_wait_s``).
        A new frame size starts the maps afresh (:meth:`_resized`)."""
        import cv2

        c = self.config
        H, W = image.shape[:2]
        sw = min(W, c.work_width)
        sh = max(1, int(round(H * sw / W)))
        # the small copy comes from the colour frame (cheaper than a full grey copy);
        # the full grey frame is made only when something must be decoded
        step = max(1, W // (2 * sw))  # subsample to ~2x the work size, then average
        src = np.ascontiguousarray(image[::step, ::step]) if step > 1 else image
        small_col = cv2.resize(src, (sw, sh), interpolation=cv2.INTER_AREA) if sw != W else image
        small = to_gray(small_col)
        if self._shape != (H, W):
            if self._shape is not None:
                self._resized(self._shape, (H, W))
            self._reset_maps((H, W), small.shape)
            set_size = getattr(self.registrar, "set_frame_size", None)
            if set_size is not None:
                set_size((W, H))
        ts, ny, nx = self._ts, self._ny, self._nx
        if self._prev is not None:
            moving = _tile_frac(cv2.absdiff(small, self._prev) > c.motion_level, ts, ny, nx) > c.motion_frac
        else:
            moving = np.zeros((ny, nx), bool)
        self._prev = small
        self._last_motion[moving] = t
        recent = (t - self._last_motion) <= c.occlusion_linger_s
        glare = _tile_frac(small >= c.glare_level, ts, ny, nx) > c.glare_frac
        if self._ref is None or not c.incremental:
            dirty = np.ones((ny, nx), bool)
            self._ref = small.copy()
            self._bg = small.copy()
        else:
            dirty = _tile_frac(cv2.absdiff(small, self._ref) > c.change_level, ts, ny, nx) > c.change_frac
        self._dirty_since[~dirty] = np.inf
        self._dirty_since[dirty] = np.minimum(self._dirty_since[dirty], t)
        video_rate = self._prev_t is not None and t - self._prev_t < c.max_wait_s
        self._prev_t = t
        if self._own_tracker:
            self.tracker.settle_s = min(c.settle_s, c.video_settle_s) if video_rate else c.settle_s
        if video_rate and moving.any():
            held, waited = _moving_regions(dirty, moving, t - self._dirty_since >= c.max_moving_s)
            decodable = dirty & (~held | waited)
            self._dirty_since[waited & dirty] = t   # its clock starts again: once per max_moving_s at most
        else:
            decodable = dirty & (~moving | (t - self._dirty_since >= c.max_wait_s))
        return _FrameMaps(image, small, small_col, moving, recent, glare, decodable, recent | glare,
                          _Crops(image))

    def _decode_changed(self, fm: _FrameMaps) -> _Decoded:
        """Stage 2: decode the regions of changed, settled tiles (the whole frame when
        most of it changed, or always when not ``incremental``): each region's
        symbols, candidates and lone-finder retries replace the cached ones whose
        centre lies in it, and its tiles' reference becomes this frame. Then held tags
        not found again where we just decoded get one more try
        (:meth:`_rescue_held`)."""
        import cv2

        c = self.config
        H, W = fm.image.shape[:2]
        ts, ny, nx = self._ts, self._ny, self._nx
        decodable = fm.decodable
        full = bool(decodable.mean() > c.full_decode_frac) or not c.incremental
        regions = []
        if full:
            decodable[:] = True
            regions = [(0, 0, nx, ny)]
        elif decodable.any():
            n, lab, stats, _ = cv2.connectedComponentsWithStats(decodable.astype(np.uint8), connectivity=8)
            regions = [(int(x), int(y), int(x + w), int(y + h)) for x, y, w, h, _a in stats[1:]]
        k = self._ts / self._scale  # tile -> px
        margin = int(1.2 * max([s.side_px for s in self._cache] + [48.0])) if regions else 0
        decoded_area = 0
        rescued = 0
        if full:
            fm.crop.gray = to_gray(fm.image)
        decoded = np.zeros_like(decodable)
        for tx0, ty0, tx1, ty1 in regions:
            decoded[ty0:ty1, tx0:tx1] = True
            core = (tx0 * k, ty0 * k, min(W, tx1 * k), min(H, ty1 * k))
            if full:
                res = self.decoder.decode_full(fm.crop.gray)
            else:
                sub, (ox, oy) = fm.crop(core[0] - margin, core[1] - margin,
                                        core[2] + margin, core[3] + margin)
                res = _shifted(self.decoder.decode_full(sub), ox, oy)
                decoded_area += sub.shape[0] * sub.shape[1]
            rescued += res.rescued
            self._take_region(res, core, W)
            # the tile content as of this decode
            y0p, y1p = ty0 * ts, min(fm.small.shape[0], ty1 * ts)
            x0p, x1p = tx0 * ts, min(fm.small.shape[1], tx1 * ts)
            self._ref[y0p:y1p, x0p:x1p] = fm.small[y0p:y1p, x0p:x1p]
        if full:
            decoded_area = H * W
        if regions and self.tracker.tracks:
            rescued += self._rescue_held(fm, decoded)
        if regions:
            self._cache = dedupe(self._cache)
        return _Decoded(regions, full, decoded_area, rescued)

    def _take_region(self, res, core: tuple[float, float, float, float], W: int) -> None:
        """What a region's decode found replaces what was cached inside its core (px
        box): symbols, candidates, lone-finder retries and re-read attempts; the
        sweep's strips it touches are swept again."""
        def in_core(ctr):
            return core[0] <= ctr[0] < core[2] and core[1] <= ctr[1] < core[3]

        self._cache = [s for s in self._cache if not in_core(s.centre)]
        self._cache += [s for s in res.symbols if in_core(s.centre)]
        self._cands = [cd for cd in self._cands if not in_core(cd.centre)]
        self._cands += [cd for cd in res.candidates if in_core(cd.centre)]
        self._retry = [cd for cd in self._retry if not in_core(cd.centre)]
        self._retry += [cd for cd in res.retry if in_core(cd.centre)]
        self._tries = {key: n for key, n in self._tries.items()
                       if not in_core((key[1] * 8.0, key[2] * 8.0))}
        nb = len(self._sweeps)
        if nb:  # the sweep's strips this region touches are swept again
            b0 = int(core[0] * nb // W)
            b1 = int(min(nb - 1, np.ceil(core[2] * nb / W) - 1))
            self._sweeps[b0:b1 + 1] = 0

    def _rescue_held(self, fm: _FrameMaps, decoded: np.ndarray) -> int:
        """Tracking rescue: tags the tracker holds that were not found again where
        this frame was decoded (and no hand moves over them) are read once more from
        a crop around their last corners: sharpened and 2x upscaled for a QR code,
        the ArUco detector for a marker (at most ``track_rescue_max``). Returns how
        many were found."""
        c = self.config
        have = {s.text for s in self._cache}
        tries = rescued = 0
        for tr in list(self.tracker.tracks.values()):
            if tries >= c.track_rescue_max:
                break
            text = tr.text
            if not text or text in have or tr.sighting.component in self._px_unknown:
                continue
            ty0_, ty1_, tx0_, tx1_ = self._tiles_of_box(*tr.corners_px.min(0), *tr.corners_px.max(0))
            # decoded: a region is the box around its changed tiles, so the tiles
            # decoded anew (and whose symbols were dropped) are more than the changed ones
            if not decoded[ty0_:ty1_, tx0_:tx1_].any() or fm.moving[ty0_:ty1_, tx0_:tx1_].any():
                continue  # not re-decoded now, or under a hand: nothing to read
            tries += 1
            lo, hi = tr.corners_px.min(0), tr.corners_px.max(0)
            # an ArUco marker's quad is found from its outline: give it more
            # surroundings than a QR code (whose quiet zone is in the print)
            pad = (1.5 if text.isdigit() else 0.6) * float((hi - lo).max())
            sub, (ox, oy) = fm.crop(lo[0] - pad, lo[1] - pad, hi[0] + pad, hi[1] + pad)
            if not sub.size:
                continue
            if text.isdigit():  # an ArUco marker (a wooden piece): the QR reader cannot
                got = [s for s in self._aruco_in(sub) if s.text == text]
            else:
                got = [s for s in self.decoder.decode_region(
                    sub, (0, 0, sub.shape[1], sub.shape[0]), "sharpen_up2", "track")
                    if s.text == text]
            got = [Symbol(s.format, s.text, s.corners_px + np.float32([ox, oy]), s.backend,
                          s.pass_, s.dictionary) for s in got]
            if got:
                self._cache.append(got[0])
                rescued += 1
        return rescued

    def _still_reread(self, fm: _FrameMaps, dec: _Decoded, t: float) -> tuple[int, int]:
        """Stage 3: the still re-read (see :meth:`_reread`) on the tiles that are
        neither decodable nor moving, recently moved or glared, within the work
        budget refilled for this frame's time; not on a whole-frame decode. Returns
        (crops decoded, symbols gained)."""
        c = self.config
        self._refill_reread(t)
        if c.reread_max > 0 and c.incremental and not dec.full:
            return self._reread(fm.crop, fm.decodable | fm.moving | fm.recent | fm.glare)
        return 0, 0

    def _place(self, dec: _Decoded, found: int, t: float):
        """Stage 4: ``(poses, reports, observations)``: the surfaces registered from
        the fiducials among the symbols and every symbol read and placed
        (:meth:`_interpret`), done again only when the decoded set changed."""
        if dec.regions or found or self._placed is None:
            poses = self.registrar.update(self._cache, t)
            self._placed = (poses, *self._interpret(poses))
            for ob in self._placed[2]:
                self._last_px[ob.sighting.component] = (ob.corners_px, ob.text)
        return self._placed

    def _track(self, fm: _FrameMaps, t: float, poses: dict[str, SurfacePose], observations,
               blurred: bool = False) -> TableSnapshot:
        """Stage 5: the tracker's snapshot after this frame's observations, with the
        tags it holds but did not see tested for occlusion (:meth:`_occluded`) and the
        zones under a hand or glare; a still table with nothing held occluded becomes
        the background for the resting-hand test. On a frame smeared by motion
        (``blurred``) every tag not read is held and the frame counts as motion."""
        occ_zones = self._occluded_zones(poses, fm.occluded)
        if blurred:
            snap = self.tracker.update(t, observations, lambda track: True, True, occ_zones)
        else:
            snap = self.tracker.update(t, observations,
                                       lambda track: self._occluded(track, fm, t, observations),
                                       bool(fm.moving.any()), occ_zones)
        if self._px_unknown or self._too_small:
            seen = {ob.sighting.component for ob in observations}
            self._px_unknown -= seen
            self._too_small -= seen
        held_occluded = any(tr.occluded for tr in self.tracker.tracks.values())
        if snap.still and not held_occluded:
            self._bg = fm.small.copy()
        return snap

    def _occluded(self, track: Track, fm: _FrameMaps, t: float, observations) -> bool:
        """Whether a held tag not seen in this frame is hidden rather than gone: its
        place unknown or too small after a size change, a standing piece on it
        (:meth:`_under_piece`), motion or glare on its tiles, or a resting hand: a
        changed blob (against the last still table) ``hand_area_cards`` times its
        card's area and skin-coloured where the tag was, for at most ``hand_hold_s``."""
        import cv2

        c = self.config
        comp = track.sighting.component
        if comp in self._px_unknown or comp in self._too_small:
            return True  # after a size change: not readable here (see _resized)
        if self._under_piece(track.sighting, observations):
            return True  # a reporter stands on its tag: hidden, not gone
        lo, hi = track.corners_px.min(0), track.corners_px.max(0)
        ty0_, ty1_, tx0_, tx1_ = self._tiles_of_box(*lo, *hi)
        if fm.occluded[ty0_:ty1_, tx0_:tx1_].any():
            return True
        # a resting hand: a changed blob much larger than the tag over it
        if self._bg is None:  # no still picture at this size yet (a resize): hold
            return True
        if fm.changed_lab is None:
            ch = (cv2.absdiff(fm.small, self._bg) > c.change_level).astype(np.uint8)
            ch = cv2.dilate(ch, np.ones((3, 3), np.uint8))
            fm.changed_lab = cv2.connectedComponentsWithStats(ch, connectivity=8)
        _n, lab, stats, _ = fm.changed_lab
        cx, cy = (lo + hi) / 2 * self._scale
        iy = int(np.clip(cy, 0, lab.shape[0] - 1))
        ix = int(np.clip(cx, 0, lab.shape[1] - 1))
        li = lab[iy, ix]
        if li == 0:
            self._blob_since.pop(comp, None)
            return False
        blob_px = stats[li, cv2.CC_STAT_AREA] / self._scale ** 2
        if (blob_px < c.hand_area_cards * self._card_area_px(track)
                or _skin_fraction(fm.small_col, lo * self._scale, hi * self._scale) < c.skin_frac):
            self._blob_since.pop(comp, None)
            return False
        since = self._blob_since.setdefault(comp, t)
        return t - since <= c.hand_hold_s

    def _frame_report(self, index: int, t: float, fm: _FrameMaps, dec: _Decoded, poses, reports,
                      tm: dict[str, float], n_reread: int, found: int) -> FrameReport:
        """Stage 6: the :class:`FrameReport`: the undecoded candidates (``"covered"``
        where motion or glare lies over one that is not glare itself), poses, the
        decoded share of the frame, counts and timings."""
        H, W = fm.image.shape[:2]
        cands = []
        for cd in self._cands:
            ty0_, ty1_, tx0_, tx1_ = self._tiles_of_box(*cd.corners_px.min(0), *cd.corners_px.max(0))
            if fm.occluded[ty0_:ty1_, tx0_:tx1_].any() and cd.reason != "glare":
                cd = Candidate(cd.corners_px, cd.px_per_module, "covered", cd.finders)
            cands.append(cd)
        return FrameReport(index, t, reports, cands,
                           {k_: (p.markers, p.rms_mm) for k_, p in poses.items()},
                           dec.decoded_area / float(H * W), dec.full, bool(fm.moving.any()),
                           int(fm.moving.sum()), int(fm.occluded.sum()), dec.rescued, tm, n_reread, found,
                           getattr(self.registrar, "lens_status", "none"))

    # ------------------------------------------------------------------ helpers
    def _reread_cap(self) -> int:
        """One frame's worth of re-read work: a sweep (when on) and reread_max crops."""
        c = self.config
        return c.reread_max + (1 if c.sweep_bands > 0 and c.sweep_passes > 0 else 0)

    def _refill_reread(self, t: float) -> None:
        """Add ``reread_per_s`` work units a second since the last frame (at most one
        frame's worth held; none before the second frame); without a rate, every
        frame has the whole budget."""
        c = self.config
        cap = self._reread_cap()
        if c.reread_per_s <= 0:
            self._reread_budget = float(cap)
        elif self._reread_t is not None:
            dt = max(0.0, t - self._reread_t)
            self._reread_budget = min(float(cap), self._reread_budget + dt * c.reread_per_s)
        self._reread_t = t

    def _reread(self, crop, busy: np.ndarray) -> tuple[int, int]:
        """Decode again, on this frame, what earlier frames of a still table missed.

        Targets, in this order of priority (fewest attempts first within each):

        0. what was decoded before: tags the tracker holds that are not among the
           current symbols, and components the table state expects (:meth:`expect`)
           that are neither read nor held, where they were last read;
        1. finder patterns found on this frame by the sweep (:meth:`_sweep`) where
           nothing was decoded nor is a candidate: read now, on the frame they show on;
        2. undecoded QR candidates (not glare), lone finder patterns nothing
           explains and quads of a marker's size the ArUco detector could not read
           (``DecodeResult.retry``) not tried yet;
        3. the rest: candidates tried before, expected components never read here
           (placed from their sighting).

        Only on tiles that are not ``busy`` (changed, moving, recently moved or
        glared). At most ``reread_max`` crops per frame, and the sweep and the crops
        together within the work budget (``reread_per_s``); when targets decoded before
        fill it, one crop still goes to the best of the others (a new candidate is
        never starved). A target that failed ``reread_fail`` times in a row is tried
        only every ``reread_backoff`` frames after that, up to ``reread_tries``
        attempts until its tile is decoded anew (expected components: every
        ``reread_backoff`` frames for as long as they are expected). Returns (crops
        decoded, symbols gained). A candidate of ``NOISE_BOUND_PX_PER_MODULE`` or more
        px per module is re-read once only.
        """
        c = self.config
        targets = []   # (class, tries, key, lo, hi, ppm, text, component)
        backoff = max(1, c.reread_backoff)

        def calm(lo, hi) -> bool:
            ty0, ty1, tx0, tx1 = self._tiles_of_box(*lo, *hi)
            return not busy[ty0:ty1, tx0:tx1].any()

        def key_of(prefix, lo, hi):
            cx, cy = (lo + hi) / 2
            return (prefix, int(round(cx / 8.0)), int(round(cy / 8.0)))

        def due(k_, n, forever=False) -> bool:
            """Not backed off: fewer than reread_fail failures, or its backoff frame."""
            if n >= c.reread_tries and not forever:
                return False
            if n < c.reread_fail:
                return True
            return (self._index + 7 * k_[1] + 13 * k_[2]) % backoff == 0

        if self._reread_budget < 1.0:
            return 0, 0   # the work budget refills with the frames' time
        fresh: set[int] = set()
        # with one unit left, the sweep and the crops take turns (neither starves)
        self._sweep_turn = not self._sweep_turn
        if self._reread_budget >= 2.0 or self._sweep_turn:
            swept = int(self._sweeps.sum()) if len(self._sweeps) else 0
            fresh = self._sweep(crop, busy)
            if len(self._sweeps) and int(self._sweeps.sum()) > swept:
                self._reread_budget -= 1.0
        for cd in self._cands + self._retry:
            if cd.reason == "glare" or (cd.finders < 2 and cd.px_per_module >= LARGE_PX_PER_MODULE):
                continue  # a lone large square: texture (a large code reads whole at once)
            lo, hi = cd.corners_px.min(0), cd.corners_px.max(0)
            marker = cd.reason == MARKER
            k_ = key_of("m" if marker else "c", lo, hi)
            n = self._tries.get(k_, 0)
            if n >= 1 and cd.px_per_module >= NOISE_BOUND_PX_PER_MODULE and not marker:
                continue  # tried again once: at this size the noise does not decide
            if due(k_, n) and calm(lo, hi):
                cls = 1 if id(cd) in fresh else 2 if n == 0 else 3
                targets.append((cls, n, k_, lo, hi, cd.px_per_module, None, None))
        have = {s.text for s in self._cache}
        for tr in self.tracker.tracks.values():
            if not tr.text or tr.text in have or tr.sighting.component in self._px_unknown:
                continue
            lo, hi = tr.corners_px.min(0), tr.corners_px.max(0)
            pad = 0.6 * float((hi - lo).max())
            lo, hi = lo - pad, hi + pad
            k_ = key_of("t:" + tr.text, lo, hi)
            n = self._tries.get(k_, 0)
            if n < c.reread_tries and calm(lo, hi):
                targets.append((0, n, k_, lo, hi, 99.0, tr.text, tr.sighting.component))
        if self._expected:
            read = {self._component_of(s) for s in self._cache}
            for comp, sg in self._expected.items():
                if comp in read or comp in self.tracker.tracks:
                    continue
                box = self._expected_box(comp, sg)
                if box is None:
                    continue
                lo, hi = box
                k_ = key_of("e:" + comp, lo, hi)
                n = self._tries.get(k_, 0)
                # spent: once every reread_backoff frames while the state expects it
                if (n < c.reread_tries or self._index % backoff == 0) and calm(lo, hi):
                    targets.append((0 if comp in self._last_px else 3, n, k_, lo, hi, 2.9, None, comp))
        targets.sort(key=lambda x: (x[0], x[1]))
        chosen = targets[:max(0, min(c.reread_max, int(self._reread_budget)))]
        if chosen and chosen[-1][0] == 0 and len(targets) > len(chosen) and targets[len(chosen)][0] > 0:
            chosen[-1] = targets[len(chosen)]   # never starve what was never read
        done = found = 0
        for _cls, n, k_, lo, hi, ppm, text, comp in chosen:
            self._tries[k_] = n + 1
            done += 1
            self._reread_budget -= 1.0
            if text is None and comp is None and ppm < 99.0:
                # a candidate's box can hug the code (a lone finder's box is centred on
                # that finder): read it with a quiet zone of READ_PAD_MODULES around
                lo, hi = lo - READ_PAD_MODULES * ppm, hi + READ_PAD_MODULES * ppm
            sub, (ox, oy) = crop(lo[0], lo[1], hi[0], hi[1])
            if min(sub.shape[:2]) < 8:  # off the frame (or a sliver of it): nothing to read
                continue
            if (comp is not None and self._is_aruco(comp)) or k_[0] == "m":
                got = self._aruco_in(sub)
            else:
                got = self._read_crop(sub, ppm, (ox, oy))
            got = [s for s in got if s.text not in have and (text is None or s.text == text)
                   and (comp is None or self._component_of(s) == comp)]
            if not got:
                continue
            off = np.float32([ox, oy])
            got = [Symbol(s.format, s.text, s.corners_px + off, s.backend, s.pass_,
                          s.dictionary) for s in got]
            self._cache = dedupe(self._cache + got)
            have |= {s.text for s in got}
            found += len(got)
            if text is None:  # the candidates there are explained now
                def unexplained(cd, got=got):
                    lo_, hi_ = cd.corners_px.min(0), cd.corners_px.max(0)
                    return not any(lo_[0] <= s.centre[0] <= hi_[0] and lo_[1] <= s.centre[1] <= hi_[1]
                                   for s in got)
                self._cands = [cd for cd in self._cands if unexplained(cd)]
                self._retry = [cd for cd in self._retry if unexplained(cd)]
        return done, found

    def _read_crop(self, sub: np.ndarray, ppm: float, origin=(0, 0)) -> list[Symbol]:
        """Read a re-read crop (grey, crop px; ``origin``: its top-left in frame px).

        The symbols already decoded that reach into the crop are painted over with
        the paper's grey first: a crop around a small candidate on a dense table also
        holds parts of its neighbours, and a ladder that stops at the first prep that
        reads *something* would stop at a neighbour it already knows. Then
        :meth:`vision.decode.Decoder.read_crop` (the ladder's first two preps, then
        ZBar) and the rest of :func:`vision.decode.preps_for` (the 3x upscales that
        read what 2x missed at 2-3 px per module), as the whole-frame decode's rescue
        does."""
        import cv2

        from .decode import preps_for

        h, w = sub.shape[:2]
        off = np.float32(origin)
        known = []
        for s in self._cache:
            cp = s.corners_px - off
            lo, hi = cp.min(0), cp.max(0)
            if hi[0] < 0 or hi[1] < 0 or lo[0] >= w or lo[1] >= h:
                continue
            ctr = cp.mean(0)
            known.append(np.round(ctr + (cp - ctr) * 1.12).astype(np.int32))
        if known:
            sub = sub.copy()
            paper = int(np.percentile(sub, 90))
            for q in known:
                cv2.fillConvexPoly(sub, q, paper)
        got = self.decoder.read_crop(sub, ppm)
        if got or ppm >= 4.0 or not self.decoder.rescue:
            return got
        box = (0, 0, w, h)
        for prep in preps_for(ppm)[2:]:
            got = self.decoder.decode_region(sub, box, prep, "reread")
            if got:
                break
        return got

    def _sweep(self, crop, busy: np.ndarray) -> set[int]:
        """Look for finder patterns where nothing was found, one band of the frame
        per still frame (``sweep_bands`` upright strips, round robin; each at most
        ``sweep_passes`` times until one of its tiles is decoded anew). A tag whose
        finder patterns the sensor noise hid when its tile was decoded shows them on
        some later frame: finder groups that no decoded symbol and no candidate
        explains become candidates (``_retry``), read at once by the re-read.
        Returns the ids of the candidates added."""
        from .decode import _inside, find_finders, group_finders, group_region

        c = self.config
        nb = c.sweep_bands
        if nb <= 0 or c.sweep_passes <= 0:
            return set()
        if len(self._sweeps) != nb:
            self._sweeps = np.zeros(nb, int)
        b = next((i % nb for i in range(self._sweep_next, self._sweep_next + nb)
                  if self._sweeps[i % nb] < c.sweep_passes), None)
        if b is None:
            return set()
        self._sweep_next = b + 1
        self._sweeps[b] += 1
        H, W = self._shape
        x0, x1 = b * W / nb, (b + 1) * W / nb   # upright strips: cheap noise estimate
        quads = [s.corners_px for s in self._cache]
        qlo = np.array([q.min(0) for q in quads]).reshape(-1, 2)
        qhi = np.array([q.max(0) for q in quads]).reshape(-1, 2)
        m = 1.2 * max(float((qhi - qlo).max()) if quads else 0.0, 48.0)
        sub, (ox, oy) = crop(x0 - m, 0, x1 + m, H)
        if min(sub.shape[:2]) < 16:
            return set()
        # a finder inside a candidate of its own size is that candidate's (re-read
        # anyway); a large candidate's box does not hide small codes
        boxes = [(cd.corners_px.min(0), cd.corners_px.max(0), 7.0 * cd.px_per_module)
                 for cd in self._cands + self._retry if cd.reason != MARKER]
        finders = []
        for f in find_finders(sub):
            f = type(f)(f.x + ox, f.y + oy, f.side)
            pt, r = np.array([f.x, f.y]), 0.5 * f.side
            near = np.flatnonzero(((qlo - r) <= pt).all(1) & (pt <= (qhi + r)).all(1))
            if any(_inside((f.x, f.y), quads[i], r) for i in near):
                continue
            if any(lo[0] <= f.x <= hi[0] and lo[1] <= f.y <= hi[1] and 0.5 < f.side / side < 2.0
                   for lo, hi, side in boxes):
                continue
            ty0, ty1, tx0, tx1 = self._tiles_of_box(f.x, f.y, f.x, f.y)
            if busy[ty0:ty1, tx0:tx1].any():
                continue
            finders.append(f)
        added = set()
        for g in group_finders(finders):
            cx = float(np.mean([f.x for f in g]))
            if not x0 <= cx < x1:  # the next strip's
                continue
            rx0, ry0, rx1, ry1 = group_region(g, (H, W))
            quad = np.array([[rx0, ry0], [rx1, ry0], [rx1, ry1], [rx0, ry1]], np.float32)
            cd = Candidate(quad, float(np.median([f.side for f in g])) / 7.0, "unreadable", len(g))
            self._retry.append(cd)
            added.add(id(cd))
        return added

    def _component_of(self, sym: Symbol) -> str | None:
        """The component a decoded symbol tags (None: a fiducial, foreign, unknown)."""
        if sym.format == "ArUco":
            if self.registrar.is_fiducial(sym) or not sym.text.isdigit():
                return None
            return self._pieces.marker_owner(int(sym.text))
        return self._parse(sym.text).component

    def _is_aruco(self, comp: str) -> bool:
        """The component is tagged with an ArUco marker (a wooden piece: the QR
        re-read cannot read it)."""
        last = self._last_px.get(comp)
        if last is not None:
            return last[1].isdigit()
        spec = self._pieces.tag_spec(comp)
        return spec is not None and spec.symbol == "aruco"

    def _aruco_in(self, sub: np.ndarray) -> list[Symbol]:
        """ArUco markers in a re-read crop (the decoder's dictionary; small quads
        read again upscaled, ``vision.decode.detect_aruco``), pass ``"reread"``."""
        from .decode import detect_aruco

        a = self.decoder.aruco
        if a is False:
            return []
        return [Symbol(s.format, s.text, s.corners_px, s.backend, "reread", s.dictionary)
                for s in detect_aruco(sub, None if a is True else str(a))]

    def _expected_box(self, comp: str, sg: Sighting):
        """``(lo, hi)`` px box to re-read an expected component in: around its tag's
        corners where it was last read, else around where its sighting (surface mm)
        puts its top face (piece size and height from calibration's components; the
        surface's current pose). None when it cannot be placed in the frame."""
        last = self._last_px.get(comp)
        if last is not None:
            cp = last[0]
            lo, hi = cp.min(0), cp.max(0)
            pad = 0.6 * float((hi - lo).max())
            return lo - pad, hi + pad
        poses = self._placed[0] if self._placed is not None else {}
        pose = poses.get(sg.surface)
        if pose is None:
            return None
        size = self._pieces.size_mm(comp)
        half = 30.0 if size is None else 0.6 * max(size)
        x, y = sg.x_mm, sg.y_mm
        h = self._height(comp)
        cam = pose.camera_centre() if h > 0 else None
        if cam is not None and cam[2] > h:  # where the top face is seen (parallax)
            k = cam[2] / (cam[2] - h)
            x, y = cam[0] + (x - cam[0]) * k, cam[1] + (y - cam[1]) * k
        sq = np.array([[x - half, y - half], [x + half, y - half], [x + half, y + half],
                       [x - half, y + half]], np.float64)
        px = pose.to_px(sq)
        if not np.isfinite(px).all():
            return None
        lo, hi = px.min(0), px.max(0)
        H, W = self._shape
        if hi[0] <= 0 or hi[1] <= 0 or lo[0] >= W or lo[1] >= H:
            return None
        return lo, hi

    def _under_piece(self, sg: Sighting, observations) -> bool:
        """Whether a piece read in this frame stands on the tag of ``sg`` (a flat
        component: a story tile, an ad, a headline card), hiding it: a standing
        piece whose kind covers the tags under it (the game's components.json
        ``covers_tags``: a reporter, a marker; ``height_mm`` above 2 mm and above the
        flat piece's) on the same surface whose footprint overlaps the tag's (squares
        of the printed sizes, mm, around the two centres). At a table reporters stand
        on story tiles all game and often on their tags: such a story is there, not
        gone."""
        pieces = self._pieces
        h = pieces.height_mm(sg.component)
        spec = pieces.tag_spec(sg.component)
        if h is None or h > 2.0 or spec is None:
            return False
        half_tag = spec.size_mm / 2
        for ob in observations:
            o = ob.sighting
            if o.surface != sg.surface:
                continue
            oh = pieces.height_mm(o.component)
            if oh is None or oh <= max(2.0, h) or not pieces.covers_tags(o.component):
                continue
            size = pieces.size_mm(o.component)
            if size is None:
                continue
            reach = half_tag + max(size) / 2
            if abs(o.x_mm - sg.x_mm) < reach and abs(o.y_mm - sg.y_mm) < reach:
                return True
        return False

    def _card_area_px(self, track: Track) -> float:
        """Area (px) of the component's card/piece in the frame, from its tag's size
        in px and the printed sizes in calibration's components (mm)."""
        cp = track.corners_px
        side_px = float(np.mean([np.linalg.norm(cp[i] - cp[(i + 1) % 4]) for i in range(4)]))
        spec = self._pieces.tag_spec(track.sighting.component)
        if spec is None:  # unknown size: take the tag with its quiet zone, twice
            return 2.0 * (side_px * 1.4) ** 2
        ppm = side_px / spec.symbol_mm
        w, h = spec.piece_mm
        return w * h * ppm * ppm

    def _height(self, comp: str) -> float:
        """How far the component's tag stands above its surface (mm; calibration's
        components), 0 when ``piece_heights`` is off (the config's or the game's
        components.json) or the id has no size."""
        if not self.config.piece_heights or not self._pieces.heights:
            return 0.0
        return self._pieces.height_mm(comp) or 0.0

    def _interpret(self, poses: dict[str, SurfacePose]):
        reports: list[SymbolReport] = []
        sightings: list[Sighting] = []
        corners: dict[str, tuple[np.ndarray, str]] = {}
        for s in self._cache:
            if s.format == "ArUco":
                if self.registrar.is_fiducial(s):
                    surface = self.registrar.table[int(s.text)][0]
                    reports.append(SymbolReport(s, surface, "fiducial"))
                    continue
                comp = self._component_of(s)
                if comp is None:
                    reports.append(SymbolReport(s, None, "unknown marker"))
                    continue
            else:
                p = self._parse(s.text)
                if p.component is None:
                    reports.append(SymbolReport(s, None, p.reason or "foreign"))
                    continue
                comp = p.component
            surface, zone, x, y, ang = locate(s.corners_px, poses, self._height(comp))
            sg = Sighting(comp, surface, zone, x, y, ang)
            if comp in corners:  # the same component twice: keep the first
                reports.append(SymbolReport(s, comp, "duplicate", surface, zone, x, y, ang))
                continue
            corners[comp] = (s.corners_px, s.text)
            sightings.append(sg)

        pieces = self._pieces
        if pieces.riders:
            # carriers (stories) not read now but known: held by the tracker (read in
            # earlier frames, e.g. before the reporters or a hand covered their tags),
            # else expected by the game state (expect())
            known = {comp: tr.sighting for comp, tr in self.tracker.tracks.items()
                     if comp not in corners and pieces.is_carrier(comp)}
            for comp, sg in self._expected.items():
                if comp not in corners and comp not in known and pieces.is_carrier(comp):
                    known[comp] = sg
            sightings = riders_on_carriers(sightings, pieces.is_rider, pieces.is_carrier, pieces.footprint,
                                           list(known.values()))
        observations = []
        for sg in sightings:
            cp, text = corners[sg.component]
            observations.append(Observation(sg, cp, text))
            sym = next(s for s in self._cache if s.text == text)
            reports.append(SymbolReport(sym, sg.component, "ok", sg.surface, sg.zone,
                                        sg.x_mm, sg.y_mm, sg.angle_deg))
        return reports, observations

    def _occluded_zones(self, poses: dict[str, SurfacePose], occl: np.ndarray) -> frozenset[str]:
        if not occl.any():
            return frozenset()
        out = set()
        for surface, pose in poses.items():
            cached = self._zone_px_cache.get(surface)
            if cached is not None and cached[0] is pose:
                boxes = cached[1]
            else:  # a new pose: project the zones once
                boxes = []
                for z in pose.layout.zones:
                    px = pose.to_px(np.array(z.polygon, np.float64))
                    boxes.append((z.name, self._tiles_of_box(*px.min(0), *px.max(0))))
                self._zone_px_cache[surface] = (pose, boxes)
            for name, (ty0, ty1, tx0, tx1) in boxes:
                if occl[ty0:ty1, tx0:tx1].any():
                    out.add(f"{surface}/{name}")
        return frozenset(out)


def _isotropy(xx: float, xy: float, yy: float) -> float:
    """Smaller / larger eigenvalue of the structure tensor ``[[xx, xy], [xy, yy]]``
    (1: edges alike in every direction, 0: all one way)."""
    tr, det = xx + yy, xx * yy - xy * xy
    if tr <= 0:
        return 1.0
    big = tr / 2 + float(np.sqrt(max(tr * tr / 4 - det, 0.0)))
    return (tr - big) / big


def _unflip(rep: FrameReport, width: int) -> None:
    """Put a report of a frame read flipped left-right back into the frame as given
    (x -> width - 1 - x for every symbol's and candidate's corners)."""
    def back(pts: np.ndarray) -> np.ndarray:
        out = np.array(pts, np.float32, copy=True)
        out[:, 0] = (width - 1) - out[:, 0]
        return out

    from dataclasses import replace

    # new reports: the pipeline keeps its own (flipped) ones for the frames after
    rep.symbols = [replace(r, symbol=Symbol(r.symbol.format, r.symbol.text, back(r.symbol.corners_px),
                                            r.symbol.backend, r.symbol.pass_, r.symbol.dictionary))
                   for r in rep.symbols]
    rep.candidates = [Candidate(back(c.corners_px), c.px_per_module, c.reason, c.finders)
                      for c in rep.candidates]


def game_parser(game: str):
    """The payload reader of a registered game: its tag module's ``parse_payload``
    (``GameSpec.tags``). A game without tags reads no component (its own payloads
    are ``"garbled"``, every other ``"other game"`` or a reason of
    companion.tags.REASONS)."""
    spec = registry.get(game)
    if spec.tags:
        return registry.load_attr(spec.tags + ":parse_payload")
    from companion.tags import parse_tc1

    return lambda text: parse_tc1(text, spec.tag_code, {}, lambda *_: None)


def game_dictionary(game: str) -> str | bool:
    """The ArUco dictionary a registered game's markers use (components.json's
    ``aruco_dictionary``: a game whose markers take ids past DICT_4X4_100's has its
    pipeline read e.g. DICT_4X4_250, whose first 100 markers are DICT_4X4_100's); True
    (the project's default) for a game without tags or layouts."""
    from calibration.game_tags import aruco_dictionary_name, tags_module

    if tags_module(game) is None or not registry.get(game).layouts:
        return True
    return aruco_dictionary_name(game)


def game_layouts(game: str):
    """The layouts (calibration Layout objects) whose corner fiducials locate the
    surfaces of ``game``; () for a game without tags or table layouts."""
    from calibration.game_tags import layouts, tags_module

    if tags_module(game) is None or not registry.get(game).layouts:
        return ()
    return layouts(game)


def pipeline_for(source=None, lens=None, config: PipelineConfig | None = None,
                 game: str | None = None) -> Pipeline:
    """The pipeline the app, demo and scan use for a frame source.

    source: the source spec (camera index, video, folder). lens: ``--lens FILE``.
    The lens model comes from :func:`vision.register.registrar_for`. A recording
    whose ``recording.json`` says ``"pieces": "flat"`` (rendered with every tag on
    the table's plane, like the older bundled ones) is read without the piece-height
    correction. game: the registered game on the table (its tags and layouts;
    default: the default game, companion.registry.default()). Raises
    ``companion.errors.DataFileError`` for an unreadable lens file.
    """
    import json
    from dataclasses import replace
    from pathlib import Path

    from .register import registrar_for

    game = (registry.get(game) if game else registry.default()).id
    config = config or PipelineConfig()
    if isinstance(source, (str, Path)):
        p = Path(source)
        meta = (p if p.is_dir() else p.parent) / "recording.json"
        try:
            flat = json.loads(meta.read_text(encoding="utf-8")).get("pieces") == "flat"
        except (OSError, ValueError, AttributeError):
            flat = False
        if flat:
            config = replace(config, piece_heights=False)
    return Pipeline(config, registrar=registrar_for(lens, source=source, layout_names=game_layouts(game)),
                    game=game)


class PipelineWorker:
    """Runs a :class:`Pipeline` over a frame source on its own thread (off the UI).

    source: a :class:`vision.sources.FrameSource` or
    :class:`vision.sources.LatestFrameReader` (live cameras: only the newest frame).
    on_result: optional callback ``(snapshot, report)`` called on the worker thread
    (the app hops to its UI thread, e.g. Kivy's ``Clock.schedule_once``).
    Results also go to ``results`` (a queue holding only the newest result) and
    ``latest``. An exception while processing one frame is recorded in ``errors``
    and the worker goes on with the next frame. ``stop()`` ends the thread.
    """

    def __init__(self, source, pipeline: Pipeline | None = None,
                 on_result: Callable[[TableSnapshot, FrameReport], None] | None = None):
        self.source = source
        self.pipeline = pipeline or Pipeline()
        self.on_result = on_result
        self.results: queue.Queue = queue.Queue(maxsize=1)
        self.latest: tuple[TableSnapshot, FrameReport] | None = None
        self.errors: list[str] = []
        self.frames = 0
        self.done = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="vision-pipeline", daemon=True)

    def start(self) -> "PipelineWorker":
        self._thread.start()
        return self

    def _run(self) -> None:
        try:
            for frame in self.source:
                if self._stop.is_set():
                    break
                try:
                    out = self.pipeline.process(frame)
                except Exception as exc:  # report, keep the camera running
                    self.errors.append(f"frame {frame.index}: {type(exc).__name__}: {exc}")
                    del self.errors[:-100]
                    continue
                self.frames += 1
                self.latest = out
                try:
                    self.results.get_nowait()
                except queue.Empty:
                    pass
                self.results.put_nowait(out)
                if self.on_result is not None:
                    try:
                        self.on_result(*out)
                    except Exception as exc:
                        self.errors.append(f"on_result: {type(exc).__name__}: {exc}")
        finally:
            self.done.set()

    def get(self, timeout: float | None = None) -> tuple[TableSnapshot, FrameReport] | None:
        """The newest result not taken yet, waiting up to ``timeout`` s; None if none."""
        try:
            return self.results.get(timeout=timeout)
        except queue.Empty:
            return None

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        close = getattr(self.source, "close", None)
        self._thread.join(timeout)
        if close is not None:
            close()
