"""Turin Market's words on the app's table screen that the game brings itself
(es/en/zh; this package's gettext catalog, :data:`companion.games.turin_market.texts.WORDS`):
goods cards named by their goods, the start screen's setup choices (payment card,
a series of games), the loan and take-back questions, the series' totals. Pure
(no Kivy). Our own words.
"""

from __future__ import annotations

from .texts import WORDS, _join


def card_goods(card: str, lang: str, catalog) -> str:
    """A goods card as the goods it shows, most units first (``3 Truffles, 2
    Cocoa, 1 Cheese``), never its tag id; an id the catalog does not know is
    returned as given."""
    c = catalog.cards.get(card)
    if c is None:
        return card
    return _join((WORDS.say(lang, "units", "{n} {good}", n=u, good=catalog.good_name(g, lang))
                  for g, u in sorted(c.units.items(), key=lambda kv: -kv[1])), lang)


def payment_card_label(lang: str) -> str:
    return WORDS.say(lang, "app.payment_card", "Payment card")


def payment_card_name(name: str, lang: str, catalog) -> str:
    """The payment card ``classic`` / ``red`` in ``lang`` (data/goods.json)."""
    names = catalog.payment_card_names.get(name, {})
    return names.get(lang) or names.get("en") or name


def series_label(lang: str) -> str:
    return WORDS.say(lang, "app.series", "How many games")


def series_choice(n: int, lang: str) -> str:
    if n == 1:
        return WORDS.say(lang, "app.series_one", "One game")
    return WORDS.say(lang, "app.series_of", "A series of {n} games (totals added up)", n=n)


def loans_title(lang: str, amount: int, repay: int) -> str:
    return WORDS.say(lang, "app.loans_title", "Loans: +{amount} shields now, {repay} repaid at the end",
                     amount=amount, repay=repay)


def loan_button(who: str, lang: str) -> str:
    return WORDS.say(lang, "app.loan_button", "Loan for {who}", who=who)


def loan_ask(who: str, lang: str, amount: int, repay: int) -> str:
    return WORDS.say(lang, "app.loan_ask", "{who} takes a loan: +{amount} shields now, {repay} shields repaid at "
                     "the end (more if the bank pays for them). Take it?",
                     who=who, amount=amount, repay=repay)


def undo_button(lang: str) -> str:
    return WORDS.say(lang, "app.undo", "Take back…")


def undo_ask(move: str, lang: str) -> str:
    return WORDS.say(lang, "app.undo_ask", "Take back: {move}?", move=move)


def yes(lang: str) -> str:
    return WORDS.say(lang, "app.yes", "Yes")


def no(lang: str) -> str:
    return WORDS.say(lang, "app.no", "No")


def pick_title(who: str, lang: str) -> str:
    return WORDS.say(lang, "app.pick_title", "{who} takes which card from the centre?", who=who)


def withdraw_button(who: str, card: str, lang: str) -> str:
    return WORDS.say(lang, "app.withdraw", "{who} takes {card} off sale", who=who, card=card)


def choose_card(lang: str) -> str:
    return WORDS.say(lang, "app.choose_card", "Tap a card first")


def camera_off(lang: str) -> str:
    return WORDS.say(lang, "app.camera_wait", "Waiting for the camera's picture")


def series_game(k: int, n: int, lang: str) -> str:
    return WORDS.say(lang, "app.series_game", "Game {k} of {n}", k=k, n=n)


def series_line(who: str, total: int, lang: str) -> str:
    return WORDS.sayn(lang, "app.series_line", "{who}: {n} shield in the series", "{who}: {n} shields in the series",
                      total, who=who)


def series_next(k: int, n: int, lang: str) -> str:
    return WORDS.say(lang, "app.series_next", "Start game {k} of {n}", k=k, n=n)


def series_over(who: str, total: int, lang: str) -> str:
    return WORDS.sayn(lang, "app.series_over", "Series over: {who} wins with {n} shield in total",
                      "Series over: {who} wins with {n} shields in total", total, who=who)


def series_ask(k: int, n: int, lang: str) -> str:
    return WORDS.say(lang, "app.series_ask", "Start game {k} of {n} with the same players? Shuffle and deal the "
                     "cards again first.", k=k, n=n)
