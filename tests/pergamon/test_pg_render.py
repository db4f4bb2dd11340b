"""A Pergamon table filmed by the renderer (tools.render.games.pergamon) and read back
through vision (decoder, fiducial registration, zones): every piece in its zone, and
the observer turns the filmed table into the engine's action."""

from __future__ import annotations

import pytest

from companion.games import pergamon as pg
from companion.games.pergamon.observer import PergamonObserver, table_todo
from companion.games.pergamon.tabletop import table_of
from companion.table import Sighting, TableSnapshot


def _film_and_read(state):
    from calibration import game_tags
    from vision.decode import Decoder
    from vision.register import Registrar
    from tools.render.camera import frame_bounds
    from tools.render.games.pergamon import bounds, stage
    from tools.render.scene import SceneRenderer
    from vision.zones import locate
    from companion.games.pergamon import tags as pgt

    colours = [p.colour for p in state.players]
    cam = frame_bounds(bounds(colours), (2560, 1440), tilt_deg=15.0, height_mm=1000.0)
    frame = SceneRenderer(cam).render(stage(table_of(state), colours, "large"))
    symbols = Decoder(aruco=game_tags.aruco_dictionary_name("pergamon")).decode(frame.image)
    reg = Registrar(layout_names=("pergamon-board", "pergamon-mat"))
    reg.set_frame_size((frame.image.shape[1], frame.image.shape[0]))
    poses = reg.update(symbols, 0.0)
    sightings = []
    for s in symbols:
        if s.format == "ArUco":  # a corner fiducial, or a find's, a figure's or a marker's marker
            owner = game_tags.marker_owner("pergamon", int(s.text))
            assert owner is not None, s.text
            if owner[1] != "piece":
                continue
            component = owner[0]
        else:
            parsed = pgt.parse_payload(s.text)
            assert parsed.ok, (s.text, parsed.reason)
            component = parsed.component
        surface, zone, x, y, ang = locate(s.corners_px, poses)
        sightings.append(Sighting(component, surface, zone, x, y, ang))
    return sorted(poses), TableSnapshot(0.0, tuple(sightings))


def test_a_filmed_show_is_read_into_the_engines_exhibit():
    setup, actions = pg.random_game(7, 2)
    before = pg.new_game_from_dict(setup)
    for i, a in enumerate(actions):
        after = pg.apply(before, a)
        if isinstance(a, pg.Exhibit) and after.log[-1].moves and after.turn >= 3:
            break
        before = after
    else:
        pytest.fail("no show with pushed markers in this game")
    surfaces, snap = _film_and_read(after)
    assert surfaces == ["board", "mat-blue", "mat-red"]
    want = {(p.component, p.surface, p.zone) for p in table_of(after)}
    assert {(s.component, s.surface, s.zone) for s in snap.sightings} == want
    out = PergamonObserver().observe(before, snap)
    assert out.status == "action"
    assert (out.action.player, out.action.finds, out.action.marker) == \
        (a.player, a.finds, after.log[-1].shown.marker)
    seen = pg.apply(before, out.action)
    assert seen.scores == after.scores and seen.shown == after.shown
    assert table_todo(seen, PergamonObserver().read(seen, snap)) == []


def _show_state():
    setup, actions = pg.random_game(7, 2)
    state = pg.new_game_from_dict(setup)
    for a in actions[:12]:
        state = pg.apply(state, a)
    return state


def test_finds_are_read_by_the_games_pipeline_from_their_markers_and_from_old_qr_stickers():
    """Finds carry DICT_4X4_250 markers (ids 100-159, past the 100 of the other games'
    dictionary): the game's pipeline reads them; a find whose QR sticker was printed
    before still reads, beside the markers."""
    from dataclasses import replace

    from calibration import game_tags
    from companion.games.pergamon import tags as pgt
    from tools.render.camera import frame_bounds
    from tools.render.games.pergamon import bounds, stage
    from tools.render.parts import TagSpec
    from tools.render.scene import SceneRenderer
    from vision.pipeline import Pipeline, game_dictionary

    assert game_dictionary("pergamon") == "DICT_4X4_250"
    state = _show_state()
    colours = [p.colour for p in state.players]
    items = stage(table_of(state), colours, "large")
    finds = [i for i, it in enumerate(items) if it.kind == "find"]
    assert len(finds) >= 3
    assert all(items[i].tag.symbol == "aruco" and 100 <= items[i].tag.marker_id < 160 for i in finds)
    old = items[finds[0]]
    items[finds[0]] = replace(old, tag=TagSpec("qr", 21 * 1.6, text=pgt.encode_payload(old.component),
                                               quiet_mm=3.2))
    cam = frame_bounds(bounds(colours), (2560, 1440), tilt_deg=15.0, height_mm=1000.0)
    frame = SceneRenderer(cam).render(items)
    pipe = Pipeline(game="pergamon")
    for k in range(3):
        snap, _ = pipe.process(frame.image, 0.5 * k)
    got = {s.component for s in snap.sightings}
    assert {items[i].component for i in finds} <= got
    assert got <= {it.component for it in items}
    assert game_tags.marker_owner("pergamon", items[finds[1]].tag.marker_id) == (items[finds[1]].component, "piece")
