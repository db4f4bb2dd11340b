"""Penny Press engine: the rulebook's worked examples, every action and every illegal
action, claims, scoops, ads, the final edition, 2 players and the strike variant."""

from __future__ import annotations

import pytest

from companion.errors import RuleError
from companion.games.penny_press import (Adjustment, Assign, DeclinePress, DrawHeadline, FrontPage, GoToPress,
                                         PassNewsboy, Placement, Reassign, Recall, apply, board_adjustments,
                                         legal_actions, new_game, solve_front_page)
from pp_helpers import CAT, game, players, position, rejects


# ----------------------------------------------------------------------------- setup

def test_first_card_bonus_plus_three_from_two_is_five():
    s = game(2, ["H01", "H10"])     # H01: war +3; H10: crime +2
    assert s.bonus_track["war"] == 5
    assert s.bonus_track["crime"] == 4
    assert s.bonus_track["city"] == 2


def test_setup_places_card_stories_and_arrows_above_them():
    s = game(2, ["H01", "H10"])     # H01: politics-B war-D; H10: war-B crime-D
    assert s.board["politics"] == ("politics-B1",)
    assert s.board["war"] == ("war-D1", "war-B1")
    assert s.board["crime"] == ("crime-D1",)
    assert dict(s.arrow_position) == {"war": 3, "crime": 2, "city": 0, "politics": 1, "human": 0}
    assert s.piles["war-D"] == ("war-D3", "war-D2")
    assert s.home == (5, 5) and s.ad == (None, None) and s.current_player == 0


def test_setup_story_that_does_not_fit_stays_on_its_pile():
    # war gets D, C, C, D, C = 10 spaces: the third C (3 stars) does not fit in 9.
    s = game(5, ["H01", "H03", "H06", "H07", "H08"])
    assert s.board["war"] == ("war-D1", "war-C1", "war-C2", "war-D2")
    assert s.piles["war-C"] == ("war-C3",)
    assert s.arrow_position["war"] == 8


def test_setup_overflow_leaves_the_three_star_d_whatever_the_card_order():
    # war gets D, D, D, C, C = 10 spaces. The rulebook (Setup / Add stories): in the
    # rare case a column overflows at setup, the 3-star C or D stays on its pile and
    # the other stories are placed; here that is war-D3, not the 2-star C that comes last.
    s = game(5, ["H01", "H07", "H17", "H03", "H06"])
    assert s.board["war"] == ("war-D1", "war-D2", "war-C1", "war-C2")
    assert s.piles["war-D"] == ("war-D3",) and s.piles["war-C"] == ("war-C3",)
    assert s.arrow_position["war"] == 8


@pytest.mark.parametrize("cards", [["H01", "H07", "H17", "H03", "H06"], ["H01", "H03", "H06", "H07", "H08"]])
def test_setup_overflow_result_does_not_depend_on_the_card_order(cards):
    # every order of the same 5 initial cards: the same war column, never a 3-star C or D
    import itertools
    seen = set()
    for order in itertools.permutations(cards):
        s = game(5, list(order))
        col = s.board["war"]
        assert sum(CAT.stories[x].column_spaces for x in col) <= CAT.column_spaces
        assert not any(CAT.stories[x].stars == 3 and CAT.stories[x].shape in "CD" for x in col), (order, col)
        seen.add(frozenset(col))
    assert len(seen) == 1


def test_setup_overflow_without_a_three_star_c_or_d_leaves_what_does_not_fit():
    # only with edited card data: war asks C, C, D, D, A, A (10 spaces) and holds no
    # 3-star C or D; as in play, the story that no longer fits stays on its pile
    from types import SimpleNamespace

    from companion.games.penny_press.engine import _add_setup_stories
    cards = [SimpleNamespace(stories=(("war", sh),)) for sh in "CCDDAA"]
    board, piles = {b: () for b in CAT.beats}, CAT.initial_piles()
    _add_setup_stories(CAT, cards, board, piles)
    assert board["war"] == ("war-C1", "war-C2", "war-D1", "war-D2", "war-A1")
    assert piles["war-A"] == ("war-A3", "war-A2")


def test_setup_empty_pile_places_nothing():
    s = game(5, ["H01", "H07", "H17", "H29", "H39"])   # war-D asked 5 times, 3 in the pile
    assert s.board["war"] == ("war-D1", "war-D2", "war-D3")
    assert s.piles["war-D"] == ()


