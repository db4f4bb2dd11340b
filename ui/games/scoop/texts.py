"""Scoop's words in the app (es/en/zh, Kivy-free): the table screen's prompts and
buttons (ui.games.scoop.table_vm) and the observer's reports
(:func:`report_text`, used by the app's message line through ui.hosting). Story
types, signals and money come from companion.games.scoop.texts. Our own words."""

from __future__ import annotations

from companion.games.scoop import texts as core

#: key -> lang -> text (str.format fields)
WORDS: dict[str, dict[str, str]] = {
    # prompts: the one thing to do now
    "turn": {"en": "{p}: your turn. Claim a story, keep cards in reserve, or exchange a card.",
             "es": "{p}: tu turno. Reclama una historia, guarda cartas en reserva o cambia una carta.",
             "zh": "{p}：轮到你。认领一条新闻、把牌放入预留区，或换一张牌。"},
    "turn_camera": {"en": "{p}: your turn. Lay a story's three cards in your call area, or cards in a reserve space.",
                    "es": "{p}: tu turno. Pon las tres cartas de una historia en tu zona de llamada, o cartas en una reserva.",
                    "zh": "{p}：轮到你。把一条新闻的三张牌放到你的通话区，或把牌放进预留区。"},
    "call_due": {"en": "{p}: call the editor. Dial {n} on the telephone.",
                 "es": "{p}: llama al editor. Marca el {n} en el teléfono.",
                 "zh": "{p}：给编辑打电话。在电话上拨 {n}。"},
    "which_value": {"en": "{p}: which {story} card came up? Tap its value.",
                    "es": "{p}: ¿qué carta de {story} salió? Toca su valor.",
                    "zh": "{p}：翻出的是哪张{story}？点它的面值。"},
    "lay_story": {"en": "{p}: lay the {story} card on your page; the call is entered once the camera sees it.",
                  "es": "{p}: pon la carta de {story} en tu página; la llamada se anota cuando la cámara la vea.",
                  "zh": "{p}：把{story}牌放到你的版面上；摄像头看到后记录这次通话。"},
    "choose_three": {"en": "{p}: Three Star. Take a three-star story, or your own story?",
                     "es": "{p}: Tres estrellas. ¿Tomas una historia de tres estrellas o la tuya?",
                     "zh": "{p}：三星。拿一张三星新闻，还是拿你自己的新闻？"},
    "choose_press": {"en": "{p}: Press. Go to press now (the game ends), or take your story?",
                     "es": "{p}: Prensa. ¿Mandas ya a imprenta (termina el juego) o tomas tu historia?",
                     "zh": "{p}：付印。现在付印（游戏结束），还是拿你的新闻？"},
    "sale": {"en": "{p}: {seller} offers a {story} for {v}. Buy it?",
             "es": "{p}: {seller} ofrece una historia de {story} por {v}. ¿La compras?",
             "zh": "{p}：{seller} 以 {v} 出售一张{story}。买吗？"},
    "bankrupt": {"en": "{p} cannot pay {v} for new cards: sell a story from your page, or leave the game.",
                 "es": "{p} no puede pagar {v} por cartas nuevas: vende una historia de tu página o deja el juego.",
                 "zh": "{p} 付不起新牌的 {v}：卖掉版面上的一条新闻，或退出游戏。"},
    "over": {"en": "The game is over: {how}.", "es": "El juego ha terminado: {how}.", "zh": "游戏结束：{how}。"},
    "how.press": {"en": "{p} went to press", "es": "{p} mandó a imprenta", "zh": "{p} 付印了"},
    "how.full page": {"en": "{p} filled the page first", "es": "{p} llenó su página primero",
                      "zh": "{p} 第一个排满版面"},
    "how.last player": {"en": "{p} is the last paper left", "es": "{p} es el último periódico en pie",
                        "zh": "{p} 是最后剩下的报纸"},
    "pick_claim": {"en": "{p}: which story or advert? (three cards: hand and reserve)",
                   "es": "{p}: ¿qué historia o anuncio? (tres cartas: mano y reserva)",
                   "zh": "{p}：哪条新闻或广告？（三张牌：手牌和预留区）"},
    "pick_reserve": {"en": "{p}: cards of which story or advert go into reserve?",
                     "es": "{p}: ¿cartas de qué historia o anuncio van a la reserva?",
                     "zh": "{p}：哪种新闻或广告的牌放入预留区？"},
    "pick_count": {"en": "{p}: how many {story} cards? ({price} each to draw new ones)",
                   "es": "{p}: ¿cuántas cartas de {story}? ({price} cada carta nueva)",
                   "zh": "{p}：几张{story}牌？（每补一张 {price}）"},
    # buttons
    "b.claim": {"en": "Claim a story or advert", "es": "Reclamar historia o anuncio", "zh": "认领新闻或广告"},
    "b.reserve": {"en": "Keep cards in reserve", "es": "Guardar cartas en reserva", "zh": "把牌放入预留区"},
    "b.exchange": {"en": "Exchange a card (free)", "es": "Cambiar una carta (gratis)", "zh": "换一张牌（免费）"},
    "b.pass": {"en": "Pass (no cards)", "es": "Pasar (sin cartas)", "zh": "过（没有牌）"},
    "b.dial": {"en": "Telephone: dial {n}", "es": "Teléfono: marcar el {n}", "zh": "电话：拨 {n}"},
    "b.lines_down": {"en": "{p}: Lines Down!", "es": "{p}: ¡Línea cortada!", "zh": "{p}：线路中断！"},
    "b.story": {"en": "{story} (dial {n})", "es": "{story} (marcar {n})", "zh": "{story}（拨 {n}）"},
    "b.capture": {"en": "{story} with a SCOOP card, from {p}'s reserve",
                  "es": "{story} con una carta SCOOP, de la reserva de {p}",
                  "zh": "{story}：用 SCOOP 牌拿 {p} 预留区的牌"},
    "b.advert": {"en": "{ad} advert", "es": "Anuncio de {ad}", "zh": "{ad}广告"},
    "b.cards": {"en": "{k} card", "es": "{k} carta", "zh": "{k} 张牌"},
    "b.cards2": {"en": "{k} cards", "es": "{k} cartas", "zh": "{k} 张牌"},
    "b.value": {"en": "{v}", "es": "{v}", "zh": "{v}"},
    "b.take_three": {"en": "Take a three-star story", "es": "Tomar una de tres estrellas", "zh": "拿三星新闻"},
    "b.take_three_off": {"en": "Three-star story, offer your star story {v}",
                         "es": "Tres estrellas, ofrecer tu historia estrella {v}",
                         "zh": "拿三星新闻，出售你的明星新闻 {v}"},
    "b.take_story": {"en": "Take your story", "es": "Tomar tu historia", "zh": "拿你的新闻"},
    "b.press": {"en": "Go to press (end the game)", "es": "A imprenta (fin del juego)", "zh": "付印（结束游戏）"},
    "b.buy": {"en": "Buy for {v}", "es": "Comprar por {v}", "zh": "以 {v} 买下"},
    "b.decline": {"en": "No, thanks", "es": "No, gracias", "zh": "不买"},
    "b.offer": {"en": "Sell {story} {v}", "es": "Vender {story} {v}", "zh": "出售{story} {v}"},
    "b.give_up": {"en": "Leave the game", "es": "Dejar el juego", "zh": "退出游戏"},
    "b.back": {"en": "Back", "es": "Volver", "zh": "返回"},
    "b.telephone": {"en": "Telephone", "es": "Teléfono", "zh": "电话"},
    "b.table": {"en": "Table", "es": "Mesa", "zh": "牌桌"},
    "player_line": {"en": "{p}: {cash}, {k} cards", "es": "{p}: {cash}, {k} cartas", "zh": "{p}：{cash}，{k} 张牌"},
    "player_line1": {"en": "{p}: {cash}, {k} card", "es": "{p}: {cash}, {k} carta", "zh": "{p}：{cash}，{k} 张牌"},
    "player_out": {"en": "{p}: left the game", "es": "{p}: dejó el juego", "zh": "{p}：已退出"},
    "scores": {"en": "{p}: {v}", "es": "{p}: {v}", "zh": "{p}：{v}"},
    "sent_to_camera": {"en": "Call made: {signal}. Lay the {story} card on your page.",
                       "es": "Llamada hecha: {signal}. Pon la carta de {story} en tu página.",
                       "zh": "已通话：{signal}。把{story}牌放到你的版面上。"},
    # observer reports (companion/games/scoop/observer.py)
    "scoop.dial": {"en": "{player}: dial {number} on the telephone.",
                   "es": "{player}: marca el {number} en el teléfono.",
                   "zh": "{player}：在电话上拨 {number}。"},
    "scoop.answer": {"en": "{player}: answer in the app.", "es": "{player}: responde en la app.",
                     "zh": "{player}：请在应用里回答。"},
    "scoop.lay_story": {"en": "{player}: lay the {story} card on your page.",
                        "es": "{player}: pon la carta de {story} en tu página.",
                        "zh": "{player}：把{story}牌放到你的版面上。"},
    "scoop.incomplete": {"en": "Lay the three cards of one story or advert in the call area.",
                         "es": "Pon en la zona de llamada las tres cartas de una historia o anuncio.",
                         "zh": "请把同一条新闻或广告的三张牌放到通话区。"},
    "scoop.not_your_turn": {"en": "Cards in seat {seat}'s call area: it is {player}'s turn.",
                            "es": "Hay cartas en la zona de llamada del asiento {seat}: es el turno de {player}.",
                            "zh": "{seat} 号座位的通话区有牌：现在轮到 {player}。"},
    "scoop.refused": {"en": "Not allowed: {reason}", "es": "No se puede: {reason}", "zh": "不允许：{reason}"},
    "scoop.page_differs": {"en": "{player}'s page, {space}: the table shows {seen}, the game has {game}.",
                           "es": "Página de {player}, {space}: la mesa muestra {seen}, el juego tiene {game}.",
                           "zh": "{player} 的版面，{space}：桌上是 {seen}，游戏记录是 {game}。"},
    "nothing": {"en": "nothing", "es": "nada", "zh": "无"},
    "adverts": {"en": "adverts", "es": "anuncios", "zh": "广告"},
    # engine refusals by kind (companion.errors.RuleError key/values; refusal())
    "rule.scoop.game_over": {"en": "The game is over: nothing more can be played.",
                             "es": "El juego ha terminado: ya no se puede jugar nada.",
                             "zh": "游戏已结束：不能再出牌。"},
    "rule.scoop.no_seat": {"en": "There is no seat {seat}: the seats are 1 to {n}.",
                           "es": "No hay asiento {seat}: los asientos van del 1 al {n}.",
                           "zh": "没有 {seat} 号座位：座位是 1 到 {n}。"},
    "rule.scoop.left": {"en": "{player} has left the game.", "es": "{player} ha dejado el juego.",
                        "zh": "{player} 已退出游戏。"},
    "rule.scoop.not_on_page": {"en": "{story} has no space on {player}'s page: claim a story or advert your page has.",
                               "es": "{story} no tiene sitio en la página de {player}: reclama una historia o anuncio de tu página.",
                               "zh": "{player} 的版面上没有{story}的位置：请认领你版面上有的新闻或广告。"},
    "rule.scoop.not_held": {"en": "{player} does not have those cards in hand (cards named: {n}).",
                            "es": "{player} no tiene esas cartas en la mano (cartas indicadas: {n}).",
                            "zh": "{player} 手里没有这些牌（所报的牌：{n} 张）。"},
    "rule.scoop.reserve_spaces": {"en": "Use each of your two reserve spaces at most once.",
                                  "es": "Usa cada uno de tus dos espacios de reserva una vez como mucho.",
                                  "zh": "你的两个预留区每个最多用一次。"},
    "rule.scoop.reserve_empty": {"en": "That reserve space is empty.", "es": "Ese espacio de reserva está vacío.",
                                 "zh": "那个预留区是空的。"},
    "rule.scoop.capture_one_scoop": {"en": "Taking cards from another reserve needs exactly one SCOOP card from your hand (now: {n}).",
                                     "es": "Para tomar cartas de otra reserva hace falta exactamente una carta SCOOP de tu mano (ahora: {n}).",
                                     "zh": "从别人的预留区拿牌需要你手里正好一张 SCOOP 牌（现在：{n} 张）。"},
    "rule.scoop.capture_victim": {"en": "Take the cards from another player who is still in the game.",
                                  "es": "Toma las cartas de otro jugador que siga en el juego.",
                                  "zh": "只能拿仍在游戏中的其他玩家的牌。"},
    "rule.scoop.capture_none": {"en": "Say which cards the SCOOP card takes.",
                                "es": "Indica qué cartas se lleva la carta SCOOP.",
                                "zh": "请说明 SCOOP 牌拿走哪些牌。"},
    "rule.scoop.capture_not_held": {"en": "{victim}'s reserve does not have those cards (cards named: {n}).",
                                    "es": "La reserva de {victim} no tiene esas cartas (cartas indicadas: {n}).",
                                    "zh": "{victim} 的预留区没有这些牌（所报的牌：{n} 张）。"},
    "rule.scoop.scoop_no_story": {"en": "A SCOOP card makes no story: it only takes cards from another reserve.",
                                  "es": "Una carta SCOOP no forma historia: solo toma cartas de otra reserva.",
                                  "zh": "SCOOP 牌不能组成新闻：它只能从别人的预留区拿牌。"},
    "rule.scoop.wrong_cards": {"en": "{story} needs its own three cards: {n} of the 3 are there ({laid} cards laid).",
                               "es": "{story} necesita sus tres cartas: hay {n} de las 3 ({laid} cartas puestas).",
                               "zh": "{story}需要它自己的三张牌：只有 {n} 张是对的（共放了 {laid} 张）。"},
    "rule.scoop.not_your_turn": {"en": "Not now: it is {player}'s turn.", "es": "Ahora no: es el turno de {player}.",
                                 "zh": "现在不行：轮到 {player}。"},
    "rule.scoop.value_with_call": {"en": "A story's value comes from the call, not from the claim.",
                                   "es": "El valor de una historia lo da la llamada, no la reclamación.",
                                   "zh": "新闻的面值由通话决定，而不是认领时决定。"},
    "rule.scoop.no_advert_value": {"en": "No advert of {value} is left in the pile.",
                                   "es": "No queda ningún anuncio de {value} en el mazo.",
                                   "zh": "广告堆里已经没有 {value} 的广告了。"},
    "rule.scoop.no_call_due": {"en": "No call is due: lay a story's three cards first.",
                               "es": "No toca llamar: primero pon las tres cartas de una historia.",
                               "zh": "现在不用打电话：先放好一条新闻的三张牌。"},
    "rule.scoop.wrong_number": {"en": "Wrong number: the {story} telephone card says {number}, not {dialled}.",
                                "es": "Número equivocado: la carta de teléfono de {story} dice {number}, no {dialled}.",
                                "zh": "号码错了：{story}电话牌上是 {number}，不是 {dialled}。"},
    "rule.scoop.dial_differs": {"en": "The dial showed {signal}, not {entered}.",
                                "es": "El dial mostró {signal}, no {entered}.",
                                "zh": "拨号盘显示的是{signal}，不是{entered}。"},
    "rule.scoop.no_story_value": {"en": "No {pile} story of {value} is left in the pile.",
                                  "es": "No queda ninguna historia de {pile} de {value} en el mazo.",
                                  "zh": "牌堆里已经没有 {value} 的{pile}了。"},
    "rule.scoop.no_choice": {"en": "There is nothing to choose now.", "es": "Ahora no hay nada que elegir.",
                             "zh": "现在没有要选择的。"},
    "rule.scoop.choose_after": {"en": "After {signal}, choose one of the two buttons shown.",
                                "es": "Tras {signal}, elige uno de los dos botones que se muestran.",
                                "zh": "出现{signal}后，请在显示的两个按钮中选一个。"},
    "rule.scoop.displace_only": {"en": "A star story is taken off only for a second three-star story.",
                                 "es": "Solo se quita una historia estrella por una segunda de tres estrellas.",
                                 "zh": "只有拿第二张三星新闻时才撤下明星新闻。"},
    "rule.scoop.star_full": {"en": "Both star spaces are taken: choose the star story to take off, or take your story.",
                             "es": "Los dos espacios de estrella están ocupados: elige qué historia estrella quitar o toma tu historia.",
                             "zh": "两个明星新闻位都满了：选一条要撤下的明星新闻，或者拿你自己的新闻。"},
    "rule.scoop.star_room": {"en": "There is room for the three-star story: nothing has to come off.",
                             "es": "Hay sitio para la historia de tres estrellas: no hay que quitar nada.",
                             "zh": "三星新闻还有位置：不用撤下任何新闻。"},
    "rule.scoop.lines_not_due": {"en": "Lines Down only stops a call that is about to be made: nobody is calling now.",
                                 "es": "«Línea cortada» solo detiene una llamada a punto de hacerse: ahora nadie llama.",
                                 "zh": "“线路中断”只能打断即将拨出的电话：现在没有人要打电话。"},
    "rule.scoop.lines_own": {"en": "{player} is the caller and cannot cut their own line.",
                             "es": "{player} es quien llama y no puede cortar su propia línea.",
                             "zh": "{player} 是打电话的人，不能切断自己的线路。"},
    "rule.scoop.lines_no_cards": {"en": "Lines Down costs the cards in your hand: {player} has none.",
                                  "es": "«Línea cortada» cuesta las cartas de tu mano: {player} no tiene ninguna.",
                                  "zh": "“线路中断”要弃掉手里的牌：{player} 一张也没有。"},
    "rule.scoop.reserve_count": {"en": "Put one or two cards into reserve, not {n}.",
                                 "es": "Pon una o dos cartas en la reserva, no {n}.",
                                 "zh": "放入预留区的牌是一张或两张，不是 {n} 张。"},
    "rule.scoop.reserve_scoop": {"en": "A SCOOP card cannot go into reserve.",
                                 "es": "Una carta SCOOP no puede ir a la reserva.",
                                 "zh": "SCOOP 牌不能放入预留区。"},
    "rule.scoop.reserve_type": {"en": "Each reserve space holds cards of one story or advert of {player}'s page.",
                                "es": "Cada espacio de reserva guarda cartas de una sola historia o anuncio de la página de {player}.",
                                "zh": "每个预留区只能放 {player} 版面上同一种新闻或广告的牌。"},
    "rule.scoop.reserve_full": {"en": "A reserve space holds at most {n} different cards of its story.",
                                "es": "Un espacio de reserva guarda como mucho {n} cartas distintas de su historia.",
                                "zh": "每个预留区最多放 {n} 张同一新闻的不同牌。"},
    "rule.scoop.cards_cost": {"en": "New cards cost {cost} and {player} has {cash}.",
                              "es": "Las cartas nuevas cuestan {cost} y {player} tiene {cash}.",
                              "zh": "补新牌要 {cost}，{player} 只有 {cash}。"},
    "rule.scoop.must_play": {"en": "{player} still has cards ({n}) and cannot pass: exchange one at least (free).",
                             "es": "{player} aún tiene cartas ({n}) y no puede pasar: cambia al menos una (gratis).",
                             "zh": "{player} 手里还有牌（{n} 张），不能过：至少换一张（免费）。"},
    "rule.scoop.no_offer": {"en": "Nothing is offered to you now.", "es": "Ahora no se te ofrece nada.",
                            "zh": "现在没有向你出售的东西。"},
    "rule.scoop.sale_cost": {"en": "It costs {cost} and {player} has {cash}.",
                             "es": "Cuesta {cost} y {player} tiene {cash}.",
                             "zh": "价格是 {cost}，{player} 只有 {cash}。"},
    "rule.scoop.no_place": {"en": "{player}'s page has no free space for {story}.",
                            "es": "La página de {player} no tiene sitio libre para {story}.",
                            "zh": "{player} 的版面上没有放{story}的空位。"},
    "rule.scoop.not_bankrupt": {"en": "Only a player who cannot pay sells stories or leaves the game.",
                                "es": "Solo quien no puede pagar vende historias o deja el juego.",
                                "zh": "只有付不起钱的玩家才能卖新闻或退出游戏。"},
    "rule.scoop.entry_not_due": {"en": "That answer is not what the game is waiting for now.",
                                 "es": "Esa respuesta no es lo que el juego espera ahora.",
                                 "zh": "这个回答不是游戏现在等待的。"},
    "rule.scoop.offer_bad": {"en": "Offer a story or advert from your page that nobody has turned down yet.",
                             "es": "Ofrece una historia o anuncio de tu página que nadie haya rechazado aún.",
                             "zh": "请出售你版面上还没人拒绝过的新闻或广告。"},
}


