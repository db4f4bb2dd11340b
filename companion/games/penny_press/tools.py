"""Helpers on top of the engine: physical-board adjustments, seeded random games and
a short text description of a state (for ``companion replay``). What an action did,
in players' words: :mod:`companion.games.penny_press.texts`."""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.errors import CompanionError
from companion.games.penny_press.actions import (Action, Assign, DeclinePress, DrawHeadline, GoToPress,
                                                  PassNewsboy, Reassign, Recall)
from companion.games.penny_press.catalog import Catalog, load_catalog
from companion.games.penny_press.engine import (FINAL_PRESSES, FINAL_TURNS, NORMAL, GameState, PlayerSpec,
                                                 apply, new_game, setup_to_dict)


@dataclass(frozen=True)
class Adjustment:
    """One change the players make on the physical table (data only; the UI words it).

    kind:
      ``"arrow"``      beat's arrow marker to position ``value`` (0..9);
      ``"bonus"``      beat's bonus marker to ``value``;
      ``"place"``      ``stories`` go into ``beat``'s column (on top, bottom first);
      ``"remove"``     ``stories`` leave ``beat``'s column (claimed);
      ``"to_pile"``    ``stories`` go back on top of their supply piles;
      ``"ad"``         player ``player`` puts an ad at ``cell`` (row, col) on their mat;
      ``"remove_ad"``  player ``player`` clears their ad;
      ``"flip_arrows"`` the final edition began: turn the arrow markers to red;
      ``"newsboy"``    the newsboy goes to ``player`` (None: put aside).
    """

    kind: str
    beat: str | None = None
    value: int | None = None
    stories: tuple[str, ...] = ()
    player: int | None = None
    cell: tuple[int, int] | None = None


def board_adjustments(before: GameState, after: GameState) -> list[Adjustment]:
    """What changes on the physical board between two states of the same game
    (usually one turn apart: before a press and after its headline draw).
    Reporter moves are the acting player's own and are not listed. Returns a list in
    a fixed order: columns, piles, bonus markers, arrows, ads, flip, newsboy."""
    cat = before.catalog
    out: list[Adjustment] = []
    for b in cat.beats:
        old, new = before.board[b], after.board[b]
        gone = tuple(s for s in old if s not in new)
        added = tuple(s for s in new if s not in old)
        if gone:
            out.append(Adjustment("remove", beat=b, stories=gone))
        if added:
            out.append(Adjustment("place", beat=b, stories=added))
    back = []
    for key, pile in after.piles.items():
        old = before.piles.get(key, ())
        back += [s for s in pile if s not in old]
    if back:
        out.append(Adjustment("to_pile", stories=tuple(back)))
    for b in cat.beats:
        if after.bonus_track[b] != before.bonus_track[b]:
            out.append(Adjustment("bonus", beat=b, value=after.bonus_track[b]))
    for b in cat.beats:
        if after.arrow_position[b] != before.arrow_position[b]:
            out.append(Adjustment("arrow", beat=b, value=after.arrow_position[b]))
    for q in range(after.n_players):
        if after.ad[q] != before.ad[q]:
            if after.ad[q] is None:
                out.append(Adjustment("remove_ad", player=q))
            else:
                out.append(Adjustment("ad", player=q, cell=after.ad[q]))
    if before.phase == NORMAL and after.phase != NORMAL:
        out.append(Adjustment("flip_arrows"))
    if after.newsboy != before.newsboy:
        out.append(Adjustment("newsboy", player=after.newsboy))
    return out


# --------------------------------------------------------------------- random games

PAPERS = ("The Morning Ledger", "The Evening Courier", "The Daily Beacon", "The Gotham Herald",
          "The Bowery Gazette")


def random_game(seed: int, n_players: int, strike: bool = False, catalog: Catalog | None = None,
                max_actions: int = 3000) -> tuple[dict, list[Action]]:
    """A complete, plausible game from a seed.

    The deck is shuffled with ``random.Random(seed)``; the setup draws one card per
    player; a simple policy assigns (weighted by news-beat value), sometimes recalls
    or reassigns, and presses when it can claim about a page's worth (always when no
    reporter is left at home). Returns (setup dict for new_game_from_dict, actions
    including the DrawHeadline of every press), ending with the game over.
    Raises RuleError for an illegal player count/strike, CompanionError if the game
    does not end within ``max_actions``.
    """
    cat = catalog or load_catalog()
    rng = random.Random(seed)
    deck = sorted(cat.headline_cards)
    rng.shuffle(deck)
    players = [PlayerSpec(cat.colours[i], f"Player {i + 1}", PAPERS[i % len(PAPERS)])
               for i in range(n_players)]
    first = rng.randrange(n_players) if n_players > 0 else 0
    setup = setup_to_dict(players, deck[:n_players], first, strike)
    state = new_game(players, deck[:n_players], first, strike, cat)
    deck = deck[n_players:]
    actions: list[Action] = []
    greed = [rng.randint(5, 12) for _ in range(n_players)]
    while not state.is_over:
        if len(actions) >= max_actions:
            raise CompanionError(f"random game {seed} did not end in {max_actions} actions")
        a = _policy(state, rng, deck, greed)
        state = apply(state, a)
        actions.append(a)
    return setup, actions


