"""Scoop rules engine: every play of the rule text with its numbers (scoop.es.txt)."""

from __future__ import annotations

import pytest

from companion.errors import RuleError
from companion.games import scoop as sc
from companion.games.scoop import engine as E

SEED = "ab" * 32
SPORT = ("sport-call3", "sport-photo", "sport-reporter")


def game(n=3, signal="ok", designs="ABCDEF", **kw):
    """A new game whose dial always shows ``signal`` (a one-sector wheel)."""
    data = sc.default_data()
    data["wheel"] = {"name": "test", "sectors": [signal], "sectors_per_digit": 1, "slip_sectors": 1}
    players = [sc.PlayerSpec(c, c.title(), "", designs[i]) for i, c in enumerate(("red", "blue", "green",
                                                                                      "yellow", "black", "white")[:n])]
    return sc.new_game(players, 0, dial_seed=SEED, data=data, **kw)


def rig(state, seat, hand=None, cash=None, reserve=None, page=None, star_three=None):
    """The same game with one player's cards, cash or page set (a table mid-game)."""
    s = state.clone()
    p = s.players[seat]
    if hand is not None:
        s.deck.extend(p.hand)
        for c in hand:
            if c in s.deck:
                s.deck.remove(c)
        p.hand = list(hand)
    if cash is not None:
        s.bank += p.cash - cash
        p.cash = cash
    if reserve is not None:
        p.reserve = [list(r) for r in reserve]
    if page is not None:
        for k, v in page.items():
            p.page[k] = list(v)
    if star_three is not None:
        p.star_three = list(star_three)
    return s


def snapshot(s):
    return (E.describe(s), [list(p.hand) for p in s.players], [p.cash for p in s.players], list(s.deck),
            s.pending, len(s.ledger))


def test_setup_deals_three_cards_and_3000_dollars():
    s = game(4)
    assert [p.cash for p in s.players] == [3000] * 4
    assert all(len(p.hand) == 3 for p in s.players)
    assert [t.reason for t in s.ledger] == ["start"] * 4
    assert s.money_total() == 0 and s.scores == [3000] * 4


def test_refused_story_costs_100_a_card_drawn():
    for signal in ("kill", "libel", "editor"):
        s = rig(game(signal=signal), 0, hand=SPORT)
        s = sc.apply(s, sc.Claim(0, "sport", SPORT))
        assert s.pending["kind"] == "call" and len(s.players[0].hand) == 0
        s = sc.apply(s, sc.Dial(0, 3))
        assert s.players[0].cash == 3000 - 3 * 100
        assert len(s.players[0].hand) == 3 and s.players[0].page["sport"] == []
        assert s.ledger[-1].reason == "cards" and s.ledger[-1].amount == 300
        assert s.turn_player == 1


def test_refused_story_from_reserve_pays_only_the_cards_drawn():
    s = rig(game(signal="kill"), 0, hand=("sport-call3", "sport-photo", "crime-photo"),
            reserve=[["sport-reporter"], []])
    s = sc.apply(s, sc.Claim(0, "sport", ("sport-call3", "sport-photo"), (0,)))
    s = sc.apply(s, sc.Dial(0, 3))
    assert s.players[0].cash == 3000 - 2 * 100
    assert len(s.players[0].hand) == 3 and s.players[0].reserve == [[], []]


def test_accepted_story_is_laid_from_its_pile_and_the_refill_is_free():
    s = rig(game(signal="ok"), 0, hand=SPORT)
    top = s.piles["sport"][-1]
    s = sc.apply(sc.apply(s, sc.Claim(0, "sport", SPORT)), sc.Dial(0, 3))
    assert s.players[0].page["sport"] == [top]
    assert s.players[0].cash == 3000 and len(s.players[0].hand) == 3
    assert s.scores[0] == 3000 + top


