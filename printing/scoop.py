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
dots, or the printer's own (printing.layout.page_dots). Raises DocumentError for a
bad width or language.
"""

from __future__ import annotations

from companion.gettext_po import N_, NP_  # noqa: F401  (NP_: counts)

from .documents import DocumentError, check_lang, data_file_names
from .i18n import PrintTexts, game_when, joined, pick
from .layout import Canvas

#: Our own words, es/en/zh.
#: LABELS: {key: text} declared for gettext (context "scoop.labels.<key>")
N_("scoop.labels.start", "SCOOP: the dial's commitment")
N_("scoop.labels.start_note", "Keep this slip. At the end the seed is printed: `companion dial verify` checks every call.")
N_("scoop.labels.design", "Page design {d}")
N_("scoop.labels.empty", "(empty)")
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
N_("scoop.labels.values", "Story values, page designs and the dial's signals: our guesses, editable in {f}")
N_("scoop.labels.values_page", "Story values: our guesses, editable in {f}")
N_("scoop.labels.space_star", "Star Story")
N_("scoop.labels.space_three_star", "Three-star story")
N_("scoop.labels.space_ad", "Advert: {t}")
LABELS = PrintTexts("scoop.labels.", [
    "start", "start_note", "design", "empty", "kept", "page_value", "cash", "total", "receipt",
    "pressed", "last", "how_press", "how_full page", "left", "commitment", "seed", "calls", "values",
    "values_page",
    "space_star", "space_three_star", "space_ad",
])

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
#: One headline of our own per story card (es/en/zh): a pile's n-th card (its n-th
#: value in values.json) gets the n-th headline, so no headline repeats in a paper.
HEADLINES: dict[str, tuple[dict[str, str], ...]] = {
    "sport": (
        {"en": "Late goal wins the cup", "es": "Un gol al final gana la copa", "zh": "终场前进球夺冠"},
        {"en": "Marathon record falls in the rain", "es": "Cae el récord del maratón bajo la lluvia", "zh": "雨中马拉松纪录被打破"},
        {"en": "Boxing champion keeps his belt", "es": "El campeón de boxeo retiene el cinturón", "zh": "拳王卫冕成功"},
        {"en": "Rowers cross the finish line together", "es": "Los remeros cruzan juntos la meta", "zh": "赛艇手同时冲线"},
        {"en": "Outsider takes the derby", "es": "Un desconocido gana el derbi", "zh": "冷门马赢得德比赛"},
        {"en": "Cyclists climb the pass in snow", "es": "Los ciclistas suben el puerto con nieve", "zh": "车手冒雪翻越山口"},
        {"en": "Home team stays up on the last day", "es": "El equipo local se salva en la última jornada", "zh": "主队末轮保级成功"},
        {"en": "Tennis final goes to five sets", "es": "La final de tenis llega al quinto set", "zh": "网球决赛鏖战五盘"},
        {"en": "Olympic hero comes home", "es": "El héroe olímpico vuelve a casa", "zh": "奥运英雄荣归故里"},
    ),
    "crime": (
        {"en": "Bank robbers caught at the docks", "es": "Detenidos en el puerto los ladrones del banco", "zh": "银行劫匪在码头落网"},
        {"en": "Jewels vanish from the museum", "es": "Desaparecen las joyas del museo", "zh": "博物馆珠宝失窃"},
        {"en": "Forger's workshop found in a cellar", "es": "Hallan el taller de un falsificador en un sótano", "zh": "地窖中发现伪造工坊"},
        {"en": "Night train hold-up", "es": "Asalto al tren nocturno", "zh": "夜班列车遭劫"},
        {"en": "Detective solves the locked-room case", "es": "El detective resuelve el caso de la habitación cerrada", "zh": "侦探破解密室案"},
        {"en": "Smugglers' boat seized at dawn", "es": "Apresada al alba la lancha de los contrabandistas", "zh": "走私船拂晓被扣"},
        {"en": "Escaped prisoner seen in the park", "es": "Ven al preso fugado en el parque", "zh": "越狱犯现身公园"},
        {"en": "Poison pen letters traced", "es": "Localizado el autor de los anónimos", "zh": "匿名恐吓信作者被查出"},
        {"en": "Gang boss goes on trial", "es": "El jefe de la banda, a juicio", "zh": "黑帮头目受审"},
    ),
    "politics": (
        {"en": "Minister resigns at midnight", "es": "El ministro dimite a medianoche", "zh": "部长午夜辞职"},
        {"en": "Budget passes by one vote", "es": "El presupuesto se aprueba por un voto", "zh": "预算案以一票之差通过"},
        {"en": "Mayor promises a new bridge", "es": "El alcalde promete un puente nuevo", "zh": "市长承诺修建新桥"},
        {"en": "Snap election called", "es": "Convocadas elecciones anticipadas", "zh": "提前大选宣布举行"},
        {"en": "Secret memo leaks", "es": "Se filtra un informe secreto", "zh": "秘密备忘录外泄"},
        {"en": "Senate debates all night", "es": "El Senado debate toda la noche", "zh": "参议院通宵辩论"},
        {"en": "Party splits over taxes", "es": "El partido se divide por los impuestos", "zh": "政党因税收分裂"},
        {"en": "New cabinet sworn in", "es": "Jura el nuevo gabinete", "zh": "新内阁宣誓就职"},
        {"en": "Reform bill wins the day", "es": "La ley de reforma sale adelante", "zh": "改革法案获胜"},
    ),
    "foreign": (
        {"en": "Summit ends in handshake", "es": "La cumbre acaba con un apretón de manos", "zh": "峰会以握手告终"},
        {"en": "Treaty signed after ten years", "es": "Firmado el tratado tras diez años", "zh": "十年谈判终签条约"},
        {"en": "Ambassador recalled", "es": "Llamado a consultas el embajador", "zh": "大使被召回"},
        {"en": "Border reopens to trade", "es": "La frontera se reabre al comercio", "zh": "边境重新开放贸易"},
        {"en": "Royal visit abroad", "es": "Visita real al extranjero", "zh": "王室出访海外"},
        {"en": "Earthquake aid sent by sea", "es": "La ayuda por el terremoto llega por mar", "zh": "地震援助经海路送达"},
        {"en": "Ceasefire holds for a week", "es": "El alto el fuego dura una semana", "zh": "停火维持一周"},
        {"en": "Explorers reach the pole", "es": "Los exploradores llegan al polo", "zh": "探险队抵达极地"},
        {"en": "New nation joins the union", "es": "Un nuevo país entra en la unión", "zh": "新国家加入联盟"},
    ),
    "society": (
        {"en": "Film star weds in secret", "es": "Una estrella de cine se casa en secreto", "zh": "电影明星秘密结婚"},
        {"en": "Grand ball at the palace", "es": "Gran baile en el palacio", "zh": "宫廷盛大舞会"},
        {"en": "Heiress opens a school", "es": "Una heredera abre una escuela", "zh": "女继承人创办学校"},
        {"en": "Opera premiere sold out", "es": "Agotado el estreno de la ópera", "zh": "歌剧首演一票难求"},
        {"en": "Fashion house shows its new line", "es": "La casa de modas presenta su colección", "zh": "时装屋发布新系列"},
        {"en": "Twins born to the famous couple", "es": "Nacen gemelos a la famosa pareja", "zh": "名人夫妇喜得双胞胎"},
        {"en": "Charity gala raises a fortune", "es": "La gala benéfica recauda una fortuna", "zh": "慈善晚会筹得巨款"},
        {"en": "Novelist wins the big prize", "es": "La novelista gana el gran premio", "zh": "小说家摘得大奖"},
        {"en": "City zoo welcomes a panda", "es": "El zoo recibe un panda", "zh": "市动物园迎来熊猫"},
    ),
    "star": (
        {"en": "Exclusive: the interview of the year", "es": "Exclusiva: la entrevista del año", "zh": "独家：年度专访"},
        {"en": "Exclusive: the missing heir found", "es": "Exclusiva: hallado el heredero desaparecido", "zh": "独家：失踪继承人找到了"},
        {"en": "Exclusive: the diary they hid", "es": "Exclusiva: el diario que ocultaban", "zh": "独家：被藏起的日记"},
        {"en": "Exclusive: the spy tells all", "es": "Exclusiva: el espía lo cuenta todo", "zh": "独家：间谍全盘托出"},
        {"en": "Exclusive: inside the sealed vault", "es": "Exclusiva: dentro de la cámara sellada", "zh": "独家：密封金库内幕"},
        {"en": "Exclusive: the photo nobody saw", "es": "Exclusiva: la foto que nadie vio", "zh": "独家：无人见过的照片"},
    ),
    "three_star": (
        {"en": "World exclusive on page one", "es": "Exclusiva mundial en portada", "zh": "全球独家头版"},
        {"en": "World exclusive: the lost city", "es": "Exclusiva mundial: la ciudad perdida", "zh": "全球独家：失落之城"},
        {"en": "World exclusive: the cure", "es": "Exclusiva mundial: la cura", "zh": "全球独家：治愈之方"},
        {"en": "World exclusive: the moon flight", "es": "Exclusiva mundial: el vuelo a la luna", "zh": "全球独家：登月飞行"},
        {"en": "World exclusive: the king's letter", "es": "Exclusiva mundial: la carta del rey", "zh": "全球独家：国王的信"},
        {"en": "World exclusive: the treasure ship", "es": "Exclusiva mundial: el barco del tesoro", "zh": "全球独家：宝藏船"},
    ),
}

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


def _headline(kind: str, value: int, pile: tuple[int, ...], used: set[int], lang: str) -> str:
    """The headline of the story card of ``value`` from ``pile`` (its n-th card gets
    HEADLINES[kind][n]); ``used``: the cards of that pile already on this paper
    (updated), so two cards of the same value get two headlines."""
    free = [i for i, x in enumerate(pile) if i not in used]
    same = [i for i in free if pile[i] == value]
    idx = same[0] if same else (free[0] if free else len(used))
    used.add(idx)
    heads = HEADLINES.get(kind)
    if not heads:
        return _type_name(kind, lang)
    h = heads[idx % len(heads)]
    text = h.get(lang) or h["en"]
    return text if idx < len(heads) else f"{text} ({idx // len(heads) + 1})"


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


def render_front_page(state, seat: int, lang: str = "en", width: int = 384, game_id: str = "game"):
    """One player's Scoop front page (see the module docstring)."""
    check_lang(lang)
    if not 0 <= seat < len(state.players):
        raise DocumentError(f"no seat {seat}")
    p = state.players[seat]
    cv = Canvas(width, lang=lang)
    cv.para(_paper(state, seat, lang), 28, serif=True, align="center")
    cv.para(joined(game_when(game_id, lang), label('design', lang, d=p.spec.design)), 13, align="center")
    cv.rule(2, double=True, gap=2)
    spaces = state.spaces(seat)
    order = ["three_star"] + [k for k in spaces if k not in ("three_star", "star") and not k.startswith("ad-")] + \
        ["star"] + [k for k in spaces if k.startswith("ad-")]
    piles = dict(state.catalog.piles)
    used: dict[str, set[int]] = {}  # pile -> its cards already on this paper
    for kind in order:
        vals = list(p.page.get(kind, []))
        extra = list(p.star_three) if kind == "star" else []
        cv.para(_type_name(kind, lang), 16, bold=True)
        for v in vals:
            if kind.startswith("ad-"):
                head = ADVERTS.get(kind[3:], {}).get(lang, kind[3:])
            else:
                head = _headline(kind, v, piles.get(kind, ()), used.setdefault(kind, set()), lang)
            cv.row(head, _money(v, lang), 15, indent=8)
        for v in extra:
            head = _headline("three_star", v, piles.get("three_star", ()), used.setdefault("three_star", set()), lang)
            cv.row(head, _money(v, lang), 15, indent=8)
        missing = spaces[kind] - len(vals) - len(extra)
        for _ in range(max(0, missing)):
            cv.row(label("empty", lang), "", 14, indent=8)
    if p.kept:
        cv.rule(1)
        for v in p.kept:
            cv.row(label("kept", lang), f"{_money(v, lang)} / 2 = {_money(v // 2, lang)}", 14)
    cv.rule(1)
    from companion.games.scoop import page_value

    cv.row(label("page_value", lang), _money(page_value(p) + sum(v // 2 for v in p.kept), lang), 17, bold=True)
    cv.row(label("cash", lang), _money(p.cash, lang), 15)
    cv.para(label("values_page", lang, f=data_file_names(state.catalog.files[:1])), 11)
    return cv.finish()


def render_money_receipt(state, lang: str = "en", width: int = 384, game_id: str = "game"):
    """The final money receipt with the dial's commitment and seed. Raises
    DocumentError if the game is not over (the seed is secret until then)."""
    check_lang(lang)
    f = state.final
    if f is None:
        raise DocumentError("the game is not over yet: the seed stays secret until the end")
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
    cv.para(label("values", lang, f=data_file_names(f.files)), 11)
    return cv.finish()


def print_pages(state, game_id: str, args) -> list[tuple[str, object]]:
    """``companion print`` for Scoop, which has one press (at the game's end):
    ``--press start`` the slip with the dial's commitment; ``--final`` the money
    receipt; ``--press all`` (or ``1``, the one press) every paper's front page, or
    with ``--player P`` (colour or number 1..N) that player's paper. Raises
    CompanionError naming the option given (``--press``, ``--player``) for a value
    Scoop does not have."""
    from companion.errors import CompanionError

    from .layout import page_dots

    width = page_dots(args)
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
