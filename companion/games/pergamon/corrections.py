"""Pergamon's corrections of the camera's reading (pure): the players say a piece is
not on the table, or where it really lies (companion.corrections_kit, the shared
base: ``absent`` / ``at``).

The pieces: the finds, the players' figures and markers, the funds cards (faces and
backs). A find may be said to lie in a gallery (I-V) or in a player's area (its
``finds`` zone); a figure on a funds space or in its owner's area; a marker or funds
card may only be said absent (they are read where they lie: a plan space, an
exhibit row, the cards' place). A correction of a find is moot once the find has
left the game (the box); a move touches a find when it names it (the presentation,
an exhibition, the finds discarded when storing) or digs a gallery, a figure when
it is placed or stored, the funds cards when they are drawn or revealed, a marker
when a collection is shown. Named for the players by :func:`piece_name` and
:func:`place_name` (this game's words; never an id).
"""

from __future__ import annotations

from companion.corrections_kit import PieceCorrections

from .actions import Dig, DrawFunds, Exhibit, PlaceFigure, RevealFunds, Store
from .tags import back_ids, card_ids
from .texts import ROMAN, WORDS, find_name, player_name


def _seat_of_colour(state, colour: str) -> int | None:
    return next((i for i, p in enumerate(state.players) if p.colour == colour), None)


def _known(state) -> set[str]:
    out = set(state.catalog.tiles) | set(card_ids()) | set(back_ids())
    for p in state.players:
        out.add(f"figure-{p.colour}")
        out |= {f"{kind}-{p.colour}{m}" for kind in ("circle", "angle") for m in range(1, 4)}
    return out


def _places(state, piece: str) -> list[tuple[str, str | None]]:
    if piece in state.catalog.tiles:
        return [("board", f"gallery:{g}") for g in range(1, len(state.galleries) + 1)] + \
            [(f"mat-{p.colour}", "finds") for p in state.players]
    if piece.startswith("figure-"):
        return [("board", f"funds:{n}") for n in range(1, state.catalog.n_funds_spaces + 1)] + \
            [(f"mat-{piece[7:]}", "home")]
    return []


def _touched(piece: str, action) -> bool:
    if piece.startswith("figure-"):
        return isinstance(action, (PlaceFigure, Store))
    if piece.startswith(("bag", "chest")):
        return isinstance(action, DrawFunds)
    if piece.startswith("card"):
        return isinstance(action, RevealFunds)
    if piece.startswith(("circle-", "angle-")):
        return isinstance(action, Exhibit)
    # a find: named by the action, or taken with its gallery (a dig names none)
    return isinstance(action, Dig) or piece in (getattr(action, "finds", None) or ()) \
        or piece in (getattr(action, "discard", None) or ())


def _gone(state, piece: str) -> bool:
    return piece in state.box


def _offered(state) -> set[str]:
    """The pieces a camera could miss now: the finds in the galleries and the players'
    hands and the figures; while finds are turned up, every find not seen yet."""
    out = {f for g in state.galleries for f in g} | {f for h in state.hands for f in h}
    out |= {f"figure-{p.colour}" for p in state.players}
    if state.phase == "present":
        out |= {t for t in state.catalog.tiles if t not in state.presented}
    return out


KIT = PieceCorrections(known=_known, places=_places, touched=_touched, gone=_gone, offered=_offered)
KIT.bind(globals())


def piece_name(piece: str, state, lang: str) -> str:
    """``piece`` as players name it in ``lang``: a find by its date and objects, a
    figure or marker by its owner, a funds card by its coins or its back."""
    if piece in state.catalog.tiles:
        return find_name(piece, lang, state.catalog)
    if piece.startswith(("figure-", "circle-", "angle-")):
        kind, _, rest = piece.partition("-")
        colour = rest.rstrip("0123456789")
        seat = _seat_of_colour(state, colour)
        who = player_name(state, seat, lang) if seat is not None else colour
        if kind == "figure":
            return WORDS.say(lang, "corr.figure", "{player}'s figure", player=who)
        marker = ROMAN.get(int(rest[len(colour):] or 0), "")
        if kind == "circle":
            return WORDS.say(lang, "corr.circle", "{player}'s circular marker {n}", player=who, n=marker)
        return WORDS.say(lang, "corr.angle", "{player}'s angular marker {n}", player=who, n=marker)
    if piece.startswith("card") and piece[4:-1].isdigit():
        return WORDS.say(lang, "corr.card", "the funds card of {n} coins", n=int(piece[4:-1]))
    if piece.startswith("bag"):
        return WORDS.say(lang, "corr.back.bag", "a funds card face down (bag)")
    if piece.startswith("chest"):
        return WORDS.say(lang, "corr.back.chest", "a funds card face down (chest)")
    return WORDS.say(lang, "corr.piece", "a piece")


def place_name(surface: str, zone: str | None, state, lang: str) -> str:
    """A place on the table in ``lang``: a gallery, a funds space, the plan, the
    funds cards' place, a player's area or exhibit row; ``elsewhere on the table``
    for any other."""
    name, _, arg = (zone or "").partition(":")
    if surface == "board":
        if name == "gallery" and arg.isdigit() and int(arg) in ROMAN:
            return WORDS.say(lang, "corr.place.gallery", "in gallery {n}", n=ROMAN[int(arg)])
        if name == "funds" and arg.isdigit():
            return WORDS.say(lang, "corr.place.funds", "on funds space {n}", n=int(arg))
        if name == "plan" and arg.isdigit():
            return WORDS.say(lang, "corr.place.plan", "on plan space {n}", n=int(arg))
        if name == "calendar":
            return WORDS.say(lang, "corr.place.calendar", "on the calendar")
        if name == "cards":
            return WORDS.say(lang, "corr.place.cards", "where the funds cards lie")
    if surface.startswith("mat-"):
        seat = _seat_of_colour(state, surface[4:])
        if seat is not None:
            who = player_name(state, seat, lang)
            if name == "exhibit" and arg.isdigit() and int(arg) in ROMAN:
                return WORDS.say(lang, "corr.place.row", "in {player}'s exhibit row {n}", player=who,
                                 n=ROMAN[int(arg)])
            return WORDS.say(lang, "corr.place.area", "in {player}'s area", player=who)
    return WORDS.say(lang, "corr.place.elsewhere", "elsewhere on the table")
