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


def test_banner_leads_with_the_thing_to_do_and_the_payment_is_a_step_on_the_table():
    """Issue 25: the banner led with the last payment ("Chen takes 0 coins" + Done).
    The banner says the one thing to do now, in the active player's colour; the
    payment is a step of the action area's to-do list with an optional "coins handed
    over"; a player who takes 0 coins is not named, and a payment of 0 coins in all
    asks for nothing."""
    s = _named(game(3))
    r = FundsResult(1, (3, 4), 7, ((0, 1, 5, 5), (1, 9, 6, 2)))
    s = replace(s, phase="act", queue=(0, 1), log=(r,), figures=(1, 9, None))
    vm = PergamonVM("en")
    vm.update(s, pg.RevealFunds((3, 4)))
    assert vm.banner.text == "Anna: dig, show a collection, then put your figure back in your area"
    assert vm.banner.colour == s.players[0].colour
    assert vm.todo == ["Anna takes 5 coins, Ben the remaining 2"]
    assert vm.todo_confirm == "Coins handed over"
    vm.confirm()
    assert vm.confirmed
    es = PergamonVM("es")
    es.update(s, pg.RevealFunds((3, 4)))
    assert es.todo == ["Anna coge 5 monedas, Ben las 2 restantes"]
    # the first taker asked for more than there was: Cleo takes 0 and is left out
    r0 = FundsResult(1, (1, 1), 2, ((2, 3, 3, 2), (0, 9, 1, 0)))
    s0 = replace(s, log=(r0,), queue=(2, 0), figures=(9, None, 3))
    vm.update(s0, pg.RevealFunds((1, 1)))
    assert vm.todo == ["Cleo takes 2 coins"] and "0" not in vm.todo[0]
    # nobody takes anything: no step, nothing to confirm, the banner says what to do
    none = FundsResult(1, (0, 0), 0, ((0, 1, 5, 0), (1, 9, 6, 0)))
    vm.update(replace(s, log=(none,)), pg.RevealFunds((0, 0)))
    assert vm.todo == [] and vm.todo_confirm == ""
    assert vm.banner.text.startswith("Anna: dig")
    # a redraw with no new action (a camera report, a language switch) keeps the steps
    vm.update(s, pg.RevealFunds((3, 4)))
    vm.update(s)
    assert vm.todo == ["Anna takes 5 coins, Ben the remaining 2"]


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
        if isinstance(a, pg.PresentFinds) and a.finds:
            assert vm.banner.text.startswith("Put the")
        elif not s.is_over:      # never the last event: what the phase asks of whom
            assert vm.banner.text == vm._phase_text(s)
            if s.phase in ("bid", "act"):
                assert vm.banner.colour == s.players[s.current_player].colour
        if isinstance(a, pg.Exhibit) and s.log[-1].moves and any(m.to_space for m in s.log[-1].moves):
            assert any(t.startswith("Move markers") for t in vm.todo)
        assert not any(" 0 coins" in t or "remaining 0" in t for t in vm.todo), vm.todo
        assert bool(vm.todo_confirm) == any(" coin" in t for t in vm.todo)
        if isinstance(a, pg.Store) and isinstance(s.log[-1], pg.EvaluationResult):
            evaluations += 1
            ev = next(r for r in reversed(s.log) if isinstance(r, pg.EvaluationResult))
            # every step of the evaluation at once, in order, no tap to go on
            assert vm.todo[:len(vm.evaluation_steps(s, ev))] == vm.evaluation_steps(s, ev)
            assert vm.todo[0] == f"Evaluation after turn {ev.turn}"
            for owner, marker, space, vp in ev.collection_vp:
                assert f"{vm.name(owner)} {'I' * marker} on space {space}: +{vp} VP" in vm.todo
    assert evaluations == 4
    win = s.final.winners[0]
    assert vm.banner.text == f"Game over: {vm.name(win)} wins with {s.scores[win]} VP"
    assert [p.vp for p in vm.players] == list(s.final.scores)       # the panels' totals
    assert vm.banner.lines[0] == "Final victory points: " + ", ".join(
        f"{vm.name(i)} {v} VP" for i, v in enumerate(s.scores))


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
    for name in ("payout", "markers", "evaluation", "zh", "entry", "refused", "camera", "undo", "hidden"):
        img = Image.open(out / f"pergamon_{name}{suffix}.png")
        assert img.size == size
        texts = rep["texts"][name]
        assert rep["banner"][name][0] in texts          # the one thing to do, on screen
        assert any(t.startswith(("Museum plan", "展览平面图", "Plano del museo")) for t in texts)
    # the payment is a step on the table under the banner, with its optional button
    assert any(" takes " in t for t in rep["texts"]["payout"])
    assert "Coins handed over" in rep["texts"]["payout"]
    assert not any(" takes " in t for t in rep["banner"]["payout"])
    assert any(t.startswith("Move markers") for t in rep["texts"]["markers"])
    # the whole evaluation at once: no "Next step" tap
    assert any(t.startswith("Evaluation after turn") for t in rep["texts"]["evaluation"])
    assert "Next step" not in rep["texts"]["evaluation"]
    assert any("计分" in t for t in rep["texts"]["zh"])
    # the entry panel: the collection tapped in order, its value and plan space, in Spanish
    assert any(t.startswith("Exponer: ") for t in rep["texts"]["entry"])
    assert any(t.startswith("1. ") for t in rep["texts"]["entry"])
    # Ben keeps 4 finds with no coin: End of turn is refused now, saying why in words
    assert "Guardar 4 hallazgos cuesta 1 moneda; Ben tiene 0 monedas: descarta 1 más" in rep["texts"]["entry"]
    # a refused entry: two finds that make no object, tapped in; the Exhibit button
    # shows no value but the engine's refusal in words (no rule code), and is disabled
    refusal = rep["refusal"]["refused"]
    assert refusal.startswith("发现物 ") and "拼不成完整物品" in refusal and "3B" not in refusal
    assert refusal in rep["texts"]["refused"]
    # the camera picture, its tags outlined: read ones green and unreadable red, no id shown
    assert [ok for ok, _label in rep["camera_overlays"]] == [True, True, False]
    assert not any(t in ("F10", "F32") for t in rep["texts"]["camera"])
    # the kit's named undo: the button names the move, its question is asked first,
    # Yes takes it back; then nothing is left to take back: disabled, saying why
    assert rep["undo"] == {"button": "Deshacer: Ben muestra 463 máscara y jarra", "kind": "UndoButton",
                           "question": "¿Deshacer: Ben muestra 463 máscara y jarra?", "open": True, "taken": 1,
                           "after": ["Nada que deshacer todavía", True]}
    assert Image.open(out / f"pergamon_undo_ask{suffix}.png").size == size
    # the finds turned up by taps cannot be taken back: asked first; No journals nothing
    hidden = rep["hidden"]
    assert hidden["question"].startswith("Hallazgos descubiertos: ") and "No se podrá deshacer" in hidden["question"]
    assert hidden["open"] and hidden["after_no"] == 0
    assert hidden["after_yes"] == ["PresentFinds"] and hidden["finds"] == 5
    # the kit's question: Yes first, then No, as in the other games' questions; the
    # button is the kit's ConfirmButton (unlike the main action), asking the same
    assert hidden["buttons"] == ["Sí", "No"], hidden["buttons"]
    assert hidden["confirm_button"] == "ConfirmButton" and hidden["confirm_question"] == hidden["question"]
    # one find of five: the button is disabled saying why, never asked, nothing entered;
    # an incomplete entry handed to the screen is refused in words before any question
    few = hidden["few"]
    assert few["disabled"] and few["label"] == "Toca primero 5 hallazgos (1 de 5 tocados)"
    assert not few["asked"] and few["entered"] == 0
    assert not few["forced_asked"] and few["forced_entered"] == 0
    assert few["refusal"] == "Toma exactamente 5 hallazgos: hay sitio en 5 galerías"


