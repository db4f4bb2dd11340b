"""`companion` subcommands provided by the calibration package (registered in pyproject.toml).

- ``companion calibrate camera --images DIR | --video FILE [--board-out board.png] [--out camera.json]``
- ``companion calibrate table SOURCE [--lens camera.json] [--mats red,blue] [--size normal|large]
  [--camera-size WxH] [--fourcc CODE] [--fps N] [--game ID]`` (the game's layouts and tags; default
  companion.registry.default())
- ``companion tags GAME --paper a4|letter [--size normal|large] --out sheet.pdf``

Heavy imports (cv2, fpdf2) stay inside the handlers so ``companion --help`` is fast.
"""

from __future__ import annotations

import argparse
import sys

from companion.cliargs import camera_size, fourcc, frame_rate
from companion.errors import CompanionError
from companion.registry import game_arg as _game_arg


def register(subparsers) -> None:
    """Add ``calibrate`` (subcommands ``camera``, ``table``) and ``tags``."""
    cal = subparsers.add_parser("calibrate", help="camera lens calibration and a check of the table view",
                                description="Calibrate the camera's lens or check that a view of the "
                                            "table is good enough to play.")
    csub = cal.add_subparsers(dest="calibrate_command", metavar="WHAT")
    cal.set_defaults(func=lambda args: (cal.print_help(), 2)[1])

    cam = csub.add_parser("camera", help="lens calibration from a printed ChArUco board",
                          description="Measure the lens (intrinsics, distortion) from photos or a video "
                                      "of the printed ChArUco board. Print the board first with --board-out.")
    src = cam.add_mutually_exclusive_group()
    src.add_argument("--images", metavar="DIR", help="folder of photos of the board")
    src.add_argument("--video", metavar="FILE", help="a video of the board moved around the view")
    cam.add_argument("--board-out", metavar="PNG", help="write the ChArUco board to print (300 dpi PNG)")
    cam.add_argument("--out", metavar="JSON", help="where to write the intrinsics "
                                                   "(default: the user config dir, camera.json)")
    cam.set_defaults(func=_cmd_camera)

    tab = csub.add_parser("table", help="check a recorded view of the set-up table",
                          description="Check a live camera (index), a photo, video or folder of photos of the table: every "
                                      "corner fiducial found, every zone in view, the px per module of "
                                      "the tags; ends with a verdict and what to change. "
                                      "Exit 0: ready; 3: changes needed.")
    tab.add_argument("source", metavar="SOURCE", help="a camera index (0), an image, a video file or a folder of images")
    tab.add_argument("--lens", "--camera", dest="camera", metavar="JSON",
                     help="lens model from 'calibrate camera' (default: your calibration in the user "
                     "config dir if there is one, else estimated from the corner fiducials)")
    tab.add_argument("--mats", metavar="COLOURS", help="mats that must be in view, e.g. red,blue "
                                                       "(default: every mat seen)")
    tab.add_argument("--size", choices=("normal", "large"), default=None,
                     help="tag size to predict for (default: the size of the tags in view, else normal)")
    tab.add_argument("--camera-size", metavar="WxH", type=camera_size,
                     help="live camera: the size to play with (default 3840x2160, the reference 4K "
                          "camera); the check runs in that mode")
    tab.add_argument("--fourcc", metavar="CODE", type=fourcc, help="live camera: pixel format (default MJPG from 1080p up)")
    tab.add_argument("--fps", type=frame_rate, metavar="N", help="live camera: frame rate (default 30)")
    tab.add_argument("--game", default=None, type=_game_arg, metavar="GAME", help="the game whose board, mats and tags the view "
                     "is checked against (default: the game whose tags are in view, else the first game "
                     "`companion games` lists)")
    tab.set_defaults(func=_cmd_table)

    tags = subparsers.add_parser("tags", help="print the tag stickers of a game (PDF)",
                                 description="Write a PDF of stickers for every component, labelled in "
                                             "words, at exact size with cut marks, plus the board and mat "
                                             "corner fiducials and a page saying what goes where.")
    tags.add_argument("game", type=_game_arg, metavar="GAME", help="the game's id (`companion games` lists them)")
    tags.add_argument("--paper", choices=("a4", "letter"), default="a4")
    tags.add_argument("--size", choices=("normal", "large"), default="normal",
                      help="normal: 4K camera (3840x2160) 1.0-1.1 m up, straight down; large: 1920x1080 camera")
    tags.add_argument("--out", metavar="PDF", help="output PDF (default: GAME-tags.pdf); an existing PDF "
                      "is kept unless --force")
    tags.add_argument("--force", action="store_true", help="replace an existing --out PDF")
    tags.add_argument("--no-progress", action="store_true", help="no progress bar")
    tags.set_defaults(func=_cmd_tags)


