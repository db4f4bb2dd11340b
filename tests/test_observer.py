"""The Penny Press observer: snapshots of the table -> engine actions, or reports."""

from __future__ import annotations

import pytest

import companion.games.penny_press as pp
from companion.games.penny_press.observer import PennyPressObserver, placement_from_tag
from companion.table import Sighting, TableSnapshot
from pp_table import replace_reporters, table_of

OBS = PennyPressObserver()


@pytest.fixture(scope="module")
def start():
    setup, actions = pp.random_game(11, 3)
    return pp.new_game_from_dict(setup)


def a_story(state):
    return next(s for b in state.catalog.beats for s in state.board[b])


def test_unchanged_table_is_same(start):
    assert OBS.observe(start, table_of(start)).status == "same"


def test_moving_table_is_never_read(start):
    snap = table_of(start)
    moving = TableSnapshot(t=1, sightings=snap.sightings, still=False)
    assert OBS.observe(start, moving).status == "moving"


def test_assign_recall_reassign_are_read(start):
    p = start.current_player
    story = a_story(start)
    out = OBS.observe(start, replace_reporters(table_of(start), start, p, {story: 2}))
    assert out.status == "action" and out.action == pp.Assign(player=p, story=story, count=2)
    s1 = pp.apply(start, out.action)
    # next players pass the turn around by assigning one reporter each
    while s1.current_player != p:
        q = s1.current_player
        s1 = pp.apply(s1, pp.Assign(player=q, story=story, count=1))
    other = [s for b in s1.catalog.beats for s in s1.board[b] if s != story][0]
    out = OBS.observe(s1, replace_reporters(table_of(s1), s1, p, {story: -1, other: 1}))
    assert out.action == pp.Reassign(player=p, from_story=story, to_story=other)
    out = OBS.observe(s1, replace_reporters(table_of(s1), s1, p, {story: -2}))
    assert out.action == pp.Recall(player=p, stories=(story, story))


def test_other_players_reporters_moving_is_rejected_and_names_the_turn(start):
    p = start.current_player
    q = (p + 1) % 3
    out = OBS.observe(start, replace_reporters(table_of(start), start, q, {a_story(start): 1}))
    assert out.status == "rejected" and out.action is None
    assert out.reports[0].key == "not_your_turn"


def test_two_stories_at_once_is_rejected(start):
    p = start.current_player
    stories = [s for b in start.catalog.beats for s in start.board[b]][:2]
    out = OBS.observe(start, replace_reporters(table_of(start), start, p, {stories[0]: 1, stories[1]: 1}))
    assert out.status == "rejected" and out.reports[0].key == "assign_one_story"


def test_illegal_move_reports_the_engine_rule():
    """Two reporters placed in a final-edition turn: the engine's one-reporter rule
    is reported and nothing is applied."""
    for seed in range(1, 40):
        setup, actions = pp.random_game(seed, 3)
        state = pp.new_game_from_dict(setup)
        for a in actions:
            if state.phase == "final_turns" and state.home[state.current_player] >= 2:
                break
            state = pp.apply(state, a)
        else:
            continue
        break
    else:
        pytest.fail("no final-edition turn with 2 reporters at home")
    p = state.current_player
    story = a_story(state)
    out = OBS.observe(state, replace_reporters(table_of(state), state, p, {story: 2}))
    assert out.status == "rejected" and out.action is None
    assert out.reports[0].key == "illegal" and "Final" in out.reports[0].rule


def test_press_half_done_waits_then_reads_the_front_page():
    """A front page partly laid (one claimed story still on the board) waits."""
    setup, actions = pp.random_game(5, 3)
    state = pp.new_game_from_dict(setup)
    for a in actions:
        after = pp.apply(state, a)
        if isinstance(a, pp.GoToPress) and len(after.press_results[-1].front_page.placements) >= 2:
            break
        state = after
    else:
        pytest.fail("no press with two stories in this game")
    result = after.press_results[-1]
    p = result.player
    snap = table_of(after, front_of=p, page=result.front_page)
    first = result.front_page.placements[0].story
    beat = state.catalog.stories[first].beat
    half = TableSnapshot(0, tuple(s for s in snap.sightings if s.component != first)
                         + (Sighting(first, "board", f"beat:{beat}", 0, 0),), still=True)
    out = OBS.observe(state, half)
    assert out.status == "waiting" and out.reports[0].key == "press_in_progress"
    assert out.action is None
    out = OBS.observe(state, snap)
    assert out.status == "action"
    assert out.action.front_page.placements == result.front_page.placements


