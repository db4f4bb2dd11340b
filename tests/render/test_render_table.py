"""The renderer's game-agnostic table (tools.render.table): any game with its own tag
module is staged from calibration's data alone, pieces where an observer expects
their tags, and the camera pipeline reads them back where they were laid."""

from __future__ import annotations

import pytest

from companion import registry
from companion.games import turin_market as tm
from companion.games.turin_market.observer import expected_snapshot
from tools.render import table

GAME = "turin-market"


def _state(n_actions: int):
    setup, actions = tm.random_game(26, 3)
    state = tm.new_game_from_dict(setup)
    for a in actions[:n_actions]:
        state = tm.apply(state, tm.action_from_dict(a) if isinstance(a, dict) else a)
    return state


def test_surfaces_lie_in_a_row_and_the_bounds_hold_them():
    origins = table.arrange(GAME, ["board", "mat-red", "mat-blue"], gap_mm=30.0)
    from calibration import game_tags

    board = game_tags.load_game_layout(GAME, "turin-market-board").size_mm
    mat = game_tags.load_game_layout(GAME, "turin-market-mat").size_mm
    assert origins == {"board": (0.0, 0.0), "mat-red": (board[0] + 30.0, 0.0),
                       "mat-blue": (board[0] + mat[0] + 60.0, 0.0)}
    assert table.bounds(GAME, origins) == (0.0, 0.0, board[0] + 2 * mat[0] + 60.0, max(board[1], mat[1]))
    with pytest.raises(KeyError, match="mat-purple"):
        table.arrange(GAME, ["mat-purple"])


def test_every_piece_is_tagged_from_calibration_and_laid_on_its_tag():
    snap = expected_snapshot(_state(12))
    origins = table.arrange(GAME, ["board"] + sorted({s.surface for s in snap.sightings} - {"board"}))
    items = table.stage_sightings(GAME, origins, snap.sightings, "normal")
    pieces = {p.component: p for p in items if p.kind not in ("board", "mat", "fiducial")}
    assert set(pieces) == {s.component for s in snap.sightings}
    mod = registry.load_attr(registry.get(GAME).tags)
    for s in snap.sightings:
        p = pieces[s.component]
        assert (p.surface, p.zone, p.sx_mm, p.sy_mm) == (s.surface, s.zone, s.x_mm, s.y_mm)
        assert p.tag.text == mod.encode_payload(s.component)
        assert (p.x_mm, p.y_mm) == (origins[s.surface][0] + s.x_mm, origins[s.surface][1] + s.y_mm)
    fids = [p for p in items if p.kind == "fiducial"]
    assert {p.surface for p in fids} == set(origins) and len(fids) == 4 * len(origins)


def test_a_staged_table_is_read_back_where_it_was_laid():
    from calibration import game_tags
    from tools.render.camera import frame_bounds
    from tools.render.scene import SceneRenderer
    from vision.decode import Decoder
    from vision.register import Registrar
    from vision.zones import locate

    snap = expected_snapshot(_state(12))
    origins = table.arrange(GAME, ["board"] + sorted({s.surface for s in snap.sightings} - {"board"}))
    cam = frame_bounds(table.bounds(GAME, origins), (2560, 1440), tilt_deg=0.0, height_mm=1000.0)
    frame = SceneRenderer(cam).render(table.stage_sightings(GAME, origins, snap.sightings, "large"))
    symbols = Decoder().decode(frame.image)
    reg = Registrar(layout_names=game_tags.layouts(GAME))
    reg.set_frame_size((frame.image.shape[1], frame.image.shape[0]))
    poses = reg.update(symbols, 0.0)
    assert sorted(poses) == sorted(origins)
    mod = game_tags.tags_module(GAME)
    read = {}
    for sym in symbols:
        if sym.format == "ArUco":
            continue
        parsed = mod.parse_payload(sym.text)
        assert parsed.ok, (sym.text, parsed.reason)
        read[parsed.component] = locate(sym.corners_px, poses)
    assert set(read) == {s.component for s in snap.sightings}
    for s in snap.sightings:
        surface, zone, x, y, _angle = read[s.component]
        assert (surface, zone) == (s.surface, s.zone)
        assert abs(x - s.x_mm) < 3.0 and abs(y - s.y_mm) < 3.0, (s, x, y)