@pytest.mark.parametrize("n, cards, kw, msg", [
    (1, ["H01"], {}, "2-5 players"),
    (3, ["H01", "H02"], {}, "3 needed, 2 given"),
    (3, ["H01", "H01", "H02"], {}, "given twice"),
    (3, ["H01", "H02", "H99"], {}, "unknown headline card"),
    (3, ["H01", "H02", "H03"], {"strike": True}, "newsboy strike variant is for 4-5"),
    (2, ["H01", "H02"], {"strike": True}, "newsboy strike"),
    (3, ["H01", "H02", "H03"], {"first_player": 3}, "first player"),
])
def test_bad_setup(n, cards, kw, msg):
    ps = players(n) if n >= 1 else []
    with pytest.raises(RuleError, match=msg) as ei:
        new_game(ps, cards, **kw)
    assert ei.value.rule == "Penny Press: Setup"


def test_bad_setup_colours():
    from companion.games.penny_press import PlayerSpec
    with pytest.raises(RuleError, match="own colour"):
        new_game([PlayerSpec("red"), PlayerSpec("red")], ["H01", "H02"])
    with pytest.raises(RuleError, match="unknown colour"):
        new_game([PlayerSpec("red"), PlayerSpec("pink")], ["H01", "H02"])
    with pytest.raises(RuleError, match="2-5 players"):
        new_game(players(5) + [PlayerSpec("red", "six")], [f"H{i:02d}" for i in range(1, 7)])


# ----------------------------------------------------------------------- news beats

def test_worked_example_arrows_one_and_two_spaces_up_point_at_3_and_4():
    s = position(game(3), columns={"crime": ["crime-A1", "crime-B1"], "politics": ["politics-A1", "politics-C1"]},
                 reporters={"crime-A1": [1, 1, 0], "politics-A1": [0, 0, 1]})
    assert s.arrow_position["politics"] == 4
    s2 = apply(s, Assign(0, "politics-C1"))
    # crime: 2 spaces + 1 covered story (two players on it count once); politics: 3 + 2
    assert s2.arrow_position["crime"] == 3 and s2.arrow_position["politics"] == 5
    assert s2.news_beat_value("crime") == 3 and s2.news_beat_value("politics") == 4
    assert s2.scoop_value("crime") == 1 and s2.scoop_value("politics") == 2
    assert board_adjustments(s, s2) == [Adjustment("arrow", beat="politics", value=5)]


def test_arrow_capped_at_nine_value_six():
    col = ["war-D1", "war-D2", "war-D3", "war-C1", "war-A1"]   # 9 spaces
    s = position(game(3), columns={"war": col}, reporters={"war-A1": [1, 0, 0]})
    assert s.arrow_position["war"] == 9
    s2 = apply(s, Assign(0, "war-D1"))
    assert s2.arrow_position["war"] == 9 and s2.news_beat_value("war") == 6 and s2.scoop_value("war") == 3


# ------------------------------------------------------------------------- actions

def test_assign_recall_reassign_and_purity():
    s = game(3)
    before = s
    s1 = apply(s, Assign(0, "war-D1", 3))
    assert s == before and s.home == (5, 5, 5)
    assert s1.reporters["war-D1"] == (3, 0, 0) and s1.home == (2, 5, 5) and s1.current_player == 1
    s2 = apply(s1, Assign(1, "war-D1", 1))
    s3 = apply(s2, Assign(2, "politics-B1", 2))
    s4 = apply(s3, Reassign(0, "war-D1", "politics-B1"))
    assert s4.reporters["war-D1"] == (2, 1, 0) and s4.reporters["politics-B1"] == (1, 0, 2)
    s5 = apply(s4, Recall(1, ("war-D1",)))
    assert s5.reporters["war-D1"] == (2, 0, 0) and s5.home[1] == 5
    s6 = apply(s5, Recall(2, ("politics-B1", "politics-B1")))
    assert s6.reporters["politics-B1"] == (1, 0, 0) and s6.home[2] == 5
    s7 = apply(s6, Recall(0, ("war-D1", "war-D1", "politics-B1")))
    assert dict(s7.reporters) == {} and s7.home == (5, 5, 5)


