"""Film a game as a camera recording: the parts every game's recording shares.

A game's renderer module (tools/render/games/<folder>.py) turns a journal (setup +
actions) into still tables, one per table change, and the pieces of each
(:class:`~tools.render.parts.Placed`); this module films them: a hand reaches over
the pieces that change (old table), the change is made under the hand (new
table), the hand leaves, then the table stands still for a few frames, so the
vision tracker sees still moments between actions (:func:`plan_frames`). The lamp
(light field, glare) stays put for a whole recording (:func:`lighting`).

Output folder (see docs/renderer.md; :func:`film_game` writes the first four, the
game's module the others):

- ``video.mp4`` (or ``video.mkv``, ``video.avi``, ``frames/000000.png`` ...): the frames;
- ``truth.jsonl``: one JSON object per frame: ``frame``, ``t`` (s), ``journal_index``
  (index of the last action applied on the table shown, -1 = setup), ``moment``
  (``reach``, ``applied``, ``still``), ``still`` (no hand and no change since the
  last frame), ``hand`` (bool), ``visible`` (tags seen whole: component ids);
- ``states.jsonl``: one object per still table: ``journal_index`` and the pieces
  where they lie (component, surface, zone, x_mm, y_mm);
- ``meta.json``: camera, resolution, fps, codec, seed, frame count, tag sizes;
- ``journal.json``: the ground-truth journal (setup, actions, final scores);
- ``recording.json``: what ``companion demo`` reads: ``frames`` (the video or the
  frame folder), ``fps``, ``setup``, ``truth`` (journal.json) and the other files.

A bundled recording is made from a :class:`Recipe` (players, seed, parameters),
which each game's module gives for the recording names of its ``GameSpec``
(tools/make_demo_recordings.py).

Everything is seeded: the same journal, parameters and seed give the same frames.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

import cv2
import numpy as np

from companion.datafile import data_fault
from companion.errors import CompanionError
from tools.render.camera import Camera
from tools.render.effects import Effects, Hand, SKIN_TONES_BGR, glare_field, light_field
from tools.render.parts import Placed
from tools.render.scene import SceneRenderer

#: Container and fourcc per video format (OpenCV headless writes these, not H.264).
VIDEO_FORMATS = {"mp4v": ("video.mp4", "mp4v"), "vp9": ("video.mkv", "VP90"),
                 "mjpg": ("video.avi", "MJPG"), "ffv1": ("video.avi", "FFV1")}
IMAGE_FORMATS = {"png": ".png", "jpg": ".jpg"}


@dataclass(frozen=True)
class RecordingParams:
    """How to film a game.

    resolution: frame size (name or (w, h) px). tags: ``"large"`` or ``"normal"``
    tag sizes. tilt_deg, height_mm: camera pose (the view is fitted to the table).
    fps: frames per second of the recording (its timestamps). reach_frames,
    applied_frames: frames with the hand over the zone before / after the change.
    still_frames: frames of still table after each change. setup_frames: still
    frames of the setup at the start. effects: camera effects per frame (the lamp:
    light field and glare spots are fixed for the whole recording). fmt: ``mp4v``
    (fast), ``vp9`` (Matroska, about 20% smaller, about 1 s per 3K frame to encode),
    ``mjpg``, ``ffv1``, ``png`` or ``jpg``. seed: all randomness. piece_heights:
    pieces stand as tall as calibration's ``height_mm`` (sides, shadows; the tag on
    top), else flat (recording.json then says ``"pieces": "flat"``). k1, k2: the
    lens's radial terms; with piece_heights the lens model is written as
    ``camera.json`` (the file ``companion calibrate camera`` would write).
    """

    resolution: str | tuple[int, int] = (3328, 1872)
    tags: str = "large"
    tilt_deg: float = 20.0
    height_mm: float = 900.0
    fps: float = 4.0
    reach_frames: int = 1
    applied_frames: int = 1
    still_frames: int = 3
    setup_frames: int = 4
    effects: Effects = field(default_factory=lambda: Effects(
        light_gradient=0.2, vignette=0.15, glare_spots=1, glare_radius_px=30.0,
        defocus_sigma=0.5, noise_sigma=0.0, jpeg_quality=None))
    fmt: str = "mp4v"
    seed: int = 0
    piece_heights: bool = False
    k1: float = -0.04
    k2: float = 0.005

    def __post_init__(self):
        if self.fmt not in VIDEO_FORMATS and self.fmt not in IMAGE_FORMATS:
            raise ValueError(f"unknown format {self.fmt!r}: use one of "
                             f"{sorted(VIDEO_FORMATS) + sorted(IMAGE_FORMATS)}")
        if self.fps <= 0:
            raise ValueError("fps must be positive")
        for n in ("reach_frames", "applied_frames", "still_frames", "setup_frames"):
            if getattr(self, n) < 0:
                raise ValueError(f"{n} must be >= 0")
        if self.still_frames < 1:
            raise ValueError("still_frames must be >= 1: the tracker needs still moments")


@dataclass
class Still:
    """One table state of a game's storyboard: ``journal_index`` (the last action
    applied, -1 = setup), ``stage`` (``setup``, ``after``, or a stage of the game's
    own, e.g. a press laid out before it is put away) and ``table`` (what the game's
    module stages: its own table record or the engine state)."""

    journal_index: int
    stage: str
    table: Any

# ---------------------------------------------------------------------------------
# frames
# ---------------------------------------------------------------------------------


def _changed_points(a: list[Placed], b: list[Placed]) -> np.ndarray:
    pa = {p.component: p for p in a if p.kind not in ("fiducial", "board", "mat")}
    pb = {p.component: p for p in b if p.kind not in ("fiducial", "board", "mat")}
    pts = []
    for comp in set(pa) | set(pb):
        x, y = pa.get(comp), pb.get(comp)
        if x is None or y is None or (round(x.x_mm, 1), round(x.y_mm, 1), x.angle_deg) != \
                (round(y.x_mm, 1), round(y.y_mm, 1), y.angle_deg):
            for p in (x, y):
                if p is not None:
                    pts.append((p.x_mm, p.y_mm))
    return np.array(pts, float).reshape(-1, 2)


@dataclass
class FramePlan:
    """One frame to render: which still's table, the moment, the hand (or None)."""

    still: int
    moment: str
    hand: Hand | None


