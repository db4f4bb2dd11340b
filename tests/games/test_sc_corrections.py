"""Scoop: the players' corrections of the camera's reading
(companion/games/scoop/corrections.py over companion.corrections_kit, kept by
play.corrections through the table loop play.runner.GameRunner)."""

from __future__ import annotations

import pytest

from companion import registry
from companion.corrections_kit import Correction
from companion.errors import Refusal
from companion.games.scoop import corrections as scc
from companion.games.scoop import engine
from companion.games.scoop.tags import card_of, catalog_ids
from companion.journal import Journal
from companion.table import Sighting, TableSnapshot
from play.runner import GameRunner
from play.undo import Undo


def _copy(card: str, used=()) -> str:
    return next(c for c in catalog_ids() if "." in c and card_of(c) == card and c not in used)


def _table(state, extra=()) -> TableSnapshot:
    """Every reserve as the engine has it (one tag per card), plus ``extra``."""
    used, sights = [], []
    for seat, p in enumerate(state.players):
        for i, sp in enumerate(p.reserve):
            for c in sp:
                tag = _copy(c, used)
                used.append(tag)
                sights.append(Sighting(tag, f"mat-{p.spec.colour}", f"reserve:{i}", 140 + 100 * i, 280))
    return TableSnapshot(1.0, tuple(sights) + tuple(extra), (), True)


def _before_reserve(tmp_path, seed=3, n=3):
    """A journalled game just before its first reserve of one card (the moves before
    entered by taps); returns (runner, the reserve, the card's tag)."""
    setup, actions = engine.random_game(seed, n)
    runner = GameRunner(Journal.create(tmp_path / "sc.sqlite", "scoop", setup))
    for a in actions:
        if isinstance(a, engine.Reserve) and len(a.cards) == 1:
            used = [s.component for s in _table(runner.state).sightings]
            return runner, a, _copy(a.cards[0], used)
        runner.journal.append(a, source="manual")
    raise AssertionError("no reserve of one card")


def _actions(runner):
    return [engine.action_to_dict(a) for a in runner.journal.actions()]


def _colour(runner, seat):
    return runner.state.players[seat].spec.colour


def test_registry_names_the_module():
    assert registry.load_attr(registry.get("scoop").corrections) is scc


def test_a_reserved_card_the_camera_misses_said_in_its_space_then_removed(tmp_path):
    runner, res, tag = _before_reserve(tmp_path)
    before = _actions(runner)
    missed = _table(runner.state)
    runner.feed(missed)
    assert _actions(runner) == before
    c = Correction("at", tag, f"mat-{_colour(runner, res.player)}", f"reserve:{res.spaces[0]}")
    runner.correct(c)
    assert _actions(runner) == before + [engine.action_to_dict(res)]
    Undo(runner).remove_correction(1, "en")  # the camera's reading again: no reserve
    assert _actions(runner) == before and not list(runner.corrections)


def test_a_stray_card_in_another_call_area_said_absent_lets_the_reserve_be_read(tmp_path):
    runner, res, tag = _before_reserve(tmp_path)
    other = (res.player + 1) % len(runner.state.players)
    mine = Sighting(tag, f"mat-{_colour(runner, res.player)}", f"reserve:{res.spaces[0]}", 140, 280)
    used = [s.component for s in _table(runner.state).sightings] + [tag]
    stray = next(c for c in catalog_ids() if "." in c and c not in used)
    seen = _table(runner.state, (mine, Sighting(stray, f"mat-{_colour(runner, other)}", "call", 400, 280)))
    before = _actions(runner)
    runner.feed(seen)
    assert _actions(runner) == before  # cards in another player's call area: nothing read
    runner.correct(Correction("absent", stray))
    assert _actions(runner) == before + [engine.action_to_dict(res)]


def test_the_journal_with_a_correction_replays_after_reopening(tmp_path):
    runner, res, tag = _before_reserve(tmp_path)
    runner.feed(_table(runner.state))
    c = Correction("at", tag, f"mat-{_colour(runner, res.player)}", f"reserve:{res.spaces[0]}")
    runner.correct(c)
    moves, path = _actions(runner), runner.journal.path
    runner.journal.close()
    again = GameRunner(Journal.open(path))
    again.corrections.restore()
    assert _actions(again) == moves and [o.correction for o in again.corrections] == [c]
    Undo(again).remove_correction(1, "en")
    assert _actions(again) == moves[:-1]
    again.journal.close()


def test_check_touches_and_names(tmp_path):
    runner, res, tag = _before_reserve(tmp_path)
    state = runner.state
    colour = _colour(runner, res.player)
    with pytest.raises(Refusal) as e:
        scc.check(Correction("absent", "T01"), state)
    assert e.value.key == "correction_unknown_piece"
    with pytest.raises(Refusal) as e:  # a SCOOP card never lies on a page space
        scc.check(Correction("at", tag, f"mat-{colour}", "threestar"), state)
    assert e.value.key == "correction_bad_place"
    with pytest.raises(Refusal) as e:  # no such player
        scc.check(Correction("at", tag, "mat-purple", "call"), state)
    assert e.value.key == "correction_bad_place"
    scc.check(Correction("at", "sport-v1", f"mat-{colour}", scc._page_zone(state, res.player, "sport")), state)
    assert scc.touches(Correction("absent", tag), res)
    assert not scc.touches(Correction("absent", _copy("scoop")), res)
    assert not scc.moot(Correction("absent", tag), state)
    setup, actions = engine.random_game(3, 3)
    end = engine.new_game_from_dict(setup)
    for a in actions:
        end = engine.apply(end, a)
    assert end.is_over and scc.moot(Correction("absent", tag), end)
    for lang in ("en", "es", "zh"):
        for piece in (tag, "sport-v1", "adverts-v2"):
            name = scc.piece_name(piece, state, lang)
            assert name and piece not in name and "-v" not in name
        assert "reserve:" not in scc.place_name(f"mat-{colour}", "reserve:1", state, lang)
    assert scc.place_name(f"mat-{colour}", "reserve:1", state, "en").endswith("reserve space 2")
