"""What the app's screens read of a game at the table (Kivy-free): plain view data
converted from the engine's state (ui.games.penny_press.viewmodels.adapt, over the engine's own
functions), and the taps nothing on the table shows.

:class:`TableViews` is the part of the app's session (ui.session.GameSession) that
draws the game for the screens: the live table, the board adjustments, the press
preview, the papers, the score history and the final ranking. These views are
Penny Press's (ui.screens: live, press, results); no game rule is computed here: a
press preview is the engine's own press applied to a copy of the state (pure), a
page laid on a mat is read by the game's observer.
"""

from __future__ import annotations

import dataclasses

from companion.errors import CompanionError, Refusal, RuleError
from companion.journal import total_scores

from .viewmodels import adapt
from . import protocol as P
from . import texts  # noqa: F401  its words (declared for the catalogs)


def session_views(runner) -> "TableViews":
    """The views the app's session hands the screens (ui.hosting.session_views)."""
    return TableViews(runner)


class TableViews:
    """The views of the game a table loop plays (``runner``: play.runner.GameRunner)."""

    def __init__(self, runner):
        self.runner = runner
        self._preview_cache = None

    @property
    def state(self):
        return self.runner.state

    def seat(self, colour: str) -> int:
        """The seat of ``colour``; CompanionError naming the colours in the game."""
        try:
            return adapt.seat_of(self.state, colour)
        except ValueError as exc:
            raise CompanionError(str(exc)) from None

    def _last_action_text(self, lang: str) -> str:
        j = self.runner.journal
        acts = j.actions() if j is not None else []
        return adapt.action_text(acts[-1], j.state, lang) if acts else ""

    def table(self, lang: str) -> P.TableView | None:
        st = self.state
        return None if st is None else adapt.table_from_state(st, self._last_action_text(lang))

    def adjustments(self) -> list[P.Adjustment]:
        """The engine's board_adjustments for the last action, unchanged."""
        j = self.runner.journal
        if j is None:
            return []
        tl = j.timeline()
        board_adjustments = getattr(j.rules, "board_adjustments", None)
        if len(tl) < 2 or board_adjustments is None:
            return []
        return [P.Adjustment(a.kind, a.beat, a.value, tuple(a.stories), a.player, a.cell)
                for a in board_adjustments(tl[-2][1], tl[-1][1])]

    def _mat_page(self, st, seat: int):
        """The front page laid on ``seat``'s mat in the last still table, or None."""
        snap = self.runner.last_snapshot
        if snap is None or self.runner.observer is None:
            return None
        laid = self.runner.observer.read(st, snap).front.get(seat) or {}
        return self.runner.observer.front_page_of(st, seat, laid) if laid else None

    def press_preview(self, colour: str) -> P.PressPreview:
        """The press preview of ``colour`` (cached per state, table snapshot and
        colour: the solver runs once per change)."""
        key = (id(self.state), id(self.runner.last_snapshot), colour)
        hit = self._preview_cache
        if hit is not None and hit[0] == key and hit[1] is self.state:
            return hit[2]
        st = self.state
        if st is None:
            raise Refusal("not_started", "the game has not started")
        try:
            out = adapt.press_preview(st, colour, self._mat_page(st, self.seat(colour)))
        except RuleError as exc:
            raise Refusal("cannot_press", f"{colour} cannot go to press now: {exc.detail}", colour=colour,
                          detail=exc.detail) from None
        self._preview_cache = (key, st, out)
        return out

    def paper(self, colour: str, which: str):
        """The engine's PressResult for ``which`` paper of ``colour``: ``suggested``
        (the solver's page if the player went to press now), ``mat`` (the page seen
        on the player's mat, scored as the engine would), ``last`` (the player's
        latest printed press). CompanionError when there is none."""
        st = self.state
        if st is None:
            raise Refusal("not_started", "the game has not started")
        seat = self.seat(colour)
        if which == "last":
            mine = [r for r in st.press_results if r.player == seat]
            if not mine:
                raise Refusal("no_paper_yet", f"{colour} has not printed a paper yet", colour=colour)
            return mine[-1]
        page = None
        if which == "mat":
            page = self._mat_page(st, seat)
            if page is None:
                raise Refusal("no_mat_page", f"{colour}'s front page is not seen on the mat", colour=colour)
        try:
            return self.runner.journal.rules.press_preview(st, seat, page)
        except RuleError as exc:
            raise Refusal("cannot_press", f"{colour} cannot go to press now: {exc.detail}", colour=colour,
                          detail=exc.detail) from None

    def last_paper(self, colour: str) -> P.FrontPageView | None:
        """The latest paper ``colour`` printed (its page and breakdown), or None."""
        try:
            res = self.paper(colour, "last")
        except CompanionError:
            return None
        cells = adapt.front_page_view(self.state, res.claimed, res.front_page, res.front_page.ad_cell)
        return dataclasses.replace(cells, score=res.total, lines=tuple(res.breakdown))

    def score_history(self) -> list[P.ScorePoint]:
        j = self.runner.journal
        if j is None:
            return []
        out = adapt.history_from_states(j.states())
        if j.state.is_over:
            out.append(P.ScorePoint("end", tuple(zip((p.colour for p in j.state.players), total_scores(j.state)))))
        return out

    def final_ranking(self) -> list[P.FinalRow] | None:
        st = self.state
        return None if st is None else adapt.final_rows(st)

    # -- taps nothing on the table shows ----------------------------------------
    def decline_kind(self, colour: str) -> str:
        """What declining means now for ``colour``: ``"turn"`` (pass a last turn of the
        final edition), ``"press"`` (not go to press in the final presses), or ``""``
        (``colour`` may not decline now). Penny Press, Final edition."""
        st = self.state
        if not (st is not None and st.phase in ("final_turns", "final_presses")
                and st.players[st.current_player].colour == colour):
            return ""
        return "turn" if st.phase == "final_turns" else "press"

    def decline(self, colour: str) -> None:
        """The player passes a final-edition turn or does not go to press in the final
        presses (journalled as the players' tap). Raises CompanionError when not
        allowed (nothing written). The caller holds the session's lock."""
        j = self.runner.journal
        if j is None:
            raise Refusal("not_started", "the game has not started")
        try:
            j.append(j.rules.DeclinePress(player=self.seat(colour)), source="manual")
        except RuleError as exc:
            raise CompanionError(exc.detail) from None

    # -- printing and sharing (the session's printer: ui.session_print) ------------
    def print_press(self, printer, n: int, colour: str, settings, lang: str) -> P.JobStatus:
        """Print ``colour``'s paper ``n`` (1 = their first press) on ``printer``
        (ui.session_print.SessionPrinter) with ``settings``. Refusal ``no_paper_yet``."""
        seat = self.seat(colour)
        mine = [r for r in self.state.press_results if r.player == seat]
        if not 1 <= n <= len(mine):
            raise Refusal("no_paper_yet", f"{colour} has {len(mine)} papers; there is no paper {n}", colour=colour)
        return printer.print_press(mine[n - 1], f"{colour}-paper{n}", settings, lang)

    def print_paper(self, printer, colour: str, which: str, settings, lang: str) -> P.JobStatus:
        """Print exactly the paper the press screen shows: ``suggested``, ``mat`` or
        ``last`` (:meth:`paper`); the same page the preview drew."""
        res = self.paper(colour, which)
        n = sum(1 for r in self.state.press_results if r.player == res.player)
        if which == "last":
            return printer.print_press(res, f"{colour}-paper{n}-{which}", settings, lang)
        # a paper not printed yet: the page of the press it would be, on the state
        # right after it (the engine's own press, pure; the game is not changed)
        from printing.pages import PageRequest, make_pages

        j = self.runner.journal
        after = j.rules.press_preview_state(self.state, res.player, res.front_page)
        request = PageRequest("press", press=len(after.press_results), lang=lang,
                              width=printer.page_width(settings), game_id=j.game_id)
        image = make_pages(j.game, after, request)[0].image
        return printer.send(image, f"{colour}-paper{n + 1}-{which}", settings)

    def bgstats_link(self, lang: str) -> str:
        """The finished game as a BG Stats link (ui.viewmodels.bgstats, the same for
        every game), "" before the end."""
        from ui.viewmodels.bgstats import game_play_link

        return game_play_link(self.runner.journal, lang)
