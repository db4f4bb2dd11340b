"""Scoop's front page printed as a newspaper (issue 29): the masthead, the player's
page design laid out as pages.json has it (a box per item each space holds), each
laid story with its own headline and value in its box, a space nobody filled drawn
as an empty, dotted box (never a text "(empty)" line), the foot adding up; es/en/zh,
58 and 80 mm; the page sent to a printer is the preview, dot for dot."""

from __future__ import annotations

import pytest

from companion.errors import CompanionError
from companion.games import scoop as sc
from companion.games.scoop.catalog import Design, _check_layout, catalog_from_data, default_data
from companion.games.scoop.texts import money
from printing.escpos_raster import escpos_bytes
from printing.games.scoop.pages import _type_name, design_layout, plain_layout, render_front_page
from printing.profiles import PrinterConfig

from print_helpers import decode, same_pixels

LANGS = ("es", "en", "zh")
#: every way the old itemised page wrote a space nobody filled
EMPTY_WORDS = {"empty", "(empty)", "vacío", "(vacío)", "空", "（空）", "(空)"}


@pytest.fixture(scope="module")
def bundled():
    """The bundled scoop-4p game (its recording's ground truth), over."""
    from play.demo import load_recording
    from play.recordings import recording_dir

    truth = load_recording(recording_dir("scoop-4p")).truth
    s = sc.new_game_from_dict(truth["setup"])
    for a in truth["actions"]:
        s = sc.apply(s, sc.action_from_dict(a))
    assert s.is_over and list(s.final.scores) == [3600, 1700, 3600, 5400]
    return s


@pytest.fixture(scope="module")
def fuller():
    """A longer random game, over, its pages fuller than the bundled one's."""
    setup, actions = sc.random_game(36, 3)
    s = sc.new_game_from_dict(setup)
    for a in actions:
        s = sc.apply(s, a)
    return s


def inside(inner, outer) -> bool:
    return outer[0] - 0.5 <= inner[0] and outer[1] - 0.5 <= inner[1] and inner[2] <= outer[2] + 0.5 \
        and inner[3] <= outer[3] + 0.5


