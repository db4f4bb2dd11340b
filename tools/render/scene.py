"""Render camera-like frames of placed components, with per-tag ground truth.

The renderer samples every component's flat texture through the camera (lens
distortion included) with ``cv2.remap``: for each frame pixel the camera gives the
table point under it (tools.render.camera.Camera.table_map), the component's pose
turns that into texture pixels. Textures are drawn at about twice the local frame
scale (px per mm), so modules stay square and sharp before the optical effects.

Graphics are plain colours and our own simple shapes (no publisher artwork).

Ground truth (:class:`TagTruth`) per tag: what a decoder should read (QR payload or
``aruco:<dictionary>:<id>``), its four corners in px (TL, TR, BR, BL of the symbol,
quiet zone excluded, as read), px per module, the visible fraction (not hidden by
another component, the hand or the frame edge) and the glare fraction.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field

import cv2
import numpy as np

from tools.render.camera import Camera
from tools.render.effects import CLEAN, Effects, Hand, apply_effects, draw_hand, glare_field
from tools.render.parts import Placed, tag_texture

#: Glare (additive grey levels) above which a pixel counts as washed out.
GLARE_THRESHOLD = 128.0


@dataclass(frozen=True)
class TagTruth:
    """Ground truth of one tag in one frame.

    key: decoder text (QR payload) or ``aruco:<dict>:<id>``; symbol: ``qr``/``aruco``.
    corners_px: ((x, y) * 4) TL, TR, BR, BL, frame px, lens distortion included.
    px_per_module: mean projected side (px) / modules. visible: fraction 0..1 of the
    symbol seen (not under another piece, the hand, or outside the frame); glare:
    fraction 0..1 washed out by glare. surface / zone / sx_mm / sy_mm: where the
    component lies (surface mm).
    """

    component: str
    kind: str
    key: str
    symbol: str
    corners_px: tuple[tuple[float, float], ...]
    px_per_module: float
    visible: float
    glare: float
    surface: str
    zone: str | None
    sx_mm: float
    sy_mm: float

    @property
    def occluded(self) -> float:
        """1 - visible."""
        return 1.0 - self.visible

    def to_json(self) -> dict:
        d = asdict(self)
        d["corners_px"] = [[round(x, 2), round(y, 2)] for x, y in self.corners_px]
        for k in ("px_per_module", "visible", "glare", "sx_mm", "sy_mm"):
            d[k] = round(d[k], 3)
        return d


@dataclass
class Frame:
    """One rendered frame: ``image`` (H, W, 3) uint8 BGR, ``tags`` ground truth,
    ``placed`` the components as they lie, ``hand_mask`` (H, W) uint8 or None."""

    image: np.ndarray
    tags: list[TagTruth]
    placed: list[Placed]
    hand_mask: np.ndarray | None = None
    hand: Hand | None = None
    meta: dict = field(default_factory=dict)


def _poly_area(p: np.ndarray) -> float:
    x, y = p[:, 0], p[:, 1]
    return 0.5 * abs(float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))))


class SceneRenderer:
    """Renders lists of :class:`Placed` through one camera.

    Heavy per-camera work (the table map under every pixel, the table background) is
    done once here; textures are cached per component and scale. ``texture_fn``
    (optional) draws a component's face: ``f(placed, px_per_mm) -> BGRA uint8``
    without the tag; the default draws a plain coloured face with a border and label.
    """

    def __init__(self, camera: Camera, *, table_colour=(70, 110, 150), texture_fn=None):
        self.camera = camera
        self.mx, self.my = camera.table_map()
        self.background = self._table_background(table_colour)
        self.texture_fn = texture_fn or default_face
        self._tex_cache: dict = {}

    # -- background ------------------------------------------------------------------
    def _table_background(self, colour) -> np.ndarray:
        x, y = self.mx, self.my
        # broad, soft wood grain (period about 14 cm): fine stripes would only
        # cost video bits without making tags any harder to read
        grain = np.sin(y * 0.045 + 2.5 * np.sin(x * 0.004)) * 9.0
        base = np.array(colour, np.float32)[None, None, :]
        img = base + grain[..., None] * np.array([0.6, 0.8, 1.0], np.float32)
        return np.clip(img, 0, 255).astype(np.uint8)

    # -- textures ----------------------------------------------------------------------
    def _texture(self, item: Placed, scale: float) -> np.ndarray:
        key = (item.component, item.kind, item.size_mm, item.tag, item.label,
               item.colour, item.round, scale, tuple(sorted(item.extra.items())) if
               item.kind not in ("board", "mat") else item.kind)
        tex = self._tex_cache.get(key)
        if tex is None:
            tex = self.texture_fn(item, scale)
            if item.tag is not None:
                t = tag_texture(item.tag, scale)
                th, tw = t.shape
                cx = (item.size_mm[0] / 2 + item.tag.offset_mm[0]) * scale
                cy = (item.size_mm[1] / 2 + item.tag.offset_mm[1]) * scale
                x0, y0 = int(round(cx - tw / 2)), int(round(cy - th / 2))
                sub = tex[max(0, y0):y0 + th, max(0, x0):x0 + tw]
                tsub = t[max(0, -y0):max(0, -y0) + sub.shape[0],
                         max(0, -x0):max(0, -x0) + sub.shape[1]]
                sub[..., :3] = tsub[..., None]
                sub[..., 3] = 255
            if len(self._tex_cache) > 600:
                self._tex_cache.clear()
            self._tex_cache[key] = tex
        return tex

    def _scale_for(self, item: Placed) -> float:
        local = self.camera.px_per_mm((item.x_mm, item.y_mm))
        if item.kind in ("board", "mat"):
            return float(min(4.0, max(1.0, round(2 * local * 2) / 2)))
        return float(min(12.0, max(4.0, round(2.5 * local * 2) / 2)))

    # -- rendering -------------------------------------------------------------------
    def _roi(self, corners_mm: np.ndarray, pad: int = 3):
        edges = []
        for i in range(4):
            a, b = corners_mm[i], corners_mm[(i + 1) % 4]
            for t in np.linspace(0, 1, 9)[:-1]:
                edges.append(a + (b - a) * t)
        p = self.camera.project(np.array(edges))
        if np.isnan(p).any():
            return None
        x0 = max(0, int(math.floor(p[:, 0].min())) - pad)
        y0 = max(0, int(math.floor(p[:, 1].min())) - pad)
        x1 = min(self.camera.width, int(math.ceil(p[:, 0].max())) + pad + 1)
        y1 = min(self.camera.height, int(math.ceil(p[:, 1].max())) + pad + 1)
        if x1 <= x0 or y1 <= y0:
            return None
        return x0, y0, x1, y1

    def render_clean(self, items: list[Placed]) -> tuple[np.ndarray, np.ndarray]:
        """Draw the items (lowest layer first) on the table background.

        Returns (image (H, W, 3) uint8 BGR, labels (H, W) int32: index into
        ``sorted_items(items)`` of the component seen at each pixel, -1 = table)."""
        img = self.background.copy()
        labels = np.full(img.shape[:2], -1, np.int32)
        for idx, item in enumerate(sorted_items(items)):
            if item.height_mm > 0:
                self._draw_raised(img, labels, idx, item)
                continue
            roi = self._roi(item.corners_mm())
            if roi is None:
                continue
            x0, y0, x1, y1 = roi
            scale = self._scale_for(item)
            tex = self._texture(item, scale)
            a = math.radians(item.angle_deg)
            dx = self.mx[y0:y1, x0:x1] - np.float32(item.x_mm)
            dy = self.my[y0:y1, x0:x1] - np.float32(item.y_mm)
            lx = dx * np.float32(math.cos(a)) - dy * np.float32(math.sin(a))
            ly = dx * np.float32(math.sin(a)) + dy * np.float32(math.cos(a))
            u = (lx + np.float32(item.size_mm[0] / 2)) * np.float32(scale) - 0.5
            v = (ly + np.float32(item.size_mm[1] / 2)) * np.float32(scale) - 0.5
            s = cv2.remap(tex, u, v, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                          borderValue=(0, 0, 0, 0))
            alpha = s[..., 3:4].astype(np.float32) / 255.0
            region = img[y0:y1, x0:x1]
            region[:] = (s[..., :3] * alpha + region * (1 - alpha)).astype(np.uint8)
            labels[y0:y1, x0:x1][alpha[..., 0] > 0.5] = idx
        return img, labels

    #: direction (table mm per mm of height) a raised piece's shadow falls: away
    #: from a lamp above and behind the far edge of the table
    SHADOW_DIR = (0.35, 0.55)

    def _outline_px(self, item: Placed, z_mm: float) -> np.ndarray:
        c = item.corners_mm() if not item.round else item.local_to_table(
            [[item.size_mm[0] / 2 * math.cos(t), item.size_mm[1] / 2 * math.sin(t)]
             for t in np.linspace(0, 2 * math.pi, 24, endpoint=False)])
        return self.camera.project(np.column_stack([c, np.full(len(c), z_mm)]))

    def _draw_raised(self, img: np.ndarray, labels: np.ndarray, idx: int, item: Placed) -> None:
        """A piece standing ``height_mm`` tall: its shadow on what lies below, its
        sides (the outline swept from the table up to the top, a darker shade) and its
        face sampled on the plane of its top."""
        h = float(item.height_mm)
        cz = -float(self.camera.centre[2])
        if cz <= h:
            return
        W, H = self.camera.width, self.camera.height
        # shadow: the footprint swept along the light direction, darkening by 40 %
        sd = np.array(self.SHADOW_DIR) * h
        base = self._outline_px(item, 0.0)
        if np.isnan(base).any():
            return
        polys = []
        for k in np.linspace(0, 1, 5):
            moved = Placed(**{**item.__dict__, "x_mm": item.x_mm + sd[0] * k,
                              "y_mm": item.y_mm + sd[1] * k, "height_mm": 0.0})
            polys.append(self._outline_px(moved, 0.0))
        allp = np.vstack(polys)
        if not np.isnan(allp).any():
            x0 = max(0, int(math.floor(allp[:, 0].min())) - 4)
            y0 = max(0, int(math.floor(allp[:, 1].min())) - 4)
            x1 = min(W, int(math.ceil(allp[:, 0].max())) + 5)
            y1 = min(H, int(math.ceil(allp[:, 1].max())) + 5)
            if x1 > x0 and y1 > y0:
                mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
                for poly in polys:
                    pts = np.round((poly - [x0, y0]) * 4).astype(np.int32).reshape(-1, 1, 2)
                    cv2.fillPoly(mask, [pts], 1, shift=2)
                soft = cv2.GaussianBlur(mask.astype(np.float32), (0, 0), 1.5)
                region = img[y0:y1, x0:x1]
                region[:] = (region * (1 - 0.4 * soft[..., None])).astype(np.uint8)
        # sides: the outline at several heights, filled in a darker shade
        side = tuple(int(c * 0.6) for c in item.colour)
        for z in np.linspace(0, -h, 7):
            poly = self._outline_px(item, float(z))
            pts = np.round(poly * 4).astype(np.int32).reshape(-1, 1, 2)
            cv2.fillPoly(img, [pts], side, shift=2)
            cv2.fillPoly(labels, [pts], idx, shift=2)
        # top face: for each pixel, where its ray meets the plane z = -h
        top = self._outline_px(item, -h)
        if np.isnan(top).any():
            return
        x0 = max(0, int(math.floor(top[:, 0].min())) - 3)
        y0 = max(0, int(math.floor(top[:, 1].min())) - 3)
        x1 = min(W, int(math.ceil(top[:, 0].max())) + 4)
        y1 = min(H, int(math.ceil(top[:, 1].max())) + 4)
        if x1 <= x0 or y1 <= y0:
            return
        k = np.float32((cz - h) / cz)
        ccx, ccy = np.float32(self.camera.centre[0]), np.float32(self.camera.centre[1])
        tx = ccx + (self.mx[y0:y1, x0:x1] - ccx) * k
        ty = ccy + (self.my[y0:y1, x0:x1] - ccy) * k
        scale = self._scale_for(item)
        tex = self._texture(item, scale)
        a = math.radians(item.angle_deg)
        dx, dy = tx - np.float32(item.x_mm), ty - np.float32(item.y_mm)
        lx = dx * np.float32(math.cos(a)) - dy * np.float32(math.sin(a))
        ly = dx * np.float32(math.sin(a)) + dy * np.float32(math.cos(a))
        u = (lx + np.float32(item.size_mm[0] / 2)) * np.float32(scale) - 0.5
        v = (ly + np.float32(item.size_mm[1] / 2)) * np.float32(scale) - 0.5
        s = cv2.remap(tex, u, v, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                      borderValue=(0, 0, 0, 0))
        alpha = s[..., 3:4].astype(np.float32) / 255.0
        region = img[y0:y1, x0:x1]
        region[:] = (s[..., :3] * alpha + region * (1 - alpha)).astype(np.uint8)
        labels[y0:y1, x0:x1][alpha[..., 0] > 0.5] = idx

    def truth(self, items: list[Placed], labels: np.ndarray,
              hand_mask: np.ndarray | None = None,
              glare: np.ndarray | None = None) -> list[TagTruth]:
        """Ground truth of every tag whose symbol falls at least partly in the frame."""
        out = []
        W, H = self.camera.width, self.camera.height
        for idx, item in enumerate(sorted_items(items)):
            if item.tag is None:
                continue
            cmm = item.tag_corners_mm()
            cpx = self.camera.project(cmm)
            if np.isnan(cpx).any():
                continue
            area = _poly_area(cpx)
            roi = self._roi(cmm, pad=1)
            if roi is None or area < 1:
                continue
            x0, y0, x1, y1 = roi
            m = np.zeros((y1 - y0, x1 - x0), np.uint8)
            pts = np.round((cpx - [x0, y0]) * 16).astype(np.int32).reshape(-1, 1, 2)
            cv2.fillPoly(m, [pts], 1, shift=4)
            inside = m.astype(bool)
            n_in = int(inside.sum())
            if n_in == 0:
                continue
            seen = inside & (labels[y0:y1, x0:x1] == idx)
            if hand_mask is not None:
                seen &= hand_mask[y0:y1, x0:x1] == 0
            full = max(area, float(n_in)) if (x0 > 0 and y0 > 0 and x1 < W and y1 < H) else area
            visible = min(1.0, float(seen.sum()) / max(full, 1.0))
            g = 0.0
            if glare is not None:
                g = float((glare[y0:y1, x0:x1][inside] >= GLARE_THRESHOLD).mean())
            sides = [float(np.hypot(*(cpx[(i + 1) % 4] - cpx[i]))) for i in range(4)]
            ppm = float(np.mean(sides)) / item.tag.modules
            out.append(TagTruth(
                component=item.component, kind=item.kind, key=item.tag.key,
                symbol=item.tag.symbol,
                corners_px=tuple((float(x), float(y)) for x, y in cpx),
                px_per_module=ppm, visible=visible, glare=g, surface=item.surface,
                zone=item.zone, sx_mm=item.sx_mm, sy_mm=item.sy_mm))
        return out

    def render(self, items: list[Placed], *, effects: Effects = CLEAN,
               rng: np.random.Generator | None = None, hand: Hand | None = None,
               clean: tuple[np.ndarray, np.ndarray] | None = None,
               glare: np.ndarray | None = None, light: np.ndarray | None = None) -> Frame:
        """Render one frame: components, then the hand, then the camera effects.

        clean: a (image, labels) pair from :meth:`render_clean` for the same items,
        to reuse across frames of a still table. rng: the effects' randomness
        (required when effects are not CLEAN). glare / light: fixed fields (H, W)
        float32 for a lamp that stays put across frames (see tools.render.effects).
        Returns a :class:`Frame`."""
        if rng is None:
            if effects != CLEAN:
                raise ValueError("effects need a numpy Generator (rng)")
            rng = np.random.default_rng(0)
        img, labels = clean if clean is not None else self.render_clean(items)
        img = img.copy()
        hand_mask = None
        if hand is not None:
            poly = self.camera.project(hand.polygon_mm())
            hand_mask = draw_hand(img, poly, hand.tone, rng)
        if glare is None and effects.glare_spots > 0:
            glare = glare_field(img.shape[:2], rng, effects.glare_spots,
                                effects.glare_radius_px)
        out = apply_effects(img, effects, rng, glare=glare, light=light)
        tags = self.truth(items, labels, hand_mask, glare)
        return Frame(image=out, tags=tags, placed=list(items), hand_mask=hand_mask, hand=hand)


def sorted_items(items: list[Placed]) -> list[Placed]:
    """Items in drawing order (layer, then input order); labels index this list."""
    return sorted(items, key=lambda p: p.layer)


def default_face(item: Placed, px_per_mm: float) -> np.ndarray:
    """A plain face for a component: its colour, a dark border, its label (our own
    words) and, for boards and mats, the zone outlines in ``item.extra["zones"]``
    (a list of (x0, y0, x1, y1, BGR) in the item's own mm, origin top-left).

    Returns a BGRA uint8 texture of size_mm * px_per_mm; round items are discs."""
    w = max(1, int(round(item.size_mm[0] * px_per_mm)))
    h = max(1, int(round(item.size_mm[1] * px_per_mm)))
    tex = np.zeros((h, w, 4), np.uint8)
    tex[..., :3] = item.colour
    tex[..., 3] = 255
    if item.round:
        tex[..., 3] = 0
        cv2.ellipse(tex, (w // 2, h // 2), (max(1, w // 2 - 1), max(1, h // 2 - 1)), 0, 0,
                    360, (*item.colour, 255), -1, cv2.LINE_AA)
        return tex
    dark = tuple(int(c * 0.45) for c in item.colour) + (255,)
    bw = max(1, int(round(0.8 * px_per_mm)))
    cv2.rectangle(tex, (0, 0), (w - 1, h - 1), dark, bw)
    for zx0, zy0, zx1, zy1, zc in item.extra.get("zones", ()):
        p0 = (int(round(zx0 * px_per_mm)), int(round(zy0 * px_per_mm)))
        p1 = (int(round(zx1 * px_per_mm)) - 1, int(round(zy1 * px_per_mm)) - 1)
        cv2.rectangle(tex, p0, p1, (*zc, 255), -1)
        cv2.rectangle(tex, p0, p1, dark, max(1, bw // 2))
    if item.label:
        fs = max(0.3, min(3.0, 0.08 * px_per_mm * min(item.size_mm) / 10))
        cv2.putText(tex, item.label, (bw * 2, h - bw * 3), cv2.FONT_HERSHEY_SIMPLEX, fs,
                    dark, max(1, int(fs * 2)), cv2.LINE_AA)
    return tex
