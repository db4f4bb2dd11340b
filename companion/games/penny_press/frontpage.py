"""Front page: legality, score and the best-placement solver (Penny Press: Building
and scoring a front page).

The front page is a grid of ``catalog.front_rows`` x ``catalog.front_cols`` cells
(3 x 4), row 0 = top, column 0 = left. A story of shape w x h (cells) lies upright
(``rotated=False``: w columns, h rows) or turned 90 degrees (``rotated=True``: h
columns, w rows); its ``(row, col)`` is its top-left cell. The ad fills one cell.

Legality (docs/rulings.md, "Top-beat rule"): the top beats are all beats whose
news-beat value equals the highest of the five. Let k* be the largest number of the
claimed top-beat stories that can touch the top row at the same time in any
arrangement (on the grid, no overlap, off the ad). A front page is legal when the
number of top-beat stories touching the top row is exactly k*.

Score: + news-beat value of each placed story; + once more the value of the best
placed story touching the top row that is not from a top beat (the exclusive);
- the value of each claimed story left out; - empty_top_penalty (2) per empty top-row
cell and - empty_other_penalty (1) per other empty cell; the total is floored at 0.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Mapping, Sequence

from companion.errors import RuleError
from companion.games.penny_press.catalog import Catalog, load_catalog

RULE = "Penny Press: Building the front page"
NEG = float("-inf")


@dataclass(frozen=True)
class Placement:
    """One story on the front page: top-left cell (row 0..2 from the top, col 0..3
    from the left) and whether it is turned 90 degrees from its upright w x h."""

    story: str
    row: int
    col: int
    rotated: bool = False


@dataclass(frozen=True)
class FrontPage:
    """A laid-out front page: placements (claimed stories not listed are left out) and
    the ad cell ``(row, col)`` or None. ``total`` is the press score when the page came
    from the solver or the engine (not part of equality)."""

    placements: tuple[Placement, ...]
    ad_cell: tuple[int, int] | None = None
    total: int | None = field(default=None, compare=False)


Line = tuple[str, "str | None", int]
"""A score line: (kind, story id or None, points). Kinds: placed, exclusive,
left-out, empty-top, empty-other, floor."""


# --------------------------------------------------------------------------- geometry

@lru_cache(maxsize=None)
def _placements(w: int, h: int, rows: int, cols: int) -> tuple[tuple[int, int, bool, int, bool], ...]:
    """All (row, col, rotated, cell mask, touches top) of a w x h story, upright first."""
    out = []
    for rotated in (False, True):
        if rotated and w == h:
            continue
        pw, ph = (h, w) if rotated else (w, h)
        for r in range(rows - ph + 1):
            for c in range(cols - pw + 1):
                mask = 0
                for dr in range(ph):
                    for dc in range(pw):
                        mask |= 1 << ((r + dr) * cols + c + dc)
                out.append((r, c, rotated, mask, r == 0))
    return tuple(out)


@lru_cache(maxsize=None)
def _penalty_table(rows: int, cols: int, top_pen: int, other_pen: int) -> tuple[tuple[int, int], ...]:
    """mask -> (empty top cells, empty other cells)."""
    full = (1 << (rows * cols)) - 1
    top = (1 << cols) - 1
    out = []
    for m in range(full + 1):
        empty = ~m & full
        t = bin(empty & top).count("1")
        out.append((t, bin(empty).count("1") - t))
    return tuple(out)


def _ad_mask(ad_cell, cat: Catalog) -> int:
    if ad_cell is None:
        return 0
    r, c = ad_cell
    if not (0 <= r < cat.front_rows and 0 <= c < cat.front_cols):
        raise RuleError(f"ad cell {tuple(ad_cell)} is off the {cat.front_rows}x{cat.front_cols} grid", RULE,
                        "pp.ad_off_grid")
    return 1 << (r * cat.front_cols + c)


def top_beats(beat_values: Mapping[str, int]) -> frozenset[str]:
    """The beats whose news-beat value equals the highest (Penny Press: front page)."""
    if not beat_values:
        return frozenset()
    hi = max(beat_values.values())
    return frozenset(b for b, v in beat_values.items() if v == hi)


def _prepare(stories: Sequence[str], beat_values: Mapping[str, int], cat: Catalog):
    if len(set(stories)) != len(stories):
        raise RuleError(f"a story is listed twice: {list(stories)}", RULE, "pp.story_twice")
    tops = top_beats(beat_values)
    info = []
    for sid in stories:
        s = cat.stories.get(sid)
        if s is None:
            raise RuleError(f"unknown story {sid!r}", RULE, "pp.unknown_story", {"story": str(sid)})
        if s.beat not in beat_values:
            raise RuleError(f"no news-beat value given for beat {s.beat!r}", RULE, "pp.no_beat_value",
                            {"beat": s.beat})
        info.append((sid, beat_values[s.beat], s.beat in tops,
                     _placements(s.width, s.height, cat.front_rows, cat.front_cols)))
    return info


def _max_top_touching(info, ad_mask: int) -> int:
    """k*: most top-beat stories that can touch the top row together."""
    tops = [opts for (_, _, is_top, opts) in info if is_top]
    best = 0

    def rec(i, mask, n):
        nonlocal best
        if n + (len(tops) - i) <= best:
            return
        if i == len(tops):
            best = n
            return
        for (_, _, _, m, touch) in tops[i]:
            if touch and not m & mask:
                rec(i + 1, mask | m, n + 1)
                if best == len(tops):
                    return
        rec(i + 1, mask, n)

    rec(0, ad_mask, 0)
    return best


# --------------------------------------------------------------------------- scoring

def score_front_page(stories: Sequence[str], front_page: FrontPage, ad_cell: tuple[int, int] | None,
                     beat_values: Mapping[str, int], catalog: Catalog | None = None
                     ) -> tuple[tuple[Line, ...], int]:
    """Score a front page (legality is not checked here; see check_front_page).

    stories: the claimed story ids; front_page: placements of some of them;
    ad_cell: the player's ad (row, col) or None; beat_values: beat -> news-beat value
    (points) for all beats. Returns (breakdown lines, total >= 0).
    Raises RuleError for an unknown story or a placement of an unclaimed story.
    """
    cat = catalog or load_catalog()
    info = {sid: (v, top) for sid, v, top, _ in _prepare(stories, beat_values, cat)}
    lines: list[Line] = []
    placed = set()
    mask = _ad_mask(ad_cell, cat)
    excl: tuple[int, str] | None = None
    for p in front_page.placements:
        if p.story not in info:
            raise RuleError(f"{p.story} was not claimed in this press", RULE, "pp.not_claimed", {"story": p.story})
        v, top = info[p.story]
        placed.add(p.story)
        lines.append(("placed", p.story, v))
        s = cat.stories[p.story]
        pw, ph = (s.height, s.width) if p.rotated else (s.width, s.height)
        for dr in range(ph):
            for dc in range(pw):
                r, c = p.row + dr, p.col + dc
                if 0 <= r < cat.front_rows and 0 <= c < cat.front_cols:
                    mask |= 1 << (r * cat.front_cols + c)
        if p.row == 0 and not top and (excl is None or v > excl[0]):
            excl = (v, p.story)
    if excl is not None:
        lines.append(("exclusive", excl[1], excl[0]))
    for sid in stories:
        if sid not in placed:
            lines.append(("left-out", sid, -info[sid][0]))
    et, eo = _penalty_table(cat.front_rows, cat.front_cols, 0, 0)[mask]
    if et:
        lines.append(("empty-top", None, -cat.empty_top_penalty * et))
    if eo:
        lines.append(("empty-other", None, -cat.empty_other_penalty * eo))
    raw = sum(x for _, _, x in lines)
    if raw < 0:
        lines.append(("floor", None, -raw))
    return tuple(lines), max(0, raw)


def check_front_page(stories: Sequence[str], front_page: FrontPage, ad_cell: tuple[int, int] | None,
                     beat_values: Mapping[str, int], catalog: Catalog | None = None) -> None:
    """Raise RuleError(rule="Penny Press: Building the front page") if the page is not
    legal: a story not claimed or placed twice, off the grid, overlapping another
    story, covering the ad, or breaking the top-beat rule (see module docstring).
    Returns None when legal."""
    cat = catalog or load_catalog()
    info = _prepare(stories, beat_values, cat)
    by_id = {sid: (v, top) for sid, v, top, _ in info}
    ad = _ad_mask(ad_cell, cat)
    if front_page.ad_cell is not None and tuple(front_page.ad_cell) != (tuple(ad_cell) if ad_cell else None):
        raise RuleError(f"the ad is at {ad_cell}, not at {tuple(front_page.ad_cell)}", RULE, "pp.ad_moved")
    used = 0
    seen = set()
    touching = 0
    for p in front_page.placements:
        if p.story not in by_id:
            raise RuleError(f"{p.story} was not claimed in this press", RULE, "pp.not_claimed", {"story": p.story})
        if p.story in seen:
            raise RuleError(f"{p.story} is placed twice", RULE, "pp.placed_twice", {"story": p.story})
        seen.add(p.story)
        s = cat.stories[p.story]
        pw, ph = (s.height, s.width) if p.rotated else (s.width, s.height)
        if not (0 <= p.row and 0 <= p.col and p.row + ph <= cat.front_rows and p.col + pw <= cat.front_cols):
            raise RuleError(f"{p.story} ({pw}x{ph} cells at row {p.row}, column {p.col}) is off the "
                            f"{cat.front_cols}x{cat.front_rows} grid", RULE, "pp.off_grid", {"story": p.story})
        m = 0
        for dr in range(ph):
            for dc in range(pw):
                m |= 1 << ((p.row + dr) * cat.front_cols + p.col + dc)
        if m & ad:
            raise RuleError(f"{p.story} covers the ad at {tuple(ad_cell)}", RULE, "pp.covers_ad", {"story": p.story})
        if m & used:
            raise RuleError(f"{p.story} overlaps another story", RULE, "pp.overlap", {"story": p.story})
        used |= m
        if p.row == 0 and by_id[p.story][1]:
            touching += 1
    need = _max_top_touching(info, ad)
    if touching != need:
        tops = sorted(top_beats(beat_values))
        raise RuleError(f"stories of the top beat(s) {', '.join(tops)} must be placed first, as many as "
                        f"possible touching the top row: {need} can, {touching} do", RULE, "pp.top_row",
                        {"beats": ", ".join(tops), "n": need, "touching": touching})


# --------------------------------------------------------------------------- solver

def solve_front_page(stories: Sequence[str], ad_cell: tuple[int, int] | None,
                     beat_values: Mapping[str, int], catalog: Catalog | None = None) -> FrontPage:
    """The best legal front page for the claimed stories (deterministic).

    stories: claimed story ids (any order; the result does not depend on it);
    ad_cell: (row, col) or None; beat_values: beat -> news-beat value for all beats.
    Returns a FrontPage whose ``total`` is the press score (>= 0). Among equal scores
    the first found in a fixed order wins (cells top-left first; stories by id,
    upright before turned; leaving a cell empty last), except that of interchangeable
    stories (same shape, value and top-beat status) the ones with more stars are
    published and the others left out (stars decide the end-game bonuses).
    Method: dynamic programming over 12-cell bitmasks, always deciding the first
    undecided cell (left empty, or the top-left cell of one unused story), memoised on
    (cells decided, stories used, top-beat stories on the top row, exclusive so far);
    interchangeable stories (same shape, value and top-beat status) are tried once.
    k* (top-beat rule) is found first by a small branch-and-bound.
    Raises RuleError for an unknown or repeated story, a missing beat value or an ad
    off the grid.
    """
    cat = catalog or load_catalog()
    info = _prepare(sorted(stories), beat_values, cat)
    ad = _ad_mask(ad_cell, cat)
    need = _max_top_touching(info, ad)
    cols = cat.front_cols
    ncells = cat.front_rows * cols
    full = (1 << ncells) - 1
    cell_pen = [cat.empty_top_penalty if c < cols else cat.empty_other_penalty for c in range(ncells)]
    n = len(info)
    values = [v for _, v, _, _ in info]
    tops = [t for _, _, t, _ in info]
    # anchored[j][c]: placements of story j whose top-left cell is c
    anchored = []
    for _, _, _, opts in info:
        per = [[] for _ in range(ncells)]
        for k, (r, c, rot, m, touch) in enumerate(opts):
            per[r * cols + c].append((k, m, touch))
        anchored.append(per)
    prev_same = []
    for j in range(n):
        sj = cat.stories[info[j][0]]
        prev = -1
        for i in range(j):
            si = cat.stories[info[i][0]]
            if (si.width, si.height, values[i], tops[i]) == (sj.width, sj.height, values[j], tops[j]):
                prev = i
        prev_same.append(prev)
    memo: dict = {}

    def best(mask: int, used: int, tcount: int, excl: int):
        key = (mask, used, tcount, excl)
        hit = memo.get(key)
        if hit is not None:
            return hit
        if mask == full:
            if tcount != need:
                res = (NEG, None)
            else:
                res = (excl - sum(values[j] for j in range(n) if not used >> j & 1), None)
            memo[key] = res
            return res
        c = (~mask & (mask + 1)).bit_length() - 1
        best_val, best_choice = NEG, None
        for j in range(n):
            if used >> j & 1:
                continue
            pj = prev_same[j]
            if pj >= 0 and not used >> pj & 1:
                continue
            v, is_top = values[j], tops[j]
            for k, m, touch in anchored[j][c]:
                if m & mask:
                    continue
                if is_top:
                    if touch and tcount >= need:
                        continue
                    sub = best(mask | m, used | 1 << j, tcount + (1 if touch else 0), excl)[0]
                else:
                    sub = best(mask | m, used | 1 << j, tcount, v if touch and v > excl else excl)[0]
                if v + sub > best_val:
                    best_val, best_choice = v + sub, (j, k)
        sub = best(mask | 1 << c, used, tcount, excl)[0] - cell_pen[c]
        if sub > best_val:
            best_val, best_choice = sub, (-1, c)
        res = (best_val, best_choice)
        memo[key] = res
        return res

    raw, _ = best(ad, 0, 0, 0)
    placements = []
    mask, used, tcount, excl = ad, 0, 0, 0
    while mask != full:
        j, k = memo[(mask, used, tcount, excl)][1]
        if j < 0:
            mask |= 1 << k
            continue
        sid, v, is_top, opts = info[j]
        r, c, rot, m, touch = opts[k]
        placements.append(Placement(sid, r, c, rot))
        mask |= m
        used |= 1 << j
        if is_top:
            tcount += 1 if touch else 0
        elif touch and v > excl:
            excl = v
    placements = _publish_most_stars(placements, info, cat)
    placements.sort(key=lambda p: p.story)
    return FrontPage(tuple(placements), tuple(ad_cell) if ad_cell is not None else None, max(0, int(raw)))


def _publish_most_stars(placements: list[Placement], info, cat: Catalog) -> list[Placement]:
    """Among interchangeable claimed stories (same shape, news-beat value and top-beat
    status: any one can take another's place with the same score and legality), the
    ones placed are those with the most stars, since published stars decide the
    end-game bonuses (Penny Press: End of the game); the others are left out. Equal
    stars: lower id. The cells used do not change."""
    groups: dict[tuple, list[str]] = {}
    for sid, v, is_top, _ in info:
        st = cat.stories[sid]
        groups.setdefault((st.width, st.height, v, is_top), []).append(sid)
    rename: dict[str, str] = {}
    placed = {p.story for p in placements}
    for members in groups.values():
        used = sorted(m for m in members if m in placed)
        if not used or len(used) == len(members):
            continue
        best = sorted(sorted(members, key=lambda m: (-cat.stories[m].stars, m))[:len(used)])
        rename.update(zip(used, best))
    return [Placement(rename.get(p.story, p.story), p.row, p.col, p.rotated) for p in placements]


def exhaustive_front_page(stories: Sequence[str], ad_cell: tuple[int, int] | None,
                          beat_values: Mapping[str, int], catalog: Catalog | None = None
                          ) -> tuple[int, int]:
    """Plain exhaustive search (the baseline for tests and benchmarks): every
    combination of placements and left-outs, no pruning, no memo.
    Returns (best legal total, k*). Exponential: use with few stories only."""
    cat = catalog or load_catalog()
    info = _prepare(sorted(stories), beat_values, cat)
    ad = _ad_mask(ad_cell, cat)
    results = []
    for combo in itertools.product(*[list(opts) + [None] for (_, _, _, opts) in info]):
        mask, ok, tcount = ad, True, 0
        for o in combo:
            if o is not None:
                if o[3] & mask:
                    ok = False
                    break
                mask |= o[3]
        if not ok:
            continue
        page = FrontPage(tuple(Placement(sid, o[0], o[1], o[2]) for (sid, _, _, _), o in zip(info, combo)
                               if o is not None))
        tcount = sum(1 for (sid, _, top, _), o in zip(info, combo) if o is not None and top and o[4])
        results.append((tcount, score_front_page([i[0] for i in info], page, ad_cell, beat_values, cat)[1]))
    kmax = max(t for t, _ in results)
    return max(s for t, s in results if t == kmax), kmax
