"""Pergamon's printed receipts (``GameSpec.documents`` of Pergamon), drawn with
printing.layout's Canvas, es/en/zh.

- :func:`render_evaluation_receipt` -- after turns 5, 7, 9 and 12 (Pergamon: 4.
  Evaluation): each shown collection's plan space and VP, the award for the oldest
  object of the evaluation's kind, VP per player (this evaluation and in all), the
  markers moved down by the shift and the collections broken by it.
- :func:`render_final_ranking` -- the museum's final ranking (Pergamon: End of the
  game): the oldest-exhibition bonus (3/2/1), VP, the oldest find shown (the
  tie-break), the winners.

Numbers come from the engine's results (EvaluationResult, FinalResult) unchanged;
each receipt names the unverified data files its VP depend on. Widths: 384 (58 mm)
or 576 (80 mm) dots. Raises DocumentError for a bad width, language, or a receipt the
game does not have yet.
"""

from __future__ import annotations

from companion.naming import given_name

from .documents import DocumentError, check_lang
from .i18n import game_when, pick
from .layout import Canvas

ROMAN = {1: "I", 2: "II", 3: "III"}

#: Our own words, es/en/zh.
LABELS: dict[str, dict[str, str]] = {
    "title": {"en": "PERGAMON MUSEUM", "es": "MUSEO DE PÉRGAMO", "zh": "帕加马博物馆"},
    "evaluation": {"en": "Evaluation after turn {turn}", "es": "Evaluación tras el turno {turn}",
                   "zh": "第 {turn} 回合后的计分"},
    "collections": {"en": "Collections in the museum", "es": "Colecciones en el museo", "zh": "博物馆中的收藏"},
    "collection": {"en": "{who} · collection {m} · space {space}", "es": "{who} · colección {m} · casilla {space}",
                   "zh": "{who} · 收藏 {m} · 第 {space} 格"},
    "none_shown": {"en": "No collection in the museum", "es": "Ninguna colección en el museo",
                   "zh": "博物馆中没有收藏"},
    "award": {"en": "Oldest {kind}: {who} ({date} BC)", "es": "{kind} más antiguo: {who} ({date} a. C.)",
              "zh": "最古老的{kind}：{who}（公元前 {date} 年）"},
    "no_award": {"en": "Oldest {kind}: none shown", "es": "{kind} más antiguo: no se expone ninguno",
                 "zh": "最古老的{kind}：无人展出"},
    "vp_now": {"en": "VP this evaluation", "es": "PV de esta evaluación", "zh": "本次胜利点"},
    "vp_total": {"en": "{who}: {now} (total {total})", "es": "{who}: {now} (total {total})",
                 "zh": "{who}：{now}（合计 {total}）"},
    "shift": {"en": "Interest falls: every marker down {n}", "es": "El interés baja: cada marcador baja {n}",
              "zh": "兴趣下降：每个标记下移 {n} 格"},
    "no_shift": {"en": "No shift after the last evaluation", "es": "Sin desplazamiento tras la última evaluación",
                 "zh": "最后一次计分后不下移"},
    "move": {"en": "{who} {m}: {a} -> {b}", "es": "{who} {m}: {a} -> {b}", "zh": "{who} {m}：{a} -> {b}"},
    "broken": {"en": "{who} {m}: off the plan, collection broken (finds to the box)",
               "es": "{who} {m}: fuera del plano, colección deshecha (hallazgos a la caja)",
               "zh": "{who} {m}：移出展区，收藏拆散（发现物放回盒中）"},
    "final": {"en": "Final ranking", "es": "Clasificación final", "zh": "最终排名"},
    "bonus": {"en": "Oldest exhibitions", "es": "Exposiciones más antiguas", "zh": "最古老的展览"},
    "bonus_line": {"en": "{who} {m} ({date} BC)", "es": "{who} {m} ({date} a. C.)", "zh": "{who} {m}（公元前 {date} 年）"},
    "oldest": {"en": "oldest find shown: {date} BC", "es": "hallazgo expuesto más antiguo: {date} a. C.",
               "zh": "展出的最古老发现物：公元前 {date} 年"},
    "oldest_none": {"en": "nothing shown", "es": "nada expuesto", "zh": "未展出"},
    "winner": {"en": "Winner: {who}", "es": "Gana: {who}", "zh": "获胜：{who}"},
    "winners": {"en": "Shared victory: {who}", "es": "Victoria compartida: {who}", "zh": "共同获胜：{who}"},
    "sources": {"en": "Our guesses (editable): {f}", "es": "Estimaciones nuestras (editables): {f}",
                "zh": "我们的估计（可编辑）：{f}"},
    "player": {"en": "Player {n}", "es": "Jugador {n}", "zh": "玩家 {n}"},
}
KINDS: dict[str, dict[str, str]] = {
    "vase": {"en": "vase", "es": "Jarrón", "zh": "花瓶"},
    "jug": {"en": "jug", "es": "Jarra", "zh": "水壶"},
    "mask": {"en": "mask", "es": "Máscara", "zh": "面具"},
    "bracelet": {"en": "bracelet", "es": "Pulsera", "zh": "手镯"},
}


def label(key: str, lang: str, **kw) -> str:
    """``LABELS[key]`` in ``lang`` (printing.i18n.pick: English fallback, CLDR plurals)."""
    return pick(LABELS[key], lang, **kw)


def _who(state, seat: int, lang: str) -> str:
    return given_name(state.players[seat].name) or label("player", lang, n=seat + 1)


def _kind(kind: str, lang: str) -> str:
    return KINDS.get(kind, {}).get(lang, kind)


