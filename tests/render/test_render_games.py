"""The renderer is a tool (issue 24, item 4): a game's renderer module is found by
convention from the registry, every recording a game names has its recipe there, the
shared renderer names no game, and none of it ships in the wheel."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

import pytest

from companion import registry
from companion.errors import CompanionError
from companion.registry import GameSpec
from tools.render import games, synth

ROOT = Path(__file__).resolve().parents[2]


def test_a_games_renderer_module_is_found_by_its_rules_package_folder():
    for spec in registry.games().values():
        mod = games.module_for(spec)
        assert mod.__name__ == "tools.render.games." + spec.rules.rsplit(".", 1)[-1]
        assert games.module_for(spec.id) is mod
    stray = GameSpec(id="no-such-game", names={"en": "No Such Game"}, min_players=2, max_players=2,
                     rules="tests.games.no_such_game", tag_code="ZZ")
    with pytest.raises(CompanionError, match=r"tools/render/games/no_such_game\.py"):
        games.module_for(stray)


def test_every_recording_a_game_names_has_its_recipe():
    made = games.recordings()
    names = [name for _, name in made]
    assert len(names) == len(set(names))
    for spec in registry.games().values():
        assert [n for s, n in made if s is spec][:len(spec.recordings)] == list(spec.recordings)
    for spec, name in made:
        recipe = games.recipe(spec, name)
        assert spec.min_players <= recipe.players <= spec.max_players, name
        assert recipe.params.fmt == "vp9"
    any_game = next(iter(registry.games().values()))
    with pytest.raises(CompanionError, match="no recipe for the recording 'nothing-3p'"):
        games.recipe(any_game, "nothing-3p")


def test_the_recording_maker_offers_exactly_those_recordings(capsys):
    from tools import make_demo_recordings

    with pytest.raises(SystemExit) as ex:
        make_demo_recordings.main(["--only", "no-such-recording"])
    assert ex.value.code == 2
    err = capsys.readouterr().err
    assert all(name in err for _, name in games.recordings())


def test_the_shared_renderer_names_no_game():
    words = set()
    for spec in registry.games().values():
        words |= {spec.id, games.folder(spec), spec.name("en").lower()}
    shared = [*sorted((ROOT / "tools" / "render").glob("*.py")), *sorted((ROOT / "tools").glob("*.py"))]
    assert len(shared) >= 8
    for path in shared:
        text = path.read_text("utf-8").lower()
        assert not [w for w in words if w in text], path


def test_synthetic_payloads_are_each_games_own():
    for spec in registry.games().values():
        texts = synth.payloads(20, spec.id)
        assert len(set(texts)) == 20
        assert {t.split(":")[:2] == ["TC1", spec.tag_code] for t in texts} == {True}, spec.id
    assert synth.payloads(5) == synth.payloads(5, registry.default().id)
    with pytest.raises(ValueError, match="at most"):
        synth.payloads(10_000)


def test_the_wheel_carries_no_tool():
    find = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]["packages"]["find"]
    for package in ("tools", "tools.render", "tools.render.games"):
        assert not any(fnmatch.fnmatch(package, pattern) for pattern in find["include"]), package
    assert not (ROOT / "vision" / "render").exists() and not (ROOT / "vision" / "synth.py").exists()
