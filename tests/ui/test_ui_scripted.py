"""`companion app --fake`: the real session on a seeded game (no camera)."""

from __future__ import annotations

import companion.games.penny_press as pp
from companion.journal import total_scores
from ui.games.penny_press.scripted import ScriptedSession
from ui.viewmodels import protocol as P


def test_scripted_session_plays_the_seeded_game_through_the_real_engine(tmp_path):
    players = (P.PlayerSetup("red", "Ana", "The Times"), P.PlayerSetup("blue", "Bo", "The Herald"),
               P.PlayerSetup("green", "Chen", "The World"))
    s = ScriptedSession(P.SessionConfig(players=players, journal_dir=str(tmp_path)), seed=7)
    updates = []
    s.subscribe(updates.append)
    previews = 0
    while s.step():
        t = s.table()
        if t is not None and not t.finished:
            pv = s.press_preview(t.turn)
            if pv.claimed:
                # the preview is the engine's own press for that player
                seat = [p.colour for p in s.state.players].index(t.turn)
                assert pv.suggested.score == pp.press_preview(s.state, seat).total
                previews += 1
    setup, actions = pp.random_game(7, 3)
    truth = pp.new_game_from_dict(setup)
    for a in actions:
        truth = pp.apply(truth, a)
    assert s.state.is_over and total_scores(s.state) == list(truth.final.scores)
    assert [r.name for r in s.final_ranking()][0] in {"Ana", "Bo", "Chen"}
    assert previews > 3 and all(u.frame is not None for u in updates)
    job = s.print_final()
    assert job.state == "saved" and job.preview.endswith(".png")  # no printer chosen: a picture
    from PIL import Image
    shared = s.share_image(tmp_path / "share" / "result.png")
    assert Image.open(shared).size[0] == 576  # the final receipt, as a picture to share
