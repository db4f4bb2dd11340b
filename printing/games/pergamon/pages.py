"""Pergamon's printed receipts (``GameSpec.pages`` of Pergamon), drawn with
printing.layout's Canvas, es/en/zh.

- :func:`render_evaluation_receipt` -- after turns 5, 7, 9 and 12 (Pergamon: 4.
  Evaluation): each shown collection's plan space and VP, the award for the oldest
  object of the evaluation's kind, VP per player as a running total (the total
  after the evaluation before, + collections shown since, + this evaluation = the
  total now), the markers moved down by the shift and the collections broken by it.
- :func:`render_final_ranking` -- the museum's final ranking (Pergamon: End of the
  game): the oldest-exhibition bonus (3/2/1), VP (the total after the last
  evaluation + the bonus = the score), the oldest find shown (the tie-break), the
  winners.

Numbers come from the engine's results (EvaluationResult, FinalResult) unchanged;
each receipt says which of its values are our estimates (unverified data; the files
are named in docs/pergamon.md, for whoever edits them, not on paper). Widths: 384 (58 mm)
or 576 (80 mm) dots, or the printer's own (printing.pages.PageRequest.width). Raises
DocumentError for a bad width, language, or a receipt the game does not have yet.

:func:`pages` answers a page request (printing.pages): press N is the evaluation
after turn N (5, 7, 9, 12), ``"all"`` every evaluation so far, ``"final"`` the
ranking. The receipts are for the whole table (a request's ``player`` changes
nothing). :func:`pages_due`: an evaluation makes its receipt due, the end the ranking.
:func:`end_pages`: at the end the last evaluation's receipt (turn 12: the breakdown
the players keep) beside the ranking.
"""

from __future__ import annotations

from companion.gettext_po import N_, NP_  # noqa: F401  (NP_: counts)


from printing.i18n import PrintTexts, game_when, pick
from printing.layout import Canvas
from companion.clitext import tx
from printing.pages import DocumentError, NoSuchPage, Page, PageRequest, check_lang

ROMAN = {1: "I", 2: "II", 3: "III"}

#: Our own words, es/en/zh.
#: LABELS: {key: text} declared for gettext (context "pergamon.labels.<key>")
N_("pergamon.labels.title", "PERGAMON MUSEUM")
N_("pergamon.labels.evaluation", "Evaluation after turn {turn}")
N_("pergamon.labels.collections", "Collections in the museum")
N_("pergamon.labels.collection", "{who} · collection {m} · space {space}")
N_("pergamon.labels.none_shown", "No collection in the museum")
N_("pergamon.labels.award", "Oldest {kind}: {who} ({date} BC)")
N_("pergamon.labels.no_award", "Oldest {kind}: none shown")
N_("pergamon.labels.vp_running", "Victory points so far")
N_("pergamon.labels.vp_legend", "VP before + collections shown since + this evaluation = total")
N_("pergamon.labels.shift", "Interest falls: every marker down {n}")
N_("pergamon.labels.no_shift", "No shift after the last evaluation")
N_("pergamon.labels.move", "{who} {m}: {a} -> {b}")
N_("pergamon.labels.broken", "{who} {m}: off the plan, collection broken (finds to the box)")
N_("pergamon.labels.final", "Final ranking")
N_("pergamon.labels.bonus", "Oldest exhibitions")
N_("pergamon.labels.bonus_line", "{who} {m} ({date} BC)")
N_("pergamon.labels.oldest", "oldest find shown: {date} BC")
N_("pergamon.labels.oldest_none", "nothing shown")
N_("pergamon.labels.winner", "Winner: {who}")
N_("pergamon.labels.winners", "Shared victory: {who}")
N_("pergamon.labels.sources", "{what} are our estimates")
N_("pergamon.labels.values", "Values")
N_("pergamon.labels.player", "Player {n}")
LABELS = PrintTexts("pergamon.labels.", [
    "title", "evaluation", "collections", "collection", "none_shown", "award", "no_award",
    "vp_running", "vp_legend", "shift", "no_shift", "move", "broken", "final", "bonus", "bonus_line", "oldest",
    "oldest_none", "winner", "winners", "sources", "values", "player",
])
#: KINDS: {key: text} declared for gettext (context "pergamon.kinds.<key>")
N_("pergamon.kinds.vase", "vase")
N_("pergamon.kinds.jug", "jug")
N_("pergamon.kinds.mask", "mask")
N_("pergamon.kinds.bracelet", "bracelet")
KINDS = PrintTexts("pergamon.kinds.", [
    "vase", "jug", "mask", "bracelet",
])


