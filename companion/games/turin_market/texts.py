"""Turin Market in players' words (es/en/zh): what an action did and where each
player's shields come from.

The words are this package's own gettext catalog
(``locale/<lang>/LC_MESSAGES/turin_market.po``, :class:`companion.gettext_po.Words`;
``bash scripts/i18n.sh`` extracts them); the goods' names are data
(``data/goods.json``). A goods card is named by the goods it shows (``card of 3
truffles, 2 cocoa, 1 cheese``), never its tag id; a player by the name they gave,
else the colour of the area they play on (companion.naming.player_name). Our own words.
"""

from __future__ import annotations

from companion.gettext_po import Words
from companion import naming
from companion.registry import ScoreLine, ScoreSheet, SeatScore

from .actions import (Buy, ChooseBuyer, FlipCoin, OfferForSale, PassSale, Pick, RevealBids, RevealCards,
                      RevealLeftovers, RevealTieBids, TakeLoan, Withdraw)

WORDS = Words(__package__)


def _join(items, lang: str) -> str:
    return WORDS.say(lang, "list.separator", ", ").join(items)


def player_name(state, seat: int, lang: str) -> str:
    """The player at ``seat`` as every place names them (companion.naming.player_name):
    their given name, else the colour chosen, else the colour of the area they play on
    (seat ``i`` plays on area ``tags.COLOURS[i]``), in ``lang``."""
    from .tags import COLOURS

    players = getattr(state, "players", ())
    p = players[seat] if 0 <= seat < len(players) else None
    colour = (getattr(p, "colour", "") or "") or (COLOURS[seat] if 0 <= seat < len(COLOURS) else "")
    return naming.player_name(getattr(p, "name", ""), colour, seat, lang)


def card_name(card: str, lang: str, catalog) -> str:
    """A goods card by the goods it shows, most units first: ``card of 3 truffles, 2
    cocoa, 1 cheese``; an id the catalog does not know is returned as given."""
    c = catalog.cards.get(card)
    if c is None:
        return card
    goods = _join((WORDS.say(lang, "units", "{n} {good}", n=u, good=catalog.good_name(g, lang))
                   for g, u in sorted(c.units.items(), key=lambda kv: -kv[1])), lang)
    return WORDS.say(lang, "card", "card of {goods}", goods=goods)


def describe_action(action, state, lang: str) -> str:
    """One sentence in ``lang`` saying what ``action`` did (Turin Market: auction
    steps 1-5, loans), e.g. ``Ana buys the card of 3 rice, 2 wine, 1 oil``;
    ``state``: the game before or after it. ValueError for a language other than es,
    en, zh."""
    a = action
    cat = state.catalog

    def who(seat: int) -> str:
        return player_name(state, seat, lang)

    def cards(ids) -> str:
        return WORDS.say(lang, "list.cards", "; ").join(card_name(c, lang, cat) for c in ids)

    if isinstance(a, RevealCards):
        text = WORDS.say(lang, "act.reveal_cards", "Cards up for auction: {cards}", cards=cards(a.cards))
    elif isinstance(a, RevealLeftovers):
        text = WORDS.say(lang, "act.reveal_leftovers", "Cards left in hand: {cards}", cards=cards(a.cards))
    elif isinstance(a, RevealBids):
        bids = _join((WORDS.say(lang, "bid", "{name} {bid}", name=who(p), bid=b) for p, b in enumerate(a.bids)), lang)
        text = WORDS.say(lang, "act.reveal_bids", "Bids: {bids}", bids=bids)
    elif isinstance(a, RevealTieBids):
        adds = _join((WORDS.say(lang, "add", "{name} +{add}", name=who(p), add=x)
                      for p, x in enumerate(a.adds) if x is not None), lang)
        text = WORDS.say(lang, "act.reveal_tie_bids", "Tie round, shields added: {adds}", adds=adds)
    elif isinstance(a, FlipCoin):
        text = WORDS.say(lang, "act.flip_coin", "Coin flip, in this order: {order}",
                         order=_join((who(p) for p in a.order), lang))
    elif isinstance(a, Pick):
        text = WORDS.say(lang, "act.pick", "{name} picks the {card}", name=who(a.player),
                         card=card_name(a.card, lang, cat))
    elif isinstance(a, OfferForSale):
        text = WORDS.sayn(lang, "act.offer", "{name} offers the {card} for {n} shield",
                          "{name} offers the {card} for {n} shields", a.price, name=who(a.player),
                          card=card_name(a.card, lang, cat))
    elif isinstance(a, PassSale):
        text = WORDS.say(lang, "act.pass_sale", "{name} offers nothing for sale", name=who(a.player))
    elif isinstance(a, Withdraw):
        text = WORDS.say(lang, "act.withdraw", "{name} takes the {card} off sale", name=who(a.player),
                         card=card_name(a.card, lang, cat))
    elif isinstance(a, Buy):
        text = WORDS.say(lang, "act.buy", "{name} buys the {card}", name=who(a.player),
                         card=card_name(a.card, lang, cat))
    elif isinstance(a, ChooseBuyer):
        text = WORDS.say(lang, "act.choose_buyer", "{claimants} claim the {card} at once; {name} sells it to "
                         "{buyer}", claimants=_join((who(p) for p in a.claimants), lang),
                         card=card_name(a.card, lang, cat), name=who(a.player), buyer=who(a.buyer))
    elif isinstance(a, TakeLoan):
        text = WORDS.say(lang, "act.loan", "{name} takes a loan", name=who(a.player))
    else:
        raise TypeError(f"not a Turin Market action: {a!r}")
    return text


