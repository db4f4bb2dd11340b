"""The gettext catalogs are in step with the code: every text pybabel extracts
(babel.cfg: N_ / NP_ declarations under ui/ and printing/, one domain each) has
its es and zh translation, not
fuzzy, with the same {placeholders}; no catalog keeps a text the code no longer
has; the Plural-Forms are Babel's CLDR rules; every literal key the code and the
.kv files look up is declared. Fix with `bash scripts/i18n.sh`, then translate."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.plurals import get_plural

from companion import gettext_po
from ui import i18n, i18n_catalog

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS = {"N_": ((1, "c"), 2), "NP_": ((1, "c"), 2, 3)}


DOMAINS = ("ui", "printing")  # each: <domain>/locale/<lang>/LC_MESSAGES/<domain>.po
#: the command line's texts (domain cli, companion/locale; tests/test_cli_i18n.py) come from these too
CLI_SOURCES = ("companion", "calibration", "vision", "play")


def extracted(domain: str = "ui") -> dict[str, object]:
    """context -> msgid (str, or (singular, plural)) as pybabel extract finds them."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    out = {}
    for _file, _line, msg, _comments, ctxt in extract_from_dir(str(ROOT / domain), method_map, options_map,
                                                             keywords=KEYWORDS):
        assert ctxt, f"{_file}:{_line}: a text without its key"
        assert ctxt not in out or out[ctxt] == msg, f"key {ctxt} declared twice with different English"
        out[ctxt] = msg
    return out


def problems(catalog, found: dict[str, object]) -> list[str]:
    """What keeps ``catalog`` (a Babel Catalog) from being in step with ``found``."""
    out = []
    have = {m.context: m for m in catalog if m.id}
    for key, msgid in found.items():
        m = have.get(key)
        if m is None:
            out.append(f"{key}: missing")
            continue
        if (tuple(m.id) if m.pluralizable else m.id) != msgid:
            out.append(f"{key}: English changed in the code, the catalog has {m.id!r}")
        forms = list(m.string) if m.pluralizable else [m.string]
        if m.fuzzy or not all(forms):
            out.append(f"{key}: not translated" + (" (fuzzy)" if m.fuzzy else ""))
        english = " ".join(msgid) if isinstance(msgid, tuple) else msgid
        for form in forms:
            if form and i18n.placeholders(form) != i18n.placeholders(english):
                out.append(f"{key}: placeholders {sorted(i18n.placeholders(form))} "
                           f"!= {sorted(i18n.placeholders(english))}")
    out += [f"{key}: in the catalog, no longer in the code" for key in set(have) - set(found)]
    return out


def test_extraction_finds_the_declarations():
    found = extracted()
    assert len(found) > 300 and found["nav.live"] == "Table"
    assert found["panel.home"] == ("{n} reporter home", "{n} reporters home")
    printed = extracted("printing")
    assert printed["label.stories"] == ("{n} story", "{n} stories") and printed["beat.war"] == "War"


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", i18n_catalog.CATALOG_LANGS)
def test_every_extracted_text_is_translated_in_the_catalog(lang, domain):
    bad = problems(gettext_po.catalog(domain, domain, lang), extracted(domain))
    assert not bad, f"{domain}/locale/{lang}/LC_MESSAGES/{domain}.po (run bash scripts/i18n.sh, then " \
        "translate):\n" + "\n".join(sorted(bad))


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", i18n_catalog.CATALOG_LANGS)
def test_plural_forms_are_babels_cldr_rules(lang, domain):
    cat = gettext_po.catalog(domain, domain, lang)
    assert cat.plural_forms == get_plural(lang).plural_forms
    assert i18n.trn("panel.home", lang, 1) != i18n.trn("panel.home", lang, 1000000) or lang == "zh"


def test_the_checker_catches_a_missing_a_fuzzy_and_a_stale_text():
    from babel.messages.catalog import Catalog

    cat = Catalog(locale="es")
    cat.add("Table", "Mesa", context="nav.live")
    cat.add("Old", "Viejo", context="gone.key")
    cat.add("Back", "Volver", context="nav.back", flags=("fuzzy",))
    cat.add("{n} x", "{m} y", context="bad.placeholders")
    found = {"nav.live": "Table", "nav.back": "Back", "new.key": "New", "bad.placeholders": "{n} x"}
    bad = " | ".join(problems(cat, found))
    assert "new.key: missing" in bad and "gone.key: in the catalog" in bad
    assert "nav.back: not translated (fuzzy)" in bad and "bad.placeholders: placeholders" in bad
    assert "nav.live" not in bad