def plan_frames(stills: list[Still], items: list[list[Placed]], camera: Camera,
                params: RecordingParams) -> list[FramePlan]:
    """The frame sequence: setup stills, then per change reach / applied / still
    frames. The hand reaches from the near edge (or a side) to the changed pieces."""
    rng = np.random.default_rng([params.seed, 7])
    plan = [FramePlan(0, "still", None) for _ in range(params.setup_frames)]
    fp = camera.footprint_mm(margin_px=2)
    for i in range(1, len(stills)):
        pts = _changed_points(items[i - 1], items[i])
        if len(pts):
            target = pts.mean(axis=0)
            # entry: the nearest of the near, left and right frame edges, jittered
            tl, tr, br, bl = fp
            s = float(np.clip((target[0] - bl[0]) / (br[0] - bl[0]), 0.1, 0.9))
            near = bl + (br - bl) * s
            t = float(np.clip((target[1] - tl[1]) / (bl[1] - tl[1]), 0.2, 0.9))
            left, right = tl + (bl - tl) * t, tr + (br - tr) * t
            entry = min((near, left, right), key=lambda e: float(np.hypot(*(e - target))))
            entry = entry + rng.uniform(-40, 40, 2)
            tone = SKIN_TONES_BGR[int(rng.integers(0, len(SKIN_TONES_BGR)))]
            width = float(rng.uniform(75, 95))
            n = params.reach_frames
            for j in range(n):
                f = (j + 1) / (n + 1) if n > 1 else 0.85
                tip = entry + (target - entry) * f
                plan.append(FramePlan(i - 1, "reach", Hand(tuple(entry), tuple(tip), width, tone)))
            for j in range(params.applied_frames):
                plan.append(FramePlan(i, "applied", Hand(tuple(entry), tuple(target), width, tone)))
        plan += [FramePlan(i, "still", None) for _ in range(params.still_frames)]
    return plan


def lighting(camera: Camera, params: RecordingParams) -> tuple[np.ndarray, np.ndarray | None]:
    """The recording's lamp: its light field (gradient and vignette, a float gain per
    px of the frame, shape (camera.height, camera.width)) and its glare field (same
    shape, or None without glare spots), drawn from the recording's seed so every
    frame of one recording shares them."""
    fx = params.effects
    lamp = np.random.default_rng([params.seed, 1])
    light = light_field((camera.height, camera.width), lamp, fx.light_gradient, fx.vignette)
    glare = (glare_field((camera.height, camera.width), lamp, fx.glare_spots, fx.glare_radius_px)
             if fx.glare_spots else None)
    return light, glare


