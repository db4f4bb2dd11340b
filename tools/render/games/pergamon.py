"""Pergamon tables for the renderer: :func:`stage` turns
companion.games.pergamon.tabletop's pieces (surface, zone, order) into
:class:`tools.render.parts.Placed` items in table mm, with the board's and player
areas' corner fiducials, so tools.render.scene.SceneRenderer can film a Pergamon
table. Geometry from calibration/data/pergamon (layouts and components, via
calibration.game_tags); plain colours and our own shapes. Pieces are flat (their
tags at table height).

Arrangement: the board at the top centre, the player areas in one row below it,
in seat order.
"""

from __future__ import annotations

from dataclasses import dataclass

from calibration import game_tags
from tools.render.parts import Placed
from tools.render.recording import Recipe, demo_params
from tools.render.table import bbox, game_tag, surface_items, zone_boxes

GAME = "pergamon"
COLOURS_BGR = {"red": (60, 60, 200), "blue": (200, 110, 50), "green": (80, 160, 60), "yellow": (60, 200, 230)}
GAP_MM = 30.0


@dataclass(frozen=True)
class Surface:
    """A board or player area on the table: top-left corner at ``origin_mm``."""

    name: str
    origin_mm: tuple[float, float]
    size_mm: tuple[float, float]


def arrangement(colours: list[str]) -> dict[str, Surface]:
    """Board (top centre) and one area per colour in a row below (table mm)."""
    board = game_tags.load_game_layout(GAME, "pergamon-board")
    mat = game_tags.load_game_layout(GAME, "pergamon-mat")
    bw, bh = board.size_mm
    mw, mh = mat.size_mm
    out = {"board": Surface("board", (-bw / 2, 0.0), (bw, bh))}
    total = len(colours) * mw + (len(colours) - 1) * GAP_MM
    for i, c in enumerate(colours):
        out[f"mat-{c}"] = Surface(f"mat-{c}", (-total / 2 + i * (mw + GAP_MM), bh + GAP_MM), (mw, mh))
    return out


