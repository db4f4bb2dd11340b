"""The kit's corrections panel in the real app (tests/ui/drive_corrections_kit.py):
for Turin Market, Pergamon and Scoop opened with their bundled recording (a camera
session), "The camera is wrong" on the table screen opens the panel; the camera's
reading is listed by the players' names (never an id); a stray piece tapped, "It is
not on the table" saves the correction (listed, with a Remove button >= 48 dp),
Remove takes it away and "Back to the table" returns; no clipped text, overlap,
small target or untranslated word at 1280x800 and 800x1280 (en, es, zh)."""

from __future__ import annotations

import json
import re

import pytest

pytestmark = pytest.mark.ui

RUNS = {"turin-market-4p": ("en", "turin_table"), "pergamon-3p": ("es", "pergamon"), "scoop-4p": ("zh", "scoop_table")}
IDS = re.compile(r"\b(T\d\d|F\d\d|card\d+[abc]|mat-\w+|figure-\w+|[a-z_]+-(reporter|photo|v\d+)\.?\d*)\b")


@pytest.fixture(scope="module")
def report():
    from driver_pool import driver_result

    out = driver_result("corrections_kit")
    return {r["recording"]: r for r in json.loads((out / "report.json").read_text(encoding="utf-8"))["runs"]}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_the_panel_is_reached_by_its_button_and_corrects_by_taps(report, name):
    row = report[name]
    lang, table = RUNS[name]
    assert row["error"] is None, row["error"]
    assert row["open_button"]["height"] >= 48 and row["open_button"]["in_window"]
    assert row["panel"] == "camera_corrections"
    assert row["pieces"] and any(row["stray_name"] in p for p in row["pieces"])
    assert not [p for p in row["pieces"] + row["places"] + [row["heading"]] if IDS.search(p)]
    assert row["heading"] == row["stray_name"]
    assert len(row["listed"]) == 1 and row["stray_name"] in row["listed"][0]
    assert all(h >= 48 for h in row["remove_buttons"]) and len(row["remove_buttons"]) == 1
    assert row["stray_name"] in row["status_after_save"]
    assert row["after_remove"] == [] and row["back_to"] == table


@pytest.mark.parametrize("name", sorted(RUNS))
def test_the_panel_has_no_layout_or_word_problem(report, name):
    row = report[name]
    assert row["problems"] == {"1280x800": [], "800x1280": []}
    assert row["problems_saved"] == []


def test_places_are_offered_where_the_game_allows_them(report):
    assert report["turin-market-4p"]["places"] == []  # a card not revealed yet: only "not on the table"
    assert len(report["pergamon-3p"]["places"]) == 5 + 3  # five galleries, three players' areas
    assert len(report["scoop-4p"]["places"]) == 4 * 3  # each player's call area and two reserve spaces
