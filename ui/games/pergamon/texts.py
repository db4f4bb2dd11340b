"""Every on-screen text of the Pergamon screens, es/en/zh (our own words).

Declared in English for gettext (``N_("pergamon.<key>", text)``, ``NP_`` for
counts; translated in ui/locale/<lang>/LC_MESSAGES/ui.po, docs/ui.md "Adding a
text"); ``tr(key, lang, **values)`` with the short key; tests/ui/test_i18n_catalogs.py
checks every text has es and zh with the same ``{placeholders}``.
"""

from __future__ import annotations

from ui.i18n import GameTexts
from ui.i18n_catalog import N_, NP_  # noqa: F401  (NP_: counts)

#: TEXTS: {key: text} declared for gettext (context "pergamon.<key>")
N_("pergamon.title", "{game} · turn {turn} of 12")
N_("pergamon.turn_up", "Turn up the {n} finds of turn {turn}")
N_("pergamon.sort", "Put the {n} finds in this order: {order}")
N_("pergamon.draw", "Draw two funds cards, face down")
N_("pergamon.bid", "{who}: put your figure on a funds space")
N_("pergamon.reveal", "Turn the two funds cards over")
N_("pergamon.pay_first", "{who} takes {c}")
N_("pergamon.pay_next", "{who} {n}")
N_("pergamon.pay_last", "{who} the remaining {n}")
N_("pergamon.raider", "the tomb raider")
N_("pergamon.act", "{who}: dig, show a collection, then put your figure back in your area")
N_("pergamon.dug", "{who} pays {c} for gallery {g}")
N_("pergamon.raided", "The tomb raider took gallery {g}: its finds leave the game")
N_("pergamon.moves", "Move markers {moves}")
N_("pergamon.and", " and ")
N_("pergamon.shown", "{who} shows collection {m}: {value} points on space {space}")
N_("pergamon.polish", "{who} pays {c} of polish")
N_("pergamon.broken", "{who} {m}: off the plan, finds to the box")
N_("pergamon.stored", "{who} pays {c} for storage")
N_("pergamon.stored_free", "{who} keeps {f}, free")
N_("pergamon.evaluation", "Evaluation after turn {turn}")
N_("pergamon.ev_collection", "{who} {m} on space {space}: +{vp} VP")
N_("pergamon.ev_award", "Oldest {kind}: {who} ({date} BC) +{vp} VP")
N_("pergamon.ev_no_award", "Oldest {kind}: none shown")
N_("pergamon.ev_shift", "Every marker moves down {n}")
N_("pergamon.ev_tickets", "Hand out admission tickets: {list}")
N_("pergamon.over", "Game over: {who} wins with {vp} VP")
N_("pergamon.confirm", "Done")
N_("pergamon.put_back", "Taken back: undo what that move did on the table")
N_("pergamon.put_back_done", "Table put back")
N_("pergamon.next_step", "Next step")
N_("pergamon.step_of", "Step {i} of {n}")
N_("pergamon.vp", "{n} VP")
NP_("pergamon.coins", "{n} coin", "{n} coins")
NP_("pergamon.finds", "{n} find", "{n} finds")
N_("pergamon.plan", "Museum plan")
N_("pergamon.galleries", "Dig site")
N_("pergamon.gallery", "Gallery {g} · {c}")
N_("pergamon.player", "Player {n}")
N_("pergamon.vase", "vase")
N_("pergamon.jug", "jug")
N_("pergamon.mask", "mask")
N_("pergamon.bracelet", "bracelet")
# the entry panel (taps)
N_("pergamon.e_finds", "Tap the {n} finds turned up")
N_("pergamon.e_present", "Put them in the galleries ({k} of {n})")
N_("pergamon.e_present_few", "Tap {n} finds first ({k} of {n} tapped)")
N_("pergamon.e_present_many", "Only {n} finds turned up: tap {m} again to untap ({k} tapped)")
N_("pergamon.e_backs", "The two card backs drawn")
N_("pergamon.e_back_bag_bag", "2 bags")
N_("pergamon.e_back_bag_chest", "bag + chest")
N_("pergamon.e_back_chest_chest", "2 chests")
N_("pergamon.e_bag", "bag")
N_("pergamon.e_chest", "chest")
N_("pergamon.e_bid", "{who}: tap your funds space")
N_("pergamon.e_space", "{s}: {c} · I-{g}")
N_("pergamon.e_taken", "{s}: {who}")
N_("pergamon.e_card", "Card {i} ({back}): its coins")
N_("pergamon.e_reveal", "Cards turned over: {n} coins")
N_("pergamon.e_reveal_pick", "Tap the coins of both cards first")
N_("pergamon.e_dig_title", "{who} ({c}): dig a gallery")
N_("pergamon.e_dig", "Dig {g} · {c} · {f}")
N_("pergamon.e_row", "Collection: tap the finds in their order")
N_("pergamon.e_polish", "Polish (coins)")
N_("pergamon.e_break", "All markers shown: break which collection?")
N_("pergamon.e_marker", "{m} on {s}")
N_("pergamon.e_exhibit", "Show it: {v} points, space {s}")
N_("pergamon.e_exhibit_none", "Show a collection (tap its finds first)")
N_("pergamon.e_discard", "Discard to the box")
N_("pergamon.e_store", "End turn: keep {k}, pay {c}")
N_("pergamon.red", "red")
N_("pergamon.blue", "blue")
N_("pergamon.green", "green")
N_("pergamon.yellow", "yellow")
TEXTS = GameTexts("pergamon.", [
    "title", "turn_up", "sort", "draw", "bid", "reveal", "pay_first", "pay_next", "pay_last", "raider", "act",
    "dug", "raided", "moves", "and", "shown", "polish", "broken", "stored", "stored_free", "evaluation",
    "ev_collection", "ev_award", "ev_no_award", "ev_shift", "ev_tickets", "over", "confirm", "put_back",
    "put_back_done", "next_step", "step_of", "vp", "coins", "finds", "plan", "galleries", "gallery", "player",
    "vase", "jug", "mask", "bracelet", "e_finds", "e_present", "e_present_few", "e_present_many", "e_backs", "e_back_bag_bag",
    "e_back_bag_chest", "e_back_chest_chest", "e_bag", "e_chest", "e_bid", "e_space", "e_taken", "e_card",
    "e_reveal", "e_reveal_pick", "e_dig_title", "e_dig", "e_row", "e_polish", "e_break", "e_marker", "e_exhibit",
    "e_exhibit_none", "e_discard", "e_store", "red", "blue", "green", "yellow",
])


