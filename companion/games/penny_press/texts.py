"""Penny Press in players' words (es/en/zh): what an action did, where each
player's circulation comes from, and what a press or the end scored, read aloud.

The words are this package's own gettext catalog
(``locale/<lang>/LC_MESSAGES/penny_press.po``, :class:`companion.gettext_po.Words`;
``bash scripts/i18n.sh`` extracts them). A story is named as players see its tile
on the board: its news beat, its size in cells and its stars (``War 1×2 ★★``),
never its id; a player by the name they gave, else their colour, else their seat
counted from 1. Our own words; no rulebook sentence.
"""

from __future__ import annotations

from companion.gettext_po import Words
from companion.naming import columns, given_name, pad
from companion.registry import ScoreLine, ScoreSheet, SeatScore

from .actions import Assign, DeclinePress, DrawHeadline, GoToPress, PassNewsboy, Reassign, Recall

WORDS = Words(__package__)


def beat_name(beat: str, lang: str) -> str:
    """A news beat in ``lang`` (``war`` -> ``Guerra``); a beat of a house-rule data
    file without words of ours: its id."""
    names = {"war": WORDS.say(lang, "beat.war", "War"), "crime": WORDS.say(lang, "beat.crime", "Crime"),
             "city": WORDS.say(lang, "beat.city", "New York City"),
             "politics": WORDS.say(lang, "beat.politics", "Politics"),
             "human": WORDS.say(lang, "beat.human", "Human Condition")}
    return names.get(beat, beat)


def colour_name(colour: str, lang: str) -> str:
    """A player colour in ``lang`` (``red`` -> ``rojo``); another code unchanged."""
    names = {"red": WORDS.say(lang, "colour.red", "red"), "blue": WORDS.say(lang, "colour.blue", "blue"),
             "green": WORDS.say(lang, "colour.green", "green"),
             "yellow": WORDS.say(lang, "colour.yellow", "yellow"),
             "black": WORDS.say(lang, "colour.black", "black")}
    return names.get(colour, colour)


def player_name(state, seat: int, lang: str) -> str:
    """The player at ``seat`` as people name them: their given name, else their
    colour in ``lang``, else ``player 2`` (seats counted from 1)."""
    players = getattr(state, "players", ())
    if 0 <= seat < len(players):
        p = players[seat]
        return given_name(p.name) or colour_name(p.colour, lang)
    return WORDS.say(lang, "player", "player {n}", n=seat + 1)


def story_name(story: str, lang: str, catalog) -> str:
    """A story as players see its tile: beat, size in cells (width × height) and
    stars, ``War 1×2 ★★``; an id the catalog does not know is returned as given."""
    s = catalog.stories.get(story)
    if s is None:
        return story
    return WORDS.say(lang, "story", "{beat} {width}×{height} {stars}", beat=beat_name(s.beat, lang),
                     width=s.width, height=s.height, stars="★" * s.stars)


def card_number(card: str) -> str:
    """The number printed on a headline card (``H07`` -> ``7``)."""
    digits = card.lstrip("H")
    return str(int(digits)) if digits.isdigit() else card


def describe_action(action, state, lang: str) -> str:
    """One sentence in ``lang`` saying what ``action`` did (Penny Press: how to play),
    e.g. ``Ana puts 2 reporters on War 1×2 ★★``; ``state``: the game before or after
    it. ValueError for a language other than es, en, zh."""
    a = action
    name = player_name(state, a.player, lang) if hasattr(a, "player") else ""

    def story(sid: str) -> str:
        return story_name(sid, lang, state.catalog)

    if isinstance(a, Assign):
        text = WORDS.sayn(lang, "act.assign", "{name} puts {n} reporter on {story}",
                          "{name} puts {n} reporters on {story}", a.count, name=name, story=story(a.story))
    elif isinstance(a, Recall):
        stories = WORDS.say(lang, "list.separator", ", ").join(story(s) for s in dict.fromkeys(a.stories))
        text = WORDS.sayn(lang, "act.recall", "{name} recalls {n} reporter from {stories}",
                          "{name} recalls {n} reporters from {stories}", len(a.stories), name=name, stories=stories)
    elif isinstance(a, Reassign):
        text = WORDS.say(lang, "act.reassign", "{name} moves a reporter from {src} to {dst}", name=name,
                         src=story(a.from_story), dst=story(a.to_story))
    elif isinstance(a, GoToPress):
        text = WORDS.say(lang, "act.press", "{name} goes to press", name=name)
    elif isinstance(a, DeclinePress):
        text = WORDS.say(lang, "act.decline", "{name} does not go to press", name=name)
    elif isinstance(a, PassNewsboy):
        text = WORDS.say(lang, "act.newsboy", "{name} passes the newsboy", name=name)
    elif isinstance(a, DrawHeadline):
        text = WORDS.say(lang, "act.draw", "Headline card {card} drawn", card=card_number(a.card))
    else:
        raise TypeError(f"not a Penny Press action: {a!r}")
    return text


