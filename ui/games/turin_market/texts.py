"""Every on-screen text of the Turin Market screens, es/en/zh (our own words).

``tr(key, lang, **values)``; tests/ui/test_turin_market_ui.py checks that every key
has all three languages with the same ``{placeholders}``.
"""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "title": {"en": "Turin Market", "es": "Turin Market", "zh": "都灵市场"},
    "player": {"en": "Player {n}", "es": "Jugador {n}", "zh": "玩家 {n}"},
    "round": {"en": "Round {n}", "es": "Ronda {n}", "zh": "第 {n} 轮"},
    # the one thing to do now
    "now_cards": {"en": "Everyone puts one card face down: pass the tablet round",
                  "es": "Cada uno pone una carta boca abajo: pasad la tableta",
                  "zh": "每人面朝下放一张牌：依次传递平板"},
    "now_bids": {"en": "Secret bids: pass the tablet round", "es": "Pujas secretas: pasad la tableta",
                 "zh": "秘密出价：依次传递平板"},
    "now_ties": {"en": "Tie round: {who} add shields in secret", "es": "Desempate: {who} añaden escudos en secreto",
                 "zh": "平局加价：{who} 秘密加盾"},
    "now_flip": {"en": "Still tied: flip the coin", "es": "Sigue el empate: lanzad la moneda", "zh": "仍然平局：掷硬币"},
    "now_pick": {"en": "{who} picks a card", "es": "{who} elige una carta", "zh": "{who} 选一张牌"},
    "now_sell": {"en": "{who}: put a card up for sale, or pass", "es": "{who}: pon una carta a la venta, o pasa",
                 "zh": "{who}：出售一张牌，或跳过"},
    "now_leftover": {"en": "Reveal the card left in each hand", "es": "Revelad la carta que queda en cada mano",
                     "zh": "亮出每人手中剩下的牌"},
    "now_over": {"en": "Game over: {who} wins with {n} shields", "es": "Fin: gana {who} con {n} escudos",
                 "zh": "游戏结束：{who} 以 {n} 盾获胜"},
    "now_over_shared": {"en": "Game over: {who} share the victory with {n} shields",
                        "es": "Fin: {who} comparten la victoria con {n} escudos",
                        "zh": "游戏结束：{who} 以 {n} 盾共同获胜"},
    # pass the tablet
    "hand_to": {"en": "Pass the tablet to {who}", "es": "Pasa la tableta a {who}", "zh": "把平板交给 {who}"},
    "hidden_note": {"en": "Everyone else looks away. Nothing entered so far is shown.",
                    "es": "Los demás no miran. No se muestra nada de lo ya introducido.",
                    "zh": "其他人请回避。之前的输入不会显示。"},
    "i_am": {"en": "I am {who}: show my entry", "es": "Soy {who}: mostrar mi entrada", "zh": "我是 {who}：显示输入"},
    "your_card": {"en": "{who}: which card do you put face down?", "es": "{who}: ¿qué carta pones boca abajo?",
                  "zh": "{who}：你面朝下放哪张牌？"},
    "your_leftover": {"en": "{who}: which card is left in your hand?", "es": "{who}: ¿qué carta te queda en la mano?",
                      "zh": "{who}：你手里剩下哪张牌？"},
    "your_bid": {"en": "{who}: your bid (you have {n} shields)", "es": "{who}: tu puja (tienes {n} escudos)",
                 "zh": "{who}：你的出价（你有 {n} 盾）"},
    "your_add": {"en": "{who}: shields you add in the tie (up to {n})", "es": "{who}: escudos que añades al empate (hasta {n})",
                 "zh": "{who}：平局中你加的盾（最多 {n}）"},
    "confirm_hide": {"en": "Done: hide it", "es": "Hecho: ocultar", "zh": "完成：隐藏"},
    "all_in": {"en": "Everyone has entered. Reveal all at once?", "es": "Todos han entrado. ¿Revelar todo a la vez?",
               "zh": "所有人已输入。一起揭晓？"},
    "reveal": {"en": "Reveal", "es": "Revelar", "zh": "揭晓"},
    "typed_mode": {"en": "We revealed on the table: one player types the values",
                   "es": "Revelamos en la mesa: un jugador escribe los valores",
                   "zh": "已在桌上亮出：由一人输入数值"},
    "typed_title": {"en": "Type the revealed {what}", "es": "Escribe {what} reveladas", "zh": "输入亮出的{what}"},
    "what_bids": {"en": "bids", "es": "las pujas", "zh": "出价"},
    "what_cards": {"en": "cards", "es": "las cartas", "zh": "牌"},
    "what_adds": {"en": "tie additions", "es": "las subidas del empate", "zh": "平局加价"},
    # the round explained
    "bids_title": {"en": "Bids and payments of round {n}", "es": "Pujas y pagos de la ronda {n}",
                   "zh": "第 {n} 轮的出价与支付"},
    "bid_line": {"en": "bid {b}", "es": "puja {b}", "zh": "出价 {b}"},
    "bid_tie_line": {"en": "bid {b} + {a} = {t}", "es": "puja {b} + {a} = {t}", "zh": "出价 {b} + {a} = {t}"},
    "pays": {"en": "pays {n}", "es": "paga {n}", "zh": "支付 {n}"},
    "why_won": {"en": "wins {k} card(s): pays the whole bid", "es": "gana {k} carta(s): paga toda la puja",
                "zh": "赢得 {k} 张牌：付全部出价"},
    "why_lost": {"en": "wins nothing: pays half, rounded down", "es": "no gana: paga la mitad, redondeando abajo",
                 "zh": "未赢：付一半，向下取整"},
    "why_zero_tie": {"en": "tied at 0: no card", "es": "empate a 0: sin carta", "zh": "以 0 平局：无牌"},
    "why_no_bid": {"en": "no bid", "es": "sin puja", "zh": "未出价"},
    "why_waiting": {"en": "tied: waits for the tie round", "es": "empatado: espera al desempate",
                    "zh": "平局：等待加价"},
    "picks_title": {"en": "Who picks", "es": "Quién elige", "zh": "选牌顺序"},
    "picked": {"en": "{who} took {card}", "es": "{who} tomó {card}", "zh": "{who} 拿了 {card}"},
    "centre": {"en": "In the centre: {cards}", "es": "En el centro: {cards}", "zh": "中央：{cards}"},
    # players at a glance
    "shields": {"en": "{n} shields", "es": "{n} escudos", "zh": "{n} 盾"},
    "on_sale": {"en": "{n} on sale", "es": "{n} en venta", "zh": "{n} 在售"},
    "loan": {"en": "loan: owes {n}", "es": "préstamo: debe {n}", "zh": "贷款：欠 {n}"},
    "majority": {"en": "majority", "es": "mayoría", "zh": "多数"},
    "take_loan": {"en": "Take a loan (+10)", "es": "Pedir préstamo (+10)", "zh": "贷款（+10）"},
    "pass": {"en": "Pass", "es": "Pasar", "zh": "跳过"},
    # the sale area
    "sale_title": {"en": "For sale", "es": "En venta", "zh": "出售中"},
    "offer_line": {"en": "{who} sells {card} for {n} shields", "es": "{who} vende {card} por {n} escudos",
                   "zh": "{who} 以 {n} 盾出售 {card}"},
    "buy": {"en": "{who} buys {card}", "es": "{who} compra {card}", "zh": "{who} 买 {card}"},
    "claims": {"en": "Several claim {card}", "es": "Varios reclaman {card}", "zh": "多人抢 {card}"},
    "claims_who": {"en": "Who claimed {card}? Then the seller chooses",
                   "es": "¿Quién reclamó {card}? Luego elige quien vende",
                   "zh": "谁抢了 {card}？然后由卖家选择"},
    "seller_gives": {"en": "{who} gives {card} to {to}", "es": "{who} da {card} a {to}", "zh": "{who} 把 {card} 给 {to}"},
    "cancel": {"en": "Cancel", "es": "Cancelar", "zh": "取消"},
    "offer_title": {"en": "{who}: card and shields on it (you have {n})",
                    "es": "{who}: carta y escudos encima (tienes {n})",
                    "zh": "{who}：选牌和放在上面的盾（你有 {n}）"},
    "offer": {"en": "Offer for {n}", "es": "Vender por {n}", "zh": "以 {n} 出售"},
    "err_closed": {"en": "The last auction is over: no card is bought or sold any more",
                   "es": "La última subasta terminó: ya no se compra ni se vende",
                   "zh": "最后一轮拍卖已结束：不能再买卖牌"},
    "err_not_on_sale": {"en": "{card} is not on sale", "es": "{card} no está a la venta", "zh": "{card} 不在出售中"},
    "err_only_seller": {"en": "{card} is {who}'s: only its seller chooses the buyer",
                        "es": "{card} es de {who}: solo quien vende elige al comprador",
                        "zh": "{card} 属于 {who}：只有卖家选择买家"},
    "err_claims": {"en": "The seller chooses between two or more other players who claimed the card",
                   "es": "Quien vende elige entre dos o más jugadores que reclamaron la carta",
                   "zh": "卖家在两名或以上抢牌的其他玩家中选择"},
    "err_own_card": {"en": "{who} is selling {card}: nobody buys their own card",
                     "es": "{who} vende {card}: nadie compra su propia carta", "zh": "{who} 在卖 {card}：不能买自己的牌"},
    "err_afford": {"en": "{card} costs {n} shields and {who} has {have} (take a loan first?)",
                   "es": "{card} cuesta {n} escudos y {who} tiene {have} (¿pedir préstamo antes?)",
                   "zh": "{card} 要 {n} 盾，{who} 只有 {have}（先贷款？）"},
    "err_not_selling": {"en": "Cards are offered for sale only in the selling step",
                        "es": "Las cartas se ponen a la venta solo en el paso de venta",
                        "zh": "只能在出售阶段出售牌"},
    "err_one_offer": {"en": "{who} has already offered a card or passed this round",
                      "es": "{who} ya puso una carta a la venta o pasó esta ronda",
                      "zh": "{who} 本轮已出售或跳过"},
    "err_price": {"en": "{who} has only {n} shields to put on the card", "es": "{who} solo tiene {n} escudos para poner",
                  "zh": "{who} 只有 {n} 盾可放在牌上"},
    # the end
    "payouts_title": {"en": "Final payouts, good by good", "es": "Pagos finales, bien por bien",
                      "zh": "最终支付（逐项货物）"},
    "payout_major": {"en": "{who} +{n}", "es": "{who} +{n}", "zh": "{who} +{n}"},
    "payout_shared": {"en": "{who} share: +{n} each", "es": "{who} comparten: +{n} cada uno",
                      "zh": "{who} 并列：每人 +{n}"},
    "payout_minor": {"en": "-1 shield each: {who}", "es": "-1 escudo cada uno: {who}", "zh": "每人 -1 盾：{who}"},
    "payout_none": {"en": "nobody has any", "es": "nadie tiene", "zh": "无人持有"},
    "bank": {"en": "bank {n}", "es": "banca {n}", "zh": "银行 {n}"},
    "final_line": {"en": "{who}: {n} shields", "es": "{who}: {n} escudos", "zh": "{who}：{n} 盾"},
    "guess_note": {"en": "Goods and amounts are our guess ({f})", "es": "Bienes y cantidades: estimación nuestra ({f})",
                   "zh": "货物与金额为我们的估计（{f}）"},
    # engine refusals by kind (companion.errors.RuleError key/values; refusal())
    "rule.tm.closed": {"en": "The last auction is over: no card is bought, sold or withdrawn any more",
                       "es": "La última subasta terminó: ya no se compra, vende ni retira ninguna carta",
                       "zh": "最后一轮拍卖已结束：不能再买、卖或撤回牌"},
    "rule.tm.not_now": {"en": "Not now: {phase}", "es": "Ahora no: {phase}", "zh": "现在不行：{phase}"},
    "rule.tm.pick_early": {"en": "No card is picked before every bid and tie is settled; now {phase}",
                           "es": "No se elige carta hasta resolver pujas y empates; ahora {phase}",
                           "zh": "所有出价和平局解决前不能选牌；现在{phase}"},
    "phase.cards": {"en": "each player's card for the auction is revealed",
                    "es": "se revela la carta de cada jugador para la subasta", "zh": "亮出每人用于拍卖的牌"},
    "phase.bids": {"en": "the bids are revealed", "es": "se revelan las pujas", "zh": "亮出出价"},
    "phase.ties": {"en": "the tied players reveal what they add", "es": "los empatados revelan lo que añaden",
                   "zh": "平局玩家亮出加价"},
    "phase.flip": {"en": "a coin decides the tie", "es": "una moneda decide el empate", "zh": "掷硬币决定平局"},
    "phase.picks": {"en": "the winners pick their cards", "es": "los ganadores eligen sus cartas",
                    "zh": "赢家选牌"},
    "phase.sell": {"en": "each player may offer a card for sale or pass",
                   "es": "cada jugador puede poner una carta a la venta o pasar", "zh": "每人可出售一张牌或跳过"},
    "phase.leftover": {"en": "the card left in each hand is revealed", "es": "se revela la carta que queda en cada mano",
                       "zh": "亮出每人手中剩下的牌"},
    "phase.over": {"en": "the game is over", "es": "la partida ha terminado", "zh": "游戏已结束"},
    "rule.tm.cards_count": {"en": "One card per player: {n} needed, {given} given",
                            "es": "Una carta por jugador: hacen falta {n}, hay {given}",
                            "zh": "每人一张牌：需要 {n} 张，给了 {given} 张"},
    "rule.tm.unknown_card": {"en": "'{card}' is not a goods card", "es": "«{card}» no es una carta de bienes",
                             "zh": "“{card}”不是货物牌"},
    "rule.tm.card_seen": {"en": "{card} was already seen in this game: it cannot be in a hand",
                          "es": "{card} ya salió en esta partida: no puede estar en una mano",
                          "zh": "{card} 本局已出现过：不可能在手中"},
    "rule.tm.card_twice": {"en": "A card is given twice", "es": "Una carta aparece dos veces", "zh": "有一张牌出现了两次"},
    "rule.tm.card_entered": {"en": "{card} was entered by another player: check the card",
                             "es": "Otro jugador ya introdujo {card}: revisa la carta",
                             "zh": "{card} 已被其他玩家输入：请核对"},
    "rule.tm.bid_whole": {"en": "{who}: a bid is a whole number of shields, 0 or more",
                          "es": "{who}: la puja es un número entero de escudos, 0 o más",
                          "zh": "{who}：出价必须是 0 或以上的整数盾"},
    "rule.tm.bid_too_high": {"en": {"one": "{who} bids {bid} but has only {n} shield to bid (take a loan first?)",
                                    "other": "{who} bids {bid} but has only {n} shields to bid (take a loan first?)"},
                             "es": {"one": "{who} puja {bid} pero solo tiene {n} escudo para pujar (¿pedir préstamo?)",
                                    "other": "{who} puja {bid} pero solo tiene {n} escudos para pujar (¿pedir préstamo?)"},
                             "zh": {"other": "{who} 出价 {bid}，但只有 {n} 盾可出（先贷款？）"}},
    "rule.tm.bids_count": {"en": "Every player's bid together: {n} needed, {given} given",
                           "es": "Las pujas de todos a la vez: hacen falta {n}, hay {given}",
                           "zh": "所有人一起出价：需要 {n} 个，给了 {given} 个"},
    "rule.tm.no_tie_round": {"en": "No tie round is being played now", "es": "Ahora no hay desempate",
                             "zh": "现在没有平局加价"},
    "rule.tm.not_in_tie": {"en": "{who} is not in the tie being settled ({whom})",
                           "es": "{who} no está en el empate que se resuelve ({whom})",
                           "zh": "{who} 不在正在解决的平局中（{whom}）"},
    "rule.tm.add_whole": {"en": "{who}: add a whole number of shields, 0 or more",
                          "es": "{who}: añade un número entero de escudos, 0 o más", "zh": "{who}：加价必须是 0 或以上的整数盾"},
    "rule.tm.add_too_high": {"en": {"one": "{who} has {n} shield: a bid of {bid} plus {add} is more",
                                    "other": "{who} has {n} shields: a bid of {bid} plus {add} is more"},
                             "es": {"one": "{who} tiene {n} escudo: puja {bid} más {add} es demasiado",
                                    "other": "{who} tiene {n} escudos: puja {bid} más {add} es demasiado"},
                             "zh": {"other": "{who} 只有 {n} 盾：出价 {bid} 加 {add} 超出了"}},
    "rule.tm.tie_entries": {"en": "Give the added shields of {whom}", "es": "Indica los escudos que añaden {whom}",
                            "zh": "请输入 {whom} 的加价"},
    "rule.tm.tie_add_needed": {"en": "{who} is in the tie: their added shields (0 or more) are needed",
                               "es": "{who} está en el empate: falta lo que añade (0 o más)",
                               "zh": "{who} 在平局中：需要其加价（0 或以上）"},
    "rule.tm.adds_nothing": {"en": "{who} is not in the tie and adds nothing", "es": "{who} no está en el empate y no añade nada",
                             "zh": "{who} 不在平局中，不能加价"},
    "rule.tm.no_flip": {"en": "No tie is waiting for a coin flip", "es": "Ningún empate espera la moneda",
                        "zh": "没有等待掷硬币的平局"},
    "rule.tm.flip_order": {"en": "The coin decides between {whom}: each once, the winner first",
                           "es": "La moneda decide entre {whom}: cada uno una vez, el ganador primero",
                           "zh": "硬币在 {whom} 之间决定：每人一次，赢家在前"},
    "rule.tm.pick_order": {"en": "Cards are picked in bid order: it is {who}'s pick, not {other}'s",
                           "es": "Se elige por orden de puja: le toca a {who}, no a {other}",
                           "zh": "按出价顺序选牌：轮到 {who}，不是 {other}"},
    "rule.tm.not_in_centre": {"en": "{card} is not in the centre", "es": "{card} no está en el centro",
                              "zh": "{card} 不在中央"},
    "rule.tm.one_offer": {"en": "{who} has already offered a card or passed this round",
                          "es": "{who} ya puso una carta a la venta o pasó esta ronda", "zh": "{who} 本轮已出售或跳过"},
    "rule.tm.not_own_card": {"en": "{card} is not one of {who}'s face-up cards",
                             "es": "{card} no es una de las cartas boca arriba de {who}", "zh": "{card} 不是 {who} 面朝上的牌"},
    "rule.tm.already_on_sale": {"en": "{card} is already on sale", "es": "{card} ya está a la venta",
                                "zh": "{card} 已在出售中"},
    "rule.tm.price_one": {"en": "The price is the shields put on the card: at least 1",
                          "es": "El precio son los escudos puestos sobre la carta: al menos 1",
                          "zh": "价格就是放在牌上的盾：至少 1"},
    "rule.tm.price_too_high": {"en": {"one": "{who} has only {n} shield to put on the card",
                                      "other": "{who} has only {n} shields to put on the card"},
                               "es": {"one": "{who} solo tiene {n} escudo para poner en la carta",
                                      "other": "{who} solo tiene {n} escudos para poner en la carta"},
                               "zh": {"other": "{who} 只有 {n} 盾可放在牌上"}},
    "rule.tm.not_on_sale": {"en": "{card} is not on sale", "es": "{card} no está a la venta", "zh": "{card} 不在出售中"},
    "rule.tm.only_seller_withdraws": {"en": "{card} is {who}'s: only its seller takes it off sale",
                                      "es": "{card} es de {who}: solo quien vende la retira",
                                      "zh": "{card} 属于 {who}：只有卖家能撤回"},
    "rule.tm.withdraw_early": {"en": "The shields stay on {card} for one whole auction: withdraw it after the next picks",
                               "es": "Los escudos siguen en {card} una subasta entera: retírala tras las próximas elecciones",
                               "zh": "{card} 上的盾至少要放满一轮拍卖：下次选牌后才能撤回"},
    "rule.tm.only_seller": {"en": "{card} is {who}'s: only its seller chooses the buyer",
                            "es": "{card} es de {who}: solo quien vende elige al comprador",
                            "zh": "{card} 属于 {who}：只有卖家选择买家"},
    "rule.tm.claims": {"en": "The seller chooses between two or more other players who claimed the card",
                       "es": "Quien vende elige entre dos o más jugadores que reclamaron la carta",
                       "zh": "卖家在两名或以上抢牌的其他玩家中选择"},
    "rule.tm.buyer_claimant": {"en": "The buyer must be one of {whom}", "es": "Compra uno de estos: {whom}",
                               "zh": "买家必须是 {whom} 之一"},
    "rule.tm.seller_claims": {"en": "The seller cannot claim their own card", "es": "Quien vende no reclama su propia carta",
                              "zh": "卖家不能抢自己的牌"},
    "rule.tm.afford": {"en": {"one": "{card} costs {price} and {who} has {n} shield (take a loan first?)",
                              "other": "{card} costs {price} and {who} has {n} shields (take a loan first?)"},
                       "es": {"one": "{card} cuesta {price} y {who} tiene {n} escudo (¿pedir préstamo antes?)",
                              "other": "{card} cuesta {price} y {who} tiene {n} escudos (¿pedir préstamo antes?)"},
                       "zh": {"other": "{card} 要 {price} 盾，{who} 只有 {n}（先贷款？）"}},
    "rule.tm.own_card": {"en": "{who} is selling {card}: nobody buys their own card",
                         "es": "{who} vende {card}: nadie compra su propia carta", "zh": "{who} 在卖 {card}：不能买自己的牌"},
    "rule.tm.one_loan": {"en": "{who} already has a loan: one per player", "es": "{who} ya tiene un préstamo: uno por jugador",
                         "zh": "{who} 已有贷款：每人只能一次"},
    "rule.tm.no_secret": {"en": "No secret choice is due now", "es": "Ahora no toca ninguna elección secreta",
                          "zh": "现在没有需要秘密选择的步骤"},
    "rule.tm.not_asked": {"en": "{who} has no secret choice to make now", "es": "{who} no tiene que elegir nada en secreto ahora",
                          "zh": "{who} 现在无需秘密选择"},
    "rule.tm.waiting": {"en": "Waiting for {whom}", "es": "Falta: {whom}", "zh": "等待：{whom}"},
    "rule.no_player": {"en": "There is no player {seat}", "es": "No hay jugador {seat}", "zh": "没有第 {seat} 位玩家"},
    "rule.game_over": {"en": "The game is over", "es": "La partida ha terminado", "zh": "游戏已结束"},
}


