"""`companion` subcommands provided by the vision package (registered in pyproject.toml).

``companion scan PATH...``: photos, videos, folders, glob patterns or a camera index;
prints one JSON line per image or frame with every symbol decoded (format, raw text,
corners px, backend), for our own tags the parsed component and, when the board or
a mat is registered in that frame, its surface, position (mm) and zone; foreign and
garbled payloads are reported with their status, a printed page's code (companion.pagecode)
as ``"page code"`` with the page it names. Also lines for undecoded candidates
(with the reason) and for source events (a corrupted frame, a camera lost).
"""

from __future__ import annotations

import json
import sys

from .sources import add_camera_arguments
from companion.cliargs import positive_int
from companion.registry import game_arg as _game_arg


def _calibration_camera_reader(index: int, count: int, mode: dict):
    """calibration.check's live frames: the camera asked for the mode the game will be
    played with, read through the latest-frame reader (vision.sources.grab_frames).
    Raises CompanionError, in the command line's language, when it gives no picture."""
    from companion.clitext import tx
    from companion.errors import CompanionError

    from .sources import CameraSettings, SourceError, grab_frames

    settings = CameraSettings.parse(mode.get("size"), mode.get("fourcc"), mode.get("fps"))
    try:
        frames, granted = grab_frames(index, count, settings)
    except SourceError:
        raise CompanionError(source_fault(str(index))) from None
    return frames, (tx("scan.granted", "{granted} (asked {asked})", granted=granted, asked=settings)
                    if granted is not None else "")


def source_fault(spec: str) -> str:
    """Why the frame source ``spec`` (a path, pattern or camera index) gives no
    picture, in the command line's language, for a person (the sources' own
    messages are English and stay in the JSON lines): a camera that does not open,
    a path that is not there, a folder without images, a file that is no picture or
    video, or one that cannot be read."""
    import os

    from companion.clitext import tx

    from .sources import media_kind

    text = str(spec).strip()
    if text.isdigit():
        from companion.cliargs import parse_camera_index

        try:
            parse_camera_index(text)
        except ValueError as exc:  # no such index at all: what to give (in the command line's language)
            return f"{spec}: {exc}"
        return tx("scan.camera", "camera {index}: no picture: is it connected, and is the index right?", index=text)
    if any(ch in text for ch in "*?[") and not os.path.exists(text):
        return tx("scan.pattern", "{source}: no image files match", source=spec)
    if not os.path.exists(text):
        return tx("scan.missing", "{source}: no such file, folder or camera index", source=spec)
    if os.path.isdir(text):
        return tx("scan.no_images", "{source}: no image files in this folder", source=spec)
    if media_kind(text) not in ("video", "image"):
        return tx("scan.not_media", "{source}: not an image or video file ({suffix})", source=spec,
                  suffix=os.path.splitext(text)[1] or tx("scan.no_suffix", "no extension"))
    return tx("scan.unreadable", "{source}: no frame could be read: not a readable picture or video (damaged, or a "
              "format that cannot be read)", source=spec)


def register(subparsers) -> None:
    """Add this package's subcommands. Heavy imports stay inside the handlers.
    Also hands calibration its live-camera reader (calibration never imports vision)."""
    import calibration.check

    calibration.check.camera_reader = _calibration_camera_reader
    p = subparsers.add_parser(
        "scan", help="decode the tags in photos, videos or a camera (JSON lines)",
        description="Decode every tag in photos, videos, folders or a camera and print "
        "one JSON line per image or frame: symbols (format, raw text, corners in px, "
        "backend), the component for our own tags and, when the board or a mat is in "
        "view, surface, position in mm and zone. Use it when the app does not see "
        "something.")
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help="image, video, folder, glob pattern or camera index")
    p.add_argument("--backend", choices=("zxing", "pyzbar"), default="zxing",
                   help="QR decoder (default zxing)")
    p.add_argument("--prep", choices=("none", "sharpen", "up2", "sharpen_up2"),
                   default="sharpen", help="pre-processing of the full pass (default sharpen)")
    p.add_argument("--no-rescue", action="store_true",
                   help="skip the second pass on undecoded finder patterns")
    p.add_argument("--every", type=positive_int, default=1, metavar="N",
                   help="videos/cameras: scan every N-th frame (default 1)")
    p.add_argument("--max-frames", type=positive_int, default=None, metavar="N",
                   help="stop after N scanned frames per source (default: all; "
                   "cameras: 30)")
    p.add_argument("--lens", metavar="JSON", help="lens model from 'companion calibrate camera' "
                   "(default: your calibration if there is one, else estimated from the corner fiducials)")
    p.add_argument("--game", default=None, type=_game_arg, metavar="GAME", help="the game on the table, whose tags and layouts are read "
                   "(default: the registered game whose tags the frame shows most; `companion games`)")
    p.add_argument("--track", action="store_true",
                   help="videos: run the tracker and print the table snapshot too")
    add_camera_arguments(p)
    p.set_defaults(func=_scan)


