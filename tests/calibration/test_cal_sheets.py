"""Tag sheets (calibration.sheets, `companion tags`): every printed tag decodes at
the camera's scale, every sticker says what it goes on."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
import zxingcpp

from calibration.sheets import plan_sheets, render_page, write_pdf
from calibration.tags import aruco_dictionary
from companion.cli import main
from companion.errors import CompanionError
from companion.games.penny_press.tags import catalog_ids, encode_payload, kind_of, label, parse_payload

# Reference setup (docs/calibration.md): 3840x2160 camera 1.0-1.1 m up, straight
# down, a 1.6 x 0.9 m view: 2.4 px/mm everywhere (calibration.synthetic.
# reference_homography; the old tilted 70 cm view gave 2.35-2.98), so a normal 1.3 mm
# module spans 3.1 px; 2.5 px/mm here keeps the sheets' check at that margin. Large
# tags (1.6 mm modules on stories) are for 1920x1080: 1.9 px/mm (a 1.0 x 0.58 m
# 1080p view straight down, the board alone) gives 3.0 px per module.
SCALES = {"normal": 2.5, "large": 1.9}


def _camera_like(img, seed):
    rng = np.random.default_rng(seed)
    img = cv2.GaussianBlur(img, (0, 0), 0.6)
    return np.clip(img + rng.normal(0, 3, img.shape), 0, 255).astype(np.uint8)


@pytest.mark.parametrize("paper, size", [("a4", "normal"), ("letter", "large")])
def test_every_tag_on_the_sheets_decodes_at_the_reference_scale(paper, size):
    plan = plan_sheets(paper, size)
    want_qr = {p.payload for p in plan.placements if p.payload}
    want_aruco = {p.marker_id for p in plan.placements if p.marker_id is not None}
    det = cv2.aruco.ArucoDetector(aruco_dictionary(), cv2.aruco.DetectorParameters())
    got_qr, got_aruco, modules = set(), set(), []
    for page in range(plan.pages):
        img = _camera_like(render_page(plan, page, SCALES[size]), page)
        for r in zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode):
            got_qr.add(r.text)
            modules.append((r.position.top_right.x - r.position.top_left.x) / 21)
        _, ids, _ = det.detectMarkers(img)
        got_aruco |= set(ids.ravel().tolist()) if ids is not None else set()
    print(f"{paper}/{size}: {len(got_qr)}/{len(want_qr)} QR, {len(got_aruco)}/{len(want_aruco)} ArUco, "
          f"module {min(modules):.2f}-{max(modules):.2f} px")
    assert want_qr - got_qr == set()
    assert want_aruco - got_aruco == set()
    assert min(modules) >= 2.9


def test_sheet_holds_every_component_once_plus_corner_fiducials():
    plan = plan_sheets("a4", "normal")
    comps = [p.component for p in plan.placements]
    pieces = [c for c in catalog_ids() if kind_of(c) not in "BM"]
    assert sorted(c for c in comps if c in pieces) == sorted(pieces)
    assert comps.count("board") == 4
    assert all(comps.count(f"mat-{c}") == 4 for c in ("red", "blue", "green", "yellow", "black"))
    for p in plan.placements:
        if p.payload:
            assert parse_payload(p.payload).component == p.component
        assert p.x_mm >= 10 and p.y_mm >= 10 and p.x_mm + p.side_mm <= plan.paper[0] - 10
        assert p.y_mm + p.side_mm <= plan.paper[1] - 10


def test_stickers_do_not_overlap():
    plan = plan_sheets("letter", "large")
    by_page = {}
    for p in plan.placements:
        by_page.setdefault(p.page, []).append(p)
    for items in by_page.values():
        for i, a in enumerate(items):
            for b in items[i + 1:]:
                assert (a.x_mm + a.side_mm <= b.x_mm or b.x_mm + b.side_mm <= a.x_mm
                        or a.y_mm + a.side_mm + 7 <= b.y_mm or b.y_mm + b.side_mm + 7 <= a.y_mm), (a, b)


def test_labels_in_words():
    assert label("war-A1") == "Story: War, shape A, 1 star"
    assert label("human-D3") == "Story: Human condition, shape D, 3 stars"
    assert label("H07") == "Headline card 7"
    assert label("red3") == "Reporter: red 3"
    assert label("arrow-politics") == "Arrow marker: Politics"
    assert label("bonus-city") == "Bonus marker: City"
    assert label("penny15") == "Penny 15"
    assert label("ad6") == "Ad 6"


def test_bad_paper_or_size():
    with pytest.raises(CompanionError, match="paper"):
        plan_sheets("a3")
    with pytest.raises(CompanionError, match="size"):
        plan_sheets("a4", "huge")


def test_pdf_has_guide_and_sticker_pages(tmp_path, capsys):
    out = tmp_path / "sheet.pdf"
    assert main(["tags", "penny-press", "--paper", "letter", "--out", str(out)]) == 0
    data = out.read_bytes()
    assert data.startswith(b"%PDF")
    plan = plan_sheets("letter", "normal")
    assert data.count(b"/Type /Page") - data.count(b"/Type /Pages") == plan.pages + 1  # + guide page
    assert data.count(b"/Subtype /Image") == len(plan.placements)  # one image per sticker
    printed = capsys.readouterr()
    assert "162 component tags and 24 corner fiducials" in printed.out
    assert "tags: 100%" in printed.err  # the tqdm progress bar


def test_pdf_to_unwritable_place_is_a_clear_error(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(CompanionError, match="cannot write"):
        write_pdf(plan_sheets(), tmp_path / "file" / "sheet.pdf", progress=False)


def test_payloads_on_sheet_match_contract():
    plan = plan_sheets()
    story = next(p for p in plan.placements if p.component == "war-A1")
    assert story.payload == encode_payload("war-A1") == "TC1:PP:S:WAR-A1"
