"""Engine refusals reach players in their language by kind and parameters
(RuleError.key/values -> ui.i18n rule.<kind>), never as the engine's English sentence."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.errors import RuleError
from companion.games import penny_press as pp
from ui import i18n

ROOT = Path(__file__).resolve().parents[1]


def _raised_kinds(*files):
    """(kind, value names) of every RuleError(message, rule, kind, {values}) in ``files``."""
    out = []
    for f in files:
        for node in ast.walk(ast.parse((ROOT / f).read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "RuleError" and len(node.args) >= 3:
                kind = node.args[2]
                names = set()
                if len(node.args) >= 4 and isinstance(node.args[3], ast.Dict):
                    names = {k.value for k in node.args[3].keys}
                for k in ((kind.body, kind.orelse) if isinstance(kind, ast.IfExp) else (kind,)):
                    out.append((k.value, names))
    return out


def test_every_penny_press_refusal_kind_is_worded_in_es_en_zh_with_its_values():
    kinds = _raised_kinds("companion/games/penny_press/engine.py", "companion/games/penny_press/frontpage.py")
    assert len(kinds) >= 30
    for kind, names in kinds:
        forms = [k for k in (f"rule.{kind}", f"rule.{kind}.one", f"rule.{kind}.other") if k in i18n.TEXTS]
        assert forms, kind
        for k in forms:
            for text in i18n.TEXTS[k]:
                assert i18n.placeholders(text) <= names, (k, text)


def _refusal(state, action):
    with pytest.raises(RuleError) as info:
        pp.apply(state, action)
    return info.value


def test_a_refusal_is_shown_in_the_players_language_with_plural_forms():
    setup, _ = pp.random_game(3, 3)
    s = pp.new_game_from_dict(setup)
    p = s.current_player
    other = (p + 1) % 3
    story = next(x for b in s.catalog.beats for x in s.board[b])
    exc = _refusal(s, pp.Assign(other, story, 1))
    es, zh = i18n.error_text(exc, "es"), i18n.error_text(exc, "zh")
    assert es.startswith("Es el turno de ") and "'s turn" not in es and "player" not in es
    assert zh.startswith("现在轮到") and not any(w in zh for w in ("turn", "player"))
    exc = _refusal(s, pp.Assign(p, story, s.home[p] + 1))
    assert i18n.error_text(exc, "es") == f"Solo tienes {s.home[p]} reporteros en casa, no {s.home[p] + 1}"
    assert str(exc).endswith(f"you have only {s.home[p]} reporters at home, not {s.home[p] + 1}")
    one = RuleError("x", "Penny Press: Assign reporters", "pp.too_few_home", {"n": 1, "want": 2})
    assert i18n.error_text(one, "es") == "Solo tienes 1 reportero en casa, no 2"
    assert i18n.error_text(one, "en") == "You have only 1 reporter at home, not 2"


def test_an_illegal_report_is_worded_by_kind_and_reworded_after_a_switch():
    params = (("detail", "crime-A1 is not on the board"), ("section", "Penny Press: Assign reporters"),
              ("kind", "pp.not_on_board"), ("story", "crime-A1"), ("action", "assign"))
    es = i18n.report_text("illegal", params, "es", "English")
    zh = i18n.report_text("illegal", params, "zh", "English")
    assert es.endswith("no está en el tablero") and "crime-A1" not in es and "Crimen" in es
    assert zh.endswith("不在版图上") and "crime-A1" not in zh


def test_a_refusal_without_a_kind_names_its_section_in_the_players_language():
    exc = RuleError("some new English sentence", "Penny Press: Go to Press")
    assert i18n.error_text(exc, "es") == "Penny Press: ir a imprenta: las reglas no lo permiten"
    assert "English" not in i18n.error_text(exc, "zh")
    assert i18n.error_text(RuleError("x", "Nowhere: new"), "zh").startswith("规则")
    assert i18n.error_text(exc, "en") == "Some new English sentence"  # English players keep the detail


def test_every_turin_market_refusal_kind_has_its_words_in_es_en_zh():
    from ui.games.turin_market.texts import TEXTS

    derived = {"seat": {"who"}, "other": {"other"}, "seats": {"whom"}}
    kinds = _raised_kinds("companion/games/turin_market/engine.py", "companion/games/turin_market/secret.py")
    assert len(kinds) >= 30
    for kind, names in kinds:
        row = TEXTS.get(f"rule.{kind}")
        assert row is not None or f"rule.{kind}" in i18n.TEXTS, kind
        if row is None:
            continue
        usable = set(names).union(*(derived.get(n, set()) for n in names))
        for lang in ("es", "en", "zh"):
            forms = row[lang].values() if isinstance(row[lang], dict) else (row[lang],)
            for text in forms:
                assert i18n.placeholders(text) <= usable, (kind, lang, text)


def test_a_turin_market_refusal_reaches_players_in_their_language():
    from companion.games import turin_market as tm
    from ui.games.turin_market.viewmodel import TypedRevealVM

    s = tm.new_game_from_dict({"game": "turin-market", "players": [{"name": "Ana"}, {"name": "Bo"}, {"name": ""}],
                               "payment_card": "classic", "centre": [], "seed": 7})
    s = tm.apply(s, tm.RevealCards(("T01", "T02", "T03")))
    for lang, start in (("es", "Ana puja 99 pero solo tiene"), ("zh", "Ana 出价 99，但只有")):
        vm = TypedRevealVM(s, lang)
        vm.values[0] = 99
        assert vm.action() is None
        assert vm.error.startswith(start) and "shield" not in vm.error and "player" not in vm.error


@pytest.mark.parametrize("module", ["companion.games.penny_press.engine", "companion.games.penny_press.frontpage",
                                    "companion.games.turin_market.engine", "companion.games.scoop.engine"])
def test_every_rule_section_has_its_name_in_es_en_zh(module):
    import importlib

    mod = importlib.import_module(module)
    sections = [v for k, v in vars(mod).items() if (k.startswith("R_") or k == "RULE") and isinstance(v, str)]
    assert sections
    for rule in sections:
        for lang in ("es", "zh"):
            assert i18n.section_name(rule, lang) != i18n.tr("section.unknown", lang), (rule, lang)


@pytest.mark.parametrize("module", ["companion.games.penny_press.engine", "companion.games.pergamon.engine",
                                    "companion.games.turin_market.engine", "companion.games.scoop.engine"])
def test_the_cli_names_rule_sections_in_english(module):
    """The CLI and logs show RuleError.rule as it is: it must be the section's English
    name (the app's English text of it), never another language's."""
    import importlib

    mod = importlib.import_module(module)
    for k, rule in vars(mod).items():
        if k.startswith("R_") and isinstance(rule, str):
            known = i18n.section_name(rule, "en") != i18n.tr("section.unknown", "en")
            assert rule.isascii() and (rule.lower() == i18n.section_name(rule, "en").lower() or not known), rule


def test_a_hosted_games_refusal_goes_through_its_own_texts():
    from companion import registry
    from ui import hosting

    exc = RuleError("x", "Turin Market: Loans", "tm.one_loan", {"seat": 0})

    class P:
        name = "Ana"

    class S:
        players = (P(),)
    assert hosting.refusal_text(registry.get("turin-market"), exc, S(), "es") == "Ana ya tiene un préstamo: uno por jugador"
    generic = hosting.refusal_text(registry.get("scoop"), RuleError("y", "Scoop: Bankruptcy"), None, "zh")
    assert generic == "Scoop：破产：规则不允许"


@pytest.mark.parametrize("players, cards, first, strike, es", [
    (["red"], ["H01"], 0, False, "Penny Press se juega con 2 a 5 jugadores, no con 1"),
    (["red", "pink"], ["H01", "H02"], 0, False, "«pink» no es un color"),
    (["red", "red"], ["H01", "H02"], 0, False, "Cada jugador necesita su propio color"),
    (["red", "blue", "green"], ["H01"], 0, False, "hacen falta 3 cartas, hay 1"),
    (["red", "blue"], ["H01", "H99"], 0, False, "«H99» no es una carta de titular"),
    (["red", "blue"], ["H01", "H01"], 0, False, "La carta de titular H01 aparece dos veces"),
    (["red", "blue"], ["H01", "H02"], 5, False, "uno de los 2 jugadores"),
    (["red", "blue"], ["H01", "H02"], 0, True, "es para 4-5 jugadores, no para 2"),
])
def test_penny_press_setup_refusals_are_worded_for_players(players, cards, first, strike, es):
    with pytest.raises(RuleError) as info:
        pp.new_game([pp.PlayerSpec(c) for c in players], cards, first, strike)
    exc = info.value
    assert exc.key, exc
    got = {lang: i18n.rule_error_text(exc.key, exc.values, exc.rule, lang, exc.detail) for lang in ("es", "zh")}
    assert es in got["es"], got
    generic = i18n.tr("rule.generic", "zh", section=i18n.section_name(exc.rule, "zh"))
    assert got["zh"] != generic and not any(w in got["zh"] for w in ("player", "card", "colour")), got
