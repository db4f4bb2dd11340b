"""Android's camera (Camera2) through pyjnius, as a :class:`StreamStillSource`.

The stream is an ``ImageReader`` of YUV_420_888 frames (default 1920x1080, the size
the bundled recordings were measured to need: docs/android.md) on a repeating
request; a still is one JPEG capture at the camera's largest JPEG size on the same
session (both readers are the session's outputs, so a still needs no new session).
Both come from the sensor's whole field: the still maps onto the stream by
:meth:`StillRegistration.centred`.

Camera2's device and session callbacks are abstract classes, which pyjnius cannot
extend: android/src/org/tablecompanion/CameraCallbacks.java forwards them to a Java
interface that this module implements (``CameraCallbacks$Listener``); the image
listener is an interface already.

Nothing of Android is imported on the desktop: ``jnius`` (the pyjnius module, or a
stand-in with ``autoclass``, ``cast``, ``PythonJavaClass`` and ``java_method``) is
imported only when a camera opens, or given (tests/android/test_camera2.py gives
fakes of the Java classes). The camera permission is asked before (ui.lifecycle);
a refused one is reported (``"gave_up"``), never raised.
"""

from __future__ import annotations

import collections
import threading
import time
from typing import Callable

import numpy as np

from vision.sources import SourceError, Unreadable

from .stills import StreamStillSource

#: the Java classes used (autoclass names)
CLASSES = {
    "Context": "android.content.Context",
    "CameraCharacteristics": "android.hardware.camera2.CameraCharacteristics",
    "CameraDevice": "android.hardware.camera2.CameraDevice",
    "CameraMetadata": "android.hardware.camera2.CameraMetadata",
    "ImageFormat": "android.graphics.ImageFormat",
    "ImageReader": "android.media.ImageReader",
    "HandlerThread": "android.os.HandlerThread",
    "Handler": "android.os.Handler",
    "ArrayList": "java.util.ArrayList",
    "DeviceState": "org.tablecompanion.CameraCallbacks$DeviceState",
    "SessionState": "org.tablecompanion.CameraCallbacks$SessionState",
    "PythonActivity": "org.kivy.android.PythonActivity",
}


