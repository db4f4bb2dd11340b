"""Scoop's printed pages (``GameSpec.pages`` of Scoop), drawn with printing.layout's Canvas.

- :func:`render_start_slip` -- the dial's commitment, printed when the game starts.
- :func:`render_front_page` -- one player's newspaper: masthead, page design, every
  space with its story or advert (a headline of our own per story card, from
  headlines.json beside this module) and value,
  the kept star stories at half, the paper's value and cash.
- :func:`render_money_receipt` -- the final money: per player cash + page + kept star
  stories at half = total, the ranking, who went to press, the dial's commitment and
  the revealed seed (checked with ``companion dial verify``), the data files the
  values came from.

Numbers come from the engine (companion.games.scoop) unchanged. Widths: 384 or 576
dots, or the printer's own (printing.pages.PageRequest.width). Raises DocumentError
for a bad width or language.

:func:`pages` answers a page request (printing.pages): Scoop has one press, at the
game's end: ``what="start"`` the slip, ``"all"`` every paper's front page (with
``player``: that player's; press 1 with a ``player`` is that player's too: a press
number without a player is refused, naming the pages there are), ``"final"`` the
money receipt. :func:`pages_due`: the end makes the front pages and the money
receipt due (the commitment slip is printed when the app starts the game).
"""

from __future__ import annotations

from companion.gettext_po import N_, NP_  # noqa: F401  (NP_: counts)

from printing import i18n
from printing.i18n import PrintTexts, game_when, joined, json_table, pick
from printing.layout import Canvas
from printing.newspaper import advert_box, dotted_box, masthead, stars, story_box
from companion.clitext import tx
from printing.pages import DocumentError, NoSuchPage, Page, PageRequest, check_lang

#: Our own words, es/en/zh.
#: LABELS: {key: text} declared for gettext (context "scoop.labels.<key>")
N_("scoop.labels.start", "SCOOP: the dial's commitment")
N_("scoop.labels.start_note", "Keep this slip. At the end the seed is printed: `companion dial verify` checks every call.")
N_("scoop.labels.design", "Page design {d}")
N_("scoop.labels.edition", "Final edition")
N_("scoop.labels.kept", "Star story kept, half value")
N_("scoop.labels.page_value", "Value of the paper")
N_("scoop.labels.cash", "Cash")
N_("scoop.labels.total", "Total")
N_("scoop.labels.receipt", "SCOOP: final money")
N_("scoop.labels.pressed", "Went to press: {who} ({how}), +{m}")
N_("scoop.labels.last", "Last paper standing: {who}")
N_("scoop.labels.how_press", "Press on the dial")
N_("scoop.labels.how_full page", "page full")
N_("scoop.labels.left", "left the game")
N_("scoop.labels.commitment", "Commitment")
N_("scoop.labels.seed", "Seed")
NP_("scoop.labels.calls", "{n} call to the editor", "{n} calls to the editor")
N_("scoop.labels.values", "Story values, page designs and the dial's signals are our estimates")
N_("scoop.labels.values_page", "Story values are our estimates")
N_("scoop.labels.space_star", "Star Story")
N_("scoop.labels.space_three_star", "Three-star story")
N_("scoop.labels.space_ad", "Advert: {t}")
LABELS = PrintTexts("scoop.labels.", [
    "start", "start_note", "design", "edition", "kept", "page_value", "cash", "total", "receipt",
    "pressed", "last", "how_press", "how_full page", "left", "commitment", "seed", "calls", "values",
    "values_page",
    "space_star", "space_three_star", "space_ad",
])


#: ADVERTS: {key: text} declared for gettext (context "scoop.adverts.<key>")
N_("scoop.adverts.fashion", "Fashion")
N_("scoop.adverts.motoring", "Motoring")
N_("scoop.adverts.travel", "Travel")
ADVERTS = PrintTexts("scoop.adverts.", [
    "fashion", "motoring", "travel",
])


def label(key: str, lang: str, **kw) -> str:
    """``LABELS[key]`` in ``lang`` (printing.i18n.pick: English fallback, CLDR plurals)."""
    return pick(LABELS[key], lang, **kw)


