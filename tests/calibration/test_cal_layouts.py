"""Layouts (calibration.layouts), piece sizes and tag specs (calibration.game_tags),
on Penny Press's data."""

from __future__ import annotations

import itertools
import json

import pytest

from calibration import game_tags
from calibration.layouts import SIZES, data_dir, load_layout
from companion.errors import CompanionError, DataFileError
from companion.games.penny_press.tags import BEATS, catalog_ids, kind_of

PP = "penny-press"
DATA_DIR = data_dir(PP)


def aruco_table():
    return game_tags.aruco_table(PP)


def aruco_id(cid):
    return game_tags.aruco_id(PP, cid)


def marker_owner(marker_id):
    return game_tags.marker_owner(PP, marker_id)


def component_size_mm(cid):
    return game_tags.component_size_mm(PP, cid)


def tag_spec(cid, size="normal"):
    return game_tags.tag_spec(PP, cid, size)


@pytest.fixture(scope="module")
def board():
    return load_layout("penny-press-board")


@pytest.fixture(scope="module")
def mat():
    return load_layout("penny-press-mat")


def test_board_has_five_beat_columns_of_nine_spaces(board):
    for b in BEATS:
        z = board.zone(f"beat:{b}")
        assert sorted(z.slots, key=int) == [str(s) for s in range(1, 10)]
        assert sorted(board.zone(f"arrow:{b}").slots, key=int) == [str(p) for p in range(10)]
        # Bonus track: markers start at 2, the track goes to 20 (FACTS.md).
        assert sorted(board.zone(f"bonus:{b}").slots, key=int) == [str(v) for v in range(2, 21)]
    # Beat columns in board order, left to right.
    xs = [board.zone(f"beat:{b}").centre_mm[0] for b in BEATS]
    assert xs == sorted(xs)


def test_space_one_is_the_bottom_of_the_column(board):
    z = board.zone("beat:crime")
    assert z.slots["1"][0][1] > z.slots["9"][0][1]
    cx = sum(p[0] for p in z.slots["1"]) / 4
    y1 = sum(p[1] for p in z.slots["1"]) / 4
    assert board.slot_at(cx, y1) == ("beat:crime", "1")


def test_mat_front_page_is_3_by_4_with_row_0_on_top(mat):
    cells = {z.name: z for z in mat.zones if z.name.startswith("front:")}
    assert len(cells) == 12
    assert cells["front:0,0"].centre_mm[1] < cells["front:2,0"].centre_mm[1]
    assert cells["front:0,0"].centre_mm[0] < cells["front:0,3"].centre_mm[0]
    x, y = cells["front:1,2"].centre_mm
    assert mat.zone_at(x, y) == "front:1,2"
    # published lies beside (below) the mat, outside its outline: allowed.
    px, py = mat.zone("published").centre_mm
    assert py > mat.size_mm[1] and mat.zone_at(px, py) == "published"
    assert mat.zone_at(-50, -50) is None


@pytest.mark.parametrize("name", ["penny-press-board", "penny-press-mat"])
def test_zones_do_not_overlap_each_other_or_the_fiducials(name):
    layout = load_layout(name)
    for z in layout.zones:
        # every zone's centre belongs to that zone only
        x, y = z.centre_mm
        assert [o.name for o in layout.zones if o.contains(x, y)] == [z.name]
        for f in layout.fiducials():
            for cx, cy in f.corners_mm:
                assert not z.contains(cx, cy), (z.name, f.id)


def test_fiducial_ids_are_distinct_across_board_and_all_mats():
    ids = [f.id for n in ("penny-press-board", "penny-press-mat") for f in load_layout(n).fiducials()]
    assert len(ids) == len(set(ids)) == 4 + 5 * 4
    pieces = [i for c, v in aruco_table().items() for i in v]
    assert len(pieces) == len(set(pieces))
    assert max(pieces) < 100  # DICT_4X4_100


def test_marker_ids_map_back_to_components():
    assert marker_owner(aruco_id("red3")) == ("red3", "piece")
    assert marker_owner(aruco_id("penny15")) == ("penny15", "piece")
    mat_blue = load_layout("penny-press-mat").fiducials("mat-blue")
    assert marker_owner(mat_blue[2].id) == ("mat-blue", "bottom-right")
    assert aruco_id("war-A1") is None
    assert marker_owner(99) is None


def test_story_sizes_follow_the_shapes():
    # A 1x2, B 1x3, C 2x2, D 2x3 cells (docs/contracts.md), 40 mm cells in the data.
    assert component_size_mm("war-A1") == (40, 80)
    assert component_size_mm("city-B2") == (40, 120)
    assert component_size_mm("crime-C3") == (80, 80)
    assert component_size_mm("human-D1") == (80, 120)
    assert component_size_mm("board") == load_layout("penny-press-board").size_mm
    with pytest.raises(ValueError, match="unknown"):
        component_size_mm("war-E1")


