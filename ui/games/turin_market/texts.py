"""Every on-screen text of the Turin Market screens, es/en/zh (our own words).

Declared in English for gettext (``N_("turin.<key>", text)``, ``NP_`` for counts;
translated in ui/locale/<lang>/LC_MESSAGES/ui.po, docs/ui.md "Adding a text");
``tr(key, lang, **values)`` with the short key. tests/ui/test_i18n_catalogs.py
checks every text has es and zh with the same ``{placeholders}``.
"""

from __future__ import annotations

from ui.i18n import GameTexts
from ui.i18n_catalog import N_, NP_

#: TEXTS: {key: text} declared for gettext (context "turin.<key>")
N_("turin.title", "Turin Market")
N_("turin.player", "Player {n}")
N_("turin.round", "Round {n}")
# the one thing to do now
N_("turin.now_cards", "Everyone puts one card face down: pass the tablet round")
N_("turin.now_bids", "Secret bids: pass the tablet round")
N_("turin.now_ties", "Tie round: {who} add shields in secret")
N_("turin.now_flip", "Still tied: flip the coin")
N_("turin.now_pick", "{who} picks a card")
N_("turin.now_sell", "{who}: put a card up for sale, or pass")
N_("turin.now_leftover", "Reveal the card left in each hand")
NP_("turin.now_over", "Game over: {who} wins with {n} shield", "Game over: {who} wins with {n} shields")
NP_("turin.now_over_shared", "Game over: {who} share the victory with {n} shield", "Game over: {who} share the victory with {n} shields")
# the table kit's banner, panels and undo (ui.viewmodels.table)
N_("turin.banner_auction", "Auction {k} of {n} · {what}")
N_("turin.list_sep", " · ")
N_("turin.undo_named", "Take back: {move}")
N_("turin.undo_nothing", "Nothing to take back yet")
N_("turin.bid_row", "{who}: {bid}")
N_("turin.payout_head", "{good} ({bank})")
N_("turin.pass_who", "Pass: {who}")
N_("turin.card_sep", "; ")
N_("turin.names_sep", ", ")
N_("turin.undo_revealed", "Revealed {what} cannot be taken back: everyone has seen them")
N_("turin.undo_flip", "The coin flip cannot be taken back: everyone has seen it")
# pass the tablet
N_("turin.hand_to", "Pass the tablet to {who}")
N_("turin.hidden_note", "Everyone else looks away. Nothing entered so far is shown.")
N_("turin.i_am", "I am {who}: show my entry")
N_("turin.your_card", "{who}: which card do you put face down?")
N_("turin.your_leftover", "{who}: which card is left in your hand?")
NP_("turin.your_bid", "{who}: your bid (you have {n} shield)", "{who}: your bid (you have {n} shields)")
N_("turin.your_add", "{who}: shields you add in the tie (up to {n})")
N_("turin.confirm_hide", "Done: hide it")
N_("turin.all_in", "Everyone has entered. Reveal all at once?")
N_("turin.reveal", "Reveal")
N_("turin.typed_mode", "We revealed on the table: one player types the values")
N_("turin.typed_title", "Type the revealed {what}")
N_("turin.what_bids", "bids")
N_("turin.what_cards", "cards")
N_("turin.what_adds", "tie additions")
# the round explained
N_("turin.bids_title", "Bids and payments of auction {n}")
N_("turin.bid_line", "bid {b}")
N_("turin.bid_tie_line", "bid {b} + {a} = {t}")
N_("turin.pays", "pays {n}")
NP_("turin.why_won", "wins {n} card: pays the whole bid", "wins {n} cards: pays the whole bid")
N_("turin.why_lost", "wins nothing: pays half, rounded down")
N_("turin.why_zero_tie", "tied at 0: no card")
N_("turin.why_no_bid", "no bid")
N_("turin.why_waiting", "tied: waits for the tie round")
N_("turin.picks_title", "Who picks")
N_("turin.picked", "{who} took {card}")
N_("turin.centre", "In the centre: {cards}")
# players at a glance
NP_("turin.shields", "{n} shield", "{n} shields")
N_("turin.on_sale", "{n} on sale")
N_("turin.loan", "loan: owes {n}")
N_("turin.majority", "majority")
N_("turin.take_loan", "Take a loan (+10)")
N_("turin.pass", "Pass")
# the sale area
N_("turin.sale_title", "For sale")
NP_("turin.offer_line", "{who} sells {card} for {n} shield", "{who} sells {card} for {n} shields")
N_("turin.buy", "{who} buys {card}")
N_("turin.claims", "Several claim {card}")
N_("turin.claims_who", "Who claimed {card}? Then the seller chooses")
N_("turin.seller_gives", "{who} gives {card} to {to}")
N_("turin.cancel", "Cancel")
N_("turin.offer_title", "{who}: card and shields on it (you have {n})")
N_("turin.offer", "Offer for {n}")
N_("turin.err_closed", "The last auction is over: no card is bought or sold any more")
N_("turin.err_not_on_sale", "{card} is not on sale")
N_("turin.err_only_seller", "{card} is {who}'s: only its seller chooses the buyer")
N_("turin.err_claims", "The seller chooses between two or more other players who claimed the card")
N_("turin.err_own_card", "{who} is selling {card}: nobody buys their own card")
NP_("turin.err_afford", "{card} costs {n} shield and {who} has {have} (take a loan first?)", "{card} costs {n} shields and {who} has {have} (take a loan first?)")
N_("turin.err_not_selling", "Cards are offered for sale only in the selling step")
N_("turin.err_one_offer", "{who} has already offered a card or passed this round")
NP_("turin.err_price", "{who} has only {n} shield to put on the card", "{who} has only {n} shields to put on the card")
# the end
N_("turin.payouts_title", "Final payouts, good by good")
N_("turin.more_below", "More below: drag the list up")
N_("turin.payout_major", "{who} +{n}")
N_("turin.payout_shared", "{who} share: +{n} each")
N_("turin.payout_minor", "-1 shield each: {who}")
N_("turin.payout_none", "nobody has any")
# where a majority's shields come from (joined with " + " under its payout line)
NP_("turin.from_bank", "{n} shield from the bank", "{n} shields from the bank")
NP_("turin.from_players", "{n} shield paid by {who}", "{n} shields paid by {who}")
NP_("turin.from_bank_for", "{n} shield the bank pays for {who}", "{n} shields the bank pays for {who}")
NP_("turin.from_rounding", "{n} shield the bank adds to split it evenly", "{n} shields the bank adds to split it evenly")
N_("turin.bank", "bank {n}")
NP_("turin.final_line", "{who}: {n} shield", "{who}: {n} shields")
N_("turin.guess_note", "Goods and amounts are our estimates")
# engine refusals by kind (companion.errors.RuleError key/values; refusal())
N_("turin.rule.tm.closed", "The last auction is over: no card is bought, sold or withdrawn any more")
N_("turin.rule.tm.not_now", "Not now: {phase}")
N_("turin.rule.tm.pick_early", "No card is picked before every bid and tie is settled; now {phase}")
N_("turin.phase.cards", "each player's card for the auction is revealed")
N_("turin.phase.bids", "the bids are revealed")
N_("turin.phase.ties", "the tied players reveal what they add")
N_("turin.phase.flip", "a coin decides the tie")
N_("turin.phase.picks", "the winners pick their cards")
N_("turin.phase.sell", "each player may offer a card for sale or pass")
N_("turin.phase.leftover", "the card left in each hand is revealed")
N_("turin.phase.over", "the game is over")
N_("turin.rule.tm.cards_count", "One card per player: {n} needed, {given} given")
N_("turin.rule.tm.unknown_card", "'{card}' is not a goods card")
N_("turin.rule.tm.card_seen", "{card} was already seen in this game: it cannot be in a hand")
N_("turin.rule.tm.card_twice", "A card is given twice")
N_("turin.rule.tm.card_entered", "{card} was entered by another player: check the card")
N_("turin.rule.tm.bid_whole", "{who}: a bid is a whole number of shields, 0 or more")
NP_("turin.rule.tm.bid_too_high", "{who} bids {bid} but has only {n} shield to bid (take a loan first?)", "{who} bids {bid} but has only {n} shields to bid (take a loan first?)")
N_("turin.rule.tm.bids_count", "Every player's bid together: {n} needed, {given} given")
N_("turin.rule.tm.no_tie_round", "No tie round is being played now")
N_("turin.rule.tm.not_in_tie", "{who} is not in the tie being settled ({whom})")
N_("turin.rule.tm.add_whole", "{who}: add a whole number of shields, 0 or more")
NP_("turin.rule.tm.add_too_high", "{who} has {n} shield: a bid of {bid} plus {add} is more", "{who} has {n} shields: a bid of {bid} plus {add} is more")
N_("turin.rule.tm.tie_entries", "Give the added shields of {whom}")
N_("turin.rule.tm.tie_add_needed", "{who} is in the tie: their added shields (0 or more) are needed")
N_("turin.rule.tm.adds_nothing", "{who} is not in the tie and adds nothing")
N_("turin.rule.tm.no_flip", "No tie is waiting for a coin flip")
N_("turin.rule.tm.flip_order", "The coin decides between {whom}: each once, the winner first")
N_("turin.rule.tm.pick_order", "Cards are picked in bid order: it is {who}'s pick, not {other}'s")
N_("turin.rule.tm.not_in_centre", "{card} is not in the centre")
N_("turin.rule.tm.one_offer", "{who} has already offered a card or passed this round")
N_("turin.rule.tm.not_own_card", "{card} is not one of {who}'s face-up cards")
N_("turin.rule.tm.already_on_sale", "{card} is already on sale")
N_("turin.rule.tm.price_one", "The price is the shields put on the card: at least 1")
NP_("turin.rule.tm.price_too_high", "{who} has only {n} shield to put on the card", "{who} has only {n} shields to put on the card")
N_("turin.rule.tm.not_on_sale", "{card} is not on sale")
N_("turin.rule.tm.only_seller_withdraws", "{card} is {who}'s: only its seller takes it off sale")
N_("turin.rule.tm.withdraw_early", "The shields stay on {card} for one whole auction: withdraw it after the next picks")
N_("turin.rule.tm.only_seller", "{card} is {who}'s: only its seller chooses the buyer")
N_("turin.rule.tm.claims", "The seller chooses between two or more other players who claimed the card")
N_("turin.rule.tm.buyer_claimant", "The buyer must be one of {whom}")
N_("turin.rule.tm.seller_claims", "The seller cannot claim their own card")
NP_("turin.rule.tm.afford", "{card} costs {price} and {who} has {n} shield (take a loan first?)", "{card} costs {price} and {who} has {n} shields (take a loan first?)")
N_("turin.rule.tm.own_card", "{who} is selling {card}: nobody buys their own card")
N_("turin.rule.tm.one_loan", "{who} already has a loan: one per player")
N_("turin.rule.tm.no_secret", "No secret choice is due now")
N_("turin.rule.tm.not_asked", "{who} has no secret choice to make now")
N_("turin.rule.tm.waiting", "Waiting for {whom}")
N_("turin.rule.no_player", "There is no player {seat}")
N_("turin.rule.game_over", "The game is over")
TEXTS = GameTexts("turin.", [
    "banner_auction", "list_sep", "undo_named", "undo_nothing", "bid_row", "payout_head", "pass_who", "card_sep", "names_sep",
    "undo_revealed", "undo_flip",
    "title", "player", "round", "now_cards", "now_bids", "now_ties", "now_flip", "now_pick",
    "now_sell", "now_leftover", "now_over", "now_over_shared", "hand_to", "hidden_note", "i_am",
    "your_card", "your_leftover", "your_bid", "your_add", "confirm_hide", "all_in", "reveal",
    "typed_mode", "typed_title", "what_bids", "what_cards", "what_adds", "bids_title", "bid_line",
    "bid_tie_line", "pays", "why_won", "why_lost", "why_zero_tie", "why_no_bid", "why_waiting",
    "picks_title", "picked", "centre", "shields", "on_sale", "loan", "majority", "take_loan", "pass",
    "sale_title", "offer_line", "buy", "claims", "claims_who", "seller_gives", "cancel", "offer_title",
    "offer", "err_closed", "err_not_on_sale", "err_only_seller", "err_claims", "err_own_card",
    "err_afford", "err_not_selling", "err_one_offer", "err_price", "payouts_title", "more_below", "payout_major",
    "payout_shared", "payout_minor", "payout_none", "from_bank", "from_players", "from_bank_for",
    "from_rounding", "bank", "final_line", "guess_note",
    "rule.tm.closed", "rule.tm.not_now", "rule.tm.pick_early", "phase.cards", "phase.bids",
    "phase.ties", "phase.flip", "phase.picks", "phase.sell", "phase.leftover", "phase.over",
    "rule.tm.cards_count", "rule.tm.unknown_card", "rule.tm.card_seen", "rule.tm.card_twice",
    "rule.tm.card_entered", "rule.tm.bid_whole", "rule.tm.bid_too_high", "rule.tm.bids_count",
    "rule.tm.no_tie_round", "rule.tm.not_in_tie", "rule.tm.add_whole", "rule.tm.add_too_high",
    "rule.tm.tie_entries", "rule.tm.tie_add_needed", "rule.tm.adds_nothing", "rule.tm.no_flip",
    "rule.tm.flip_order", "rule.tm.pick_order", "rule.tm.not_in_centre", "rule.tm.one_offer",
    "rule.tm.not_own_card", "rule.tm.already_on_sale", "rule.tm.price_one", "rule.tm.price_too_high",
    "rule.tm.not_on_sale", "rule.tm.only_seller_withdraws", "rule.tm.withdraw_early",
    "rule.tm.only_seller", "rule.tm.claims", "rule.tm.buyer_claimant", "rule.tm.seller_claims",
    "rule.tm.afford", "rule.tm.own_card", "rule.tm.one_loan", "rule.tm.no_secret", "rule.tm.not_asked",
    "rule.tm.waiting", "rule.no_player", "rule.game_over",
])


