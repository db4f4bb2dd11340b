"""Penny Press's words in the app (es/en/zh through the app's gettext catalogs,
ui/locale): the live table, the board adjustments, the corrections, going to press,
the scores, the scripted game's texts, the engine's refusals by kind
(``rule.pp.*``) and its rule sections. Game terms follow the rulebook's vocabulary
(news beat / sección, scoop / exclusiva de ronda, front page / portada, 版面) in
our own words; no publisher sentence is copied."""

from ui import i18n
from ui.i18n_catalog import N_, NP_

N_("beat.war", "War")
N_("beat.crime", "Crime")
N_("beat.city", "New York City")
N_("beat.politics", "Politics")
N_("beat.human", "Human Condition")
N_("live.heading", "Live table")
N_("live.no_camera", "Waiting for the camera…")
N_("live.camera_lost", "Camera lost: plug it back in. The game is kept.")
N_("live.camera_back", "Camera back")
N_("live.camera_retry", "Retry now")
N_("live.camera_missing", "No camera was found: tap Games to choose another camera or a recorded game.")
N_("live.camera_mode", "The camera gives {mode}, not {asked}: small tags may not be read")
N_("live.beat_row", "{beat}: arrow {arrow} · value {news} · scoop {scoop} · bonus {bonus}")
N_("live.story", "{story}")
N_("live.story_reporters", "{story}: {reporters}")
N_("live.player_row", "{name} ({paper}): {home} reporters home · circulation {points}")
N_("live.turn", "{name}'s turn")
N_("live.edition", "Papers printed: {n}")
N_("live.final", "Final edition")
N_("live.finished", "Game over")
N_("live.last_action", "Last action: {text}")
N_("live.no_action", "No action yet")
N_("live.adjust_heading", "Adjust the board")
N_("live.adjust_none", "Nothing to move")
N_("live.waiting", "No game")
N_("live.tags", "{ok} tags read, {bad} unreadable")
N_("banner.setup", "Lay out the initial headline cards where the camera sees them")
N_("banner.over", "Game over: {names} wins with {points} points")
NP_("banner.adjust", "Adjust the board: {n} thing left on the list", "Adjust the board: {n} things left on the list")
N_("banner.turn", "{name}: put reporters on a story, or go to press")
N_("banner.final_turn", "{name}: final edition: go to press or pass")
N_("panel.score", "{points} points")
NP_("panel.home", "{n} reporter home", "{n} reporters home")
N_("live.beat_head", "{beat} · value {news} · scoop {scoop}")
N_("live.corrections", "Active corrections")
N_("live.results", "See the results")
N_("adjust.arrow", "Move the {beat} arrow to {value}")
N_("adjust.bonus", "Move the {beat} bonus marker to {value}")
N_("adjust.place", "Place {story} in the {beat} column")
N_("adjust.remove", "Take {story} off the board")
N_("adjust.ad", "{colour}: put an ad on your front page, row {row}, column {col}")
N_("adjust.remove_ad", "{colour}: take the ad off your front page")
N_("adjust.to_pile", "Put {story} back on top of its pile")
N_("adjust.flip_arrows", "The final edition begins: turn the arrows to their red side")
N_("adjust.newsboy", "The newsboy goes to {name}")
N_("adjust.newsboy_aside", "Put the newsboy aside")
N_("corr.heading", "Fix what the camera saw")
N_("corr.pick", "Tap a story or a beat")
N_("corr.selected", "Selected: {what}")
N_("corr.reporters_of", "{colour} reporters on {story}")
N_("corr.set_reporters", "Set reporters")
N_("corr.add_story", "Add story to {beat}")
N_("corr.remove_story", "Remove {story}")
N_("corr.undo", "Undo")
N_("corr.done", "Correction saved: {what}")
N_("corr.undone", "Undone")
N_("corr.nothing_to_undo", "Nothing to undo")
N_("corr.undo_remove_instead", "A correction on the list goes with its own {remove} button")
N_("corr.bad_story", "'{story}' is not a Penny Press story")
N_("corr.bad_count", "The number must be 0 to {max}")
N_("corr.nothing_selected", "Tap a story or beat first")
NP_("corr.what.reporters", "{n} {colour} reporter on {story}", "{n} {colour} reporters on {story}")
N_("corr.what.story_add", "{story} is in {beat}")
N_("corr.what.story_remove", "{story} is not on the board")
N_("corr.what.arrow", "{beat} arrow at {count}")
NP_("corr.n_reporters", "{n} {colour}", "{n} {colour}")
N_("corr.you_said", "You said: {what}")
N_("corr.disputed", "the camera does not see it and the game went on without it; remove it if it is wrong")
N_("corr.removed", "Correction removed")
N_("corr.remove", "Remove")
N_("corr.list", "Your corrections (they go away once the camera sees it)")
N_("corr.none", "No corrections")
N_("corr.pick_colour", "Choose a colour")
N_("corr.reporters_here", "Reporters of that colour on the story")
N_("corr.save", "Save correction")
N_("corr.story_there", "It is on the board")
N_("corr.story_not_there", "It is not on the board")
N_("corr.undo_what", "Undo: {what}")
N_("corr.undo_ask", "Undo {what}?")
N_("corr.undo_also", "This also takes back: {moves}")
N_("corr.your_correction", "your correction “{what}”")
N_("press.shown", "Shown below: {name}'s paper")
N_("press.player", "Player")
N_("press.claimed", "Claimed stories")
N_("press.none_claimed", "No story claimed")
N_("press.scoop", "Scoop points")
N_("press.scoop_row", "{name}: +{points}")
N_("press.suggested", "Suggested front page")
N_("press.yours", "Your front page")
N_("press.not_seen", "Front page not seen on the mat yet")
N_("press.score", "Score: {score}")
N_("press.left_out", "Left out: {stories}")
N_("press.exclusive", "Exclusive: {story}")
N_("press.illegal", "Front page not legal: {problem}")
N_("press.print", "Print this paper")
N_("press.latest", "Your latest paper")
N_("press.choose", "Who goes to press?")
N_("ask.print", "Print this paper for {name}?")
N_("ask.decline", "{name} does not go to press? This cannot be undone.")
N_("press.job", "Print {state}: {message}")
N_("press.job_page", "{page} · {outcome}")
N_("cell.ad", "ad")
N_("scores.heading", "Circulation")
N_("scores.chart", "Scores over the game")
N_("scores.axis", "up: 0-{top} points · across: {presses} presses")
N_("scores.no_history", "No scores yet")
N_("scores.ranking", "Final ranking")
N_("scores.not_finished", "The game is not over")
N_("scores.rank_row", "{place}. {name}: {circulation} + bonus {bonus} = {total}")
N_("scores.winner", "winner")
N_("scores.bonus_detail", "{beat} +{points}")
N_("scores.bonuses", "Beat bonuses: {list}")
N_("scores.no_bonus", "No beat bonus")
N_("scores.new_game", "New game with the same players")
N_("ask.new_game", "Start a new game with the same players? This game stays saved.")
N_("scores.share", "Save a picture to share")
N_("scores.shared", "The result is saved as a picture on this device")
N_("scores.export_json", "Save the game record")
N_("scores.exported", "The game record is saved on this device")
N_("press.pass_turn", "Pass my last turn")
N_("ask.pass_turn", "{name} passes their last turn? The camera cannot see it and it cannot be undone.")
N_("press.decline", "Do not go to press")
NP_("fake.assign", "{name} puts {n} reporter on {story}", "{name} puts {n} reporters on {story}")
N_("fake.press", "{name} goes to press with {stories}")
N_("fake.correction", "Correction: {what}")
N_("fake.frame_title", "Scripted game (no camera)")
N_("fake.frame_turn", "Turn {n} of {total}")
N_("fake.claim_tie", "Tie on {story}: both claim it")
N_("rule.pp.draw_first", "A headline card must be drawn for {who} first")
N_("rule.pp.setup_players", "Penny Press is for {lo} to {hi} players, not {n}")
N_("rule.pp.setup_colour", "'{colour}' is not a player colour of Penny Press")
N_("rule.pp.setup_colour_twice", "Each player needs their own colour")
NP_("rule.pp.setup_card_count",
    "Each player draws one initial headline card: {n} card is needed, {given} given",
    "Each player draws one initial headline card: {n} cards are needed, {given} given")
