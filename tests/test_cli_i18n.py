"""The ``companion`` command line speaks Spanish, English or Chinese (companion.clitext):
the language chosen (--lang, the app's setting, the environment, English), every
text of its catalog translated, and commands' output in es/zh with no English left."""

from __future__ import annotations

import ast
import json
import re
import string
from pathlib import Path

import pytest

from companion import clitext
from companion.cli import main
from companion.gettext_po import catalog

ROOT = Path(__file__).resolve().parents[1]
#: where the command line's texts are declared (scripts/i18n.sh, domain cli)
SOURCES = ("companion", "ui", "printing", "calibration", "vision", "play")


@pytest.fixture
def no_lang_env(monkeypatch, tmp_path):
    """No language in the environment, no app settings: the command line's default."""
    for var in clitext.ENV_VARS:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(clitext, "settings_path", lambda: tmp_path / "no-settings.json")


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_cli_text_has_its_es_and_zh_translation():
    for lang in ("es", "zh"):
        cat = catalog("companion", clitext.DOMAIN, lang)
        assert len([m for m in cat if m.id]) > 50
        for m in cat:
            if not m.id:
                continue
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            assert "fuzzy" not in m.flags, (lang, m.context)
            assert all(s.strip() for s in strings), f"{lang}: {m.context} is not translated"
            want = set().union(*(_fields(i) for i in ids))
            for s in strings:  # the same {fields}: a translation never drops a count or a name
                assert _fields(s) <= want and (_fields(s) or not want), (lang, m.context, s)


def _calls(path: Path):
    """Every tx(...) / txn(...) call in a source file: (line, key, English or None)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name in ("tx", "txn"):
                args = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                        for a in node.args[:3 if name == "txn" else 2]]
                yield node.lineno, name, args


def test_every_text_the_cli_says_is_in_its_catalog():
    """A tx()/txn() whose key or English is not a literal, or that the extraction
    missed (inside an f-string, say), would stay English for everyone."""
    cat = catalog("companion", clitext.DOMAIN, "es")
    known = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in cat if m.id}
    seen = 0
    for top in SOURCES:
        for path in sorted((ROOT / top).rglob("*.py")):
            for line, name, args in _calls(path):
                where = f"{path.relative_to(ROOT)}:{line}"
                assert all(a is not None for a in args), f"{where}: {name}() needs a literal key and text"
                assert (args[0], args[1]) in known, f"{where}: {args[0]!r} is not in cli.po (bash scripts/i18n.sh)"
                seen += 1
    assert seen > 50


def test_language_choice_order(tmp_path):
    settings = tmp_path / "ui-settings.json"
    env_es = {"LANG": "es_ES.UTF-8"}
    assert clitext.choose(None, {}, settings) == "en"
    assert clitext.choose(None, env_es, settings) == "es"
    assert clitext.choose(None, {"LC_ALL": "zh_CN.UTF-8", "LANG": "es_ES.UTF-8"}, settings) == "zh"
    assert clitext.choose(None, {"LANGUAGE": "fr:zh_TW", "LANG": "es_ES"}, settings) == "zh"
    assert clitext.choose(None, {"LANGUAGE": "fr", "LANG": "es_ES"}, settings) == "es"
    assert clitext.choose(None, {"LC_ALL": "C.UTF-8", "LANG": "es_ES"}, settings) == "en"
    settings.write_text(json.dumps({"lang": "zh", "mute": False}), encoding="utf-8")
    assert clitext.choose(None, env_es, settings) == "zh"  # the app's setting before the environment
    assert clitext.choose("en", env_es, settings) == "en"  # --lang before everything
    settings.write_text("{not json", encoding="utf-8")
    assert clitext.choose(None, env_es, settings) == "es"  # a damaged settings file is passed over


def test_the_app_settings_language_is_used(no_lang_env, monkeypatch, tmp_path, capsys):
    path = tmp_path / "ui-settings.json"
    path.write_text(json.dumps({"lang": "es"}), encoding="utf-8")
    monkeypatch.setattr(clitext, "settings_path", lambda: path)
    assert main(["demo", "--recording", str(tmp_path / "nothing"), "--quiet"]) == 1
    err = capsys.readouterr().err
    assert "no hay ninguna grabación" in err and "no recording" not in err


def test_the_language_does_not_leak_into_the_next_command(no_lang_env, tmp_path, capsys):
    assert main(["--lang", "zh", "demo", "--recording", str(tmp_path / "x"), "--quiet"]) == 1
    assert clitext.current() == "en"
    assert main(["demo", "--recording", str(tmp_path / "x"), "--quiet"]) == 1
    assert "no recording" in capsys.readouterr().err.splitlines()[-1]


@pytest.fixture(scope="module")
def finished_game(tmp_path_factory):
    """A finished Penny Press sample game's journal and state."""
    from companion.commands import load_game

    path = tmp_path_factory.mktemp("game") / "g.sqlite"
    assert main(["sample", str(path), "--players", "3", "--seed", "2"]) == 0
    return path, load_game(path).state


