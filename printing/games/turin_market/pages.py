"""Turin Market's printed pages (``GameSpec.pages``), drawn with printing.layout's Canvas.

- :func:`render_round_receipt` -- one auction: the cards in the centre, every bid
  (plus tie-round additions), why each player paid what they paid (winners the
  whole bid, losers half rounded down, 0 ties), coin flips, the picks in order,
  the cards discarded, the shields paid to the bank.
- :func:`render_payout_receipt` -- the final payouts good by good, top to bottom of
  the payment card: units per player, who has the majority and takes how much, who
  pays 1 shield, forced loans and shields the bank paid; then shields back from
  unsold cards, loans repaid, the final shields and the winners; the data files the
  amounts come from (our best guess).

Numbers come from the engine (companion.games.turin_market) unchanged. Widths: 384
(58 mm) or 576 (80 mm) dots, or the printer's own (printing.pages.PageRequest.width).
Raises DocumentError for a bad width or language, a round not played or a game not
over.

:func:`pages` answers a page request (printing.pages): press N is auction round N,
``"all"`` every finished round, ``"final"`` the payouts. The receipts are for the
whole table (a request's ``player`` changes nothing).
"""

from __future__ import annotations

from companion.gettext_po import N_, NP_  # noqa: F401  (NP_: counts)

from printing.i18n import PrintTexts, game_when, joined, pick
from printing.layout import Canvas
from printing.pages import DocumentError, NoSuchPage, Page, PageRequest, check_lang, data_file_names

#: Our own words, es/en/zh.
#: LABELS: {key: text} declared for gettext (context "turin.labels.<key>")
N_("turin.labels.title", "TURIN MARKET")
N_("turin.labels.round", "Auction round {n}")
N_("turin.labels.player", "Player {n}")
N_("turin.labels.centre", "Cards in the centre")
N_("turin.labels.bids", "Bids")
N_("turin.labels.bid", "bid {b}")
N_("turin.labels.bid_tie", "bid {b} + {a} in the tie = {t}")
NP_("turin.labels.won", "wins {n} card, pays the whole bid", "wins {n} cards, pays the whole bid")
N_("turin.labels.lost", "wins nothing, pays half ({t} / 2, rounded down)")
N_("turin.labels.zero_tie", "tied with 0: no card, pays half")
N_("turin.labels.no_bid", "no bid: pays nothing")
N_("turin.labels.pays", "pays {p}")
N_("turin.labels.flip", "Coin flip: {order}")
N_("turin.labels.picks", "Picks")
N_("turin.labels.took", "{who} takes {card}")
N_("turin.labels.discarded", "Discarded: {cards}")
N_("turin.labels.to_bank", "Shields to the bank")
# CLDR plural categories (Babel) -> words; "other" is every count a form is missing for
NP_("turin.labels.shields", "{n} shield", "{n} shields")
N_("turin.labels.payouts", "Final payouts")
N_("turin.labels.card", "Payment card: {c}")
N_("turin.labels.returned", "Back from unsold cards")
N_("turin.labels.bank_pays", "bank {n}")
N_("turin.labels.units", "Units: {u}")
N_("turin.labels.nobody", "nobody has any: no payout")
N_("turin.labels.majority", "{who}: majority")
N_("turin.labels.shared", "{who}: shared majority")
# where a majority's shields come from
NP_("turin.labels.from_bank", "{n} shield from the bank", "{n} shields from the bank")
NP_("turin.labels.from_players", "{n} shield paid by {who}", "{n} shields paid by {who}")
NP_("turin.labels.from_bank_for", "{n} shield the bank pays for {who}", "{n} shields the bank pays for {who}")
NP_("turin.labels.from_rounding", "{n} shield the bank adds to split it evenly",
    "{n} shields the bank adds to split it evenly")
N_("turin.labels.each", "+{n} each")
N_("turin.labels.minority", "{who} pays 1")
N_("turin.labels.forced", "{who} has no shield: takes a loan")
N_("turin.labels.bank_paid", "the bank pays for {who}: 2 on the loan card")
N_("turin.labels.after", "After the payouts")
N_("turin.labels.repaid", "Loans repaid")
N_("turin.labels.final", "Final shields")
N_("turin.labels.winner", "winner")
N_("turin.labels.values", "Goods and amounts: our guess, in {f}")
LABELS = PrintTexts("turin.labels.", [
    "title", "round", "player", "centre", "bids", "bid", "bid_tie", "won", "lost", "zero_tie",
    "no_bid", "pays", "flip", "picks", "took", "discarded", "to_bank", "shields", "payouts", "card",
    "returned", "bank_pays", "units", "nobody", "majority", "shared", "each", "minority", "forced",
    "bank_paid", "after", "repaid", "final", "winner", "values", "from_bank", "from_players", "from_bank_for",
    "from_rounding",
])


