"""Scoop's dial words for players (es/en/zh): the signals the dial's window shows
and what they mean, the dial's terminal words, story types and money (Babel's
currency pattern). Plain tables with no import from the rest of the game, so the
dial (``dial.py``) and the engine can word a signal without importing the texts of
actions (``texts.py``, which imports the engine). Our own short wording (no
rulebook sentences).
"""

from __future__ import annotations

import re

LANGS = ("es", "en", "zh")

#: signal -> lang -> (what the window shows, what it means)
SIGNALS: dict[str, dict[str, tuple[str, str]]] = {
    "three_star": {
        "en": ("THREE STAR", "The editor gives your story three stars: take a three-star story, or your own."),
        "es": ("TRES ESTRELLAS", "El editor da tres estrellas a tu historia: toma una de tres estrellas, o la tuya."),
        "zh": ("三星", "编辑给你的新闻评了三星：拿一张三星新闻，或拿你自己的新闻。"),
    },
    "extra": {
        "en": ("EXTRA", "A special edition: take your story and $200 from every other player."),
        "es": ("EXTRA", "Edición especial: toma tu historia y cobra $200 a cada otro jugador."),
        "zh": ("号外", "出特刊：拿走你的新闻，并向其他每位玩家收取 $200。"),
    },
    "press": {
        "en": ("PRESS", "Take your story, or go to press now: the game ends and you get $1,500."),
        "es": ("PRENSA", "Toma tu historia, o manda ya a imprenta: el juego termina y recibes $1,500."),
        "zh": ("付印", "拿走你的新闻，或立即付印：游戏结束，你获得 $1,500。"),
    },
    "synd": {
        "en": ("SYND", "Other papers buy your story: take it and $500 from every other player."),
        "es": ("SINDICADA", "Otros periódicos compran tu historia: tómala y cobra $500 a cada otro jugador."),
        "zh": ("联合发稿", "其他报纸买下你的新闻：拿走它，并向其他每位玩家收取 $500。"),
    },
    "ok": {
        "en": ("OK", "Approved: take your story."),
        "es": ("OK", "Aprobada: toma tu historia."),
        "zh": ("通过", "批准发表：拿走你的新闻。"),
    },
    "kill": {
        "en": ("KILL IT", "Spiked: no story. Discard the three cards and buy new ones at $100 each."),
        "es": ("DESCÁRTALA", "Rechazada: no hay historia. Descarta las tres cartas y compra otras a $100 cada una."),
        "zh": ("枪毙", "被否决：没有新闻。弃掉这三张牌，每张 $100 买新牌。"),
    },
    "libel": {
        "en": ("X", "Libel: it cannot run. No story; buy new cards at $100 each."),
        "es": ("X", "Difamación: no se puede publicar. No hay historia; compra cartas a $100 cada una."),
        "zh": ("X", "诽谤：不能刊登。没有新闻；每张 $100 买新牌。"),
    },
    "editor": {
        "en": ("!!!", "The editor wants to see you. No story; buy new cards at $100 each."),
        "es": ("!!!", "El editor quiere verte. No hay historia; compra cartas a $100 cada una."),
        "zh": ("!!!", "编辑要见你。没有新闻；每张 $100 买新牌。"),
    },
}

