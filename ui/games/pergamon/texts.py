"""Every on-screen text of the Pergamon screens, es/en/zh (our own words).

``tr(key, lang, **values)``; a test checks every key has the three languages with
the same ``{placeholders}``.
"""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "title": {"en": "{game} · turn {turn} of 12", "es": "{game} · turno {turn} de 12", "zh": "{game} · 第 {turn}/12 回合"},
    "turn_up": {"en": "Turn up the {n} finds of turn {turn}", "es": "Destapa los {n} hallazgos del turno {turn}",
                "zh": "翻开第 {turn} 回合的 {n} 个发现物"},
    "sort": {"en": "Put the {n} finds in this order: {order}", "es": "Coloca los {n} hallazgos en este orden: {order}",
             "zh": "按此顺序放置 {n} 个发现物：{order}"},
    "draw": {"en": "Draw two funds cards, face down", "es": "Roba dos cartas de fondos, boca abajo",
             "zh": "抽两张研究经费卡，背面朝上"},
    "bid": {"en": "{who}: put your figure on a funds space", "es": "{who}: pon tu figura en un espacio de fondos",
            "zh": "{who}：把你的人物放到一个经费格上"},
    "reveal": {"en": "Turn the two funds cards over", "es": "Da la vuelta a las dos cartas de fondos",
               "zh": "翻开两张经费卡"},
    "pay_first": {"en": "{who} takes {c}", "es": "{who} coge {c}", "zh": "{who} 拿 {c}"},
    "pay_next": {"en": "{who} {n}", "es": "{who} {n}", "zh": "{who} {n} 枚"},
    "pay_last": {"en": "{who} the remaining {n}", "es": "{who} las {n} restantes", "zh": "{who} 拿剩下的 {n} 枚"},
    "raider": {"en": "the tomb raider", "es": "el saqueador", "zh": "盗墓者"},
    "act": {"en": "{who}: dig, show a collection, then put your figure back in your area",
            "es": "{who}: excava, expón una colección y vuelve a poner tu figura en tu zona",
            "zh": "{who}：挖掘、展出收藏，然后把人物放回你的区域"},
    "dug": {"en": "{who} pays {c} for gallery {g}", "es": "{who} paga {c} por la galería {g}",
            "zh": "{who} 为第 {g} 层支付 {c}"},
    "raided": {"en": "The tomb raider took gallery {g}: its finds leave the game",
               "es": "El saqueador se llevó la galería {g}: sus hallazgos salen del juego",
               "zh": "盗墓者拿走了第 {g} 层：这些发现物离开游戏"},
    "moves": {"en": "Move markers {moves}", "es": "Mueve los marcadores {moves}", "zh": "移动标记 {moves}"},
    "and": {"en": " and ", "es": " y ", "zh": " 和 "},
    "shown": {"en": "{who} shows collection {m}: {value} points on space {space}",
              "es": "{who} expone la colección {m}: {value} puntos en la casilla {space}",
              "zh": "{who} 展出收藏 {m}：{value} 点，放在第 {space} 格"},
    "polish": {"en": "{who} pays {c} of polish", "es": "{who} paga {c} de pulido",
               "zh": "{who} 支付 {c} 抛光"},
    "broken": {"en": "{who} {m}: off the plan, finds to the box", "es": "{who} {m}: fuera del plano, hallazgos a la caja",
               "zh": "{who} {m}：移出展区，发现物放回盒中"},
    "stored": {"en": "{who} pays {c} for storage", "es": "{who} paga {c} de almacén",
               "zh": "{who} 支付 {c} 仓储费"},
    "stored_free": {"en": "{who} keeps {f}, free", "es": "{who} guarda {f}, gratis",
                    "zh": "{who} 免费保留 {f}"},
    "evaluation": {"en": "Evaluation after turn {turn}", "es": "Evaluación tras el turno {turn}",
                   "zh": "第 {turn} 回合后的计分"},
    "ev_collection": {"en": "{who} {m} on space {space}: +{vp} VP", "es": "{who} {m} en la casilla {space}: +{vp} PV",
                      "zh": "{who} {m} 在第 {space} 格：+{vp} 胜利点"},
    "ev_award": {"en": "Oldest {kind}: {who} ({date} BC) +{vp} VP", "es": "{kind} más antiguo: {who} ({date} a. C.) +{vp} PV",
                 "zh": "最古老的{kind}：{who}（公元前 {date} 年）+{vp} 胜利点"},
    "ev_no_award": {"en": "Oldest {kind}: none shown", "es": "{kind} más antiguo: ninguno expuesto",
                    "zh": "最古老的{kind}：无人展出"},
    "ev_shift": {"en": "Every marker moves down {n}", "es": "Cada marcador baja {n}", "zh": "每个标记下移 {n} 格"},
    "ev_tickets": {"en": "Hand out admission tickets: {list}", "es": "Reparte entradas: {list}",
                   "zh": "发放门票：{list}"},
    "over": {"en": "Game over: {who} wins with {vp} VP", "es": "Fin de la partida: gana {who} con {vp} PV",
             "zh": "游戏结束：{who} 以 {vp} 胜利点获胜"},
    "confirm": {"en": "Done", "es": "Hecho", "zh": "完成"},
    "next_step": {"en": "Next step", "es": "Paso siguiente", "zh": "下一步"},
    "step_of": {"en": "Step {i} of {n}", "es": "Paso {i} de {n}", "zh": "第 {i}/{n} 步"},
    "vp": {"en": "{n} VP", "es": "{n} PV", "zh": "{n} 胜利点"},
    "coin_one": {"en": "1 coin", "es": "1 moneda", "zh": "1 枚硬币"},
    "find_one": {"en": "1 find", "es": "1 hallazgo", "zh": "1 个发现物"},
    "coins": {"en": "{n} coins", "es": "{n} monedas", "zh": "{n} 枚硬币"},
    "finds": {"en": "{n} finds", "es": "{n} hallazgos", "zh": "{n} 个发现物"},
    "plan": {"en": "Museum plan", "es": "Plano del museo", "zh": "展览平面图"},
    "galleries": {"en": "Dig site", "es": "Excavación", "zh": "挖掘地"},
    "gallery": {"en": "Gallery {g} · {c}", "es": "Galería {g} · {c}", "zh": "第 {g} 层 · {c}"},
    "player": {"en": "Player {n}", "es": "Jugador {n}", "zh": "玩家 {n}"},
    "vase": {"en": "vase", "es": "Jarrón", "zh": "花瓶"},
    "jug": {"en": "jug", "es": "Jarra", "zh": "水壶"},
    "mask": {"en": "mask", "es": "Máscara", "zh": "面具"},
    "bracelet": {"en": "bracelet", "es": "Pulsera", "zh": "手镯"},
    # the entry panel (taps)
    "e_finds": {"en": "Tap the {n} finds turned up", "es": "Toca los {n} hallazgos destapados",
                "zh": "点选翻开的 {n} 个发现物"},
    "e_present": {"en": "Put them in the galleries ({k} of {n})", "es": "Colócalos en las galerías ({k} de {n})",
                  "zh": "放入各层（{k}/{n}）"},
    "e_backs": {"en": "The two card backs drawn", "es": "Los reversos de las dos cartas robadas",
                "zh": "抽到的两张卡的背面"},
    "e_back_bag_bag": {"en": "2 bags", "es": "2 bolsas", "zh": "2 个钱袋"},
    "e_back_bag_chest": {"en": "bag + chest", "es": "bolsa + cofre", "zh": "钱袋 + 宝箱"},
    "e_back_chest_chest": {"en": "2 chests", "es": "2 cofres", "zh": "2 个宝箱"},
    "e_bag": {"en": "bag", "es": "bolsa", "zh": "钱袋"},
    "e_chest": {"en": "chest", "es": "cofre", "zh": "宝箱"},
    "e_bid": {"en": "{who}: tap your funds space", "es": "{who}: toca tu espacio de fondos",
              "zh": "{who}：点选你的经费格"},
    "e_space": {"en": "{s}: {c} · I-{g}", "es": "{s}: {c} · I-{g}", "zh": "{s}：{c} · I-{g}"},
    "e_taken": {"en": "{s}: {who}", "es": "{s}: {who}", "zh": "{s}：{who}"},
    "e_card": {"en": "Card {i} ({back}): its coins", "es": "Carta {i} ({back}): sus monedas",
               "zh": "第 {i} 张卡（{back}）：硬币数"},
    "e_reveal": {"en": "Cards turned over: {n} coins", "es": "Cartas a la vista: {n} monedas",
                 "zh": "翻开的卡：{n} 枚硬币"},
    "e_dig_title": {"en": "{who} ({c}): dig a gallery", "es": "{who} ({c}): excava una galería",
                    "zh": "{who}（{c}）：挖掘一层"},
    "e_dig": {"en": "Dig {g} · {c} · {f}", "es": "Excavar {g} · {c} · {f}", "zh": "挖第 {g} 层 · {c} · {f}"},
    "e_row": {"en": "Collection: tap the finds in their order", "es": "Colección: toca los hallazgos en su orden",
              "zh": "收藏：按顺序点选发现物"},
    "e_polish": {"en": "Polish (coins)", "es": "Pulido (monedas)", "zh": "抛光（硬币）"},
    "e_break": {"en": "All markers shown: break which collection?", "es": "Todos los marcadores expuestos: ¿qué colección deshaces?",
                "zh": "标记都已展出：拆散哪个收藏？"},
    "e_marker": {"en": "{m} on {s}", "es": "{m} en {s}", "zh": "{m} 在 {s}"},
    "e_exhibit": {"en": "Show it: {v} points, space {s}", "es": "Exponer: {v} puntos, casilla {s}",
                  "zh": "展出：{v} 点，第 {s} 格"},
    "e_exhibit_none": {"en": "Show a collection (tap its finds first)", "es": "Exponer una colección (toca antes sus hallazgos)",
                       "zh": "展出收藏（先点选发现物）"},
    "e_discard": {"en": "Discard to the box", "es": "Descartar a la caja", "zh": "弃入盒中"},
    "e_store": {"en": "End turn: keep {k}, pay {c}", "es": "Fin del turno: guardar {k}, pagar {c}",
                "zh": "结束回合：保留 {k}，支付 {c}"},
    "red": {"en": "red", "es": "rojo", "zh": "红"},
    "blue": {"en": "blue", "es": "azul", "zh": "蓝"},
    "green": {"en": "green", "es": "verde", "zh": "绿"},
    "yellow": {"en": "yellow", "es": "amarillo", "zh": "黄"},
}


