"""Issue 14: the app's camera session (ui.session.GameSession) runs Scoop's observer
on the hosted game's own journal (ui.hosting.GameHost.camera): claims and reserves
come from the table, the telephone's call goes to the observer (GameHost.enter) and
is journalled once the story it takes is seen laid, the other plays are the
players' taps (GameHost.apply, under the session's lock). Snapshots here are the
bundled recording's still tables, as vision reads them (no video decoding)."""

from __future__ import annotations

from companion.games.scoop import engine
from companion.journal import Journal
from companion.table import Sighting, TableSnapshot
from play.demo import load_recording
from play.recordings import recording_dir
from ui.hosting import GameHost
from ui.session import GameSession
from ui.viewmodels import protocol as P
from tools.render.games import scoop as R


class StillReader:
    """A vision reader that returns the snapshot it is handed as the 'image'."""

    def process(self, image, t):
        return image, None


def test_the_camera_session_plays_a_scoop_game_with_the_hosts_taps(tmp_path):
    rec = load_recording(recording_dir("scoop-4p"))
    truth = rec.truth
    journal = Journal.create(tmp_path / "g.sqlite", "scoop", rec.setup)
    players = tuple(P.PlayerSetup(p["colour"], p["name"]) for p in rec.setup["players"])
    config = P.SessionConfig(game="scoop", players=players, camera=None, journal_dir=str(tmp_path))
    session = GameSession(config, journal=journal)
    host = GameHost(journal, "en", players, camera=session)
    _, items, _ = R.storyboard(truth["setup"], truth["actions"])
    entries, pos, t = rec.entries, 0, 0.0
    reports = set()
    for its in items:
        sights = tuple(Sighting(p.component, p.surface, p.zone, p.sx_mm, p.sy_mm, 0.0)
                       for p in its if p.kind not in ("fiducial", "mat"))
        for _ in range(2):
            t += 0.5
            snap = TableSnapshot(t, sights, (), True)
            while True:
                up = session.process_frame(snap, t, reader=StillReader())
                reports |= {m.key for m in up.messages}
                n = len(journal.actions())
                due = [e for e in entries[pos:] if e["index"] == n]
                if not due:
                    break
                e = due[0]
                pos = entries.index(e) + 1
                if "tap" in e:
                    assert host.enter(e["tap"])
                else:
                    assert host.apply(engine.action_from_dict(e["action"])) is None
    assert journal.state.is_over
    assert list(journal.state.final.scores) == truth["final_scores"]
    assert {"scoop.dial", "scoop.lay_story"} <= reports
    srcs = {e.payload["action"]: e.source for e in journal.events if e.kind == "action"}
    assert srcs["claim"] == "vision" and srcs["exchange"] == "manual"


def test_the_table_screens_calls_reach_the_camera_and_the_recording_ends_as_recorded(tmp_path):
    """The same recording with the dial entered through the table's view-model (as the
    telephone screen hands it over): a call that takes a story waits for the camera
    with its value buttons shown, the camera journals it once it sees the card laid
    (the question then goes away); a call that takes none is journalled at once. The
    final scores are the recording's."""
    from companion.games.scoop.dial import Call
    from ui.games.scoop.table_vm import TableVM

    rec = load_recording(recording_dir("scoop-4p"))
    truth = rec.truth
    journal = Journal.create(tmp_path / "g.sqlite", "scoop", rec.setup)
    players = tuple(P.PlayerSetup(p["colour"], p["name"]) for p in rec.setup["players"])
    config = P.SessionConfig(game="scoop", players=players, camera=None, journal_dir=str(tmp_path))
    session = GameSession(config, journal=journal)
    host = GameHost(journal, "en", players, camera=session)
    vm = TableVM(host, "en")
    _, items, _ = R.storyboard(truth["setup"], truth["actions"])
    entries, pos, t = rec.entries, 0, 0.0
    waited = 0
    for its in items:
        sights = tuple(Sighting(p.component, p.surface, p.zone, p.sx_mm, p.sy_mm, 0.0)
                       for p in its if p.kind not in ("fiducial", "mat"))
        for _ in range(2):
            t += 0.5
            snap = TableSnapshot(t, sights, (), True)
            while True:
                session.process_frame(snap, t, reader=StillReader())
                n = len(journal.actions())
                due = [e for e in entries[pos:] if e["index"] == n]
                if not due:
                    break
                e = due[0]
                pos = entries.index(e) + 1
                if "dial" in e.get("tap", {}):
                    st = journal.state
                    d = engine.resolve_action(st, engine.Dial(st.pending["actor"], int(e["tap"]["dial"])))
                    vm.called(Call(len(st.calls), d.number, st.wheel_pos, 0, 0, d.signal))
                    if len(journal.actions()) == n:  # a story to be seen laid: asked by value meanwhile
                        assert any(c.key.startswith("value:") for c in vm.choices()), vm.prompt()
                        assert "camera" in vm.prompt()
                        waited += 1
                elif "tap" in e:
                    assert host.enter(e["tap"])
                else:
                    assert host.apply(engine.action_from_dict(e["action"])) is None
    assert journal.state.is_over and waited
    assert list(journal.state.final.scores) == truth["final_scores"]
    assert vm.held is None or vm.prompt().startswith("The game is over")
    assert vm.choices() == []
