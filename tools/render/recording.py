"""Render a whole Penny Press game (a journal: setup + actions) as a camera recording.

For every journal action the table changes the way players change it: a hand
reaches over the zone that changes (old table), the change is made under the hand
(new table), the hand leaves, then the table stands still for a few frames, so the
vision tracker sees still moments between actions. A press (Penny Press: Go to
Press) is two table changes: the claimed stories leave the board and are laid as
the front page on the presser's mat (reporters of the claimed stories go home), then
the page is moved to the published strip (its ad leaves the mat).

Output folder (see docs/renderer.md):

- ``video.mp4`` (or ``video.mkv``, ``video.avi``, ``frames/000000.png`` ...): the frames;
- ``truth.jsonl``: one JSON object per frame: ``frame``, ``t`` (s), ``journal_index``
  (index of the last action applied on the table shown, -1 = setup), ``stage``
  (``setup``/``after``/``front_page``/``published``), ``moment`` (``reach``,
  ``applied``, ``still``), ``still`` (no hand and no change since the last frame),
  ``hand`` (bool), ``visible`` (tags seen whole: component ids) and ``partial``
  (tags partly hidden or washed out);
- ``states.jsonl``: one object per still table: ``journal_index``, ``stage`` and
  the pieces where they lie (component, surface, zone, x_mm, y_mm);
- ``journal.json``: the ground-truth journal (setup, actions, final scores);
- ``meta.json``: camera, resolution, fps, codec, seed, frame count, tag sizes;
- ``recording.json``: what ``companion demo`` reads: ``frames`` (the video or the
  frame folder), ``fps``, ``setup``, ``truth`` (journal.json) and the other files.

Everything is seeded: the same journal, parameters and seed give the same frames.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Sequence

import cv2
import numpy as np

from companion.datafile import data_fault
from companion.errors import CompanionError
from tools.render.camera import Camera, frame_bounds
from tools.render.effects import Effects, Hand, SKIN_TONES_BGR, glare_field, light_field
from tools.render.parts import Placed
from tools.render.scene import Frame, SceneRenderer
from tools.render.games.penny_press import FrontPlacement, TableState, stage, stage_bounds, true_positions

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


# ---------------------------------------------------------------------------------
# ADAPTER: the engine's GameState -> the renderer's TableState
# ---------------------------------------------------------------------------------


class ReporterIds:
    """Keeps each wooden reporter's identity (``red1`` .. ``red5``) through a game.

    The engine counts reporters per story and player; on the table each piece is a
    particular one. Moves keep identities stable: reporters leaving a story are the
    highest-numbered there; reporters arriving are first the ones that just left a
    story (a reassign moves the same piece), then the lowest-numbered at home."""

    def __init__(self, colours: Sequence[str]):
        self.colours = list(colours)
        self.on: dict[str, list[str]] = {}

    def update(self, reporters: dict[str, Sequence[int]]) -> dict[str, list[str]]:
        """reporters: story -> count per player (engine form). Returns story ->
        reporter ids, and remembers it."""
        new_on: dict[str, list[str]] = {s: list(v) for s, v in self.on.items()}
        moved: dict[int, list[str]] = {i: [] for i in range(len(self.colours))}
        for s in list(new_on):
            want = reporters.get(s, (0,) * len(self.colours))
            for i, c in enumerate(self.colours):
                mine = sorted((r for r in new_on[s] if r.rstrip("0123456789") == c),
                              key=lambda r: int(r[len(c):]))
                extra = len(mine) - int(want[i])
                for r in mine[::-1][:max(0, extra)]:
                    new_on[s].remove(r)
                    moved[i].append(r)
            if not new_on[s]:
                del new_on[s]
        used = {r for v in new_on.values() for r in v}
        for s, counts in reporters.items():
            for i, c in enumerate(self.colours):
                have = sum(1 for r in new_on.get(s, []) if r.rstrip("0123456789") == c)
                for _ in range(int(counts[i]) - have):
                    if moved[i]:
                        r = moved[i].pop(0)
                    else:
                        r = next(f"{c}{n}" for n in range(1, 6)
                                 if f"{c}{n}" not in used and f"{c}{n}" not in moved[i])
                    used.add(r)
                    new_on.setdefault(s, []).append(r)
        self.on = new_on
        return {s: list(v) for s, v in new_on.items()}


def table_state(game, reporters_on: dict[str, list[str]], *,
                laid_page=None, laid_player: int | None = None,
                laid_ad: tuple[int, int] | None = None) -> TableState:
    """The table for an engine GameState (companion.games.penny_press).

    reporters_on: story -> reporter ids (from :class:`ReporterIds`). laid_page: a
    FrontPage shown on ``laid_player``'s mat (during a press; its stories are then
    left out of that player's published strip) with the ad at ``laid_ad``.
    The initial headline cards lie beside the board all game (the observer reads
    them at setup); the headline zone shows the last card drawn after a press; the
    ad tile of seat i is ``ad<i+1>``."""
    colours = [p.colour for p in game.players]
    published = {c: list(game.published[i]) for i, c in enumerate(colours)}
    front: dict[str, list[FrontPlacement]] = {}
    for i, c in enumerate(colours):
        ad = game.ad[i]
        if laid_player == i:
            ad = laid_ad
        if ad is not None:
            front.setdefault(c, []).append(FrontPlacement(f"ad{i + 1}", ad[0], ad[1]))
    if laid_page is not None and laid_player is not None:
        c = colours[laid_player]
        placed = [pl.story for pl in laid_page.placements]
        published[c] = [s for s in published[c] if s not in placed]
        for pl in laid_page.placements:
            front.setdefault(c, []).append(FrontPlacement(pl.story, pl.row, pl.col, pl.rotated))
    return TableState(
        players=colours,
        columns={b: list(v) for b, v in game.board.items()},
        reporters_on=reporters_on,
        headline=game.used_cards[-1] if len(game.used_cards) > len(colours) else None,
        setup_cards=list(game.used_cards[:len(colours)]),
        bonus=dict(game.bonus_track),
        arrows=dict(game.arrow_position),
        pennies={c: int(game.pennies[i]) for i, c in enumerate(colours)},
        published=published,
        front=front,
    )


@dataclass
class Still:
    """One table state of the storyboard: ``journal_index`` (-1 = setup), ``stage``
    (setup, after, front_page, published) and the table."""

    journal_index: int
    stage: str
    table: TableState


def storyboard(setup: dict, actions: Sequence) -> tuple[list[Still], object]:
    """The still tables of a game, in order, and the final GameState.

    setup: the setup record (new_game_from_dict); actions: engine actions or their
    dicts (action_from_dict). Raises companion.errors.RuleError when the journal is
    not legal (the action index is named)."""
    from companion.games.penny_press import (GoToPress, action_from_dict, apply,
                                             new_game_from_dict)
    from companion.errors import RuleError

    game = new_game_from_dict(setup)
    ids = ReporterIds([p.colour for p in game.players])
    stills = [Still(-1, "setup", table_state(game, ids.update(dict(game.reporters))))]
    for k, a in enumerate(actions):
        if isinstance(a, dict):
            a = action_from_dict(a)
        before = game
        try:
            game = apply(game, a)
        except RuleError as exc:
            raise RuleError(f"journal action {k} ({a!r}) is illegal: {exc}",
                            getattr(exc, "rule", None)) from exc
        on = ids.update(dict(game.reporters))
        if isinstance(a, GoToPress) and len(game.press_results) > len(before.press_results):
            res = game.press_results[-1]
            stills.append(Still(k, "front_page", table_state(
                game, on, laid_page=res.front_page, laid_player=res.player,
                laid_ad=before.ad[res.player])))
            stills.append(Still(k, "published", table_state(game, on)))
        else:
            stills.append(Still(k, "after", table_state(game, on)))
    return stills, game


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


class _Sink:
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
              params: "RecordingParams", out: Path, keep: Callable[[Placed], bool],
              progress: Callable[[int, int], None] | None = None) -> dict:
    """Film a staged game (Scoop, Turin Market): one still table per ``stills`` entry
    (``items`` its placed pieces), framed by :func:`plan_frames`, into ``out``: the
    video (``params.fmt``), ``truth.jsonl`` (per frame), ``states.jsonl`` (per still
    table, the pieces for which ``keep`` is true; mm) and ``meta.json``. Returns the
    meta dict. Raises CompanionError when the video cannot be written."""
    renderer = SceneRenderer(camera)
    plan = plan_frames(stills, items, camera, params)
    fx = params.effects
    light, glare = lighting(camera, params)
    sink = _Sink(out, params, (camera.width, camera.height))
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
    p = asdict(params)
    p["effects"] = asdict(params.effects)
    meta = {"game": game, "frames": len(plan), "fps": params.fps, "size_px": [camera.width, camera.height],
            "video": str(sink.path.relative_to(out)), "min_px_per_module": round(min_ppm, 3),
            "camera": {"fx": camera.fx, "fy": camera.fy, "cx": camera.cx, "cy": camera.cy, "k1": camera.k1,
                       "k2": camera.k2, "rotation": camera.rotation.round(9).tolist(),
                       "centre_mm": camera.centre.round(4).tolist()},
            "params": p, "stills": len(stills)}
    (out / "meta.json").write_text(json.dumps(meta, indent=1, default=str), encoding="utf-8")
    return meta


def with_heights(items: list[Placed]) -> list[Placed]:
    """The staged pieces standing as tall as calibration's ``height_mm`` says."""
    from dataclasses import replace

    from calibration.layouts import component_height_mm

    out = []
    for p in items:
        h = 0.0
        if p.kind not in ("board", "mat", "fiducial"):
            try:
                h = component_height_mm(p.component)
            except Exception:
                h = 0.0
        out.append(replace(p, height_mm=h) if h > 0 else p)
    return out


