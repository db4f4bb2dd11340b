"""The Pergamon observer: still table snapshots -> engine actions (pure).

Reads what the camera sees (companion.table.TableSnapshot, zones of
calibration/data/pergamon, ids of companion.games.pergamon.tags) and turns the
difference between the table and the engine into at most one action per call:

========== ================================================ =======================
phase      what the table shows                              action
========== ================================================ =======================
present    the turn's finds turned face up on the board      ``PresentFinds``
backs      two funds card backs (bag / chest) on the board   ``DrawFunds``
bid        the current player's figure on a funds space      ``PlaceFigure``
reveal     two funds card faces on the board                 ``RevealFunds``
act        a gallery's finds moved into the player's area    ``Dig``
act        an angular marker with finds in an exhibit row,   ``Exhibit`` (polish =
           its circular marker on a plan space               space - centuries)
act        the player's figure back in their own area        ``Store`` (finds no
                                                             longer seen: discarded)
========== ================================================ =======================

Coins and admission tickets are not read: the engine computes every payment and
the app asks the players to confirm it with a tap (docs/pergamon.md). The tomb
raider's moves are the engine's own.

When the table shows nothing new but differs from the engine (the finds still to
sort into the galleries, markers still to push down after a show or an evaluation,
broken collections still on a mat), :meth:`PergamonObserver.observe` returns
``waiting`` with one report per step to do (:func:`table_todo`); a change that
breaks a rule or is ambiguous is ``rejected`` with the rule, and nothing is applied.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.errors import RuleError
from companion.games import pergamon as pg
from companion.games.pergamon import engine as eng
from companion.naming import given_name
from companion.observing import ERROR, INFO, WARNING, Outcome, Report
from companion.table import TableSnapshot

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}


def _report(level: str, key: str, text: str, rule: str = "", **params) -> Report:
    return Report(level, key, text, rule, tuple(sorted(params.items())))


@dataclass
class Observed:
    """What a still snapshot shows, in game terms.

    galleries: gallery 1..5 -> finds seen in it, left to right. loose: finds seen on
    the board outside the galleries or on the table (not on a mat). backs / faces:
    funds card backs (``"bag"``/``"chest"`` per tag) and face values seen off the
    mats. figures: seat -> (surface, zone) of its figure. areas: seat -> every find
    seen on that player's area. rows: seat -> exhibit row 1..3 -> finds left to
    right. angles: seat -> marker n -> exhibit row it lies in (None: elsewhere).
    circles: seat -> marker n -> plan space (None: off the plan). occluded: zones.
    """

    galleries: dict[int, tuple[str, ...]] = field(default_factory=dict)
    loose: set[str] = field(default_factory=set)
    backs: list[str] = field(default_factory=list)
    faces: list[int] = field(default_factory=list)
    figures: dict[int, tuple[str, str | None]] = field(default_factory=dict)
    areas: dict[int, set[str]] = field(default_factory=dict)
    rows: dict[int, dict[int, tuple[str, ...]]] = field(default_factory=dict)
    angles: dict[int, dict[int, int | None]] = field(default_factory=dict)
    circles: dict[int, dict[int, int | None]] = field(default_factory=dict)
    occluded: frozenset[str] = frozenset()

    def seen_finds(self) -> set[str]:
        out = set(self.loose)
        for v in self.galleries.values():
            out |= set(v)
        for v in self.areas.values():
            out |= v
        return out


def _num(zone: str | None, prefix: str) -> int | None:
    if zone and zone.startswith(prefix):
        try:
            return int(zone[len(prefix):])
        except ValueError:
            return None
    return None


class PergamonObserver:
    """Turns still snapshots into Pergamon engine actions (module docstring).

    Call :meth:`observe` with the engine's state after each still snapshot, append
    the action it returns, then call again with the new state (one snapshot may hold
    several steps, e.g. a dig and then a show).
    """

    def __init__(self, catalog: pg.Catalog | None = None):
        # the state's own catalog decides (a game may be played with edited data);
        # this one is kept for callers that ask
        self.catalog = catalog

    # ------------------------------------------------------------ reading
    def read(self, state: pg.GameState, snap: TableSnapshot) -> Observed:
        """The game-relevant view of ``snap`` for ``state``'s players (seat by colour)."""
        seat_of = {p.colour: i for i, p in enumerate(state.players)}
        n = state.n_players
        obs = Observed(areas={i: set() for i in range(n)}, rows={i: {} for i in range(n)},
                       angles={i: {} for i in range(n)}, circles={i: {} for i in range(n)},
                       occluded=frozenset(snap.occluded_zones))
        gal: dict[int, list[tuple[float, str]]] = {}
        rows: dict[tuple[int, int], list[tuple[float, str]]] = {}
        for s in snap.sightings:
            comp, zone = s.component, s.zone
            on_mat = s.surface.startswith("mat-")
            seat = seat_of.get(s.surface[4:]) if on_mat else None
            if comp in state.catalog.tiles:
                if on_mat:
                    if seat is None:
                        continue
                    obs.areas[seat].add(comp)
                    row = _num(zone, "exhibit:")
                    if row is not None:
                        rows.setdefault((seat, row), []).append((s.x_mm, comp))
                elif s.surface == "board" and _num(zone, "gallery:") is not None:
                    gal.setdefault(_num(zone, "gallery:"), []).append((s.x_mm, comp))
                else:
                    obs.loose.add(comp)
            elif comp.startswith(("bag", "chest")):
                if not on_mat:
                    obs.backs.append("bag" if comp.startswith("bag") else "chest")
            elif comp.startswith("card"):
                if not on_mat:
                    obs.faces.append(int(comp[4:-1]))
            elif comp.startswith("figure-"):
                owner = seat_of.get(comp[7:])
                if owner is not None:
                    obs.figures[owner] = (s.surface, zone)
            elif comp.startswith(("circle-", "angle-")):
                colour, marker = comp.split("-", 1)[1][:-1], int(comp[-1])
                owner = seat_of.get(colour)
                if owner is None:
                    continue
                if comp.startswith("circle-"):
                    obs.circles[owner][marker] = _num(zone, "plan:") if s.surface == "board" else None
                elif seat == owner:
                    obs.angles[owner][marker] = _num(zone, "exhibit:")
        obs.galleries = {g: tuple(c for _, c in sorted(v)) for g, v in gal.items()}
        for (seat, row), v in rows.items():
            obs.rows[seat][row] = tuple(c for _, c in sorted(v))
        return obs

    # ------------------------------------------------------------ deciding
    def observe(self, state: pg.GameState, snap: TableSnapshot) -> Outcome:
        """At most one engine action for a still snapshot (module docstring).

        Returns Outcome ``moving`` (not still), ``action``, ``waiting`` (a change under
        way, or the table still has steps to do: the reports say which), ``rejected``
        (illegal or ambiguous: the rule named, nothing applied) or ``same``.
        """
        if not snap.still:
            return Outcome("moving")
        if state.is_over:
            return Outcome("same")
        obs = self.read(state, snap)
        step = {eng.PRESENT: self._present, eng.BACKS_PHASE: self._backs, eng.BID: self._bid,
                eng.REVEAL: self._reveal, eng.ACT: self._act}[state.phase]
        out = step(state, obs)
        if out is None:
            todo = table_todo(state, obs)
            return Outcome("waiting", reports=todo) if todo else Outcome("same")
        if out.status == "action":
            try:
                pg.apply(state, out.action)
            except RuleError as exc:
                return Outcome("rejected", reports=[_report(ERROR, "pg.illegal", exc.detail, exc.rule,
                                                            reason=exc.detail)])
        if out.status == "waiting":
            out.reports = table_todo(state, obs) + out.reports   # the table's own steps first
        return out

    def _present(self, state, obs: Observed) -> Outcome | None:
        want = len(state.open_galleries())
        new = sorted(f for f in obs.seen_finds() if f not in state.presented)
        if want == 0:
            return Outcome("action", pg.PresentFinds(()))
        if not new:
            return Outcome("waiting", reports=[_report(
                INFO, "pg.turn_up", f"Turn up the {want} finds of turn {state.turn}", eng.R_PRESENT,
                count=want, turn=state.turn)])
        if len(new) < want:
            return Outcome("waiting", reports=[_report(
                INFO, "pg.turn_up_more", f"{len(new)} of {want} finds turned up", eng.R_PRESENT,
                seen=len(new), count=want)])
        if len(new) > want:
            return Outcome("rejected", reports=[_report(
                ERROR, "pg.too_many_finds", f"{len(new)} new finds on the table, this turn has {want}",
                eng.R_PRESENT, seen=len(new), count=want)])
        return Outcome("action", pg.PresentFinds(tuple(new)))

    def _backs(self, state, obs: Observed) -> Outcome | None:
        if len(obs.backs) < 2:
            return Outcome("waiting", reports=[_report(INFO, "pg.draw_cards", "Draw two funds cards, face down",
                                                       eng.R_FUNDS)])
        if len(obs.backs) > 2:
            return Outcome("rejected", reports=[_report(ERROR, "pg.too_many_cards",
                                                        f"{len(obs.backs)} funds cards on the table; keep two",
                                                        eng.R_FUNDS, seen=len(obs.backs))])
        return Outcome("action", pg.DrawFunds(tuple(sorted(obs.backs))))

    def _bid(self, state, obs: Observed) -> Outcome | None:
        p = state.current_player
        placed = {s: q for q, s in enumerate(state.figures) if s is not None}
        for q, (surface, zone) in sorted(obs.figures.items()):
            space = _num(zone, "funds:") if surface == "board" else None
            if space is None or state.figures[q] == space:
                continue
            if q != p:
                if state.figures[q] is None:
                    return Outcome("rejected", reports=[_report(
                        WARNING, "pg.not_your_turn", f"It is {_name(state, p)}'s turn to place a figure",
                        eng.R_FUNDS, player=_name(state, p))])
                continue
            if space in placed or space == state.raider_space:
                return Outcome("rejected", reports=[_report(ERROR, "pg.space_taken",
                                                            f"Funds space {space} is taken", eng.R_FUNDS,
                                                            space=space)])
            return Outcome("action", pg.PlaceFigure(p, space))
        return Outcome("waiting", reports=[_report(INFO, "pg.place_figure",
                                                   f"{_name(state, p)}: put your figure on a funds space",
                                                   eng.R_FUNDS, player=_name(state, p))])

    def _reveal(self, state, obs: Observed) -> Outcome | None:
        if len(obs.faces) < 2:
            return Outcome("waiting", reports=[_report(INFO, "pg.reveal_cards", "Turn the two funds cards over",
                                                       eng.R_FUNDS)])
        if len(obs.faces) > 2:
            return Outcome("rejected", reports=[_report(ERROR, "pg.too_many_cards",
                                                        f"{len(obs.faces)} funds cards on the table; keep two",
                                                        eng.R_FUNDS, seen=len(obs.faces))])
        return Outcome("action", pg.RevealFunds(tuple(obs.faces)))

    def _act(self, state, obs: Observed) -> Outcome | None:
        p = state.current_player
        colour = state.players[p].colour
        area = obs.areas[p]
        # 1. dig: a whole gallery moved into the player's area
        if not state.acted:
            for g, finds in enumerate(state.galleries, 1):
                if not finds:
                    continue
                left = set(finds) & set(obs.galleries.get(g, ()))
                taken = set(finds) & area
                if taken and not left and taken == set(finds):
                    return Outcome("action", pg.Dig(p, g))
                if taken:
                    return Outcome("waiting", reports=[_report(
                        INFO, "pg.dig_all", f"Take every find of gallery {ROMAN[g]}", eng.R_DIG,
                        gallery=ROMAN[g])])
        # 2. exhibit: an angular marker with a row of finds not shown yet
        shown = {s.marker: s for s in state.shown if s.owner == p}
        for marker, row in sorted(obs.angles[p].items()):
            if row is None:
                continue
            finds = obs.rows[p].get(row, ())
            if not finds or (marker in shown and set(shown[marker].finds) == set(finds)):
                continue
            if not set(finds) <= set(state.hands[p]):
                continue  # a collection still being broken up or rebuilt
            return self._exhibit(state, obs, p, marker, finds)
        # 3. store: the figure is back in the player's own area
        surface, _ = obs.figures.get(p, ("", None))
        if surface == f"mat-{colour}":
            mine = (f"mat-{colour}/", "")   # vision reports "<surface>/<zone>"
            if any(z[len(m):].startswith(("exhibit:", "finds")) for z in obs.occluded for m in mine
                   if z.startswith(m)):
                return Outcome("waiting", reports=[_report(INFO, "pg.occluded", "Something covers a player area")])
            seen = obs.seen_finds()
            discard = tuple(sorted(f for f in state.hands[p] if f not in seen))
            return Outcome("action", pg.Store(p, discard))
        return None

    def _exhibit(self, state, obs, p, marker, finds) -> Outcome:
        cat = state.catalog
        base = sum(cat.tiles[f].century for f in finds)
        top = cat.plan_spaces
        space = obs.circles[p].get(marker)
        old = next((s.space for s in state.shown if s.owner == p and s.marker == marker), None)
        limit = None if state.turn == cat.turns else cat.polish_max
        lo = min(base, top)
        hi = top if limit is None else min(base + limit, top)
        if space is None or space == old:
            return Outcome("waiting", reports=[_report(
                INFO, "pg.place_circle", f"Put circular marker {ROMAN[marker]} on plan space {lo}"
                + (f" (+1 per coin of polish, up to {hi})" if hi > lo else ""), eng.R_EXHIBIT,
                marker=ROMAN[marker], space=lo, up_to=hi)])
        if not lo <= space <= hi:
            return Outcome("rejected", reports=[_report(
                ERROR, "pg.circle_space", f"This collection goes on plan space {lo}"
                + (f" to {hi} with polish" if hi > lo else "") + f", not {space}", eng.R_EXHIBIT,
                low=lo, high=hi, space=space)])
        polish = 0 if space == top and base >= top else space - base
        return Outcome("action", pg.Exhibit(p, tuple(finds), polish, marker))


