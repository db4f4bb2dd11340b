"""Scoop's words in the app (es/en/zh, Kivy-free): the table screen's prompts and
buttons (ui.games.scoop.table_vm) and the observer's reports
(:func:`report_text`, used by the app's message line through ui.hosting). Story
types, signals and money come from companion.games.scoop.texts. Our own words."""

from __future__ import annotations

from companion.games.scoop import texts as core
from ui.i18n import GameTexts
from ui.i18n_catalog import N_, NP_

#: key -> text, declared for gettext (context "scoop.<key>"; NP_: a count {n})
# prompts: the one thing to do now
N_("scoop.turn", "{p}: your turn. Claim a story, keep cards in reserve, or exchange a card.")
N_("scoop.turn_camera", "{p}: your turn. Lay a story's three cards in your call area, or cards in a reserve space.")
N_("scoop.call_due", "{p}: call the editor. Dial {n} on the telephone.")
N_("scoop.which_value", "{p}: which {story} card came up? Tap its value.")
N_("scoop.lay_story", "{p}: lay the {story} card on your page; the call is entered once the camera sees it.")
N_("scoop.choose_three", "{p}: Three Star. Take a three-star story, or your own story?")
N_("scoop.choose_press", "{p}: Press. Go to press now (the game ends), or take your story?")
N_("scoop.sale", "{p}: {seller} offers a {story} for {v}. Buy it?")
N_("scoop.bankrupt", "{p} cannot pay {v} for new cards: sell a story from your page, or leave the game.")
N_("scoop.over", "The game is over: {how}.")
N_("scoop.how.press", "{p} went to press")
N_("scoop.how.full page", "{p} filled the page first")
N_("scoop.how.last player", "{p} is the last paper left")
N_("scoop.pick_claim", "{p}: which story or advert? (three cards: hand and reserve)")
N_("scoop.pick_reserve", "{p}: cards of which story or advert go into reserve?")
N_("scoop.pick_count", "{p}: how many {story} cards? ({price} each to draw new ones)")
# buttons
N_("scoop.b.claim", "Claim a story or advert")
N_("scoop.b.reserve", "Keep cards in reserve")
N_("scoop.b.exchange", "Exchange a card (free)")
N_("scoop.b.pass", "Pass (no cards)")
N_("scoop.b.dial", "Telephone: dial {n}")
N_("scoop.b.lines_down", "{p}: Lines Down!")
N_("scoop.b.story", "{story} (dial {n})")
N_("scoop.b.capture", "{story} with a SCOOP card, from {p}'s reserve")
N_("scoop.b.advert", "{ad} advert")
NP_("scoop.b.cards", "{n} card", "{n} cards")
N_("scoop.b.value", "{v}")
N_("scoop.b.take_three", "Take a three-star story")
N_("scoop.b.take_three_off", "Three-star story, offer your star story {v}")
N_("scoop.b.take_story", "Take your story")
N_("scoop.b.press", "Go to press (end the game)")
N_("scoop.b.buy", "Buy for {v}")
N_("scoop.b.decline", "No, thanks")
N_("scoop.b.offer", "Sell {story} {v}")
N_("scoop.b.give_up", "Leave the game")
N_("scoop.b.back", "Back")
N_("scoop.b.telephone", "Telephone")
N_("scoop.b.table", "Table")
NP_("scoop.player_line", "{p}: {cash}, {n} card", "{p}: {cash}, {n} cards")
N_("scoop.player_out", "{p}: left the game")
N_("scoop.scores", "{p}: {v}")
N_("scoop.panel_total", "{panel}\nFinal score: {v}")
N_("scoop.sent_to_camera", "Call made: {signal}. Lay the {story} card on your page.")
# observer reports (companion/games/scoop/observer.py)
N_("scoop.scoop.dial", "{player}: dial {number} on the telephone.")
N_("scoop.scoop.answer", "{player}: answer in the app.")
N_("scoop.scoop.lay_story", "{player}: lay the {story} card on your page.")
N_("scoop.scoop.incomplete", "Lay the three cards of one story or advert in the call area.")
N_("scoop.scoop.not_your_turn", "Cards in seat {seat}'s call area: it is {player}'s turn.")
N_("scoop.scoop.refused", "Not allowed: {reason}")
N_("scoop.scoop.page_differs", "{player}'s page, {space}: the table shows {seen}, the game has {game}.")
N_("scoop.nothing", "nothing")
N_("scoop.adverts", "adverts")
# engine refusals by kind (companion.errors.RuleError key/values; refusal())
N_("scoop.rule.scoop.game_over", "The game is over: nothing more can be played.")
N_("scoop.rule.scoop.no_seat", "There is no seat {seat}: the seats are 1 to {n}.")
N_("scoop.rule.scoop.left", "{player} has left the game.")
N_("scoop.rule.scoop.not_on_page", "{story} has no space on {player}'s page: claim a story or advert your page has.")
N_("scoop.rule.scoop.not_held", "{player} does not have those cards in hand (cards named: {n}).")
N_("scoop.rule.scoop.reserve_spaces", "Use each of your two reserve spaces at most once.")
N_("scoop.rule.scoop.reserve_empty", "That reserve space is empty.")
N_("scoop.rule.scoop.capture_one_scoop", "Taking cards from another reserve needs exactly one SCOOP card from your hand (now: {n}).")
N_("scoop.rule.scoop.capture_victim", "Take the cards from another player who is still in the game.")
N_("scoop.rule.scoop.capture_none", "Say which cards the SCOOP card takes.")
N_("scoop.rule.scoop.capture_not_held", "{victim}'s reserve does not have those cards (cards named: {n}).")
N_("scoop.rule.scoop.scoop_no_story", "A SCOOP card makes no story: it only takes cards from another reserve.")
N_("scoop.rule.scoop.wrong_cards", "{story} needs its own three cards: {n} of the 3 are there ({laid} cards laid).")
N_("scoop.rule.scoop.not_your_turn", "Not now: it is {player}'s turn.")
N_("scoop.rule.scoop.value_with_call", "A story's value comes from the call, not from the claim.")
N_("scoop.rule.scoop.no_advert_value", "No advert of {value} is left in the pile.")
N_("scoop.rule.scoop.no_call_due", "No call is due: lay a story's three cards first.")
N_("scoop.rule.scoop.wrong_number", "Wrong number: the {story} telephone card says {number}, not {dialled}.")
N_("scoop.rule.scoop.dial_differs", "The dial showed {signal}, not {entered}.")
N_("scoop.rule.scoop.no_story_value", "No {pile} story of {value} is left in the pile.")
N_("scoop.rule.scoop.no_choice", "There is nothing to choose now.")
N_("scoop.rule.scoop.choose_after", "After {signal}, choose one of the two buttons shown.")
N_("scoop.rule.scoop.displace_only", "A star story is taken off only for a second three-star story.")
N_("scoop.rule.scoop.star_full", "Both star spaces are taken: choose the star story to take off, or take your story.")
N_("scoop.rule.scoop.star_room", "There is room for the three-star story: nothing has to come off.")
N_("scoop.rule.scoop.lines_not_due", "Lines Down only stops a call that is about to be made: nobody is calling now.")
N_("scoop.rule.scoop.lines_own", "{player} is the caller and cannot cut their own line.")
N_("scoop.rule.scoop.lines_no_cards", "Lines Down costs the cards in your hand: {player} has none.")
N_("scoop.rule.scoop.reserve_count", "Put one or two cards into reserve, not {n}.")
N_("scoop.rule.scoop.reserve_scoop", "A SCOOP card cannot go into reserve.")
N_("scoop.rule.scoop.reserve_type", "Each reserve space holds cards of one story or advert of {player}'s page.")
N_("scoop.rule.scoop.reserve_full", "A reserve space holds at most {n} different cards of its story.")
N_("scoop.rule.scoop.cards_cost", "New cards cost {cost} and {player} has {cash}.")
N_("scoop.rule.scoop.must_play", "{player} still has cards ({n}) and cannot pass: exchange one at least (free).")
N_("scoop.rule.scoop.no_offer", "Nothing is offered to you now.")
N_("scoop.rule.scoop.sale_cost", "It costs {cost} and {player} has {cash}.")
N_("scoop.rule.scoop.no_place", "{player}'s page has no free space for {story}.")
N_("scoop.rule.scoop.not_bankrupt", "Only a player who cannot pay sells stories or leaves the game.")
N_("scoop.rule.scoop.entry_not_due", "That answer is not what the game is waiting for now.")
N_("scoop.rule.scoop.offer_bad", "Offer a story or advert from your page that nobody has turned down yet.")
WORDS = GameTexts("scoop.", [
    "turn", "turn_camera", "call_due", "which_value", "lay_story", "choose_three", "choose_press", "sale",
    "bankrupt", "over", "how.press", "how.full page", "how.last player", "pick_claim", "pick_reserve", "pick_count",
    "b.claim", "b.reserve", "b.exchange", "b.pass", "b.dial", "b.lines_down", "b.story", "b.capture", "b.advert",
    "b.cards", "b.value", "b.take_three", "b.take_three_off", "b.take_story", "b.press", "b.buy", "b.decline",
    "b.offer", "b.give_up", "b.back", "b.telephone", "b.table", "player_line", "player_out", "scores", "panel_total",
    "sent_to_camera", "scoop.dial", "scoop.answer", "scoop.lay_story", "scoop.incomplete", "scoop.not_your_turn",
    "scoop.refused", "scoop.page_differs", "nothing", "adverts", "rule.scoop.game_over", "rule.scoop.no_seat",
    "rule.scoop.left", "rule.scoop.not_on_page", "rule.scoop.not_held", "rule.scoop.reserve_spaces",
    "rule.scoop.reserve_empty", "rule.scoop.capture_one_scoop", "rule.scoop.capture_victim",
    "rule.scoop.capture_none", "rule.scoop.capture_not_held", "rule.scoop.scoop_no_story", "rule.scoop.wrong_cards",
    "rule.scoop.not_your_turn", "rule.scoop.value_with_call", "rule.scoop.no_advert_value",
    "rule.scoop.no_call_due", "rule.scoop.wrong_number", "rule.scoop.dial_differs", "rule.scoop.no_story_value",
    "rule.scoop.no_choice", "rule.scoop.choose_after", "rule.scoop.displace_only", "rule.scoop.star_full",
    "rule.scoop.star_room", "rule.scoop.lines_not_due", "rule.scoop.lines_own", "rule.scoop.lines_no_cards",
    "rule.scoop.reserve_count", "rule.scoop.reserve_scoop", "rule.scoop.reserve_type", "rule.scoop.reserve_full",
    "rule.scoop.cards_cost", "rule.scoop.must_play", "rule.scoop.no_offer", "rule.scoop.sale_cost",
    "rule.scoop.no_place", "rule.scoop.not_bankrupt", "rule.scoop.entry_not_due", "rule.scoop.offer_bad",
])


