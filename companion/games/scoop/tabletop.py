"""Where every tagged Scoop piece lies for a game state (pure): the table a camera
should see (calibration/data/scoop/scoop-page.json zones), for the renderer
(tools.render.games.scoop), tests and the page check.

:func:`table_of` gives one :class:`Piece` per tagged card: each page's stories and
adverts in their spaces (``story:<c>,<s>``, ``advert:<i>``, ``star:<i>``,
``threestar``), each reserve set in its ``reserve:<i>`` space, and optionally the
cards a player lays in his ``call`` area. Physical copies are handed out in
catalog order (two copies of a card get different tags). Hands are never on the
table.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.scoop.tags import card_of, catalog_ids, kind_of, story_of


@dataclass(frozen=True)
class Piece:
    """A tagged piece: ``component`` (tag id), ``surface`` (``mat-<colour>``),
    ``zone`` (layout zone), ``order`` (0-based place in that zone, left to right)."""

    component: str
    surface: str
    zone: str
    order: int = 0


class _Copies:
    def __init__(self):
        self.free: dict[object, list[str]] = {}
        for cid in catalog_ids():
            k = kind_of(cid)
            if k == "C":
                self.free.setdefault(card_of(cid), []).append(cid)
            elif k in ("S", "A"):
                self.free.setdefault(story_of(cid), []).append(cid)

    def take(self, key) -> str:
        try:
            return self.free[key].pop(0)
        except (KeyError, IndexError):
            raise ValueError(f"no tagged piece left for {key!r} (data files changed?)") from None


def table_of(state, call_seat: int | None = None, call_cards=()) -> list[Piece]:
    """The tagged pieces on the table for ``state`` (engine GameState), plus
    ``call_cards`` (engine card ids) in ``call_seat``'s call area. ValueError when
    the catalog has no tag left for a card (more copies than tags)."""
    cp = _Copies()
    out: list[Piece] = []
    for seat, p in enumerate(state.players):
        if p.out:
            continue
        mat = f"mat-{p.spec.colour}"
        d = state.catalog.designs[p.design]
        for c, kind in enumerate(d.stories):
            for k, v in enumerate(p.page[kind]):
                out.append(Piece(cp.take((kind, v)), mat, f"story:{c},{k}"))
        for i, a in enumerate(d.adverts):
            for v in p.page[f"ad-{a}"]:
                out.append(Piece(cp.take(("adverts", v)), mat, f"advert:{i}"))
        stars = [("star", v) for v in p.page["star"]] + [("three_star", v) for v in p.star_three]
        for i, key in enumerate(stars):
            out.append(Piece(cp.take(key), mat, f"star:{min(i, 1)}", max(0, i - 1)))
        for v in p.page["three_star"]:
            out.append(Piece(cp.take(("three_star", v)), mat, "threestar"))
        for i, sp in enumerate(p.reserve):
            for k, card in enumerate(sp):
                out.append(Piece(cp.take(card), mat, f"reserve:{i}", k))
    if call_seat is not None:
        mat = f"mat-{state.players[call_seat].spec.colour}"
        for k, card in enumerate(call_cards):
            out.append(Piece(cp.take(card), mat, "call", k))
    return out
