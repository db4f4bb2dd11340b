"""Penny Press rules engine (pure, deterministic).

See docs/penny-press.md for the model and docs/rulings.md for the rulings.
"""

from companion.games.penny_press.catalog import Catalog, HeadlineCard, Story, load_catalog

__all__ = ["Catalog", "HeadlineCard", "Story", "load_catalog"]
