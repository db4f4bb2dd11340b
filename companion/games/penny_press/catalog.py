"""The Penny Press catalog: stories, shapes, headline cards and value tables.

Everything numeric about the game lives in data files next to this module
(``data/stories.csv``, ``data/shapes.csv``, ``data/headline_cards.csv``,
``data/rules.json``), never as literals in the engine. They are read and validated
by :func:`load_catalog`; any wrong value raises
:class:`companion.errors.DataFileError` naming the file and the line.

Ids follow docs/contracts.md: story ``"war-A1"`` (beat, shape, stars), headline card
``"H01"``..``"H45"``, ad ``"ad1"``..``"ad6"``, colours ``red blue green yellow black``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from companion.datafile import line_of, parse_json, read_csv, read_text
from companion.errors import DataFileError
from companion.frozen import FrozenDict  # shared with the other engines (companion.frozen)

DATA_DIR = Path(__file__).with_name("data")

STORIES_FILE = "stories.csv"
SHAPES_FILE = "shapes.csv"
CARDS_FILE = "headline_cards.csv"
RULES_FILE = "rules.json"


@dataclass(frozen=True)
class Story:
    """One story tile.

    id: ``"<beat>-<shape><stars>"``, e.g. ``"war-A1"``.
    beat: news beat id; shape: ``"A".."D"``; stars: 1..3.
    width, height: size on the front page in cells when not turned (columns x rows).
    column_spaces: spaces it takes lying sideways in a beat column (1 or 2).
    """

    id: str
    beat: str
    shape: str
    stars: int
    width: int
    height: int
    column_spaces: int

    @property
    def pile(self) -> str:
        """The supply pile the story belongs to: ``"<beat>-<shape>"``."""
        return f"{self.beat}-{self.shape}"


@dataclass(frozen=True)
class HeadlineCard:
    """One headline card (Penny Press: Drawing headline cards).

    id: ``"H01".."H45"``. bonus_beat: beat whose bonus marker moves;
    bonus_advance: spaces it moves (1..3). stories: ``(beat, shape)`` pairs in card
    order, each taken from the top of its pile. ad_column: front-page column 0..3 of
    the ad the drawing player receives.
    """

    id: str
    bonus_beat: str
    bonus_advance: int
    stories: tuple[tuple[str, str], ...]
    ad_column: int


@dataclass(frozen=True)
class Catalog:
    """All static game data (read-only after loading).

    stories: id -> Story (60). headline_cards: id -> HeadlineCard (45).
    beats: beat ids in board order. news_beat_value, scoop_value: value tables
    indexed by arrow position 0..arrow_max. colours, ads: component ids.
    Other rule constants (front-page size, penalties, track limits, final-edition
    trigger per player count, ad row per penny count) come from rules.json.
    """

    stories: Mapping[str, Story]
    headline_cards: Mapping[str, HeadlineCard]
    beats: tuple[str, ...]
    beat_names: Mapping[str, str]
    news_beat_value: tuple[int, ...]
    scoop_value: tuple[int, ...]
    colours: tuple[str, ...]
    ads: tuple[str, ...]
    shapes: Mapping[str, tuple[int, int, int]]
    column_spaces: int
    bonus_start: int
    bonus_max: int
    reporters_per_player: int
    front_rows: int
    front_cols: int
    empty_top_penalty: int
    empty_other_penalty: int
    final_trigger_presses: Mapping[int, int]
    ad_row_by_pennies: Mapping[int, int]
    strike_players: tuple[int, ...]
    players_min: int
    players_max: int
    source: str = field(default="", compare=False)

    def __reduce__(self):
        # pickled states carry no catalog copy: it is reloaded from its source
        return (_reload, (self.source,))

    def __deepcopy__(self, memo):
        return self

    @property
    def arrow_max(self) -> int:
        """Highest arrow position (the cap), i.e. len(news_beat_value) - 1."""
        return len(self.news_beat_value) - 1

    def initial_piles(self) -> dict[str, tuple[str, ...]]:
        """Supply piles ``"<beat>-<shape>" -> story ids bottom first`` (most stars at
        the bottom, fewest on top; Penny Press: Setup)."""
        piles: dict[str, list[Story]] = {}
        for s in self.stories.values():
            piles.setdefault(s.pile, []).append(s)
        return {k: tuple(s.id for s in sorted(v, key=lambda s: (-s.stars, s.id)))
                for k, v in sorted(piles.items())}


def _rows(path: Path):
    """Yield (line number, row dict, column names) of a CSV with '#' comment lines and
    a header (companion.datafile.read_csv: DataFileError naming the file and line)."""
    names, rows = read_csv(path)
    for r in rows:
        yield r.line, r.values, names


def _int(path: Path, line: int | None, name: str, value, lo: int, hi: int) -> int:
    try:
        v = int(value)
    except (TypeError, ValueError):
        raise DataFileError(str(path), line, f"{name} must be an integer, got {value!r}") from None
    if isinstance(value, bool) or not lo <= v <= hi:
        raise DataFileError(str(path), line, f"{name} must be in {lo}..{hi}, got {value!r}")
    return v


def _load_rules(path: Path) -> dict:
    text = read_text(path)
    raw = parse_json(text, path)

    def need(key):
        if key not in raw:
            raise DataFileError(str(path), None, f"missing key {key!r}")
        return raw[key], line_of(text, key)

    out: dict = {}
    beats, ln = need("beats")
    if (not isinstance(beats, list) or not beats or len(set(beats)) != len(beats)
            or not all(isinstance(b, str) and re.fullmatch(r"[a-z]+", b) for b in beats)):
        raise DataFileError(str(path), ln, "beats must be a list of distinct lower-case ids")
    out["beats"] = tuple(beats)
    names, ln = need("beat_names")
    if not isinstance(names, dict) or set(names) != set(beats):
        raise DataFileError(str(path), ln, "beat_names must name every beat exactly once")
    out["beat_names"] = FrozenDict(dict(names))
    for key in ("news_beat_value", "scoop_value"):
        tab, ln = need(key)
        if (not isinstance(tab, list) or len(tab) < 2
                or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in tab)):
            raise DataFileError(str(path), ln, f"{key} must be a list of integers >= 0")
        if any(b < a for a, b in zip(tab, tab[1:])):
            raise DataFileError(str(path), ln, f"{key} must never decrease")
        out[key] = tuple(tab)
    if len(out["news_beat_value"]) != len(out["scoop_value"]):
        raise DataFileError(str(path), line_of(text, "scoop_value"),
                            "scoop_value and news_beat_value must have the same length")
    for key, lo, hi in (("column_spaces", 1, 99), ("bonus_start", 0, 99), ("bonus_max", 1, 999),
                        ("reporters_per_player", 1, 20), ("front_rows", 1, 8), ("front_cols", 1, 8),
                        ("empty_top_penalty", 0, 99), ("empty_other_penalty", 0, 99),
                        ("players_min", 1, 10), ("players_max", 1, 10)):
        v, ln = need(key)
        if isinstance(v, bool):
            raise DataFileError(str(path), ln, f"{key} must be an integer")
        out[key] = _int(path, ln, key, v, lo, hi)
    if out["bonus_max"] < out["bonus_start"]:
        raise DataFileError(str(path), line_of(text, "bonus_max"), "bonus_max is below bonus_start")
    if out["players_max"] < out["players_min"]:
        raise DataFileError(str(path), line_of(text, "players_max"), "players_max is below players_min")
    for key in ("colours", "ads"):
        v, ln = need(key)
        if not isinstance(v, list) or not v or len(set(v)) != len(v) or not all(isinstance(x, str) for x in v):
            raise DataFileError(str(path), ln, f"{key} must be a list of distinct ids")
        out[key] = tuple(v)
    if len(out["colours"]) < out["players_max"]:
        raise DataFileError(str(path), line_of(text, "colours"), "fewer colours than players_max")
    v, ln = need("final_trigger_presses")
    if not isinstance(v, dict):
        raise DataFileError(str(path), ln, "final_trigger_presses must map player count -> presses")
    trig = {}
    for n in range(out["players_min"], out["players_max"] + 1):
        if str(n) not in v:
            raise DataFileError(str(path), ln, f"final_trigger_presses has no entry for {n} players")
        trig[n] = _int(path, ln, f"final_trigger_presses[{n}]", v[str(n)], 1, 20)
    out["final_trigger_presses"] = FrozenDict(trig)
    v, ln = need("ad_row_by_pennies")
    if not isinstance(v, dict) or not v:
        raise DataFileError(str(path), ln, "ad_row_by_pennies must map penny count -> front-page row")
    out["ad_row_by_pennies"] = FrozenDict(
        {_int(path, ln, "penny count", k, 1, 20): _int(path, ln, f"ad row for {k} pennies", r, 0,
                                                       out["front_rows"] - 1)
         for k, r in v.items()})
    v, ln = need("strike_players")
    if not isinstance(v, list):
        raise DataFileError(str(path), ln, "strike_players must be a list of player counts")
    out["strike_players"] = tuple(_int(path, ln, "strike_players entry", x, out["players_min"],
                                       out["players_max"]) for x in v)
    return out


def load_catalog(path: str | Path | None = None) -> Catalog:
    """Read and validate the game data.

    path: a directory holding stories.csv, shapes.csv, headline_cards.csv and
    rules.json (default: the package's own ``data`` directory; that default catalog is
    cached). Returns a :class:`Catalog`.
    Raises DataFileError(file, line, message) for a missing file, a malformed line,
    an unknown beat or shape, a duplicate id, a value out of range or a value table
    that decreases.
    """
    if path is None:
        global _DEFAULT
        if _DEFAULT is None:
            _DEFAULT = _load(DATA_DIR)
        return _DEFAULT
    return _load(Path(path))


_DEFAULT: Catalog | None = None


def _reload(source: str) -> Catalog:
    if not source or Path(source).resolve() == DATA_DIR.resolve():
        return load_catalog()
    return load_catalog(source)


def _load(d: Path) -> Catalog:
    rules = _load_rules(d / RULES_FILE)
    beats = rules["beats"]
    rows_total = rules["front_rows"]
    cols_total = rules["front_cols"]

    shapes: dict[str, tuple[int, int, int]] = {}
    p = d / SHAPES_FILE
    for no, row, names in _rows(p):
        if set(names) != {"shape", "width", "height", "column_spaces"}:
            raise DataFileError(str(p), no, "header must be shape,width,height,column_spaces")
        sh = row["shape"]
        if not re.fullmatch(r"[A-Z]", sh) or sh in shapes:
            raise DataFileError(str(p), no, f"shape must be a new capital letter, got {sh!r}")
        w = _int(p, no, "width", row["width"], 1, cols_total)
        h = _int(p, no, "height", row["height"], 1, max(rows_total, cols_total))
        if not ((w <= cols_total and h <= rows_total) or (h <= cols_total and w <= rows_total)):
            raise DataFileError(str(p), no, f"shape {sh} {w}x{h} fits no front page of "
                                            f"{cols_total}x{rows_total} cells")
        cs = _int(p, no, "column_spaces", row["column_spaces"], 1, rules["column_spaces"])
        shapes[sh] = (w, h, cs)
    if not shapes:
        raise DataFileError(str(p), None, "no shapes")

    stories: dict[str, Story] = {}
    p = d / STORIES_FILE
    for no, row, names in _rows(p):
        if set(names) != {"id", "beat", "shape", "stars"}:
            raise DataFileError(str(p), no, "header must be id,beat,shape,stars")
        beat, sh = row["beat"], row["shape"]
        if beat not in beats:
            raise DataFileError(str(p), no, f"unknown beat {beat!r} (known: {', '.join(beats)})")
        if sh not in shapes:
            raise DataFileError(str(p), no, f"unknown shape {sh!r} (known: {', '.join(shapes)})")
        stars = _int(p, no, "stars", row["stars"], 1, 9)
        sid = row["id"]
        if sid != f"{beat}-{sh}{stars}":
            raise DataFileError(str(p), no, f"id {sid!r} must be {beat}-{sh}{stars}")
        if sid in stories:
            raise DataFileError(str(p), no, f"duplicate story {sid!r}")
        w, h, cs = shapes[sh]
        stories[sid] = Story(sid, beat, sh, stars, w, h, cs)
    if not stories:
        raise DataFileError(str(p), None, "no stories")

    cards: dict[str, HeadlineCard] = {}
    p = d / CARDS_FILE
    for no, row, names in _rows(p):
        if set(names) != {"card", "bonus_beat", "bonus_advance", "stories", "ad_column"}:
            raise DataFileError(str(p), no, "header must be card,bonus_beat,bonus_advance,stories,ad_column")
        num = _int(p, no, "card", row["card"], 1, 99)
        cid = f"H{num:02d}"
        if cid in cards:
            raise DataFileError(str(p), no, f"duplicate card {num}")
        bb = row["bonus_beat"]
        if bb not in beats:
            raise DataFileError(str(p), no, f"unknown bonus beat {bb!r}")
        adv = _int(p, no, "bonus_advance", row["bonus_advance"], 0, rules["bonus_max"])
        items = []
        for tok in row["stories"].split():
            m = re.fullmatch(r"([a-z]+)-([A-Z])", tok)
            if not m or m.group(1) not in beats or m.group(2) not in shapes:
                raise DataFileError(str(p), no, f"bad story {tok!r} (expected <beat>-<shape>, e.g. war-A)")
            items.append((m.group(1), m.group(2)))
        if not items:
            raise DataFileError(str(p), no, "a headline card adds at least one story")
        col = _int(p, no, "ad_column", row["ad_column"], 0, cols_total - 1)
        cards[cid] = HeadlineCard(cid, bb, adv, tuple(items), col)
    if not cards:
        raise DataFileError(str(p), None, "no headline cards")

    return Catalog(
        stories=FrozenDict(stories), headline_cards=FrozenDict(cards),
        beats=beats, beat_names=rules["beat_names"],
        news_beat_value=rules["news_beat_value"], scoop_value=rules["scoop_value"],
        colours=rules["colours"], ads=rules["ads"], shapes=FrozenDict(shapes),
        column_spaces=rules["column_spaces"], bonus_start=rules["bonus_start"],
        bonus_max=rules["bonus_max"], reporters_per_player=rules["reporters_per_player"],
        front_rows=rows_total, front_cols=cols_total,
        empty_top_penalty=rules["empty_top_penalty"],
        empty_other_penalty=rules["empty_other_penalty"],
        final_trigger_presses=rules["final_trigger_presses"],
        ad_row_by_pennies=rules["ad_row_by_pennies"], strike_players=rules["strike_players"],
        players_min=rules["players_min"], players_max=rules["players_max"], source=str(d))
