"""Scoop's table screen view-model (no Kivy): a whole game by taps, the camera an aid.

What the player to act can do now, as large buttons (:class:`Choice`), for a real
table where hands stay hidden (setup ``hidden_hands``):

- on his turn: claim a story or advert of his page (three cards: the reserve sets of
  that type first, the rest from the hand; or with a SCOOP card, the cards of that
  type in another player's reserve captured), keep 1-2 cards of a type in reserve,
  exchange a card (free; no card named), pass (no cards);
- a call due: the telephone (the dial screen) or another player's Lines Down;
- after Three Star / Press: the choices the rules give;
- a story on offer: buy or decline; bankrupt: sell a story of the page or leave.

A play that takes a card from a pile (the call accepted, a three-star story, an
advert) asks which card came up: the values still in that pile (the piles are
shuffled by hand, so the app cannot know). With a camera session on the same
journal (``host.camera``) such a call also goes to the observer, which journals it
once it sees the card laid; the value buttons stay, so a card the camera does not
see is entered by a tap (no screen waits on the camera alone). A call that takes no
card (KILL IT, X, !!!, Three Star, Press) is journalled at once, its signal shown.
Every play goes through ``host.apply`` (journalled; a refused play changes nothing
and its reason is shown). Costly taps (leave the game, go to press) and the named
undo are asked first by the screen (:attr:`Choice.ask`, :meth:`TableVM.undo_question`).
Words: ui.games.scoop.texts and the game's own catalog (companion.games.scoop.texts).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.games.scoop import engine
from companion.games.scoop import texts as core
from ui.games.scoop import texts as T


@dataclass(frozen=True)
class Choice:
    """A button: ``key`` (stable, for tests and the screen), ``label`` (the player's
    language), ``primary`` (the one thing to do now: drawn first and largest),
    ``ask`` (a question the screen asks before the tap counts: it cannot be taken
    back; "" when none)."""

    key: str
    label: str
    primary: bool = False
    ask: str = ""


class TableVM:
    """See the module docstring. ``host``: ui.hosting.GameHost (``state``, ``apply``,
    ``camera``, ``enter``)."""

    def __init__(self, host, lang: str = "en"):
        self.host = host
        self.lang = lang
        self.menu = "main"          # main | claim | reserve | count:<kind> | value
        self.held = None            # an action waiting for its card's value
        self.message = ""
        self.entered = None         # (seat, n actions) when a call went to the camera
        self._held_at = None        # n actions when ``held`` was asked (a play since: dropped)
        self._reword = None         # the message again in another language (set_lang), or None
        self._revalue = None        # n actions when a card's value was taken back to tap again

    # -- reading the game ------------------------------------------------------------
    @property
    def state(self):
        return self.host.state

    def _name(self, seat: int) -> str:
        """The player as named everywhere: the typed name, else the colour as a name
        in the players' language (``Yellow``, ``Amarillo``; a colour code in the
        name is the app's "no name": companion.naming.given_name)."""
        from companion.naming import given_name
        from ui import i18n

        p = self.state.players[seat]
        if given_name(p.spec.name):
            return given_name(p.spec.name)
        try:
            return i18n.person(p.spec.colour, self.lang)
        except (KeyError, ValueError):
            return p.spec.colour

    def _money(self, v: int) -> str:
        return core.money(int(v), self.lang)

    def actor(self) -> int | None:
        return self.state.current_player

    def _camera(self) -> bool:
        return getattr(self.host, "camera", None) is not None

    def _n(self) -> int:
        return len(self.host.journal.actions())

    def _waiting_camera(self) -> bool:
        return self.entered is not None and self.entered == (self.actor(), self._n())

    def _sync(self) -> None:
        """Forget a question the game has moved past (the camera journalled the call,
        an undo, another screen's tap)."""
        if self.held is not None and self._held_at is not None and self._held_at != self._n():
            self.held = self._held_at = None
        if self.entered is not None and self.entered[1] != self._n():
            self.entered = None

    def banner(self):
        """The kit's banner (ui.viewmodels.table.BannerView): :meth:`prompt` on the
        colour of the player who must act (neutral at the end)."""
        from ui.viewmodels.table import BannerView

        return BannerView(self.prompt(), self.actor_colour())

    def actor_colour(self) -> str | None:
        """The colour of the player who must act now (the banner's), None at the end."""
        seat = None if self.state.is_over else self.actor()
        return None if seat is None else self.state.players[seat].spec.colour

    def player_panels(self) -> list[tuple[str, str, bool]]:
        """One panel per player, seat order: (colour, text, active). The text: name,
        cash, stories and adverts laid, the page's value (Scoop's own score: cash +
        page + kept star stories at half, ``state.final.scores``, is added under it at the end)."""
        s = self.state
        now = None if s.is_over else self.actor()
        out = []
        for i, p in enumerate(s.players):
            if p.out:
                text = T.tr("player_out", self.lang, p=self._name(i))
            else:
                laid = sum(len(v) for v in p.page.values()) + len(p.star_three)
                text = core.table_text("panel", self.lang, p=self._name(i), cash=self._money(p.cash),
                                       stories=core.table_text("stories", self.lang, n=laid),
                                       page=self._money(engine.page_value(p)))
            if s.is_over and s.final is not None and i < len(s.final.scores):  # the end: the total the banner names
                text = T.tr("panel_total", self.lang, panel=text, v=self._money(s.final.scores[i]))
            out.append((p.spec.colour, text, i == now))
        return out

    def players_lines(self) -> list[str]:
        """One line per player: name, cash, cards in hand (or that he left)."""
        out = []
        for i, p in enumerate(self.state.players):
            if p.out:
                out.append(T.tr("player_out", self.lang, p=self._name(i)))
            else:
                out.append(T.tr("player_line", self.lang, p=self._name(i), cash=self._money(p.cash), n=len(p.hand)))
        return out

    def prompt(self) -> str:
        """The one thing to do now, for the player who must do it."""
        self._sync()
        s = self.state
        if s.is_over:
            f = s.final
            how = T.tr(f"how.{f.how}", self.lang, p=self._name(f.pressed_by))
            best = f.scores[f.winners[0]] if f.winners else 0
            if len(f.winners) == 1:
                return core.table_text("won", self.lang, how=how, p=self._name(f.winners[0]), v=self._money(best))
            if f.winners:
                return core.table_text("tied", self.lang, how=how, v=self._money(best),
                                       ps=", ".join(self._name(w) for w in f.winners))
            return T.tr("over", self.lang, how=how)
        seat = self.actor()
        p = self._name(seat)
        pend = s.pending
        if self.held is not None and self._waiting_camera():
            return core.table_text("lay_or_tap", self.lang, p=p, story=T.kind_name(self._held_pile_kind(), self.lang))
        if self.held is not None:
            return T.tr("which_value", self.lang, p=p, story=T.kind_name(self._held_pile_kind(), self.lang))
        if self._waiting_camera():
            return T.tr("lay_story", self.lang, p=p, story=T.kind_name(pend.get("story", ""), self.lang))
        if pend is None:
            if self.menu == "claim":
                return T.tr("pick_claim", self.lang, p=p)
            if self.menu == "reserve":
                return T.tr("pick_reserve", self.lang, p=p)
            if self.menu.startswith("count:"):
                return T.tr("pick_count", self.lang, p=p, story=T.kind_name(self.menu[6:], self.lang),
                            price=self._money(s.catalog.money["card_price"]))
            return T.tr("turn_camera" if self._camera() else "turn", self.lang, p=p)
        kind = pend["kind"]
        if kind == "call":
            return T.tr("call_due", self.lang, p=p, n=pend["number"])
        if kind == "choose":
            return T.tr("choose_three" if pend["signal"] == "three_star" else "choose_press", self.lang, p=p)
        if kind == "sale":
            return T.tr("sale", self.lang, p=p, seller=self._name(pend["seller"]),
                        story=T.kind_name(pend["space"], self.lang), v=self._money(pend["value"]))
        return T.tr("bankrupt", self.lang, p=p, v=self._money(pend["cost"]))

    def dial_due(self) -> int | None:
        """The number of the call the game waits for (None when none, or when the
        call went to the camera and waits for its card)."""
        self._sync()
        pend = self.state.pending
        if pend is None or pend["kind"] != "call" or self.held is not None or self._waiting_camera():
            return None
        return pend["number"]

    # -- the buttons -----------------------------------------------------------------
    def choices(self) -> list[Choice]:
        """The buttons for the player who must act now, the likely one first."""
        self._sync()
        s = self.state
        if s.is_over:
            return []
        seat = self.actor()
        if self.held is not None:  # also while the camera looks for the card: a tap enters it
            values = [Choice(f"value:{v}", self._money(v), i == 0)
                      for i, v in enumerate(sorted(set(s.piles[self._held_pile()]), reverse=True))]
            if not values:  # an empty pile: the play takes no card (engine: nothing taken)
                values = [Choice("value:none", T.tr("b.take_story", self.lang), True)]
            if self._waiting_camera() or isinstance(self.held, engine.Dial) or self._revaluing():
                return values  # the call is made (or its value taken back): no way back to another choice
            return values + [Choice("back", T.tr("b.back", self.lang))]
        pend = s.pending
        if pend is None:
            return self._turn_choices(seat)
        kind = pend["kind"]
        if kind == "call":
            out = [Choice("dial", T.tr("b.dial", self.lang, n=pend["number"]), True)]
            out += [Choice(f"lines_down:{a.player}", T.tr("b.lines_down", self.lang, p=self._name(a.player)))
                    for a in engine.legal_actions(s) if isinstance(a, engine.LinesDown)]
            return out
        if kind == "choose":
            out = []
            for a in engine.legal_actions(s):
                if a.option == "press":
                    out.append(Choice("choose:press", T.tr("b.press", self.lang), False,
                                      core.table_text("ask_press", self.lang, p=self._name(seat))))
                elif a.option == "story":
                    out.insert(0, Choice("choose:story", T.tr("b.take_story", self.lang), pend["signal"] == "press"))
                elif not s.players[seat].page["star"] or not s.players[seat].page["three_star"]:
                    out.insert(0, Choice("choose:three_star", T.tr("b.take_three", self.lang), True))
                else:  # the second one takes both Star Story spaces: what is there comes off
                    v = " + ".join(self._money(x) for x in s.players[seat].page["star"])
                    out.append(Choice("choose:three_star", core.table_text("three_star_off", self.lang, v=v)))
            return out
        if kind == "sale":
            out = [Choice("buy", T.tr("b.buy", self.lang, v=self._money(pend["value"])), True)] \
                if any(isinstance(a, engine.Buy) for a in engine.legal_actions(s)) else []
            return out + [Choice("decline", T.tr("b.decline", self.lang), not out)]
        out = []
        p = s.players[seat]
        for a in engine.legal_actions(s):
            if isinstance(a, engine.Offer):
                v = p.star_three[a.index] if a.space == "star_three" else p.page[a.space][a.index]
                out.append(Choice(f"offer:{a.space}:{a.index}", T.tr("b.offer", self.lang, v=self._money(v),
                                                                     story=T.kind_name(a.space, self.lang))))
        return out + [Choice("give_up", T.tr("b.give_up", self.lang), False,
                             core.table_text("ask_give_up", self.lang, p=self._name(seat)))]

    def _kinds(self, seat: int) -> list[str]:
        return [k for k in self.state.spaces(seat) if k != "three_star"]

    def _kind_label(self, kind: str) -> str:
        if kind.startswith("ad-"):
            return T.kind_name(kind, self.lang)
        return T.tr("b.story", self.lang, story=T.kind_name(kind, self.lang), n=self.state.catalog.number_of(kind))

    def _turn_choices(self, seat: int) -> list[Choice]:
        s = self.state
        p = s.players[seat]
        if self.menu == "claim":
            caps = {}
            for a in engine.legal_actions(s):  # SCOOP captures: the most cards from each reserve
                if isinstance(a, engine.Claim) and a.victim is not None and not a.reserve:
                    k = (a.kind, a.victim)
                    if len(a.captured) > len(caps.get(k, ((),))[0]):
                        caps[k] = (a.captured,)
            out = [Choice(f"claim:{k}", self._kind_label(k)) for k in self._kinds(seat)]
            out += [Choice(f"capture:{k}:{v}", T.tr("b.capture", self.lang, story=T.kind_name(k, self.lang),
                                                    p=self._name(v))) for (k, v) in sorted(caps)]
            return out + [Choice("back", T.tr("b.back", self.lang))]
        if self.menu == "reserve":
            return [Choice(f"reserve:{k}", T.kind_name(k, self.lang)) for k in self._kinds(seat)] + \
                [Choice("back", T.tr("b.back", self.lang))]
        if self.menu.startswith("count:"):
            kind = self.menu[6:]
            return [Choice(f"reserve:{kind}:{k}", T.tr("b.cards", self.lang, n=k))
                    for k in (1, 2)] + [Choice("back", T.tr("b.back", self.lang))]
        if not p.hand and not any(p.reserve):
            return [Choice("pass", T.tr("b.pass", self.lang), True)]
        out = [Choice("menu:claim", T.tr("b.claim", self.lang), True),
               Choice("menu:reserve", T.tr("b.reserve", self.lang))]
        if p.hand:
            out.append(Choice("exchange", T.tr("b.exchange", self.lang)))
        else:
            out.append(Choice("pass", T.tr("b.pass", self.lang)))
        return out

    # -- tapping ---------------------------------------------------------------------
    def _held_pile(self) -> str:
        a = self.held
        if isinstance(a, engine.Claim):
            return "adverts"
        if isinstance(a, engine.Choose) and a.option == "three_star":
            return "three_star"
        return self.state.pending["story"]

    def _held_pile_kind(self) -> str:
        pile = self._held_pile()
        return self.held.kind if pile == "adverts" else pile

    def _play(self, action) -> None:
        """Play ``action``; when it takes a card from a pile, first ask which card."""
        s = self.state
        try:
            after = engine.apply(s, engine.resolve_action(s, action))
        except engine.RuleError:
            after = None  # host.apply says why
        if after is not None and any(len(after.piles[k]) < len(v) for k, v in s.piles.items()):
            self.held = engine.resolve_action(s, action)
            self._held_at = self._n()
            return
        self._apply(action)

    def _apply(self, action) -> None:
        refused = self.host.apply(action)
        self.message = refused or ""
        self._refusal = None
        if refused and getattr(self.host, "refused", None) is not None:  # in this screen's language
            self._refusal = (self.host.refused, "")
            self.set_lang(self.lang)
        self.menu = "main"
        if not refused or not isinstance(getattr(action, "value", None), int):
            self.held = self._held_at = None  # a refused card value keeps its question open
        if not refused:
            self.entered = None

    def tap(self, key: str) -> None:
        """Do what the button ``key`` says (see :meth:`choices`). A refusal is kept in
        :attr:`message`; nothing changes then."""
        self._sync()
        s = self.state
        seat = self.actor()
        self.message, self._reword = "", None
        if key == "back":
            if not self._revaluing():  # a value taken back is tapped again: no other way on
                self.menu, self.held = "main", None
            return
        if key.startswith("menu:"):
            self.menu = key[5:]
            return
        if key.startswith("value:"):
            if self.held is not None:
                self._apply(replace(self.held, value=None if key == "value:none" else int(key[6:])))
            return
        if key == "exchange":
            return self._apply(engine.Exchange(seat, engine.HIDDEN))
        if key == "pass":
            return self._apply(engine.Pass(seat))
        if key.startswith("claim:"):
            return self._play(self._claim(seat, key[6:]))
        if key.startswith("capture:"):
            _, kind, victim = key.split(":")
            theirs = {c for sp in s.players[int(victim)].reserve for c in sp}
            need = list(s.catalog.required(kind))
            captured = tuple(c for c in need if c in theirs)
            hand = tuple(sorted([c for c in need if c not in captured] + ["scoop"]))
            return self._play(engine.Claim(seat, kind, hand, (), int(victim), captured))
        if key.startswith("reserve:"):
            parts = key.split(":")
            if len(parts) == 2:
                self.menu = f"count:{parts[1]}"
                return
            return self._apply(self._reserve(seat, parts[1], int(parts[2])))
        if key.startswith("lines_down:"):
            return self._apply(engine.LinesDown(int(key.split(":")[1])))
        if key.startswith("choose:"):
            option, at = key.split(":")[1], s.n_actions
            self._play(engine.Choose(seat, option))
            if self.held is not None and self._camera() and self.host.enter({"choose": option, "at": at}):
                self.entered = (seat, self._n())  # the camera may journal it once it sees the story laid
            return None
        if key == "buy":
            return self._apply(engine.Buy(seat))
        if key == "decline":
            return self._apply(engine.Decline(seat))
        if key.startswith("offer:"):
            _, space, index = key.split(":")
            return self._apply(engine.Offer(seat, space, int(index)))
        if key == "give_up":
            return self._apply(engine.GiveUp(seat))
        if key == "dial":
            return  # the screen opens the telephone; its call comes back through called()
        raise ValueError(f"unknown choice {key!r}")

    def called(self, call) -> None:
        """The telephone's call (companion.games.scoop.dial.Call) of the player whose
        call is due: with a camera it goes to the observer (journalled when the card
        is seen laid); else it is played, asking the card's value when a story is taken."""
        self._sync()
        self.message, self._reword = "", None
        s = self.state
        pend = s.pending
        if pend is None or pend["kind"] != "call":
            return
        seat = pend["actor"]
        action = engine.Dial(seat, call.number, call.signal)
        word, meaning = core.signal_text(call.signal, self.lang) if call.signal else ("", "")
        said = core.table_text("called", self.lang, p=self._name(seat), n=call.number, signal=word,
                               meaning=meaning) if call.signal else ""
        self._play(action)  # a card taken: its value asked (held); else journalled now
        if self.held is not None and self._camera() and \
                self.host.enter({"dial": call.number, "at": s.n_actions}):
            self.entered = (seat, self._n())  # the camera may journal it once it sees the card laid
        if not self.message and call.signal:
            self.message = said
            self._reword = lambda: core.table_text("called", self.lang, p=self._name(seat), n=call.number,
                                                   signal=core.signal_text(call.signal, self.lang)[0],
                                                   meaning=core.signal_text(call.signal, self.lang)[1])

    # -- named undo (ui.hosting.GameHost) -----------------------------------------
    def _last_value_entry(self):
        """The last move when it is a call or a choice carrying the value of the card
        it took from a pile (a value a player tapped or the camera read), else None."""
        actions = self.host.journal.actions() if self.host.journal is not None else []
        a = actions[-1] if actions else None
        if isinstance(a, (engine.Dial, engine.Choose)) and a.value is not None:
            return a
        return None

    def _revaluing(self) -> bool:
        """True while a value taken back waits to be tapped again (the call stays)."""
        return self.held is not None and getattr(self, "_revalue", None) == self._held_at == self._n()

    def undo_question(self) -> tuple[str, str]:
        """("Take back: <the move in words>?", "") when the last move can be taken
        back (the screen asks it first), else ("", why not in words: nothing played,
        a call or the choice after it, which revealed what was hidden). A card's
        value on a call or a choice is taken back alone: the question says the call
        stays and the value is asked again; until it is tapped nothing else can be
        taken back (the call is not undone by the way)."""
        self._sync()
        if self._revaluing() or isinstance(self.held, (engine.Dial, engine.Choose)):
            # a call made (its signal seen) or a story chosen waits for its card's value: nothing
            # before it may be taken back now (the claim would go back with the signal known)
            return "", core.table_text("undo_value_first", self.lang)
        step = self.host.undo_preview()
        if step is None:
            return "", self.host.undo_refusal()  # the shell's language (host.lang), which the table follows
        entry = self._last_value_entry() if step.kind == "action" else None
        if entry is not None:
            return core.table_text("undo_value_ask", self.lang, v=self._money(entry.value), move=step.text), ""
        return core.table_text("undo_ask", self.lang, move=step.text), ""

    def undo_offer(self):
        """The kit's Undo button (ui.viewmodels.table.UndoOffer): "Take back: <the move>"
        with its question when something can be taken back, else disabled with why."""
        from ui.viewmodels.table import UndoOffer

        question, why = self.undo_question()
        if not question:
            return UndoOffer.nothing(why)
        step = self.host.undo_preview()
        entry = self._last_value_entry()
        move = f"{self._money(entry.value)} ({step.text})" if entry is not None else step.text
        colon = "：" if self.lang == "zh" else ": "
        return UndoOffer(f"{core.table_text('undo', self.lang)}{colon}{move}", question, True)

    def say_undo_refusal(self) -> None:
        """Show why nothing can be taken back now (:attr:`message`, re-worded after a
        language switch)."""
        self.message = self.undo_question()[1]
        self._reword = lambda: self.undo_question()[1]

    def undo(self) -> None:
        """Take back the move :meth:`undo_question` named (after the players said yes);
        a refusal is kept in :attr:`message`. A card's value taken back leaves its
        call or choice to be played again with the value tapped next (its value
        buttons, no way back to another choice: the call's signal was seen)."""
        if self.undo_question()[1]:  # nothing can be taken back now: say why
            self.say_undo_refusal()
            return
        entry = self._last_value_entry()
        refused = self.host.undo()
        self.message, self._reword = refused or "", None
        self.menu, self.held, self._held_at, self.entered = "main", None, None, None
        self._revalue = None
        if entry is not None and not refused:
            self.held, self._held_at = replace(entry, value=None), self._n()
            self._revalue = self._held_at

    def _claim(self, seat: int, kind: str):
        """A claim of ``kind``: the player's reserve sets of that type, the rest of the
        three cards from the hand."""
        p = self.state.players[seat]
        need = list(self.state.catalog.required(kind))
        spaces = []
        for i, sp in enumerate(p.reserve):
            if sp and all(c in need for c in sp):
                spaces.append(i)
                for c in sp:
                    need.remove(c)
        return engine.Claim(seat, kind, tuple(sorted(need)), tuple(spaces))

    def _reserve(self, seat: int, kind: str, k: int):
        """``k`` cards of ``kind`` into the reserve space holding that type (else an
        empty one): the set's cards not there yet, in the set's order."""
        p = self.state.players[seat]
        cat = self.state.catalog
        space = next((i for i, sp in enumerate(p.reserve) if sp and cat.kind_of_card(sp[0]) == kind),
                     next((i for i, sp in enumerate(p.reserve) if not sp), 0))
        cards = [c for c in cat.required(kind) if c not in p.reserve[space]][:k]
        return engine.Reserve(seat, tuple(cards), (space,) * len(cards))

    def set_lang(self, lang: str) -> None:
        """Speak ``lang``; a refusal still shown is re-worded in it."""
        self.lang = lang
        if self._reword is not None and self.message:
            self.message = self._reword()
        exc, shown = getattr(self, "_refusal", None) or (None, "")
        if exc is not None and self.message and shown in ("", self.message):  # still the refusal's words
            from companion import registry
            from ui import hosting

            self.message = hosting.refusal_text(registry.get("scoop"), exc, self.state, lang)
            self._refusal = (exc, self.message)
