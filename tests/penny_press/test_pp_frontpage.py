"""Front page: every scoring rule with numbers, legality errors, and the solver
against plain exhaustive search."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import RuleError
from companion.games.penny_press import (FrontPage, Placement, check_front_page, exhaustive_front_page,
                                         load_catalog, score_front_page, solve_front_page, top_beats)

CAT = load_catalog()


def values(**kw):
    v = {b: 1 for b in CAT.beats}
    v.update(kw)
    return v


def page(*pl, ad=None):
    return FrontPage(tuple(Placement(*p) for p in pl), ad)


def lines(breakdown):
    return [(k, s, p) for k, s, p in breakdown]


def test_top_beats_are_all_beats_at_the_highest_value():
    assert top_beats(values(war=5, crime=5, city=4)) == {"war", "crime"}
    assert top_beats(values(politics=6)) == {"politics"}


def test_placed_values_exclusive_doubled_and_empty_cells():
    bv = values(war=6, crime=4)
    fp = page(("war-A1", 0, 0, True), ("crime-A1", 0, 2, True))
    check_front_page(["war-A1", "crime-A1"], fp, None, bv)
    br, total = score_front_page(["war-A1", "crime-A1"], fp, None, bv)
    # 6 + 4, crime (not a top beat, touches the top row) once more: +4; 8 other cells empty: -8.
    assert lines(br) == [("placed", "war-A1", 6), ("placed", "crime-A1", 4), ("exclusive", "crime-A1", 4),
                         ("empty-other", None, -8)]
    assert total == 6


def test_empty_top_cells_cost_two():
    bv = values(war=6, crime=4)
    fp = page(("war-A1", 0, 0, False), ("crime-A1", 0, 1, False))   # upright: rows 0-1
    br, total = score_front_page(["war-A1", "crime-A1"], fp, None, bv)
    assert ("empty-top", None, -4) in br and ("empty-other", None, -6) in br
    assert total == 6 + 4 + 4 - 4 - 6


def test_exclusive_is_the_best_non_top_story_on_the_top_row():
    bv = values(war=6, crime=4, city=3)
    fp = page(("war-A1", 0, 0, False), ("city-A1", 0, 1, False), ("crime-A1", 0, 2, False))
    br, _ = score_front_page(["war-A1", "city-A1", "crime-A1"], fp, None, bv)
    assert [ln for ln in br if ln[0] == "exclusive"] == [("exclusive", "crime-A1", 4)]
    # a story below the top row is never the exclusive
    fp2 = page(("war-A1", 0, 0, False), ("crime-A1", 1, 3, False))
    br2, _ = score_front_page(["war-A1", "crime-A1"], fp2, None, bv)
    assert not [ln for ln in br2 if ln[0] == "exclusive"]


def test_left_out_story_subtracted():
    bv = values(war=6, crime=4, city=3)
    claimed = ["war-D1", "crime-D1", "city-C1"]
    fp = page(("war-D1", 0, 0, False), ("crime-D1", 0, 2, False))
    check_front_page(claimed, fp, None, bv)
    br, total = score_front_page(claimed, fp, None, bv)
    assert ("left-out", "city-C1", -3) in br
    assert total == 6 + 4 + 4 - 3 == 11
    assert solve_front_page(claimed, None, bv).total == 11


def test_total_floored_at_zero():
    bv = values(war=2)
    br, total = score_front_page(["war-A1"], page(("war-A1", 0, 0, False)), None, bv)
    # +2, 3 empty top cells -6, 7 other empty cells -7: raw -11
    assert br[-1] == ("floor", None, 11) and total == 0


def test_ad_cell_is_not_empty_and_cannot_be_covered():
    bv = values(war=6)
    claimed = ["war-B1"]
    fp = page(("war-B1", 0, 0, True))   # turned: 3 wide on the top row
    br, total = score_front_page(claimed, fp, (0, 3), bv)
    assert ("empty-top", None, 0) not in br and not [ln for ln in br if ln[0] == "empty-top"]
    assert ("empty-other", None, -8) in br and ("floor", None, 2) in br and total == 0
    with pytest.raises(RuleError, match="covers the ad") as ei:
        check_front_page(claimed, page(("war-B1", 0, 1, True)), (0, 3), bv)
    assert ei.value.rule == "Penny Press: Building the front page"


def test_two_top_beats_and_ad_limit_k_star():
    # war and crime both top at 5; with the ad at (0,0) only one D can touch the top
    # row and the other does not fit at all: left out (-5); raw -5 floors at 0.
    bv = values(war=5, crime=5)
    fp = solve_front_page(["war-D1", "crime-D1"], (0, 0), bv)
    assert len(fp.placements) == 1 and fp.placements[0].row == 0
    assert fp.total == 0
    best, kstar = exhaustive_front_page(["war-D1", "crime-D1"], (0, 0), bv)
    assert (best, kstar) == (0, 1)
    full = solve_front_page(["war-D1", "crime-D1"], None, bv)
    assert full.total == 10 and {p.col for p in full.placements} == {0, 2}


def test_top_beat_story_must_touch_the_top_row():
    bv = values(war=6, crime=4)
    bad = page(("war-A1", 1, 0, True), ("crime-A1", 0, 2, True))
    with pytest.raises(RuleError, match=r"top beat\(s\) war .*1 can, 0 do"):
        check_front_page(["war-A1", "crime-A1"], bad, None, bv)
    # the solver's page for the same stories keeps war on the top row and scores more
    fp = solve_front_page(["war-A1", "crime-A1"], None, bv)
    assert [p.row for p in fp.placements if p.story == "war-A1"] == [0]
    assert fp.total == 6


@pytest.mark.parametrize("pl, msg", [
    ((("war-A1", 0, 0, False), ("crime-A1", 1, 0, True)), "overlaps"),
    ((("war-A1", 2, 0, False),), "off the"),
    ((("war-A1", 0, 3, True),), "off the"),
    ((("war-A1", 0, 0, False), ("war-A1", 0, 1, False)), "placed twice"),
    ((("city-A1", 0, 0, False),), "not claimed"),
])
def test_illegal_pages(pl, msg):
    with pytest.raises(RuleError, match=msg):
        check_front_page(["war-A1", "crime-A1"], page(*pl), None, values(war=3, crime=3))


def test_solver_ignores_input_order_and_is_deterministic():
    bv = values(war=6, crime=4, city=4, human=2)
    a = solve_front_page(["human-C1", "war-B2", "city-A1", "crime-A3"], (1, 2), bv)
    b = solve_front_page(["crime-A3", "city-A1", "war-B2", "human-C1"], (1, 2), bv)
    assert a == b and a.total == b.total


story_ids = sorted(CAT.stories)


@settings(max_examples=60, deadline=None)
@given(stories=st.lists(st.sampled_from(story_ids), min_size=0, max_size=3, unique=True),
       bv=st.fixed_dictionaries({b: st.sampled_from(CAT.news_beat_value) for b in CAT.beats}),
       ad=st.one_of(st.none(), st.tuples(st.integers(0, 2), st.integers(0, 3))))
def test_solver_matches_exhaustive_search(stories, bv, ad):
    fp = solve_front_page(stories, ad, bv)
    check_front_page(stories, fp, ad, bv)
    assert score_front_page(stories, fp, ad, bv)[1] == fp.total
    assert fp.total == exhaustive_front_page(stories, ad, bv)[0]


def test_solver_publishes_the_interchangeable_story_with_more_stars():
    # two war Ds (same shape, same value) and an ad: only one fits; the left-out one
    # goes back to its pile, the published one counts its stars for the war bonus
    bv = values(war=4)
    fp = solve_front_page(["war-D1", "war-D3"], (2, 3), bv)
    assert [p.story for p in fp.placements] == ["war-D3"]
    # across beats too: crime-A3 and war-A1 are worth the same 3 and neither is top
    fp = solve_front_page(["politics-D1", "war-A1", "crime-A3", "war-B2", "city-C1"], None,
                          values(politics=6, war=3, crime=3, city=2))
    placed = {p.story for p in fp.placements}
    assert "war-A1" not in placed or "crime-A3" in placed


@settings(max_examples=80, deadline=None)
@given(stories=st.lists(st.sampled_from(story_ids), min_size=2, max_size=5, unique=True),
       bv=st.fixed_dictionaries({b: st.sampled_from(CAT.news_beat_value) for b in CAT.beats}),
       ad=st.one_of(st.none(), st.tuples(st.integers(0, 2), st.integers(0, 3))))
def test_solver_never_leaves_out_a_story_with_more_stars_than_an_interchangeable_placed_one(stories, bv, ad):
    fp = solve_front_page(stories, ad, bv)
    tops = top_beats(bv)
    placed = {p.story for p in fp.placements}

    def sig(s):
        x = CAT.stories[s]
        return (x.width, x.height, bv[x.beat], x.beat in tops)

    for out in set(stories) - placed:
        for inn in placed:
            if sig(out) == sig(inn):
                assert CAT.stories[out].stars <= CAT.stories[inn].stars, (out, inn, fp)