def test_illegal_actions_leave_state_unchanged():
    s = game(3)
    rejects(s, Assign(1, "war-D1"), apply, "How to play")                 # not your turn
    rejects(s, Assign(7, "war-D1"), apply, "How to play")                 # no such player
    rejects(s, Assign(0, "city-A1"), apply, "Assign reporters")           # not on the board
    rejects(s, Assign(0, "nope-Z9"), apply, "Assign reporters")           # unknown story
    rejects(s, Assign(0, "war-D1", 0), apply, "Assign reporters")
    rejects(s, Assign(0, "war-D1", 6), apply, "Assign reporters")         # only 5 at home
    rejects(s, Recall(0, ()), apply, "Recall reporters")
    rejects(s, Recall(0, ("war-D1",)), apply, "Recall reporters")         # none there
    rejects(s, Reassign(0, "war-D1", "politics-B1"), apply, "Reassign a reporter")
    rejects(s, GoToPress(0), apply, "Go to Press")                        # nothing claimable
    rejects(s, DrawHeadline("H20"), apply, "Drawing headline cards")      # no draw due
    rejects(s, PassNewsboy(0), apply, "Newsboy strike")
    rejects(s, DeclinePress(0), apply, "How to play")
    s = position(s, reporters={"war-D1": [5, 0, 0]})
    err = rejects(s, Assign(0, "war-D1"), apply, "Assign reporters")
    assert "no reporters left at home" in str(err)
    rejects(s, Reassign(0, "war-D1", "war-D1"), apply, "Reassign a reporter")
    rejects(s, Recall(0, ("war-D1",) * 6), apply, "Recall reporters")


# -------------------------------------------------------------- press, claims, scoops

def _claims_position():
    cols = {"war": ["war-D1", "war-C1", "war-B1"], "city": ["city-A1"], "crime": ["crime-A1"]}
    reps = {"war-D1": [2, 1, 2], "city-A1": [1, 1, 0], "crime-A1": [1, 3, 0]}
    return position(game(3, ["H01", "H02", "H03"]), columns=cols, reporters=reps)


def test_claims_with_ties_and_scoop_points():
    s = _claims_position()
    assert (s.news_beat_value("war"), s.scoop_value("war")) == (4, 2)
    assert (s.news_beat_value("city"), s.scoop_value("city")) == (2, 1)
    assert s.claimable(0) == ("war-D1", "city-A1")        # tie on both counts; crime-A1 lost 1-3
    s2 = apply(s, GoToPress(0))
    r = s2.press_results[-1]
    assert r.claimed == ("war-D1", "city-A1")
    # blue: 2 (war-D1, once although it is one story) + 1 (city-A1); green: 2
    assert dict(r.scoop_awards) == {1: 3, 2: 2}
    # war-D1 upright (4), city-A1 turned on the top row (2 + exclusive 2), 4 cells empty: 4
    assert r.total == 4 == r.best_total and r.solver_placement and r.edition == 1
    assert s2.scores == (4, 3, 2)
    assert s2.board["war"] == ("war-C1", "war-B1") and s2.board["city"] == ()
    assert dict(s2.reporters) == {"crime-A1": (1, 3, 0)}
    assert s2.home == (4, 2, 5)
    assert sorted(s2.published[0]) == ["city-A1", "war-D1"] and s2.pennies == (1, 0, 0)
    assert s2.awaiting_draw and s2.current_player == 0
    # arrows are adjusted only after the draw that ends the turn
    assert s2.arrow_position == s.arrow_position
    rejects(s2, Assign(0, "war-C1"), apply, "Drawing headline cards")
    rejects(s2, DrawHeadline("H02"), apply, "Drawing headline cards")   # used at setup
    rejects(s2, DrawHeadline("X1"), apply, "Drawing headline cards")


def test_draw_after_press_bonus_stories_ad_and_arrows():
    s2 = apply(_claims_position(), GoToPress(0))
    s3 = apply(s2, DrawHeadline("H04"))   # war +1; war-A, human-D, crime-B; ad column 3
    assert s3.bonus_track["war"] == s2.bonus_track["war"] + 1
    assert s3.board["war"] == ("war-C1", "war-B1", "war-A1")
    assert s3.board["human"][-1] == "human-D1" and s3.board["crime"] == ("crime-A1", "crime-B1")
    assert s3.ad == ((2, 3), None, None)          # first paper published: bottom row
    assert s3.arrow_position["war"] == 4 and s3.arrow_position["city"] == 0
    assert s3.current_player == 1 and not s3.awaiting_draw
    kinds = [a.kind for a in board_adjustments(_claims_position(), s3)]
    assert {"remove", "place", "bonus", "arrow", "ad"} <= set(kinds)


