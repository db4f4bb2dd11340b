"""Render a whole Turin Market game (setup + actions) as a camera recording.

Like tools.render.recording does for Penny Press, on the same renderer
(tools.render.scene), camera, effects, frame plan and video sink: the market
board in the middle, each player's area around it (seat 1 left, seat 2 right,
the others below), the cards where the engine has them
(companion.games.turin_market.observer.expected_snapshot gives every tag's place
in surface mm), the goods tokens in front of the majority holders. For every
journal action that changes the table a hand reaches in and the table then
stands still; actions that leave the table as it is (bids, tie additions, coin
flips, passes, loans: the players' entries in the app) add no frame.

Output folder: ``video.mkv`` (or another format), ``truth.jsonl`` (per frame:
``journal_index``, ``still``, ``visible`` tags ...), ``states.jsonl`` (pieces per
still table), ``journal.json`` (the ground truth: setup, actions, final shields),
``meta.json`` and ``recording.json`` with ``game``, the whole ``setup`` and the
``entries`` (what the players type in the app at which journal index: the
actions the camera does not read, and the prices of cards put up for sale) that
``companion demo`` feeds as the players' entries.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, Sequence

from calibration.game_tags import load_components, load_game_layout
from companion.games import turin_market as tm
from companion.games.turin_market.observer import expected_snapshot
from companion.games.turin_market.tags import COLOURS
from tools.render.camera import frame_bounds
from tools.render.parts import Placed
from tools.render.recording import Recipe, RecordingParams, Still, demo_params, film_game
from tools.render.table import game_tag, surface_items, zone_boxes

GAME = "turin-market"
#: Actions the camera reads from the table (the observer); the rest are entries.
CAMERA_ACTIONS = (tm.Pick, tm.OfferForSale, tm.Withdraw, tm.Buy, tm.ChooseBuyer)
GAP_MM = 40.0
#: BGR colours of the player areas (seat order) and of the goods cards.
AREA_BGR = {"red": (170, 170, 235), "blue": (235, 190, 160), "green": (170, 225, 170),
            "yellow": (150, 230, 240), "black": (175, 175, 175)}
CARD_BGR = (215, 240, 250)
TOKEN_BGR = (90, 160, 210)


def arrangement(n_players: int) -> dict[str, tuple[float, float]]:
    """Top-left corner (table mm) of the board and of each seat's area
    (``mat-<colour>``): board centred at x = 0, seat 1 on its left, seat 2 on its
    right, seats 3-5 in a row below."""
    bw, bh = load_game_layout(GAME, "turin-market-board").size_mm
    mw, mh = load_game_layout(GAME, "turin-market-mat").size_mm
    out = {"board": (-bw / 2, 0.0)}
    for seat in range(n_players):
        surface = f"mat-{COLOURS[seat]}"
        if seat == 0:
            out[surface] = (-bw / 2 - GAP_MM - mw, 40.0)
        elif seat == 1:
            out[surface] = (bw / 2 + GAP_MM, 40.0)
        else:
            row = n_players - 2
            total = row * mw + (row - 1) * GAP_MM
            out[surface] = (-total / 2 + (seat - 2) * (mw + GAP_MM), bh + GAP_MM)
    return out


def bounds(n_players: int) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) table mm around the board and the areas."""
    sizes = {"board": load_game_layout(GAME, "turin-market-board").size_mm}
    mat = load_game_layout(GAME, "turin-market-mat").size_mm
    xs, ys = [], []
    for name, (x, y) in arrangement(n_players).items():
        w, h = sizes.get(name, mat)
        xs += [x, x + w]
        ys += [y, y + h]
    return min(xs), min(ys), max(xs), max(ys)