def tr(key: str, lang: str = "en", **kw) -> str:
    """``WORDS[key]`` in ``lang`` (English if the language is unknown)."""
    row = WORDS[key]
    return (row.get(lang) or row["en"]).format(**kw)


def kind_name(kind: str, lang: str = "en") -> str:
    """A page space in words: a story type (``crime`` -> ``Sucesos``), an advert
    (``ad-fashion`` -> ``Anuncio de fashion`` words), star spaces."""
    if kind.startswith("ad-"):
        return tr("b.advert", lang, ad=AD_NAMES.get(kind[3:], {}).get(lang) or kind[3:].capitalize())
    if kind == "star_three":
        kind = "three_star"
    return core.story_name(kind, lang)


#: Advert types (data cards.json) in es/en/zh.
AD_NAMES: dict[str, dict[str, str]] = {
    "fashion": {"en": "Fashion", "es": "moda", "zh": "时装"},
    "motoring": {"en": "Motoring", "es": "motor", "zh": "汽车"},
    "travel": {"en": "Travel", "es": "viajes", "zh": "旅游"},
}


def signal_word(signal: str, lang: str = "en") -> str:
    return core.signal_text(signal, lang)[0]


def report_text(report, state, lang: str = "en") -> str | None:
    """An observer report (``scoop.*`` keys) in ``lang``; None for another key. Story
    types and spaces are named in ``lang``, values as money."""
    key = getattr(report, "key", "")
    if key != "illegal" and (key not in WORDS or not key.startswith("scoop.")):
        return None
    if key == "illegal":  # a play the observer passed and the journal then refused (ui.session)
        v = dict(report.params)
        kind = str(v.pop("kind", "") or "")
        for k in ("section", "detail", "action"):
            v.pop(k, None)
        words = refusal_words(kind, v, state, lang)
        return None if words is None else tr("scoop.refused", lang, reason=words)
    p = dict(report.params)
    if key == "scoop.refused":  # an engine refusal: by its kind, never its English sentence
        words = refusal_words(str(p.pop("refusal", "")), p, state, lang)
        if words is None:
            from ui import i18n

            words = i18n.rule_error_text("", {}, report.rule, lang, str(p.get("reason") or report.text))
        return tr(key, lang, reason=words)
    if "story" in p:
        p["story"] = kind_name(str(p["story"]), lang)
    if "space" in p:
        p["space"] = kind_name(str(p["space"]), lang)
    for k in ("seen", "game"):
        if k in p:
            vals = list(p[k]) if isinstance(p[k], (list, tuple)) else []
            p[k] = ", ".join(core.money(int(v), lang) for v in vals) or tr("nothing", lang)
    p.setdefault("player", "")
    p.setdefault("reason", report.text)
    try:
        return tr(key, lang, **p)
    except (KeyError, IndexError, ValueError):
        return None