def _check_writable(target) -> None:
    """Raise CompanionError naming ``target`` unless a file can be written there: not
    a folder, no file where its folders should be, and a new file can be made in its
    folder (tried: the folders missing are made, then the file and those folders are
    removed again, so a command refused later leaves nothing behind)."""
    import os

    from companion.cliargs import folder_problem
    from companion.clitext import os_error, tx

    if target.is_dir():
        raise CompanionError(tx("tags.out_folder", "{path} is a folder; give --out a file name for the PDF",
                                path=target))
    problem = folder_problem(target.parent)
    if problem:
        raise CompanionError(problem)
    existed = target.exists()
    made = [d for d in [target.parent, *target.parent.parents] if not d.exists()]
    try:
        target.parent.mkdir(parents=True, exist_ok=True)  # as write_pdf would
        with open(target, "ab"):
            pass
    except OSError as exc:
        raise CompanionError(tx("tags.cannot_write", "{path}: cannot be written ({why})", path=target,
                                why=os_error(exc))) from None
    finally:
        if not existed and target.is_file():
            os.unlink(target)
        for d in made:  # deepest first
            try:
                d.rmdir()
            except OSError:
                break


def _cmd_tags(args: argparse.Namespace) -> int:
    from .sheets import plan_sheets, write_pdf

    from pathlib import Path

    from companion.clitext import current, tx
    from companion.errors import CompanionError, UsageError

    from companion import registry

    from .layouts import data_dir

    spec = registry.get(args.game)
    if not (data_dir(spec.id) / "components.json").is_file():
        raise CompanionError(tx("tags.no_sheets", "{game} has no tag sheets yet (no components in {folder})",
                                game=spec.name(current()), folder=data_dir(spec.id)))
    args.out = args.out or f"{spec.id}-tags.pdf"
    target = Path(args.out)
    if target.is_file() and target.stat().st_size and target.read_bytes()[:5] != b"%PDF-":
        raise CompanionError(tx("tags.not_a_pdf", "{path} exists and is not a PDF; it is never overwritten: "
                                "choose another --out", path=target))
    _check_writable(target)  # before the sheets are laid out (seconds), not after
    if target.suffix.lower() != ".pdf":  # the sheets are a PDF: a .png name would hold one
        raise UsageError(tx("tags.pdf_name", "--out {path}: the tag sheets are a PDF; give a file name "
                            "ending in .pdf", path=target))
    if target.is_file() and target.stat().st_size and not getattr(args, "force", False):
        raise CompanionError(tx("tags.exists", "{path}: already exists (use --force to replace it)", path=target))
    plan = plan_sheets(args.paper, args.size, spec.id)
    out = write_pdf(plan, args.out, progress=not args.no_progress)
    n_tags = sum(1 for p in plan.placements if p.payload is not None or p.component not in ("board",)
                 and not p.component.startswith("mat-"))
    size = {"normal": tx("check.size.normal", "normal"), "large": tx("check.size.large", "large")}[args.size]
    print(tx("tags.wrote", "wrote {path}: {tags} component tags and {fiducials} corner fiducials on {pages} {paper} "
             "pages ({size} size). Print at 100 %.", path=out, tags=n_tags, fiducials=len(plan.placements) - n_tags,
             pages=plan.pages + 1, paper={"a4": "A4", "letter": tx("tags.letter", "Letter")}[args.paper],
             size=size))
    return 0


