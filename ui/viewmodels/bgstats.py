"""BG Stats push-play link (Kivy-free), for every game: the players, their final
scores in the game's own unit, the winners and ranks (:class:`PlayerResult`, made for
any registered game's finished state by :func:`results`).

BG Stats imports a play pushed by another app as
``https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>`` (its support
page "Push plays to BG Stats from other apps or websites"; the app opens its own
import dialog, nothing is recorded unseen). The JSON, as BG Stats reads it:

- required: ``sourceName`` (the app pushing: "Table Companion"), ``sourcePlayId``
  (unique per play: BG Stats recognises a play pushed twice), ``playDate``
  ("yyyy-MM-dd HH:mm:ss" in **UTC**, when the play ended), ``game``;
- ``game``: ``name``, ``sourceGameId`` (our stable id for the game: BG Stats
  remembers which of its games the players matched it to), ``highestWins``,
  ``noPoints``, ``bggId`` only when known (else BG Stats matches by name, once);
- optional: ``durationMin``, ``location``, ``comments``;
- ``players``: ``name``, ``sourcePlayerId`` (stable per person across plays: the
  player's name, the colour only for a player without one), ``score``,
  ``winner`` (always present: BG Stats for Android refuses a player without it),
  ``startPlayer``, ``rank`` (shared on ties), ``role`` (the player's colour).

Looked up for issue 12: other apps' published pushers and their tests (e.g. one
noting Android's "No value for winner"); no empty strings are sent.

:func:`game_play_link` builds the link of a finished game from its journal alone
(companion.journal.Journal): the same for every game (ui.viewmodels.endgame, and a
game's own views).
"""

from __future__ import annotations

import json
import time
from typing import Any, NamedTuple, Sequence
from urllib.parse import quote

BASE = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Table Companion"


class PlayerResult(NamedTuple):
    """One player's line of a finished game as BG Stats takes it: ``place`` (1 =
    best, shared on ties), ``colour`` (the seat's colour code, "" for a game whose
    seats have none), ``name`` (the player's given name, or the game's words for the
    seat when none was typed),
    ``total`` (the final score in the game's own unit: points, dollars, VP,
    shields), ``winner`` (the game's own winners, its tie-breaks included), ``seat``
    (0-based; -1 unknown), ``player_id`` (below). A game's own final row with the
    first five fields is taken as is."""

    place: int
    colour: str
    name: str
    total: int
    winner: bool
    seat: int = -1
    #: the player's sourcePlayerId ("" = from ``name``): the typed name, else the
    #: colour code, else the seat, the same in every language
    player_id: str = ""


def utc_play_date(epoch_s: float | None = None) -> str:
    """``epoch_s`` (default now) as BG Stats' playDate: UTC "yyyy-MM-dd HH:mm:ss"."""
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(time.time() if epoch_s is None else epoch_s))


def play_data(rows: Sequence[Any], *, source_play_id: str, game_name: str, source_game_id: str,
              play_date: str | None = None, duration_min: int | None = None, bgg_id: int | None = None,
              start_colour: str | None = None,
              location: str = "", comments: str = "", roles: dict[str, str] | None = None,
              start_seat: int | None = None) -> dict:
    """The JSON object of one play in the shape BG Stats imports (module docstring).

    rows: the final ranking, :class:`PlayerResult` or rows with the same fields
    (place 1 = best, ties share a place; ``total`` = the final score, end-game
    bonuses included). game_name: the game's name (English: BG Stats matches its
    games by it); source_game_id: the registry id. source_play_id: unique per play
    (the journal's game id). play_date: UTC "yyyy-MM-dd HH:mm:ss" (default now).
    roles: colour -> the words shown for it (default the colour code). The start
    player: the row of colour ``start_colour``, or (rows with a ``seat``) of seat
    ``start_seat``. Raises ValueError when ``rows`` is empty (no finished game) or
    ``source_play_id`` is empty."""
    if not rows:
        raise ValueError("no final ranking yet: the game must be finished to send it to BG Stats")
    if not source_play_id:
        raise ValueError("a play sent to BG Stats needs its own id (sourcePlayId)")
    game = {"name": game_name, "sourceGameId": source_game_id, "highestWins": True, "noPoints": False}
    if bgg_id is not None:
        game["bggId"] = int(bgg_id)
    data: dict = {"sourceName": SOURCE_NAME, "sourcePlayId": str(source_play_id),
                  "playDate": play_date or utc_play_date(), "game": game}
    if duration_min is not None:
        data["durationMin"] = int(duration_min)
    if location:
        data["location"] = location
    if comments:
        data["comments"] = comments
    data["players"] = []
    for i, r in enumerate(rows):
        seat = getattr(r, "seat", None)
        start = (bool(start_colour) and r.colour == start_colour) or (seat is not None and seat == start_seat)
        player = {"name": r.name or (roles or {}).get(r.colour) or r.colour or f"#{i + 1}",
                  "sourcePlayerId": getattr(r, "player_id", "") or (r.name or r.colour).strip().casefold()
                  or (f"seat-{seat + 1}" if isinstance(seat, int) and seat >= 0 else f"row-{i + 1}"),
                  "score": int(r.total), "winner": bool(r.winner), "startPlayer": bool(start),
                  "rank": int(r.place)}
        if r.colour:  # a game whose seats have no colour sends no role (never an empty string)
            player["role"] = (roles or {}).get(r.colour, r.colour)
        data["players"].append(player)
    return data


