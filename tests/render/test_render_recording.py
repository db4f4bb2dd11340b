"""Recordings: a short rendered game decodes back, its truth and journal agree with
the engine; the bundled demo recordings replay to their final scores."""

import json
import re
from pathlib import Path

import cv2
import numpy as np
import pytest
import zxingcpp

from companion.games.penny_press import (GoToPress, action_from_dict, apply, new_game_from_dict,
                                         random_game)
from companion.games.penny_press.tags import encode_payload
from tools.render.effects import Effects
from tools.render.games.penny_press import journal_record, render_recording, storyboard
from tools.render.recording import RecordingParams, load_journal

ROOT = Path(__file__).resolve().parents[2]
QR_ID = re.compile(r"^([a-z]+-[ABCD][123]|H\d\d|ad\d)$")   # pieces tagged with QR


def _replay(setup, actions):
    g = new_game_from_dict(setup)
    for a in actions:
        g = apply(g, action_from_dict(a) if isinstance(a, dict) else a)
    return g


@pytest.fixture(scope="module")
def short_recording(tmp_path_factory):
    setup, actions = random_game(1, 2)
    actions = actions[:6]                       # up to the first press and its draw
    assert any(isinstance(a, GoToPress) for a in actions)
    out = tmp_path_factory.mktemp("rec")
    params = RecordingParams(resolution=(3200, 1800), fps=2.0, reach_frames=0, applied_frames=1,
                             still_frames=1, setup_frames=1, fmt="mp4v", seed=3,
                             effects=Effects(light_gradient=0.2, vignette=0.15, glare_spots=1,
                                             defocus_sigma=0.5, noise_sigma=1.0, jpeg_quality=None))
    meta = render_recording(setup, actions, out, params)
    return out, meta, setup, actions


def test_short_recording_decodes_back(short_recording):
    out, meta, _, _ = short_recording
    truth = [json.loads(x) for x in (out / "truth.jsonl").open()]
    assert meta["frames"] == len(truth) == 1 + 7 * 2   # 6 actions, the press is 2 changes
    assert meta["min_px_per_module"] >= 2.9   # 2.9-3.0 at the far end of the beat columns
    cap = cv2.VideoCapture(str(out / meta["video"]))
    prm = cv2.aruco.DetectorParameters()
    prm.minMarkerPerimeterRate = 0.005
    det = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_100), prm)
    want = got = 0
    for line in truth:
        ok, img = cap.read()
        assert ok, f"video ends before frame {line['frame']}"
        if line["moment"] != "still":
            continue
        qr_all = {encode_payload(c) for c in line["visible"] + line["partial"] if QR_ID.match(c)}
        qr_seen = {encode_payload(c) for c in line["visible"] if QR_ID.match(c)}
        found = {b.text for b in zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode)}
        assert found <= qr_all, "a payload that is not on the table"
        want += len(qr_seen)
        got += len(found & qr_seen)
        _, ids, _ = det.detectMarkers(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY))
        fids = {int(c.split(":")[2]) for c in line["visible"] if c.startswith("fid:")}
        assert len(fids) == 12 and fids <= set(ids.ravel().tolist())   # board + 2 mats
    assert want >= 30 and got / want >= 0.95, (got, want)


def test_truth_lines_follow_the_journal(short_recording):
    out, meta, setup, actions = short_recording
    truth = [json.loads(x) for x in (out / "truth.jsonl").open()]
    idx = [t["journal_index"] for t in truth]
    assert idx[0] == -1 and idx == sorted(idx) and idx[-1] == len(actions) - 1
    # the observer starts the game from the initial headline cards: all in view
    assert set(setup["headline_cards"]) <= set(truth[0]["visible"])
    assert all(t["hand"] == (t["moment"] != "still") for t in truth)
    press = next(k for k, a in enumerate(actions) if isinstance(a, GoToPress))
    stages = {t["stage"] for t in truth if t["journal_index"] == press}
    assert stages == {"front_page", "published"}
    states = [json.loads(x) for x in (out / "states.jsonl").open()]
    page = next(s for s in states if s["stage"] == "front_page")
    game = _replay(setup, actions[:press + 1])
    laid = {p["component"] for p in page["pieces"] if (p["zone"] or "").startswith("front:")}
    placed = {pl.story for pl in game.press_results[-1].front_page.placements}
    assert placed <= laid                         # every placed story lies on the mat grid
    desc = json.loads((out / "recording.json").read_text())   # what `companion demo` reads
    assert (out / desc["frames"]).is_file() and desc["setup"] == setup
    assert json.loads((out / desc["truth"]).read_text())["actions"][0]["action"] == "assign"