def tr(key: str, lang: str = "en", **values) -> str:
    """The text of ``key`` in ``lang`` (falls back to English), formatted; a text
    given as CLDR plural categories takes the form of ``values["n"]`` (Babel)."""
    from printing.i18n import pick

    return pick(TEXTS[key], lang, **values)


def refusal(exc, state, lang: str = "en") -> str:
    """An engine refusal (RuleError with ``key``/``values``) in ``lang``: seats as
    the players' names, the phase in words; a kind without words of ours names its
    rule section in ``lang`` (ui.i18n), never the engine's English sentence."""
    from ui import i18n

    kind = getattr(exc, "key", "") or ""
    return refusal_from(kind, dict(getattr(exc, "values", {}) or {}), getattr(exc, "rule", ""), state, lang,
                        getattr(exc, "detail", ""))


def refusal_from(kind: str, values: dict, rule: str, state, lang: str = "en", detail: str = "") -> str:
    """:func:`refusal` from a report's kind, values and rule section."""
    from ui import i18n

    key = f"rule.{kind}"
    if kind and key in TEXTS:
        vals = dict(values)
        for name, other in (("seat", "who"), ("other", "other")):
            if isinstance(vals.get(name), int) and 0 <= vals[name] < len(state.players):
                vals[other] = state.players[vals[name]].name or tr("player", lang, n=vals[name] + 1)
        if isinstance(vals.get("seats"), (tuple, list)):
            vals["whom"] = ", ".join(state.players[q].name or tr("player", lang, n=q + 1)
                                     for q in vals["seats"] if isinstance(q, int) and 0 <= q < len(state.players))
        if "phase" in vals and f"phase.{vals['phase']}" in TEXTS:
            vals["phase"] = tr(f"phase.{vals['phase']}", lang)
        try:
            return tr(key, lang, **vals)
        except (KeyError, IndexError, ValueError):
            pass
    return i18n.rule_error_text(kind, values, rule, lang, detail)


