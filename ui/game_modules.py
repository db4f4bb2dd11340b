"""A game's app modules by name (Kivy-free): the module beside its screens module
(``GameSpec.screens``), e.g. its ``texts``, ``views``, ``scripted`` or ``playthrough``."""

from __future__ import annotations

import importlib
from types import ModuleType


def game_module(spec, name: str) -> ModuleType | None:
    """The module ``name`` beside ``spec``'s screens module (``ui.games.<folder>.<name>``),
    or None when the game has no screens module or no such module."""
    if not spec.screens:
        return None
    try:
        return importlib.import_module(spec.screens.rpartition(".")[0] + "." + name)
    except ImportError:
        return None
