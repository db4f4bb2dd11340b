"""Part 4: camera faults. The app's session (ui.session.GameSession with the real
vision pipeline) reads a Penny Press table through a live camera source
(vision.sources.CaptureSource, opened as the session opens a camera: the asked
mode, retries for ever, its events to the session) over a simulated V4L2 camera
(benchmarks/reliability/fakecam.py: simulated clock, sensor noise) that is faulted
once per session:

- ``unplug``: the device vanishes for 0.5-120 s and comes back;
- ``freeze``: the driver hands out the same buffer (picture and time stamp) for 10 s;
- ``resize``: the picture size changes mid-stream (the driver's own mode): given up
  when asked again, or kept (stubborn) at a size where the tags are still read, or
  at one where they are not (1280x720, or 640x480 cropped to 4:3);
- ``jump``: the driver's time stamps jump forwards or backwards (1.5 s to 1 h; a
  change under 1 s of a stamp's lag is a driver's ordinary jitter: not reported, the
  frame times only kept increasing, tests/test_camera_faults.py);
- ``dark``: mid-game the picture shows nothing for 3-60 s: all black (a lens cap),
  the table at 4 % of its light with sensor noise (the light off), or washed-out
  white (an exposure gone wrong);
- ``warmup``: after every open the camera gives such pictures for 1.5-8 s (auto
  exposure settling, opencv/opencv#23202) before the table;
- ``mirrored``: the picture is mirrored left-right (a webcam's mirror setting, a
  tablet's front camera) from the start, or from mid-game on;
- ``blur``: mid-game the picture is smeared by motion (8 or 12 px, any direction:
  the camera knocked) for 0.5-3 s.

Each session: the bundled recording's (play/recordings/penny-press-3p) setup table
held until the game is set up, its first move made (a hand, then the new table),
the fault while the table is still, the table held after it, then the second move.
Checked per session: reported (the players got the fault's message: camera lost /
frozen / picture size / clock; for the picture faults the source's event (dark, lit)
or the frame report's reason (mirrored, blurred) that the session words), recovered
(the camera is "ok" again and frames flow; the second move is read, except at a kept
size too small for the tags, where the players were told), table state unchanged
(the journal after the fault and its recovery holds exactly the events it held
before; nothing was refused). Picture faults also: the camera was never reopened (a
dark picture is not a frozen camera) and, for a warm-up or a mirrored start, both
moves were read.
"""

from __future__ import annotations

import json
import math
import random
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

from .fakecam import SimCamera, SimCapture, SimClock

ROOT = Path(__file__).resolve().parents[2]
REC = ROOT / "play" / "recordings" / "penny-press-3p"
SENSOR = (3200, 1800)   # the recording's frame size: the camera is asked for it
KINDS = ("unplug", "freeze", "resize", "jump", "dark", "warmup", "mirrored", "blur")
#: the faults of the picture itself (the camera keeps delivering): never reopened
PICTURE_KINDS = ("dark", "warmup", "mirrored", "blur")

#: the recording's frames used: setup still, hand, after move 1, hand, after move 2
F_SETUP, F_HAND1, F_MOVE1, F_HAND2, F_MOVE2 = 2, 3, 5, 6, 8

#: the players' messages each fault must bring (i18n keys, English texts)
EXPECT = {"unplug": ("camera_lost", "camera_back"),
          "freeze": ("camera_frozen", "camera_back"),
          "resize": ("camera_resized",),
          "jump": ("camera_clock",)}
#: picture faults: the frame-report reasons each must bring and the players'
#: messages (play.camera.CameraNews keys: the dark ones when the picture stays dark
#: longer than the camera source's dark_s, 1 s, and a frame); "mirrored" once
EXPECT_REASONS = {"dark": ("dark",), "warmup": ("dark",), "mirrored": ("mirrored",), "blur": ("blurred",)}
EXPECT_NEWS = {"dark": ("camera_dark", "camera_lit"), "warmup": ("camera_dark_warmup", "camera_lit"),
               "mirrored": ("camera_mirrored",), "blur": ("camera_blurred",)}


def _frames() -> dict[int, object]:
    cap = cv2.VideoCapture(str(REC / "video.mkv"))
    out = {}
    for i in range(F_MOVE2 + 1):
        ok, f = cap.read()
        if not ok:
            raise RuntimeError(f"{REC / 'video.mkv'}: frame {i} unreadable")
        out[i] = f
    cap.release()
    return out