def label(key: str, lang: str, **kw) -> str:
    """``LABELS[key]`` in ``lang`` (printing.i18n.pick: English fallback, CLDR plurals)."""
    return pick(LABELS[key], lang, **kw)


def _who(state, seat: int, lang: str) -> str:
    """A player as every place names them (companion.games.pergamon.texts.player_name:
    their name, else their colour in ``lang``)."""
    from companion.games.pergamon.texts import player_name

    return player_name(state, seat, lang)


def _kind(kind: str, lang: str) -> str:
    return KINDS.get(kind, {}).get(lang, kind)


#: What each unverified data value is, in the players' words (FACTS.md: the page names
#: the editable FILE; never the key inside it, docs/rulings.md).
#: DATA_KEYS: {key: text} declared for gettext (context "pergamon.data_keys.<key>")
N_("pergamon.data_keys.plan_vp", "plan points")
N_("pergamon.data_keys.funds_spaces", "funds spaces")
N_("pergamon.data_keys.raider_spaces", "tomb raider's spaces")
N_("pergamon.data_keys.tiles", "tiles")
DATA_KEYS = PrintTexts("pergamon.data_keys.", [
    "plan_vp", "funds_spaces", "raider_spaces", "tiles",
])


def _short(files, lang: str = "en") -> str:
    """The data sources (catalog.source strings, ``".../rules.json: plan_vp
    (unverified)"``) as a player reads them: what the values are and that they are our
    estimates, no file, key or folder (``"Plan points and tiles are our estimates"``;
    zh ``"平面图分数和发现物为我们的估计"``). The files are named where developers read
    them: the command line's note (``companion print``) and docs/pergamon.md."""
    from babel.lists import format_list

    whats = []
    for f in files:
        name = f.removesuffix(" (unverified)")
        fname, _, key = name.partition(": ")
        key = key or ("tiles" if fname.endswith("tiles.csv") else "")
        what = pick(DATA_KEYS[key], lang) if key in DATA_KEYS else ""
        if what and what not in whats:
            whats.append(what)
    what = format_list(whats, locale=lang) if whats else ""
    what = what[:1].upper() + what[1:]
    return label("sources", lang, what=what or label("values", lang))


def evaluations(state) -> list:
    """The state's EvaluationResults in game order."""
    from companion.games.pergamon import EvaluationResult

    return [r for r in state.log if isinstance(r, EvaluationResult)]


def totals_after(state, evaluation) -> list[int]:
    """VP per seat right after ``evaluation`` (1 VP per collection shown before it,
    plus every evaluation up to it), from the state's log. Raises DocumentError for
    an evaluation not in the state."""
    return [step[3] for step in vp_steps(state, evaluation)]


def vp_steps(state, evaluation) -> list[tuple[int, int, int, int]]:
    """Per seat, how its VP got to their total at ``evaluation``: ``(before, shown,
    now, total)``: the total after the evaluation before (0 at the first), the VP of
    the collections shown since (Pergamon: showing a collection, 1 VP each), the VP
    of this evaluation, and ``before + shown + now``. Raises DocumentError for an
    evaluation not in the state."""
    from companion.games.pergamon import EvaluationResult, ExhibitResult

    if evaluation not in state.log:
        raise DocumentError("this evaluation is not part of the game state given")
    n = state.n_players
    before, shown = [0] * n, [0] * n
    for r in state.log:
        if isinstance(r, ExhibitResult):
            shown[r.shown.owner] += state.catalog.exhibit_vp
        elif isinstance(r, EvaluationResult):
            if r is evaluation:
                return [(before[i], shown[i], r.vp[i], before[i] + shown[i] + r.vp[i]) for i in range(n)]
            before = [before[i] + shown[i] + r.vp[i] for i in range(n)]
            shown = [0] * n
    raise DocumentError("this evaluation is not part of the game state given")