def bounds(colours: list[str]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) table mm around the board and the areas."""
    xs, ys = [], []
    for s in arrangement(colours).values():
        xs += [s.origin_mm[0], s.origin_mm[0] + s.size_mm[0]]
        ys += [s.origin_mm[1], s.origin_mm[1] + s.size_mm[1]]
    return min(xs), min(ys), max(xs), max(ys)


def _spot(layout, zone: str, order: int, kind: str) -> tuple[float, float]:
    """Where the ``order``-th piece of a zone lies (surface mm)."""
    z = layout.zone(zone)
    x0, y0, x1, y1 = bbox(z.polygon)
    if z.slots and str(order + 1) in z.slots:
        sx0, sy0, sx1, sy1 = bbox(z.slots[str(order + 1)])
        return (sx0 + sx1) / 2, (sy0 + sy1) / 2
    if zone == "cards":
        return x0 + 33 + order * 66, (y0 + y1) / 2
    if zone == "home":
        return x0 + 16 + (order % 2) * 32, y0 + 18 + (order // 2) * 36
    if zone.startswith(("exhibit:", "finds")):
        return x0 + 20 + order * 42, (y0 + y1) / 2
    if zone.startswith("calendar:"):
        return (x0 + x1) / 2 + (order - 2) * 3, (y0 + y1) / 2
    return (x0 + x1) / 2, (y0 + y1) / 2


def stage(pieces, colours: list[str], tags: str = "large") -> list[Placed]:
    """Render items for ``pieces`` (tabletop.Placed) with the surfaces of ``colours``
    (seat order) and their corner fiducials. tags: ``"large"`` or ``"normal"``.
    Raises KeyError for a zone the layouts do not have."""
    comps = game_tags.load_components(GAME)
    mod = game_tags.tags_module(GAME)
    surfaces = arrangement(colours)
    layouts = {"board": game_tags.load_game_layout(GAME, "pergamon-board")}
    for c in colours:
        layouts[f"mat-{c}"] = game_tags.load_game_layout(GAME, "pergamon-mat")
    items: list[Placed] = []
    for name, surf in surfaces.items():
        lay = layouts[name]
        zones = zone_boxes(lay, (215, 225, 232) if name == "board" else (225, 232, 236))
        colour = (170, 200, 215) if name == "board" else COLOURS_BGR[name[4:]]
        items += surface_items(name, surf.origin_mm, lay, comps["aruco_dictionary"], colour=colour, zones=zones)
    for p in pieces:
        surf = surfaces[p.surface]
        sx, sy = _spot(layouts[p.surface], p.zone, p.order, mod.kind_of(p.component))
        kind = mod.KIND_NAMES[mod.kind_of(p.component)]
        piece = comps["pieces"][kind]
        colour = (235, 235, 235)
        for c, bgr in COLOURS_BGR.items():
            if p.component.endswith(c) or f"-{c}" in p.component:
                colour = bgr
        tag = game_tag(GAME, p.component, tags)
        items.append(Placed(component=p.component, kind=kind, surface=p.surface, zone=p.zone,
                            x_mm=surf.origin_mm[0] + sx, y_mm=surf.origin_mm[1] + sy, angle_deg=0.0,
                            size_mm=tuple(float(v) for v in piece["size_mm"]), tag=tag, sx_mm=sx, sy_mm=sy,
                            layer=3 if kind in ("circular marker", "figure", "angular marker") else 2,
                            colour=colour, round=bool(piece.get("round"))))
    return items


# ---------------------------------------------------------------- recordings

def render_recording(setup: dict, actions, out_dir, params, progress=None) -> dict:
    """Film a whole Pergamon journal into ``out_dir`` for ``companion demo``: the set-up
    table (``params.setup_frames`` frames), then after each action the table the
    players leave (``params.still_frames`` identical frames: the tracker sees a still
    moment per action). No hands: every change is made between two frames. Writes
    the video (``params.fmt``), ``truth.jsonl`` (per frame: journal index, tags seen
    whole), ``states.jsonl`` (the pieces per still table), ``journal.json`` (setup,
    actions, final VP), ``meta.json`` and ``recording.json`` (game, setup, no
    entries: coins and tickets are computed, everything else is read). Returns the
    meta dict. Raises RuleError for an illegal journal, CompanionError when the video
    cannot be written."""
    import json
    import math
    from pathlib import Path

    import numpy as np

    from companion.games import pergamon as pg
    from companion.games.pergamon.tabletop import table_of
    from tools.render.camera import frame_bounds
    from tools.render.recording import FrameSink, camera_meta, lighting, params_meta, write_meta
    from tools.render.scene import SceneRenderer

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    actions = [pg.action_from_dict(a) if isinstance(a, dict) else a for a in actions]
    state = pg.new_game_from_dict(setup)
    colours = [p.colour for p in state.players]
    tables = [(-1, table_of(state))]
    for i, a in enumerate(actions):
        state = pg.apply(state, a)
        tables.append((i, table_of(state)))
    camera = frame_bounds(bounds(colours), params.resolution, tilt_deg=params.tilt_deg, height_mm=params.height_mm)
    renderer = SceneRenderer(camera)
    fx = params.effects
    light, glare = lighting(camera, params)
    sink = FrameSink(out, params, (camera.width, camera.height))
    total = params.setup_frames + len(actions) * params.still_frames
    n = 0
    min_ppm = math.inf
    with open(out / "truth.jsonl", "w", encoding="utf-8") as tf, \
            open(out / "states.jsonl", "w", encoding="utf-8") as sf:
        for index, pieces in tables:
            items = stage(pieces, colours, params.tags)
            clean = renderer.render_clean(items)
            count = params.setup_frames if index < 0 else params.still_frames
            for k in range(count):
                frame = renderer.render(items, effects=fx, rng=np.random.default_rng([params.seed, 2, n]),
                                        clean=clean, glare=glare, light=light)
                sink.write(frame.image)
                seen = [t for t in frame.tags if not t.component.startswith("fid:")]
                if seen:
                    min_ppm = min(min_ppm, min(t.px_per_module for t in seen))
                tf.write(json.dumps({"frame": n, "t": round(n / params.fps, 4), "journal_index": index,
                                     "still": k > 0, "hand": False,
                                     "visible": sorted(t.component for t in seen if t.visible >= 0.98)},
                                    separators=(",", ":")) + "\n")
                n += 1
                if progress:
                    progress(n, total)
            sf.write(json.dumps({"journal_index": index, "pieces": [
                {"component": p.component, "surface": p.surface, "zone": p.zone, "order": p.order}
                for p in pieces]}, separators=(",", ":")) + "\n")
    sink.close()
    truth = {"game": GAME, "setup": setup, "actions": [pg.action_to_dict(a) for a in actions],
             "final_scores": list(state.final.scores), "winners": list(state.final.winners)}
    (out / "journal.json").write_text(json.dumps(truth, indent=1, ensure_ascii=False), encoding="utf-8")
    meta = {"game": GAME, "frames": n, "fps": params.fps, "size_px": [camera.width, camera.height],
            "video": str(sink.path.relative_to(out)), "min_px_per_module": round(min_ppm, 3),
            "camera": camera_meta(camera), "params": params_meta(params), "stills": len(tables)}
    write_meta(out, meta)
    desc = {"game": GAME, "frames": meta["video"], "fps": params.fps, "setup": setup, "entries": [],
            "truth": "journal.json", "truth_frames": "truth.jsonl", "states": "states.jsonl", "meta": "meta.json",
            "pieces": "flat"}
    (out / "recording.json").write_text(json.dumps(desc, indent=1, ensure_ascii=False), encoding="utf-8")
    return meta


def _bundled_params():
    """The round markers' tags are small (2.9 px per module at 4K), so no glare spot
    and a camera closer to straight down; no hands (one still table per action),
    1 frame per second: each table is filmed twice, 1 s apart, so it stays still for
    longer than the tracker's settle time (vision.track, 0.8 s); at 2 fps two frames
    were only 0.5 s of stillness and the demo read no action after the setup."""
    from dataclasses import replace

    base = demo_params((3840, 2160), 2)
    return replace(base, tilt_deg=10.0, height_mm=1100.0, applied_frames=0, fps=1.0,
                   effects=replace(base.effects, light_gradient=0.15, vignette=0.1, glare_spots=0,
                                   defocus_sigma=0.4))


#: The bundled recording (tools/make_demo_recordings.py). Its 4K frames kept 10.4 MB
#: from OpenCV's VP9 writer; re-encoded at CRF 32 (needs PyAV) they are 1.8 MB and the
#: demo still reads all 143 actions.
RECIPES = {"pergamon-3p": Recipe(3, 2, _bundled_params(), crf=32)}
