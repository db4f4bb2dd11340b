"""The game registry: the one place that lists the games Table Companion plays.

Every layer asks this module for a game instead of importing a game's package:
the journal (which game a file records), ``companion replay``/``sample``/``demo
--game``, ``companion tags ID``, calibration layouts, printing and the app's game
picker. :func:`default` is the game chosen when none is named (the first of
:data:`GAME_PACKAGES`).

A game is a package ``companion/games/<folder>`` whose ``__init__`` exposes
``GAME: GameSpec``. Its rules module (``GameSpec.rules``, usually the package
itself) is pure and deterministic and provides :class:`Rules` (checked for every
registered game by tests/test_rules_interface.py, :func:`conformance`); what lives
outside ``companion`` (vision observer adapters, printed pages, app screens,
tag-sheet layouts) is named by dotted strings that the outer layer imports, so
``companion`` never imports cv2, kivy or escpos. See docs/contracts.md and
docs/adding-a-game.md.

The interface is modelled on boardgame.io's game object (setup, moves, turn order,
end) and OpenSpiel's one interface for registered games. A state has ``scores``
(per seat, the game's own unit), ``is_over``, ``current_player`` (seat to act, or
None) and ``players``; ``state.final.scores`` (when the game has end-game bonuses)
are the scores once they are in (:func:`companion.journal.total_scores`).

A new game: a folder ``companion/games/<folder>`` with :class:`Rules` and ``GAME``,
then its package name in :data:`GAME_PACKAGES`. Nothing else in the spine
changes: journal, replay, export, ``companion demo --game``, ``companion tags`` and
the app's game picker find it here.
"""

from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable, Mapping, Protocol, runtime_checkable

from .errors import CompanionError

#: Game packages, in the order the app lists them. The only list of games.
GAME_PACKAGES: tuple[str, ...] = (
    "companion.games.penny_press",
    "companion.games.scoop",
    "companion.games.pergamon",
    "companion.games.turin_market",
)

#: The game of a journal or game record that names none: a fact of the file format
#: (the first journals and records were all of this game's, and named no game), not
#: a default of ours; a new file always names its game (:func:`default` is the game
#: chosen when none is asked for).
LEGACY_GAME = "penny-press"


def command_modules() -> tuple[str, ...]:
    """The dotted names of the games' own command-line modules (``commands.py`` in a
    game's package, with ``register(subparsers)``), found without importing any game
    (``companion --help`` stays fast)."""
    import importlib.util
    from pathlib import Path

    out = []
    for pkg in GAME_PACKAGES:
        try:
            found = importlib.util.find_spec(pkg)  # the package's folder, the game not imported
        except (ImportError, ValueError):
            continue
        places = (found.submodule_search_locations or []) if found is not None else []
        if any((Path(place) / "commands.py").is_file() for place in places):
            out.append(pkg + ".commands")
    return tuple(out)


class UnknownGame(CompanionError):
    """A game id that no registered game has."""


# ------------------------------------------------------------------ score sheets

@dataclass(frozen=True)
class ScoreLine:
    """One line of a seat's score: ``label`` (players' words, in the sheet's
    language: "Press 2: front page") and ``amount`` (the game's unit, signed: a
    loan repaid is negative)."""

    label: str
    amount: int


@dataclass(frozen=True)
class SeatScore:
    """A seat's score: ``seat`` (0-based), ``name`` (the player as people name them,
    in the sheet's language), ``total`` (the game's unit: what ``companion replay``
    and the pages show) and ``lines`` (where it comes from; they add up to
    ``total``)."""

    seat: int
    name: str
    total: int
    lines: tuple[ScoreLine, ...]


@dataclass(frozen=True)
class ScoreSheet:
    """Every seat's score with its breakdown, as a game's rules compute it
    (:meth:`Rules.score_sheet`): ``unit`` (what the totals count, in the sheet's
    language: points, dollars, victory points, shields), ``seats`` (seat order) and
    ``final`` (True once the game is over and end-game scoring is in)."""

    unit: str
    seats: tuple[SeatScore, ...]
    final: bool

    @property
    def totals(self) -> list[int]:
        """The total per seat, seat order."""
        return [s.total for s in self.seats]


# ------------------------------------------------------------------ the rules interface