def _money(v: int, lang: str = "en") -> str:
    """Dollars in ``lang``'s CLDR currency pattern (Babel), no cents: en/zh
    ``$1,200``, es ``1.200 $``."""
    from companion.games.scoop.texts import money

    return money(v, lang)


#: The data file of the invented headlines: ``{lang: {story type: [headline, ...]}}``,
#: one per card of the type's pile, in pile order.
HEADLINES_FILE = "headlines.json"


def headlines(lang: str) -> dict[str, list[str]]:
    """``{story type: [headline of its 1st card, 2nd, ...]}`` in ``lang`` (our own
    words, headlines.json; a type missing in ``lang`` takes the English list).
    Raises DataFileError for a damaged file."""
    table = json_table(__package__, HEADLINES_FILE)
    english = table.get("en") or {}
    return {**english, **(table.get(check_lang(lang)) or {})}


def _headline(kind: str, value: int, pile: tuple[int, ...], used: set[int], lang: str) -> str:
    """The headline of the story card of ``value`` from ``pile`` (its n-th card gets
    the n-th headline of :func:`headlines`); ``used``: the cards of that pile already
    on this paper (updated), so two cards of the same value get two headlines."""
    free = [i for i, x in enumerate(pile) if i not in used]
    same = [i for i in free if pile[i] == value]
    idx = same[0] if same else (free[0] if free else len(used))
    used.add(idx)
    heads = headlines(lang).get(kind)
    if not heads:
        return _type_name(kind, lang)
    text = heads[idx % len(heads)]
    return text if idx < len(heads) else f"{text} ({idx // len(heads) + 1})"


def _who(state, seat: int, lang: str = "en") -> str:
    """The name the players gave, else the player's colour in ``lang`` (a filled-in
    ``Player N`` is English and never shown: companion.naming.given_name)."""
    from companion.naming import given_name

    p = state.players[seat]
    return given_name(p.spec.name) or i18n.player_name(p.spec.colour, lang)


def _paper(state, seat: int, lang: str) -> str:
    p = state.players[seat]
    if p.spec.paper:
        return p.spec.paper
    try:
        return i18n.paper_name(p.spec.colour, lang)
    except (KeyError, ValueError):
        pass
    return {"en": f"The {p.spec.colour.title()} Courier", "es": f"El Correo {p.spec.colour.title()}",
            "zh": f"{p.spec.colour.title()} 信使报"}[lang]


def _type_name(kind: str, lang: str) -> str:
    if kind.startswith("ad-"):
        a = kind[3:]
        return label("space_ad", lang, t=ADVERTS.get(a, {}).get(lang, a))
    from companion.games.scoop.texts import story_name

    return story_name(kind, lang)


def render_start_slip(state, lang: str = "en", width: int = 384, game_id: str = "game"):
    """The slip printed when the game starts: the dial's SHA-256 commitment."""
    check_lang(lang)
    cv = Canvas(width, lang=lang)
    cv.para(label("start", lang), 22, serif=True, align="center")
    if game_when(game_id, lang):
        cv.para(game_when(game_id, lang), 14, align="center")
    cv.rule(2, double=True, gap=2)
    cv.para(label("commitment", lang), 15, bold=True)
    c = state.commitment
    cv.para(c[:32], 15)
    cv.para(c[32:], 15)
    cv.rule(1)
    cv.para(label("start_note", lang), 13)
    return cv.finish()


def design_layout(state, seat: int) -> tuple[tuple[int, int], tuple[tuple[str, int, int, int, int], ...]]:
    """``((columns, rows), boxes)``: how seat ``seat``'s page design is laid out on
    its printed front page, each box ``(space, column, row, width, height)`` in grid
    cells, one per item the space holds, in the order they fill.

    From the game's data (pages.json ``layout``, companion.games.scoop.Design); a
    game whose setup was saved without layouts takes the design's layout from the
    data files as they are now when it has the same spaces, else
    :func:`plain_layout`."""
    from companion.errors import CompanionError
    from companion.games.scoop import load_catalog

    cat = state.catalog
    design = cat.designs[state.players[seat].design]
    if design.boxes:
        return design.grid, design.boxes
    spaces = state.spaces(seat)
    try:
        now = load_catalog().designs.get(design.id)
    except CompanionError:  # the files as they are now are damaged: the game's own data still prints
        now = None
    if now is not None and now.boxes and now.spaces(cat.story_spaces, cat.star_spaces) == spaces:
        return now.grid, now.boxes
    return plain_layout(spaces)


