"""Frame sources: cameras, video files, image folders and test arrays behind one interface.

Every source is an iterable of :class:`Frame` (BGR uint8 image ``H x W x 3``, time ``t``
in seconds, running ``index``). Problems never escape as an exception storm: a
corrupted or empty frame is reported as a :class:`SourceEvent` and skipped, a camera
that drops is reopened with bounded retries and exponential backoff, and a video or
image list that ends simply ends iteration. Events go to ``source.events`` (the most
recent ones), ``source.status`` (the last kind) and to an optional ``on_event``
callback, so the app can show "camera lost, retrying (2/5)" in its live view.

Opening: :func:`open_source` takes a camera index (``0`` or ``"0"``), a video file,
an image file, a folder of images or a glob pattern. Unknown paths raise
:class:`SourceError` (a :class:`companion.errors.CompanionError`), the only error
raised here.

Cameras are asked for a mode (:class:`CameraSettings`: size, pixel format, frame
rate, and focus/exposure where the driver has them; default :data:`REFERENCE`,
3840x2160 MJPG at 30 fps, the reference setup). OpenCV's V4L2 backend otherwise
opens every camera at 640x480 YUYV. What the driver granted is read back
(:class:`CameraMode`, ``source.mode``) and reported (``"opened"``, and ``"mode"``
when it differs from what was asked).

For live cameras wrap the source in :class:`LatestFrameReader` (or use
:func:`open_live`): a thread reads continuously and hands out only the newest frame,
so a slow consumer never works on stale frames from the driver's buffer queue.

Frame times come from each frame's own time stamp: ``CAP_PROP_POS_MSEC`` for video
files (a variable-frame-rate file keeps its real timing), the capture time for
cameras (the driver's buffer time stamp when it gives one on the monotonic clock,
else the moment the frame was read).
"""

from __future__ import annotations

import collections
import glob
import os
import threading
import time
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Sequence

import numpy as np

from calibration.check import image_file_warning  # noqa: F401 (used here, and re-exported)
from calibration.picture import picture_dark  # noqa: F401 (used here, and re-exported)
from companion.errors import CompanionError

IMAGE_EXTS = (".png", ".jpg", ".jpeg", ".bmp", ".webp", ".tif", ".tiff", ".pgm", ".ppm")
VIDEO_EXTS = (".mp4", ".avi", ".mkv", ".mov", ".m4v", ".webm", ".mjpg", ".mjpeg", ".mpg", ".mpeg")


class SourceError(CompanionError):
    """A frame source that cannot be opened at all (missing path, unknown kind)."""


@dataclass(frozen=True, eq=False)
class Frame:
    """One camera frame.

    image: BGR ``uint8`` array of shape ``(H, W, 3)``.
    t: capture time in seconds (video: position in the file; camera: monotonic clock;
    images and arrays: ``index / fps``).
    index: running number of the frames handed out by the source (0, 1, 2 ...);
    skipped bad frames do not take a number.
    name: the file name for image sources, else ``""``.
    """

    image: np.ndarray
    t: float
    index: int
    name: str = ""


@dataclass(frozen=True)
class SourceEvent:
    """Something the source reports instead of raising.

    kind: ``"opened"``, ``"bad_frame"`` (corrupted/empty frame skipped), ``"dropped"``
    (camera stopped delivering), ``"reconnecting"`` (attempt n of max, after a delay),
    ``"reconnected"`` (frames again: after a drop, or a frozen picture moving again),
    ``"gave_up"`` (retries exhausted: iteration ends), ``"ended"`` (end of video /
    list), ``"closed"``; live cameras also ``"mode"`` (opened in another mode than
    asked), ``"frozen"`` (the very same picture for ``freeze_s``: the camera is
    reopened), ``"resized"`` (the picture size changed mid-stream), ``"clock"``
    (the driver's time stamps jumped: the read clock is used from then on),
    ``"dark"`` (the picture has shown nothing for ``dark_s``: dark or uniform, see
    :func:`picture_dark`; the message says whether since the camera opened, a slow
    warm-up waited for, or since it went dark: the light, a lens cap) and ``"lit"``
    (the picture shows something again after a ``"dark"``); image files also
    ``"damaged"`` (read, but cut short: :func:`image_file_warning`).
    message: human-readable detail. t: monotonic time of the event (s).
    """

    kind: str
    message: str
    t: float


#: the largest frame read (px): 8192 x 8192, 67 megapixels (the reference 4K camera
#: gives 8.3). A bigger picture is refused before it is decoded (memory stays bounded).
MAX_FRAME_PIXELS = 8192 * 8192


class Unreadable(str):
    """What a source's ``_next_raw`` gives instead of an image it could not read:
    the reason, in words (reported as a bad frame)."""


def check_image(image: object) -> str | None:
    """Return why ``image`` is not a usable frame, or ``None`` when it is.

    A usable frame is a ``uint8`` array ``(H, W, 3)`` (BGR), ``(H, W, 4)`` (BGRA) or
    ``(H, W)`` (grey) with H, W >= 8 and at most :data:`MAX_FRAME_PIXELS` pixels.
    Reasons: ``"no image"``, ``"not an array"``, ``"empty"``, ``"bad shape (...)"``,
    ``"too small (...)"``, ``"too large (...)"``, ``"bad dtype ... (8-bit images
    only)"``, or an :class:`Unreadable`'s own words.
    """
    if isinstance(image, Unreadable):
        return str(image)
    if image is None:
        return "no image"
    if not isinstance(image, np.ndarray):
        return "not an array"
    if image.size == 0:
        return "empty"
    if image.ndim not in (2, 3) or (image.ndim == 3 and image.shape[2] not in (1, 3, 4)):
        return f"bad shape {image.shape}"
    if image.shape[0] < 8 or image.shape[1] < 8:
        return f"too small {image.shape[:2]}"
    if image.shape[0] * image.shape[1] > MAX_FRAME_PIXELS:
        return (f"too large ({image.shape[1]}x{image.shape[0]} px; at most "
                f"{MAX_FRAME_PIXELS // 1_000_000} megapixels)")
    if image.dtype != np.uint8:
        return f"bad dtype {image.dtype} (8-bit images only)"
    return None


