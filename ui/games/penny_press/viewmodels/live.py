"""Live table view-model (Kivy-free): the latest frame with tag overlays, the game
state as text rows, what to adjust on the board, observer messages.

Threading: ``FrameSlot.put`` is called from the session's thread (vision's worker)
and only stores the newest update under a lock (frames in between are dropped, so
the worker never waits for the UI); the UI thread calls ``take`` on its clock.
"""

from __future__ import annotations

from typing import Any, Sequence

from ui import i18n
from ui.games.penny_press import texts
from ui.games.penny_press.protocol import Adjustment, Message, Symbol, TableView, Update, symbol_from  # noqa: F401
from companion.games.penny_press.texts import paper_words
from ui.viewmodels.table import BannerView, PanelView
from ui.viewmodels.camera import (BAD_RGBA, OK_RGBA, FrameSlot, Overlay, Pending, overlay_at,  # noqa: F401
                                  overlays, point_in)

LEVEL_RGBA = {"info": (0.85, 0.85, 0.85, 1), "warning": (1, 0.8, 0.2, 1), "error": (1, 0.35, 0.3, 1)}


def adjustment_text(a: Any, lang: str, names: Sequence[str] = ()) -> str:
    """One board adjustment (protocol or engine Adjustment) as a sentence in
    ``lang``; ``names`` gives player names by seat index. ValueError for an unknown
    kind."""
    b = i18n.beat(a.beat, lang) if a.beat else ""
    stories = ", ".join(texts.story_name(x, lang) for x in
                        tuple(a.stories or ()) + ((a.story,) if getattr(a, "story", None) else ()))
    colour = getattr(a, "colour", None)

    def who(p):
        if p is None:
            return i18n.colour(colour, lang) if colour else ""
        return names[p] if 0 <= p < len(names) else str(p + 1)

    if a.kind == "arrow":
        return i18n.tr("adjust.arrow", lang, beat=b, value=a.value)
    if a.kind == "bonus":
        return i18n.tr("adjust.bonus", lang, beat=b, value=a.value)
    if a.kind == "place":
        return i18n.tr("adjust.place", lang, story=stories, beat=b)
    if a.kind == "remove":
        return i18n.tr("adjust.remove", lang, story=stories)
    if a.kind == "to_pile":
        return i18n.tr("adjust.to_pile", lang, story=stories)
    if a.kind == "ad":
        row, col = a.cell if a.cell is not None else divmod(a.value, 4)
        return i18n.tr("adjust.ad", lang, colour=who(a.player), row=row + 1, col=col + 1)
    if a.kind == "remove_ad":
        return i18n.tr("adjust.remove_ad", lang, colour=who(a.player))
    if a.kind == "flip_arrows":
        return i18n.tr("adjust.flip_arrows", lang)
    if a.kind == "newsboy":
        return (i18n.tr("adjust.newsboy", lang, name=who(a.player)) if a.player is not None
                else i18n.tr("adjust.newsboy_aside", lang))
    raise ValueError(f"unknown adjustment kind {a.kind!r}")


#: Observer report keys that say what to do now (shown in the banner).
TODO_KEYS = {"draw_card", "press_in_progress", "pass_newsboy", "place_stories", "setup_cards", "first_move"}

#: Player colours as markup hex (reporter dots).
COLOUR_HEX = {"red": "e04040", "blue": "5080ff", "green": "40c060", "yellow": "f0d040", "black": "202020"}


def _headline(story: str, lang: str) -> str:
    from printing.games.penny_press.texts import headlines_for

    return headlines_for([story], lang)[story]


def adjustment_seen(a: Any, snapshot: Any, table: Any = None) -> bool | None:
    """Whether the camera sees adjustment ``a`` done in ``snapshot``: True/False
    for what the camera reads (stories in or out of a column, the newsboy), None
    for what it cannot see (arrow and bonus markers, ads, flipping arrows)."""
    stories = tuple(a.stories or ()) + ((a.story,) if getattr(a, "story", None) else ())
    if a.kind not in ("place", "remove", "to_pile", "newsboy"):
        return None
    if snapshot is None:
        return False
    sights = getattr(snapshot, "sightings", ())
    if a.kind == "place":
        return all(any(s.component == sid and s.zone == f"beat:{a.beat}" for s in sights) for sid in stories)
    if a.kind in ("remove", "to_pile"):
        return not any(s.component in stories and s.surface == "board" for s in sights)
    mats = [s.surface for s in sights if s.component == "newsboy"]
    if a.player is None:
        return not any(m.startswith("mat-") for m in mats)
    colour = table.players[a.player].colour if table is not None and 0 <= a.player < len(table.players) else None
    return colour is not None and f"mat-{colour}" in mats


