"""Scoop's words for players (es/en/zh): the dial's signals and their meaning, story
types and money; cards, page spaces and actions in players' words
(:func:`describe_action`) and each player's value (:func:`score_sheet`).

The signals, the dial's terminal words, story types and money are in
:mod:`.dialwords` (re-exported here); the rest is this package's gettext catalog
(``locale/<lang>/LC_MESSAGES/scoop.po``, :class:`companion.gettext_po.Words`). Our own short wording (no rulebook sentences).
"""

from __future__ import annotations

from companion.gettext_po import Words
from companion.naming import given_name

from .dialwords import LANGS, SIGNALS, STORY_NAMES, UI, money, signal_text, story_name, ui  # noqa: F401 (re-exported)

# ------------------------------------------------------------------ players' words
# (this package's gettext catalog, locale/<lang>/LC_MESSAGES/scoop.po)

WORDS = Words(__package__)


def advert_name(advert: str, lang: str = "en") -> str:
    """An advert type in ``lang`` (``motoring`` -> ``motor``); a type of a house-rule
    data file without words of ours: its id with spaces."""
    names = {"fashion": WORDS.say(lang, "advert.fashion", "Fashion"),
             "motoring": WORDS.say(lang, "advert.motoring", "Motoring"),
             "travel": WORDS.say(lang, "advert.travel", "Travel")}
    return names.get(advert, advert.replace("-", " "))


def kind_words(kind: str, lang: str = "en") -> str:
    """A page space as players name it: a story type (``crime`` -> ``Crime story``),
    an advert (``ad-motoring`` -> ``Motoring advert``), the star spaces."""
    if kind.startswith("ad-"):
        return WORDS.say(lang, "kind.advert", "{advert} advert", advert=advert_name(kind[3:], lang))
    if kind in ("three_star", "star_three"):
        return story_name("three_star", lang)
    if kind == "star":
        return story_name("star", lang)
    return WORDS.say(lang, "kind.story", "{story} story", story=story_name(kind, lang))


def card_words(card: str, lang: str = "en") -> str:
    """A Scoop card as a player names the card in hand: ``ad-motoring-copy`` ->
    ``Motoring advert copy``, ``crime-call9`` -> ``Crime telephone card (9)``,
    ``scoop`` -> ``SCOOP card``, a card the app does not know (a hidden hand) ->
    ``a card``. An id of another shape is returned with its dashes as spaces."""
    if card == "scoop":
        return WORDS.say(lang, "card.scoop", "SCOOP card")
    if card == "?":
        return WORDS.say(lang, "card.unknown", "a card")
    kind, _, part = card.rpartition("-")
    if not kind:
        return card.replace("-", " ")
    if part.startswith("call") and part[4:].isdigit():
        return WORDS.say(lang, "card.call", "{story} telephone card ({number})", story=story_name(kind, lang),
                         number=part[4:])
    if kind.startswith("ad-"):
        ad = advert_name(kind[3:], lang)
        parts = {"copy": WORDS.say(lang, "card.copy", "{advert} advert copy", advert=ad),
                 "artwork": WORDS.say(lang, "card.artwork", "{advert} advert artwork", advert=ad),
                 "order": WORDS.say(lang, "card.order", "{advert} advert order", advert=ad)}
    else:
        st = story_name(kind, lang)
        parts = {"reporter": WORDS.say(lang, "card.reporter", "{story} reporter", story=st),
                 "photo": WORDS.say(lang, "card.photo", "{story} photo", story=st)}
    return parts.get(part, card.replace("-", " "))


def player_name(state, seat: int, lang: str) -> str:
    """The player at ``seat``: their given name, else their colour in ``lang``, else
    ``player 2`` (seats counted from 1)."""
    players = getattr(state, "players", ())
    if 0 <= seat < len(players):
        spec = getattr(players[seat], "spec", players[seat])
        name = given_name(spec.name)
        if name:
            return name
        colours = {"red": WORDS.say(lang, "colour.red", "red"), "blue": WORDS.say(lang, "colour.blue", "blue"),
                   "green": WORDS.say(lang, "colour.green", "green"),
                   "yellow": WORDS.say(lang, "colour.yellow", "yellow"),
                   "black": WORDS.say(lang, "colour.black", "black"),
                   "white": WORDS.say(lang, "colour.white", "white")}
        if spec.colour in colours:
            return colours[spec.colour]
    return WORDS.say(lang, "player", "player {n}", n=seat + 1)