def image_file_problem(path: str) -> str | None:
    """Why the image file ``path`` cannot be a frame, found before decoding it (an
    empty file, a picture larger than :data:`MAX_FRAME_PIXELS`), or None. The size
    comes from the file's header (Pillow reads no pixels for it)."""
    try:
        size = os.path.getsize(path)
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    if size == 0:
        return "empty file (0 bytes)"
    try:
        from PIL import Image

        with Image.open(path) as im:
            w, h = im.size
    except Image.DecompressionBombError:
        return f"too large (over {Image.MAX_IMAGE_PIXELS * 2 // 1_000_000} megapixels)"
    except Exception:  # noqa: BLE001 (Pillow does not know it: OpenCV may)
        return None
    if w * h > MAX_FRAME_PIXELS:
        return f"too large ({w}x{h} px; at most {MAX_FRAME_PIXELS // 1_000_000} megapixels)"
    return None


def as_bgr(image: np.ndarray) -> np.ndarray:
    """Convert a checked grey/BGR/BGRA uint8 image to contiguous BGR ``(H, W, 3)``."""
    import cv2

    if image.ndim == 2 or image.shape[2] == 1:
        return cv2.cvtColor(image.reshape(image.shape[:2]), cv2.COLOR_GRAY2BGR)
    if image.shape[2] == 4:
        return cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    return np.ascontiguousarray(image)


class FrameSource:
    """Base class: an iterable of :class:`Frame` with events instead of exceptions.

    Subclasses implement :meth:`_next_raw` returning ``(image, t, name)`` or ``None``
    at the end. Bad images are reported (``"bad_frame"``) and skipped here.
    ``max_bad_in_row`` consecutive bad frames end a non-live source (a file that is
    garbage throughout must not spin forever).
    """

    live = False

    def __init__(self, on_event: Callable[[SourceEvent], None] | None = None,
                 max_bad_in_row: int = 50, clock: Callable[[], float] = time.monotonic):
        self.on_event = on_event
        self.events: collections.deque[SourceEvent] = collections.deque(maxlen=200)
        self.status = "new"
        self.bad_frames = 0
        self.max_bad_in_row = max_bad_in_row
        self._clock = clock
        self._index = 0
        self._closed = False

    # -- events ---------------------------------------------------------------------
    def _emit(self, kind: str, message: str) -> None:
        ev = SourceEvent(kind, message, self._clock())
        self.events.append(ev)
        self.status = kind
        if self.on_event is not None:
            try:
                self.on_event(ev)
            except Exception:  # a broken listener must not stop the camera
                pass

    # -- iteration ------------------------------------------------------------------
    def _next_raw(self) -> tuple[object, float, str] | None:  # pragma: no cover
        raise NotImplementedError

    def read(self) -> Frame | None:
        """Return the next good frame, or ``None`` when the source has ended."""
        bad_in_row = 0
        while not self._closed:
            raw = self._next_raw()
            if raw is None:
                if self.status not in ("gave_up", "ended", "closed"):
                    self._emit("ended", "no more frames")
                return None
            image, t, name = raw
            why = check_image(image)
            if why is not None:
                self.bad_frames += 1
                bad_in_row += 1
                self._emit("bad_frame", f"frame skipped ({name or 'frame'}): {why}")
                if not self.live and bad_in_row >= self.max_bad_in_row:
                    self._emit("ended", f"{bad_in_row} bad frames in a row")
                    return None
                continue
            frame = Frame(as_bgr(image), float(t), self._index, name)
            self._index += 1
            return frame
        return None

    def __iter__(self) -> Iterator[Frame]:
        while True:
            f = self.read()
            if f is None:
                return
            yield f

    def close(self) -> None:
        """Release the device/file. Safe to call twice."""
        if not self._closed:
            self._closed = True
            self._release()
            self._emit("closed", "source closed")

    def _release(self) -> None:
        pass

    def __enter__(self) -> "FrameSource":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class ArraySource(FrameSource):
    """Frames from given arrays (tests, the demo): ``t = index / fps``.

    images: any iterable of arrays; ``None`` or malformed items are reported as bad
    frames and skipped, like a corrupted camera frame. fps: frames per second used
    for the timestamps (default 30).
    """

    def __init__(self, images: Iterable[object], fps: float = 30.0, **kw):
        super().__init__(**kw)
        if fps <= 0:
            raise SourceError(f"fps must be > 0, got {fps}")
        self._it = iter(images)
        self._fps = float(fps)
        self._raw_i = 0

    def _next_raw(self):
        try:
            img = next(self._it)
        except StopIteration:
            return None
        t = self._raw_i / self._fps
        self._raw_i += 1
        return img, t, ""