def test_the_end_names_the_winner_over_the_panels_totals_and_leaves_room_under_it(shots):
    """The end (zh): the kit's banner says who won with the VP the kit's panels show;
    no entry is left, only the undo in the bar; the end-of-game piece's place
    (end_slot) is there, empty until that piece fills it."""
    _out, rep, _size, _suffix = shots
    end = rep["end"]
    assert end["banner"].startswith("游戏结束") and end["banner"] in rep["texts"]["end"]
    vp = re.search(r"(\d+)", end["banner"].split("：")[-1]).group(1)
    who = end["banner"].split("：")[-1].split(" 以 ")[0]
    assert any(t.startswith(f"[b]{who}[/b]") and f"{vp} 胜利点" in t for t in end["panels"]), end["panels"]
    assert len(end["panels"]) == 3 and all("[b]" in t for t in end["panels"])
    assert end["slot"] == [0, 0]
    assert end["bar"] == ["撤回：Chen 结束回合", ""]   # the undo, then the room it leaves


def test_main_action_is_seen_without_scrolling_and_resizes_rebuild_only_on_a_turn(shots):
    """The button that journals the choices (Exhibit, End of turn, Present, Next
    step) is in the fixed bar: wholly inside the window and inside no scrolled part,
    >= 48 dp, at both sizes (LEFTOVERS uipolish 1); resizing within landscape or
    portrait rebuilds nothing, a turn rebuilds once (uipolish 3)."""
    _out, rep, _size, _suffix = shots
    main = rep["main"]
    assert [b["text"] for b in main["entry"]] == [
        "Exponer: 7 puntos, casilla 7", "Guardar 4 hallazgos cuesta 1 moneda; Ben tiene 0 monedas: descarta 1 más"]
    assert main["refused"][0]["text"].startswith("发现物 ") and main["refused"][0]["disabled"]
    assert [b["disabled"] for b in main["entry"]] == [False, True]
    assert main["undo"][0]["text"] == "Nada que deshacer todavía"      # taken back already: says why
    for name, buttons in main.items():
        assert buttons and all(b["seen"] for b in buttons), name
        assert all(b["text"] in rep["texts"][name] for b in buttons)
    assert rep["rebuilds"] == [0, 0, 0, 1, 2]      # 3 sizes in the same class, a turn, a turn back