def _cards(cards, lang: str) -> str:
    return WORDS.say(lang, "list.separator", ", ").join(card_words(c, lang) for c in cards)


def describe_action(action, state, lang: str) -> str:
    """One sentence in ``lang`` saying what ``action`` did (Scoop: how to play), e.g.
    ``Ana dials 9: OK``; ``state``: the game before or after it. Cards and page
    spaces as players name them. ValueError for a language other than es, en, zh."""
    from . import engine as e

    a = action
    name = player_name(state, a.player, lang)
    if isinstance(a, e.Claim):
        kind = kind_words(a.kind, lang)
        if a.victim is not None:
            text = WORDS.say(lang, "act.claim_scoop", "{name} claims a {kind}, taking {cards} from {victim}'s "
                             "reserve with a SCOOP card", name=name, kind=kind, cards=_cards(a.captured, lang),
                             victim=player_name(state, a.victim, lang))
        else:
            text = WORDS.say(lang, "act.claim", "{name} claims a {kind}", name=name, kind=kind)
    elif isinstance(a, e.Dial):
        if a.signal:
            text = WORDS.say(lang, "act.dial_signal", "{name} dials {number}: {signal}", name=name, number=a.number,
                             signal=signal_text(a.signal, lang)[0])
        else:
            text = WORDS.say(lang, "act.dial", "{name} dials {number}", name=name, number=a.number)
    elif isinstance(a, e.Choose):
        if a.option == "three_star" and a.displace is not None:
            text = WORDS.say(lang, "act.three_star_displace", "{name} takes a three-star story and offers a star "
                             "story for sale", name=name)
        elif a.option == "three_star":
            text = WORDS.say(lang, "act.three_star", "{name} takes a three-star story", name=name)
        elif a.option == "press":
            text = WORDS.say(lang, "act.press", "{name} goes to press", name=name)
        else:
            text = WORDS.say(lang, "act.own_story", "{name} takes their story", name=name)
    elif isinstance(a, e.Reserve):
        text = WORDS.say(lang, "act.reserve", "{name} keeps {cards} in reserve", name=name,
                         cards=_cards(a.cards, lang))
    elif isinstance(a, e.Exchange):
        text = WORDS.say(lang, "act.exchange", "{name} exchanges {card}", name=name, card=card_words(a.card, lang))
    elif isinstance(a, e.LinesDown):
        text = WORDS.say(lang, "act.lines_down", "{name} cuts the line: Lines Down", name=name)
    elif isinstance(a, e.Offer):
        text = WORDS.say(lang, "act.offer", "{name} offers their {kind} for sale", name=name,
                         kind=kind_words(a.space, lang))
    elif isinstance(a, e.Buy):
        text = WORDS.say(lang, "act.buy", "{name} buys the story on offer", name=name)
    elif isinstance(a, e.Decline):
        text = WORDS.say(lang, "act.decline", "{name} turns the offer down", name=name)
    elif isinstance(a, e.GiveUp):
        text = WORDS.say(lang, "act.give_up", "{name} leaves the game", name=name)
    elif isinstance(a, e.Pass):
        text = WORDS.say(lang, "act.pass", "{name} passes", name=name)
    else:
        raise TypeError(f"not a Scoop action: {a!r}")
    return text