def render_evaluation_receipt(state, evaluation, lang: str = "en", width: int = 384, game_id: str = "game"):
    """The receipt of one evaluation (module docstring): a 1-bit Pillow image
    ``width`` dots wide. Raises DocumentError for a bad language or width, or an
    evaluation that is not in ``state``."""
    check_lang(lang)
    ev = evaluation
    steps = vp_steps(state, ev)
    totals = [t[3] for t in steps]
    cv = Canvas(width, lang=lang)
    cv.para(label("title", lang), 24, serif=True, align="center")
    cv.para(label("evaluation", lang, turn=ev.turn), 18, bold=True, align="center")
    if game_when(game_id, lang):
        cv.para(game_when(game_id, lang), 13, align="center")
    cv.rule(2, double=True, gap=2)
    cv.para(label("collections", lang), 16, bold=True)
    if not ev.collection_vp:
        cv.para(label("none_shown", lang), 14)
    for owner, marker, space, vp in sorted(ev.collection_vp, key=lambda c: -c[2]):
        cv.row(label("collection", lang, who=_who(state, owner, lang), m=ROMAN.get(marker, marker), space=space),
               f"+{vp}", 15, indent=4)
    cv.rule(1)
    if ev.award_owner is None:
        cv.para(label("no_award", lang, kind=_kind(ev.award_kind, lang)), 15)
    else:
        cv.row(label("award", lang, kind=_kind(ev.award_kind, lang), who=_who(state, ev.award_owner, lang),
                     date=ev.award_date), f"+{state.catalog.award_vp}", 15, bold=True)
    cv.rule(1)
    # the running total: each page starts where the one before ended
    cv.para(label("vp_running", lang), 16, bold=True)
    cv.para(label("vp_legend", lang), 11)
    for seat in sorted(range(state.n_players), key=lambda i: (-totals[i], i)):
        before, shown, now, total = steps[seat]
        cv.row(_who(state, seat, lang), f"{before} +{shown} +{now} = {total}", 16, indent=4)
    cv.rule(1)
    cv.para(label("shift", lang, n=ev.shift) if ev.shift else label("no_shift", lang), 15, bold=True)
    for m in sorted(ev.moves, key=lambda m: -m.from_space):
        who = _who(state, m.owner, lang)
        if m.to_space <= 0:
            cv.para(label("broken", lang, who=who, m=ROMAN.get(m.marker, m.marker)), 14)
        else:
            cv.para(label("move", lang, who=who, m=ROMAN.get(m.marker, m.marker), a=m.from_space, b=m.to_space), 14)
    if ev.sources:
        cv.rule(1)
        cv.para(_short(ev.sources, lang), 11)
    return cv.finish()


