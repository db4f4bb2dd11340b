"""The Turin Market data files: the shipped guess is consistent, and an edited file
with a mistake is refused naming the file and, where it can, the line."""

from __future__ import annotations

import json
import shutil

import pytest

from companion.errors import DataFileError
from companion.games.turin_market import load_catalog, new_game
from companion.games.turin_market.catalog import DATA_DIR


def test_shipped_data():
    cat = load_catalog()
    assert len(cat.goods) == 9 and len(cat.cards) == 18
    for c in cat.cards.values():
        assert sorted(c.units.values()) == [1, 2, 3]
    assert sum(sum(c.units.values()) for c in cat.cards.values()) == 108
    for name in ("classic", "red"):
        assert dict(cat.payment_cards[name])["grapes"] == 6          # the rule text's example
    assert all(f.startswith("companion/games/turin_market/data/") for f in cat.guess_files)


def _copy(tmp_path):
    d = tmp_path / "data"
    shutil.copytree(DATA_DIR, d)
    return d


def test_an_edited_payment_card_is_used(tmp_path):
    d = _copy(tmp_path)
    g = json.loads((d / "goods.json").read_text())
    g["payment_cards"]["classic"][4] = ["grapes", 9]
    (d / "goods.json").write_text(json.dumps(g, ensure_ascii=False, indent=1))
    cat = load_catalog(d)
    assert dict(cat.payment_cards["classic"])["grapes"] == 9
    assert cat.guess_files[0] == str(d / "goods.json")
    assert new_game(3, catalog=cat).catalog is cat


@pytest.mark.parametrize("file,edit,where", [
    ("cards.csv", lambda t: t.replace("T05,grapes,hazelnuts,rice", "T05,grapes,grapes,rice"), 6),
    ("cards.csv", lambda t: t.replace("T05,grapes,hazelnuts,rice", "T05,grapes,figs,rice"), 6),
    ("cards.csv", lambda t: t.replace("T18,wheat,cheese,cocoa\n", ""), None),
    ("cards.csv", lambda t: t.replace("T02,", "T01,"), 3),
    ("goods.json", lambda t: t.replace('["wheat", 3]', '["wheat", -3]'), "classic"),
    ("goods.json", lambda t: t.replace('["wheat", 3]', '["grapes", 3]'), "classic"),
    ("goods.json", lambda t: t.replace('"goods": {', '"goods": [', 1), 4),   # invalid JSON
    ("rules.json", lambda t: t.replace('"2": [2]', '"2": [3]'), "picks"),
    ("rules.json", lambda t: t.replace('"hand": 4', '"hand": 5'), "deal"),
    ("rules.json", lambda t: t.replace('"start_shields": 15,', ''), None),
])
def test_mistakes_name_the_file_and_line(tmp_path, file, edit, where):
    d = _copy(tmp_path)
    p = d / file
    p.write_text(edit(p.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(DataFileError) as info:
        load_catalog(d)
    assert info.value.path == str(p)
    if isinstance(where, int):
        assert info.value.line == where
    elif isinstance(where, str):
        lines = p.read_text(encoding="utf-8").splitlines()
        assert info.value.line is not None and where in lines[info.value.line - 1]