def test_player_page_checked_and_scored_left_outs_return_to_pile():
    s = _claims_position()
    # leave city-A1 out: it goes back on top of its pile and costs its value
    fp = FrontPage((Placement("war-D1", 0, 0, False),))
    s2 = apply(s, GoToPress(0, fp))
    r = s2.press_results[-1]
    assert ("left-out", "city-A1", -2) in r.breakdown and not r.solver_placement
    assert r.total == 0 and r.best_total == 4     # 4 - 2 - 2 empty top - 4 other: floored
    assert s2.piles["city-A"][-1] == "city-A1" and s2.published[0] == ("war-D1",)
    bad = FrontPage((Placement("war-D1", 1, 0, True), Placement("city-A1", 0, 0, False)))
    rejects(s, GoToPress(0, bad), apply, "Building the front page")


@pytest.mark.parametrize("pennies, row", [(0, 2), (1, 1), (2, 0)])
def test_ad_row_follows_the_highest_penny(pennies, row):
    s = position(game(3), columns={"war": ["war-A1"]}, reporters={"war-A1": [1, 0, 0]},
                 pennies=(pennies, 0, 0))
    s2 = apply(apply(s, GoToPress(0)), DrawHeadline("H05"))   # ad column 0
    assert s2.pennies[0] == pennies + 1 and s2.ad[0] == (row, 0)


def test_ad_is_used_on_the_next_page_then_removed():
    s = position(game(3), columns={"war": ["war-B1"]}, reporters={"war-B1": [1, 0, 0]},
                 ad=((0, 3), None, None), pennies=(1, 0, 0))
    s2 = apply(s, GoToPress(0))
    r = s2.press_results[-1]
    assert r.front_page.ad_cell == (0, 3)
    assert r.front_page == solve_front_page(["war-B1"], (0, 3), s.beat_values())
    assert s2.ad[0] is None


# ------------------------------------------------------------------- final edition

def _near_end(n):
    trig = CAT.final_trigger_presses[n]
    cols = {"war": ["war-A1", "war-B1"], "city": ["city-A1"], "crime": ["crime-C1"]}
    reps = {"war-A1": [1] + [0] * (n - 1), "war-B1": [1, 0, 1] + [0] * (n - 3) if n >= 3 else [1, 1],
            "crime-C1": [0, 1] + [0] * (n - 2)}
    return position(game(n), columns=cols, reporters=reps, pennies=(trig - 1,) + (1,) * (n - 1))


@pytest.mark.parametrize("n, presses", [(2, 4), (3, 4), (4, 3), (5, 3)])
def test_final_edition_trigger_by_player_count(n, presses):
    s = _near_end(n)
    assert s.pennies[0] == presses - 1
    s2 = apply(s, GoToPress(0))
    assert s2.phase == "final_turns" and not s2.awaiting_draw and s2.finished[0]
    assert s2.arrow_position == s.arrow_position       # frozen: no adjustment
    assert s2.current_player == 1
    # one pressing before the trigger does not end anything
    early = position(s, pennies=(presses - 2,) + (1,) * (n - 1))
    assert apply(early, GoToPress(0)).phase == "normal"


def test_final_edition_turns_presses_and_scoops_to_finished_players():
    s = _near_end(3)          # red triggers with its 4th press
    s = apply(s, GoToPress(0))
    assert s.press_results[-1].final_edition is False
    rejects(s, DrawHeadline("H30"), apply, "Final edition")          # no new cards
    rejects(s, Assign(1, "city-A1", 2), apply, "Final edition")      # one reporter only
    s = position(s, columns={"war": ["war-B1"], "city": ["city-A1"], "crime": ["crime-C1"]},
                 reporters={"war-B1": [1, 0, 1], "crime-C1": [0, 2, 0]}, arrow_position=dict(s.arrow_position))
    rejects(s, Recall(1, ("crime-C1", "crime-C1")), apply, "Final edition")
    arrows = s.arrow_position
    s = apply(s, Assign(1, "city-A1", 1))
    assert s.arrow_position == arrows and s.current_player == 2
    # green presses in its last turn: war-B1 tied with red, who has finished: red scores the scoop
    scoop = s.scoop_value("war")
    before = s.scores
    s = apply(s, GoToPress(2))
    assert s.finished == (True, False, True)
    assert s.scores[0] == before[0] + scoop and s.press_results[-1].final_edition
    # then the final presses: only blue is left
    assert s.phase == "final_presses" and s.current_player == 1
    rejects(s, Assign(1, "city-A1"), apply, "Final edition")
    s = apply(s, GoToPress(1))
    assert s.is_over and s.final is not None and s.arrow_position == arrows
    rejects(s, Assign(1, "city-A1"), apply, "End of the game")
    assert legal_actions(s) == []