N_("rule.pp.setup_card_twice", "Headline card {card} is given twice")
N_("rule.pp.setup_first_player", "The first player must be one of the {n} players")
N_("rule.pp.setup_strike", "The newsboy strike variant is for {players} players, not {n}")
N_("rule.pp.final_presses_only", "In the final presses a player only goes to press or passes")
N_("rule.pp.hold_newsboy", "You hold the newsboy: give up your action and pass him to your right")
N_("rule.pp.no_newsboy", "You do not hold the newsboy")
N_("rule.pp.unknown_story", "'{story}' is not a story of the game")
N_("rule.pp.not_on_board", "{story} is not on the board")
N_("rule.pp.assign_one", "Assign at least one reporter")
N_("rule.pp.final_one_assign", "In the final edition you assign a single reporter")
N_("rule.pp.none_home", "You have no reporters left at home")
NP_("rule.pp.too_few_home",
    "You have only {n} reporter at home, not {want}",
    "You have only {n} reporters at home, not {want}")
N_("rule.pp.recall_one", "Recall at least one reporter")
N_("rule.pp.final_one_recall", "In the final edition you recall a single reporter")
NP_("rule.pp.too_few_on_story",
    "You have {n} reporter on {story}: you cannot recall {want}",
    "You have {n} reporters on {story}: you cannot recall {want}")
