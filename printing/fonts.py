"""Fonts for the printed pages and the app's labels: a fallback chain per glyph,
right-to-left order and shaping.

Every page role (``regular``, ``bold``, ``serif_bold``) has a chain of font files:

1. the role's own face: DejaVu Sans / Sans Bold / Serif Bold (Debian
   ``fonts-dejavu-core``): Latin with Spanish accents, Greek, Cyrillic, the stars;
2. one face per script the primary face does not serve well, in the role's weight
   and style: Arabic (Noto Sans Arabic, Noto Naskh Arabic for the serif role), Hebrew,
   Thai and Devanagari (Noto Sans / Noto Serif ...), Debian ``fonts-noto-core``;
3. Chinese: WenQuanYi Micro Hei (``fonts-wqy-microhei``) or Noto Sans CJK;
4. emoji as monochrome glyphs: Symbola (``fonts-symbola``; its emoji stop at about
   Unicode 10: newer ones have no monochrome face and are refused where names are
   typed);
5. wide fallbacks (Noto Sans / Serif, the other roles' DejaVu faces: DejaVu Sans has
   the Arabic and Hebrew that DejaVu Serif Bold lacks);
6. past the chain, read only for a character none of those has: every other Noto
   face in the font folders (Bengali, Tamil, Georgian, Ethiopic, Khmer, ...:
   :func:`more_faces`), then any outline font fontconfig knows with the character.

Each user-perceived character (a base character with its combining marks, variation
selectors, skin-tone modifiers, and what a zero-width joiner joins: :func:`clusters`)
goes to one face that has all of it: the face of its script when the chain has one
(characters of Arabic, Hebrew, Thai and Devanagari, emoji from U+1F000), else the
first face whose character map (read with fontTools) holds it. Neighbouring
characters of one face make one run; whitespace stays with the primary face, so
Latin and Chinese pages are drawn as before.

Lines are laid out in the order the Unicode bidirectional algorithm gives a
left-to-right paragraph (rules W2, N1, L2, simplified to what names and labels hold;
see :func:`_segments`):
a right-to-left segment runs from a Hebrew or Arabic letter to the last strong
right-to-left character or number before the next left-to-right letter; its runs
are drawn right to left, each shaped and mirrored by libraqm (Pillow's
``ImageFont.Layout.RAQM``: HarfBuzz shaping, FriBiDi order), so Arabic letters join
and ``(`` mirrors. Pillow without libraqm cannot join or order them: then right-to-
left and complex scripts (Indic, Thai) count as characters no face draws
(:func:`missing_glyphs`), so such names are refused where they are typed, never
printed reversed or broken.

The primary and the Chinese face are required (:class:`FontMissingError` names the
Debian package to install); a missing fallback face is logged once as a warning
naming its package (:func:`missing_faces`), and its characters are reported by
:func:`missing_glyphs`.

Fonts are found at known paths (Debian, Fedora, Android's ``/system/fonts``), in the
folders of ``$TABLE_COMPANION_FONT_DIRS`` (``os.pathsep``-separated, tried first:
where a build bundles its fonts) and, failing those, through fontconfig (``fc-list``).
"""

from __future__ import annotations

import functools
import logging
import os
import shutil
import subprocess
import unicodedata
from dataclasses import dataclass

from PIL import ImageFont, features

from companion.errors import CompanionError

log = logging.getLogger(__name__)

#: Candidate files, first found wins: (package, paths).
LATIN_REGULAR = (
    "fonts-dejavu-core",
    (
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
        "/usr/local/share/fonts/DejaVuSans.ttf",
    ),
)
LATIN_BOLD = (
    "fonts-dejavu-core",
    (
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans-Bold.ttf",
        "/usr/local/share/fonts/DejaVuSans-Bold.ttf",
    ),
)
LATIN_SERIF_BOLD = (
    "fonts-dejavu-core",
    (
        "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
        "/usr/share/fonts/dejavu/DejaVuSerif-Bold.ttf",
        "/usr/share/fonts/dejavu-serif-fonts/DejaVuSerif-Bold.ttf",
    ),
)
CJK = (
    "fonts-wqy-microhei (or fonts-noto-cjk)",
    (
        "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
        "/usr/share/fonts/wqy-microhei/wqy-microhei.ttc",
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/opentype/noto/NotoSansCJKsc-Regular.otf",
        "/system/fonts/NotoSansCJK-Regular.ttc",
    ),
)

