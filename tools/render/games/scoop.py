"""Scoop tables for the renderer: :func:`stage` turns
companion.games.scoop.tabletop's pieces (surface, zone, order) into
:class:`tools.render.parts.Placed` items in table mm, with each player's mat and its
corner fiducials, so tools.render.scene.SceneRenderer can film a Scoop table.
Geometry from calibration/data/scoop (layout and components, via
calibration.game_tags); plain colours and our own shapes; cards flat, their tag
where components.json puts it (``tag_centre_mm``: the top-left corner). Cards in a
reserve space are fanned 46 mm apart (each card's left 46 mm shows, its whole tag) and
cards in the call area laid side by side, so every tag shows.

Arrangement: the players' mats in two rows (seats 1-3 on top, 4-6 below).
"""

from __future__ import annotations

from calibration import game_tags
from tools.render.parts import Placed
from tools.render.recording import Recipe, demo_params
from tools.render.table import bbox, game_tag, surface_items, zone_boxes

GAME = "scoop"
LAYOUT = "scoop-page"
MAT_BGR = {"red": (170, 170, 235), "blue": (235, 190, 160), "green": (170, 225, 170),
           "yellow": (150, 230, 240), "black": (160, 160, 160), "white": (245, 245, 245)}
CARD_BGR = {"card": (225, 240, 250), "story": (250, 245, 235), "advert": (215, 235, 215)}
GAP_MM = 40.0


def arrangement(colours: list[str]) -> dict[str, tuple[float, float]]:
    """Top-left corner (table mm) of each seat's mat (``mat-<colour>``)."""
    w, h = game_tags.load_game_layout(GAME, LAYOUT).size_mm
    per_row = 3 if len(colours) > 4 else 2 if len(colours) > 1 else 1
    out = {}
    for i, c in enumerate(colours):
        row, col = divmod(i, per_row)
        out[f"mat-{c}"] = (col * (w + GAP_MM), row * (h + GAP_MM))
    return out


