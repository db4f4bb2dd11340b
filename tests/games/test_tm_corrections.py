"""Turin Market: the players' corrections of the camera's reading
(companion/games/turin_market/corrections.py over companion.corrections_kit, kept by
play.corrections through the table loop play.runner.GameRunner)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion import registry
from companion.corrections_kit import Correction
from companion.errors import Refusal
from companion.games.turin_market import Pick, action_to_dict, apply, random_game
from companion.games.turin_market import corrections as tmc
from companion.games.turin_market.observer import expected_snapshot
from companion.journal import Journal
from companion.table import Sighting
from play.runner import GameRunner
from play.undo import Undo


def _at_a_pick(tmp_path, seed=4, n=4):
    """A journalled game just before its first pick; returns (runner, the pick, the
    table after it as a perfect camera sees it)."""
    setup, actions = random_game(seed, n)
    runner = GameRunner(Journal.create(tmp_path / "tm.sqlite", "turin-market", setup))
    for a in actions:
        if isinstance(a, Pick):
            return runner, a, expected_snapshot(apply(runner.state, a), t=1.0)
        runner.journal.append(a, source="manual")
    raise AssertionError("no pick in the game")


def _unrevealed(state) -> str:
    return next(c for c in sorted(state.catalog.cards) if c not in state.seen)


def _actions(runner):
    return [action_to_dict(a) for a in runner.journal.actions()]


def test_registry_names_the_module_and_it_has_every_member():
    spec = registry.get("turin-market")
    mod = registry.load_attr(spec.corrections)
    assert mod is tmc
    for name in ("to_dict", "from_dict", "target", "check", "apply", "agrees", "moot", "touches"):
        assert callable(getattr(mod, name))


def test_a_stray_card_said_absent_lets_the_pick_be_read(tmp_path):
    runner, pick, snap = _at_a_pick(tmp_path)
    stray = _unrevealed(runner.state)
    seen = replace(snap, sightings=snap.sightings + (Sighting(stray, "mat-red", "cards", 300, 30),))
    before = len(runner.journal.actions())
    steps = runner.feed(seen)
    assert not [s for s in steps if s.action is not None]  # the stray card stops the reading
    assert len(runner.journal.actions()) == before
    runner.correct(Correction("absent", stray))
    assert _actions(runner)[-1] == action_to_dict(pick)
    assert not runner.corrections.get(1).actions  # the pick does not move the stray card
    # the camera still sees the stray card: the correction stays
    runner.read_again()
    runner.feed(seen)
    assert [o.correction for o in runner.corrections] == [Correction("absent", stray)]
    # removed: the camera's reading again (the stray card asks for a reveal); the pick stays
    Undo(runner).remove_correction(1, "en")
    assert runner.corrections.apply(seen) == seen
    out = runner.observer.observe(runner.state, runner.corrections.apply(seen))
    assert out.status in ("waiting", "rejected") and any(stray in r.text for r in out.reports)
    assert _actions(runner)[-1] == action_to_dict(pick)


def test_a_card_the_camera_misses_said_in_the_pickers_area(tmp_path):
    runner, pick, snap = _at_a_pick(tmp_path)
    missed = replace(snap, sightings=tuple(s for s in snap.sightings if s.component != pick.card))
    before = len(runner.journal.actions())
    runner.feed(missed)
    assert len(runner.journal.actions()) == before
    from companion.games.turin_market.tags import COLOURS

    runner.correct(Correction("at", pick.card, f"mat-{COLOURS[pick.player]}", "cards"))
    assert _actions(runner)[-1] == action_to_dict(pick)
    # the camera now sees the card there: the correction goes, the pick stays
    runner.feed(snap)
    assert not list(runner.corrections) and _actions(runner)[-1] == action_to_dict(pick)


def _missed(runner, pick, snap):
    """The camera misses the picked card; the players say it lies in the picker's area."""
    from companion.games.turin_market.tags import COLOURS

    missed = replace(snap, sightings=tuple(s for s in snap.sightings if s.component != pick.card))
    runner.feed(missed)
    c = Correction("at", pick.card, f"mat-{COLOURS[pick.player]}", "cards")
    runner.correct(c)
    return c, missed


