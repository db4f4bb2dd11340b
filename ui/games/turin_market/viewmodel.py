"""Turin Market view-models (no Kivy): what the Turin Market screens show and do.

- :class:`PassTabletVM` -- secret choices without a second device: the screen is
  hidden ("pass the tablet to Ana"), Ana enters her card, bid or tie addition, it
  is checked at once and hidden again; when everyone has entered, one tap reveals
  all at once. The reveal action is what the journal records
  (companion.games.turin_market.SecretRound).
- :class:`TypedRevealVM` -- the players revealed on the table; one player types
  every value. The same reveal action, through the same checks.
- :class:`TableVM` -- the one thing to do now, the round's bids and payments
  explained, who picks now, each player's shields, loans, goods and majorities,
  and at the end the payouts good by good.

Texts come from ui.games.turin_market.texts in the player's language; a goods
card is named by its goods (:func:`card_text`), never by its id.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import RuleError
from companion.games import turin_market as tm
from companion.games.turin_market.engine import BIDS, CARDS, FLIP, LEFTOVER, OVER, PICKS, SELL, TIES

from companion.games.turin_market.app_words import card_goods

from .texts import name_of, refusal, tr

SECRET_PHASES = (CARDS, BIDS, TIES, LEFTOVER)


def _markup(text: str) -> str:
    """``text`` safe inside Kivy markup (a typed name with [ or & is shown as typed)."""
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")


def undo_offer(step, refusal: str, lang: str = "en", last=None) -> "UndoOffer":
    """The table kit's Undo button (ui.viewmodels.table.UndoOffer) for the move
    ``step`` (play.undo.UndoStep: its ``text`` names the move in ``lang``; None when
    nothing can be taken back): "Take back: Ana takes a loan", asked as "Take back:
    Ana takes a loan?"; else disabled, saying why not: ``refusal`` (in ``lang``), or
    shorter when ``last`` (the last action) revealed what was hidden (Turin Market's
    revealed cards, bids and tie additions, and the coin flip: the rules'
    UNDO_BARRIERS) -- a button names what was revealed, not every card of it."""
    from companion.games.turin_market import app_words as W
    from ui.viewmodels.table import UndoOffer

    if step is not None:
        return UndoOffer(tr("undo_named", lang, move=step.text), W.undo_ask(step.text, lang), True)
    what = {tm.RevealCards: "what_cards", tm.RevealLeftovers: "what_cards", tm.RevealBids: "what_bids",
            tm.RevealTieBids: "what_adds"}.get(type(last))
    if what is not None:
        return UndoOffer.nothing(tr("undo_revealed", lang, what=tr(what, lang)))
    if isinstance(last, tm.FlipCoin):
        return UndoOffer.nothing(tr("undo_flip", lang))
    return UndoOffer.nothing(refusal or tr("undo_nothing", lang))


def good_name(state, good: str, lang: str) -> str:
    names = state.catalog.good_names[good]
    return names.get(lang) or names["en"]


def card_text(state, card: str, lang: str = "en") -> str:
    """A goods card in words, its goods most units first ("3 Truffles, 2 Cocoa, 1
    Cheese"): what players read instead of the id printed on its tag."""
    return card_goods(card, lang, state.catalog)


def _names(state, seats, lang) -> str:
    return tr("names_sep", lang).join(name_of(state, p, lang) for p in seats)


# ------------------------------------------------------------------ pass the tablet

class PassTabletVM:
    """Pass-the-tablet entry of one secret step (module docstring).

    ``mode``: ``"handover"`` (screen hidden: :attr:`title` says who gets the
    tablet; :meth:`ready` when they have it), ``"entry"`` (that player enters
    :attr:`value` with :meth:`set_value` then :meth:`confirm`), ``"reveal"``
    (everyone has entered; :meth:`reveal` returns the reveal action). ``error``: the
    last refusal, in the player's language. Raises RuleError when no secret choice
    is due in ``state``.
    """

    def __init__(self, state, lang: str = "en"):
        self.state = state
        self.lang = lang
        self.secret = tm.SecretRound(state)
        self.mode = "handover"
        self.value = None
        self.error = ""
        self.refused = None  # the refusal behind ``error``, re-worded on a language switch
        self._reset_value()

    def set_lang(self, lang: str) -> None:
        """Switch the language, keeping every entry; the refusal shown is re-worded."""
        self.lang = lang
        if self.refused is not None and self.error:
            self.error = refusal(self.refused, self.state, lang)

    @property
    def kind(self) -> str:
        return self.secret.kind

    @property
    def current(self) -> int | None:
        """The seat whose turn it is to enter (None once everyone has)."""
        w = self.secret.waiting
        return w[0] if w else None

    @property
    def title(self) -> str:
        p = self.current
        if self.mode == "reveal" or p is None:
            return tr("all_in", self.lang)
        who = name_of(self.state, p, self.lang)
        if self.mode == "handover":
            return tr("hand_to", self.lang, who=who)
        if self.kind == "card":
            return tr("your_card" if self.state.phase == CARDS else "your_leftover", self.lang, who=who)
        if self.kind == "bid":
            return tr("your_bid", self.lang, who=who, n=self.state.available(p))
        return tr("your_add", self.lang, who=who, n=self.limit)

    @property
    def limit(self) -> int:
        """Most shields the current player may enter (bids, tie additions)."""
        p = self.current
        if p is None:
            return 0
        return self.state.available(p)

    @property
    def card_choices(self) -> list[tuple[str, str]]:
        """(card id, its goods in words) of every card not seen yet, for a card entry
        (the tablet does not know the hands: any unseen card can be chosen); the
        screen shows the words only."""
        if self.kind != "card":
            return []
        return [(c, card_text(self.state, c, self.lang)) for c in sorted(self.state.catalog.cards)
                if c not in self.state.seen]

    def _reset_value(self) -> None:
        self.value = None if self.kind == "card" else 0

    def ready(self) -> None:
        """The player holding the tablet is the one named: show their entry."""
        if self.mode == "handover" and self.current is not None:
            self.mode = "entry"
            self.error = ""

    def set_value(self, value) -> None:
        """A card id, or shields (clamped to 0..limit)."""
        if self.kind == "card":
            self.value = value
        else:
            self.value = max(0, min(int(value), self.limit))

    def step(self, delta: int) -> None:
        """+/- buttons for shields."""
        if self.kind != "card":
            self.set_value((self.value or 0) + delta)

    def confirm(self) -> bool:
        """Record the current player's entry (checked at once; on a refusal
        :attr:`error` says why and nothing is recorded) and hide the screen again.
        Returns True when recorded."""
        p = self.current
        if self.mode != "entry" or p is None:
            return False
        try:
            self.secret.submit(p, self.value)
        except RuleError as exc:
            self.refused = exc
            self.error = refusal(exc, self.state, self.lang)
            return False
        self.error = ""
        self._reset_value()
        self.mode = "reveal" if self.secret.complete else "handover"
        return True

    def reveal(self):
        """The reveal action of everyone's entries (to journal). Raises RuleError
        while someone has not entered or when the whole is not legal."""
        return self.secret.reveal()


class TypedRevealVM:
    """The players revealed on the table: one player types every value.

    ``values[p]`` per asked seat (cards: id; bids and tie additions: shields).
    :meth:`action` checks each value the way a hidden entry is checked and returns
    the same reveal action as :class:`PassTabletVM`. Raises RuleError when no
    secret choice is due in ``state``."""

    def __init__(self, state, lang: str = "en"):
        self.state = state
        self.lang = lang
        self.kind = tm.SecretRound(state).kind
        self.players = tm.SecretRound(state).players
        self.values: dict[int, object] = {p: (None if self.kind == "card" else 0) for p in self.players}
        self.error = ""
        self.refused = None  # the refusal behind ``error``, re-worded on a language switch

    def set_lang(self, lang: str) -> None:
        """Switch the language, keeping every value typed; the refusal is re-worded."""
        self.lang = lang
        if self.refused is not None and self.error:
            self.error = refusal(self.refused, self.state, lang)

    @property
    def title(self) -> str:
        what = {"card": "what_cards", "bid": "what_bids", "tie_add": "what_adds"}[self.kind]
        return tr("typed_title", self.lang, what=tr(what, self.lang))

    def action(self):
        """The reveal action, or None with :attr:`error` set (nothing is kept)."""
        secret = tm.SecretRound(self.state)
        try:
            for p in self.players:
                secret.submit(p, self.values[p])
            act = secret.reveal()
        except RuleError as exc:
            self.refused = exc
            self.error = refusal(exc, self.state, self.lang)
            return None
        self.error = ""
        return act


# ------------------------------------------------------------------ the table

@dataclass(frozen=True)
class BidRow:
    """One player's line of the round explained: ``bid`` text, ``why`` (outcome in
    words), ``paid`` text ("" while unsettled), ``won`` (bold)."""

    seat: int
    name: str
    bid: str
    why: str
    paid: str
    won: bool


@dataclass(frozen=True)
class PlayerPanel:
    """A player at a glance: shields (purse), on sale, loan line ("" without a loan),
    goods as (name, units, majority?) for the goods they have, and the final line
    once over."""

    seat: int
    name: str
    shields: str
    on_sale: str
    loan: str
    goods: tuple[tuple[str, int, bool], ...]
    cards: tuple[str, ...]
    to_act: bool


@dataclass(frozen=True)
class PayoutRow:
    """One good of the final payouts: good name, bank amount text, the lines
    (majority share, 1-shield payments, forced loans) in words."""

    good: str
    bank: str
    lines: tuple[str, ...]


class TableVM:
    """What the Turin Market table screen shows for ``state`` (module docstring)."""

    def __init__(self, state, lang: str = "en"):
        self.state = state
        self.lang = lang

    def name(self, seat: int) -> str:
        return name_of(self.state, seat, self.lang)

    # the one thing to do now -----------------------------------------------
    def headline(self) -> str:
        s, lang = self.state, self.lang
        if s.phase == OVER:
            f = s.final
            best = f.scores[f.winners[0]]
            key = "now_over" if len(f.winners) == 1 else "now_over_shared"
            return tr(key, lang, who=_names(s, f.winners, lang), n=best)
        if s.phase == CARDS:
            return tr("now_cards", lang)
        if s.phase == BIDS:
            return tr("now_bids", lang)
        if s.phase == TIES:
            return tr("now_ties", lang, who=_names(s, tm.tie_being_settled(s), lang))
        if s.phase == FLIP:
            return tr("now_flip", lang)
        if s.phase == PICKS:
            return tr("now_pick", lang, who=self.name(s.auction.pick_queue[0]))
        if s.phase == SELL:
            return tr("now_sell", lang, who=_names(s, tm.sell_waiting(s), lang))
        return tr("now_leftover", lang)

    def banner(self, colours=()) -> "BannerView":
        """The table kit's banner (ui.viewmodels.table.BannerView): the one thing to do
        now and in which auction ("Auction 2 of 6 · Chen picks a card"), in the colour
        (of ``colours``, one per seat) of the one player to act; at the end who won,
        with the shields the panels show, in the winner's colour."""
        from ui.viewmodels.table import BannerView

        s = self.state
        text = self.headline()
        if s.phase != OVER:
            text = tr("banner_auction", self.lang, k=s.round, n=s.catalog.rounds(s.n_players), what=text)
        return BannerView(text, self.colour_now(colours))

    def player_panels(self, colours=()) -> list["PanelView"]:
        """The table kit's player panels (ui.viewmodels.table.PanelView, seat order):
        each on its player's colour (of ``colours``), the name and shields (the final
        shields once over), what is on sale and the loan owed, then the goods held
        (Turin Market: final payouts), a star on each good whose majority the player
        holds; the player(s) to act outlined."""
        from ui.viewmodels.table import PanelView

        out = []
        for p in self.panels():
            colour = colours[p.seat] if p.seat < len(colours) else ""
            head = f"[b]{_markup(p.name)}[/b] · {p.shields}"
            more = tr("list_sep", self.lang).join(x for x in (p.on_sale, p.loan) if x)
            nb = "\u00a0"   # no break inside one good's words
            goods = "  ".join(f"{g}{nb}{n}{nb + '★' if major else ''}" for g, n, major in p.goods)
            text = "\n".join(x for x in (head, more, f"[size=15sp]{_markup(goods)}[/size]" if goods else "") if x)
            out.append(PanelView(colour, text, p.to_act))
        return out

    def majority_note(self) -> str:
        """What the star on a panel's good means ("" while nobody holds a majority)."""
        if not any(m for p in self.panels() for _, _, m in p.goods):
            return ""
        return f"★ {tr('majority', self.lang)}"

    @property
    def needs_secret_entry(self) -> bool:
        return self.state.phase in SECRET_PHASES

    def acting(self) -> tuple[int, ...]:
        s = self.state
        if s.phase == PICKS:
            return (s.auction.pick_queue[0],)
        if s.phase == SELL:
            return tm.sell_waiting(s)
        if s.phase == TIES:
            return tm.tie_being_settled(s)
        return ()

    def taps(self) -> list[tuple[str, object]]:
        """(button text, engine action) for the main things the players tap on this
        screen: a coin flip (the journal's seeded flip), the picker's card from the
        centre (one button per card left, named by its goods), a pass for each
        player asked to sell. Loans are apart (:meth:`loan_taps`)."""
        s, lang = self.state, self.lang
        out: list[tuple[str, object]] = []
        if s.phase == FLIP:
            out.append((tr("now_flip", lang), tm.seeded_flip(s)))
        if s.phase == PICKS:
            p = s.auction.pick_queue[0]
            out += [(card_text(s, c, lang), tm.Pick(p, c)) for c in self.centre_cards()]
        if s.phase == SELL:
            out += [(tr("pass_who", lang, who=self.name(p)), tm.PassSale(p)) for p in tm.sell_waiting(s)]
        return out

    def loan_taps(self) -> list[tuple[int, object]]:
        """(seat, ``TakeLoan``) for each player who may still take a loan (Turin
        Market: loans, any time before the final payouts; one per player). Costly
        and never taken back: the screen asks first."""
        s = self.state
        if s.phase == OVER:
            return []
        return [(p, tm.TakeLoan(p)) for p in range(s.n_players) if s.loans[p] < s.catalog.loans_per_player]

    def colour_now(self, colours) -> str | None:
        """The colour (of ``colours``, one per seat or empty) of the one player to
        act now, else None (everyone at once, or nobody)."""
        f = self.state.final
        acting = self.acting() if f is None else (f.winners if len(f.winners) == 1 else ())
        if len(acting) == 1 and acting[0] < len(colours):
            return colours[acting[0]] or None
        return None

    # the sale area ---------------------------------------------------------
    def sales(self) -> list["SaleRow"]:
        """The cards on sale, each with a buy tap per other player (:func:`sale_rows`)."""
        return sale_rows(self.state, self.lang)

    def claims(self, card: str, claimants) -> list[tuple[str, object]]:
        """The seller's choice between players who claimed ``card`` at once (:func:`claim_choices`)."""
        return claim_choices(self.state, card, claimants, self.lang)

    def offer_entries(self) -> list["OfferEntry"]:
        """A typed offer (card, shields on it) for each player asked to sell now."""
        if self.state.phase != SELL:
            return []
        return [OfferEntry(self.state, p, self.lang) for p in tm.sell_waiting(self.state)]

    def check(self, action) -> str:
        """"" when the engine accepts ``action`` now, else why not in the player's
        language (:func:`refusal_text`); nothing is changed either way."""
        return try_tap(self.state, action, self.lang)[1]

    # the round explained --------------------------------------------------
    def auction(self):
        """The auction shown: the current one once its bids are in, else the last
        finished one (None before the first bids)."""
        s = self.state
        if s.auction is not None and s.auction.bids is not None:
            return s.auction
        return s.history[-1] if s.history else None

    def round_title(self) -> str:
        a = self.auction()
        return tr("bids_title", self.lang, n=a.round) if a else tr("round", self.lang, n=self.state.round)

    def bid_rows(self) -> list[BidRow]:
        a = self.auction()
        if a is None:
            return []
        lang = self.lang
        order = sorted(range(self.state.n_players),
                       key=lambda p: (a.position_of(p) if a.position_of(p) is not None else 50, -a.bids[p], p))
        rows = []
        for p in order:
            add = a.adds[p] if a.adds and a.adds[p] is not None else None
            bid = (tr("bid_line", lang, b=a.bids[p]) if add is None
                   else tr("bid_tie_line", lang, b=a.bids[p], a=add, t=a.totals[p]))
            why = a.outcome(p)
            text = {"won": tr("why_won", lang, n=a.cards_won(p)), "lost": tr("why_lost", lang),
                    "zero_tie": tr("why_zero_tie", lang), "no_bid": tr("why_no_bid", lang),
                    None: tr("why_waiting", lang)}[why]
            paid = "" if not a.payments or a.payments[p] is None else tr("pays", lang, n=a.payments[p])
            rows.append(BidRow(p, self.name(p), bid, text, paid, why == "won"))
        return rows

    def centre_cards(self) -> tuple[str, ...]:
        """The ids of the cards still in the centre this round."""
        a = self.state.auction
        if a is None:
            return ()
        taken = {c for _, c in a.picks}
        return tuple(c for c in a.centre if c not in taken)

    def centre_text(self) -> str:
        """The cards in the centre, named by their goods ("" before any auction)."""
        if self.state.auction is None:
            return ""
        cards = [card_text(self.state, c, self.lang) for c in self.centre_cards()]
        return tr("centre", self.lang, cards=tr("card_sep", self.lang).join(cards) or "-")

    def pick_lines(self) -> list[tuple[str, bool]]:
        """(text, is_now) for the picks made and to come, in order."""
        a = self.auction()
        if a is None:
            return []
        out = [(tr("picked", self.lang, who=self.name(p), card=card_text(self.state, c, self.lang)), False)
               for p, c in a.picks]
        if a is self.state.auction:
            out += [(self.name(p), i == 0) for i, p in enumerate(a.pick_queue)]
        return out

    # players at a glance ---------------------------------------------------
    def panels(self) -> list[PlayerPanel]:
        s, lang = self.state, self.lang
        majors = tm.majorities(s)
        acting = self.acting()
        out = []
        for p in range(s.n_players):
            units = s.units(p)
            goods = tuple((good_name(s, g, lang), units[g], p in majors.get(g, ()) and len(majors[g]) == 1
                           or s.tokens.get(g) == p)
                          for g in s.catalog.goods if units.get(g))
            shields = s.final.scores[p] if s.final is not None else s.purse[p]
            out.append(PlayerPanel(
                p, self.name(p), tr("shields", lang, n=shields),
                tr("on_sale", lang, n=s.on_sale[p]) if s.on_sale[p] else "",
                tr("loan", lang, n=s.debt[p]) if s.debt[p] and s.final is None else "",
                goods, tuple(s.owned[p]), p in acting))
        return out

    # the end ---------------------------------------------------------------
    def payouts(self) -> list[PayoutRow]:
        s, lang = self.state, self.lang
        if s.final is None:
            return []
        rows = []
        for g in s.final.payouts:
            lines = []
            if not g.majority:
                lines.append(tr("payout_none", lang))
            elif len(g.majority) == 1:
                lines.append(tr("payout_major", lang, who=self.name(g.majority[0]), n=g.share))
            else:
                lines.append(tr("payout_shared", lang, who=_names(s, g.majority, lang), n=g.share))
            if g.majority:
                lines.append(payout_sources(s, g, lang))
            if g.minority:
                lines.append(tr("payout_minor", lang, who=_names(s, g.minority, lang)))
            rows.append(PayoutRow(good_name(s, g.good, lang), tr("bank", lang, n=g.bank_amount), tuple(lines)))
        return rows

    def final_lines(self) -> list[str]:
        f = self.state.final
        if f is None:
            return []
        return [tr("final_line", self.lang, who=self.name(p), n=f.scores[p])
                for p in sorted(range(self.state.n_players), key=lambda q: (-f.scores[q], q))]

    def guess_note(self) -> str:
        """That the goods and amounts are our estimates, in players' words (the data
        files are named on the command line and in docs/turin-market.md, not here)."""
        return tr("guess_note", self.lang)


def payout_sources(s, g, lang: str) -> str:
    """Where a majority's shields come from, in words (Turin Market: final payouts):
    "5 shields from the bank + 2 shields paid by Bo, Chen + 1 shield the bank adds
    to split it evenly" (GoodPayout.sources)."""
    due = s.catalog.minority_payment
    bank, payers, covered, rounding = g.sources(due)
    parts = [tr("from_bank", lang, n=bank)]
    if payers:
        parts.append(tr("from_players", lang, n=due * len(payers), who=_names(s, payers, lang)))
    if covered:
        parts.append(tr("from_bank_for", lang, n=due * len(covered), who=_names(s, covered, lang)))
    if rounding:
        parts.append(tr("from_rounding", lang, n=rounding))
    return " + ".join(parts)


# ------------------------------------------------------------------ the sale area

@dataclass(frozen=True)
class SaleRow:
    """A card on sale: ``text`` (seller, card, price in words), ``buys`` as
    (button text, ``Buy`` action) for every other player (any time before the
    last auction ends)."""

    card: str
    seller: int
    price: int
    text: str
    buys: tuple[tuple[str, object], ...]


def sale_rows(state, lang: str = "en") -> list[SaleRow]:
    """The cards on sale now (Turin Market, Auction step 4: a card on sale can be
    bought by any other player at any time); [] once the game is over. The
    seller's take-back (``Withdraw``) is among ``buys`` when the rules allow it now."""
    from companion.games.turin_market.app_words import withdraw_button

    if state.phase in (OVER, LEFTOVER):
        return []
    out = []
    for card, o in sorted(state.offers.items()):
        named = card_text(state, card, lang)
        text = tr("offer_line", lang, who=name_of(state, o.seller, lang), card=named, n=o.price)
        buys = tuple((tr("buy", lang, who=name_of(state, p, lang), card=named), tm.Buy(p, card))
                     for p in range(state.n_players) if p != o.seller)
        back = tm.Withdraw(o.seller, card)
        try:
            tm.apply(state, back)
            buys += ((withdraw_button(name_of(state, o.seller, lang), named, lang), back),)
        except RuleError:
            pass
        out.append(SaleRow(card, o.seller, o.price, text, buys))
    return out


def claim_choices(state, card: str, claimants, lang: str = "en") -> list[tuple[str, object]]:
    """Two or more players claimed ``card`` at once: (button text, ``ChooseBuyer``)
    for each claimant, for its seller to tap. [] when the card is not on sale or
    fewer than two claimants are given."""
    o = state.offers.get(card)
    cl = tuple(sorted(set(claimants)))
    if o is None or len(cl) < 2:
        return []
    seller = name_of(state, o.seller, lang)
    return [(tr("seller_gives", lang, who=seller, to=name_of(state, b, lang), card=card_text(state, card, lang)),
             tm.ChooseBuyer(o.seller, card, b, cl)) for b in cl]


class OfferEntry:
    """A seller types the offer the camera cannot read (Turin Market, Auction
    step 4): ``card`` among :attr:`cards` (face-up, not on sale), ``price`` in
    shields stepped with :meth:`step` (1..shields they can put on it; no
    keyboard). :meth:`action` is the ``OfferForSale`` to check and journal."""

    def __init__(self, state, seat: int, lang: str = "en"):
        self.state, self.seat, self.lang = state, seat, lang
        self.cards = tuple(c for c in state.owned[seat] if c not in state.offers)
        self.card = self.cards[0] if len(self.cards) == 1 else None
        self.price = 1

    @property
    def limit(self) -> int:
        return max(1, self.state.available(self.seat))

    def step(self, delta: int) -> None:
        self.price = max(1, min(self.limit, self.price + delta))

    @property
    def title(self) -> str:
        return tr("offer_title", self.lang, who=name_of(self.state, self.seat, self.lang),
                  n=self.state.available(self.seat))

    def action(self):
        """The offer, or None while no card is chosen."""
        return None if self.card is None else tm.OfferForSale(self.seat, self.card, self.price)


def refusal_text(state, action, exc: RuleError, lang: str = "en") -> str:
    """Why the engine refused a sale-area tap, in ``lang``. The engine decides
    (``exc``); this only words its rule for the players. The engine's own text when
    the case has no words of ours."""
    s = state
    card_id = getattr(action, "card", None)
    who = lambda p: name_of(s, p, lang)  # noqa: E731
    o = s.offers.get(card_id) if isinstance(card_id, str) else None
    card = card_text(s, card_id, lang) if isinstance(card_id, str) else card_id
    if s.phase in (OVER, LEFTOVER):
        return tr("err_closed", lang)
    if isinstance(action, (tm.Buy, tm.ChooseBuyer)):
        if o is None:
            return tr("err_not_on_sale", lang, card=card)
        if isinstance(action, tm.ChooseBuyer):
            if action.player != o.seller:
                return tr("err_only_seller", lang, who=who(o.seller), card=card)
            for q in action.claimants:
                if 0 <= q < s.n_players and s.available(q) < o.price:
                    return tr("err_afford", lang, who=who(q), card=card, n=o.price, have=s.available(q))
            return tr("err_claims", lang)
        b = action.player
        if b == o.seller:
            return tr("err_own_card", lang, who=who(b), card=card)
        if 0 <= b < s.n_players and s.available(b) < o.price:
            return tr("err_afford", lang, who=who(b), card=card, n=o.price, have=s.available(b))
    if isinstance(action, tm.OfferForSale) and 0 <= action.player < s.n_players:
        p = action.player
        if s.phase != SELL:
            return tr("err_not_selling", lang)
        if s.sell_done[p]:
            return tr("err_one_offer", lang, who=who(p))
        if s.available(p) < action.price:
            return tr("err_price", lang, who=who(p), n=s.available(p))
    return refusal(exc, s, lang)


def try_tap(state, action, lang: str = "en"):
    """(new state, "") when the engine accepts ``action``; (None, why in ``lang``)
    when it refuses it -- ``state`` is never changed."""
    try:
        return tm.apply(state, action), ""
    except RuleError as exc:
        return None, refusal_text(state, action, exc, lang)
