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
