"""The Pergamon observer: table snapshots -> engine actions, and what the table
still has to do (companion.games.pergamon.observer)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games import pergamon as pg
from companion.games.pergamon.engine import PRESENT, FundsResult
from companion.games.pergamon.observer import PergamonObserver, payments_text, table_todo
from companion.games.pergamon.tabletop import snapshot_of
from companion.table import Sighting, TableSnapshot

from pg_helpers import acting, catalog, game, shown, tile

OBS = PergamonObserver()


def _same_move(before, after, a, b) -> bool:
    """The observer's action does what the scripted one did (orders of unordered
    things aside; polish above plan space 24 cannot be seen and is not worth paying)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, pg.PresentFinds):
        return sorted(a.finds) == sorted(b.finds)
    if isinstance(a, pg.DrawFunds):
        return sorted(a.backs) == sorted(b.backs)
    if isinstance(a, pg.RevealFunds):
        return sorted(a.cards) == sorted(b.cards)
    if isinstance(a, pg.Store):
        return (a.player, sorted(a.discard)) == (b.player, sorted(b.discard))
    if isinstance(a, pg.Exhibit):
        res = after.log[-1] if isinstance(after.log[-1], pg.ExhibitResult) else \
            next(r for r in reversed(after.log) if isinstance(r, pg.ExhibitResult))
        capped = res.shown.value >= before.catalog.plan_spaces
        return ((a.player, a.finds, res.shown.marker) == (b.player, b.finds, b.marker)
                and (capped or a.polish == b.polish))
    return a == b


@pytest.mark.parametrize("seed, n", [(s, n) for s in (1, 2, 3) for n in (2, 3, 4)])
def test_whole_games_are_read_from_the_table_to_the_same_vp(seed, n):
    setup, actions = pg.random_game(seed, n)
    true = seen = pg.new_game_from_dict(setup)
    for i, a in enumerate(actions):
        nxt = pg.apply(true, a)
        # finds are turned up onto the calendar first, unsorted; everything else is
        # read from the table once the players have done what the engine did
        snap = snapshot_of(true, fresh=a.finds) if isinstance(a, pg.PresentFinds) else snapshot_of(nxt)
        out = OBS.observe(seen, snap)
        assert out.status == "action", (i, a, out)
        assert _same_move(true, nxt, a, out.action), (i, a, out.action)
        seen = pg.apply(seen, out.action)
        assert table_todo(seen, OBS.read(seen, snapshot_of(nxt))) == [], (i, a)
        true = nxt
    assert seen.is_over and seen.scores == true.scores and seen.final.scores == true.final.scores


def _collection_state():
    cat = catalog([tile("BR", 5, 10, "bracelet", "vase"), tile("VA", 3, 40, "vase", "mask"),
                   tile("MA", 4, 63, "mask", "jug"), tile("O1", 2, 10), tile("O2", 2, 20), tile("O3", 2, 30)])
    s = acting(game(3, cat), 0, coins=4, hand=("BR", "VA", "MA"), acted=True, figures=[None, 5, 6])
    return replace(s, shown=(shown(1, 1, ("O1",), 16), shown(2, 1, ("O2",), 12), shown(1, 2, ("O3",), 9)))


def _with(snap: TableSnapshot, *changes: Sighting, drop=()) -> TableSnapshot:
    moved = {c.component for c in changes} | set(drop)
    return replace(snap, sightings=tuple(s for s in snap.sightings if s.component not in moved) + changes)


def test_the_collection_5_3_4_on_space_14_is_shown_with_2_coins_of_polish_then_9_and_12_move_down():
    s = _collection_state()
    snap = snapshot_of(s)
    # the player lays angular marker I and the three finds in row 1, circular marker I on 14
    snap = _with(snap, Sighting("angle-red1", "mat-red", "exhibit:1", 0, 0),
                 Sighting("BR", "mat-red", "exhibit:1", 10, 0), Sighting("VA", "mat-red", "exhibit:1", 20, 0),
                 Sighting("MA", "mat-red", "exhibit:1", 30, 0), Sighting("circle-red1", "board", "plan:14", 0, 0))
    out = OBS.observe(s, snap)
    assert out.status == "action" and out.action == pg.Exhibit(0, ("BR", "VA", "MA"), 2, 1)
    after = pg.apply(s, out.action)
    assert after.coins[0] == 2
    todo = OBS.observe(after, snap)          # the other markers still stand on 9 and 12
    assert todo.status == "waiting"
    assert todo.reports[0].key == "pg.move_markers" and todo.reports[0].text == "Move markers 9 -> 8 and 12 -> 11"
    assert OBS.observe(after, snapshot_of(after)).status == "same"