def _plan(rng: random.Random, kind: str) -> dict:
    if kind == "dark":
        return {"kind": kind, "seconds": rng.choice((3.0, 10.0, 20.0, 60.0)),
                "picture": rng.choice(("black", "dim", "white", "noisy"))}
    if kind == "warmup":
        return {"kind": kind, "seconds": rng.choice((1.5, 3.0, 4.5, 8.0)),
                "picture": rng.choice(("black", "dim", "white", "noisy"))}
    if kind == "mirrored":
        return {"kind": kind, "when": rng.choice(("start", "mid-game"))}
    if kind == "blur":
        return {"kind": kind, "seconds": rng.choice((0.5, 1.0, 3.0)), "px": rng.choice((8.0, 12.0)),
                "angle": round(rng.uniform(0.0, 180.0), 1)}
    if kind == "unplug":
        return {"kind": kind, "seconds": rng.choice((0.5, 2.0, 5.0, 12.0, 30.0, 120.0))}
    if kind == "freeze":
        return {"kind": kind, "seconds": 10.0}
    if kind == "resize":
        how = rng.choice(("asked_again", "kept_readable", "kept_small"))
        size = {"asked_again": rng.choice(((1280, 720), (640, 480), (3840, 2160), (1920, 1080))),
                "kept_readable": (3840, 2160),
                "kept_small": rng.choice(((1280, 720), (640, 480)))}[how]
        return {"kind": kind, "how": how, "size": size}
    sign = rng.choice((-1.0, 1.0))
    return {"kind": kind, "seconds": sign * rng.choice((1.5, 2.0, 4.5, 60.0, 3600.0))}


class PictureCamera(SimCamera):
    """The simulated camera with the picture faults: a dark spell (``dark_from`` ..
    ``dark_until``, clock s) and a dark warm-up of ``warmup_s`` after every open, in
    the way ``dark_picture`` says (black, dim, white)."""

    dark_from = dark_until = -1.0
    warmup_s = 0.0
    dark_picture = "black"

    def factory(self, index):
        self.opens += 1
        return PictureCapture(self, index)

    def darken(self, img: np.ndarray) -> np.ndarray:
        if self.dark_picture == "noisy":  # the light off, the camera's gain up: 12 %, noise 18
            return self._noisy(img)
        key = (self.dark_picture, img.shape)
        got = _DARK.get(key)
        if got is None:
            if self.dark_picture == "black":
                got = np.zeros_like(img)
            elif self.dark_picture == "dim":   # the light off: the table at 4 %, noise
                noise = np.random.default_rng(1).normal(0.0, 2.0, img.shape)
                got = np.clip(img.astype(np.float32) * 0.04 + 2.0 + noise, 0, 255).astype(np.uint8)
            else:                               # washed out: nearly white, noise
                noise = np.random.default_rng(2).normal(0.0, 1.5, img.shape)
                got = np.clip(250.0 + noise, 0, 255).astype(np.uint8)
            got.flags.writeable = False
            _DARK.clear()
            _DARK[key] = got
        return got

    def _noisy(self, img: np.ndarray) -> np.ndarray:
        """The table at 12 % of its light with sensor noise of sigma 18 (a camera's
        gain turned up in the dark), a new noise each frame (four kept, in turn)."""
        key = ("noisy", img.shape)
        got = _DARK.get(key)
        if got is None:
            base = img.astype(np.float32) * 0.12
            got = [np.clip(base + np.random.default_rng(10 + i).normal(0.0, 18.0, img.shape), 0, 255)
                   .astype(np.uint8) for i in range(4)]
            for g in got:
                g.flags.writeable = False
            _DARK.clear()
            _DARK[key] = got
        self._noisy_i = getattr(self, "_noisy_i", 0) + 1
        return got[self._noisy_i % len(got)]


_DARK: dict = {}


class PictureCapture(SimCapture):
    def __init__(self, cam: PictureCamera, index):
        super().__init__(cam, index)
        self.opened_at = cam.clock()

    def read(self, image=None):
        ok, img = super().read(image)
        if not ok:
            return ok, img
        cam, t = self.cam, self.cam.clock()
        if t - self.opened_at < cam.warmup_s or cam.dark_from <= t < cam.dark_until:
            return True, cam.darken(img)
        return ok, img