@runtime_checkable
class Rules(Protocol):
    """What every game's rules module provides (module-level names; a module
    satisfies this protocol structurally). States are immutable; actions are
    frozen dataclasses with ``player`` (0-based seat) when one player acts.

    - ``UNDO_BARRIERS``: action types (the journal's ``"action"`` strings) that
      reveal hidden information; undo never crosses them (companion.journal).
    - :meth:`new_game_from_dict` ... :meth:`random_game`: setup, moves and the
      journal's codec (see each method).
    - :meth:`describe_action` and :meth:`score_sheet`: what players read, in
      ``lang`` (es, en or zh) through the game's own gettext catalog
      (:class:`companion.gettext_po.Words`); components in players' words, never ids.

    Optional members (:data:`OPTIONAL`, see :class:`RulesExtras`):
    ``resolve_action``, ``record_summary``, ``describe``, ``scoring_text``, ``SECRET_SETUP_KEYS``.
    """

    UNDO_BARRIERS: frozenset[str]

    def new_game_from_dict(self, setup: dict) -> Any:
        """The first state from the journal's ``setup`` event. Raises RuleError or
        CompanionError for a bad setup."""

    def apply(self, state: Any, action: Any) -> Any:
        """A new state with ``action`` played. Raises RuleError naming the rule for an
        illegal action; ``state`` is unchanged."""

    def legal_actions(self, state: Any) -> list:
        """The actions ``apply`` accepts now (may be a representative subset where the
        action space is huge; the game's doc says so)."""

    def action_to_dict(self, action: Any) -> dict:
        """The journal's JSON form: ``"action"`` (type) and, when one player acts,
        ``"player"`` (0-based seat)."""

    def action_from_dict(self, d: dict) -> Any:
        """The action of a journal dict. Raises CompanionError (or RuleError) for a bad one."""

    def random_game(self, seed: int, n_players: int) -> tuple[dict, list]:
        """``(setup dict, actions)`` of a complete legal game from ``seed``: property
        tests, benchmarks, ``companion sample``."""

    def describe_action(self, action: Any, state: Any, lang: str) -> str:
        """One sentence in ``lang`` saying what ``action`` does (``state``: the game
        just before or after it, for names): who, in players' words (given name,
        colour or "player 2"), and the components as people name them, never ids.
        ValueError for a language other than es, en, zh."""

    def score_sheet(self, state: Any, lang: str) -> ScoreSheet:
        """Every seat's score in ``state`` with its breakdown (labels in ``lang``),
        from what the engine computed: totals equal
        :func:`companion.journal.total_scores`."""


class RulesExtras(Protocol):
    """Optional members of a rules module (:data:`OPTIONAL`); the spine asks for
    them with :func:`optional` and does without when a game has none.

    - ``resolve_action(state, action) -> action``: the action completed with what it
      revealed (a Scoop dial's signal), so the journal records it.
    - ``record_summary(state) -> dict``: added to exports (``"summary"``).
    - ``describe(state) -> str``: a few lines on the state for a terminal
      (``companion replay --engine-state``: developer words, English).
    - ``scoring_text(before, after, lang) -> str``: what a step of the game (state
      ``before`` -> state ``after``) scored, as the players would read it aloud in
      ``lang`` (a press's breakdown; at the end the bonuses and ranking); "" when it
      scored nothing. ``companion demo`` prints it as the game is played; without
      it, the demo prints the final scores of :meth:`Rules.score_sheet` at the end.
    - ``SECRET_SETUP_KEYS``: setup keys the journal keeps in a side file until the
      game is over (Scoop's dial seed).
    """

    SECRET_SETUP_KEYS: tuple[str, ...]

    def resolve_action(self, state: Any, action: Any) -> Any: ...

    def record_summary(self, state: Any) -> dict: ...

    def describe(self, state: Any) -> str: ...

    def scoring_text(self, before: Any, after: Any, lang: str) -> str: ...


#: The required members of :class:`Rules` and the optional ones of :class:`RulesExtras`.
REQUIRED: tuple[str, ...] = ("new_game_from_dict", "apply", "legal_actions", "action_to_dict", "action_from_dict",
                             "random_game", "describe_action", "score_sheet", "UNDO_BARRIERS")
OPTIONAL: tuple[str, ...] = ("resolve_action", "record_summary", "describe", "scoring_text", "SECRET_SETUP_KEYS")


