"""Penny Press's pages for a page request (``GameSpec.pages``; printing.pages).

- ``what="press"``: the front page of press N of the game (Penny Press: Go to
  Press), or with ``player`` that player's edition N.
- ``what="all"``: every front page so far (with ``player``: that player's).
- ``what="final"``: the score receipt once the game is over (with ``player``: the
  presses that player made or got a scoop from, and the ranking).
- ``what="start"``: none (Penny Press prints nothing at the start).

:func:`pages_due` says what a step of the game makes due: a press its front page,
the end the final receipt.

Page names: ``<game id>-press<N>-<colour>-e<edition>`` and
``<game id>-final[-<colour>]``.
"""

from __future__ import annotations

from companion.clitext import colour, tx, txn
from printing.pages import NoSuchPage, Page, PageRequest

from .documents import front_page_doc, receipt_doc
from .layout import render_front_page, render_receipt


def colours(state) -> tuple[str, ...]:
    """Each seat's colour (``red``), in seat order."""
    return tuple(s.colour for s in state.players)


def pages(state, request: PageRequest) -> list[Page]:
    """The pages ``request`` asks for (module docstring), each ``request.width`` dots
    wide. Raises NoSuchPage for a press or edition the game does not have, or the
    receipt of a game not over yet; DocumentError for a page that cannot be drawn."""
    game_id, player = request.game_id, request.player
    if player is not None and player >= len(state.players):
        raise NoSuchPage(tx("print.no_seat", "no seat {seat} in this game of {n} players", seat=player + 1,
                            n=len(state.players)))
    if request.what == "final":
        if state.final is None:
            raise NoSuchPage(txn("print.pp_not_over", "the game is not over yet ({n} press so far): the final "
                                 "receipt comes at its end", "the game is not over yet ({n} presses so far): the "
                                 "final receipt comes at its end", len(state.press_results)))
        doc = receipt_doc(state, request.lang, game_id, player)
        suffix = f"-{state.players[player].colour}" if player is not None else ""
        return [Page(f"{game_id}-final{suffix}", render_receipt(doc, request.width))]
    if request.what == "start":
        raise NoSuchPage(tx("print.pp_no_start", "Penny Press prints no page at the start: a front page comes "
                            "with each press"))
    results = list(state.press_results)
    if not results:
        raise NoSuchPage(tx("print.pp_no_press", "no press in this game yet"))
    mine = [r for r in results if player is None or r.player == player]
    if request.what == "all":
        chosen = mine
    elif player is not None:
        n = request.press
        if not 1 <= n <= len(mine):
            raise NoSuchPage(txn("print.pp_editions", "{colour} has {n} edition; edition {asked} does not exist",
                                 "{colour} has {n} editions; edition {asked} does not exist", len(mine),
                                 colour=colour(state.players[player].colour), asked=n))
        chosen = [mine[n - 1]]
    else:
        n = request.press
        if not 1 <= n <= len(results):
            raise NoSuchPage(txn("print.pp_presses", "the game has {n} press; press {asked} does not exist",
                                 "the game has {n} presses; press {asked} does not exist", len(results), asked=n))
        chosen = [results[n - 1]]
    out = []
    for r in chosen:
        doc = front_page_doc(state, r, request.lang, game_id)
        out.append(Page(f"{game_id}-press{doc.press_no}-{doc.player}-e{doc.edition}",
                        render_front_page(doc, request.width)))
    return out


def pages_due(before, after) -> list[PageRequest]:
    """The pages the step from state ``before`` to state ``after`` makes due
    (play.pages): each new press's front page, the final receipt once the game is
    over. Requests without language, width or label (the caller fills them)."""
    due = [PageRequest("press", press=n)
           for n in range(len(before.press_results) + 1, len(after.press_results) + 1)]
    if after.is_over and not before.is_over:
        due.append(PageRequest("final"))
    return due
