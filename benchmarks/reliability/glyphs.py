"""Part: glyph coverage of players' names (issue 26): a name and a newspaper name
per script players may use (Latin, Greek, Cyrillic, Arabic, Hebrew, Thai,
Devanagari, Chinese, emoji, and more scripts that fonts-noto-core covers), drawn on
paper and on screen, each glyph checked.

- paper: each sample on Penny Press's real pages (a front page whose masthead is the
  newspaper name, the final receipt with every player named), at 58 and 80 mm. Every
  text the page draws goes through Pillow's ``ImageDraw.text``: each call is recorded
  with its font file, and a character missing from that file's character map is a
  box (.notdef) on paper. The same check runs over every registered game's pages
  (:func:`game_pages`: the samples as the names of a random game's players, every
  page ``companion print`` draws, Scoop's newspaper front pages among them), and
  each name must be found on them. Then every user-perceived character of the samples, drawn
  alone in each page role (regular, bold, serif bold) through the fallback chain,
  must leave ink and must not look like the .notdef glyph of any face of the chain
  (pixel comparison); Arabic must join (the word differs from its letters kept
  apart by zero-width non-joiners), Devanagari must form its conjuncts, and
  right-to-left words must run right to left (the word without its first letter
  keeps its left part).
- screen: :mod:`benchmarks.reliability.glyphs_screen` runs the Kivy app's font set-up
  offscreen in its own process and draws the samples in labels (plain, bold,
  markup), buttons and text inputs, with the same checks (draw calls of SDL2 and
  Pillow recorded with their font files, each character alone against the .notdef
  glyphs, joining, order).
- refused: characters no face has (a newer emoji than Symbola's, private-use,
  unassigned, controls) are refused by the start screen's check
  (ui.viewmodels.start.undrawable), each in es/en/zh.

A box counted anywhere is a failure.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]

#: (script, player name, newspaper name): our own sample names.
SAMPLES = (
    ("Latin", "Begoña Núñez", "La Voz de Añón"),
    ("Greek", "Ελένη", "Νέα Ημέρα"),
    ("Cyrillic", "Ольга", "Утренний Вестник"),
    ("Arabic", "ليلى", "الصباح"),
    ("Hebrew", "נועה", "הבוקר"),
    ("Thai", "สมชาย", "ข่าวเช้า"),
    ("Devanagari", "प्रिया", "सुबह समाचार"),
    ("Chinese", "张伟", "晨报"),
    ("emoji", "Ana 🎲", "Diario 🗞"),
)
#: More scripts, drawn by the further faces (printing.fonts.more_faces).
MORE_SAMPLES = (
    ("Bengali", "প্রিয়া", "সকাল"),
    ("Tamil", "தமிழ்", "காலை"),
    ("Korean", "김민준", "아침 신문"),
    ("Japanese", "さくら", "朝のニュース"),
    ("Georgian", "ქეთი", "დილა"),
    ("Ethiopic", "አበበ", "ጠዋት"),
    ("Khmer", "ស្រី", "ព័ត៌មាន"),
    ("Armenian", "Անի", "Առավոտ"),
)
#: Texts no face draws: refused at entry (kind, text, refused as an emoji).
REFUSED = (
    ("emoji newer than Symbola", "Ana 🫠", True),
    ("emoji newer than Symbola", "🥰 Diario", True),
    ("private use", "Bo \ue000", False),
    ("unassigned", "Chen \U000e0fff", False),
    ("control", "Dana\x07", False),
)
#: Words whose joined or conjunct form must differ from the letters kept apart
#: (a zero-width non-joiner between them).
JOINING = (("Arabic", "ليلى"), ("Arabic", "الصباح"), ("Devanagari", "प्रिया"))
#: Right-to-left words: without their first letter they keep their left part.
ORDER = (("Arabic", "الصباح"), ("Hebrew", "הבוקר"), ("Hebrew", "נועה"))
NOTDEF = "\U0010fffd"  # a code point no font has: draws each face's .notdef glyph


def apart(word: str) -> str:
    """``word`` with a zero-width non-joiner after every letter (no joining, no
    conjuncts; the marks stay with their letter)."""
    from printing.fonts import clusters

    return "\u200c".join(clusters(word))


# --- pixel checks (shared with the screen part) ------------------------------------


def ink(a: np.ndarray) -> np.ndarray:
    """The ink mask of an image array: dark pixels of a white page (mode "L") or
    opaque pixels of a transparent label (RGBA, alpha)."""
    if a.ndim == 3:
        return a[..., 3] > 96
    return a < 128


def cropped(mask: np.ndarray) -> np.ndarray:
    """``mask`` cut to its ink's bounding box (an empty 0x0 mask when none)."""
    ys, xs = np.nonzero(mask)
    if len(xs) == 0:
        return mask[:0, :0]
    return mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def same_shape(a: np.ndarray, b: np.ndarray, tol: float = 0.9) -> bool:
    """True when two cropped masks are the same glyph: same size within 1 px and an
    overlap (intersection over union) of at least ``tol``."""
    if a.size == 0 or b.size == 0:
        return a.size == b.size
    if abs(a.shape[0] - b.shape[0]) > 1 or abs(a.shape[1] - b.shape[1]) > 1:
        return False
    h, w = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])
    a, b = a[:h, :w], b[:h, :w]
    union = np.logical_or(a, b).sum()
    return union > 0 and np.logical_and(a, b).sum() / union >= tol


