"""Starts the UI drivers the collected tests need as soon as collection ends, so they
run beside each other and the rest of the suite (tests/ui/driver_pool.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import driver_pool  # noqa: E402


@pytest.fixture(autouse=True)
def _own_config_home(tmp_path, monkeypatch):
    """Each test starts with no saved printer config or app settings: the app reads and
    writes the printer config (printing.output.config_path, under XDG_CONFIG_HOME),
    never the developer's own (the UI drivers get their own: driver_pool)."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))


def pytest_collection_finish(session):
    driver_pool.start_needed(session.items)


def pytest_sessionfinish(session, exitstatus):
    driver_pool.stop_all()
