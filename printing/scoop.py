"""Scoop's printed pages (``GameSpec.documents`` of Scoop), drawn with printing.layout's Canvas.

- :func:`render_start_slip` -- the dial's commitment, printed when the game starts.
- :func:`render_front_page` -- one player's newspaper: masthead, page design, every
  space with its story or advert (a headline of our own per story type) and value,
  the kept star stories at half, the paper's value and cash.
- :func:`render_money_receipt` -- the final money: per player cash + page + kept star
  stories at half = total, the ranking, who went to press, the dial's commitment and
  the revealed seed (checked with ``companion dial verify``), the data files the
  values came from.

Numbers come from the engine (companion.games.scoop) unchanged. Widths: 384 or 576
dots. Raises DocumentError for a bad width or language.
"""

from __future__ import annotations

from .documents import DocumentError, check_lang
from .layout import Canvas

#: Our own words, es/en/zh.
LABELS: dict[str, dict[str, str]] = {
    "start": {"en": "SCOOP: the dial's commitment", "es": "SCOOP: compromiso del dial", "zh": "独家新闻：拨号承诺值"},
    "start_note": {"en": "Keep this slip. At the end the seed is printed: `companion dial verify` checks every call.",
                   "es": "Guarda este tique. Al final se imprime la semilla: `companion dial verify` comprueba cada llamada.",
                   "zh": "请保留此票。结束时会打印种子：`companion dial verify` 可核对每次通话。"},
    "game": {"en": "Game {id}", "es": "Partida {id}", "zh": "对局 {id}"},
    "design": {"en": "Page design {d}", "es": "Diseño de página {d}", "zh": "版面 {d}"},
    "empty": {"en": "(empty)", "es": "(vacío)", "zh": "（空）"},
    "kept": {"en": "Star story kept, half value", "es": "Historia estrella guardada, mitad de valor",
             "zh": "保留的明星新闻，按半价计"},
    "page_value": {"en": "Value of the paper", "es": "Valor del periódico", "zh": "报纸价值"},
    "cash": {"en": "Cash", "es": "Efectivo", "zh": "现金"},
    "total": {"en": "Total", "es": "Total", "zh": "合计"},
    "receipt": {"en": "SCOOP: final money", "es": "SCOOP: dinero final", "zh": "独家新闻：最终资金"},
    "pressed": {"en": "Went to press: {who} ({how}), +$1,500", "es": "Fue a imprenta: {who} ({how}), +$1,500",
                "zh": "付印：{who}（{how}），+$1,500"},
    "last": {"en": "Last paper standing: {who}", "es": "Último periódico en pie: {who}", "zh": "最后留下的报纸：{who}"},
    "how_press": {"en": "Press on the dial", "es": "Prensa en el dial", "zh": "拨号出现付印"},
    "how_full page": {"en": "page full", "es": "página llena", "zh": "版面已满"},
    "left": {"en": "left the game", "es": "abandonó la partida", "zh": "已退出"},
    "commitment": {"en": "Commitment", "es": "Compromiso", "zh": "承诺值"},
    "seed": {"en": "Seed", "es": "Semilla", "zh": "种子"},
    "calls": {"en": "{n} calls to the editor", "es": "{n} llamadas al editor", "zh": "共 {n} 次致电编辑"},
    "values": {"en": "Values: our guesses, in {f}", "es": "Valores: estimaciones nuestras, en {f}",
               "zh": "数值为我们的估计，见 {f}"},
    "space_star": {"en": "Star Story", "es": "Historia estrella", "zh": "明星新闻"},
    "space_three_star": {"en": "Three-star story", "es": "Historia de tres estrellas", "zh": "三星新闻"},
    "space_ad": {"en": "Advert: {t}", "es": "Anuncio: {t}", "zh": "广告：{t}"},
}

