"""The table snapshot: what vision hands to the core (millimetres, no pixels).

See docs/contracts.md for component ids, surfaces and zone names.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Sighting:
    """One component seen on the table.

    component: catalog id (e.g. ``"war-A1"``, ``"red3"``, ``"H07"``).
    surface: ``"board"``, ``"mat-<colour>"`` or ``"table"``.
    zone: layout zone name (``"beat:war"``, ``"front:0,2"``, ``"on:war-A1"`` ...) or
    ``None`` when the component lies outside every zone.
    x_mm, y_mm: centre of the tag in the surface's coordinates (mm).
    angle_deg: rotation of the tag on its surface (degrees, counter-clockwise).
    """

    component: str
    surface: str
    zone: str | None
    x_mm: float
    y_mm: float
    angle_deg: float = 0.0


@dataclass(frozen=True)
class TableSnapshot:
    """A stable view of the table at time ``t`` (seconds).

    sightings: every component the tracker holds as present.
    occluded_zones: zones covered (a hand, glare) where absence means nothing.
    still: True when the table has been still for the tracker's settle time; the
    observer acts only on still snapshots.
    """

    t: float
    sightings: tuple[Sighting, ...] = ()
    occluded_zones: frozenset[str] = field(default_factory=frozenset)
    still: bool = True

    def by_component(self) -> dict[str, Sighting]:
        return {s.component: s for s in self.sightings}

    def in_zone(self, zone: str) -> list[Sighting]:
        return [s for s in self.sightings if s.zone == zone]
