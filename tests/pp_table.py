"""Test helper: synthetic still snapshots of a Penny Press table from engine states."""

from __future__ import annotations

from companion.games.penny_press.observer import expected_snapshot
from companion.table import Sighting, TableSnapshot


def table_of(state, *, front_of=None, page=None, extra=()):
    """A still snapshot of the table as the engine expects it (the core's
    expected_snapshot), plus ``extra`` sightings."""
    snap = expected_snapshot(state, front_of=front_of, page=page)
    return TableSnapshot(t=0.0, sightings=snap.sightings + tuple(extra), still=True)


def replace_reporters(snap, state, seat, moves):
    """Snapshot with ``moves`` = {story: delta} applied to ``seat``'s reporters."""
    colour = state.players[seat].colour
    counts = {s: c[seat] for s, c in state.reporters.items()}
    for s, d in moves.items():
        counts[s] = counts.get(s, 0) + d
    keep = [x for x in snap.sightings if not x.component.startswith(colour)]
    used = 0
    for story, k in sorted(counts.items()):
        for _ in range(k):
            used += 1
            keep.append(Sighting(f"{colour}{used}", "board", f"on:{story}", 0, 0))
    for k in range(used + 1, 6):
        keep.append(Sighting(f"{colour}{k}", f"mat-{colour}", "home", 0, 0))
    return TableSnapshot(t=0.0, sightings=tuple(keep), still=True)