def test_lang_of_a_subcommand_governs_its_messages(no_lang_env, tmp_path, capsys):
    assert main(["demo", "--lang", "zh", "--recording", str(tmp_path / "x"), "--quiet"]) == 1
    err = capsys.readouterr().err
    assert "没有录像" in err and "no recording" not in err and "error" not in err


def test_lang_from_the_environment(no_lang_env, monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert main(["demo", "--source", str(tmp_path / "v.mp4"), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "di cuántos jugadores hay en la mesa" in err


@pytest.fixture(scope="module")
def bad_records(finished_game, tmp_path_factory):
    """The sample game's JSON record twice spoiled: a front page that cannot be read
    (action 7) and an action by a player whose turn it is not (action 4)."""
    path, _ = finished_game
    folder = tmp_path_factory.mktemp("records")
    assert main(["export", str(path), "-o", str(folder / "g.json")]) == 0
    record = json.loads((folder / "g.json").read_text(encoding="utf-8"))
    press = next(i for i, a in enumerate(record["actions"]) if a.get("action") == "go_to_press")
    fp = json.loads(json.dumps(record))
    fp["actions"][press]["front_page"] = {"placements": [["war-A1", "x", 0, False]]}
    (folder / "front-page.json").write_text(json.dumps(fp), encoding="utf-8")
    turn = json.loads(json.dumps(record))
    act = next(a for a in turn["actions"] if a.get("action") == "assign")
    act["player"] = (act["player"] + 1) % 3
    (folder / "seat.json").write_text(json.dumps(turn), encoding="utf-8")
    return folder, press + 1


def test_a_front_page_that_cannot_be_read_is_named_in_players_words(bad_records, no_lang_env, capsys):
    folder, n = bad_records
    want = {"en": f"action {n}: a front page that cannot be read", "es": f"jugada {n}: una portada que no se puede leer",
            "zh": f"第 {n} 步：头版无法读取"}
    for lang, words in want.items():
        assert main(["--lang", lang, "replay", str(folder / "front-page.json")]) == 1
        err = capsys.readouterr().err
        assert words in err, err
        assert "placements" not in err and "{" not in err and "malformed" not in err  # never the raw record


@pytest.mark.parametrize("lang", ["es", "zh"])
def test_a_refused_move_in_a_record_is_worded_for_players(bad_records, no_lang_env, capsys, lang):
    folder, _ = bad_records
    assert main(["--lang", "en", "replay", str(folder / "seat.json")]) == 1
    english = capsys.readouterr().err
    assert "'s turn, not " in english
    assert main(["--lang", lang, "replay", str(folder / "seat.json")]) == 1
    err = capsys.readouterr().err
    assert not re.search(r"\b(turn|player|not)\b", err) and "How to play" not in err
    assert ("turno de" if lang == "es" else "轮到") in err


def test_system_errors_in_the_players_language(no_lang_env, monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("LC_ALL", "zh_CN.UTF-8")
    assert main(["replay", str(tmp_path / "missing.json")]) == 1
    err = capsys.readouterr().err
    assert "missing.json: 无法读取" in err and "没有那个文件或文件夹" in err and "No such file" not in err