#: refusal values that name a seat, an amount of money, a page space, a signal
_SEATS = ("player", "victim")
_MONEY = ("cost", "cash", "value")
_KINDS = ("story", "pile")
_SIGNALS = ("signal", "entered")


def _seat_name(state, seat, lang: str) -> str:
    try:
        spec = state.players[seat].spec
    except (AttributeError, IndexError, TypeError):
        return str(seat)
    if spec.name:
        return spec.name
    from ui import i18n

    try:
        return i18n.tr(f"colour.{spec.colour}", lang)
    except (KeyError, ValueError):
        return spec.colour


def refusal_words(kind: str, values, state, lang: str = "en") -> str | None:
    """An engine refusal of kind ``kind`` (``scoop.*``) with its ``values`` in ``lang``:
    seats named, money in ``lang``'s format, story types and signals in words; None
    when the kind has no words here."""
    key = f"rule.{kind}"
    if not kind or key not in WORDS:
        return None
    v = dict(values or {})
    for k in _SEATS:
        if k in v and isinstance(v[k], int):
            v[k] = _seat_name(state, v[k], lang)
    for k in _MONEY:
        if isinstance(v.get(k), int):
            v[k] = core.money(v[k], lang)
    for k in _KINDS:
        if isinstance(v.get(k), str):
            v[k] = tr("adverts", lang) if v[k] == "adverts" else kind_name(v[k], lang)
    for k in _SIGNALS:
        if isinstance(v.get(k), str) and v[k] in core.SIGNALS:
            v[k] = signal_word(v[k], lang)
    try:
        return tr(key, lang, **v)
    except (KeyError, IndexError, ValueError):
        return None


def refusal(exc, state, lang: str = "en") -> str | None:
    """A Scoop play the rules refuse (``RuleError`` with a ``scoop.*`` key) in
    ``lang`` (ui.hosting.refusal_text); None for a refusal without Scoop words
    (then the section is named, ui.i18n.error_text)."""
    return refusal_words(getattr(exc, "key", ""), getattr(exc, "values", {}), state, lang)
