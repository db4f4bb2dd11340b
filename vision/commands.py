"""`companion` subcommands provided by the vision package (registered in pyproject.toml)."""

from __future__ import annotations


def register(subparsers) -> None:
    """Add this package's subcommands. Heavy imports stay inside the handlers."""