def score_sheet(state, lang: str) -> ScoreSheet:
    """Each player's circulation by press (the front page of each of their presses,
    the scoop points others' presses gave them) and, once the game is over, the beat
    bonuses won (Penny Press: Go to Press, End of the game): the lines of a seat add
    up to its score (``state.final.scores`` once over)."""
    n = state.n_players
    lines: list[list[ScoreLine]] = [[] for _ in range(n)]
    for r in state.press_results:
        lines[r.player].append(ScoreLine(WORDS.say(lang, "sheet.front_page", "Edition {edition}: front page",
                                                   edition=r.edition), r.total))
        for q, pts in sorted(r.scoop_awards.items()):
            if pts:
                lines[q].append(ScoreLine(WORDS.say(lang, "sheet.scoop", "Scoop points in {name}'s edition {edition}",
                                                    name=player_name(state, r.player, lang), edition=r.edition),
                                          pts))
    f = state.final
    if f is not None:
        for bb in f.bonuses:
            for q in bb.winners:
                lines[q].append(ScoreLine(WORDS.say(lang, "sheet.bonus", "{beat} bonus", beat=beat_name(bb.beat, lang)),
                                          bb.marker))
    totals = list(f.scores) if f is not None else list(state.scores)
    from . import GAME

    return ScoreSheet(GAME.unit(lang), tuple(SeatScore(q, player_name(state, q, lang), totals[q], tuple(lines[q]))
                                  for q in range(n)), f is not None)


# ------------------------------------------------------------------ read aloud

def paper_words(paper: str | None, lang: str) -> str:
    """A newspaper's name as said in ``lang``: one the tools and recordings fill in
    (tools.PAPERS: ``The Daily Beacon`` ...) in ``lang``, one the players typed as
    typed; "" for none."""
    name = (paper or "").strip()
    filled = {
        "The Morning Ledger": lambda: WORDS.say(lang, "paper.The Morning Ledger", "The Morning Ledger"),
        "The Evening Courier": lambda: WORDS.say(lang, "paper.The Evening Courier", "The Evening Courier"),
        "The Daily Beacon": lambda: WORDS.say(lang, "paper.The Daily Beacon", "The Daily Beacon"),
        "The Gotham Herald": lambda: WORDS.say(lang, "paper.The Gotham Herald", "The Gotham Herald"),
        "The Bowery Gazette": lambda: WORDS.say(lang, "paper.The Bowery Gazette", "The Bowery Gazette"),
    }.get(name)
    return filled() if filled else name


def _player_and_paper(state, seat: int, lang: str) -> tuple[str, str]:
    """The player at ``seat`` as named (:func:`player_name`) and what is said of them
    in brackets: their colour and paper, or only the paper when the colour already
    names them."""
    p = state.players[seat]
    who, colour = player_name(state, seat, lang), colour_name(p.colour, lang)
    paper = paper_words(p.paper, lang)
    if who == colour:
        return who, paper
    return who, (WORDS.say(lang, "talk.colour_paper", "{colour}, {paper}", colour=colour, paper=paper)
                 if paper else colour)


