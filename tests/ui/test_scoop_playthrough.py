"""Scoop's bundled recording played through the app offscreen
(tests/ui/drive_scoop_playthrough.py, run in the background by driver_pool;
ui.games.scoop.playthrough): the frames feed the app's camera part (claims,
reserves and the values of the stories laid come from it), every recorded entry is
a press of the app's own button by its label (exchanges, "Dial N", the choice after
Three Star / Press and its Yes) or a finger on the dial's hole of that digit, and
the game ends 3600/1700/3600/5400 at 1280x800 in English and at 800x1280 in
Chinese. About 3 minutes for the two runs on an idle machine (2 cores)."""

from __future__ import annotations

import json

import pytest

from play.demo import load_recording
from play.recordings import recording_dir

pytestmark = pytest.mark.ui


@pytest.fixture(scope="module")
def report():
    from driver_pool import driver_result

    out = driver_result("scoop_play")
    return json.loads((out / "report.json").read_text(encoding="utf-8"))


def test_the_recording_ends_with_its_ground_truth_by_the_apps_buttons(report):
    runs = report["runs"]
    truth = load_recording(recording_dir("scoop-4p")).truth
    assert [(r["lang"], r["size"]) for r in runs] == [("en", [1280, 800]), ("zh", [800, 1280])]
    for r in runs:
        assert r["error"] == "" and r["truth"] == truth["final_scores"] == [3600, 1700, 3600, 5400], r
        assert r["scores"] == r["truth"]
        assert r["frames"] > 0 and r["pictures"] > 0  # each frame read was drawn
    assert "Yellow wins with $5,400" in runs[0]["banner"]
    # the game over, no instruction of the camera's is left under the banner (a call to dial ...)
    assert "dial" not in runs[0]["end_message"].lower() and "telephone" not in runs[0]["end_message"].lower()
    assert "拨" not in runs[1]["end_message"]


def _same(action: dict) -> dict:
    """A journal action with its card lists in one order and an exchanged card hidden."""
    a = dict(action)
    if a["action"] == "exchange":
        a["card"] = "?"
    if "cards" in a and "spaces" in a:
        a["cards"], a["spaces"] = zip(*sorted(zip(a["cards"], a["spaces"]))) if a["cards"] else ((), ())
    for k in ("hand", "reserve", "captured"):
        if isinstance(a.get(k), list):
            a[k] = sorted(a[k])
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in a.items()}


def test_each_entry_was_a_press_or_a_dial_and_the_camera_read_the_rest(report):
    rec = load_recording(recording_dir("scoop-4p"))
    dials = [e["tap"]["dial"] for e in rec.entries if "dial" in e.get("tap", {})]
    exchanges = sum(1 for e in rec.entries if "action" in e)
    for r in report["runs"]:
        assert [p for p in r["pressed"] if p.startswith("dial ")] == [f"dial {n}" for n in dials]
        assert len(r["actions"]) == len(rec.truth["actions"])
        # the same game, value for value (an exchanged card stays hidden in the app: "?";
        # cards laid together in the order the camera listed them)
        assert [_same(a) for a in r["actions"]] == [_same(a) for a in rec.truth["actions"]]
        # the claims, reserves and the cards laid were read by the camera, the rest tapped
        assert r["sources"].count("vision") >= len(r["actions"]) - len(rec.entries)
        assert r["sources"].count("manual") >= exchanges
    en, zh = report["runs"]
    assert "Exchange a card (free)" in en["pressed"] and "Exchange a card (free)" not in zh["pressed"]


def test_a_hidden_or_disabled_button_is_not_pressed(report):
    h = report["hidden"]
    assert h["hits"] == ["there"] and h["there"] == "pressed"
    assert "no button 'hidden'" in h["hidden"] and "no button 'off'" in h["off"]
