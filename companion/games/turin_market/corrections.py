"""Turin Market's corrections of the camera's reading (pure): the players say a piece
is not on the table, or where it really lies (companion.corrections_kit, the shared
base: ``absent`` / ``at``).

The pieces: the goods cards, the goods tokens and the goose. A card revealed so far
may be said to lie in the centre, in the sale area, on the discard pile or in a
player's area (its ``cards`` zone); a goods token in a player's ``tokens`` zone; a
card not revealed yet and the goose may only be said absent (a card comes into play
only when it is revealed; the goose's place is reported only). A correction of a
card is moot once the card is discarded; a move touches a card when it names it
(a pick, an offer, a withdrawal, a purchase). Named for the players by
:func:`piece_name` and :func:`place_name` (this game's words; never an id).
"""

from __future__ import annotations

from companion.corrections_kit import PieceCorrections

from .tags import COLOURS
from .texts import WORDS, card_name, player_name

GOOSE = "goose"


def _known(state) -> set[str]:
    return set(state.catalog.cards) | {f"token-{g}" for g in state.tokens} | {GOOSE}


def _places(state, piece: str) -> list[tuple[str, str | None]]:
    n = state.n_players
    if piece in state.catalog.cards:
        if piece not in state.seen:
            return []
        return [("board", "centre"), ("board", "sale"), ("board", "discard")] + \
            [(f"mat-{COLOURS[i]}", "cards") for i in range(n)]
    if piece.startswith("token-"):
        return [(f"mat-{COLOURS[i]}", "tokens") for i in range(n)]
    return []


def _touched(piece: str, action) -> bool:
    return getattr(action, "card", None) == piece


def _gone(state, piece: str) -> bool:
    return piece in state.discarded


KIT = PieceCorrections(known=_known, places=_places, touched=_touched, gone=_gone)
KIT.bind(globals())


def piece_name(piece: str, state, lang: str) -> str:
    """``piece`` as players name it in ``lang``: a card by its goods, a token by its
    good, the goose."""
    if piece in state.catalog.cards:
        return card_name(piece, lang, state.catalog)
    if piece.startswith("token-"):
        return WORDS.say(lang, "corr.token", "the {good} token", good=state.catalog.good_name(piece[6:], lang))
    if piece == GOOSE:
        return WORDS.say(lang, "corr.goose", "the goose")
    return WORDS.say(lang, "corr.piece", "a piece")


def place_name(surface: str, zone: str | None, state, lang: str) -> str:
    """A place on the table in ``lang``: the centre, the sale area, the discard pile,
    a player's cards or tokens; ``elsewhere on the table`` for any other."""
    if surface == "board":
        words = {"centre": WORDS.say(lang, "corr.place.centre", "in the centre"),
                 "sale": WORDS.say(lang, "corr.place.sale", "in the sale area"),
                 "discard": WORDS.say(lang, "corr.place.discard", "on the discard pile")}
        if zone in words:
            return words[zone]
    if surface.startswith("mat-") and surface[4:] in COLOURS:
        seat = COLOURS.index(surface[4:])
        if seat < state.n_players:
            who = player_name(state, seat, lang)
            if zone == "tokens":
                return WORDS.say(lang, "corr.place.tokens", "with {player}'s goods tokens", player=who)
            return WORDS.say(lang, "corr.place.cards", "in {player}'s area", player=who)
    return WORDS.say(lang, "corr.place.elsewhere", "elsewhere on the table")
