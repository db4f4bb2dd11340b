"""Scoop tag payloads: the text in each component's QR sticker (pure, no cv2).

Same scheme as the other games (docs/contracts.md, companion.tags):
``TC1:SC:<kind>:<ID>``, at most 20 characters of the QR alphanumeric set (a
version-1 QR code at EC level M).

========  ===================================  ==================  ====================
kind      component                            id                  payload
========  ===================================  ==================  ====================
``C``     a SCOOP card (hand), one per copy    ``crime-call9.2``   ``TC1:SC:C:CRI-T2``
``S``     a story from a pile (its value)      ``crime-v4``        ``TC1:SC:S:CRI-4``
``A``     an advert from the advert pile       ``adverts-v5``      ``TC1:SC:A:5``
``G``     a page design board                  ``page-a``          ``TC1:SC:G:A``
``M``     a player's mat (seat colour)         ``mat-red``         four ArUco corners
========  ===================================  ==================  ====================

Stories and adverts are printed as ArUco markers (calibration/data/scoop/components.json
``aruco_ids``: larger cells, read at a tablet stand's far mats); their payloads above
stay valid, so QR stickers printed before still read.

SCOOP card roles: ``R`` reporter, ``P`` photographer, ``T`` telephone card (its number
is the story type's), ``C``/``A``/``O`` an advert's copy, artwork and order;
``SCOOP-<n>`` a SCOOP card. A story id ``<pile>-v<k>`` is the k-th value (1-based) of
the pile in ``values.json``: a sticker tells its printed value. Type codes are the
first three letters of the type (``three_star`` is ``3ST``); two types with the same
code in an edited data file raise ValueError. Pages are located by their corner
fiducials (calibration/data/scoop/scoop-page.json: the page design board lies on
its player's mat, with the reserve spaces and the call area beside it).
Ids and codes come from the data files. :func:`parse_payload` never raises.
"""

from __future__ import annotations

from functools import lru_cache

from companion.tags import MAX_PAYLOAD_LEN, QR_ALPHANUMERIC, PayloadReader

GAME = "SC"
#: Kind letter -> kind name (also GameSpec.tag_kinds).
KIND_NAMES = {"C": "card", "S": "story", "A": "advert", "G": "page", "M": "mat"}
#: Seat colours of the players' mats (catalog COLOURS).
COLOURS = ("red", "blue", "green", "yellow", "black", "white")
_ROLES = {"reporter": "R", "photo": "P", "copy": "C", "artwork": "A", "order": "O"}


@lru_cache(maxsize=None)
def _catalog():
    from companion.games.scoop.catalog import load_catalog

    return load_catalog()


def type_code(kind: str) -> str:
    """Three-character code of a story type, advert type or pile (``three_star`` ->
    ``3ST``)."""
    return "3ST" if kind == "three_star" else kind[:3].upper()


@lru_cache(maxsize=None)
def _codes() -> dict[str, str]:
    cat = _catalog()
    names = list(cat.story_types) + list(cat.advert_types) + list(cat.piles)
    out: dict[str, str] = {}
    for n in dict.fromkeys(names):
        c = type_code(n)
        if c in out.values():
            raise ValueError(f"two Scoop types share the tag code {c!r}: rename one in the data files")
        out[n] = c
    return out


@lru_cache(maxsize=None)
def _table() -> dict[str, tuple[str, str]]:
    """component id -> (kind, payload id)."""
    cat = _catalog()
    codes = _codes()
    out: dict[str, tuple[str, str]] = {}
    for t in sorted(cat.story_types):
        for role in ("reporter", "photo"):
            for k in range(1, cat.copies + 1):
                out[f"{t}-{role}.{k}"] = ("C", f"{codes[t]}-{_ROLES[role]}{k}")
        for k in range(1, cat.copies + 1):
            out[f"{t}-call{cat.story_types[t]}.{k}"] = ("C", f"{codes[t]}-T{k}")
    for a in sorted(cat.advert_types):
        for role in ("copy", "artwork", "order"):
            for k in range(1, cat.copies + 1):
                out[f"ad-{a}-{role}.{k}"] = ("C", f"{codes[a]}-{_ROLES[role]}{k}")
    for k in range(1, cat.scoop_cards + 1):
        out[f"scoop.{k}"] = ("C", f"SCOOP-{k}")
    for pile, values in cat.piles.items():
        for k in range(1, len(values) + 1):
            if pile == "adverts":
                out[f"adverts-v{k}"] = ("A", str(k))
            else:
                out[f"{pile}-v{k}"] = ("S", f"{codes[pile]}-{k}")
    for d in sorted(cat.designs):
        out[f"page-{d.lower()}"] = ("G", d.upper())
    for c in COLOURS:
        out[f"mat-{c}"] = ("M", c.upper())
    return out


