"""The app's session (ui.session.GameSession) over a Penny Press journal: the taps
that nothing on the table shows."""

from __future__ import annotations

import pytest

import companion.games.penny_press as pp
from companion.journal import Journal


def test_decline_in_the_final_presses_is_a_tap(tmp_path):
    """The session records a DeclinePress for the player to act in the final
    presses, and refuses it at any other time (nothing written)."""
    from ui.session import GameSession
    from ui.viewmodels import protocol as P

    for seed in range(1, 60):
        setup, actions = pp.random_game(seed, 3)
        k = next((i for i, a in enumerate(actions) if isinstance(a, pp.DeclinePress)), None)
        if k is not None:
            break
    else:
        pytest.fail("no game with a decline")
    j = Journal.create(tmp_path / "g.sqlite", "penny-press", setup)
    for a in actions[:k]:
        j.append(a)
    j.close()
    cfg = P.SessionConfig(resume=str(tmp_path / "g.sqlite"), journal_dir=str(tmp_path))
    s = GameSession(cfg)
    colour = s.state.players[actions[k].player].colour
    other = next(p.colour for p in s.state.players if p.colour != colour)
    assert s.can_decline(colour) and not s.can_decline(other)
    n = len(s.runner.journal.events)
    from companion.errors import CompanionError

    with pytest.raises(CompanionError):
        s.decline_press(other)
    assert len(s.runner.journal.events) == n
    s.decline_press(colour)
    assert isinstance(s.runner.journal.actions()[-1], pp.DeclinePress)
