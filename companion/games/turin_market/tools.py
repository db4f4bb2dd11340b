"""Helpers on top of the engine: seeded random games (property tests, benchmarks)
and a short text description of a state (for ``companion replay``). What an action
did, in players' words: :mod:`companion.games.turin_market.texts`."""

from __future__ import annotations

import random

from companion.errors import CompanionError
from companion.games.turin_market.actions import (Action, Buy, ChooseBuyer, OfferForSale, PassSale, Pick,
                                                   RevealBids, RevealCards, RevealLeftovers, RevealTieBids,
                                                   TakeLoan, Withdraw)
from companion.games.turin_market.catalog import Catalog, load_catalog
from companion.games.turin_market.engine import (BIDS, CARDS, FLIP, LEFTOVER, OVER, PICKS, SELL, TIES, GameState,
                                                  apply, new_game_from_dict, seeded_flip, sell_waiting,
                                                  setup_to_dict)


def random_game(seed: int, n_players: int, payment_card: str | None = None,
                catalog: Catalog | None = None) -> tuple[dict, list[Action]]:
    """A complete legal game from ``seed``: a shuffled physical deal, random hidden
    cards and bids (often tied, sometimes 0), tie rounds, seeded coin flips, sales,
    purchases (now and then two claims at once), withdrawals and loans. Returns
    ``(setup_dict, actions)``; the same seed gives the same game. Raises
    CompanionError if the game does not end (an engine bug)."""
    cat = catalog or load_catalog()
    rng = random.Random(seed)
    n = n_players
    deck = list(cat.cards)
    rng.shuffle(deck)
    hand, centre_n, _ = cat.deal[n]
    hands = [deck[i * hand:(i + 1) * hand] for i in range(n)]
    centre = deck[n * hand:n * hand + centre_n]
    card = payment_card or rng.choice(sorted(cat.payment_cards))
    setup = setup_to_dict(n, card, centre, seed=rng.randrange(2**31))
    state = new_game_from_dict(setup, cat)
    actions: list[Action] = []

    def do(a):
        nonlocal state
        state = apply(state, a)
        actions.append(a)

    for _ in range(2000):
        if state.phase == OVER:
            return setup, actions
        # any-time actions, now and then
        r = rng.random()
        if r < 0.03:
            p = rng.randrange(n)
            if state.loans[p] < cat.loans_per_player:
                do(TakeLoan(p))
                continue
        if r < 0.12 and state.offers and state.phase != LEFTOVER:
            c = rng.choice(sorted(state.offers))
            o = state.offers[c]
            if state.auctions_done > o.since and rng.random() < 0.3:
                do(Withdraw(o.seller, c))
                continue
            can = [p for p in range(n) if p != o.seller and state.available(p) >= o.price]
            if len(can) >= 2 and rng.random() < 0.3:
                cl = tuple(rng.sample(can, 2))
                do(ChooseBuyer(o.seller, c, rng.choice(cl), cl))
                continue
            if can:
                do(Buy(rng.choice(can), c))
                continue
        ph = state.phase
        if ph == CARDS or ph == LEFTOVER:
            chosen = []
            for h in hands:
                chosen.append(h.pop(rng.randrange(len(h))))
            do(RevealCards(tuple(chosen)) if ph == CARDS else RevealLeftovers(tuple(chosen)))
        elif ph == BIDS:
            bids: list[int] = []
            for p in range(n):
                cap = state.available(p)
                if bids and rng.random() < 0.35 and bids[-1] <= cap:
                    b = rng.choice(bids)
                    b = b if b <= cap else 0
                elif rng.random() < 0.15 or cap == 0:
                    b = 0
                elif rng.random() < 0.1:
                    b = cap                     # all in: later payouts may force a loan
                else:
                    b = rng.randint(1, min(cap, 6))
                bids.append(b)
            do(RevealBids(tuple(bids)))
        elif ph == TIES:
            a = state.auction
            tied = a.pending[0][2]
            adds = [None] * n
            same = rng.random() < 0.3
            v0 = rng.randint(0, 2)
            for p in tied:
                room = state.purse[p] - a.totals[p]
                v = v0 if same else rng.randint(0, 2)
                adds[p] = min(v, room)
            do(RevealTieBids(tuple(adds)))
        elif ph == FLIP:
            do(seeded_flip(state))
        elif ph == PICKS:
            a = state.auction
            taken = {c for _, c in a.picks}
            do(Pick(a.pick_queue[0], rng.choice([c for c in a.centre if c not in taken])))
        elif ph == SELL:
            p = rng.choice(sell_waiting(state))
            free = [c for c in state.owned[p] if c not in state.offers]
            if rng.random() < 0.35:
                do(OfferForSale(p, rng.choice(free), rng.randint(1, min(state.available(p), 5))))
            else:
                do(PassSale(p))
    raise CompanionError(f"random Turin Market game {seed} did not end")


