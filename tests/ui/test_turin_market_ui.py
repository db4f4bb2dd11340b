"""Turin Market screens (ui/games/turin_market): the view-models without a window,
and the Kivy screens driven offscreen (tests/ui/drive_turin_market.py in its own
process: one Kivy app per process)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.errors import RuleError
from companion.games import turin_market as tm
from companion.games.turin_market.engine import new_game
from ui.games.turin_market.texts import TEXTS
from ui.games.turin_market.texts import tr as tr_
from ui.games.turin_market.viewmodel import PassTabletVM, TableVM, TypedRevealVM

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ("turin_table", "turin_pass_handover", "turin_pass_entry", "turin_pass_reveal", "turin_typed",
         "turin_payouts", "turin_table_zh", "turin_payouts_es", "turin_sale", "turin_sale_claims")


def test_every_text_has_es_en_zh_with_the_same_placeholders():
    for key, row in TEXTS.items():
        assert set(row) == {"es", "en", "zh"}, key
        ph = {lang: set(re.findall(r"{(\w+)}", " ".join(t.values()) if isinstance(t, dict) else t))
              for lang, t in row.items()}  # a dict: CLDR plural forms
        assert ph["es"] == ph["en"] == ph["zh"], key


def _three():
    return tm.apply(new_game(3, seed=7), tm.RevealCards(("T01", "T02", "T03")))


def test_pass_the_tablet_hides_each_entry_checks_it_and_reveals_the_same_action_as_typing():
    st = _three()
    vm = PassTabletVM(st, "en")
    assert vm.mode == "handover" and vm.title == "Pass the tablet to Player 1"
    vm.ready()
    assert vm.mode == "entry" and "your bid" in vm.title
    vm.set_value(99)                       # clamped to the shields the player has
    assert vm.value == 15
    vm.set_value(2)
    assert vm.confirm() and vm.mode == "handover" and vm.value == 0   # hidden, nothing shown
    for bid in (2, 4):
        vm.ready()
        vm.set_value(bid)
        vm.confirm()
    assert vm.mode == "reveal"
    act = vm.reveal()
    typed = TypedRevealVM(st, "en")
    typed.values.update({0: 2, 1: 2, 2: 4})
    assert act == typed.action() == tm.RevealBids((2, 2, 4))


def test_a_refused_entry_says_why_and_records_nothing():
    st = tm.new_game(3, seed=7)
    vm = PassTabletVM(st, "es")
    assert vm.kind == "card" and len(vm.card_choices) == 18
    vm.ready()
    vm.set_value("T01")
    vm.confirm()
    vm.ready()
    vm.set_value("T01")                     # the same card twice
    assert not vm.confirm() and "3 Trufas, 2 Cacao, 1 Queso" in vm.error and vm.current == 1
    assert "T01" not in vm.error                # the card by its goods, never its id
    typed = TypedRevealVM(st, "en")
    typed.values.update({0: "T01", 1: "T01", 2: "T02"})
    assert typed.action() is None and typed.error
    with pytest.raises(RuleError):
        PassTabletVM(tm.apply(_three(), tm.RevealBids((1, 2, 3))), "en")   # picks: nothing secret


def test_table_explains_the_worked_example_and_says_who_picks_now():
    st = tm.apply(_three(), tm.RevealBids((2, 2, 4)))
    vm = TableVM(st, "en")
    assert vm.headline() == "Tie round: Player 1, Player 2 add shields in secret"
    st = tm.apply(st, tm.RevealTieBids((0, 1, None)))
    vm = TableVM(st, "en")
    assert vm.headline() == "Player 3 picks a card"
    rows = {r.name: r for r in vm.bid_rows()}
    assert rows["Player 3"].paid == "pays 4" and rows["Player 3"].won
    assert rows["Player 2"].bid == "bid 2 + 1 = 3" and rows["Player 2"].paid == "pays 3"
    assert rows["Player 1"].paid == "pays 1" and "half" in rows["Player 1"].why
    assert [t for t, now in vm.pick_lines() if now] == ["Player 3"]
    panels = vm.panels()
    assert panels[2].to_act and panels[0].shields == "14 shields"
    taps = dict(vm.taps())      # the picker's cards, named by their goods (3 players stopped here before)
    assert taps == {"3 Truffles, 2 Cocoa, 1 Cheese": tm.Pick(2, "T01"), "3 Cocoa, 2 Coffee, 1 Grapes": tm.Pick(2, "T02"),
                    "3 Coffee, 2 Cheese, 1 Hazelnuts": tm.Pick(2, "T03")}
    assert vm.centre_text() == ("In the centre: 3 Truffles, 2 Cocoa, 1 Cheese; 3 Cocoa, 2 Coffee, 1 Grapes; "
                                "3 Coffee, 2 Cheese, 1 Hazelnuts")
    assert vm.loan_taps() == [(0, tm.TakeLoan(0)), (1, tm.TakeLoan(1)), (2, tm.TakeLoan(2))]   # apart, asked first
    st = tm.apply(tm.apply(tm.apply(st, tm.Pick(2, "T03")), tm.Pick(2, "T01")), tm.Pick(1, "T02"))
    taps = TableVM(st, "en").taps()
    assert ("Pass: Player 2", tm.PassSale(1)) in taps


def test_end_shows_payouts_good_by_good_and_the_winners():
    setup, actions = tm.random_game(26, 4)
    st = tm.new_game_from_dict(setup)
    for a in actions:
        st = tm.apply(st, a)
    vm = TableVM(st, "en")
    rows = vm.payouts()
    assert [r.good for r in rows] == [st.catalog.good_names[g.good]["en"] for g in st.final.payouts]
    for r, g in zip(rows, st.final.payouts):
        assert r.bank == f"bank {g.bank_amount}"
        if len(g.majority) == 1:
            assert f"+{g.share}" in r.lines[0]
    best = max(st.final.scores)
    assert vm.headline().endswith(f"{best} shields") and vm.final_lines()[0].endswith(f"{best} shields")
    assert vm.guess_note() == "Goods and amounts are our estimates"   # no file name on the screen


def test_the_table_kits_banner_panels_and_undo_say_the_one_thing_to_do_whose_it_is_and_why_not():
    """Turin Market on the table kit (ui.viewmodels.table): the banner names the
    auction and the one thing to do in the picker's colour; each panel is on its
    player's colour with shields, loan and goods (a majority starred); the Undo names
    the move, or says shortly why revealed bids cannot be taken back (in zh with
    full-width punctuation)."""
    from ui.games.turin_market.viewmodel import undo_offer

    colours = ["red", "blue", "green"]
    st = tm.apply(tm.apply(_three(), tm.RevealBids((2, 2, 4))), tm.RevealTieBids((0, 1, None)))
    vm = TableVM(st, "en")
    assert vm.banner(colours) == (f"Auction 1 of {st.catalog.rounds(3)} · Player 3 picks a card", "green")
    assert TableVM(_three(), "en").banner(colours).colour is None          # everyone bids: no one colour
    st = tm.apply(st, tm.TakeLoan(0))
    panels = TableVM(st, "en").player_panels(colours)
    assert [p.colour for p in panels] == colours and [p.active for p in panels] == [False, False, True]
    assert panels[0].text.startswith("[b]Player 1[/b] · ") and "loan: owes 15" in panels[0].text
    st = tm.apply(st, tm.Pick(2, "T01"))
    assert "Truffles\u00a03\u00a0★" in TableVM(st, "en").player_panels(colours)[2].text   # its only holder

    class Step:
        text = "Player 1 takes a loan"

    offer = undo_offer(Step(), "", "en")
    assert offer.enabled and offer.label == "Take back: Player 1 takes a loan"
    assert offer.question == "Take back: Player 1 takes a loan?"
    why = undo_offer(None, "Bids: Player 1 2, ...: that showed what was hidden", "en", tm.RevealBids((2, 2, 4)))
    assert not why.enabled and why.label == "Revealed bids cannot be taken back: everyone has seen them"
    zh = undo_offer(None, "", "zh", tm.RevealBids((2, 2, 4)))
    assert "：" in zh.label and ":" not in zh.label
    assert undo_offer(None, "", "en").label == "Nothing to take back yet"


def test_chinese_lines_of_the_table_use_full_width_punctuation():
    """Issue 29: the zh bid rows, centre cards, names and loan question read with
    ，、；：（）？ (no ASCII punctuation between Chinese words)."""
    from companion.games.turin_market import app_words as W

    st = tm.apply(tm.apply(_three(), tm.RevealBids((2, 2, 4))), tm.RevealTieBids((0, 1, None)))
    vm = TableVM(st, "zh")
    texts = [vm.centre_text(), W.loan_ask("Ana", "zh", 10, 15), W.loans_title("zh", 10, 15),
             W.undo_ask("x", "zh"), W.pick_title("Ana", "zh"), W.series_ask(2, 3, "zh")]
    texts += [tr_("bid_row", "zh", who="Ana", bid=r.bid) for r in vm.bid_rows()]
    st2 = tm.apply(_three(), tm.RevealBids((2, 2, 4)))
    texts.append(TableVM(st2, "zh").headline())
    for t in texts:
        assert not re.search(r"[,;:()?]", t), t
    assert "；" in vm.centre_text() and "、" in TableVM(st2, "zh").headline()


@pytest.fixture(scope="module")
def driven(tmp_path_factory):
    out = tmp_path_factory.mktemp("turin-ui")
    env = dict(os.environ)
    subprocess.run([sys.executable, str(ROOT / "tests" / "ui" / "drive_turin_market.py"), str(out)],
                   check=True, timeout=300, env=env, cwd=ROOT)
    return out, json.loads((out / "report.json").read_text(encoding="utf-8"))


def test_screens_driven_offscreen_reveal_the_journals_bids_and_show_every_screen(driven):
    from PIL import Image

    out, report = driven
    # the pass-the-tablet flow and the typed flow both gave the recorded reveal
    assert report["checks"]["reveals"] == [report["checks"]["truth"]] * 2
    for name in SHOTS:
        img = Image.open(out / f"{name}.png")
        assert img.size == (1280, 800), name
        assert len(img.convert("L").resize((64, 40)).getcolors(4096)) > 4, f"{name} looks blank"
    t = report["texts"]
    assert any("Pass the tablet to" in x for x in t["turin_pass_handover"])
    assert not any(x.isdigit() for x in t["turin_pass_handover"])   # no entry shown while hidden
    assert any("Final payouts" in x for x in t["turin_payouts"])
    assert any("选一张牌" in x for x in t["turin_table_zh"])
    assert any("Pagos finales" in x for x in t["turin_payouts_es"])
    # the sale area: a typed offer with a stepper, buy taps, then the seller's choice of claims
    assert any("For sale" in x for x in t["turin_sale"]) and any(" buys " in x for x in t["turin_sale"])
    assert "2" in t["turin_sale"] and "Tap a card first" in t["turin_sale"]   # stepped to 2, no card yet
    seen = [x for texts in t.values() for x in texts]
    assert not [x for x in seen if re.search(r"\bT\d\d\b", x)]    # no card id on any screen
    assert any("Who claimed" in x for x in t["turin_sale_claims"])


def test_end_screen_panels_line_up_and_the_payouts_say_there_is_more_below(driven):
    """At 1280x800 the payouts run longer than the screen: a scroll bar a finger can
    see (>= 6 dp) and a "more below" line while the list's end is hidden (gone at
    the end); the players' panels of one row share their top (no stagger)."""
    from kivy.metrics import dp

    out, report = driven
    c = report["checks"]
    assert c["payouts_overflow"] and c["bar_width_px"] >= dp(6)
    assert c["cue_at_top"] == "More below: drag the list up" and c["cue_at_end"] == ""
    assert any("More below" in x for x in report["texts"]["turin_payouts"])
    assert any("Hay más abajo" in x for x in report["texts"]["turin_payouts_es"])
    assert c["panel_row_tops"] and all(len(set(tops)) == 1 for tops in c["panel_row_tops"])