def coins(n: int, lang: str = "en") -> str:
    """``"1 coin"`` / ``"3 coins"`` in ``lang``."""
    return tr("coins", lang, n=n)


def finds(n: int, lang: str = "en") -> str:
    """``"1 find"`` / ``"3 finds"`` in ``lang``."""
    return tr("finds", lang, n=n)


def tr(key: str, lang: str = "en", **values) -> str:
    """The text of ``key`` in ``lang`` (English if missing) with ``values`` filled in.
    Raises KeyError naming an unknown key."""
    return TEXTS.tr(key, lang, **values)


# ------------------------------------------------------------------ refusals
#: The rule sections the engine names (companion.games.pergamon.engine R_*), es/en/zh.
#: RULES: {key: text} declared for gettext (context "pergamon.rules.<key>")
N_("pergamon.rules.Setup", "Setup")
N_("pergamon.rules.How to play", "How to play")
N_("pergamon.rules.1. Presentation of finds", "1. Presentation of finds")
N_("pergamon.rules.2. Research funds", "2. Research funds")
N_("pergamon.rules.3A. Digging", "3A. Digging")
N_("pergamon.rules.3B. Exhibiting", "3B. Exhibiting")
N_("pergamon.rules.3C. Storage", "3C. Storage")
N_("pergamon.rules.4. Evaluation", "4. Evaluation")
N_("pergamon.rules.End of the game", "End of the game")
RULES = GameTexts("pergamon.rules.", [
    "Setup", "How to play", "1. Presentation of finds", "2. Research funds", "3A. Digging",
    "3B. Exhibiting", "3C. Storage", "4. Evaluation", "End of the game",
])