class _Reading:
    """The session's pipeline, with every frame report kept (its reasons)."""

    def __init__(self, pipeline, reasons: list):
        self.pipeline, self.reasons = pipeline, reasons

    def process(self, image, t):
        snap, rep = self.pipeline.process(image, t)
        self.reasons.extend(rep.reasons)
        return snap, rep

    def expect(self, sightings=None):
        self.pipeline.expect(sightings)


def one_session(plan: dict, frames: dict, fps: float = 3.0, seed: int = 0) -> dict:
    """Play one faulted session; returns its checks and the messages the players got."""
    from companion.journal import total_scores  # noqa: F401 (the journal is imported with it)
    from tools.render.effects import motion_blur
    from ui.session import GameSession
    from ui.viewmodels import protocol as P
    from vision.sources import CameraSettings, CaptureSource

    setup = json.loads((REC / "recording.json").read_text("utf-8"))["setup"]
    truth = json.loads((REC / "journal.json").read_text("utf-8"))
    clock = SimClock(1000.0 + seed)
    kind = plan["kind"]
    # the scene's timetable (s after t0); the fault comes at T_FAULT. A camera that
    # warms up after every open shows the table from its first warm picture on
    t0 = clock() + (plan["seconds"] if kind == "warmup" else 0.0)
    T_HAND1, T_MOVE1, T_FAULT = 3.0, 4.0, 7.0
    sched = {"hand2": None, "mirror_from": None, "blur": None}
    if kind == "mirrored" and plan["when"] == "start":
        sched["mirror_from"] = -1e18
    looks: dict = {}

    def look(i: int, t: float):
        """Frame ``i`` as the camera sees it at ``t``: mirrored, smeared (cached)."""
        how = ""
        if sched["mirror_from"] is not None and t >= sched["mirror_from"]:
            how = "m"
        elif sched["blur"] is not None and sched["blur"][0] <= t < sched["blur"][1]:
            how = "b"
        if not how:
            return i, frames[i]
        key = (i, how)
        if key not in looks:
            looks[key] = (cv2.flip(frames[i], 1) if how == "m"
                          else motion_blur(frames[i], plan["px"], plan["angle"]))
        return f"{i}{how}", looks[key]

    def scene(t):
        dt = t - t0
        if sched["hand2"] is not None and t >= sched["hand2"]:
            return look(F_HAND2, t) if t < sched["hand2"] + 1.0 else look(F_MOVE2, t)
        if dt < T_HAND1:
            return look(F_SETUP, t)
        if dt < T_MOVE1:
            return look(F_HAND1, t)
        return look(F_MOVE1, t)

    cam = PictureCamera(clock, scene, fps=fps)
    if kind in ("dark", "warmup"):
        cam.dark_picture = plan["picture"]
    if kind == "warmup":
        cam.warmup_s = plan["seconds"]
    out = {"plan": plan, "failures": [], "messages": []}
    seen: list[str] = []      # the source's event kinds
    reasons: list[str] = []   # the frame reports' reasons
    with tempfile.TemporaryDirectory(prefix="tc-camera-") as tmp:
        cfg = P.SessionConfig(game="penny-press", camera=0, journal_dir=tmp,
                              players=tuple(P.PlayerSetup(p["colour"], p["name"], p["paper"])
                                            for p in setup["players"]),
                              first_player=setup.get("first_player", 0),
                              camera_settings=CameraSettings(size=SENSOR))
        session = GameSession(cfg)
        msgs: list[tuple[float, str, str, str]] = []  # (s, level, text, key)
        session.subscribe(lambda up: msgs.extend((clock() - t0, m.level, m.text, m.key or "")
                                                 for m in up.messages))

        def on_event(ev):
            seen.append(ev.kind)
            session.camera._on_event(ev)

        src = CaptureSource(0, settings=cfg.camera_settings, max_retries=None,
                            on_event=on_event, capture_factory=cam.factory,
                            clock=clock, sleep=clock.sleep)
        session.camera._camera = src  # as play.camera.CameraFeed opens a camera
        reader = _Reading(session.camera.reader, reasons)

        def events():
            j = session.runner.journal
            return [] if j is None else [(e.seq, e.kind, json.dumps(e.payload, sort_keys=True))
                                         for e in j.events]

        phase, before, fault_end, frames_after = "warm", None, None, 0
        end_t = None
        for fr in src:
            dt = clock() - t0
            session.process_frame(fr.image, fr.t, reader)
            if phase == "warm" and dt >= T_FAULT:
                j = session.runner.journal
                if j is None or len(j.actions()) != 1:
                    out["failures"].append(f"warm-up: {0 if j is None else len(j.actions())} moves "
                                           "read before the fault, expected 1")
                    break
                before = events()
                phase = "fault"
                if kind == "unplug":
                    cam.unplug(plan["seconds"])
                    fault_end = clock() + plan["seconds"]
                elif kind == "freeze":
                    cam.freeze(plan["seconds"])
                    fault_end = clock() + plan["seconds"]
                elif kind == "resize":
                    cam.resize(tuple(plan["size"]), plan["how"] != "asked_again")
                    fault_end = clock()
                elif kind == "jump":
                    cam.jump(plan["seconds"])
                    fault_end = clock()
                elif kind == "dark":
                    cam.dark_from, cam.dark_until = clock(), clock() + plan["seconds"]
                    fault_end = cam.dark_until
                elif kind == "blur":
                    sched["blur"] = (clock(), clock() + max(plan["seconds"], 1.0 / fps) + 1e-6)
                    fault_end = sched["blur"][1]
                elif kind == "mirrored" and plan["when"] != "start":
                    sched["mirror_from"] = fault_end = clock()
                else:  # a warm-up or a mirrored start: the fault was there from the start
                    fault_end = clock()
            elif phase == "fault" and clock() >= fault_end:
                frames_after += 1
                if clock() >= fault_end + 5.0:  # held still after the fault: unchanged?
                    out["checked_at"] = clock() - t0
                    out["unchanged"] = events() == before
                    if not out["unchanged"]:
                        out["failures"].append(f"journal changed while the table was still: "
                                               f"{len(before)} -> {len(events())} events")
                    out["status_after"] = session.camera_status
                    phase = "move2"
                    sched["hand2"] = clock()
                    end_t = clock() + 5.0
            elif phase == "move2" and clock() >= end_t:
                break
            if clock() - t0 > 600:
                out["failures"].append("session did not end")
                break
        src.close()
        j = session.runner.journal
        acts = j.actions() if j is not None else []
        out["moves_read"] = len(acts)
        out["move2_ok"] = len(acts) == 2 and j.rules.action_to_dict(acts[1]) == truth["actions"][1]
        out["frames_after"] = frames_after
        out["opens"] = cam.opens
        if j is not None:
            j.close()
    out["messages"] = msgs
    out["seen"], out["reasons"] = seen, reasons
    keys = {m[3] for m in msgs}
    if kind in PICTURE_KINDS:
        want = EXPECT_REASONS[kind]
        news = EXPECT_NEWS[kind]
        # a dark spell is news once its first and its last dark frame are dark_s (1 s) apart
        if kind in ("dark", "warmup") and (math.ceil(plan["seconds"] * fps - 1e-9) - 2) / fps < 1.0 - 1e-9:
            news = ()
        if kind in ("dark", "warmup"):  # a noisy dark picture may be read as showing nothing of the table
            reasons = ["dark" if r == "unseen" else r for r in reasons]
        # a dark picture the source does not call dark (noisy) is told as the table unseen
        said = [{"camera_unseen": "camera_dark"}.get(m[3], m[3]) for m in msgs]
        out["reported"] = (all(k in reasons for k in want) and all(k in said for k in news)
                           and (kind != "mirrored" or said.count("camera_mirrored") == 1))
        if not out["reported"]:
            out["failures"].append(f"not reported: wanted {want} and {news}, the players were told "
                                   f"{sorted(set(said))}, the source said "
                                   f"{sorted(set(seen) - {'opened', 'mode', 'closed'})}, the pipeline "
                                   f"{sorted(set(reasons))} ({said.count('camera_mirrored')} x mirrored)")
        if cam.opens != 1 or "frozen" in seen or "camera_frozen" in said:
            out["failures"].append(f"the camera was reopened ({cam.opens} opens; "
                                   f"{seen.count('frozen')} times called frozen)")
    else:
        want = EXPECT[kind]
        out["reported"] = all(k in keys for k in want)
        if not out["reported"]:
            out["failures"].append(f"players not told: wanted {want}, got {sorted(keys)}")
    small = kind == "resize" and plan["how"] == "kept_small"
    # the fault and its recovery (the table still): no table message may come; the
    # second move at a size too small for the tags is not read (reported apart)
    until = out.get("checked_at", 1e9) if small else 1e9
    refused = [m for m in msgs if m[1] in ("error", "warning") and not m[3].startswith("camera_")]
    out["refusals"] = [f"{m[0]:.1f} s: {m[2]}" for m in refused if m[0] <= until]
    out["small_move_messages"] = [m[2] for m in refused if m[0] > until]
    if out["refusals"]:
        out["failures"].append(f"table messages during the session: {out['refusals'][:3]}")
    out["recovered"] = (out.get("status_after") == "ok" and frames_after > 0
                        and (out["move2_ok"] or small))
    if small and "camera_mode" not in keys:
        out["failures"].append("kept a small size, players not told the tags may not be read")
    if not out["recovered"]:
        out["failures"].append(f"not recovered: camera {out.get('status_after')!r}, "
                               f"{frames_after} frames after, second move read: {out['move2_ok']}")
    return out


