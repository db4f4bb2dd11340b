"""Pergamon tag payloads: the text in each component's QR sticker (pure, no cv2).

Finds, figures, the tomb raider and the markers are printed with ArUco markers instead
(calibration/data/pergamon/components.json ``aruco_ids``; finds ids 100-159 of
DICT_4X4_250, issue 28); their payloads still read (stickers printed before).

Same scheme as Penny Press (docs/contracts.md, companion.tags): ``TC1:PG:<kind>:<ID>``,
at most 20 characters of the QR alphanumeric set, so every sticker is a version-1 QR
code at EC level M.

Component ids (docs/pergamon.md) and kinds:

========  ==================  =========================  ====================
kind      component           id                         payload
========  ==================  =========================  ====================
``B``     the board           ``board``                  ``TC1:PG:B:BOARD``
``M``     a player's area     ``mat-<colour>``           ``TC1:PG:M:RED``
``F``     a find tile         tile id (``F43``)          ``TC1:PG:F:F43``
``C``     a funds card's face ``card<coins><copy>``      ``TC1:PG:C:5B``
``K``     a funds card's back ``bag<n>`` / ``chest<n>``  ``TC1:PG:K:BAG3``
``G``     a player's figure   ``figure-<colour>``        ``TC1:PG:G:RED``
``T``     the tomb raider     ``raider``                 ``TC1:PG:T:RAIDER``
``O``     circular marker     ``circle-<colour><n>``     ``TC1:PG:O:RED2``
``L``     angular marker      ``angle-<colour><n>``      ``TC1:PG:L:RED2``
========  ==================  =========================  ====================

Funds cards carry a tag on each side: the face names the coins (``card5b``: the
second card of 5 coins), the back only says bag or chest with a number that is not
linked to the face (``bag1``..``bag12``, ``chest1``..``chest12``), so reading the
backs before the bids reveals nothing more than the players see. Markers ``n`` = 1..3
are the printed I, II, III. Coins and admission tickets carry no tags: the app keeps
them (docs/pergamon.md).

:func:`parse_payload` never raises; it returns :class:`companion.tags.TagParse`.
"""

from __future__ import annotations

from functools import lru_cache

from companion.tags import MAX_PAYLOAD_LEN, QR_ALPHANUMERIC, PayloadReader

GAME = "PG"
#: Player colours (figures, areas, markers), in seat-picking order.
COLOURS = ("red", "blue", "green", "yellow")
#: Kind letter -> kind name (also GameSpec.tag_kinds).
KIND_NAMES = {"B": "board", "M": "area", "F": "find", "C": "card", "K": "card back", "G": "figure",
              "T": "tomb raider", "O": "circular marker", "L": "angular marker"}
#: Markers per player and kind (I, II, III).
MARKERS = 3
_COPIES = "ABC"


@lru_cache(maxsize=None)
def _catalog():
    from companion.games.pergamon import load_catalog

    return load_catalog()


def card_ids() -> tuple[str, ...]:
    """Funds card faces: ``card1a``..``card8c`` (copies a, b, c per value, from the
    data file's ``funds_cards`` counts)."""
    out = []
    for value, count in sorted(_catalog().funds_cards.items()):
        out += [f"card{value}{_COPIES[i].lower()}" for i in range(count)]
    return tuple(out)


def back_ids() -> tuple[str, ...]:
    """Funds card backs: ``bag1``.. and ``chest1``.., as many as cards of each back."""
    cat = _catalog()
    out = []
    for back, values in sorted(cat.backs.items()):
        n = sum(cat.funds_cards[v] for v in values)
        out += [f"{back}{i}" for i in range(1, n + 1)]
    return tuple(out)


@lru_cache(maxsize=None)
def catalog_ids() -> tuple[str, ...]:
    """Every Pergamon component id, in a stable order (board, areas, finds, card
    faces, card backs, figures, raider, circular, angular markers)."""
    ids = ["board"] + [f"mat-{c}" for c in COLOURS]
    ids += list(_catalog().tiles)
    ids += list(card_ids()) + list(back_ids())
    ids += [f"figure-{c}" for c in COLOURS] + ["raider"]
    ids += [f"circle-{c}{n}" for c in COLOURS for n in range(1, MARKERS + 1)]
    ids += [f"angle-{c}{n}" for c in COLOURS for n in range(1, MARKERS + 1)]
    return tuple(ids)


_PREFIX = {"M": "mat-", "G": "figure-", "O": "circle-", "L": "angle-", "C": "card"}


def kind_of(component_id: str) -> str:
    """Kind letter of a Pergamon id (``"F43"`` -> ``"F"``). Raises ValueError naming
    an id that is not in :func:`catalog_ids`."""
    if component_id not in _ids_set():
        raise ValueError(f"unknown Pergamon component id {component_id!r}")
    if component_id == "board":
        return "B"
    if component_id == "raider":
        return "T"
    if component_id in _catalog().tiles:
        return "F"
    if component_id.startswith(("bag", "chest")):
        return "K"
    for kind, prefix in _PREFIX.items():
        if component_id.startswith(prefix):
            return kind
    raise ValueError(f"unknown Pergamon component id {component_id!r}")  # pragma: no cover


@lru_cache(maxsize=None)
def _ids_set() -> frozenset[str]:
    return frozenset(catalog_ids())


def encode_payload(component_id: str) -> str:
    """The QR payload of a Pergamon component (``"circle-red2"`` -> ``"TC1:PG:O:RED2"``).
    Raises ValueError for an id outside :func:`catalog_ids`."""
    kind = kind_of(component_id)
    ident = component_id[len(_PREFIX[kind]):] if kind in _PREFIX else component_id
    payload = f"TC1:{GAME}:{kind}:{ident.upper()}"
    assert len(payload) <= MAX_PAYLOAD_LEN and set(payload) <= QR_ALPHANUMERIC, payload
    return payload


#: Reads this game's payloads (companion.tags.PayloadReader).
READER = PayloadReader(GAME, KIND_NAMES, catalog_ids, encode_payload)
#: ``parse_payload(text | bytes) -> companion.tags.TagParse``; never raises: a component for
#: one of this game's payloads, else a reason of companion.tags.REASONS (another game's
#: payload is "other game").
parse_payload = READER.parse


def label(component_id: str) -> str:
    """Words for the person sticking the tag (``"F43"`` -> ``"Find 463 BC"``,
    ``"card5b"`` -> ``"Funds card 5 coins (copy b), face"``)."""
    k = kind_of(component_id)
    if k == "B":
        return "Game board"
    if k == "M":
        return f"Player area: {component_id[4:]}"
    if k == "F":
        t = _catalog().tiles[component_id]
        return f"Find {t.century}{t.number:02d} BC ({t.left} | {t.right})"
    if k == "C":
        return f"Funds card {component_id[4:-1]} coins (copy {component_id[-1]}), face"
    if k == "K":
        back = "bag" if component_id.startswith("bag") else "chest"
        return f"Funds card back: {back} {component_id[len(back):]} (any {back} card)"
    if k == "G":
        return f"Figure: {component_id[7:]}"
    if k == "T":
        return "Tomb raider (2 players)"
    roman = "I" * int(component_id[-1])
    colour = component_id.split("-", 1)[1][:-1]
    return f"{'Circular' if k == 'O' else 'Angular'} marker {roman}: {colour}"