def test_every_count_of_shields_on_screen_takes_its_plural_form(driven):
    """One shield, two shields, in every shot (docs/screenshots/turin_*.png come from
    this driver through scripts/screenshots.sh; a stale one showed "1 escudos")."""
    import re

    _out, report = driven
    seen = [x for texts in report["texts"].values() for x in texts]
    wrong = [x for x in seen if re.search(r"(?<![\d.,])1 (shields|escudos)\b", x)
             or re.search(r"(?<![\d.,])(?!1 )\d+ (shield|escudo)\b(?!s)", x)]
    assert wrong == []
    assert any(re.search(r"(?<![\d.,])1 escudo\b", x) for x in report["texts"]["turin_payouts_es"])
    assert any(re.search(r"\b[2-9]\d* shields\b", x) for x in report["texts"]["turin_payouts"])


def test_observer_reports_read_in_every_language_with_names_not_seats():
    from companion.games.turin_market.observer import TurinMarketObserver, expected_snapshot
    from companion.table import Sighting
    from dataclasses import replace
    from ui.games.turin_market.texts import REPORTS, report_text

    for key, row in REPORTS.items():
        assert set(row) == {"es", "en", "zh"}, key
    st = tm.apply(_three(), tm.RevealBids((2, 5, 1)))
    for card in ("T01", "T02", "T03"):
        st = tm.apply(st, tm.Pick(st.auction.pick_queue[0], card))
    owner = next(p for p, cards in enumerate(st.owned) if "T01" in cards)
    snap = expected_snapshot(st)
    moved = tuple(Sighting("T01", "board", "sale", 80, 150) if s.component == "T01" else s for s in snap.sightings)
    goose = (Sighting("goose", "mat-red", "tokens", 60, 170),)
    out = TurinMarketObserver().observe(st, replace(snap, sightings=moved + goose))
    r = out.reports[-1]
    assert r.key == "tm.enter_price"
    for lang in ("es", "en", "zh"):
        text = report_text(r, st, lang)
        assert "T01" not in text and ("Player" in text or "Jugador" in text or "玩家" in text)
        assert st.catalog.good_name("truffles", lang) in text     # the card named by its goods
    out = TurinMarketObserver().observe(st, replace(snap, sightings=snap.sightings + goose))
    goose_r = next(x for x in out.reports if x.key == "tm.goose")
    assert report_text(goose_r, st, "es") == "la oca está con Jugador 1"
    assert owner in (0, 1, 2)


