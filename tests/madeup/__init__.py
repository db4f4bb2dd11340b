"""A made-up game defined under tests/ only (issue 24, item 6): proof that a game is
one folder. The test registers it by itself (tests/madeup/test_madeup_game.py) and
it runs through the real table loop: frames made by the renderer tool, the vision
pipeline, its observer, the journal, `companion replay`, `companion print`, and the
app's start screen.

The game (pure, deterministic): two players, red and blue, each with two stones on
the board's home row. In turn a player puts one of their stones from home on the
near field (1 point) or the far field (2 points), or passes (a tap: the camera
cannot see it). The game ends when every stone is out, or both players passed one
after the other. A player scores the points of their stones out.

Its parts, each where a game keeps it: the rules and ``GAME`` here, tags.py (its TC1
tags, code ``MU``), observer.py, data/ (its table layout and pieces, read by
calibration through an absolute ``GameSpec.layouts``), pages.py (its final receipt),
render.py (its renderer module for tools/render), screens.py (its app screen).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from pathlib import Path

from companion.errors import CompanionError, RuleError
from companion.registry import GameSpec, ScoreLine, ScoreSheet, SeatScore

ID = "made-up"
COLOURS = ("red", "blue")
STONES = ("red1", "red2", "blue1", "blue2")
FIELDS = {"near": 1, "far": 2}
#: Nothing this game does reveals hidden information: every move may be taken back.
UNDO_BARRIERS = frozenset()
SECTION = "Made-up Game: turn"

_WORDS = {
    "place": {"en": "{name} puts a stone on the {field} field", "es": "{name} pone una piedra en el campo {field}",
              "zh": "{name} 把一块石头放到{field}区"},
    "pass": {"en": "{name} passes", "es": "{name} pasa", "zh": "{name} 过"},
    "near": {"en": "near", "es": "cercano", "zh": "近"},
    "far": {"en": "far", "es": "lejano", "zh": "远"},
    "red": {"en": "red", "es": "rojo", "zh": "红"},
    "blue": {"en": "blue", "es": "azul", "zh": "蓝"},
    "stone": {"en": "Stone on the {field} field", "es": "Piedra en el campo {field}", "zh": "{field}区的石头"},
}


def _say(key: str, lang: str, **values) -> str:
    if lang not in ("es", "en", "zh"):
        raise ValueError(f"language {lang!r}: es, en or zh")
    return _WORDS[key][lang].format(**values)


@dataclass(frozen=True)
class PlayerSpec:
    colour: str
    name: str = ""


@dataclass(frozen=True)
class Place:
    player: int
    stone: str
    field: str


@dataclass(frozen=True)
class Pass:
    player: int


@dataclass(frozen=True)
class FinalResult:
    scores: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True)
class GameState:
    players: tuple[PlayerSpec, ...]
    where: tuple[tuple[str, str], ...]  # stone -> "home" | "near" | "far", in STONES order
    current_player: int | None = 0
    passes: int = 0

    @property
    def n_players(self) -> int:
        return len(self.players)

    def field_of(self, stone: str) -> str:
        return dict(self.where)[stone]

    @property
    def scores(self) -> tuple[int, ...]:
        out = [0] * len(self.players)
        for stone, field in self.where:
            if field in FIELDS:
                out[owner(stone)] += FIELDS[field]
        return tuple(out)

    @property
    def is_over(self) -> bool:
        return self.current_player is None

    @property
    def final(self) -> FinalResult | None:
        if not self.is_over:
            return None
        best = max(self.scores)
        return FinalResult(self.scores, tuple(i for i, s in enumerate(self.scores) if s == best))


def owner(stone: str) -> int:
    return COLOURS.index(stone.rstrip("0123456789"))


def new_game_from_dict(setup: dict) -> GameState:
    try:
        players = tuple(PlayerSpec(p["colour"], p.get("name", "")) for p in setup["players"])
        first = int(setup.get("first_player", 0))
    except (KeyError, TypeError, ValueError) as exc:
        raise CompanionError(f"not a {ID} setup ({exc})") from None
    if [p.colour for p in players] != list(COLOURS) or not 0 <= first < 2:
        raise CompanionError(f"a {ID} game is red and blue, red or blue first")
    return GameState(players, tuple((s, "home") for s in STONES), first)


def legal_actions(state: GameState) -> list:
    if state.is_over:
        return []
    p = state.current_player
    return [Place(p, s, f) for s, at in state.where if owner(s) == p and at == "home" for f in FIELDS] + [Pass(p)]


def apply(state: GameState, action) -> GameState:
    if state.is_over:
        raise RuleError("the game is over", SECTION, "over")
    if action.player != state.current_player:
        raise RuleError("it is not your turn", SECTION, "not_your_turn")
    if isinstance(action, Place):
        if action.field not in FIELDS or action.stone not in STONES or owner(action.stone) != action.player \
                or state.field_of(action.stone) != "home":
            raise RuleError("that stone cannot go there", SECTION, "bad_place")
        where = tuple((s, action.field if s == action.stone else f) for s, f in state.where)
        passes = 0
    elif isinstance(action, Pass):
        where, passes = state.where, state.passes + 1
    else:
        raise RuleError(f"not a {ID} action: {action!r}", SECTION, "unknown")
    over = passes >= 2 or all(f != "home" for _s, f in where)
    return replace(state, where=where, passes=passes, current_player=None if over else 1 - action.player)


def action_to_dict(action) -> dict:
    if isinstance(action, Place):
        return {"action": "place", "player": action.player, "stone": action.stone, "field": action.field}
    return {"action": "pass", "player": action.player}


def action_from_dict(d: dict):
    try:
        if d["action"] == "place":
            return Place(int(d["player"]), str(d["stone"]), str(d["field"]))
        if d["action"] == "pass":
            return Pass(int(d["player"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise CompanionError(f"not a {ID} action: {d!r} ({exc})") from None
    raise CompanionError(f"not a {ID} action: {d!r}")


def random_game(seed: int, n_players: int = 2) -> tuple[dict, list]:
    if n_players != 2:
        raise CompanionError(f"{ID} is for 2 players")
    rng = random.Random(seed)
    setup = {"game": ID, "players": [{"colour": c, "name": ""} for c in COLOURS], "first_player": 0}
    state, actions = new_game_from_dict(setup), []
    while not state.is_over:
        options = legal_actions(state)
        places = [a for a in options if isinstance(a, Place)]
        a = rng.choice(places) if places and (state.passes or rng.random() < 0.8) else Pass(state.current_player)
        actions.append(a)
        state = apply(state, a)
    return setup, actions


def player_name(state, seat: int, lang: str) -> str:
    p = state.players[seat]
    return p.name or _say(p.colour, lang)


def describe_action(action, state, lang: str) -> str:
    name = player_name(state, action.player, lang)
    if isinstance(action, Place):
        return _say("place", lang, name=name, field=_say(action.field, lang))
    return _say("pass", lang, name=name)


def score_sheet(state, lang: str) -> ScoreSheet:
    lines: list[list[ScoreLine]] = [[] for _ in state.players]
    for stone, field in state.where:
        if field in FIELDS:
            lines[owner(stone)].append(ScoreLine(_say("stone", lang, field=_say(field, lang)), FIELDS[field]))
    return ScoreSheet(GAME.unit(lang), tuple(SeatScore(i, player_name(state, i, lang), state.scores[i], tuple(lines[i]))
                                          for i in range(len(state.players))), state.is_over)


HERE = Path(__file__).resolve().parent

GAME = GameSpec(
    id=ID,
    names={"es": "Juego inventado", "en": "Made-up Game", "zh": "虚构游戏"},
    min_players=2,
    max_players=2,
    rules=__name__,
    tag_code="MU",
    observer=f"{__name__}.observer:Observer",
    layouts=str(HERE / "data"),
    pages=f"{__name__}.pages",
    screens=f"{__name__}.screens",
    tags=f"{__name__}.tags",
    tag_kinds={"S": "stone", "B": "board"},
)
