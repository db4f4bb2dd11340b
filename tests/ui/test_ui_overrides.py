"""Corrections as overrides (ui/overrides.py through ui.session): always listed and
removable, dropped once the camera agrees, never stalling a game; undo names what
it takes back. The real session, engine and journal on seeded games (no window)."""

from __future__ import annotations

import dataclasses

import pytest

import companion.games.penny_press as pp
from companion.errors import CompanionError
from companion.table import TableSnapshot
from ui.scripted import ScriptedSession
from ui.viewmodels import protocol as P
from ui.viewmodels.corrections import CorrectionsVM

PLAYERS = (P.PlayerSetup("red", "Ana", "The Times"), P.PlayerSetup("blue", "Bo", "The Herald"),
           P.PlayerSetup("green", "Chen", "The World"))
SEED = 7


def truth_final(seed: int = SEED):
    setup, actions = pp.random_game(seed, len(PLAYERS))
    st = pp.new_game_from_dict(setup)
    for a in actions:
        st = pp.apply(st, a)
    return st.final


def session(tmp_path) -> ScriptedSession:
    return ScriptedSession(P.SessionConfig(players=PLAYERS, journal_dir=str(tmp_path)), seed=SEED)


def collect(s):
    msgs = []
    s.subscribe(lambda up: msgs.extend(up.messages))
    return msgs


def wrong_correction(s) -> P.Correction:
    """One more reporter of the player to act on a story where that player has none
    (nothing on the table shows it)."""
    t = s.table()
    colour = t.turn
    for b in t.beats:
        for story in b.stories:
            if dict(story.reporters).get(colour, 0) == 0:
                return P.Correction("reporters", story=story.story, colour=colour, count=1)
    raise AssertionError("no story without the player's reporters")


@pytest.mark.parametrize("at", [4, 9])
def test_wrong_correction_never_stalls_and_removing_it_restores_the_truth(tmp_path, at):
    s = session(tmp_path)
    for _ in range(at):
        s.step()
    wrong = wrong_correction(s)
    s.correct(wrong)
    views = s.corrections()
    assert [v.correction for v in views] == [wrong]
    msgs = collect(s)
    acted = len(s.runner.journal.actions())
    for _ in range(6):  # play on: the table keeps moving as it truly does
        s.step()
    assert len(s.runner.journal.actions()) >= acted + 3, "the game stalled behind the correction"
    assert not [m for m in msgs if m.level == "error"]
    left = s.corrections()
    if left:  # still listed (the camera never agreed), marked as disputed
        assert left[0].disputed
        s.remove_correction(left[0].id)
    assert s.corrections() == []
    while s.step():
        pass
    assert s.state.is_over and s.state.final == truth_final()


def test_correction_is_removed_once_the_camera_agrees(tmp_path):
    """The camera misses a reporter: the players say it is there; the move is read;
    once the camera sees the reporter itself the correction goes away."""
    s = session(tmp_path)
    s.step()  # setup
    s.step()  # first move
    j = s.runner.journal
    snap = s._snaps[s._i]  # the next move as a perfect camera sees it
    s._i += 1
    before = j.state
    action = pp.random_game(SEED, 3)[1][len(j.actions())]
    assert isinstance(action, pp.Assign)
    colour = before.players[action.player].colour
    lost = [x for x in snap.sightings if x.zone == f"on:{action.story}" and x.component.startswith(colour)][:1]
    misread = dataclasses.replace(snap, sightings=tuple(x for x in snap.sightings if x not in lost))
    n = len(j.actions())
    with s._lock:
        s.runner.feed(misread)  # one reporter fewer: read as a smaller assign, or not at all
    assert j.actions()[-1] != action
    count = sum(1 for x in snap.sightings if x.zone == f"on:{action.story}" and x.component.startswith(colour))
    s.correct(P.Correction("reporters", story=action.story, colour=colour, count=count))
    assert len(j.actions()) == n + 1 and j.actions()[-1] == action  # the move is read again with it
    assert len(s.corrections()) == 1
    with s._lock:
        s.runner.feed(TableSnapshot(snap.t + 1, snap.sightings))  # the hand moved: all tags seen
    assert s.corrections() == []
    notes = [e.payload for e in j.events if e.kind == "note"]
    assert notes[-1]["why"] == "camera_agrees" and notes[-1]["taken_back"] == []
    assert j.actions()[-1] == action  # agreeing keeps the move
    while s.step():
        pass
    assert s.state.final == truth_final()


def test_undo_names_a_correction_then_a_move_before_doing_them(tmp_path):
    s = session(tmp_path)
    for _ in range(4):
        s.step()
    j = s.runner.journal
    last_move = j.actions()[-1]
    wrong = wrong_correction(s)
    s.correct(wrong)
    for lang in ("es", "en", "zh"):
        vm = CorrectionsVM(s, lang)
        s.lang = lang
        step = s.undo_preview()
        assert step.kind == "correction" and step.correction == wrong
        question = vm.undo_question()
        assert vm.story_name(wrong.story) in question and wrong.story not in question
    s.lang = "es"
    vm = CorrectionsVM(s, "es")
    assert vm.undo() and s.corrections() == []
    step = s.undo_preview()
    assert step.kind == "action" and step.colour == s.state.players[last_move.player].colour
    named = vm.undo_question()
    assert "Deshacer" in named and step.text in named
    n = len(j.actions())
    assert vm.undo() and len(j.actions()) == n - 1
    assert j.actions()[-1] != last_move or n == 1


def test_arrow_corrections_are_refused_in_the_players_language(tmp_path):
    s = session(tmp_path)
    s.step()
    with pytest.raises(CompanionError):
        s.correct(P.Correction("arrow", beat="war", count=3))
    with pytest.raises(CompanionError):
        s.remove_correction(42)


def test_a_resumed_game_keeps_its_corrections(tmp_path):
    from ui.session import GameSession

    s = session(tmp_path)
    for _ in range(4):
        s.step()
    first, second = wrong_correction(s), None
    s.correct(first)
    t = s.table()
    story = next(st.story for b in t.beats for st in b.stories if st.story != first.story)
    second = P.Correction("story_remove", story=story)
    s.correct(second)
    s.remove_correction(s.corrections()[0].id)
    path = s.runner.journal.path if hasattr(s.runner.journal, "path") else None
    path = path or next(tmp_path.glob("*.sqlite"))
    again = GameSession(P.SessionConfig(resume=str(path), journal_dir=str(tmp_path)))
    assert [v.correction for v in again.corrections()] == [second]
