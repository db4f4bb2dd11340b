"""Test helper: synthetic still snapshots of a Penny Press table from engine states."""

from __future__ import annotations

from companion.table import Sighting, TableSnapshot


def table_of(state, *, front_of=None, page=None, extra=()):
    """A still snapshot of the table as the engine expects it for ``state``.

    front_of/page: a player's front page laid on their mat (engine FrontPage).
    """
    sightings = []
    cat = state.catalog
    for beat in cat.beats:
        for s in state.board[beat]:
            sightings.append(Sighting(s, "board", f"beat:{beat}", 0, 0))
    for seat, p in enumerate(state.players):
        used = 0
        for story, counts in sorted(state.reporters.items()):
            for _ in range(counts[seat]):
                used += 1
                sightings.append(Sighting(f"{p.colour}{used}", "board", f"on:{story}", 0, 0))
        for k in range(used + 1, 6):
            sightings.append(Sighting(f"{p.colour}{k}", f"mat-{p.colour}", "home", 0, 0))
    if state.used_cards:
        sightings.append(Sighting(state.used_cards[-1], "board", "headline", 0, 0))
    if state.newsboy is not None:
        sightings.append(Sighting("newsboy", f"mat-{state.players[state.newsboy].colour}", "home", 0, 0))
    if page is not None:
        colour = state.players[front_of].colour
        for pl in page.placements:
            st = cat.stories[pl.story]
            r, c, angle = (pl.row, pl.col, 0.0) if not pl.rotated else (pl.row + st.width - 1, pl.col, 90.0)
            sightings.append(Sighting(pl.story, f"mat-{colour}", f"front:{r},{c}", 0, 0, angle))
    sightings.extend(extra)
    return TableSnapshot(t=0.0, sightings=tuple(sightings), still=True)


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
