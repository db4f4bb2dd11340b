"""Pergamon data: the 60 find tiles and the board's numbers, read from editable files.

``data/tiles.csv`` (one row per find tile: id, century, number, left half, right half)
and ``data/rules.json`` (funds cards and spaces, exhibition plan, evaluations). The
values FACTS.md marks unverified (which object halves each tile shows, the 13 funds
spaces, the plan's space -> VP, the tomb raider's spaces) are our best guess; a score
that depends on one names the file and key (:meth:`Catalog.source`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Mapping

from companion.datafile import data_fault, read_csv, read_json
from companion.errors import DataFileError

DATA_DIR = Path(__file__).resolve().parent / "data"
TILES_FILE = "tiles.csv"
RULES_FILE = "rules.json"

KINDS = ("vase", "jug", "bracelet", "mask")
BACKS = ("bag", "chest")


@dataclass(frozen=True)
class Tile:
    """One find tile.

    id: tag id (``"F01"``); century: the large figure 1..5 (also the find's value in
    points); number: the two-digit figure 0..99; left/right: the object half on the
    tile's left/right edge (one of :data:`KINDS`).
    """

    id: str
    century: int
    number: int
    left: str
    right: str

    @property
    def date(self) -> int:
        """Full date in years BC (century*100 + number): larger is older (463)."""
        return self.century * 100 + self.number


@dataclass(frozen=True)
class FundsSpace:
    """A research funds space. space: 1..13 counted from the right; coins: what it
    asks for; deepest: the deepest gallery (1..5) its figure may dig."""

    space: int
    coins: int
    deepest: int


@dataclass(frozen=True)
class Evaluation:
    """An evaluation after ``turn``: the ``oldest`` object kind earns the award, then
    every plan marker moves down ``shift`` spaces."""

    turn: int
    oldest: str
    shift: int


@dataclass(frozen=True)
class Catalog:
    """Everything the engine reads from the data files (immutable)."""

    tiles: Mapping[str, Tile]
    funds_cards: Mapping[int, int]          # coin value -> copies in the deck
    backs: Mapping[str, tuple[int, ...]]     # "bag"/"chest" -> values it may hide
    funds_spaces: tuple[FundsSpace, ...]     # index 0 = space 1 (rightmost)
    plan_vp: tuple[int, ...]                 # index 0 = plan space 1
    evaluations: tuple[Evaluation, ...]
    raider_spaces: Mapping[str, int]         # "bag+chest" -> funds space
    players_min: int = 2
    players_max: int = 4
    turns: int = 12
    finds_per_turn: int = 5
    galleries: int = 5
    gallery_slots: int = 4
    polish_max: int = 3
    exhibit_vp: int = 1
    markers: int = 3
    min_collection: int = 2
    storage_free: int = 3
    storage_group: int = 3
    storage_fee: int = 1
    award_vp: int = 2
    end_bonus: tuple[int, ...] = (3, 2, 1)
    unverified: tuple[str, ...] = ()
    data_dir: str = field(default=str(DATA_DIR), compare=False)

    @property
    def plan_spaces(self) -> int:
        return len(self.plan_vp)

    @property
    def n_funds_spaces(self) -> int:
        return len(self.funds_spaces)

    def space(self, n: int) -> FundsSpace:
        """Funds space ``n`` (1..13, from the right)."""
        return self.funds_spaces[n - 1]

    def vp_of_space(self, plan_space: int) -> int:
        """VP per evaluation of a collection on plan space 1..24."""
        return self.plan_vp[plan_space - 1]

    def evaluation(self, turn: int) -> Evaluation | None:
        for e in self.evaluations:
            if e.turn == turn:
                return e
        return None

    def by_date(self, date: int) -> Tile:
        """The tile with full date ``date`` (KeyError if none)."""
        for t in self.tiles.values():
            if t.date == date:
                return t
        raise KeyError(date)

    def source(self, key: str) -> str:
        """Where an unverified value lives, for a score that depends on it:
        ``"companion/games/pergamon/data/rules.json: plan_vp (unverified)"``."""
        fname = TILES_FILE if key == "tiles" else RULES_FILE
        flag = " (unverified)" if key in self.unverified or key == "tiles" else ""
        return f"companion/games/pergamon/data/{fname}: {key}{flag}"

    def with_tiles(self, tiles: Iterable[Tile]) -> "Catalog":
        """A copy with other tiles (tests, house sets). Raises DataFileError on
        duplicate ids or dates or a bad tile."""
        from dataclasses import replace
        return replace(self, tiles=_check_tiles(list(tiles), "<tiles>"))


def _check_tiles(tiles: list[Tile], where: str) -> Mapping[str, Tile]:
    out: dict[str, Tile] = {}
    dates: set[int] = set()
    for i, t in enumerate(tiles, 1):
        if not 1 <= t.century <= 5 or not 0 <= t.number <= 99:
            raise DataFileError(where, i, f"tile {t.id}: century must be 1-5 and number 0-99")
        if t.left not in KINDS or t.right not in KINDS:
            raise DataFileError(where, i, f"tile {t.id}: halves must be among {', '.join(KINDS)}")
        if t.id in out:
            raise DataFileError(where, i, f"duplicate tile id {t.id}")
        if t.date in dates:
            raise DataFileError(where, i, f"duplicate full date {t.date} (dates decide every tie)")
        dates.add(t.date)
        out[t.id] = t
    return out


def load_tiles(path: Path | None = None) -> list[Tile]:
    """Read ``tiles.csv`` (``#`` lines are comments). Raises DataFileError naming the
    file and line for a missing file or a bad row."""
    path = Path(path or DATA_DIR / TILES_FILE)
    _names, rows = read_csv(path, header=("id", "century", "number", "left", "right"))
    tiles = []
    for r in rows:
        v = r.values
        try:
            tiles.append(Tile(v["id"], int(v["century"]), int(v["number"]), v["left"], v["right"]))
        except ValueError:
            raise DataFileError(str(path), r.line, "century and number must be whole numbers, got "
                                f"{v['century']!r} and {v['number']!r}") from None
    return tiles


def load_catalog(data_dir: Path | str | None = None) -> Catalog:
    """Load ``tiles.csv`` and ``rules.json`` from ``data_dir`` (default: the package's
    data folder). Raises DataFileError naming the file for anything missing or wrong."""
    d = Path(data_dir) if data_dir else DATA_DIR
    rpath = d / RULES_FILE
    raw = read_json(rpath)
    tiles = _check_tiles(load_tiles(d / TILES_FILE), str(d / TILES_FILE))
    try:
        spaces = tuple(FundsSpace(int(s["space"]), int(s["coins"]), int(s["deepest"]))
                       for s in raw["funds_spaces"])
        if [s.space for s in spaces] != list(range(1, len(spaces) + 1)):
            raise ValueError("funds_spaces must be numbered 1, 2, ... from the right")
        galleries = int(raw.get("galleries", 5))
        if any(not 1 <= s.deepest <= galleries or s.coins < 0 for s in spaces):
            raise ValueError("funds_spaces: deepest must be 1..galleries and coins >= 0")
        evals = tuple(Evaluation(int(e["turn"]), str(e["oldest"]), int(e["shift"])) for e in raw["evaluations"])
        if any(e.oldest not in KINDS for e in evals):
            raise ValueError(f"evaluations: oldest must be one of {KINDS}")
        raider = {str(k): int(v) for k, v in raw["raider_spaces"].items()}
        if set(raider) != {"bag+bag", "bag+chest", "chest+chest"}:
            raise ValueError("raider_spaces needs bag+bag, bag+chest and chest+chest")
        if any(not 1 <= v <= len(spaces) for v in raider.values()):
            raise ValueError("raider_spaces: a space 1..13")
        cat = Catalog(
            tiles=tiles,
            funds_cards={int(k): int(v) for k, v in raw["funds_cards"].items()},
            backs={str(k): tuple(int(x) for x in v) for k, v in raw["backs"].items()},
            funds_spaces=spaces,
            plan_vp=tuple(int(x) for x in raw["plan_vp"]),
            evaluations=evals,
            raider_spaces=raider,
            players_min=int(raw.get("players_min", 2)),
            players_max=int(raw.get("players_max", 4)),
            turns=int(raw.get("turns", 12)),
            finds_per_turn=int(raw.get("finds_per_turn", 5)),
            galleries=galleries,
            gallery_slots=int(raw.get("gallery_slots", 4)),
            polish_max=int(raw.get("polish_max", 3)),
            exhibit_vp=int(raw.get("exhibit_vp", 1)),
            markers=int(raw.get("markers", 3)),
            min_collection=int(raw.get("min_collection", 2)),
            storage_free=int(raw.get("storage_free", 3)),
            storage_group=int(raw.get("storage_group", 3)),
            storage_fee=int(raw.get("storage_fee", 1)),
            award_vp=int(raw.get("award_vp", 2)),
            end_bonus=tuple(int(x) for x in raw.get("end_bonus", (3, 2, 1))),
            unverified=tuple(str(x) for x in raw.get("unverified", ())),
            data_dir=str(d),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise DataFileError(str(rpath), None, f"bad rules data: {data_fault(exc)}") from None
    if set(cat.backs) != set(BACKS):
        raise DataFileError(str(rpath), None, "backs needs 'bag' and 'chest'")
    if len(cat.plan_vp) < 1:
        raise DataFileError(str(rpath), None, "plan_vp is empty")
    return cat


_default: Catalog | None = None


def default_catalog() -> Catalog:
    """The package's catalog, loaded once."""
    global _default
    if _default is None:
        _default = load_catalog()
    return _default
