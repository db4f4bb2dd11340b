"""Turin Market's printed pages (printing.games.turin_market.pages): round receipts and the
final payout receipt, good by good, es/en/zh, PNG preview + ESC/POS."""

from __future__ import annotations

import json
import re

import pytest

from companion.cli import main
from companion.games.turin_market import (Pick, RevealBids, RevealLeftovers, RevealTieBids, action_to_dict, apply,
                                          new_game_from_dict, random_game)
from printing.pages import DocumentError
from printing.games.turin_market.pages import card_text, good_name, render_payout_receipt, render_round_receipt

from tm_helpers import at_leftover, play, three_players


def texts(img) -> str:
    return "\n".join(ln[0] for b in img.info["text_blocks"] for ln in b["lines"])


def test_round_receipt_explains_the_worked_example_bids_and_payments():
    s = play(three_players(), RevealBids((2, 2, 4)), RevealTieBids((0, 1, None)),
             Pick(2, "T03"), Pick(2, "T01"), Pick(1, "T02"))
    t = texts(render_round_receipt(s, 1, "en", 384, "g1"))
    lines = t.splitlines()
    assert "green: bid 4" in lines and "blue: bid 2 + 1 in the tie = 3" in lines
    assert "red: bid 2 + 0 in the tie = 2" in lines
    assert lines.index("green: bid 4") < lines.index("blue: bid 2 + 1 in the tie = 3")
    assert ["pays 4", "pays 3", "pays 1"] == [ln for ln in lines if ln.startswith("pays")]
    assert "wins nothing, pays half (2 / 2, rounded down)" in t
    assert "8 shields" in t                                  # 4 + 3 + 1 to the bank
    assert "1. green takes card of 3 Coffee, 2 Cheese, 1" in t and "3. blue takes card of 3 Cocoa" in t
    assert not re.search(r"\bT\d\d\b", t), t                # cards by their goods, never their ids


def blocks(img) -> list[str]:
    """Every text drawn, whole (a paragraph wrapped on several lines is one text)."""
    return [b["text"] for b in img.info["text_blocks"]]


def test_shared_majority_line_shows_6_plus_1_over_2_rounded_up_is_4_each():
    """The worked example: 6 shields from the bank and 1 paid by the minority player,
    split between two, rounded up: 4 each, the bank adding the missing shield; the
    receipt says where every shield comes from."""
    s = at_leftover(3, [("T05",), ("T14",), ("T02",)])
    end = apply(s, RevealLeftovers(("T01", "T03", "T07")))
    img = render_payout_receipt(end, "en", 384, "g1")
    said = blocks(img)
    assert "6 bank + 1 paid by P3 + 1 to split evenly = 8: 4 each to P1, P2" in said
    g = next(g for g in end.final.payouts if len(g.majority) == 2)
    cells = [b["text"] for b in img.info["text_blocks"] if b["role"] == "cell"]
    row = cells.index(f"{good_name(end, g.good, 'en')} {g.bank_amount}")
    assert cells[row + 1:row + 4] == [f"{g.units[p]}: {x}" for p, x in enumerate(("+4", "+4", "-1"))]
    said = texts(img).replace("\n", " ")   # the values are said to be estimates; the file is no word for players
    assert "Goods and amounts are our estimates" in said and "goods.json" not in said


