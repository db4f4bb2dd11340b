"""Penny Press's own widgets live in its folder (ui/games/penny_press/widgets.py +
widgets.kv, loaded with its screens); the shell's ui/screens/common.py and
common.kv keep only what every game may use."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OWN = ("FrontPageGrid", "CellLabel", "ScoreChart", "StoryTile", "CheckRow", "BEAT_RGBA")


def _defined(py: Path) -> set[str]:
    """The classes and module-level names a Python file defines."""
    return {a or b for a, b in re.findall(r"^(?:class (\w+)|(\w+) = )", py.read_text(encoding="utf-8"), re.M)}


def _rules(kv: Path) -> set[str]:
    return set(re.findall(r"^<(\w+)[@>]", kv.read_text(encoding="utf-8"), re.M))


def test_the_penny_press_widgets_are_in_its_folder_not_in_the_shells():
    shell = _defined(ROOT / "ui/screens/common.py") | _rules(ROOT / "ui/screens/common.kv")
    own = _defined(ROOT / "ui/games/penny_press/widgets.py")
    assert not shell & set(OWN)
    assert set(OWN) <= own
    assert {"CellLabel", "StoryTile", "CheckRow"} <= _rules(ROOT / "ui/games/penny_press/widgets.kv")


def test_its_screens_load_their_widgets_rules_first():
    from ui.games.penny_press import screens

    assert screens.KV[0] == "widgets" and (screens.HERE / "widgets.kv").is_file()


def test_a_front_page_grid_draws_one_block_per_placement():
    from ui.games.penny_press.widgets import CellLabel, FrontPageGrid

    g = FrontPageGrid()
    g.blocks = [("★ A", 0.0, 2 / 3, 0.5, 1 / 3), ("ad", 0.75, 0.0, 0.25, 1 / 3)]
    cells = [c for c in g.children if isinstance(c, CellLabel)]
    assert sorted((c.text, c.pos_hint["x"], c.size_hint[0]) for c in cells) == [("ad", 0.75, 0.25), ("★ A", 0.0, 0.5)]
    g.blocks = []
    assert g.children == []
