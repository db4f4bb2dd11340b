"""Every report line and error of print, print-queue, printer-config, calibrate,
tags, doctor, dial, scan and app's start-up in Spanish and Chinese (issue 29, item 4).

Each command runs its common paths (success and the usual faults) in es and zh, in
process, its output captured at the file-descriptor level. Every line it prints must
be made of translated catalog entries and data: the translated texts of the
command line's catalog (cli.po), the games' own words and the dial's table are
taken out of the line, then the data (paths, numbers, ids, printer targets, option
names, the games' names and words); what is left must hold no word of three
letters or more. And no English sentence of the catalog (a msgid's words between
its fields) may appear. Machine output (JSON lines, the printer config's JSON) is
left out: it never changes with the language.
"""

from __future__ import annotations

import io
import re
import socket
import string
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from companion import clitext
from companion.cli import main
from companion.gettext_po import catalog

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("es", "zh")

#: words that are data in any language: formats, units, the codes and commands people type
ALLOWED = {"companion", "json", "png", "pdf", "qr", "aruco", "charuco", "mjpg", "yuyv", "uvc", "usb", "esc", "pos",
           "rms", "dpi", "fps", "ttf", "ttc", "sha", "key", "value", "job", "target", "file", "dir", "null", "true",
           "false", "preview", "tcp", "game", "path"}


def _segments(text: str) -> list[str]:
    """The words of a text between its ``{fields}``."""
    return [literal for literal, _, _, _ in string.Formatter().parse(text)]


def _strings(cat):
    for m in cat:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        yield m.context, ids, strings


@lru_cache(maxsize=None)
def translated_segments(lang: str) -> tuple[str, ...]:
    """Every translated text's words between its fields, longest first: the cli
    catalog, each game's own catalog, and the Scoop dial's table."""
    texts: list[str] = []
    for _, _, strings in _strings(catalog("companion", clitext.DOMAIN, lang)):
        texts += strings
    for po in sorted((ROOT / "companion" / "games").glob(f"*/locale/{lang}/LC_MESSAGES/*.po")):
        texts += [s for _, _, strings in _strings(catalog(f"companion.games.{po.parents[3].name}", po.stem, lang))
                  for s in strings]
    from companion.games.scoop import texts as scoop

    for table in (scoop.UI, scoop.SIGNALS, scoop.STORY_NAMES):
        for row in table.values():
            value = row.get(lang)
            for v in (value.values() if isinstance(value, dict) else value if isinstance(value, tuple) else [value]):
                texts += re.split(r"\$[\d,]+", str(v).replace("{", "{{").replace("}", "}}")
                                  if "{" not in str(v) else str(v))  # amounts are shown in the language's format
    out = set()
    for t in texts:
        for seg in _segments(t):
            for piece in seg.split("\n"):
                if len(piece.strip()) >= 3 or re.search(r"[^\x00-\x7f]", piece):
                    out.add(piece)
                    out.add(piece.strip())
    return tuple(sorted((s for s in out if s), key=len, reverse=True))


@lru_cache(maxsize=None)
def english_sentences() -> tuple[str, ...]:
    """The catalog's English words between fields that its translations do not keep
    (15 characters or more): none of them may reach a Spanish or Chinese reader."""
    es = {(c, i): s for c, i, s in _strings(catalog("companion", clitext.DOMAIN, "es"))}
    out = set()
    for (context, ids), strings in es.items():
        for english in ids:
            for seg in _segments(english):
                seg = seg.strip(" :;,.()")
                if len(seg) >= 15 and not any(seg in s for s in strings):
                    out.add(seg)
    return tuple(sorted(out))


@lru_cache(maxsize=None)
def data_words(lang: str) -> tuple[str, ...]:
    """Names that are data: the games' names, their tag kinds' words and players'
    colours in ``lang``, the bundled recordings, the printer profiles."""
    from calibration.game_tags import load_components
    from companion import registry
    from escpos.capabilities import CAPABILITIES

    words = set()
    for spec in registry.games().values():
        words |= set(spec.names.values())
        try:
            check = load_components(spec.id).get("check", {})
        except Exception:  # noqa: BLE001 - a game without tags has no words to add
            continue
        words |= set(check.get("words", {}).get(lang, {}).values())
    before = clitext.current()
    clitext.set_lang(lang)
    try:
        words |= {clitext.colour(c) for c in ("red", "blue", "green", "yellow", "black", "white", "purple", "orange")}
    finally:
        clitext.set_lang(before)
    words |= set(CAPABILITIES["profiles"])
    from dataclasses import fields

    from printing.profiles import ALIASES, DARKNESS_WORDS, FLOW_CONTROLS, PrinterConfig

    words |= {f.name for f in fields(PrinterConfig)} | set(ALIASES) | set(DARKNESS_WORDS) | set(FLOW_CONTROLS)
    words |= {"standard", "kind", "harsh"}   # the dial's wheels, as --wheel takes them
    return tuple(sorted(words, key=len, reverse=True))


