"""The Pergamon data files: the facts they must hold, and clear errors for bad edits."""

from __future__ import annotations

import json
import shutil

import pytest

from companion.errors import DataFileError
from companion.games.pergamon import KINDS, load_catalog
from companion.games.pergamon.catalog import DATA_DIR


def test_shipped_data_holds_the_known_facts():
    cat = load_catalog()
    assert len(cat.tiles) == 60                                   # 60 find tiles
    assert {t.century for t in cat.tiles.values()} == {1, 2, 3, 4, 5}
    assert all(t.left in KINDS and t.right in KINDS for t in cat.tiles.values())
    mask = cat.by_date(463)                                       # the rulebook's mask of 463
    assert "mask" in (mask.left, mask.right)
    assert cat.funds_cards == {v: 3 for v in range(1, 9)}         # 24 cards, 3 x 1..8
    assert cat.backs["bag"] == (1, 2, 3, 4) and cat.backs["chest"] == (5, 6, 7, 8)
    assert cat.n_funds_spaces == 13
    assert (cat.space(7).coins, cat.space(7).deepest) == (3, 3)   # FACTS: space 7 pays 3, gallery III
    assert cat.plan_spaces == 24 and min(cat.plan_vp) == 1 and max(cat.plan_vp) == 6
    assert list(cat.plan_vp) == sorted(cat.plan_vp)
    assert [(e.turn, e.oldest, e.shift) for e in cat.evaluations] == [
        (5, "vase", 3), (7, "jug", 4), (9, "mask", 5), (12, "bracelet", 0)]
    assert cat.end_bonus == (3, 2, 1) and cat.award_vp == 2 and cat.polish_max == 3
    assert {"funds_spaces", "plan_vp", "raider_spaces"} <= set(cat.unverified)
    assert "rules.json: plan_vp (unverified)" in cat.source("plan_vp")
    assert "tiles.csv" in cat.source("tiles")


def _copy(tmp_path):
    d = tmp_path / "data"
    shutil.copytree(DATA_DIR, d)
    return d


def test_a_bad_tile_row_names_the_file_and_line(tmp_path):
    d = _copy(tmp_path)
    lines = (d / "tiles.csv").read_text().splitlines()
    idx = next(i for i, ln in enumerate(lines) if ln.startswith("F10,"))
    lines[idx] = "F10,3,xx,vase,jug"
    (d / "tiles.csv").write_text("\n".join(lines) + "\n")
    with pytest.raises(DataFileError) as exc:
        load_catalog(d)
    assert "tiles.csv" in str(exc.value) and exc.value.line == idx + 1


@pytest.mark.parametrize("row", ["F10,3,40,vase,plate", "F10,6,40,vase,jug", "F01,3,41,vase,jug"])
def test_wrong_kind_century_or_duplicate_is_refused(tmp_path, row):
    d = _copy(tmp_path)
    lines = (d / "tiles.csv").read_text().splitlines()
    idx = next(i for i, ln in enumerate(lines) if ln.startswith("F10,"))
    lines[idx] = row
    (d / "tiles.csv").write_text("\n".join(lines) + "\n")
    with pytest.raises(DataFileError, match="tiles.csv"):
        load_catalog(d)


def test_duplicate_dates_are_refused(tmp_path):
    d = _copy(tmp_path)
    cat = load_catalog()
    t1 = cat.tiles["F01"]
    lines = (d / "tiles.csv").read_text().splitlines()
    idx = next(i for i, ln in enumerate(lines) if ln.startswith("F02,"))
    lines[idx] = f"F02,{t1.century},{t1.number},vase,jug"
    (d / "tiles.csv").write_text("\n".join(lines) + "\n")
    with pytest.raises(DataFileError, match="duplicate full date"):
        load_catalog(d)


@pytest.mark.parametrize("edit", [
    lambda r: r.pop("funds_spaces"),
    lambda r: r["funds_spaces"][3].update(deepest=6),
    lambda r: r["raider_spaces"].pop("bag+bag"),
    lambda r: r["evaluations"][0].update(oldest="coin"),
])
def test_bad_rules_json_is_refused_naming_the_file(tmp_path, edit):
    d = _copy(tmp_path)
    raw = json.loads((d / "rules.json").read_text())
    edit(raw)
    (d / "rules.json").write_text(json.dumps(raw))
    with pytest.raises(DataFileError, match="rules.json"):
        load_catalog(d)
    (d / "rules.json").write_text("{ not json")
    with pytest.raises(DataFileError, match="rules.json"):
        load_catalog(d)

