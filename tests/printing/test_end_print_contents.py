"""What a game's end prints in the app (issue 25), with the bundled recordings' real
finished games: Pergamon's end prints its last evaluation (turn 12: the breakdown the
players keep) beside the final ranking, 15/29/7; Turin Market's the last auction
round's receipt (who paid what) beside the final payouts, 29/-4/20/1. The pages are
the ones the app's end panel prints (ui.session_print.SessionPrinter.end_requests,
drawn as print_requests draws them); no card id on paper."""

from __future__ import annotations

import json
import re

import pytest

from companion.journal import Journal
from play.pages import draw_due
from play.recordings import recording_dir
from ui.viewmodels.endgame import EndgameVM
from ui.viewmodels.protocol import PrinterSettings

LANGS = ("es", "en", "zh")


def finished(tmp_path, name: str) -> Journal:
    rec = json.loads((recording_dir(name) / "journal.json").read_text(encoding="utf-8"))
    j = Journal.create(tmp_path / f"{name}.sqlite", rec["game"], rec["setup"])
    for a in rec["actions"]:
        j.append(a, source="replay")
    return j


def end_pages(vm: EndgameVM, lang: str) -> list[list[str]]:
    """The texts drawn on each page the end panel prints, in order."""
    j = vm.journal
    out = []
    for request in vm.requests():
        for page in draw_due(j.game, j.state, request, lang=lang, width=384, game_id=j.game_id):
            out.append([b["text"] for b in page.image.info["text_blocks"]])
    return out


def after(texts: list[str], left: str) -> str:
    """The right-hand text of the row whose left-hand text is ``left``."""
    return texts[texts.index(left) + 1]


@pytest.fixture(scope="module")
def pergamon(tmp_path_factory):
    j = finished(tmp_path_factory.mktemp("pg"), "pergamon-3p")
    assert list(j.state.final.scores) == [15, 29, 7]
    return j


@pytest.fixture(scope="module")
def turin(tmp_path_factory):
    j = finished(tmp_path_factory.mktemp("tm"), "turin-market-4p")
    assert list(j.state.final.scores) == [29, -4, 20, 1]
    return j


@pytest.mark.parametrize("lang", LANGS)
def test_pergamons_end_prints_the_turn_12_evaluation_and_the_ranking(pergamon, lang):
    from companion.games.pergamon.texts import player_name
    from printing.games.pergamon.pages import label

    vm = EndgameVM(lambda: pergamon, lang)
    assert [(r.what, r.press) for r in vm.requests()] == [("press", 12), ("final", None)]
    evaluation, ranking = end_pages(vm, lang)
    assert label("evaluation", lang, turn=12) in evaluation and label("final", lang) in ranking
    state = pergamon.state
    finals = []
    for seat in range(state.n_players):
        who = player_name(state, seat, lang)
        # the evaluation's running total: VP before + collections shown since + turn 12 = total
        before, shown, now, total = (int(x) for x in after(evaluation, who).replace("+", "").replace("=", "").split())
        assert before + shown + now == total
        # the ranking: that total + the oldest exhibitions' bonus = the final score
        rank_row = next(t for t in ranking if t.endswith(f". {who}"))
        start, bonus, score = (int(x) for x in after(ranking, rank_row).replace("+", "").replace("=", "").split())
        assert start == total
        finals.append(score)
    assert finals == [15, 29, 7]
    assert "25 +4 = 29" in ranking and "18 +1 +6 = 25" in evaluation  # blue: 18, +1 shown, +6 at turn 12


@pytest.mark.parametrize("lang", LANGS)
def test_turin_markets_end_prints_the_last_rounds_receipt_and_the_final_payouts(turin, lang):
    from companion.games.turin_market.texts import player_name
    from printing.games.turin_market.pages import label

    vm = EndgameVM(lambda: turin, lang)
    assert [(r.what, r.press) for r in vm.requests()] == [("press", 5), ("final", None)]
    last_round, payouts = end_pages(vm, lang)
    assert any(label("round", lang, n=5) in t for t in last_round)
    state = turin.state
    paid = []
    for seat in range(state.n_players):
        who = player_name(state, seat, lang)
        row = next(t for t in last_round if t.startswith(f"{who}: "))
        pays = after(last_round, row)
        paid.append(int(re.findall(r"-?\d+", pays)[-1]))
        assert pays == label("pays", lang, p=paid[-1])
    assert paid == [3, 0, 3, 0] == list(state.history[-1].payments)  # P1 and P3 won the tie at 3
    assert after(last_round, label("to_bank", lang)) == label("shields", lang, n=6)
    final_row = payouts.index(label("final", lang))
    assert payouts[final_row + 1:final_row + 5] == ["29", "-4", "20", "1"]
    for text in last_round + payouts:  # cards named by their goods, never by their tag id
        assert not re.search(r"\bT\d\d\b", text), text


@pytest.mark.parametrize("name,n", [("pergamon-3p", 2), ("turin-market-4p", 2)])
def test_the_end_panel_prints_both_pages_and_says_so(tmp_path, name, n):
    from ui import i18n

    j = finished(tmp_path, name)
    vm = EndgameVM(lambda: j, "en", folder=tmp_path / "app")
    assert vm.print_label() == i18n.tr("end.print_pages", "en") and not vm.receipt_only()
    jobs = vm.print_end(PrinterSettings(kind="preview"))
    assert [job.state for job in jobs] == ["saved"] * n
    assert vm.status == i18n.trn("end.saved_pages", "en", n)
    assert len(list((tmp_path / "app" / "prints").glob("*.png"))) == n