def plain_layout(spaces: dict[str, int]) -> tuple[tuple[int, int], tuple[tuple[str, int, int, int, int], ...]]:
    """A layout for any design's ``spaces`` (space -> items it holds) on a 4-column
    grid: the three-star lead across the top, the Star Story spaces two by two under
    it, a column of 1 x 2 boxes per story type, four types abreast, then the advert
    spaces two by two (see :func:`design_layout`)."""
    cols, row, boxes = 4, 0, []
    for _ in range(spaces.get("three_star", 0)):
        boxes.append(("three_star", 0, row, cols, 2))
        row += 2
    stars_n = spaces.get("star", 0)
    for i in range(stars_n):
        boxes.append(("star", (i % 2) * 2, row, 2, 2))
        row += 2 if i % 2 or i == stars_n - 1 else 0
    kinds = [k for k in spaces if k not in ("three_star", "star") and not k.startswith("ad-")]
    for g in range(0, len(kinds), cols):
        group = kinds[g:g + cols]
        for c, k in enumerate(group):
            boxes += [(k, c, row + 2 * i, 1, 2) for i in range(spaces[k])]
        row += 2 * max(spaces[k] for k in group)
    i = 0
    for k in (k for k in spaces if k.startswith("ad-")):
        for _ in range(spaces[k]):
            boxes.append((k, (i % 2) * 2, row, 2, 1))
            i += 1
            row += 0 if i % 2 else 1
    return (cols, row + i % 2), tuple(boxes)


def _items(state, seat: int, lang: str) -> dict[str, list[tuple[int, str, str, str]]]:
    """space -> what lies in it, in the order laid: ``(value, headline, stars,
    band)`` (a star space also holds three-star stories: Scoop, the Star Story
    spaces); a story's headline is the card's own (:func:`_headline`)."""
    p = state.players[seat]
    piles = dict(state.catalog.piles)
    used: dict[str, set[int]] = {}  # pile -> its cards already on this paper
    out: dict[str, list[tuple[int, str, str, str]]] = {}

    def head(pile: str, v: int) -> str:
        return _headline(pile, v, piles.get(pile, ()), used.setdefault(pile, set()), lang)

    for kind in state.spaces(seat):
        vals = list(p.page.get(kind, []))
        if kind.startswith("ad-"):
            out[kind] = [(v, ADVERTS.get(kind[3:], {}).get(lang, kind[3:]), "", "") for v in vals]
        elif kind == "star":
            out[kind] = [(v, head("star", v), stars(1, 1), label("space_star", lang)) for v in vals] + \
                [(v, head("three_star", v), stars(3), label("space_three_star", lang)) for v in p.star_three]
        elif kind == "three_star":
            out[kind] = [(v, head(kind, v), stars(3), label("space_three_star", lang)) for v in vals]
        else:
            out[kind] = [(v, head(kind, v), "", _type_name(kind, lang)) for v in vals]
    return out


def front_page_code(state, seat: int, lang: str, game_id: str) -> str:
    """The text of the QR code on seat ``seat``'s front page (companion.pagecode):
    the paper's name, its edition and design, its total, and the line that prints
    the page again (press 1 of that seat)."""
    from companion.games.scoop import GAME
    from companion.pagecode import page_code

    p = state.players[seat]
    total = label("left", lang) if p.out else _money(state.scores[seat], lang)
    return page_code([_paper(state, seat, lang), joined(label("edition", lang), label("design", lang, d=p.design),
                                                         f"{label('total', lang)}: {total}")],
                     GAME.id, game_id, "press", 1, seat)


