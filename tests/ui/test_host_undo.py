"""Named undo in every hosted game (ui.hosting.GameHost.undo_preview / undo_refusal /
undo, over play.undo): the last move is named in the players' language before it is
taken back, a move that revealed what was hidden (the rules' UNDO_BARRIERS) is refused
with why, and a take-back leaves the state as it was before the move."""

from __future__ import annotations

import pytest

from companion import registry
from ui import hosting
from ui.viewmodels.protocol import PlayerSetup

HOSTED = [g for g in sorted(registry.games()) if hosting.by_taps(registry.get(g))]  # set up by taps
PLAYERS = [PlayerSetup("red", "Ana"), PlayerSetup("blue", "Bo"), PlayerSetup("green", "Chen")]


def _play_until(host, barrier: bool, limit: int = 60):
    """Apply legal actions until the last one is (barrier=True) or is not (False) an
    undo barrier with a player; returns the state before that last action, or None."""
    rules = host.journal.rules
    barriers = host.journal.undo_barriers
    for _ in range(limit):
        legal = rules.legal_actions(host.state)
        if not legal:
            return None
        for action in legal:
            payload = rules.action_to_dict(action) if hasattr(rules, "action_to_dict") else action.to_dict()
            is_barrier = payload.get("action") in barriers
            if is_barrier == barrier and isinstance(payload.get("player"), int):
                before = host.state
                assert host.apply(action) is None
                return before
        assert host.apply(legal[0]) is None
    return None


@pytest.mark.parametrize("gid", HOSTED)
def test_nothing_played_yet_is_said_in_words(tmp_path, gid):
    host = hosting.open_game(registry.get(gid), PLAYERS, "es", tmp_path, seed=5)
    assert host.undo_preview() is None
    text = host.undo_refusal()
    assert text and "nothing" not in text.lower()  # Spanish, not the engine's English
    state = host.state
    assert host.undo() == text and host.state is state
    host.journal.close()


@pytest.mark.parametrize("gid", HOSTED)
def test_a_players_move_is_named_then_taken_back(tmp_path, gid):
    host = hosting.open_game(registry.get(gid), PLAYERS, "en", tmp_path, seed=5)
    before = _play_until(host, barrier=False)
    if before is None:
        pytest.skip(f"{gid}: no player's move outside the undo barriers in the first moves")
    step = host.undo_preview()
    assert step is not None and step.kind == "action" and step.text
    told = []
    host.listeners.append(lambda: told.append(1))
    assert host.undo() is None and told == [1]
    assert host.journal.rules.state_to_dict(host.state) == host.journal.rules.state_to_dict(before) \
        if hasattr(host.journal.rules, "state_to_dict") else repr(host.state) == repr(before)
    host.journal.close()


@pytest.mark.parametrize("gid", HOSTED)
def test_a_move_that_revealed_what_was_hidden_is_refused_with_why(tmp_path, gid):
    host = hosting.open_game(registry.get(gid), PLAYERS, "en", tmp_path, seed=5)
    before = _play_until(host, barrier=True)
    if before is None:
        pytest.skip(f"{gid}: no undo barrier reached in the first moves")
    assert host.undo_preview() is None
    text = host.undo_refusal()
    assert "cannot be taken back" in text
    state = host.state
    assert host.undo() == text and host.state is state
    host.journal.close()