#: Story type names and a headline of our own per type.
TYPES: dict[str, dict[str, tuple[str, str]]] = {
    "sport": {"en": ("Sport", "Late goal wins the cup"), "es": ("Deportes", "Un gol al final gana la copa"),
              "zh": ("体育", "终场前进球夺冠")},
    "crime": {"en": ("Crime", "Bank robbers caught at the docks"), "es": ("Sucesos", "Detenidos en el puerto los ladrones del banco"),
              "zh": ("犯罪", "银行劫匪在码头落网")},
    "politics": {"en": ("Politics", "Minister resigns at midnight"), "es": ("Política", "El ministro dimite a medianoche"),
                 "zh": ("政治", "部长午夜辞职")},
    "foreign": {"en": ("Foreign", "Summit ends in handshake"), "es": ("Internacional", "La cumbre acaba con un apretón de manos"),
                "zh": ("国际", "峰会以握手告终")},
    "society": {"en": ("Society", "Film star weds in secret"), "es": ("Sociedad", "Una estrella de cine se casa en secreto"),
                "zh": ("社会", "电影明星秘密结婚")},
    "star": {"en": ("Star Story", "Exclusive: the interview of the year"),
             "es": ("Historia estrella", "Exclusiva: la entrevista del año"), "zh": ("明星新闻", "独家：年度专访")},
    "three_star": {"en": ("Three-star story", "World exclusive on page one"),
                   "es": ("Tres estrellas", "Exclusiva mundial en portada"), "zh": ("三星新闻", "全球独家头版")},
}
ADVERTS: dict[str, dict[str, str]] = {
    "fashion": {"en": "Fashion", "es": "Moda", "zh": "时装"},
    "motoring": {"en": "Motoring", "es": "Motor", "zh": "汽车"},
    "travel": {"en": "Travel", "es": "Viajes", "zh": "旅游"},
}


def label(key: str, lang: str, **kw) -> str:
    row = LABELS[key]
    return (row.get(lang) or row["en"]).format(**kw)


def _money(v: int) -> str:
    return f"${v:,}"


def _who(state, seat: int, lang: str = "en") -> str:
    """The name the players gave, else the player's colour in ``lang`` (a filled-in
    ``Player N`` is English and never shown: companion.naming.given_name)."""
    from companion.naming import given_name

    from . import i18n

    p = state.players[seat]
    return given_name(p.spec.name) or i18n.player_name(p.spec.colour, lang)


def _paper(state, seat: int, lang: str) -> str:
    p = state.players[seat]
    if p.spec.paper:
        return p.spec.paper
    from . import i18n

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
    cv.para(label("game", lang, id=game_id), 14, align="center")
    cv.rule(2, double=True, gap=2)
    cv.para(label("commitment", lang), 15, bold=True)
    c = state.commitment
    cv.para(c[:32], 15)
    cv.para(c[32:], 15)
    cv.rule(1)
    cv.para(label("start_note", lang), 13)
    return _finish(cv)


