"""Go-to-press view-model (Kivy-free): claimed stories, scoop points, the solver's
front page beside the player's, the score, one-tap printing (Penny Press: Go to
Press; front page 3 rows x 4 columns)."""

from __future__ import annotations

from typing import Any

from companion.errors import CompanionError
from ui import i18n
from ui.games.penny_press import texts
from ui.games.penny_press.protocol import FrontPageView, JobStatus, PressPreview
from ui.viewmodels.table import Confirm

ROWS, COLS = 3, 4
#: the pages the screen shows (PressVM.pages' ``which``) -> their titles' keys
PAGE_TITLES = {"suggested": "press.suggested", "mat": "press.yours", "last": "press.latest"}
#: a print job's state -> the end of a game's words for that outcome (one page)
OUTCOME_KEYS = {"printed": "end.printed_pages", "queued": "end.queued_pages", "saved": "end.saved_pages"}


def grid(page: FrontPageView, lang: str) -> list[list[str]]:
    """3 x 4 cell labels (row 0 = top): story id, localised "ad", or "" when empty.
    Raises ValueError when a placement leaves the page or overlaps another."""
    g = [[""] * COLS for _ in range(ROWS)]
    for p in page.placements:
        if p.row < 0 or p.col < 0 or p.row + p.height > ROWS or p.col + p.width > COLS:
            raise ValueError(f"{p.item} at row {p.row}, col {p.col} ({p.width}x{p.height}) leaves the 3x4 page")
        label = i18n.tr("cell.ad", lang) if p.item == "ad" else p.item
        for r in range(p.row, p.row + p.height):
            for c in range(p.col, p.col + p.width):
                if g[r][c]:
                    raise ValueError(f"{p.item} overlaps {g[r][c]} at row {r}, col {c}")
                g[r][c] = label
    return g


def blocks(page: FrontPageView, lang: str) -> list[tuple[str, float, float, float, float]]:
    """One block per placement for drawing: (label, x, y, w, h) as fractions of the
    page, x from the left, y from the **bottom** (Kivy's axis), after the same
    checks as ``grid`` (ValueError when off the page or overlapping)."""
    grid(page, lang)
    out = []
    for p in page.placements:
        label = i18n.tr("cell.ad", lang) if p.item == "ad" else short_name(p.item, lang)
        out.append((label, p.col / COLS, (ROWS - p.row - p.height) / ROWS, p.width / COLS, p.height / ROWS))
    return out


def short_name(story: str, lang: str) -> str:
    """A story on a page: stars and headline (no id)."""
    from printing.games.penny_press.texts import headlines_for

    shape = texts.story_shape(story)
    if shape is None:
        return story
    return f"{'★' * shape[3]} {headlines_for([story], lang)[story]}"


def breakdown(page: FrontPageView, lang: str) -> list[str]:
    """The score of a page line by line (values, exclusive, left-outs, empty
    cells, the floor at 0), then the total."""
    out = []
    for kind, story, pts in page.lines:
        name = texts.story_name(story, lang) if story else ""
        key = f"line.{kind}"
        out.append(i18n.tr(key, lang, story=name, points=f"{pts:+d}") if key in i18n.TEXTS else f"{kind} {pts:+d}")
    out.append(i18n.tr("press.score", lang, score=page.score))
    if not page.legal:
        out.append(i18n.tr("press.illegal", lang, problem=page.problem))
    return out