def coins(n: int, lang: str = "en") -> str:
    """``"1 coin"`` / ``"3 coins"`` in ``lang``."""
    return tr("coin_one", lang) if n == 1 else tr("coins", lang, n=n)


def finds(n: int, lang: str = "en") -> str:
    """``"1 find"`` / ``"3 finds"`` in ``lang``."""
    return tr("find_one", lang) if n == 1 else tr("finds", lang, n=n)


def tr(key: str, lang: str = "en", **values) -> str:
    """The text of ``key`` in ``lang`` (English if missing) with ``values`` filled in.
    Raises KeyError naming an unknown key."""
    row = TEXTS[key]
    return (row.get(lang) or row["en"]).format(**values)


# ------------------------------------------------------------------ refusals
#: The rule sections the engine names (companion.games.pergamon.engine R_*), es/en/zh.
RULES: dict[str, dict[str, str]] = {
    "Setup": {"en": "Setup", "es": "Preparación", "zh": "准备"},
    "How to play": {"en": "How to play", "es": "Cómo se juega", "zh": "游戏流程"},
    "1. Presentation of finds": {"en": "1. Presentation of finds", "es": "1. Presentación de hallazgos",
                                 "zh": "1. 展示发现物"},
    "2. Research funds": {"en": "2. Research funds", "es": "2. Fondos de investigación", "zh": "2. 研究经费"},
    "3A. Digging": {"en": "3A. Digging", "es": "3A. Excavar", "zh": "3A. 挖掘"},
    "3B. Exhibiting": {"en": "3B. Exhibiting", "es": "3B. Exhibir", "zh": "3B. 展出"},
    "3C. Storage": {"en": "3C. Storage", "es": "3C. Almacenar", "zh": "3C. 仓储"},
    "4. Evaluation": {"en": "4. Evaluation", "es": "4. Evaluación", "zh": "4. 计分"},
    "End of the game": {"en": "End of the game", "es": "Fin del juego", "zh": "游戏结束"},
}