def _line(obj, human: str = "") -> None:
    """One JSON line on stdout (machine output: its words stay as they are); with an
    ``error``, the person reads ``human`` (the error in the command line's language)
    on stderr."""
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
    sys.stdout.flush()
    if "error" in obj:  # the JSON line is for programs; a person reads stderr
        from companion.clitext import tx

        print(tx("cli.error", "companion {command}: error: {error}", command="scan", error=human or obj["error"]),
              file=sys.stderr)


def _tag_game(sym: dict) -> str | None:
    """Add ``game`` (the registered game whose tag it is) to a QR symbol's JSON and,
    for another game's tag, its ``component``; returns that game's id or None."""
    from calibration.check import parse_any

    text = sym.get("text")
    if not isinstance(text, str) or sym.get("status") == "fiducial":
        return None
    game, p = parse_any(text)
    if game is None:
        from companion.pagecode import parse_page_code

        code = parse_page_code(text)
        if code is not None:  # a printed page in view: its code names the page, it is no foreign tag
            sym["status"] = "page code"
            sym["page"] = {"game": code.game, "label": code.label, "what": code.what, "press": code.press,
                           "seat": None if code.seat is None else code.seat + 1}
        return None
    sym["game"] = game
    if sym.get("component") is None and p.ok:
        sym["component"] = p.component
    return game


def _scan(args) -> int:
    from collections import Counter

    from companion import registry
    from companion.errors import CompanionError

    from .pipeline import PipelineConfig, pipeline_for
    from .sources import ImageSource, open_live, settings_from_args

    status = 0
    if args.game is not None:
        args.game = registry.get(args.game).id  # UnknownGame names the known ids
    settings = settings_from_args(args)
    for spec in args.paths:
        events = []
        try:
            src = open_live(spec, on_event=events.append, settings=settings)
        except CompanionError as exc:
            _line({"source": spec, "error": str(exc)}, source_fault(spec))
            status = 1
            continue

        first = registry.default().id   # until a frame shows tags: the default game
        game = {"id": args.game or first, "chosen": args.game is not None}

        def make():
            cfg = PipelineConfig(backend=args.backend, prep=args.prep,
                                 rescue=not args.no_rescue, incremental=bool(args.track))
            return pipeline_for(spec, args.lens, cfg, game=game["id"])

        pipe = make()
        max_frames = args.max_frames
        if max_frames is None and src.live:
            max_frames = 30
        scanned = 0
        raw_i = 0
        with src:
            for frame in src:
                for ev in events:
                    if ev.kind == "opened" and src.live:
                        _line({"source": spec, "event": "camera", "message": ev.message})
                    if ev.kind in ("bad_frame", "damaged", "dropped", "gave_up", "reconnected", "mode",
                                   "dark", "lit"):
                        _line({"source": spec, "event": ev.kind, "message": ev.message})
                events.clear()
                raw_i += 1
                if isinstance(src, ImageSource):
                    if args.game is None:
                        game.update(id=first, chosen=False)  # every photo on its own
                    pipe = make()
                elif (raw_i - 1) % args.every:
                    if args.track:
                        pipe.process(frame)
                    continue
                snap, rep = pipe.process(frame)
                if not game["chosen"]:  # read the table as the game whose tags it shows most
                    seen = Counter(g for g in (_tag_game(s.to_json()) for s in rep.symbols) if g)
                    if seen:
                        game["chosen"] = True
                        best = seen.most_common(1)[0][0]
                        if best != game["id"]:
                            game["id"] = best
                            pipe = make()
                            snap, rep = pipe.process(frame)
                out = {"source": spec, "name": frame.name or None, "frame": frame.index,
                       "t": round(frame.t, 3), "size": [frame.image.shape[1], frame.image.shape[0]]}
                out.update({k: v for k, v in rep.to_json().items()
                            if k in ("symbols", "candidates", "poses", "lens", "reasons", "mirrored",
                                     "timings_ms")})
                out["game"] = game["id"] if game["chosen"] else None  # no tag of any game read: no game
                for sym in out.get("symbols") or ():
                    _tag_game(sym)
                if args.track:
                    out["snapshot"] = {"still": snap.still,
                                       "occluded_zones": sorted(snap.occluded_zones),
                                       "sightings": [s.__dict__ for s in snap.sightings]}
                _line(out)
                scanned += 1
                if max_frames is not None and scanned >= max_frames:
                    break
            for ev in events:
                if ev.kind in ("bad_frame", "damaged", "dropped", "gave_up"):
                    _line({"source": spec, "event": ev.kind, "message": ev.message})
                    if ev.kind == "gave_up":
                        status = 1
        if scanned == 0:
            why = [e.message for e in getattr(src, "events", ()) if e.kind in ("bad_frame", "ended")
                   and e.message not in ("no more frames",)]
            reason = why[0].split("): ", 1)[-1] if why else ""
            if reason.startswith("cannot open video"):
                reason = reason.split(": ", 1)[-1]
            _line({"source": spec, "error": f"{spec}: no frame could be read" + (f": {reason}" if reason else "")},
                  source_fault(spec))
            status = 1
    return status
