"""Scores view-model (Kivy-free): circulation per player, a chart of scores over the
game as normalised polylines, the final ranking with end-game bonuses, export."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Sequence

from companion.errors import CompanionError
from ui import i18n
from ui.viewmodels.bgstats import play_link
from ui.games.penny_press.protocol import FinalRow, ScorePoint

COLOUR_RGBA = {
    "red": (0.9, 0.2, 0.2, 1), "blue": (0.25, 0.45, 1, 1), "green": (0.2, 0.75, 0.3, 1),
    "yellow": (0.95, 0.85, 0.2, 1), "black": (0.75, 0.75, 0.75, 1),  # black drawn grey on dark bg
}


def chart_lines(history: Sequence[ScorePoint]) -> tuple[dict[str, list[tuple[float, float]]], int]:
    """Polylines per colour with points (x, y) in 0..1 (x = event index over the
    history, y = points over the highest score, at least 1), and that top value.
    One point gives x = 0. Raises ValueError when a point lacks a colour another has."""
    if not history:
        return {}, 0
    colours = [c for c, _ in history[0].scores]
    top = max(1, max(v for p in history for _, v in p.scores))
    span = max(1, len(history) - 1)
    lines: dict[str, list[tuple[float, float]]] = {c: [] for c in colours}
    for i, p in enumerate(history):
        d = dict(p.scores)
        if set(d) != set(colours):
            raise ValueError(f"score point {p.label!r} has colours {sorted(d)}, expected {sorted(colours)}")
        for c in colours:
            lines[c].append((i / span, d[c] / top))
    return lines, top


class ScoresVM:
    def __init__(self, session: Any, lang: str):
        self.session = session
        self.lang = i18n.check_lang(lang)
        self.status = ""

    def names(self) -> dict[str, str]:
        t = self.session.table()
        return {p.colour: i18n.person(p.name, self.lang) for p in t.players} if t else {}

    def circulation_rows(self) -> list[tuple[str, str, tuple]]:
        """(name, points, rgba) per player, highest circulation first."""
        t = self.session.table()
        if not t:
            return []
        ps = sorted(t.players, key=lambda p: -p.circulation)
        return [(i18n.person(p.name, self.lang), str(p.circulation), COLOUR_RGBA.get(p.colour, (1, 1, 1, 1))) for p in ps]

    @staticmethod
    def presses(labels) -> int:
        """How many presses the chart's points (``chart()``'s labels) run across: the
        points of a press ("P<n>"), not the start ("0") nor the end's bonus step
        ("end"): a game of 8 presses is 8, though its chart has 10 points."""
        return sum(1 for label in labels if str(label).startswith("P"))

    def chart(self) -> tuple[dict[str, list[tuple[float, float]]], int, list[str]]:
        h = list(self.session.score_history())
        lines, top = chart_lines(h)
        return lines, top, [p.label for p in h]

    def ranking(self) -> list[FinalRow] | None:
        r = self.session.final_ranking()
        return list(r) if r else None

    def ranking_rows(self) -> list[str]:
        rows = self.ranking()
        if rows is None:
            return [i18n.tr("scores.not_finished", self.lang)]
        out = []
        for r in rows:
            line = i18n.tr("scores.rank_row", self.lang, place=r.place, name=i18n.person(r.name, self.lang),
                           circulation=r.circulation, bonus=sum(v for _, v in r.bonuses), total=r.total)
            if r.bonuses:
                line += "  (" + ", ".join(i18n.tr("scores.bonus_detail", self.lang,
                                                 beat=i18n.beat(b, self.lang), points=v)
                                         for b, v in r.bonuses) + ")"
            if r.winner:
                line += " — " + i18n.tr("scores.winner", self.lang)
            out.append(line)
        return out

    def result(self) -> tuple[str, str | None]:
        """(banner text, winner colour or None): who won, or that play goes on."""
        rows = self.ranking()
        if not rows:
            return i18n.tr("scores.not_finished", self.lang), None
        winners = [r for r in rows if r.place == 1]
        return (i18n.tr("banner.over", self.lang, names=" & ".join(i18n.person(r.name, self.lang) for r in winners),
                        points=winners[0].total),
                winners[0].colour if len(winners) == 1 else None)

    def ranking_panels(self) -> list[tuple[str, str, bool]]:
        """(colour, markup text, winner) per player in rank order: place, name,
        circulation + bonuses = total, then the bonuses per beat."""
        rows = self.ranking()
        if not rows:
            t = self.session.table()
            ps = sorted(t.players, key=lambda p: -p.circulation) if t else []
            return [(p.colour, f"[b]{i18n.person(p.name, self.lang)}[/b]: " + i18n.tr("panel.score", self.lang, points=p.circulation),
                     False) for p in ps]
        out = []
        for r in rows:
            text = "[b]" + i18n.tr("scores.rank_row", self.lang, place=r.place, name=i18n.person(r.name, self.lang),
                                   circulation=r.circulation, bonus=sum(v for _, v in r.bonuses),
                                   total=r.total) + "[/b]"
            if r.winner:
                text += " ★ " + i18n.tr("scores.winner", self.lang)
            bon = ", ".join(i18n.tr("scores.bonus_detail", self.lang, beat=i18n.beat(b, self.lang), points=v)
                            for b, v in r.bonuses)
            text += "\n" + (i18n.tr("scores.bonuses", self.lang, list=bon) if bon
                            else i18n.tr("scores.no_bonus", self.lang))
            out.append((r.colour, text, r.winner))
        return out

    def share_image(self, directory: str | Path) -> Path | None:
        """Save the result as a picture to share in ``directory`` (session's
        ``share_image``); the status says so in the players' words (no file name or
        folder)."""
        make = getattr(self.session, "share_image", None)
        if make is None:
            return None
        try:
            path = make(Path(directory) / time.strftime("result-%Y%m%d-%H%M%S.png"))
        except (CompanionError, OSError) as exc:
            self.status = i18n.error_text(exc, self.lang)
            return None
        self.status = i18n.tr("scores.shared", self.lang)
        return Path(path)

    def export_json(self, directory: str | Path) -> Path | None:
        """Write the game record to ``directory``/penny-press-<time>.json; the status
        says it is saved, in player words (no path: docs/ui.md)."""
        d = Path(directory)
        try:
            d.mkdir(parents=True, exist_ok=True)
            path = self.session.export_json(d / time.strftime("penny-press-%Y%m%d-%H%M%S.json"))
        except (CompanionError, OSError) as exc:
            self.status = i18n.error_text(exc, self.lang)
            return None
        self.status = i18n.tr("scores.exported", self.lang)
        return Path(path)

    def bgstats_link(self) -> str | None:
        """The BG Stats push-play link (session's own, else built from the ranking)."""
        try:
            make = getattr(self.session, "bgstats_link", None)
            link = make() if make else play_link(self.ranking() or [], game_name="Penny Press",
                                                 source_game_id="penny-press",
                                                 source_play_id=time.strftime("table-companion-%Y%m%d-%H%M%S"))
        except (CompanionError, ValueError) as exc:
            self.status = i18n.error_text(exc, self.lang)
            return None
        if not link:  # the session has no finished game to send
            self.status = i18n.tr("scores.not_finished", self.lang)
            return None
        self.status = i18n.tr("end.bgstats_sent", self.lang)  # the link itself is no text for players
        return link