#: The Turin Market observer's reports (companion.games.turin_market.observer), by key.
REPORTS: dict[str, dict[str, str]] = {
    "tm.area_unused": {"en": "{component} lies on an area no player uses", "es": "{component} está en un área que nadie usa",
                       "zh": "{component} 放在无人使用的区域"},
    "tm.card_twice": {"en": "card {card} is seen in two places", "es": "la carta {card} se ve en dos sitios",
                      "zh": "牌 {card} 出现在两个位置"},
    "tm.enter_price": {"en": "{who} put {card} up for sale: tap the shields on it",
                       "es": "{who} puso {card} a la venta: indica los escudos que tiene encima",
                       "zh": "{who} 出售 {card}：请输入牌上的盾数"},
    "tm.card_changed_hands": {"en": "{card} belongs to {who}: a card changes hands only when bought from the sale area",
                              "es": "{card} es de {who}: una carta solo cambia de dueño si se compra en la zona de venta",
                              "zh": "{card} 属于 {who}：牌只能通过在出售区购买易手"},
    "tm.card_misplaced": {"en": "{card} is not where the game has it: put it back",
                          "es": "{card} no está donde la partida la tiene: devuélvela a su sitio",
                          "zh": "{card} 不在应在的位置：请放回"},
    "tm.enter_reveal": {"en": "enter the secret choices in the app", "es": "introduce las elecciones secretas en la app",
                        "zh": "请在应用中输入秘密选择"},
    "tm.card_not_revealed": {"en": "cards {cards} were never revealed", "es": "las cartas {cards} no se revelaron",
                             "zh": "牌 {cards} 从未亮出"},
    "tm.move_token": {"en": "the {good} token goes to {who}", "es": "la ficha de {good} va a {who}",
                      "zh": "{good} 标记归 {who}"},
    "tm.goose": {"en": "the goose is with {who}", "es": "la oca está con {who}", "zh": "鹅在 {who} 处"},
    "tm.sell_or_pass": {"en": "{players}: put a card in the sale area or tap Pass",
                        "es": "{players}: pon una carta en la zona de venta o pulsa Pasar",
                        "zh": "{players}：把牌放到出售区或点“跳过”"},
    "centre_area": {"en": "the market board", "es": "el tablero del mercado", "zh": "市场板"},
    "nobody": {"en": "the centre", "es": "el centro", "zh": "中央"},
}


def report_text(report, state, lang: str = "en") -> str:
    """An observer report (companion.observing.Report) in ``lang``: seats become
    the players' names, goods their names; the report's English text when its key
    is not in :data:`REPORTS` (e.g. an engine rule message)."""
    if report.key == "tm.illegal":  # an engine refusal: by its kind, never its English sentence
        values = dict(report.params)
        return refusal_from(values.pop("kind", ""), values, values.pop("section", report.rule), state, lang,
                            report.text)
    row = REPORTS.get(report.key)
    if row is None:
        return report.text
    values = dict(report.params)
    seat = values.get("seat")
    if isinstance(seat, int):
        if seat < 0:
            values["who"] = tr_report("nobody" if report.key == "tm.move_token" else "centre_area", lang)
        else:
            values["who"] = state.players[seat].name or tr("player", lang, n=seat + 1)
    if "good" in values:
        names = state.catalog.good_names.get(values["good"], {})
        values["good"] = names.get(lang) or names.get("en") or values["good"]
    try:
        return (row.get(lang) or row["en"]).format(**values)
    except (KeyError, IndexError, ValueError):
        return report.text


def tr_report(key: str, lang: str) -> str:
    row = REPORTS[key]
    return row.get(lang) or row["en"]