#: The engine's refusals by key (RuleError.key "pergamon.<key>", RuleError.values).
REFUSALS: dict[str, dict[str, str]] = {
    "over": {"en": "the game is over", "es": "la partida ha terminado", "zh": "游戏已结束"},
    "not_now": {"en": "not now: {step}", "es": "ahora no: {step}", "zh": "现在不行：{step}"},
    "present_again": {"en": "find {dates} was turned up earlier", "es": "el hallazgo {dates} ya salió antes",
                      "zh": "发现物 {dates} 之前已翻开"},
    "present_count": {"en": "take exactly {n} finds: {n} galleries have room",
                      "es": "toma exactamente {n} hallazgos: hay sitio en {n} galerías",
                      "zh": "正好取 {n} 个发现物：有 {n} 层还有空位"},
    "deck_backs": {"en": "the deck has only {n} cards with a {back} back left",
                   "es": "en el mazo solo quedan {n} cartas con reverso de {back}",
                   "zh": "牌堆里背面为{back}的卡只剩 {n} 张"},
    "not_your_turn": {"en": "it is {who}'s turn", "es": "es el turno de {who}", "zh": "现在轮到 {who}"},
    "space_taken": {"en": "funds space {space} is taken by {who}", "es": "{who} ya ocupa el espacio de fondos {space}",
                    "zh": "经费格 {space} 已被 {who} 占用"},
    "cards_backs": {"en": "cards {a} and {b} do not match the backs ({back_a}, {back_b})",
                    "es": "las cartas {a} y {b} no encajan con los reversos ({back_a}, {back_b})",
                    "zh": "卡 {a} 和 {b} 与背面（{back_a}、{back_b}）不符"},
    "card_gone": {"en": "no card of {v} coins is left (all {n} drawn)",
                  "es": "no queda ninguna carta de {v} monedas (salieron las {n})",
                  "zh": "已没有 {v} 枚硬币的卡（{n} 张都已抽出）"},
    "dig_first": {"en": "digging must be your first action", "es": "excavar debe ser tu primera acción",
                  "zh": "挖掘必须是你的第一个行动"},
    "dig_deep": {"en": "funds space {space} allows galleries I-{deepest} only",
                 "es": "el espacio de fondos {space} solo permite las galerías I-{deepest}",
                 "zh": "经费格 {space} 只能挖第 I-{deepest} 层"},
    "dig_empty": {"en": "gallery {g} is empty", "es": "la galería {g} está vacía", "zh": "第 {g} 层是空的"},
    "dig_coins": {"en": "gallery {g} costs {cost}; {who} has {have_c}",
                  "es": "la galería {g} cuesta {cost}; {who} tiene {have_c}",
                  "zh": "第 {g} 层需要 {cost}；{who} 只有 {have_c}"},
    "exhibit_min": {"en": "a collection needs at least {n} finds", "es": "una colección necesita al menos {n} hallazgos",
                    "zh": "一个收藏至少需要 {n} 个发现物"},
    "not_in_hand": {"en": "{who} does not have find {dates}", "es": "{who} no tiene el hallazgo {dates}",
                    "zh": "{who} 没有发现物 {dates}"},
    "halves": {"en": "finds {a} ({right} half) and {b} ({left} half) do not make a complete object",
               "es": "los hallazgos {a} (mitad de {right}) y {b} (mitad de {left}) no forman un objeto completo",
               "zh": "发现物 {a}（{right}半边）和 {b}（{left}半边）拼不成完整物品"},
    "polish_max": {"en": "at most {n} coins of polish (any amount only in turn {turn})",
                   "es": "como mucho {n} monedas de pulido (cualquier cantidad solo en el turno {turn})",
                   "zh": "最多 {n} 枚硬币抛光（只有第 {turn} 回合不限）"},
    "polish_coins": {"en": "polish of {cost}, but {who} has {have_c}", "es": "pulido de {cost}, pero {who} tiene {have_c}",
                     "zh": "抛光要 {cost}，但 {who} 只有 {have_c}"},
    "markers_full": {"en": "all {n} markers are in the museum: choose one to break its collection",
                     "es": "los {n} marcadores están en el museo: elige uno para deshacer su colección",
                     "zh": "{n} 个标记都在博物馆里：选一个拆散其收藏"},
    "marker_shown": {"en": "marker {m} is in the museum; marker {free} is free",
                     "es": "el marcador {m} está en el museo; el marcador {free} está libre",
                     "zh": "标记 {m} 在博物馆里；标记 {free} 还空着"},
    "store_coins": {"en": "keeping {kept} finds costs {cost}; {who} has {have_c}: discard {need} more",
                    "es": "guardar {kept} hallazgos cuesta {cost}; {who} tiene {have_c}: descarta {need} más",
                    "zh": "保留 {kept} 个发现物需 {cost}；{who} 只有 {have_c}：再弃掉 {need} 个"},
}
#: What the table must do first, for a refusal "not now" (engine phases).
STEPS: dict[str, dict[str, str]] = {
    "present": {"en": "turn up the finds first", "es": "primero destapa los hallazgos", "zh": "先翻开发现物"},
    "backs": {"en": "draw the two funds cards first", "es": "primero roba las dos cartas de fondos",
              "zh": "先抽两张经费卡"},
    "bid": {"en": "{who} places a figure", "es": "{who} coloca su figura", "zh": "{who} 放置人物"},
    "reveal": {"en": "turn the funds cards over first", "es": "primero da la vuelta a las cartas de fondos",
               "zh": "先翻开经费卡"},
    "act": {"en": "{who} digs, shows or stores", "es": "{who} excava, expone o almacena", "zh": "{who} 挖掘、展出或仓储"},
    "over": {"en": "the game is over", "es": "la partida ha terminado", "zh": "游戏已结束"},
}
BACK_NAMES = {"bag": {"en": "bag", "es": "bolsa", "zh": "钱袋"}, "chest": {"en": "chest", "es": "cofre", "zh": "宝箱"}}


