"""The virtual dial telephone of Scoop (pure, deterministic given the seed).

The physical telephone (Scoop, "Uso del teléfono"): the finger wheel is turned to the
number and let go; an inner disc turns with it and the window shows the editor's
signal. Here the disc is a :class:`Wheel` of sectors (data file ``wheel.json``, a
guess: FACTS.md), its position is kept across calls, and one call:

- turns the disc by ``sectors_per_digit`` per digit dialled (0 counts ten, as on a
  rotary dial),
- then lets it slip on by the hand's imprecision: ``0 .. slip_sectors - 1`` sectors,
  drawn from the game's secret seed with HMAC-SHA256(seed, "call:<n>:<number>"),
- and reads the signal under the window.

The data's wheels (ruling in docs/rulings.md) turn the disc by the number dialled
and slip by 0..2 sectors, like a real telephone: the number matters. The disc starts
each game where the last game left it, which nobody knows: ``start: "seeded"``
places it at HMAC-SHA256(seed, "start") mod the sectors (:func:`start_position`; a
wheel without ``start`` starts at 0, as journals written before this rule did).
Any turn-plus-slip walk keeps the uniform spread of positions (each step moves every
position by the same amount), so with a uniform start every call's signal has
exactly the sectors' shares, and the long-run shares equal them too (the slip's
consecutive values make the walk reach every sector). ``slip_sectors`` equal to the
number of sectors gives a telephone where the number no longer matters.

Fairness anyone can check: the seed is 32 random bytes (hex); its SHA-256
:func:`commitment` is shown (and printed) when the game starts, the seed is revealed
at the end, and :func:`verify_calls` re-runs every call from it.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from pathlib import Path

from companion.clitext import current, tx, txn
from companion.datafile import data_fault, read_json
from companion.errors import CompanionError, DataFileError

from .dialwords import signal_text

DATA_DIR = Path(__file__).resolve().parent / "data"
#: The eight signals of the seed's rule text, in its order.
SIGNALS = ("three_star", "extra", "press", "synd", "ok", "kill", "libel", "editor")
#: Signals that accept the story (take it, with what the signal adds).
ACCEPTED = frozenset({"three_star", "extra", "press", "synd", "ok"})
#: The numbers on a rotary dial: 1..9 and 0 (which turns the wheel ten digits).
NUMBERS = tuple(range(10))


@dataclass(frozen=True)
class Wheel:
    """The signal wheel: ``sectors`` in order round the disc (signal ids of
    :data:`SIGNALS`), ``sectors_per_digit`` (sectors turned per digit dialled),
    ``slip_sectors`` (range of the hand's imprecision), ``name`` and the ``file`` it
    was read from (named wherever a result depends on it)."""

    sectors: tuple[str, ...]
    sectors_per_digit: int = 2
    slip_sectors: int = 0
    name: str = "standard"
    file: str = ""
    #: where the disc stands at the game's start: ``"zero"`` (sector 0) or
    #: ``"seeded"`` (:func:`start_position`)
    start: str = "zero"

    def __post_init__(self):
        if not self.sectors:
            raise CompanionError(tx("dial.no_sectors", "a signal wheel needs at least one sector"))
        bad = sorted(set(self.sectors) - set(SIGNALS))
        if bad:
            raise CompanionError(tx("dial.unknown_signals", "unknown signals on the wheel: {bad}; known: {known}",
                                    bad=", ".join(bad), known=", ".join(SIGNALS)))
        if self.slip_sectors < 0 or self.sectors_per_digit < 0:
            raise CompanionError(tx("dial.negative", "sectors_per_digit and slip_sectors must be 0 or more"))
        if self.start not in ("zero", "seeded"):
            raise CompanionError(tx("dial.start", "start must be \"zero\" or \"seeded\", not {value}",
                                    value=repr(self.start)))

    @property
    def size(self) -> int:
        return len(self.sectors)

    def shares(self) -> dict[str, float]:
        """Long-run share of each signal (its fraction of the sectors)."""
        return {s: self.sectors.count(s) / self.size for s in SIGNALS}

    def to_dict(self) -> dict:
        d = {"name": self.name, "sectors": list(self.sectors), "sectors_per_digit": self.sectors_per_digit,
             "slip_sectors": self.slip_sectors, "file": self.file}
        if self.start != "zero":
            d["start"] = self.start
        return d

    @staticmethod
    def from_dict(d: dict, file: str = "") -> "Wheel":
        """A wheel from its JSON form. Raises CompanionError for a bad one."""
        try:
            sectors = tuple(str(x) for x in d["sectors"])
            return Wheel(sectors, int(d.get("sectors_per_digit", 2)),
                         int(d.get("slip_sectors", len(sectors))), str(d.get("name", "custom")),
                         str(d.get("file") or file), str(d.get("start", "zero")))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:  # the caller names the file
            raise CompanionError(tx("dial.not_wheel", "not a signal wheel ({why})", why=data_fault(exc))) from None


def wheel_path(name: str | Path | None = None) -> Path:
    """The file of a wheel: None/"standard" -> data/wheel.json, "kind"/"harsh" ->
    data/wheels/<name>.json (house rules), anything else a path to a JSON file."""
    if name in (None, "", "standard"):
        return DATA_DIR / "wheel.json"
    if isinstance(name, str) and (DATA_DIR / "wheels" / f"{name}.json").is_file():
        return DATA_DIR / "wheels" / f"{name}.json"
    return Path(name)


def load_wheel(name: str | Path | None = None) -> Wheel:
    """Read a wheel (see :func:`wheel_path`). Raises DataFileError naming the file."""
    path = wheel_path(name)
    data = read_json(path, kind=None)  # Wheel.from_dict words a value of another shape
    try:
        return Wheel.from_dict(data, file=_display_path(path))
    except CompanionError as exc:
        raise DataFileError(str(path), None, str(exc)) from None


#: Earlier editions of the shipped wheels (a game played with one still verifies).
EDITIONS_FILE = DATA_DIR / "wheel-editions.json"
_FIELDS = ("sectors", "sectors_per_digit", "slip_sectors", "start")


def earlier_editions(name: str) -> list[tuple[str, Wheel]]:
    """(edition label, wheel) of each earlier edition of the shipped wheel ``name``
    (standard, kind, harsh) from :data:`EDITIONS_FILE`, oldest first. Raises
    DataFileError naming the file when it cannot be read."""
    data = read_json(EDITIONS_FILE)
    try:
        rows = [e for e in data["editions"] if e.get("name") == (name or "standard")]
        return [(str(e.get("edition", "an earlier edition")), Wheel.from_dict(e, file=_display_path(EDITIONS_FILE)))
                for e in rows]
    except (ValueError, KeyError, TypeError, AttributeError, CompanionError) as exc:
        raise DataFileError(str(EDITIONS_FILE), None, tx("dial.not_editions", "not a list of wheel editions ({why})",
                                                         why=data_fault(exc))) from None


def wheel_differences(recorded: Wheel, now: Wheel) -> list[str]:
    """What differs between the wheel a record holds and another, field by field, in
    words: ``"slip_sectors: 20 in the record, 3 in the file"``, ``"sectors: 2 of 20
    differ (sector 1: ok in the record, kill in the file; ...)"``."""
    out = []
    for field in _FIELDS:
        a, b = getattr(recorded, field), getattr(now, field)
        if a == b:
            continue
        if field == "sectors" and len(a) == len(b):
            diff = [i for i in range(len(a)) if a[i] != b[i]]
            shown = "; ".join(tx("dial.sector_diff", "sector {i}: {a} in the record, {b} in the file", i=i,
                                 a=signal_word(a[i]), b=signal_word(b[i])) for i in diff[:3])
            more = "; ..." if len(diff) > 3 else ""
            out.append(tx("dial.sectors_differ", "sectors: {n} of {size} differ ({shown})", n=len(diff), size=len(a),
                          shown=shown + more))
        elif field == "sectors":
            out.append(tx("dial.sectors_count", "sectors: {a} in the record, {b} in the file", a=len(a), b=len(b)))
        else:
            out.append(tx("dial.field_diff", "{field}: {a} in the record, {b} in the file", field=field, a=a, b=b))
    return out


def signal_word(signal: str) -> str:
    """A signal as the dial's window shows it, in the command line's language
    (``"kill"`` -> ``"KILL IT"``); an unknown one as it is."""
    if signal not in SIGNALS:
        return str(signal)
    return signal_text(signal, current())[0]


def named_wheel_check(wheel: Wheel, trusted: str | Path | None = None) -> tuple[str | None, str | None]:
    """(problem, note) for the wheel a log, journal or export holds. A record's own
    copy is never trusted alone (with a forged sector it would match a forged
    signal): it must be the wheel it names as shipped now or in an earlier edition
    (:func:`earlier_editions`; note names the edition), its house-rule ``file`` as it
    is now, or the wheel file the user gives as ``trusted`` (``--wheel``; note says
    so). ``problem`` says what differs and what to do; None when all is well."""
    if trusted is not None:
        try:
            named = load_wheel(trusted)
        except DataFileError as exc:
            return tx("dial.given_unreadable", "the wheel given with --wheel cannot be read: {why}", why=exc), None
        diffs = wheel_differences(wheel, named)
        if diffs:
            return tx("dial.given_differs", "the file's wheel is not the wheel of {path} given with --wheel: {diffs}; "
                      "refused", path=trusted, diffs="; ".join(diffs)), None
        return None, tx("dial.given_ok", "checked against the wheel of {path} (given with --wheel), not the one the "
                        "file names", path=trusted)
    builtin = wheel.name in ("standard", "") or (DATA_DIR / "wheels" / f"{wheel.name}.json").is_file()
    if builtin:
        path = wheel_path(wheel.name)
    elif wheel.file:
        path = Path(wheel.file)
        if not path.is_absolute() and not path.is_file():
            path = Path(__file__).resolve().parents[3] / wheel.file
    else:
        return tx("dial.no_file", "the wheel {name} names no file to check it against; give the wheel file used "
                  "for that game with --wheel FILE", name=repr(wheel.name)), None
    try:
        named = load_wheel(path)
    except DataFileError as exc:
        return tx("dial.file_unreadable", "the wheel {name} cannot be checked against its file: {why}; give the "
                  "wheel file used for that game with --wheel FILE", name=repr(wheel.name), why=exc), None
    diffs = wheel_differences(wheel, named)
    if not diffs:
        return None, None
    if builtin:
        try:
            editions = earlier_editions(wheel.name)
        except DataFileError as exc:
            return str(exc), None
        for label, old in editions:
            if not wheel_differences(wheel, old):
                return None, tx("dial.edition", "the {name} wheel as shipped in its {label} (the game was played "
                                "with it; {path} has changed since)", name=wheel.name or "standard", label=label,
                                path=_display_path(path))
        return tx("dial.not_shipped", "the file's wheel is neither the {name} wheel of {path} nor an earlier edition "
                  "of it: {diffs}. Its copy of the wheel was changed, or it comes from another version of Table "
                  "Companion: verify it with that version, or give a wheel file you trust with --wheel FILE; refused",
                  name=repr(wheel.name or "standard"), path=_display_path(path), diffs="; ".join(diffs)), None
    return tx("dial.house_rule_changed", "the file's wheel differs from {path} as it is now: {diffs}. If that "
              "house-rule file was changed after the game, give its copy as it was then with --wheel FILE; refused",
              path=_display_path(path), diffs="; ".join(diffs)), None


def named_wheel_problem(wheel: Wheel) -> str | None:
    """None when ``wheel`` (read from a log, journal or export) is the wheel it names
    (now or in an earlier edition); otherwise why not (:func:`named_wheel_check`)."""
    return named_wheel_check(wheel)[0]


def _display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path(__file__).resolve().parents[3]))
    except ValueError:
        return str(path)