#: Environment variable with extra font files (os.pathsep separated) tried first
#: for the CJK role, for systems that keep fonts elsewhere.
ENV_CJK = "TABLE_COMPANION_CJK_FONT"
#: Environment variable with folders (os.pathsep separated) searched first for every
#: fallback face by file name (a build that bundles its fonts sets it).
ENV_DIRS = "TABLE_COMPANION_FONT_DIRS"
#: Folders searched for fallback faces by file name, after $TABLE_COMPANION_FONT_DIRS.
FONT_DIRS = (
    "/usr/share/fonts/truetype/noto",
    "/usr/share/fonts/opentype/noto",
    "/usr/share/fonts/noto",
    "/usr/share/fonts/google-noto",
    "/usr/share/fonts/google-noto-vf",
    "/usr/share/fonts/truetype/ancient-scripts",
    "/usr/share/fonts/gdouros-symbola",
    "/usr/share/fonts/truetype/dejavu",
    "/system/fonts",
)

ROLES = ("regular", "bold", "serif_bold")


@dataclass(frozen=True)
class Fallback:
    """One fallback face per role for a script: ``files`` maps each role to file
    names tried in order (in $TABLE_COMPANION_FONT_DIRS, then :data:`FONT_DIRS`),
    ``families`` the fontconfig families asked for when no file is found,
    ``ranges`` the code points (inclusive pairs) this face is preferred for over the
    primary face (empty: used only where no face before it has the character)."""

    script: str
    package: str
    files: tuple[tuple[str, tuple[str, ...]], ...]
    families: tuple[str, ...]
    ranges: tuple[tuple[int, int], ...] = ()

    def names(self, role: str) -> tuple[str, ...]:
        return dict(self.files)[role]


_ARABIC = ((0x0600, 0x06FF), (0x0750, 0x077F), (0x0870, 0x08FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF))
_EMOJI = ((0x1F000, 0x1FAFF),)

