"""Scoop's app screens driven offscreen (tests/ui/drive_scoop_table.py): on the table
screen the player to act taps "claim", a story of his page, then the telephone; a
finger dragged from the hole of the number due to the finger stop makes the call;
back on the table by itself, the card's value is asked (the call took a story) and
tapped; the journal holds the claim and the dial with that value. The banner is on
the colour of the player to act, the dial names whose call it is, the panels give
cash, stories and page value, the undo of a call is refused with why; with a camera
the picture is drawn with its tag outlined (full width in portrait). Every button
>= 48 dp, no label clipped; the prompts follow the language (es, zh)."""

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
    claim, dial = (engine.action_from_dict(a) for a in report["journal"][:2])  # (then a second call)
    assert isinstance(claim, engine.Claim) and isinstance(dial, engine.Dial)
    assert dial.signal == d["calls"][0]["signal"] and dial.value is not None
    assert f"${dial.value}" in report["value_asked"]


def test_targets_and_languages(report):
    assert all(s["min_button_dp"] >= 48 for s in report["steps"])
    steps = {s["step"]: s for s in report["steps"]}
    assert steps["zh"]["prompt"] != steps["value tapped"]["prompt"] and "轮到你" in steps["zh"]["prompt"]


def test_the_player_to_act_is_named_on_his_colour_and_the_panels_give_the_score(report):
    from ui.screens.common import PLAYER_RGBA

    steps = {s["step"]: s for s in report["steps"]}
    for s in report["steps"]:
        assert s["banner_rgba"] == list(PLAYER_RGBA[s["actor_colour"]]), s["step"]
        assert len(s["panels"]) == 3 and all("$" in t for t in s["panels"])
    assert steps["start"]["actor_colour"] == "red" and steps["value tapped"]["actor_colour"] == "blue"
    tel = steps["telephone"]
    assert tel["who"].startswith("Ana") and "3" in tel["who"] and tel["who_rgba"] == list(PLAYER_RGBA["red"])
    # Ana's story is on her page: her panel says so, with its value
    dial = engine.action_from_dict(report["journal"][1])
    assert f"${dial.value}" in steps["value tapped"]["panels"][0] and "1 story" in steps["value tapped"]["panels"][0]


def test_the_table_comes_back_by_itself_and_no_screen_waits_without_a_button(report):
    steps = {s["step"]: s for s in report["steps"]}
    assert report["auto_back"] and steps["table again"]["screen"] == "scoop_table"
    for s in report["steps"]:
        assert s["buttons"], s["step"]
        if s["screen"] == "scoop_table":
            assert not s["clipped"], s
    assert "SYND" in steps["table again"]["message"] or steps["table again"]["message"]
    # the undo after a call: its card's value only (asked first), tapped again; meanwhile
    # nothing else is taken back and the table says why; the call stays as it was
    q = report["undo_question"]
    assert q.startswith("Take back the value $") and "call stays" in q
    n = steps["value tapped"]["actions"]
    assert steps["value taken back"]["actions"] == n - 1
    shown = steps["value taken back"]["buttons"]
    assert [b for b in shown if b.startswith("$")] and "Back" not in shown  # only the values: no way around
    undo_text, undo_disabled = steps["undo asked"]["undo"]
    assert "value first" in undo_text and undo_disabled and steps["undo asked"]["actions"] == n - 1
    assert steps["value tapped"]["undo"][0].startswith("Take back: $") and not steps["value tapped"]["undo"][1]
    assert steps["value again"]["actions"] == n and report["journal"][:len(report["journal_again"])] == report["journal_again"]
    assert "hidden" not in steps["zh"]["message"]
    # Table pressed right after a call, the dial opened again: the first call's return
    # to the table, due 3 s after it, does not cut the dial short
    assert report["second_call_back"] == "scoop_table" and report["second_call"] == "scoop_dial", report


def test_the_camera_picture_is_drawn_with_its_tags_outlined(report):
    assert "camera_error" not in report
    port, land = (report["camera_sizes"][k] for k in ("scoop_table_camera_en_800x1280",
                                                        "scoop_table_camera_en_1280x800"))
    for size in (port, land):
        assert size["texture"] == [640, 360] and size["overlays"] == 1
    w, _h = port["window"]
    assert port["camera"][0] >= 0.95 * w and port["camera"][1] >= 0.5 * port["camera"][0]  # full width
    assert land["camera"][0] >= 0.5 * land["window"][0]


def test_screenshots(report):
    from PIL import Image

    for name, size in (("scoop_table_en_1280x800", (1280, 800)), ("scoop_table_value_en_1280x800", (1280, 800)),
                       ("scoop_table_call_es_1280x800", (1280, 800)), ("scoop_dial_game_en_1280x800", (1280, 800)),
                       ("scoop_table_zh_800x1280", (800, 1280)), ("scoop_table_camera_en_800x1280", (800, 1280)),
                       ("scoop_table_camera_en_1280x800", (1280, 800))):
        im = Image.open(report["out"] / f"{name}.png")
        assert im.size == size
        assert len(set(im.convert("L").resize((64, 40)).tobytes())) > 4  # something drawn