def run(n_sessions: int = 104, seed: int = 17, fps: float = 3.0) -> dict:
    rng = random.Random(seed)
    frames = _frames()
    st = {"failures": [], "sessions": 0, "by_kind": {},
          "reported": 0, "recovered": 0, "unchanged": 0, "move2_read": 0, "kept_small": 0,
          "unplug_s": [], "jumps_s": [], "resizes": [], "examples": {}, "fps": fps,
          "pictures": {}}
    t0 = time.perf_counter()
    for i in range(n_sessions):
        kind = KINDS[i % len(KINDS)]
        plan = _plan(rng, kind)
        r = one_session(plan, frames, fps=fps, seed=i)
        st["sessions"] += 1
        st["by_kind"][kind] = st["by_kind"].get(kind, 0) + 1
        if kind in PICTURE_KINDS:
            pk = st["pictures"].setdefault(kind, {"sessions": 0, "reported": 0, "reopened": 0,
                                                  "unchanged": 0, "moves_read": 0, "lost": 0,
                                                  "plans": []})
            pk["sessions"] += 1
            pk["reported"] += bool(r["reported"])
            pk["reopened"] += r["opens"] != 1
            pk["unchanged"] += bool(r.get("unchanged"))
            pk["moves_read"] += r["moves_read"] == 2 and bool(r["move2_ok"])
            pk["lost"] += not (r.get("unchanged") and r["move2_ok"])
            pk["plans"].append(_describe(plan))
        st["reported"] += r["reported"]
        st["recovered"] += r["recovered"]
        st["unchanged"] += bool(r.get("unchanged"))
        st["move2_read"] += bool(r["move2_ok"])
        if r.get("small_move_messages"):
            st.setdefault("small_move_messages", []).extend(r["small_move_messages"])
        if kind == "resize":
            st["resizes"].append(f"{plan['size'][0]}x{plan['size'][1]} {plan['how']}")
            st["kept_small"] += plan["how"] == "kept_small"
        elif kind == "unplug":
            st["unplug_s"].append(plan["seconds"])
        elif kind == "jump":
            st["jumps_s"].append(plan["seconds"])
        if kind not in st["examples"]:
            st["examples"][kind] = [m[2] for m in r["messages"] if m[3].startswith("camera_")][:4]
        fails = [f"session {i} ({_describe(plan)}): {f}" for f in r["failures"]]
        st["failures"] += fails
        for f in fails:  # as they come: a long run is read while it runs
            print(f"[camera] {f}", file=sys.stderr, flush=True)
    st["seconds"] = round(time.perf_counter() - t0, 1)
    return st


