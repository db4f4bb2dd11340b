"""The made-up game's printed page (printing.pages' contract): the final receipt,
drawn with printing.layout's Canvas. No page during play, none at the start."""

from __future__ import annotations

from printing.layout import Canvas
from printing.pages import NoSuchPage, Page, PageRequest, check_lang

from . import GAME, player_name


def colours(state) -> tuple[str, ...]:
    return tuple(p.colour for p in state.players)


def pages(state, request: PageRequest) -> list[Page]:
    if request.what != "final":
        raise NoSuchPage("the made-up game prints only its final receipt")
    if state.final is None:
        raise NoSuchPage("the game is not over yet")
    check_lang(request.lang)
    cv = Canvas(request.width, lang=request.lang)
    cv.para(GAME.name(request.lang), 24, serif=True, align="center")
    cv.rule(2, double=True, gap=2)
    for seat, score in enumerate(state.final.scores):
        cv.row(player_name(state, seat, request.lang), GAME.count(score, request.lang), 18,
               bold=seat in state.final.winners)
    return [Page(f"{request.game_id}-final", cv.finish())]
