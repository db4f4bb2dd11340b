"""English CLI lines count in CLDR plural forms: `companion sample` ("1 action"),
Penny Press replay lines ("puts 1 reporter on ...", never "assign(count=1, ...)")."""

from __future__ import annotations

from companion.cli import main
from companion.games import penny_press as pp
from companion.games.penny_press.engine import PlayerSpec


def test_penny_press_replay_lines_say_what_happened_with_plural_forms(tmp_path, capsys):
    path = tmp_path / "g.sqlite"
    assert main(["sample", str(path), "--players", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert " actions; scores " in out
    assert main(["replay", str(path), "--brief"]) == 0
    lines = [ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("#")]
    assert not any("assign(" in ln or "count=" in ln for ln in lines)
    assert any(" puts 1 reporter on " in ln for ln in lines) and any(" reporters on " in ln for ln in lines)
    assert not any(" 1 reporters " in ln for ln in lines)


def test_describe_action_names_the_player_and_counts():
    """The rules' own words: the given name (else the colour), the count in its CLDR
    plural form, the story as players see its tile (never its id)."""
    players = (PlayerSpec(colour="red", name="Ana"), PlayerSpec(colour="blue", name=""))
    state = pp.new_game(players, ["H01", "H02"], 0)
    assert pp.describe_action(pp.Assign(0, "war-A1", 1), state, "en") == "Ana puts 1 reporter on War 1×2 ★"
    assert pp.describe_action(pp.Recall(1, ("war-A1", "war-A1")), state, "en") == \
        "blue recalls 2 reporters from War 1×2 ★"
    assert pp.describe_action(pp.Recall(1, ("war-A1", "war-A1")), state, "es") == \
        "azul retira 2 reporteros de Guerra 1×2 ★"
    assert pp.describe_action(pp.Assign(0, "war-A1", 1), state, "zh") == "Ana 派 1 名记者到 战争 1×2 ★"
