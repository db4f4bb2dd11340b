"""Turin Market's banner names the auction being played (issue 25, session 34): the
open auction's number from its cards or bids to its picks; in its selling step (and
the card left in hand) the auction just picked, whose step it is; from the next
cards on, the next one, while cards offered before stay on sale (a card offered
stays on sale at least one whole auction: Turin Market, auction step 4)."""

from __future__ import annotations

import pytest

from companion.games import turin_market as tm
from ui.games.turin_market.viewmodel import TableVM


def _played(seed: int, n: int):
    setup, actions = tm.random_game(seed, n)
    s = tm.new_game_from_dict(setup)
    yield s
    for a in actions:
        s = tm.apply(s, a)
        yield s


def _being_played(s) -> int:
    if s.auction is not None:
        return s.auction.round
    if s.phase in ("sell", "leftover"):  # steps 4-5 of the auction whose picks are done
        return s.history[-1].round
    return len(s.history) + 1  # its cards are being put up


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_the_banner_counts_the_auction_being_played(n):
    seen_sale_after = 0
    for seed in range(6):
        for s in _played(seed, n):
            if s.phase == "over":
                continue
            rounds = s.catalog.rounds(n)
            text = TableVM(s, "en").banner().text
            assert text.startswith(f"Auction {_being_played(s)} of {rounds} · "), (s.phase, s.round, text)
            if s.phase == "cards" and any(s.on_sale):
                seen_sale_after += 1
                assert _being_played(s) == len(s.history) + 1
    assert seen_sale_after or n == 2  # a card still on sale from an earlier auction was looked at


@pytest.mark.parametrize("n", [3, 4])
def test_the_bids_title_names_its_auction_with_the_banners_word(n):
    """While the next auction's cards are put up, the left column still explains the
    last auction's bids: its title says which auction with the banner's word, so
    "Auction 2 of 4" beside it never reads as the same auction under another name."""
    looked = 0
    for seed in range(4):
        for s in _played(seed, n):
            if s.phase == "over":
                continue
            vm = TableVM(s, "en")
            a = vm.auction()
            if a is None:
                continue
            assert vm.round_title() == f"Bids and payments of auction {a.round}"
            for lang, word in (("es", "subasta"), ("zh", "拍卖")):
                assert word in TableVM(s, lang).round_title()
            if a.round != _being_played(s):
                looked += 1
    assert looked  # a title of an earlier auction beside the banner's next one was looked at
