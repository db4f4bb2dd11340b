"""Scoop's data: cards, page designs, pile values, money, the signal wheel.

Everything unverified (FACTS.md, Scoop) is read from the editable files in
``companion/games/scoop/data``: ``cards.json`` (card types, telephone numbers),
``pages.json`` (the six page designs), ``values.json`` (printed values of the
piles), ``wheel.json`` (the dial's signal wheel; house rules in ``wheels/``).
``rules.json`` holds the rule text's money (facts). A game copies the data into its
setup when it starts, so a journal replays the same game after the files change.

Card ids: story cards ``<type>-reporter``, ``<type>-photo``, ``<type>-call<n>`` (the
telephone card, ``n`` the number to dial); advert cards ``ad-<type>-copy``,
``ad-<type>-artwork``, ``ad-<type>-order``; the special capture card ``scoop``.
Page spaces: a story type's id (two spaces), ``star`` (the two Star Story spaces),
``three_star`` (the required three-star space), ``ad-<type>`` (one advert space).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from companion.datafile import data_fault, read_json
from companion.errors import CompanionError

from .dial import Wheel, load_wheel

DATA_DIR = Path(__file__).resolve().parent / "data"
#: The files a score depends on (named wherever one is shown).
VALUE_FILES = ("companion/games/scoop/data/values.json", "companion/games/scoop/data/pages.json")
SCOOP_CARD = "scoop"
#: Player colours (seats); six page designs, so up to six players.
COLOURS = ("red", "blue", "green", "yellow", "black", "white")


def _read(name: str) -> dict:
    return read_json(DATA_DIR / name)


def default_data(wheel: str | None = None) -> dict:
    """The data files' content as one dict (what a setup carries): ``cards``,
    ``pages``, ``values``, ``rules``, ``wheel`` (``wheel``: a house-rule wheel name
    or file, see dial.wheel_path)."""
    return {"cards": _read("cards.json"), "pages": _read("pages.json"), "values": _read("values.json"),
            "rules": _read("rules.json"), "wheel": load_wheel(wheel).to_dict()}


@dataclass(frozen=True)
class Design:
    """One page design: ``stories`` (story types, ``story_spaces`` each), ``adverts``
    (advert types, one space each), plus two Star Story spaces and one three-star
    space. ``grid`` and ``boxes``: how the printed front page lays it out (pages.json
    ``layout``): ``(columns, rows)`` and one ``(space, column, row, width, height)``
    box in grid cells per item a space holds, in the order they fill; ``None`` and
    ``()`` for data without a layout (a setup saved before layouts existed)."""

    id: str
    stories: tuple[str, ...]
    adverts: tuple[str, ...]
    grid: tuple[int, int] | None = None
    boxes: tuple[tuple[str, int, int, int, int], ...] = ()

    def spaces(self, story_spaces: int, star_spaces: int) -> dict[str, int]:
        """Space id -> how many items it holds (``three_star`` and ``star`` included).
        A shared dict: do not change it."""
        return _spaces(self, story_spaces, star_spaces)


@lru_cache(maxsize=None)
def _spaces(design: Design, story_spaces: int, star_spaces: int) -> dict[str, int]:
    out = {t: story_spaces for t in design.stories}
    out.update({f"ad-{a}": 1 for a in design.adverts})
    out["star"] = star_spaces
    out["three_star"] = 1
    return out


@dataclass(frozen=True)
class Catalog:
    """The game's data, checked (see the module docstring)."""

    story_types: dict[str, int]      # type -> telephone number
    advert_types: tuple[str, ...]
    copies: int
    scoop_cards: int
    designs: dict[str, Design]
    story_spaces: int
    star_spaces: int
    piles: dict[str, tuple[int, ...]]
    money: dict[str, int]
    wheel: Wheel
    colours: tuple[str, ...] = COLOURS

    def required(self, kind: str) -> tuple[str, str, str]:
        """The three cards that claim ``kind`` (a story type or ``ad-<type>``)."""
        if kind in self.story_types:
            return (f"{kind}-reporter", f"{kind}-photo", f"{kind}-call{self.story_types[kind]}")
        if kind.startswith("ad-") and kind[3:] in self.advert_types:
            return (f"{kind}-copy", f"{kind}-artwork", f"{kind}-order")
        raise CompanionError(f"no story or advert type {kind!r}")

    def kind_of_card(self, card: str) -> str | None:
        """The story type or ``ad-<type>`` a card belongs to (None for ``scoop``)."""
        return _kind_of_card(card)

    def number_of(self, kind: str) -> int:
        """The telephone number of a story type (the number on its telephone card)."""
        return self.story_types[kind]

    def deck(self) -> list[str]:
        """Every SCOOP card, unshuffled, in an order that does not depend on the
        data's key order (a setup goes through JSON with sorted keys)."""
        cards: list[str] = []
        for t in sorted(self.story_types):
            cards += list(self.required(t)) * self.copies
        for a in sorted(self.advert_types):
            cards += list(self.required(f"ad-{a}")) * self.copies
        return cards + [SCOOP_CARD] * self.scoop_cards

    def pile_of(self, space: str) -> str:
        """The pile an item in ``space`` came from (and goes back under)."""
        if space.startswith("ad-"):
            return "adverts"
        return space

    @property
    def files(self) -> tuple[str, ...]:
        return VALUE_FILES + ((self.wheel.file,) if self.wheel.file else ())


@lru_cache(maxsize=4096)
def _kind_of_card(card: str) -> str | None:
    return None if card == SCOOP_CARD else card.rsplit("-", 1)[0]


