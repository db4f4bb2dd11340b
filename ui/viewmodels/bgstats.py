"""BG Stats push-play link (Kivy-free).

Format (BG Stats support page "Push plays to BG Stats from other apps or
websites"): ``https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>``
with keys ``game`` {name, highestWins, noPoints, sourceGameId, bggId optional},
``playDate`` "YYYY-MM-DD HH:MM:SS", ``durationMin``, ``location``, ``comments``,
``board`` and ``players`` [{name, score, rank, winner, startPlayer, role,
sourcePlayerId}]. We leave ``bggId`` out unless given (BG Stats then matches the game
by name); Penny Press scores are highest-wins points.
"""

from __future__ import annotations

import json
from typing import Sequence
from urllib.parse import quote

from ui.viewmodels.protocol import FinalRow

BASE = "https://app.bgstatsapp.com/createPlay.html?data="


def play_data(rows: Sequence[FinalRow], *, game_name: str = "Penny Press", play_date: str | None = None,
              duration_min: int | None = None, bgg_id: int | None = None,
              source_game_id: str = "", start_colour: str | None = None,
              location: str = "Table Companion", comments: str = "") -> dict:
    """The JSON object of one play. ``rows``: the final ranking (place 1 = best,
    ties share a place); ``play_date`` defaults to now (local time).
    Raises ValueError when ``rows`` is empty (no finished game)."""
    if play_date is None:
        import time
        play_date = time.strftime("%Y-%m-%d %H:%M:%S")
    if not rows:
        raise ValueError("no final ranking yet: the game must be finished to send it to BG Stats")
    game = {"name": game_name, "highestWins": True, "noPoints": False, "sourceGameId": source_game_id}
    if bgg_id is not None:
        game["bggId"] = int(bgg_id)
    data = {"game": game, "playDate": play_date, "location": location, "comments": comments,
            "board": "", "players": [
                {"name": r.name, "score": r.total, "rank": r.place, "winner": bool(r.winner),
                 "startPlayer": r.colour == start_colour, "role": r.colour,
                 "sourcePlayerId": r.colour} for r in rows]}
    if duration_min is not None:
        data["durationMin"] = int(duration_min)
    return data


def play_link(rows: Sequence[FinalRow], **kw) -> str:
    """The push-play URL for ``rows`` (see play_data for the keywords)."""
    text = json.dumps(play_data(rows, **kw), ensure_ascii=False, separators=(",", ":"))
    return BASE + quote(text, safe="")
