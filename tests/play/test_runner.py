"""The table loop (play.runner.GameRunner): snapshots -> observer -> journal, as
`companion demo` and the app drive it."""

from __future__ import annotations

import pytest

import companion.games.penny_press as pp
from companion.journal import Journal
from companion.games.penny_press.corrections import Correction
from companion.games.penny_press.observer import game_snapshots
from companion.observing import SetupRequest
from companion.table import Sighting, TableSnapshot
from pp_table import table_of
from play.runner import GameRunner


def ground_truth_snapshots(setup, actions):
    """The still snapshots a perfect camera would give after each action."""
    return game_snapshots(setup, actions)


@pytest.mark.parametrize("seed,n", [(21, 3), (22, 4)])
def test_runner_rebuilds_the_ground_truth_game(tmp_path, seed, n):
    setup, actions = pp.random_game(seed, n)
    runner = GameRunner(None, game="penny-press", journal_path=tmp_path / "g.sqlite",
                        setup=SetupRequest(tuple(setup["players"]), setup["first_player"], setup))
    for snap in ground_truth_snapshots(setup, actions):
        runner.feed(snap)
        # a moving table in between never changes anything
        assert runner.feed(TableSnapshot(1, snap.sightings, still=False)) == []
    truth = pp.new_game_from_dict(setup)
    for a in actions:
        truth = pp.apply(truth, a)
    assert runner.state.is_over
    assert runner.state.scores == truth.scores
    reopened = Journal.open(tmp_path / "g.sqlite")
    assert reopened.state.scores == truth.scores
    assert all(e.source == "vision" for e in reopened.events if e.kind == "action")


def test_setup_waits_for_all_initial_cards(tmp_path):
    setup, _ = pp.random_game(3, 3)
    runner = GameRunner(None, game="penny-press", journal_path=tmp_path / "g.sqlite",
                        setup=SetupRequest(tuple(setup["players"])))
    two = TableSnapshot(0, tuple(Sighting(c, "table", None, 0, 0) for c in setup["headline_cards"][:2]))
    steps = runner.feed(two)
    assert runner.journal is None and steps[0].report.key == "setup_cards"
    # the same table again: the report is not repeated
    assert runner.feed(TableSnapshot(1, two.sightings)) == []


def test_pin_corrects_a_misread_reporter(tmp_path):
    """Vision misses a reporter: the observer would read a recall; a pin fixes it."""
    setup, actions = pp.random_game(5, 3)
    state = pp.new_game_from_dict(setup)
    j = Journal.create(tmp_path / "g.sqlite", "penny-press", setup)
    a = actions[0]
    assert isinstance(a, pp.Assign) and a.count >= 1
    j.append(a)
    runner = GameRunner(j)
    snap = table_of(j.state)
    colour = j.state.players[a.player].colour
    lost = next(s for s in snap.sightings if s.zone == f"on:{a.story}" and s.component.startswith(colour))
    misread = TableSnapshot(0, tuple(s for s in snap.sightings if s is not lost))
    plain = GameRunner(j).feed(misread)
    assert [st.report.key for st in plain if st.report] == ["not_your_turn"]
    runner.correct(Correction("reporters", story=a.story, colour=colour, count=a.count))
    steps = runner.feed(misread)
    assert all(st.action is None and st.report is None for st in steps)
    assert len(j.actions()) == 1


def test_first_player_is_told_by_the_first_move(tmp_path):
    """Own recordings: no first player given; the seat whose reporters move first
    starts, and the game then reads as usual."""
    setup, actions = pp.random_game(23, 3)
    runner = GameRunner(None, game="penny-press", journal_path=tmp_path / "g.sqlite",
                        setup=SetupRequest(tuple(setup["players"]), None))
    for snap in ground_truth_snapshots(setup, actions):
        runner.feed(snap)
    assert runner.journal is not None
    assert runner.journal.setup["first_player"] == setup["first_player"]
    truth = pp.new_game_from_dict(setup)
    for a in actions:
        truth = pp.apply(truth, a)
    assert runner.state.final == truth.final


def test_expected_is_the_last_table_the_state_matched(tmp_path):
    """What vision should still see (issue 10): the sightings of the last still table
    that matched the game state; a misread table (a reporter lost) leaves it as it was."""
    setup, actions = pp.random_game(5, 3)
    j = Journal.create(tmp_path / "g.sqlite", "penny-press", setup)
    j.append(actions[0])
    runner = GameRunner(j)
    assert runner.expected == ()
    snap = table_of(j.state)
    runner.feed(snap)
    assert set(runner.expected) == set(snap.sightings)
    lost = next(s for s in snap.sightings if s.zone == f"on:{actions[0].story}")
    runner.feed(TableSnapshot(1, tuple(s for s in snap.sightings if s is not lost)))
    assert lost in runner.expected and set(runner.expected) == set(snap.sightings)
