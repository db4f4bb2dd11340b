"""Turin Market engine benchmark: thousands of random legal games at 2-5 players,
checked and timed, with a baseline measured in the same run.

    .venv/bin/python benchmarks/bench_turin_market.py [--games 1000] [--journal 100]

For each player count, ``--games`` random games (seeds 0..games-1; the engine is not
tuned on any seed, and seeds from 10**6 on are played apart as a held-out set) are
played to the end and checked after every action: shields conserved between
players, bank and loans; every game replays from its JSON records to an equal
state. ``--journal`` games per player count are also written to a SQLite journal
(companion.journal) and reopened: same final shields.

Prints per player count: games, actions per game, how often the rules' corner
cases came up (tie rounds, zero ties, coin flips, forced loans, bank-paid shields,
sales, shared victories), the mean and range of final shields, and times: ms per
game for the engine's apply, against a baseline that takes a full copy of the state
before every action (pickle round trip: what a snapshot-per-action undo would pay)
-> ratio, and the journal's write+reopen per game. CPU time of this process
(time.process_time), so other jobs on the shared machine disturb it less.
Failures are counted and printed; the script exits 1 if any.
"""

from __future__ import annotations

import argparse
import json
import pickle
import statistics
import sys
import tempfile
import time
from pathlib import Path

from companion.games.turin_market import (Buy, ChooseBuyer, action_from_dict, action_to_dict, apply,
                                          load_catalog, new_game_from_dict, random_game)
from companion.journal import Journal

CAT = load_catalog()


def play_checked(setup, actions, n):
    s = new_game_from_dict(setup)
    for a in actions:
        s = apply(s, a)
        if sum(s.purse) + sum(s.on_sale) + s.bank != CAT.start_shields * n:
            raise AssertionError("shields not conserved")
    if not s.is_over:
        raise AssertionError("game did not end")
    return s


def stats_of(states, games):
    c = dict(ties=0, zero=0, flips=0, forced=0, bank_paid=0, sales=0, shared=0)
    for s, acts in zip(states, games):
        for a in s.history:
            c["ties"] += sum(1 for x in a.adds if x is not None) > 0
            c["zero"] += bool(a.zero_tied)
            c["flips"] += len(a.flips)
        for g in s.final.payouts:
            c["forced"] += len(g.forced_loans)
            c["bank_paid"] += len(g.bank_paid_for)
        c["sales"] += sum(isinstance(x, (Buy, ChooseBuyer)) for x in acts)
        c["shared"] += len(s.final.winners) > 1
    return c


def bench(n: int, games: int, journals: int, first_seed: int, label: str) -> int:
    failures = 0
    records, states, acts_all = [], [], []
    for seed in range(first_seed, first_seed + games):
        setup, actions = random_game(seed, n)
        try:
            states.append(play_checked(setup, actions, n))
        except AssertionError as exc:
            failures += 1
            print(f"  FAIL seed {seed}: {exc}")
            continue
        records.append((setup, [action_to_dict(a) for a in actions]))
        acts_all.append(actions)
    n_actions = sum(len(a) for _, a in records)

    t0 = time.process_time()
    replayed = []
    for setup, acts in records:
        s = new_game_from_dict(json.loads(json.dumps(setup)))
        for d in acts:
            s = apply(s, action_from_dict(d))
        replayed.append(s)
    ours = time.process_time() - t0
    t0 = time.process_time()
    for setup, acts in records:
        s = new_game_from_dict(setup)
        for d in acts:
            pickle.loads(pickle.dumps(s))
            s = apply(s, action_from_dict(d))
    naive = time.process_time() - t0
    for a, b in zip(replayed, states):
        if a != b:
            failures += 1
    t0 = time.process_time()
    with tempfile.TemporaryDirectory() as tmp:
        for i, (setup, acts) in enumerate(records[:journals]):
            path = Path(tmp) / f"g{i}.sqlite"
            with Journal.create(path, "turin-market", setup) as j:
                for d in acts:
                    j.append(d)
            with Journal.open(path) as j:
                if j.state.final.scores != states[i].final.scores:
                    failures += 1
    jt = time.process_time() - t0
    jn = min(journals, len(records))

    c = stats_of(states, acts_all)
    finals = [x for s in states for x in s.final.scores]
    g = len(records)
    print(f"{n} players, {label}: {g} games, {n_actions / g:.1f} actions/game")
    print(f"  per 100 games: tie rounds {100 * c['ties'] / g:.0f}, zero ties {100 * c['zero'] / g:.0f}, "
          f"coin flips {100 * c['flips'] / g:.0f}, forced loans {100 * c['forced'] / g:.0f}, "
          f"bank-paid shields {100 * c['bank_paid'] / g:.0f}, purchases {100 * c['sales'] / g:.0f}, "
          f"shared victories {100 * c['shared'] / g:.0f}")
    print(f"  final shields: mean {statistics.mean(finals):.1f}, min {min(finals)}, max {max(finals)}")
    print(f"  engine {ours / g * 1e3:7.2f} ms/game ({ours / n_actions * 1e6:6.1f} us/action); "
          f"snapshot+apply {naive / g * 1e3:7.2f} ms/game; ratio {naive / ours:.1f}x")
    if jn:
        print(f"  journal write+reopen {jt / jn * 1e3:7.1f} ms/game over {jn} games "
              f"({jt / jn / (ours / g):.0f}x the engine alone)")
    print(f"  failures: {failures}")
    return failures


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="random games per player count")
    ap.add_argument("--journal", type=int, default=100, help="of which journalled and reopened")
    args = ap.parse_args(argv)
    fails = 0
    for n in range(CAT.players_min, CAT.players_max + 1):
        fails += bench(n, args.games, args.journal, 0, "seeds 0..")
    print("held-out seeds (from 10**6):")
    for n in range(CAT.players_min, CAT.players_max + 1):
        fails += bench(n, max(1, args.games // 5), 0, 10**6, "held-out")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
