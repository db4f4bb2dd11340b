"""Every illegal Turin Market action raises RuleError naming its rule and leaves the
state unchanged."""

from __future__ import annotations

import pytest

from companion.games.turin_market import (Buy, FlipCoin, OfferForSale, PassSale, Pick, RevealBids, RevealCards,
                                          RevealLeftovers, RevealTieBids, SecretRound, TakeLoan, Withdraw, apply,
                                          new_game, random_game, new_game_from_dict)
from companion.errors import CompanionError, RuleError
from tm_helpers import play, rejected, three_players


def test_reveal_cards_errors():
    s = new_game(3)
    rejected(s, RevealCards(("T01", "T02")), "step 1")
    rejected(s, RevealCards(("T01", "T02", "X01")), "step 1")
    rejected(s, RevealCards(("T01", "T02", "T02")), "step 1")
    rejected(s, RevealBids((1, 1, 1)), "step 1")          # bids before the cards
    s4 = new_game(4, centre=("T01", "T02"))
    rejected(s4, RevealCards(("T03", "T04", "T05", "T06")), "bids")   # round 1 with 4: no card reveal
    s = apply(s, RevealCards(("T01", "T02", "T03")))
    s = play(s, RevealBids((3, 2, 1)), Pick(0, "T01"), Pick(0, "T02"), Pick(1, "T03"), PassSale(0), PassSale(1))
    rejected(s, RevealCards(("T01", "T04", "T05")), "step 1")   # T01 was seen


def test_bid_errors():
    s = three_players()
    rejected(s, RevealBids((1, 1)), "bids")
    rejected(s, RevealBids((1, -1, 1)), "bids")
    rejected(s, RevealBids((1, 16, 1)), "bids")
    rejected(s, RevealBids((1, True, 1)), "bids")
    rejected(s, RevealTieBids((1, 1, None)), "bids")
    rejected(s, FlipCoin((0, 1)), "bids")


def test_tie_round_errors():
    s = play(three_players(), RevealBids((2, 2, 4)))
    rejected(s, RevealTieBids((0, 1, 0)), "ties")          # P3 is not in the tie
    rejected(s, RevealTieBids((0, None, None)), "ties")    # P2's addition missing
    rejected(s, RevealTieBids((0, -1, None)), "ties")
    rejected(s, RevealTieBids((0, 14, None)), "ties")      # 2 + 14 > 15
    rejected(s, RevealTieBids((0, 1)), "ties")
    rejected(s, RevealBids((1, 1, 1)), "ties")
    rejected(s, FlipCoin((0, 1)), "ties")                  # no flip due yet
    rejected(s, Buy(2, "T01"), "selling")                  # nothing on sale


def test_pick_and_sale_errors():
    s = play(three_players(), RevealBids((3, 2, 1)))
    rejected(s, Pick(0, "T09"), "picks")
    rejected(s, Pick(9, "T01"), "picks")
    rejected(s, PassSale(0), "picks")
    s = play(s, Pick(0, "T01"))
    rejected(s, Pick(0, "T01"), "picks")                   # already taken
    s = play(s, Pick(0, "T02"), Pick(1, "T03"))
    rejected(s, Pick(1, "T03"), "selling")
    rejected(s, OfferForSale(0, "T03", 1), "selling")      # not his card
    rejected(s, OfferForSale(0, "T01", 0), "selling")
    rejected(s, OfferForSale(0, "T01", 13), "selling")     # 12 shields
    rejected(s, Withdraw(0, "T01"), "selling")             # not on sale
    s = apply(s, OfferForSale(0, "T01", 2))
    rejected(s, PassSale(0), "selling")                    # already decided
    rejected(s, RevealCards(("T04", "T05", "T06")), "selling")   # selling not finished


def test_loan_and_game_over_errors():
    s = three_players()
    rejected(s, TakeLoan(3), "Loans")
    rejected(s, TakeLoan(-1), "Loans")
    setup, actions = random_game(4, 3)
    end = new_game_from_dict(setup)
    for a in actions:
        end = apply(end, a)
    for a in (TakeLoan(0), RevealBids((0, 0, 0)), PassSale(0), RevealLeftovers(("T01", "T02", "T03"))):
        rejected(end, a, "End of the game")


def test_malformed_setup():
    with pytest.raises(CompanionError):
        new_game_from_dict({"game": "penny-press", "players": [{}, {}]})
    with pytest.raises(CompanionError):
        new_game_from_dict({"players": 3})
    with pytest.raises(RuleError):
        new_game_from_dict({"players": [{}, {}], "seed": "x"})


# ---------------------------------------------------------------- secret choices (pass the tablet)

def test_pass_the_tablet_gives_the_same_reveal_as_typed_in_values():
    s = new_game(3)
    sr = SecretRound(s)
    assert sr.kind == "card" and sr.waiting == (0, 1, 2)
    sr.submit(1, "T05")
    with pytest.raises(RuleError):
        sr.submit(2, "T05")                                # another player's card
    with pytest.raises(RuleError):
        sr.submit(2, "X00")
    sr.submit(2, "T06")
    with pytest.raises(RuleError):
        sr.reveal()                                        # player 0 missing
    sr.submit(0, "T04")
    act = sr.reveal()
    assert act == RevealCards(("T04", "T05", "T06"))
    s = apply(s, act)
    sr = SecretRound(s)
    with pytest.raises(RuleError):
        sr.submit(0, 16)                                   # above his shields
    for p, b in ((2, 4), (0, 2), (1, 2)):
        sr.submit(p, b)
    assert sr.reveal() == RevealBids((2, 2, 4))
    s = apply(s, sr.reveal())
    sr = SecretRound(s)
    assert sr.kind == "tie_add" and sr.players == (0, 1)
    with pytest.raises(RuleError):
        sr.submit(2, 1)                                    # not in the tie
    sr.submit(0, 0)
    sr.submit(1, 1)
    assert sr.reveal() == RevealTieBids((0, 1, None))
    s = apply(s, sr.reveal())
    with pytest.raises(RuleError):
        SecretRound(s)                                     # picks: nothing secret


def test_wrong_types_through_the_api_are_rule_errors_not_crashes():
    s = play(three_players(), RevealBids((2, 2, 4)), RevealTieBids((1, 1, None)))
    rejected(s, FlipCoin((0, "1")), "ties")
    rejected(s, Buy(0, ["T01"]), "selling")
    rejected(s, Withdraw(0, ["T01"]), "selling")
    rejected(s, RevealBids((1, 1, 1)), "ties")
    err = rejected(new_game(3), RevealBids((1, 1, 1)), "step 1")
    assert "RevealBids" not in str(err) and "revealing bids" in str(err)
    rejected(new_game(3), RevealCards((["T01"], "T02", "T03")), "step 1")
    rejected(new_game(3), object(), "step 1")
