"""Starts the UI drivers the collected tests need as soon as collection ends, so they
run beside each other and the rest of the suite (tests/ui/driver_pool.py)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import driver_pool  # noqa: E402


def pytest_collection_finish(session):
    driver_pool.start_needed(session.items)


def pytest_sessionfinish(session, exitstatus):
    driver_pool.stop_all()