def test_extra_collects_200_from_each_player():
    s = rig(game(3, signal="extra"), 0, hand=SPORT)
    s = sc.apply(sc.apply(s, sc.Claim(0, "sport", SPORT)), sc.Dial(0, 3))
    assert [p.cash for p in s.players] == [3400, 2800, 2800]


def test_synd_with_4_players_moves_1500():
    s = rig(game(4, signal="synd"), 0, hand=SPORT)
    s = sc.apply(sc.apply(s, sc.Claim(0, "sport", SPORT)), sc.Dial(0, 3))
    assert [p.cash for p in s.players] == [4500, 2500, 2500, 2500]
    assert sum(t.amount for t in s.ledger if t.reason == "synd") == 1500


def test_synd_from_a_player_with_less_takes_what_he_has():
    s = rig(rig(game(3, signal="synd"), 0, hand=SPORT), 1, cash=300)
    s = sc.apply(sc.apply(s, sc.Claim(0, "sport", SPORT)), sc.Dial(0, 3))
    assert [p.cash for p in s.players] == [3800, 0, 2500]


def test_press_goes_to_press_with_1500_and_the_tally():
    s = rig(game(3, signal="press"), 0, hand=SPORT, page={"crime": [400]})
    s = sc.apply(sc.apply(s, sc.Claim(0, "sport", SPORT)), sc.Dial(0, 3))
    assert s.pending["kind"] == "choose"
    over = sc.apply(s, sc.Choose(0, "press"))
    assert over.is_over and over.final.how == "press" and over.final.pressed_by == 0
    assert over.final.cash[0] == 4500 and over.final.scores[0] == 4500 + 400
    assert over.final.winners == (0,)
    assert "companion/games/scoop/data/values.json" in over.final.files
    # or he takes his story and plays on
    on = sc.apply(s, sc.Choose(0, "story"))
    assert not on.is_over and len(on.players[0].page["sport"]) == 1


def test_a_page_filled_first_earns_1500_and_ends_the_game():
    s = game(3, signal="ok")
    full = {"sport": [300, 300], "crime": [300, 300], "politics": [300, 300], "foreign": [300, 300],
            "ad-travel": [200], "star": [500, 600], "three_star": [1000]}
    s = rig(s, 0, hand=("ad-fashion-artwork", "ad-fashion-copy", "ad-fashion-order"), page=full)
    top = s.piles["adverts"][-1]
    s = sc.apply(s, sc.Claim(0, "ad-fashion", ("ad-fashion-artwork", "ad-fashion-copy", "ad-fashion-order")))
    assert s.is_over and s.final.how == "full page"
    assert s.final.cash[0] == 4500
    assert s.final.page[0] == 8 * 300 + 200 + 500 + 600 + 1000 + top
    assert s.final.scores[0] == 4500 + s.final.page[0]


def test_advert_needs_no_call():
    hand = ("ad-fashion-artwork", "ad-fashion-copy", "ad-fashion-order")
    s = rig(game(signal="kill"), 0, hand=hand)
    top = s.piles["adverts"][-1]
    s = sc.apply(s, sc.Claim(0, "ad-fashion", hand))
    assert s.pending is None and s.players[0].page["ad-fashion"] == [top]
    assert s.players[0].cash == 3000 and len(s.players[0].hand) == 3 and not s.calls


def test_copy_substitution_keeps_the_two_most_valuable():
    s = rig(game(signal="ok"), 0, hand=SPORT, page={"sport": [300, 500]})
    s.piles["sport"].append(400)
    s = sc.apply(sc.apply(s, sc.Claim(0, "sport", SPORT)), sc.Dial(0, 3))
    assert sorted(s.players[0].page["sport"]) == [400, 500]
    assert s.piles["sport"][0] == 300  # under its pile