def score_sheet(state, lang: str) -> ScoreSheet:
    """Each player's shields (Turin Market: final payouts and loans). While the game
    runs: the purse, the shields on cards for sale and what the loan card owes. Once
    over, from the engine's final result: the shields taken back from unsold cards,
    each good's payout (the majority's share, a minority's payment), loans taken to
    pay, and loans repaid; the first line is what the purse held before. The lines
    of a seat add up to its shields (``state.scores``)."""
    cat = state.catalog
    n = state.n_players
    f = state.final
    seats = []
    for q in range(n):
        lines: list[ScoreLine] = []
        if f is None:
            lines.append(ScoreLine(WORDS.say(lang, "sheet.purse", "Purse"), state.purse[q]))
            if state.on_sale[q]:
                lines.append(ScoreLine(WORDS.say(lang, "sheet.on_sale", "On cards for sale"), state.on_sale[q]))
            if state.debt[q]:
                lines.append(ScoreLine(WORDS.say(lang, "sheet.debt", "Owed on the loan card"), -state.debt[q]))
            total = state.scores[q]
        else:
            later = []
            if f.returned_from_sale[q]:
                later.append(ScoreLine(WORDS.say(lang, "sheet.returned", "Taken back from unsold cards"),
                                       f.returned_from_sale[q]))
            for g in f.payouts:
                good = cat.good_name(g.good, lang)
                if q in g.majority:
                    later.append(ScoreLine(WORDS.say(lang, "sheet.majority", "{good}: majority", good=good), g.share))
                if g.paid[q]:
                    later.append(ScoreLine(WORDS.say(lang, "sheet.minority", "{good}: minority pays", good=good),
                                           -g.paid[q]))
                if q in g.forced_loans:
                    later.append(ScoreLine(WORDS.say(lang, "sheet.forced_loan", "{good}: loan taken to pay",
                                                     good=good), cat.loan_amount))
            if f.repaid[q]:
                later.append(ScoreLine(WORDS.say(lang, "sheet.repaid", "Loans repaid"), -f.repaid[q]))
            total = f.scores[q]
            purse = total - sum(line.amount for line in later)  # the purse after the last auction
            lines = [ScoreLine(WORDS.say(lang, "sheet.purse_before", "Purse after the last auction"), purse)] + later
        seats.append(SeatScore(q, player_name(state, q, lang), total, tuple(lines)))
    from . import GAME

    return ScoreSheet(GAME.unit(lang), tuple(seats), f is not None)