class FrameSink:
    """Where the frames of a recording go: a video (``params.fmt`` in
    :data:`VIDEO_FORMATS`, at ``params.fps``) or numbered images in ``frames/``.
    ``path`` is the video or the folder. Raises CompanionError when OpenCV cannot
    write the video."""

    def __init__(self, out: Path, params: RecordingParams, size: tuple[int, int]):
        self.params = params
        self.out = out
        self.writer = None
        self.n = 0
        if params.fmt in VIDEO_FORMATS:
            name, fourcc = VIDEO_FORMATS[params.fmt]
            self.path = out / name
            self.writer = cv2.VideoWriter(str(self.path), cv2.VideoWriter_fourcc(*fourcc),
                                          float(params.fps), size)
            if not self.writer.isOpened():
                raise CompanionError(f"OpenCV cannot write {params.fmt} video to {self.path}")
        else:
            self.path = out / "frames"
            self.path.mkdir(parents=True, exist_ok=True)

    def write(self, img: np.ndarray) -> None:
        if self.writer is not None:
            self.writer.write(img)
        else:
            ext = IMAGE_FORMATS[self.params.fmt]
            opts = [cv2.IMWRITE_JPEG_QUALITY, 92] if ext == ".jpg" else [cv2.IMWRITE_PNG_COMPRESSION, 6]
            cv2.imwrite(str(self.path / f"{self.n:06d}{ext}"), img, opts)
        self.n += 1

    def close(self) -> None:
        if self.writer is not None:
            self.writer.release()


def film_game(game: str, stills: Sequence, items: Sequence[list[Placed]], camera: Camera,
              params: RecordingParams, out: Path, keep: Callable[[Placed], bool],
              progress: Callable[[int, int], None] | None = None) -> dict:
    """Film a staged game (``game``: its id): one still table per ``stills`` entry
    (``items`` its placed pieces), framed by :func:`plan_frames`, into ``out``: the
    video (``params.fmt``), ``truth.jsonl`` (per frame), ``states.jsonl`` (per still
    table, the pieces for which ``keep`` is true; mm) and ``meta.json``. Returns the
    meta dict. Raises CompanionError when the video cannot be written."""
    renderer = SceneRenderer(camera)
    plan = plan_frames(stills, items, camera, params)
    fx = params.effects
    light, glare = lighting(camera, params)
    sink = FrameSink(out, params, (camera.width, camera.height))
    clean: dict[int, object] = {}
    prev = None
    min_ppm = math.inf
    with open(out / "truth.jsonl", "w", encoding="utf-8") as tf:
        for i, fp in enumerate(plan):
            if fp.still not in clean:
                clean.clear()
                clean[fp.still] = renderer.render_clean(items[fp.still])
            frame = renderer.render(items[fp.still], effects=fx, rng=np.random.default_rng([params.seed, 2, i]),
                                    hand=fp.hand, clean=clean[fp.still], glare=glare, light=light)
            sink.write(frame.image)
            still = fp.hand is None and prev is not None and prev.hand is None and prev.still == fp.still
            seen = [t for t in frame.tags if not t.component.startswith("fid:")]
            if seen:
                min_ppm = min(min_ppm, min(t.px_per_module for t in seen))
            line = {"frame": i, "t": round(i / params.fps, 4), "journal_index": stills[fp.still].journal_index,
                    "moment": fp.moment, "still": bool(still), "hand": fp.hand is not None,
                    "visible": sorted(t.component for t in frame.tags if t.visible >= 0.98 and t.glare < 0.02)}
            tf.write(json.dumps(line, separators=(",", ":")) + "\n")
            prev = fp
            if progress:
                progress(i + 1, len(plan))
    sink.close()
    with open(out / "states.jsonl", "w", encoding="utf-8") as sf:
        for st, its in zip(stills, items):
            pieces = [{"component": q.component, "surface": q.surface, "zone": q.zone, "x_mm": round(q.sx_mm, 2),
                       "y_mm": round(q.sy_mm, 2)} for q in its if keep(q)]
            sf.write(json.dumps({"journal_index": st.journal_index, "pieces": pieces}, separators=(",", ":")) + "\n")
    meta = {"game": game, "frames": len(plan), "fps": params.fps, "size_px": [camera.width, camera.height],
            "video": str(sink.path.relative_to(out)), "min_px_per_module": round(min_ppm, 3),
            "camera": camera_meta(camera), "params": params_meta(params), "stills": len(stills)}
    write_meta(out, meta)
    return meta


