"""Corrections as overrides (play/corrections.py through ui.session): always listed and
removable, dropped once the camera agrees, never stalling a game; undo names what
it takes back. The real session, engine and journal on seeded games (no window)."""

from __future__ import annotations

import dataclasses

import pytest

import companion.games.penny_press as pp
from companion.errors import CompanionError
from companion.journal import total_scores
from companion.table import TableSnapshot
from ui.games.penny_press.scripted import ScriptedSession
from ui.games.penny_press import protocol as P
from ui.games.penny_press.viewmodels.corrections import CorrectionsVM

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


# -- removing a correction at any time: the game replayed without it -------------
RECORDING = "penny-press-3p"


def recorded_session(tmp_path):
    """The real session fed the bundled recording's game (its ground-truth journal)
    as the still snapshots a perfect camera gives: one action per step."""
    import json

    from companion.games.penny_press.observer import game_snapshots
    from play.recordings import recording_dir
    from ui.session import GameSession

    truth = json.loads((recording_dir(RECORDING) / "journal.json").read_text(encoding="utf-8"))
    setup = truth["setup"]
    actions = [pp.action_from_dict(a) for a in truth["actions"]]
    players = tuple(P.PlayerSetup(p["colour"], p["name"], p["paper"]) for p in setup["players"])
    s = GameSession(P.SessionConfig(players=players, first_player=setup["first_player"],
                                    journal_dir=str(tmp_path)))
    s.runner.setup = dataclasses.replace(s.runner.setup, known={"headline_cards": setup["headline_cards"]})
    snaps = iter(game_snapshots(setup, actions))
    end = pp.new_game_from_dict(setup)
    for a in actions:
        end = pp.apply(end, a)

    current = [s]

    def step() -> bool:
        """Show the next snapshot to the session (``step.use(other)`` changes it)."""
        snap = next(snaps, None)
        if snap is None:
            return False
        with current[0]._lock:
            current[0].runner.feed(snap)
        return True
    step.use = lambda other: current.__setitem__(0, other)
    return s, step, end, actions


@pytest.mark.parametrize("resume", [False, True])
def test_removing_a_correction_long_after_replays_the_game_without_it(tmp_path, resume):
    """A correction that says one reporter too many on the story just played: the
    move is read with it, the game goes on for several moves (the correction is no
    longer the last thing), then the players remove it: the game is replayed
    without it (its move re-read as the camera saw it, the later moves kept) and
    reaches the recording's ground-truth end."""
    s, step, end, actions = recorded_session(tmp_path)
    j = None
    while step():
        j = s.runner.journal
        acts = j.actions() if j is not None else []
        if len(acts) >= 6 and isinstance(acts[-1], pp.Assign) and \
                s.state.home[acts[-1].player] >= 1:
            break
    last = j.actions()[-1]
    colour = s.state.players[last.player].colour
    msgs = collect(s)
    s.correct(P.Correction("reporters", story=last.story, colour=colour, count=last.count + 1))
    assert j.actions()[-1] == dataclasses.replace(last, count=last.count + 1)  # read with the correction
    n = len(j.actions())
    for _ in range(4):  # play on: moves that do not touch that story
        assert step()
    assert len(j.actions()) >= n + 3, "the game stalled behind the correction"
    if resume:  # the app closed and reopened: the correction and what it read come back
        from ui.session import GameSession

        s2 = GameSession(P.SessionConfig(resume=str(j.path), journal_dir=str(tmp_path)))
        s2.runner.last_snapshot = s.runner.last_snapshot  # the camera's first still view
        s, j = s2, s2.runner.journal
        step.use(s2)
        msgs = collect(s)
    (view,) = s.corrections()
    assert not view.disputed and view.takes_back == ()  # its move is no longer the last one
    s.remove_correction(view.id)
    assert s.corrections() == []
    truth = pp.new_game_from_dict(s.runner.journal.setup)
    for a in actions[: len(acts)]:
        truth = pp.apply(truth, a)
    replayed = j.timeline()[len(acts)][1]  # the move re-read as the camera saw it
    assert (replayed.reporters, replayed.home) == (truth.reporters, truth.home)
    assert len(j.actions()) >= n + 3  # the later moves kept
    while step():
        pass
    assert s.state.is_over and s.state.final == end.final
    assert total_scores(s.state) == total_scores(end)
    assert not [m for m in msgs if m.level == "error"]
    # nothing lost: the journal still holds the corrected move, taken back by an undo event
    corrected = [e for e in j.events if e.kind == "action" and e.payload.get("count") == last.count + 1
                 and e.payload.get("story") == last.story]
    assert corrected and all(any(u.kind == "undo" and u.payload["target"] == e.seq for u in j.events)
                             for e in corrected)


def test_the_press_screen_names_a_passed_last_turn(tmp_path):
    """A passed final turn cannot be seen by the camera: the press screen's button
    says "Pass my last turn" in the final turns, "Do not go to press" in the final
    presses, in the players' language."""
    from ui.games.penny_press.viewmodels.press import PressVM

    s, step, end, _actions = recorded_session(tmp_path)
    seen = set()
    while step():
        st = s.state
        if st is None or st.phase not in ("final_turns", "final_presses"):
            continue
        colour = st.players[st.current_player].colour
        for lang, want in (("en", {"final_turns": "Pass my last turn", "final_presses": "Do not go to press"}),
                           ("es", {"final_turns": "Paso mi último turno", "final_presses": "No ir a imprenta"})):
            vm = PressVM(s, lang)
            vm.colour = colour
            assert vm.decline_label() == want[st.phase]
            other = next(p.colour for p in st.players if p.colour != colour)
            vm.colour = other
            assert vm.decline_kind() == ""
        seen.add(st.phase)
    assert "final_turns" in seen  # (this recording goes from its last turn straight to the end)