def new_seed() -> str:
    """A fresh secret seed: 32 random bytes as 64 hex digits."""
    return secrets.token_hex(32)


def _seed_bytes(seed: str) -> bytes:
    try:
        b = bytes.fromhex(seed)
    except (TypeError, ValueError):
        raise CompanionError(tx("dial.seed_hex", "the dial seed must be hex digits")) from None
    if len(b) < 16:
        raise CompanionError(tx("dial.seed_short", "the dial seed must be at least 16 bytes (32 hex digits)"))
    return b


def commitment(seed: str) -> str:
    """SHA-256 of the seed's bytes, hex: shown at the start, checked at the end."""
    return hashlib.sha256(_seed_bytes(seed)).hexdigest()


def digits(number: int) -> int:
    """How many digits the finger wheel turns for ``number`` (0 turns ten)."""
    if not isinstance(number, int) or isinstance(number, bool) or number not in NUMBERS:
        raise CompanionError(tx("dial.number", "dial a number from 0 to 9, not {value}", value=repr(number)))
    return number or 10


@dataclass(frozen=True)
class Call:
    """One call: ``index`` (0-based, in the game), ``number`` dialled, wheel position
    before/after (sector index), ``slip`` (sectors), ``signal`` shown."""

    index: int
    number: int
    before: int
    after: int
    slip: int
    signal: str

    def to_dict(self) -> dict:
        return {"index": self.index, "number": self.number, "before": self.before, "after": self.after,
                "slip": self.slip, "signal": self.signal}


