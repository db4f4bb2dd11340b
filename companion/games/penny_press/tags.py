"""Penny Press tag payloads: the text in each component's QR sticker (pure, no cv2).

The TC1 scheme (companion.tags, docs/contracts.md, docs/tags.md)::

    TC1:PP:<kind>:<ID>

- ``<kind>``: one letter, ``S`` story, ``H`` headline card, ``A`` ad, ``R``
  reporter, ``M`` player mat, ``B`` board, ``W`` arrow marker, ``X`` bonus marker,
  ``N`` newsboy, ``P`` penny.
- ``<ID>``: the catalog id in upper case (``war-A1`` -> ``WAR-A1``). For arrow and
  bonus markers the kind letter already says "arrow"/"bonus", so the id is the beat
  alone (``arrow-politics`` -> ``TC1:PP:W:POLITICS``): ``TC1:PP:W:ARROW-POLITICS``
  would be 23 characters, too many for a version-1 QR code.

Only stories, headline cards and ads carry QR stickers; the wooden pieces carry
ArUco markers and the board and mats four corner fiducials each (ids in
calibration/data/penny_press/components.json), but every component has a payload
so the catalog reads the same way as the other games'.

Component ids follow docs/contracts.md and come from the rules engine's data files
(an edited data file changes the tags too). :func:`parse_payload` never raises.
"""

from __future__ import annotations

import re
from functools import lru_cache

from companion.tags import MAX_PAYLOAD_LEN, QR_ALPHANUMERIC, SCHEME, PayloadReader

GAME = "PP"
#: Pennies in the box (the rulebook's component list); not a rule value.
PENNIES = 15
#: Kind letter -> kind name (also GameSpec.tag_kinds and the piece names of
#: calibration/data/penny_press/components.json).
KIND_NAMES = {
    "S": "story",
    "H": "headline",
    "A": "ad",
    "R": "reporter",
    "M": "mat",
    "B": "board",
    "W": "arrow",
    "X": "bonus",
    "N": "newsboy",
    "P": "penny",
}
#: Beats as the stickers' labels name them (English, like the tag sheets).
BEAT_WORDS = {"war": "War", "crime": "Crime", "city": "City", "politics": "Politics", "human": "Human condition"}

_PREFIX_W_X = {"W": "arrow-", "X": "bonus-"}


def _catalog():
    from companion.games.penny_press import load_catalog

    return load_catalog()


#: Beats and player colours, from the rules engine's data files.
BEATS = tuple(_catalog().beats)
COLOURS = tuple(_catalog().colours)


@lru_cache(maxsize=None)
def catalog_ids() -> tuple[str, ...]:
    """Every Penny Press component id (docs/contracts.md), in a stable order.

    60 stories ``<beat>-<shape><stars>``, ``H01``..``H45``, ``ad1``..``ad6``, 25
    reporters ``<colour><n>``, 5 ``mat-<colour>``, ``board``, 5 ``arrow-<beat>``, 5
    ``bonus-<beat>``, ``newsboy``, ``penny1``..``penny15``: 168 ids, from the rules
    engine's catalog.
    """
    cat = _catalog()
    ids = list(cat.stories)
    ids += list(cat.headline_cards)
    ids += list(cat.ads)
    ids += [f"{c}{n}" for c in cat.colours for n in range(1, cat.reporters_per_player + 1)]
    ids += [f"mat-{c}" for c in cat.colours]
    ids += ["board"]
    ids += [f"arrow-{b}" for b in cat.beats]
    ids += [f"bonus-{b}" for b in cat.beats]
    ids += ["newsboy"]
    ids += [f"penny{i}" for i in range(1, PENNIES + 1)]
    return tuple(ids)


@lru_cache(maxsize=None)
def _ids_set() -> frozenset[str]:
    return frozenset(catalog_ids())


