"""Scoop's dial widget driven offscreen with real touches (tests/ui/drive_scoop_dial.py):
a number not on the card is refused before any call, a short turn dials nothing, a
finger dragged from the hole of 5 to the finger stop dials 5 and the window shows the
signal the game's seed gives for that call (re-computed here from the pure dial)."""

from __future__ import annotations

import json

import pytest

from companion.games.scoop import texts
from companion.games.scoop.dial import Dial, load_wheel

pytestmark = pytest.mark.ui
SEED = "5c" * 32


@pytest.fixture(scope="module")
def report():
    from driver_pool import driver_result

    out = driver_result("scoop_dial")
    data = json.loads((out / "report.json").read_text(encoding="utf-8"))
    data["out"] = out
    return data


def test_number_not_on_the_card_is_refused_before_the_call(report):
    r = report["refused"]
    assert r["calls"] == 0 and r["rotation"] == 0
    assert "4" in r["message"] and all(str(n) in r["message"] for n in report["numbers"])


def test_the_dial_offers_numbers_that_telephone_cards_have(report):
    from companion.games.scoop.catalog import load_catalog

    on_cards = set(load_catalog().story_types.values())
    assert len(report["numbers"]) == 3 and set(report["numbers"]) <= on_cards and 4 not in on_cards


def test_a_short_turn_dials_nothing(report):
    assert report["short"]["calls"] == 0 and 0 < report["short"]["rotation"] < 60


def test_drag_from_the_hole_to_the_stop_dials_and_shows_the_signal(report):
    d = report["dial"]
    assert d["rotation_at_release"] == d["travel"]  # the finger stop held the wheel
    assert d["signal_during_run_back"] == ""  # nothing shown while the wheel runs back
    want = Dial(load_wheel(), seed=SEED).dial(5)
    assert [c["number"] for c in d["calls"]] == [5]
    assert d["signal"] == want.signal and d["calls"][0]["after"] == want.after
    window, meaning = texts.signal_text(want.signal, "en")
    assert d["window"] == window and d["meaning"] == meaning
    assert d["clicks_played"] == [5]
    assert d["run_back_s"] >= d["expected_run_back_s"] * 0.9  # the wheel ran back, not jumped


def test_portrait_in_chinese(report):
    want = Dial(load_wheel(), seed=SEED).dial(5)
    window, meaning = texts.signal_text(want.signal, "zh")
    assert report["zh"] == {"window": window, "meaning": meaning, "orientation": "vertical"}


def test_screenshots(report):
    from PIL import Image
    for name, size in (("scoop_dial_en_1280x800", (1280, 800)), ("scoop_dial_zh_800x1280", (800, 1280))):
        img = Image.open(report["out"] / f"{name}.png")
        assert img.size == size
        assert len(img.convert("L").resize((64, 40)).getcolors(4096)) > 8, name
