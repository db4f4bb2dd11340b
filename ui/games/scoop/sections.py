"""The rule sections of this game as players read them in a refusal
(``RuleError.rule`` -> ``section.<slug>``, ui.i18n.section_name), declared for the
app's gettext catalogs (ui/locale). Our own words."""

from ui.i18n_catalog import N_

N_("section.scoop_how_to_play", "Scoop: how to play")
N_("section.scoop_claiming_a_story", "Scoop: claiming a story")
N_("section.scoop_adverts", "Scoop: adverts")
N_("section.scoop_the_reserve", "Scoop: the reserve")
N_("section.scoop_playing_cards_from_the_reserve", "Scoop: playing cards from the reserve")
N_("section.scoop_exchange", "Scoop: exchange")
N_("section.scoop_special_scoop_cards", "Scoop: special scoop cards")
N_("section.scoop_using_the_telephone", "Scoop: using the telephone")
N_("section.scoop_three_star_stories", "Scoop: three-star stories")
N_("section.scoop_copy_replacement", "Scoop: copy replacement")
N_("section.scoop_bankruptcy", "Scoop: bankruptcy")
N_("section.scoop_lines_down", "Scoop: lines down")
N_("section.scoop_end_of_the_game", "Scoop: end of the game")
N_("section.scoop_setup", "Scoop: setup")
