"""Pergamon engine benchmark and property run: thousands of random legal games to the
end, each replayed from its JSON record, a share of them through the game journal
(companion.journal.Journal, game "pergamon") and reopened from the file; every
replay must reach the same VP.

    .venv/bin/python benchmarks/bench_pergamon.py [--games 3000] [--journal 300]

Prints, per seed set (``dev``: seeds 0.. as the tests use; ``held-out``: seeds from
10**6, never looked at while writing the engine or its tests):
- games played per player count, actions per game, mismatching replays (must be 0);
- replay speed: ms per game and us per action (apply from the setup record) against
  a naive baseline that also takes a full copy of the state before every action
  (pickle round trip: what a snapshot-per-action undo would pay) -> ratio;
- journal: ms per game to write every action (one committed transaction each) and
  to reopen and replay the file;
- game figures: mean winning VP, share of games decided by the tie-break (oldest
  find shown), share of collections broken, funds per turn.

Times are CPU time of this process (time.process_time) except the journal's, which
is wall-clock (it waits for the disk); the folder is /dev/shm when it exists.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import statistics
import tempfile
import time
from pathlib import Path

from companion.games.pergamon import (ExhibitResult, EvaluationResult, FundsResult, action_from_dict,
                                      action_to_dict, apply, new_game_from_dict, random_game)
from companion.journal import Journal


def run(label: str, seeds: list[int], journal_games: int) -> None:
    records = []
    t0 = time.process_time()
    for i, seed in enumerate(seeds):
        n = 2 + i % 3
        setup, actions = random_game(seed, n)
        records.append((n, setup, [action_to_dict(a) for a in actions]))
    gen = time.process_time() - t0
    n_actions = sum(len(a) for _, _, a in records)

    ends, mismatches = [], 0
    t0 = time.process_time()
    for n, setup, acts in records:
        s = new_game_from_dict(json.loads(json.dumps(setup)))
        for d in acts:
            s = apply(s, action_from_dict(d))
        ends.append(s)
    replay = time.process_time() - t0

    t0 = time.process_time()
    for n, setup, acts in records[: max(1, len(records) // 10)]:
        s = new_game_from_dict(setup)
        for d in acts:
            pickle.loads(pickle.dumps(s))
            s = apply(s, action_from_dict(d))
    base_games = max(1, len(records) // 10)
    baseline = time.process_time() - t0
    base_actions = sum(len(a) for _, _, a in records[:base_games])

    # every game again from scratch must end with the same VP
    for (n, setup, acts), end in zip(records, ends):
        s = new_game_from_dict(setup)
        for d in acts:
            s = apply(s, action_from_dict(d))
        if s.scores != end.scores or not s.is_over or s.final.scores != end.final.scores:
            mismatches += 1

    shm = Path("/dev/shm")
    base_dir = str(shm) if shm.is_dir() and os.access(shm, os.W_OK) else None
    j_write = j_open = 0.0
    j_bad = 0
    with tempfile.TemporaryDirectory(dir=base_dir) as d:
        for k, ((n, setup, acts), end) in enumerate(zip(records[:journal_games], ends)):
            path = Path(d) / f"g{k}.pergamon"
            t = time.perf_counter()
            with Journal.create(path, "pergamon", setup) as j:
                for a in acts:
                    j.append(a)
            j_write += time.perf_counter() - t
            t = time.perf_counter()
            with Journal.open(path) as j:
                ok = j.state.is_over and j.state.scores == end.scores and j.state.final.scores == end.final.scores
            j_open += time.perf_counter() - t
            j_bad += not ok
    jn = min(journal_games, len(records))

    by_n = {n: sum(1 for r in records if r[0] == n) for n in (2, 3, 4)}
    win_vp = [max(e.final.scores) for e in ends]
    tie = sum(1 for e in ends if len(set(e.final.scores)) < len(e.final.scores)
              and sorted(e.final.scores)[-1] == sorted(e.final.scores)[-2] and len(e.final.winners) == 1)
    shared = sum(1 for e in ends if len(e.final.winners) > 1)
    shown = sum(1 for e in ends for x in e.log if isinstance(x, ExhibitResult))
    in_museum = sum(len(e.shown) for e in ends)
    funds = [x.total for e in ends for x in e.log if isinstance(x, FundsResult)]
    awards = sum(1 for e in ends for x in e.log if isinstance(x, EvaluationResult) and x.award_owner is not None)
    evals = sum(1 for e in ends for x in e.log if isinstance(x, EvaluationResult))

    print(f"[{label}] seeds {seeds[0]}..{seeds[-1]}: {len(records)} games (2p {by_n[2]}, 3p {by_n[3]}, "
          f"4p {by_n[4]}), {n_actions} actions, {n_actions / len(records):.0f} per game")
    print(f"  replay mismatches: {mismatches} (of {len(records)}); journal mismatches: {j_bad} (of {jn})")
    print(f"  random_game: {1000 * gen / len(records):.2f} ms/game")
    per_a = 1e6 * replay / n_actions
    per_b = 1e6 * baseline / base_actions
    print(f"  replay: {1000 * replay / len(records):.2f} ms/game, {per_a:.1f} us/action; baseline with a "
          f"state copy per action: {per_b:.1f} us/action -> {per_b / per_a:.1f}x")
    print(f"  journal ({'RAM' if base_dir else 'disk'}): write {1000 * j_write / jn:.1f} ms/game, "
          f"reopen+replay {1000 * j_open / jn:.1f} ms/game")
    print(f"  winning VP mean {statistics.mean(win_vp):.1f} (min {min(win_vp)}, max {max(win_vp)}); "
          f"decided by the oldest find {tie}, shared {shared}")
    print(f"  collections shown {shown}, still in the museum at the end {in_museum} "
          f"({100 * (1 - in_museum / max(1, shown)):.0f}% broken or replaced); "
          f"awards given {awards}/{evals}; funds per turn mean {statistics.mean(funds):.1f} coins")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3000, help="games per seed set")
    ap.add_argument("--journal", type=int, default=300, help="games per seed set also run through a journal")
    args = ap.parse_args(argv)
    run("dev", list(range(args.games)), args.journal)
    run("held-out", list(range(10**6, 10**6 + args.games)), args.journal)


if __name__ == "__main__":
    main()