#: The fallback faces, in chain order after the role's primary face.
FALLBACKS = (
    Fallback("Arabic", "fonts-noto-core",
             (("regular", ("NotoSansArabic-Regular.ttf", "NotoNaskhArabic-Regular.ttf",
                           "NotoNaskhArabicUI-Regular.ttf")),
              ("bold", ("NotoSansArabic-Bold.ttf", "NotoNaskhArabic-Bold.ttf", "NotoNaskhArabicUI-Bold.ttf",
                        "NotoSansArabic-Regular.ttf", "NotoNaskhArabic-Regular.ttf")),
              ("serif_bold", ("NotoNaskhArabic-Bold.ttf", "NotoSansArabic-Bold.ttf", "NotoNaskhArabic-Regular.ttf",
                              "NotoSansArabic-Regular.ttf"))),
             ("Noto Sans Arabic", "Noto Naskh Arabic"), _ARABIC),
    Fallback("Hebrew", "fonts-noto-core",
             (("regular", ("NotoSansHebrew-Regular.ttf", "NotoSerifHebrew-Regular.ttf")),
              ("bold", ("NotoSansHebrew-Bold.ttf", "NotoSansHebrew-Regular.ttf")),
              ("serif_bold", ("NotoSerifHebrew-Bold.ttf", "NotoSansHebrew-Bold.ttf", "NotoSerifHebrew-Regular.ttf",
                              "NotoSansHebrew-Regular.ttf"))),
             ("Noto Sans Hebrew", "Noto Serif Hebrew"), ((0x0590, 0x05FF), (0xFB1D, 0xFB4F))),
    Fallback("Thai", "fonts-noto-core",
             (("regular", ("NotoSansThai-Regular.ttf", "NotoSerifThai-Regular.ttf")),
              ("bold", ("NotoSansThai-Bold.ttf", "NotoSansThai-Regular.ttf")),
              ("serif_bold", ("NotoSerifThai-Bold.ttf", "NotoSansThai-Bold.ttf", "NotoSerifThai-Regular.ttf",
                              "NotoSansThai-Regular.ttf"))),
             ("Noto Sans Thai", "Noto Serif Thai"), ((0x0E00, 0x0E7F),)),
    Fallback("Devanagari", "fonts-noto-core",
             (("regular", ("NotoSansDevanagari-Regular.ttf", "NotoSansDevanagari-VF.ttf",
                           "NotoSerifDevanagari-Regular.ttf")),
              ("bold", ("NotoSansDevanagari-Bold.ttf", "NotoSansDevanagari-VF.ttf",
                        "NotoSansDevanagari-Regular.ttf")),
              ("serif_bold", ("NotoSerifDevanagari-Bold.ttf", "NotoSansDevanagari-Bold.ttf",
                              "NotoSerifDevanagari-Regular.ttf", "NotoSansDevanagari-Regular.ttf"))),
             ("Noto Sans Devanagari", "Noto Serif Devanagari"), ((0x0900, 0x097F), (0xA8E0, 0xA8FF))),
)
#: Monochrome emoji, after the Chinese face.
EMOJI = Fallback("emoji", "fonts-symbola",
                 tuple((role, ("Symbola_hint.ttf", "Symbola.ttf", "symbola.ttf")) for role in ROLES),
                 ("Symbola",), _EMOJI)
#: Wide coverage last: characters none of the faces above has.
WIDE = Fallback("other", "fonts-noto-core",
                (("regular", ("NotoSans-Regular.ttf",)), ("bold", ("NotoSans-Bold.ttf", "NotoSans-Regular.ttf")),
                 ("serif_bold", ("NotoSerif-Bold.ttf", "NotoSans-Bold.ttf", "NotoSerif-Regular.ttf"))),
                ("Noto Sans", "Noto Serif"))


class FontMissingError(CompanionError):
    """No usable font file for a role; the message names the package to install."""


def _find(role: tuple[str, tuple[str, ...]], extra: tuple[str, ...] = ()) -> str:
    package, paths = role
    bundled = tuple(os.path.join(d, os.path.basename(p)) for d in _bundled_dirs()
                    for p in paths)  # $TABLE_COMPANION_FONT_DIRS first, by file name
    for path in (*extra, *bundled, *paths):
        if path and os.path.isfile(path):
            return path
    from companion.clitext import tx

    raise FontMissingError(tx("fonts.missing", "no font file found for printing (tried {paths}); install the Debian "
                              "package {package} (sudo apt-get install {apt})", paths=", ".join((*extra, *paths)),
                              package=package, apt=package.split()[0]))


def _bundled_dirs() -> tuple[str, ...]:
    return tuple(d for d in os.environ.get(ENV_DIRS, "").split(os.pathsep) if d)


def _font_dirs() -> tuple[str, ...]:
    return (*_bundled_dirs(), *FONT_DIRS)