def render_front_page(state, seat: int, lang: str = "en", width: int = 384, game_id: str = "game"):
    """One player's Scoop front page as a newspaper (module docstring): a 1-bit
    Pillow image ``width`` dots wide.

    Masthead (the paper's name, the game's date and page design, "Final edition");
    the page design's grid (:func:`design_layout`), each space a box in its place: a
    story with its kind and stars in a black band, its headline and value; an advert
    hatched, its kind and value in a label; a space nobody filled a dotted, empty
    box with its kind's name in small type. Under the grid: the value of the paper,
    each kept star story at half, the cash and the player's total (cash + paper +
    kept star stories at half; a player who left the game: "left the game"), the
    data file the values come from and the page's code (:func:`front_page_code`).

    ``img.info["spaces"]``: one dict per box of the design, ``{"space", "box" (x0,
    y0, x1, y1 dots), "value" (None when empty)}``; ``img.info["grid"]``: ``(x, y,
    cell_w, cell_h, pad)`` dots, the grid's top-left corner, a cell's size and the
    inset of a box in its cells; ``img.info["text_blocks"]``
    every text drawn (printing.layout.Canvas.blocks). Raises DocumentError for a bad
    seat, language or width."""
    check_lang(lang)
    if not 0 <= seat < len(state.players):
        raise DocumentError(f"no seat {seat}")
    from companion.games.scoop import page_value

    p = state.players[seat]
    cv = Canvas(width, lang=lang)
    m, w_ = cv.margin, cv.width
    masthead(cv, _paper(state, seat, lang), [
        (joined(game_when(game_id, lang), label("design", lang, d=p.spec.design)), False),
        (label("edition", lang), True)], start=36)
    (cols, rows), boxes = design_layout(state, seat)
    cell_w = (w_ - 2 * m) // cols
    cell_h = round((w_ - 2 * m) / 4 * 0.75)
    gx, gy = m + (w_ - 2 * m - cell_w * cols) // 2, cv.y
    pad = max(2, round(3 * cv.s))
    items = _items(state, seat, lang)
    filled: dict[str, int] = {}
    spaces = []
    for kind, c, r, w, h in boxes:
        box = (gx + c * cell_w + pad, gy + r * cell_h + pad,
               gx + (c + w) * cell_w - pad - 1, gy + (r + h) * cell_h - pad - 1)
        i = filled[kind] = filled.get(kind, -1) + 1
        item = items.get(kind, [])[i] if i < len(items.get(kind, [])) else None
        spaces.append({"space": kind, "box": box, "value": item[0] if item else None})
        if item is None:  # an empty column: its outline and what goes there, nothing else
            dotted_box(cv, box)
            name = _type_name(kind, lang)
            size = cv.fit_size(name, 11, box[2] - box[0] - 2 * pad, minimum=8)
            lines = cv.wrap(name, size, box[2] - box[0] - 2 * pad)
            cv.block("space", name, lines, box[0] + pad, box[1] + pad, size, box)
        elif kind.startswith("ad-"):
            advert_box(cv, box, pad, [("advert", item[1], 14, True), ("value", _money(item[0], lang), 13, True)])
        else:
            story_box(cv, box, pad, item[3], item[2], item[1], cv.px({1: 17, 2: 21}.get(w, 26)),
                      value=_money(item[0], lang))
    cv.y = gy + rows * cell_h
    cv.rule(2)
    cv.row(label("page_value", lang), _money(page_value(p), lang), 17, bold=True)
    for v in p.kept:
        cv.row(label("kept", lang), f"{_money(v, lang)} / 2 = {_money(v // 2, lang)}", 14)
    cv.row(label("cash", lang), _money(p.cash, lang), 15)
    cv.rule(1)
    cv.row(label("total", lang), label("left", lang) if p.out else _money(state.scores[seat], lang), 22, bold=True)
    cv.rule(1)
    cv.para(label("values_page", lang), 11)  # the files are named on the command line and in docs/scoop.md
    cv.qr(front_page_code(state, seat, lang, game_id))
    img = cv.finish()
    img.info["spaces"] = spaces
    img.info["grid"] = (gx, gy, cell_w, cell_h, pad)
    return img


