"""Scoop's printed pages: the commitment slip, a front page, the final money receipt."""

from __future__ import annotations

import pytest

from companion.cli import main
from companion.commands import journal_from_record
from companion.games import scoop as sc
from printing.pages import DocumentError
from printing.games.scoop.pages import render_front_page, render_money_receipt, render_start_slip


def texts(img) -> str:
    return "\n".join(ln[0] for b in img.info["text_blocks"] for ln in b["lines"])


def block_texts(img) -> list[str]:
    """Every text drawn, whole (a headline wrapped on several lines is one text)."""
    return [b["text"] for b in img.info["text_blocks"]]


@pytest.fixture(scope="module")
def over():
    setup, actions = sc.random_game(30, 3)  # 236 actions, nobody bankrupt (ends at press)
    s = sc.new_game_from_dict(setup)
    for a in actions:
        s = sc.apply(s, a)
    return s


def test_money_receipt_adds_up_and_reveals_the_seed(over):
    img = render_money_receipt(over, "en", 384, "g1")
    assert img.mode == "1" and img.width == 384
    t = texts(img)
    f = over.final
    for i in range(3):
        if not over.players[i].out:
            assert f"${f.scores[i]:,}" in t and f"${f.cash[i]:,}" in t and f"${f.page[i]:,}" in t
    seed, c = over.setup["dial_seed"], over.commitment
    assert seed[:32] in t and seed[32:] in t and c[:32] in t and c[32:] in t
    assert "are our estimates" in t and "values.json" not in t   # the values are estimates; no file on paper


def test_no_money_receipt_before_the_end():
    s = sc.new_game_from_dict(sc.random_game(36, 3)[0])
    with pytest.raises(DocumentError, match="seed stays secret"):
        render_money_receipt(s)
    t = texts(render_start_slip(s, "es", 576, "g1"))
    assert s.commitment[:32] in t and s.setup["dial_seed"][:32] not in t


