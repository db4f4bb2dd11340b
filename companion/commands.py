"""Core ``companion`` subcommands: replay, export (the game journal)."""

from __future__ import annotations


def register(subparsers) -> None:
    """Add the core subcommands. Heavy imports stay inside the handlers."""