def play_link(rows: Sequence[Any], **kw) -> str:
    """The push-play URL for ``rows`` (see :func:`play_data` for the keywords)."""
    text = json.dumps(play_data(rows, **kw), ensure_ascii=False, separators=(",", ":"))
    return BASE + quote(text, safe="")


def results(game: str, state, lang: str = "en", setup: dict | None = None) -> list[PlayerResult] | None:
    """The final ranking of ``state``, a state of registered game ``game``, best
    first (ties in seat order), or None while the game is not over. Every game the
    same way: the totals of its rules' ``score_sheet`` (companion.journal.total_scores:
    end-game bonuses in), its names in ``lang`` (a player with no typed name by the
    words the game gives the seat), the winners and ranks of ``state.final`` (its
    tie-breaks; ranks shared on equal totals where it has none), each seat's colour
    as its pages module names it (printing.pages ``colours``; "" for none). ``setup``:
    the journal's setup event, whose ``players`` give the names typed (a player
    with none, a ``Player N`` or a colour code, is named by the game's words and
    known to BG Stats by the colour or seat)."""
    from companion import registry
    from companion.naming import given_name

    if state is None or not getattr(state, "is_over", False):
        return None
    spec = registry.get(game)
    sheet = spec.rules_module().score_sheet(state, lang)
    totals = [int(t) for t in sheet.totals]
    final = getattr(state, "final", None)
    winners = set(getattr(final, "winners", ()) or ())
    if not winners and totals:
        winners = {i for i, t in enumerate(totals) if t == max(totals)}
    ranks = getattr(final, "rank", None)
    if ranks is None or len(ranks) != len(totals):
        ranks = [1 if i in winners else 1 + sum(1 for u in totals if u > t) for i, t in enumerate(totals)]
    colours = _colours(spec, state, len(totals))
    typed = [given_name(p.get("name") if isinstance(p, dict) else "") for p in (setup or {}).get("players") or ()]
    typed += [""] * (len(totals) - len(typed))
    rows = [PlayerResult(int(ranks[i]), colours[i], typed[i] or seat.name, totals[i], i in winners, i,
                         typed[i].casefold() or colours[i] or f"seat-{i + 1}")
            for i, seat in enumerate(sheet.seats)]
    return sorted(rows, key=lambda r: (r.place, r.seat))


def _colours(spec, state, n: int) -> list[str]:
    """Each seat's colour code as the game's pages module names it ("" for none)."""
    if spec.pages:
        try:
            from printing.pages import pages_module

            return [str(c or "") for c in pages_module(spec.id).colours(state)][:n]
        except Exception:  # noqa: BLE001  no colour is no role, never a failed link
            pass
    return [str(getattr(p, "colour", "") or "") for p in getattr(state, "players", ())][:n]


def game_play_link(journal, lang: str = "en") -> str:
    """The BG Stats link of the finished game ``journal`` (companion.journal.Journal)
    holds, "" before its end: :func:`results` in ``lang``, the journal's game id as
    the play's id, its last event's time as the play's date, first to last event as
    its length, the setup's ``first_player`` as the start player, each colour in
    ``lang`` as the role."""
    from companion import registry
    from ui import i18n

    if journal is None:
        return ""
    rows = results(journal.game, journal.state, lang, journal.setup)
    if not rows:
        return ""
    spec = registry.get(journal.game)
    ats = [e.at for e in journal.events]
    first = journal.setup.get("first_player")
    start = first if isinstance(first, int) and not isinstance(first, bool) else None
    return play_link(rows, source_play_id=journal.game_id, game_name=spec.name("en"), source_game_id=spec.id,
                     play_date=utc_play_date(ats[-1]), duration_min=max(1, round((ats[-1] - ats[0]) / 60)),
                     start_seat=start, roles={r.colour: i18n.colour(r.colour, lang) for r in rows if r.colour})