def test_final_presses_may_be_declined():
    s = apply(_near_end(3), GoToPress(0))
    s = apply(s, Assign(1, "city-A1"))
    s = apply(s, Assign(2, "city-A1"))
    assert s.phase == "final_presses" and s.current_player == 1
    assert DeclinePress(1) in legal_actions(s) and GoToPress(1) in legal_actions(s)
    s = apply(s, DeclinePress(1))
    assert s.current_player == 2
    s = apply(s, DeclinePress(2))
    assert s.is_over


def test_final_turn_may_be_passed_although_a_move_is_legal():
    # Final edition: each remaining player *may* take a last turn. Blue can assign,
    # recall, reassign and press, and passes; blue still gets the final press.
    s = apply(_near_end(3), GoToPress(0))
    assert s.phase == "final_turns" and s.current_player == 1
    la = legal_actions(s)
    assert DeclinePress(1) in la and GoToPress(1) in la and any(isinstance(a, Assign) for a in la)
    before = s
    s = apply(s, DeclinePress(1))
    assert s.current_player == 2 and not s.finished[1] and s.reporters == before.reporters
    assert s.scores == before.scores and s.arrow_position == before.arrow_position
    s = apply(s, DeclinePress(2))
    assert s.phase == "final_presses" and s.current_player == 1
    s = apply(s, GoToPress(1))
    assert s.press_results[-1].final_edition and s.finished[1]


def test_politics_bonus_seven_shared_by_two_three_star_papers():
    s = position(game(3), published=(("politics-A3",), ("politics-A1", "politics-B1", "politics-C1"),
                                     ("politics-D2",)),
                 bonus_track={b: (7 if b == "politics" else 5) for b in CAT.beats},
                 scores=(10, 10, 16), phase="final_presses", queue=(0,), current_player=0,
                 finished=(False, True, True), trigger_player=1)
    s = apply(s, DeclinePress(0))
    f = s.final
    pol = next(b for b in f.bonuses if b.beat == "politics")
    assert pol.stars == (3, 3, 2) and pol.winners == (0, 1) and pol.marker == 7
    assert all(not b.winners for b in f.bonuses if b.beat != "politics")   # 0 stars: nobody
    assert f.scores == (17, 17, 16) and f.circulation == (10, 10, 16)
    # tie on score: the paper with more published stories wins
    assert f.stories == (1, 3, 1) and f.rank == (2, 1, 3) and f.winners == (1,)
    assert f.ranking == (1, 0, 2)


def test_full_tie_is_a_shared_victory():
    s = position(game(2), published=(("war-A1",), ("crime-A1",)), scores=(5, 5),
                 bonus_track={b: 2 for b in CAT.beats},
                 phase="final_presses", queue=(1,), current_player=1, finished=(True, False),
                 trigger_player=0)
    s = apply(s, DeclinePress(1))
    assert s.final.rank == (1, 1) and s.final.winners == (0, 1)


# ------------------------------------------------------------------ 2 players, strike

def test_two_players_first_one_turn_then_two_each():
    s = game(2)
    order = []
    for _ in range(7):
        p = s.current_player
        order.append(p)
        s = apply(s, Assign(p, "war-D1"))
    assert order == [0, 1, 1, 0, 0, 1, 1]
    s = game(2, first=1)
    order = []
    for _ in range(3):
        order.append(s.current_player)
        s = apply(s, Assign(s.current_player, "war-D1"))
    assert order == [1, 0, 0]


def test_two_players_final_edition_gives_the_other_one_turn():
    s = position(game(2), columns={"war": ["war-A1", "war-B1"]},
                 reporters={"war-A1": [1, 0], "war-B1": [0, 1]}, pennies=(3, 2), actions_left=2)
    s = apply(s, GoToPress(0))
    assert s.phase == "final_turns" and s.current_player == 1
    s = apply(s, Assign(1, "war-B1"))
    assert s.phase == "final_presses" and s.current_player == 1
    s = apply(s, GoToPress(1))
    assert s.is_over