def render_final_ranking(state, lang: str = "en", width: int = 384, game_id: str = "game"):
    """The final museum ranking (module docstring). Raises DocumentError when the game
    is not over, or for a bad language or width."""
    check_lang(lang)
    f = state.final
    if f is None:
        raise DocumentError(tx("print.pg_not_over", "the game is not over yet: the ranking comes after the "
                               "evaluation of turn 12"))
    cv = Canvas(width, lang=lang)
    cv.para(label("title", lang), 24, serif=True, align="center")
    cv.para(label("final", lang), 18, bold=True, align="center")
    if game_when(game_id, lang):
        cv.para(game_when(game_id, lang), 13, align="center")
    cv.rule(2, double=True, gap=2)
    if f.bonus:
        cv.para(label("bonus", lang), 16, bold=True)
        for owner, marker, date, vp in f.bonus:
            cv.row(label("bonus_line", lang, who=_who(state, owner, lang), m=ROMAN.get(marker, marker), date=date),
                   f"+{vp}", 15, indent=4)
        cv.rule(1)
    bonus = [sum(vp for owner, _m, _d, vp in f.bonus if owner == i) for i in range(state.n_players)]
    for seat in sorted(range(state.n_players), key=lambda i: (f.rank[i], i)):
        # the total after the last evaluation + the oldest exhibitions' bonus = the score
        score = f"{f.scores[seat] - bonus[seat]} +{bonus[seat]} = {f.scores[seat]}" if f.bonus else str(f.scores[seat])
        cv.row(f"{f.rank[seat]}. {_who(state, seat, lang)}", score, 18, bold=seat in f.winners)
        old = f.oldest_find[seat]
        cv.para(label("oldest", lang, date=old) if old else label("oldest_none", lang), 13, align="right")
    cv.rule(1)
    names = ", ".join(_who(state, i, lang) for i in f.winners)
    cv.para(label("winner" if len(f.winners) == 1 else "winners", lang, who=names), 18, bold=True, align="center")
    if f.sources:
        cv.rule(1)
        cv.para(_short(f.sources, lang), 11)
    return cv.finish()


def colours(state) -> tuple[str, ...]:
    """Each seat's figure colour (``red``; ``""`` where the setup gave none)."""
    return tuple(p.colour for p in state.players)


def pages(state, request: PageRequest) -> list[Page]:
    """Pergamon's receipts for ``request`` (module docstring). Raises NoSuchPage for
    a turn without an evaluation (yet), or a start page (Pergamon prints none)."""
    lang, width, game_id = request.lang, request.width, request.game_id
    if request.what == "final":
        return [Page(f"{game_id}-ranking", render_final_ranking(state, lang, width, game_id))]
    evs = evaluations(state)
    turns = [e.turn for e in evs]
    have = ", ".join(map(str, turns)) or tx("print.pg_none_yet", "none yet")
    if request.what == "start":
        raise NoSuchPage(tx("print.pg_no_start", "Pergamon prints no page at the start; its receipts come after "
                            "the evaluations of turns 5, 7, 9 and 12 (this game has: {have})", have=have))
    if request.what == "press":
        if request.press not in turns:
            raise NoSuchPage(tx("print.pg_no_evaluation", "no evaluation after turn {turn}; this game has: {have} "
                                "(evaluations come after turns 5, 7, 9 and 12)", turn=request.press, have=have))
        evs = [e for e in evs if e.turn == request.press]
    if not evs:
        raise NoSuchPage(tx("print.pg_none", "no evaluation yet (the first comes after turn 5)"))
    return [Page(f"{game_id}-evaluation-turn{e.turn}", render_evaluation_receipt(state, e, lang, width, game_id))
            for e in evs]


def end_pages(state) -> list[PageRequest]:
    """The pages a finished game offers at its end (printing.pages; the app's end
    panel): the receipt of the last evaluation (turn 12 in a whole game: each
    collection's VP, the oldest object's award, every player's running total and the
    shift; Pergamon: 4. Evaluation), then the final ranking (Pergamon: End of the
    game). Requests without language, width or label (the caller fills them)."""
    evs = evaluations(state)
    return ([PageRequest("press", press=evs[-1].turn)] if evs else []) + [PageRequest("final")]


def pages_due(before, after) -> list[PageRequest]:
    """The pages the step from state ``before`` to state ``after`` makes due
    (play.pages): the receipt of each new evaluation, the final ranking once the game
    is over. Requests without language, width or label (the caller fills them)."""
    seen = {e.turn for e in evaluations(before)}
    due = [PageRequest("press", press=e.turn) for e in evaluations(after) if e.turn not in seen]
    if after.is_over and not before.is_over:
        due.append(PageRequest("final"))
    return due
