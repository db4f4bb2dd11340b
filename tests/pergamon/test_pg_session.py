"""The app's camera session (ui.session.GameSession) on a Pergamon game: the setup
the players entered starts the journal at once, the Pergamon observer turns still
tables into the engine's actions (source 'vision'), and a hosted game's journal
(the screen's taps) can be shared with it."""

from __future__ import annotations

from companion.games import pergamon as pg
from companion.games.pergamon.tabletop import snapshot_of
from companion.journal import Journal
from ui.session import GameSession
from ui.viewmodels import protocol as P


def _config(tmp_path, n=3):
    players = tuple(P.PlayerSetup(c, nm, "") for c, nm in zip(("red", "blue", "green"), ("Anna", "Ben", "Cleo")))
    return P.SessionConfig(game="pergamon", players=players[:n], camera=None, journal_dir=str(tmp_path))


def test_a_pergamon_session_starts_from_the_entered_setup_and_reads_the_table(tmp_path):
    sess = GameSession(_config(tmp_path))
    j = sess.runner.journal
    assert j is not None and j.game == "pergamon" and sess.runner.observer is not None
    st = sess.state
    assert [p.name for p in st.players] == ["Anna", "Ben", "Cleo"] and st.phase == "present"
    # the camera sees the first turn's finds in the galleries: the observer enters them
    want = pg.new_game_from_dict(j.setup)
    fed = 0
    for _ in range(6):                         # present, backs, three figures, the cards
        a = pg.legal_actions(want)[-1]
        want = pg.apply(want, a)
        steps = sess.runner.feed(snapshot_of(want, t=float(fed)))
        fed += 1
        assert [s.action for s in steps if s.action is not None], (a, [s.report for s in steps])
    assert sess.state.coins == want.coins and sess.state.figures == want.figures
    assert {e.source for e in j.events if e.kind == "action"} == {"vision"}


def test_a_session_shares_a_hosted_games_journal(tmp_path):
    setup, actions = pg.random_game(4, 3)
    journal = Journal.create(tmp_path / "g.sqlite", "pergamon", setup)
    journal.append(actions[0], source="player")          # tapped on the screen
    sess = GameSession(_config(tmp_path), journal=journal)
    assert sess.runner.journal is journal and len(journal.actions()) == 1
    after = pg.apply(journal.state, actions[1])
    sess.runner.feed(snapshot_of(after, t=1.0))           # the camera reads the next move
    assert len(journal.actions()) == 2 and journal.state == after