def kind_of(component_id: str) -> str:
    """Kind letter of a catalog id (``"war-A1"`` -> ``"S"``).

    Raises ``ValueError`` naming the id when it is not in :func:`catalog_ids`.
    """
    if component_id not in _ids_set():
        raise ValueError(f"unknown Penny Press component id {component_id!r}")
    if component_id == "board":
        return "B"
    if component_id == "newsboy":
        return "N"
    if component_id.startswith("mat-"):
        return "M"
    if component_id.startswith("arrow-"):
        return "W"
    if component_id.startswith("bonus-"):
        return "X"
    if component_id.startswith("penny"):
        return "P"
    if component_id.startswith("ad"):
        return "A"
    if re.fullmatch(r"H\d\d", component_id):
        return "H"
    if "-" in component_id:
        return "S"
    return "R"


def encode_payload(component_id: str) -> str:
    """The QR payload of a component: ``"war-A1"`` -> ``"TC1:PP:S:WAR-A1"``.

    The result is at most 20 characters of the QR alphanumeric set (fits a
    version-1 QR at EC level M). Raises ``ValueError`` naming the id when it is not
    a Penny Press catalog id (docs/contracts.md).
    """
    kind = kind_of(component_id)
    ident = component_id
    prefix = _PREFIX_W_X.get(kind)
    if prefix:
        ident = ident[len(prefix):]
    payload = f"{SCHEME}:{GAME}:{kind}:{ident.upper()}"
    assert len(payload) <= MAX_PAYLOAD_LEN and set(payload) <= QR_ALPHANUMERIC, payload
    return payload


#: Reads Penny Press payloads (companion.tags.PayloadReader).
READER = PayloadReader(GAME, KIND_NAMES, catalog_ids, encode_payload)
#: ``parse_payload(text | bytes) -> companion.tags.TagParse``; never raises: a
#: component for a Penny Press payload, else a reason (another game's is "other game").
parse_payload = READER.parse


def label(component_id: str) -> str:
    """Words for the person sticking the tag: ``"war-A1"`` -> ``"Story: War, shape A,
    1 star"``. Raises ValueError for an unknown id."""
    k = kind_of(component_id)
    if k == "S":
        beat, rest = component_id.split("-")
        n = int(rest[1])
        return f"Story: {BEAT_WORDS[beat]}, shape {rest[0]}, {n} star{'s' if n > 1 else ''}"
    if k == "H":
        return f"Headline card {int(component_id[1:])}"
    if k == "A":
        return f"Ad {component_id[2:]}"
    if k == "R":
        return f"Reporter: {component_id[:-1]} {component_id[-1]}"
    if k == "W":
        return f"Arrow marker: {BEAT_WORDS[component_id[6:]]}"
    if k == "X":
        return f"Bonus marker: {BEAT_WORDS[component_id[6:]]}"
    if k == "N":
        return "Newsboy token"
    if k == "P":
        return f"Penny {component_id[5:]}"
    if k == "M":
        return f"Player mat: {component_id[4:]}"
    return "Game board"


def piece_cells(component_id: str) -> tuple[int, int]:
    """A story's size in front-page cells, (width, height), from its shape in the
    rules engine's data (``war-A1``: shape A, 1 x 2). calibration multiplies it by
    components.json's ``cell_mm`` (pieces whose ``size_mm`` is ``"cells"``). Raises
    ValueError for an id that is not a story."""
    story = _catalog().stories.get(component_id)
    if story is None:
        raise ValueError(f"{component_id!r} is not a Penny Press story")
    w, h, _spaces = _catalog().shapes[story.shape]
    return (w, h)


def layout_zones(layout_name: str) -> tuple[str, ...]:
    """The zones a table layout must have for the game to be read
    (calibration.layouts.load_layout checks them): the board's ``headline`` and per
    beat ``beat:``, ``bonus:`` and ``arrow:`` zones; the mat's front-page cells
    ``front:<row>,<col>``, ``penny:1``..``penny:3``, ``published`` and ``home``."""
    cat = _catalog()
    if layout_name == "penny-press-board":
        return (("headline",) + tuple(f"beat:{b}" for b in cat.beats) + tuple(f"bonus:{b}" for b in cat.beats)
                + tuple(f"arrow:{b}" for b in cat.beats))
    if layout_name == "penny-press-mat":
        return (tuple(f"front:{r},{c}" for r in range(cat.front_rows) for c in range(cat.front_cols))
                + tuple(f"penny:{i}" for i in range(1, 4)) + ("published", "home"))
    return ()