class ImageSource(FrameSource):
    """Still images from a list of paths, read with OpenCV (PNG, JPEG, WebP ...).

    An unreadable file is reported as a bad frame and skipped. ``t = index / fps``
    (default 1 frame per second).
    """

    def __init__(self, paths: Sequence[str], fps: float = 1.0, **kw):
        super().__init__(**kw)
        self.paths = list(paths)
        self._fps = float(fps)
        self._i = 0
        self.max_bad_in_row = max(self.max_bad_in_row, len(self.paths) + 1)

    def _next_raw(self):
        import cv2

        if self._i >= len(self.paths):
            return None
        p = self.paths[self._i]
        t = self._i / self._fps
        self._i += 1
        why = image_file_problem(p)
        if why is not None:
            return Unreadable(why), t, p
        img = cv2.imread(p, cv2.IMREAD_COLOR)  # 16-bit and BGRA files come as 8-bit BGR
        if img is None:
            img = Unreadable("not a readable image (damaged, cut short, or not a picture)")
        else:
            warning = image_file_warning(p)
            if warning is not None:  # read as it is (the top may hold tags), but said
                self._emit("damaged", f"{p}: {warning}")
        return img, t, p


FOURCCS = ("MJPG", "YUYV", "H264")


def _fourcc_text(value: float) -> str:
    try:
        v = int(value)
    except (TypeError, ValueError):
        return ""
    if v <= 0:
        return ""
    text = "".join(chr((v >> (8 * i)) & 0xFF) for i in range(4))
    return text if text.isprintable() and text.strip() else ""


@dataclass(frozen=True)
class CameraSettings:
    """The mode a camera is asked for when it opens.

    size: ``(width, height)`` px, or None to keep the driver's default. fourcc:
    pixel format (``"MJPG"``, ``"YUYV"`` ...) or None = automatic: MJPG from
    1920x1080 up (UVC cameras give 1080p/4K at 30 fps only compressed; YUYV there
    runs at 2-5 fps). fps: frames per second or None. focus: None = leave the
    camera's autofocus as it is, a value (driver units, often 0..255) = autofocus
    off and this fixed focus. exposure: None = automatic exposure, a value (driver
    units) = manual exposure. buffers: driver buffers (``CAP_PROP_BUFFERSIZE``; V4L2
    keeps 4 by default, each a frame older than the last): 1 keeps only the newest,
    None leaves the driver's.
    """

    size: tuple[int, int] | None = (3840, 2160)
    fourcc: str | None = None
    fps: float | None = 30.0
    focus: float | None = None
    exposure: float | None = None
    buffers: int | None = 1

    @property
    def wanted_fourcc(self) -> str | None:
        if self.fourcc:
            return self.fourcc
        if self.size and self.size[0] * self.size[1] >= 1920 * 1080:
            return "MJPG"
        return None

    def __str__(self) -> str:
        size = f"{self.size[0]}x{self.size[1]}" if self.size else "the driver's size"
        fmt = f" {self.wanted_fourcc}" if self.wanted_fourcc else ""
        fps = f" {self.fps:g} fps" if self.fps else ""
        return f"{size}{fmt}{fps}"

    @classmethod
    def parse(cls, size: str | None = None, fourcc: str | None = None,
              fps: float | None = None) -> "CameraSettings":
        """Settings from command-line text: ``size`` ``"WxH"`` (e.g. ``"1920x1080"``),
        ``fourcc`` four characters (``"MJPG"``), ``fps``. Missing values keep the
        reference setup's. Raises :class:`SourceError` naming the bad value."""
        from companion.cliargs import parse_fourcc, parse_frame_rate, parse_size

        kw: dict = {}
        # the command line's own checks (there, argparse types: usage and exit 2 first)
        for key, option, value, parse in (("size", "--size", size, parse_size),
                                          ("fourcc", "--fourcc", fourcc, parse_fourcc),
                                          ("fps", "--fps", fps, parse_frame_rate)):
            if value is None or value == "":
                continue
            try:
                kw[key] = parse(value)
            except ValueError as exc:
                raise SourceError(f"{option}: {exc}") from None
        return cls(**kw)


#: the reference setup (docs/calibration.md): a 4K camera 1.0-1.1 m above the
#: table looking straight down with a 72-85 degree lens, MJPG at 30 fps
REFERENCE = CameraSettings()


@dataclass(frozen=True)
class CameraMode:
    """What a camera delivers (read back after asking): width, height (px), fps and
    the pixel format (``""`` when the backend does not say)."""

    width: int
    height: int
    fps: float
    fourcc: str = ""

    def __str__(self) -> str:
        fmt = f" {self.fourcc}" if self.fourcc else ""
        fps = f" {self.fps:g} fps" if self.fps else ""
        return f"{self.width}x{self.height}{fmt}{fps}"


def read_mode(cap) -> CameraMode:
    """The mode a ``cv2.VideoCapture`` delivers now."""
    import cv2

    def get(prop) -> float:
        try:
            return float(cap.get(prop) or 0.0)
        except Exception:
            return 0.0

    return CameraMode(int(get(cv2.CAP_PROP_FRAME_WIDTH)), int(get(cv2.CAP_PROP_FRAME_HEIGHT)),
                      round(get(cv2.CAP_PROP_FPS), 2), _fourcc_text(get(cv2.CAP_PROP_FOURCC)))