def stage(state, tags: str = "normal") -> list[Placed]:
    """Every piece of ``state`` where it lies (table mm), with the board's and the
    areas' corner fiducials: the ground truth the recording is drawn from."""
    n = state.n_players
    where = arrangement(n)
    items: list[Placed] = []
    dictionary = load_components(GAME)["aruco_dictionary"]
    for layout_name, surfaces in (("turin-market-board", ["board"]),
                                  ("turin-market-mat", [f"mat-{COLOURS[s]}" for s in range(n)])):
        lay = load_game_layout(GAME, layout_name)
        zones = zone_boxes(lay, (225, 225, 225))
        for surface in surfaces:
            colour = (200, 215, 190) if surface == "board" else AREA_BGR[surface[4:]]
            label = "MARKET" if surface == "board" else f"SEAT {COLOURS.index(surface[4:]) + 1}"
            items += surface_items(surface, where[surface], lay, dictionary, colour=colour, zones=zones,
                                   label=label)
    card_w, card_h = load_components(GAME)["pieces"]["card"]["size_mm"]
    tok = load_components(GAME)["pieces"]["token"]["size_mm"]
    inset = 18.0  # the card's tag centre from its top and left edges (components.json)
    order = 0
    for s in expected_snapshot(state).sightings:
        ox, oy = where[s.surface]
        if s.component.startswith("token-"):
            items.append(Placed(s.component, "token", s.surface, s.zone, ox + s.x_mm, oy + s.y_mm, 0.0,
                                (float(tok[0]), float(tok[1])), game_tag(GAME, s.component, tags), s.x_mm, s.y_mm, 3,
                                TOKEN_BGR, ""))
            continue
        # the card's centre from its tag's centre; later cards lie on top (fanned right / down)
        cx, cy = s.x_mm - inset + card_w / 2, s.y_mm - inset + card_h / 2
        offset = (inset - card_w / 2, inset - card_h / 2)
        order += 1
        items.append(Placed(s.component, "card", s.surface, s.zone, ox + cx, oy + cy, 0.0,
                            (float(card_w), float(card_h)), game_tag(GAME, s.component, tags, offset), cx, cy,
                            2 + order, CARD_BGR, s.component))
    return items


def storyboard(setup: dict, actions: Sequence) -> tuple[list[Still], list[list[Placed]], object]:
    """The still tables of a game (one per action that changes the table, the setup
    first), their pieces, and the final state. Raises RuleError for an illegal
    journal."""
    state = tm.new_game_from_dict(setup)
    stills = [Still(-1, "setup", state)]
    items = [stage(state)]
    for k, a in enumerate(actions):
        if isinstance(a, dict):
            a = tm.action_from_dict(a)
        state = tm.apply(state, a)
        placed = stage(state)
        if _pieces(placed) != _pieces(items[-1]):
            stills.append(Still(k, "after", state))
            items.append(placed)
    return stills, items, state


def _pieces(items: list[Placed]) -> list[tuple]:
    return sorted((p.component, round(p.x_mm, 1), round(p.y_mm, 1)) for p in items if p.kind in ("card", "token"))


def entries(actions: Sequence) -> list[dict]:
    """What the players enter in the app, in journal order: ``{"index": k, "action":
    {...}}`` for an action the camera does not read (journalled as it is), and
    ``{"index": k, "tap": {"card", "price"}}`` for the price of a card put up for
    sale (the observer cannot count the shields on it)."""
    out = []
    for k, a in enumerate(actions):
        if isinstance(a, dict):
            a = tm.action_from_dict(a)
        if isinstance(a, tm.OfferForSale):
            out.append({"index": k, "tap": {"card": a.card, "price": a.price}})
        elif not isinstance(a, CAMERA_ACTIONS):
            out.append({"index": k, "action": tm.action_to_dict(a)})
    return out


def render_recording(setup: dict, actions: Sequence, out_dir: str | Path, params: RecordingParams,
                     progress: Callable[[int, int], None] | None = None) -> dict:
    """Render a Turin Market journal into ``out_dir`` (module docstring). Returns the
    meta dict. Raises RuleError for an illegal journal, CompanionError when the
    video cannot be written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    actions = [tm.action_from_dict(a) if isinstance(a, dict) else a for a in actions]
    stills, items, final = storyboard(setup, actions)
    n = len(setup["players"])
    camera = frame_bounds(bounds(n), params.resolution, tilt_deg=params.tilt_deg, height_mm=params.height_mm)
    meta = film_game(GAME, stills, items, camera, params, out, lambda q: q.kind in ("card", "token"), progress)
    truth = {"game": GAME, "setup": setup, "actions": [tm.action_to_dict(a) for a in actions],
             "final_scores": list(final.final.scores), "winners": list(final.final.winners)}
    (out / "journal.json").write_text(json.dumps(truth, indent=1, ensure_ascii=False), encoding="utf-8")
    desc = {"game": GAME, "frames": meta["video"], "fps": params.fps, "setup": setup,
            "entries": entries(actions), "truth": "journal.json", "truth_frames": "truth.jsonl",
            "states": "states.jsonl", "meta": "meta.json", "pieces": "flat"}
    (out / "recording.json").write_text(json.dumps(desc, indent=1, ensure_ascii=False), encoding="utf-8")
    return meta


#: The bundled recording (tools/make_demo_recordings.py): a whole 4-player game, seed
#: chosen for ties, coin flips, sales, a purchase, a withdrawal, a loan and forced
#: loans, with the normal tag sizes.
RECIPES = {"turin-market-4p": Recipe(4, 26, demo_params((3200, 1800), 26, tags="normal"))}
