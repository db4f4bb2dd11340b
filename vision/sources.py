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

For live cameras wrap the source in :class:`LatestFrameReader`: a thread reads
continuously and hands out only the newest frame, so a slow consumer never works on
stale frames.
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
    ``"reconnected"``, ``"gave_up"`` (retries exhausted: iteration ends), ``"ended"``
    (end of video / list), ``"closed"``.
    message: human-readable detail. t: monotonic time of the event (s).
    """

    kind: str
    message: str
    t: float


def check_image(image: object) -> str | None:
    """Return why ``image`` is not a usable frame, or ``None`` when it is.

    A usable frame is a ``uint8`` array ``(H, W, 3)`` (BGR) or ``(H, W)`` (grey) with
    H, W >= 8. Reasons: ``"no image"``, ``"not an array"``, ``"empty"``, ``"bad shape
    (...)"``, ``"bad dtype ..."``.
    """
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
    if image.dtype != np.uint8:
        return f"bad dtype {image.dtype}"
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
        img = cv2.imread(p, cv2.IMREAD_COLOR)
        return img, t, p


class CaptureSource(FrameSource):
    """A camera (``int`` index) or a video file read through ``cv2.VideoCapture``.

    Camera: a failed read or a device that does not open counts as a drop; the source
    reopens it after ``backoff_s``, doubling up to ``backoff_max_s``, at most
    ``max_retries`` times in a row, reporting ``"reconnecting"``; after that it
    reports ``"gave_up"`` and iteration ends. Timestamps come from ``clock``.
    Video file: the end of the file (or a read that fails) ends iteration cleanly;
    ``t`` is the position in the file (s), from the frame count and the file's fps.

    capture_factory: ``spec -> capture`` object with ``isOpened() / read() /
    release() / get(prop)`` (default ``cv2.VideoCapture``; tests pass a fake).
    sleep: the wait function (tests pass a no-op).
    """

    def __init__(self, spec: int | str, *, capture_factory: Callable | None = None,
                 max_retries: int = 5, backoff_s: float = 0.5, backoff_max_s: float = 4.0,
                 sleep: Callable[[float], None] = time.sleep, **kw):
        super().__init__(**kw)
        import cv2

        self.spec = spec
        self.live = isinstance(spec, int)
        self._factory = capture_factory or cv2.VideoCapture
        self.max_retries = max_retries
        self.backoff_s = backoff_s
        self.backoff_max_s = backoff_max_s
        self._sleep = sleep
        self._cap = None
        self._fps = 0.0
        self._raw_i = 0
        self.reconnects = 0

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
        self._cap = cap
        try:
            fps = float(cap.get(cv2.CAP_PROP_FPS) or 0.0)
        except Exception:
            fps = 0.0
        self._fps = fps if fps > 0 else 30.0
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
        for attempt in range(1, self.max_retries + 1):
            self._emit("reconnecting", f"attempt {attempt}/{self.max_retries} in {delay:.1f} s")
            self._sleep(delay)
            if self._closed:
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
        while not self._closed:
            if self.status in ("gave_up", "ended"):
                return None
            if self._cap is None and not self._open():
                if not self.live:
                    self._emit("ended", f"cannot open video {self.spec!r}")
                    return None
                failures += 1
                if failures > self.max_retries or not self._reconnect("did not open"):
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
                if failures > self.max_retries or not self._reconnect(why):
                    self._give_up(failures)
                    return None
                continue
            t = self._clock() if self.live else self._raw_i / self._fps
            self._raw_i += 1
            return img, t, ""
        return None

    def _give_up(self, failures: int) -> None:
        if self.status != "gave_up":
            self._emit("gave_up", f"camera {self.spec!r} keeps failing ({failures} drops in a row)")
        self._drop()

    def _release(self) -> None:
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
    Other keyword arguments go to the source (``on_event``, ``capture_factory`` ...).

    Raises :class:`SourceError` for a path that does not exist, a folder or pattern
    without images, or a file that is neither image nor video.
    """
    if isinstance(spec, bool):
        raise SourceError(f"not a frame source: {spec!r}")
    if isinstance(spec, int) or (isinstance(spec, str) and spec.strip().isdigit()):
        return CaptureSource(int(spec), **kw)
    if not isinstance(spec, str) or not spec:
        raise SourceError(f"not a frame source: {spec!r}")
    paths = _expand(spec)
    if len(paths) == 1 and paths[0] == spec:
        if not os.path.exists(spec):
            raise SourceError(f"{spec}: no such file, folder or camera index")
        kind = media_kind(spec)
        if kind == "video":
            return CaptureSource(spec, **kw)
        if kind == "image":
            return ImageSource([spec], fps=fps or 1.0, **kw)
        raise SourceError(f"{spec}: not an image or video file (extension "
                          f"{os.path.splitext(spec)[1] or 'none'})")
    images = [p for p in paths if media_kind(p) == "image"]
    if not images:
        raise SourceError(f"{spec}: no image files found")
    return ImageSource(images, fps=fps or 1.0, **kw)


class LatestFrameReader:
    """Reads a (live) source on a thread and keeps only the newest frame.

    ``get(timeout)`` returns the newest frame not handed out yet, waiting up to
    ``timeout`` seconds, or ``None`` (nothing new, or the source ended: see
    ``ended``). Older unread frames are dropped and counted in ``dropped``.
    Iterating yields frames until the source ends. ``close()`` stops the thread and
    closes the source.
    """

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
        self._thread.join(timeout=2.0)
        self.source.close()

    def __enter__(self) -> "LatestFrameReader":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