def left_part_kept(word: np.ndarray, rest: np.ndarray) -> bool:
    """True when the ink of ``rest`` (the word without its first letter, drawn from
    the same left edge) matches ``word`` up to the right end of that ink: the first
    letter was drawn at the right end, as right-to-left text runs."""
    cols = np.nonzero(rest.any(axis=0))[0]
    if len(cols) == 0:
        return False
    h = min(word.shape[0], rest.shape[0])
    right = min(cols.max() - 1, word.shape[1])
    a, b = word[:h, :right], rest[:h, :right]
    union = np.logical_or(a, b).sum()
    return union > 0 and np.logical_and(a, b).sum() / union >= 0.85


# --- paper --------------------------------------------------------------------------


@contextmanager
def recorded_draws():
    """Record every ``ImageDraw.text`` call as ``(font file, text)`` while inside."""
    from PIL import ImageDraw

    calls: list[tuple[str, str]] = []
    original = ImageDraw.ImageDraw.text

    def text(self, xy, text, fill=None, font=None, *args, **kw):
        calls.append((getattr(font, "path", "") or "", str(text)))
        return original(self, xy, text, fill, font, *args, **kw)

    ImageDraw.ImageDraw.text = text
    try:
        yield calls
    finally:
        ImageDraw.ImageDraw.text = original