def test_every_moment_is_clean_by_the_walks_checks(shots):
    """The moments the walk test does not reach (an evaluation under a four-line
    banner, a long entry panel, a refusal): no clipped text, no target under 48 dp,
    nothing laid over a text (tests/ui/drive_walk.check_screen)."""
    _out, rep, _size, _suffix = shots
    assert set(rep["problems"]) == {"payout", "markers", "evaluation", "zh", "entry", "refused", "camera", "undo",
                                    "hidden", "end"}
    assert {k: v for k, v in rep["problems"].items() if v} == {}


@pytest.mark.parametrize("lang", ["es", "zh"])
def test_the_new_words_are_the_players_language_over_a_whole_game(lang):
    """The banner, the table's to-do list, its button and the entry panel (funds
    spaces, digs one cannot pay for, refused storage) over a whole game in es and zh:
    no English left (tests/ui/untranslated.py, the walk's detector), no rule code."""
    import sys

    sys.path.insert(0, str(ROOT / "tests" / "ui"))
    from untranslated import untranslated

    setup, actions = pg.random_game(4, 3)
    s = pg.new_game_from_dict(setup)
    vm = PergamonVM(lang)
    bad, seen = set(), set()
    for a in actions:
        s = pg.apply(s, a)
        vm.update(s, a)
        texts = [vm.banner.text, *vm.banner.lines, *vm.todo, vm.todo_confirm,
                 *(g.title for g in vm.entry), *(t.label for g in vm.entry for t in g.taps)]
        texts = [t for t in texts if t]
        seen |= set(texts)
        bad |= {untranslated(t, lang) for t in texts} - {""}
        assert not any(re.search(r"\b3[ABC]\.|Pergamon: ", t) for t in texts), texts
    assert len(seen) > 100
    assert not bad, "\n".join(sorted(bad))