def test_a_collection_without_its_circular_marker_waits_and_says_where_it_goes():
    s = _collection_state()
    snap = _with(snapshot_of(s), Sighting("angle-red1", "mat-red", "exhibit:1", 0, 0),
                 Sighting("BR", "mat-red", "exhibit:1", 10, 0), Sighting("VA", "mat-red", "exhibit:1", 20, 0),
                 Sighting("MA", "mat-red", "exhibit:1", 30, 0))
    out = OBS.observe(s, snap)
    assert out.status == "waiting" and out.reports[0].text == \
        "Put circular marker I on plan space 12 (+1 per coin of polish, up to 15)"
    wrong = _with(snap, Sighting("circle-red1", "board", "plan:17", 0, 0))
    out = OBS.observe(s, wrong)
    assert out.status == "rejected" and out.action is None and "12 to 15" in out.reports[0].text


def test_presentation_waits_for_all_finds_then_names_the_order():
    tiles = [tile("A", 1, 70), tile("B", 2, 5), tile("C", 4, 85), tile("D", 4, 14), tile("E", 4, 36)]
    s = game(3, catalog(tiles))
    assert s.phase == PRESENT
    out = OBS.observe(s, snapshot_of(s, fresh=("C", "A")))
    assert out.status == "waiting" and out.reports[0].params == (("count", 5), ("seen", 2))
    out = OBS.observe(s, snapshot_of(s, fresh=("C", "A", "E", "D", "B")))
    assert out.action == pg.PresentFinds(("A", "B", "C", "D", "E"))
    after = pg.apply(s, out.action)
    todo = OBS.observe(after, snapshot_of(s, fresh=("C", "A", "E", "D", "B")))
    assert todo.status == "waiting"
    sort = next(r for r in todo.reports if r.key == "pg.sort_finds")
    assert sort.text == "Put the finds in the galleries: I: 170; II: 205; III: 414; IV: 436; V: 485"


def test_bids_only_from_the_player_whose_turn_it_is():
    s = pg.apply(pg.apply(game(3), pg.PresentFinds(tuple(sorted(pg.load_catalog().tiles))[:5])),
                 pg.DrawFunds(("bag", "chest")))
    first = s.current_player
    other = (first + 1) % 3
    colour = s.players[other].colour
    out = OBS.observe(s, _with(snapshot_of(s), Sighting(f"figure-{colour}", "board", "funds:7", 0, 0)))
    assert out.status == "rejected" and out.reports[0].key == "pg.not_your_turn"
    colour = s.players[first].colour
    out = OBS.observe(s, _with(snapshot_of(s), Sighting(f"figure-{colour}", "board", "funds:7", 0, 0)))
    assert out.action == pg.PlaceFigure(first, 7)


def test_moving_table_and_covered_area_change_nothing():
    s = _collection_state()
    snap = snapshot_of(s)
    assert OBS.observe(s, replace(snap, still=False)).status == "moving"
    home = _with(snap, Sighting("figure-red", "mat-red", "home", 0, 0), drop=("BR",))
    assert OBS.observe(s, home).action == pg.Store(0, ("BR",))
    covered = replace(home, occluded_zones=frozenset({"mat-red/finds"}))
    assert OBS.observe(s, covered).status == "waiting"
    elsewhere = replace(home, occluded_zones=frozenset({"mat-blue/finds"}))
    assert OBS.observe(s, elsewhere).status == "action"


def test_an_illegal_dig_is_rejected_with_the_rule():
    cat = catalog([tile("A", 3, 10), tile("B", 3, 20)], spaces=[(1, 1)] * 13)
    s = acting(game(3, cat), 0, coins=5, space=3)
    s = replace(s, galleries=((), (), ("A", "B"), (), ()))
    snap = _with(snapshot_of(s), Sighting("A", "mat-red", "finds", 0, 0), Sighting("B", "mat-red", "finds", 10, 0))
    out = OBS.observe(s, snap)
    assert out.status == "rejected" and out.action is None and "3A. Digging" in out.reports[0].rule


def test_payout_in_words():
    s = game(3)
    s = replace(s, players=(pg.PlayerSpec("Anna", "red"), pg.PlayerSpec("Ben", "blue"),
                            pg.PlayerSpec("Cleo", "green")))
    r = FundsResult(1, (7, 4), 11, ((0, 1, 5, 5), (2, 3, 4, 4), (1, 9, 6, 2)))
    assert payments_text(r, s) == "Anna takes 5 coins, Cleo 4, Ben the remaining 2"
    r = FundsResult(1, (3, 4), 7, ((0, 1, 5, 5), (1, 9, 6, 2)))
    assert payments_text(r, s) == "Anna takes 5 coins, Ben the remaining 2"
