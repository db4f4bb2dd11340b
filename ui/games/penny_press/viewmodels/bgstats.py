"""BG Stats push-play link (Kivy-free).

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
"""

from __future__ import annotations

import json
import time
from typing import Sequence
from urllib.parse import quote

from ui.games.penny_press.protocol import FinalRow

BASE = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Table Companion"


def utc_play_date(epoch_s: float | None = None) -> str:
    """``epoch_s`` (default now) as BG Stats' playDate: UTC "yyyy-MM-dd HH:mm:ss"."""
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(time.time() if epoch_s is None else epoch_s))


def play_data(rows: Sequence[FinalRow], *, source_play_id: str, game_name: str = "Penny Press",
              source_game_id: str = "penny-press", play_date: str | None = None,
              duration_min: int | None = None, bgg_id: int | None = None, start_colour: str | None = None,
              location: str = "", comments: str = "", roles: dict[str, str] | None = None) -> dict:
    """The JSON object of one play in the shape BG Stats imports (module docstring).

    rows: the final ranking (place 1 = best, ties share a place; ``total`` =
    points with bonuses). source_play_id: unique per play (the journal's game id).
    play_date: UTC "yyyy-MM-dd HH:mm:ss" (default now). roles: colour -> the words
    shown for it (default the colour code). Raises ValueError when ``rows`` is
    empty (no finished game) or ``source_play_id`` is empty."""
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
    data["players"] = [
        {"name": r.name, "sourcePlayerId": (r.name or r.colour).strip().casefold() or r.colour,
         "score": int(r.total), "winner": bool(r.winner), "startPlayer": r.colour == start_colour,
         "rank": int(r.place), "role": (roles or {}).get(r.colour, r.colour)}
        for r in rows]
    return data


def play_link(rows: Sequence[FinalRow], **kw) -> str:
    """The push-play URL for ``rows`` (see :func:`play_data` for the keywords)."""
    text = json.dumps(play_data(rows, **kw), ensure_ascii=False, separators=(",", ":"))
    return BASE + quote(text, safe="")