def describe(state: GameState, lang: str = "en") -> str:
    """A few lines: phase, round, each player's shields, loans and goods; at the end
    the winners (for ``companion replay``)."""
    from companion.naming import count

    cat = state.catalog
    lines = []
    if state.is_over:
        from companion.naming import who

        won = state.final.winners
        names = ", ".join(who(state.players[p] if p < len(state.players) else None, p) for p in won)
        lines.append(f"Game over. {'Winner' if len(won) == 1 else 'Winners (shared victory)'}: {names}.")
    else:
        lines.append(f"Round {state.round}, {state.phase}.")
    for p in range(state.n_players):
        goods = ", ".join(f"{cat.good_name(g, lang)} {u}" for g, u in sorted(state.units(p).items()))
        loan = f", loan (owes {state.debt[p]})" if state.debt[p] else ""
        shields = count(state.scores[p], {"one": "shield", "other": "shields"})
        lines.append(f"  player {p + 1}: {shields}{loan}; {goods or 'no goods'}")
    return "\n".join(lines)


def record_summary(state: GameState) -> dict:
    """Added to exports: per seat the shields (purse, on sale, owed on the loan card,
    loans), face-up cards, goods units and majorities, each finished auction (bids,
    tie-round additions, coin flips, payments, picks, discards), and at the end the
    payouts good by good and the data files they rest on (unverified guesses)."""
    cat = state.catalog
    n = state.n_players
    out = {
        "round": state.round, "phase": state.phase, "payment_card": state.payment_card,
        "shields": list(state.scores), "purse": list(state.purse), "on_sale": list(state.on_sale),
        "debt": list(state.debt), "loans": list(state.loans), "bank": state.bank,
        "owned": [list(o) for o in state.owned],
        "offers": [{"card": o.card, "seller": o.seller, "price": o.price} for o in state.offers.values()],
        "units": [state.units(p) for p in range(n)],
        "tokens": dict(state.tokens),
        "auctions": [{"round": a.round, "centre": list(a.centre), "bids": list(a.bids or ()),
                      "adds": list(a.adds), "flips": [list(f) for f in a.flips],
                      "positions": list(a.positions), "payments": list(a.payments),
                      "zero_tied": list(a.zero_tied), "outcomes": [a.outcome(p) for p in range(n)],
                      "picks": [list(x) for x in a.picks],
                      "discarded": list(a.discarded)} for a in state.history],
        "data_files": list(cat.guess_files),
    }
    f = state.final
    if f is not None:
        out["final"] = {
            "scores": list(f.scores), "winners": list(f.winners), "returned_from_sale": list(f.returned_from_sale),
            "before_repayment": list(f.before_repayment), "repaid": list(f.repaid),
            "payouts": [{"good": g.good, "bank_amount": g.bank_amount, "units": list(g.units),
                         "majority": list(g.majority), "minority": list(g.minority), "paid": list(g.paid),
                         "share": g.share, "from_bank": g.from_bank, "forced_loans": list(g.forced_loans),
                         "bank_paid_for": list(g.bank_paid_for)} for g in f.payouts]}
    return out
