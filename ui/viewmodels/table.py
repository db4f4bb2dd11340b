"""The table kit's view data (Kivy-free): what every game's table screen shows in the
same way (docs/ui.md, "The table kit"), filled by each game's own view-model and
drawn by the kit's widgets in ui.screens.common.

- :class:`BannerView`: the banner, the one thing to do now, in the active player's
  colour (``Banner.show``);
- :class:`PanelView`: a player's panel, always in view (``PlayerStrip.show``);
- the camera picture with its tags outlined: ui.viewmodels.camera (``FrameSlot``,
  ``overlays``; ``CameraView.show``);
- :class:`UndoOffer`: the named Undo that asks to confirm (``UndoButton.offer``);
- :class:`Confirm`: a costly tap asked first (``ConfirmButton``, ``ask``).

Colours are the catalog's player colours (``red`` ... ``black``) or None (no player:
the neutral banner). Texts are already in the players' language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


class BannerView(NamedTuple):
    """The banner: ``text`` (the one thing to do now, never the last event; at the
    end who won) painted in ``colour`` (the player who acts, or None). A pair, so a
    view-model may return ``(text, colour)``."""

    text: str
    colour: str | None = None


class PanelView(NamedTuple):
    """A player's panel: ``colour`` (its background), ``text`` (Kivy markup: name,
    score in the game's own unit, what else the game counts) and ``active`` (the
    player to act, outlined). A triple, so a view-model may return tuples."""

    colour: str
    text: str
    active: bool = False


@dataclass(frozen=True)
class UndoOffer:
    """The Undo button as the players read it: ``label`` names what a tap takes
    back ("Undo: Ana puts 2 reporters on ...") or, when ``enabled`` is False, says
    why nothing can be (what the rules forbid undoing says so); ``question`` is
    asked before undoing (names everything it takes back)."""

    label: str
    question: str = ""
    enabled: bool = False

    @classmethod
    def nothing(cls, why: str) -> "UndoOffer":
        """Nothing to take back now: the button says ``why`` and is disabled."""
        return cls(why, "", False)


@dataclass(frozen=True)
class Confirm:
    """A costly or irreversible tap (a loan, going to press, leaving a game): the
    button's ``label`` and the ``question`` asked before it is done. Drawn unlike
    the main action (ConfirmButton)."""

    label: str
    question: str
