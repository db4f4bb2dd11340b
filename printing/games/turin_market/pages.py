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
whole table (a request's ``player`` changes nothing). :func:`pages_due`: a finished
round makes its receipt due, the end the payouts. :func:`end_pages`: at the end the
last auction round's receipt beside the payouts.
"""

from __future__ import annotations

from companion.gettext_po import N_, NP_  # noqa: F401  (NP_: counts)

from printing.i18n import PrintTexts, game_when, joined, pick
from printing.layout import Canvas
from companion.clitext import tx
from printing.pages import DocumentError, NoSuchPage, Page, PageRequest, check_lang

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
N_("turin.labels.returned", "From unsold cards")
N_("turin.labels.nobody", "nobody has any: no payout")
N_("turin.labels.after", "After the payouts")
N_("turin.labels.repaid", "Loans repaid")
N_("turin.labels.final", "Final shields")
N_("turin.labels.values", "Goods and amounts are our estimates")
# the final payouts as a table
N_("turin.labels.seat", "P{n}")
N_("turin.labels.legend", "Each good: its shields on the payment card; per player the units held: the shields taken (+) "
   "or paid (-)")
N_("turin.labels.held", "Before the payouts")
N_("turin.labels.x_bank", "{n} bank")
N_("turin.labels.x_paid", "{n} paid by {who}")
N_("turin.labels.x_covered", "{n} bank for {who}")
N_("turin.labels.x_rounding", "{n} to split evenly")
N_("turin.labels.x_one", "= {pot} to {who}")
N_("turin.labels.x_split", "= {pot}: {n} each to {who}")
N_("turin.labels.loans", "Loans taken")
N_("turin.labels.won_by", "Winner: {who}, {s}")
N_("turin.labels.won_shared", "Shared victory: {who}, {s} each")
N_("turin.labels.mark_L", "L: no shield to pay with: took a loan of {n}")
N_("turin.labels.mark_B", "B: no shield and a loan already: the bank paid, {d} more on the loan card")
LABELS = PrintTexts("turin.labels.", [
    "title", "round", "player", "centre", "bids", "bid", "bid_tie", "won", "lost", "zero_tie",
    "no_bid", "pays", "flip", "picks", "took", "discarded", "to_bank", "shields", "payouts", "card",
    "returned", "nobody", "after", "repaid", "final", "values", "seat", "legend", "held", "x_bank", "x_paid",
    "x_covered", "x_rounding", "x_one", "x_split", "loans", "won_by", "won_shared", "mark_L", "mark_B",
])


def label(key: str, lang: str, **kw) -> str:
    """``LABELS[key]`` in ``lang`` (printing.i18n.pick: English fallback, CLDR plurals)."""
    return pick(LABELS[key], lang, **kw)


def who(state, seat: int, lang: str = "en") -> str:
    """A player's name as printed: the one rule of every place
    (companion.games.turin_market.texts.player_name: their name, else their area's
    colour in ``lang``)."""
    from companion.games.turin_market.texts import player_name

    return player_name(state, seat, lang)


def good_name(state, good: str, lang: str) -> str:
    names = state.catalog.good_names[good]
    return names.get(lang) or names["en"]


def card_text(state, card: str, lang: str) -> str:
    """A goods card in ``lang`` by the goods it shows, as every place names it
    (companion.games.turin_market.texts.card_name): ``"card of 3 Olive oil, 2 Rice,
    1 Truffles"``; never its tag id."""
    from companion.games.turin_market.texts import card_name

    return card_name(card, lang, state.catalog)


def _canvas(width: int, lang: str) -> Canvas:
    check_lang(lang)
    return Canvas(width, lang=lang)  # DocumentError for a width no page is drawn at


def render_round_receipt(state, round_no: int, lang: str = "en", width: int = 384, game_id: str = "game"):
    """The receipt of auction ``round_no`` (1-based, a finished round of
    ``state.history``). Raises DocumentError for a round not finished yet."""
    rounds = {a.round: a for a in state.history}
    if round_no not in rounds:
        done = ", ".join(str(r) for r in sorted(rounds)) or tx("print.tm_none_yet", "none")
        raise DocumentError(tx("print.tm_round", "round {round} has not been played to its picks (finished: "
                               "{done})", round=round_no, done=done))
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
        cv.para(label("discarded", lang, cards="; ".join(card_text(state, c, lang) for c in a.discarded)), 14)
    return cv.finish()


def payout_changes(state) -> tuple[list[int], list[list[int]], list[int]]:
    """How each player's shields move in the final payouts (Turin Market: final
    payouts), from the engine's FinalResult: ``(held, per_good, loans)``: the shields
    each held when the payouts began, per good (payout order) each player's change
    (+ the majority's share, - the 1 shield a minority player paid; 0 where the bank
    paid for them), and the shields of the loans taken to pay. With the shields back
    from unsold cards they add up to ``final.before_repayment``."""
    f = state.final
    n = state.n_players
    per_good = [[(g.share if p in g.majority else 0) - g.paid[p] for p in range(n)] for g in f.payouts]
    loans = [state.catalog.loan_amount * sum(p in g.forced_loans for g in f.payouts) for p in range(n)]
    held = [f.before_repayment[p] - f.returned_from_sale[p] - loans[p] - sum(d[p] for d in per_good)
            for p in range(n)]
    return held, per_good, loans


def _signed(v: int) -> str:
    return f"{v:+d}" if v else "0"


def _explain(state, g, lang: str) -> str:
    """One short line saying where a good's payout comes from and where it goes: the
    bank's amount + the 1-shield payments (and who paid) + what the bank paid for
    players without a shield + the rounding = the pot, and who takes how much."""
    if not g.majority:
        return label("nobody", lang)
    due = state.catalog.minority_payment
    bank, payers, covered, rounding = g.sources(due)
    short = lambda seats: ", ".join(label("seat", lang, n=p + 1) for p in seats)  # noqa: E731
    parts = [label("x_bank", lang, n=bank)]
    if payers:
        parts.append(label("x_paid", lang, n=due * len(payers), who=short(payers)))
    if covered:
        parts.append(label("x_covered", lang, n=due * len(covered), who=short(covered)))
    if rounding:
        parts.append(label("x_rounding", lang, n=rounding))
    pot = g.share * len(g.majority)
    end = label("x_one", lang, pot=pot, who=short(g.majority)) if len(g.majority) == 1 else \
        label("x_split", lang, pot=pot, n=g.share, who=short(g.majority))
    return " + ".join(parts) + " " + end


def render_payout_receipt(state, lang: str = "en", width: int = 384, game_id: str = "game"):
    """The final payouts receipt (see the module docstring), as a table: a column per
    player (P1, P2...), a line per good (its units and each player's change in
    shields, a mark where a loan was taken or the bank paid) with a short line under
    it saying where the payout comes from, then the loans, the shields after the
    payouts, the loans repaid and the final shields; every column adds up. Raises
    DocumentError when the game is not over."""
    f = state.final
    if f is None:
        raise DocumentError(tx("print.tm_not_over", "the game is not over yet: the final payouts come after the "
                               "last auction"))
    cv = _canvas(width, lang)
    n = state.n_players
    cv.para(label("title", lang), 24, serif=True, align="center")
    names = state.catalog.payment_card_names[f.payment_card]
    cv.para(joined(label('payouts', lang), game_when(game_id, lang),
                   label("card", lang, c=names.get(lang) or names["en"])), 13, align="center")
    cv.rule(2, double=True, gap=2)
    m = cv.margin
    first = round((cv.width - 2 * m) * 0.36)
    step = (cv.width - 2 * m - first) / n
    cols = [(m, m + first - cv.px(4))] + [(m + first + i * step, m + first + (i + 1) * step) for i in range(n)]
    seats = [label("seat", lang, n=p + 1) for p in range(n)]
    held, per_good, loans = payout_changes(state)
    cv.table_row([""] + seats, cols, 13, bold=True)
    cv.para(label("legend", lang), 10)
    cv.rule(1)
    cv.table_row([label("held", lang)] + [str(x) for x in held], cols, 13)
    if any(f.returned_from_sale):
        cv.table_row([label("returned", lang)] + [_signed(x) for x in f.returned_from_sale], cols, 13)
    marks = set()
    for g, change in zip(f.payouts, per_good):
        cells = [f"{good_name(state, g.good, lang)} {g.bank_amount}"]
        for p in range(n):
            mark = "L" if p in g.forced_loans else ("B" if p in g.bank_paid_for else "")
            marks.update(mark)
            cells.append(f"{g.units[p]}: {_signed(change[p])}{mark}" if g.units[p] else "–")
        cv.table_row(cells, cols, 13, bold=[True] + [p in g.majority for p in range(n)])
        cv.para(_explain(state, g, lang), 10, x0=m + cv.px(8))
    cv.rule(1)
    if any(loans):
        cv.table_row([label("loans", lang)] + [_signed(x) for x in loans], cols, 13)
    cv.table_row([label("after", lang)] + [str(x) for x in f.before_repayment], cols, 13, bold=True)
    if any(f.repaid):
        cv.table_row([label("repaid", lang)] + [_signed(-x) for x in f.repaid], cols, 13)
    cv.rule(2, double=True, gap=2)
    cv.table_row([label("final", lang)] + [str(x) for x in f.scores], cols, 15,
                 bold=[True] + [p in f.winners for p in range(n)])
    cv.rule(1)
    winners = ", ".join(f"{who(state, p, lang)} ({seats[p]})" for p in f.winners)
    cv.para(label("won_by" if len(f.winners) == 1 else "won_shared", lang, who=winners,
                  s=label("shields", lang, n=f.scores[f.winners[0]])), 15, bold=True, align="center")
    given = [f"{seats[p]} {state.players[p].name}" for p in range(n) if state.players[p].name]
    if given:
        cv.para(" · ".join(given), 11, align="center")
    for mark in sorted(marks):
        cv.para(label(f"mark_{mark}", lang, n=state.catalog.loan_amount, d=state.catalog.bank_paid_debt), 10)
    cv.para(label("values", lang), 10)  # the files are named on the command line and in docs/turin-market.md
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
        raise NoSuchPage(tx("print.tm_no_start", "Turin Market prints no page at the start: a receipt comes "
                            "after each auction round"))
    rounds = [a.round for a in state.history]
    if request.what == "all":
        if not rounds:
            raise NoSuchPage(tx("print.tm_none", "no auction round finished yet"))
        chosen = rounds
    else:
        chosen = [request.press]
    return [Page(f"{game_id}-round{r:02d}", render_round_receipt(state, r, lang, width, game_id)) for r in chosen]


def end_pages(state) -> list[PageRequest]:
    """The pages a finished game offers at its end (printing.pages; the app's end
    panel): the receipt of the last auction round (its bids, who paid what and why,
    the picks: Turin Market: auction), then the final payouts with the final shields
    (Turin Market: final payouts). Requests without language, width or label (the
    caller fills them)."""
    last = [PageRequest("press", press=state.history[-1].round)] if state.history else []
    return last + [PageRequest("final")]


def pages_due(before, after) -> list[PageRequest]:
    """The pages the step from state ``before`` to state ``after`` makes due
    (play.pages): the receipt of each auction round finished, the payouts once the
    game is over. Requests without language, width or label (the caller fills them)."""
    seen = {a.round for a in before.history}
    due = [PageRequest("press", press=a.round) for a in after.history if a.round not in seen]
    if after.is_over and not before.is_over:
        due.append(PageRequest("final"))
    return due
