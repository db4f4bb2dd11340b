"""Tag payloads: the text inside a component's QR sticker (pure, no cv2).

Scheme (docs/contracts.md, docs/tags.md)::

    TC1:PP:<kind>:<ID>

- ``TC1``: scheme "Table Companion", version 1. Other versions are reported as
  ``"unsupported version"``.
- ``PP``: the game (Penny Press). Two upper-case letters/digits; other games are
  reported as ``"other game"``.
- ``<kind>``: one letter, ``S`` story, ``H`` headline card, ``A`` ad, ``R``
  reporter, ``M`` player mat, ``B`` board, ``W`` arrow marker, ``X`` bonus marker,
  ``N`` newsboy, ``P`` penny.
- ``<ID>``: the catalog id in upper case (``war-A1`` -> ``WAR-A1``). For arrow and
  bonus markers the kind letter already says "arrow"/"bonus", so the id is the beat
  alone (``arrow-politics`` -> ``TC1:PP:W:POLITICS``): ``TC1:PP:W:ARROW-POLITICS``
  would be 23 characters, too many for the symbol below.

Every payload uses only the QR alphanumeric set (``0-9 A-Z space $%*+-./:``) and
is at most :data:`MAX_PAYLOAD_LEN` = 20 characters, the capacity of a version-1 QR
code at error-correction level M in alphanumeric mode (ISO/IEC 18004 table 7), so
every sticker is the smallest QR symbol (21x21 modules).

:func:`parse_payload` never raises: anything a decoder hands over (text, bytes,
None, a 2 MB string) comes back as a :class:`TagParse` with either a component id
or a rejection reason.

Component ids follow docs/contracts.md; until the Penny Press rules engine owns
the catalog, :func:`catalog_ids` lists them here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SCHEME = "TC1"
GAME = "PP"
#: Alphanumeric capacity of a version-1 QR code at EC level M (characters).
MAX_PAYLOAD_LEN = 20
#: The QR alphanumeric character set (ISO/IEC 18004, 45 characters).
QR_ALPHANUMERIC = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")

#: Pennies in the box (the rulebook's component list); not a rule value.
PENNIES = 15


def _catalog():
    from companion.games.penny_press import load_catalog

    return load_catalog()


#: Beats and player colours, from the rules engine's data files.
BEATS = tuple(_catalog().beats)
COLOURS = tuple(_catalog().colours)

#: Kind letter -> kind name.
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

#: Rejection reasons, in the order parse_payload checks them.
REASONS = ("foreign", "garbled", "unsupported version", "too long", "other game", "unknown id")

_STRUCTURE = re.compile(r"TC([0-9A-Z]{1,3}):([0-9A-Z]{2}):([A-Z]):([0-9A-Z\-]{1,16})")
_PREFIX_W_X = {"W": "arrow-", "X": "bonus-"}


def catalog_ids() -> tuple[str, ...]:
    """Every Penny Press component id (docs/contracts.md), in a stable order.

    60 stories ``<beat>-<shape><stars>``, ``H01``..``H45``, ``ad1``..``ad6``, 25
    reporters ``<colour><n>``, 5 ``mat-<colour>``, ``board``, 5 ``arrow-<beat>``, 5
    ``bonus-<beat>``, ``newsboy``, ``penny1``..``penny15``: 168 ids.
    """
    return _CATALOG


def _build_catalog() -> tuple[str, ...]:
    """The ids, from the rules engine's catalog (its data files), so an edited data
    file changes the tags too."""
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


_CATALOG = _build_catalog()
_CATALOG_SET = frozenset(_CATALOG)


def kind_of(component_id: str) -> str:
    """Kind letter of a catalog id (``"war-A1"`` -> ``"S"``).

    Raises ``ValueError`` naming the id when it is not in :func:`catalog_ids`.
    """
    if component_id not in _CATALOG_SET:
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


# Upper-case payload id -> catalog id, per kind (built once).
def _build_reverse() -> dict[tuple[str, str], str]:
    rev = {}
    for cid in _CATALOG:
        kind, ident = encode_payload(cid).split(":")[2:]
        rev[(kind, ident)] = cid
    return rev


_REVERSE = _build_reverse()


@dataclass(frozen=True)
class TagParse:
    """What one decoded payload means.

    component: catalog id (``"war-A1"``) or ``None`` when rejected.
    kind: kind letter (``"S"``, ``"R"`` ...; names in :data:`KIND_NAMES`) when the
    payload had a readable kind field, else ``None``.
    game: the game code of a ``TC<n>:<game>:`` payload (``"PP"``), else ``None``.
    reason: ``None`` when ok, else one of :data:`REASONS`: ``"foreign"`` (not our
    scheme: a URL, a sentence), ``"garbled"`` (our prefix but broken structure,
    characters outside the QR alphanumeric set, undecodable bytes),
    ``"unsupported version"`` (``TC2:`` ...), ``"too long"`` (over 20 characters),
    ``"other game"``, ``"unknown id"`` (well-formed but not in the catalog).
    raw: the input as text (bytes decoded as Latin-1, cut to 200 characters), for
    the report.
    """

    component: str | None
    kind: str | None
    game: str | None
    reason: str | None
    raw: str

    @property
    def ok(self) -> bool:
        return self.reason is None


_RAW_KEEP = 200


def _reject(raw: str, reason: str, kind: str | None = None, game: str | None = None) -> TagParse:
    return TagParse(None, kind, game, reason, raw[:_RAW_KEEP])


def parse_payload(text: str | bytes) -> TagParse:
    """Read a decoded tag payload; never raises.

    text: the decoder's text (``str``) or raw bytes. Returns a :class:`TagParse`:
    ``component`` set and ``reason`` None for a valid Penny Press payload, otherwise
    ``component`` None and ``reason`` naming why it is ignored (see
    :class:`TagParse`). The check is strict: exact upper case, no surrounding
    spaces, at most 20 characters, only the forms :func:`encode_payload` writes.
    """
    return parse_tc1(text, *TC1_SPEC)


#: (game code, kind letters, lookup) of Penny Press payloads for :func:`parse_tc1`;
#: every game's tags module has one.
TC1_SPEC = (GAME, KIND_NAMES, lambda kind, ident, _payload: _REVERSE.get((kind, ident)))


def parse_tc1(text, game_code: str, kind_names, lookup) -> TagParse:
    """The TC1 payload check every game's ``parse_payload`` shares; never raises.

    game_code: the game's two-letter code (``PP``); kind_names: its kind letters;
    lookup(kind, ident, payload) -> component id or None. Another game's valid
    payload is ``"other game"`` (with its code), anything else a reason of
    :data:`REASONS`.
    """
    try:
        return _parse(text, game_code, kind_names, lookup)
    except Exception:  # pragma: no cover - defensive: parse must never raise
        try:
            raw = str(text)[:_RAW_KEEP]
        except Exception:
            raw = "<unprintable>"
        return _reject(raw, "garbled")


def _parse(text, game_code: str, kind_names, lookup) -> TagParse:
    if isinstance(text, (bytes, bytearray, memoryview)):
        data = bytes(text[: _RAW_KEEP * 4])
        raw = data.decode("latin-1")
        if not data.startswith(b"TC"):
            return _reject(raw, "foreign")
        try:
            text = bytes(text).decode("ascii")
        except UnicodeDecodeError:
            return _reject(raw, "garbled")
    elif not isinstance(text, str):
        return _reject(repr(text), "garbled")
    raw = text[:_RAW_KEEP]
    if not text.startswith("TC"):
        return _reject(raw, "foreign")
    vm = re.match(r"TC([0-9A-Z]{1,3}):", text)
    if not vm:
        return _reject(raw, "garbled")
    version = vm.group(1)
    if version != "1":
        return _reject(raw, "unsupported version")
    if len(text) > MAX_PAYLOAD_LEN:
        return _reject(raw, "too long")
    if not set(text) <= QR_ALPHANUMERIC:
        return _reject(raw, "garbled")
    m = _STRUCTURE.fullmatch(text)
    if not m:
        return _reject(raw, "garbled")
    _, game, kind, ident = m.groups()
    if game != game_code:
        return _reject(raw, "other game", game=game)
    if kind not in kind_names:
        return _reject(raw, "garbled", game=game)
    cid = lookup(kind, ident, text)
    if cid is None:
        return _reject(raw, "unknown id", kind=kind, game=game)
    return TagParse(cid, kind, game, None, raw)
