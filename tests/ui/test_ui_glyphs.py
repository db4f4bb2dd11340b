"""Players' names of every script on screen (tests/ui/drive_glyphs.py): labels,
bold and markup labels, buttons and text inputs draw each character with a font
that has it (no .notdef box), Arabic joins, Devanagari forms conjuncts,
right-to-left words run right to left; names with a character no face draws are
refused on the start screen as they are typed, in es/en/zh, and Start is refused.
The same drawing with the default font alone (the app before the fallback chain)
shows the checks find the boxes."""

from __future__ import annotations

import json

import pytest

from benchmarks.reliability import glyphs

pytestmark = pytest.mark.ui


def _report(name: str) -> dict:
    from driver_pool import driver_result

    out = driver_result(name)
    return json.loads((out / "report.json").read_text(encoding="utf-8")) | {"out": out}


@pytest.fixture(scope="module")
def drawn():
    return _report("glyphs")


@pytest.fixture(scope="module")
def bare():
    return _report("glyphs_bare")


@pytest.fixture(scope="module")
def typed(drawn):
    return json.loads((drawn["out"] / "typed.json").read_text(encoding="utf-8"))


def test_every_character_of_every_script_is_drawn_by_a_font_that_has_it(drawn):
    assert drawn["fallback"] is True
    assert drawn["widgets"] == 5 * len(glyphs.SAMPLES + glyphs.MORE_SAMPLES)
    every = "".join(n + p for _s, n, p in glyphs.SAMPLES + glyphs.MORE_SAMPLES).replace(" ", "")
    assert drawn["characters"] > 4 * len(every)  # each widget drew its text
    assert drawn["boxes"] == []


def test_each_character_alone_leaves_ink_and_is_no_notdef_box(drawn):
    assert drawn["clusters"] >= 120
    assert drawn["cluster_boxes"] == []


def test_arabic_joins_devanagari_forms_conjuncts_and_rtl_runs_right_to_left(drawn):
    assert drawn["joined"] == len(glyphs.JOINING) and drawn["unjoined"] == []
    assert drawn["ordered"] == len(glyphs.ORDER) and drawn["reversed"] == []


def test_the_default_font_alone_shows_boxes_so_the_checks_can_fail(bare):
    assert bare["fallback"] is False
    scripts_boxed = {b.split(":")[0] for b in bare["boxes"]}
    assert {"Arabic", "Hebrew", "Thai", "Devanagari", "emoji"} <= scripts_boxed
    assert not {"Latin", "Cyrillic", "Chinese"} & scripts_boxed  # the default font has them
    assert bare["cluster_boxes"] and bare["unjoined"]


def test_a_name_no_face_draws_is_refused_as_typed_and_at_start(typed):
    assert typed["errors"] == []
    assert len(typed["refused"]) == 3 * len(glyphs.REFUSED)
    for row in typed["refused"]:
        assert row["want"], row
        assert row["shown"] == row["want"] == row["after_start"], row
        assert row["screen"] == "start", row
        assert row["after_fix"] != row["want"], row  # the refusal goes when the name is fixed
    zh = [r for r in typed["refused"] if r["lang"] == "zh" and r["emoji"]]
    assert zh and all("表情符号" in r["shown"] for r in zh)


def test_names_of_every_script_are_accepted_as_typed(typed):
    assert len(typed["accepted"]) == len(glyphs.SAMPLES + glyphs.MORE_SAMPLES)
    assert all(a["shown"] == "" and a["problem"] == "" for a in typed["accepted"]), typed["accepted"]
