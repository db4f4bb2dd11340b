"""Turin Market tags (companion.games.turin_market.tags), table layouts
(calibration/data/turin_market) and `companion tags turin-market`."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
import zxingcpp

from calibration.layouts import data_dir, parse_layout
from calibration.sheets import plan_sheets, render_page
from calibration.tags import aruco_dictionary
from companion import registry
from companion.cli import main
from companion.games.turin_market import load_catalog
from companion.games.turin_market.tags import (COLOURS, catalog_ids, encode_payload, kind_of, label,
                                               parse_payload, seat_of_surface)
from companion.tags import MAX_PAYLOAD_LEN, QR_ALPHANUMERIC


def test_every_component_has_a_short_alphanumeric_payload_that_parses_back():
    cat = load_catalog()
    ids = catalog_ids()
    assert len(ids) == len(cat.cards) + len(cat.goods) + 1 + 5 + 1 == 34
    payloads = [encode_payload(c) for c in ids]
    assert len(set(payloads)) == len(ids)
    for cid, p in zip(ids, payloads):
        assert len(p) <= MAX_PAYLOAD_LEN and set(p) <= QR_ALPHANUMERIC
        got = parse_payload(p)
        assert got.ok and got.component == cid and got.kind == kind_of(cid) and got.game == "TM"
        assert parse_payload(p.encode()).component == cid
    assert encode_payload("T07") == "TC1:TM:C:T07"
    assert encode_payload("token-grapes") == "TC1:TM:G:GRAPES"
    assert encode_payload("goose") == "TC1:TM:O:GOOSE"
    assert encode_payload("mat-blue") == "TC1:TM:M:BLUE"
    assert registry.get("turin-market").tag_kinds.keys() == {"C", "G", "O", "M", "B"}


@pytest.mark.parametrize("text, reason", [
    ("TC1:PP:S:WAR-A1", "other game"), ("https://example.com", "foreign"), ("TC1:TM:C:T19", "unknown id"),
    ("TC1:TM:Q:T01", "garbled"), ("TC2:TM:C:T01", "unsupported version"), ("TC1:TM:C:t01", "garbled"),
    ("TC1:TM:G:" + "X" * 30, "too long"), (b"TC\xff\xfe", "garbled"), (None, "garbled"), ("", "foreign"),
])
def test_foreign_or_garbled_payloads_are_reported_never_raised(text, reason):
    got = parse_payload(text)
    assert not got.ok and got.component is None and got.reason == reason


def test_unknown_ids_raise_and_labels_say_what_the_piece_is():
    with pytest.raises(ValueError, match="T19"):
        encode_payload("T19")
    cat = load_catalog()
    units = cat.cards["T01"].units
    text = label("T01")
    for good, n in units.items():
        assert f"{n} {cat.good_names[good]['en']}" in text
    assert label("mat-green") == "Player area 3 (green)"
    assert [seat_of_surface(f"mat-{c}") for c in COLOURS] == [0, 1, 2, 3, 4]
    assert seat_of_surface("board") is None and seat_of_surface("mat-pink") is None


def test_layouts_in_mm_hold_the_zones_the_observer_reads():
    board = parse_layout(data_dir("turin-market") / "turin-market-board.json", "turin-market-board")
    mat = parse_layout(data_dir("turin-market") / "turin-market-mat.json", "turin-market-mat")
    assert {z.name for z in board.zones} == {"centre", "sale", "discard"}
    assert {z.name for z in mat.zones} == {"cards", "tokens", "loan"}
    assert set(mat.surfaces) == {f"mat-{c}" for c in COLOURS}
    # five cards (63 mm wide) fit side by side in the centre area; a card's centre is in one zone only
    centre = board.zone("centre")
    assert centre.contains(44 + 5 * 70 - 35, 65)
    assert board.zone_at(220, 65) == "centre" and board.zone_at(220, 190) == "sale"
    assert board.zone("sale").slot_at(60, 190) == "1"
    ids = [f.id for lay in (board, mat) for fl in lay.surfaces.values() for f in fl]
    assert len(ids) == len(set(ids)) == 24


def test_tag_sheet_holds_every_piece_once_and_every_tag_decodes_at_the_camera_scale():
    plan = plan_sheets("a4", "normal", "turin-market")
    comps = [p.component for p in plan.placements]
    pieces = [c for c in catalog_ids() if kind_of(c) not in "BM"]
    assert sorted(c for c in comps if c in pieces) == sorted(pieces)
    assert comps.count("board") == 4 and all(comps.count(f"mat-{c}") == 4 for c in COLOURS)
    want_qr = {p.payload for p in plan.placements if p.payload}
    want_aruco = {p.marker_id for p in plan.placements if p.marker_id is not None}
    det = cv2.aruco.ArucoDetector(aruco_dictionary(), cv2.aruco.DetectorParameters())
    got_qr, got_aruco = set(), set()
    rng = np.random.default_rng(3)
    for page in range(plan.pages):
        img = cv2.GaussianBlur(render_page(plan, page, 2.5), (0, 0), 0.6)
        img = np.clip(img + rng.normal(0, 3, img.shape), 0, 255).astype(np.uint8)
        got_qr |= {r.text for r in zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode)}
        _, ids, _ = det.detectMarkers(img)
        got_aruco |= set(ids.ravel().tolist()) if ids is not None else set()
    assert want_qr - got_qr == set() and len(want_qr) == 28
    assert want_aruco - got_aruco == set()


def test_companion_tags_turin_market_writes_a_pdf(tmp_path, capsys):
    out = tmp_path / "tm.pdf"
    assert main(["tags", "turin-market", "--out", str(out), "--no-progress"]) == 0
    assert out.read_bytes()[:5] == b"%PDF-"
    assert "28 component tags and 24 corner fiducials" in capsys.readouterr().out
