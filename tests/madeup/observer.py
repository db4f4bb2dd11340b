"""The made-up game's observer (pure): a still table -> the one stone moved out of
home, as a Place. A pass is the players' tap (the camera cannot see it). No setup is
read off the table: the players enter it (the journal starts before the loop)."""

from __future__ import annotations

from companion.errors import RuleError
from companion.observing import Outcome, Report
from companion.table import Sighting, TableSnapshot

from . import FIELDS, STONES, Place, apply, owner

#: where each stone's tag lies on the board (surface mm): home slots, field slots
HOME = {s: (60.0 + 90.0 * i, 205.0) for i, s in enumerate(STONES)}
FIELD_AT = {"near": (75.0, 70.0), "far": (255.0, 70.0)}


def place_of(stone: str, field: str, order: int) -> tuple[float, float]:
    """Where a stone's tag lies: its home slot, or the ``order``-th slot of a field."""
    if field == "home":
        return HOME[stone]
    x, y = FIELD_AT[field]
    return x + 60.0 * (order % 2), y + 55.0 * (order // 2)


def expected_snapshot(state, t: float = 0.0) -> TableSnapshot:
    """The still table a perfect camera would report for ``state``."""
    out, count = [], {f: 0 for f in FIELDS}
    for stone, field in state.where:
        order = count.get(field, 0)
        if field in count:
            count[field] += 1
        x, y = place_of(stone, field, order)
        out.append(Sighting(stone, "board", field, x, y))
    return TableSnapshot(t, tuple(out), still=True)


class Observer:
    """Still snapshots -> Place actions of the made-up game."""

    def observe(self, state, snap: TableSnapshot) -> Outcome:
        seen = {s.component: s.zone for s in snap.sightings if s.component in STONES and s.surface == "board"}
        moved = [s for s, field in state.where if seen.get(s, field) != field]
        if not moved:
            return Outcome("same")
        if len(moved) > 1 or seen[moved[0]] not in FIELDS:
            return Outcome("waiting", reports=[Report("warning", "unclear", "put one stone on a field",
                                                      "Made-up Game: turn")])
        stone = moved[0]
        action = Place(owner(stone), stone, seen[stone])
        try:
            apply(state, action)
        except RuleError as exc:
            return Outcome("rejected", reports=[Report("error", "illegal", exc.detail, exc.rule)])
        return Outcome("action", action)
