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
