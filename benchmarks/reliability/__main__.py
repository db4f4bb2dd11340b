"""One command for every reliability figure (issue 17):

    .venv/bin/python -m benchmarks.reliability           # full sizes, writes docs/reliability.md
    .venv/bin/python -m benchmarks.reliability --quick   # CI sizes, prints the report only
    .venv/bin/python -m benchmarks.reliability --part crashes

Exit status 1 when any part records a failure (each is listed in the report).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

from . import report

ROOT = Path(__file__).resolve().parents[2]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.reliability")
    ap.add_argument("--quick", action="store_true", help="the CI sizes; do not write the docs")
    ap.add_argument("--part", action="append", choices=sorted(report.PARTS),
                    help="run only this part (repeatable)")
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--render", action="store_true",
                    help="only rewrite docs/reliability.md from the figures kept in docs/reliability.json")
    ap.add_argument("--out", default=str(ROOT / "docs" / "reliability.md"))
    args = ap.parse_args(argv)
    parts = [] if args.render else (args.part or list(report.PARTS))
    if args.render:
        args.part = ["render"]
    results = {}
    for name in parts:
        t0 = time.perf_counter()
        print(f"[{name}] running ...", file=sys.stderr, flush=True)
        results[name] = report.PARTS[name].run_sized("quick" if args.quick else "full", args.seed)
        results[name].setdefault("seconds", round(time.perf_counter() - t0, 1))
        print(f"[{name}] {len(results[name]['failures'])} failures, "
              f"{results[name]['seconds']} s", file=sys.stderr, flush=True)
    out = Path(args.out)
    cache = out.with_suffix(".json")  # every part's last full figures: --part updates one
    import fcntl

    with open(str(cache) + ".lock", "a") as lock:  # parts run at once merge one by one
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not args.quick and args.part and cache.exists():
            kept = json.loads(cache.read_text("utf-8"))
            results = {k: (results[k] if k in results else kept[k]) for k in report.PARTS
                       if k in results or k in kept}
        text = report.render(results, quick=args.quick, seed=args.seed,
                             machine=f"{platform.system()} {platform.machine()}, Python "
                                     f"{platform.python_version()}")
        print(text)
        if not args.quick:
            out.write_text(text, encoding="utf-8")
            cache.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n", "utf-8")
            print(f"written {args.out}", file=sys.stderr)
    return 1 if any(r["failures"] for r in results.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
