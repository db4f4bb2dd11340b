"""Every registered game provides the rules interface (companion.registry.Rules):
its members with the protocol's signatures, describe_action in players' words
(es/en/zh, never an id) for every action of a random game, a score sheet whose lines
add up to the journal's scores, and its own catalog with every text translated."""

from __future__ import annotations

import ast
import inspect
import re
import string
from pathlib import Path

import pytest

from companion import registry
from companion.gettext_po import catalog
from companion.journal import total_scores

ROOT = Path(__file__).resolve().parents[1]
GAMES = registry.ids()
LANGS = ("es", "en", "zh")
#: a component id in an action's dict: a word with a digit, a dash or an underscore
#: (war-B2, H07, F22, T04, crime-call9, ad-motoring-copy, three_star)
ID = re.compile(r"^(?=.*[A-Za-z])(?=.*[\d_-])[\w-]+$")


def _ids(value) -> set[str]:
    if isinstance(value, str):
        return {value} if ID.match(value) else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(_ids(v) for v in value)) if value else set()
    if isinstance(value, dict):
        return set().union(*(_ids(v) for k, v in value.items() if k != "action")) if value else set()
    return set()


@pytest.mark.parametrize("game", GAMES)
def test_every_game_satisfies_the_rules_protocol(game):
    spec = registry.get(game)
    rules = spec.rules_module()
    assert registry.conformance(rules) == []
    assert isinstance(rules, registry.Rules)
    assert all(hasattr(rules, name) for name in registry.REQUIRED)
    for name in ("describe_action", "score_sheet"):  # called with lang by name
        params = list(inspect.signature(getattr(rules, name)).parameters)
        assert params[:3 if name == "describe_action" else 2] == (
            ["action", "state", "lang"] if name == "describe_action" else ["state", "lang"])
    assert spec.undo_barriers == frozenset(rules.UNDO_BARRIERS)
    assert spec.folder == spec.rules.rpartition(".")[2] and (ROOT / "companion" / "games" / spec.folder).is_dir()


def test_conformance_names_what_a_module_lacks():
    import types

    fake = types.ModuleType("fake_rules")
    fake.UNDO_BARRIERS = frozenset({"draw"})
    fake.apply = lambda state: state                     # one argument short
    fake.describe_action = lambda action, lang, state: ""  # lang in the wrong place
    problems = registry.conformance(fake)
    assert "new_game_from_dict is missing" in problems and "score_sheet is missing" in problems
    assert any(p.startswith("apply(") for p in problems)
    assert any(p.startswith("describe_action(") for p in problems)
    fake.UNDO_BARRIERS = "draw"
    assert "UNDO_BARRIERS must be a set of strings" in registry.conformance(fake)
    assert registry.optional(fake, "describe") is None
    with pytest.raises(ValueError):
        registry.optional(fake, "apply")


def test_the_default_game_is_the_first_registered():
    first = registry.GAME_PACKAGES[0]
    assert registry.default() is registry.games()[registry.ids()[0]]
    assert registry.default().rules.startswith(first)


@pytest.mark.parametrize("game", GAMES)
def test_describe_action_words_every_action_in_every_language_without_ids(game):
    spec = registry.get(game)
    rules = spec.rules_module()
    seen_types = set()
    for seed in (1, 2):
        n = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
        setup, actions = rules.random_game(seed, n)
        state = rules.new_game_from_dict(setup)
        for a in actions:
            d = rules.action_to_dict(a)
            seen_types.add(d["action"])
            texts = {lang: rules.describe_action(a, state, lang) for lang in LANGS}
            for lang, text in texts.items():
                assert text and text.strip() == text, (lang, d)
                leaked = {i for i in _ids(d) if i in text}
                assert not leaked, f"{game} {lang}: {text!r} shows the id(s) {leaked}"
                assert not re.search(r"\w=", text) and type(a).__name__ not in text, text  # no repr
            assert texts["es"] != texts["en"] or texts["zh"] != texts["en"], texts  # really translated
            state = rules.apply(state, a)
    assert len(seen_types) >= 4
    with pytest.raises(ValueError):
        rules.describe_action(a, state, "fr")


@pytest.mark.parametrize("game", GAMES)
def test_score_sheet_lines_add_up_to_the_scores(game):
    spec = registry.get(game)
    rules = spec.rules_module()
    setup, actions = rules.random_game(4, spec.min_players)
    state = rules.new_game_from_dict(setup)
    sheets = []
    for i, a in enumerate(actions):
        state = rules.apply(state, a)
        if i % 7 == 0 or state.is_over:
            sheets.append((state, rules.score_sheet(state, "en")))
    for st, sheet in sheets:
        assert sheet.totals == total_scores(st)
        assert sheet.final == bool(st.is_over)
        for seat in sheet.seats:
            assert sum(line.amount for line in seat.lines) == seat.total, seat
            assert all(line.label for line in seat.lines)
    final = sheets[-1][1]
    assert final.final and any(seat.lines for seat in final.seats)
    for lang in ("es", "zh"):
        other = rules.score_sheet(state, lang)
        assert other.totals == final.totals and other.unit == spec.unit(lang)
        assert [len(s.lines) for s in other.seats] == [len(s.lines) for s in final.seats]


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _declared(folder: str):
    """(key, English) of every WORDS.say / WORDS.sayn in a game's folder."""
    for path in sorted((ROOT / "companion" / "games" / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("say", "sayn"):
                args = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                        for a in node.args[1:3]]
                where = f"{path.relative_to(ROOT)}:{node.lineno}"
                assert all(a is not None for a in args), f"{where}: needs a literal key and English text"
                yield where, args[0], args[1]


@pytest.mark.parametrize("game", GAMES)
def test_each_game_catalog_translates_every_text(game):
    spec = registry.get(game)
    package = spec.rules
    declared = list(_declared(spec.folder))
    assert declared
    for lang in ("es", "zh"):
        cat = catalog(package, spec.folder, lang)
        known = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in cat if m.id}
        for where, key, text in declared:
            assert (key, text) in known, f"{where}: {key!r} is not in {spec.folder}.po (bash scripts/i18n.sh)"
        for m in cat:
            if not m.id:
                continue
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            assert "fuzzy" not in m.flags, (lang, m.context)
            assert all(s.strip() for s in strings), f"{game} {lang}: {m.context} is not translated"
            want = set().union(*(_fields(i) for i in ids))
            for s in strings:
                assert _fields(s) <= want and (_fields(s) or not want), (lang, m.context, s)


@pytest.mark.parametrize("game", GAMES)
def test_replay_speaks_the_command_lines_language(game, tmp_path, capsys):
    from companion import clitext
    from companion.cli import main
    from companion.commands import load_game

    path = tmp_path / "g.sqlite"
    assert main(["sample", str(path), "--game", game]) == 0
    capsys.readouterr()
    spec = registry.get(game)
    rules = spec.rules_module()
    setup, actions = rules.random_game(1, 3)
    state = rules.new_game_from_dict(setup)
    first = rules.describe_action(actions[0], state, "es")
    before = clitext.current()
    try:
        assert main(["--lang", "es", "replay", str(path)]) == 0
    finally:
        clitext.set_lang(before)
    out = capsys.readouterr().out
    assert f"#2 {first}" in out
    final = rules.score_sheet(load_game(path).state, "es")
    assert f"{final.seats[0].name}: {final.seats[0].total} {final.unit}" in out
