"""A V4L2-like camera on a simulated clock, with the faults of part 4.

It behaves as the hardware work's fake camera (shared/bugcases/*/fakecam.py, which
stands in for OpenCV's V4L2 backend with a UVC webcam) does where that matters here:
it opens at 640x480 until a size is asked for, gives the sensor's picture centre-
cropped and resized to the mode, stamps every frame with its capture time
(``CAP_PROP_POS_MSEC``, on the same clock as the reader's), and an unplugged camera
fails its reads and cannot be opened. But time is simulated: each ``read()`` moves
the clock on by one frame period and a source's back-off ``sleep`` moves it on by
the wait, so an hour of camera trouble takes no wall time.

Faults (set on the :class:`SimCamera`, shared by every capture it made):
- ``unplug(seconds)``: the device vanishes (reads fail, opening fails) and comes back.
- ``freeze(seconds)``: the driver hands out its last buffer again and again (the very
  same picture and time stamp); a reopen does not help until it ends.
- ``resize((w, h), stubborn)``: the driver switches to another picture size by itself
  (a USB reset renegotiating the mode); a stubborn one keeps it when asked again.
- ``jump(seconds)``: the driver's time stamps jump by ``seconds`` (either sign).
"""

from __future__ import annotations

import cv2
import numpy as np

FOURCC_MJPG = cv2.VideoWriter_fourcc(*"MJPG")


class SimClock:
    """A monotonic clock that only moves when told (s)."""

    def __init__(self, t0: float = 1000.0):
        self.t = float(t0)

    def __call__(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        self.t += max(0.0, float(seconds))


def crop_to(base: np.ndarray, w: int, h: int) -> np.ndarray:
    """Centre crop of the sensor picture to the mode's aspect ratio."""
    H, W = base.shape[:2]
    if abs(W / H - w / h) < 1e-3:
        return base
    if W / H > w / h:
        cw = int(round(H * w / h))
        x0 = (W - cw) // 2
        return base[:, x0:x0 + cw]
    ch = int(round(W * h / w))
    y0 = (H - ch) // 2
    return base[y0:y0 + ch]


_PICTURES: dict = {}
_NOISE: dict = {}


def _noise(shape, variant: int, sigma: float) -> np.ndarray:
    """A zero-mean noise field (int16), one per shape and variant for the process."""
    k = (shape, variant, sigma)
    if k not in _NOISE:
        rng = np.random.default_rng(variant)
        _NOISE[k] = np.rint(rng.normal(0.0, sigma, shape)).astype(np.int16)
    return _NOISE[k]


class SimCamera:
    """One physical camera: ``factory`` is the ``capture_factory`` for
    vision.sources.CaptureSource. ``scene(t) -> (key, BGR sensor picture)``."""

    latency_s = 0.03  # capture to read
    noise_variants = 2
    noise_sigma = 2.0  # grey levels

    def __init__(self, clock: SimClock, scene, fps: float = 30.0, default_size=(640, 480)):
        self.clock, self.scene, self.fps = clock, scene, float(fps)
        self.default_size = default_size
        self.plugged_from = -1.0       # unplugged until this clock time
        self.frozen_until = -1.0
        self.forced_size = None        # the driver's own size
        self.stubborn = False
        self.stamp_offset = 0.0
        self.opens = 0
        self.last = None               # (image, stamp) of the last buffer filled
        self._n = 0

    # -- faults ------------------------------------------------------------------
    def plugged(self) -> bool:
        return self.clock() >= self.plugged_from

    def unplug(self, seconds: float) -> None:
        self.plugged_from = self.clock() + seconds

    def freeze(self, seconds: float) -> None:
        self.frozen_until = self.clock() + seconds

    def resize(self, size: tuple[int, int], stubborn: bool) -> None:
        self.forced_size, self.stubborn = tuple(size), stubborn

    def jump(self, seconds: float) -> None:
        self.stamp_offset += seconds

    # -- pictures ----------------------------------------------------------------
    def picture(self, size: tuple[int, int], t: float) -> np.ndarray:
        """The sensor's picture at ``t`` in ``size``, with sensor noise: one of
        ``noise_variants`` noisy copies in turn (a real sensor never gives the same
        frame twice; fresh noise for every frame would cost more than the pipeline).
        Pictures are kept for the process (scene keys must name the picture)."""
        key, base = self.scene(t)
        self._n += 1
        k = (key, size, self._n % self.noise_variants)
        img = _PICTURES.get(k)
        if img is None:
            if len(_PICTURES) > 40:
                _PICTURES.clear()
            img = cv2.resize(crop_to(base, *size), size, interpolation=cv2.INTER_AREA)
            img = cv2.add(img.astype(np.int16), _noise(img.shape, k[2], self.noise_sigma), dtype=cv2.CV_8U)
            img.flags.writeable = False  # handed out again and again: nobody may write
            _PICTURES[k] = img
        return img

    def factory(self, index):
        self.opens += 1
        return SimCapture(self, index)


class SimCapture:
    """The ``cv2.VideoCapture`` API over a :class:`SimCamera`."""

    def __init__(self, cam: SimCamera, index):
        self.cam = cam
        self._open = isinstance(index, int) and cam.plugged()
        self.size = tuple(cam.default_size)
        self.asked = None
        self.stamp = 0.0

    def isOpened(self) -> bool:
        return self._open

    def _mode_size(self) -> tuple[int, int]:
        return self.cam.forced_size or self.size

    def read(self, image=None):
        cam = self.cam
        if not self._open:
            return False, None
        if not cam.plugged():
            cam.clock.sleep(0.01)  # the read fails at once (ENODEV)
            return False, None
        cam.clock.sleep(1.0 / cam.fps)  # one frame period
        t = cam.clock()
        if t < cam.frozen_until and cam.last is not None:
            img, self.stamp = cam.last  # the driver's last buffer again
            return True, img
        img = cam.picture(self._mode_size(), t)
        self.stamp = t - cam.latency_s + cam.stamp_offset
        cam.last = (img, self.stamp)
        return True, img

    def get(self, prop) -> float:
        w, h = self._mode_size()
        return {cv2.CAP_PROP_FRAME_WIDTH: float(w), cv2.CAP_PROP_FRAME_HEIGHT: float(h),
                cv2.CAP_PROP_FPS: self.cam.fps, cv2.CAP_PROP_FOURCC: float(FOURCC_MJPG),
                cv2.CAP_PROP_POS_MSEC: self.stamp * 1000.0}.get(prop, 0.0)

    def set(self, prop, value) -> bool:
        if prop == cv2.CAP_PROP_FRAME_WIDTH:
            self.size = (int(value), self.size[1])
        elif prop == cv2.CAP_PROP_FRAME_HEIGHT:
            self.size = (self.size[0], int(value))
        elif prop not in (cv2.CAP_PROP_FOURCC, cv2.CAP_PROP_FPS, cv2.CAP_PROP_BUFFERSIZE):
            return False
        if prop in (cv2.CAP_PROP_FRAME_WIDTH, cv2.CAP_PROP_FRAME_HEIGHT) and not self.cam.stubborn:
            self.cam.forced_size = None  # asked again: the driver takes the asked mode
        return True

    def release(self) -> None:
        self._open = False