def camera_meta(camera: Camera) -> dict:
    """The camera as ``meta.json`` records it: focal lengths and principal point (px),
    lens terms, rotation (3x3) and centre (table mm)."""
    return {"fx": camera.fx, "fy": camera.fy, "cx": camera.cx, "cy": camera.cy, "k1": camera.k1,
            "k2": camera.k2, "rotation": camera.rotation.round(9).tolist(),
            "centre_mm": camera.centre.round(4).tolist()}


def params_meta(params: RecordingParams) -> dict:
    """The recording's parameters as ``meta.json`` records them (effects included)."""
    p = asdict(params)
    p["effects"] = asdict(params.effects)
    return p


def write_meta(out: Path, meta: dict) -> None:
    """Write ``meta.json`` into ``out``."""
    (out / "meta.json").write_text(json.dumps(meta, indent=1, default=str), encoding="utf-8")


@dataclass(frozen=True)
class Recipe:
    """How one bundled recording is made: the game's ``random_game(seed, players,
    **game_kw)`` filmed with ``params``; ``crf``: re-encode the VP9 video at this
    constant quality afterwards (:func:`reencode_vp9`), or None."""

    players: int
    seed: int
    params: RecordingParams
    game_kw: Mapping[str, Any] = field(default_factory=dict)
    crf: int | None = None


def demo_params(resolution: str | tuple[int, int], seed: int, tags: str = "large") -> RecordingParams:
    """The bundled recordings' filming: VP9 at 2 frames per second, per table change
    one frame with the hand over the change just made, then two still frames (the
    tracker's settle time is 0.8 s); 3 setup frames; the camera 900 mm up, tilted 20
    degrees; a soft lamp with one glare spot and no sensor noise (noise makes every
    frame expensive and the tags gain nothing from it)."""
    return RecordingParams(
        resolution=resolution, tags=tags, tilt_deg=20.0, height_mm=900.0, fps=2.0,
        reach_frames=0, applied_frames=1, still_frames=2, setup_frames=3,
        effects=Effects(light_gradient=0.2, vignette=0.15, glare_spots=1,
                        glare_radius_px=30.0, defocus_sigma=0.5, noise_sigma=0.0,
                        jpeg_quality=None),
        fmt="vp9", seed=seed)



def reencode_vp9(path: str | Path, crf: int = 36, cpu_used: int = 5) -> int:
    """Re-encode a VP9 video in place at constant quality ``crf`` (libvpx-vp9 through
    PyAV, ``av``; OpenCV's writer has no quality setting and keeps sensor noise at
    about 340 KB a 3200x1800 frame). Frames, size and rate are kept; returns the new
    size in bytes. Raises CompanionError when PyAV is missing or the video cannot be
    read (``pip install av``: the dev extra has it)."""
    try:
        import av
    except ImportError:
        raise CompanionError("re-encoding the video needs PyAV: pip install av") from None
    src = Path(path)
    tmp = src.with_name(src.stem + ".crf" + src.suffix)
    cap = cv2.VideoCapture(str(src))
    fps = cap.get(cv2.CAP_PROP_FPS) or 2.0
    out = None
    try:
        while True:
            ok, img = cap.read()
            if not ok:
                break
            if out is None:
                out = av.open(str(tmp), "w")
                stream = out.add_stream("libvpx-vp9", rate=int(round(fps)))
                stream.width, stream.height = img.shape[1], img.shape[0]
                stream.pix_fmt = "yuv420p"
                # constant quality (b 0), one pass, threads for rows; deterministic
                stream.options = {"crf": str(crf), "b": "0", "cpu-used": str(cpu_used),
                                  "row-mt": "1", "deadline": "good"}
            for pkt in stream.encode(av.VideoFrame.from_ndarray(img, format="bgr24")):
                out.mux(pkt)
        if out is None:
            raise CompanionError(f"{src}: no frame could be read")
        for pkt in stream.encode():
            out.mux(pkt)
    finally:
        cap.release()
        if out is not None:
            out.close()
    tmp.replace(src)
    return src.stat().st_size


def load_journal(path: str | Path) -> tuple[dict, list[dict]]:
    """Read a journal file: {"setup": ..., "actions": [...]} JSON (a recording's
    journal.json or an export). Raises CompanionError naming the file when it is
    not one."""
    p = Path(path)
    try:
        d = json.loads(p.read_text(encoding="utf-8"))
        return d["setup"], list(d["actions"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise CompanionError(f"{p}: not a journal ({data_fault(exc)})") from None