@pytest.mark.parametrize("size", SIZES)
def test_every_component_has_a_tag_that_fits(size):
    for cid in catalog_ids():
        t = tag_spec(cid, size)
        assert t.symbol in ("qr", "aruco")
        assert t.size_mm <= min(t.piece_mm)
        if kind_of(cid) in "SHA":
            assert t.symbol == "qr" and t.payload and abs(t.symbol_mm - 21 * t.module_mm) < 1e-9
        else:
            assert t.symbol == "aruco" and t.marker_ids


def test_large_tags_are_not_smaller():
    for cid in catalog_ids():
        assert tag_spec(cid, "large").module_mm >= tag_spec(cid, "normal").module_mm
    with pytest.raises(ValueError):
        tag_spec("war-A1", "huge")


def test_unknown_layout_name():
    with pytest.raises(CompanionError, match="unknown layout"):
        load_layout("penny-press-table")


def _write(tmp_path, data_or_text, name="bad.json"):
    p = tmp_path / name
    p.write_text(data_or_text if isinstance(data_or_text, str) else json.dumps(data_or_text, indent=1))
    return str(p)


def _board_data():
    return json.loads((DATA_DIR / "penny-press-board.json").read_text())


def test_bad_json_names_file_and_line(tmp_path):
    path = _write(tmp_path, '{\n "name": "penny-press-board",\n "size_mm": [840, 560,\n}')
    with pytest.raises(DataFileError) as e:
        load_layout("penny-press-board", path)
    assert e.value.path == path and e.value.line == 4
    assert "bad.json:4" in str(e.value)


@pytest.mark.parametrize(
    "mutate, words",
    [
        (lambda d: d.pop("zones"), "zones: missing key"),
        (lambda d: d.__setitem__("size_mm", [840]), "size_mm"),
        (lambda d: d["surfaces"]["board"][1].__setitem__("id", 0), "already used"),
        (lambda d: d["surfaces"]["board"][2].__setitem__("centre", [900, 535]), "does not lie inside"),
        (lambda d: d["zones"][0].__setitem__("polygon", [[0, 0], [1, 1]]), "polygon"),
        (lambda d: d["zones"][0].__setitem__("polygon", [[0, 0], ["x", 1], [2, 2]]), "expected a number"),
        (lambda d: d["zones"].pop(0), "missing headline"),
        (lambda d: d["zones"].append(dict(d["zones"][1])), "defined twice"),
        (lambda d: d.__setitem__("name", "penny-press-mat"), "name"),
    ],
)
def test_bad_layout_files_name_the_file_and_key(tmp_path, mutate, words):
    data = _board_data()
    mutate(data)
    path = _write(tmp_path, data)
    with pytest.raises(DataFileError) as e:
        load_layout("penny-press-board", path)
    assert path in str(e.value) and words in str(e.value)


def test_duplicate_fiducial_error_points_at_its_line(tmp_path):
    text = (DATA_DIR / "penny-press-board.json").read_text().replace('"id": 1,', '"id": 0,')
    path = _write(tmp_path, text)
    with pytest.raises(DataFileError) as e:
        load_layout("penny-press-board", path)
    assert e.value.line == next(i for i, line in enumerate(text.splitlines(), 1) if '"top-right"' in line)


def test_missing_file(tmp_path):
    with pytest.raises(DataFileError, match="cannot be read"):
        load_layout("penny-press-mat", str(tmp_path / "nope.json"))


def test_zone_at_matches_every_slot_centre(board):
    for z, (k, poly) in itertools.chain.from_iterable(((z, s) for s in z.slots.items()) for z in board.zones):
        x = sum(p[0] for p in poly) / len(poly)
        y = sum(p[1] for p in poly) / len(poly)
        assert board.slot_at(x, y) == (z.name, k)


def test_mat_fiducial_error_points_at_that_mats_line(tmp_path):
    text = (DATA_DIR / "penny-press-mat.json").read_text()
    lines = text.splitlines()
    i = next(n for n, line in enumerate(lines) if '"id": 14,' in line)  # green bottom-right
    lines[i] = lines[i].replace('"side": 24', '"side": -24')
    path = _write(tmp_path, "\n".join(lines))
    with pytest.raises(DataFileError) as e:
        load_layout("penny-press-mat", path)
    assert e.value.line == i + 1
    assert "surfaces.mat-green[2].side: must be > 0" in str(e.value)