def render_front_page(state, seat: int, lang: str = "en", width: int = 384, game_id: str = "game"):
    """One player's Scoop front page (see the module docstring)."""
    check_lang(lang)
    if not 0 <= seat < len(state.players):
        raise DocumentError(f"no seat {seat}")
    p = state.players[seat]
    cv = Canvas(width, lang=lang)
    cv.para(_paper(state, seat, lang), 28, serif=True, align="center")
    cv.para(f"{label('game', lang, id=game_id)} · {label('design', lang, d=p.spec.design)}", 13, align="center")
    cv.rule(2, double=True, gap=2)
    spaces = state.spaces(seat)
    order = ["three_star"] + [k for k in spaces if k not in ("three_star", "star") and not k.startswith("ad-")] + \
        ["star"] + [k for k in spaces if k.startswith("ad-")]
    for kind in order:
        vals = list(p.page.get(kind, []))
        extra = list(p.star_three) if kind == "star" else []
        cv.para(_type_name(kind, lang), 16, bold=True)
        for v in vals:
            head = TYPES.get(kind, {}).get(lang, ("", ""))[1] if not kind.startswith("ad-") else \
                ADVERTS.get(kind[3:], {}).get(lang, kind[3:])
            cv.row(head, _money(v), 15, indent=8)
        for v in extra:
            cv.row(TYPES["three_star"][lang][1], _money(v), 15, indent=8)
        missing = spaces[kind] - len(vals) - len(extra)
        for _ in range(max(0, missing)):
            cv.row(label("empty", lang), "", 14, indent=8)
    if p.kept:
        cv.rule(1)
        for v in p.kept:
            cv.row(label("kept", lang), f"{_money(v)} / 2 = {_money(v // 2)}", 14)
    cv.rule(1)
    from companion.games.scoop import page_value

    cv.row(label("page_value", lang), _money(page_value(p) + sum(v // 2 for v in p.kept)), 17, bold=True)
    cv.row(label("cash", lang), _money(p.cash), 15)
    cv.para(label("values", lang, f=state.catalog.files[0]), 11)
    return _finish(cv)


def render_money_receipt(state, lang: str = "en", width: int = 384, game_id: str = "game"):
    """The final money receipt with the dial's commitment and seed. Raises
    DocumentError if the game is not over (the seed is secret until then)."""
    check_lang(lang)
    f = state.final
    if f is None:
        raise DocumentError("the game is not over yet: the seed stays secret until the end")
    cv = Canvas(width, lang=lang)
    cv.para(label("receipt", lang), 24, serif=True, align="center")
    cv.para(label("game", lang, id=game_id), 14, align="center")
    cv.rule(2, double=True, gap=2)
    if f.how == "last player":
        cv.para(label("last", lang, who=_who(state, f.pressed_by, lang)), 14)
    else:
        cv.para(label("pressed", lang, who=_who(state, f.pressed_by, lang), how=label(f"how_{f.how}", lang)), 14)
    cv.rule(1)
    # Those still standing by rank; those who left after them, with no rank (the
    # engine ranks them all equal, after the others): "left the game".
    order = sorted(range(len(state.players)), key=lambda i: (state.players[i].out, f.rank[i], i))
    for i in order:
        p = state.players[i]
        if p.out:
            cv.row(f"– {_who(state, i, lang)}", label("left", lang), 15)
            continue
        cv.row(f"{f.rank[i]}. {_who(state, i, lang)} · {_paper(state, i, lang)}", _money(f.scores[i]), 17,
               bold=i in f.winners)
        cv.row(label("cash", lang), _money(f.cash[i]), 14, indent=16)
        cv.row(label("page_value", lang), _money(f.page[i]), 14, indent=16)
        if f.kept_half[i]:
            cv.row(label("kept", lang), _money(f.kept_half[i]), 14, indent=16)
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
    cv.para(label("values", lang, f=", ".join(f.files)), 11)
    return _finish(cv)


def _finish(cv: Canvas):
    img = cv.finish()
    img.info["text_blocks"] = cv.blocks  # what was written where (tests, checks)
    return img


def print_pages(state, game_id: str, args) -> list[tuple[str, object]]:
    """``companion print`` for Scoop, which has one press (at the game's end):
    ``--press start`` the slip with the dial's commitment; ``--final`` the money
    receipt; ``--press all`` (or ``1``, the one press) every paper's front page, or
    with ``--player P`` (colour or number 1..N) that player's paper. Raises
    CompanionError naming the option given (``--press``, ``--player``) for a value
    Scoop does not have."""
    from companion.errors import CompanionError

    from .layout import dots_for

    width = dots_for(args.width_mm)
    if args.press == "start":
        return [(f"{game_id}-dial-commitment", render_start_slip(state, args.lang, width, game_id))]
    if args.final:
        return [(f"{game_id}-money", render_money_receipt(state, args.lang, width, game_id))]
    press = str(args.press).strip().lower()
    if press not in ("all", "1"):
        raise CompanionError(f"--press {args.press}: Scoop has one press, at the game's end: use "
                             "--press start (the dial's commitment), --press all (every front page, "
                             "--player P for one), or --final (the money receipt)")
    seats = list(range(len(state.players)))
    who = args.player
    if who is not None:
        colours = [p.spec.colour for p in state.players]
        if str(who).lower() in colours:
            seats = [colours.index(str(who).lower())]
        elif str(who).isdigit() and 1 <= int(who) <= len(colours):
            seats = [int(who) - 1]
        else:
            raise CompanionError(f"--player {who}: not in this game: give a colour ({', '.join(colours)}) "
                                 f"or a player number 1..{len(colours)}")
    return [(f"{game_id}-{state.players[i].spec.colour}-front", render_front_page(state, i, args.lang, width, game_id))
            for i in seats]
