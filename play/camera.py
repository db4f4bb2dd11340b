"""The camera's side of the table loop (Kivy-free).

:class:`CameraFeed` reads a table's frames (a recording, or a live camera waited for
when it goes away) on a worker thread and hands each one on with the reader that
turns it into a table snapshot; what the camera does that the players should hear
of comes as :class:`CameraNews`. The app's session (ui.session) feeds the table loop
from it.

The mode every live camera is asked for: ``companion app --size/--fourcc/--fps`` or
the settings screen chooses it once (:func:`use_camera_settings`) and every camera
opened afterwards (and reopened after a drop) asks for it, unless a session's own
config names one.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import Any, Callable

log = logging.getLogger(__name__)

#: camera mode for sessions whose config names none (``companion app --size/--fourcc``
#: sets it); None = vision.sources.REFERENCE
DEFAULT_CAMERA_SETTINGS = None


def use_camera_settings(settings) -> None:
    """Make ``settings`` (vision.sources.CameraSettings, or None for the reference
    mode) the mode every new camera is asked for, unless its session's config names
    one."""
    global DEFAULT_CAMERA_SETTINGS
    DEFAULT_CAMERA_SETTINGS = settings


def default_camera_settings():
    """The mode a camera is asked for when its session names none: the one chosen by
    :func:`use_camera_settings`, else vision.sources.REFERENCE (4K MJPG 30 fps)."""
    from vision.sources import REFERENCE

    return DEFAULT_CAMERA_SETTINGS or REFERENCE


@dataclass(frozen=True)
class CameraNews:
    """Something the camera did that the players hear of: ``key`` (the app words it:
    ``obs.<key>``, e.g. ``camera_lost``), ``level`` (info, warning, error) and
    ``params`` (the values the words take)."""

    key: str
    level: str
    params: tuple[tuple[str, Any], ...] = ()


class CameraFeed:
    """The frames of a table, read on a worker thread and handed on (no game rule).

    ``recording``: a video file, image folder or pattern (read as it is); else
    ``camera``: a live camera index, read through the latest-frame reader (never a
    stale frame from the driver's queue), asked for ``settings`` (default:
    :func:`default_camera_settings`) and waited for as long as the game is open when
    it goes away. ``reader``: what turns a frame into a table snapshot (default: the
    vision pipeline for ``game``, vision.pipeline.pipeline_for, with the recording's
    own lens file when it has one). ``source``: a frame source to read instead.

    The worker calls ``on_frame(image, t, reader)`` for every frame; a frame whose
    handling raises is skipped (counted in :attr:`frame_errors`; the first is passed
    to ``on_error``). ``on_news`` gets a :class:`CameraNews` when the camera drops,
    comes back, freezes, changes size, gives another mode than asked or gives up.
    :attr:`status`: ``"ok"`` (frames coming), ``"lost"`` (camera gone: waiting for
    it), ``"frozen"`` (the same picture again and again: being reopened), ``""`` (no
    camera: a recording, or not started).
    """

    def __init__(self, *, recording: str | None = None, camera: int | None = None, settings=None,
                 game: str | None = None, reader=None, source=None,
                 on_frame: Callable[..., Any] = lambda image, t, reader: None,
                 on_news: Callable[[CameraNews], None] = lambda news: None,
                 on_error: Callable[[BaseException], None] = lambda exc: None):
        self.recording = recording
        self.camera = camera
        self.settings = settings
        self.game = game
        self.on_frame, self.on_news, self.on_error = on_frame, on_news, on_error
        self._reader = reader
        self._source = source
        self._own_source = False
        self._camera = None  # the live camera under the latest-frame reader (its mode and retries)
        self._opened = False
        self.status = ""
        #: frames whose handling raised (skipped, the first passed on): should stay 0
        self.frame_errors = 0
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    # -- what is read -----------------------------------------------------------
    @property
    def reader(self):
        """What turns frames into table snapshots (made on first use)."""
        if self._reader is None:
            from vision.pipeline import pipeline_for

            # lens: a recording's own file, else $TABLE_COMPANION_LENS (app --lens),
            # else the user's calibration, else estimated from the corner fiducials
            self._reader = pipeline_for(self.recording, game=self.game)
        return self._reader

    def _live(self) -> bool:
        return not self.recording and self.camera is not None

    def _open(self):
        if self._source is None:
            from vision.sources import LatestFrameReader, open_source

            if self.recording:
                self._source = open_source(self.recording, on_event=self._on_event)
            else:
                src = open_source(self.camera, settings=self.settings or default_camera_settings(), max_retries=None,
                                  on_event=self._on_event)
                self._camera = src
                self._source = LatestFrameReader(src) if src.live else src
            self._own_source = True
        return self._source

    @property
    def mode(self):
        """What the camera delivers (vision.sources.CameraMode) or None."""
        return getattr(self._source, "mode", None) if self._source is not None else None

    def retry_now(self) -> None:
        """While the camera is lost: try to reopen it at once instead of at the next
        back-off step."""
        fn = getattr(self._source, "retry_now", None)
        if fn is not None:
            fn()

    # -- the camera's news ------------------------------------------------------
    def _on_event(self, ev) -> None:
        """A frame source's event (vision.sources) as news for the players, when it is
        news to them. A recording reports only that it cannot be read."""
        news = self._news(ev)
        if news is not None:
            self.on_news(news)

    def _news(self, ev) -> CameraNews | None:
        if ev.kind == "opened":
            self._opened = True
            if self.status != "lost":
                self.status = "ok" if self._live() else ""
            return None
        if ev.kind == "dropped" and self.status != "lost":
            self.status = "lost"
            return CameraNews("camera_lost", "error")
        if ev.kind == "reconnected":
            self.status = "ok"
            return CameraNews("camera_back", "info")
        if ev.kind == "frozen" and self.status != "lost":  # the same picture: reopened
            self.status = "frozen"
            return CameraNews("camera_frozen", "error")
        if ev.kind == "resized":  # mid-stream: the pipeline keeps the table, reads it anew
            return CameraNews("camera_resized", "warning", (("size", ev.message.rsplit(" ", 1)[-1]),))
        if ev.kind == "clock":
            return CameraNews("camera_clock", "info")
        if ev.kind == "mode":
            # the players hear of it only when the picture is not what was asked (a
            # control the camera lacks, e.g. no frame-rate setting, is no news to them)
            mode, asked = getattr(self._camera, "mode", None), getattr(self._camera, "settings", None)
            if mode is not None and asked is not None and (
                    (asked.size and (mode.width, mode.height) != tuple(asked.size))
                    or (asked.wanted_fourcc and mode.fourcc and mode.fourcc != asked.wanted_fourcc)):
                return CameraNews("camera_mode", "warning", (("mode", str(mode)), ("asked", str(asked))))
            return None
        if ev.kind == "gave_up":
            self.status = "lost" if self._live() else ""
            camera = self.camera if self.camera is not None else ""
            if not self._live():
                return CameraNews("recording_unreadable", "error")
            if self._opened:
                return CameraNews("camera_gave_up", "error",
                                  (("camera", camera), ("n", getattr(self._camera, "max_retries", None) or 0)))
            return CameraNews("camera_never_opened", "error", (("camera", camera),))
        return None

    # -- the worker ---------------------------------------------------------------
    @property
    def alive(self) -> bool:
        """True while the worker thread reads frames."""
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        """Read frames on a worker thread (again after :meth:`stop`)."""
        if self.alive:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self.run, name="table-camera", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop reading and release the camera (:meth:`start` opens it again)."""
        self._stop.set()
        src = self._source
        if src is not None and self._own_source:
            interrupt = getattr(src, "interrupt", None) or getattr(getattr(src, "source", None), "interrupt", None)
            if interrupt is not None:
                interrupt()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._thread = None
        if src is not None and self._own_source:
            try:
                src.close()
            except Exception:  # noqa: BLE001 a camera that fails to close is released anyway
                pass
            self._source = None

    def run(self) -> None:
        """Read frames until the source ends or :meth:`stop` (the worker's body; a test
        may call it directly). A source that cannot be opened goes to ``on_error``."""
        from companion.errors import CompanionError

        try:
            source = self._open()
            reader = self.reader
            told = False
            for frame in source:
                if self._stop.is_set():
                    break
                try:
                    self.on_frame(frame.image, frame.t, reader)
                except Exception as exc:  # noqa: BLE001 one bad frame never ends the game's camera
                    self.frame_errors += 1
                    if not told:  # said once; the next frames are read as usual
                        told = True
                        log.exception("frame %s skipped", getattr(frame, "index", "?"))
                        self.on_error(exc)
        except CompanionError as exc:
            self.on_error(exc)