def check_newspaper(state, seat: int, lang: str, width: int) -> dict:
    img = render_front_page(state, seat, lang, width, "g")
    assert img.mode == "1" and img.width == width
    spaces = img.info["spaces"]
    blocks = img.info["text_blocks"]
    # no space, filled or not, is a text line saying it is empty
    for b in blocks:
        assert b["text"].strip().lower() not in EMPTY_WORDS, (lang, b)
        assert not any(w in ln[0] for ln in b["lines"] for w in ("(empty)", "(vacío)", "（空）")), (lang, b)
    # a box per item each space of the design holds, where pages.json puts it
    want = state.spaces(seat)
    assert {k: sum(1 for s in spaces if s["space"] == k) for k in want} == want
    (cols, rows), boxes = design_layout(state, seat)
    gx, gy, cw, ch, pad = img.info["grid"]
    assert [(s["space"], s["box"]) for s in spaces] == [
        (k, (gx + c * cw + pad, gy + r * ch + pad, gx + (c + w) * cw - pad - 1, gy + (r + h) * ch - pad - 1))
        for k, c, r, w, h in boxes]
    assert gx >= 0 and gx + cols * cw <= width
    for i, a in enumerate(spaces):
        for b in spaces[i + 1:]:
            ax0, ay0, ax1, ay1 = a["box"]
            bx0, by0, bx1, by1 = b["box"]
            assert ax1 < bx0 or bx1 < ax0 or ay1 < by0 or by1 < ay0, (a, b)
    p = state.players[seat]
    laid = sorted([v for k in want for v in p.page.get(k, [])] + list(p.star_three))
    assert sorted(s["value"] for s in spaces if s["value"] is not None) == laid
    for s in spaces:
        mine = [b for b in blocks if inside(b["box"], s["box"]) or
                all(inside((x0, y0, x1, y1), s["box"]) for _, x0, y0, x1, y1 in b["lines"])]
        for b in mine:  # every line inside the box it belongs to
            assert all(inside((x0, y0, x1, y1), s["box"]) for _, x0, y0, x1, y1 in b["lines"]), (lang, width, b)
        if s["value"] is None:  # an empty column: the name of what goes there, small, and nothing else
            assert [(b["role"], b["text"]) for b in mine] == [("space", _type_name(s["space"], lang))]
        else:
            assert money(s["value"], lang) in [b["text"] for b in mine if b["role"] == "value"]
            words = [b for b in mine if b["role"] in ("headline", "advert")]
            assert len(words) == 1 and words[0]["text"], (lang, s, mine)
    # the foot: the paper's value, each kept star story at half, the cash, the total
    rows_ = [b["text"] for b in blocks if b["role"] == "row"]
    assert money(sc.page_value(p), lang) in rows_ and money(p.cash, lang) in rows_
    assert money(state.scores[seat], lang) in rows_ or p.out
    assert sc.page_value(p) + sum(v // 2 for v in p.kept) + p.cash == state.scores[seat] or p.out
    return img


@pytest.mark.parametrize("lang", LANGS)
def test_the_bundled_games_front_pages_are_newspapers_of_their_page_designs(bundled, lang):
    heads = []
    for seat in range(len(bundled.players)):
        for width in (384, 576):
            img = check_newspaper(bundled, seat, lang, width)
            heads += [b["text"] for b in img.info["text_blocks"] if b["role"] == "headline" and width == 384]
        # the bundled game's setup was saved before layouts: its designs take pages.json's as it is now
        design = bundled.catalog.designs[bundled.players[seat].design]
        assert not design.boxes
        now = sc.load_catalog().designs[design.id]
        assert design_layout(bundled, seat) == (now.grid, now.boxes)
    assert len(heads) == len(set(heads)) >= 4  # every story its own headline (the bundled game laid 5)


@pytest.mark.parametrize("lang", LANGS)
def test_a_fuller_page_fills_its_spaces_in_place(fuller, lang):
    for seat in range(len(fuller.players)):
        check_newspaper(fuller, seat, lang, 384 if seat % 2 else 576)


def test_pages_json_gives_every_design_a_layout_of_all_its_spaces():
    cat = sc.load_catalog()
    assert len(cat.designs) == 6
    shapes = set()
    for d in cat.designs.values():
        assert d.grid == (4, len({r for _, _, r, _, _ in d.boxes} | {r + h - 1 for _, _, r, _, h in d.boxes}))
        lead = [b for b in d.boxes if b[0] == "three_star"]
        assert len(lead) == 1 and lead[0][3] * lead[0][4] >= 4  # the three-star lead: the largest space
        shapes.add(d.boxes)
    assert len(shapes) == 6  # six designs, six page layouts


@pytest.mark.parametrize("change,words", [
    (lambda lay: lay["spaces"].append(["star", 0, 0, 1, 1]), "overlap"),
    (lambda lay: lay["spaces"].pop(), "needs one box per item"),
    (lambda lay: lay["spaces"][0].__setitem__(1, 9), "leaves the 4 x 8 grid"),
    (lambda lay: lay.__setitem__("rows", 40), "1..12"),
])
def test_a_damaged_layout_is_refused_naming_pages_json(change, words):
    data = default_data()
    change(data["pages"]["designs"]["A"]["layout"])
    with pytest.raises(CompanionError, match=words) as err:
        catalog_from_data(data)
    assert "pages.json" in str(err.value) and "design A" in str(err.value)


def test_a_design_without_a_layout_prints_in_the_plain_one():
    cat = sc.load_catalog()
    for d in cat.designs.values():
        spaces = d.spaces(cat.story_spaces, cat.star_spaces)
        grid, boxes = plain_layout(spaces)
        _check_layout(Design(d.id, d.stories, d.adverts, grid, boxes), cat.story_spaces, cat.star_spaces)
    # a house rule's odd design: five story types, three star spaces, uneven counts
    grid, boxes = plain_layout({"sport": 3, "crime": 1, "politics": 2, "a": 1, "b": 2, "ad-x": 1, "star": 3,
                                "three_star": 1})
    cells = [(r + y, c + x) for _, c, r, w, h in boxes for y in range(h) for x in range(w)]
    assert len(cells) == len(set(cells)) and all(0 <= c < grid[0] and 0 <= r < grid[1] for r, c in cells)
    assert len(boxes) == 14


@pytest.mark.parametrize("mm", [58, 80])
def test_the_printed_front_page_is_the_preview_dot_for_dot(bundled, mm):
    cfg = PrinterConfig(paper_mm=mm)
    img = render_front_page(bundled, 2, "zh", cfg.width_dots, "scoop-4p")
    assert same_pixels(decode(escpos_bytes(img, cfg)).image, img)


def test_companion_print_writes_the_scoop_newspaper_preview_and_print_alike(tmp_path, bundled):
    import json

    from PIL import Image

    from companion.cli import main
    from play.recordings import recording_dir

    game = tmp_path / "scoop-4p.json"
    game.write_text(json.dumps(json.loads((recording_dir("scoop-4p") / "journal.json").read_text("utf-8"))))
    out = tmp_path / "printer.bin"
    assert main(["print", str(game), "--press", "1", "--player", "yellow", "--printer", f"file:{out}",
                 "--out", str(tmp_path / "pages"), "--queue", str(tmp_path / "q"), "--lang", "es"]) == 0
    png = tmp_path / "pages" / "scoop-4p-yellow-front.png"
    assert same_pixels(decode(out.read_bytes()).image, Image.open(png))
