"""The rule sections of this game as players read them in a refusal
(``RuleError.rule`` -> ``section.<slug>``, ui.i18n.section_name), declared for the
app's gettext catalogs (ui/locale). Our own words."""

from ui.i18n_catalog import N_

N_("section.turin_market_setup", "Turin Market: setup")
N_("section.turin_market_auction_step_1_cards_up_for_auction", "Turin Market: auction, step 1 (cards up for auction)")
N_("section.turin_market_auction_step_2_bids", "Turin Market: auction, step 2 (bids)")
N_("section.turin_market_bidding_rules_ties", "Turin Market: bidding rules (ties)")
N_("section.turin_market_auction_step_3_picks", "Turin Market: auction, step 3 (picks)")
N_("section.turin_market_auction_step_4_selling", "Turin Market: auction, step 4 (selling)")
N_("section.turin_market_auction_step_5_the_card_left_in_hand", "Turin Market: auction, step 5 (the card left in hand)")
N_("section.turin_market_loans", "Turin Market: loans")
N_("section.turin_market_end_of_the_game", "Turin Market: end of the game")