def slip_of(seed: str, index: int, number: int, slip_sectors: int) -> int:
    """The hand's imprecision for call ``index`` of ``number``: 0..slip_sectors-1."""
    if slip_sectors <= 1:
        return 0
    mac = hmac.new(_seed_bytes(seed), f"call:{index}:{number}".encode(), hashlib.sha256).digest()
    return int.from_bytes(mac[:8], "big") % slip_sectors


def start_position(wheel: Wheel, seed: str) -> int:
    """Sector under the window at the game's start: 0, or for a ``"seeded"`` wheel
    HMAC-SHA256(seed, "start") mod the sectors (uniform over the sectors)."""
    if wheel.start != "seeded":
        return 0
    mac = hmac.new(_seed_bytes(seed), b"start", hashlib.sha256).digest()
    return int.from_bytes(mac[:8], "big") % wheel.size


def call(wheel: Wheel, seed: str, position: int, index: int, number: int) -> Call:
    """Dial ``number`` with the disc at ``position``: the :class:`Call` (new position,
    signal). Raises CompanionError for a number not on the dial."""
    turn = digits(number) * wheel.sectors_per_digit
    slip = slip_of(seed, index, number, wheel.slip_sectors)
    after = (position + turn + slip) % wheel.size
    return Call(index, number, position, after, slip, wheel.sectors[after])