def test_three_star_takes_the_required_space_then_both_star_spaces():
    """Rule text, "Historias de tres estrellas": one three-star story is required (its
    own space); the second, optional, is played on the two Star Story spaces."""
    s = rig(game(signal="three_star"), 0, hand=SPORT)
    top = s.piles["three_star"][-1]
    s = sc.apply(sc.apply(s, sc.Claim(0, "sport", SPORT)), sc.Dial(0, 3))
    assert s.pending["kind"] == "choose"
    s = sc.apply(s, sc.Choose(0, "three_star"))
    assert s.players[0].page["three_star"] == [top] and s.players[0].page["sport"] == []
    s = rig(s, 0, hand=SPORT)
    s.turn_player = 0
    s = sc.apply(sc.apply(sc.apply(s, sc.Claim(0, "sport", SPORT)), sc.Dial(0, 3)), sc.Choose(0, "three_star"))
    assert len(s.players[0].star_three) == 1 and s.pending is None  # the second, optional
    # both Star Story spaces are its own now: a star story claimed later has no space
    # (copy substitution: it goes under its pile), and none can be bought into them
    assert not E._room_for(s, 0, "star") and E._room_for(s, 1, "star")
    star = ("star-call1", "star-photo", "star-reporter")
    s = rig(s, 0, hand=star, page={"star": []})
    s.turn_player = 0
    t = sc.apply(sc.apply(s, sc.Claim(0, "star", star)), sc.Dial(0, 1))
    assert t.pending is None or t.pending["kind"] != "choose"  # no third three-star: the marked story
    assert t.players[0].page["star"] == [] and t.piles["star"][0] == s.piles["star"][-1]


def test_a_second_three_star_story_counts_as_both_star_spaces_for_a_full_page():
    """With every other space taken, the second three-star story fills the page (the
    game ends, "full page"): it stands for both Star Story spaces, not one."""
    s = game(3, signal="three_star")
    spaces = s.spaces(0)
    page = {k: [100] * n for k, n in spaces.items() if k not in ("star", "three_star")}
    s = rig(s, 0, hand=SPORT, page={**page, "three_star": [1000]})
    s = sc.apply(sc.apply(s, sc.Claim(0, "sport", SPORT)), sc.Dial(0, 3))
    assert s.pending["kind"] == "choose"
    t = sc.apply(s, sc.Choose(0, "story"))  # the marked story: both star spaces still empty
    assert t.final is None
    t = sc.apply(s, sc.Choose(0, "three_star"))
    assert t.final is not None and t.final.how == "full page" and t.final.pressed_by == 0


def _displace_game(star=(800, 600)):
    s = rig(game(3, signal="three_star"), 0, hand=SPORT, page={"three_star": [1000], "star": list(star)})
    s = sc.apply(sc.apply(s, sc.Claim(0, "sport", SPORT)), sc.Dial(0, 3))
    assert [a for a in E.legal_actions(s) if a.option == "three_star"] == [sc.Choose(0, "three_star")]
    return sc.apply(s, sc.Choose(0, "three_star"))


def test_a_second_three_star_story_takes_off_both_star_stories_for_sale():
    """Rule text: a player with two star stories there takes them off to make room and
    offers them at their printed values, the player on his left first; one after the
    other."""
    s = _displace_game()
    assert s.players[0].page["star"] == [] and len(s.players[0].star_three) == 1
    assert s.pending["kind"] == "sale" and s.pending["value"] == 800 and s.current_player == 1
    s = sc.apply(s, sc.Decline(1))
    assert s.current_player == 2
    s = sc.apply(s, sc.Buy(2))
    assert s.players[2].cash == 3000 - 800 and s.players[0].cash == 3000 + 800
    assert s.players[2].page["star"] == [800]
    assert s.pending["kind"] == "sale" and s.pending["value"] == 600 and s.current_player == 1
    s = sc.apply(sc.apply(s, sc.Decline(1)), sc.Decline(2))
    assert s.pending is None and s.players[0].kept == [600] and s.players[0].page["star"] == []