def boxes_in(calls: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """``(character, font file)`` of each drawn character its font has no glyph for."""
    from printing.fonts import cmap_of, invisible

    out = []
    for path, text in calls:
        if not path:
            out.extend((c, "(Pillow's default font)") for c in text if not c.isspace())
            continue
        have = cmap_of(path)
        out.extend((c, os.path.basename(path)) for c in text
                   if not c.isspace() and not invisible(c) and ord(c) not in have)
    return out


def _canvas_mask(text: str, role: str, size: int, chain=None) -> np.ndarray:
    from PIL import Image, ImageDraw

    from printing.fonts import draw_text, system_fonts

    img = Image.new("L", (size * (2 + 2 * len(text)), size * 3), 255)
    draw_text(ImageDraw.Draw(img), (size, 2 * size), text, size, chain or system_fonts().chain(role), 0)
    return ink(np.asarray(img))


def _notdefs(chain, size: int) -> list[np.ndarray]:
    from PIL import Image, ImageDraw

    from printing.fonts import truetype

    out = []
    for path in chain.faces:
        img = Image.new("L", (size * 4, size * 3), 255)
        ImageDraw.Draw(img).text((size, 2 * size), NOTDEF, font=truetype(path, size), fill=0, anchor="ls")
        out.append(cropped(ink(np.asarray(img))))
    return out


def paper_glyphs(samples=SAMPLES, size: int = 40, chain_of=None) -> dict:
    """Each cluster of the samples drawn alone in every page role: counted, and
    counted as a box when it leaves no ink or looks like a face's .notdef glyph.
    ``chain_of(role)`` replaces the pages' chains (the tests give a primary face
    alone, to show the check finds boxes)."""
    from printing.fonts import ROLES, clusters, system_fonts

    chain_of = chain_of or (lambda role: system_fonts().chain(role))
    out = {"clusters": 0, "boxes": [], "by_script": {}}
    for role in ROLES:
        chain = chain_of(role)
        notdefs = _notdefs(chain, size)
        for script, name, paper in samples:
            row = out["by_script"].setdefault(script, {"clusters": 0, "boxes": 0})
            for cl in dict.fromkeys(c for c in clusters(name + paper) if not c.isspace()):
                m = cropped(_canvas_mask(cl, role, size, chain))
                row["clusters"] += 1
                out["clusters"] += 1
                if m.size == 0 or any(same_shape(m, n) for n in notdefs):
                    row["boxes"] += 1
                    out["boxes"].append(f"{script} {cl!r} ({role})")
    return out


def paper_shaping(size: int = 40) -> dict:
    """Joining/conjuncts and right-to-left order on paper (every role)."""
    from printing.fonts import ROLES, clusters

    out = {"joined": 0, "unjoined": [], "ordered": 0, "reversed": []}
    for role in ROLES:
        for script, word in JOINING:
            if np.array_equal(_canvas_mask(word, role, size), _canvas_mask(apart(word), role, size)):
                out["unjoined"].append(f"{script} {word!r} ({role})")
            else:
                out["joined"] += 1
        for script, word in ORDER:
            rest = "".join(clusters(word)[1:])
            if left_part_kept(_canvas_mask(word, role, size), _canvas_mask(rest, role, size)):
                out["ordered"] += 1
            else:
                out["reversed"].append(f"{script} {word!r} ({role})")
    return out


def paper_pages(samples=SAMPLES) -> dict:
    """The samples on Penny Press's pages at 384 and 576 dots: a front page per
    newspaper name (its masthead) and a final receipt naming every player."""
    from printing.games.penny_press.documents import (BreakdownLine, FrontPageDoc, PlacedStory, PressLine,
                                                      RankLine, ReceiptDoc)
    from printing.games.penny_press.layout import render_front_page, render_receipt

    colours = ("red", "blue", "green", "yellow", "purple")
    out = {"pages": 0, "characters": 0, "boxes": []}
    for width in (384, 576):
        for lang in ("es", "en", "zh"):
            for i in range(0, len(samples), len(colours)):
                group = samples[i:i + len(colours)]
                names = tuple((c, s[1]) for c, s in zip(colours, group))
                papers = tuple((c, s[2]) for c, s in zip(colours, group))
                docs = [ReceiptDoc("g-glyphs", tuple(PressLine(c, 1, 5) for c, _ in names), (),
                                   tuple(RankLine(k + 1, c, 30 - k, 5) for k, (c, _) in enumerate(names)),
                                   lang=lang, names=names, papers=papers)]
                for (c, paper), (_, name) in zip(papers, names):
                    docs.append(FrontPageDoc(game_id="g-glyphs", player=c, paper_name=paper, edition=1,
                                             press_no=1, placements=(PlacedStory("war-A1", 0, 0),), ad=None,
                                             breakdown=(BreakdownLine("placed", "war-A1", 1),), total=1,
                                             lang=lang))
                for doc in docs:
                    with recorded_draws() as calls:
                        (render_receipt if isinstance(doc, ReceiptDoc) else render_front_page)(doc, width)
                    out["pages"] += 1
                    out["characters"] += sum(len(t) for _p, t in calls)
                    out["boxes"] += [f"{c!r} in {f} ({width} dots, {lang})" for c, f in boxes_in(calls)]
    return out


def game_pages(samples=SAMPLES, widths=(384, 576), langs=("es", "en", "zh"), games=None) -> dict:
    """The samples as players' names (and newspaper names where a game's seats have
    one: Penny Press, Scoop) in a random game of every registered game (``games``:
    some of them), its pages drawn as ``companion print`` draws them (every press
    page, the final page, the start slip where the game has one; printing.pages.
    make_pages: Scoop's newspaper front pages, Pergamon's and Turin Market's receipts
    ...) at each width in each language. Every ``ImageDraw.text`` call is checked
    against its font file (:func:`boxes_in`); ``names``/``drawn`` count the names
    given and those found on the pages (the pages' recorded text blocks), so a page
    that leaves the names out cannot pass unseen."""
    from companion import registry
    from companion.commands import journal_from_record
    from printing.pages import NoSuchPage, PageRequest, make_pages

    out = {"games": 0, "pages": 0, "characters": 0, "names": 0, "drawn": 0, "boxes": [], "not_drawn": []}
    with tempfile.TemporaryDirectory(prefix="glyphs-games-") as tmp:
        for game in games or registry.games():
            spec = registry.get(game)
            rules = spec.rules_module()
            out["games"] += 1
            for i in range(0, len(samples), spec.max_players):
                group = list(samples[i:i + spec.max_players])
                group += samples[:max(0, spec.min_players - len(group))]
                setup, actions = rules.random_game(5 + i, len(group))
                given = []
                for seat, (_script, name, paper) in zip(setup["players"], group):
                    seat["name"] = name
                    given.append(name)
                    if "paper" in seat:
                        seat["paper"] = paper
                        given.append(paper)
                journal = journal_from_record({"game": spec.id, "setup": setup,
                                               "actions": [rules.action_to_dict(a) for a in actions]},
                                              path=Path(tmp) / f"{game}-{i}.sqlite")
                state = journal.state
                journal.close()
                seen: set[str] = set()
                for lang in langs:
                    for width in widths:
                        for what in ("all", "final", "start"):
                            try:
                                with recorded_draws() as calls:
                                    pages = make_pages(game, state, PageRequest(what, lang=lang, width=width,
                                                                                game_id="g-glyphs"))
                            except NoSuchPage:
                                continue
                            out["pages"] += len(pages)
                            out["characters"] += sum(len(t) for _p, t in calls)
                            out["boxes"] += [f"{c!r} in {f} ({spec.id}, {what}, {width} dots, {lang})"
                                             for c, f in boxes_in(calls)]
                            text = " ".join(b.get("text", "") for _n, img in pages
                                            for b in img.info.get("text_blocks", ()))
                            seen.update(n for n in given if n in text)
                out["names"] += len(given)
                out["drawn"] += len(seen)
                out["not_drawn"] += [f"{n!r} on no page of {spec.id}" for n in given if n not in seen]
    return out


def refused_at_entry() -> dict:
    """Each text of :data:`REFUSED` as a player's name on the start screen's model:
    refused, in every language, as an emoji where it is one."""
    from ui import i18n
    from ui.viewmodels.start import StartVM, undrawable

    out = {"texts": 0, "refused": 0, "failures": []}
    for kind, text, emoji in REFUSED:
        out["texts"] += 1
        where = undrawable(text)
        ok = where is not None and where[1] == emoji
        for lang in ("es", "en", "zh"):
            vm = StartVM(lang, camera=0)
            vm.set_player(0, name=text)
            vm.set_player(1, name="Bo")
            said = vm.glyph_problem(0)
            want = i18n.tr("err.name_emoji" if emoji else "err.name_glyph", lang, n=1,
                           pos=where[0] if where else 0)
            if not (ok and said == want and said in vm.validate()):
                ok = False
                out["failures"].append(f"{kind} {text!r} not refused as it should be ({lang}): {said!r}")
        out["refused"] += ok
    accepted = []
    for _script, name, paper in SAMPLES + MORE_SAMPLES:
        vm = StartVM("en", camera=0)
        vm.set_player(0, name=name, paper=paper)
        if vm.glyph_problem(0):
            accepted.append(f"{name!r} / {paper!r} refused though every face draws it")
    out["failures"] += accepted
    out["accepted"] = len(SAMPLES + MORE_SAMPLES) - len(accepted)
    return out


# --- screen -------------------------------------------------------------------------


def screen(samples=SAMPLES + MORE_SAMPLES, fallback: bool = True, timeout: float = 300) -> dict:
    """Run :mod:`benchmarks.reliability.glyphs_screen` offscreen in its own process
    and return its report (see there)."""
    out = Path(tempfile.mkdtemp(prefix="glyphs-screen-"))
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.setdefault("KIVY_NO_ARGS", "1")
    env["KIVY_HOME"] = str(out / "kivy")
    (out / "samples.json").write_text(json.dumps(samples, ensure_ascii=False), "utf-8")
    args = [sys.executable, "-m", "benchmarks.reliability.glyphs_screen", str(out)]
    if not fallback:
        args.append("--no-fallback")
    proc = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    report = out / "report.json"
    if proc.returncode != 0 or not report.exists():
        return {"failures": [f"screen check exited {proc.returncode}: {proc.stderr[-1500:]}"], "out": str(out)}
    r = json.loads(report.read_text("utf-8"))
    r["out"] = str(out)
    return r


def run(seed: int = 17, more: bool = True, screen_check: bool = True, every_page: bool = True) -> dict:
    """Every check above; ``more`` adds :data:`MORE_SAMPLES`, ``screen_check``
    runs the Kivy part, ``every_page`` draws every game's pages at both widths in
    every language (else at 384 dots in English)."""
    del seed  # nothing random: every sample is drawn
    from PIL import features

    t0 = time.perf_counter()
    samples = SAMPLES + (MORE_SAMPLES if more else ())
    glyphs = paper_glyphs(samples)
    shaping = paper_shaping()
    pages = paper_pages(samples)
    games = game_pages(samples) if every_page else game_pages(samples, widths=(384,), langs=("en",))
    entry = refused_at_entry()
    scr = screen(samples) if screen_check else {"skipped": True, "failures": []}
    failures = ([f"paper: box for {b}" for b in glyphs["boxes"]] + [f"paper: box for {b}" for b in pages["boxes"]]
                + [f"paper: box for {b}" for b in games["boxes"]] + [f"paper: {b}" for b in games["not_drawn"]]
                + [f"paper: not joined {b}" for b in shaping["unjoined"]]
                + [f"paper: not right to left {b}" for b in shaping["reversed"]]
                + [f"entry: {f}" for f in entry["failures"]] + [f"screen: {f}" for f in scr.get("failures", [])])
    return {"samples": [s[0] for s in samples], "glyphs": glyphs, "shaping": shaping, "pages": pages,
            "games": games, "entry": entry, "screen": {k: v for k, v in scr.items() if k != "failures"},
            "raqm": features.check("raqm"), "failures": failures, "seconds": round(time.perf_counter() - t0, 1)}


def render(r: dict) -> str:
    g, s, p, e, sc = r["glyphs"], r["shaping"], r["pages"], r["entry"], r["screen"]
    gp = r["games"]
    scripts = ", ".join(r["samples"])
    screen_rows = ""
    if not sc.get("skipped"):
        screen_rows = f"""\
| screen: characters drawn by labels, bold and markup labels, buttons, text inputs (draw calls recorded) / boxes | {sc['characters']} / **{len(sc['boxes'])}** |
| screen: each character alone in a label, against every face's .notdef / boxes | {sc['clusters']} / **{len(sc['cluster_boxes'])}** |
| screen: Arabic and Devanagari words joined / not joined | {sc['joined']} / **{len(sc['unjoined'])}** |
| screen: right-to-left words right to left / reversed | {sc['ordered']} / **{len(sc['reversed'])}** |
"""
    return f"""\
| figure | value |
|---|---|
| paper: characters drawn on {p['pages']} pages (front pages with each newspaper name as masthead, final receipts naming every player; 58 and 80 mm, es/en/zh) / boxes | {p['characters']} / **{len(p['boxes'])}** |
| paper: names given in random games of every game ({gp['games']}) found on their pages (every press page, final, start slip; Scoop's newspaper front pages; 58 and 80 mm, es/en/zh) | {gp['drawn']} of {gp['names']} |
| paper: characters drawn on those {gp['pages']} pages / boxes | {gp['characters']} / **{len(gp['boxes'])}** |
| paper: each character alone in the regular, bold and serif bold chains, against every face's .notdef / boxes | {g['clusters']} / **{len(g['boxes'])}** |
| paper: Arabic and Devanagari words joined / not joined | {s['joined']} / **{len(s['unjoined'])}** |
| paper: right-to-left words right to left / reversed | {s['ordered']} / **{len(s['reversed'])}** |
{screen_rows}| names of every script accepted at entry | {e['accepted']} of {e['accepted'] + len([f for f in e['failures'] if 'though' in f])} |
| names no face draws (emoji newer than Symbola, private use, unassigned, control) refused at entry in es/en/zh | {e['refused']} of {e['texts']} |

Scripts: {scripts}. A name and a newspaper name per script (our own words); Pillow
{'with' if r['raqm'] else '**without**'} libraqm. Fonts: DejaVu, WenQuanYi Micro Hei,
fonts-noto-core, Symbola (scripts/setup.sh).
"""