def _fc_file(family: str, bold: bool) -> str | None:
    """A font file of ``family`` (bold or regular style) through fontconfig, None
    without fontconfig or such a family."""
    if not shutil.which("fc-list"):
        return None
    pattern = f"{family}:style={'Bold' if bold else 'Regular'}"
    try:
        out = subprocess.run(["fc-list", "-f", "%{file}\n", pattern], capture_output=True, text=True,
                             timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    files = sorted(p for p in out.splitlines() if p.lower().endswith((".ttf", ".otf", ".ttc")))
    return next((p for p in files if os.path.isfile(p)), None)


def find_fallback(face: Fallback, role: str) -> str | None:
    """The file of ``face`` for ``role`` on this system, None when it has none."""
    dirs = _font_dirs()
    for name in face.names(role):
        for d in dirs:
            path = os.path.join(d, name)
            if os.path.isfile(path):
                return path
    for family in face.families:
        path = _fc_file(family, role != "regular")
        if path:
            return path
    return None


@functools.lru_cache(maxsize=None)
def cmap_of(path: str) -> frozenset[int]:
    """Code points the font file at ``path`` has a glyph for (first face of a .ttc)."""
    from fontTools.ttLib import TTFont

    font = TTFont(path, fontNumber=0, lazy=True)
    try:
        return frozenset(font.getBestCmap() or {})
    finally:
        font.close()


@dataclass(frozen=True)
class FontSet:
    """Font files for the pages: the primary face of each role, the CJK face and,
    per role, the whole fallback chain (``chains``: ``(role, paths)`` pairs; the
    primary first). ``preferred`` maps code point ranges to the chain faces of their
    script: ``(role, ((low, high, path), ...))`` pairs. ``missing`` names the fallback
    faces not found: ``(script, package)`` pairs."""

    regular: str
    bold: str
    serif_bold: str
    cjk: str
    chains: tuple[tuple[str, tuple[str, ...]], ...] = ()
    preferred: tuple[tuple[str, tuple[tuple[int, int, str], ...]], ...] = ()
    missing: tuple[tuple[str, str], ...] = ()

    def primary(self, role: str) -> str:
        return {"regular": self.regular, "bold": self.bold, "serif_bold": self.serif_bold}[role]

    def chain(self, role: str) -> "Chain":
        """The :class:`Chain` of ``role`` (``regular``, ``bold``, ``serif_bold``)."""
        chains, preferred = dict(self.chains), dict(self.preferred)
        faces = chains.get(role) or (self.primary(role), self.cjk)
        return Chain(faces, preferred.get(role, ()), role)

    def all_faces(self) -> tuple[str, ...]:
        """Every face used on a page, each once."""
        seen: dict[str, None] = {self.regular: None, self.bold: None, self.serif_bold: None, self.cjk: None}
        for _role, faces in self.chains:
            seen.update(dict.fromkeys(faces))
        return tuple(seen)


@dataclass(frozen=True)
class Chain:
    """Font files in fallback order (``faces[0]`` the primary), the ranges whose
    characters go to a script's face first (``preferred``: ``(low, high, path)``),
    the ``role`` whose further faces (:func:`more_faces`) are tried last, and
    ``further``: False to try none past ``faces``."""

    faces: tuple[str, ...]
    preferred: tuple[tuple[int, int, str], ...] = ()
    role: str = "regular"
    further: bool = True

    def with_primary(self, path: str) -> "Chain":
        """This chain with ``path`` as its primary face (the app's label font)."""
        return Chain((path, *(f for f in self.faces if f != path)), self.preferred, self.role, self.further)


#: File name patterns of the further faces per role, in order (globbed in the font
#: folders): every script Noto has, for characters none of the chain's faces has.
_MORE = {
    "regular": ("NotoSans*-Regular.*", "NotoSerif*-Regular.*", "Noto*-Regular.*"),
    "bold": ("NotoSans*-Bold.*", "NotoSerif*-Bold.*", "NotoSans*-Regular.*", "Noto*-Regular.*"),
    "serif_bold": ("NotoSerif*-Bold.*", "NotoSans*-Bold.*", "NotoSerif*-Regular.*", "Noto*-Regular.*"),
}


def _outline_font(path: str) -> bool:
    """True for a font file Pillow draws at any size in one colour (no colour
    bitmap or layer tables: Noto Color Emoji is left out)."""
    if not path.lower().endswith((".ttf", ".otf", ".ttc")):
        return False
    try:
        from fontTools.ttLib import TTFont

        font = TTFont(path, fontNumber=0, lazy=True)
        try:
            return not any(t in font for t in ("CBDT", "sbix", "COLR", "SVG "))
        finally:
            font.close()
    except Exception:  # noqa: BLE001 - unreadable: not used
        return False


@functools.lru_cache(maxsize=None)
def more_faces(role: str) -> tuple[str, ...]:
    """Further faces for ``role``, tried after the chain: every Noto file in the font
    folders ($TABLE_COMPANION_FONT_DIRS, :data:`FONT_DIRS`) by the role's patterns
    (e.g. Bengali, Tamil, Georgian, Ethiopic, Khmer from ``fonts-noto-core``).
    Read only when a character is in none of the chain's faces."""
    import glob

    out: dict[str, None] = {}
    for pattern in _MORE[role]:
        for d in _font_dirs():
            for path in sorted(glob.glob(os.path.join(d, pattern))):
                if os.path.isfile(path) and "Color" not in os.path.basename(path) and _outline_font(path):
                    out.setdefault(path, None)
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def _fc_faces(cp: int) -> tuple[str, ...]:
    """Font files fontconfig knows with a glyph for code point ``cp`` (outline
    fonts only), last resort of every chain; () without fontconfig."""
    if not shutil.which("fc-list"):
        return ()
    try:
        out = subprocess.run(["fc-list", "-f", "%{file}\n", f":charset={cp:x}"], capture_output=True,
                             text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return ()
    return tuple(p for p in sorted(set(out.splitlines())) if os.path.isfile(p) and _outline_font(p)
                 and cp in cmap_of(p))


def _further(chain: Chain, cps: list[int]):
    """The faces past the chain that may hold ``cps``: :func:`more_faces`, then
    fontconfig's for the first code point (none when ``chain.further`` is False)."""
    if not chain.further:
        return
    yield from more_faces(chain.role)
    if cps:
        yield from _fc_faces(cps[0])


@functools.lru_cache(maxsize=1)
def system_fonts() -> FontSet:
    """Find the fonts on this system. Raises :class:`FontMissingError` when a primary
    face or the CJK face is missing; a missing fallback face is logged (once) and
    listed in ``FontSet.missing``."""
    extra = tuple(p for p in os.environ.get(ENV_CJK, "").split(os.pathsep) if p)
    primary = {"regular": _find(LATIN_REGULAR), "bold": _find(LATIN_BOLD),
               "serif_bold": _find(LATIN_SERIF_BOLD)}
    cjk = _find(CJK, extra)
    missing: dict[tuple[str, str], None] = {}
    chains, preferred = [], []
    for role in ROLES:
        faces: dict[str, None] = {primary[role]: None}
        prefer: list[tuple[int, int, str]] = []

        def add(face: Fallback) -> None:
            path = find_fallback(face, role)
            if path is None:
                missing[(face.script, face.package)] = None
                return
            faces.setdefault(path, None)
            prefer.extend((lo, hi, path) for lo, hi in face.ranges)

        for face in FALLBACKS:
            add(face)
        faces.setdefault(cjk, None)
        add(EMOJI)
        add(WIDE)
        # the other roles' primary faces last: DejaVu Sans has Arabic and Hebrew
        # that DejaVu Serif Bold lacks
        for other in ("bold", "regular", "serif_bold"):
            faces.setdefault(primary[other], None)
        chains.append((role, tuple(faces)))
        preferred.append((role, tuple(prefer)))
    fonts = FontSet(primary["regular"], primary["bold"], primary["serif_bold"], cjk, tuple(chains),
                    tuple(preferred), tuple(missing))
    for script, package in fonts.missing:
        log.warning("no %s font found: such characters cannot be printed or shown; install the Debian "
                    "package %s (sudo apt-get install %s)", script, package, package)
    return fonts


def missing_faces() -> tuple[tuple[str, str], ...]:
    """``(script, Debian package)`` of each fallback face this system lacks."""
    return system_fonts().missing


# --- characters ------------------------------------------------------------------

#: Right-to-left bidirectional classes (strong R and AL) and numbers that follow them.
_RTL = frozenset({"R", "AL"})
_NUMBERS = frozenset({"EN", "AN"})


def invisible(ch: str) -> bool:
    """True for characters drawn as nothing that fonts need not have: format
    characters (zero-width joiner and non-joiner, direction marks, soft hyphen, tag
    characters) and variation selectors."""
    cp = ord(ch)
    return (unicodedata.category(ch) == "Cf" or 0xFE00 <= cp <= 0xFE0F or 0xE0100 <= cp <= 0xE01EF)


def joins_previous(ch: str) -> bool:
    """True when ``ch`` belongs to the character before it (no line break or font
    change in between): combining marks, zero-width joiners, variation selectors,
    skin-tone modifiers, tag characters."""
    cp = ord(ch)
    return (unicodedata.category(ch) in ("Mn", "Mc", "Me") or cp in (0x200C, 0x200D)
            or 0xFE00 <= cp <= 0xFE0F or 0xE0100 <= cp <= 0xE01EF or 0x1F3FB <= cp <= 0x1F3FF
            or 0xE0020 <= cp <= 0xE007F)


def clusters(text: str) -> list[str]:
    """``text`` cut into user-perceived characters: a base character with what
    :func:`joins_previous` attaches to it, and the character a zero-width joiner
    (U+200D) joins (emoji sequences)."""
    out: list[str] = []
    for ch in text:
        if out and (joins_previous(ch) or out[-1].endswith("\u200d")):
            out[-1] += ch
        else:
            out.append(ch)
    return out


def is_emoji(cluster: str) -> bool:
    """True when ``cluster`` (:func:`clusters`) is an emoji: a pictograph or symbol
    from the emoji blocks, a flag, or a character asked to show as emoji (U+FE0F)
    or as a keycap (U+20E3)."""
    cp = ord(cluster[0])
    return (0x1F000 <= cp <= 0x1FAFF or 0x2600 <= cp <= 0x27BF or 0x2B00 <= cp <= 0x2BFF
            or "\ufe0f" in cluster or "\u20e3" in cluster)


#: Scripts that need shaping (joining, reordering, stacked marks) to be readable.
_COMPLEX = ((0x0590, 0x08FF), (0x0900, 0x0DFF), (0x0E00, 0x0EFF), (0x0F00, 0x109F), (0x1780, 0x18AF),
            (0xA8E0, 0xA8FF), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFF))


def needs_shaping(ch: str) -> bool:
    """True for characters a renderer without shaping and bidi (Kivy's SDL2 text,
    Pillow without libraqm) draws wrongly: right-to-left letters, complex scripts
    (Arabic, Hebrew, Indic, Thai, ...), combining marks, joiners."""
    cp = ord(ch)
    return (unicodedata.bidirectional(ch) in _RTL or any(lo <= cp <= hi for lo, hi in _COMPLEX)
            or joins_previous(ch) or invisible(ch))


@functools.lru_cache(maxsize=1)
def can_shape() -> bool:
    """True when Pillow lays text out with libraqm (HarfBuzz shaping and FriBiDi
    order): the pip wheels bundle libraqm and load FriBiDi at run time (Debian
    ``libfribidi0``)."""
    try:
        return bool(features.check("raqm"))
    except Exception:  # noqa: BLE001 - a Pillow without the feature table
        return False


# --- runs --------------------------------------------------------------------------


def _pick(cluster: str, chain: Chain) -> str | None:
    """The face for one cluster: its script's face if the chain has one holding it,
    else the first face holding every visible character (the chain's, then the
    further faces: :func:`_further`), else the first holding its base character;
    None for a cluster of invisible characters only or one no face has."""
    need = [ord(c) for c in cluster if not invisible(c)]
    if not need:
        return None
    base = need[0]
    for lo, hi, path in chain.preferred:
        if lo <= base <= hi and all(cp in cmap_of(path) for cp in need):
            return path
    for path in chain.faces:
        have = cmap_of(path)
        if all(cp in have for cp in need):
            return path
    if base in _chain_union(chain):
        return next(p for p in chain.faces if base in cmap_of(p))  # a mark drawn as the face has it
    for path in _further(chain, need):
        if all(cp in cmap_of(path) for cp in need):
            return path
    for path in _further(chain, need):
        if base in cmap_of(path):
            return path
    return None


@functools.lru_cache(maxsize=64)
def _chain_union(chain: Chain) -> frozenset[int]:
    have: set[int] = set()
    for p in chain.faces:
        have |= cmap_of(p)
    return frozenset(have)


def covered(ch: str, chain: Chain) -> bool:
    """True when a face of ``chain`` (or one past it: :func:`_further`) has ``ch``."""
    cp = ord(ch)
    return cp in _chain_union(chain) or any(cp in cmap_of(p) for p in _further(chain, [cp]))


@dataclass(frozen=True)
class Run:
    """A piece of a line drawn with one face: ``path``, ``text`` in logical order,
    ``rtl`` when it is drawn right to left (inside a right-to-left segment)."""

    path: str
    text: str
    rtl: bool = False

    @property
    def direction(self) -> str | None:
        """Pillow's ``direction`` for this run: "rtl", or None (Pillow's default,
        left to right)."""
        return "rtl" if self.rtl else None


def _face_runs(text: str, chain: Chain, rtl: bool) -> list[Run]:
    """Logical-order runs of ``text``: each cluster's face, whitespace with the
    primary face, invisible characters with the cluster before them."""
    primary = chain.faces[0]
    out: list[Run] = []
    for cl in clusters(text):
        if cl.isspace():
            path = primary
        else:
            path = _pick(cl, chain)
            if path is None:
                path = out[-1].path if out else primary
        if out and out[-1].path == path:
            out[-1] = Run(path, out[-1].text + cl, rtl)
        else:
            out.append(Run(path, cl, rtl))
    return out


def _segments(text: str) -> list[tuple[str, bool]]:
    """``text`` cut into left-to-right and right-to-left segments, as the Unicode
    bidirectional algorithm orders a left-to-right paragraph: a right-to-left segment
    runs from a strong right-to-left character to the last right-to-left character
    or number (EN, AN) before the next strong left-to-right character; the neutrals
    around it stay left to right. One departure, for text made from templates with a
    name put in: a number joins the segment only when no more than spaces and number
    separators stand between it and the right-to-left text, so "Red (ليلى) · 3
    stories" keeps "3 stories" after the name, as if the name were isolated (UAX #9
    FSI), where the plain rules would pull the 3 into the name's segment. Arabic-Indic
    digits (AN) start a segment as a right-to-left letter does ("٣ أيام" reads with
    the digit at the right end)."""
    classes = [unicodedata.bidirectional(c) for c in text]
    out: list[tuple[str, bool]] = []
    i, n = 0, len(text)
    start = 0
    while i < n:
        if classes[i] in _RTL or classes[i] == "AN":  # Arabic-Indic digits lead as the letters do (I1, N1)
            if i > start:
                out.append((text[start:i], False))
            j = i
            last = i
            gap_ok = True  # only spaces and number separators since the last kept character
            while j < n and classes[j] != "L":
                c = classes[j]
                if c in _RTL or (c in _NUMBERS and gap_ok) or (joins_previous(text[j]) and last == j - 1):
                    last = j
                    gap_ok = True
                elif c not in ("WS", "CS", "ES", "ET", "BN", "NSM"):
                    gap_ok = False
                j += 1
            out.append((text[i:last + 1], True))
            start = i = last + 1
        else:
            i += 1
    if start < n:
        out.append((text[start:], False))
    return out


@functools.lru_cache(maxsize=16384)
def runs(text: str, chain: Chain) -> tuple[Run, ...]:
    """``text`` (one line) as the runs to draw from left to right: per-glyph face
    (:func:`_pick`) and right-to-left segments with their runs in reverse order."""
    out: list[Run] = []
    for seg, rtl in _segments(text):
        parts = _face_runs(seg, chain, rtl)
        out.extend(reversed(parts) if rtl else parts)
    return tuple(out)


@functools.lru_cache(maxsize=256)
def truetype(path: str, size_px: int) -> ImageFont.FreeTypeFont:
    """A Pillow font at ``size_px`` pixels (= printer dots), cached."""
    return ImageFont.truetype(path, size_px, index=0)


@functools.lru_cache(maxsize=65536)
def advance(path: str, size_px: int, text: str, direction: str | None = None) -> float:
    """Advance width in dots of ``text`` drawn with one font (cached)."""
    if direction and can_shape():
        return truetype(path, size_px).getlength(text, direction=direction)
    return truetype(path, size_px).getlength(text)


def run_width(run: Run, size_px: int, cjk: str | None = None) -> float:
    """Width in dots of one run. Runs of the CJK face ``cjk`` are measured a
    character at a time, which is exact for fonts without kerning between
    ideographs and lets wrapping reuse the cache."""
    if run.path == cjk and not run.rtl:
        return sum(advance(run.path, size_px, ch) for ch in run.text)
    return advance(run.path, size_px, run.text, run.direction)


def width(text: str, size_px: int, chain: Chain, cjk: str | None = None) -> float:
    """Width in dots of ``text`` drawn with ``chain`` (see :func:`runs`)."""
    return sum(run_width(r, size_px, cjk) for r in runs(text, chain))


def draw_text(draw, xy: tuple[float, float], text: str, size_px: int, chain: Chain, fill,
              cjk: str | None = None, anchor: str = "ls", **kw) -> float:
    """Draw ``text`` on a Pillow ``ImageDraw`` from ``xy`` (x, baseline with the
    default anchor), run by run; returns the x after it. ``kw`` goes to
    ``ImageDraw.text`` (e.g. ``stroke_width``)."""
    x, y = xy
    for run in runs(text, chain):
        shown = run.text if can_shape() else "".join(c for c in run.text if not invisible(c))
        opts = dict(kw)
        if run.rtl and can_shape():
            opts["direction"] = "rtl"
        draw.text((x, y), shown, font=truetype(run.path, size_px), fill=fill, anchor=anchor, **opts)
        x += run_width(run, size_px, cjk)
    return x


# --- the glyph check -------------------------------------------------------------


def missing_glyphs(text: str, fonts: FontSet | None = None) -> str:
    """Characters of ``text`` that some page role's chain cannot draw (its primary,
    script, Chinese, emoji and wide faces and the further Noto and fontconfig faces:
    :func:`covered`), each once in code point order. The app's labels draw with
    the same faces after their own font (ui.fonts), so what passes here shows on
    screen too. Whitespace and invisible characters
    (:func:`invisible`) need no glyph. Without libraqm (:func:`can_shape`) the
    characters that need shaping count as missing too. Control characters,
    unassigned and private-use code points always count."""
    fonts = fonts or system_fonts()
    chains = [fonts.chain(role) for role in ROLES]
    shape = can_shape()
    out = set()
    for c in set(text):
        cat = unicodedata.category(c)
        if c in "\n\t\r" or (c.isspace() and cat != "Cc"):
            continue
        if cat in ("Cc", "Cs", "Cn", "Co"):
            out.add(c)
        elif invisible(c):
            continue
        elif not shape and needs_shaping(c):
            out.add(c)
        elif not all(covered(c, ch) for ch in chains):
            out.add(c)
    return "".join(sorted(out))