def test_a_second_three_star_story_takes_off_a_single_star_story():
    """Rule text: "una (o dos)": with one star story there, that one comes off."""
    s = _displace_game(star=(700,))
    assert s.players[0].page["star"] == [] and s.pending["value"] == 700 and s.pending["more"] == []
    s = sc.apply(sc.apply(s, sc.Decline(1)), sc.Decline(2))
    assert s.pending is None and s.players[0].kept == [700]


def test_an_old_journal_naming_one_star_story_still_replays():
    s = rig(game(3, signal="three_star"), 0, hand=SPORT, page={"three_star": [1000], "star": [800, 600]})
    s = sc.apply(sc.apply(s, sc.Claim(0, "sport", SPORT)), sc.Dial(0, 3))
    t = sc.apply(s, sc.Choose(0, "three_star", displace=1))
    assert t.players[0].page["star"] == [] and t.pending["value"] == 800 and t.pending["more"] == [600]
    with pytest.raises(RuleError, match="Three-star stories"):
        sc.apply(s, sc.Choose(0, "three_star", displace=2))


def test_a_kept_unsold_star_story_counts_half():
    s = _displace_game()
    s = sc.apply(sc.apply(s, sc.Decline(1)), sc.Decline(2))
    s = sc.apply(sc.apply(s, sc.Decline(1)), sc.Decline(2))
    p = s.players[0]
    assert p.kept == [800, 600] and p.page["star"] == []
    assert s.scores[0] == p.cash + sc.page_value(p) + 400 + 300


def test_reserve_one_or_two_cards_bought_back_at_100_each():
    s = rig(game(), 0, hand=("sport-photo", "sport-reporter", "crime-photo"))
    t = sc.apply(s, sc.Reserve(0, ("sport-photo", "sport-reporter"), (0, 0)))
    assert t.players[0].reserve == [["sport-photo", "sport-reporter"], []]
    assert t.players[0].cash == 2800 and len(t.players[0].hand) == 3
    u = sc.apply(s, sc.Reserve(0, ("crime-photo",), (1,)))
    assert u.players[0].cash == 2900


@pytest.mark.parametrize("cards, spaces, why", [
    (("sport-photo", "crime-photo"), (0, 0), "one story or advert type"),
    (("sport-photo", "sport-reporter", "crime-photo"), (0, 0, 1), "one or two cards"),
    (("society-photo",), (0,), "one story or advert type of your page"),  # design A prints no society
    (("scoop",), (0,), "SCOOP card cannot"),
])
def test_illegal_reserve_plays_are_refused_and_change_nothing(cards, spaces, why):
    s = rig(game(), 0, hand=tuple(c for c in cards)[:3])
    before = snapshot(s)
    with pytest.raises(RuleError, match=why) as exc:
        sc.apply(s, sc.Reserve(0, cards, spaces))
    assert "Scoop:" in str(exc.value)
    assert snapshot(s) == before


def test_reserve_without_the_cash_to_buy_back_is_refused():
    s = rig(game(), 0, hand=("sport-photo", "sport-reporter", "crime-photo"), cash=100)
    with pytest.raises(RuleError, match=r"cost \$200"):
        sc.apply(s, sc.Reserve(0, ("sport-photo", "sport-reporter"), (0, 0)))


def test_seven_cards_at_most_and_a_full_reserve_space_refuses_more():
    s = rig(game(), 0, hand=("sport-photo",), reserve=[["sport-reporter", "sport-call3"], ["crime-photo"]])
    with pytest.raises(RuleError, match="up to 2"):
        sc.apply(s, sc.Reserve(0, ("sport-photo",), (0,)))


def test_exchange_is_free():
    s = rig(game(), 0, hand=("sport-photo", "crime-photo", "society-photo"))
    t = sc.apply(s, sc.Exchange(0, "society-photo"))
    assert t.players[0].cash == 3000 and len(t.players[0].hand) == 3 and t.discard[-1] == "society-photo"
    assert t.turn_player == 1