class Dial:
    """A dial telephone for one game: the wheel, the secret seed and the disc's
    position, kept across :meth:`dial` calls. ``start`` is the position at the start
    (None: :func:`start_position`)."""

    def __init__(self, wheel: Wheel | None = None, seed: str | None = None, start: int | None = None):
        self.wheel = wheel or load_wheel()
        self.seed = seed or new_seed()
        self.commitment = commitment(self.seed)
        if start is None:
            start = start_position(self.wheel, self.seed)
        self.position = start % self.wheel.size
        self.calls: list[Call] = []

    def dial(self, number: int) -> Call:
        c = call(self.wheel, self.seed, self.position, len(self.calls), number)
        self.position = c.after
        self.calls.append(c)
        return c


@dataclass(frozen=True)
class Verdict:
    """Result of :func:`verify_calls`: ``ok`` when the seed matches the commitment and
    every recorded signal is the one the seed gives; ``problems`` says what does not."""

    ok: bool
    calls: int
    problems: tuple[str, ...]


def verify_calls(wheel: Wheel, seed: str, calls, committed: str | None = None, start: int | None = None) -> Verdict:
    """Re-run every call from ``seed``. ``calls``: dicts or :class:`Call` with
    ``number`` and the recorded ``signal`` (None, not recorded, is a problem).
    ``committed``: the commitment shown at the start (checked against the seed).
    ``start``: the disc's position at the start (None: :func:`start_position`)."""
    problems: list[str] = []
    try:
        if committed is not None and commitment(seed) != committed.strip().lower():
            problems.append(tx("dial.seed_mismatch", "the revealed seed does not match the commitment shown at the "
                               "start"))
    except CompanionError as exc:
        return Verdict(False, 0, (str(exc),))
    try:
        pos = (start_position(wheel, seed) if start is None else start) % wheel.size
    except CompanionError as exc:
        return Verdict(False, 0, (str(exc),))
    n = 0
    for i, c in enumerate(calls):
        d = c.to_dict() if isinstance(c, Call) else dict(c)
        try:
            got = call(wheel, seed, pos, i, d["number"])
        except (CompanionError, KeyError) as exc:
            problems.append(tx("dial.call_broken", "call {n}: cannot be re-run ({why})", n=i + 1,
                               why=data_fault(exc)))
            break
        want = d.get("signal")
        if want is None:
            problems.append(tx("dial.call_unrecorded", "call {n} (number {number}): no signal recorded", n=i + 1,
                               number=d["number"]))
        elif want != got.signal:
            problems.append(tx("dial.call_differs", "call {n} (number {number}): recorded {recorded}, the seed gives "
                               "{seed}", n=i + 1, number=d["number"], recorded=signal_word(want),
                               seed=signal_word(got.signal)))
        pos = got.after
        n += 1
    return Verdict(not problems, n, tuple(problems))