def apply_settings(cap, settings: CameraSettings) -> tuple[CameraMode, list[str]]:
    """Ask an open ``cv2.VideoCapture`` for ``settings`` and read back what it gave.

    Order as V4L2 wants it: pixel format, size, frame rate, then focus and exposure.
    Returns ``(mode, notes)``: notes name what the driver refused or changed (a
    control it does not have, a size it does not offer). Never raises.
    """
    import cv2

    notes: list[str] = []
    setter = getattr(cap, "set", None)

    def put(prop, value, what: str) -> bool:
        if setter is None:
            return False
        try:
            ok = bool(setter(prop, value))
        except Exception:
            ok = False
        if not ok:
            notes.append(f"{what}: not available on this camera")
        return ok

    fourcc = settings.wanted_fourcc
    if fourcc:
        put(cv2.CAP_PROP_FOURCC, cv2.VideoWriter_fourcc(*fourcc), f"pixel format {fourcc}")
    if settings.size:
        put(cv2.CAP_PROP_FRAME_WIDTH, settings.size[0], "width")
        put(cv2.CAP_PROP_FRAME_HEIGHT, settings.size[1], "height")
    if settings.fps:
        put(cv2.CAP_PROP_FPS, settings.fps, "frame rate")
    if settings.buffers:
        put(cv2.CAP_PROP_BUFFERSIZE, settings.buffers, "driver buffers")
    if settings.focus is not None:
        put(cv2.CAP_PROP_AUTOFOCUS, 0, "autofocus off")
        put(cv2.CAP_PROP_FOCUS, settings.focus, "focus")
    if settings.exposure is not None:
        put(cv2.CAP_PROP_AUTO_EXPOSURE, 1, "manual exposure")  # V4L2: 1 = manual
        put(cv2.CAP_PROP_EXPOSURE, settings.exposure, "exposure")
    mode = read_mode(cap)
    if settings.size and (mode.width, mode.height) != tuple(settings.size) and mode.width:
        notes.append(f"asked {settings.size[0]}x{settings.size[1]}, the camera gives "
                     f"{mode.width}x{mode.height}")
    if fourcc and mode.fourcc and mode.fourcc != fourcc:
        notes.append(f"asked {fourcc}, the camera gives {mode.fourcc}")
    if settings.fps and mode.fps and mode.fps < 0.8 * settings.fps:
        notes.append(f"asked {settings.fps:g} fps, the camera gives {mode.fps:g} fps")
    return mode, notes


#: sizes tried by :func:`probe_modes` (common UVC sizes, largest first)
PROBE_SIZES = ((3840, 2160), (2592, 1944), (2560, 1440), (1920, 1080), (1600, 1200),
               (1280, 960), (1280, 720), (1024, 768), (800, 600), (640, 480))


def probe_modes(index: int, capture_factory: Callable | None = None,
                sizes: Sequence[tuple[int, int]] = PROBE_SIZES) -> list[CameraMode]:
    """The modes camera ``index`` offers: each common size is asked for (MJPG, then
    YUYV) and what the driver grants is kept, largest first, without repeats.
    OpenCV cannot list a camera's modes directly; this is how to learn them through
    it. Empty when the camera does not open."""
    import cv2

    cap = (capture_factory or cv2.VideoCapture)(index)
    try:
        if cap is None or not cap.isOpened():
            return []
        seen: dict[tuple[int, int, str], CameraMode] = {}
        for fourcc in ("MJPG", "YUYV"):
            for w, h in sizes:
                mode, _ = apply_settings(cap, CameraSettings((w, h), fourcc, 30.0))
                if mode.width and mode.height:
                    key = (mode.width, mode.height, mode.fourcc)
                    if key not in seen or mode.fps > seen[key].fps:
                        seen[key] = mode
        return sorted(seen.values(), key=lambda m: (-m.width * m.height, -m.fps, m.fourcc))
    finally:
        if cap is not None:
            try:
                cap.release()
            except Exception:
                pass