DATA = [
    re.compile(r"`[^`]*`"),                                   # a command to type
    re.compile(r"(?:tcp|file|usb|serial):\S+"),               # printer targets
    re.compile(r"--[a-z][a-z0-9-]*(?:[ =][A-Z]+\b)?"),       # options (and their metavar)
    re.compile(r"\S*[/\\]\S*"),                               # paths
    re.compile(r"\S+\.(?:png|json|sqlite|pdf|bin|mp4|jpg|txt|ttf|ttc)\b", re.IGNORECASE),  # file names
    re.compile(r"'[^']*'"),                                   # a value as typed (repr)
    re.compile(r"\b[\w.]+(?:-[\w.]+)+\b"),                   # ids, page names, profiles (POS-5890)
    re.compile(r"\b[a-z]+_[a-z_]+\b"),                        # setting names (paper_mm)
    re.compile(r"\b[0-9a-f]{16,}\b"),                         # seeds, commitments
    re.compile(r"(?<![\w.])\.[a-z0-9]{2,6}\b"),                # a file name's suffix (.txt)
]


@lru_cache(maxsize=None)
def command_words() -> frozenset[str]:
    """The subcommands' names (print, print-queue, calibrate...): what people type."""
    import argparse

    from companion.cli import build_parser

    out = set()

    def walk(parser):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    out.update(name.split("-"))
                    walk(sub)

    walk(build_parser())
    return frozenset(out)


def _without_texts(line: str, lang: str) -> str:
    for seg in translated_segments(lang):
        if seg in line:  # a text's words, never the middle of another word
            before = r"(?<![A-Za-z])" if seg[0].isalpha() else ""
            after = r"(?![A-Za-z])" if seg[-1].isalpha() else ""
            line = re.sub(before + re.escape(seg) + after, " ", line)
    return line


