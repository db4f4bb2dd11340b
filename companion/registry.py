"""The game registry: the one place that lists the games Table Companion plays.

Every layer asks this module for a game instead of importing a game's package:
the journal (which game a file records), the session and ``companion demo --game``,
``companion tags ID``, calibration layouts, printing and the app's game picker.

A game is a package under ``companion/games/<folder>`` whose ``__init__`` exposes
``GAME: GameSpec``. Its rules module (``GameSpec.rules``, usually the package
itself) is pure and deterministic and offers the *rules interface* below; what lives
outside ``companion`` (vision observer adapters, printed pages, app screens,
tag-sheet layouts) is named by dotted strings that the outer layer imports, so
``companion`` never imports cv2, kivy or escpos. See docs/contracts.md.

Rules interface (module-level names of ``GameSpec.rules``), modelled on
boardgame.io's game object (setup, moves, turn order, end) and OpenSpiel's one
interface for registered games:

- ``new_game_from_dict(setup: dict) -> State``: the journal's ``setup`` event;
  raises ``RuleError``/``CompanionError`` for a bad setup.
- ``apply(state, action) -> State``: a new state; raises ``RuleError`` naming the
  rule for an illegal action and leaves ``state`` unchanged (states are immutable).
- ``legal_actions(state) -> list``: the actions ``apply`` accepts now (may be a
  representative subset for games with huge action spaces; say so in the game doc).
- ``action_to_dict(action) -> dict`` / ``action_from_dict(d) -> action``: the JSON
  codec of the journal; the dict has ``"action"`` (type) and, when one player acts,
  ``"player"`` (0-based seat). ``action_from_dict`` raises ``CompanionError`` (or its ``RuleError``) on a bad dict.
- ``random_game(seed: int, n_players: int) -> (setup_dict, [actions])``: a complete
  legal game, for property tests, benchmarks and the reliability suite.
- State: ``state.scores`` (points per seat, the game's own unit), ``state.is_over``
  and ``state.current_player`` (seat to act, or None).
- ``UNDO_BARRIERS``: action types that reveal hidden information (never undone).
- Optional: ``describe(state) -> str`` and ``describe_action(action) -> str`` (what
  ``companion replay`` prints), ``record_summary(state) -> dict`` (added to exports),
  ``state.final`` with ``final.scores`` (the scores once end-game bonuses are in),
  ``resolve_action(state, action) -> action`` (the action completed with what it
  revealed, e.g. the signal a Scoop dial showed, so the journal records it).

A new game: a folder ``companion/games/<folder>`` with the rules interface and
``GAME``, then its package name in :data:`GAME_PACKAGES`. Nothing else in the spine
changes: journal, replay, export, ``companion demo --game``, ``companion tags`` and
the app's game picker find it here.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable, Mapping

from .errors import CompanionError

#: Game packages, in the order the app lists them. The only list of games.
GAME_PACKAGES: tuple[str, ...] = (
    "companion.games.penny_press",
    "companion.games.scoop",
    "companion.games.pergamon",
    "companion.games.turin_market",
)


class UnknownGame(CompanionError):
    """A game id that no registered game has."""


@dataclass(frozen=True)
class GameSpec:
    """What a game provides to the spine.

    id: the stable id written in journals and used on the command line
    (``penny-press``). names: display name per language (``es``, ``en``, ``zh``).
    min_players/max_players: seats. rules: dotted module of the rules interface.
    tag_code: the game's two-letter code in TC1 tag payloads (``PP``).
    observer: ``"module:attr"`` of a callable (setup dict, catalog) -> observer that
    turns table snapshots into actions, or "" for a game read by taps only.
    layouts: calibration data folder name (``calibration/data/<layouts>``) or "".
    pages: ``"module"`` with the game's printed pages (printing/games/<folder>/pages.py:
    ``pages(state, request)``, ``colours(state)``; printing.pages), or "".
    screens: ``"module"`` in ui/ with the game's app screens, or "".
    recordings: bundled demo recording names (``ui/demo_data/<name>``).
    units: what ``scores`` counts, per language (e.g. points, dollars, shields).
    tag_kinds: kind letter in TC1 payloads -> kind name (``{"S": "story"}``).
    data_files: the game's editable data files (paths relative to the repository),
    named wherever a score depends on an unverified value (FACTS.md).
    tags: dotted module (pure) of the game's TC1 tags, or "" (Penny Press keeps
    companion.tags): ``catalog_ids()``, ``kind_of(id)``, ``encode_payload(id)``,
    ``parse_payload(text) -> companion.tags.TagParse``, ``label(id)``, ``KIND_NAMES``;
    ``companion tags ID`` prints its stickers (calibration.game_tags).
    """

    id: str
    names: Mapping[str, str]
    min_players: int
    max_players: int
    rules: str
    tag_code: str
    observer: str = ""
    layouts: str = ""
    pages: str = ""
    screens: str = ""
    recordings: tuple[str, ...] = ()
    units: Mapping[str, str] = field(default_factory=lambda: {"es": "puntos", "en": "points", "zh": "分"})
    #: the unit for a count whose CLDR plural category is "one" (1 point, 1 escudo)
    units_one: Mapping[str, str] = field(default_factory=lambda: {"es": "punto", "en": "point", "zh": "分"})
    tag_kinds: Mapping[str, str] = field(default_factory=dict)
    data_files: tuple[str, ...] = ()
    tags: str = ""

    def name(self, lang: str = "en") -> str:
        """The game's name in ``lang`` (falls back to English)."""
        return self.names.get(lang) or self.names["en"]

    def rules_module(self) -> ModuleType:
        """Import and return the rules module (see the module docstring)."""
        return importlib.import_module(self.rules)

    @property
    def undo_barriers(self) -> frozenset[str]:
        """Action types that reveal hidden information (the rules' ``UNDO_BARRIERS``)."""
        return frozenset(getattr(self.rules_module(), "UNDO_BARRIERS", ()))

    def observer_factory(self) -> Callable[..., Any] | None:
        """The observer class/factory named by :attr:`observer`, or None (taps only).

        Raises CompanionError if the name does not resolve (a broken registration).
        """
        return load_attr(self.observer) if self.observer else None

    def unit(self, lang: str = "en") -> str:
        """What the scores count, in ``lang`` (falls back to English)."""
        return self.units.get(lang) or self.units.get("en", "")

    def count(self, n: int, lang: str = "en") -> str:
        """``n`` with the unit in its CLDR plural form (Babel): ``1 shield``, ``2 shields``."""
        from .naming import count

        lang = lang if lang in self.units else "en"
        return count(n, {"one": self.units_one.get(lang) or self.unit(lang), "other": self.unit(lang)}, lang)


