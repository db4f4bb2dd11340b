"""One renderer module per game: ``tools/render/games/<folder>.py``.

``<folder>`` is the game's package folder, found from the registry by convention:
the last part of the game's rules package (``GameSpec.rules``,
``companion.games.scoop`` -> ``scoop``). No list of games lives here: a game
registered in companion.registry with a module of that name has a renderer.

What a game's module provides (the shared renderer, tools/render/*.py, knows no
game; it films what the game's module stages):

- ``RECIPES``: recording name -> :class:`tools.render.recording.Recipe` (players,
  seed, filming parameters), one for each name in the game's
  ``GameSpec.recordings``; a recipe beyond them is a recording that ``companion
  demo`` plays but the app's start screen does not list;
- ``render_recording(setup, actions, out_dir, params, progress=None) -> dict``: a
  journal filmed into ``out_dir`` (tools/render/recording.py lists the files);
  returns the meta dict;
- for tests and benchmarks, its staging: ``stage(...) -> [Placed]`` and the table's
  bounds, and where the game has one, ``storyboard(setup, actions)``;
- optional, for tools.render.synth: ``payloads(n)`` (n distinct TC1 payloads; else
  its catalog's QR payloads) and ``surface_layout(surface)`` (the layout name of a
  surface; else calibration.game_tags' layouts).

A game registered from elsewhere (a game defined outside this repository, or by a
test) keeps its renderer module where it likes and names it in :data:`RENDERERS`.

A game with a tag module and layouts can also be filmed with no module of its own:
tools.render.table lays its surfaces and pieces from calibration's data
(``stage_sightings``) and tools.render.recording films the still tables
(``film_game``).

The game facts a module needs (layouts, tag sizes, catalogs) come from the
registry, calibration and the game's public rules API.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from companion import registry
from companion.errors import CompanionError
from companion.registry import GameSpec


#: Renderer modules that live elsewhere than tools/render/games: game folder -> the
#: module's dotted name (a game registered from outside this repository, or by a test).
RENDERERS: dict[str, str] = {}


def folder(spec: GameSpec) -> str:
    """The game's package folder: the last part of its rules package (``GameSpec.rules``)."""
    return spec.rules.rsplit(".", 1)[-1]


def module_for(game: str | GameSpec) -> ModuleType:
    """The renderer module of ``game`` (an id or a GameSpec): the one
    :data:`RENDERERS` names for its folder, else tools.render.games.<folder>.

    Raises companion.registry.UnknownGame for an unknown id, CompanionError naming the
    file when the game has no renderer module."""
    spec = registry.get(game) if isinstance(game, str) else game
    if folder(spec) in RENDERERS:
        return importlib.import_module(RENDERERS[folder(spec)])
    name = f"{__name__}.{folder(spec)}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        raise CompanionError(f"{spec.name()} has no renderer: tools/render/games/{folder(spec)}.py "
                             "is missing") from None


def recordings() -> list[tuple[GameSpec, str]]:
    """(game, recording name) for every bundled recording, in the registry's order:
    each game's ``GameSpec.recordings``, then the recipes its renderer module has
    beyond them (a game without a renderer module: its ``GameSpec.recordings`` only)."""
    out = []
    for spec in registry.games().values():
        try:
            recipes = module_for(spec).RECIPES
        except CompanionError:
            recipes = {}
        out += [(spec, name) for name in spec.recordings]
        out += [(spec, name) for name in recipes if name not in spec.recordings]
    return out


def recipe(spec: GameSpec, name: str):
    """How the recording ``name`` of ``spec`` is made (a tools.render.recording.Recipe).
    Raises CompanionError naming the game's module when it has no recipe for it."""
    recipes = module_for(spec).RECIPES
    if name not in recipes:
        raise CompanionError(f"tools/render/games/{folder(spec)}.py has no recipe for the recording {name!r}")
    return recipes[name]