def test_scoop_captures_from_another_reserve_and_dials_at_once():
    s = rig(game(signal="ok"), 0, hand=("scoop", "sport-call3", "crime-photo"))
    s = rig(s, 1, reserve=[["sport-photo", "sport-reporter"], []])
    s = sc.apply(s, sc.Claim(0, "sport", ("sport-call3", "scoop"), (), 1, ("sport-photo", "sport-reporter")))
    assert s.players[1].reserve == [[], []] and s.pending["kind"] == "call"
    s = sc.apply(s, sc.Dial(0, 3))
    assert len(s.players[0].page["sport"]) == 1 and "scoop" in s.discard
    assert s.players[0].hand.count("crime-photo") == 1 and len(s.players[0].hand) == 3


def test_a_scoop_card_cannot_make_a_story_without_capturing():
    s = rig(game(), 0, hand=("scoop", "sport-call3", "sport-photo"), reserve=[["sport-reporter"], []])
    before = snapshot(s)
    with pytest.raises(RuleError, match="Special scoop cards"):
        sc.apply(s, sc.Claim(0, "sport", ("scoop", "sport-call3", "sport-photo"), (0,)))
    assert snapshot(s) == before


def test_lines_down_both_buy_back_at_100_a_card():
    s = rig(rig(game(signal="ok"), 0, hand=SPORT), 2, hand=("crime-photo", "society-photo"))
    s = sc.apply(s, sc.Claim(0, "sport", SPORT))
    s = sc.apply(s, sc.LinesDown(2))
    assert s.pending is None and s.players[0].page["sport"] == []
    assert s.players[0].cash == 2700 and s.players[2].cash == 2700  # the blocker refills to 3
    assert len(s.players[0].hand) == 3 and len(s.players[2].hand) == 3
    assert s.turn_player == 1 and not s.calls


def test_wrong_number_is_refused_before_the_call():
    s = sc.apply(rig(game(), 0, hand=SPORT), sc.Claim(0, "sport", SPORT))
    before = snapshot(s)
    with pytest.raises(RuleError, match="wrong number: the sport telephone card says 3"):
        sc.apply(s, sc.Dial(0, 4))
    assert snapshot(s) == before and not s.calls


def test_claim_needs_exactly_the_three_cards_of_the_page():
    s = rig(game(), 0, hand=("sport-call3", "sport-photo", "crime-photo"))
    with pytest.raises(RuleError, match="Claiming a story: sport needs exactly"):
        sc.apply(s, sc.Claim(0, "sport", ("sport-call3", "sport-photo", "crime-photo")))
    s = rig(game(), 0, hand=("society-call5", "society-photo", "society-reporter"))
    with pytest.raises(RuleError, match="not a story or advert"):  # design A prints no society
        sc.apply(s, sc.Claim(0, "society", ("society-call5", "society-photo", "society-reporter")))


def test_out_of_turn_is_refused():
    s = rig(game(), 1, hand=SPORT)
    with pytest.raises(RuleError, match="turn"):
        sc.apply(s, sc.Claim(1, "sport", SPORT))


def test_bankrupt_player_sells_from_the_left_and_plays_on():
    s = rig(game(3, signal="kill"), 0, hand=SPORT, cash=100, page={"crime": [400]})
    s = sc.apply(sc.apply(s, sc.Claim(0, "sport", SPORT)), sc.Dial(0, 3))
    assert s.pending["kind"] == "bankrupt" and s.pending["cost"] == 300
    s = sc.apply(s, sc.Offer(0, "crime", 0))
    assert s.current_player == 1
    s = sc.apply(s, sc.Buy(1))  # design B prints crime
    assert s.players[1].page["crime"] == [400]
    assert s.players[0].cash == 100 + 400 - 300 and len(s.players[0].hand) == 3
    assert s.pending is None and s.turn_player == 1


