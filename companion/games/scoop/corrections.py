"""Scoop's corrections of the camera's reading (pure): the players say a piece is not
on the table, or where it really lies (companion.corrections_kit, the shared base:
``absent`` / ``at``).

The pieces: the SCOOP cards (each physical copy has its own tag) and the stories and
adverts laid on the pages. A SCOOP card may be said to lie in a player's call area
or in one of the player's reserve spaces; a story or advert on a player's page (the
space of its pile on that player's page design). Players out of the game offer no
place. A move touches a SCOOP card when it plays that card (a claim from the hand or
a captured reserve, a reserve; a claim that takes a player's own reserve touches
every card, the camera reading which ones), a story or advert when a call, an
answer or an advert claim takes one of its value. A correction is moot once the game
is over. Named for the players by :func:`piece_name` and :func:`place_name` (this
game's words; never an id).
"""

from __future__ import annotations

from companion.corrections_kit import PieceCorrections

from .engine import Choose, Claim, Dial, Reserve
from .tags import card_of, catalog_ids, kind_of, story_of
from .texts import WORDS, card_words, kind_words, money, player_name


def _kind(piece: str) -> str | None:
    try:
        return kind_of(piece)
    except ValueError:
        return None


def _known(state) -> set[str]:
    return {c for c in catalog_ids() if _kind(c) in ("C", "S", "A")}


def _page_zone(state, seat: int, pile: str) -> str | None:
    """The zone of ``pile``'s space on ``seat``'s page (None: the design has none)."""
    if pile == "adverts":
        return "advert:0"
    if pile == "star":
        return "star:0"
    if pile == "three_star":
        return "threestar"
    design = state.catalog.designs[state.players[seat].design]
    if pile in design.stories:
        return f"story:{design.stories.index(pile)},0"
    return None


def _places(state, piece: str) -> list[tuple[str, str | None]]:
    kind = _kind(piece)
    out: list[tuple[str, str | None]] = []
    for seat, p in enumerate(state.players):
        if p.out:
            continue
        mat = f"mat-{p.spec.colour}"
        if kind == "C":
            out += [(mat, "call")] + [(mat, f"reserve:{i}") for i in range(len(p.reserve))]
        elif kind in ("S", "A"):
            zone = _page_zone(state, seat, story_of(piece)[0])
            if zone is not None:
                out.append((mat, zone))
    return out


def _touched(piece: str, action) -> bool:
    kind = _kind(piece)
    if kind == "C":
        card = card_of(piece)
        if isinstance(action, Reserve):
            return card in action.cards
        if isinstance(action, Claim):
            return bool(action.reserve) or card in action.hand or card in action.captured
        return False
    if kind in ("S", "A") and isinstance(action, (Dial, Choose, Claim)):
        value = getattr(action, "value", None)
        return value is None or value == story_of(piece)[1]
    return False


KIT = PieceCorrections(known=_known, places=_places, touched=_touched)
KIT.bind(globals())


def piece_name(piece: str, state, lang: str) -> str:
    """``piece`` as players name it in ``lang``: a SCOOP card by its story and part, a
    story or advert by its pile and printed value."""
    kind = _kind(piece)
    if kind == "C":
        return card_words(card_of(piece), lang)
    if kind in ("S", "A"):
        pile, value = story_of(piece)
        what = WORDS.say(lang, "corr.adverts", "advert") if pile == "adverts" else kind_words(pile, lang)
        return WORDS.say(lang, "corr.story", "{what} worth {value}", what=what, value=money(value, lang))
    return WORDS.say(lang, "corr.piece", "a piece")


def place_name(surface: str, zone: str | None, state, lang: str) -> str:
    """A place on the table in ``lang``: a player's call area, reserve space or page;
    ``elsewhere on the table`` for any other."""
    seat = next((i for i, p in enumerate(state.players) if f"mat-{p.spec.colour}" == surface), None)
    if seat is None:
        return WORDS.say(lang, "corr.place.elsewhere", "elsewhere on the table")
    who = player_name(state, seat, lang)
    name, _, arg = (zone or "").partition(":")
    if name == "call":
        return WORDS.say(lang, "corr.place.call", "in {player}'s call area", player=who)
    if name == "reserve" and arg.isdigit():
        return WORDS.say(lang, "corr.place.reserve", "in {player}'s reserve space {n}", player=who, n=int(arg) + 1)
    return WORDS.say(lang, "corr.place.page", "on {player}'s page", player=who)
