"""The stand check: from a still of the table, is the camera high and steep enough?

A tablet or webcam on a stand at the table's edge (docs/calibration.md, "The stand
setup") films the far side of the table from 2-3 times farther than the near side,
so the far tags get the fewest pixels. This check reads one still (or a few frames)
of the table as the camera sees it, registers the board and players' areas in view
(calibration.check.check_table), and compares, for each tag kind, the px per module
its smallest tags get (measured on the tags in view, and predicted at the farthest
zone where such pieces lie) with the px per module from which the game's pipeline
reads that kind (:func:`calibration.check.kind_limit`: measured recall of the bundled
recordings, calibration/recall.json, else the general limit of 2.5 px).

The verdict, in the players' words (es/en/zh), says what to change:

- ``OK``: every kind has at least :data:`MARGIN` times what it needs;
- ``CHECK``: it reads, just (margin 1 to :data:`MARGIN`), or no table was found in the
  picture, or the picture is dark: what to do;
- ``FIX``: a kind gets fewer px than it needs. When the far side gets far fewer px per
  mm than the near side (:data:`STEEP_RATIO`: a low, slanted view), the camera should
  go higher and look more straight down; otherwise it is too far (or its picture too
  small) for the whole table: closer, or 4K. Large tags are suggested when normal ones
  are printed and large ones would read.

Used by ``companion doctor --table-picture FILE``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from companion.clitext import number, tx

from .check import TableCheck, _game_tags, check_table, kind_limit, read_frames

OK, CHECK, FIX = "OK", "CHECK", "FIX"
#: margin (smallest px per module / the kind's limit) from which the view is plainly
#: good: a camera nudged a little lower or a lens a little wider still reads (10-15 %
#: fewer px at the far edge)
MARGIN = 1.15
#: near-side px per mm / far-side px per mm from which the view counts as slanted: the
#: far side is then worth raising the camera for, rather than moving it closer. A
#: camera straight down sees the table at 1.0-1.3; the stand (0.6-0.8 m, 20-35 degrees)
#: at 1.8-3 (benchmarks/vision/stand.py scenes)
STEEP_RATIO = 1.8


@dataclass(frozen=True)
class StandVerdict:
    """The stand check of one view: ``verdict`` (OK / CHECK / FIX), ``text`` (what was
    found and what to change, in the command line's language), ``kind`` (the kind word
    with the least margin, or None), ``px`` (its smallest px per module), ``limit`` (px
    per module it needs), ``slant`` (near px per mm / far px per mm over the registered
    surfaces, None when no surface registered), ``check`` (the full TableCheck)."""

    verdict: str
    text: str
    kind: str | None = None
    px: float | None = None
    limit: float | None = None
    slant: float | None = None
    check: TableCheck | None = None


def _slant(tc: TableCheck) -> float | None:
    """Largest / smallest px per mm over the zones of the registered surfaces in view."""
    scales = []
    for sc in tc.surfaces:
        reg = sc.registration
        if reg is None:
            continue
        for z in reg.layout.zones:
            if z.name in sc.zones_hidden:
                continue
            scales += [reg.px_per_mm_at(x, y) for x, y in z.polygon]
    if not scales or min(scales) <= 0:
        return None
    return float(max(scales) / min(scales))


def judge(frames: list[np.ndarray], game: str | None = None, size: str | None = None) -> StandVerdict:
    """Judge a view of the table for the stand (see the module doc).

    frames: grey uint8 images of one view (a still is one frame). game: registry id
    (default: the game whose tags are in view). size: the tag size printed
    (``normal``/``large``; default: read from the tags in view). Raises
    CompanionError as :func:`calibration.check.check_table` does (no frames, a game
    without layouts)."""
    from .picture import picture_dark

    tc = check_table(frames, game=game, size=size)
    if all(picture_dark(f) is not None for f in frames):  # nothing was looked for
        return StandVerdict(CHECK, tx("stand.dark", "the picture shows nothing to judge (dark, or all one "
                                      "colour): light the table, take off any lens cap, and take it again"), check=tc)
    registered = [sc for sc in tc.surfaces if sc.registration is not None]
    if not registered:
        return StandVerdict(CHECK, tx("stand.no_table", "no game table found in the picture: put the board and "
                                      "the players' areas in view with their corner stickers uncovered, and take "
                                      "it again"), check=tc)
    gt = _game_tags(tc.game)
    size = tc.size
    smallest: dict[str, float] = {k: min(v) for k, v in tc.measured.items()}
    for sc in registered:
        for k, by in sc.predicted.items():
            smallest[k] = min(smallest.get(k, by[size]), by[size])
    slant = _slant(tc)
    if not smallest:
        return StandVerdict(CHECK, tx("stand.no_tags", "the table is in view but no tags could be measured: put "
                                      "the pieces with their tags on the table and take the picture again"),
                            slant=slant, check=tc)

    def tag_of(k):
        t = gt.spec(k, size)
        return t.symbol, round(t.module_mm, 3), round(t.quiet_mm, 3)

    limits = {k: kind_limit(gt.game, k, tuple(o for o in smallest if o != k and tag_of(o) == tag_of(k)))[0]
              for k in smallest}
    margins = {k: smallest[k] / limits[k] for k in smallest}
    kind = min(margins, key=margins.get)
    px, limit, margin = smallest[kind], limits[kind], margins[kind]
    facts = dict(kind=gt.say(kind), px=number(px, 1), limit=number(limit, 1))
    if margin >= MARGIN:
        return StandVerdict(OK, tx("stand.ok", "high and steep enough: the farthest {kind} tags get {px} pixels "
                                   "per code square, the game reads them from {limit}", **facts),
                            gt.say(kind), px, limit, slant, tc)
    if margin >= 1.0:
        return StandVerdict(CHECK, tx("stand.just", "just enough: the farthest {kind} tags get {px} pixels per "
                                      "code square and the game needs {limit}; a little higher, or looking more "
                                      "straight down, leaves room to spare", **facts),
                            gt.say(kind), px, limit, slant, tc)
    factor = number(1 / margin, 1)
    if slant is not None and slant >= STEEP_RATIO:
        text = tx("stand.too_low", "the far side of the table is too far for the camera: the farthest {kind} tags "
                  "get {px} pixels per code square and the game needs {limit} ({factor} times more). Raise the stand "
                  "and point the camera more straight down, or put it at the middle of a long side",
                  factor=factor, **facts)
    else:
        text = tx("stand.too_far", "the camera is too far from the table or its picture too small: the farthest "
                  "{kind} tags get {px} pixels per code square and the game needs {limit} ({factor} times more). "
                  "Move the camera closer, or use 4K (3840x2160)", factor=factor, **facts)
    if size == "normal" and all(by.get("large", 0) >= limits[k] for sc in registered
                                for k, by in sc.predicted.items()):
        text += tx("stand.print_larger", "; or print larger tags ({command})",
                   command=f"companion tags {gt.game} --size large")
    return StandVerdict(FIX, text, gt.say(kind), px, limit, slant, tc)


def judge_picture(path: str | Path, game: str | None = None, size: str | None = None) -> StandVerdict:
    """:func:`judge` on a still (image file, a video's frames or a folder of images,
    calibration.check.read_frames). Raises CompanionError naming a missing or
    unreadable file."""
    return judge(read_frames(path, max_frames=3), game=game, size=size)


def doctor_line(path: str | Path) -> tuple[str, str, str]:
    """``(verdict, what, text)`` of the stand check for ``companion doctor``'s checklist;
    a picture that cannot be read is a FIX line saying so (never raised)."""
    from companion.errors import CompanionError

    what = tx("stand.what", "camera stand")
    try:
        v = judge_picture(path)
    except CompanionError as exc:
        return FIX, what, str(exc)
    return v.verdict, what, v.text