N_("rule.pp.same_story", "The reporter must move to another story")
N_("rule.pp.no_reporter_on", "You have no reporter on {story}")
N_("rule.pp.must_act",
   "Take an action (assign, recall, reassign or go to press); passing is for the final edition only")
N_("rule.pp.nothing_to_claim",
   "You cannot go to press: no story where you have at least as many reporters as everyone else")
N_("rule.pp.no_draw_final", "No headline card is drawn in the final edition")
N_("rule.pp.draw_after_press", "A headline card is drawn only right after a press")
N_("rule.pp.unknown_card", "'{card}' is not a headline card")
N_("rule.pp.card_used", "Headline card {card} has been used already")
N_("rule.pp.ad_off_grid", "The ad is off the front page")
N_("rule.pp.story_twice", "A story is listed twice")
N_("rule.pp.no_beat_value", "The value of the {beat} beat is missing")
N_("rule.pp.ad_moved", "The ad is not on its cell")
N_("rule.pp.not_claimed", "{story} was not claimed in this press")
N_("rule.pp.placed_twice", "{story} is placed twice")
N_("rule.pp.off_grid", "{story} runs off the front page")
N_("rule.pp.covers_ad", "{story} covers the ad")
N_("rule.pp.overlap", "{story} overlaps another story")
NP_("rule.pp.top_row",
    "Stories of {beats} go first, touching the top row: {n} fits, {touching} do",
    "Stories of {beats} go first, touching the top row: {n} fit, {touching} do")
N_("section.penny_press_setup", "Penny Press: setup")
N_("section.penny_press_how_to_play", "Penny Press: how to play")
N_("section.penny_press_assign_reporters", "Penny Press: assign reporters")
N_("section.penny_press_recall_reporters", "Penny Press: recall reporters")
N_("section.penny_press_reassign_a_reporter", "Penny Press: reassign a reporter")
N_("section.penny_press_go_to_press", "Penny Press: go to press")
N_("section.penny_press_drawing_headline_cards", "Penny Press: drawing headline cards")
N_("section.penny_press_final_edition", "Penny Press: final edition")
N_("section.penny_press_newsboy_strike", "Penny Press: newsboy strike")
N_("section.penny_press_end_of_the_game", "Penny Press: end of the game")
N_("section.penny_press_building_the_front_page", "Penny Press: building the front page")


# ---------------------------------------------------------------- component names
def story_name(story: str, lang: str, headline: bool = True) -> str:
    """A story as players name it (never its id): headline, beat, size in cells
    and stars, e.g. ``"Bank vault found empty · Crime 1×2 ★★"``. Unknown ids are
    returned as given."""
    shape = story_shape(story)
    if shape is None:
        return story
    b, w, h, stars = shape
    text = f"{i18n.beat(b, lang)} {w}×{h} {'★' * stars}"
    if headline:
        from printing.games.penny_press.texts import headlines_for

        text = f"{headlines_for([story], lang)[story]} · {text}"
    return text


_SHAPES: dict[str, tuple[str, int, int, int]] = {}


def story_shape(story: str):
    """(beat, width, height, stars) of a story id, or None for an id that is no story."""
    if not _SHAPES:
        from companion.games.penny_press import load_catalog

        cat = load_catalog()
        for sid, st in cat.stories.items():
            w, h = cat.shapes[st.shape][:2]  # (width, height, column spaces)
            _SHAPES[sid] = (st.beat, w, h, st.stars)
    return _SHAPES.get(story)


def component_name(ident: str, lang: str) -> str | None:
    """A story id as players name it (:func:`story_name`), or None for an id that is
    no story of the game (ui.i18n.component_name)."""
    return story_name(ident, lang) if story_shape(ident) is not None else None