def catalog_ids() -> tuple[str, ...]:
    """Every Scoop component id, in a stable order: SCOOP cards (per copy), pile
    stories, adverts, pages."""
    return tuple(_table())


def kind_of(component_id: str) -> str:
    """Kind letter of a Scoop id (``"crime-v4"`` -> ``"S"``). Raises ValueError for
    an id outside :func:`catalog_ids`."""
    try:
        return _table()[component_id][0]
    except KeyError:
        raise ValueError(f"unknown Scoop component id {component_id!r}") from None


def encode_payload(component_id: str) -> str:
    """The QR payload (``"crime-v4"`` -> ``"TC1:SC:S:CRI-4"``). ValueError for an
    unknown id or one that does not fit a version-1 QR code."""
    kind = kind_of(component_id)
    payload = f"TC1:{GAME}:{kind}:{_table()[component_id][1]}"
    if len(payload) > MAX_PAYLOAD_LEN or not set(payload) <= QR_ALPHANUMERIC:
        raise ValueError(f"{component_id!r}: payload {payload!r} does not fit a version-1 QR code")
    return payload


#: Reads this game's payloads (companion.tags.PayloadReader).
READER = PayloadReader(GAME, KIND_NAMES, catalog_ids, encode_payload)
#: ``parse_payload(text | bytes) -> companion.tags.TagParse``; never raises: a component for
#: one of this game's payloads, else a reason of companion.tags.REASONS (another game's
#: payload is "other game").
parse_payload = READER.parse


def card_of(component_id: str) -> str:
    """The engine's card id of a SCOOP card component (``"crime-call9.2"`` ->
    ``"crime-call9"``, ``"scoop.1"`` -> ``"scoop"``). ValueError for another kind."""
    if kind_of(component_id) != "C":
        raise ValueError(f"{component_id!r} is not a SCOOP card")
    return component_id.rsplit(".", 1)[0]


def story_of(component_id: str) -> tuple[str, int]:
    """(pile, printed value $) of a pile story or advert (``"crime-v4"`` ->
    ``("crime", 350)``). ValueError for another kind."""
    if kind_of(component_id) not in ("S", "A"):
        raise ValueError(f"{component_id!r} is not a story or an advert")
    pile, k = component_id.rsplit("-v", 1)
    return pile, _catalog().piles[pile][int(k) - 1]


def design_of(component_id: str) -> str:
    """The page design id of a page (``"page-a"`` -> ``"A"``)."""
    if kind_of(component_id) != "G":
        raise ValueError(f"{component_id!r} is not a page")
    return next(d for d in _catalog().designs if d.lower() == component_id[5:])


def label(component_id: str, lang: str = "en") -> str:
    """Words for the person sticking the tag (``"crime-v4"`` -> ``"Crime story
    $350 (4th of its pile)"``). Raises ValueError for an unknown id."""
    k = kind_of(component_id)
    if k == "G":
        return f"Page design {design_of(component_id)}"
    if k == "M":
        return f"Player mat {COLOURS.index(component_id[4:]) + 1} ({component_id[4:]})"
    if k in ("S", "A"):
        pile, value = story_of(component_id)
        n = component_id.rsplit("-v", 1)[1]
        what = "Advert" if k == "A" else f"{pile.replace('_', '-').capitalize()} story"
        return f"{what} ${value:,} (card {n} of its pile)"
    card, copy = component_id.rsplit(".", 1)
    if card == "scoop":
        return f"SCOOP card {copy}"
    kind, _, role = card.rpartition("-")
    if role.startswith("call"):
        return f"{kind.capitalize()} telephone card, number {role[4:]} (copy {copy})"
    return f"{kind.replace('ad-', 'Advert ').capitalize()} {role} card (copy {copy})"