def test_payout_lines_say_where_the_shields_come_from_on_screen_and_receipt():
    """Every majority's line names its sources, and they add up to what the majority
    takes (GoodPayout.sources); the table screen and the receipt give the same
    numbers; every player's column adds up to the final shields."""
    from printing.games.turin_market.pages import payout_changes
    from ui.games.turin_market.viewmodel import TableVM

    setup, actions = random_game(5, 4)
    end = new_game_from_dict(setup)
    for a in actions:
        end = apply(end, a)
    f = end.final
    due = end.catalog.minority_payment
    said = blocks(render_payout_receipt(end, "en", 576, "g1"))
    rows = TableVM(end, "en").payouts()
    explained = [t for t in said if " bank" in t and ("=" in t or "no payout" in t)]
    assert len(explained) == len(f.payouts)
    for g, row, line in zip(f.payouts, rows, explained):
        if not g.majority:
            assert line == "nobody has any: no payout"
            continue
        bank, payers, covered, rounding = g.sources(due)
        pot = bank + due * (len(payers) + len(covered)) + rounding
        assert pot == g.share * len(g.majority)
        assert line.startswith(f"{bank} bank") and f"= {pot}" in line
        assert ("paid by" in line) == bool(payers) and ("to split evenly" in line) == bool(rounding)
        screen = row.lines[1]
        assert screen.startswith(f"{bank} shield") and ("paid by" in screen) == bool(payers)
    held, per_good, loans = payout_changes(end)
    for p in range(end.n_players):
        assert held[p] + f.returned_from_sale[p] + sum(c[p] for c in per_good) + loans[p] == f.before_repayment[p]
        assert f.before_repayment[p] - f.repaid[p] == f.scores[p]
    for lang in ("es", "zh"):
        assert all("{" not in ln for r in TableVM(end, lang).payouts() for ln in r.lines)


@pytest.mark.parametrize("lang", ["es", "en", "zh"])
def test_payout_receipt_lists_every_good_top_to_bottom_with_the_engines_numbers(lang):
    setup, actions = random_game(5, 4)
    s = new_game_from_dict(setup)
    for a in actions:
        s = apply(s, a)
    img = render_payout_receipt(s, lang, 576 if lang == "zh" else 384, "g1")
    assert img.mode == "1"
    t = texts(img)
    pos = [t.index(good_name(s, g.good, lang)) for g in s.final.payouts]
    assert pos == sorted(pos)
    for g in s.final.payouts:
        if len(g.majority) == 1:
            assert f"+{g.share}" in t
    for score in s.final.scores:
        assert str(score) in t
    t_round = texts(render_round_receipt(s, 1, lang, 384, "g1"))
    assert all(card_text(s, c, lang) in t_round for c in s.history[0].centre)  # by their goods
    assert not any(c in t_round for c in s.history[0].centre)  # never by tag id (the discarded line too)


def test_no_payout_receipt_before_the_end_nor_a_receipt_of_an_unplayed_round():
    s = three_players()
    with pytest.raises(DocumentError, match="not over"):
        render_payout_receipt(s)
    with pytest.raises(DocumentError, match="round 1"):
        render_round_receipt(s, 1)
    with pytest.raises(DocumentError):
        render_round_receipt(s, 1, "fr")


def test_companion_print_writes_turin_market_receipts(tmp_path, capsys):
    setup, actions = random_game(8, 3)
    game = tmp_path / "tm.json"
    game.write_text(json.dumps({"game": "turin-market", "setup": setup,
                                "actions": [action_to_dict(a) for a in actions]}))
    assert main(["print", str(game), "--final", "--out", str(tmp_path), "--lang", "es"]) == 0
    assert main(["print", str(game), "--press", "all", "--out", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.glob("*.png"))
    assert "tm-payouts.png" in names and "tm-round01.png" in names
    out = tmp_path / "receipt.bin"
    assert main(["print", str(game), "--final", "--printer", f"file:{out}", "--queue", str(tmp_path / "q")]) == 0
    assert out.read_bytes()[:2] == b"\x1b@"


@pytest.mark.parametrize("lang,one,two", [("en", "1 shield", "2 shields"), ("es", "1 escudo", "2 escudos"),
                                          ("zh", "1 盾", "2 盾")])
def test_shield_counts_take_the_cldr_plural_form(lang, one, two):
    from printing.games.turin_market.pages import label

    assert label("shields", lang, n=1) == one and label("shields", lang, n=2) == two
    assert label("shields", lang, n=0) == two.replace("2", "0")