def render_frames(stills: list[Still], params: RecordingParams) -> Iterator[tuple[FramePlan, Frame, dict]]:
    """Yield (plan, rendered Frame, ground-truth line) for every frame of the stills."""
    if not stills:
        return
    players = stills[0].table.players
    camera = frame_bounds(stage_bounds(players), params.resolution, tilt_deg=params.tilt_deg,
                          height_mm=params.height_mm, k1=params.k1, k2=params.k2)
    renderer = SceneRenderer(camera)
    items = [with_heights(stage(s.table, params.tags)) if params.piece_heights
             else stage(s.table, params.tags) for s in stills]
    plan = plan_frames(stills, items, camera, params)
    fx = params.effects
    light, glare = lighting(camera, params)
    clean_cache: dict[int, tuple] = {}
    prev = None
    for i, fp in enumerate(plan):
        if fp.still not in clean_cache:
            clean_cache.clear()
            clean_cache[fp.still] = renderer.render_clean(items[fp.still])
        rng = np.random.default_rng([params.seed, 2, i])
        frame = renderer.render(items[fp.still], effects=fx, rng=rng, hand=fp.hand,
                                clean=clean_cache[fp.still], glare=glare, light=light)
        frame.meta["camera"] = camera
        st = stills[fp.still]
        still = fp.hand is None and prev is not None and prev.hand is None and prev.still == fp.still
        line = {"frame": i, "t": round(i / params.fps, 4), "journal_index": st.journal_index,
                "stage": st.stage, "moment": fp.moment, "still": bool(still),
                "hand": fp.hand is not None,
                "visible": sorted(t.component for t in frame.tags
                                  if t.visible >= 0.98 and t.glare < 0.02),
                "partial": sorted(t.component for t in frame.tags
                                  if not (t.visible >= 0.98 and t.glare < 0.02) and t.visible > 0)}
        prev = fp
        yield fp, frame, line