def label(key: str, lang: str, **kw) -> str:
    """``LABELS[key]`` in ``lang`` (printing.i18n.pick: English fallback, CLDR plurals)."""
    return pick(LABELS[key], lang, **kw)


def who(state, seat: int, lang: str = "en") -> str:
    """A player's name as printed (their name, else "Player n")."""
    return state.players[seat].name or label("player", lang, n=seat + 1)


def good_name(state, good: str, lang: str) -> str:
    names = state.catalog.good_names[good]
    return names.get(lang) or names["en"]


def card_text(state, card: str, lang: str) -> str:
    """``"T07 (3 Olive oil, 2 Rice, 1 Truffles)"`` in ``lang``."""
    units = sorted(state.catalog.cards[card].units.items(), key=lambda kv: -kv[1])
    return f"{card} ({', '.join(f'{n} {good_name(state, g, lang)}' for g, n in units)})"


def _canvas(width: int, lang: str) -> Canvas:
    check_lang(lang)
    return Canvas(width, lang=lang)  # DocumentError for a width no page is drawn at


def render_round_receipt(state, round_no: int, lang: str = "en", width: int = 384, game_id: str = "game"):
    """The receipt of auction ``round_no`` (1-based, a finished round of
    ``state.history``). Raises DocumentError for a round not finished yet."""
    rounds = {a.round: a for a in state.history}
    if round_no not in rounds:
        done = ", ".join(str(r) for r in sorted(rounds)) or "none"
        raise DocumentError(f"round {round_no} has not been played to its picks (finished: {done})")
    a = rounds[round_no]
    cv = _canvas(width, lang)
    cv.para(label("title", lang), 24, serif=True, align="center")
    cv.para(joined(label('round', lang, n=round_no), game_when(game_id, lang)), 14, align="center")
    cv.rule(2, double=True, gap=2)
    cv.para(label("centre", lang), 16, bold=True)
    for c in a.centre:
        cv.para(card_text(state, c, lang), 14)
    cv.rule(1)
    cv.para(label("bids", lang), 16, bold=True)
    order = sorted(range(state.n_players), key=lambda p: (a.position_of(p) if a.position_of(p) is not None
                                                          else 99, p))
    for p in order:
        add = a.adds[p] if a.adds and a.adds[p] is not None else None
        bid = (label("bid", lang, b=a.bids[p]) if add is None
               else label("bid_tie", lang, b=a.bids[p], a=add, t=a.totals[p]))
        cv.row(f"{who(state, p, lang)}: {bid}", label("pays", lang, p=a.payments[p]), 15, bold=p in a.winners)
        why = a.outcome(p)
        text = {"won": label("won", lang, n=a.cards_won(p)), "lost": label("lost", lang, t=a.totals[p]),
                "zero_tie": label("zero_tie", lang), "no_bid": label("no_bid", lang)}.get(why, "")
        cv.para(text, 13, x0=cv.margin + 16)
    for flip in a.flips:
        cv.para(label("flip", lang, order=" > ".join(who(state, p, lang) for p in flip)), 14)
    cv.row(label("to_bank", lang), label("shields", lang, n=sum(x or 0 for x in a.payments)), 15, bold=True)
    if a.picks:
        cv.rule(1)
        cv.para(label("picks", lang), 16, bold=True)
        for i, (p, c) in enumerate(a.picks, 1):
            cv.para(f"{i}. " + label("took", lang, who=who(state, p, lang), card=card_text(state, c, lang)), 14)
    if a.discarded:
        cv.para(label("discarded", lang, cards=", ".join(a.discarded)), 14)
    return cv.finish()


def payout_sources(state, g, lang: str) -> str:
    """Where a majority's shields come from (GoodPayout.sources): the bank's amount,
    the 1-shield payments and who made them, what the bank pays for players with
    no shield, what it adds to split the pot evenly; joined with " + "."""
    due = state.catalog.minority_payment
    bank, payers, covered, rounding = g.sources(due)
    names = lambda seats: ", ".join(who(state, p, lang) for p in seats)  # noqa: E731
    parts = [label("from_bank", lang, n=bank)]
    if payers:
        parts.append(label("from_players", lang, n=due * len(payers), who=names(payers)))
    if covered:
        parts.append(label("from_bank_for", lang, n=due * len(covered), who=names(covered)))
    if rounding:
        parts.append(label("from_rounding", lang, n=rounding))
    return " + ".join(parts)


