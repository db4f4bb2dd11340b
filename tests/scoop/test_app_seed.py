"""The dial's seed from 256 bits of ``secrets`` whatever starts a Scoop game in the app
(issue 26 item 6): the start screen's hosted game (ui.hosting.open_game) and a camera
session that sets the game up itself (ui.session), both through
ui.hosting.new_game_seed; every bit of that seed matters to the dial's seed; games
set up the old way replay unchanged."""

from __future__ import annotations

import json
import random
import secrets

import pytest

from companion import registry
from companion.games.scoop import engine
from companion.journal import Journal, secret_path
from ui import hosting
from ui.games.scoop.screens import new_setup
from ui.viewmodels.protocol import PlayerSetup, SessionConfig

PLAYERS = [PlayerSetup("red", "Ana"), PlayerSetup("blue", "Bo"), PlayerSetup("green", "Cy")]


class Draws:
    """Records each ``secrets.randbits(k)`` and answers with the given numbers."""

    def __init__(self, monkeypatch, *answers: int):
        self.asked: list[int] = []
        self.answers = list(answers)
        real = secrets.randbits

        def randbits(k: int) -> int:
            self.asked.append(k)
            return self.answers.pop(0) if self.answers else real(k)

        monkeypatch.setattr(secrets, "randbits", randbits)


def _dial_seed(path) -> str:
    return json.loads(secret_path(path).read_text())["secret"]["dial_seed"]


def test_a_hosted_game_draws_256_secret_bits_and_its_dial_seed_uses_them_all(tmp_path, monkeypatch):
    top = 1 << 255
    low = 0x5A5A
    draws = Draws(monkeypatch, top | low, low, top | low | 1)
    seeds = []
    for k in range(3):
        host = hosting.open_game(registry.get("scoop"), PLAYERS, "en", tmp_path / str(k))
        seeds.append(_dial_seed(host.journal.path))
        host.journal.close()
    assert draws.asked == [256, 256, 256]
    # the highest and the lowest bit each change the dial's seed: all 256 bits count
    assert len(set(seeds)) == 3 and all(len(s) == 64 for s in seeds)
    assert seeds[0] == new_setup(PLAYERS, top | low)["dial_seed"]


def test_a_camera_session_that_sets_up_the_game_draws_256_secret_bits(tmp_path, monkeypatch):
    from ui.session import _entered_setup

    draws = Draws(monkeypatch)
    config = SessionConfig("scoop", tuple(PLAYERS), journal_dir=str(tmp_path))
    setup = _entered_setup(registry.get("scoop"), config)
    assert setup is not None and draws.asked == [256]
    assert engine.new_game_from_dict(setup).setup["commitment"] == setup["commitment"]


def test_the_public_shuffle_seed_tells_nothing_of_the_dial_seed():
    """The shuffle seed is in the journal for all to read: two seeds with the same
    shuffle seed still give unrelated dial seeds (no part of one is the other)."""
    a, b = new_setup(PLAYERS, 7), new_setup(PLAYERS, 8)
    assert a["dial_seed"] != b["dial_seed"]
    for s in (a, b):
        assert str(s["shuffle_seed"]) not in s["dial_seed"] and 0 <= s["shuffle_seed"] < 2 ** 31
    assert new_setup(PLAYERS, 7)["dial_seed"] == a["dial_seed"]  # a seed given (tests) stays reproducible


def test_a_game_set_up_with_the_old_63_bit_seed_replays(tmp_path):
    """Journals written before keep their own dial seed (the side file, or the reveal
    once over): they replay and verify whatever the app draws now."""
    old = random.Random("dial-12345").getrandbits(256).to_bytes(32, "big").hex()
    setup = engine.setup_to_dict([engine.PlayerSpec(p.colour, p.name, p.paper) for p in PLAYERS], 0,
                                 dial_seed=old, shuffle_seed=random.Random("shuffle-12345").randrange(2 ** 31),
                                 hidden_hands=True)
    path = tmp_path / "old.sqlite"
    with Journal.create(path, "scoop", setup) as j:
        state = j.state
    with Journal.open(path) as again:
        assert again.state.setup["dial_seed"] == old
        assert engine.describe(again.state) == engine.describe(state)


@pytest.mark.parametrize("gid", ["pergamon", "turin-market"])
def test_other_hosted_games_take_the_same_seed(tmp_path, monkeypatch, gid):
    """The seed is the shell's, whatever the game does with it (Turin Market's coin
    flips keep 31 bits of it, in the journal: not a secret)."""
    draws = Draws(monkeypatch)
    host = hosting.open_game(registry.get(gid), PLAYERS[:2] if gid == "turin-market" else PLAYERS, "en", tmp_path)
    host.journal.close()
    assert draws.asked == [256]