def _name(state, seat) -> str:
    return given_name(state.players[seat].name) or f"Player {seat + 1}"


def table_todo(state: pg.GameState, obs: Observed) -> list[Report]:
    """What the table still has to do to match the engine, one report per step: the
    finds to sort into the galleries (youngest in I), the circular markers to move
    (``"move markers 9 -> 8 and 12 -> 11"``), broken collections to clear. Empty when
    the table matches."""
    out: list[Report] = []
    wrong = [g for g, finds in enumerate(state.galleries, 1)
             if set(obs.galleries.get(g, ())) != set(finds)
             and not ({f"gallery:{g}", f"board/gallery:{g}"} & obs.occluded)]
    if wrong:
        order = "; ".join(f"{ROMAN[g]}: " + ", ".join(str(state.catalog.tiles[f].date)
                                                       for f in state.galleries[g - 1]) for g in wrong)
        out.append(_report(INFO, "pg.sort_finds", f"Put the finds in the galleries: {order}", eng.R_PRESENT,
                           order=order))
    moves = []
    on_plan = {(s.owner, s.marker): s.space for s in state.shown}
    for seat, circles in obs.circles.items():
        for marker, space in sorted(circles.items()):
            want = on_plan.get((seat, marker))
            if space is not None and want is not None and space != want:
                moves.append((space, want))
            elif space is not None and want is None:
                out.append(_report(INFO, "pg.marker_home",
                                   f"{_name(state, seat)}: take circular marker {ROMAN[marker]} off the plan and "
                                   "put that collection's finds in the box", eng.R_EXHIBIT,
                                   player=_name(state, seat), marker=ROMAN[marker]))
    if moves:
        moves.sort(key=lambda m: m[0])
        text = " and ".join(f"{a} -> {b}" for a, b in moves)
        out.insert(0, _report(INFO, "pg.move_markers", f"Move markers {text}", eng.R_EXHIBIT, moves=text))
    return out


def payments_text(result: eng.FundsResult, state: pg.GameState) -> str:
    """Words for a funds payout (``"Anna takes 5 coins, Ben the remaining 2"``): who
    takes what, right to left; the last figure takes what remains."""
    parts = []
    for i, (who, _space, _asked, taken) in enumerate(result.paid):
        name = "The tomb raider" if who == eng.RAIDER else _name(state, who)
        last = i == len(result.paid) - 1 and i > 0
        if i == 0:
            parts.append(f"{name} takes {taken} coin{'s' if taken != 1 else ''}")
        elif last:
            parts.append(f"{name} the remaining {taken}")
        else:
            parts.append(f"{name} {taken}")
    return ", ".join(parts)
