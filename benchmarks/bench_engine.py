"""Penny Press engine benchmark: replay of full games and the front-page solver's
worst case, each with a baseline measured in the same run.

    .venv/bin/python benchmarks/bench_engine.py [--games 200] [--solver-sets 2000]

Prints:
- replay: ms per full game and us per action (apply from the setup record), against
  a naive baseline that also takes a full copy of the state before every action
  (pickle round trip: what a snapshot-per-action undo would pay) -> ratio;
- solver: worst and mean time over random 5-story claims (the most a player can
  claim: 5 reporters) and over adversarial sets (five 1x2 stories, most
  placements), and the solver against plain exhaustive search on 4 stories of shape
  A (exhaustive on 5 would take minutes) -> speed-up.

Times are CPU time of this process (time.process_time), so other jobs on the shared
machine disturb them less than wall-clock time.
"""

from __future__ import annotations

import argparse
import pickle
import random
import statistics
import time

from companion.games.penny_press import (action_from_dict, action_to_dict, apply, exhaustive_front_page,
                                         load_catalog, new_game_from_dict, random_game, solve_front_page)


def bench_replay(games: int) -> None:
    records = []
    for seed in range(games):
        setup, actions = random_game(seed, 2 + seed % 4, strike=(seed % 4 >= 2 and seed % 3 == 0))
        records.append((setup, [action_to_dict(a) for a in actions]))
    n_actions = sum(len(a) for _, a in records)

    t0 = time.process_time()
    for setup, acts in records:
        s = new_game_from_dict(setup)
        for d in acts:
            s = apply(s, action_from_dict(d))
    ours = time.process_time() - t0

    t0 = time.process_time()
    for setup, acts in records:
        s = new_game_from_dict(setup)
        for d in acts:
            pickle.loads(pickle.dumps(s))
            s = apply(s, action_from_dict(d))
    naive = time.process_time() - t0
    print(f"replay: {games} games, {n_actions} actions ({n_actions / games:.1f} per game)")
    print(f"  engine          {ours / games * 1e3:8.3f} ms/game  {ours / n_actions * 1e6:8.1f} us/action")
    print(f"  snapshot+apply  {naive / games * 1e3:8.3f} ms/game  {naive / n_actions * 1e6:8.1f} us/action")
    print(f"  ratio baseline/engine: {naive / ours:.1f}x")


def _time(fn, *args) -> float:
    t0 = time.process_time()
    fn(*args)
    return time.process_time() - t0


def bench_solver(sets: int) -> None:
    cat = load_catalog()
    rng = random.Random(7)
    ids = sorted(cat.stories)
    times = []
    worst = (0.0, None)
    for _ in range(sets):
        st = rng.sample(ids, 5)
        bv = {b: rng.choice(cat.news_beat_value) for b in cat.beats}
        ad = rng.choice([None, (rng.randrange(3), rng.randrange(4))])
        t = _time(solve_front_page, st, ad, bv, cat)
        times.append(t)
        if t > worst[0]:
            worst = (t, (st, ad, bv))
    print(f"solver: {sets} random 5-story claims: mean {statistics.mean(times) * 1e3:.3f} ms, "
          f"worst {worst[0] * 1e3:.3f} ms ({worst[1][0]}, ad {worst[1][1]})")
    a_ids = [s for s in ids if cat.stories[s].shape == "A"]
    adv = []
    for _ in range(50):
        st = rng.sample(a_ids, 5)
        bv = {b: rng.choice(cat.news_beat_value) for b in cat.beats}
        adv.append(_time(solve_front_page, st, None, bv, cat))
    print(f"  adversarial five 1x2 stories, no ad: mean {statistics.mean(adv) * 1e3:.3f} ms, "
          f"worst {max(adv) * 1e3:.3f} ms")
    st = ["war-A1", "crime-A1", "city-A1", "politics-A1"]
    bv = {"war": 6, "crime": 4, "city": 4, "politics": 3, "human": 2}
    t_ours = min(_time(solve_front_page, st, None, bv, cat) for _ in range(5))
    t_ex = _time(exhaustive_front_page, st, None, bv, cat)
    same = solve_front_page(st, None, bv, cat).total == exhaustive_front_page(st, None, bv, cat)[0]
    print(f"  four 1x2 stories: solver {t_ours * 1e3:.3f} ms, exhaustive {t_ex * 1e3:.1f} ms, "
          f"speed-up {t_ex / t_ours:.0f}x, same total: {same}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--solver-sets", type=int, default=2000)
    args = ap.parse_args()
    bench_replay(args.games)
    bench_solver(args.solver_sets)


if __name__ == "__main__":
    main()
