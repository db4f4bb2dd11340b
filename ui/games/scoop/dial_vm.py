"""The dial telephone's view-model (no Kivy): the geometry of a rotary finger wheel,
the drag of one call, the run back with its clicks, and the signal shown.

Scoop, "Uso del teléfono": the player puts a finger in the hole of the number, turns
the finger wheel clockwise to the finger stop and lets go; the wheel runs back and the
window shows the editor's signal. The signal itself comes from the pure dial
(:mod:`companion.games.scoop.dial`: wheel position, seed, commitment); this module
only turns touches into a call.

Angles are degrees, counter-clockwise from the +x axis (Kivy's ``Rotate``);
``rotation`` is how far the finger wheel is turned clockwise from rest (>= 0).
Positions are relative to the dial's centre, in the same unit as ``radius`` (px).

Geometry of a real dial (measured off photographs of the common desk telephones):
holes 30 deg apart, hole 1 a 60 deg turn from the finger stop, hole 0 a 330 deg
turn; the wheel runs back at ten pulses a second, i.e. 300 deg/s, one click per
pulse (1 pulse for 1, ..., 10 for 0).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Iterable

from companion.games.scoop import texts
from companion.games.scoop.dial import Call, Dial, digits
from ui.i18n import GameTexts
from ui.i18n_catalog import N_

#: Angle of the finger stop (deg, CCW from +x): between 4 and 5 o'clock.
STOP_DEG = -60.0
#: Turn from hole 1 to the stop, and between neighbouring holes (deg).
FIRST_DEG = 60.0
SPACING_DEG = 30.0
#: Run-back speed of the wheel (deg/s): ten pulses a second, 30 deg a pulse.
RETURN_DEG_PER_S = 300.0
#: Pulse rate of the run back (pulses/s): one click each.
PULSES_PER_S = 10.0
#: How close to the stop (deg) a released wheel counts as dialled.
STOP_TOLERANCE_DEG = 6.0
#: Hole centres sit at this fraction of the dial's radius; hole radius likewise.
HOLE_RING = 0.74
HOLE_RADIUS = 0.125

DIAL_ORDER = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)

#: the dial's texts, declared for gettext (context "scoop.dial.<key>")
N_("scoop.dial.refused", "{n} is not on your telephone card. Dial {ok}.")
N_("scoop.dial.short", "Turn the wheel all the way to the finger stop, then let go.")
N_("scoop.dial.hint", "Put your finger in the hole of your number and turn it to the stop.")
N_("scoop.dial.dialling", "Dialling {n}…")
N_("scoop.dial.card", "Your telephone card: {ok}")
N_("scoop.dial.or", " or ")
WORDS = GameTexts("scoop.dial.", ["refused", "short", "hint", "dialling", "card", "or"])


def word(key: str, lang: str, **kw) -> str:
    """A text of the dial in ``lang`` (es/en/zh; English if unknown)."""
    return WORDS.tr(key, lang if lang in ("es", "en", "zh") else "en", **kw)


def hole_angle(number: int) -> float:
    """Rest angle (deg) of the hole of ``number`` (0-9). CompanionError otherwise."""
    return STOP_DEG + travel(number)


def travel(number: int) -> float:
    """How far (deg, clockwise) the hole of ``number`` turns to reach the stop."""
    return FIRST_DEG + (digits(number) - 1) * SPACING_DEG


def hole_centre(number: int, radius: float, rotation: float = 0.0) -> tuple[float, float]:
    """Centre of the hole of ``number`` (relative to the dial's centre, px) with the
    wheel turned ``rotation`` deg clockwise; ``radius`` is the dial's (px)."""
    a = math.radians(hole_angle(number) - rotation)
    return (HOLE_RING * radius * math.cos(a), HOLE_RING * radius * math.sin(a))


def return_seconds(rotation: float) -> float:
    """How long (s) the released wheel takes to run back from ``rotation`` deg."""
    return max(0.0, rotation) / RETURN_DEG_PER_S


def click_times(number: int) -> list[float]:
    """When (s after the release) the run back of a dialled ``number`` clicks: one
    pulse per digit (0 = ten), at the end of the run back, ten a second."""
    n = digits(number)
    total = return_seconds(travel(number))
    return [round(total - (n - i) / PULSES_PER_S, 4) for i in range(n)]


def _norm(deg: float) -> float:
    return (deg + 180.0) % 360.0 - 180.0


@dataclass
class Shown:
    """What the window shows after a call: ``signal`` id, ``window`` text (large),
    ``meaning`` in the player's language, and the :class:`Call`."""

    signal: str
    window: str
    meaning: str
    call: Call


@dataclass
class DialVM:
    """One player's telephone. ``numbers``: the numbers on the player's telephone
    card(s) (a number elsewhere is refused before the call; None = any);
    ``dial``: the game's :class:`~companion.games.scoop.dial.Dial` (its own seed
    when None); ``on_call(call)``: told of each call (e.g. to journal it).

    Touch protocol, positions relative to the dial's centre (px) and the dial's
    ``radius`` (px): :meth:`press` (True when a hole was taken), :meth:`drag`,
    :meth:`release` (a :class:`Shown` when the wheel reached the stop). After a
    release, ``returning_from`` is the rotation the wheel runs back from, taking
    :func:`return_seconds`; the widget animates it and plays :func:`click_times`.
    """

    numbers: Iterable[int] | None = None
    dial: Dial | None = None
    lang: str = "en"
    on_call: Callable[[Call], None] | None = None
    rotation: float = 0.0
    holding: int | None = None
    message: str = ""
    shown: Shown | None = None
    returning_from: float = 0.0
    calls: list = field(default_factory=list)
    _last_angle: float = 0.0

    def __post_init__(self):
        self.numbers = None if self.numbers is None else frozenset(int(n) for n in self.numbers)
        if self.dial is None:
            self.dial = Dial()
        self.message = word("hint", self.lang)

    # what the player may dial ------------------------------------------------
    def allowed(self, number: int) -> bool:
        return self.numbers is None or number in self.numbers

    def card_text(self) -> str:
        ok = sorted(self.numbers or [], key=digits)
        return word("card", self.lang, ok=word("or", self.lang).join(map(str, ok))) if ok else ""

    def hole_at(self, x: float, y: float, radius: float) -> int | None:
        """The number whose hole (at rest) is under (x, y), or None. The touch area
        is a little larger than the drawn hole (a finger is wider than its tip)."""
        best, best_d = None, 1.35 * HOLE_RADIUS * radius
        for n in DIAL_ORDER:
            hx, hy = hole_centre(n, radius, self.rotation)
            d = math.hypot(x - hx, y - hy)
            if d <= best_d:
                best, best_d = n, d
        return best

    # one call ------------------------------------------------------------------
    def press(self, x: float, y: float, radius: float) -> bool:
        """A finger goes down at (x, y). True when it is in a hole the player may
        dial (the drag starts); a number not on the card is refused here."""
        if self.holding is not None or self.rotation > 0.5:
            return False
        n = self.hole_at(x, y, radius)
        if n is None:
            return False
        if not self.allowed(n):
            ok = sorted(self.numbers or [], key=digits)
            self.message = word("refused", self.lang, n=n, ok=word("or", self.lang).join(map(str, ok)))
            return False
        self.holding = n
        self.rotation = 0.0
        self._last_angle = math.degrees(math.atan2(y, x))
        self.message = word("dialling", self.lang, n=n)
        return True

    def drag(self, x: float, y: float) -> float:
        """The finger moves to (x, y): the wheel follows clockwise, from rest up to
        the finger stop of the held number (it cannot turn back past rest nor on past
        the stop). Returns the rotation (deg)."""
        if self.holding is None or (x == 0 and y == 0):
            return self.rotation
        a = math.degrees(math.atan2(y, x))
        step = -_norm(a - self._last_angle)  # clockwise is positive
        self._last_angle = a
        self.rotation = min(travel(self.holding), max(0.0, self.rotation + step))
        return self.rotation

    def release(self) -> Shown | None:
        """The finger lets go: the wheel runs back from where it is. When it had
        reached the stop the number is dialled: the :class:`Shown` signal (also kept
        in ``shown``); else nothing is dialled (a short turn) and None."""
        n, self.holding = self.holding, None
        self.returning_from, self.rotation = self.rotation, 0.0
        if n is None:
            return None
        if self.returning_from < travel(n) - STOP_TOLERANCE_DEG:
            self.message = word("short", self.lang)
            return None
        c = self.dial.dial(n)
        self.calls.append(c)
        window, meaning = texts.signal_text(c.signal, self.lang)
        self.shown = Shown(c.signal, window, meaning, c)
        self.message = meaning
        if self.on_call is not None:
            self.on_call(c)
        return self.shown

    def set_lang(self, lang: str) -> None:
        """Re-word what is shown in ``lang``."""
        self.lang = lang
        if self.shown is not None:
            window, meaning = texts.signal_text(self.shown.signal, lang)
            self.shown = Shown(self.shown.signal, window, meaning, self.shown.call)
            self.message = meaning
        else:
            self.message = word("hint", lang)


def player_numbers(catalog, design_id: str) -> tuple[int, ...]:
    """The telephone numbers of the story types printed on page design
    ``design_id`` (the numbers that player's telephone cards carry)."""
    return tuple(sorted({catalog.number_of(t) for t in catalog.designs[design_id].stories}, key=digits))
