"""Turin Market table screen, sale area view-models (Kivy-free): typed offers with a
shields stepper, buy taps, the seller's choice between claims, refusals in the
player's language with nothing changed (Turin Market, Auction step 4)."""

from __future__ import annotations

import pickle
from dataclasses import replace

from companion.games import turin_market as tm
from companion.games.turin_market.engine import new_game
from ui.games.turin_market.texts import tr
from ui.games.turin_market.viewmodel import TableVM, card_text, try_tap


def _selling():
    """3 players at round 1's selling step: seat 0 won T01..., every seat owns a card."""
    s = tm.apply(new_game(3, seed=7), tm.RevealCards(("T01", "T02", "T03")))
    s = tm.apply(s, tm.RevealBids((5, 3, 1)))
    while s.phase == "picks":
        taken = {c for _, c in s.auction.picks}
        s = tm.apply(s, tm.Pick(s.auction.pick_queue[0], [c for c in s.auction.centre if c not in taken][0]))
    assert s.phase == "sell"
    return s


def _on_sale():
    """Seat 0 offers its card for 2 shields."""
    s = _selling()
    vm = TableVM(s, "en")
    e = next(e for e in vm.offer_entries() if e.seat == 0)
    e.card = e.cards[0]
    e.step(+1)
    return tm.apply(s, e.action()), e.cards[0]


def test_typed_offer_steps_the_shields_and_gives_the_engines_offer():
    s = _selling()
    vm = TableVM(s, "es")
    entries = {e.seat: e for e in vm.offer_entries()}
    assert set(entries) == set(tm.sell_waiting(s))
    e = entries[0]
    assert e.action() is None or len(e.cards) == 1
    e.card = e.cards[0]
    for _ in range(50):
        e.step(+1)
    assert e.price == s.available(0)           # the stepper stops at the shields they have
    for _ in range(50):
        e.step(-1)
    assert e.price == 1                       # and at 1: a card on sale carries a shield
    e.step(+1)
    assert e.action() == tm.OfferForSale(0, e.cards[0], 2)
    new, why = try_tap(s, e.action(), "es")
    assert why == "" and new.offers[e.cards[0]].price == 2 and new.purse[0] == s.purse[0] - 2


def test_an_offer_over_the_players_shields_is_refused_in_their_language_and_changes_nothing():
    s = _selling()
    before = pickle.dumps(s)
    card = s.owned[0][0]
    too_much = tm.OfferForSale(0, card, s.available(0) + 1)
    new, why = try_tap(s, too_much, "es")
    assert new is None
    assert why == tr("err_price", "es", who="Jugador 1", n=s.available(0))
    assert pickle.dumps(s) == before


def test_buy_taps_give_the_engines_buy_for_every_other_player():
    s, card = _on_sale()
    rows = TableVM(s, "en").sales()
    assert [r.card for r in rows] == [card]
    assert [a for _, a in rows[0].buys] == [tm.Buy(1, card), tm.Buy(2, card)]
    named = card_text(s, card, "en")
    assert rows[0].text == "Player 1 sells %s for 2 shields" % named and card not in rows[0].text
    new, why = try_tap(s, tm.Buy(1, card), "en")
    assert why == "" and card in new.owned[1] and card not in new.offers
    assert new.purse[1] == s.purse[1] - 2 and new.purse[0] == s.purse[0] + 4


def test_illegal_buys_are_refused_with_the_rule_in_the_language_and_nothing_changes():
    s, card = _on_sale()
    before = pickle.dumps(s)
    vm = TableVM(s, "zh")
    assert vm.check(tm.Buy(0, card)) == tr("err_own_card", "zh", who="玩家 1", card=card_text(s, card, "zh"))
    assert vm.check(tm.Buy(1, "T99")) == tr("err_not_on_sale", "zh", card="T99")
    poor = replace(s, purse=tuple(1 if p == 1 else v for p, v in enumerate(s.purse)))
    assert TableVM(poor, "es").check(tm.Buy(1, card)) == tr("err_afford", "es", who="Jugador 2",
                                                            card=card_text(s, card, "es"), n=2,
                                                            have=poor.available(1))
    assert pickle.dumps(s) == before


def test_the_seller_chooses_between_two_claims():
    s, card = _on_sale()
    vm = TableVM(s, "en")
    assert vm.claims(card, [1]) == []                      # one claim is a plain buy
    choices = vm.claims(card, [2, 1])
    assert [a for _, a in choices] == [tm.ChooseBuyer(0, card, 1, (1, 2)), tm.ChooseBuyer(0, card, 2, (1, 2))]
    assert choices[1][0] == "Player 1 gives %s to Player 3" % card_text(s, card, "en")
    new, why = try_tap(s, choices[1][1], "en")
    assert why == "" and card in new.owned[2]
    before = pickle.dumps(s)
    wrong = tm.ChooseBuyer(1, card, 2, (1, 2))             # only the seller chooses
    assert vm.check(wrong) == tr("err_only_seller", "en", who="Player 1", card=card_text(s, card, "en"))
    assert pickle.dumps(s) == before


def test_no_sale_taps_once_the_game_is_over_or_outside_the_sale_step():
    s = tm.apply(new_game(3, seed=7), tm.RevealCards(("T01", "T02", "T03")))
    vm = TableVM(s, "en")
    assert vm.offer_entries() == [] and vm.sales() == []
    assert vm.check(tm.OfferForSale(0, "T01", 1)) != ""