@pytest.mark.parametrize("lang", ["es", "en", "zh"])
def test_front_page_shows_every_space_and_the_papers_value(over, lang):
    seat = next(i for i, p in enumerate(over.players) if not p.out)
    p = over.players[seat]
    img = render_front_page(over, seat, lang, 384, "g1")
    t = texts(img)
    from companion.games.scoop.texts import money

    values = [b["text"] for b in img.info["text_blocks"] if b["role"] == "value"]
    laid = sorted(v for vals in p.page.values() for v in vals) + sorted(p.star_three)
    assert sorted(values) == sorted(money(v, lang) for v in laid)
    assert sorted(s["value"] for s in img.info["spaces"] if s["value"] is not None) == sorted(laid)
    assert len(img.info["spaces"]) == sum(over.spaces(seat).values())
    # the foot adds up: paper + kept star stories at half + cash = the player's total
    assert money(sc.page_value(p), lang) in t and money(p.cash, lang) in t
    assert sc.page_value(p) + sum(v // 2 for v in p.kept) + p.cash == over.scores[seat]
    assert money(over.scores[seat], lang) in t


def test_companion_print_writes_scoop_pages(tmp_path, over, capsys):
    setup, actions = sc.random_game(36, 3)
    journal_from_record({"game": "scoop", "setup": setup, "actions": [sc.action_to_dict(a) for a in actions]},
                        tmp_path / "g.sqlite").close()
    assert main(["print", str(tmp_path / "g.sqlite"), "--final", "--out", str(tmp_path)]) == 0
    assert main(["print", str(tmp_path / "g.sqlite"), "--press", "all", "--out", str(tmp_path)]) == 0
    assert main(["print", str(tmp_path / "g.sqlite"), "--press", "start", "--out", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.glob("*.png"))
    assert names == ["g-blue-front.png", "g-dial-commitment.png", "g-green-front.png", "g-money.png",
                     "g-red-front.png"]


def test_scoop_print_errors_name_the_option_given(tmp_path, capsys):
    setup, actions = sc.random_game(36, 3)
    journal_from_record({"game": "scoop", "setup": setup, "actions": [sc.action_to_dict(a) for a in actions]},
                        tmp_path / "g.sqlite").close()
    for n in ("5", "3"):  # Scoop has one press: a number is not a player's page
        assert main(["print", str(tmp_path / "g.sqlite"), "--press", n, "--out", str(tmp_path)]) != 0
        err = capsys.readouterr().err
        assert f"--press {n}" in err and "player '" not in err, err
    assert not list(tmp_path.glob("*.png"))
    assert main(["print", str(tmp_path / "g.sqlite"), "--press", "all", "--player", "7", "--out", str(tmp_path)]) != 0
    assert "--player 7" in capsys.readouterr().err
    assert main(["print", str(tmp_path / "g.sqlite"), "--press", "1", "--player", "2", "--out", str(tmp_path)]) == 0
    second = sc.new_game_from_dict(setup).players[1].spec.colour
    assert [p.name for p in tmp_path.glob("*.png")] == [f"g-{second}-front.png"]


@pytest.mark.parametrize("lang,blue", [("es", "Azul"), ("zh", "蓝色")])
def test_final_receipt_names_players_in_the_language_and_does_not_rank_who_left(over, lang, blue):
    import copy
    import dataclasses

    s = copy.deepcopy(over)
    for i, p in enumerate(s.players):
        p.spec = dataclasses.replace(p.spec, name=f"Player {i + 1}")  # the tool's filled-in names
    blue_seat = [p.spec.colour for p in s.players].index("blue")
    gone = [i for i in range(3) if i != blue_seat]
    for i in gone:
        s.players[i].out = True
    rank = tuple(1 if i == blue_seat else 2 for i in range(3))  # the engine's ranks: the two who left tie
    s.final = dataclasses.replace(s.final, rank=rank, winners=(blue_seat,), pressed_by=blue_seat, how="last player")
    t = texts(render_money_receipt(s, lang, 384, "g1"))
    assert "Player" not in t, t
    from printing.games.scoop.pages import label

    assert label("last", lang, who=blue) in t  # "Último periódico en pie: Azul"
    assert not [ln for ln in t.splitlines() if ln.startswith("2. ")]  # who left is not ranked; each says so
    assert t.count(label("left", lang)) == 2


@pytest.mark.parametrize("lang", ["es", "en", "zh"])
def test_front_page_gives_each_story_its_own_headline(lang):
    import copy

    from printing.games.scoop.pages import headlines

    s = copy.deepcopy(sc.new_game_from_dict(sc.random_game(36, 3)[0]))
    p = s.players[0]
    kind = next(k for k in s.spaces(0) if k in headlines("en") and k not in ("star", "three_star"))
    pile = s.catalog.piles[kind]
    dup = next(v for v in pile if pile.count(v) > 1)
    p.page[kind] = [dup, dup]  # two cards of the same value: still two headlines
    t = block_texts(render_front_page(s, 0, lang, 384, "g"))
    heads = headlines(lang)[kind]
    shown = [h for h in heads if h in t]
    assert len(shown) == 2, shown
    for x in ("es", "en", "zh"):  # every card its own headline, the same number of cards in every language
        assert all(len(set(hs)) == len(hs) == len(headlines("en")[k]) for k, hs in headlines(x).items())


def test_money_follows_the_locale():
    from companion.games.scoop.texts import money, signal_text

    assert money(1200, "en") == "$1,200" and money(1200, "zh") == "$1,200"
    assert money(1200, "es").replace("\xa0", " ") == "1.200 $"
    assert "1.500" in signal_text("press", "es")[1] and "$1,500" not in signal_text("press", "es")[1]


def test_spanish_receipt_has_no_english_money(over):
    t = texts(render_money_receipt(over, "es", 384, "g1")).replace("\xa0", " ")
    assert "$1," not in t and f"{over.final.scores[over.final.winners[0]]:,} $".replace(",", ".") in t


def test_es_receipt_writes_every_amount_in_one_money_format(over):
    """es money is CLDR's "1.500 $" (a no-break space) everywhere on the receipt,
    the press bonus line included (it was drawn "+1.500$": the wrap dropped the
    no-break space)."""
    import re

    from companion.games.scoop.texts import money

    from printing.layout import Canvas
    from printing.games.scoop.pages import label

    bonus = money(over.catalog.money["press_bonus"], "es")
    for width in (384, 576):
        cv = Canvas(width, lang="es")
        cv.para(label("pressed", "es", who="Azul", how=label("how_press", "es"), m=bonus), 14)
        assert f"+{bonus}" in texts(cv.finish())
    t = texts(render_money_receipt(over, "es", 384, "g1"))
    amounts = re.findall(r"[\d.]+\s?\$", t)
    assert amounts and all(a.endswith("\u00a0$") for a in amounts), amounts