def render_money_receipt(state, lang: str = "en", width: int = 384, game_id: str = "game"):
    """The final money receipt with the dial's commitment and seed. Raises
    DocumentError if the game is not over (the seed is secret until then)."""
    check_lang(lang)
    f = state.final
    if f is None:
        raise DocumentError(tx("print.sc_not_over", "the game is not over yet: the seed stays secret until the "
                               "end"))
    cv = Canvas(width, lang=lang)
    cv.para(label("receipt", lang), 24, serif=True, align="center")
    if game_when(game_id, lang):
        cv.para(game_when(game_id, lang), 14, align="center")
    cv.rule(2, double=True, gap=2)
    if f.how == "last player":
        cv.para(label("last", lang, who=_who(state, f.pressed_by, lang)), 14)
    else:
        cv.para(label("pressed", lang, who=_who(state, f.pressed_by, lang), how=label(f"how_{f.how}", lang),
                           m=_money(state.catalog.money["press_bonus"], lang)), 14)
    cv.rule(1)
    # Those still standing by rank; those who left after them, with no rank, the last
    # to leave first (the engine's order, FinalTally.left): "left the game".
    order = sorted(range(len(state.players)), key=lambda i: (state.players[i].out, f.rank[i], i))
    for i in order:
        p = state.players[i]
        if p.out:
            cv.row(f"– {_who(state, i, lang)}", label("left", lang), 15)
            continue
        cv.row(f"{f.rank[i]}. {_who(state, i, lang)} · {_paper(state, i, lang)}", _money(f.scores[i], lang), 17,
               bold=i in f.winners)
        cv.row(label("cash", lang), _money(f.cash[i], lang), 14, indent=16)
        cv.row(label("page_value", lang), _money(f.page[i], lang), 14, indent=16)
        if f.kept_half[i]:
            cv.row(label("kept", lang), _money(f.kept_half[i], lang), 14, indent=16)
    cv.rule(1)
    cv.para(label("calls", lang, n=len(state.calls)), 13)
    cv.para(label("commitment", lang), 13, bold=True)
    cv.para(state.commitment[:32], 13)
    cv.para(state.commitment[32:], 13)
    seed = state.setup["dial_seed"]
    cv.para(label("seed", lang), 13, bold=True)
    cv.para(seed[:32], 13)
    cv.para(seed[32:], 13)
    cv.rule(1)
    cv.para(label("values", lang), 11)
    return cv.finish()


def colours(state) -> tuple[str, ...]:
    """Each seat's colour (``red``), in seat order."""
    return tuple(p.spec.colour for p in state.players)


def pages(state, request: PageRequest) -> list[Page]:
    """Scoop's pages for ``request`` (module docstring): Scoop has one press, at the
    game's end. Raises NoSuchPage, in the players' words, for a press Scoop does not
    have, DocumentError for a money receipt before the end (the seed is secret)."""
    lang, width, game_id = request.lang, request.width, request.game_id
    if request.what == "start":
        return [Page(f"{game_id}-dial-commitment", render_start_slip(state, lang, width, game_id))]
    if request.what == "final":
        return [Page(f"{game_id}-money", render_money_receipt(state, lang, width, game_id))]
    if request.what == "press" and request.player is None:
        raise NoSuchPage(tx("print.sc_no_presses", "Scoop has no numbered presses (its one press comes at the "
                            "game's end): its pages are every paper's front page (all), one paper's front page "
                            "(all or 1, with its player), the dial's commitment (start) and the money receipt "
                            "(final)"))
    if request.what == "press" and request.press != 1:
        raise NoSuchPage(tx("print.sc_one_page", "each Scoop paper has one front page, printed at the game's end: "
                            "1 (or all) with its player; the dial's commitment is start, the money receipt final"))
    seats = list(range(len(state.players)))
    if request.player is not None:
        if request.player >= len(seats):
            raise NoSuchPage(tx("print.no_seat", "no seat {seat} in this game of {n} players",
                                seat=request.player + 1, n=len(seats)))
        seats = [request.player]
    return [Page(f"{game_id}-{state.players[i].spec.colour}-front", render_front_page(state, i, lang, width, game_id))
            for i in seats]


def pages_due(before, after) -> list[PageRequest]:
    """The pages the step from state ``before`` to state ``after`` makes due
    (play.pages): at the game's end, its one press, every paper's front page, then
    the money receipt. Requests without language, width or label (the caller fills
    them)."""
    if after.is_over and not before.is_over:
        return [PageRequest("all"), PageRequest("final")]
    return []
