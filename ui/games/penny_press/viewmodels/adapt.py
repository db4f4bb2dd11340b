"""From the Penny Press engine's objects to the session protocol's plain data
(Kivy-free). For ``ui.session``: with these, ``table()``, ``press_preview()``,
``final_ranking()``, ``score_history()`` and the last-action text are one call each.

Engine API used (companion.games.penny_press): GameState (board bottom first,
reporters per story per seat, home, arrow_position, bonus_track, scores, published,
pennies, phase, press_results, final), solve_front_page, score_front_page,
check_front_page, the action classes. Rule: Penny Press (news-beat adjustment, Go to
Press, front page, end of the game).
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from companion.errors import RuleError
from companion.naming import given_name
from companion.games import penny_press as pp
from ui.games.penny_press.protocol import (
    BeatView, FinalRow, FrontPageView, Placement, PlayerView, PressPreview, ScorePoint, StoryView,
    TableView,
)


def table_from_state(state: pp.GameState, last_action: str = "") -> TableView:
    """The live table's view of ``state``: beats (arrow, news-beat and scoop values,
    bonus marker, stories top to bottom with reporters per colour), players (reporters
    home, circulation, published, papers = pennies), turn colour (None when over),
    papers printed so far, final edition flag, ``last_action`` text, finished."""
    colours = [p.colour for p in state.players]
    beats = []
    for b in state.catalog.beats:
        stories = []
        for sid in reversed(state.board[b]):  # the engine lists bottom first
            counts = state.reporters.get(sid, ())
            reps = tuple((colours[i], n) for i, n in enumerate(counts) if n)
            stories.append(StoryView(sid, reps))
        beats.append(BeatView(b, state.arrow_position[b], state.news_beat_value(b), state.scoop_value(b),
                              state.bonus_track[b], tuple(stories)))
    players = tuple(PlayerView(p.colour, given_name(p.name) or p.colour, p.paper, state.home[i], state.scores[i],
                               tuple(state.published[i]), state.pennies[i])
                    for i, p in enumerate(state.players))
    over = state.is_over
    return TableView(tuple(beats), players, None if over else colours[state.current_player],
                     sum(state.pennies), state.phase != "normal", last_action, over)


def seat_of(state: pp.GameState, colour: str) -> int:
    """Seat index of ``colour``; ValueError naming the colours in the game."""
    for i, p in enumerate(state.players):
        if p.colour == colour:
            return i
    raise ValueError(f"no {colour} player in this game ({', '.join(p.colour for p in state.players)})")


def front_page_view(state: pp.GameState, stories: Sequence[str], page: pp.FrontPage,
                    ad_cell: tuple[int, int] | None) -> FrontPageView:
    """A FrontPageView of ``page`` for the claimed ``stories`` with the state's beat
    values: cells (turned stories swap width and height), the ad, the score from
    ``score_front_page``, left-out and exclusive stories from its breakdown, and
    legality from ``check_front_page`` (its message in ``problem``)."""
    cat = state.catalog
    values = state.beat_values()
    lines, total = pp.score_front_page(stories, page, ad_cell, values, cat)
    legal, problem = True, ""
    try:
        pp.check_front_page(stories, page, ad_cell, values, cat)
    except RuleError as exc:
        legal, problem = False, exc.detail
    cells = []
    for pl in page.placements:
        s = cat.stories[pl.story]
        w, h = (s.height, s.width) if pl.rotated else (s.width, s.height)
        cells.append(Placement(pl.story, pl.row, pl.col, w, h))
    if ad_cell is not None:
        cells.append(Placement("ad", ad_cell[0], ad_cell[1], 1, 1))
    left = tuple(sid for kind, sid, _ in lines if kind == "left-out" and sid)
    excl = next((sid for kind, sid, _ in lines if kind == "exclusive"), None)
    return FrontPageView(tuple(cells), total, left, excl, legal, problem, tuple(lines))


def press_preview(state: pp.GameState, colour: str, mat_page: pp.FrontPage | None = None) -> PressPreview:
    """What going to press now would give ``colour`` (Penny Press: Go to Press):
    claimed stories (ties count), scoop points of every other player with reporters
    on them (the beat's scoop value once per story), the solver's best page, and the
    page seen on the player's mat (``mat_page``, or None). All from the engine's
    ``press_preview``; empty (no claimed story) when the player can claim nothing."""
    p = seat_of(state, colour)
    if not state.claimable(p):  # nothing to claim: an empty preview, not an error
        empty = pp.FrontPage((), state.ad[p])
        return PressPreview(colour, (), (), front_page_view(state, (), empty, state.ad[p]), None)
    res = pp.press_preview(state, p)  # the engine's own press, on the unchanged state
    scoop = tuple(sorted((state.players[q].colour, pts) for q, pts in res.scoop_awards.items() if pts))
    ad = state.ad[p]
    suggested = front_page_view(state, res.claimed, res.front_page, ad)
    mine = front_page_view(state, res.claimed, mat_page, ad) if mat_page is not None else None
    return PressPreview(colour, tuple(res.claimed), scoop, suggested, mine)


def final_rows(state: pp.GameState) -> list[FinalRow] | None:
    """The final ranking (None until the game is over), best first: circulation,
    beat bonuses won (ties all score the marker), total, published stories, rank
    (shared on equal score and stories), winner flag."""
    f = state.final
    if f is None:
        return None
    rows = []
    for i, p in enumerate(state.players):
        bonuses = tuple((bb.beat, bb.marker) for bb in f.bonuses if i in bb.winners)
        rows.append(FinalRow(f.rank[i], p.colour, given_name(p.name) or p.colour, f.circulation[i], bonuses,
                             f.scores[i], f.stories[i], i in f.winners))
    rows.sort(key=lambda r: (r.place, r.colour))
    return rows


def history_from_states(states: Iterable[pp.GameState]) -> list[ScorePoint]:
    """Circulation after each press, oldest first: a point for the first state
    (label "0") and one per press (label "P<n>", n = presses made so far), also for a
    press that scored nothing, so the x axis counts presses evenly."""
    out: list[ScorePoint] = []
    last = None
    for st in states:
        presses = sum(st.pennies)
        if presses != last:
            label = "0" if last is None else f"P{presses}"
            out.append(ScorePoint(label, tuple((p.colour, st.scores[i]) for i, p in enumerate(st.players))))
            last = presses
    return out


def action_text(action: Any, state: pp.GameState, lang: str) -> str:
    """One engine action as a sentence in ``lang`` (``state``: before or after it,
    for the player names): the rules' own words (companion.games.penny_press
    ``describe_action``, the game's catalog), stories as players see their tiles."""
    return pp.describe_action(action, state, lang)