def tr(key: str, lang: str = "en", **values) -> str:
    """The text of ``key`` in ``lang``, formatted; a count takes the form of
    ``values["n"]`` (npgettext, CLDR plural rules). KeyError for an unknown key."""
    return TEXTS.tr(key, lang, **values)


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
        vals = _cards_named(values, state, lang)
        for name, other in (("seat", "who"), ("other", "other")):
            if isinstance(vals.get(name), int) and 0 <= vals[name] < len(state.players):
                vals[other] = _person(state, vals[name], lang)
        if isinstance(vals.get("seats"), (tuple, list)):
            vals["whom"] = tr("names_sep", lang).join(_person(state, q, lang)
                                     for q in vals["seats"] if isinstance(q, int) and 0 <= q < len(state.players))
        if "phase" in vals and f"phase.{vals['phase']}" in TEXTS:
            vals["phase"] = tr(f"phase.{vals['phase']}", lang)
        try:
            return tr(key, lang, **vals)
        except (KeyError, IndexError, ValueError):
            pass
    return i18n.rule_error_text(kind, values, rule, lang, detail)


#: The Turin Market observer's reports (companion.games.turin_market.observer), by key.
#: REPORTS: {key: text} declared for gettext (context "turin.reports.<key>")
N_("turin.reports.tm.area_unused", "{component} lies on an area no player uses")
N_("turin.reports.tm.card_twice", "card {card} is seen in two places")
N_("turin.reports.tm.enter_price", "{who} put {card} up for sale: tap the shields on it")
N_("turin.reports.tm.card_changed_hands", "{card} belongs to {who}: a card changes hands only when bought from the sale area")
N_("turin.reports.tm.card_misplaced", "{card} is not where the game has it: put it back")
N_("turin.reports.tm.enter_reveal", "enter the secret choices in the app")
N_("turin.reports.tm.card_not_revealed", "cards {cards} were never revealed")
N_("turin.reports.tm.move_token", "the {good} token goes to {who}")
N_("turin.reports.tm.goose", "the goose is with {who}")
N_("turin.reports.tm.sell_or_pass", "{players}: put a card in the sale area or tap Pass")
N_("turin.reports.centre_area", "the market board")
N_("turin.reports.nobody", "the centre")
REPORTS = GameTexts("turin.reports.", [
    "tm.area_unused", "tm.card_twice", "tm.enter_price", "tm.card_changed_hands", "tm.card_misplaced",
    "tm.enter_reveal", "tm.card_not_revealed", "tm.move_token", "tm.goose", "tm.sell_or_pass",
    "centre_area", "nobody",
])


