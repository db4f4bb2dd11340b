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
    if key not in WORDS or not key.startswith("scoop."):
        return None
    p = dict(report.params)
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
