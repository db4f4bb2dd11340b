"""Scoop tags (companion.games.scoop.tags), the player's place layout
(calibration/data/scoop: page spaces, reserve spaces, call area) and
`companion tags scoop`."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
import zxingcpp

from calibration.game_tags import aruco_table
from calibration.layouts import data_dir, parse_layout
from calibration.sheets import plan_sheets, render_page
from calibration.tags import aruco_dictionary
from companion import registry
from companion.cli import main
from companion.games.scoop import load_catalog
from companion.games.scoop.tags import (COLOURS, card_of, catalog_ids, design_of, encode_payload, kind_of,
                                        label, parse_payload, story_of)
from companion.tags import MAX_PAYLOAD_LEN, QR_ALPHANUMERIC


def test_every_component_has_a_short_alphanumeric_payload_that_parses_back():
    cat = load_catalog()
    ids = catalog_ids()
    cards = (len(cat.story_types) * 3 + len(cat.advert_types) * 3) * cat.copies + cat.scoop_cards
    piles = sum(len(v) for v in cat.piles.values())
    assert len(ids) == cards + piles + len(cat.designs) + len(COLOURS)
    payloads = [encode_payload(c) for c in ids]
    assert len(set(payloads)) == len(ids)
    for cid, p in zip(ids, payloads):
        assert len(p) <= MAX_PAYLOAD_LEN and set(p) <= QR_ALPHANUMERIC
        got = parse_payload(p)
        assert got.ok and got.component == cid and got.kind == kind_of(cid) and got.game == "SC"
    assert encode_payload("crime-call9.2") == "TC1:SC:C:CRI-T2"
    assert encode_payload("three_star-v2") == "TC1:SC:S:3ST-2"
    assert registry.get("scoop").tag_kinds.keys() == {"C", "S", "A", "G", "M"}
    # every engine card is tagged, once per copy
    engine_cards = sorted(cat.deck())
    assert sorted(card_of(c) for c in ids if kind_of(c) == "C") == engine_cards


def test_stories_carry_their_printed_value_and_pages_their_design():
    cat = load_catalog()
    for pile, values in cat.piles.items():
        got = sorted(story_of(c)[1] for c in catalog_ids() if kind_of(c) in "SA" and story_of(c)[0] == pile)
        assert got == sorted(values)
    assert story_of("crime-v4") == ("crime", cat.piles["crime"][3])
    assert {design_of(f"page-{d.lower()}") for d in cat.designs} == set(cat.designs)
    assert label("crime-call9.2") == "Crime telephone card, number 9 (copy 2)"
    assert label("crime-v4") == f"Crime story ${cat.piles['crime'][3]:,} (card 4 of its pile)"


@pytest.mark.parametrize("text, reason", [
    ("TC1:PP:S:WAR-A1", "other game"), ("https://example.com", "foreign"), ("TC1:SC:S:CRI-99", "unknown id"),
    ("TC1:SC:Q:CRI-1", "garbled"), ("TC2:SC:S:CRI-1", "unsupported version"), ("TC1:SC:S:cri-1", "garbled"),
    ("TC1:SC:S:" + "X" * 30, "too long"), (b"TC\xff\xfe", "garbled"), (None, "garbled"), ("", "foreign"),
])
def test_foreign_or_garbled_payloads_are_reported_never_raised(text, reason):
    got = parse_payload(text)
    assert not got.ok and got.component is None and got.reason == reason


def test_place_layout_has_every_space_a_page_prints_reserves_and_the_call_area():
    cat = load_catalog()
    lay = parse_layout(data_dir("scoop") / "scoop-page.json", "scoop-page")
    names = {z.name for z in lay.zones}
    design_max = max(len(d.stories) for d in cat.designs.values())
    ads_max = max(len(d.adverts) for d in cat.designs.values())
    assert {f"story:{c},{s}" for c in range(design_max) for s in range(cat.story_spaces)} <= names
    assert {f"advert:{i}" for i in range(ads_max)} | {f"star:{i}" for i in range(cat.star_spaces)} <= names
    assert {"threestar", "reserve:0", "reserve:1", "call"} <= names
    assert set(lay.surfaces) == {f"mat-{c}" for c in COLOURS}
    # a 57 x 88 mm card laid in a space has its centre in that zone only
    for z in lay.zones:
        xs = [p[0] for p in z.polygon]
        ys = [p[1] for p in z.polygon]
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        assert lay.zone_at(cx, cy) == z.name
    ids = [f.id for fl in lay.surfaces.values() for f in fl]
    assert len(ids) == len(set(ids)) == 24


def test_tag_sheet_holds_every_piece_once_and_tags_decode():
    plan = plan_sheets("a4", "normal", "scoop")
    comps = [p.component for p in plan.placements]
    pieces = [c for c in catalog_ids() if kind_of(c) != "M"]
    assert sorted(c for c in comps if c in pieces) == sorted(pieces)
    want_qr = {p.payload for p in plan.placements if p.payload}
    det = cv2.aruco.ArucoDetector(aruco_dictionary(), cv2.aruco.DetectorParameters())
    got_qr, got_aruco = set(), set()
    for page in range(plan.pages):
        img = render_page(plan, page, 2.5)
        got_qr |= {r.text for r in zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode)}
        _, ids, _ = det.detectMarkers(img)
        got_aruco |= set(ids.ravel().tolist()) if ids is not None else set()
    # cards and page boards carry QR codes; stories and adverts ArUco markers (larger
    # cells, read at a stand's far mats), one id each, apart from the mats' corners
    assert want_qr - got_qr == set() and len(want_qr) == len([c for c in pieces if kind_of(c) in "CG"])
    marked = {c: aruco_table("scoop")[c] for c in pieces if kind_of(c) in "SA"}
    assert len(marked) == 69 and all(len(v) == 1 for v in marked.values())
    ids = {v[0] for v in marked.values()}
    assert len(ids) == 69 and not ids & set(range(60, 84))
    assert {p.marker_id for p in plan.placements if p.marker_id is not None} - got_aruco == set()
    assert ids <= got_aruco


def test_companion_tags_scoop_writes_a_pdf(tmp_path, capsys):
    out = tmp_path / "sc.pdf"
    assert main(["tags", "scoop", "--out", str(out), "--no-progress"]) == 0
    assert out.read_bytes()[:5] == b"%PDF-"
    assert "132 component tags and 24 corner fiducials" in capsys.readouterr().out