def test_every_literal_key_looked_up_is_declared():
    declared = i18n.declared()
    pat = re.compile(r"""(?<![.\w])trn?\(\s*["']([a-z][\w.\-]*)["']""")
    missing = []
    for path in list((ROOT / "ui").rglob("*.py")) + list((ROOT / "ui").rglob("*.kv")):
        if "games" in path.parts:  # the games' texts modules have their own tr
            continue
        for key in pat.findall(path.read_text(encoding="utf-8")):
            if key not in declared and key not in i18n.TEXTS:
                missing.append(f"{path.relative_to(ROOT)}: {key}")
    assert not missing, missing


def test_the_catalogs_compile_with_gnu_msgfmt_when_it_is_installed():
    """GNU gettext's own check (format strings, plural counts, header) agrees."""
    import shutil
    import subprocess

    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("msgfmt (gettext) not installed")
    for domain in DOMAINS:
        for lang in i18n_catalog.CATALOG_LANGS:
            po = ROOT / domain / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"
            r = subprocess.run([msgfmt, "--check", "-o", "/dev/null", str(po)], capture_output=True, text=True)
            assert r.returncode == 0 and "warning" not in r.stderr, r.stderr


def _copy_for_i18n_sh(dest: Path) -> None:
    """What scripts/i18n.sh reads and writes: the script, babel.cfg, every .py under
    ui/ and printing/ and their catalogs, and the command line's (domain cli: the .py
    files of companion/, calibration/, vision/ and play/ too, companion/locale) (no data
    files, no caches)."""
    import shutil

    (dest / "scripts").mkdir()
    shutil.copy2(ROOT / "scripts" / "i18n.sh", dest / "scripts" / "i18n.sh")
    shutil.copy2(ROOT / "babel.cfg", dest / "babel.cfg")
    for domain in (*DOMAINS, *CLI_SOURCES):
        for src in (ROOT / domain).rglob("*"):
            if src.is_file() and src.suffix in (".py", ".po") and "__pycache__" not in src.parts:
                target = dest / src.relative_to(ROOT)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, target)


def test_i18n_sh_twice_leaves_the_committed_catalogs_byte_identical(tmp_path):
    """A run of scripts/i18n.sh with no text changed must change no byte of any
    catalog (no entry re-wrapped, moved or re-flagged), and a second run neither:
    the catalogs as committed are exactly what the script writes."""
    import os
    import subprocess
    import sys

    _copy_for_i18n_sh(tmp_path)
    pos = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.po"))
    games = sorted({p.parents[3].name for p in pos if p.parts[:2] == ("companion", "games")})
    assert games  # each game's own words (companion/games/<folder>/locale)
    assert len(pos) == 2 * (len(DOMAINS) + 1 + len(games))  # + companion/locale's cli.po
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    for run in (1, 2):
        subprocess.run(["bash", "scripts/i18n.sh"], cwd=tmp_path, env=env, check=True,
                       capture_output=True, text=True)
        changed = [str(p) for p in pos if (tmp_path / p).read_bytes() != (ROOT / p).read_bytes()]
        assert not changed, (f"run {run} of scripts/i18n.sh changed {changed}: run it once more after "
                             "writing translations by hand and commit what it writes")


def test_every_catalog_passes_msgfmt_check():
    """GNU msgfmt -c (format strings, headers, plural forms) accepts every .po file of
    the repository: a " % s" in a brace-format msgid makes gettext call it a
    python-format string that its translation then breaks (issue 29, words29 item 6)."""
    import shutil
    import subprocess
    from pathlib import Path

    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("GNU gettext's msgfmt is not installed (apt install gettext)")
    root = Path(__file__).resolve().parents[2]
    catalogs = [p for p in root.rglob("*.po") if ".venv" not in p.parts and "demo-output" not in p.parts]
    assert len(catalogs) >= 6
    bad = {}
    for po in catalogs:
        run = subprocess.run([msgfmt, "-c", "-o", "/dev/null", str(po)], capture_output=True, text=True)
        if run.returncode != 0:
            bad[str(po.relative_to(root))] = run.stderr.strip()
    assert not bad, bad
