"""Penny Press engine objects -> printing documents (the game's ``GameSpec.documents``).

Thin on purpose: the engine (companion.games.penny_press) owns the rules and the
numbers; these functions only copy them into printing.documents, so a change in
the engine's score shows on paper unchanged.
"""

from __future__ import annotations

from companion.errors import CompanionError
from companion.naming import given_name

from . import i18n
from .documents import (BonusLine, BreakdownLine, FrontPageDoc, PlacedStory, PressLine,
                        RankLine, ReceiptDoc, check_lang)


def _colour(state, index: int) -> str:
    return state.players[index].colour


def front_page_doc(state, press_result, lang: str = "en", game_id: str = "game") -> FrontPageDoc:
    """The front page of ``press_result`` (a PressResult of ``state``).

    ``state``: a Penny Press GameState holding that press in ``press_results`` (its
    position gives the period date). Masthead: the player's paper name from the setup,
    else "The <colour> Herald" in ``lang``. Raises CompanionError if the press is not
    part of the state, DocumentError for a page that cannot be drawn.
    """
    check_lang(lang)
    try:
        press_no = list(state.press_results).index(press_result) + 1
    except ValueError:
        raise CompanionError("this press is not part of the game state given") from None
    spec = state.players[press_result.player]
    fp = press_result.front_page
    return FrontPageDoc(
        game_id=game_id,
        player=spec.colour,
        paper_name=spec.paper or i18n.paper_name(spec.colour, lang),
        edition=press_result.edition,
        press_no=press_no,
        placements=tuple(PlacedStory(p.story, p.row, p.col, bool(p.rotated))
                         for p in fp.placements),
        ad=tuple(fp.ad_cell) if fp.ad_cell is not None else None,
        breakdown=tuple(BreakdownLine(str(k), s or "", int(pts))
                        for k, s, pts in press_result.breakdown),
        total=int(press_result.total),
        lang=lang,
    )


def print_pages(state, game_id: str, args) -> list[tuple[str, object]]:
    """The pages ``companion print`` asks for (``GameSpec.documents`` contract):
    ``[(name, 1-bit Pillow image)]`` from ``args`` (press/final, player, lang, width_mm).
    Raises CompanionError for a press or receipt the game does not have."""
    from .commands import pages

    return pages(state, game_id, args)


def receipt_doc(state, lang: str = "en", game_id: str = "game",
                player: int | None = None) -> ReceiptDoc:
    """Score receipt of ``state``: every press with the scoops it paid (or, for
    ``player``, a seat index, the presses they made or got a scoop from), and once
    the game is over the bonuses per beat and the final ranking (rank,
    final score, published stories: Penny Press, End of the game)."""
    check_lang(lang)
    presses = tuple(
        PressLine(_colour(state, r.player), r.edition, int(r.total),
                  tuple((_colour(state, q), int(pts)) for q, pts in sorted(r.scoop_awards.items())
                        if pts and (player is None or q == player)))
        for r in state.press_results
        if player is None or r.player == player or r.scoop_awards.get(player, 0))
    bonuses: tuple[BonusLine, ...] = ()
    ranking: tuple[RankLine, ...] = ()
    final = state.final
    if final is not None:
        bonuses = tuple(BonusLine(b.beat, int(b.marker),
                                  tuple(_colour(state, w) for w in b.winners))
                        for b in final.bonuses)
        order = sorted(range(len(state.players)), key=lambda i: (final.rank[i], i))
        ranking = tuple(RankLine(int(final.rank[i]), _colour(state, i), int(final.scores[i]),
                                 int(final.stories[i])) for i in order)
    return ReceiptDoc(game_id=game_id, presses=presses, bonuses=bonuses, ranking=ranking,
                      player=_colour(state, player) if player is not None else "",
                      lang=lang, day=len(state.press_results) + 1,
                      names=tuple((s.colour, given_name(s.name)) for s in state.players
                                  if given_name(s.name)),
                      papers=tuple((s.colour, s.paper) for s in state.players if s.paper))
