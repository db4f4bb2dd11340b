"""A Scoop table filmed by the renderer (tools.render.games.scoop) and read back through
vision (decoder, fiducial registration, zones): every card in its space, reserve or
call area (cards by their QR codes, stories and adverts by their ArUco markers), and the observer turns the filmed call area into the engine's Claim."""

from __future__ import annotations

from companion.games.scoop import engine
from companion.games.scoop.observer import ScoopObserver
from companion.games.scoop.tabletop import table_of
from companion.table import Sighting, TableSnapshot


def _film_and_read(state, pieces):
    from calibration import game_tags
    from companion.games.scoop import tags as sct
    from vision.decode import Decoder
    from vision.register import Registrar
    from tools.render.camera import frame_bounds
    from tools.render.scene import SceneRenderer
    from tools.render.games.scoop import bounds, stage
    from vision.zones import locate

    colours = [p.spec.colour for p in state.players]
    cam = frame_bounds(bounds(colours), (2560, 1440), tilt_deg=15.0, height_mm=1000.0)
    frame = SceneRenderer(cam).render(stage(pieces, colours, "large"))
    symbols = Decoder().decode(frame.image)
    reg = Registrar(layout_names=game_tags.layouts("scoop"))
    reg.set_frame_size((frame.image.shape[1], frame.image.shape[0]))
    poses = reg.update(symbols, 0.0)
    sightings = []
    for s in symbols:
        if s.format == "ArUco":
            # stories and adverts carry markers; the mats' corners are not pieces
            owner = game_tags.marker_owner("scoop", int(s.text))
            if owner is None or owner[1] != "piece":
                continue
            component = owner[0]
        else:
            parsed = sct.parse_payload(s.text)
            assert parsed.ok, (s.text, parsed.reason)
            component = parsed.component
        surface, zone, x, y, ang = locate(s.corners_px, poses)
        sightings.append(Sighting(component, surface, zone, x, y, ang))
    return sorted(poses), TableSnapshot(0.0, tuple(sightings))


def test_a_filmed_call_is_read_into_the_engines_claim():
    setup, actions = engine.random_game(5, 3)
    state = engine.new_game_from_dict(dict(setup, hidden_hands=True))
    for a in actions:
        if isinstance(a, engine.Claim) and a.reserve and state.n_actions > 30 and not a.kind.startswith("ad-"):
            break
        state = engine.apply(state, engine.resolve_action(state, a))
    else:
        raise AssertionError("no claim from a reserve in this game")
    call = list(a.hand) + [c for i in a.reserve for c in state.players[a.player].reserve[i]]
    shown = engine.GameState.clone(state)
    for i in a.reserve:
        shown.players[a.player].reserve[i] = []
    pieces = table_of(shown, a.player, call)
    surfaces, snap = _film_and_read(state, pieces)
    assert surfaces == sorted(f"mat-{p.spec.colour}" for p in state.players)
    assert {(s.component, s.surface, s.zone) for s in snap.sightings} == \
        {(p.component, p.surface, p.zone) for p in pieces}
    out = ScoopObserver().observe(state, snap)
    assert out.status == "action", out.reports
    assert engine.action_to_dict(out.action) == engine.action_to_dict(
        engine.Claim(a.player, a.kind, tuple(sorted(a.hand)), tuple(sorted(a.reserve)), a.victim, a.captured))
