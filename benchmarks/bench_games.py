"""Reliability of every registered game's rules: thousands of seeded random games.

    .venv/bin/python -m benchmarks.bench_games [--games 400] [--game penny-press]

For each game of the registry and each player count it allows, plays ``--games``
random games (the rules interface's ``random_game``) and counts those that end,
replay identically from their JSON form (setup and actions through ``json``), and
come out the same from the same seed; prints the counts and the CPU time per game.
The tests play a few hundred such games (tests/penny_press/test_pp_games.py and each
game's own); the thousands live here, as figures, never as assertions. Exit status 1
when any game fails one of the checks (the first failing seed is printed).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from companion import registry


def _replay(rules, setup, actions):
    s = rules.new_game_from_dict(json.loads(json.dumps(setup)))
    for a in actions:
        s = rules.apply(s, rules.action_from_dict(json.loads(json.dumps(rules.action_to_dict(a)))))
    return s


def run(game: str, n: int, games: int) -> tuple[int, int, str, float]:
    """(games checked, games passing every check, first failure or "", CPU ms per game)."""
    rules = registry.rules_module(game)
    ok, first = 0, ""
    t0 = time.process_time()
    for seed in range(games):
        setup, actions = rules.random_game(seed * 7 + n, n)
        state = rules.new_game_from_dict(setup)
        for a in actions:
            state = rules.apply(state, a)
        again = _replay(rules, setup, actions)
        checks = {"ends": state.is_over, "replays identically": again == state,
                  "seeded": rules.random_game(seed * 7 + n, n) == (setup, actions)}
        bad = [k for k, v in checks.items() if not v]
        if bad:
            first = first or f"seed {seed * 7 + n}: not {', '.join(bad)}"
        else:
            ok += 1
    return games, ok, first, (time.process_time() - t0) * 1000 / max(1, games)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400, help="games per player count (default 400)")
    ap.add_argument("--game", action="append", help="only this game id (repeatable; default: every one)")
    args = ap.parse_args(argv)
    status = 0
    for gid in args.game or list(registry.games()):
        spec = registry.get(gid)
        for n in range(spec.min_players, spec.max_players + 1):
            total, ok, first, ms = run(gid, n, args.games)
            print(f"{gid:<14} {n} players: {ok}/{total} games end, replay and reseed identically; "
                  f"{ms:.1f} ms CPU per game{'; FIRST FAILURE ' + first if first else ''}", flush=True)
            status |= ok != total
    return status


if __name__ == "__main__":
    sys.exit(main())