def test_bankrupt_player_nobody_buys_from_leaves_and_his_cards_go_under_the_piles():
    s = rig(game(3, signal="kill"), 0, hand=SPORT, cash=0, page={"crime": [400]})
    s = sc.apply(sc.apply(s, sc.Claim(0, "sport", SPORT)), sc.Dial(0, 3))
    s = sc.apply(sc.apply(sc.apply(s, sc.Offer(0, "crime", 0)), sc.Decline(1)), sc.Decline(2))
    assert s.pending["kind"] == "bankrupt" and s.players[0].page["crime"] == [400]
    assert sc.legal_actions(s) == [sc.GiveUp(0)]
    s = sc.apply(s, sc.GiveUp(0))
    assert s.players[0].out and s.piles["crime"][0] == 400 and s.turn_player == 1
    assert s.scores[0] == 0


def test_the_last_player_left_wins():
    s = rig(game(2, signal="kill"), 0, hand=SPORT, cash=0)
    s = sc.apply(sc.apply(sc.apply(s, sc.Claim(0, "sport", SPORT)), sc.Dial(0, 3)), sc.GiveUp(0))
    assert s.is_over and s.final.winners == (1,) and s.final.how == "last player"


def test_actions_round_trip_through_the_journal_codec():
    setup, actions = sc.random_game(4, 3)
    for a in actions:
        assert sc.action_from_dict(sc.action_to_dict(a)) == a
    with pytest.raises(RuleError):
        sc.action_from_dict({"action": "claim"})


def test_legal_actions_are_accepted():
    setup, actions = sc.random_game(11, 4)
    s = sc.new_game_from_dict(setup)
    for a in actions[:120]:
        for b in sc.legal_actions(s)[:12]:
            if isinstance(b, sc.Dial):
                continue
            sc.apply(s, b)  # raises if a listed action is illegal
        s = sc.apply(s, a)


def test_the_bank_shows_each_players_transfers_and_balance():
    s = rig(game(4, signal="synd"), 0, hand=SPORT)
    s = sc.apply(sc.apply(s, sc.Claim(0, "sport", SPORT)), sc.Dial(0, 3))
    mine = sc.bank(s, 0)
    assert mine["cash"] == [4500, 2500, 2500, 2500]
    assert [r["signed"] for r in mine["rows"]] == [3000, 500, 500, 500]
    assert mine["rows"][-1]["balance"] == 4500 == s.players[0].cash
    theirs = sc.bank(s, 2)["rows"]
    assert theirs[-1]["signed"] == -500 and theirs[-1]["payee_name"] == "Red" and theirs[-1]["reason"] == "synd"
    assert len(sc.bank(s)["rows"]) == 4 + 3


def test_garbled_actions_raise_rule_errors_and_change_nothing():
    """Any dict a damaged journal or a caller could hand over: a RuleError (never
    another exception) or a legal play; the state given is never changed."""
    import random

    from companion.errors import CompanionError

    setup, actions = sc.random_game(36, 3)
    states = [sc.new_game_from_dict(setup)]
    for a in actions[:150]:
        states.append(sc.apply(states[-1], a))
    rng = random.Random(5)
    values = [None, 0, 1, 2, -1, 99, "x", "3", 3.5, True, [], ["sport-photo"], ["scoop", "sport-call3"], [0],
              [0, 1], {}, "sport", "ad-fashion", "star", "three_star", "story", "press", ["a", 1]]
    fields = ["player", "kind", "hand", "reserve", "victim", "captured", "number", "signal", "option",
              "displace", "cards", "spaces", "card", "space", "index"]
    kinds = list(E.ACTION_TYPES) + ["nonsense"]
    for _ in range(3000):
        st = rng.choice(states)
        d = {"action": rng.choice(kinds)}
        for f in rng.sample(fields, rng.randrange(0, 5)):
            d[f] = rng.choice(values)
        if rng.random() < 0.7:
            d["player"] = rng.choice([st.current_player or 0, 0, 1, 2])
        before = snapshot(st)
        try:
            sc.apply(st, d)
        except CompanionError:
            pass
        assert snapshot(st) == before