def test_strike_variant_newsboy_passes_right_and_ends_at_final_edition():
    s = game(4, strike=True)
    assert s.newsboy == 1
    seen = []
    for _ in range(8):
        p = s.current_player
        if s.newsboy == p:
            rejects(s, Assign(p, "war-D1"), apply, "Newsboy strike")
            assert legal_actions(s) == [PassNewsboy(p)]
            s = apply(s, PassNewsboy(p))
            seen.append(("pass", p, s.newsboy))
        else:
            s = apply(s, Assign(p, "war-D1"))
            seen.append(("act", p))
    assert seen == [("act", 0), ("pass", 1, 0), ("act", 2), ("act", 3), ("pass", 0, 3), ("act", 1),
                    ("act", 2), ("pass", 3, 2)]
    s = position(s, columns={"war": ["war-A1"]}, reporters={"war-A1": [1, 0, 0, 0]},
                 pennies=(2, 0, 0, 0), current_player=0, newsboy=1)
    s2 = apply(s, GoToPress(0))
    assert s2.newsboy is None and s2.phase == "final_turns"


# ------------------------------------------------------------- tools and plumbing

def test_solver_page_given_explicitly_counts_as_the_solvers():
    s = _claims_position()
    best = apply(s, GoToPress(0)).press_results[-1].front_page
    reordered = FrontPage(tuple(reversed(best.placements)))
    r = apply(s, GoToPress(0, reordered)).press_results[-1]
    assert r.solver_placement and r.total == r.best_total == 4


def test_given_page_with_a_wrong_ad_cell_is_refused():
    s = position(game(3), columns={"war": ["war-A1"]}, reporters={"war-A1": [1, 0, 0]},
                 ad=((2, 0), None, None), pennies=(1, 0, 0))
    fp = FrontPage((Placement("war-A1", 0, 0, False),), (2, 3))
    rejects(s, GoToPress(0, fp), apply, "Building the front page")
    ok = apply(s, GoToPress(0, FrontPage(fp.placements)))
    assert ok.press_results[-1].front_page.ad_cell == (2, 0)


def test_board_adjustments_for_left_outs_ads_flip_and_newsboy():
    s = _claims_position()
    s2 = apply(s, GoToPress(0, FrontPage((Placement("war-D1", 0, 0, False),))))
    adj = board_adjustments(s, s2)
    assert Adjustment("to_pile", stories=("city-A1",)) in adj
    assert Adjustment("remove", beat="war", stories=("war-D1",)) in adj
    s = position(game(4, strike=True), columns={"war": ["war-A1"]}, reporters={"war-A1": [1, 0, 0, 0]},
                 pennies=(2, 0, 0, 0), ad=((1, 2), None, None, None))
    s2 = apply(s, GoToPress(0))
    adj = board_adjustments(s, s2)
    assert Adjustment("remove_ad", player=0) in adj and Adjustment("flip_arrows") in adj
    assert Adjustment("newsboy", player=None) in adj
    assert not [a for a in adj if a.kind == "arrow"]


def test_state_pickles_and_mappings_are_read_only():
    import pickle
    s = apply(_claims_position(), GoToPress(0))
    t = pickle.loads(pickle.dumps(s))
    assert t == s and t.catalog is s.catalog
    with pytest.raises(TypeError):
        s.board["war"] = ()
    with pytest.raises(TypeError):
        s.reporters.update({})


def test_describe_names_beats_values_and_turn():
    from companion.games.penny_press import describe
    s = _claims_position()
    text = describe(s)
    assert text.splitlines()[0].startswith("P0's turn")
    war = next(ln for ln in text.splitlines() if ln.strip().startswith("war"))
    assert "arrow 6 news 4 scoop 2" in war and "war-D1[redx2,bluex1,greenx2]" in war
    assert "(headline card to draw)" in describe(apply(s, GoToPress(0)))


def test_press_preview_equals_the_press_and_changes_nothing():
    """press_preview gives exactly the PressResult that going to press records, for
    any player, and leaves the state as it was (Penny Press: Go to Press)."""
    import companion.games.penny_press as pp

    setup, actions = pp.random_game(9, 4)
    state = pp.new_game_from_dict(setup)
    checked = 0
    for a in actions:
        if isinstance(a, pp.GoToPress):
            before = state
            preview = pp.press_preview(state, a.player)
            state = pp.apply(state, a)
            assert preview == state.press_results[-1]
            assert before.press_results == state.press_results[:-1]
            checked += 1
        else:
            state = pp.apply(state, a)
    assert checked >= 4
