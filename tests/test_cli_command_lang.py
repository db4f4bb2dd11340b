"""A command's own --lang and the command line's language chain (README, "Every command
speaks..."): `companion --lang X`, the app's saved language and the system's reach
`print` and `dial` (their pages and words) as they reach `demo`; a command's own
--lang wins. Every subcommand with its own --lang is covered, read from the parser."""

from __future__ import annotations

import argparse
import io
import json

import pytest

from companion import clitext
from companion.cli import build_parser, main

SEED = "c0ffee" * 10 + "abcd"


@pytest.fixture
def no_lang_env(monkeypatch, tmp_path):
    for var in clitext.ENV_VARS:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(clitext, "settings_path", lambda: tmp_path / "no-settings.json")


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    path = tmp_path_factory.mktemp("game") / "g.sqlite"
    assert main(["sample", str(path), "--players", "3", "--seed", "2"]) == 0
    return path


def _receipt(game, tmp_path, name, *argv) -> bytes:
    """The preview PNG of the final receipt printed by ``companion *argv print ...``."""
    out = tmp_path / name
    pre = list(argv[:argv.index("print")]) if "print" in argv else []
    post = list(argv[argv.index("print") + 1:]) if "print" in argv else list(argv)
    assert main([*pre, "print", str(game), "--final", "--printer", "preview", "--out", str(out), *post]) == 0
    (png,) = out.glob("*.png")
    return png.read_bytes()


def test_print_follows_the_global_lang_the_settings_and_the_system(game, tmp_path, monkeypatch, no_lang_env, capsys):
    zh = _receipt(game, tmp_path, "own-zh", "print", "--lang", "zh")
    es = _receipt(game, tmp_path, "own-es", "print", "--lang", "es")
    en = _receipt(game, tmp_path, "own-en", "print", "--lang", "en")
    assert len({zh, es, en}) == 3  # the three languages give three pages
    assert _receipt(game, tmp_path, "default", "print") == en  # nothing set: English
    assert _receipt(game, tmp_path, "global-zh", "--lang", "zh", "print") == zh
    assert _receipt(game, tmp_path, "own-wins", "--lang", "zh", "print", "--lang", "es") == es
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert _receipt(game, tmp_path, "system-es", "print") == es
    settings = tmp_path / "ui-settings.json"
    settings.write_text(json.dumps({"lang": "zh"}), encoding="utf-8")
    monkeypatch.setattr(clitext, "settings_path", lambda: settings)
    assert _receipt(game, tmp_path, "saved-zh", "print") == zh  # the app's setting before the system's


def _dial(monkeypatch, capsys, tmp_path, *argv) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO("3\nq\n"))
    log = tmp_path / f"log-{len(list(tmp_path.iterdir()))}.json"
    pre = list(argv[:argv.index("dial")])
    post = list(argv[argv.index("dial") + 1:])
    assert main([*pre, "dial", "--seed", SEED, "--log", str(log), *post]) == 0
    return capsys.readouterr().out.replace(str(log), "LOG")


def test_dial_follows_the_global_lang_the_settings_and_the_system(tmp_path, monkeypatch, no_lang_env, capsys):
    logs = tmp_path / "logs"
    logs.mkdir()
    words = {lang: _dial(monkeypatch, capsys, logs, "dial", "--lang", lang) for lang in ("es", "en", "zh")}
    assert len(set(words.values())) == 3
    assert _dial(monkeypatch, capsys, logs, "dial") == words["en"]
    assert _dial(monkeypatch, capsys, logs, "--lang", "es", "dial") == words["es"]
    assert _dial(monkeypatch, capsys, logs, "--lang", "es", "dial", "--lang", "zh") == words["zh"]
    monkeypatch.setenv("LC_ALL", "zh_CN.UTF-8")
    assert _dial(monkeypatch, capsys, logs, "dial") == words["zh"]


def _own_lang_options(parser, prefix=()):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _own_lang_options(sub, prefix + (name,))
        elif "--lang" in action.option_strings and prefix:
            yield " ".join(prefix), action


def test_every_commands_own_lang_is_unset_by_default_so_the_chain_applies():
    """A default of its own ("en") would hide `companion --lang`, the settings and the system."""
    found = dict(_own_lang_options(build_parser()))
    assert {"print", "dial", "demo", "games", "app"} <= set(found)
    for name, action in found.items():
        assert action.default is None, f"companion {name} --lang defaults to {action.default!r}"
