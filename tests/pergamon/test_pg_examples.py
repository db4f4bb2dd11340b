"""Every worked example of the Pergamon rule text (../shared/rules/pergamon.es.txt),
with the rulebook's numbers."""

from __future__ import annotations

from dataclasses import replace

from companion.games.pergamon import (Dig, DrawFunds, Exhibit, PlaceFigure, PresentFinds, RevealFunds, apply,
                                      oldest_shown)
from companion.games.pergamon.engine import BID, REVEAL, _end_turn

from pg_helpers import acting, catalog, game, shown, tile


def test_presentation_1_2_4_4_4_in_the_order_14_36_85():
    # 1. Presentation: finds of ages 1, 2, 4, 4, 4; the three 4s go by their number 14, 36, 85
    tiles = [tile("A", 1, 70), tile("B", 2, 5), tile("C", 4, 85), tile("D", 4, 14), tile("E", 4, 36)]
    s = game(3, catalog(tiles))
    s = apply(s, PresentFinds(("C", "A", "E", "D", "B")))       # drawn in any order
    assert s.galleries == (("A",), ("B",), ("D",), ("E",), ("C",))
    assert [s.catalog.tiles[g[0]].date for g in s.galleries] == [170, 205, 414, 436, 485]


def test_full_gallery_takes_none_and_only_as_many_finds_are_drawn():
    tiles = [tile(f"X{i}", 1 + i % 5, 10 + i) for i in range(20)] + \
            [tile("A", 1, 70), tile("B", 2, 5), tile("C", 4, 85)]
    s = game(3, catalog(tiles))
    full = tuple(f"X{i}" for i in range(4))
    s = replace(s, galleries=((), full, (), tuple(f"X{i}" for i in range(4, 8)), ()))
    assert s.open_galleries() == (1, 3, 5)
    s2 = apply(s, PresentFinds(("C", "A", "B")))
    assert s2.galleries[0] == ("A",) and s2.galleries[2] == ("B",) and s2.galleries[4] == ("C",)
    assert s2.galleries[1] == full


def _funds(spaces, figures, cards, backs=("chest", "bag")):
    tiles = [tile(f"X{i}", 1 + i % 5, 10 + i) for i in range(5)]
    s = game(len(figures), catalog(tiles, spaces=spaces))
    s = replace(s, phase=BID, backs=backs)
    for p in s.bid_order():
        s = apply(s, PlaceFigure(p, figures[p]))
    assert s.phase == REVEAL
    return apply(s, RevealFunds(cards))


SPACES = [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 5)] + [(6, 5)] * 7


def test_cards_7_and_4_put_out_11_coins_paid_right_to_left():
    s = _funds(SPACES, figures=[2, 3, 6], cards=(7, 4))
    res = s.log[-1]
    assert res.total == 11
    # space 2 (2 coins) paid first, then space 3 (3), the leftmost takes the remaining 6
    assert [(who, got) for who, _, _, got in res.paid] == [(0, 2), (1, 3), (2, 6)]
    assert s.coins == (2, 3, 6)
    assert s.queue == (0, 1, 2) and s.current_player == 0       # the rightmost acts first


def test_funds_run_out_the_last_figure_takes_what_remains_maybe_nothing():
    s = _funds(SPACES, figures=[2, 5, 6], cards=(1, 2), backs=("bag", "bag"))
    assert s.log[-1].total == 3
    assert s.coins == (2, 0, 1)         # 2 paid; 5 asked but only 1 left; the last takes 1
    s = _funds(SPACES, figures=[4, 2, 6], cards=(1, 1), backs=("bag", "bag"))
    assert s.coins == (0, 2, 0)         # the last figure gets nothing at all


def test_gallery_iii_costs_3_whatever_it_holds():
    tiles = [tile("A", 3, 10), tile("B", 3, 20)]
    s = acting(game(3, catalog(tiles, spaces=SPACES)), 0, coins=5, space=3)
    s = replace(s, galleries=((), (), ("A", "B"), (), ()))
    s = apply(s, Dig(0, 3))
    assert s.coins[0] == 2
    assert s.hands[0] == ("A", "B")
    assert s.galleries[2] == ()


def _collection_cat():
    # bracelet (5th c.), vase (3rd c.), mask (4th c.): neighbours' halves meet
    return catalog([tile("BR", 5, 10, "bracelet", "vase"), tile("VA", 3, 40, "vase", "mask"),
                    tile("MA", 4, 63, "mask", "jug"),
                    tile("O1", 2, 10), tile("O2", 2, 20), tile("O3", 2, 30)])


