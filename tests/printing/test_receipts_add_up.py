"""Receipts that add up (issue 29), with the bundled games' numbers: Pergamon's
evaluation receipts carry each player's running total (the total after the
evaluation before + the collections shown since + this evaluation = the total now)
and its ranking adds the bonus to the last total; Turin Market's final receipt
explains every payout in a table whose columns add up, at most 60 % of the length it
had; Penny Press's empty-cell lines say how many cells, in the count's plural form."""

from __future__ import annotations

import pytest

from printing.commands import load_game_state

LANGS = ("es", "en", "zh")
#: The final receipt of the bundled turin-market-4p game was this long (dots, 58 mm,
#: en) before issue 29: `companion demo --recording turin-market-4p` at 4206f35.
TURIN_RECEIPT_BEFORE = 1583


def bundled(name: str):
    from play.recordings import recording_dir

    state, _label, _game = load_game_state(str(recording_dir(name) / "journal.json"))
    return state


def blocks(img) -> list[str]:
    return [b["text"] for b in img.info["text_blocks"]]


@pytest.fixture(scope="module")
def pergamon():
    s = bundled("pergamon-3p")
    assert list(s.final.scores) == [15, 29, 7]
    return s


@pytest.mark.parametrize("lang", LANGS)
def test_pergamon_receipts_carry_a_running_total_from_page_to_page(pergamon, lang):
    from printing.games.pergamon.pages import evaluations, render_evaluation_receipt, render_final_ranking

    s = pergamon
    before = [0] * s.n_players
    for ev in evaluations(s):
        said = blocks(render_evaluation_receipt(s, ev, lang, 384, "g"))
        ends = []
        for seat in range(s.n_players):
            line = next(t for t in said if t.startswith(f"{before[seat]} +") and t.endswith(
                f" +{ev.vp[seat]} = {t.rsplit(' = ', 1)[-1]}"))
            a, shown, now, total = (int(x) for x in line.replace("+", "").replace("=", "").split())
            assert a + shown + now == total and now == ev.vp[seat] and a == before[seat]
            ends.append(total)
        before = ends
    # the ranking: the last total + the oldest exhibitions' bonus = the final VP (29 = 25 + 3 + 1)
    said = blocks(render_final_ranking(s, lang, 384, "g"))
    for seat, score in enumerate(s.final.scores):
        bonus = sum(vp for owner, _m, _d, vp in s.final.bonus if owner == seat)
        assert f"{before[seat]} +{bonus} = {score}" in said
    assert "25 +4 = 29" in said


@pytest.fixture(scope="module")
def turin():
    s = bundled("turin-market-4p")
    assert list(s.final.scores) == [29, -4, 20, 1]
    return s


@pytest.mark.parametrize("lang", LANGS)
def test_turins_final_receipt_explains_every_payout_in_at_most_60_percent(turin, lang):
    from printing.games.turin_market.pages import good_name, payout_changes, render_payout_receipt

    img = render_payout_receipt(turin, lang, 384, "g")
    assert img.height <= 0.6 * TURIN_RECEIPT_BEFORE, img.height
    f = turin.final
    cells = [b["text"] for b in img.info["text_blocks"] if b["role"] == "cell"]
    held, per_good, loans = payout_changes(turin)
    for g, change in zip(f.payouts, per_good):  # a row per good: units and each player's change
        row = cells.index(f"{good_name(turin, g.good, lang)} {g.bank_amount}")
        for p in range(turin.n_players):
            shown = cells[row + 1 + p]
            if g.units[p]:
                assert shown.startswith(f"{g.units[p]}: {change[p]:+d}" if change[p] else f"{g.units[p]}: 0")
            else:
                assert shown == "–" and change[p] == 0
    final = cells[-turin.n_players:]
    assert final == ["29", "-4", "20", "1"]
    for p in range(turin.n_players):  # every column adds up
        assert held[p] + f.returned_from_sale[p] + sum(c[p] for c in per_good) + loans[p] - f.repaid[p] == f.scores[p]
    # every good's line under it says where its shields come from
    assert sum(1 for t in blocks(img) if " = " in t) == sum(1 for g in f.payouts if g.majority)


@pytest.mark.parametrize("lang,one,many", [("en", "1 empty top cell", "4 empty cells"),
                                           ("es", "1 casilla superior vacía", "4 casillas vacías"),
                                           ("zh", "1个顶行空格", "4个空格")])
def test_penny_press_empty_cell_lines_agree_in_number(lang, one, many):
    from printing.games.penny_press.documents import front_page_doc
    from printing.games.penny_press.layout import render_front_page

    s = bundled("penny-press-3p")
    res = s.press_results[1]  # blue's first paper: one empty top cell (-2) and four others (-4)
    assert [(k, pts) for k, _s, pts in res.breakdown if k.startswith("empty")] == [("empty-top", -2),
                                                                                 ("empty-other", -4)]
    doc = front_page_doc(s, res, lang, "g")
    assert [(ln.kind, ln.count) for ln in doc.breakdown if ln.count] == [("empty-top", 1), ("empty-other", 4)]
    said = blocks(render_front_page(doc, 384))
    assert one in said and many in said
    for r in s.press_results:  # every page of the game: the count times the penalty is the line's points
        for ln in front_page_doc(s, r, "en", "g").breakdown:
            if ln.kind == "empty-other":
                assert ln.count * s.catalog.empty_other_penalty == -ln.points
            if ln.kind == "empty-top":
                assert ln.count * s.catalog.empty_top_penalty == -ln.points