def _describe(plan: dict) -> str:
    if plan["kind"] == "resize":
        return f"resize to {plan['size'][0]}x{plan['size'][1]}, {plan['how']}"
    if plan["kind"] in ("dark", "warmup"):
        return f"{plan['kind']} {plan['seconds']:g} s {plan['picture']}"
    if plan["kind"] == "mirrored":
        return "mirrored from the start" if plan["when"] == "start" else "mirrored from mid-game on"
    if plan["kind"] == "blur":
        return f"blur {plan['px']:g} px for {plan['seconds']:g} s"
    return f"{plan['kind']} {plan.get('seconds')} s"


#: what each picture fault is, for the table of docs/reliability.md
PICTURE_WORDS = {"dark": "dark mid-game (lens cap, light off, washed out, light off with the gain up)",
                 "warmup": "dark warm-up after every open",
                 "mirrored": "mirrored picture",
                 "blur": "smeared by motion"}


def _pictures(r: dict) -> str:
    rows = []
    for kind in PICTURE_KINDS:
        pk = r.get("pictures", {}).get(kind)
        if not pk:
            continue
        plans = sorted(set(p.split(" ", 1)[1] if p.startswith(kind) else p for p in pk["plans"]))
        rows.append(f"| {PICTURE_WORDS[kind]}: {', '.join(plans)} | {pk['sessions']} | {pk['reported']} | "
                    f"**{pk['reopened']}** | {pk['unchanged']} | {pk['moves_read']} | **{pk['lost']}** |")
    if not rows:
        return ""
    return ("| picture fault | sessions | reported | camera reopened | table unchanged | both moves read "
            "| moves lost |\n|---|---|---|---|---|---|---|\n" + "\n".join(rows) + "\n")