#: Terminal dial words: key -> lang -> text (str.format fields).
UI: dict[str, dict[str, str]] = {
    "commitment": {"en": "Dial commitment (SHA-256 of the secret seed; note it down): {c}",
                   "es": "Compromiso del dial (SHA-256 de la semilla secreta; apúntalo): {c}",
                   "zh": "拨号承诺值（秘密种子的 SHA-256；请记下）：{c}"},
    "numbers": {"en": "Telephone cards: {n}", "es": "Tarjetas telefónicas: {n}", "zh": "电话牌：{n}"},
    "prompt": {"en": "Number to dial (0-9), q to hang up: ", "es": "Número a marcar (0-9), q para colgar: ",
               "zh": "要拨的号码（0-9），输入 q 挂断："},
    "bad": {"en": "Dial one digit, 0 to 9 (the digits 0123456789, as on the cards).",
            "es": "Marca un solo dígito, del 0 al 9 (las cifras 0123456789, como en las cartas).",
            "zh": "请拨一位数字，0 到 9（即 0123456789，与卡片上相同）。"},
    "seed": {"en": {"one": "{k} call. The seed, revealed: {s}\nAnyone can check: companion dial verify {log}",
                    "other": "{k} calls. The seed, revealed: {s}\nAnyone can check: companion dial verify {log}"},
             "es": {"one": "{k} llamada. La semilla, revelada: {s}\nCualquiera puede comprobarlo: companion dial verify {log}",
                    "other": "{k} llamadas. La semilla, revelada: {s}\nCualquiera puede comprobarlo: companion dial verify {log}"},
             "zh": "共 {k} 次通话。公开种子：{s}\n任何人都可以核对：companion dial verify {log}"},
    "not_on_card": {"en": "{d} is on no telephone card: dial the number on your telephone card ({n}).",
                    "es": "El {d} no está en ninguna tarjeta telefónica: marca el número de tu tarjeta ({n}).",
                    "zh": "{d} 不在任何电话牌上：请拨你电话牌上的号码（{n}）。"},
    "wheel": {"en": "Wheel: {w} ({f})", "es": "Rueda: {w} ({f})", "zh": "信号轮：{w}（{f}）"},
    "wheel_shipped": {"en": "Wheel: {w}", "es": "Rueda: {w}", "zh": "信号轮：{w}"},
    "wheel_standard": {"en": "the standard one", "es": "la estándar", "zh": "标准"},
}

#: Story type names (es/en/zh), shown on the dial and printed pages.
STORY_NAMES: dict[str, dict[str, str]] = {
    "sport": {"en": "Sport", "es": "Deportes", "zh": "体育"},
    "crime": {"en": "Crime", "es": "Sucesos", "zh": "犯罪"},
    "politics": {"en": "Politics", "es": "Política", "zh": "政治"},
    "foreign": {"en": "Foreign", "es": "Internacional", "zh": "国际"},
    "society": {"en": "Society", "es": "Sociedad", "zh": "社会"},
    "star": {"en": "Star Story", "es": "Historia estrella", "zh": "明星新闻"},
    "three_star": {"en": "Three-star story", "es": "Tres estrellas", "zh": "三星新闻"},
}


def story_name(kind: str, lang: str = "en") -> str:
    """A story type's name in ``lang`` (a type from a house-rule data file without a
    translation: its id with spaces, capitalised)."""
    row = STORY_NAMES.get(kind)
    return (row.get(lang) or row["en"]) if row else kind.replace("-", " ").replace("_", " ").capitalize()


def money(v: int, lang: str = "en") -> str:
    """Dollars in ``lang``'s CLDR currency pattern (Babel), whole dollars: en/zh
    ``$1,200``, es ``1.200 $``. Raises babel's UnknownLocaleError for an unknown lang."""
    from babel import Locale
    from babel.numbers import format_decimal

    pattern = Locale.parse(lang).currency_formats["standard"].pattern
    pattern = re.sub(r"[.]0+", "", pattern.split(";")[0]).replace("\u00a4", "$")
    return format_decimal(v, format=pattern, locale=lang)


def signal_text(signal: str, lang: str = "en") -> tuple[str, str]:
    """(window text, meaning) of a signal in ``lang`` (English if unknown), its
    amounts in ``lang``'s money format (:func:`money`)."""
    row = SIGNALS[signal]
    head, meaning = row.get(lang) or row["en"]
    return head, re.sub(r"\$(\d[\d,]*)", lambda m: money(int(m.group(1).replace(",", "")), lang), meaning)


def ui(key: str, lang: str = "en", **kw) -> str:
    """``UI[key]`` in ``lang``; a text with plural forms takes the CLDR plural
    category (Babel) of its count ``k``."""
    row = UI[key]
    text = row.get(lang) or row["en"]
    if isinstance(text, dict):
        from babel import Locale

        text = text.get(Locale.parse(lang).plural_form(kw["k"]), text["other"])
    return text.format(**kw)
