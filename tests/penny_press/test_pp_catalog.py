"""Penny Press catalog: ids, numbers from FACTS.md, and data-file errors naming file and line."""

from __future__ import annotations

import json
import shutil

import pytest

from companion.errors import DataFileError
from companion.games.penny_press import load_catalog
from companion.games.penny_press.catalog import DATA_DIR


def test_counts_and_ids():
    cat = load_catalog()
    assert len(cat.stories) == 60
    assert len(cat.headline_cards) == 45
    assert cat.beats == ("war", "crime", "city", "politics", "human")
    assert sorted(cat.headline_cards)[0] == "H01" and sorted(cat.headline_cards)[-1] == "H45"
    assert cat.colours == ("red", "blue", "green", "yellow", "black")
    assert cat.ads == tuple(f"ad{i}" for i in range(1, 7))
    s = cat.stories["human-D3"]
    assert (s.beat, s.shape, s.stars, s.width, s.height, s.column_spaces) == ("human", "D", 3, 2, 3, 2)
    a = cat.stories["war-A1"]
    assert (a.width, a.height, a.column_spaces) == (1, 2, 1)
    assert (cat.stories["crime-B2"].width, cat.stories["crime-B2"].height) == (1, 3)
    assert cat.stories["city-C1"].column_spaces == 2


def test_value_tables_from_facts():
    cat = load_catalog()
    assert cat.news_beat_value == (0, 1, 2, 3, 3, 4, 4, 5, 5, 6)
    assert cat.scoop_value == (0, 0, 1, 1, 1, 2, 2, 2, 3, 3)
    assert cat.arrow_max == 9 and cat.column_spaces == 9
    assert (cat.bonus_start, cat.bonus_max) == (2, 20)
    assert dict(cat.final_trigger_presses) == {2: 4, 3: 4, 4: 3, 5: 3}
    assert dict(cat.ad_row_by_pennies) == {1: 2, 2: 1, 3: 0}


def test_headline_cards_and_kept_slips():
    cat = load_catalog()
    h1 = cat.headline_cards["H01"]
    assert (h1.bonus_beat, h1.bonus_advance, h1.stories, h1.ad_column) == (
        "war", 3, (("politics", "B"), ("war", "D")), 0)
    # FACTS.md: card 10 crime +2 is a suspected slip, kept as found.
    assert cat.headline_cards["H10"].bonus_advance == 2
    demand = {}
    for c in cat.headline_cards.values():
        for key in c.stories:
            demand[key] = demand.get(key, 0) + 1
    assert demand[("city", "B")] == 5 and demand[("war", "B")] == 7
    assert demand[("human", "C")] == 5 and demand[("human", "D")] == 7


def test_piles_three_stars_at_bottom():
    piles = load_catalog().initial_piles()
    assert len(piles) == 20
    assert piles["war-A"] == ("war-A3", "war-A2", "war-A1")


@pytest.fixture
def data_copy(tmp_path):
    d = tmp_path / "data"
    shutil.copytree(DATA_DIR, d)
    return d


def _edit(path, old, new):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_bad_beat_names_file_and_line(data_copy):
    _edit(data_copy / "stories.csv", "crime-A1,crime,A,1", "crime-A1,crimes,A,1")
    with pytest.raises(DataFileError) as ei:
        load_catalog(data_copy)
    lines = (data_copy / "stories.csv").read_text().splitlines()
    want = next(i + 1 for i, ln in enumerate(lines) if "crimes" in ln)
    assert ei.value.path.endswith("stories.csv") and ei.value.line == want
    assert "unknown beat" in str(ei.value)


def test_bad_card_story(data_copy):
    _edit(data_copy / "headline_cards.csv", "7,war,3,human-A war-D city-B,2", "7,war,3,human-A war-E city-B,2")
    with pytest.raises(DataFileError) as ei:
        load_catalog(data_copy)
    assert ei.value.path.endswith("headline_cards.csv") and ei.value.line == 10
    assert "war-E" in str(ei.value)


def test_bad_ad_column_and_field_count(data_copy):
    _edit(data_copy / "headline_cards.csv", "1,war,3,politics-B war-D,0", "1,war,3,politics-B war-D,4")
    with pytest.raises(DataFileError, match=r"headline_cards.csv:4: ad_column"):
        load_catalog(data_copy)
    _edit(data_copy / "headline_cards.csv", "1,war,3,politics-B war-D,4", "1,war,3")
    with pytest.raises(DataFileError, match=r"headline_cards.csv:4: expected 5 fields"):
        load_catalog(data_copy)


def test_duplicate_story(data_copy):
    with open(data_copy / "stories.csv", "a") as f:
        f.write("war-A1,war,A,1\n")
    with pytest.raises(DataFileError, match=r"stories.csv:63: duplicate story"):
        load_catalog(data_copy)


def test_rules_json_errors(data_copy):
    p = data_copy / "rules.json"
    rules = json.loads(p.read_text())
    rules["scoop_value"] = [0, 0, 1, 1, 1, 2, 2, 2, 3, 1]
    p.write_text(json.dumps(rules, indent=1))
    with pytest.raises(DataFileError, match="scoop_value must never decrease") as ei:
        load_catalog(data_copy)
    assert ei.value.line is not None and ei.value.line > 1
    p.write_text("{ not json")
    with pytest.raises(DataFileError, match=r"rules.json:1: not valid JSON"):
        load_catalog(data_copy)
    (data_copy / "rules.json").unlink()
    with pytest.raises(DataFileError, match="cannot be read"):
        load_catalog(data_copy)


def test_edited_table_is_used(data_copy):
    p = data_copy / "rules.json"
    rules = json.loads(p.read_text())
    rules["news_beat_value"] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    p.write_text(json.dumps(rules))
    assert load_catalog(data_copy).news_beat_value[9] == 9