def test_short_recording_journal_replays_to_its_scores(short_recording):
    out, _, setup, actions = short_recording
    s, acts = load_journal(out / "journal.json")
    j = json.loads((out / "journal.json").read_text())
    assert list(_replay(s, acts).scores) == j["final_scores"] == list(_replay(setup, actions).scores)


def test_full_game_storyboard_and_journal_match_the_engine():
    setup, actions = random_game(7, 3)
    stills, final = storyboard(setup, actions)
    presses = sum(isinstance(a, GoToPress) for a in actions)
    assert len(stills) == 1 + len(actions) + presses
    rec = journal_record(setup, actions, final)
    assert final.is_over and rec["final_scores"] == list(_replay(setup, actions).final.scores)
    # the last still shows every published story in the published strips
    last = stills[-1].table
    assert sum(len(v) for v in last.published.values()) == sum(len(p) for p in final.published)


def test_bad_journal_and_parameters_are_reported(tmp_path):
    bad = tmp_path / "j.json"
    bad.write_text("{\"setup\": 1}")
    with pytest.raises(Exception, match="not a journal"):
        load_journal(bad)
    with pytest.raises(ValueError, match="format"):
        RecordingParams(fmt="h264")
    with pytest.raises(ValueError, match="still"):
        RecordingParams(still_frames=0)


@pytest.mark.parametrize("name,players", [("penny-press-3p", 3), ("penny-press-4p", 4)])
def test_bundled_recording_replays_to_its_final_scores(name, players):
    d = ROOT / "play" / "recordings" / name
    j = json.loads((d / "journal.json").read_text())
    assert len(j["setup"]["players"]) == players
    game = _replay(j["setup"], j["actions"])
    assert game.is_over and list(game.final.scores) == j["final_scores"]
    meta = json.loads((d / "meta.json").read_text())
    desc = json.loads((d / "recording.json").read_text())
    assert desc["frames"] == meta["video"] and desc["setup"] == j["setup"]
    lines = sum(1 for _ in (d / "truth.jsonl").open())
    cap = cv2.VideoCapture(str(d / meta["video"]))
    assert int(cap.get(cv2.CAP_PROP_FRAME_COUNT)) == lines == meta["frames"]
    assert meta["min_px_per_module"] >= 2.9


def test_bundle_stays_small():
    """Issue 6: Penny Press's recordings under about 12 MB together; each other game's
    recording (issues 14-16: one per game) adds at most 4 MB; no folder over 6 MB."""
    base = ROOT / "play" / "recordings"
    sizes = {d.name: sum(f.stat().st_size for f in d.rglob("*") if f.is_file())
             for d in base.iterdir() if (d / "recording.json").is_file()}
    penny = sum(v for k, v in sizes.items() if k.startswith("penny-press"))
    others = {k: v for k, v in sizes.items() if not k.startswith("penny-press")}
    assert penny < 12e6
    assert all(v < 4e6 for v in others.values()), others
    assert all(v < 6e6 for v in sizes.values()), sizes


def test_reencode_vp9_keeps_every_frame_and_its_codes_at_a_fraction_of_the_size(tmp_path):
    # OpenCV's VP9 writer keeps sensor noise (no quality setting); the constant-quality
    # re-encode (PyAV, the dev extra) keeps frames, size and a readable QR code
    pytest.importorskip("av")
    from calibration.tags import qr_image
    from tools.render.recording import reencode_vp9

    rng = np.random.default_rng(3)
    code = cv2.resize(qr_image(encode_payload("H07"), 4, 2), (100, 100), interpolation=cv2.INTER_NEAREST)
    path = tmp_path / "video.mkv"
    w = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"VP90"), 2.0, (320, 240))
    assert w.isOpened()
    for _ in range(4):
        img = np.full((240, 320), 200, np.uint8)
        img[70:170, 110:210] = code
        noisy = np.clip(img + rng.normal(0, 12, img.shape), 0, 255).astype(np.uint8)
        w.write(cv2.cvtColor(noisy, cv2.COLOR_GRAY2BGR))
    w.release()
    before = path.stat().st_size
    after = reencode_vp9(path, crf=40)
    assert after == path.stat().st_size < before
    cap = cv2.VideoCapture(str(path))
    frames = []
    while True:
        ok, img = cap.read()
        if not ok:
            break
        frames.append(img)
    assert len(frames) == 4 and frames[0].shape == (240, 320, 3)
    assert {r.text for r in zxingcpp.read_barcodes(frames[-1])} == {encode_payload("H07")}