def test_the_start_screen_offers_the_payment_card_and_a_series_and_the_game_gets_them(tmp_path):
    """A game may offer setup options (ui.hosting.setup_options): Turin Market's
    payment card (classic or red) and a 3-game series, chosen on the start screen
    and read by its new_setup; a bundled recording replays its own setup."""
    from companion import registry
    from ui import hosting
    from ui.viewmodels.start import StartVM

    vm = StartVM("es", journal_dir=tmp_path)
    vm.choose_game("turin-market")
    opts = {k: (values, cur) for k, _label, values, cur in vm.setup_options()}
    assert [v for v, _ in opts["payment_card"][0]] == ["classic", "red"] and opts["payment_card"][1] == "classic"
    assert opts["payment_card"][0][1][1] == "roja (nueva)"     # the card's name in the players' language
    vm.choose_option("payment_card", "red")
    vm.choose_option("series", "3")
    for i, name in enumerate(("Ana", "Bo", "Chen", "Dee")):
        if i >= len(vm.players):
            vm.add_player()
        vm.set_player(i, name=name)
    cfg = vm.config()
    assert dict(cfg.game_options) == {"payment_card": "red", "series": "3"}
    host = hosting.open_game(registry.get("turin-market"), cfg.players, "es", tmp_path, seed=3,
                             options=cfg.game_options)
    assert host.state.payment_card == "red" and len(host.state.auction.centre) == 2   # 4 players: 2 dealt
    assert host.journal.setup["series"]["games"] == 3
    host.journal.close()
    vm.choose_game("penny-press")
    assert vm.game_options == {} and vm.setup_options() == []


def test_a_bundled_recording_opens_with_its_own_centre_cards_and_seed(tmp_path):
    from companion import registry
    from play.demo import load_recording
    from play.recordings import recording_dir
    from ui import hosting
    from ui.viewmodels.start import StartVM

    vm = StartVM("en", journal_dir=tmp_path)
    vm.choose_game("turin-market")
    vm.choose_recording("turin-market-4p")
    rec = load_recording(recording_dir("turin-market-4p"))
    cfg = vm.config()
    host = hosting.open_game(registry.get("turin-market"), cfg.players, "en", tmp_path, options=cfg.game_options)
    setup = host.journal.setup
    assert (setup["centre"], setup["seed"], setup["payment_card"]) == (rec.setup["centre"], rec.setup["seed"],
                                                                       rec.setup["payment_card"])
    host.journal.close()