#: the largest count of cards, spaces or copies a data file may give
MAX_COUNT = 100


def catalog_from_data(data: dict) -> Catalog:
    """A :class:`Catalog` from :func:`default_data`'s form. Raises CompanionError
    naming the file and key for bad data."""
    try:
        cards, pages, values, rules = data["cards"], data["pages"], data["values"], data["rules"]
        story_types = {str(t): int(v["number"]) for t, v in cards["story_types"].items()}
        advert_types = tuple(str(a) for a in cards["advert_types"])
        designs = {str(k): Design(str(k), tuple(v["stories"]), tuple(v["adverts"]), *_layout(v.get("layout")))
                   for k, v in pages["designs"].items()}
        piles = {str(k): tuple(int(x) for x in v) for k, v in values["piles"].items()}
        money = {k: int(rules[k]) for k in ("start_cash", "card_price", "extra", "synd", "press_bonus",
                                            "hand_size", "reserve_spaces", "reserve_capacity")}
        cat = Catalog(story_types, advert_types, int(cards.get("copies", 2)), int(cards.get("scoop_cards", 3)),
                      designs, int(pages.get("story_spaces", 2)), int(pages.get("star_spaces", 2)), piles, money,
                      Wheel.from_dict(data["wheel"]))
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as exc:
        raise CompanionError(f"Scoop data (companion/games/scoop/data): {data_fault(exc)}") from None
    # A setup carries its data (a journal or record from someone else): counts that
    # size lists are bounded, so a bad one is an error, not all the memory there is.
    counts = {"cards.json: copies": cat.copies, "cards.json: scoop_cards": cat.scoop_cards,
              "pages.json: story_spaces": cat.story_spaces, "pages.json: star_spaces": cat.star_spaces,
              **{f"rules.json: {k}": money[k] for k in ("hand_size", "reserve_spaces", "reserve_capacity")}}
    for name, n in counts.items():
        if not 0 <= n <= MAX_COUNT:
            raise CompanionError(f"companion/games/scoop/data/{name} = {n} is outside 0..{MAX_COUNT}")
    if "star" not in story_types:
        raise CompanionError("companion/games/scoop/data/cards.json: story_types needs 'star' (the star stories)")
    for n in story_types.values():
        if n not in range(10):
            raise CompanionError("companion/games/scoop/data/cards.json: telephone numbers are 0..9")
    for d in designs.values():
        bad = [t for t in d.stories if t not in story_types or t == "star"] + \
              [a for a in d.adverts if a not in advert_types]
        if bad:
            raise CompanionError(f"companion/games/scoop/data/pages.json: design {d.id} names unknown types {bad}")
    for d in designs.values():
        _check_layout(d, cat.story_spaces, cat.star_spaces)
    need = set(story_types) | {"three_star", "adverts"}
    if need - set(piles):
        raise CompanionError(f"companion/games/scoop/data/values.json: piles missing {sorted(need - set(piles))}")
    return cat


#: the most columns or rows a page design's printed layout may have
MAX_GRID = 12


def _layout(layout) -> tuple[tuple[int, int] | None, tuple[tuple[str, int, int, int, int], ...]]:
    """A design's ``layout`` (pages.json) as ``(grid, boxes)`` (see :class:`Design`);
    ``(None, ())`` when there is none. KeyError/TypeError/ValueError for a malformed one."""
    if layout is None:
        return None, ()
    grid = (int(layout["columns"]), int(layout["rows"]))
    if any(not isinstance(b, list) or len(b) != 5 for b in layout["spaces"]):
        raise ValueError("a layout box is [space, column, row, width, height]")
    boxes = tuple((str(b[0]), int(b[1]), int(b[2]), int(b[3]), int(b[4])) for b in layout["spaces"])
    return grid, boxes


def _check_layout(d: Design, story_spaces: int, star_spaces: int) -> None:
    """Raise CompanionError naming pages.json unless ``d``'s layout (if any) gives
    every space of the design as many boxes as it holds items, inside its grid,
    none overlapping."""
    if d.grid is None:
        return
    where = f"companion/games/scoop/data/pages.json: design {d.id}'s layout"
    cols, rows = d.grid
    if not (1 <= cols <= MAX_GRID and 1 <= rows <= MAX_GRID):
        raise CompanionError(f"{where}: columns and rows are 1..{MAX_GRID}")
    taken: dict[tuple[int, int], str] = {}
    for space, c, r, w, h in d.boxes:
        if w < 1 or h < 1 or c < 0 or r < 0 or c + w > cols or r + h > rows:
            raise CompanionError(f"{where}: the box of {space} at column {c}, row {r} ({w} x {h}) leaves "
                                 f"the {cols} x {rows} grid")
        for cell in ((r + y, c + x) for y in range(h) for x in range(w)):
            if cell in taken:
                raise CompanionError(f"{where}: {space} and {taken[cell]} overlap at row {cell[0]}, "
                                     f"column {cell[1]}")
            taken[cell] = space
    want = d.spaces(story_spaces, star_spaces)
    have = {s: sum(1 for b in d.boxes if b[0] == s) for s in {b[0] for b in d.boxes}}
    if have != want:
        wrong = sorted(s for s in set(want) | set(have) if have.get(s, 0) != want.get(s, 0))
        raise CompanionError(f"{where}: each space needs one box per item it holds "
                             + ", ".join(f"{s} {want.get(s, 0)} (has {have.get(s, 0)})" for s in wrong))


_default: Catalog | None = None


def load_catalog() -> Catalog:
    """The catalog of the data files as they are now (cached)."""
    global _default
    if _default is None:
        _default = catalog_from_data(default_data())
    return _default