class PressVM:
    """The press screen for the player ``colour`` (default: whose turn it is)."""

    def __init__(self, session: Any, lang: str):
        self.session = session
        self.lang = i18n.check_lang(lang)
        self.colour: str | None = None
        self.preview: PressPreview | None = None
        self.error = ""
        self.job: JobStatus | None = None
        self.job_which = ""  # the page the job printed (suggested, mat, last): its title in the language now
        self._job_at = None  # (colour, table view) the job was printed at
        self._chosen_at = None  # the turn (turn_key) a player's paper was chosen by a tap in

    def players(self) -> list[tuple[str, str]]:
        t = self.session.table()
        return [(p.colour, i18n.person(p.name, self.lang)) for p in t.players] if t else []

    @staticmethod
    def turn_key(t) -> tuple | None:
        """What tells one turn from the next (whose turn, papers printed, last move)."""
        return None if t is None else (t.turn, t.edition, t.last_action)

    def load(self, colour: str | None = None) -> PressPreview | None:
        """Ask the session for the preview of ``colour`` (a player's paper chosen by a
        tap), else of the paper chosen earlier in this same turn, else of the player
        to act (the paper that goes to press next): once the turn passes, the screen
        shows the active player's paper again."""
        t = self.session.table()
        if colour is not None:
            self._chosen_at = self.turn_key(t)
        else:
            kept = self.colour if self._chosen_at == self.turn_key(t) or (t is not None and t.finished) else None
            colour = kept or (t.turn if t else None) or self.colour or (t.players[0].colour if t else None)
        self.colour, self.error = colour, ""
        if self.job is not None and self._job_at != (colour, t):
            self.job = None  # a print of another paper, or of the table before the last move
        if colour is None:
            self.preview = None
            return None
        try:
            self.preview = self.session.press_preview(colour)
        except CompanionError as exc:
            self.preview, self.error = None, i18n.error_text(exc, self.lang)
        return self.preview

    def name(self, colour: str) -> str:
        return dict(self.players()).get(colour, i18n.colour(colour, self.lang))

    def last(self) -> FrontPageView | None:
        get = getattr(self.session, "last_paper", None)
        return get(self.colour) if get and self.colour else None

    def pages(self) -> list[tuple[str, str, FrontPageView | None]]:
        """What the screen shows, each with its own print button: (which, title,
        page). Before a press: the suggested page and the one on the mat (None
        when not seen); with nothing to claim: the player's latest paper."""
        pv = self.preview
        if pv is not None and pv.claimed:
            return [("suggested", i18n.tr(PAGE_TITLES["suggested"], self.lang), pv.suggested),
                    ("mat", i18n.tr(PAGE_TITLES["mat"], self.lang), pv.player_page)]
        last = self.last()
        if last is not None:
            return [("last", i18n.tr(PAGE_TITLES["last"], self.lang), last)]
        return []

    def print_page(self, which: str) -> JobStatus | None:
        """Print exactly the page shown as ``which`` (suggested, mat, last)."""
        if self.colour is None:
            return None
        try:
            make = getattr(self.session, "print_paper", None)
            if make is not None:
                self.job = make(self.colour, which)
            else:
                self.job = self.session.print_press(self.paper_number(), self.colour)
            self.error = ""
            self.job_which = which
            self._job_at = (self.colour, self.session.table())
        except CompanionError as exc:
            self.error, self.job = i18n.error_text(exc, self.lang), None
        return self.job

    def shown_text(self) -> str:
        """Whose paper the screen shows, said as information (the screen's banner is
        the table's: the one thing the active player does now, or who won): e.g.
        "Shown below: Red's paper" ("" before the game is set up)."""
        return i18n.tr("press.shown", self.lang, name=self.name(self.colour)) if self.colour else ""

    def claimed_text(self) -> str:
        if not self.preview or not self.preview.claimed:
            return i18n.tr("press.none_claimed", self.lang)
        return "\n".join(texts.story_name(x, self.lang) for x in self.preview.claimed)

    def scoop_rows(self) -> list[str]:
        if not self.preview:
            return []
        return [i18n.tr("press.scoop_row", self.lang, name=self.name(c), points=pts)
                for c, pts in self.preview.scoop]

    def page_texts(self, page: FrontPageView | None) -> list[str]:
        """The page's score line by line (see ``breakdown``)."""
        if page is None:
            return [i18n.tr("press.not_seen", self.lang)]
        if not page.lines:  # a session without the breakdown: the summary
            out = [i18n.tr("press.score", self.lang, score=page.score)]
            if page.exclusive:
                out.append(i18n.tr("press.exclusive", self.lang, story=texts.story_name(page.exclusive, self.lang)))
            if page.left_out:
                out.append(i18n.tr("press.left_out", self.lang,
                                   stories=", ".join(texts.story_name(x, self.lang) for x in page.left_out)))
            return out
        return breakdown(page, self.lang)

    def paper_number(self) -> int:
        """The paper to print: the player's latest (PlayerView.papers), at least 1."""
        t = self.session.table()
        for p in t.players if t else ():
            if p.colour == self.colour:
                return max(1, p.papers)
        return 1

    def print_paper(self) -> JobStatus | None:
        """One tap: print the player's paper; the job status (or None + error)."""
        if self.colour is None:
            return None
        try:
            self.job = self.session.print_press(self.paper_number(), self.colour)
            self.job_which, self._job_at = "last", (self.colour, self.session.table())
        except CompanionError as exc:
            self.error, self.job = i18n.error_text(exc, self.lang), None
        return self.job

    def can_decline(self) -> bool:
        """True when this player may decline the final press (it is their turn in the
        final presses): declining cannot be seen on the table, so it is a tap."""
        check = getattr(self.session, "can_decline", None)
        return bool(self.colour and check and check(self.colour))

    def decline_kind(self) -> str:
        """``"turn"`` (a last turn of the final edition may be passed), ``"press"``
        (not going to press in the final presses) or ``""`` (nothing to decline)."""
        if not self.can_decline():
            return ""
        kind = getattr(self.session, "decline_kind", None)
        return kind(self.colour) if kind else "press"

    def decline_label(self) -> str:
        """The decline button's text: "Pass my last turn" in the final turns (the
        camera cannot see a passed turn), else "Do not go to press"."""
        return i18n.tr("press.pass_turn" if self.decline_kind() == "turn" else "press.decline", self.lang)

    def decline_question(self) -> str:
        """Asked before declining (it cannot be undone)."""
        key = "ask.pass_turn" if self.decline_kind() == "turn" else "ask.decline"
        return i18n.tr(key, self.lang, name=self.name(self.colour))

    def decline_confirm(self) -> Confirm:
        """The decline button as the table kit draws a costly tap: its label and the
        question asked first."""
        return Confirm(self.decline_label(), self.decline_question())

    def decline(self) -> None:
        """Record that this player does not go to press (Penny Press: Final edition)."""
        try:
            self.session.decline_press(self.colour)
            self.error = ""
        except CompanionError as exc:
            self.error = i18n.error_text(exc, self.lang)

    def job_text(self) -> str:
        """The last print of the paper shown: the page's title and what became of it,
        in the words the end of every game uses for the same outcome (printed, waiting
        for a printer that does not answer, saved as a picture with no printer chosen:
        ui.viewmodels.endgame's ``end.*_pages`` for one page), never a file; "" once
        the table moved on or another player's paper is shown; else the last refusal."""
        if self.job is None:
            return self.error
        title = PAGE_TITLES.get(self.job_which)
        page = i18n.tr(title, self.lang) if title else self.job.message
        key = OUTCOME_KEYS.get(self.job.state)
        if key is not None:
            return i18n.tr("press.job_page", self.lang, page=page, outcome=i18n.trn(key, self.lang, 1))
        state = i18n.tr(f"job.{self.job.state}", self.lang) if f"job.{self.job.state}" in i18n.TEXTS else self.job.state
        return i18n.tr("press.job", self.lang, state=state, message=page)
