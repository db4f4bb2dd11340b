"""Helpers on top of the Pergamon engine: seeded random games (property tests,
benchmarks) and a short text description of a state (``companion replay``). What
an action did, in players' words: :mod:`companion.games.pergamon.texts`."""

from __future__ import annotations

import random

from companion.errors import CompanionError
from companion.games.pergamon.actions import (Action, Dig, DrawFunds, Exhibit, PlaceFigure, PresentFinds,
                                              RevealFunds, Store)
from companion.games.pergamon.catalog import Catalog, default_catalog
from companion.games.pergamon.engine import (ACT, BACKS_PHASE, BID, PRESENT, REVEAL, GameState, PlayerSpec,
                                             _max_affordable, apply, collections_in_hand, new_game,
                                             setup_to_dict)

COLOURS = ("red", "blue", "green", "yellow")


def random_game(seed: int, n_players: int, catalog: Catalog | None = None,
                max_actions: int = 2000) -> tuple[dict, list[Action]]:
    """A complete, plausible game from a seed.

    ``random.Random(seed)`` shuffles the 60 finds into the 12 calendar stacks and the
    24 funds cards; a simple policy bids on a random free space, digs a random
    gallery it may and can pay (most turns), shows the longest collection it holds
    with some polish (sometimes breaking its lowest shown one for a fourth), and
    stores what it can pay for, discarding its youngest finds otherwise. Returns
    (setup dict for new_game_from_dict, actions) ending with the game over.
    Raises RuleError for an illegal player count, CompanionError if the game does
    not end within ``max_actions``.
    """
    cat = catalog or default_catalog()
    rng = random.Random(seed)
    tiles = sorted(cat.tiles)
    rng.shuffle(tiles)
    stacks = [tiles[i * cat.finds_per_turn:(i + 1) * cat.finds_per_turn] for i in range(cat.turns)]
    deck = [v for v, n in sorted(cat.funds_cards.items()) for _ in range(n)]
    rng.shuffle(deck)
    players = [PlayerSpec(f"Player {i + 1}", COLOURS[i % len(COLOURS)]) for i in range(n_players)]
    first = rng.randrange(n_players) if n_players > 0 else 0
    setup = setup_to_dict(players, first)
    state = new_game(players, first, cat)
    actions: list[Action] = []
    while not state.is_over:
        if len(actions) >= max_actions:
            raise CompanionError(f"random game {seed} did not end in {max_actions} actions")
        a = _policy(state, rng, stacks, deck)
        state = apply(state, a)
        actions.append(a)
    return setup, actions


def _back(cat: Catalog, v: int) -> str:
    return "bag" if v in cat.backs["bag"] else "chest"


def _policy(state: GameState, rng: random.Random, stacks, deck) -> Action:
    cat = state.catalog
    t = state.turn
    if state.phase == PRESENT:
        return PresentFinds(tuple(stacks[t - 1][:len(state.open_galleries())]))
    cards = deck[2 * (t - 1):2 * t]
    if state.phase == BACKS_PHASE:
        return DrawFunds(tuple(_back(cat, v) for v in cards))
    if state.phase == REVEAL:
        return RevealFunds(tuple(cards))
    p = state.current_player
    if state.phase == BID:
        occ = state.occupied_spaces()
        free = [s for s in range(1, cat.n_funds_spaces + 1) if s not in occ]
        return PlaceFigure(p, rng.choice(free))
    assert state.phase == ACT
    coins = state.coins[p]
    if not state.acted and rng.random() < 0.85:
        deepest = cat.space(state.figures[p]).deepest
        digs = [g for g in range(1, deepest + 1) if state.galleries[g - 1] and g <= coins]
        if digs:
            return Dig(p, rng.choice(digs))
    rows = collections_in_hand(state, p, limit=24)
    if rows and rng.random() < 0.7:
        row = rows[0] if rng.random() < 0.6 else rng.choice(rows)
        cap = coins if t == cat.turns else min(cat.polish_max, coins)
        polish = rng.randint(0, cap)
        used = state.markers_in_museum(p)
        if len(used) < cat.markers:
            return Exhibit(p, row, polish)
        lowest = min((s for s in state.shown if s.owner == p), key=lambda s: s.space)
        if state.collection_value(row, polish) > lowest.space + 2:
            return Exhibit(p, row, polish, lowest.marker)
    hand = state.hands[p]
    keep = _max_affordable(cat, coins)
    if rng.random() < 0.15:
        keep = min(keep, rng.randint(0, len(hand)))
    if len(hand) <= keep:
        return Store(p)
    youngest = sorted(hand, key=lambda x: cat.tiles[x].date)
    return Store(p, tuple(youngest[:len(hand) - keep]))


def describe(state: GameState) -> str:
    """A few lines on the state for a terminal: turn and phase, VP and coins per
    player, the museum plan (space: owner/marker), and the final ranking."""
    cat = state.catalog
    lines = [f"Pergamon, turn {state.turn}/{cat.turns}, phase {state.phase}"]
    for q, p in enumerate(state.players):
        lines.append(f"  {p.name or f'player {q + 1}'}: {state.scores[q]} VP, {state.coins[q]} coins, "
                     f"{len(state.hands[q])} finds stored")
    if state.shown:
        lines.append("  museum: " + ", ".join(f"{s.space}: {state.players[s.owner].name or s.owner + 1}/{s.marker}"
                                              for s in state.shown))
    if state.final is not None:
        order = sorted(range(state.n_players), key=lambda q: (state.final.rank[q], q))
        lines.append("  ranking: " + ", ".join(f"{state.final.rank[q]}. {state.players[q].name or q + 1} "
                                               f"{state.final.scores[q]} VP" for q in order))
        lines.append("  VP depend on " + "; ".join(state.final.sources))
    return "\n".join(lines)


def record_summary(state: GameState) -> dict:
    """Added to exports: VP, coins and shown collections per seat, the evaluations so
    far, the final ranking, and the data files the VP depend on."""
    from companion.games.pergamon.engine import EvaluationResult
    evals = [{"turn": e.turn, "vp": list(e.vp), "award": e.award_kind, "award_owner": e.award_owner,
              "award_date": e.award_date, "shift": e.shift} for e in state.log if isinstance(e, EvaluationResult)]
    out = {"turn": state.turn, "phase": state.phase, "vp": list(state.scores), "coins": list(state.coins),
           "museum": [{"owner": s.owner, "marker": s.marker, "space": s.space, "value": s.value,
                       "finds": list(s.finds)} for s in state.shown],
           "evaluations": evals,
           "data_files": [state.catalog.source("tiles"), state.catalog.source("plan_vp"),
                          state.catalog.source("funds_spaces")]}
    if state.final is not None:
        out["final"] = {"scores": list(state.final.scores), "rank": list(state.final.rank),
                        "winners": list(state.final.winners), "oldest_find": list(state.final.oldest_find),
                        "bonus": [list(b) for b in state.final.bonus]}
    return out
