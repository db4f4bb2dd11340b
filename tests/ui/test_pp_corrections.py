"""Undo beside the listed corrections (issue 25, Penny Press left-overs): when the
last move was a headline card drawn (it showed what was hidden: undo never reaches
past it, Penny Press: Draw a headline card) and a correction is listed, Undo says
so and points at the correction's own Remove button; it said "Nothing to undo"."""

from __future__ import annotations

from companion.games.penny_press.corrections import Correction
from ui.games.penny_press.viewmodels.corrections import CorrectionsVM
from ui.viewmodels.protocol import CorrectionView

DRAWN = "Draw a headline card: that showed what was hidden, so it cannot be taken back"


class _Session:
    """The session's undo side: nothing to take back, the reason, the corrections."""

    def __init__(self, listed):
        self.listed = listed

    def undo_preview(self):
        return None

    def undo_refusal(self) -> str:
        return DRAWN

    def corrections(self):
        return self.listed

    def undo(self) -> bool:
        return False


def test_undo_names_why_and_the_remove_button_when_a_correction_is_listed():
    fix = CorrectionView(1, Correction("story_remove", story="crime-C2"))
    vm = CorrectionsVM(_Session([fix]), "en")
    offer = vm.undo_offer()
    assert not offer.enabled
    assert offer.label == DRAWN + "\nA correction on the list goes with its own Remove button"
    assert vm.undo() is False and vm.error and vm.status == offer.label
    es = CorrectionsVM(_Session([fix]), "es").undo_label()
    assert es.endswith("Una corrección de la lista se quita con su propio botón Quitar")


def test_with_no_correction_listed_undo_says_only_why():
    vm = CorrectionsVM(_Session([]), "en")
    assert vm.undo_label() == DRAWN