def bounds(colours: list[str]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) table mm around the mats."""
    w, h = game_tags.load_game_layout(GAME, LAYOUT).size_mm
    pos = arrangement(colours).values()
    return (min(x for x, _ in pos), min(y for _, y in pos), max(x for x, _ in pos) + w, max(y for _, y in pos) + h)


def spot(layout, zone: str, order: int) -> tuple[float, float]:
    """Centre (surface mm) of the ``order``-th card of a zone."""
    x0, y0, x1, y1 = bbox(layout.zone(zone).polygon)
    if zone.startswith("reserve:"):
        return x0 + 28.5 + 46.0 * order, (y0 + y1) / 2
    if zone == "call":
        return x0 + 30.0 + 62.0 * order, (y0 + y1) / 2
    return (x0 + x1) / 2 + 8.0 * order, (y0 + y1) / 2 + 4.0 * order


def stage(pieces, colours: list[str], tags: str = "large") -> list[Placed]:
    """Render items for ``pieces`` (tabletop.Piece) on the mats of ``colours`` (seat
    order) with their corner fiducials. tags: ``"large"`` or ``"normal"``.
    Raises KeyError for a zone the layout does not have."""
    comps = game_tags.load_components(GAME)
    mod = game_tags.tags_module(GAME)
    lay = game_tags.load_game_layout(GAME, LAYOUT)
    origins = arrangement(colours)
    items: list[Placed] = []
    zones = zone_boxes(lay, (225, 232, 236))
    for name, origin in origins.items():
        items += surface_items(name, origin, lay, comps["aruco_dictionary"],
                               colour=MAT_BGR.get(name[4:], (200, 200, 200)), zones=zones)
    for p in pieces:
        ox, oy = origins[p.surface]
        sx, sy = spot(lay, p.zone, p.order)
        kind = mod.KIND_NAMES[mod.kind_of(p.component)]
        piece = comps["pieces"][kind]
        size = tuple(float(v) for v in piece["size_mm"])
        at = piece.get("tag_centre_mm", (size[0] / 2, size[1] / 2))  # from the card's top-left corner
        offset = (float(at[0]) - size[0] / 2, float(at[1]) - size[1] / 2)
        items.append(Placed(component=p.component, kind=kind, surface=p.surface, zone=p.zone, x_mm=ox + sx,
                            y_mm=oy + sy, angle_deg=0.0, size_mm=size,
                            tag=game_tag(GAME, p.component, tags, offset), sx_mm=sx, sy_mm=sy, layer=2 + p.order,
                            colour=CARD_BGR.get(kind, (235, 235, 235))))
    return items


# ------------------------------------------------------------------ recordings
#
# A whole Scoop game (setup + actions) filmed like tools.render.games.turin_market does
# for Turin Market: one still table per action that changes the table (a claim's
# cards laid in the call area, the story laid after the call, a reserve, a sale),
# a hand reaching in before each. Hands are never shown; what the camera cannot
# read (the dial, choices, exchanges, Lines Down, sales) is the players' entries in
# the app, written to ``recording.json`` for ``companion demo``.

#: Actions the camera reads from the table (the observer); the rest are entries.
CAMERA_ACTIONS = ("claim", "reserve")


def _call_cards(before, a) -> list[str]:
    """The engine cards a Claim lays in the call area (the SCOOP card included)."""
    p = before.players[a.player]
    return list(a.hand) + [c for i in a.reserve for c in p.reserve[i]] + list(a.captured)


def _shown(before, a):
    """``before`` with the cards of Claim ``a`` taken out of the reserves (they lie
    in the call area)."""
    shown = before.clone()
    for i in a.reserve:
        shown.players[a.player].reserve[i] = []
    for c in a.captured:
        for sp in shown.players[a.victim].reserve:
            if c in sp:
                sp.remove(c)
                break
    return shown


def table_actions(setup: dict, actions) -> list:
    """The actions as a table journal has them: a Dial, Choose or advert Claim that
    takes a card from its pile names the printed ``value`` of the card taken (the
    table's piles are shuffled by hand; the camera reads the value from the card
    laid). Same game, same states."""
    from companion.games import scoop as sc

    state = sc.new_game_from_dict(setup)
    out = []
    for a in actions:
        a = sc.action_from_dict(a) if isinstance(a, dict) else a
        a = sc.resolve_action(state, a)
        after = sc.apply(state, a)
        if isinstance(a, (sc.Dial, sc.Choose, sc.Claim)) and a.value is None:
            pile = next((k for k, v in state.piles.items() if len(after.piles[k]) < len(v)), None)
            if pile is not None:
                from dataclasses import replace

                a = replace(a, value=state.piles[pile][-1])
                after = sc.apply(state, a)
        out.append(a)
        state = after
    return out


def storyboard(setup: dict, actions, tags: str = "large"):
    """(stills, items, final state): the still tables of a game (the setup first), one
    per table change; a claim's set lies in the call area until its call is settled
    (an advert's set is shown before it is laid). Raises RuleError for an illegal
    journal."""
    from companion.games import scoop as sc
    from companion.games.scoop.tabletop import table_of
    from tools.render.recording import Still

    state = sc.new_game_from_dict(setup)
    colours = [p["colour"] for p in setup["players"]]
    stills = [Still(-1, "setup", state)]
    items = [stage(table_of(state), colours, tags)]
    call: tuple[int, list[str]] | None = None

    def add(k, st, pieces):
        placed = stage(pieces, colours, tags)
        if _pieces(placed) != _pieces(items[-1]):
            stills.append(Still(k, "after", st))
            items.append(placed)

    for k, a in enumerate(actions):
        a = sc.action_from_dict(a) if isinstance(a, dict) else a
        before, state = state, sc.apply(state, a)
        if isinstance(a, sc.Claim):
            call = (a.player, _call_cards(before, a))
            if a.kind.startswith("ad-"):  # no call: the set is laid, then the advert
                add(k - 1 if k else -1, before, table_of(_shown(before, a), *call))
                call = None
        pend = state.pending
        if call is not None and (pend is None or pend["kind"] not in ("call", "choose")):
            call = None
        add(k, state, table_of(state, *call) if call else table_of(state))
    return stills, items, state


def _pieces(items) -> list[tuple]:
    return sorted((p.component, round(p.x_mm, 1), round(p.y_mm, 1)) for p in items
                  if p.kind not in ("fiducial", "mat"))


def entries(setup: dict, actions) -> list[dict]:
    """What the players enter in the app, in journal order: ``{"index": k, "tap":
    {"dial": n}}`` (the telephone), ``{"index": k, "tap": {"choose": option,
    "displace": i}}`` (after Three Star / Press), and ``{"index": k, "action":
    {...}}`` for the other plays the camera cannot read (an exchange names no card:
    hands stay hidden)."""
    from companion.games import scoop as sc

    out = []
    for k, a in enumerate(actions):
        a = sc.action_from_dict(a) if isinstance(a, dict) else a
        d = sc.action_to_dict(a)
        if d["action"] in CAMERA_ACTIONS:
            continue
        if isinstance(a, sc.Dial):
            out.append({"index": k, "tap": {"dial": a.number}})
        elif isinstance(a, sc.Choose):
            tap = {"choose": a.option}
            if a.displace is not None:
                tap["displace"] = a.displace
            out.append({"index": k, "tap": tap})
        else:
            if isinstance(a, sc.Exchange):
                from companion.games.scoop.engine import HIDDEN  # the journal's word for a card unseen

                d["card"] = HIDDEN
            out.append({"index": k, "action": d})
    return out


def render_recording(setup: dict, actions, out_dir, params, progress=None) -> dict:
    """Film a Scoop game into ``out_dir`` (files as tools.render.games.turin_market:
    ``video.*``, ``truth.jsonl``, ``states.jsonl``, ``journal.json``, ``meta.json``,
    ``recording.json``). ``recording.json`` holds the setup the players entered
    (``hidden_hands``: the app never knows a hand) and their ``entries``. Returns the
    meta dict. Raises RuleError for an illegal journal, CompanionError when the video
    cannot be written."""
    import json
    from pathlib import Path

    from companion.games import scoop as sc
    from tools.render.camera import frame_bounds
    from tools.render.recording import film_game

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    acts = table_actions(setup, actions)
    stills, items, final = storyboard(setup, acts, params.tags)
    colours = [p["colour"] for p in setup["players"]]
    camera = frame_bounds(bounds(colours), params.resolution, tilt_deg=params.tilt_deg, height_mm=params.height_mm)
    meta = film_game(GAME, stills, items, camera, params, out,
                     lambda q: q.kind not in ("fiducial", "mat"), progress)
    truth = {"game": GAME, "setup": setup, "actions": [sc.action_to_dict(a) for a in acts],
             "final_scores": list(final.final.scores), "winners": list(final.final.winners),
             "how": final.final.how}
    (out / "journal.json").write_text(json.dumps(truth, indent=1, ensure_ascii=False), encoding="utf-8")
    desc = {"game": GAME, "frames": meta["video"], "fps": params.fps, "setup": dict(setup, hidden_hands=True),
            "entries": entries(setup, acts), "truth": "journal.json", "truth_frames": "truth.jsonl",
            "states": "states.jsonl", "meta": "meta.json", "pieces": "flat"}
    (out / "recording.json").write_text(json.dumps(desc, indent=1, ensure_ascii=False), encoding="utf-8")
    return meta


#: The bundled recording (tools/make_demo_recordings.py): a whole 4-player game with
#: players who play to finish (policy ``quick``; random Scoop games run ~900 plays).
#: Seed 9 has refusals with cards bought (Kill It, X libel, !!!), reserves, reserve
#: claims and SCOOP captures, a Synd with 4 players, a three-star story taken and
#: Press on the dial.
RECIPES = {"scoop-4p": Recipe(4, 9, demo_params((2560, 1440), 9), game_kw={"policy": "quick"})}
