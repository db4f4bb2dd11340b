"""``companion demo`` (registered in pyproject.toml as the ``play`` plugin)."""

from __future__ import annotations


def register(subparsers) -> None:
    """Add this package's subcommands. Heavy imports (cv2) stay in the handlers."""
    from . import demo

    demo.register(subparsers)