def render_payout_receipt(state, lang: str = "en", width: int = 384, game_id: str = "game"):
    """The final payouts receipt (see the module docstring). Raises DocumentError
    when the game is not over."""
    f = state.final
    if f is None:
        raise DocumentError("the game is not over yet: the final payouts come after the last auction")
    cv = _canvas(width, lang)
    n = state.n_players
    cv.para(label("title", lang), 24, serif=True, align="center")
    cv.para(joined(label('payouts', lang), game_when(game_id, lang)), 14, align="center")
    names = state.catalog.payment_card_names[f.payment_card]
    cv.para(label("card", lang, c=names.get(lang) or names["en"]), 14, align="center")
    cv.rule(2, double=True, gap=2)
    if any(f.returned_from_sale):
        cv.para(label("returned", lang), 15, bold=True)
        for p in range(n):
            if f.returned_from_sale[p]:
                cv.row(who(state, p, lang), f"+{f.returned_from_sale[p]}", 14, indent=8)
        cv.rule(1)
    for g in f.payouts:
        cv.row(good_name(state, g.good, lang), label("bank_pays", lang, n=g.bank_amount), 16, bold=True)
        units = " · ".join(f"{who(state, p, lang)} ×{g.units[p]}" for p in range(n))
        cv.para(label("units", lang, u=units), 13, x0=cv.margin + 8)
        if not g.majority:
            cv.para(label("nobody", lang), 13, x0=cv.margin + 8)
            continue
        names_major = ", ".join(who(state, p, lang) for p in g.majority)
        if len(g.majority) == 1:
            cv.row(label("majority", lang, who=names_major), f"+{g.share}", 14, indent=8)
        else:
            cv.row(label("shared", lang, who=names_major), label("each", lang, n=g.share), 14, indent=8)
        cv.para(payout_sources(state, g, lang), 13, x0=cv.margin + 16)
        for p in g.minority:
            if p in g.bank_paid_for:
                cv.para(label("bank_paid", lang, who=who(state, p, lang)), 13, x0=cv.margin + 8)
            else:
                cv.row(label("minority", lang, who=who(state, p, lang)), "-1", 13, indent=8)
            if p in g.forced_loans:
                cv.para(label("forced", lang, who=who(state, p, lang)), 13, x0=cv.margin + 16)
    cv.rule(1)
    cv.para(label("after", lang), 15, bold=True)
    for p in range(n):
        cv.row(who(state, p, lang), str(f.before_repayment[p]), 14, indent=8)
    if any(f.repaid):
        cv.para(label("repaid", lang), 15, bold=True)
        for p in range(n):
            if f.repaid[p]:
                cv.row(who(state, p, lang), f"-{f.repaid[p]}", 14, indent=8)
    cv.rule(2, double=True, gap=2)
    cv.para(label("final", lang), 17, bold=True)
    for p in sorted(range(n), key=lambda q: (-f.scores[q], q)):
        mark = f" · {label('winner', lang)}" if p in f.winners else ""
        cv.row(f"{who(state, p, lang)}{mark}", label("shields", lang, n=f.scores[p]), 16, bold=p in f.winners)
    cv.rule(1)
    cv.para(label("values", lang, f=data_file_names(f.data_files)), 11)
    return cv.finish()


def colours(state) -> tuple[str, ...]:
    """No seat has a colour in Turin Market: players are named by seat number."""
    return tuple("" for _ in state.players)


def pages(state, request: PageRequest) -> list[Page]:
    """Turin Market's receipts for ``request`` (module docstring). Raises NoSuchPage
    when no round is finished yet, or for a start page (Turin Market prints none);
    DocumentError for a round not played yet or payouts before the end."""
    lang, width, game_id = request.lang, request.width, request.game_id
    if request.what == "final":
        return [Page(f"{game_id}-payouts", render_payout_receipt(state, lang, width, game_id))]
    if request.what == "start":
        raise NoSuchPage("Turin Market prints no page at the start: a receipt comes after each auction round")
    rounds = [a.round for a in state.history]
    if request.what == "all":
        if not rounds:
            raise NoSuchPage("no auction round finished yet")
        chosen = rounds
    else:
        chosen = [request.press]
    return [Page(f"{game_id}-round{r:02d}", render_round_receipt(state, r, lang, width, game_id)) for r in chosen]