def _cmd_camera(args: argparse.Namespace) -> int:
    import cv2

    from companion.clitext import number, tx, txn

    from .camcal import CharucoSpec, calibrate_from_frames
    from .camera import save_camera
    from .check import read_frames

    spec = CharucoSpec()
    if args.board_out:
        from pathlib import Path

        if Path(args.board_out).suffix.lower() not in (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff"):
            raise CompanionError(tx("cal.board_name", "{path}: give the board a picture name (.png)",
                                    path=args.board_out))
        img = spec.image()
        try:
            written = cv2.imwrite(args.board_out, img)
        except cv2.error:
            written = False
        if not written:
            raise CompanionError(tx("cal.board_unwritable", "{path}: cannot write the board (is the folder there and "
                                    "writable?)", path=args.board_out))
        print(tx("cal.board_wrote", "wrote {path}: ChArUco board {cols}x{rows} squares of {mm} mm at 300 dpi. Print "
                 "at 100 % and check a square measures {mm} mm.", path=args.board_out, cols=spec.squares[0],
                 rows=spec.squares[1], mm=number(spec.square_mm)))
    source = args.images or args.video
    if not source:
        if args.board_out:
            return 0
        raise CompanionError(tx("cal.no_source", "give --images DIR or --video FILE (photos of the printed board; "
                                "print it with --board-out)"))
    skipped: list[str] = []
    cut: list[str] = []
    frames = read_frames(source, max_frames=40, skipped=skipped, warnings=cut)
    for line in cut:
        print(tx("cal.warning", "warning: {what}", what=line), file=sys.stderr)
    skip_note = txn("cal.skipped", "skipped {n} unreadable file: {files}", "skipped {n} unreadable files: {files}",
                    len(skipped), files=", ".join(skipped)) if skipped else ""
    try:  # the calibration goes on with the readable views
        cal = calibrate_from_frames(frames, spec)
    except CompanionError as exc:  # too few usable views: name the photos' folder or video, one line
        raise CompanionError(f"{source}: {exc}" + (f" ({skip_note})" if skip_note else "")) from None
    if skip_note:
        print(skip_note, file=sys.stderr)
    path = save_camera(cal.model, args.out)
    m = cal.model
    print(txn("cal.calibrated", "calibrated from {used} of {n} frame: fx {fx} px, fy {fy} px, centre ({cx}, {cy}), "
              "reprojection error {rms} px rms", "calibrated from {used} of {n} frames: fx {fx} px, fy {fy} px, "
              "centre ({cx}, {cy}), reprojection error {rms} px rms", cal.views_total, used=cal.views_used,
              fx=f"{m.K[0, 0]:.1f}", fy=f"{m.K[1, 1]:.1f}", cx=f"{m.K[0, 2]:.1f}", cy=f"{m.K[1, 2]:.1f}",
              rms=number(m.rms_px, 2)))
    if m.rms_px > 1.0:
        print(tx("cal.high_error", "  the error is high: use sharper, better lit frames with the board flat"),
              file=sys.stderr)
    print(tx("cal.wrote", "wrote {path}", path=path))
    return 0


def _cmd_table(args: argparse.Namespace) -> int:
    from companion.clitext import tx, txn

    from .check import check_table, read_frames
    from .lens import describe, estimate_from_frame, find_lens

    from companion import registry

    from .check import _game_tags

    game = getattr(args, "game", None)
    _game_tags(game or registry.default().id)  # an unknown or uncheckable game: before the camera
    camera, source = find_lens(args.camera)
    from . import check

    mode = {"size": args.camera_size, "fourcc": args.fourcc, "fps": args.fps}
    cut: list[str] = []
    frames = read_frames(args.source, camera_mode=mode, warnings=cut)
    for line in cut:   # a photo cut short: the check would blame the board for its grey rows
        print(tx("cal.warning", "warning: {what}", what=line), file=sys.stderr)
    if check.last_camera_mode and str(args.source).isdigit():
        print(tx("cal.camera_mode", "camera {index}: {mode}", index=args.source, mode=check.last_camera_mode))
    found = 0
    if game is None:  # no --game: the game whose tags are in view, else the default game
        from .check import game_in_view

        game, found = game_in_view(frames)
        game = game or registry.default().id
    gt = _game_tags(game)
    estimate = None
    if camera is not None:
        h, w = frames[0].shape[:2]
        if (w, h) != camera.size:
            camera = camera.scaled_to((w, h))
    else:
        estimate = estimate_from_frame(frames[0], gt.layouts)
        if estimate is not None and estimate.trusted:
            camera = estimate.camera
    print(describe(estimate, source))
    mats = [c.strip() for c in args.mats.split(",") if c.strip()] if args.mats else None
    result = check_table(frames, camera=camera, mats=mats, size=args.size, game=game, found_game=found)
    print(result.report())
    if cut:   # said again after the verdict: its advice on the grey part may be wrong
        print(txn("cal.cut_note", "note: {n} photo cut short (above): what the verdict says of its grey lower part may "
                  "be wrong; copy the photo again and check it again", "note: {n} photos cut short (above): what the "
                  "verdict says of their grey lower part may be wrong; copy the photos again and check them again",
                  len(cut)), file=sys.stderr)
    return 0 if result.ok else 3