def test_front_page_with_a_story_not_claimed_is_rejected():
    setup, actions = pp.random_game(5, 3)
    state = pp.new_game_from_dict(setup)
    p = state.current_player
    story = a_story(state)
    page = pp.FrontPage(placements=(pp.Placement(story, 0, 0, False),), ad_cell=None)
    out = OBS.observe(state, table_of(state, front_of=p, page=page))
    assert out.status == "rejected" and out.reports[0].key == "not_claimable"


@pytest.mark.parametrize("shape", ["A", "B", "C", "D"])
@pytest.mark.parametrize("turns", [0, 1, 2, 3])
def test_placement_from_tag_covers_the_cells_under_the_tile(shape, turns):
    cat = pp.load_catalog()
    st = cat.stories[f"war-{shape}1"]
    # the tile's first cell is (1, 1) on a big virtual grid; cells follow the rotation
    pl = placement_from_tag(st, 5, 5, turns)
    w, h = (st.height, st.width) if pl.rotated else (st.width, st.height)
    cells = {(r, c) for r in range(pl.row, pl.row + h) for c in range(pl.col, pl.col + w)}
    assert (5, 5) in cells and len(cells) == st.width * st.height
    corner = {0: (pl.row, pl.col), 2: (pl.row + h - 1, pl.col + w - 1),
              1: (pl.row + h - 1, pl.col), 3: (pl.row, pl.col + w - 1)}[turns]
    assert corner == (5, 5)


def read_all(state, snap, limit=4):
    """Apply what the observer reads from one still snapshot, step by step (as the
    game runner does); returns (new state, actions read)."""
    read = []
    for _ in range(limit):
        out = OBS.observe(state, snap)
        if out.status != "action":
            break
        read.append(out.action)
        state = pp.apply(state, out.action)
    return state, read


def truth_snapshots(state, actions):
    """(action, still snapshot after it) for each action of a game."""
    for a in actions:
        after = pp.apply(state, a)
        if isinstance(a, pp.GoToPress):
            res = after.press_results[-1]
            snap = table_of(after, front_of=res.player, page=res.front_page)
        else:
            snap = table_of(after)
        if isinstance(a, pp.DrawHeadline):
            snap = TableSnapshot(0, snap.sightings + (Sighting(a.card, "board", "headline", 0, 0),), still=True)
        yield a, snap
        state = after


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 4), (4, 5), (6, 3), (8, 4)])
def test_observer_reads_every_action_of_whole_games(seed, players):
    """Ground truth: the still table after each action, read from the state before,
    gives back the game's actions in order. A final-press decline leaves nothing on
    the table: it is inferred when the player can claim nothing or a later player
    lays a front page; only a decline by the last player with something to claim
    must be entered by hand."""
    setup, actions = pp.random_game(seed, players, strike=players >= 4)
    truth = pp.new_game_from_dict(setup)
    state = truth
    applied = []
    for a, snap in truth_snapshots(truth, actions):
        state, read = read_all(state, snap)
        applied += read
    manual = 0
    while not state.is_over:
        assert state.phase == "final_presses" and state.claimable(state.current_player)
        decline = pp.DeclinePress(player=state.current_player)
        state = pp.apply(state, decline)
        applied.append(decline)
        manual += 1
    assert manual <= 1
    final = pp.new_game_from_dict(setup)
    for a in actions:
        final = pp.apply(final, a)
    assert state.final == final.final
    assert [type(a) for a in applied] == [type(a) for a in actions]
    for got, want in zip(applied, actions):
        if isinstance(want, pp.GoToPress):
            continue  # the page read from the mat is the engine's; compared by the scores
        if isinstance(want, pp.Recall):
            assert sorted(got.stories) == sorted(want.stories)
        elif not isinstance(want, pp.DeclinePress):
            assert got == want


def test_declines_are_inferred_in_the_final_presses():
    """Find games with declines: each is read from the table (nothing claimable, or a
    later player laying a front page) except possibly the very last one."""
    found = 0
    for seed in range(1, 80):
        setup, actions = pp.random_game(seed, 3)
        n_decl = sum(isinstance(a, pp.DeclinePress) for a in actions)
        if not n_decl:
            continue
        state = pp.new_game_from_dict(setup)
        inferred = 0
        for a, snap in truth_snapshots(state, actions):
            state, read = read_all(state, snap)
            inferred += sum(isinstance(x, pp.DeclinePress) for x in read)
        assert inferred >= n_decl - 1
        found += 1
        if found >= 3:
            break
    assert found >= 1


def test_initial_cards_need_one_per_player():
    snap = TableSnapshot(0, (Sighting("H01", "table", None, 0, 0), Sighting("H02", "table", None, 0, 0)))
    cards, reports = OBS.initial_cards(snap, 3)
    assert cards == [] and reports[0].key == "setup_cards"
    cards, reports = OBS.initial_cards(snap, 2)
    assert cards == ["H01", "H02"] and not reports