def tr(key: str, lang: str = "en", **kw) -> str:
    """The text of ``key`` in ``lang`` (es/en/zh; ui/locale catalogs), formatted; a
    count takes its form from ``kw["n"]``; English for an unknown language. KeyError
    for an unknown key."""
    return WORDS.tr(key, lang if lang in ("es", "en", "zh") else "en", **kw)


def kind_name(kind: str, lang: str = "en") -> str:
    """A page space in words: a story type (``crime`` -> ``Sucesos``), an advert
    (``ad-fashion`` -> ``Anuncio de fashion`` words), star spaces."""
    if kind.startswith("ad-"):
        ad = AD_NAMES.tr(kind[3:], lang) if kind[3:] in AD_NAMES else kind[3:].capitalize()
        return tr("b.advert", lang, ad=ad)
    if kind == "star_three":
        kind = "three_star"
    return core.story_name(kind, lang)


#: Advert types (data cards.json), declared for gettext (context "scoop.ad.<type>").
N_("scoop.ad.fashion", "Fashion")
N_("scoop.ad.motoring", "Motoring")
N_("scoop.ad.travel", "Travel")
AD_NAMES = GameTexts("scoop.ad.", ["fashion", "motoring", "travel"])


def signal_word(signal: str, lang: str = "en") -> str:
    return core.signal_text(signal, lang)[0]


