"""Pergamon in players' words (es/en/zh): what an action did and where each player's
victory points come from.

The words are this package's own gettext catalog
(``locale/<lang>/LC_MESSAGES/pergamon.po``, :class:`companion.gettext_po.Words`;
``bash scripts/i18n.sh`` extracts them). A find is named as on its tile: its full
date and the object halves on its edges (``463 mask and jug``), never its tag id;
galleries and markers by their Roman numerals, as on the board. Our own words.
"""

from __future__ import annotations

from companion.gettext_po import Words
from companion.naming import given_name
from companion.registry import ScoreLine, ScoreSheet, SeatScore

from .actions import Dig, DrawFunds, Exhibit, PlaceFigure, PresentFinds, RevealFunds, Store

WORDS = Words(__package__)

#: Galleries and markers as the board numbers them.
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}


def _join(items, lang: str) -> str:
    return WORDS.say(lang, "list.separator", ", ").join(items)


def object_name(kind: str, lang: str) -> str:
    """An object half in ``lang`` (``vase``, ``jug``, ``mask``, ``bracelet``)."""
    names = {"vase": WORDS.say(lang, "object.vase", "vase"), "jug": WORDS.say(lang, "object.jug", "jug"),
             "mask": WORDS.say(lang, "object.mask", "mask"),
             "bracelet": WORDS.say(lang, "object.bracelet", "bracelet")}
    return names.get(kind, kind)


def find_name(tile: str, lang: str, catalog) -> str:
    """A find as on its tile, as players say it: full date and the object halves,
    ``463 mask and jug`` (es ``463 máscara y jarra``, zh ``463 面具和水壶``); an id
    the catalog does not know is returned as given."""
    t = catalog.tiles.get(tile)
    if t is None:
        return tile
    return WORDS.say(lang, "find", "{date} {left} and {right}", date=t.date, left=object_name(t.left, lang),
                     right=object_name(t.right, lang))


def player_name(state, seat: int, lang: str) -> str:
    """The player at ``seat``: their given name, else their colour in ``lang``, else
    ``player 2`` (seats counted from 1)."""
    players = getattr(state, "players", ())
    if 0 <= seat < len(players):
        p = players[seat]
        name = given_name(p.name)
        if name:
            return name
        colours = {"red": WORDS.say(lang, "colour.red", "red"), "blue": WORDS.say(lang, "colour.blue", "blue"),
                   "green": WORDS.say(lang, "colour.green", "green"),
                   "yellow": WORDS.say(lang, "colour.yellow", "yellow")}
        if p.colour in colours:
            return colours[p.colour]
    return WORDS.say(lang, "player", "player {n}", n=seat + 1)


def _back(back: str, lang: str) -> str:
    names = {"bag": WORDS.say(lang, "back.bag", "bag"), "chest": WORDS.say(lang, "back.chest", "chest")}
    return names.get(back, back)


def describe_action(action, state, lang: str) -> str:
    """One sentence in ``lang`` saying what ``action`` did (Pergamon: 1-3), e.g.
    ``Ana digs gallery III``; ``state``: the game before or after it. ValueError for
    a language other than es, en, zh."""
    a = action
    cat = state.catalog

    def finds(ids) -> str:
        return _join((find_name(t, lang, cat) for t in ids), lang)

    if isinstance(a, PresentFinds):
        text = (WORDS.say(lang, "act.present", "Finds turned up: {finds}", finds=finds(a.finds)) if a.finds else
                WORDS.say(lang, "act.present_none", "No finds turned up: the galleries are full"))
    elif isinstance(a, DrawFunds):
        text = WORDS.say(lang, "act.draw_funds", "Funds cards drawn, their backs: {backs}",
                         backs=" + ".join(_back(b, lang) for b in a.backs))
    elif isinstance(a, RevealFunds):
        text = WORDS.sayn(lang, "act.reveal_funds", "Funds cards turned over: {cards} = {n} coin",
                          "Funds cards turned over: {cards} = {n} coins", sum(a.cards),
                          cards=" + ".join(map(str, a.cards)))
    else:
        name = player_name(state, a.player, lang)
        if isinstance(a, PlaceFigure):
            text = WORDS.say(lang, "act.place", "{name} takes funds space {space}", name=name, space=a.space)
        elif isinstance(a, Dig):
            text = WORDS.say(lang, "act.dig", "{name} digs gallery {gallery}", name=name,
                             gallery=ROMAN.get(a.gallery, a.gallery))
        elif isinstance(a, Exhibit):
            shown = finds(a.finds)
            if a.marker is not None:
                text = WORDS.sayn(lang, "act.exhibit_break", "{name} shows {finds} with {n} coin of polish, "
                                  "breaking collection {marker}", "{name} shows {finds} with {n} coins of polish, "
                                  "breaking collection {marker}", a.polish, name=name, finds=shown,
                                  marker=ROMAN.get(a.marker, a.marker))
            else:
                text = WORDS.sayn(lang, "act.exhibit", "{name} shows {finds} with {n} coin of polish",
                                  "{name} shows {finds} with {n} coins of polish", a.polish, name=name, finds=shown)
        elif isinstance(a, Store):
            text = (WORDS.say(lang, "act.store_discard", "{name} stores their finds and discards {finds}",
                              name=name, finds=finds(a.discard)) if a.discard else
                    WORDS.say(lang, "act.store", "{name} stores their finds", name=name))
        else:
            raise TypeError(f"not a Pergamon action: {a!r}")
    return text


def score_sheet(state, lang: str) -> ScoreSheet:
    """Each player's victory points (Pergamon: 3B, 4, end of the game): the point of
    each collection shown, the points of each evaluation and, once over, the bonus
    of the oldest exhibitions. From the engine's results (``state.log``,
    ``state.final``); the lines of a seat add up to its score."""
    from .engine import EvaluationResult, ExhibitResult

    cat = state.catalog
    n = state.n_players
    lines: list[list[ScoreLine]] = [[] for _ in range(n)]
    shown = [0] * n
    for r in state.log:
        if isinstance(r, ExhibitResult):
            shown[r.shown.owner] += 1
    for q in range(n):
        if shown[q] and cat.exhibit_vp:
            lines[q].append(ScoreLine(WORDS.sayn(lang, "sheet.shown", "{n} collection shown", "{n} collections shown",
                                                 shown[q]), shown[q] * cat.exhibit_vp))
    for r in state.log:
        if isinstance(r, EvaluationResult):
            for q in range(n):
                if r.vp[q]:
                    lines[q].append(ScoreLine(WORDS.say(lang, "sheet.evaluation", "Evaluation after turn {turn}",
                                                        turn=r.turn), r.vp[q]))
    f = state.final
    if f is not None:
        for owner, marker, date, vp in f.bonus:
            lines[owner].append(ScoreLine(WORDS.say(lang, "sheet.bonus", "Oldest exhibitions: collection {marker} "
                                                    "({date})", marker=ROMAN.get(marker, marker), date=date), vp))
    totals = list(f.scores) if f is not None else list(state.scores)
    from . import GAME

    return ScoreSheet(GAME.unit(lang), tuple(SeatScore(q, player_name(state, q, lang), totals[q], tuple(lines[q]))
                                             for q in range(n)), f is not None)