def test_every_report_key_is_worded_in_es_en_zh_with_its_params():
    """Each report the observer or the runner makes has an app text in the three
    languages, and the text uses only the parameters the report carries."""
    import re
    from pathlib import Path

    from ui import i18n

    src = Path(__file__).resolve().parents[1]
    code = (src / "companion" / "games" / "penny_press" / "observer.py").read_text() + (src / "ui" / "session.py").read_text()
    keys = set(re.findall(r'(?:_report\(\s*\w+,\s*|Report\(\s*"\w+",\s*)"(\w+)"', code))
    assert {"not_your_turn", "illegal", "press_in_progress", "setup_cards"} <= keys
    for key in keys - {"illegal"}:  # an engine refusal is worded by its kind (rule.<kind>, tests/test_i18n_rules.py)
        texts = i18n.TEXTS[f"obs.{key}"]
        assert len({frozenset(i18n.placeholders(t)) for t in texts}) == 1, key


def test_front_page_against_the_top_beat_rule_is_rejected():
    """A page laid with a top-beat story kept off the top row (when it could touch
    it) is reported with the front-page rule; nothing is applied."""
    from companion.errors import RuleError

    for seed in range(1, 60):
        setup, actions = pp.random_game(seed, 3)
        state = pp.new_game_from_dict(setup)
        for a in actions:
            if isinstance(a, pp.GoToPress):
                p = a.player
                claimed = state.claimable(p)
                values = state.beat_values()
                top = pp.top_beats(values)
                cat = state.catalog
                tops = [s for s in claimed if cat.stories[s].beat in top]
                if len(claimed) == 1 and tops:
                    st = cat.stories[tops[0]]
                    if st.height < 3:  # a 1x2 or 2x2 tile can sit below the top row
                        bad = pp.FrontPage((pp.Placement(st.id, 3 - st.height, 0, False),), state.ad[p])
                        try:
                            pp.check_front_page(claimed, bad, state.ad[p], values, cat)
                        except RuleError as exc:
                            if "top beat" not in exc.detail:
                                state = pp.apply(state, a)
                                continue
                            out = OBS.observe(state, table_of(pp.apply(state, a), front_of=p, page=bad))
                            assert out.status == "rejected" and out.action is None
                            assert out.reports[0].key == "illegal"
                            assert "front page" in out.reports[0].rule.lower()
                            assert "top beat" in out.reports[0].text
                            return
            state = pp.apply(state, a)
    pytest.fail("no single-story press with a top-beat story found")


def _touched(a) -> set:
    return {getattr(a, "story", None), getattr(a, "from_story", None), getattr(a, "to_story", None),
            *getattr(a, "stories", ())} - {None}


def test_two_player_double_turn_between_two_still_moments_is_read():
    """2 players: both actions of a double turn made while the camera saw no still
    moment in between are read one after the other when only one pair fits."""
    from companion.games.penny_press.observer import game_snapshots

    for seed in range(3, 40):
        setup, actions = pp.random_game(seed, 2)
        st = pp.new_game_from_dict(setup)
        found = False
        for x, y in zip(actions, actions[1:]):
            if (st.actions_left == 2 and getattr(x, "player", None) == getattr(y, "player", None)
                    and isinstance(x, (pp.Assign, pp.Reassign, pp.Recall)) and isinstance(y, (pp.Assign, pp.Reassign, pp.Recall))
                    and type(x) is not type(y) and not (_touched(x) & _touched(y))):
                found = True
                break
            st = pp.apply(st, x)
        if found:
            break
    snaps = game_snapshots(setup, actions)
    state = pp.new_game_from_dict(setup)
    # find a double turn of two reporter actions by the same player
    for i in range(len(actions) - 1):
        a, b = actions[i], actions[i + 1]
        if (state.actions_left == 2 and getattr(a, "player", None) == getattr(b, "player", None)
                and all(isinstance(x, (pp.Assign, pp.Recall, pp.Reassign)) for x in (a, b))
                and type(a) is not type(b) and not (_touched(a) & _touched(b))):
            break
        state = pp.apply(state, a)
    else:
        pytest.fail("no double turn of two reporter actions")
    after_both = snaps[i + 2]  # the table after b; the still moment after a was missed
    state, seen = read_all(state, after_both)
    assert len(seen) == 2
    truth = pp.new_game_from_dict(setup)
    for x in actions[: i + 2]:
        truth = pp.apply(truth, x)
    assert state.reporters == truth.reporters and state.home == truth.home
    assert state.current_player == truth.current_player and state.arrow_position == truth.arrow_position