class CaptureSource(FrameSource):
    """A camera (``int`` index) or a video file read through ``cv2.VideoCapture``.

    Camera: opened in ``settings`` (default :data:`REFERENCE`; None = the driver's
    default mode), read back into ``mode``. A failed read or a device that does not
    open counts as a drop; the source reopens it (in the same mode) after
    ``backoff_s``, doubling up to ``backoff_max_s``, at most ``max_retries`` times in
    a row (``None``: for ever, as the app does while a game is open), reporting
    ``"reconnecting"``; :meth:`retry_now` cuts the wait short. After the retries it
    reports ``"gave_up"`` and iteration ends. ``t``: the driver's capture time stamp
    when it is on the monotonic clock, else ``clock()`` when the frame was read.
    Video file: the end of the file (or a read that fails) ends iteration cleanly;
    ``t`` is the frame's own time stamp in the file (s, ``CAP_PROP_POS_MSEC``; from
    the frame count and the file's fps only when the file has no time stamps).

    Live faults other than a drop (each reported, none raised; frame times always
    increase):
    - frozen picture: a driver that hands out the same buffer again and again (a
      stalled UVC stream). A real sensor never gives two identical frames, so the
      very same picture (a sample of its pixels) for ``freeze_s`` seconds is
      reported ``"frozen"`` and the camera reopened (again after ``freeze_s``,
      doubling up to ``backoff_max_s``, while it stays frozen); the first new
      picture is reported ``"reconnected"``.
    - picture size changed mid-stream (a USB reset renegotiating the mode): reported
      ``"resized"``, the asked ``settings`` applied again once, and the frame of the
      odd size not handed out; when the camera keeps the new size it is used (and
      ``mode`` updated) from the next frame: the pipeline starts its maps afresh.
    - time stamps that jump (a driver stamp more than 1 s off its usual lag behind
      the read clock, in either direction): reported ``"clock"``; the read clock is
      used until the camera is reopened.
    - a dark or uniform picture (:func:`picture_dark`: the light off, a lens cap,
      an exposure settling after the camera opened, which takes some webcams
      several seconds): handed out as it is (the pipeline does not read it) and
      never counted as frozen (a lens cap gives the very same black picture again
      and again), so a slow warm-up is waited for, not reopened; after ``dark_s``
      seconds of it, reported ``"dark"`` (once per spell; ``dark`` is True while it
      lasts, ``dark_since_open`` when no picture was seen since the camera opened),
      and ``"lit"`` when the picture shows something again.

    capture_factory: ``spec -> capture`` object with ``isOpened() / read() /
    release() / get(prop)`` and optionally ``set(prop, value)`` (default
    ``cv2.VideoCapture``; tests pass a fake). sleep: the wait function (tests pass a
    no-op; default: a wait that :meth:`retry_now` and :meth:`close` interrupt).
    clock: the read clock (default ``time.monotonic``; V4L2's buffer stamps are on
    it). freeze_s: seconds of one unchanged picture that count as frozen (s).
    dark_s: seconds of a dark picture before it is reported ``"dark"`` (s; a camera
    whose exposure settles within it is no news).
    """

    def __init__(self, spec: int | str, *, capture_factory: Callable | None = None,
                 max_retries: int | None = 5, backoff_s: float = 0.5, backoff_max_s: float = 4.0,
                 sleep: Callable[[float], None] | None = None,
                 settings: CameraSettings | None = REFERENCE, freeze_s: float = 2.0,
                 dark_s: float = 1.0, **kw):
        super().__init__(**kw)
        import cv2

        self.spec = spec
        self.live = isinstance(spec, int)
        self._factory = capture_factory or cv2.VideoCapture
        self.max_retries = max_retries
        self.backoff_s = backoff_s
        self.backoff_max_s = backoff_max_s
        self._wake = threading.Event()
        self._sleep = sleep or self._wait
        self.settings = settings if self.live else None
        self.mode: CameraMode | None = None
        self.mode_notes: list[str] = []
        self._cap = None
        self._fps = 0.0
        self._raw_i = 0
        self._last_t = -1.0
        self._interrupted = False
        self.reconnects = 0
        self.freeze_s = freeze_s
        self._shape = None         # (H, W) of the frames handed out
        self._resized_to = None    # an odd size already asked away once
        self._print = None         # sample of the last picture, its first time seen
        self._print_since = 0.0
        self._frozen_next = 0.0    # when a frozen camera is reopened next
        self._frozen_wait = 0.0
        self.frozen = False
        self.dark_s = dark_s
        self.dark = False          # reported dark, not lit again yet
        self.dark_since_open = False
        self._dark_from = None     # clock time of the first dark picture of this spell
        self._seen_since_open = False  # a picture that shows something since (re)opening
        self._stamps_ok = True     # the driver's stamps are used until they jump
        self._lag = None           # read clock - driver stamp (s), while used
        self._last_ms = 0.0

    def _wait(self, delay: float) -> None:
        self._wake.wait(delay)
        self._wake.clear()

    def retry_now(self) -> None:
        """Cut the current reconnect wait short (the app's "retry now" button)."""
        self._wake.set()

    def interrupt(self) -> None:
        """Make a waiting or reconnecting read return ``None`` soon (before close)."""
        self._interrupted = True
        self._wake.set()

    def _open(self) -> bool:
        import cv2

        try:
            cap = self._factory(self.spec)
        except Exception as exc:  # some backends raise on a missing device
            self._emit("dropped", f"cannot open {self.spec!r}: {exc}")
            return False
        if cap is None or not cap.isOpened():
            if cap is not None:
                try:
                    cap.release()
                except Exception:
                    pass
            return False
        if not self.live:  # a video whose frames would not fit: refused before decoding
            try:
                w, h = int(cap.get(cv2.CAP_PROP_FRAME_WIDTH) or 0), int(cap.get(cv2.CAP_PROP_FRAME_HEIGHT) or 0)
            except Exception:  # noqa: BLE001
                w = h = 0
            if w * h > MAX_FRAME_PIXELS:
                from companion.clitext import tx

                self._open_problem = tx("source.video_too_large", "frames too large ({w}x{h} px; at most {mp} "
                                        "megapixels)", w=w, h=h, mp=MAX_FRAME_PIXELS // 1_000_000)
                cap.release()
                return False
        self._cap = cap
        self._seen_since_open = False
        self._stamps_ok, self._lag = True, None
        self._shape = self._resized_to = None  # a reopened camera may give another mode
        if self.live:
            if self.settings is not None:
                self.mode, self.mode_notes = apply_settings(cap, self.settings)
            else:
                self.mode, self.mode_notes = read_mode(cap), []
        try:
            fps = float(cap.get(cv2.CAP_PROP_FPS) or 0.0)
        except Exception:
            fps = 0.0
        self._fps = fps if fps > 0 else 30.0
        if self.live:
            asked = f" (asked {self.settings})" if self.settings is not None else ""
            self._emit("opened", f"camera {self.spec}: {self.mode}{asked}")
            if self.mode_notes:
                self._emit("mode", f"camera {self.spec}: " + "; ".join(self.mode_notes))
        else:
            self._emit("opened", f"opened {self.spec!r}")
        return True

    def _drop(self) -> None:
        if self._cap is not None:
            try:
                self._cap.release()
            except Exception:
                pass
        self._cap = None

    def _reconnect(self, why: str) -> bool:
        """Reopen a camera with bounded retries; False when given up."""
        self._emit("dropped", f"camera {self.spec!r}: {why}")
        self._drop()
        delay = self.backoff_s
        attempt = 0
        while self.max_retries is None or attempt < self.max_retries:
            attempt += 1
            of = f"/{self.max_retries}" if self.max_retries is not None else ""
            self._emit("reconnecting", f"attempt {attempt}{of} in {delay:.1f} s")
            self._sleep(delay)
            if self._closed or self._interrupted:
                return False
            if self._open():
                self.reconnects += 1
                self._emit("reconnected", f"camera {self.spec!r} back after {attempt} attempt(s)")
                return True
            delay = min(delay * 2, self.backoff_max_s)
        if self._index == 0 and not self.reconnects:
            self._emit("gave_up", f"camera {self.spec!r} could not be opened ({self.max_retries} tries): "
                                  "is it connected, and is the index right?")
        else:
            self._emit("gave_up", f"camera {self.spec!r} did not come back after "
                                  f"{self.max_retries} attempts")
        return False

    def _next_raw(self):
        failures = 0  # drops in a row without a good read: bounded like the retries
        while not self._closed and not self._interrupted:
            if self.status in ("gave_up", "ended"):
                return None
            if self._cap is None and not self._open():
                if not self.live:
                    from companion.clitext import tx  # people read it (demo, scan): their language

                    self._emit("ended", tx("source.video_unopened", "the video cannot be opened: {why}",
                                           why=self._video_problem()))
                    return None
                failures += 1
                if self._exhausted(failures) or not self._reconnect("did not open"):
                    self._give_up(failures)
                    return None
                continue
            try:
                ok, img = self._cap.read()
                why = "read failed"
            except Exception as exc:
                ok, img, why = False, None, f"read raised {exc}"
            if not ok:
                if not self.live:
                    return None  # end of file
                failures += 1
                if self._exhausted(failures) or not self._reconnect(why):
                    self._give_up(failures)
                    return None
                continue
            if self.live and isinstance(img, np.ndarray) and img.ndim >= 2 and img.size:
                if not self._check_size(img):
                    continue
                now = self._clock()
                if not self._check_dark(img, now) and self._check_frozen(img, now):
                    continue
            t = self._frame_time()
            self._raw_i += 1
            return img, t, ""
        return None

    def _check_size(self, img: np.ndarray) -> bool:
        """False for a frame whose size changed mid-stream (not handed out)."""
        shape = img.shape[:2]
        if self._shape is None or shape == self._shape:
            self._shape = self._shape or shape
            self._resized_to = None
            return True
        if self._resized_to != shape:  # first frame of the new size: ask again once
            self._resized_to = shape
            self._emit("resized", f"camera {self.spec}: the picture changed from "
                                  f"{self._shape[1]}x{self._shape[0]} to {shape[1]}x{shape[0]}")
            if self.settings is not None and self._cap is not None:
                apply_settings(self._cap, self.settings)
            return False
        # the camera keeps the new size: go on with it
        self._shape, self._resized_to = shape, None
        self.mode = read_mode(self._cap) if self._cap is not None else self.mode
        if self.mode is None or (self.mode.width, self.mode.height) != (shape[1], shape[0]):
            old = self.mode
            self.mode = CameraMode(shape[1], shape[0], old.fps if old else 0.0, old.fourcc if old else "")
        self._emit("mode", f"camera {self.spec}: now {self.mode}")
        return True

    def _check_dark(self, img: np.ndarray, now: float) -> bool:
        """True for a dark or uniform picture (:func:`picture_dark`; handed out, never
        frozen); reports ``"dark"`` after ``dark_s`` of it and ``"lit"`` after."""
        why = picture_dark(img)
        if why is None:
            self._dark_from = None
            self._seen_since_open = True
            if self.dark:
                self.dark = self.dark_since_open = False
                self._emit("lit", f"camera {self.spec}: the picture shows the table again")
            return False
        self._print = None  # the frozen check starts afresh after the spell
        if self._dark_from is None:
            self._dark_from = now
        if not self.dark and now - self._dark_from >= self.dark_s - 1e-6:  # (clock rounding)
            self.dark = True
            self.dark_since_open = not self._seen_since_open
            if self.dark_since_open:
                self._emit("dark", f"camera {self.spec}: the picture is {why} since the camera opened; "
                                   "waiting for it (exposure settling); if it stays so: the light, "
                                   "a lens cap")
            else:
                self._emit("dark", f"camera {self.spec}: the picture went {why}: the light, a lens "
                                   "cap, the exposure?")
        return True

    def _check_frozen(self, img: np.ndarray, now: float) -> bool:
        """True when the camera was reopened because its picture froze (the frame is
        not handed out then)."""
        import zlib

        h, w = img.shape[:2]
        # a grid of about 1,000 pixels (sensor noise changes them all) and the whole
        # first row (where some cameras, and the test cameras, stamp a frame counter)
        sample = img[h // 64::max(1, h // 32), w // 64::max(1, w // 32)]
        fp = (img.shape, zlib.crc32(np.ascontiguousarray(sample).tobytes(),
                                    zlib.crc32(np.ascontiguousarray(img[0]).tobytes())))
        if fp != self._print:
            self._print, self._print_since = fp, now
            if self.frozen:
                self.frozen = False
                self.reconnects += 1
                self._emit("reconnected", f"camera {self.spec}: the picture moves again")
            return False
        if self.freeze_s is None or now - self._print_since < self.freeze_s:
            return False
        if not self.frozen:
            self.frozen = True
            self._frozen_wait = self.freeze_s
            self._emit("frozen", f"camera {self.spec}: the same picture for "
                                 f"{now - self._print_since:.0f} s: reopening the camera")
        elif now < self._frozen_next:
            return False
        else:
            self._frozen_wait = min(self._frozen_wait * 2, max(self.backoff_max_s, self.freeze_s))
        self._frozen_next = now + self._frozen_wait
        self._drop()  # reopened by the next read, in the same mode
        return True

    def _video_problem(self) -> str:
        """Why the video file did not open, in the command line's language."""
        from companion.clitext import os_error, tx

        if getattr(self, "_open_problem", None):
            return self._open_problem
        try:
            if os.path.getsize(self.spec) == 0:
                return tx("source.video_empty", "an empty file (0 bytes)")
        except OSError as exc:
            return tx("source.video_unreadable", "the file cannot be read ({why})", why=os_error(exc))
        return tx("source.video_damaged", "damaged, or not a video format that can be read")

    def _exhausted(self, failures: int) -> bool:
        return self.max_retries is not None and failures > self.max_retries

    def _frame_time(self) -> float:
        """The frame's own time stamp (s); see the class docstring."""
        import cv2

        try:
            ms = float(self._cap.get(cv2.CAP_PROP_POS_MSEC) or 0.0)
        except Exception:
            ms = 0.0
        if self.live:
            now = self._clock()
            # V4L2 gives the buffer's capture time on the monotonic clock; anything
            # else (0, a wall-clock or a frame count) is not comparable: read time
            lag = now - ms / 1000.0
            usable = ms > 0 and 0 <= lag < 5.0
            again = ms > 0 and ms == self._last_ms  # the same buffer again (a stalled
            self._last_ms = ms                       # driver): not a clock that jumped
            if again:
                usable = False
            elif self._stamps_ok and self._lag is not None and (not usable or abs(lag - self._lag) > 1.0):
                self._stamps_ok = False  # jumped: not trusted again until reopened
                self._emit("clock", f"camera {self.spec}: its time stamps jumped by "
                                    f"{self._lag - lag:+.1f} s; using the tablet's clock")
            t = ms / 1000.0 if self._stamps_ok and usable else now
            if self._stamps_ok and usable:
                self._lag = lag
            if t <= self._last_t:  # never backwards, never twice the same time
                t = self._last_t + 1e-3
        elif ms > 0 or self._raw_i == 0:
            t = ms / 1000.0
        else:  # a file without time stamps: frame count / fps
            t = self._raw_i / self._fps
        if t <= self._last_t and not self.live and ms <= 0:
            t = self._raw_i / self._fps
        self._last_t = t
        return t

    def _give_up(self, failures: int) -> None:
        if self.status != "gave_up" and not self._interrupted:
            self._emit("gave_up", f"camera {self.spec!r} keeps failing ({failures} drops in a row)")
        self._drop()

    def _release(self) -> None:
        self._wake.set()
        self._drop()


def _expand(spec: str) -> list[str]:
    if any(c in spec for c in "*?["):
        return sorted(p for p in glob.glob(spec, recursive=True) if os.path.isfile(p))
    if os.path.isdir(spec):
        out = []
        for root, _dirs, files in os.walk(spec):
            out += [os.path.join(root, f) for f in files]
        return sorted(out)
    return [spec]


def media_kind(path: str) -> str:
    """``"image"``, ``"video"`` or ``"other"`` from the file extension."""
    ext = os.path.splitext(path)[1].lower()
    if ext in IMAGE_EXTS:
        return "image"
    if ext in VIDEO_EXTS:
        return "video"
    return "other"


def open_source(spec: str | int, *, fps: float | None = None, **kw) -> FrameSource:
    """Open a frame source from a spec.

    spec: camera index (``0`` or ``"0"``) -> :class:`CaptureSource` (live, reconnects);
    a video file (by extension, e.g. ``.mp4``, ``.avi``) -> :class:`CaptureSource`;
    an image file, a folder (images inside, recursively, sorted) or a glob pattern
    -> :class:`ImageSource`. fps: timestamps for image sources (default 1).
    settings: the :class:`CameraSettings` a camera is opened with (default
    :data:`REFERENCE`; ignored for files). Other keyword arguments go to the source
    (``on_event``, ``capture_factory``, ``max_retries`` ...).

    Raises :class:`SourceError` for a path that does not exist, a folder or pattern
    without images, or a file that is neither image nor video.
    """
    settings = kw.pop("settings", REFERENCE)
    if isinstance(spec, bool):
        raise SourceError(f"not a frame source: {spec!r}")
    if isinstance(spec, int) or (isinstance(spec, str) and spec.strip().isdigit()):
        from companion.cliargs import parse_camera_index

        try:   # OpenCV itself crashes on a negative index and overflows on a huge one
            index = parse_camera_index(str(spec))
        except ValueError as exc:
            raise SourceError(f"{spec}: {exc}") from None
        return CaptureSource(index, settings=settings, **kw)
    if not isinstance(spec, str) or not spec:
        raise SourceError(f"not a frame source: {spec!r}")
    paths = _expand(spec)
    if len(paths) == 1 and paths[0] == spec:
        from companion.clitext import tx  # people read these: in the command line's language

        if not os.path.exists(spec):
            raise SourceError(tx("scan.missing", "{source}: no such file, folder or camera index", source=spec))
        kind = media_kind(spec)
        if kind == "video":
            return CaptureSource(spec, **kw)
        if kind == "image":
            return ImageSource([spec], fps=fps or 1.0, **kw)
        raise SourceError(tx("source.not_media", "{source}: not an image or video file (extension {ext})",
                             source=spec, ext=os.path.splitext(spec)[1] or tx("source.no_ext", "none")))
    images = [p for p in paths if media_kind(p) == "image"]
    if not images:
        raise SourceError(f"{spec}: no image files found")
    return ImageSource(images, fps=fps or 1.0, **kw)


def add_camera_arguments(parser) -> None:
    """``--size WxH``, ``--fourcc``, ``--fps``, ``--focus``, ``--exposure``: the camera
    mode, for every command that opens a camera (read with :func:`settings_from_args`)."""
    from companion.cliargs import camera_size, fourcc, frame_rate  # a bad value: usage, exit 2

    parser.add_argument("--size", metavar="WxH", type=camera_size,
                        help="camera size to ask for (default 3840x2160, the reference 4K camera; "
                        "e.g. 1920x1080)")
    parser.add_argument("--fourcc", metavar="CODE", type=fourcc,
                        help="camera pixel format (default MJPG from 1920x1080 up, which UVC "
                        "cameras need for 30 fps; e.g. YUYV)")
    parser.add_argument("--fps", type=frame_rate, metavar="N", help="camera frame rate (default 30)")
    parser.add_argument("--focus", type=float, metavar="V",
                        help="fixed focus in the driver's units (autofocus off); default: the camera's own")
    parser.add_argument("--exposure", type=float, metavar="V",
                        help="manual exposure in the driver's units; default: automatic")


def settings_from_args(args) -> CameraSettings:
    """The :class:`CameraSettings` of ``--size/--fourcc/--fps`` (missing: the
    reference setup's). Raises SourceError for a bad value."""
    from dataclasses import replace

    settings = CameraSettings.parse(getattr(args, "size", None), getattr(args, "fourcc", None),
                                    getattr(args, "fps", None))
    return replace(settings, focus=getattr(args, "focus", None), exposure=getattr(args, "exposure", None))


def grab_frames(index: int, count: int, settings: CameraSettings | None = REFERENCE,
                settle: int = 10, timeout_s: float = 10.0, **kw) -> tuple[list[np.ndarray], CameraMode | None]:
    """``count`` fresh BGR frames from camera ``index`` after ``settle`` frames (auto
    exposure), through the latest-frame reader; returns ``(frames, mode)``. Dark or
    uniform pictures (:func:`picture_dark`: a camera still warming up) are waited
    out within ``timeout_s`` and not counted; when nothing else came, the last
    ``count`` of them are returned (the caller says the view is dark). Raises
    SourceError when the camera does not open or gives no frame in ``timeout_s``."""
    events: list[SourceEvent] = []
    src = CaptureSource(int(index), settings=settings, max_retries=1, backoff_s=0.2,
                        on_event=events.append, **kw)
    reader = LatestFrameReader(src)
    frames: list[np.ndarray] = []
    dark: collections.deque = collections.deque(maxlen=max(1, count))
    seen = 0
    deadline = time.monotonic() + timeout_s
    try:
        while len(frames) < count and time.monotonic() < deadline:
            f = reader.get(timeout=0.5)
            if f is None:
                if reader.ended:
                    break
                continue
            if picture_dark(f.image) is not None:
                dark.append(f.image)
                continue
            seen += 1
            if seen > settle:
                frames.append(f.image)
    finally:
        reader.close()
    if not frames and dark:
        frames = list(dark)
    if not frames:
        why = next((e.message for e in reversed(events) if e.kind in ("gave_up", "dropped")), "")
        raise SourceError(why or f"camera {index} gave no frame: is it connected, and is the index right?")
    return frames, src.mode


def open_live(spec: str | int, **kw):
    """:func:`open_source`, with a camera wrapped in :class:`LatestFrameReader` (the
    way every live consumer reads: the app's session, demo, scan, calibrate).
    Files and folders are returned as they are (every frame counts there)."""
    src = open_source(spec, **kw)
    return LatestFrameReader(src) if src.live else src


class LatestFrameReader:
    """Reads a (live) source on a thread and keeps only the newest frame.

    ``get(timeout)`` returns the newest frame not handed out yet, waiting up to
    ``timeout`` seconds, or ``None`` (nothing new, or the source ended: see
    ``ended``). Older unread frames are dropped and counted in ``dropped``.
    Iterating yields frames until the source ends. ``close()`` stops the thread and
    closes the source. ``live``, ``status``, ``events``, ``mode`` and
    :meth:`retry_now` are the source's.
    """

    live = True

    @property
    def status(self) -> str:
        return self.source.status

    @property
    def events(self):
        return self.source.events

    @property
    def mode(self):
        return getattr(self.source, "mode", None)

    def retry_now(self) -> None:
        """Cut a camera's reconnect wait short (see CaptureSource.retry_now)."""
        fn = getattr(self.source, "retry_now", None)
        if fn is not None:
            fn()

    def read(self, timeout: float | None = None) -> Frame | None:
        """The next (newest) frame, waiting for it; ``None`` once the source ended."""
        while True:
            f = self.get(timeout=0.5 if timeout is None else timeout)
            if f is not None or self.ended or timeout is not None:
                return f

    def __init__(self, source: FrameSource):
        self.source = source
        self.dropped = 0
        self.ended = False
        self._latest: Frame | None = None
        self._cond = threading.Condition()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="frame-reader", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                f = self.source.read()
                with self._cond:
                    if f is None:
                        self.ended = True
                        self._cond.notify_all()
                        return
                    if self._latest is not None:
                        self.dropped += 1
                    self._latest = f
                    self._cond.notify_all()
        except Exception as exc:  # report, never kill the app
            self.source._emit("gave_up", f"reader stopped: {exc}")
            with self._cond:
                self.ended = True
                self._cond.notify_all()

    def get(self, timeout: float | None = 1.0) -> Frame | None:
        with self._cond:
            if self._latest is None and not self.ended:
                self._cond.wait_for(lambda: self._latest is not None or self.ended, timeout)
            f, self._latest = self._latest, None
            return f

    def __iter__(self) -> Iterator[Frame]:
        while True:
            f = self.get(timeout=0.5)
            if f is not None:
                yield f
            elif self.ended:
                with self._cond:
                    f, self._latest = self._latest, None
                if f is not None:
                    yield f
                return

    def close(self) -> None:
        self._stop.set()
        interrupt = getattr(self.source, "interrupt", None)
        if interrupt is not None:
            interrupt()  # ends a reconnect wait; the device is released below, after
        self._thread.join(timeout=5.0)  # the thread left read() (never under its feet)
        self.source.close()

    def __enter__(self) -> "LatestFrameReader":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
