"""The TC1 tag scheme every game's QR payloads follow (pure, no cv2).

A payload is the text inside a component's QR sticker (docs/contracts.md,
docs/tags.md)::

    TC1:<game>:<kind>:<ID>

- ``TC1``: scheme "Table Companion", version 1. Other versions are reported as
  ``"unsupported version"``.
- ``<game>``: the game's two-letter code (``GameSpec.tag_code``: ``PP``, ``SC``,
  ``PG``, ``TM``); another game's payload is reported as ``"other game"``.
- ``<kind>``: one letter, the game's kind of piece (its tags module's ``KIND_NAMES``).
- ``<ID>``: the component in upper case, as the game's ``encode_payload`` writes it.

Every payload uses only the QR alphanumeric set (``0-9 A-Z space $%*+-./:``) and is
at most :data:`MAX_PAYLOAD_LEN` = 20 characters, the capacity of a version-1 QR code
at error-correction level M in alphanumeric mode (ISO/IEC 18004 table 7), so every
sticker is the smallest QR symbol (21x21 modules).

What a game owns (its catalog of components, their kinds and payloads) is in its
tags module (``GameSpec.tags``, e.g. ``companion.games.<folder>.tags``). Each
reads its payloads with one :class:`PayloadReader`; :func:`parse_tc1` is the check
they share. Reading never raises: anything a decoder hands over (text, bytes, None,
a 2 MB string) comes back as a :class:`TagParse` with either a component id or a
rejection reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping

SCHEME = "TC1"
#: Alphanumeric capacity of a version-1 QR code at EC level M (characters).
MAX_PAYLOAD_LEN = 20
#: The QR alphanumeric character set (ISO/IEC 18004, 45 characters).
QR_ALPHANUMERIC = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")

#: Rejection reasons, in the order parse_tc1 checks them.
REASONS = ("foreign", "garbled", "unsupported version", "too long", "other game", "unknown id")

_STRUCTURE = re.compile(r"TC([0-9A-Z]{1,3}):([0-9A-Z]{2}):([A-Z]):([0-9A-Z\-]{1,16})")
_RAW_KEEP = 200


@dataclass(frozen=True)
class TagParse:
    """What one decoded payload means.

    component: catalog id (``"war-A1"``) or ``None`` when rejected.
    kind: kind letter (``"S"``, ``"R"`` ...; names in the game's ``KIND_NAMES``) when
    the payload had a readable kind field, else ``None``.
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


def _reject(raw: str, reason: str, kind: str | None = None, game: str | None = None) -> TagParse:
    return TagParse(None, kind, game, reason, raw[:_RAW_KEEP])


def parse_tc1(text, game_code: str, kind_names, lookup) -> TagParse:
    """The TC1 payload check every game's reader shares; never raises.

    game_code: the game's two-letter code (``PP``); kind_names: its kind letters;
    lookup(kind, ident, payload) -> component id or None. Another game's valid
    payload is ``"other game"`` (with its code), anything else a reason of
    :data:`REASONS`. The check is strict: exact upper case, no surrounding spaces,
    at most 20 characters.
    """
    try:
        return check_tc1(text, game_code, kind_names, lookup)
    except Exception:  # pragma: no cover - defensive: parse must never raise
        try:
            raw = str(text)[:_RAW_KEEP]
        except Exception:
            raw = "<unprintable>"
        return _reject(raw, "garbled")


def check_tc1(text, game_code: str, kind_names, lookup) -> TagParse:
    """:func:`parse_tc1` without its catch-all: an internal error propagates (the
    hostile-input benchmark calls this so a swallowed error still counts)."""
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


class PayloadReader:
    """Reads one game's payloads: the reverse of its ``encode_payload`` over its
    catalog, built on first use, behind :func:`parse_tc1`.

    code: the game's two-letter code. kind_names: its kind letter -> name.
    catalog_ids / encode_payload: the game's functions (``() -> ids``, ``id ->
    payload``). A game's tags module makes one and offers ``parse_payload =
    reader.parse``.
    """

    def __init__(self, code: str, kind_names: Mapping[str, str], catalog_ids: Callable[[], Iterable[str]],
                 encode_payload: Callable[[str], str]):
        self.code = code
        self.kind_names = kind_names
        self._catalog_ids = catalog_ids
        self._encode = encode_payload
        self._reverse: dict[str, str] | None = None

    def lookup(self, _kind: str, _ident: str, payload: str) -> str | None:
        """The component whose payload is exactly ``payload``, or None."""
        if self._reverse is None:
            self._reverse = {self._encode(c): c for c in self._catalog_ids()}
        return self._reverse.get(payload)

    def parse(self, text) -> TagParse:
        """Read a decoded payload (``str`` or raw bytes) as this game's tag; never
        raises. Returns a :class:`TagParse` with ``component`` set for one of this
        game's payloads, else ``component`` None and ``reason`` one of
        :data:`REASONS` (another game's payload is ``"other game"``)."""
        return parse_tc1(text, self.code, self.kind_names, self.lookup)

    def check(self, text) -> TagParse:
        """:meth:`parse` without the catch-all (see :func:`check_tc1`)."""
        return check_tc1(text, self.code, self.kind_names, self.lookup)


def game_tags(game: str | None = None):
    """The tags module of ``game`` (a registry id; None: the registry's default game):
    ``catalog_ids``, ``kind_of``, ``encode_payload``, ``parse_payload``, ``label``,
    ``KIND_NAMES``. Raises ``companion.registry.UnknownGame`` for an unknown id."""
    import importlib

    from companion import registry

    spec = registry.get(game) if game else registry.default()
    return importlib.import_module(spec.tags)


def catalog_ids(game: str | None = None) -> tuple[str, ...]:
    """Every component id of ``game`` (None: the default game), in its stable order."""
    return tuple(game_tags(game).catalog_ids())


def encode_payload(component_id: str, game: str | None = None) -> str:
    """The TC1 payload printed on ``component_id``'s sticker (``game``: None for the
    default game). Raises ValueError for an id that game does not have."""
    return game_tags(game).encode_payload(component_id)


def parse_payload(text, game: str | None = None) -> TagParse:
    """``text`` read as a payload of ``game`` (None: the default game); never raises."""
    return game_tags(game).parse_payload(text)