def test_the_journal_with_a_correction_replays_after_reopening(tmp_path):
    runner, pick, snap = _at_a_pick(tmp_path)
    c, _missed_snap = _missed(runner, pick, snap)
    moves = _actions(runner)
    assert moves[-1] == action_to_dict(pick)
    path = runner.journal.path
    runner.journal.close()
    again = GameRunner(Journal.open(path))
    again.corrections.restore()
    assert _actions(again) == moves
    assert [(o.id, o.correction) for o in again.corrections] == [(1, c)]
    assert again.corrections.get(1).actions == runner.corrections.get(1).actions
    # removing it after the reopening takes the pick back: the camera's reading again
    Undo(again).remove_correction(1, "en")
    assert _actions(again) == moves[:-1]
    again.journal.close()


def test_removing_the_correction_restores_the_cameras_reading(tmp_path):
    runner, pick, snap = _at_a_pick(tmp_path)
    before = _actions(runner)
    c, missed = _missed(runner, pick, snap)
    assert _actions(runner) == before + [action_to_dict(pick)]
    Undo(runner).remove_correction(1, "en")  # the pick it explained goes with it
    assert _actions(runner) == before and not list(runner.corrections)
    runner.read_again()
    runner.feed(missed)  # the camera's own reading: still no pick
    assert _actions(runner) == before
    notes = [e.payload for e in runner.journal.events if e.kind == "note" and e.source == "correction"]
    assert notes[0] == {"correction": {"kind": "at", "piece": pick.card, "surface": c.surface, "zone": "cards"}}
    assert notes[-1]["override_removed"] == 1


def test_check_refuses_what_makes_no_sense(tmp_path):
    runner, pick, snap = _at_a_pick(tmp_path)
    state = runner.state
    with pytest.raises(Refusal) as e:
        tmc.check(Correction("absent", "F01"), state)  # a Pergamon find
    assert e.value.key == "correction_unknown_piece"
    with pytest.raises(Refusal) as e:  # a card not revealed yet lies nowhere
        tmc.check(Correction("at", _unrevealed(state), "board", "centre"), state)
    assert e.value.key == "correction_bad_place"
    with pytest.raises(Refusal) as e:  # the black area in a 4-player game
        tmc.check(Correction("at", pick.card, "mat-black", "cards"), state)
    assert e.value.key == "correction_bad_place"
    tmc.check(Correction("at", pick.card, "mat-blue", "cards"), state)  # allowed
    with pytest.raises(Refusal) as e:
        runner.correct(Correction("at", "goose", "board", "centre"))
    assert e.value.key == "correction_bad_place" and not list(runner.corrections)


def test_notes_are_read_back_and_later_keys_ignored():
    c = Correction("at", "T05", "board", "sale")
    assert tmc.from_dict(tmc.to_dict(c)) == c
    assert tmc.from_dict({**tmc.to_dict(c), "x_mm": 12.0}) == c
    for bad in ({"kind": "moved", "piece": "T05"}, {"piece": "T05"}, {"kind": "at", "piece": "T05"}, []):
        with pytest.raises((TypeError, ValueError)):
            tmc.from_dict(bad)


def test_touches_moot_and_names(tmp_path):
    runner, pick, snap = _at_a_pick(tmp_path)
    c = Correction("absent", pick.card)
    assert tmc.touches(c, pick) and not tmc.touches(Correction("absent", "goose"), pick)
    assert not tmc.moot(c, runner.state)
    assert tmc.moot(c, replace(runner.state, discarded=(pick.card,)))
    for lang in ("en", "es", "zh"):
        name = tmc.piece_name(pick.card, runner.state, lang)
        assert pick.card not in name and name
        assert "mat-" not in tmc.place_name("mat-red", "cards", runner.state, lang)
    assert tmc.place_name("board", "sale", runner.state, "en") == "in the sale area"
