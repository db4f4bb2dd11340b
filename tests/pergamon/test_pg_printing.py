"""Pergamon receipts: the evaluation receipt after turns 5, 7, 9, 12 and the final
museum ranking (printing.games.pergamon.pages), es/en/zh, PNG preview and ESC/POS."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.cli import main
from companion.games import pergamon as pg
from companion.journal import Journal
from printing.pages import DocumentError
from printing.escpos_raster import escpos_bytes
from printing.profiles import PrinterConfig
from printing.games.pergamon.pages import (evaluations, render_evaluation_receipt, render_final_ranking, totals_after)


def _game(seed=4, n=3):
    setup, actions = pg.random_game(seed, n)
    s = pg.new_game_from_dict(setup)
    for a in actions:
        s = pg.apply(s, a)
    return replace(s, players=tuple(replace(p, name=nm) for p, nm in zip(s.players, ("Anna", "Ben", "Cleo", "Dan"))))


def _texts(img) -> list[str]:
    return [b["text"] for b in img.info["text_blocks"]]


@pytest.mark.parametrize("seed, n", [(4, 3), (11, 2), (5, 4)])
def test_evaluation_receipts_carry_the_engines_numbers(seed, n):
    s = _game(seed, n)
    evs = evaluations(s)
    assert [e.turn for e in evs] == [5, 7, 9, 12]
    before = [0] * n
    for ev in evs:
        texts = _texts(render_evaluation_receipt(s, ev, "en", 384, "g"))
        assert f"Evaluation after turn {ev.turn}" in texts
        totals = totals_after(s, ev)
        for seat in range(n):  # a running total: each page starts where the one before ended
            shown = totals[seat] - before[seat] - ev.vp[seat]
            assert shown >= 0 and f"{before[seat]} +{shown} +{ev.vp[seat]} = {totals[seat]}" in texts
        before = totals
        for owner, marker, space, vp in ev.collection_vp:
            assert f"{s.players[owner].name} · collection {'I' * marker} · space {space}" in texts
            assert f"+{vp}" in texts
        for m in ev.moves:
            who = f"{s.players[m.owner].name} {'I' * m.marker}"
            assert (f"{who}: {m.from_space} -> {m.to_space}" in texts if m.to_space > 0 else
                    f"{who}: off the plan, collection broken (finds to the box)" in texts)
    # the VP after the last evaluation plus the end bonus are the final VP
    bonus = [0] * n
    for owner, _m, _d, vp in s.final.bonus:
        bonus[owner] += vp
    assert [a + b for a, b in zip(totals_after(s, evs[-1]), bonus)] == list(s.final.scores)


def test_award_line_names_the_oldest_object():
    s = _game()
    ev = next(e for e in evaluations(s) if e.award_owner is not None)
    kind = {"vase": "vase", "jug": "jug", "mask": "mask", "bracelet": "bracelet"}[ev.award_kind]
    line = f"Oldest {kind}: {s.players[ev.award_owner].name} ({ev.award_date} BC)"
    assert line in _texts(render_evaluation_receipt(s, ev))


def test_final_ranking_in_three_languages_and_escpos():
    s = _game()
    f = s.final
    for lang, word in (("en", "Winner"), ("es", "Gana"), ("zh", "获胜")):
        img = render_final_ranking(s, lang, 576, "g")
        texts = " | ".join(_texts(img))
        assert word in texts and img.width == 576
        for seat in range(3):
            assert f"{f.rank[seat]}. {s.players[seat].name}" in texts
    job = escpos_bytes(render_final_ranking(s, "zh", 384), PrinterConfig())
    assert job.startswith(b"\x1b@") and len(job) > 1000


def test_receipts_refuse_what_the_game_does_not_have():
    s = pg.new_game_from_dict(pg.random_game(1, 3)[0])
    with pytest.raises(DocumentError, match="not over"):
        render_final_ranking(s)
    other = _game(5, 4)
    with pytest.raises(DocumentError, match="not part of"):
        render_evaluation_receipt(s, evaluations(other)[0])


def test_companion_print_pergamon(tmp_path, capsys):
    setup, actions = pg.random_game(4, 3)
    j = Journal.create(tmp_path / "g.sqlite", "pergamon", setup)
    for a in actions:
        j.append(a)
    j.close()
    assert main(["print", str(tmp_path / "g.sqlite"), "--press", "all", "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.glob("*.png")) == [f"g-evaluation-turn{t}.png" for t in (12, 5, 7, 9)]
    assert main(["print", str(tmp_path / "g.sqlite"), "--final", "--lang", "es", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "g-ranking.png").is_file()
    assert main(["print", str(tmp_path / "g.sqlite"), "--press", "6", "--out", str(tmp_path)]) == 1
    assert "no evaluation after turn 6" in capsys.readouterr().err


def test_estimated_values_are_said_in_the_players_language_without_files():
    """What rests on unverified data is said in players' words (plan points, tiles:
    our estimates); no data file, key or folder is printed (those are for whoever
    edits them: the command line's note and docs/pergamon.md)."""
    s = _game()
    ev = evaluations(s)[0]
    assert any("plan_vp" in src for src in ev.sources)
    for lang, words in (("en", "Plan points and tiles are our estimates"),
                        ("es", "Puntos del plano y fichas son estimaciones nuestras"),
                        ("zh", "平面图分数和发现物为我们的估计")):
        for img in (render_evaluation_receipt(s, ev, lang, 576, "g"), render_final_ranking(s, lang, 576, "g")):
            text = " ".join(_texts(img))
            assert words in text, text
            assert "rules.json" not in text and "tiles.csv" not in text and "plan_vp" not in text, text


def test_screen_title_and_registry_name_the_game_alike():
    from ui.games.pergamon.viewmodel import PergamonVM

    s = _game()
    for lang in ("en", "es", "zh"):
        vm = PergamonVM(lang)
        vm.update(s)
        assert vm.title.startswith(pg.GAME.name(lang) + " · "), vm.title
