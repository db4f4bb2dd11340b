"""Pergamon: the players' corrections of the camera's reading
(companion/games/pergamon/corrections.py over companion.corrections_kit, kept by
play.corrections through the table loop play.runner.GameRunner)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion import registry
from companion.corrections_kit import Correction
from companion.errors import Refusal
from companion.games import pergamon as pg
from companion.games.pergamon import corrections as pgc
from companion.games.pergamon.tabletop import snapshot_of
from companion.journal import Journal
from companion.table import Sighting
from play.runner import GameRunner
from play.undo import Undo


def _before(tmp_path, kind, seed=2, n=3):
    """A journalled game just before its first action of ``kind``; returns (runner,
    that action)."""
    setup, actions = pg.random_game(seed, n)
    runner = GameRunner(Journal.create(tmp_path / "pg.sqlite", "pergamon", setup))
    for a in actions:
        if isinstance(a, kind):
            return runner, a
        runner.journal.append(a, source="manual")
    raise AssertionError(f"no {kind.__name__} in the game")


def _actions(runner):
    return [pg.action_to_dict(a) for a in runner.journal.actions()]


def _dig_misread(tmp_path):
    """The camera still reads one dug find in its gallery (an old picture of its tag)."""
    runner, dig = _before(tmp_path, pg.Dig)
    after = pg.apply(runner.state, dig)
    snap = snapshot_of(after, t=1.0)
    find = runner.state.galleries[dig.gallery - 1][0]
    colour = runner.state.players[dig.player].colour
    seen = replace(snap, sightings=tuple(Sighting(find, "board", f"gallery:{dig.gallery}", 0, 0)
                                         if s.component == find else s for s in snap.sightings))
    return runner, dig, find, colour, seen, snap


def test_registry_names_the_module():
    assert registry.load_attr(registry.get("pergamon").corrections) is pgc


def test_a_find_said_in_the_diggers_area_lets_the_dig_be_read_and_removal_takes_it_back(tmp_path):
    runner, dig, find, colour, seen, _snap = _dig_misread(tmp_path)
    before = _actions(runner)
    runner.feed(seen)
    assert _actions(runner) == before  # half a gallery in the area: no dig read
    runner.correct(Correction("at", find, f"mat-{colour}", "finds"))
    assert _actions(runner) == before + [pg.action_to_dict(dig)]
    Undo(runner).remove_correction(1, "en")
    assert _actions(runner) == before and not list(runner.corrections)


def test_a_stray_find_said_absent_lets_the_presentation_be_read(tmp_path):
    runner, present = _before(tmp_path, pg.PresentFinds)
    state = runner.state
    stray = next(t for t in sorted(state.catalog.tiles) if t not in present.finds and t not in state.presented)
    snap = snapshot_of(state, t=1.0, fresh=present.finds)
    seen = replace(snap, sightings=snap.sightings + (Sighting(stray, "board", f"calendar:{state.turn}", 90, 0),))
    before = _actions(runner)
    runner.feed(seen)
    assert _actions(runner) == before  # one find too many: nothing read
    runner.correct(Correction("absent", stray))
    assert _actions(runner)[len(before)]["action"] == "present_finds"
    assert sorted(_actions(runner)[len(before)]["finds"]) == sorted(present.finds)


def test_the_journal_with_a_correction_replays_after_reopening(tmp_path):
    runner, dig, find, colour, seen, _snap = _dig_misread(tmp_path)
    runner.feed(seen)
    c = Correction("at", find, f"mat-{colour}", "finds")
    runner.correct(c)
    moves, path = _actions(runner), runner.journal.path
    runner.journal.close()
    again = GameRunner(Journal.open(path))
    again.corrections.restore()
    assert _actions(again) == moves and [o.correction for o in again.corrections] == [c]
    again.feed(seen)  # the same misread table: still read with the correction, nothing new
    assert _actions(again) == moves
    Undo(again).remove_correction(1, "en")
    assert _actions(again) == moves[:-1]
    again.journal.close()


def test_the_camera_agreeing_ends_the_correction_and_keeps_the_move(tmp_path):
    runner, dig, find, colour, seen, snap = _dig_misread(tmp_path)
    runner.feed(seen)
    runner.correct(Correction("at", find, f"mat-{colour}", "finds"))
    moves = _actions(runner)
    runner.feed(snap)  # the camera reads the find in the area now
    assert not list(runner.corrections) and _actions(runner)[:len(moves)] == moves


def test_check_refuses_what_makes_no_sense(tmp_path):
    runner, dig = _before(tmp_path, pg.Dig)
    state = runner.state
    for c, key in ((Correction("absent", "T01"), "correction_unknown_piece"),
                   (Correction("absent", "figure-yellow"), "correction_unknown_piece"),  # 3 players
                   (Correction("at", "F01", "board", "funds:2"), "correction_bad_place"),
                   (Correction("at", "figure-red", "mat-blue", "home"), "correction_bad_place"),
                   (Correction("at", "circle-red1", "board", "plan:4"), "correction_bad_place")):
        with pytest.raises(Refusal) as e:
            pgc.check(c, state)
        assert e.value.key == key, c
    pgc.check(Correction("at", "figure-red", "board", "funds:3"), state)
    with pytest.raises(Refusal) as e:
        pgc.check(Correction("absent", "F01"), replace(state, phase="over"))
    assert e.value.key == "correction_game_over"


def test_touches_moot_and_names(tmp_path):
    runner, dig = _before(tmp_path, pg.Dig)
    state = runner.state
    find = state.galleries[dig.gallery - 1][0]
    assert pgc.touches(Correction("absent", find), dig)
    assert not pgc.touches(Correction("absent", "figure-red"), dig)
    assert pgc.touches(Correction("absent", "figure-red"), pg.PlaceFigure(0, 3))
    assert pgc.moot(Correction("absent", find), replace(state, box=(find,)))
    assert not pgc.moot(Correction("absent", find), state)
    for lang in ("en", "es", "zh"):
        for piece in (find, "figure-red", "circle-blue2", "card5a", "bag3"):
            name = pgc.piece_name(piece, state, lang)
            assert name and piece not in name
        assert "gallery:" not in pgc.place_name("board", "gallery:2", state, lang)
    assert pgc.place_name("board", "gallery:2", state, "en") == "in gallery II"
    assert pgc.piece_name("card5a", state, "en") == "the funds card of 5 coins"


def test_the_pieces_offered_as_missed_are_those_in_play(tmp_path):
    runner, dig = _before(tmp_path, pg.Dig)
    state = runner.state
    snap = snapshot_of(state, t=1.0)
    in_galleries = {f for g in state.galleries for f in g}
    gone = in_galleries.pop()
    seen_less = replace(snap, sightings=tuple(s for s in snap.sightings if s.component != gone))
    assert pgc.missing(state, seen_less) == [gone]  # not every find of the box
    assert pgc.missing(state, snap) == []
    present_state = replace(state, phase="present")
    assert len(pgc.missing(present_state, snap)) > 1  # finds being turned up may be missed