def report_text(report, state, lang: str = "en") -> str | None:
    """An observer report (``scoop.*`` keys) in ``lang``; None for another key. Story
    types and spaces are named in ``lang``, values as money."""
    key = getattr(report, "key", "")
    if key != "illegal" and (key not in WORDS or not key.startswith("scoop.")):
        return None
    if key == "illegal":  # a play the observer passed and the journal then refused (ui.session)
        v = dict(report.params)
        kind = str(v.pop("kind", "") or "")
        for k in ("section", "detail", "action"):
            v.pop(k, None)
        words = refusal_words(kind, v, state, lang)
        return None if words is None else tr("scoop.refused", lang, reason=words)
    p = dict(report.params)
    if key == "scoop.refused":  # an engine refusal: by its kind, never its English sentence
        words = refusal_words(str(p.pop("refusal", "")), p, state, lang)
        if words is None:
            from ui import i18n

            words = i18n.rule_error_text("", {}, report.rule, lang, str(p.get("reason") or report.text))
        return tr(key, lang, reason=words)
    if "story" in p:
        p["story"] = kind_name(str(p["story"]), lang)
    if "space" in p:
        p["space"] = kind_name(str(p["space"]), lang)
    for k in ("seen", "game"):
        if k in p:
            vals = list(p[k]) if isinstance(p[k], (list, tuple)) else []
            p[k] = ", ".join(core.money(int(v), lang) for v in vals) or tr("nothing", lang)
    p.setdefault("player", "")
    if p["player"]:  # a player with no typed name is reported by colour code: named by the colour in lang
        from ui import i18n

        p["player"] = i18n.person(str(p["player"]), lang)
    p.setdefault("reason", report.text)
    try:
        return tr(key, lang, **p)
    except (KeyError, IndexError, ValueError):
        return None