#: The engine's refusals by key (RuleError.key "pergamon.<key>", RuleError.values).
#: REFUSALS: {key: text} declared for gettext (context "pergamon.refusals.<key>")
N_("pergamon.refusals.over", "the game is over")
N_("pergamon.refusals.not_now", "not now: {step}")
N_("pergamon.refusals.present_again", "find {dates} was turned up earlier")
N_("pergamon.refusals.present_count", "take exactly {n} finds: {n} galleries have room")
N_("pergamon.refusals.deck_backs", "the deck has only {n} cards with a {back} back left")
N_("pergamon.refusals.not_your_turn", "it is {who}'s turn")
N_("pergamon.refusals.space_taken", "funds space {space} is taken by {who}")
N_("pergamon.refusals.cards_backs", "cards {a} and {b} do not match the backs ({back_a}, {back_b})")
N_("pergamon.refusals.card_gone", "no card of {v} coins is left (all {n} drawn)")
N_("pergamon.refusals.dig_first", "digging must be your first action")
N_("pergamon.refusals.dig_deep", "funds space {space} allows galleries I-{deepest} only")
N_("pergamon.refusals.dig_empty", "gallery {g} is empty")
N_("pergamon.refusals.dig_coins", "gallery {g} costs {cost}; {who} has {have_c}")
N_("pergamon.refusals.exhibit_min", "a collection needs at least {n} finds")
N_("pergamon.refusals.not_in_hand", "{who} does not have find {dates}")
N_("pergamon.refusals.halves", "finds {a} ({right} half) and {b} ({left} half) do not make a complete object")
N_("pergamon.refusals.polish_max", "at most {n} coins of polish (any amount only in turn {turn})")
N_("pergamon.refusals.polish_coins", "polish of {cost}, but {who} has {have_c}")
N_("pergamon.refusals.markers_full", "all {n} markers are in the museum: choose one to break its collection")
N_("pergamon.refusals.marker_shown", "marker {m} is in the museum; marker {free} is free")
N_("pergamon.refusals.store_coins", "keeping {kept} finds costs {cost}; {who} has {have_c}: discard {need} more")
REFUSALS = GameTexts("pergamon.refusals.", [
    "over", "not_now", "present_again", "present_count", "deck_backs", "not_your_turn", "space_taken",
    "cards_backs", "card_gone", "dig_first", "dig_deep", "dig_empty", "dig_coins", "exhibit_min",
    "not_in_hand", "halves", "polish_max", "polish_coins", "markers_full", "marker_shown",
    "store_coins",
])
#: What the table must do first, for a refusal "not now" (engine phases).
#: STEPS: {key: text} declared for gettext (context "pergamon.steps.<key>")
N_("pergamon.steps.present", "turn up the finds first")
N_("pergamon.steps.backs", "draw the two funds cards first")
N_("pergamon.steps.bid", "{who} places a figure")
N_("pergamon.steps.reveal", "turn the funds cards over first")
N_("pergamon.steps.act", "{who} digs, shows or stores")
N_("pergamon.steps.over", "the game is over")
STEPS = GameTexts("pergamon.steps.", [
    "present", "backs", "bid", "reveal", "act", "over",
])
#: BACK_NAMES: {key: text} declared for gettext (context "pergamon.back_names.<key>")
N_("pergamon.back_names.bag", "bag")
N_("pergamon.back_names.chest", "chest")
BACK_NAMES = GameTexts("pergamon.back_names.", [
    "bag", "chest",
])


def rule_name(rule: str, lang: str = "en") -> str:
    """``"Pergamon: 3A. Digging"`` in ``lang``: the game's registry name and the section."""
    from companion.games.pergamon import GAME

    game, _, section = rule.partition(": ")
    row = RULES.get(section)
    if not row:
        return rule
    return f"{GAME.name(lang)}{'：' if lang == 'zh' else ': '}{row.get(lang) or row['en']}"


def refusal_text(exc, state, lang: str = "en") -> str:
    """An engine refusal (companion.errors.RuleError) in ``lang``, in words a player
    understands: what is wrong, never a rule-section code (``"La galería III está
    vacía"``). Seats in the values become the players' names; an error without a
    known key is worded by its kind (ui.i18n.error_text; never raises)."""
    key = (getattr(exc, "key", "") or "").removeprefix("pergamon.")
    row = REFUSALS.get(key)
    if row is None:
        from ui import i18n

        return i18n.error_text(exc, lang)
    values = dict(getattr(exc, "values", {}) or {})
    try:
        if isinstance(values.get("have"), int):
            values["have_c"] = coins(values["have"], lang)
        for k in ("fee", "c", "g"):               # what the refused entry costs
            if isinstance(values.get(k), int) and key in ("dig_coins", "polish_coins", "store_coins"):
                values["cost"] = coins(values[k], lang)
                break
        for k in ("who",):
            if isinstance(values.get(k), int):
                values[k] = _name(state, values[k], lang)
        for k in ("g", "deepest"):
            if isinstance(values.get(k), int):
                values[k] = ROMAN_NUM.get(values[k], values[k])
        for k in ("right", "left"):
            if values.get(k) in TEXTS:
                values[k] = tr(values[k], lang).lower() if lang != "zh" else tr(values[k], lang)
        for k in ("back", "back_a", "back_b"):
            if values.get(k) in BACK_NAMES:
                values[k] = BACK_NAMES[values[k]][lang if lang in ("es", "zh") else "en"]
        if key == "not_now":
            step = STEPS.get(values.get("phase"), STEPS["over"])
            values["step"] = (step.get(lang) or step["en"]).format(**values)
        detail = (row.get(lang) or row["en"]).format(**values)
    except (KeyError, IndexError, ValueError):
        from ui import i18n

        return i18n.error_text(exc, lang)
    return detail[:1].upper() + detail[1:]


ROMAN_NUM = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}


def _name(state, seat: int, lang: str) -> str:
    from companion.naming import given_name

    if seat == -1:
        return tr("raider", lang)
    if state is None or not 0 <= seat < len(state.players):
        return tr("player", lang, n=seat + 1)
    return given_name(state.players[seat].name) or tr("player", lang, n=seat + 1)
