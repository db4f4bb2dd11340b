"""Pergamon rules beyond the worked examples, and every illegal action: a RuleError
naming the rule, the state unchanged."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.errors import CompanionError, RuleError
from companion.games.pergamon import (RAIDER, Dig, DrawFunds, Exhibit, PlaceFigure, PresentFinds, RevealFunds,
                                      Store, action_from_dict, action_to_dict, apply, default_catalog,
                                      legal_actions, new_game, new_game_from_dict, raider_choice)
from companion.games.pergamon.engine import ACT, BACKS_PHASE, BID, PRESENT, REVEAL, _end_turn

from pg_helpers import acting, catalog, game, players, rejects, shown, tile

SPACES = [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)] + [(6, 5)] * 8
# a chain of halves: vase|jug, jug|mask, mask|bracelet, bracelet|vase, ...
CHAIN = [tile("C1", 5, 10, "vase", "jug"), tile("C2", 4, 20, "jug", "mask"), tile("C3", 3, 30, "mask", "bracelet"),
         tile("C4", 2, 40, "bracelet", "vase"), tile("C5", 5, 50, "vase", "jug"), tile("C6", 5, 60, "jug", "mask"),
         tile("C7", 1, 70, "mask", "vase"), tile("C8", 1, 80, "vase", "vase")]
OTHERS = [tile(f"O{i}", 1 + i % 5, i) for i in range(1, 30)]
CAT = catalog(CHAIN + OTHERS, spaces=SPACES)


# ------------------------------------------------------------------ setup & codec

def test_setup_needs_2_to_4_players_and_a_seat_to_start():
    for n in (1, 5):
        with pytest.raises(RuleError, match="Setup"):
            new_game(players(n) if n < 5 else players(4) + players(1))
    with pytest.raises(RuleError, match="Setup"):
        new_game(players(3), first_player=3)
    with pytest.raises(CompanionError):
        new_game_from_dict({"game": "penny-press", "players": []})
    with pytest.raises(CompanionError):
        new_game_from_dict({"game": "pergamon"})
    s = new_game_from_dict({"game": "pergamon", "players": [{"name": "Ana"}, {"name": "Ben"}], "first_player": 1})
    assert s.first_player == 1 and s.coins == (0, 0) and s.has_raider and s.phase == PRESENT


@pytest.mark.parametrize("a", [PresentFinds(("F01", "F02")), DrawFunds(("bag", "chest")), PlaceFigure(1, 7),
                               RevealFunds((7, 4)), Dig(0, 3), Exhibit(2, ("F01", "F02"), 2, None),
                               Exhibit(0, ("F01", "F02"), 0, 3), Store(1, ("F09",)), Store(0)])
def test_codec_round_trips(a):
    assert action_from_dict(action_to_dict(a)) == a


@pytest.mark.parametrize("d", [None, [], {"action": "fly"}, {"action": "dig", "player": 0},
                               {"action": "dig", "player": "0", "gallery": 1},
                               {"action": "present_finds", "finds": "F01"},
                               {"action": "reveal_funds", "cards": [7, "4"]},
                               {"action": "exhibit", "player": 0, "finds": ["F01"], "marker": "II"}])
def test_codec_refuses_bad_records(d):
    with pytest.raises(RuleError, match="action record"):
        action_from_dict(d)


# ------------------------------------------------------------------ phases & turn order

def test_actions_out_of_phase_or_turn_are_refused():
    s = game(3, CAT)
    rejects(s, DrawFunds(("bag", "bag")), apply, "Research funds")
    rejects(s, Dig(0, 1), apply, "Digging")
    rejects(s, Store(0), apply, "Storage")
    rejects(s, "dig", apply, "How to play")
    s = replace(s, phase=BID, backs=("bag", "bag"), first_player=1)
    assert s.current_player == 1 and s.bid_order() == (1, 2, 0)
    rejects(s, PlaceFigure(0, 3), apply, "Research funds")
    rejects(s, PlaceFigure(7, 3), apply, "Research funds")
    rejects(s, PlaceFigure(1, 14), apply, "Research funds")
    rejects(s, PlaceFigure(1, 0), apply, "Research funds")
    s = apply(s, PlaceFigure(1, 3))
    rejects(s, PlaceFigure(2, 3), apply, "Research funds")          # one figure per space
    rejects(s, RevealFunds((1, 2)), apply, "Research funds")        # not all placed yet


def test_present_finds_refuses_unknown_repeated_seen_and_wrong_count():
    s = game(3, CAT)
    rejects(s, PresentFinds(("C1", "C2", "C3", "C4", "ZZ")), apply, "Presentation")
    rejects(s, PresentFinds(("C1", "C1", "C3", "C4", "C5")), apply, "Presentation")
    rejects(s, PresentFinds(("C1", "C2", "C3", "C4")), apply, "Presentation")
    rejects(s, PresentFinds(("C1", "C2", "C3", "C4", "C5", "C6")), apply, "Presentation")
    s2 = apply(s, PresentFinds(("C1", "C2", "C3", "C4", "C5")))
    assert s2.phase == BACKS_PHASE
    again = replace(s2, phase=PRESENT)
    rejects(again, PresentFinds(("C1", "O1", "O2", "O3", "O4")), apply, "Presentation")


def test_backs_and_cards_must_exist_in_the_deck_and_match():
    s = replace(game(3, CAT), phase=BACKS_PHASE)
    rejects(s, DrawFunds(("bag",)), apply, "Research funds")
    rejects(s, DrawFunds(("bag", "box")), apply, "Research funds")
    used = (1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4)                         # one bag card left
    s2 = replace(s, cards_used=used)
    rejects(s2, DrawFunds(("bag", "bag")), apply, "Research funds")
    s2 = apply(s2, DrawFunds(("bag", "chest")))
    s3 = replace(s2, phase=REVEAL, figures=(1, 2, 3))
    rejects(s3, RevealFunds((5, 7)), apply, "Research funds")         # a bag back hides 1-4
    rejects(s3, RevealFunds((3, 6)), apply, "Research funds")         # all 3s are drawn
    rejects(s3, RevealFunds((4, 6, 1)), apply, "Research funds")
    assert apply(s3, RevealFunds((6, 4))).log[-1].total == 10        # either order


def test_dig_rules():
    s = acting(game(3, CAT), 0, coins=3, space=2)                       # space 2 allows I-II
    s = replace(s, galleries=(("O1",), (), ("O2",), ("O3",), ("O4",)))
    rejects(s, Dig(0, 3), apply, "Digging")                             # too deep for the space
    rejects(s, Dig(0, 2), apply, "Digging")                             # empty
    rejects(s, Dig(0, 6), apply, "Digging")
    rejects(s, Dig(1, 1), apply, "Digging")                             # not their turn
    poor = acting(game(3, CAT), 0, coins=2, space=5, galleries=s.galleries)
    rejects(poor, Dig(0, 3), apply, "Digging")                          # 3 coins needed
    s2 = apply(s, Dig(0, 1))
    rejects(s2, Dig(0, 1), apply, "Digging")                            # one dig, first
    ex = acting(game(3, CAT), 0, coins=3, space=5, hand=("C1", "C2"), galleries=s.galleries)
    ex = apply(ex, Exhibit(0, ("C1", "C2")))
    rejects(ex, Dig(0, 1), apply, "Digging")                            # exhibiting came first


def test_exhibit_refusals():
    s = acting(game(3, CAT), 0, coins=2, hand=("C1", "C2", "C3", "C8"))
    rejects(s, Exhibit(0, ("C1",)), apply, "Exhibiting")                # too short
    rejects(s, Exhibit(0, (["C1"], "C2")), apply, "Exhibiting")         # not tile ids
    rejects(s, Exhibit(0, ("C1", "C1")), apply, "Exhibiting")
    rejects(s, Exhibit(0, ("C1", "C4")), apply, "Exhibiting")           # not in hand
    rejects(s, Exhibit(0, ("C2", "C1")), apply, "Exhibiting")           # mask | vase: no object
    rejects(s, Exhibit(0, ("C1", "C2"), polish=3), apply, "Exhibiting")  # cannot pay 3
    rejects(s, Exhibit(0, ("C1", "C2"), polish=-1), apply, "Exhibiting")
    rich = acting(game(3, CAT), 0, coins=9, hand=("C1", "C2"))
    rejects(rich, Exhibit(0, ("C1", "C2"), polish=4), apply, "Exhibiting")   # at most 3
    rejects(rich, Exhibit(0, ("C1", "C2"), marker=4), apply, "Exhibiting")
    last = replace(rich, turn=12)
    big = apply(last, Exhibit(0, ("C1", "C2"), polish=9))               # any polish in turn 12
    assert big.shown[0].value == 18 and big.coins[0] == 0


def test_value_over_24_goes_on_24():
    s = acting(game(3, CAT), 0, coins=9, hand=("C1", "C2", "C3", "C4", "C5", "C6"), turn=12)
    s = apply(s, Exhibit(0, ("C1", "C2", "C3", "C4", "C5", "C6"), polish=5))
    assert s.shown[0].value == 29 and s.shown[0].space == 24


def test_a_marker_pushed_off_space_1_breaks_its_collection():
    s = acting(game(3, CAT), 0, coins=0, hand=("C7", "C8"))              # value 2
    s = replace(s, shown=(shown(1, 1, ("O1", "O2"), 1), shown(2, 1, ("O3", "O4"), 2), shown(2, 2, ("O5", "O6"), 5)))
    after = apply(s, Exhibit(0, ("C7", "C8")))
    assert {(x.owner, x.marker): x.space for x in after.shown} == {(2, 1): 1, (2, 2): 5, (0, 1): 2}
    assert {"O1", "O2"} <= set(after.box)
    assert after.markers_in_museum(1) == ()                              # marker back to its owner


def test_a_fourth_collection_breaks_a_shown_one():
    s = acting(game(3, CAT), 0, coins=0, hand=("C1", "C2"))
    s = replace(s, shown=(shown(0, 1, ("O1", "O2"), 10), shown(0, 2, ("O3", "O4"), 6),
                          shown(0, 3, ("O5", "O6"), 3)))
    rejects(s, Exhibit(0, ("C1", "C2")), apply, "Exhibiting")           # no free marker
    after = apply(s, Exhibit(0, ("C1", "C2"), marker=2))                # value 9
    assert {(x.marker, x.space) for x in after.shown} == {(1, 10), (2, 9), (3, 2)}
    assert {"O3", "O4"} <= set(after.box)
    assert after.log[-1].replaced.marker == 2
    free = replace(s, shown=s.shown[:2])
    rejects(free, Exhibit(0, ("C1", "C2"), marker=1), apply, "Exhibiting")   # marker 3 is free


def test_storage_three_free_then_one_coin_per_started_three():
    hand = tuple(f"O{i}" for i in range(1, 11))
    for kept, fee in ((3, 0), (4, 1), (6, 1), (7, 2), (9, 2), (10, 3)):
        s = acting(game(3, CAT), 0, coins=5, hand=hand[:kept], queue=(0, 1))
        after = apply(s, Store(0))
        assert after.current_player == 1
        assert after.coins[0] == 5 - fee, kept
        assert after.hands[0] == hand[:kept]
    s = acting(game(3, CAT), 0, coins=1, hand=hand[:8], queue=(0, 1))
    err = rejects(s, Store(0), apply, "Storage")                         # 2 coins due, 1 held
    assert "discard at least 2" in str(err)
    after = apply(s, Store(0, ("O1", "O2")))
    assert after.coins[0] == 0 and len(after.hands[0]) == 6 and {"O1", "O2"} <= set(after.box)
    rejects(s, Store(0, ("C1",)), apply, "Storage")
    rejects(s, Store(0, ("O1", "O1")), apply, "Storage")
    rejects(s, Store(0, (["O1"],)), apply, "Storage")


def test_evaluation_after_turn_5_pays_spaces_awards_oldest_vase_and_shifts_3():
    cat = CAT
    s = game(3, cat)
    # seat 0: C4|C5 completes a vase (dates 240, 550: as old as 550); seat 1: C7|C8 a vase of 180
    s = replace(s, turn=5, figures=(1, 4, 2), queue=(),
                shown=(shown(0, 1, ("C4", "C5"), 14), shown(1, 1, ("C7", "C8"), 3), shown(2, 1, ("O1", "O2"), 2)))
    after = _end_turn(s)
    ev = after.log[-1]
    assert ev.turn == 5 and ev.award_kind == "vase" and (ev.award_owner, ev.award_date) == (0, 550)
    assert after.scores == (cat.vp_of_space(14) + 2, cat.vp_of_space(3), cat.vp_of_space(2))
    assert {(x.owner, x.space) for x in after.shown} == {(0, 11)}        # 3 -> 0, 2 -> off: broken
    assert {"C7", "C8", "O1", "O2"} <= set(after.box)
    assert any("rules.json: plan_vp" in src for src in ev.sources)
    # next turn: the leftmost figure (highest space) starts
    assert after.turn == 6 and after.phase == PRESENT and after.first_player == 1
    assert after.figures == (None, None, None)


@pytest.mark.parametrize("turn,shift", [(7, 4), (9, 5), (12, 0)])
def test_shift_after_each_evaluation(turn, shift):
    s = replace(game(3, CAT), turn=turn, figures=(1, 2, 3), queue=(), shown=(shown(0, 1, ("O1", "O2"), 20),))
    after = _end_turn(s)
    ev = [x for x in after.log if type(x).__name__ == "EvaluationResult"][-1]
    assert ev.shift == shift
    if turn == 12:
        assert after.is_over
    else:
        assert after.shown[0].space == 20 - shift


def test_no_evaluation_after_other_turns():
    s = replace(game(3, CAT), turn=6, figures=(1, 2, 3), queue=(), shown=(shown(0, 1, ("O1", "O2"), 20),))
    after = _end_turn(s)
    assert after.scores == (0, 0, 0) and after.shown == s.shown and after.first_player == 2


def test_end_bonus_3_2_1_for_the_oldest_exhibitions_and_the_tie_break():
    s = game(3, CAT)
    # oldest finds: seat 1 (C6, 560), seat 0 (C5, 550), seat 0 (C1, 510), seat 2 (O4, 504): 3/2/1 + none
    s = replace(s, turn=12, figures=(1, 2, 3), queue=(), scores=(10, 10, 10),
                shown=(shown(0, 1, ("C5", "O1"), 5), shown(1, 1, ("C6", "O2"), 5 + 1),
                       shown(0, 2, ("C1", "O3"), 9), shown(2, 1, ("C2", "O4"), 13)))
    after = _end_turn(s)
    fin = after.final
    assert [(o, m, vp) for o, m, _, vp in fin.bonus] == [(1, 1, 3), (0, 1, 2), (0, 2, 1)]
    assert after.is_over and fin.scores == after.scores
    ev = after.log[-1]
    assert after.scores == tuple(10 + ev.vp[q] + sum(vp for o, _, _, vp in fin.bonus if o == q) for q in range(3))
    assert fin.oldest_find == (550, 560, 504)
    assert fin.winners == tuple(q for q in range(3) if fin.scores[q] == max(fin.scores))


def test_tie_break_by_the_oldest_find_shown():
    s = replace(game(2, CAT), turn=12, figures=(1, 2), queue=(), scores=(5, 5),
                shown=(shown(0, 1, ("C1", "O1"), 2), shown(1, 1, ("C4", "O2"), 3)))
    fin = _end_turn(s).final
    vp = default_catalog().vp_of_space
    # bonus: seat 0's exhibition has the older find (510 vs 240): 3 VP, seat 1: 2 VP
    assert fin.scores == (5 + vp(2) + 3, 5 + vp(3) + 2)
    s = replace(s, scores=(10, 10 + vp(2) + 3 - vp(3) - 2))     # equal VP after the bonus
    fin = _end_turn(s).final
    assert fin.scores[0] == fin.scores[1]
    assert fin.winners == (0,) and fin.rank == (1, 2)
    s = replace(s, shown=())            # nobody shows anything: shared
    fin = _end_turn(replace(s, scores=(4, 4))).final
    assert fin.winners == (0, 1) and fin.rank == (1, 1)


# ------------------------------------------------------------------ 2 players: the tomb raider

def test_tomb_raider_takes_its_space_by_the_backs_and_funds_right_to_left():
    cat = CAT
    s = replace(game(2, CAT), phase=BACKS_PHASE)
    for backs, key in ((("bag", "bag"), "bag+bag"), (("chest", "bag"), "bag+chest"),
                       (("chest", "chest"), "chest+chest")):
        assert apply(s, DrawFunds(backs)).raider_space == cat.raider_spaces[key]
    s = apply(s, DrawFunds(("chest", "bag")))
    r = s.raider_space
    rejects(s, PlaceFigure(0, r), apply, "Research funds")                 # its space is taken
    s = apply(s, PlaceFigure(0, 1))
    s = apply(s, PlaceFigure(1, 13))
    s = replace(s, galleries=(("O1",), ("O2",), ("O3",), ("O4",), ("O5",)))
    after = apply(s, RevealFunds((8, 4)))
    paid = after.log[[type(x).__name__ for x in after.log].index("FundsResult")].paid
    assert [w for w, *_ in paid] == [0, RAIDER, 1]
    assert paid[0][3] == cat.space(1).coins and paid[1][3] == cat.space(r).coins
    assert paid[2][3] == 12 - cat.space(1).coins - cat.space(r).coins   # the last takes the rest
    assert after.current_player == 0


def test_tomb_raider_digs_deepest_it_may_and_can_pay_then_next_deeper_else_shallower():
    s = replace(game(2, CAT), phase=ACT, raider_space=3, raider_coins=5)   # space 3 allows I-III
    s = replace(s, galleries=(("O1",), ("O2",), ("O3",), ("O4",), ("O5",)))
    assert raider_choice(s) == 3
    assert raider_choice(replace(s, raider_coins=2)) == 2
    empty3 = replace(s, galleries=(("O1",), ("O2",), (), ("O4",), ("O5",)))
    assert raider_choice(empty3) == 4                                     # next deeper it can pay
    assert raider_choice(replace(empty3, raider_coins=3)) == 2            # cannot pay 4: shallower
    assert raider_choice(replace(s, raider_coins=0)) is None
    # its turn in the queue: it digs, pays, and the finds leave the game
    t = replace(s, queue=(RAIDER, 0), figures=(5, None), coins=(0, 0))
    from companion.games.pergamon.engine import _advance
    after = _advance(t)
    assert after.raider_coins == 2 and after.galleries[2] == () and "O3" in after.box
    assert after.current_player == 0


def test_legal_actions_are_all_accepted_in_each_phase():
    s = game(2)
    seen = 0
    while not s.is_over and seen < 60:
        acts = legal_actions(s)
        for a in acts:
            apply(s, a)
        s = apply(s, acts[-1] if s.phase in (ACT,) else acts[0])
        seen += 1


def test_replay_lines_and_export_summary_name_the_unverified_data(tmp_path):
    from companion.games.pergamon import apply, describe, describe_action, new_game_from_dict, random_game
    from companion.journal import Journal
    setup, actions = random_game(7, 3)
    state = new_game_from_dict(setup)
    for a in actions[:40]:
        line = describe_action(a, state, "en")
        assert line and "Pergamon" not in line and "(" not in line and "F0" not in line
        state = apply(state, a)
    with Journal.create(tmp_path / "g.pergamon", "pergamon", setup) as j:
        for a in actions:
            j.append(a)
        rec = j.export()
        text = describe(j.state)
    summ = rec["summary"]
    assert summ["vp"] == list(rec["scores"]) and summ["final"]["scores"] == rec["scores"]
    assert [e["turn"] for e in summ["evaluations"]] == [5, 7, 9, 12]
    assert any("tiles.csv" in f for f in summ["data_files"]) and any("plan_vp" in f for f in summ["data_files"])
    assert "rules.json: plan_vp" in text


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=150, deadline=None)
@given(spaces=st.lists(st.integers(1, 13), min_size=2, max_size=4, unique=True), total=st.integers(2, 16))
def test_funds_shares_add_up_right_to_left(spaces, total):
    from companion.games.pergamon import pay_out
    cat = default_catalog()
    n = len(spaces)
    s = replace(game(n), phase=REVEAL, backs=("bag", "chest"), figures=tuple(spaces))
    paid = pay_out(s, total)
    assert [sp for _, sp, _, _ in paid] == sorted(spaces)                  # from the right
    assert sum(got for *_, got in paid) == total                          # every coin is taken
    for who, sp, asked, got in paid[:-1]:
        assert asked == cat.space(sp).coins and got in (0, asked)
    left = total - sum(got for *_, got in paid[:-1])
    assert paid[-1][3] == left                                            # the last takes the rest


def test_cli_sample_replay_and_export_a_pergamon_game(tmp_path, capsys):
    import json as _json
    from companion.cli import main
    path = tmp_path / "pg.sqlite"
    assert main(["sample", str(path), "--game", "pergamon", "--players", "2"]) == 0
    capsys.readouterr()
    assert main(["replay", str(path), "--engine-state"]) == 0   # the engine's own lines too
    out = capsys.readouterr().out
    assert "digs gallery" in out and "Funds cards turned over:" in out and "ranking:" in out
    assert main(["export", str(path), "-o", str(tmp_path / "pg.json")]) == 0
    rec = _json.loads((tmp_path / "pg.json").read_text())
    assert rec["game"] == "pergamon" and rec["over"] and rec["summary"]["final"]["scores"] == rec["scores"]