def test_collection_of_centuries_5_3_4_is_worth_12_and_pushes_9_and_12_down():
    cat = _collection_cat()
    s = acting(game(3, cat), 0, coins=4, hand=("BR", "VA", "MA"))
    s = replace(s, shown=(shown(1, 1, ("O1",), 16), shown(2, 1, ("O2",), 12), shown(1, 2, ("O3",), 9)))
    assert s.collection_value(("BR", "VA", "MA")) == 12
    after = apply(s, Exhibit(0, ("BR", "VA", "MA")))
    spaces = {(x.owner, x.marker): x.space for x in after.shown}
    assert spaces == {(1, 1): 16, (2, 1): 11, (1, 2): 8, (0, 1): 12}
    assert after.scores[0] == 1                                  # 1 VP at once
    assert after.coins[0] == 4 and after.hands[0] == ()
    moves = {(m.from_space, m.to_space) for m in after.log[-1].moves}
    assert moves == {(9, 8), (12, 11)}


def test_two_coins_of_polish_make_it_14():
    cat = _collection_cat()
    s = acting(game(3, cat), 0, coins=4, hand=("BR", "VA", "MA"))
    s = replace(s, shown=(shown(1, 1, ("O1",), 16), shown(2, 1, ("O2",), 12), shown(1, 2, ("O3",), 9)))
    after = apply(s, Exhibit(0, ("BR", "VA", "MA"), polish=2))
    mine = [x for x in after.shown if x.owner == 0][0]
    assert mine.value == 14 and mine.space == 14
    assert after.coins[0] == 2
    assert {(x.owner, x.marker): x.space for x in after.shown if x.owner != 0} == {(1, 1): 16, (2, 1): 11,
                                                                                  (1, 2): 8}


def test_the_mask_dated_463_and_the_oldest_mask_award():
    cat = catalog([tile("M463", 4, 63, "jug", "mask"), tile("M2", 3, 98, "mask", "vase"),
                   tile("K1", 4, 9, "jug", "mask"), tile("K2", 4, 12, "mask", "bracelet"),
                   tile("V1", 1, 1, "bracelet", "jug")])
    assert cat.tiles["M463"].date == 463
    s = game(2, cat)
    # seat 0 shows the mask of 463 (with a 398 half), seat 1 a mask of 409 + 412: full dates decide
    s = replace(s, turn=9, shown=(shown(0, 1, ("M463", "M2"), 10), shown(1, 1, ("K1", "K2"), 12)))
    assert oldest_shown(s, "mask") == (0, 463)
    before = s.scores
    after = _end_turn(replace(s, figures=(3, 5), queue=()))
    ev = after.log[-1]
    assert ev.award_kind == "mask" and ev.award_owner == 0 and ev.award_date == 463
    vp10, vp12 = cat.vp_of_space(10), cat.vp_of_space(12)
    assert after.scores == (before[0] + vp10 + 2, before[1] + vp12)
    assert ev.shift == 5 and {(x.owner, x.space) for x in after.shown} == {(0, 5), (1, 7)}


def test_previews_match_what_happens():
    from companion.games.pergamon import pay_out, preview_exhibit
    tiles = [tile(f"X{i}", 1 + i % 5, 10 + i) for i in range(5)]
    s = game(3, catalog(tiles, spaces=SPACES))
    s = replace(s, phase=REVEAL, backs=("chest", "bag"), figures=(2, 3, 6))
    assert [got for *_, got in pay_out(s, 11)] == [2, 3, 6]
    assert [got for *_, got in pay_out(s, 4)] == [2, 0, 2]
    cat = _collection_cat()
    e = acting(game(3, cat), 0, coins=4, hand=("BR", "VA", "MA"))
    e = replace(e, shown=(shown(1, 1, ("O1",), 16), shown(2, 1, ("O2",), 12), shown(1, 2, ("O3",), 9)))
    res = preview_exhibit(e, Exhibit(0, ("BR", "VA", "MA"), polish=2))
    assert (res.shown.value, res.shown.space) == (14, 14)
    assert apply(e, Exhibit(0, ("BR", "VA", "MA"), polish=2)).log[-1] == res


def test_the_3_find_example_under_our_ruling_two_objects_and_open_ends():
    """3B's example names three objects (bracelet 5th c., vase 3rd c., mask 4th c.)
    for a collection of three finds; in our model (docs/rulings.md, "The 3-find
    example") each find brings the half named, three finds in a row complete two
    objects and the outer halves stay open. The example's numbers hold: 12, 14 with
    2 coins of polish, space 12 / 14."""
    cat = catalog([tile("BR", 5, 10, "mask", "bracelet"), tile("VA", 3, 40, "bracelet", "vase"),
                   tile("MA", 4, 63, "vase", "mask"), tile("O1", 2, 10), tile("O2", 2, 20), tile("O3", 2, 30)])
    s = acting(game(3, cat), 0, coins=4, hand=("BR", "VA", "MA"))
    row = ("BR", "VA", "MA")
    assert s.collection_value(row) == 12
    # a bracelet (dated by its older half, 510) and a vase (463); the mask halves at both ends are open
    assert s.objects(row) == (("bracelet", 510), ("vase", 463))
    after = apply(s, Exhibit(0, row, polish=2))
    mine = [x for x in after.shown if x.owner == 0][0]
    assert (mine.value, mine.space) == (14, 14)
    assert oldest_shown(after, "bracelet")[0] == 0 and oldest_shown(after, "mask") is None
