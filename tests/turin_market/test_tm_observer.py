"""The Turin Market observer (companion.games.turin_market.observer): what the
camera sees -> engine actions; secret choices never from the camera."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion import registry
from companion.games.turin_market import (Buy, ChooseBuyer, OfferForSale, Pick, RevealBids, Withdraw,
                                          apply, new_game_from_dict, random_game)
from companion.games.turin_market.observer import TurinMarketObserver, expected_snapshot
from companion.table import Sighting, TableSnapshot

from tm_helpers import pass_all, three_players

SEEN_BY_CAMERA = (Pick, OfferForSale, Withdraw, Buy, ChooseBuyer)


def _same_effect(a, b):
    return a.owned == b.owned and a.purse == b.purse and a.offers == b.offers and a.phase == b.phase


@pytest.mark.parametrize("seed, n", [(1, 2), (2, 3), (3, 4), (4, 5), (5, 4), (6, 3)])
def test_every_move_seen_on_the_table_becomes_the_engines_action(seed, n):
    setup, actions = random_game(seed, n)
    state = new_game_from_dict(setup)
    obs = TurinMarketObserver()
    seen = 0
    for a in actions:
        after = apply(state, a)
        if isinstance(a, SEEN_BY_CAMERA):
            if isinstance(a, OfferForSale):
                first = obs.observe(state, expected_snapshot(after))
                assert first.status == "waiting" and first.reports[-1].key == "tm.enter_price"
                obs.enter_price(a.card, a.price)
            out = obs.observe(state, expected_snapshot(after))
            assert out.status == "action", (a, out.reports)
            want = Buy(a.buyer, a.card) if isinstance(a, ChooseBuyer) else a
            assert out.action == want
            assert _same_effect(apply(state, out.action), after)
            seen += 1
        else:
            # secret choices, flips, passes and loans are not read from the table
            out = obs.observe(state, expected_snapshot(after))
            assert out.status != "action", (a, out)
        state = after
        assert obs.observe(state, expected_snapshot(state)).status in ("same", "waiting")
    assert seen > 5 and state.is_over


def test_moving_table_does_nothing_and_unrevealed_cards_ask_for_the_app():
    st = new_game_from_dict({"game": "turin-market", "players": [{"name": n} for n in "ABC"], "seed": 1})
    obs = TurinMarketObserver()
    snap = TableSnapshot(0.0, (Sighting("T01", "board", "centre", 80, 65),), still=False)
    assert obs.observe(st, snap).status == "moving"
    out = obs.observe(st, replace(snap, still=True))
    assert out.status == "waiting" and out.action is None
    assert out.reports[-1].key == "tm.enter_reveal" and "T01" in out.reports[-1].text


def _round_one_at_picks():
    st = three_players()
    return apply(st, RevealBids((2, 5, 1)))  # player 2 picks 2 cards, then player 1 one


def test_a_pick_out_of_turn_is_rejected_and_changes_nothing():
    st = _round_one_at_picks()
    assert st.auction.pick_queue[0] == 1
    snap = expected_snapshot(st)
    moved = [Sighting("T01", "mat-red", "cards", 70, 78) if s.component == "T01" else s for s in snap.sightings]
    out = TurinMarketObserver().observe(st, replace(snap, sightings=tuple(moved)))
    assert out.status == "rejected" and out.action is None
    assert "picks" in out.reports[-1].rule and "player 2" in out.reports[-1].text


def test_a_card_handed_over_without_a_sale_is_rejected():
    st = _round_one_at_picks()
    for card in ("T01", "T02", "T03"):
        st = apply(st, Pick(st.auction.pick_queue[0], card))
    snap = expected_snapshot(st)
    owner = next(p for p, cards in enumerate(st.owned) if "T01" in cards)
    other = (owner + 1) % 3
    colour = ("red", "blue", "green")[other]
    moved = [Sighting("T01", f"mat-{colour}", "cards", 70, 78) if s.component == "T01" else s for s in snap.sightings]
    out = TurinMarketObserver().observe(st, replace(snap, sightings=tuple(moved)))
    assert out.status == "rejected" and out.reports[-1].key == "tm.card_changed_hands"


def test_price_taps_are_checked_and_the_goose_and_tokens_are_only_reported():
    with pytest.raises(ValueError):
        TurinMarketObserver().enter_price("T01", 0)
    st = _round_one_at_picks()
    for card in ("T01", "T02", "T03"):
        st = apply(st, Pick(st.auction.pick_queue[0], card))
    st = pass_all(st)
    holder = next(p for p in st.tokens.values() if p is not None)
    good = next(g for g, p in st.tokens.items() if p == holder)
    wrong = (holder + 1) % 3
    snap = expected_snapshot(st)
    extra = (Sighting(f"token-{good}", f"mat-{('red', 'blue', 'green')[wrong]}", "tokens", 60, 170),
             Sighting("goose", "mat-green", "tokens", 200, 170), Sighting("T09", "mat-black", "cards", 70, 78))
    kept = tuple(s for s in snap.sightings if s.component != f"token-{good}")
    out = TurinMarketObserver().observe(st, replace(snap, sightings=kept + extra))
    keys = [r.key for r in out.reports]
    assert out.action is None and "tm.move_token" in keys and "tm.goose" in keys and "tm.area_unused" in keys


def test_registry_builds_the_observer_with_no_arguments():
    factory = registry.get("turin-market").observer_factory()
    assert isinstance(factory(), TurinMarketObserver)


def test_perfect_camera_positions_lie_in_the_layout_zones():
    from calibration.game_tags import load_game_layout

    board = load_game_layout("turin-market", "turin-market-board")
    mat = load_game_layout("turin-market", "turin-market-mat")
    setup, actions = random_game(11, 5)
    state = new_game_from_dict(setup)
    for a in actions:
        state = apply(state, a)
        for s in expected_snapshot(state).sightings:
            layout = board if s.surface == "board" else mat
            assert layout.zone_at(s.x_mm, s.y_mm) == s.zone, s
