"""The physical table that matches a Pergamon engine state (pure).

:func:`table_of` says where every tagged piece lies when the players have carried
out everything the engine did: each piece's surface (``board`` / ``mat-<colour>``),
zone (calibration/data/pergamon) and its order inside the zone (left to right).
Used to script demo recordings (tools.render places the pieces in mm from the
layouts) and to test the observer on whole games; the observer never uses it.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.pergamon import engine as eng
from companion.table import Sighting, TableSnapshot


@dataclass(frozen=True)
class Placed:
    """A piece on the table: component id, surface, zone, order in the zone (0 = leftmost)."""

    component: str
    surface: str
    zone: str
    order: int = 0


def _face_ids(cards) -> list[str]:
    seen: dict[int, int] = {}
    out = []
    for v in cards:
        k = seen.get(v, 0)
        seen[v] = k + 1
        out.append(f"card{v}{'abc'[k % 3]}")
    return out


def table_of(state: eng.GameState, fresh: tuple[str, ...] = ()) -> list[Placed]:
    """Every tagged piece of ``state`` where the players would have put it.

    fresh: finds just turned up and not yet sorted (they lie on the calendar space
    of the turn). Players are seated by colour (``mat-<colour>``). Funds cards:
    backs during bidding, faces during the actions (ids ``card<v><copy>``,
    ``bag<n>``/``chest<n>`` numbered per turn). Circular markers of shown
    collections on their plan space; angular marker n at the left of exhibit row n,
    the collection's finds after it; unshown finds in ``finds``; figures on their
    funds space until their owner's actions end, then at ``home``.
    """
    out: list[Placed] = []
    for g, finds in enumerate(state.galleries, 1):
        out += [Placed(f, "board", f"gallery:{g}", i) for i, f in enumerate(finds)]
    out += [Placed(f, "board", f"calendar:{state.turn}", i) for i, f in enumerate(fresh)]
    if state.phase in (eng.BID, eng.REVEAL):
        counts = {"bag": 0, "chest": 0}
        for i, b in enumerate(state.backs):
            counts[b] += 1
            out.append(Placed(f"{b}{(state.turn - 1) % 6 * 2 + counts[b]}", "board", "cards", i))
    elif state.phase == eng.ACT:
        funds = next((r for r in reversed(state.log) if isinstance(r, eng.FundsResult)), None)
        if funds is not None:
            out += [Placed(c, "board", "cards", i) for i, c in enumerate(_face_ids(funds.cards))]
    for p, player in enumerate(state.players):
        mat = f"mat-{player.colour}"
        space = state.figures[p]
        done = state.phase == eng.OVER or (state.phase == eng.ACT and p not in state.queue)
        if space is not None and not done:
            out.append(Placed(f"figure-{player.colour}", "board", f"funds:{space}"))
        else:
            out.append(Placed(f"figure-{player.colour}", mat, "home"))
        out += [Placed(f, mat, "finds", i) for i, f in enumerate(state.hands[p])]
        shown = {s.marker: s for s in state.shown if s.owner == p}
        for m in range(1, 4):
            s = shown.get(m)
            if s is None:
                out.append(Placed(f"angle-{player.colour}{m}", mat, "home", m))
                out.append(Placed(f"circle-{player.colour}{m}", mat, "home", 3 + m))
                continue
            out.append(Placed(f"angle-{player.colour}{m}", mat, f"exhibit:{m}", 0))
            out += [Placed(f, mat, f"exhibit:{m}", 1 + i) for i, f in enumerate(s.finds)]
            out.append(Placed(f"circle-{player.colour}{m}", "board", f"plan:{s.space}"))
    if state.raider_space is not None:
        out.append(Placed("raider", "board", f"funds:{state.raider_space}"))
    return out


def snapshot_of(state: eng.GameState, t: float = 0.0, fresh: tuple[str, ...] = ()) -> TableSnapshot:
    """:func:`table_of` as a still TableSnapshot (x_mm = 10 * order, y_mm = 0):
    what an ideal camera would report."""
    return TableSnapshot(t, tuple(Sighting(p.component, p.surface, p.zone, 10.0 * p.order, 0.0)
                                  for p in table_of(state, fresh)))
