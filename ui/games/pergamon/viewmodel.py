"""The Pergamon screen's view-model (no Kivy): what the table must do next, live VP
and coins, the museum plan, the dig site and the evaluation step by step.

It feeds the app's table kit (ui.viewmodels.table, drawn by ui.screens.common) as
Penny Press's and Scoop's view-models do: :meth:`PergamonVM.banner_view` (the one
thing to do now, on the active player's colour), :meth:`PergamonVM.player_panels`
(every player's colour, VP, coins, finds and collections), :meth:`PergamonVM.undo_offer`
(the named undo) and :meth:`PergamonVM.question` (what an entry that cannot be
taken back asks first).

:meth:`PergamonVM.update` reads an engine state (companion.games.pergamon), the
action just applied and the observer's reports; the screen only shows the fields.
Payments are computed by the engine; coins and admission tickets are not read by the
camera. The banner says the one thing to do now (never the last event); what the
last action leaves to do on the table (coins to hand over, markers to move, an
evaluation's tickets) is the to-do list of the action area (:attr:`PergamonVM.todo`),
with a "coins handed over" button only when coins change hands: nothing waits on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games import pergamon as pg
from companion.games.pergamon import engine as eng
from companion.naming import given_name

from companion.games.pergamon.screen_words import screen_text

from .texts import coins, finds, tr

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}
#: Player colour -> RGBA (0..1) for markers and panels.
RGBA = {"red": (0.85, 0.2, 0.2, 1), "blue": (0.2, 0.4, 0.9, 1), "green": (0.2, 0.65, 0.3, 1),
        "yellow": (0.95, 0.8, 0.15, 1)}


@dataclass(frozen=True)
class Banner:
    """The one thing to do now (``text``, shown largest; never the last event),
    what follows it (``lines``) and the colour it is painted in (the active player's,
    "" when no one player acts)."""

    text: str
    lines: tuple[str, ...] = ()
    colour: str = ""


@dataclass(frozen=True)
class PlayerPanel:
    """One player: seat, name, colour, VP (admission tickets), coins, unshown finds,
    collections shown as (marker I-III, plan space, value), whether it is their turn."""

    seat: int
    name: str
    colour: str
    vp: int
    coins: int
    finds: int
    collections: tuple[tuple[str, int, int], ...]
    active: bool


@dataclass(frozen=True)
class PlanCell:
    """A space 1..24 of the exhibition plan, its VP per evaluation and the marker on it
    (colour, I-III) or None."""

    space: int
    vp: int
    marker: tuple[str, str] | None


@dataclass(frozen=True)
class Tap:
    """One button of the entry panel: ``key`` goes back to :meth:`PergamonVM.tap`;
    ``selected`` for a chosen find/card; ``primary`` for the button that journals."""

    key: tuple
    label: str
    selected: bool = False
    primary: bool = False
    #: the rules refuse it now (its label says why): shown, not tappable
    disabled: bool = False


@dataclass(frozen=True)
class TapGroup:
    """A titled row of :class:`Tap` buttons (the screen wraps them). An untitled
    group holds the button that journals what was chosen above it (Present, Reveal,
    Exhibit, End of turn): :attr:`PergamonVM.actions`."""

    title: str
    taps: tuple[Tap, ...]

    @property
    def main(self) -> bool:
        return not self.title and all(t.primary for t in self.taps)


@dataclass
class PergamonVM:
    """State of the Pergamon screen in one language (``lang``: es/en/zh)."""

    lang: str = "en"
    title: str = ""
    banner: Banner = field(default_factory=lambda: Banner(""))
    players: list[PlayerPanel] = field(default_factory=list)
    plan: list[PlanCell] = field(default_factory=list)
    galleries: list[tuple[str, tuple[int, ...]]] = field(default_factory=list)
    eval_steps: list[str] = field(default_factory=list)
    eval_index: int = 0
    confirmed: bool = False
    #: what the last action leaves to do on the table (payments with coins, markers
    #: to move, an evaluation step by step), in ``lang``: the action area's list
    todo: list[str] = field(default_factory=list)
    #: the button that says the coins were handed over ("" when no coins change
    #: hands): optional, the game goes on without it
    todo_confirm: str = ""
    #: the entry panel: what the players can enter by tap now (see :meth:`tap`)
    entry: list[TapGroup] = field(default_factory=list)
    #: the last refused entry, in ``lang`` (the rule named), "" when none
    refusal: str = ""
    #: taps being collected for the next action (finds, cards, polish, marker)
    picks: list = field(default_factory=list)
    row: list = field(default_factory=list)
    discard: list = field(default_factory=list)
    polish: int = 0
    marker: int | None = None

    @property
    def choices(self) -> list[TapGroup]:
        """The entry groups to choose from (finds, cards, spaces, polish, discard):
        the scrolled part of the entry panel."""
        return [g for g in self.entry if not g.main]

    @property
    def actions(self) -> list[Tap]:
        """The buttons that journal what was chosen (Present, Reveal, Exhibit, End of
        turn), in the panel's order: the screen keeps them in a fixed bar, never
        scrolled out of sight."""
        return [t for g in self.entry if g.main for t in g.taps]

    # ------------------------------------------------------------ the table kit
    def banner_view(self):
        """The kit's banner (ui.viewmodels.table.BannerView): the one thing to do now
        on the colour of the player who acts (None when no one player acts); at the
        end who won, on the winner's colour."""
        from ui.viewmodels.table import BannerView

        return BannerView(self.banner.text, self.banner.colour or None)

    def player_panels(self) -> list:
        """The kit's panels (ui.viewmodels.table.PanelView), seat order: each player's
        colour, name and VP (the game's score, the totals the end names), coins,
        finds in hand and collections shown (marker and plan space); the player to
        act outlined."""
        from ui.viewmodels.table import PanelView

        out = []
        for p in self.players:
            lines = [f"[b]{_markup(p.name)}[/b]   [b]{tr('vp', self.lang, n=p.vp)}[/b]",
                     f"{coins(p.coins, self.lang)} · {finds(p.finds, self.lang)}"]
            if p.collections:
                lines.append(" · ".join(screen_text("panel_shown", self.lang, m=m, s=space)
                                        for m, space, _v in p.collections))
            out.append(PanelView(p.colour, "\n".join(lines), p.active))
        return out

    def undo_offer(self, move: str | None, why: str = ""):
        """The kit's Undo button (ui.viewmodels.table.UndoOffer): "Take back: <move>"
        with the question asked first when ``move`` (the move in words,
        GameHost.undo_preview) can be taken back; else disabled saying ``why``
        (GameHost.undo_refusal: nothing played, or the last move showed what was
        hidden)."""
        from ui.viewmodels.table import UndoOffer

        if move is None:
            return UndoOffer.nothing(why or screen_text("undo_none", self.lang))
        return UndoOffer(screen_text("undo_move", self.lang, move=move),
                         screen_text("undo_ask", self.lang, move=move), True)

    def question(self, key: tuple) -> str:
        """What a tap on ``key`` asks first when the entry it completes cannot be
        taken back (the finds turned up, the funds cards drawn or turned over:
        Pergamon's UNDO_BARRIERS), the entry named in words; "" for any other tap and
        for an entry the rules refuse (it is refused, never asked)."""
        action = self._barrier(key)
        if action is None or self.check(action):
            return ""
        from companion.games.pergamon.texts import describe_action

        return screen_text("ask_hidden", self.lang, move=describe_action(action, self._state, self.lang))

    def _barrier(self, key: tuple):
        """The entry ``key`` completes when it is one that cannot be taken back, else
        None (no side effect: nothing is picked)."""
        kind = key[0]
        if kind == "present":
            return pg.PresentFinds(tuple(self.picks))
        if kind == "backs":
            return pg.DrawFunds(tuple(key[1]))
        if kind == "reveal":
            picks = (self.picks + [None, None])[:2]
            return None if None in picks else pg.RevealFunds(tuple(picks))
        return None

    # ------------------------------------------------------------ inputs
    def update(self, state: pg.GameState, last_action=None, reports=()) -> None:
        """Refresh every field from ``state``. last_action: the action just applied
        (its consequences are the banner's steps); reports: the observer's
        (companion.observing.Report, English ``text``), shown first when not info."""
        self._state = state
        cat = state.catalog
        # the game's name has one source: the registry's names per language
        self.title = tr("title", self.lang, game=pg.GAME.name(self.lang), turn=state.turn)
        self.players = [PlayerPanel(i, self.name(i), p.colour, state.scores[i], state.coins[i], len(state.hands[i]),
                                    tuple((ROMAN[s.marker], s.space, s.value)
                                          for s in sorted(state.shown, key=lambda s: s.marker) if s.owner == i),
                                    state.current_player == i)
                        for i, p in enumerate(state.players)]
        on = {s.space: (state.players[s.owner].colour, ROMAN[s.marker]) for s in state.shown}
        self.plan = [PlanCell(sp, cat.plan_vp[sp - 1], on.get(sp)) for sp in range(1, cat.plan_spaces + 1)]
        self.galleries = [(tr("gallery", self.lang, g=ROMAN[g], c=coins(g, self.lang)), tuple(cat.tiles[f].date for f in finds))
                          for g, finds in enumerate(state.galleries, 1)]
        same = last_action is None and getattr(self, "_entry_key", None) == self._key(state)
        if same:       # a redraw (a camera report, a language switch): the banner's action stays
            last_action = getattr(self, "_last_action", None)
        self._last_action = last_action
        self.banner = self._banner(state, last_action, reports)
        self.todo, paid = self._todo(state, last_action)
        self.todo_confirm = screen_text("todo_done", self.lang) if paid else ""
        if not same:
            self._undone = None
        elif getattr(self, "_undone", None) is not None:   # a redraw after a take-back
            self.todo, self.todo_confirm = self._put_back(*self._undone)
        self.confirmed = False
        if not same:
            self._clear_picks()
        self._entry_key = self._key(state)
        self.entry = self._entry(state)
        ev = self._new_evaluation(state, last_action)
        if ev is not None:
            self.eval_steps = self.evaluation_steps(state, ev)
            self.eval_index = 0

    def follow(self, state: pg.GameState, actions: list) -> None:
        """Redraw from the journal: ``state`` the game now, ``actions`` its effective
        engine actions so far. A new action since the last call: :meth:`update` with
        it (its steps on the table); fewer than last time: a take-back
        (:meth:`undone`, what to put back); as many: a redraw (the steps stay)."""
        seen = getattr(self, "_seen", None)
        before = getattr(self, "_state", None)
        n = len(actions)
        if seen is not None and n < seen[0] and seen[1] is not None and before is not None:
            self.undone(state, before, seen[1])
        else:
            self.update(state, actions[-1] if actions and seen is not None and n != seen[0] else None)
        self._seen = (n, actions[-1] if actions else None)

    def undone(self, state: pg.GameState, before: pg.GameState, action) -> None:
        """A move was taken back: ``state`` is the game now, ``before`` the state the
        move had left and ``action`` the move. Every field as for ``state``, but the
        to-do list says what is really left on the table: what the move changed there
        (its payments, markers, an evaluation's tickets), to be put back, with a
        "table put back" button when coins changed hands; never the payments of the
        move before it (handed over already)."""
        self.update(state)
        self._undone = (before, action)
        self.todo, self.todo_confirm = self._put_back(before, action)
        self.confirmed = False

    def _put_back(self, before, action) -> tuple[list[str], str]:
        steps, paid = self._todo(before, action)
        if not steps:
            return [], ""
        return [tr("put_back", self.lang)] + steps, (tr("put_back_done", self.lang) if paid else "")

    # ------------------------------------------------------------ taps
    @staticmethod
    def _key(state) -> tuple:
        return (state.turn, state.phase, state.current_player, len(state.log), len(state.presented),
                state.figures, state.backs)

    def _clear_picks(self) -> None:
        self.picks, self.row, self.discard = [], [], []
        self.polish, self.marker = 0, None

    def tap(self, key: tuple):
        """A button of :attr:`entry` was tapped. Returns the engine action it completes
        (the caller journals it through the rules and reports a refusal with
        :meth:`refused`), or None when the tap only chose something (a find, a card,
        polish, a marker): the entry panel is rebuilt. Unknown keys are ignored."""
        st = self._state
        kind = key[0]
        self.refusal = ""
        if any(t.disabled for g in self.entry for t in g.taps if t.key == key):
            return None                           # the rules refuse it now: its label says why
        p = st.current_player
        if kind == "find":                       # presentation: a find turned up
            _toggle(self.picks, key[1])
        elif kind == "present":
            return pg.PresentFinds(tuple(self.picks))
        elif kind == "backs":
            return pg.DrawFunds(tuple(key[1]))
        elif kind == "space":
            return pg.PlaceFigure(p, key[1])
        elif kind == "card":                     # reveal: one value per back
            i, v = key[1], key[2]
            while len(self.picks) < 2:
                self.picks.append(None)
            self.picks[i] = None if self.picks[i] == v else v
        elif kind == "reveal":
            return pg.RevealFunds(tuple(self.picks[:2]))
        elif kind == "dig":
            return pg.Dig(p, key[1])
        elif kind == "row":
            _toggle(self.row, key[1])
            if key[1] in self.discard:
                self.discard.remove(key[1])
        elif kind == "polish":
            self.polish = key[1]
        elif kind == "marker":
            self.marker = None if self.marker == key[1] else key[1]
        elif kind == "exhibit":
            return pg.Exhibit(p, tuple(self.row), self.polish, self.marker)
        elif kind == "discard":
            _toggle(self.discard, key[1])
            if key[1] in self.row:
                self.row.remove(key[1])
        elif kind == "store":
            return pg.Store(p, tuple(self.discard))
        else:
            return None
        self.entry = self._entry(st)
        return None

    def refused(self, text: str) -> None:
        """The rules refused the tapped action (``text``: the refusal in ``lang``,
        texts.refusal_text); nothing changed, the choices stay for a correction."""
        self.refusal = text
        self.entry = self._entry(self._state)

    def _date(self, tid: str) -> int:
        return self._state.catalog.tiles[tid].date

    def _find_label(self, tid: str) -> str:
        """``"463 mask and jug"``: a find's full date and its two object halves, named
        as in the confirmations, the replay and the demo (texts.find_name)."""
        from companion.games.pergamon.texts import find_name

        return find_name(tid, self.lang, self._state.catalog)

    def check(self, action) -> str:
        """Why the rules refuse ``action`` in the game shown, in words (in ``lang``),
        or "" when they accept it: asked before an entry that cannot be taken back
        is confirmed, so a refused entry is never asked about."""
        return self._refusal(self._state, action)

    def _refusal(self, st, action) -> str:
        """Why the rules refuse ``action`` now, in words (texts.refusal_text), or ""."""
        from companion.errors import RuleError

        from .texts import refusal_text

        try:
            pg.apply(st, action)
        except RuleError as exc:
            return refusal_text(exc, st, self.lang)
        return ""

    def _dig_tap(self, st, p: int, g: int) -> Tap:
        """Dig gallery ``g`` (Pergamon 3A: it costs g coins): a main button when the
        player can pay, else shown disabled saying what it costs and what they have."""
        lang = self.lang
        cost = g
        if st.coins[p] < cost:
            return Tap(("dig", g), screen_text("dig_poor", lang, g=ROMAN[g], c=coins(cost, lang), who=self.name(p),
                                               have=coins(st.coins[p], lang)), disabled=True)
        return Tap(("dig", g), screen_text("dig", lang, g=ROMAN[g], c=coins(cost, lang),
                                           f=finds(len(st.galleries[g - 1]), lang)), primary=True)

    def _exhibit_tap(self, st, p: int) -> Tap:
        """The Exhibit button for the chosen row, polish and marker, as the engine
        judges that exact action (engine.preview_exhibit runs apply's checks,
        Pergamon 3B): its points and plan space when accepted; else disabled, its
        label the refusal in ``lang`` (too few finds, halves that do not meet, polish
        over the limit, a marker to break...), so no value is shown for a row the
        rules refuse."""
        from companion.errors import RuleError

        from .texts import refusal_text

        if not self.row:
            return Tap(("exhibit",), tr("e_exhibit_none", self.lang), primary=True, disabled=True)
        try:
            res = eng.preview_exhibit(st, pg.Exhibit(p, tuple(self.row), self.polish, self.marker))
        except RuleError as exc:
            return Tap(("exhibit",), refusal_text(exc, st, self.lang), primary=True, disabled=True)
        v = res.shown.value
        return Tap(("exhibit",), tr("e_exhibit", self.lang, v=v, s=min(v, st.catalog.plan_spaces)), primary=True)

    def _entry(self, st) -> list[TapGroup]:
        lang = self.lang
        cat = st.catalog
        if st.is_over:
            return []
        if st.phase == eng.PRESENT:
            n = len(st.open_galleries())
            seen = set(st.presented) | set(st.box)
            unseen = sorted((t for t in cat.tiles if t not in seen), key=self._date)
            tiles = tuple(Tap(("find", t), str(self._date(t)), t in self.picks) for t in unseen)
            # refused before it is asked (it cannot be taken back): disabled, saying why
            why = self._refusal(st, pg.PresentFinds(tuple(self.picks)))
            if why and len(self.picks) > n:  # more tapped than turned up: say which way out
                why = tr("e_present_many", lang, k=len(self.picks), n=n, m=len(self.picks) - n)
            elif why and len(self.picks) != n:
                why = tr("e_present_few", lang, k=len(self.picks), n=n)
            done = Tap(("present",), why or tr("e_present", lang, k=len(self.picks), n=n), primary=True,
                       disabled=bool(why))
            return [TapGroup(tr("e_finds", lang, n=n), tiles), TapGroup("", (done,))]
        if st.phase == eng.BACKS_PHASE:
            opts = (("bag", "bag"), ("bag", "chest"), ("chest", "chest"))
            taps = []
            for o in opts:        # a draw the deck cannot give is shown saying why, not tappable
                why = self._refusal(st, pg.DrawFunds(o))
                taps.append(Tap(("backs", o), why or tr("e_back_" + "_".join(o), lang), primary=True,
                                disabled=bool(why)))
            return [TapGroup(tr("e_backs", lang), tuple(taps))]
        if st.phase == eng.BID:
            occ = st.occupied_spaces()
            taps = []
            for sp in range(cat.n_funds_spaces, 0, -1):        # left to right, as on the board
                fs = cat.space(sp)
                if sp in occ:       # shown where it lies on the board, not tappable
                    taps.append(Tap(("space", sp), screen_text("taken", lang, s=sp, who=self.name(occ[sp])),
                                    disabled=True))
                    continue
                key = "space_one" if fs.deepest == 1 else "space"
                taps.append(Tap(("space", sp), screen_text(key, lang, s=sp, c=coins(fs.coins, lang),
                                                           g=ROMAN[fs.deepest]), primary=True))
            return [TapGroup(tr("e_bid", lang, who=self.name(st.current_player)), tuple(taps))]
        if st.phase == eng.REVEAL:
            picks = (self.picks + [None, None])[:2]
            groups = []
            for i, back in enumerate(st.backs):
                left = st.cards_left()
                vals = [v for v in cat.backs[back] if left[v] > 0]
                groups.append(TapGroup(tr("e_card", lang, i=i + 1, back=tr("e_" + back, lang)),
                                       tuple(Tap(("card", i, v), str(v), picks[i] == v) for v in vals)))
            total = sum(v for v in picks if v)
            # refused before it is asked (it cannot be taken back): disabled, saying why
            why = (tr("e_reveal_pick", lang) if None in picks else
                   self._refusal(st, pg.RevealFunds(tuple(picks))))
            groups.append(TapGroup("", (Tap(("reveal",), why or tr("e_reveal", lang, n=total), primary=True,
                                            disabled=bool(why)),)))
            return groups
        if st.phase == eng.ACT and st.current_player is not None:
            p = st.current_player
            groups = []
            if not st.acted:
                digs = tuple(self._dig_tap(st, p, g) for g in range(1, cat.space(st.figures[p]).deepest + 1)
                             if st.galleries[g - 1])
                if digs:
                    groups.append(TapGroup(screen_text("dig_title", lang, who=self.name(p), c=coins(st.coins[p], lang)),
                                           digs))
            hand = sorted(st.hands[p], key=self._date)
            if hand:
                order = {t: i + 1 for i, t in enumerate(self.row)}
                groups.append(TapGroup(tr("e_row", lang), tuple(
                    Tap(("row", t), (f"{order[t]}. " if t in order else "") + self._find_label(t), t in order)
                    for t in hand)))
                any_polish = st.turn == cat.turns
                top = min(st.coins[p], cat.polish_max) if not any_polish else min(st.coins[p], 24)
                polish = tuple(Tap(("polish", c), f"+{c}", self.polish == c) for c in range(0, top + 1))
                groups.append(TapGroup(tr("e_polish", lang), polish))
                used = st.markers_in_museum(p)
                if len(used) == cat.markers:
                    groups.append(TapGroup(tr("e_break", lang), tuple(
                        Tap(("marker", sh.marker), tr("e_marker", lang, m=ROMAN[sh.marker], s=sh.space),
                            self.marker == sh.marker)
                        for sh in sorted(st.shown, key=lambda x: x.marker) if sh.owner == p)))
                groups.append(TapGroup("", (self._exhibit_tap(st, p),)))
                groups.append(TapGroup(tr("e_discard", lang), tuple(
                    Tap(("discard", t), self._find_label(t), t in self.discard) for t in hand)))
            kept = len(hand) - len(self.discard)
            fee = st.storage_fee(kept)
            why = self._refusal(st, pg.Store(p, tuple(self.discard)))
            groups.append(TapGroup("", (Tap(("store",), why or tr("e_store", lang, k=finds(kept, lang),
                                                                      c=coins(fee, lang)),
                                            primary=True, disabled=bool(why)),)))
            return groups
        return []

    def confirm(self) -> None:
        """The players tapped the confirm button: the payment/step is done."""
        self.confirmed = True

    def next_step(self) -> str | None:
        """Show the next evaluation step; returns it, None after the last."""
        if self.eval_index + 1 >= len(self.eval_steps):
            return None
        self.eval_index += 1
        return self.eval_steps[self.eval_index]

    @property
    def eval_shown(self) -> list[str]:
        """The evaluation steps shown so far (step by step)."""
        return self.eval_steps[:self.eval_index + 1]

    # ------------------------------------------------------------ words
    @property
    def sep(self) -> str:
        """The separator of a list in a sentence: "，" in Chinese, ", " otherwise."""
        return "，" if self.lang == "zh" else ", "

    def name(self, seat: int) -> str:
        if seat == eng.RAIDER:
            return tr("raider", self.lang)
        from ui.i18n import person

        p = self._state.players[seat]   # as named everywhere (companion.naming.player_name):
        if given_name(p.name):          # the typed name, else the colour (as a name: capitalised)
            return given_name(p.name)
        return person(p.colour, self.lang) if p.colour else tr("player", self.lang, n=seat + 1)

    def payout(self, result: eng.FundsResult) -> str:
        """``"Anna takes 5 coins, Ben the remaining 2"`` in the VM's language; a
        player who takes 0 coins is left out."""
        parts = []
        sep = self.sep
        paid = [p for p in result.paid if p[3]]            # who takes nothing is not named
        for i, (who, _space, _asked, taken) in enumerate(paid):
            key = "pay_first" if i == 0 else ("pay_last" if i == len(paid) - 1 else "pay_next")
            parts.append(tr(key, self.lang, who=self.name(who), n=taken, c=coins(taken, self.lang)))
        return sep.join(parts)

    def _moves(self, moves) -> tuple[str, list[str]]:
        along = [m for m in moves if m.to_space > 0]
        gone = [tr("broken", self.lang, who=self.name(m.owner), m=ROMAN[m.marker]) for m in moves if m.to_space <= 0]
        text = tr("and", self.lang).join(f"{m.from_space} -> {m.to_space}"
                                         for m in sorted(along, key=lambda m: m.from_space))
        return (tr("moves", self.lang, moves=text) if along else ""), gone

    def _banner(self, state, action, reports) -> Banner:
        """The one thing to do now: a camera report that needs the table (warning,
        error) first, then the finds to sort right after a presentation, else the
        phase's step naming who acts; at the end who won with the panels' VP."""
        lang = self.lang
        urgent = [r.text for r in reports if r.level in ("warning", "error")]
        if state.is_over:
            f = state.final
            win = f.winners[0]
            return Banner(tr("over", lang, who=self.sep.join(self.name(w) for w in f.winners), vp=f.scores[win]),
                          (screen_text("over_line", lang, list=self.sep.join(
                              f"{self.name(i)} {tr('vp', lang, n=v)}" for i, v in enumerate(state.scores))),),
                          state.players[win].colour)
        now = self._phase_text(state)
        who = state.current_player if state.phase in (eng.BID, eng.ACT) else None
        colour = state.players[who].colour if who is not None and 0 <= who < len(state.players) else ""
        if urgent:
            return Banner(urgent[0], tuple(urgent[1:]) + (now,), colour)
        if isinstance(action, pg.PresentFinds) and state.phase == eng.BACKS_PHASE:
            cat = state.catalog
            placed = [(g, cat.tiles[f].date) for g, col in enumerate(state.galleries, 1) for f in col
                      if f in action.finds]
            if placed:
                order = self.sep.join(f"{ROMAN[g]} {d}" for g, d in placed)
                return Banner(tr("sort", lang, n=len(placed), order=order),
                              (screen_text("then", lang, next=now),), colour)
        return Banner(now, (), colour)

    def _todo(self, state, action) -> tuple[list[str], bool]:
        """What ``action`` leaves to do on the table, in order (an evaluation's steps
        first, then the turn's payments and marker moves; a payment of 0 coins is no
        step), and whether coins change hands in it."""
        lang = self.lang
        if action is None:
            return [], False
        steps: list[str] = []
        ev_steps: list[str] = []
        paid = False
        for r in self._results_of(state, action):
            if isinstance(r, eng.FundsResult):
                if any(taken for *_x, taken in r.paid):
                    steps.append(self.payout(r))
                    paid = True
            elif isinstance(r, eng.DigResult):
                if r.who == eng.RAIDER:
                    steps.append(tr("raided", lang, g=ROMAN[r.gallery]))
                elif r.cost:
                    steps.append(tr("dug", lang, who=self.name(r.who), c=coins(r.cost, lang), g=ROMAN[r.gallery]))
                    paid = True
            elif isinstance(r, eng.ExhibitResult):
                mv, gone = self._moves(r.moves)
                if mv:
                    steps.append(mv)
                steps += gone
                if r.polish:
                    steps.append(tr("polish", lang, who=self.name(r.shown.owner), c=coins(r.polish, lang)))
                    paid = True
                steps.append(tr("shown", lang, who=self.name(r.shown.owner), m=ROMAN[r.shown.marker],
                                value=r.shown.value, space=r.shown.space))
            elif isinstance(r, eng.StoreResult):
                if r.fee:
                    steps.append(tr("stored", lang, who=self.name(r.player), c=coins(r.fee, lang)))
                    paid = True
            elif isinstance(r, eng.EvaluationResult):
                ev_steps += self.evaluation_steps(state, r)
        return ev_steps + steps, paid

    @staticmethod
    def _results_of(state, action) -> list:
        """The log entries the last action produced (from the end of the log back to
        the result of the action's own type)."""
        kinds = {pg.RevealFunds: eng.FundsResult, pg.Dig: eng.DigResult, pg.Exhibit: eng.ExhibitResult,
                 pg.Store: eng.StoreResult}
        own = kinds.get(type(action))
        if own is None:
            return []
        out = []
        for r in reversed(state.log):
            out.append(r)
            if isinstance(r, own):
                break
        return list(reversed(out))

    def _phase_text(self, state) -> str:
        lang = self.lang
        if state.phase == eng.PRESENT:
            return tr("turn_up", lang, n=len(state.open_galleries()), turn=state.turn)
        if state.phase == eng.BACKS_PHASE:
            return tr("draw", lang)
        if state.phase == eng.BID:
            return tr("bid", lang, who=self.name(state.current_player))
        if state.phase == eng.REVEAL:
            return tr("reveal", lang)
        if state.phase == eng.ACT and state.current_player is not None:
            return tr("act", lang, who=self.name(state.current_player))
        return ""

    def _new_evaluation(self, state, action):
        if not isinstance(action, pg.Store):
            return None
        for r in reversed(state.log):
            if isinstance(r, eng.EvaluationResult):
                return r
            if isinstance(r, eng.StoreResult):
                return None
        return None

    def evaluation_steps(self, state, ev: eng.EvaluationResult) -> list[str]:
        """The evaluation as steps a player follows: its title, each collection's VP
        (highest space first), the award, the tickets to hand out, then the shift."""
        lang = self.lang
        out = [tr("evaluation", lang, turn=ev.turn)]
        for owner, marker, space, vp in sorted(ev.collection_vp, key=lambda c: -c[2]):
            out.append(tr("ev_collection", lang, who=self.name(owner), m=ROMAN[marker], space=space, vp=vp))
        kind = tr(ev.award_kind, lang)
        out.append(tr("ev_no_award", lang, kind=kind) if ev.award_owner is None else
                   tr("ev_award", lang, kind=kind, who=self.name(ev.award_owner), date=ev.award_date,
                      vp=state.catalog.award_vp))
        tickets = self.sep.join(f"{self.name(i)} +{v}" for i, v in enumerate(ev.vp))
        out.append(tr("ev_tickets", lang, list=tickets))
        if ev.shift:
            out.append(tr("ev_shift", lang, n=ev.shift))
            mv, gone = self._moves(ev.moves)
            if mv:
                out.append(mv)
            out += gone
        return out


def _markup(text: str) -> str:
    """``text`` safe inside Kivy markup (a typed name with [ or &)."""
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")


def _toggle(items: list, x) -> None:
    if x in items:
        items.remove(x)
    else:
        items.append(x)
