"""Scoop benchmark: thousands of random legal games played to the end with money
conserved, and the dial's signal shares over many calls, each with its conditions.

    .venv/bin/python benchmarks/bench_scoop.py [--games 2000] [--calls 1000000]

Prints:
- games: how many ended (press / full page / last player left), actions per game,
  ms per game (CPU), failures of the money check (must be 0: every account summed
  is constant, and the players' total moves only by start money, card purchases, the
  $1,500 and a leaving player's cash). Seeds 0..N-1 are the tuned-on ones the tests
  also use (0..119); seeds 1,000,000.. are held out and reported apart.
- dial: for the standard, kind and harsh wheels, chi-square of the signal counts
  against the sector shares over --calls calls (7 degrees of freedom: 24.32 is the
  p = 0.001 bound), and us per call against a baseline of one bare SHA-256 per call
  measured in the same run.

Times are CPU time of this process (time.process_time).
"""

from __future__ import annotations

import argparse
import collections
import random
import hashlib
import time

from companion.games import scoop as sc
from companion.games.scoop import dial as D


def play(seeds) -> None:
    hows = collections.Counter()
    n_actions = 0
    bad = 0
    t0 = time.process_time()
    for seed in seeds:
        setup, actions = sc.random_game(seed, 2 + seed % 5)
        s = sc.new_game_from_dict(setup)
        total = s.money_total()
        start = sum(p.cash for p in s.players)
        for a in actions:
            s = sc.apply(s, a)
            if s.money_total() != total:
                bad += 1
                break
        moved = sum(t.amount if t.payer == sc.BANK else -t.amount for t in s.ledger
                    if sc.BANK in (t.payer, t.payee) and t.reason != "start")
        if sum(p.cash for p in s.players) != start + moved or not s.is_over:
            bad += 1
        hows[s.final.how if s.final else "not over"] += 1
        n_actions += len(actions)
    dt = time.process_time() - t0
    n = len(seeds)
    print(f"  {n} games: {dict(hows)}; {n_actions / n:.0f} actions/game; {1000 * dt / n:.1f} ms/game "
          f"(generate + replay); money-check failures: {bad}")


def dial_shares(calls: int) -> None:
    for name in ("standard", "kind", "harsh"):
        w = D.load_wheel(name)
        d = D.Dial(w, "7e" * 32)
        counts = collections.Counter()
        numbers = (3, 9, 7, 0, 5, 1)
        t0 = time.process_time()
        for i in range(calls):
            counts[d.dial(numbers[i % 6]).signal] += 1
        dt = time.process_time() - t0
        shares = w.shares()
        chi2 = sum((counts[s] - calls * shares[s]) ** 2 / (calls * shares[s]) for s in D.SIGNALS if shares[s])
        t0 = time.process_time()
        for i in range(calls):
            hashlib.sha256(b"%d" % i).digest()
        base = time.process_time() - t0
        rng = random.Random(f"bench-{name}")
        one = collections.Counter()
        for _ in range(calls):  # one call per game: independent calls, the bound holds exactly
            seed = rng.getrandbits(256).to_bytes(32, "big").hex()
            one[D.call(w, seed, D.start_position(w, seed), 0, rng.choice(numbers)).signal] += 1
        chi1 = sum((one[s] - calls * shares[s]) ** 2 / (calls * shares[s]) for s in D.SIGNALS if shares[s])
        print(f"  {name:<8} chi-square {chi1:6.2f} one call per game, {chi2:6.2f} consecutive calls of one "
              f"game (correlated: the bound is only a guide) (bound 24.32); {1e6 * dt / calls:.2f} us/call, "
              f"{dt / base:.1f}x a bare SHA-256 ({1e6 * base / calls:.2f} us)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--calls", type=int, default=1_000_000)
    args = ap.parse_args()
    print("Scoop random games, tuned-on seeds:")
    play(range(args.games))
    print("Scoop random games, held-out seeds (1,000,000..):")
    play(range(1_000_000, 1_000_000 + args.games // 4))
    print(f"Dial, {args.calls} calls per wheel:")
    dial_shares(args.calls)


if __name__ == "__main__":
    main()
