"""Scoop's app screens driven offscreen (tests/ui/drive_scoop_table.py): on the table
screen the player to act taps "claim", a story of his page, then the telephone; a
finger dragged from the hole of the number due to the finger stop makes the call;
back on the table the card's value is asked (the call took a story) and tapped; the
journal holds the claim and the dial with that value. Every button >= 48 dp; the
prompts follow the language (es, zh)."""

from __future__ import annotations

import json

import pytest

from companion.games.scoop import engine

pytestmark = pytest.mark.ui


@pytest.fixture(scope="module")
def report():
    from driver_pool import driver_result

    out = driver_result("scoop_table")
    data = json.loads((out / "report.json").read_text(encoding="utf-8"))
    data["out"] = out
    return data


def test_a_claim_and_its_call_by_taps_and_the_dial(report):
    steps = {s["step"]: s for s in report["steps"]}
    assert steps["start"]["screen"] == "scoop_table" and steps["start"]["actions"] == 0
    assert steps["claimed"]["actions"] == 1 and "3" in steps["claimed"]["prompt"]
    assert steps["telephone"]["screen"] == "scoop_dial"
    d = report["dial"]
    assert d["rotation"] == d["travel"] and [c["number"] for c in d["calls"]] == [d["number"]]
    assert d["window"] and d["meaning"]
    # the call took a story: its value is asked (the values left in the pile) and tapped
    assert report["value_asked"] and steps["value tapped"]["actions"] == 2
    claim, dial = (engine.action_from_dict(a) for a in report["journal"])
    assert isinstance(claim, engine.Claim) and isinstance(dial, engine.Dial)
    assert dial.signal == d["calls"][0]["signal"] and dial.value is not None
    assert f"${dial.value}" in report["value_asked"]


def test_targets_and_languages(report):
    assert all(s["min_button_dp"] >= 48 for s in report["steps"])
    steps = {s["step"]: s for s in report["steps"]}
    assert steps["zh"]["prompt"] != steps["value tapped"]["prompt"] and "轮到你" in steps["zh"]["prompt"]


def test_screenshots(report):
    from PIL import Image

    for name, size in (("scoop_table_en_1280x800", (1280, 800)), ("scoop_table_value_en_1280x800", (1280, 800)),
                       ("scoop_table_call_es_1280x800", (1280, 800)), ("scoop_dial_game_en_1280x800", (1280, 800)),
                       ("scoop_table_zh_800x1280", (800, 1280))):
        im = Image.open(report["out"] / f"{name}.png")
        assert im.size == size
        assert len(set(im.convert("L").resize((64, 40)).tobytes())) > 4  # something drawn
