"""`companion scan`: JSON lines for photos, folders, videos; errors reported, not raised."""

from __future__ import annotations

from shared_data import qr_photos

import json

import cv2
import pytest

from companion.cli import main
from tools.render.synth import compose, compose_surface

PHOTOS = str(qr_photos())


def run(capsys, *argv):
    rc = main(["scan", *argv])
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines() if x.strip()]
    return rc, lines


def test_scan_photo_of_a_mat_gives_components_and_zones(tmp_path, capsys):
    frame, _ = compose_surface("mat-blue", {"city-B2": (130.0, 60.0, 0.0), "blue2": (130.0, 100.0, 0.0)})
    path = tmp_path / "mat.png"
    cv2.imwrite(str(path), frame)
    rc, lines = run(capsys, str(path))
    assert rc == 0 and len(lines) == 1
    syms = {s["text"]: s for s in lines[0]["symbols"]}
    story = syms["TC1:PP:S:CITY-B2"]
    assert story["component"] == "city-B2" and story["status"] == "ok"
    assert story["surface"] == "mat-blue" and story["zone"] == "front:0,1"
    assert story["x_mm"] == pytest.approx(130, abs=2) and len(story["corners_px"]) == 4
    assert story["backend"] == "zxing" and story["format"] == "QRCode"
    reporter = next(s for s in lines[0]["symbols"] if s["component"] == "blue2")
    assert reporter["format"] == "ArUco" and reporter["zone"] == "on:city-B2"
    assert sorted(s["status"] for s in lines[0]["symbols"]).count("fiducial") == 4
    assert lines[0]["poses"]["mat-blue"]["fiducials"] == 4


def test_scan_folder_foreign_payloads_and_pyzbar(capsys):
    rc, lines = run(capsys, f"{PHOTOS}/multi-1", "--backend", "pyzbar")
    assert rc == 0 and len(lines) == 2
    texts = [s for ln in lines for s in ln["symbols"]]
    assert texts and all(s["status"] == "foreign" and s["component"] is None for s in texts)
    assert all(s["backend"] == "pyzbar" for s in texts)


def test_scan_missing_path_and_corrupt_image_are_reported(tmp_path, capsys):
    bad = tmp_path / "broken.png"
    bad.write_bytes(b"\x89PNG garbage")
    good = tmp_path / "ok.png"
    frame, _ = compose(320, 240, ["TC1:PP:A:AD3", "TC1:PP:Q:XX"], module_px=4.0)
    cv2.imwrite(str(good), frame)
    rc, lines = run(capsys, str(tmp_path / "nope.jpg"), str(tmp_path))
    assert rc == 1  # the missing path
    assert "no such file" in lines[0]["error"]
    events = [ln for ln in lines if ln.get("event") == "bad_frame"]
    assert events and "broken.png" in events[0]["message"]
    frames = [ln for ln in lines if "symbols" in ln]
    st = {s["text"]: (s["status"], s["component"]) for s in frames[0]["symbols"]}
    assert st["TC1:PP:A:AD3"] == ("ok", "ad3")
    assert st["TC1:PP:Q:XX"][0] not in ("ok",) and st["TC1:PP:Q:XX"][1] is None


def test_scan_video_every_n_and_track(tmp_path, capsys):
    frame, _ = compose_surface("board", {}, px_per_mm=1.0, frame_size=(960, 640))
    path = str(tmp_path / "clip.avi")
    vw = cv2.VideoWriter(path, cv2.VideoWriter_fourcc(*"MJPG"), 10.0, (960, 640))
    for _ in range(5):
        vw.write(frame)
    vw.release()
    rc, lines = run(capsys, path, "--every", "2", "--track")
    assert rc == 0
    assert [ln["frame"] for ln in lines] == [0, 2, 4]
    assert lines[-1]["poses"]["board"]["fiducials"] == 4
    assert "snapshot" in lines[-1]
    with pytest.raises(SystemExit):
        main(["scan", path, "--backend", "opencv"])


def test_scan_reports_each_tags_game_and_reads_the_table_as_that_game(tmp_path, capsys):
    from play.recordings import recording_dir

    cap = cv2.VideoCapture(str(recording_dir("turin-market-4p") / "video.mkv"))
    ok, frame = cap.read()
    cap.release()
    assert ok
    path = tmp_path / "turin.png"
    cv2.imwrite(str(path), frame)
    rc, lines = run(capsys, str(path))
    assert rc == 0 and lines[0]["game"] == "turin-market"
    qr = [s for s in lines[0]["symbols"] if s["format"] == "QRCode"]
    assert qr and all(s["game"] == "turin-market" and s["status"] == "ok" and s["zone"] for s in qr)
    # read as Penny Press, they are another game's tags, named with their game and id
    rc, lines = run(capsys, str(path), "--game", "penny-press")
    qr = [s for s in lines[0]["symbols"] if s["format"] == "QRCode"]
    assert qr and all(s["status"] == "other game" and s["game"] == "turin-market"
                      and s["component"] == s["text"].rsplit(":", 1)[1] for s in qr)


def test_scan_names_no_game_when_no_tag_was_read(tmp_path, capsys):
    """A photo with no game tag (only the board's corner fiducials): game null, not
    Penny Press; --game still names the game it was read as."""
    frame, _ = compose_surface("board", {}, px_per_mm=1.0, frame_size=(960, 640))
    path = str(tmp_path / "bare.png")
    cv2.imwrite(path, frame)
    rc, lines = run(capsys, path)
    assert rc == 0 and lines[0]["game"] is None
    rc, lines = run(capsys, path, "--game", "penny-press")
    assert rc == 0 and lines[0]["game"] == "penny-press"
