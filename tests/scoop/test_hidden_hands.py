"""Scoop at a real table (setup ``hidden_hands``): the app never knows a hand, only
how many cards it holds; a play names the cards it lays. Replaying seeded games with
hidden hands gives the same money, pages and final tally as with known hands, and a
play of more cards than the hand holds is refused, nothing changed."""

from __future__ import annotations

import pytest

from companion.errors import RuleError
from companion.games.scoop import engine
from companion.games.scoop.engine import HIDDEN


@pytest.mark.parametrize("seed", range(8))
def test_hidden_hands_replay_the_same_game(seed):
    setup, actions = engine.random_game(seed, 2 + seed % 4)
    known = engine.new_game_from_dict(setup)
    hidden = engine.new_game_from_dict(dict(setup, hidden_hands=True))
    assert all(set(p.hand) == {HIDDEN} for p in hidden.players)
    for a in actions:
        known = engine.apply(known, engine.resolve_action(known, a))
        hidden = engine.apply(hidden, engine.resolve_action(hidden, a))
        assert [len(p.hand) for p in hidden.players] == [len(p.hand) for p in known.players]
        assert all(c == HIDDEN for p in hidden.players for c in p.hand)
    assert hidden.is_over and known.is_over
    assert hidden.ledger == known.ledger
    assert hidden.final == known.final
    assert [p.page for p in hidden.players] == [p.page for p in known.players]


def test_more_cards_than_the_hand_holds_are_refused():
    setup, actions = engine.random_game(3, 3)
    s = engine.new_game_from_dict(dict(setup, hidden_hands=True))
    seat = s.turn_player
    p = s.players[seat]
    kind = s.catalog.designs[p.design].stories[0]
    # three cards from a hand of three unknowns: allowed (the camera saw them laid)
    engine.apply(s, engine.Claim(seat, kind, s.catalog.required(kind)))
    # four cards from a hand of three: refused for the hand, before any other rule
    before = engine.describe(s)
    four = s.catalog.required(kind) + (s.catalog.required(kind)[0],)
    with pytest.raises(RuleError, match="does not hold"):
        engine.apply(s, engine.Claim(seat, kind, four))
    assert engine.describe(s) == before
    assert engine.setup_to_dict(["red", "blue"], hidden_hands=True)["hidden_hands"] is True
    assert "hidden_hands" not in engine.setup_to_dict(["red", "blue"])


def _accepted_call(seed=2):
    """A state just before a Dial whose signal takes the marked story (OK/Extra/Synd)."""
    setup, actions = engine.random_game(seed, 3)
    s = engine.new_game_from_dict(dict(setup, hidden_hands=True))
    for a in actions:
        if isinstance(a, engine.Dial) and engine.resolve_action(s, a).signal in ("ok", "extra", "synd"):
            return s, a
        s = engine.apply(s, engine.resolve_action(s, a))
    raise AssertionError("no accepted call")


def test_the_story_laid_is_the_value_read_from_its_card():
    s, a = _accepted_call()
    story = s.pending["story"]
    pile = s.piles[story]
    other = next(v for v in sorted(pile) if v != pile[-1])  # not the engine's top card
    after = engine.apply(s, engine.Dial(a.player, a.number, value=other))
    assert other in after.players[a.player].page[story]
    assert sorted(after.piles[story] + [other]) == sorted(pile)
    # journal round trip keeps the value
    d = engine.action_to_dict(engine.Dial(a.player, a.number, value=other))
    assert d["value"] == other and engine.action_from_dict(d).value == other


def test_a_value_not_in_the_pile_is_refused_and_nothing_changes():
    s, a = _accepted_call()
    before = engine.describe(s)
    with pytest.raises(RuleError, match=r"no story of \$99,999"):
        engine.apply(s, engine.Dial(a.player, a.number, value=99999))
    assert engine.describe(s) == before and len(s.calls) == len(engine.apply(s, a).calls) - 1


def _as_hidden(a):
    if isinstance(a, engine.Exchange):
        return engine.Exchange(a.player, HIDDEN)
    return a


def _key(a):
    d = engine.action_to_dict(a)
    d.pop("signal", None)
    d.pop("value", None)
    if d["action"] == "reserve":  # the two spaces are interchangeable: the cards and how they are split
        d["spaces"] = len(set(d["spaces"]))
    return tuple(sorted((k, tuple(sorted(v)) if isinstance(v, list) else v) for k, v in d.items()))


@pytest.mark.parametrize("seed", range(4))
def test_legal_actions_with_hidden_hands_list_every_play_made_and_only_legal_ones(seed):
    """At a real table the engine does not know the hands, yet legal_actions lists
    every play the (known-hands) game made, and every play it lists is accepted."""
    import random

    setup, actions = engine.random_game(seed, 3 + seed % 2, policy="quick")
    hidden = engine.new_game_from_dict(dict(setup, hidden_hands=True))
    rng = random.Random(seed)
    for a in actions:
        a = engine.resolve_action(hidden, _as_hidden(a))
        legal = engine.legal_actions(hidden)
        assert _key(a) in {_key(x) for x in legal}, a
        for x in rng.sample(legal, min(6, len(legal))):
            engine.apply(hidden, engine.resolve_action(hidden, x))  # never refused
        hidden = engine.apply(hidden, a)
    assert hidden.is_over


def test_the_order_players_left_is_recorded_and_ranks_them():
    for seed in range(200):
        setup, actions = engine.random_game(seed, 4)
        gave_up = [a.player for a in actions if isinstance(a, engine.GiveUp)]
        if len(gave_up) >= 2:
            break
    else:
        raise AssertionError("no 4-player game where two players left")
    s = engine.new_game_from_dict(setup)
    for a in actions:
        s = engine.apply(s, a)
    f = s.final
    assert f.left == tuple(gave_up) == s.left
    assert engine.record_summary(s)["left"] == gave_up
    ranks = [f.rank[i] for i in gave_up]
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == len(ranks)  # the last to leave ranks higher
    still = [i for i in range(4) if i not in gave_up]
    assert max(f.rank[i] for i in still) < min(ranks)
