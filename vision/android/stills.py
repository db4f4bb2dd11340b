"""Stream + still: a camera's analysis stream for motion and stillness, and a
full-resolution still photo, decoded with the stream's registration, when the table
goes still.

A tablet's camera streams 720p-1080p for analysis while its still photos are 8-13
MP, more than the 4K reference frame. The stream keeps the whole pipeline (motion,
occlusion, tracking, the surfaces' registration) at stream px; the still is decoded
whole at its own size and its symbols are mapped into stream px
(:class:`StillRegistration`), where they replace what the stream read.

- :class:`StreamStillSource`: the interface, a :class:`vision.sources.FrameSource`
  (the stream) with :meth:`~StreamStillSource.request_still` /
  :meth:`~StreamStillSource.take_still`, the two sizes, and
  :meth:`~StreamStillSource.pause` / :meth:`~StreamStillSource.resume` (the app's
  life cycle: the device released, the source kept).
- :class:`FakeStillCamera`: the desktop's stand-in over any frame source (a bundled
  recording, images, arrays): the stream is each frame made smaller (and optionally
  cut to another aspect ratio), the still the frame at full size.
- :class:`StillDecoder` and :class:`StillReader`: a :class:`vision.pipeline.Pipeline`
  fed the stream, which asks for a still when motion stops and reads it on the frame
  it arrives with (a whole-frame decode of the still instead of the stream frame).
  ``StillReader`` has the pipeline's ``process(image, t)`` / ``expect(sightings)``,
  so ``play.demo.run_demo(..., reader=StillReader(...))`` plays a recording with
  stills (see benchmarks/android/bench_stills.py and tests/android/test_stills.py).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from typing import Callable, Iterable

import numpy as np

from vision.decode import Candidate, DecodeResult, Decoder, Symbol
from vision.sources import Frame, FrameSource, SourceError, as_bgr, check_image


@dataclass(frozen=True, eq=False)
class Still:
    """One still photo: ``image`` BGR uint8 ``(H, W, 3)`` at the still's size, ``t``
    its capture time (s, the stream's clock), ``request`` the number
    :meth:`StreamStillSource.request_still` returned for it."""

    image: np.ndarray
    t: float
    request: int


@dataclass(frozen=True)
class StillRegistration:
    """Where a still's pixels fall in the stream's frame.

    still_size / stream_size: ``(width, height)`` px. crop: ``(x0, y0, x1, y1)`` in
    still px, the part of the still the stream shows (the sensor's area both come
    from); see :meth:`centred`. A still point ``p`` is at ``(p - (x0, y0)) *
    (sx, sy)`` in stream px, ``sx = stream width / crop width`` (likewise ``sy``).
    Raises :class:`vision.sources.SourceError` for an empty size or a crop outside the
    still.
    """

    still_size: tuple[int, int]
    stream_size: tuple[int, int]
    crop: tuple[float, float, float, float]

    def __post_init__(self):
        (ws, hs), (w, h) = self.still_size, self.stream_size
        x0, y0, x1, y1 = self.crop
        if min(ws, hs, w, h) <= 0:
            raise SourceError(f"no picture size: still {ws}x{hs}, stream {w}x{h}")
        if not (0 <= x0 < x1 <= ws + 1e-6 and 0 <= y0 < y1 <= hs + 1e-6):
            raise SourceError(f"crop {self.crop} is not inside the {ws}x{hs} still")

    @classmethod
    def centred(cls, still_size: tuple[int, int], stream_size: tuple[int, int]) -> "StillRegistration":
        """The usual case: both come from the whole sensor, the one of another aspect
        ratio cut evenly on both sides (a 16:9 stream from a 4:3 sensor shows the
        middle of a 4:3 still's height)."""
        (ws, hs), (w, h) = still_size, stream_size
        if min(ws, hs, w, h) <= 0:
            raise SourceError(f"no picture size: still {ws}x{hs}, stream {w}x{h}")
        if ws * h > w * hs:   # the still is wider: the stream shows its middle columns
            cw = hs * w / h
            return cls(still_size, stream_size, ((ws - cw) / 2, 0.0, (ws + cw) / 2, float(hs)))
        ch = ws * h / w       # taller (or the same): the middle rows
        return cls(still_size, stream_size, (0.0, (hs - ch) / 2, float(ws), (hs + ch) / 2))

    @property
    def scale(self) -> tuple[float, float]:
        """``(sx, sy)``: stream px per still px."""
        x0, y0, x1, y1 = self.crop
        return self.stream_size[0] / (x1 - x0), self.stream_size[1] / (y1 - y0)

    def to_stream(self, pts: np.ndarray) -> np.ndarray:
        """Still px ``(N, 2)`` -> stream px ``(N, 2)`` float32."""
        sx, sy = self.scale
        x0, y0 = self.crop[:2]
        return ((np.asarray(pts, np.float64) - (x0, y0)) * (sx, sy)).astype(np.float32)

    def to_still(self, pts: np.ndarray) -> np.ndarray:
        """Stream px ``(N, 2)`` -> still px ``(N, 2)`` float32."""
        sx, sy = self.scale
        x0, y0 = self.crop[:2]
        return (np.asarray(pts, np.float64) / (sx, sy) + (x0, y0)).astype(np.float32)

    def in_stream(self, pts: np.ndarray) -> bool:
        """True when all of ``pts`` (stream px) lie inside the stream's frame."""
        p = np.asarray(pts)
        w, h = self.stream_size
        return bool((p[:, 0] >= 0).all() and (p[:, 0] <= w).all() and (p[:, 1] >= 0).all() and (p[:, 1] <= h).all())

    def map_result(self, res: DecodeResult) -> DecodeResult:
        """A still's :class:`vision.decode.DecodeResult` in stream px: corners mapped,
        px per module scaled (by the smaller of sx, sy), symbols and candidates whose
        centre falls outside the stream's frame left out (the stream never shows
        them). Finder patterns are left out (only the decode that found them uses
        them)."""
        k = min(self.scale)

        def inside(c):
            return self.in_stream(c.mean(axis=0, keepdims=True))

        syms = []
        for s in res.symbols:
            c = self.to_stream(s.corners_px)
            if inside(c):
                syms.append(Symbol(s.format, s.text, c, s.backend, s.pass_, s.dictionary))
        cands = [Candidate(c2, cd.px_per_module * k, cd.reason, cd.finders)
                 for cd in res.candidates if inside(c2 := self.to_stream(cd.corners_px))]
        retry = [Candidate(c2, cd.px_per_module * k, cd.reason, cd.finders)
                 for cd in res.retry if inside(c2 := self.to_stream(cd.corners_px))]
        return DecodeResult(syms, cands, res.rescued, retry)


class StreamStillSource(FrameSource):
    """A live camera with an analysis stream (the frames this source yields) and
    still photos on request.

    Subclasses give :meth:`_next_raw` (the stream), :meth:`_capture_still` (start a
    still photo; it arrives later through :meth:`_still_arrived`), and may give
    :meth:`_pause` / :meth:`_resume` (release / reopen the device). ``stream_size``
    and ``still_size`` are ``(width, height)`` px (None until known).
    """

    live = True

    def __init__(self, **kw):
        super().__init__(**kw)
        self.stream_size: tuple[int, int] | None = None
        self.still_size: tuple[int, int] | None = None
        self.paused = False
        self._still_lock = threading.Lock()
        self._ready: Still | None = None
        self._requests = 0
        self._asked: set[int] = set()

    # -- stills -------------------------------------------------------------------
    def request_still(self) -> int:
        """Ask for a still photo now; returns the request's number (1, 2 ...). The
        photo arrives later: :meth:`take_still`. A request while paused is refused
        (returns 0)."""
        if self.paused or self._closed:
            return 0
        self._requests += 1
        with self._still_lock:
            self._asked.add(self._requests)
        try:
            self._capture_still(self._requests)
        except Exception as exc:  # noqa: BLE001 (a failed capture is reported, never raised)
            with self._still_lock:
                self._asked.discard(self._requests)
            self._emit("still_failed", f"still photo not taken: {exc}")
        return self._requests

    def take_still(self) -> Still | None:
        """The still photo that arrived since the last call (the newest), or None."""
        with self._still_lock:
            s, self._ready = self._ready, None
            return s

    def _still_arrived(self, image: object, t: float, request: int) -> None:
        """Called by the subclass (any thread) with the photo of ``request``: checked
        like a frame (a bad one is reported, ``"still_failed"``, and dropped)."""
        why = check_image(image)
        with self._still_lock:
            asked = request in self._asked
            self._asked.discard(request)
        if not asked:
            return
        if why is not None:
            self._emit("still_failed", f"still photo {request} unusable: {why}")
            return
        img = as_bgr(image)
        self.still_size = (img.shape[1], img.shape[0])
        with self._still_lock:
            self._ready = Still(img, float(t), request)

    def registration(self) -> StillRegistration:
        """How the stills map onto the stream (:meth:`StillRegistration.centred` of
        the two sizes; a camera that knows its crop overrides this). Raises
        SourceError before both sizes are known."""
        if self.stream_size is None or self.still_size is None:
            raise SourceError("no still or no stream frame yet")
        return StillRegistration.centred(self.still_size, self.stream_size)

    def _capture_still(self, request: int) -> None:  # pragma: no cover
        raise NotImplementedError

    # -- life cycle -----------------------------------------------------------------
    def pause(self) -> None:
        """Release the camera (the app goes to the background); the source stays
        usable and :meth:`resume` opens it again. Stills asked for are forgotten."""
        if self.paused or self._closed:
            return
        self.paused = True
        with self._still_lock:
            self._asked.clear()
            self._ready = None
        self._pause()
        self._emit("paused", "camera released")

    def resume(self) -> None:
        """Open the camera again after :meth:`pause`."""
        if not self.paused or self._closed:
            return
        self.paused = False
        self._resume()
        self._emit("resumed", "camera opened again")

    def _pause(self) -> None:
        pass

    def _resume(self) -> None:
        pass


def _resize(image: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    import cv2

    if (image.shape[1], image.shape[0]) == size:
        return image
    return cv2.resize(image, size, interpolation=cv2.INTER_AREA)


class FakeStillCamera(StreamStillSource):
    """The desktop's stream + still camera over another source's frames.

    frames: a :class:`vision.sources.FrameSource` (a recording's video, images) or an
    iterable of BGR arrays. stream_width: the stream's width in px (default 1280; the
    height keeps the aspect ratio of ``stream_aspect``, else of the frames).
    stream_aspect: ``(w, h)`` to cut the stream to another aspect ratio than the
    frames (e.g. ``(16, 9)`` from 4:3 stills: the middle rows, as a tablet does).
    still_delay: frames between a request and its still (1: the still is the next
    frame at full size, read when that frame is; more: a slower camera). fps: times
    of array frames (default 30). Raises SourceError for a stream wider than the
    frames or a bad ``still_delay``.
    """

    def __init__(self, frames: FrameSource | Iterable[np.ndarray], stream_width: int = 1280,
                 stream_aspect: tuple[int, int] | None = None, still_delay: int = 1, fps: float = 30.0, **kw):
        super().__init__(**kw)
        if still_delay < 1:
            raise SourceError(f"still_delay must be 1 or more frames, got {still_delay}")
        self._src = frames if isinstance(frames, FrameSource) else None
        self._it = iter(frames) if self._src is None else None
        self.stream_width = int(stream_width)
        self.stream_aspect = stream_aspect
        self.still_delay = int(still_delay)
        self._fps = float(fps)
        self._raw_i = 0
        self._due: list[tuple[int, int]] = []   # (frame number when due, request)
        self.frame_count = getattr(frames, "frame_count", None)
        self.stills_taken = 0

    def _full(self) -> tuple[np.ndarray, float, str] | None:
        if self._src is not None:
            f = self._src.read()
            return None if f is None else (f.image, f.t, f.name)
        try:
            img = next(self._it)
        except StopIteration:
            return None
        return img, self._raw_i / self._fps, ""

    def _next_raw(self):
        import time

        while self.paused and not self._closed:  # a paused camera gives nothing: the reader waits
            time.sleep(0.01)
        if self._closed:
            return None
        raw = self._full()
        if raw is None:
            return None
        img, t, name = raw
        self._raw_i += 1
        if check_image(img) is not None:
            return img, t, name    # reported by FrameSource.read as a bad frame
        full = as_bgr(img)
        h, w = full.shape[:2]
        rw, rh = self.stream_aspect or (w, h)
        reg = StillRegistration.centred((w, h), (rw * 1000, rh * 1000))  # the crop only
        x0, y0, x1, y1 = (int(round(v)) for v in reg.crop)
        sw = self.stream_width
        sh = int(round(sw * (y1 - y0) / (x1 - x0)))
        if sw > x1 - x0:
            raise SourceError(f"a {sw} px wide stream from {x1 - x0} px wide frames: not smaller")
        stream = _resize(full[y0:y1, x0:x1], (sw, sh))
        self.stream_size = (sw, sh)
        for due, req in [d for d in self._due if d[0] <= self._raw_i]:
            self._due.remove((due, req))
            self.stills_taken += 1
            self._still_arrived(full, t, req)
        return stream, t, name

    def _capture_still(self, request: int) -> None:
        self._due.append((self._raw_i + self.still_delay, request))

    def _pause(self) -> None:
        self._due.clear()

    def _release(self) -> None:
        if self._src is not None:
            self._src.close()


class StillDecoder(Decoder):
    """A :class:`vision.decode.Decoder` that, armed with a still
    (:meth:`arm`), reads the still instead of the next whole stream frame it is asked
    to decode, and answers in stream px (:meth:`StillRegistration.map_result`).
    Everything else (regions, crops, the tracking rescue) reads the stream as usual.
    ``last_still_ms``: the time of the last still decode (ms)."""

    @classmethod
    def like(cls, decoder: Decoder, backend: str | None = None) -> "StillDecoder":
        """A still decoder with ``decoder``'s settings (``backend``: another one)."""
        return cls(backend or decoder.backend, decoder.prep, decoder.rescue, decoder.fast, decoder.aruco,
                   decoder.second)

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self._armed: tuple[np.ndarray, StillRegistration] | None = None
        self.last_still_ms = 0.0
        self.stills_read = 0

    def arm(self, still: np.ndarray, reg: StillRegistration) -> None:
        """Read ``still`` (BGR or grey, ``reg.still_size``) at the next whole-frame decode."""
        if (still.shape[1], still.shape[0]) != tuple(reg.still_size):
            raise SourceError(f"still is {still.shape[1]}x{still.shape[0]}, the registration says "
                              f"{reg.still_size[0]}x{reg.still_size[1]}")
        self._armed = (still, reg)

    def disarm(self) -> None:
        self._armed = None

    def decode_full(self, image: np.ndarray, region=None) -> DecodeResult:
        armed = self._armed
        if armed is None or region is not None or (image.shape[1], image.shape[0]) != tuple(armed[1].stream_size):
            return super().decode_full(image, region)
        import time

        self._armed = None
        still, reg = armed
        t0 = time.perf_counter()
        res = reg.map_result(super().decode_full(still))
        self.last_still_ms = (time.perf_counter() - t0) * 1000
        self.stills_read += 1
        return res


class StillReader:
    """A pipeline fed a :class:`StreamStillSource`'s stream that reads its stills.

    pipeline: a :class:`vision.pipeline.Pipeline` (its decoder is replaced by a
    :class:`StillDecoder` with the same settings; ``backend`` another backend, e.g.
    :func:`vision.android.backend.available_backend`). source: the camera.

    When a frame shows no motion after one that did (or is the first), a still is
    asked for. The still is read on the frame it arrives with, when no frame between
    the request and it moved (else it is dropped: the table changed): that frame is
    decoded whole from the still (the pipeline's ``incremental`` off for that frame)
    and the still's symbols, in stream px, replace the stream's. Counters:
    ``requested``, ``read``, ``dropped``. ``process(image, t)`` and
    ``expect(sightings)`` are the pipeline's.
    """

    def __init__(self, pipeline, source: StreamStillSource, backend: str | None = None):
        self.pipeline = pipeline
        self.source = source
        self.decoder = StillDecoder.like(pipeline.decoder, backend)
        pipeline.decoder = self.decoder
        self.requested = self.read = self.dropped = 0
        self._pending = 0
        self._moved = False
        self._was_moving = True

    def expect(self, sightings=None) -> None:
        self.pipeline.expect(sightings)

    def process(self, frame: Frame | np.ndarray, t: float | None = None):
        """One stream frame through the pipeline (with the still that came with it,
        if any); returns the pipeline's ``(TableSnapshot, FrameReport)``."""
        still = self.source.take_still()
        if still is not None and (still.request != self._pending or self._moved):
            self.dropped += 1
            still = None
        if still is not None:
            self._pending = 0
            out = self._with_still(frame, t, still)
            self.read += 1
        else:
            out = self.pipeline.process(frame, t)
        moving = bool(out[1].motion)
        if moving and self._pending:
            self._moved = True
        if not moving and self._was_moving and not self._pending:
            req = self.source.request_still()
            if req:
                self._pending, self._moved = req, False
                self.requested += 1
        elif moving and self._pending and self._moved:
            self._pending = 0  # it would be dropped: ask again when motion stops
        self._was_moving = moving
        return out

    def _with_still(self, frame, t, still: Still):
        cfg = self.pipeline.config
        self.decoder.arm(still.image, self.source.registration())
        self.pipeline.config = replace(cfg, incremental=False)
        try:
            return self.pipeline.process(frame, t)
        finally:
            self.pipeline.config = cfg
            self.decoder.disarm()

    def reset(self) -> None:
        """The pipeline's reset, and no still pending."""
        self.pipeline.reset()
        self._pending, self._moved, self._was_moving = 0, False, True