def reporters_text(reps: Sequence[tuple[str, int]], lang: str) -> str:
    return ", ".join(f"{i18n.colour(c, lang)} {n}" for c, n in reps)


class LiveVM:
    """Texts and overlays of the live table for one session."""

    def __init__(self, session: Any, lang: str):
        self.session = session
        self.lang = i18n.check_lang(lang)
        self.slot = FrameSlot()
        self.messages: list[Message] = []
        self.table: TableView | None = None
        self.adjust: list[Adjustment] = []
        self.symbols: tuple = ()
        self.frames_shown = 0
        self.frames_dropped = 0
        self.snapshot = None  # the newest table snapshot (ticks the checklist)
        self.frame = None  # the newest camera frame
        self.fresh: list[Message] = []  # messages since the last state change
        self.ticked: set[int] = set()  # adjustments ticked by a tap
        self.details = False  # "camera details" shown

    def attach(self) -> None:
        """Subscribe to the session (call once) and read the current state."""
        self.session.subscribe(self.slot.put)
        self.refresh()

    def refresh(self) -> None:
        """Re-read table and adjustments from the session (UI thread). Once the game
        is over the board needs no more moves (Penny Press: End of the game: the last
        press is scored, nothing is played after it): the checklist is empty, not the
        last press's chores (an ad to take off a front page, a story off the board)."""
        self.table = self.session.table()
        over = self.table is not None and self.table.finished
        adjust = [] if over else list(self.session.adjustments())
        if adjust != self.adjust:
            self.ticked = set()
        self.adjust = adjust

    def poll(self) -> Pending | None:
        """Take the pending update; refresh state and keep the last 6 messages."""
        p = self.slot.take()
        if p is None:
            return None
        if p.frame is not None:
            self.frames_shown += 1
            self.symbols = p.symbols
            self.frame = p.frame  # shown again when the live screen is entered
        if p.snapshot is not None:
            self.snapshot = p.snapshot
        if p.state_changed:
            self.fresh = []
        self.fresh = (self.fresh + list(p.messages))[-4:]
        self.frames_dropped += p.frames_dropped
        if p.messages:
            # a message said again (the same report after each press) is shown once,
            # at its newest place
            newest_last = list(dict.fromkeys(reversed(self.messages + list(p.messages))))
            self.messages = newest_last[::-1][-6:]
        if p.state_changed:
            self.refresh()
        return p

    def name_of(self, colour: str | None) -> str:
        if self.table:
            for p in self.table.players:
                if p.colour == colour:
                    return i18n.person(p.name, self.lang)
        return i18n.colour(colour, self.lang) if colour else ""

    def beat_rows(self) -> list[str]:
        if not self.table:
            return []
        rows = []
        for b in self.table.beats:
            rows.append(i18n.tr("live.beat_row", self.lang, beat=i18n.beat(b.beat, self.lang),
                                arrow=b.arrow, news=b.news_value, scoop=b.scoop_value, bonus=b.bonus))
            for s in b.stories:
                if s.reporters:
                    rows.append("   " + i18n.tr("live.story_reporters", self.lang, story=s.story,
                                                reporters=reporters_text(s.reporters, self.lang)))
                else:
                    rows.append("   " + i18n.tr("live.story", self.lang, story=s.story))
        return rows

    def player_rows(self) -> list[str]:
        if not self.table:
            return []
        return [i18n.tr("live.player_row", self.lang, name=i18n.person(p.name, self.lang), paper=paper_words(p.paper, self.lang) or "-",
                        home=p.reporters_home, points=p.circulation) for p in self.table.players]

    def status_text(self) -> str:
        """Whose turn, edition, final edition / game over, last action."""
        t = self.table
        if t is None:
            return i18n.tr("live.waiting", self.lang)
        parts = []
        if t.finished:
            parts.append(i18n.tr("live.finished", self.lang))
        elif t.turn:
            parts.append(i18n.tr("live.turn", self.lang, name=self.name_of(t.turn)))
        parts.append(i18n.tr("live.edition", self.lang, n=t.edition))
        if t.final and not t.finished:
            parts.append(i18n.tr("live.final", self.lang))
        parts.append(i18n.tr("live.last_action", self.lang, text=t.last_action) if t.last_action
                     else i18n.tr("live.no_action", self.lang))
        return "\n".join(parts)

    def adjustment_rows(self) -> list[str]:
        if not self.adjust:
            return [i18n.tr("live.adjust_none", self.lang)]
        names = [i18n.person(p.name, self.lang) for p in self.table.players] if self.table else []
        return [adjustment_text(a, self.lang, names) for a in self.adjust]

    def message_text(self, m: Message) -> str:
        """A message in the current language (re-worded after a switch)."""
        return i18n.report_text(getattr(m, "key", ""), getattr(m, "params", ()), self.lang, m.text)

    def message_rows(self) -> list[tuple[str, tuple]]:
        """(text, rgba) for the newest observer messages, oldest first. Once the game
        is over (Penny Press: End of the game) nothing is left to do at the table:
        the players' to-dos said before the end (e.g. "draw a headline card") are
        gone, the first row is the end (who won, :meth:`banner`'s words) and only
        the camera's news is kept below it."""
        rows = []
        messages = self.messages
        if self.table is not None and self.table.finished:
            rows.append((f"{i18n.tr('level.info', self.lang)}: {self.over().text}", LEVEL_RGBA["info"]))
            messages = [m for m in messages if getattr(m, "rule", "") == "camera"]
        for m in messages:
            key = f"level.{m.level}"
            level = i18n.tr(key, self.lang) if key in i18n.TEXTS else m.level
            rows.append((f"{level}: {self.message_text(m)}", LEVEL_RGBA.get(m.level, LEVEL_RGBA["info"])))
        return rows

    def camera_lost(self) -> bool:
        """True while the session's camera is gone (it is waited for; the game is
        kept): the screen says so and offers "retry now"."""
        return getattr(self.session, "camera_status", "") == "lost"

    def camera_lost_text(self) -> str:
        return i18n.tr("live.camera_lost", self.lang)

    def camera_missing(self) -> bool:
        """True while the camera chosen never opened (none at that index: it was
        never there, so it is not "lost"): the screen says so and offers the way on,
        the "Games" button (another camera, or a recorded game)."""
        return getattr(self.session, "camera_status", "") == "missing"

    def camera_missing_text(self) -> str:
        return i18n.tr("live.camera_missing", self.lang)

    def retry_camera(self) -> None:
        """The "retry now" button: reopen the camera at once."""
        fn = getattr(self.session, "retry_camera", None)
        if fn is not None:
            fn()

    # the table design (docs/ui.md) ---------------------------------------------------
    def over(self) -> BannerView:
        """(text, colour) of a finished game: who won with how many points, in the
        winner's colour (None for a tie)."""
        won = [r for r in self.final_rows() if r.place == 1]
        names = " & ".join(i18n.person(r.name, self.lang) for r in won) or "-"
        return BannerView(i18n.tr("banner.over", self.lang, names=names, points=won[0].total if won else 0),
                          won[0].colour if len(won) == 1 else None)

    def banner(self) -> BannerView:
        """(text, colour): the one thing to do now, in the active player's colour
        (the table kit's BannerView)."""
        if self.camera_missing():  # nothing can happen without one
            return BannerView(self.camera_missing_text(), None)
        if self.camera_lost():  # nothing else can happen until it is back
            return BannerView(self.camera_lost_text(), None)
        t = self.table
        if t is None:
            return BannerView(i18n.tr("banner.setup", self.lang), None)
        if t.finished:
            return self.over()
        name = self.name_of(t.turn)
        todo = [m for m in self.fresh if m.level in ("warning", "error") or getattr(m, "key", "") in TODO_KEYS]
        if todo:
            return BannerView(f"{name}: {self.message_text(todo[-1])}", t.turn)
        # the board moves the camera checks hold the banner until it sees them done;
        # the ones only a tap ticks (arrows, bonus markers, ads) stay on the list
        # below and never hold the turn
        left = [i for i, a in enumerate(self.adjust) if not self.adjustment_done(i)
                and adjustment_seen(a, self.snapshot, t) is not None]
        if left:
            return BannerView(i18n.trn("banner.adjust", self.lang, len(left)), t.turn)
        key = "banner.final_turn" if t.final else "banner.turn"
        return BannerView(i18n.tr(key, self.lang, name=name), t.turn)

    def final_rows(self) -> list:
        """The final ranking (protocol FinalRow, best first), [] before the end."""
        try:
            return list(self.session.final_ranking() or [])
        except Exception:  # noqa: BLE001 (a session without a ranking yet)
            return []

    def player_panels(self) -> list[PanelView]:
        """(colour, text, active) per player (the table kit's PanelView): name,
        newspaper, score, reporters home. At the end the score is the final total
        (the beat bonuses added, Penny Press: End of the game), as the banner and
        the results say."""
        t = self.table
        if t is None:
            return [PanelView(p.colour, i18n.person(p.name, self.lang), False) for p in self.session.players]
        totals = {r.colour: r.total for r in self.final_rows()} if t.finished else {}
        out = []
        for p in t.players:
            named = i18n.person(p.name, self.lang)
            shade = "" if p.name == p.colour else f" · {i18n.colour(p.colour, self.lang)}"
            text = (f"[b]{named}[/b]{shade}\n{paper_words(p.paper, self.lang)}\n"
                    + i18n.tr("panel.score", self.lang, points=totals.get(p.colour, p.circulation)) + " · "
                    + i18n.trn("panel.home", self.lang, p.reporters_home))
            out.append(PanelView(p.colour, text, p.colour == t.turn))
        return out

    def board(self) -> list[tuple[str, str, list[tuple[str, str, int, int]]]]:
        """Per beat: (beat, heading, [(story, markup text, width, height cells)])."""
        t = self.table
        if t is None:
            return []
        out = []
        for b in t.beats:
            head = i18n.tr("live.beat_head", self.lang, beat=i18n.beat(b.beat, self.lang), news=b.news_value,
                           scoop=b.scoop_value)
            stories = []
            for s in b.stories:
                shape = texts.story_shape(s.story)
                w, h, stars = (shape[1], shape[2], shape[3]) if shape else (1, 1, 0)
                dots = " ".join(f"[color=#{COLOUR_HEX.get(c, 'ffffff')}]{'●' * n}[/color]" for c, n in s.reporters)
                text = f"{'★' * stars}  {_headline(s.story, self.lang)}" + (f"\n{dots}" if dots else "")
                stories.append((s.story, text, w, h))
            out.append((b.beat, head, stories))
        return out

    def adjustment_done(self, i: int) -> bool:
        """True when adjustment ``i`` was ticked by a tap or the camera sees it done."""
        if i in self.ticked:
            return True
        seen = adjustment_seen(self.adjust[i], self.snapshot, self.table)
        return bool(seen)

    def checklist(self) -> list[tuple[str, bool, bool]]:
        """(text, done, seen by the camera: False = tick with a tap) per adjustment."""
        names = [i18n.person(p.name, self.lang) for p in self.table.players] if self.table else []
        out = []
        for i, a in enumerate(self.adjust):
            camera = adjustment_seen(a, self.snapshot, self.table) is not None
            out.append((adjustment_text(a, self.lang, names), self.adjustment_done(i), camera))
        return out

    def tick(self, i: int) -> None:
        """A tap on checklist row ``i`` ticks (or unticks) it."""
        self.ticked ^= {i}

    def tags_text(self) -> str:
        syms = [symbol_from(s) for s in self.symbols]
        ok = sum(1 for s in syms if s.status == "ok" and s.component)
        return i18n.tr("live.tags", self.lang, ok=ok, bad=len(syms) - ok)