def rule_name(rule: str, lang: str = "en") -> str:
    """``"Pergamon: 3A. Digging"`` in ``lang``: the game's registry name and the section."""
    from companion.games.pergamon import GAME

    game, _, section = rule.partition(": ")
    row = RULES.get(section)
    if not row:
        return rule
    return f"{GAME.name(lang)}{'：' if lang == 'zh' else ': '}{row.get(lang) or row['en']}"


def refusal_text(exc, state, lang: str = "en") -> str:
    """An engine refusal (companion.errors.RuleError) in ``lang``: the rule named, then
    what is wrong (``"Pergamon: 3A. Excavar: la galería III está vacía"``). Seats in
    the values become the players' names; an error without a known key keeps its
    English text (never raises)."""
    key = (getattr(exc, "key", "") or "").removeprefix("pergamon.")
    row = REFUSALS.get(key)
    rule = getattr(exc, "rule", "")
    if row is None:
        detail = getattr(exc, "detail", None) or str(exc)
        return f"{rule_name(rule, lang)}{'：' if lang == 'zh' else ': '}{detail}" if rule else str(exc)
    values = dict(getattr(exc, "values", {}) or {})
    try:
        if isinstance(values.get("have"), int):
            values["have_c"] = coins(values["have"], lang)
        for k in ("fee", "c", "g"):               # what the refused entry costs
            if isinstance(values.get(k), int) and key in ("dig_coins", "polish_coins", "store_coins"):
                values["cost"] = coins(values[k], lang)
                break
        for k in ("who",):
            if isinstance(values.get(k), int):
                values[k] = _name(state, values[k], lang)
        for k in ("g", "deepest"):
            if isinstance(values.get(k), int):
                values[k] = ROMAN_NUM.get(values[k], values[k])
        for k in ("right", "left"):
            if values.get(k) in TEXTS:
                values[k] = tr(values[k], lang).lower() if lang != "zh" else tr(values[k], lang)
        for k in ("back", "back_a", "back_b"):
            if values.get(k) in BACK_NAMES:
                values[k] = BACK_NAMES[values[k]][lang if lang in ("es", "zh") else "en"]
        if key == "not_now":
            step = STEPS.get(values.get("phase"), STEPS["over"])
            values["step"] = (step.get(lang) or step["en"]).format(**values)
        detail = (row.get(lang) or row["en"]).format(**values)
    except (KeyError, IndexError, ValueError):
        return str(exc)
    return f"{rule_name(rule, lang)}{'：' if lang == 'zh' else ': '}{detail}" if rule else detail


ROMAN_NUM = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}


def _name(state, seat: int, lang: str) -> str:
    from companion.naming import given_name

    if seat == -1:
        return tr("raider", lang)
    if state is None or not 0 <= seat < len(state.players):
        return tr("player", lang, n=seat + 1)
    return given_name(state.players[seat].name) or tr("player", lang, n=seat + 1)