def optional(rules: ModuleType, name: str) -> Any:
    """The optional member ``name`` (one of :data:`OPTIONAL`) of a rules module, or
    None when the game has none. ValueError for a name that is not optional (a
    required member is read directly: ``rules.UNDO_BARRIERS``)."""
    if name not in OPTIONAL:
        raise ValueError(f"{name!r} is not an optional member of the rules interface ({', '.join(OPTIONAL)})")
    return getattr(rules, name, None)


def _params(func) -> list[inspect.Parameter]:
    return [p for p in inspect.signature(func).parameters.values() if p.name != "self"]


#: Members whose parameters are named as in the protocol (``lang`` may be passed by name).
_NAMED = ("describe_action", "score_sheet", "scoring_text")


def conformance(rules: ModuleType) -> list[str]:
    """What a rules module lacks for :class:`Rules` (and :class:`RulesExtras`, for the
    optional members it has): a missing member, ``UNDO_BARRIERS`` not a set of
    strings, a function that takes fewer positional arguments than the protocol's
    or needs more, or (``describe_action``, ``score_sheet``) names them otherwise.
    [] when it conforms."""
    problems = []
    for name in REQUIRED + OPTIONAL:
        proto = Rules if name in REQUIRED else RulesExtras
        if not hasattr(rules, name):
            if name in REQUIRED:
                problems.append(f"{name} is missing")
            continue
        member = getattr(rules, name)
        want = getattr(proto, name, None)
        if name.isupper():
            if not isinstance(member, (frozenset, set, tuple)) or not all(isinstance(x, str) for x in member):
                problems.append(f"{name} must be a set of strings")
            continue
        if not callable(member):
            problems.append(f"{name} is not a function")
            continue
        expected = [p.name for p in _params(want)]
        got = _params(member)
        lead = [p for p in got[:len(expected)] if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        extra = [p.name for p in got[len(expected):] if p.default is inspect.Parameter.empty
                 and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
        if len(lead) < len(expected) or (name in _NAMED and [p.name for p in lead] != expected):
            problems.append(f"{name}({', '.join(p.name for p in got)}) should begin ({', '.join(expected)})")
        if extra:
            problems.append(f"{name}: {', '.join(extra)} need defaults (the spine passes only "
                            f"{', '.join(expected)})")
    return problems


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
    recordings: bundled demo recording names (``play/recordings/<name>``).
    units: what ``scores`` counts, per language (e.g. points, dollars, shields).
    tag_kinds: kind letter in TC1 payloads -> kind name (``{"S": "story"}``).
    data_files: the game's editable data files (paths relative to the repository),
    named wherever a score depends on an unverified value (FACTS.md).
    folder: the game package's folder name (``penny_press``), the name of the game's
    folders in every layer (docs/adding-a-game.md); by default the last part of
    ``rules``.
    corrections: dotted module (pure) of the players' corrections of the camera's
    reading, or "" (none): the record, its journal form, what it changes in a table
    snapshot and when it goes (the interface play.corrections.GameCorrections
    describes; companion/games/penny_press/corrections.py).
    tags: dotted module (pure) of the game's TC1 tags, or "": ``catalog_ids()``,
    ``kind_of(id)``, ``encode_payload(id)``, ``label(id)``, ``KIND_NAMES`` and
    ``parse_payload(text) -> companion.tags.TagParse`` (a ``companion.tags.PayloadReader``);
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
    folder: str = ""
    corrections: str = ""

    def __post_init__(self) -> None:
        if not self.folder:
            object.__setattr__(self, "folder", self.rules.rpartition(".")[2])

    def name(self, lang: str = "en") -> str:
        """The game's name in ``lang`` (falls back to English)."""
        return self.names.get(lang) or self.names["en"]

    def rules_module(self) -> ModuleType:
        """Import and return the rules module (:class:`Rules`)."""
        return importlib.import_module(self.rules)

    @property
    def undo_barriers(self) -> frozenset[str]:
        """Action types that reveal hidden information (the rules' ``UNDO_BARRIERS``)."""
        return frozenset(self.rules_module().UNDO_BARRIERS)

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
    """The game chosen when none is asked for (a command's ``--game`` left out, the
    app's first game): the first of :data:`GAME_PACKAGES`. A journal or record that
    names no game is of the first file format: :data:`LEGACY_GAME`."""
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