def yuv420_to_bgr(y: bytes, u: bytes, v: bytes, width: int, height: int, y_row: int, uv_row: int,
                  uv_pixel: int) -> np.ndarray:
    """An Android YUV_420_888 image's three planes as BGR uint8 ``(height, width, 3)``.

    y/u/v: each plane's bytes (the last row may stop at the image's width, short of
    the row stride); y_row: the Y plane's row stride; uv_row / uv_pixel: the U and V
    planes' row and pixel strides (1: planar, 2: interleaved as most cameras give).
    Raises ValueError when a plane is too short for the sizes given."""
    import cv2

    w, h = int(width), int(height)
    cw, ch = w // 2, h // 2

    def plane(data: bytes, rows: int, stride: int, cols: int, step: int) -> np.ndarray:
        need = (rows - 1) * stride + (cols - 1) * step + 1
        a = np.frombuffer(data, np.uint8)
        if a.size < need:
            raise ValueError(f"plane of {a.size} bytes, {need} needed for {cols}x{rows}")
        a = np.concatenate([a[:need], np.zeros(rows * stride - need, np.uint8)]) if a.size < rows * stride \
            else a[:rows * stride]
        return a.reshape(rows, stride)[:, :cols * step:step]

    i420 = np.concatenate([plane(y, h, y_row, w, 1).ravel(), plane(u, ch, uv_row, cw, uv_pixel).ravel(),
                           plane(v, ch, uv_row, cw, uv_pixel).ravel()]).reshape(h * 3 // 2, w)
    return cv2.cvtColor(i420, cv2.COLOR_YUV2BGR_I420)


def jpeg_to_bgr(data: bytes) -> np.ndarray | Unreadable:
    """A JPEG still's bytes as a BGR image, or :class:`vision.sources.Unreadable`."""
    import cv2

    img = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    return Unreadable("the camera's JPEG could not be decoded") if img is None else img


def buffer_bytes(buf) -> bytes:
    """The bytes left in a java.nio.ByteBuffer (pyjnius copies a ``bytearray``
    argument back after the call, so ``get(byte[])`` fills it)."""
    n = int(buf.remaining())
    out = bytearray(n)
    buf.get(out)
    return bytes(out)


def pick_stream_size(offered: list[tuple[int, int]], wanted: tuple[int, int]) -> tuple[int, int]:
    """The stream size among ``offered`` ``(w, h)``: ``wanted`` itself, else the
    smallest of the same aspect ratio that is at least as large (fewer px would read
    fewer tags: docs/android.md), else the largest of that aspect, else the largest
    not over ``wanted``'s area, else the smallest. Raises SourceError when nothing
    is offered."""
    if not offered:
        raise SourceError("the camera offers no YUV stream size")
    if tuple(wanted) in offered:
        return tuple(wanted)
    ww, wh = wanted
    same = [s for s in offered if abs(s[0] * wh - s[1] * ww) <= 0.01 * s[1] * ww]
    if same:
        big = [s for s in same if s[0] * s[1] >= ww * wh]
        return min(big, key=lambda s: s[0] * s[1]) if big else max(same, key=lambda s: s[0] * s[1])
    under = [s for s in offered if s[0] * s[1] <= ww * wh]
    return max(under, key=lambda s: s[0] * s[1]) if under else min(offered, key=lambda s: s[0] * s[1])


def _listener_classes(j):
    """The Python implementations of the Java interfaces (need ``jnius``)."""

    class CameraListener(j.PythonJavaClass):
        __javainterfaces__ = ["org/tablecompanion/CameraCallbacks$Listener"]
        __javacontext__ = "app"

        def __init__(self, owner):
            super().__init__()
            self.owner = owner

        @j.java_method("(Ljava/lang/String;Landroid/hardware/camera2/CameraDevice;I)V")
        def onDevice(self, event, device, error):
            self.owner._on_device(str(event), device, int(error))

        @j.java_method("(Ljava/lang/String;Landroid/hardware/camera2/CameraCaptureSession;)V")
        def onSession(self, event, session):
            self.owner._on_session(str(event), session)

    class ImageListener(j.PythonJavaClass):
        __javainterfaces__ = ["android/media/ImageReader$OnImageAvailableListener"]
        __javacontext__ = "app"

        def __init__(self, callback):
            super().__init__()
            self.callback = callback

        @j.java_method("(Landroid/media/ImageReader;)V")
        def onImageAvailable(self, reader):
            self.callback(reader)

    return CameraListener, ImageListener


class Camera2Source(StreamStillSource):
    """The tablet's camera: a YUV stream of ``stream_size`` and JPEG stills.

    stream_size: ``(w, h)`` px asked for (:func:`pick_stream_size` of what the camera
    offers). facing: ``"back"`` (default) or ``"front"``. jnius: the pyjnius module
    (default: imported at open). activity: the app's Android activity (default:
    PythonActivity.mActivity). open_timeout_s: how long the camera may take to open.
    frame_timeout_s: a stream silent this long is reported (``"dropped"``) and waited
    for again. The camera opens at the first read (or :meth:`open`). Events besides
    the base class's: ``"opened"``, ``"dropped"``, ``"gave_up"`` (the camera could not be
    opened: no camera, permission refused, in use), ``"paused"``, ``"resumed"``,
    ``"still_failed"``.
    """

    def __init__(self, stream_size: tuple[int, int] = (1920, 1080), facing: str = "back", *, jnius=None,
                 activity=None, open_timeout_s: float = 5.0, frame_timeout_s: float = 3.0,
                 clock: Callable[[], float] = time.monotonic, **kw):
        super().__init__(clock=clock, **kw)
        if facing not in ("back", "front"):
            raise SourceError(f"facing must be 'back' or 'front', got {facing!r}")
        self.wanted = tuple(stream_size)
        self.facing = facing
        self.open_timeout_s = open_timeout_s
        self.frame_timeout_s = frame_timeout_s
        self._j = jnius
        self._activity = activity
        self._cls: dict = {}
        self._cond = threading.Condition()
        self._latest = None           # (planes, sizes, t) of the newest stream image
        self._device = None
        self._session = None
        self._opened = threading.Event()
        self._configured = threading.Event()
        self._failed: str | None = None
        self._still_queue: collections.deque[int] = collections.deque()
        self._thread = None
        self._handler = None
        self._readers = ()
        self._surfaces = ()
        self._listeners = ()
        self._cam_id = None
        self._manager = None
        self.gave_up = False

    # -- Java ------------------------------------------------------------------------
    def _java(self):
        if self._j is None:
            import jnius  # Android only (the pyjnius recipe)

            self._j = jnius
        if not self._cls:
            self._cls = {k: self._j.autoclass(v) for k, v in CLASSES.items()}
        return self._j, self._cls

    def _choose_camera(self, manager, c) -> str:
        want = c["CameraMetadata"].LENS_FACING_BACK if self.facing == "back" else c["CameraMetadata"].LENS_FACING_FRONT
        ids = list(manager.getCameraIdList())
        if not ids:
            raise SourceError("this tablet has no camera")
        for cam_id in ids:
            facing = manager.getCameraCharacteristics(cam_id).get(c["CameraCharacteristics"].LENS_FACING)
            if facing is not None and int(facing.intValue() if hasattr(facing, "intValue") else facing) == want:
                return cam_id
        return ids[0]

    def open(self) -> bool:
        """Open the camera and start the stream; True when it streams. A failure is
        reported (``"gave_up"``: no camera, permission refused, camera in use) and
        gives False (the source then ends)."""
        try:
            self._open()
        except Exception as exc:  # noqa: BLE001 (jnius raises JavaException and others: reported)
            self._close_device()
            self.gave_up = True
            why = str(exc)
            if "SecurityException" in why or "permission" in why.lower():
                why = "the camera permission was refused"
            self._emit("gave_up", f"camera not opened: {why}")
            return False
        self._emit("opened", f"camera {self._cam_id} ({self.facing}): stream {self.stream_size[0]}x"
                             f"{self.stream_size[1]}, stills {self.still_size[0]}x{self.still_size[1]}")
        return True

    def _open(self) -> None:
        j, c = self._java()
        activity = self._activity or c["PythonActivity"].mActivity
        manager = j.cast("android.hardware.camera2.CameraManager",
                         activity.getSystemService(c["Context"].CAMERA_SERVICE))
        self._manager = manager
        cam_id = self._cam_id or self._choose_camera(manager, c)
        self._cam_id = cam_id
        smap = manager.getCameraCharacteristics(cam_id).get(
            c["CameraCharacteristics"].SCALER_STREAM_CONFIGURATION_MAP)
        fmt = c["ImageFormat"]
        yuv = [(int(s.getWidth()), int(s.getHeight())) for s in smap.getOutputSizes(fmt.YUV_420_888)]
        jpeg = [(int(s.getWidth()), int(s.getHeight())) for s in smap.getOutputSizes(fmt.JPEG)]
        if not jpeg:
            raise SourceError("the camera offers no JPEG still size")
        self.stream_size = pick_stream_size(yuv, self.wanted)
        self.still_size = max(jpeg, key=lambda s: s[0] * s[1])
        if not self._readers:
            self._thread = c["HandlerThread"]("table-companion-camera")
            self._thread.start()
            self._handler = c["Handler"](self._thread.getLooper())
            camera_cls, image_cls = _listener_classes(j)
            stream = c["ImageReader"].newInstance(*self.stream_size, fmt.YUV_420_888, 2)
            still = c["ImageReader"].newInstance(*self.still_size, fmt.JPEG, 2)
            self._listeners = (camera_cls(self), image_cls(self._on_stream), image_cls(self._on_still))
            stream.setOnImageAvailableListener(self._listeners[1], self._handler)
            still.setOnImageAvailableListener(self._listeners[2], self._handler)
            self._readers = (stream, still)
            self._surfaces = (stream.getSurface(), still.getSurface())
        self._opened.clear()
        self._configured.clear()
        self._failed = None
        manager.openCamera(cam_id, c["DeviceState"](self._listeners[0]), self._handler)
        if not self._opened.wait(self.open_timeout_s) or self._device is None:
            raise SourceError(self._failed or f"the camera did not open in {self.open_timeout_s:g} s")
        outputs = c["ArrayList"]()
        for s in self._surfaces:
            outputs.add(s)
        self._device.createCaptureSession(outputs, c["SessionState"](self._listeners[0]), self._handler)
        if not self._configured.wait(self.open_timeout_s) or self._session is None:
            raise SourceError(self._failed or "the camera session was not configured")
        req = self._device.createCaptureRequest(c["CameraDevice"].TEMPLATE_PREVIEW)
        req.addTarget(self._surfaces[0])
        self._session.setRepeatingRequest(req.build(), None, self._handler)

    # -- callbacks (the camera's thread) ---------------------------------------------------
    def _on_device(self, event: str, device, error: int) -> None:
        if event == "opened":
            self._device = device
            self._opened.set()
        elif event in ("disconnected", "error"):
            self._failed = ("the camera is in use by another app" if event == "disconnected"
                            else f"camera error {error}")
            try:
                device.close()
            except Exception:  # noqa: BLE001
                pass
            was_open = self._device is not None
            self._device = None
            self._opened.set()
            self._configured.set()
            if was_open and not self.paused:
                self._emit("dropped", f"camera lost: {self._failed}")

    def _on_session(self, event: str, session) -> None:
        if event == "configured":
            self._session = session
        elif event == "failed":
            self._failed = "the camera refused the stream and still sizes together"
        self._configured.set()

    def _on_stream(self, reader) -> None:
        image = reader.acquireLatestImage()
        if image is None:
            return
        try:
            planes = image.getPlanes()
            y, u, v = (buffer_bytes(p.getBuffer()) for p in planes[:3])
            sizes = (int(image.getWidth()), int(image.getHeight()), int(planes[0].getRowStride()),
                     int(planes[1].getRowStride()), int(planes[1].getPixelStride()))
        finally:
            image.close()
        with self._cond:
            self._latest = ((y, u, v), sizes, self._clock())
            self._cond.notify_all()

    def _on_still(self, reader) -> None:
        image = reader.acquireNextImage()
        if image is None:
            return
        try:
            data = buffer_bytes(image.getPlanes()[0].getBuffer())
        finally:
            image.close()
        request = self._still_queue.popleft() if self._still_queue else 0
        self._still_arrived(jpeg_to_bgr(data), self._clock(), request)

    # -- the source --------------------------------------------------------------------
    def _next_raw(self):
        if self._device is None and not self.paused and not self.gave_up and not self._closed:
            self.open()
        waited = 0.0
        while not self._closed and not self.gave_up:
            with self._cond:
                if self._latest is None or self.paused:
                    self._cond.wait(0.1)
                latest, self._latest = (self._latest, None) if not self.paused else (None, self._latest)
            if latest is not None:
                (y, u, v), (w, h, yr, uvr, uvp), t = latest
                try:
                    return yuv420_to_bgr(y, u, v, w, h, yr, uvr, uvp), t, ""
                except ValueError as exc:
                    return Unreadable(f"stream image unusable: {exc}"), t, ""
            if not self.paused:
                waited += 0.1
                if waited >= self.frame_timeout_s:
                    self._emit("dropped", f"no picture from the camera for {self.frame_timeout_s:g} s")
                    waited = 0.0
        return None

    def _capture_still(self, request: int) -> None:
        if self._session is None or self._device is None:
            raise SourceError("the camera is not open")
        j, c = self._java()
        req = self._device.createCaptureRequest(c["CameraDevice"].TEMPLATE_STILL_CAPTURE)
        req.addTarget(self._surfaces[1])
        self._still_queue.append(request)
        try:
            self._session.capture(req.build(), None, self._handler)
        except Exception:
            self._still_queue.remove(request)
            raise

    def _close_device(self) -> None:
        for thing in (self._session, self._device):
            if thing is not None:
                try:
                    thing.close()
                except Exception:  # noqa: BLE001 (closing twice, a lost camera: nothing to do)
                    pass
        self._session = self._device = None
        self._still_queue.clear()

    def _pause(self) -> None:
        """Release the camera (other apps may use it); the readers stay."""
        self._close_device()
        with self._cond:
            self._latest = None
            self._cond.notify_all()

    def _resume(self) -> None:
        self.gave_up = False
        self.open()

    def _release(self) -> None:
        self._close_device()
        for r in self._readers:
            try:
                r.close()
            except Exception:  # noqa: BLE001
                pass
        self._readers = ()
        if self._thread is not None:
            try:
                self._thread.quitSafely()
            except Exception:  # noqa: BLE001
                pass
            self._thread = None
        with self._cond:
            self._cond.notify_all()


def tablet_camera(game: str | None = None, stream_size: tuple[int, int] = (1920, 1080), **kw):
    """The tablet's camera for a game: ``(Camera2Source, StillReader)``, the reader a
    pipeline for ``game`` on the decoder backend this build has
    (:func:`vision.android.backend.available_backend`: ZBar in the APK) reading the
    stills. ``kw`` go to :class:`Camera2Source`. Opens nothing yet (the first read
    does)."""
    from vision.pipeline import PipelineConfig, pipeline_for

    from .backend import available_backend
    from .stills import StillReader

    backend = available_backend()
    source = Camera2Source(stream_size, **kw)
    reader = StillReader(pipeline_for(None, config=PipelineConfig(backend=backend), game=game), source,
                         backend=backend)
    return source, reader
