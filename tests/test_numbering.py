"""Players are numbered from 1 wherever a person reads them (issue 13, item 5):
rule errors of every registered game, replay output, and translated receipts carry
no English placeholder name."""

from __future__ import annotations

import dataclasses
import re

import pytest

from companion import registry
from companion.cli import main
from companion.errors import RuleError

SEAT = re.compile(r"\b(?:player|seat)s? (\d+)\b", re.IGNORECASE)


def _numbers_read(text: str) -> list[int]:
    return [int(m) for m in SEAT.findall(text)]


def _first_player_action(rules, state):
    for a in rules.legal_actions(state):
        if dataclasses.is_dataclass(a) and "player" in {f.name for f in dataclasses.fields(a)}:
            return a
    return None


@pytest.mark.parametrize("game", list(registry.games()))
def test_rule_errors_number_players_from_1(game):
    spec = registry.get(game)
    rules = spec.rules_module()
    n = spec.min_players + 1 if spec.min_players < spec.max_players else spec.min_players
    setup, actions = rules.random_game(2, n)
    state = rules.new_game_from_dict(setup)
    action = _first_player_action(rules, state)
    for a in actions:  # a game may open with a move nobody owns (Pergamon: finds shown)
        if action is not None:
            break
        state = rules.apply(state, a)
        action = _first_player_action(rules, state)
    assert action is not None, f"{game}: no action with a player"
    messages = []
    for bad in n, -1:  # no such player
        with pytest.raises(RuleError) as err:
            rules.apply(state, dataclasses.replace(action, player=bad))
        messages.append(str(err.value))
    for text in messages:
        assert "0.." not in text and f"1..{n}" in text, text
    try:  # another player than the one to act (games with simultaneous moves accept it)
        rules.apply(state, dataclasses.replace(action, player=(action.player + 1) % n))
    except RuleError as err:
        assert all(1 <= k <= n for k in _numbers_read(str(err))), str(err)


def test_replay_names_players_from_1(tmp_path, capsys):
    journal = tmp_path / "g.sqlite"
    assert main(["sample", str(journal), "--players", "3", "--seed", "4"]) == 0
    capsys.readouterr()
    assert main(["replay", str(journal), "--brief"]) == 0
    out = capsys.readouterr().out
    assert "player=" not in out  # no 0-based field
    numbers = _numbers_read(out)
    assert numbers and set(numbers) <= {1, 2, 3} and 3 in numbers, out[:2000]


@pytest.mark.parametrize("lang", ["es", "zh"])
def test_translated_receipt_has_no_english_placeholder_name(lang):
    from printing.games.penny_press.documents import receipt_doc

    rules = registry.rules_module("penny-press")
    setup, actions = rules.random_game(5, 3)
    state = rules.new_game_from_dict(setup)
    for a in actions:
        state = rules.apply(state, a)
    assert any(p.name.startswith("Player") for p in state.players)  # the sample's filled-in names
    doc = receipt_doc(state, lang, "g", None)
    assert not any("Player" in name for _, name in doc.names), doc.names


@pytest.mark.parametrize("game", list(registry.games()))
def test_replay_final_line_names_players_from_1(game, tmp_path, capsys):
    spec = registry.get(game)
    n = spec.min_players + 1 if spec.min_players < spec.max_players else spec.min_players
    journal = tmp_path / "g.sqlite"
    assert main(["sample", str(journal), "--game", game, "--players", str(n), "--seed", "4"]) == 0
    capsys.readouterr()
    assert main(["replay", str(journal), "--brief"]) == 0
    out = capsys.readouterr().out
    last = out.strip().splitlines()[-1]
    assert "player 1" in last and f"player {n}" in last and "player 0" not in last, last
    if game == "scoop":  # lines name players and cards in words, not seats and ids
        assert " seat " not in out and not re.search(r"\b[a-z]+-(?:copy|artwork|order|call\d|reporter|photo)\b", out)


def test_scoop_card_words():
    from companion.games.scoop.texts import card_words

    assert card_words("ad-motoring-copy") == "Motoring advert copy"
    assert card_words("crime-call9") == "Crime telephone card (9)"
    assert card_words("sport-reporter") == "Sport reporter"
    assert card_words("scoop") == "SCOOP card"
    assert card_words("crime-call9", "es") == "tarjeta telefónica de Sucesos (9)"
    assert card_words("ad-motoring-copy", "zh") == "汽车广告文案"


def _pp_game(seed: int = 5, n: int = 3):
    rules = registry.rules_module("penny-press")
    setup, actions = rules.random_game(seed, n)
    state = rules.new_game_from_dict(setup)
    for a in actions:
        state = rules.apply(state, a)
    return rules, state


def _page_text(page) -> str:
    return "\n".join(ln[0] for b in page.image.info.get("text_blocks", ()) for ln in b["lines"])


@pytest.mark.parametrize("lang", ["es", "en", "zh"])
def test_penny_press_press_and_edition_numbers_agree(lang):
    """One numbering (issue 29, words29 item 2): press N counts every press of the game
    (``companion demo``'s "Press 4", ``companion print --press 4``, the file name
    ``press4``); edition N counts one player's papers (the page's "Edition No. 2", the
    demo's "edition 2", the score sheet's "Edition 2: front page" in replay)."""
    from companion.games.penny_press.texts import press_text, score_sheet
    from printing.pages import PageRequest, make_pages

    words = {"en": ("Press {n}:", "edition {e}", "Edition {e}: front page", "Edition No. {e}"),
             "es": ("Impresión {n}:", "edición {e}", "Edición {e}: portada", "Edición n.º {e}"),
             "zh": ("第 {n} 次付印", "第 {e} 期", "第 {e} 期：版面", "第 {e} 期")}[lang]
    _rules, state = _pp_game()
    sheet = score_sheet(state, lang)
    assert len(state.press_results) >= 4
    editions: dict[int, int] = {}
    for n, r in enumerate(state.press_results, 1):
        editions[r.player] = editions.get(r.player, 0) + 1
        assert r.edition == editions[r.player]          # a player's papers count from 1 on
        head = press_text(state, r, lang).splitlines()[0]
        assert head.startswith(words[0].format(n=n)) and words[1].format(e=r.edition) in head, head
        lines = [ln for ln in sheet.seats[r.player].lines if ln.label == words[2].format(e=r.edition)]
        assert [ln.amount for ln in lines] == [r.total], (lines, r)
        page = make_pages("penny-press", state, PageRequest("press", press=n, lang=lang, game_id="g"))[0]
        assert f"press{n}-" in page.name and page.name.endswith(f"-e{r.edition}"), page.name
        text = _page_text(page)  # the page's own words, as printed
        assert words[3].format(e=r.edition) in text, text[:300]
