"""The stand setup (issue 28 item 1): a tablet or webcam on a stand at the table's
edge, 600-800 mm above the table, tilted 20-35 degrees, the whole table in view,
4K frames; every registered game's components read by the pipeline, per kind.

Each scene is a table from the middle of a seeded ``random_game`` of one game
(Penny Press 3-5 players, Scoop 3-5, Pergamon 2-4, Turin Market 3-5), staged by
tools.render (``tools.render.games.<game>.stage``, normal tags) and filmed by the
scene renderer under a real table's conditions:

- pieces with height (calibration's ``height_mm`` of each kind: Penny Press
  reporters 12 mm, Pergamon figures 30 mm, cards 0.3 mm ...), drawn with their
  sides and shadows;
- a camera fitted to the whole table (``frame_bounds``), tilt 20-35 degrees,
  600-800 mm up, radial lens k1 -0.2..0.1;
- lamp gradient and vignette, one glare spot, defocus 0.5-1.0 px;
- a Bayer sensor (noise per photosite, demosaiced), in-camera sharpening 0.3-1.2;
- JPEG quality 70-95.

The pipeline of the game (``Pipeline(game=...)``, the defaults) sees 3 frames of the
still table 0.5 s apart (fresh sensor noise each) and its snapshot is scored against
the renderer's truth: *clear* tags (visible >= 98 %, glare < 2 %) found, per game and
component kind; the right surface and zone for the found ones; false components (in
the snapshot, not on the table). Misses are listed per kind and px per module/cell.

Seeds: the *tuning* seeds (1..) are the ones looked at while changing the reading;
the *looked-at* seeds (9001.., a former held-out stream whose misses were looked at)
and the *held-out* seeds (12001.., the same conditions, never looked at while changing
anything) are run only to confirm and are reported apart. ``--split`` picks one, or
``all`` (the three), ``both`` (tuning and held-out); ``--first`` starts a split's seeds
further on (more tuning tables to tune on).

    .venv/bin/python -m benchmarks.vision.stand [--scenes 2] [--split all] [--game all] [--tags large]
    .venv/bin/python -m benchmarks.vision.stand --setup reference   # straight down, 1.0-1.1 m

Figures only, nothing asserted. About 15-40 s per 4K scene on a shared 2-core machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from dataclasses import replace

import numpy as np

from calibration import game_tags
from calibration.camera import CameraModel
from companion import registry
from tools.render.camera import frame_bounds
from tools.render.effects import Effects, glare_field, light_field
from tools.render.scene import SceneRenderer
from vision.pipeline import Pipeline

#: the stand at the table's edge (issue 28): camera height (mm), tilt (degrees), lens k1
STAND = {"height": (600.0, 800.0), "tilt": (20.0, 35.0), "k1": (-0.2, 0.1)}
#: the reference setup (docs/calibration.md): straight down from 1.0-1.1 m, for comparison
REFERENCE = {"height": (1000.0, 1100.0), "tilt": (0.0, 8.0), "k1": (-0.2, 0.1)}
SETUPS = {"stand": STAND, "reference": REFERENCE}
#: seed streams: tuning seeds are 1.. (looked at while changing the reading and the
#: tags); ``looked-at`` 9001.. was the held-out stream until its misses were listed
#: and looked at (docs/benchmarks.md, session 33): reported apart, no longer held out;
#: held-out seeds 12001.. (never looked at while changing anything). The first
#: held-out stream, 7001.., was retired the same way.
SPLITS = {"tuning": 1, "looked-at": 9001, "held-out": 12001}
GAMES = ("penny-press", "scoop", "pergamon", "turin-market")
PLAYERS = {"penny-press": (3, 5), "scoop": (3, 5), "pergamon": (2, 4), "turin-market": (3, 5)}
FRAMES = 3


def _mid(seq, rng):
    """An element from the middle third of ``seq``."""
    n = len(seq)
    return seq[int(rng.integers(n // 3, max(n // 3 + 1, 2 * n // 3 + 1)))]


def stage_table(game: str, seed: int, rng: np.random.Generator, tags: str = "normal"):
    """(items, bounds mm, players) of a mid-game table of ``game`` from ``seed``;
    every piece gets its kind's ``height_mm``. tags: the printed tag size
    (``normal`` / ``large``, calibration's components.json)."""
    lo, hi = PLAYERS[game]
    n = int(rng.integers(lo, hi + 1))
    if game == "penny-press":
        from companion.games.penny_press import random_game
        from tools.render.games.penny_press import stage, stage_bounds, storyboard

        setup, actions = random_game(seed, n)
        stills, _ = storyboard(setup, actions)
        still = _mid([s for s in stills if s.stage == "after"], rng)
        items = stage(still.table, tags)
        bounds = stage_bounds(still.table.players)
    elif game == "scoop":
        from companion.games.scoop.engine import random_game
        from tools.render.games import scoop as rs

        setup, actions = random_game(seed, n)
        _stills, tables, _ = rs.storyboard(setup, actions, tags)
        items = _mid(tables[1:] or tables, rng)
        bounds = rs.bounds([p["colour"] for p in setup["players"]])
    elif game == "pergamon":
        from companion.games import pergamon as pg
        from companion.games.pergamon.tabletop import table_of
        from tools.render.games import pergamon as rp

        setup, actions = pg.random_game(seed, n)
        state = pg.new_game_from_dict(setup)
        k = int(rng.integers(len(actions) // 3, 2 * len(actions) // 3 + 1))
        for a in actions[:k]:
            state = pg.apply(state, pg.action_from_dict(a) if isinstance(a, dict) else a)
        colours = [p.colour for p in state.players]
        items = rp.stage(table_of(state), colours, tags)
        bounds = rp.bounds(colours)
    elif game == "turin-market":
        from companion.games.turin_market.tools import random_game
        from tools.render.games import turin_market as rt

        setup, actions = random_game(seed, n)
        stills, tables, _ = rt.storyboard(setup, actions)
        k = _mid(list(range(1, len(tables))) or [0], rng)
        items = tables[k] if tags == "normal" else rt.stage(stills[k].table, tags)
        bounds = rt.bounds(n)
    else:
        raise ValueError(f"unknown game {game!r}; use one of {GAMES}")
    gid = registry.get(game).id
    out = []
    for p in items:
        h = 0.0
        if p.kind not in ("board", "mat", "fiducial"):
            try:
                h = game_tags.component_height_mm(gid, p.component)
            except ValueError:
                h = 0.0
        out.append(replace(p, height_mm=h))
    return out, bounds, n


def make_scene(game: str, seed: int, cond: dict = STAND, frames: int = FRAMES, tags: str = "normal"):
    """(frames [BGR], truth tags of the last frame, placed items, true CameraModel,
    info) of one stand scene (see the module doc)."""
    rng = np.random.default_rng([seed, 28, GAMES.index(game)])
    items, bounds, n = stage_table(game, seed, rng, tags)
    k1 = float(rng.uniform(*cond["k1"]))
    tilt = float(rng.uniform(*cond["tilt"]))
    height = float(rng.uniform(*cond["height"]))
    cam = frame_bounds(bounds, "4k", tilt_deg=tilt, height_mm=height, k1=k1, k2=0.0)
    renderer = SceneRenderer(cam)
    fx = Effects(light_gradient=float(rng.uniform(0.15, 0.35)), vignette=0.2, glare_spots=1,
                 glare_radius_px=0.012 * cam.width, defocus_sigma=float(rng.uniform(0.5, 1.0)),
                 noise_sigma=float(rng.uniform(1.5, 3.0)), jpeg_quality=int(rng.integers(70, 96)),
                 bayer=True, sharpen=float(rng.uniform(0.3, 1.2)))
    light = light_field((cam.height, cam.width), rng, fx.light_gradient, fx.vignette)
    glare = glare_field((cam.height, cam.width), rng, 1, fx.glare_radius_px)
    clean = renderer.render_clean(items)
    out, last = [], None
    for k in range(frames):
        last = renderer.render(items, effects=fx, rng=np.random.default_rng([seed, 29, GAMES.index(game), k]),
                               clean=clean, glare=glare, light=light)
        out.append(last.image)
    model = CameraModel(cam.K, np.array([cam.k1, cam.k2, 0.0, 0.0, 0.0]), (cam.width, cam.height))
    info = {"players": n, "k1": k1, "tilt": tilt, "height": height, "jpeg": fx.jpeg_quality}
    return out, last.tags, items, model, info


def read(game: str, frames, pipeline_factory=None):
    """The pipeline's snapshot after ``frames`` (0.5 s apart)."""
    p = pipeline_factory(game) if pipeline_factory else Pipeline(game=game)
    snap = None
    for k, img in enumerate(frames):
        snap, _rep = p.process(img, 0.5 * k)
    return snap


def _band(t) -> str:
    unit = "cell" if t.symbol == "aruco" else "module"
    v = t.px_per_module
    b = "<2" if v < 2 else "2-2.5" if v < 2.5 else "2.5-3" if v < 3 else "3-4" if v < 4 else ">=4"
    return f"{t.symbol} {b} px/{unit}"


def seeds(split: str, n: int, first: int = 0) -> list[int]:
    """``n`` seeds of a split (``tuning`` / ``looked-at`` / ``held-out``), from its
    ``first``-th on (0: its first seed)."""
    return [SPLITS[split] + first + k for k in range(n)]


def run(games, split: str, n: int, pipeline_factory=None, log=sys.stderr, tags: str = "normal",
        cond: dict = STAND, first: int = 0) -> dict:
    """Score ``n`` scenes of each game in ``split``. Returns {"tally": game -> kind ->
    [clear, found, right zone], "false": game -> n, "miss": Counter, "zone": Counter,
    "secs": [..]}."""
    tally = {g: defaultdict(lambda: [0, 0, 0]) for g in games}
    false, miss, zone, secs = Counter(), Counter(), Counter(), []
    for game in games:
        for seed in seeds(split, n, first):
            t0 = time.perf_counter()
            frames, truth, items, _model, info = make_scene(game, seed, cond, tags=tags)
            on_table = {p.component for p in items}
            clear = [t for t in truth if t.kind not in ("board", "mat", "fiducial")
                     and t.visible >= 0.98 and t.glare < 0.02]
            got = read(game, frames, pipeline_factory).by_component()
            bad = [c for c in got if c not in on_table]
            false[game] += len(bad)
            for c in bad:
                miss[f"{game}: false {c}"] += 0
            for t in clear:
                row = tally[game][t.kind]
                row[0] += 1
                s = got.get(t.component)
                if s is None:
                    miss[f"{game} {t.kind}: {_band(t)}"] += 1
                    continue
                row[1] += 1
                ok = (s.surface, s.zone) == (t.surface, t.zone)
                row[2] += ok
                if not ok:
                    zone[f"{game} {t.kind}: {t.zone} read as {s.zone}"] += 1
            secs.append(time.perf_counter() - t0)
            print(f"  {split} {game} seed {seed}: {info['players']} players, tilt {info['tilt']:.0f}, "
                  f"{info['height']:.0f} mm, k1 {info['k1']:+.2f}, {len(clear)} clear, "
                  f"{sum(1 for t in clear if t.component not in got)} missed, {len(bad)} false, "
                  f"{secs[-1]:.0f} s", file=log, flush=True)
    return {"tally": tally, "false": false, "miss": miss, "zone": zone, "secs": secs}


def pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f}%" if b else "-"


def report(r: dict, title: str) -> str:
    """Markdown: per game and kind, clear tags, found, right zone; false; causes."""
    out = [f"**{title}**", "", "| game | kind | clear tags | found | right zone (of clear) | false |",
           "|---|---|---|---|---|---|"]
    total = [0, 0, 0]
    kinds_all: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for game, rows in r["tally"].items():
        for kind in sorted(rows):
            c, f, z = rows[kind]
            total = [total[0] + c, total[1] + f, total[2] + z]
            acc = kinds_all[f"{game} {kind}"]
            acc[0] += c
            acc[1] += f
            acc[2] += z
            out.append(f"| {game} | {kind} | {c} | {pct(f, c)} | {pct(z, c)} | |")
        out.append(f"| {game} | all | {sum(v[0] for v in rows.values())} | "
                   f"{pct(sum(v[1] for v in rows.values()), sum(v[0] for v in rows.values()))} | "
                   f"{pct(sum(v[2] for v in rows.values()), sum(v[0] for v in rows.values()))} | "
                   f"{r['false'][game]} |")
    out.append(f"| all | all | {total[0]} | {pct(total[1], total[0])} | {pct(total[2], total[0])} | "
               f"{sum(r['false'].values())} |")
    worst = min(((f / c if c else 1.0), k) for k, (c, f, _z) in kinds_all.items()) if kinds_all else None
    out.append("")
    if worst:
        out.append(f"Weakest kind: {worst[1]} {100 * worst[0]:.1f}%. Scenes: {len(r['secs'])}, "
                   f"{sum(r['secs']):.0f} s.")
    if r["miss"]:
        out.append("Misses by kind and size: " + "; ".join(f"{k}: {v}" for k, v in r["miss"].most_common()))
    if r["zone"]:
        out.append("Wrong zones: " + "; ".join(f"{k}: {v}" for k, v in r["zone"].most_common(12)))
    return "\n".join(out)


def _cell(row) -> str:
    c, f, z = row
    return f"{c} / {pct(f, c)} / {pct(z, c)}" if c else "- / - / -"


def combined(runs: dict) -> str:
    """One markdown table of the splits in ``runs`` (split name -> :func:`run`'s
    result, in column order): per game and kind, clear tags / found / right zone (of
    clear); false components per game."""
    names = list(runs)
    out = ["| game | kind | " + " | ".join(f"{n}: clear / found / right zone" for n in names) + " |",
           "|---|---|" + "---|" * len(names)]
    tot = {n: [0, 0, 0] for n in names}
    first = runs[names[0]]
    for game in first["tally"]:
        rows = {n: runs[n]["tally"].get(game, {}) for n in names}
        kinds = sorted(set().union(*[set(r) for r in rows.values()]))
        for kind in kinds:
            out.append(f"| {game} | {kind} | " + " | ".join(_cell(rows[n].get(kind, [0, 0, 0])) for n in names)
                       + " |")
        sums = {n: [sum(v[i] for v in rows[n].values()) for i in range(3)] for n in names}
        for n in names:
            tot[n] = [a + b for a, b in zip(tot[n], sums[n])]
        out.append(f"| **{game}** | **all** | " + " | ".join(
            f"{_cell(sums[n])}, {runs[n]['false'][game]} false" for n in names) + " |")
    out.append("| **all games** | **all** | " + " | ".join(
        f"{_cell(tot[n])}, {sum(runs[n]['false'].values())} false" for n in names) + " |")
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", type=int, default=2, help="scenes per game and split")
    ap.add_argument("--split", choices=tuple(SPLITS) + ("both", "all"), default="both",
                    help="both: tuning and held-out; all: tuning, looked-at and held-out")
    ap.add_argument("--first", type=int, default=0, help="start each split's seeds this many seeds on")
    ap.add_argument("--game", choices=GAMES + ("all",), default="all")
    ap.add_argument("--tags", choices=("normal", "large"), default="normal", help="printed tag size")
    ap.add_argument("--setup", choices=tuple(SETUPS), default="stand",
                    help="stand (default) or reference (straight down from 1.0-1.1 m, to compare)")
    a = ap.parse_args(argv)
    games = GAMES if a.game == "all" else (a.game,)
    cond = SETUPS[a.setup]
    print(f"{a.setup.capitalize()} setup, 4K: camera {cond['height']} mm up, tilt {cond['tilt']} degrees, lens k1 "
          f"{cond['k1']}, the whole table in view; {FRAMES} still frames per scene at 2 frames/s; "
          f"{a.scenes} scenes per game and split; {a.tags} tags.")
    print()
    runs = {}
    splits = {"both": ("tuning", "held-out"), "all": tuple(SPLITS)}.get(a.split, (a.split,))
    for split in splits:
        runs[split] = r = run(games, split, a.scenes, tags=a.tags, cond=cond, first=a.first)
        print(report(r, f"{split} seeds {seeds(split, a.scenes, a.first)}"
                     + (" (never looked at while changing anything)" if split == "held-out" else "")))
        print()
    if len(runs) > 1:
        print("The splits side by side (clear tags / found / right zone of clear):")
        print()
        print(combined(runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
