"""Turin Market tag payloads: the text in each component's QR sticker (pure, no cv2).

Same scheme as Penny Press and Pergamon (docs/contracts.md, companion.tags):
``TC1:TM:<kind>:<ID>``, at most 20 characters of the QR alphanumeric set, so every
sticker is a version-1 QR code at EC level M.

========  ==========================  ====================  =====================
kind      component                   id                    payload
========  ==========================  ====================  =====================
``C``     a goods card                ``T01``..``T18``      ``TC1:TM:C:T07``
``G``     a goods (majority) token    ``token-<good>``      ``TC1:TM:G:GRAPES``
``O``     the barter goose            ``goose``             ``TC1:TM:O:GOOSE``
``M``     a player's area (seat 1-5)  ``mat-<colour>``      ``TC1:TM:M:RED``
``B``     the market board            ``board``             ``TC1:TM:B:BOARD``
========  ==========================  ====================  =====================

The nine goods tokens of the box are the majority tokens: a token lies in front of
the player with the majority of its good (rule text, step 5). The market board
holds the centre area (the cards being auctioned) and the sale area (cards offered
for sale, with their shields on them); boards and player areas are located by their
corner fiducials (calibration/data/turin_market), like Penny Press's board and mats.
Seat ``i`` (0-based) plays on the area of colour :data:`COLOURS` ``[i]``.

Card ids and goods come from the engine's data files (an edited ``goods.json``
changes the tags too). :func:`parse_payload` never raises.
"""

from __future__ import annotations

from functools import lru_cache

from companion.tags import MAX_PAYLOAD_LEN, QR_ALPHANUMERIC, PayloadReader

GAME = "TM"
#: Player area colours, by seat (seat 0 = red).
COLOURS = ("red", "blue", "green", "yellow", "black")
#: Kind letter -> kind name (also GameSpec.tag_kinds).
KIND_NAMES = {"C": "card", "G": "token", "O": "goose", "M": "mat", "B": "board"}
_PREFIX = {"G": "token-", "M": "mat-"}


@lru_cache(maxsize=None)
def _catalog():
    from companion.games.turin_market.catalog import load_catalog

    return load_catalog()


@lru_cache(maxsize=None)
def catalog_ids() -> tuple[str, ...]:
    """Every Turin Market component id, in a stable order: the 18 cards, the 9
    goods tokens, the goose, the 5 player areas, the market board."""
    cat = _catalog()
    ids = sorted(cat.cards)
    ids += [f"token-{g}" for g in cat.goods]
    ids += ["goose"] + [f"mat-{c}" for c in COLOURS] + ["board"]
    return tuple(ids)


@lru_cache(maxsize=None)
def _ids_set() -> frozenset[str]:
    return frozenset(catalog_ids())


def kind_of(component_id: str) -> str:
    """Kind letter of a Turin Market id (``"T07"`` -> ``"C"``). Raises ValueError
    naming an id that is not in :func:`catalog_ids`."""
    if component_id not in _ids_set():
        raise ValueError(f"unknown Turin Market component id {component_id!r}")
    if component_id == "board":
        return "B"
    if component_id == "goose":
        return "O"
    for kind, prefix in _PREFIX.items():
        if component_id.startswith(prefix):
            return kind
    return "C"


def encode_payload(component_id: str) -> str:
    """The QR payload (``"token-grapes"`` -> ``"TC1:TM:G:GRAPES"``). Raises
    ValueError for an id outside :func:`catalog_ids`."""
    kind = kind_of(component_id)
    ident = component_id[len(_PREFIX[kind]):] if kind in _PREFIX else component_id
    payload = f"TC1:{GAME}:{kind}:{ident.upper()}"
    if len(payload) > MAX_PAYLOAD_LEN or not set(payload) <= QR_ALPHANUMERIC:
        raise ValueError(f"{component_id!r}: payload {payload!r} does not fit a version-1 QR code "
                         f"(at most {MAX_PAYLOAD_LEN} characters 0-9 A-Z -); shorten the good's id in goods.json")
    return payload


#: Reads this game's payloads (companion.tags.PayloadReader).
READER = PayloadReader(GAME, KIND_NAMES, catalog_ids, encode_payload)
#: ``parse_payload(text | bytes) -> companion.tags.TagParse``; never raises: a component for
#: one of this game's payloads, else a reason of companion.tags.REASONS (another game's
#: payload is "other game").
parse_payload = READER.parse


def label(component_id: str, lang: str = "en") -> str:
    """Words for the person sticking the tag (``"T07"`` -> ``"Goods card T07: 3 rice,
    2 wheat, 1 truffles"``). Raises ValueError for an unknown id."""
    k = kind_of(component_id)
    cat = _catalog()

    def good(g):
        return cat.good_names[g].get(lang) or cat.good_names[g]["en"]

    if k == "C":
        units = sorted(cat.cards[component_id].units.items(), key=lambda kv: -kv[1])
        return f"Goods card {component_id}: " + ", ".join(f"{n} {good(g)}" for g, n in units)
    if k == "G":
        return f"Goods token: {good(component_id[6:])}"
    if k == "O":
        return "Barter goose"
    if k == "M":
        colour = component_id[4:]
        return f"Player area {COLOURS.index(colour) + 1} ({colour})"
    return "Market board (centre and sale areas)"


def seat_of_surface(surface: str) -> int | None:
    """The seat (0-based) playing on ``surface`` (``"mat-blue"`` -> 1), else None."""
    if surface.startswith("mat-") and surface[4:] in COLOURS:
        return COLOURS.index(surface[4:])
    return None