def test_moves_that_no_longer_fit_are_named_and_set_aside(tmp_path):
    """When the camera's snapshot of a corrected move explains no move without the
    correction, removing the correction sets that move aside, with every later move
    the rules no longer allow; the players are told which, in their language, and
    the journal keeps them (undo events)."""
    s, step, _end, _actions = recorded_session(tmp_path)
    early = None
    while step():
        acts = s.runner.journal.actions() if s.runner.journal is not None else []
        if len(acts) == 2:
            early = s.runner.last_snapshot  # a view of the table four moves back
        if len(acts) >= 6 and isinstance(acts[-1], pp.Assign) and s.state.home[acts[-1].player] >= 1:
            break
    j = s.runner.journal
    last = j.actions()[-1]
    s.correct(P.Correction("reporters", story=last.story, colour=s.state.players[last.player].colour,
                           count=last.count + 1))
    for _ in range(2):
        step()
    n = len(j.actions())
    assert early is not None and s.runner.corrections._read_from
    s.runner.corrections._read_from = {seq: early for seq in s.runner.corrections._read_from}
    s.lang = "es"
    msgs = collect(s)
    s.remove_correction(s.corrections()[0].id)
    aside = s.runner.corrections.set_aside
    assert aside and len(j.actions()) == n - len(aside)
    (m,) = [m for m in msgs if m.key == "override_set_aside"]
    assert m.level == "warning" and m.text.startswith("corrección quitada")
    from ui.games.penny_press.viewmodels import adapt
    for _seq, action, before in aside:
        assert adapt.action_text(action, before, "es") in m.text
    undone = {e.payload["target"] for e in j.events if e.kind == "undo"}
    assert {seq for seq, _a, _st in aside} <= undone


@pytest.mark.parametrize("older", ["no_read_with_notes", "no_camera_snapshot"])
def test_removing_a_correction_of_an_older_journal_is_refused_and_never_stalls(tmp_path, older):
    """A game saved by an older version: the correction's notes do not say which moves
    it explained, or not the camera's picture of them. Removing it then cannot replay
    the game (it used to set the moves aside and the game stalled behind a table it
    could not explain): it is refused with one line in the players' language, nothing
    changes, and the game goes on to the recording's ground-truth end."""
    import json
    import sqlite3

    from ui.session import GameSession

    s, step, end, _actions = recorded_session(tmp_path)
    while step():
        acts = s.runner.journal.actions() if s.runner.journal is not None else []
        if len(acts) >= 6 and isinstance(acts[-1], pp.Assign) and s.state.home[acts[-1].player] >= 1:
            break
    j = s.runner.journal
    last = j.actions()[-1]
    s.correct(P.Correction("reporters", story=last.story, colour=s.state.players[last.player].colour,
                           count=last.count + 1))
    for _ in range(2):
        step()
    con = sqlite3.connect(j.path)
    with con:
        for seq, payload in con.execute("SELECT seq, payload FROM events WHERE kind='note'").fetchall():
            note = json.loads(payload)
            if "read_with" in note and older == "no_read_with_notes":
                con.execute("DELETE FROM events WHERE seq=?", (seq,))
            elif "read_with" in note:
                note.pop("camera")
                con.execute("UPDATE events SET payload=? WHERE seq=?", (json.dumps(note), seq))
    con.close()
    j.close()  # that version's app has ended: the game is resumed (else it is only watched)
    s2 = GameSession(P.SessionConfig(resume=str(j.path), journal_dir=str(tmp_path), lang="es"))
    s2.runner.last_snapshot = s.runner.last_snapshot
    step.use(s2)
    before = s2.runner.journal.actions()
    vm = CorrectionsVM(s2, "es")
    (view,) = s2.corrections()
    assert vm.remove(view.id) is False
    assert vm.error and "se queda" in vm.status and "verde pone" in vm.status and "green" not in vm.status, vm.status
    assert s2.corrections() == [view] and s2.runner.journal.actions() == before
    while step():
        pass
    assert s2.state.is_over and s2.state.final == end.final


def test_bg_stats_link_of_a_real_game(tmp_path):
    """The real session's BG Stats link for the recording's game: its journal's id
    as sourcePlayId, the registry's game id, the ground-truth scores and winner."""
    import json
    import re
    from urllib.parse import unquote

    from ui.viewmodels.bgstats import BASE

    s, step, end, _actions = recorded_session(tmp_path)
    assert s.bgstats_link() == ""  # not before the end
    while step():
        pass
    data = json.loads(unquote(s.bgstats_link()[len(BASE):]))
    assert data["sourceName"] == "Table Companion" and data["sourcePlayId"] == s.runner.journal.game_id
    assert data["game"]["sourceGameId"] == "penny-press" and data["game"]["highestWins"] is True
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", data["playDate"])
    scores = dict(zip((p.colour for p in end.players), total_scores(end)))
    by_score = sorted(data["players"], key=lambda p: -p["score"])
    assert sorted(p["score"] for p in data["players"]) == sorted(scores.values())
    assert by_score[0]["winner"] and all("winner" in p for p in data["players"])
    assert sum(p["startPlayer"] for p in data["players"]) == 1
