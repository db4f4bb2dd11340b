"""Pergamon app screen: the view-model's banner, panels, plan and evaluation steps
against the engine (no window), the texts table, and the Kivy screen driven offscreen
(tests/pergamon/drive_pg_screen.py, its own process) with its screenshots."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from companion.games import pergamon as pg
from companion.games.pergamon.engine import FundsResult
from ui.games.pergamon.texts import TEXTS
from ui.games.pergamon.viewmodel import PergamonVM

from pg_helpers import game

ROOT = Path(__file__).resolve().parents[2]


def test_every_text_in_three_languages_with_the_same_placeholders():
    for key, row in TEXTS.items():
        assert set(row) == {"en", "es", "zh"}, key
        marks = {lang: sorted(set(re.findall(r"{(\w+)}", " ".join(t.values()) if isinstance(t, dict) else t)))
                 for lang, t in row.items()}  # a dict: a count's plural forms
        assert marks["es"] == marks["en"] == marks["zh"], key


def _named(s):
    return replace(s, players=tuple(replace(p, name=n) for p, n in zip(s.players, ("Anna", "Ben", "Cleo"))))


def test_banner_says_who_takes_which_coins():
    s = _named(game(3))
    r = FundsResult(1, (3, 4), 7, ((0, 1, 5, 5), (1, 9, 6, 2)))
    s = replace(s, phase="act", queue=(0, 1), log=(r,), figures=(1, 9, None))
    vm = PergamonVM("en")
    vm.update(s, pg.RevealFunds((3, 4)))
    assert vm.banner.text == "Anna takes 5 coins, Ben the remaining 2"
    assert vm.banner.confirm == "Done"
    vm.confirm()
    assert vm.confirmed
    es = PergamonVM("es")
    es.update(s, pg.RevealFunds((3, 4)))
    assert es.banner.text == "Anna coge 5 monedas, Ben las 2 restantes"


def test_a_whole_game_panels_plan_and_evaluations_follow_the_engine():
    setup, actions = pg.random_game(4, 3)
    s = pg.new_game_from_dict(setup)
    vm = PergamonVM("en")
    evaluations = 0
    for a in actions:
        s = pg.apply(s, a)
        vm.update(s, a)
        assert [p.vp for p in vm.players] == list(s.scores)
        assert [p.coins for p in vm.players] == list(s.coins)
        assert {c.space for c in vm.plan if c.marker} == {x.space for x in s.shown}
        assert vm.banner.text
        if isinstance(a, pg.PresentFinds):
            assert vm.banner.text.startswith("Put the")
        if isinstance(a, pg.Exhibit) and s.log[-1].moves and any(m.to_space for m in s.log[-1].moves):
            assert any(t.startswith("Move markers") for t in (vm.banner.text, *vm.banner.lines))
        if vm.eval_steps and vm.eval_index == 0 and isinstance(a, pg.Store) and \
                any(isinstance(r, pg.EvaluationResult) for r in s.log[-3:]):
            evaluations += 1
            ev = next(r for r in reversed(s.log) if isinstance(r, pg.EvaluationResult))
            assert vm.banner.text == (f"Evaluation after turn {ev.turn}" if not s.is_over else
                                      f"Game over: {vm.name(s.final.winners[0])} wins with {max(s.final.scores)} VP")
            shown = [vm.eval_shown[-1]]
            while vm.next_step() is not None:
                shown.append(vm.eval_shown[-1])
            assert shown == vm.eval_steps and len(shown) >= 3
            for owner, marker, space, vp in ev.collection_vp:
                assert f"{vm.name(owner)} {'I' * marker} on space {space}: +{vp} VP" in shown
    assert evaluations == 4
    assert vm.banner.text.startswith("Game over")


@pytest.fixture(scope="module", params=["landscape", "portrait"])
def shots(tmp_path_factory, request):
    out = tmp_path_factory.mktemp("pgshots")
    extra = ["--portrait"] if request.param == "portrait" else []
    subprocess.run([sys.executable, str(ROOT / "tests" / "pergamon" / "drive_pg_screen.py"), str(out), *extra],
                   check=True, timeout=180, cwd=ROOT)
    size, suffix = ((800, 1280), "_portrait") if extra else ((1280, 800), "")
    return out, json.loads((out / "pergamon_report.json").read_text(encoding="utf-8")), size, suffix


def test_screen_shows_banner_players_plan_and_steps(shots):
    from PIL import Image

    out, rep, size, suffix = shots
    for name in ("payout", "markers", "evaluation", "zh", "entry", "refused"):
        img = Image.open(out / f"pergamon_{name}{suffix}.png")
        assert img.size == size
        texts = rep["texts"][name]
        assert rep["banner"][name][0] in texts          # the one thing to do, on screen
        assert any(t.startswith(("Museum plan", "展览平面图", "Plano del museo")) for t in texts)
    assert any(" takes " in t for t in rep["texts"]["payout"])
    assert any(t.startswith("Move markers") for t in rep["texts"]["markers"])
    assert any(t.startswith("Step 4 of") for t in rep["texts"]["evaluation"])
    assert any("计分" in t for t in rep["texts"]["zh"])
    # the entry panel: the collection tapped in order, its value and plan space, in Spanish
    assert any(t.startswith("Exponer: ") for t in rep["texts"]["entry"])
    assert any(t.startswith("1. ") for t in rep["texts"]["entry"])
    assert any(t.startswith("Fin del turno") for t in rep["texts"]["entry"])
    # a refused entry: two finds that make no object, tapped in; the Exhibit button
    # shows no value but the engine's refusal, the rule named in Chinese, and is disabled
    refusal = rep["refusal"]["refused"]
    assert refusal.startswith("帕加马：3B. 展出：发现物 ") and "拼不成完整物品" in refusal
    assert refusal in rep["texts"]["refused"]


def test_main_action_is_seen_without_scrolling_and_resizes_rebuild_only_on_a_turn(shots):
    """The button that journals the choices (Exhibit, End of turn, Present, Next
    step) is in the fixed bar: wholly inside the window and inside no scrolled part,
    >= 48 dp, at both sizes (LEFTOVERS uipolish 1); resizing within landscape or
    portrait rebuilds nothing, a turn rebuilds once (uipolish 3)."""
    _out, rep, _size, _suffix = shots
    main = rep["main"]
    assert [b["text"] for b in main["entry"]] == ["Exponer: 7 puntos, casilla 7",
                                                  "Fin del turno: guardar 4 hallazgos, pagar 1 moneda"]
    assert main["refused"][0]["text"].startswith("帕加马：3B. 展出：") and main["refused"][0]["disabled"]
    assert not any(b["disabled"] for b in main["entry"])
    assert any(b["text"] == "Next step" for b in main["evaluation"])
    for name, buttons in main.items():
        assert buttons and all(b["seen"] for b in buttons), name
        assert all(b["text"] in rep["texts"][name] for b in buttons)
    assert rep["rebuilds"] == [0, 0, 0, 1, 2]      # 3 sizes in the same class, a turn, a turn back


def test_every_moment_is_clean_by_the_walks_checks(shots):
    """The moments the walk test does not reach (an evaluation under a four-line
    banner, a long entry panel, a refusal): no clipped text, no target under 48 dp,
    nothing laid over a text (tests/ui/drive_walk.check_screen)."""
    _out, rep, _size, _suffix = shots
    assert set(rep["problems"]) == {"payout", "markers", "evaluation", "zh", "entry", "refused"}
    assert {k: v for k, v in rep["problems"].items() if v} == {}
