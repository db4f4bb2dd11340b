"""Reliability figures (issue 17): kill, fuzz and fault every layer.

    .venv/bin/python -m benchmarks.reliability            # full run, writes docs/reliability.md
    .venv/bin/python -m benchmarks.reliability --quick    # the CI sizes, prints only

Each part is a module with ``run(size, seed) -> dict`` (figures and failures);
tests/test_reliability.py runs every part at small sizes.
"""