def _two_player_position(reporters, current=0, actions_left=2, **fields):
    from dataclasses import replace

    from companion.games.penny_press.catalog import FrozenDict
    from companion.games.penny_press.engine import _arrows

    s = pp.new_game([pp.PlayerSpec("red", "Ana"), pp.PlayerSpec("blue", "Bo")], ["H01", "H10"])
    reps = {k: tuple(v) for k, v in reporters.items()}
    home = tuple(5 - sum(c[q] for c in reps.values()) for q in range(2))
    return replace(s, reporters=FrozenDict(reps), home=home, current_player=current, actions_left=actions_left,
                   arrow_position=FrozenDict(_arrows(s.catalog, s.board, reps)), **fields)


def test_two_player_double_turn_with_a_partial_recall_is_read():
    """Red has all 5 reporters out (3 on war-D1, 2 on war-B1), takes back two from
    war-D1 and one from war-B1 (a recall of some, not one and not all), then puts
    three on crime-D1: only 'recall those three, then assign three' explains it."""
    s = _two_player_position({"war-D1": (3, 0), "war-B1": (2, 0)})
    snap = replace_reporters(table_of(s), s, 0, {"war-D1": -2, "war-B1": -1, "crime-D1": 3})
    state, seen = read_all(s, snap)
    assert [type(a) for a in seen] == [pp.Recall, pp.Assign]
    assert sorted(seen[0].stories) == ["war-B1", "war-D1", "war-D1"]
    assert seen[1] == pp.Assign(0, "crime-D1", 3)
    assert dict(state.reporters) == {"war-D1": (1, 0), "war-B1": (1, 0), "crime-D1": (3, 0)}
    assert state.current_player == 1


def test_a_passed_final_turn_is_inferred_when_a_later_player_acts():
    """Final edition, 3 players: red triggered it; blue may take a last turn and
    passes (nothing changes on the table); green then assigns one reporter. The
    camera reads blue's pass, then green's assign; blue still has the final press."""
    s = pp.new_game([pp.PlayerSpec(c) for c in ("red", "blue", "green")], ["H01", "H10", "H03"])
    story, blues, other = [x for b in s.catalog.beats for x in s.board[b]][:3]
    s = pp.apply(s, pp.Assign(0, story, 2))
    s = pp.apply(s, pp.Assign(1, blues, 1))
    s = pp.apply(s, pp.Assign(2, story, 1))
    from dataclasses import replace
    s = replace(s, pennies=(3, 1, 1))
    s = pp.apply(s, pp.GoToPress(0))                     # red's 4th press: final edition
    assert s.phase == "final_turns" and s.current_player == 1
    snap = replace_reporters(table_of(s), s, 2, {other: 1})
    state, seen = read_all(s, snap)
    assert seen == [pp.DeclinePress(1), pp.Assign(2, other, 1)]
    assert state.phase == "final_presses" and state.current_player == 1 and state.claimable(1) == (blues,)
    # a move by a player not still to play in the final turns is not read as a pass
    out = OBS.observe(s, replace_reporters(table_of(s), s, 0, {other: 1}))
    assert out.status == "rejected"


def _hide_story(snap, story, beat):
    """The snapshot with ``story``'s tag unread: its reporters get the beat column's zone
    (what vision gives when it never saw the story)."""
    out = []
    for s in snap.sightings:
        if s.component == story:
            continue
        if s.zone == f"on:{story}":
            s = Sighting(s.component, s.surface, f"beat:{beat}", s.x_mm, s.y_mm)
        out.append(s)
    return TableSnapshot(t=0.0, sightings=tuple(out), still=True)


def test_reporters_on_a_story_whose_tag_is_hidden_count_on_it(start):
    p = start.current_player
    story = a_story(start)
    beat = start.catalog.stories[story].beat
    placed = replace_reporters(table_of(start), start, p, {story: 2})
    hidden = _hide_story(placed, story, beat)
    obs = OBS.read(start, hidden)
    assert obs.reporters[story][p] == 2 and story in obs.board[beat]
    out = OBS.observe(start, hidden)
    assert out.status == "action" and out.action == pp.Assign(player=p, story=story, count=2)


def test_reporters_in_a_column_with_two_unseen_stories_count_nowhere(start):
    p = start.current_player
    beat = next(b for b in start.catalog.beats if len(start.board[b]) >= 2)
    story, other = start.board[beat][:2]
    hidden = _hide_story(replace_reporters(table_of(start), start, p, {story: 1}), story, beat)
    hidden = TableSnapshot(t=0.0, sightings=tuple(s for s in hidden.sightings if s.component != other),
                           still=True)
    obs = OBS.read(start, hidden)
    assert story not in obs.reporters and story not in obs.board[beat]