def score_sheet(state, lang: str):
    """Each player's value in dollars (Scoop: end of the game): cash, the stories
    and adverts laid on the page, kept star stories at half; a player who left the
    game counts 0. From the final tally once the game is over; the lines of a seat
    add up to its value (``state.scores``)."""
    from companion.registry import ScoreLine, ScoreSheet, SeatScore

    from . import GAME
    from .engine import page_value

    f = state.final
    seats = []
    for q, p in enumerate(state.players):
        if f is not None:
            cash, page, half, total = f.cash[q], f.page[q], f.kept_half[q], f.scores[q]
        else:
            cash, page, half = p.cash, page_value(p), sum(v // 2 for v in p.kept)
            total = state.scores[q]
        if p.out:
            lines = (ScoreLine(WORDS.say(lang, "sheet.left", "Left the game"), total),)
        else:
            lines = (ScoreLine(WORDS.say(lang, "sheet.cash", "Cash"), cash),)
            if page:
                lines += (ScoreLine(WORDS.say(lang, "sheet.page", "Stories and adverts on the page"), page),)
            if half:
                lines += (ScoreLine(WORDS.say(lang, "sheet.kept", "Star stories kept, at half value"), half),)
        seats.append(SeatScore(q, player_name(state, q, lang), total, lines))
    return ScoreSheet(GAME.unit(lang), tuple(seats), f is not None)


def table_text(key: str, lang: str = "en", **kw) -> str:
    """The app's table-screen words that are Scoop's own (this package's catalog):
    ``lay_or_tap`` (a card the camera should see, or its value tapped), ``called``
    (the call's signal and what it means), ``panel`` (a player's cash, stories and
    page value), ``stories`` (a count ``n``), ``won`` / ``tied`` (the end, with the
    totals the panels show), ``undo`` / ``undo_ask`` / ``undo_none`` (named undo),
    ``undo_value_ask`` / ``undo_value_first`` (a card's value tapped, taken back to tap again),
    ``ask_give_up`` / ``ask_press`` (irreversible taps asked first),
    ``three_star_off`` (the second three-star story takes the star stories off),
    ``camera_off`` (no picture yet). KeyError for an unknown key."""
    if key == "lay_or_tap":
        return WORDS.say(lang, "table.lay_or_tap", "{p}: lay the {story} card on your page for the camera, "
                         "or tap its value below.", **kw)
    if key == "called":
        return WORDS.say(lang, "table.called", "{p} dialled {n}: {signal}. {meaning}", **kw)
    if key == "panel":
        return WORDS.say(lang, "table.panel", "{p}\n{cash} · {stories}\npage {page}", **kw)
    if key == "stories":
        return WORDS.sayn(lang, "table.stories", "{n} story", "{n} stories", kw.pop("n"), **kw)
    if key == "won":
        return WORDS.say(lang, "table.won", "The game is over: {how}. {p} wins with {v}.", **kw)
    if key == "tied":
        return WORDS.say(lang, "table.tied", "The game is over: {how}. {ps} tie with {v}.", **kw)
    if key == "undo":
        return WORDS.say(lang, "table.undo", "Take back", **kw)
    if key == "undo_ask":
        return WORDS.say(lang, "table.undo_ask", "Take back: {move}?", **kw)
    if key == "undo_value_ask":
        return WORDS.say(lang, "table.undo_value_ask", "Take back the value {v} tapped for {move}? The call stays "
                         "as it is: tap the card's value again.", **kw)
    if key == "undo_value_first":
        return WORDS.say(lang, "table.undo_value_first", "Tap the card's value first: the call stays as it was "
                         "made.", **kw)
    if key == "ask_give_up":
        return WORDS.say(lang, "table.ask_give_up", "{p} leaves the game: the page goes back under the piles "
                         "and scores nothing. Leave?", **kw)
    if key == "ask_press":
        return WORDS.say(lang, "table.ask_press", "{p} goes to press: the game ends now. Go to press?", **kw)
    if key == "three_star_off":
        return WORDS.say(lang, "table.three_star_off", "Three-star story on both star spaces (your star stories "
                         "{v} are offered for sale)", **kw)
    if key == "camera_off":
        return WORDS.say(lang, "table.camera_off", "Waiting for the camera's picture", **kw)
    raise KeyError(key)