#: What each unverified data key holds, in the players' words (the file and key stay
#: named, as FACTS.md asks, so a player can find and edit them).
DATA_KEYS: dict[str, dict[str, str]] = {
    "plan_vp": {"en": "VP per plan space", "es": "PV por casilla del plano", "zh": "平面图每格胜利点"},
    "funds_spaces": {"en": "the funds spaces", "es": "los espacios de fondos", "zh": "经费格"},
    "raider_spaces": {"en": "the tomb raider's spaces", "es": "las casillas del saqueador", "zh": "盗墓者的格子"},
    "tiles": {"en": "the tiles' object halves", "es": "las mitades de objeto de las fichas",
              "zh": "发现物上的物品半边"},
}
UNVERIFIED = {"en": "unverified", "es": "sin verificar", "zh": "未核实"}


def _short(files, lang: str = "en") -> str:
    """The data sources (catalog.source strings, ``".../rules.json: plan_vp
    (unverified)"``) as a player reads them: what the value is, then the file and key,
    the flag in ``lang`` (``"平面图每格胜利点（rules.json: plan_vp，未核实）"``)."""
    out = []
    zh = lang == "zh"
    for f in files:
        name = f.split("/")[-1]
        flagged = name.endswith(" (unverified)")
        name = name.removesuffix(" (unverified)")
        fname, _, key = name.partition(": ")
        key = key or ("tiles" if fname == "tiles.csv" else "")
        what = DATA_KEYS.get(key, {}).get(lang) or DATA_KEYS.get(key, {}).get("en") or ""
        where = f"{fname}: {key}" if key and fname != "tiles.csv" else fname
        if flagged:
            where += ("，" if zh else ", ") + UNVERIFIED.get(lang, UNVERIFIED["en"])
        out.append(f"{what}（{where}）" if zh and what else f"{what} ({where})" if what else where)
    return ("；" if zh else "; ").join(out)


def evaluations(state) -> list:
    """The state's EvaluationResults in game order."""
    from companion.games.pergamon import EvaluationResult

    return [r for r in state.log if isinstance(r, EvaluationResult)]


def totals_after(state, evaluation) -> list[int]:
    """VP per seat right after ``evaluation`` (1 VP per collection shown before it,
    plus every evaluation up to it), from the state's log. Raises DocumentError for
    an evaluation not in the state."""
    from companion.games.pergamon import EvaluationResult, ExhibitResult

    if evaluation not in state.log:
        raise DocumentError("this evaluation is not part of the game state given")
    vp = [0] * state.n_players
    for r in state.log:
        if isinstance(r, ExhibitResult):
            vp[r.shown.owner] += state.catalog.exhibit_vp
        elif isinstance(r, EvaluationResult):
            vp = [a + b for a, b in zip(vp, r.vp)]
        if r is evaluation:
            break
    return vp


def render_evaluation_receipt(state, evaluation, lang: str = "en", width: int = 384, game_id: str = "game"):
    """The receipt of one evaluation (module docstring): a 1-bit Pillow image
    ``width`` dots wide. Raises DocumentError for a bad language or width, or an
    evaluation that is not in ``state``."""
    check_lang(lang)
    ev = evaluation
    totals = totals_after(state, ev)
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
    cv.para(label("vp_now", lang), 16, bold=True)
    for seat in sorted(range(state.n_players), key=lambda i: (-totals[i], i)):
        cv.row(_who(state, seat, lang), f"+{ev.vp[seat]} = {totals[seat]}", 16, indent=4)
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
        cv.para(label("sources", lang, f=_short(ev.sources, lang)), 11)
    return cv.finish()


def render_final_ranking(state, lang: str = "en", width: int = 384, game_id: str = "game"):
    """The final museum ranking (module docstring). Raises DocumentError when the game
    is not over, or for a bad language or width."""
    check_lang(lang)
    f = state.final
    if f is None:
        raise DocumentError("the game is not over yet: the ranking comes after the evaluation of turn 12")
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
    for seat in sorted(range(state.n_players), key=lambda i: (f.rank[i], i)):
        cv.row(f"{f.rank[seat]}. {_who(state, seat, lang)}", str(f.scores[seat]), 18, bold=seat in f.winners)
        old = f.oldest_find[seat]
        cv.para(label("oldest", lang, date=old) if old else label("oldest_none", lang), 13, align="right")
    cv.rule(1)
    names = ", ".join(_who(state, i, lang) for i in f.winners)
    cv.para(label("winner" if len(f.winners) == 1 else "winners", lang, who=names), 18, bold=True, align="center")
    if f.sources:
        cv.rule(1)
        cv.para(label("sources", lang, f=_short(f.sources, lang)), 11)
    return cv.finish()


def print_pages(state, game_id: str, args) -> list[tuple[str, object]]:
    """``companion print`` for Pergamon: ``--press N`` the receipt of the evaluation
    after turn N (5, 7, 9, 12), ``--press all`` every evaluation so far, ``--final``
    the final ranking. Raises CompanionError for a turn without an evaluation yet."""
    from companion.errors import CompanionError

    from .layout import dots_for

    width = dots_for(args.width_mm)
    if args.final:
        return [(f"{game_id}-ranking", render_final_ranking(state, args.lang, width, game_id))]
    evs = evaluations(state)
    if str(args.press) != "all":
        turns = [e.turn for e in evs]
        if not str(args.press).isdigit() or int(args.press) not in turns:
            have = ", ".join(map(str, turns)) or "none yet"
            raise CompanionError(f"no evaluation after turn {args.press}; this game has: {have} "
                                 "(evaluations come after turns 5, 7, 9 and 12)")
        evs = [e for e in evs if e.turn == int(args.press)]
    if not evs:
        raise CompanionError("no evaluation yet (the first comes after turn 5)")
    return [(f"{game_id}-evaluation-turn{e.turn}", render_evaluation_receipt(state, e, args.lang, width, game_id))
            for e in evs]