def report_text(report, state, lang: str = "en") -> str:
    """An observer report (companion.observing.Report) in ``lang``: seats become
    the players' names, goods their names; the report's English text when its key
    is not in :data:`REPORTS` (e.g. an engine rule message)."""
    if report.key == "tm.illegal":  # an engine refusal: by its kind, never its English sentence
        values = dict(report.params)
        return refusal_from(values.pop("kind", ""), values, values.pop("section", report.rule), state, lang,
                            report.text)
    if report.key not in REPORTS:
        return report.text
    values = _cards_named(report.params, state, lang)
    seat = values.get("seat")
    if isinstance(seat, int):
        if seat < 0:
            values["who"] = tr_report("nobody" if report.key == "tm.move_token" else "centre_area", lang)
        else:
            values["who"] = _person(state, seat, lang)
    if "good" in values:
        names = state.catalog.good_names.get(values["good"], {})
        values["good"] = names.get(lang) or names.get("en") or values["good"]
    try:
        return REPORTS.tr(report.key, lang, **values)
    except (KeyError, IndexError, ValueError):
        return report.text


def name_of(state, seat: int, lang: str = "en") -> str:
    """The player as named everywhere (companion.naming.player_name: the typed
    name, else their colour in ``lang``, capitalised as a name here), else
    "Player n" in ``lang``."""
    from companion.naming import given_name
    from ui.i18n import person

    p = state.players[seat]
    colour = getattr(p, "colour", "") or None
    if given_name(p.name):
        return given_name(p.name)
    return person(colour, lang) if colour else tr("player", lang, n=seat + 1)


def _person(state, seat: int, lang: str) -> str:
    """The player in seat ``seat`` as named on every screen (:func:`name_of`: the
    typed name, else the colour as a name in ``lang``), never a colour code."""
    return name_of(state, seat, lang)


def _cards_named(values, state, lang: str) -> dict:
    """``values`` with its goods cards (``card``, ``cards``) named by their goods,
    never their ids (app_words.card_goods)."""
    from companion.games.turin_market.app_words import card_goods

    vals = dict(values)
    cat = getattr(state, "catalog", None)
    if cat is None:
        return vals
    if isinstance(vals.get("card"), str):
        vals["card"] = card_goods(vals["card"], lang, cat)
    cards = vals.get("cards")
    if isinstance(cards, (tuple, list)):
        vals["cards"] = tr("card_sep", lang).join(card_goods(str(c), lang, cat) for c in cards)
    elif isinstance(cards, str) and cards:
        vals["cards"] = tr("card_sep", lang).join(card_goods(c.strip(), lang, cat) for c in cards.split(","))
    return vals


def tr_report(key: str, lang: str) -> str:
    return REPORTS.tr(key, lang)