def _small(r: dict) -> str:
    msgs = sorted(set(r.get("small_move_messages") or []))
    head = (f"At a picture size too small for the tags ({r['kept_small']} sessions) the next move "
            "is not read: the table stays as it was, the players told the size first")
    if not msgs:
        return head + "."
    return head + f"; when they moved pieces anyway the observer said: " + "; ".join(f'"{m}"' for m in msgs[:3]) + "."


def render(r: dict) -> str:
    n = r["sessions"]
    by = ", ".join(f"{k} {v}" for k, v in r["by_kind"].items())
    ex = "; ".join(f"{k}: " + " / ".join(f'"{m}"' for m in v) for k, v in r["examples"].items() if v)
    unplug = sorted(set(r["unplug_s"]))
    jumps = sorted(set(r["jumps_s"]))
    return f"""\
| figure | value |
|---|---|
| faulted sessions (the real pipeline, one fault each) | **{n}** ({by}) in {r['seconds']} s |
| fault reported to the players (their message; picture faults: also the frame reports' reason) | {r['reported']} of {n} |
| recovered (camera "ok" again, frames flowing, the next move read) | **{r['recovered']}** of {n} ({r['kept_small']} kept a size too small for the tags: players told, the next move not expected) |
| table state unchanged (journal events before the fault = after it, nothing refused) | **{r['unchanged']}** of {n} |
| next move read after the fault | {r['move2_read']} of {n} |

{_small(r)}

{_pictures(r)}
Picture faults (the camera keeps delivering, the picture shows nothing, is mirrored or
smeared): *reported*: the frame reports' reason (``dark``, ``mirrored``, ``blurred``) and
the players' messages (play.camera.CameraNews: dark or, for a noisy dark picture the
source does not call dark, the table unseen, then lit again; mirrored once; smeared);
*camera reopened*: sessions in which the camera was opened more than once (a dark
picture is not a frozen camera: 0 expected); *table unchanged*: the journal after the
fault as before it (no move read from a dark, mirrored or smeared picture); *both
moves read*: the move before the fault and the one after it (for a warm-up or a
mirrored start, both read through it); *moves lost*: the table changed or a move not
read. Dark pictures: all black (a lens cap), the table at 4 % of its light with noise
(the light off), nearly white (washed out), the table at 12 % with noise of sigma 18,
new each frame (the light off, the camera's gain up: "noisy"); a dark warm-up shows the
same for the first seconds after every open, then the table.

Faults: unplugged for {', '.join(f'{s:g}' for s in unplug)} s; frozen (the same buffer,
picture and time stamp) for 10 s; picture size changed mid-stream to
{', '.join(sorted(set(r['resizes'])))}; time stamps jumped by
{', '.join(f'{s:+g}' for s in jumps)} s (under 1 s is a driver's ordinary jitter: not
reported, frame times kept increasing; tests/test_camera_faults.py).

Messages (English): {ex}.

Conditions: the session's camera source (vision.sources.CaptureSource: the asked mode,
retries for ever, freeze after 2 s of the very same picture, a dark picture reported
after 1 s of it and never frozen) over the simulated V4L2
camera of benchmarks/reliability/fakecam.py at {r['fps']:g} fps (simulated time, sensor
noise sigma 2), asked for 3200x1800; the table is play/recordings/penny-press-3p's (setup,
first move, the fault while still, 5 s still after it, the second move); the real
vision pipeline and ui.session.GameSession.process_frame.
"""
