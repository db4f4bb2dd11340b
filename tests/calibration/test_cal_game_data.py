"""Every game read the same way: the TC1 reader a tags module makes, and a game's
calibration data (components.json) edited in a copy of its folder."""

from __future__ import annotations

import dataclasses
import json
import shutil

import pytest

from calibration import game_tags, layouts
from companion import registry
from companion.errors import DataFileError
from companion.tags import PayloadReader


def test_a_payload_reader_reads_its_own_catalog_and_names_other_games():
    ids = ("alpha", "beta-2")
    reader = PayloadReader("ZZ", {"T": "token"}, lambda: ids, lambda c: f"TC1:ZZ:T:{c.upper()}")
    assert reader.parse("TC1:ZZ:T:BETA-2").component == "beta-2"
    assert reader.parse(b"TC1:ZZ:T:ALPHA").component == "alpha"
    assert reader.parse("TC1:ZZ:T:GAMMA").reason == "unknown id"
    assert reader.parse("TC1:ZZ:Q:ALPHA").reason == "garbled"      # a kind the game does not have
    other = reader.parse("TC1:PP:S:WAR-A1")
    assert (other.reason, other.game) == ("other game", "PP")
    assert reader.check("TC1:ZZ:T:ALPHA") == reader.parse("TC1:ZZ:T:ALPHA")


@pytest.mark.parametrize("game", registry.ids())
def test_every_game_reads_its_payloads_through_its_reader(game):
    mod = game_tags.tags_module(game)
    assert mod.parse_payload == mod.READER.parse
    for cid in mod.catalog_ids()[:40]:
        assert mod.parse_payload(mod.encode_payload(cid)).component == cid


@pytest.fixture
def pp_copy(tmp_path, monkeypatch):
    """Penny Press with its data folder copied to tmp_path (GameSpec.layouts an absolute
    path, as a game defined outside calibration/data would give); caches cleared."""
    folder = tmp_path / "penny_press"
    shutil.copytree(layouts.data_dir("penny-press"), folder)
    spec = dataclasses.replace(registry.get("penny-press"), layouts=str(folder))
    real_get = registry.get
    monkeypatch.setattr(registry, "get", lambda game: spec if game == "penny-press" else real_get(game))

    def clear():
        for f in (layouts.layout_names, layouts.load_layout, game_tags.load_components,
                  game_tags.load_game_layout, game_tags._aruco, game_tags.tag_spec):
            f.cache_clear()

    clear()
    yield folder
    clear()


def _edit(folder, change):
    path = folder / "components.json"
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data, indent=1))


def test_a_data_folder_given_as_an_absolute_path_is_read(pp_copy):
    assert layouts.data_dir("penny-press") == pp_copy
    _edit(pp_copy, lambda d: d["pieces"]["ad"].__setitem__("size_mm", [44, 44]))
    assert game_tags.component_size_mm("penny-press", "ad1") == (44.0, 44.0)


def test_aruco_ids_run_on_in_catalog_order(pp_copy):
    before = game_tags.aruco_table("penny-press")
    # blue1 follows red5 in the catalog: without its own entry it takes the next id,
    # which is the one it had
    _edit(pp_copy, lambda d: d["aruco_ids"].pop("blue1"))
    game_tags._aruco.cache_clear()
    game_tags.load_components.cache_clear()
    assert game_tags.aruco_table("penny-press") == before
    assert game_tags.marker_owner("penny-press", 29) == ("blue1", "piece")


def test_a_marker_piece_without_an_id_names_the_file(pp_copy):
    _edit(pp_copy, lambda d: d["aruco_ids"].pop("red1"))
    with pytest.raises(DataFileError, match=r"components.json.*aruco_ids: no id for red1"):
        game_tags.aruco_table("penny-press")


def test_two_pieces_on_one_id_name_both(pp_copy):
    _edit(pp_copy, lambda d: d["aruco_ids"].__setitem__("newsboy", 60))
    with pytest.raises(DataFileError, match="id 60 used by both"):
        game_tags.aruco_table("penny-press")


def test_a_piece_standing_on_an_unknown_kind_is_refused(pp_copy):
    _edit(pp_copy, lambda d: d["pieces"]["reporter"].__setitem__("stands_on", "table"))
    with pytest.raises(DataFileError, match="pieces.reporter.stands_on"):
        game_tags.load_components("penny-press")