def _policy(state: GameState, rng: random.Random, deck: list[str], greed: list[int]) -> Action:
    if state.awaiting_draw:
        return DrawHeadline(deck.pop(0))
    p = state.current_player
    claim = state.claimable(p)
    if state.phase == FINAL_PRESSES:
        return GoToPress(p) if claim else DeclinePress(p)
    if state.newsboy == p:
        return PassNewsboy(p)
    final = state.phase == FINAL_TURNS
    home = state.home[p]
    worth = sum(state.news_beat_value(state.story_beat(s)) for s in claim)
    if claim and (home == 0 or worth >= greed[p] or (final and rng.random() < 0.5)):
        return GoToPress(p)
    stories = [s for b in state.catalog.beats for s in state.board[b]]
    own = [s for s in stories if s in state.reporters and state.reporters[s][p]]
    r = rng.random()
    if own and r < 0.07:
        s = rng.choice(own)
        k = 1 if final else rng.randint(1, state.reporters[s][p])
        return Recall(p, (s,) * k)
    if own and len(stories) > 1 and r < 0.15:
        s = rng.choice(own)
        return Reassign(p, s, rng.choice([t for t in stories if t != s]))
    if home and stories:
        weights = [1 + state.news_beat_value(state.story_beat(s)) for s in stories]
        s = rng.choices(stories, weights)[0]
        k = 1 if final else rng.randint(1, min(home, 3))
        return Assign(p, s, k)
    if claim:
        return GoToPress(p)
    if own:
        return Recall(p, (rng.choice(own),))
    return DeclinePress(p)


# --------------------------------------------------------------------- description

def describe(state: GameState, lang: str = "en") -> str:
    """Short English text of a state: phase and whose turn, each beat (arrow,
    news-beat and scoop values, bonus marker, stories with reporters), each player
    (reporters at home, pennies, ad, circulation) and, once over, the final result.
    ``lang`` other than "en" falls back to English (the UI translates)."""
    cat = state.catalog
    names = [p.name or p.colour for p in state.players]
    lines = []
    if state.is_over:
        lines.append("Game over.")
    else:
        who = names[state.current_player]
        what = {NORMAL: "turn", FINAL_TURNS: "final-edition turn", FINAL_PRESSES: "final press"}[state.phase]
        lines.append(f"{who}'s {what}" + (" (headline card to draw)" if state.awaiting_draw else "") +
                     (f"; newsboy: {names[state.newsboy]}" if state.newsboy is not None else ""))
    for b in cat.beats:
        parts = []
        for s in state.board[b]:
            c = state.reporters.get(s)
            who = ",".join(f"{state.players[q].colour}x{k}" for q, k in enumerate(c) if k) if c else ""
            parts.append(f"{s}[{who}]" if who else s)
        lines.append(f"  {b:<9} arrow {state.arrow_position[b]} news {state.news_beat_value(b)} "
                     f"scoop {state.scoop_value(b)} bonus {state.bonus_track[b]}: {' '.join(parts) or '-'}")
    for q, n in enumerate(names):
        ad = f" ad {state.ad[q]}" if state.ad[q] else ""
        lines.append(f"  {n} ({state.players[q].colour}): home {state.home[q]}, pennies {state.pennies[q]},"
                     f"{ad} circulation {state.scores[q]}")
    if state.final is not None:
        f = state.final
        for bb in f.bonuses:
            if bb.winners:
                lines.append(f"  bonus {bb.beat} {bb.marker} to {', '.join(names[q] for q in bb.winners)}")
        order = sorted(range(len(names)), key=lambda q: f.rank[q])
        lines.append("  final: " + "; ".join(f"{f.rank[q]}. {names[q]} {f.scores[q]}" for q in order))
    return "\n".join(lines)
