"""benchmarks/vision/stand.py, the stand setup's measurement (issue 28): every game's
table staged with its pieces' heights, the tuning and held-out seeds apart, the
camera within the stand's ranges, and the report's sums."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from benchmarks.vision import stand
from calibration import game_tags


def test_tuning_looked_at_and_held_out_seeds_never_meet():
    tuning = set(stand.seeds("tuning", 500))
    looked = set(stand.seeds("looked-at", 500))
    held = set(stand.seeds("held-out", 500))
    assert not tuning & held and not looked & held and not tuning & looked
    assert stand.seeds("looked-at", 2) == [9001, 9002]
    assert stand.seeds("held-out", 2) == [12001, 12002]
    assert stand.seeds("tuning", 2, first=6) == [7, 8]


@pytest.mark.parametrize("game", stand.GAMES)
def test_every_game_is_staged_with_its_pieces_heights(game):
    items, bounds, n = stand.stage_table(game, 3, np.random.default_rng([3, 28]))
    lo, hi = stand.PLAYERS[game]
    assert lo <= n <= hi
    pieces = [p for p in items if p.kind not in ("board", "mat", "fiducial")]
    assert pieces
    for p in pieces:
        assert p.height_mm == game_tags.component_height_mm(game, p.component)
    x0, y0, x1, y1 = bounds
    assert x1 - x0 > 500 and y1 - y0 > 400  # a whole table, not one mat


def test_large_tags_are_staged_larger():
    normal, _b, _n = stand.stage_table("penny-press", 5, np.random.default_rng([5, 28]), "normal")
    large, _b, _n = stand.stage_table("penny-press", 5, np.random.default_rng([5, 28]), "large")
    by = {p.component: p for p in normal}
    grew = [p for p in large if p.kind == "headline" and p.tag.size_mm > by[p.component].tag.size_mm]
    assert grew


def test_report_sums_and_names_the_weakest_kind():
    r = {"tally": {"scoop": {"card": [10, 9, 8], "story": [4, 4, 4]}},
         "false": Counter({"scoop": 1}), "miss": Counter({"scoop card: qr <2 px/module": 1}),
         "zone": Counter(), "secs": [1.0]}
    text = stand.report(r, "t")
    assert "| scoop | card | 10 | 90.0% | 80.0% | |" in text
    assert "| all | all | 14 | 92.9% | 85.7% | 1 |" in text
    assert "Weakest kind: scoop card 90.0%" in text


def test_combined_puts_the_splits_side_by_side():
    t = {"tally": {"scoop": {"card": [10, 9, 8]}}, "false": Counter()}
    h = {"tally": {"scoop": {"card": [5, 5, 5], "story": [2, 1, 1]}}, "false": Counter({"scoop": 2})}
    text = stand.combined({"tuning": t, "held-out": h})
    assert "| game | kind | tuning: clear / found / right zone | held-out: clear / found / right zone |" in text
    assert "| scoop | card | 10 / 90.0% / 80.0% | 5 / 100.0% / 100.0% |" in text
    assert "| scoop | story | - / - / - | 2 / 50.0% / 50.0% |" in text
    assert "| **all games** | **all** | 10 / 90.0% / 80.0%, 0 false | 7 / 85.7% / 85.7%, 2 false |" in text
    three = stand.combined({"tuning": t, "looked-at": h, "held-out": t})
    assert "| scoop | story | - / - / - | 2 / 50.0% / 50.0% | - / - / - |" in three