def journal_record(setup: dict, actions: Sequence, final_game) -> dict:
    """The ground-truth journal: {"game", "setup", "actions" (dicts), "final_scores",
    "ranks", "winners"} (scores in points, players in seat order)."""
    from companion.games.penny_press import action_to_dict

    acts = [a if isinstance(a, dict) else action_to_dict(a) for a in actions]
    fin = final_game.final
    return {"game": "penny-press", "setup": setup, "actions": acts,
            "final_scores": list(fin.scores) if fin else list(final_game.scores),
            "ranks": list(fin.rank) if fin else None,
            "winners": list(fin.winners) if fin else None}


def render_recording(setup: dict, actions: Sequence, out_dir: str | Path,
                     params: RecordingParams = RecordingParams(),
                     progress: Callable[[int, int], None] | None = None) -> dict:
    """Render a journal into ``out_dir`` (created) as described in the module doc.

    setup / actions: the journal (engine actions or their dicts). progress: called
    with (frames done, frames total). Returns the meta dict (also meta.json).
    Raises RuleError for an illegal journal, CompanionError when the video cannot be
    written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    stills, final_game = storyboard(setup, actions)
    total = None
    sink = None
    min_ppm = math.inf
    n = 0
    with open(out / "truth.jsonl", "w", encoding="utf-8") as tf:
        gen = render_frames(stills, params)
        for fp, frame, line in gen:
            if sink is None:
                cam = frame.meta["camera"]
                sink = _Sink(out, params, (cam.width, cam.height))
                total = params.setup_frames + sum(
                    params.reach_frames + params.applied_frames + params.still_frames
                    for _ in stills[1:])
            sink.write(frame.image)
            tf.write(json.dumps(line, separators=(",", ":")) + "\n")
            if frame.tags:
                min_ppm = min(min_ppm, min(t.px_per_module for t in frame.tags))
            n += 1
            if progress:
                progress(n, total)
    if sink is not None:
        sink.close()
    with open(out / "states.jsonl", "w", encoding="utf-8") as sf:
        for s in stills:
            pos = [{k: v for k, v in p.items() if k != "angle_deg"}
                   for p in true_positions(stage(s.table, params.tags))]
            sf.write(json.dumps({"journal_index": s.journal_index, "stage": s.stage,
                                 "pieces": pos}, separators=(",", ":")) + "\n")
    (out / "journal.json").write_text(json.dumps(journal_record(setup, actions, final_game),
                                                 indent=1), encoding="utf-8")
    cam = frame_bounds(stage_bounds(stills[0].table.players), params.resolution,
                       tilt_deg=params.tilt_deg, height_mm=params.height_mm, k1=params.k1, k2=params.k2)
    p = asdict(params)
    p["effects"] = asdict(params.effects)
    meta = {"frames": n, "fps": params.fps, "size_px": [cam.width, cam.height],
            "video": str(sink.path.relative_to(out)) if sink else None,
            "min_px_per_module": round(min_ppm, 3) if n else None,
            "camera": {"fx": cam.fx, "fy": cam.fy, "cx": cam.cx, "cy": cam.cy, "k1": cam.k1,
                       "k2": cam.k2, "rotation": cam.rotation.round(9).tolist(),
                       "centre_mm": cam.centre.round(4).tolist()},
            "params": p, "stills": len(stills)}
    (out / "meta.json").write_text(json.dumps(meta, indent=1, default=str), encoding="utf-8")
    # the description `companion demo` reads (ui/demo.py: load_recording)
    desc = {"frames": meta["video"], "fps": params.fps, "setup": setup,
            "truth": "journal.json", "truth_frames": "truth.jsonl", "states": "states.jsonl",
            "meta": "meta.json"}
    if not params.piece_heights:
        desc["pieces"] = "flat"
    else:  # the lens model, as `companion calibrate camera` writes it
        from calibration.camera import CameraModel, save_camera

        save_camera(CameraModel(cam.K, np.array([cam.k1, cam.k2, 0.0, 0.0, 0.0]), (cam.width, cam.height)),
                    out / "camera.json")
    (out / "recording.json").write_text(json.dumps(desc, indent=1) + "\n", encoding="utf-8")
    return meta


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
    """Read a journal file: {"setup": ..., "actions": [...]} JSON (journal.json or
    an export). Raises CompanionError naming the file when it is not one."""
    p = Path(path)
    try:
        d = json.loads(p.read_text(encoding="utf-8"))
        return d["setup"], list(d["actions"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise CompanionError(f"{p}: not a Penny Press journal ({data_fault(exc)})") from None
