"""Issue 24, item 6: the made-up game of tests/madeup, registered by its driver alone
(tests/ui/drive_madeup.py), appears on the app's start screen offscreen in es, en
and zh, starts on its own screen and journals a tap: the app shell finds a game
through the registry only."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.ui


@pytest.fixture(scope="module")
def report():
    from driver_pool import driver_result

    out = driver_result("madeup")
    return json.loads((out / "report.json").read_text(encoding="utf-8"))


def test_the_driver_ran_without_errors(report):
    assert report["errors"] == []


def test_the_start_screen_lists_it_in_every_language(report):
    for lang, name in (("es", "Juego inventado"), ("en", "Made-up Game"), ("zh", "虚构游戏")):
        assert name in report["picker"][lang], report["picker"][lang]
        assert "Penny Press" in report["picker"][lang] or "便士报" in report["picker"][lang]


def test_it_starts_on_its_own_screen_and_a_tap_is_journalled(report):
    assert report["screen"] == "madeup"
    assert any("Ana: 0" in t for t in report["texts"]) and any("Bo: 0" in t for t in report["texts"])
    assert report["journal"].endswith(".sqlite") and "made-up-" in report["journal"]
    assert report["actions"] == ["Pass"]