def _without_names(line: str, lang: str) -> str:
    for word in data_words(lang):
        line = re.sub(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", " ", line)
    return line


def leftover_words(line: str, lang: str, paths: list[str]) -> list[str]:
    """The words of ``line`` that are neither a translated text nor data. A name
    (a game, its pieces, a colour, a setting) may stand inside a translated text
    ("de Scoop") or a text's words inside a name ("carta de titular"): both orders
    are tried, and a word is left over only when it is left by both."""
    paths = sorted(paths, key=len, reverse=True)
    for p in paths:   # folders and files first: a translated text never holds one
        if "/" in p:
            line = line.replace(p, " ")
    left = []
    for first, then in ((_without_texts, _without_names), (_without_names, _without_texts)):
        rest = then(first(line, lang), lang)
        for p in paths:   # then what was typed (a colour, a number)
            rest = re.sub(rf"(?<![\w.]){re.escape(p)}(?![\w])", " ", rest)
        for pattern in DATA:
            rest = pattern.sub(" ", rest)
        left.append([w for w in re.findall(r"[A-Za-z]{3,}", rest) if w.lower() not in ALLOWED | command_words()])
    return [w for w in left[0] if w in left[1]]


def check_lines(text: str, lang: str, paths: list[str], what: str) -> None:
    """Every line of ``text`` is translated catalog entries and data."""
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped[0] in "{}[\"" or stripped.startswith("usage:") or line.startswith("   "):
            continue  # JSON (machine output) and argparse's usage lines (help text)
        english = [s for s in english_sentences() if s in line]
        assert not english, f"{what} ({lang}): English left: {english}\n{line}"
        words = leftover_words(line, lang, paths)
        assert not words, f"{what} ({lang}): not translated: {words}\n{line}"


# ------------------------------------------------------------------ the runs


def _free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


@pytest.fixture(scope="module")
def material(tmp_path_factory):
    """Sample games, pictures and files the commands read."""
    import cv2
    import numpy as np

    from calibration.synthetic import TILTED_HEIGHT_MM, reference_homography, render_view
    from calibration.tags import tag_image

    base = tmp_path_factory.mktemp("report lines")
    for game in ("penny-press", "scoop"):
        assert main(["sample", str(base / f"{game}.sqlite"), "--game", game, "--players", "3", "--seed", "3"]) == 0
    cv2.imwrite(str(base / "grey.png"), np.full((48, 64, 3), 200, np.uint8))
    items = [(tag_image("penny-press", "war-A1", 3.0), (131, 520)), (tag_image("penny-press", "H07", 3.0), (110, 75))]
    H = reference_homography((420, 300), tilt_deg=27.5, height_mm=TILTED_HEIGHT_MM, frame=(3840, 2160),
                             view_width_mm=1150)
    cv2.imwrite(str(base / "table.png"), render_view("penny-press-board", "board", H, (3840, 2160), items=items,
                                                     src_px_per_mm=3.0, noise_sigma=2.0))
    H = reference_homography((420, 300), tilt_deg=27.5, height_mm=TILTED_HEIGHT_MM, frame=(1280, 720),
                             view_width_mm=1150)
    cv2.imwrite(str(base / "far.png"), render_view("penny-press-board", "board", H, (1280, 720), items=items,
                                                   src_px_per_mm=3.0, hide=(3,), noise_sigma=2.0))
    (base / "bad.json").write_text("{not json", encoding="utf-8")
    (base / "note.txt").write_text("a b c\n", encoding="utf-8")
    (base / "photos").mkdir()
    cv2.imwrite(str(base / "photos" / "a.png"), np.full((48, 64, 3), 120, np.uint8))
    return base


def _runs(m: Path, run: Path, port: int) -> list[tuple[list[str], str | None]]:
    """(command line, stdin) of each run; ``m`` the material, ``run`` a folder of this run."""
    pp, sc, q = str(m / "penny-press.sqlite"), str(m / "scoop.sqlite"), str(run / "queue")
    cfg, off = str(run / "printer.json"), f"tcp://127.0.0.1:{port}"
    return [
        (["print", pp, "--final", "--out", str(run)], None),
        (["print", pp, "--press", "99", "--out", str(run)], None),
        (["print", pp, "--press", "1", "--player", "pink", "--out", str(run)], None),
        (["print", sc, "--press", "2", "--player", "1", "--out", str(run)], None),
        (["print", str(m / "missing.sqlite"), "--final"], None),
        (["print", pp, "--final", "--printer", off, "--queue", q, "--wait", "0"], None),
        (["print", pp, "--final", "--printer", off, "--queue", q, "--wait", "0"], None),
        (["print", pp, "--final", "--printer", "file:" + str(run / "lp.bin"), "--queue", q, "--wait", "2"], None),
        (["print", pp, "--final", "--printer", "lpt1"], None),
        (["print", pp, "--width", "70", "--final"], None),
        (["print-queue", "--queue", q, "--list"], None),
        (["print-queue", "--queue", q, "--wait", "0"], None),
        (["print-queue", "--queue", q, "--drop", "nosuch"], None),
        (["print-queue", "--queue", q, "--printer", "file:x"], None),
        (["print-queue", "--queue", str(run / "empty queue"), "--list"], None),
        (["print-queue", "--queue", str(run / "empty queue")], None),
        (["printer-config", "--config", cfg], None),
        (["printer-config", "--config", cfg, "width=80", "darkness=dark"], None),
        (["printer-config", "--config", cfg, "colour=1"], None),
        (["printer-config", "--config", cfg, "width=70"], None),
        (["printer-config", "--config", cfg, "darkness=9"], None),
        (["printer-config", "--config", cfg, "profile=NOPE"], None),
        (["printer-config", "--config", str(m / "bad.json")], None),
        (["calibrate", "camera"], None),
        (["calibrate", "camera", "--board-out", str(run / "board.png")], None),
        (["calibrate", "camera", "--images", str(m / "photos"), "--out", str(run / "camera.json")], None),
        (["calibrate", "table", str(m / "table.png")], None),
        (["calibrate", "table", str(m / "far.png")], None),
        (["calibrate", "table", str(m / "grey.png"), "--game", "scoop"], None),
        (["calibrate", "table", str(m / "grey.png"), "--mats", "pink"], None),
        (["calibrate", "table", str(m / "missing.png")], None),
        (["calibrate", "table", str(m / "grey.png"), "--lens", str(m / "bad.json")], None),
        (["tags", "turin-market", "--no-progress", "--out", str(run / "tags.pdf")], None),
        (["tags", "turin-market", "--no-progress", "--out", str(run / "tags.pdf")], None),
        (["tags", "scoop", "--out", str(run / "tags.png")], None),
        (["tags"], None),
        (["doctor", "--no-probe", "--printer", "file:" + str(run / "new.bin"), "--config", cfg], None),
        (["doctor", "--no-probe", "--printer", off, "--camera", "63"], None),
        (["dial", "--log", str(run / "dial.json")], "3\nx\n7\n42\nq\n"),
        (["dial", "verify", str(run / "dial.json")], None),
        (["dial", "verify", str(run / "dial.json"), "--commitment", "ab" * 32], None),
        (["dial", "verify", sc], None),
        (["dial", "verify", pp], None),
        (["dial", "verify", str(m / "grey.png")], None),
        (["dial", "verify", str(m / "bad.json")], None),
        (["scan", str(m / "missing.png")], None),
        (["scan", str(m / "note.txt")], None),
        (["scan", str(m / "photos")], None),
        (["app", "--camera", "63"], None),
        (["app", "--recording", "no-such-recording"], None),
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_every_report_line_and_error_is_in_the_players_language(lang, material, tmp_path, capfd, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    port = _free_port()   # nothing listens there: a printer that is off
    codes = {}
    for argv, stdin in _runs(material, tmp_path, port):
        if argv[0] == "print-queue" and "--list" in argv and "empty" not in argv[2]:
            (tmp_path / "queue" / "00000000000000000001-deadbeef.json").write_text("{damaged", encoding="utf-8")
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin or ""))
        try:
            code = main(["--lang", lang, *argv])
        except SystemExit as exc:  # argparse's usage errors end the command line
            code = exc.code
        out, err = capfd.readouterr()
        what = "companion " + " ".join(argv)
        assert "Traceback" not in out + err, f"{what}\n{err}"
        typed = [str(material), str(tmp_path)]   # what was typed is echoed: data
        typed += [w for a in argv if not a.startswith("-") for w in (a, *a.split("="))]
        check_lines(out, lang, typed, what)
        check_lines(err, lang, typed, what)
        codes[" ".join(Path(a).name for a in argv)] = code
    # the runs went where they should: the paths of success and of each fault are the same in every language
    assert codes["calibrate table table.png"] == 0 and codes["calibrate table far.png"] == 3
    assert codes["print penny-press.sqlite --final --out " + tmp_path.name] == 0
    assert codes[f"print penny-press.sqlite --final --printer 127.0.0.1:{port} --queue queue --wait 0"] == 3
    assert codes["dial verify scoop.sqlite"] == 0 and codes["dial verify grey.png"] == 1
    assert codes["tags turin-market --no-progress --out tags.pdf"] in (0, 1)   # written, then refused
    assert codes["print penny-press.sqlite --width 70 --final"] == 2


def test_the_checker_finds_english(material):
    """The check is not blind: an English sentence, an English word left in a
    Spanish line, and the system's own English are caught; data is not."""
    with pytest.raises(AssertionError, match="English left"):
        check_lines("x.png: not a readable image", "es", [], "t")
    with pytest.raises(AssertionError, match="not translated"):
        check_lines("impresora apagada: the socket died", "es", [], "t")  # (no text of ours)
    with pytest.raises(AssertionError, match="English left"):
        check_lines("impresora apagada: Connection refused", "es", [], "t")  # the system's English
    with pytest.raises(AssertionError, match="not translated"):
        check_lines("打印机：printer off", "zh", [], "t")
    check_lines("companion print: error: --player pink: no está en esta partida: usa un color (rojo, azul, verde) "
                "o un número de asiento 1..3", "es", ["pink"], "t")
    check_lines("g-final：已加入队列，任务 01796516264788744649-4a53f8bd，打印到 tcp://127.0.0.1:9", "zh", [], "t")


def test_the_kind_words_of_every_game_are_in_spanish_and_chinese():
    """calibrate table reports tags by kind: each word it can say has its es and zh."""
    from calibration.check import _game_tags
    from calibration.game_tags import tags_module
    from companion import registry

    for spec in registry.games().values():
        if not spec.layouts or tags_module(spec.id) is None:
            continue
        gt = _game_tags(spec.id)
        mod = tags_module(spec.id)
        said = {gt.kind_word(c) for c in mod.catalog_ids()} | {w for by in gt.kind_zones.values() for w in by}
        said -= {"board", "mat", "area"}
        for lang in LANGS:
            missing = said - set(gt.words.get(lang, {}))
            assert not missing, (spec.id, lang, missing)