def press_text(state, result, lang: str) -> str:
    """The score breakdown of one press (an engine PressResult of ``state``), as the
    players would read it aloud in ``lang``: who went to press with which paper, the
    stories claimed, the scoop points others got, each line of the front page's
    score and the total (Penny Press: Go to Press). ValueError for a result that is
    not one of ``state``'s presses."""
    who, about = _player_and_paper(state, result.player, lang)
    n = list(state.press_results).index(result) + 1
    head = (WORDS.say(lang, "talk.press_head", "Press {n}: {who} ({about}), edition {edition}", n=n, who=who,
                      about=about, edition=result.edition) if about else
            WORDS.say(lang, "talk.press_head_plain", "Press {n}: {who}, edition {edition}", n=n, who=who,
                      edition=result.edition))
    if result.final_edition:
        head += " " + WORDS.say(lang, "talk.final_edition", "(final edition)")
    separator = WORDS.say(lang, "list.separator", ", ")
    lines = [head, "  " + WORDS.say(lang, "talk.claimed", "claimed: {stories}", stories=separator.join(
        story_name(s, lang, state.catalog) for s in result.claimed))]
    scoops = [f"{player_name(state, q, lang)} +{pts}" for q, pts in sorted(result.scoop_awards.items()) if pts]
    if scoops:
        lines.append("  " + WORDS.say(lang, "talk.scoop_points", "scoop points: {who}", who=separator.join(scoops)))
    words = {"placed": WORDS.say(lang, "talk.placed", "placed"),
             "exclusive": WORDS.say(lang, "talk.exclusive", "exclusive (doubled)"),
             "left-out": WORDS.say(lang, "talk.left_out", "left out"),
             "empty-top": WORDS.say(lang, "talk.empty_top", "empty top-row cells"),
             "empty-other": WORDS.say(lang, "talk.empty_other", "other empty cells"),
             "floor": WORDS.say(lang, "talk.floor", "floor at 0")}
    rows = [(f"{words.get(kind, kind)} {story_name(story, lang, state.catalog) if story else ''}".strip(), pts)
            for kind, story, pts in result.breakdown]
    total = WORDS.say(lang, "talk.total", "total")
    width = max([34] + [columns(label) + 1 for label, _ in rows])
    lines += [f"  {pad(label, width, '.')} {pts:+d}" for label, pts in rows]
    best = ("" if result.solver_placement or result.best_total == result.total
            else "   " + WORDS.say(lang, "talk.best_possible", "(best possible {n})", n=result.best_total))
    lines.append(f"  {pad(total, width, '.')} {result.total:d}{best}")
    return "\n".join(lines)


def final_text(state, lang: str) -> str:
    """The end of the game as the players would read it aloud in ``lang``: the
    end-game bonus of each beat and who won it, then the final ranking with each
    player's circulation, bonus and published stories (Penny Press: End of the
    game). ``state.final`` must be set."""
    f = state.final
    names = [player_name(state, i, lang) for i in range(len(state.players))]
    winner = "  " + WORDS.say(lang, "talk.winner", "<- winner")
    separator = WORDS.say(lang, "list.separator", ", ")
    lines = [WORDS.say(lang, "talk.bonuses", "End-game bonuses (most published stars per beat):")]
    beat_w = max([9] + [columns(beat_name(b.beat, lang)) for b in f.bonuses])
    for b in f.bonuses:
        who = separator.join(names[w] for w in b.winners) if b.winners else WORDS.say(lang, "talk.nobody", "nobody")
        lines.append("  " + WORDS.say(lang, "talk.bonus_line", "{beat} marker {marker}: {who}",
                                      beat=pad(beat_name(b.beat, lang), beat_w), marker=f"{b.marker:>2}", who=who))
    lines.append(WORDS.say(lang, "talk.ranking", "Final ranking:"))
    name_w = max([12] + [columns(n) for n in names])
    for i in sorted(range(len(names)), key=lambda k: (f.rank[k], k)):
        points = WORDS.sayn(lang, "talk.points", "{n} point", "{n} points", f.scores[i])
        stories = WORDS.sayn(lang, "talk.stories", "{n} story", "{n} stories", f.stories[i])
        detail = WORDS.say(lang, "talk.rank_detail", "({circulation} + {bonus} bonus, {stories})",
                           circulation=f.circulation[i], bonus=f.scores[i] - f.circulation[i], stories=stories)
        lines.append(f"  {f.rank[i]}. {pad(names[i], name_w)} {pad(points, 10, right=True)} {detail}"
                     f"{winner if i in f.winners else ''}")
    return "\n".join(lines)


def scoring_text(before, after, lang: str) -> str:
    """What the step from state ``before`` to state ``after`` scored, as the players
    would read it aloud in ``lang`` (``companion demo`` prints it as the game is
    played): each new press's breakdown (:func:`press_text`) and, when the game has
    just ended, the bonuses and ranking (:func:`final_text`); "" for a step that
    scored nothing."""
    parts = [press_text(after, r, lang) for r in after.press_results[len(before.press_results):]]
    if after.final is not None and before.final is None:
        parts.append(final_text(after, lang))
    return "\n".join(parts)