#: refusal values that name a seat, an amount of money, a page space, a signal
_SEATS = ("player", "victim")
_MONEY = ("cost", "cash", "value")
_KINDS = ("story", "pile")
_SIGNALS = ("signal", "entered")


def _seat_name(state, seat, lang: str) -> str:
    try:
        spec = state.players[seat].spec
    except (AttributeError, IndexError, TypeError):
        return str(seat)
    from companion.naming import given_name
    from ui import i18n

    if given_name(spec.name):   # a colour code there is the app's "no name"
        return given_name(spec.name)
    try:
        return i18n.person(spec.colour, lang)
    except (KeyError, ValueError):
        return spec.colour


def refusal_words(kind: str, values, state, lang: str = "en") -> str | None:
    """An engine refusal of kind ``kind`` (``scoop.*``) with its ``values`` in ``lang``:
    seats named, money in ``lang``'s format, story types and signals in words; None
    when the kind has no words here."""
    key = f"rule.{kind}"
    if not kind or key not in WORDS:
        return None
    v = dict(values or {})
    for k in _SEATS:
        if k in v and isinstance(v[k], int):
            v[k] = _seat_name(state, v[k], lang)
    for k in _MONEY:
        if isinstance(v.get(k), int):
            v[k] = core.money(v[k], lang)
    for k in _KINDS:
        if isinstance(v.get(k), str):
            v[k] = tr("adverts", lang) if v[k] == "adverts" else kind_name(v[k], lang)
    for k in _SIGNALS:
        if isinstance(v.get(k), str) and v[k] in core.SIGNALS:
            v[k] = signal_word(v[k], lang)
    try:
        return tr(key, lang, **v)
    except (KeyError, IndexError, ValueError):
        return None


def refusal(exc, state, lang: str = "en") -> str | None:
    """A Scoop play the rules refuse (``RuleError`` with a ``scoop.*`` key) in
    ``lang`` (ui.hosting.refusal_text); None for a refusal without Scoop words
    (then the section is named, ui.i18n.error_text)."""
    return refusal_words(getattr(exc, "key", ""), getattr(exc, "values", {}), state, lang)
