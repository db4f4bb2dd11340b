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
    ``obs.<key>``, e.g. ``camera_lost``), ``level`` (info, warning, error),
    ``params`` (the values the words take) and ``text`` (the English words, for a
    command line; "" where none is kept here).

    Keys: ``camera_lost`` / ``camera_back`` / ``camera_gave_up`` /
    ``camera_never_opened`` (the camera went away, came back, or not),
    ``camera_missing`` (no camera at that index: it never opened; choose another
    or play without one),
    ``camera_frozen`` (the very same picture: reopened), ``camera_resized``,
    ``camera_mode``, ``camera_clock``, ``recording_unreadable``; and of the picture
    itself (the camera keeps delivering): ``camera_dark_warmup`` (nothing seen since
    the camera opened: waited for, its exposure settling), ``camera_dark`` (the
    picture went dark or blank: the light, a lens cap), ``camera_unseen`` (the
    frames show nothing of the table, though not dark to the source: a noisy dark
    picture, a cover, the camera turned away), ``camera_lit`` (the table seen again), ``camera_mirrored`` / ``camera_unmirrored`` (the picture is
    mirrored and read flipped back / no longer), ``camera_blurred`` (smeared by
    motion)."""

    key: str
    level: str
    params: tuple[tuple[str, Any], ...] = ()
    text: str = ""


#: the picture faults' news (vision.sources' dark/lit events, vision.pipeline's
#: FrameReport reasons), with their English words (the app words obs.<key>)
DARK_WARMUP = CameraNews("camera_dark_warmup", "warning", (),
                         "The camera shows nothing yet: waiting for its picture to settle. If it stays dark, "
                         "light the table or take off the lens cap.")
DARK = CameraNews("camera_dark", "warning", (),
                  "The camera picture is dark or blank: light the table or take off the lens cap. The game is kept.")
UNSEEN = CameraNews("camera_unseen", "warning", (),
                    "The camera does not see the table: too dark, covered, turned away or shaken? The game is kept.")
LIT = CameraNews("camera_lit", "info", (), "The camera sees the table again")
MIRRORED = CameraNews("camera_mirrored", "warning", (),
                      "The camera picture is mirrored: it is read flipped back. Turn off the camera's mirror setting.")
UNMIRRORED = CameraNews("camera_unmirrored", "info", (), "The camera picture is no longer mirrored: read as it is")
BLURRED = CameraNews("camera_blurred", "warning", (),
                     "The camera picture is smeared by motion: keep the camera still (is it loose?)")


def picture_event_news(ev, camera=None) -> CameraNews | None:
    """A frame source's ``dark`` / ``lit`` event (vision.sources.CaptureSource) as
    news: :data:`DARK_WARMUP` when ``camera`` (the source) has shown nothing since it
    opened, else :data:`DARK`; :data:`LIT`; None for any other event."""
    if ev.kind == "dark":
        return DARK_WARMUP if getattr(camera, "dark_since_open", False) else DARK
    if ev.kind == "lit":
        return LIT
    return None


def as_report(news: CameraNews):
    """``news`` as an observer report (companion.observing.Report, rule "camera"), for
    a command line that words reports (companion.clitext.report_text)."""
    from companion.observing import Report

    return Report(news.level, news.key, news.text, "camera", news.params)


class PictureWatch:
    """What the frame reports (vision.pipeline.FrameReport ``reasons``) say of the
    picture itself, as :class:`CameraNews`: mirrored / no longer mirrored (once,
    on the frame where the pipeline found it), smeared by motion (once per spell:
    a spell ends after ``blur_quiet_s`` s of frame time without a smeared frame;
    frames that show nothing within a spell are part of it) and, after ``dark_s`` s
    of frame time of frames that show nothing of the table, :data:`UNSEEN` (reason
    ``unseen``: e.g. a noisy dark picture) or :data:`DARK` (reason ``dark`` when
    ``watch_dark``: a source that does not report its darkness itself, e.g. a
    recording), lit again at the first frame read."""

    def __init__(self, *, dark_s: float = 1.0, blur_quiet_s: float = 5.0, watch_dark: bool = True):
        self.dark_s, self.blur_quiet_s, self.watch_dark = dark_s, blur_quiet_s, watch_dark
        #: frames that show nothing (unseen, or dark when watch_dark) for dark_s: told so
        self.dark = False
        self._dark_from: float | None = None
        self._blur_last: float | None = None

    def lit(self) -> None:
        """The picture was told lit again (by the camera source): a dark spell the
        frames show from now on is news again."""
        self.dark, self._dark_from = False, None

    def news(self, report, t: float) -> list[CameraNews]:
        """The news of one frame's report (read at frame time ``t``, s); a report
        without ``reasons`` (a stand-in reader's) brings none."""
        reasons = tuple(getattr(report, "reasons", ()) or ())
        if "unseen" in reasons and self._blur_last is not None and t - self._blur_last <= self.blur_quiet_s:
            reasons = ("blurred",)  # smeared so much nothing reads: the same spell, not a dark one
        out: list[CameraNews] = []
        if "mirrored" in reasons:
            out.append(MIRRORED)
        if "unmirrored" in reasons:
            out.append(UNMIRRORED)
        if "blurred" in reasons:
            if self._blur_last is None or t - self._blur_last > self.blur_quiet_s:
                out.append(BLURRED)
            self._blur_last = t
        if "unseen" in reasons or (self.watch_dark and "dark" in reasons):
            if self._dark_from is None:
                self._dark_from = t
            if not self.dark and t - self._dark_from >= self.dark_s - 1e-6:
                self.dark = True
                out.append(UNSEEN if "unseen" in reasons else DARK)
        elif "dark" not in reasons:  # a frame read (a live camera's dark frames: its own news)
            self._dark_from = None
            if self.dark:
                self.dark = False
                out.append(LIT)
        return out


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
    comes back, freezes, changes size, gives another mode than asked or gives up,
    and when its picture goes dark (a dark picture is never frozen: the camera is
    not reopened, a slow warm-up is waited for) or shows the table again, is found
    mirrored or smeared by motion (:meth:`read`: the frame reports' reasons).
    :attr:`status`: ``"ok"`` (frames coming), ``"lost"`` (camera gone: waiting for
    it), ``"missing"`` (the camera never opened: none at that index; still tried),
    ``"frozen"`` (the same picture again and again: being reopened),
    ``"dark"`` (the picture shows nothing: the camera keeps delivering), ``""`` (no
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
        self._picture = PictureWatch()
        self._dark_told = False  # the players were told the picture is dark (not lit since)

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

    def read(self, reader, image, t: float):
        """``reader.process(image, t)`` -> ``(snapshot, report)``, and the news of
        the report's reasons (:class:`PictureWatch`: mirrored, smeared, and dark
        when no live camera reports it) to ``on_news``."""
        snap, report = reader.process(image, t)
        self._picture.watch_dark = self._camera is None  # a live camera reports its darkness itself
        for news in self._picture.news(report, t):
            if news in (DARK, UNSEEN) and self.status == "ok":  # a live camera's picture that shows nothing
                self.status = "dark"
            elif news is LIT and self.status == "dark":
                self.status = "ok"
            self._tell(news)
        return snap, report

    def _tell(self, news: CameraNews) -> None:
        """``news`` to ``on_news``; darkness (the source's event or the frames') and
        light again are told once per spell, whichever says it first."""
        if news.key in (DARK.key, DARK_WARMUP.key, UNSEEN.key):
            if self._dark_told:
                return
            self._dark_told = True
        elif news.key == LIT.key:
            if not self._dark_told:
                return
            self._dark_told = False
            self._picture.lit()  # frames that still show nothing are news again
        self.on_news(news)

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
            self._tell(news)

    def _news(self, ev) -> CameraNews | None:
        if ev.kind == "opened":
            self._opened = True
            if self.status != "lost":
                self.status = "ok" if self._live() else ""
            return None
        if ev.kind == "dropped" and not self._opened and self._live() and self.status not in ("lost", "missing"):
            # a camera that never opened was not lost: there is none at that index
            self.status = "missing"
            return CameraNews("camera_missing", "error", (("camera", self.camera if self.camera is not None else ""),))
        if ev.kind == "dropped" and self.status not in ("lost", "missing"):
            self.status = "lost"
            return CameraNews("camera_lost", "error")
        if ev.kind == "reconnected":
            self.status = "ok"
            return CameraNews("camera_back", "info")
        if ev.kind == "frozen" and self.status != "lost":  # the same picture: reopened
            self.status = "frozen"
            return CameraNews("camera_frozen", "error")
        if ev.kind == "dark" and self.status != "lost":  # never frozen: the camera is not reopened
            self.status = "dark"
            return picture_event_news(ev, self._camera)
        if ev.kind == "lit":
            if self.status == "dark":
                self.status = "ok"
            return LIT
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
            self.status = ("lost" if self._opened else "missing") if self._live() else ""
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