def load_attr(dotted: str) -> Any:
    """Import ``"package.module:attr"`` (or a plain module path) and return it.

    Raises CompanionError naming the string when it does not resolve.
    """
    module, _, attr = dotted.partition(":")
    try:
        obj: Any = importlib.import_module(module)
        for part in filter(None, attr.split(".")):
            obj = getattr(obj, part)
    except (ImportError, AttributeError) as exc:
        raise CompanionError(f"cannot load {dotted!r} ({exc})") from None
    return obj


_cache: dict[str, GameSpec] | None = None


def games() -> dict[str, GameSpec]:
    """All registered games by id, in :data:`GAME_PACKAGES` order."""
    global _cache
    if _cache is None:
        found: dict[str, GameSpec] = {}
        codes: dict[str, str] = {}
        for pkg in GAME_PACKAGES:
            spec = importlib.import_module(pkg).GAME
            if spec.id in found or spec.tag_code in codes:
                raise CompanionError(f"{pkg}: game id {spec.id!r} or tag code {spec.tag_code!r} "
                                     "is already registered")
            found[spec.id] = spec
            codes[spec.tag_code] = spec.id
        _cache = found
    return dict(_cache)


def get(game_id: str) -> GameSpec:
    """The game with id ``game_id``. Raises UnknownGame (naming the known ids)."""
    all_games = games()
    try:
        return all_games[game_id]
    except KeyError:
        from .clitext import tx

        raise UnknownGame(tx("games.unknown", "unknown game {game}; known: {known}", game=repr(game_id),
                             known=", ".join(all_games))) from None


def default() -> GameSpec:
    """The default game (a command's default ``--game``, a JSON export without
    ``game``): the first of :data:`GAME_PACKAGES`."""
    return next(iter(games().values()))


def ids() -> tuple[str, ...]:
    """The registered game ids, in :data:`GAME_PACKAGES` order (for CLI choices)."""
    return tuple(games())


def game_arg(text: str) -> str:
    """argparse ``type`` for a game id on the command line: the id, or
    ``argparse.ArgumentTypeError`` naming the known ids (so an unknown game is a
    command line not understood: usage on stderr, exit 2)."""
    import argparse

    try:
        return get(text).id
    except UnknownGame as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def rules_module(game_id: str) -> ModuleType:
    """The rules module of ``game_id``. Raises UnknownGame."""
    return get(game_id).rules_module()


def picker(lang: str = "en") -> list[dict]:
    """Rows for a game picker, in :data:`GAME_PACKAGES` order: ``{"id", "name"
    (in lang), "players": (min, max), "units", "recordings", "has_observer"}``."""
    return [{"id": g.id, "name": g.name(lang), "players": (g.min_players, g.max_players),
             "units": g.unit(lang), "recordings": g.recordings, "has_observer": bool(g.observer)}
            for g in games().values()]


def by_tag_code(code: str) -> GameSpec | None:
    """The game whose TC1 payloads carry ``code`` (``PP``), or None."""
    for spec in games().values():
        if spec.tag_code == code:
            return spec
    return None
