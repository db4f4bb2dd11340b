"""Named undo for every game (Kivy-free): what "undo" would take back now, in the
players' words, and why nothing can be when the rules forbid it.

The newest of the players' last correction (play.corrections) and the game's last
move goes first. A move is taken back only by its own player and never across one
that revealed hidden information (the rules' ``UNDO_BARRIERS``: a headline card
drawn, a dial's call, bids revealed; companion.journal's undo rule); a move is named
by the rules' ``describe_action`` in the players' language. What cannot be taken
back is refused with why (:meth:`Undo.refusal`: a ``companion.errors.Refusal`` whose
key the app words: ``undo_nothing``, ``undo_barrier``, ``undo_no_player``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.errors import Refusal


@dataclass(frozen=True)
class UndoStep:
    """What :meth:`Undo.undo` would take back now.

    kind ``"correction"``: the players' correction ``correction`` (its ``id``), and
    ``also`` the moves (named) that removing it takes back with it. kind
    ``"action"``: the move named ``text`` of seat ``seat`` (0-based).
    """

    kind: str
    text: str = ""
    seat: int | None = None
    correction: Any = None
    id: int | None = None
    also: tuple[str, ...] = ()


class Undo:
    """Named undo over a table loop (``runner``: play.runner.GameRunner; its journal
    and its corrections). The caller holds the lock the camera's worker holds while
    it journals."""

    def __init__(self, runner):
        self.runner = runner

    def _last_event(self):
        j = self.runner.journal
        tl = j.timeline()
        if len(tl) < 2:
            return None
        return next(e for e in j.events if e.seq == tl[-1][0])

    def _name(self, payload: dict, lang: str) -> str:
        j = self.runner.journal
        return j.rules.describe_action(j.rules.action_from_dict(payload), j.state, lang)

    def explained(self, override, lang: str) -> tuple[str, ...]:
        """The moves (named in ``lang``) that removing ``override`` takes back with it:
        those it explained, while they are the last ones."""
        j = self.runner.journal
        if j is None:
            return ()
        by_seq = {e.seq: e for e in j.events}
        return tuple(self._name(by_seq[seq].payload, lang)
                     for seq, _player in self.runner.corrections.tail_of(override.actions))

    def preview(self, lang: str) -> UndoStep | None:
        """What :meth:`undo` would take back now, named in ``lang`` (None: nothing;
        :meth:`refusal` says why)."""
        j = self.runner.journal
        if j is None:
            return None
        items = list(self.runner.corrections)
        last_o = items[-1] if items else None
        last = self._last_event()
        if last_o is not None and (last is None or (last_o.note_seq or 0) > last.seq or last.seq in last_o.actions):
            return UndoStep("correction", correction=last_o.correction, id=last_o.id,
                            also=self.explained(last_o, lang))
        if last is None:
            return None
        player = last.payload.get("player")
        if not isinstance(player, int) or j.undoable(player) is None:
            return None
        return UndoStep("action", self._name(last.payload, lang), seat=player)

    def refusal(self, lang: str) -> Refusal | None:
        """Why nothing can be taken back now (None when something can): nothing
        played yet, the last move revealed hidden information (the rules'
        UNDO_BARRIERS), or it is no one player's move. The move is named in ``lang``."""
        if self.preview(lang) is not None:
            return None
        j = self.runner.journal
        last = self._last_event() if j is not None else None
        if last is None:
            return Refusal("undo_nothing", "there is nothing to take back yet")
        move = self._name(last.payload, lang)
        if j.is_undo_barrier(last.payload):
            return Refusal("undo_barrier", f"{move}: it revealed what was hidden, so it cannot be taken back",
                           move=move)
        return Refusal("undo_no_player", f"{move}: no one player's move, so it cannot be taken back", move=move)

    def remove_correction(self, ident: int, lang: str) -> tuple[str, ...]:
        """The players remove correction ``ident``: the moves only it explained go
        with it (taken back while they are the last ones, else the game is replayed
        without it: play.corrections), and the last still table is read again.
        Returns the moves that no longer fit and were set aside, named in ``lang``
        (the journal keeps them as undone events). Raises Refusal ``no_correction``,
        or ``correction_kept`` when a move it explained was saved without the
        camera's picture (an older version) and is not the last one: the game could
        not be replayed without it."""
        corrections = self.runner.corrections
        stuck = corrections.moves_not_rereadable(ident)
        if stuck:
            j = self.runner.journal
            by_seq = {e.seq: e for e in j.events}
            move = j.rules.describe_action(j.rules.action_from_dict(by_seq[stuck[0]].payload),
                                           corrections.state_before(stuck[0]), lang)
            raise Refusal("correction_kept", f"this correction stays: the move it explained ({move}) was saved "
                          "without the camera's picture (an older version), so the game cannot be replayed without "
                          "it; it stays in force until the camera sees the table agree with it or the story leaves "
                          "the board", move=move)
        try:
            corrections.remove(ident, "player")
        except KeyError:
            raise Refusal("no_correction", f"there is no correction {ident}") from None
        rules = self.runner.rules
        aside = tuple(rules.describe_action(a, st, lang) for _seq, a, st in corrections.set_aside)
        self.runner.reread()
        return aside

    def undo(self, lang: str) -> tuple[UndoStep, tuple[str, ...]]:
        """Take back what :meth:`preview` names: remove the correction
        (:meth:`remove_correction`), or take back the move. Returns what was done and
        the moves set aside (named); raises the :meth:`refusal` when nothing can be
        taken back, or the refusals of :meth:`remove_correction`."""
        step = self.preview(lang)
        if step is None:
            raise self.refusal(lang)
        if step.kind == "correction":
            return step, self.remove_correction(step.id, lang)
        self.runner.journal.undo(step.seat)
        return step, ()
