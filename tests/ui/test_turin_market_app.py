"""Turin Market in the real app, offscreen, by taps alone (tests/ui/drive_turin_app.py,
run in the background by driver_pool): started from the start screen with 4
players and the red payment card, played to its end by pressing the app's own
buttons by their label; a loan and a take-back each asked first; the table and
secret screens checked at 1280x800 and 800x1280 in es, en and zh."""

from __future__ import annotations

import json

import pytest


@pytest.fixture(scope="module")
def report():
    from driver_pool import driver_result

    out = driver_result("turin_app")
    return json.loads((out / "report.json").read_text(encoding="utf-8"))


def test_start_with_four_players_and_the_red_card_by_taps(report):
    s = report["start"]
    assert s["error"] == "" and s["screen"] == "turin_table"      # 4 players: Start was refused before
    assert s["payment_card"] == "red" and s["centre"] == 2       # chosen on the start screen; centre dealt
    assert s["options"][:3] == ["Payment card", "classic", "red (new)"]


def test_a_whole_game_by_the_apps_buttons_ends_with_the_winner_and_the_panels_totals(report):
    end = report["end"]
    assert end["over"]
    best = max(end["scores"])
    assert end["headline"].startswith("Game over:") and end["headline"].endswith(f"{best} shields")
    assert any(f"· {best} shields" in text for text in end["panels"])   # the kit's panels, the same total
    assert not end["undo_shown"] and end["end_box"]     # no take-back after the end; room for its pages


def test_a_loan_is_asked_first_and_a_take_back_names_the_move(report):
    loan = report["loan"]
    assert loan["asked"].startswith("Ana takes a loan: +10 shields now") and loan["after_no"] == 0
    assert loan["buttons"] == ["Yes", "No"]       # the table kit's question: Yes first, as in every game
    assert loan["after_yes"] == 1 and loan["loans"][0] == 1
    undo = report["undo"]
    assert undo["button"] == "Take back: Ana takes a loan"      # the kit's Undo names the move
    assert undo["asked"] == "Take back: Ana takes a loan?" and undo["taken_back"] == 1


def test_no_clipped_text_overlap_small_target_untranslated_word_or_card_id_on_any_screen(report):
    assert report["problems"] == {}
    assert report["ids"] == []
    looked = {k.split()[0] for k in report["texts"]}
    assert looked == {"table_bids", "secret_bid", "secret_card", "table_picks", "typed_card", "loan_ask",
                      "table_end"}


def test_cards_revealed_on_the_table_are_typed_by_tapping_a_player_then_a_card(report):
    typed = report["typed"]
    assert len(typed["values"]) == 4 and len(set(typed["values"])) == 4     # one card each, four different
    assert typed["phase"] == ["cards", "bids"]                                # revealed: the bids are next
