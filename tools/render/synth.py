"""A minimal compositor of synthetic table frames for vision tests and benchmarks.

Not the scene renderer (tools/render, with perspective, lens, light and ground-truth
games): this only warps QR tiles (our payloads, made with segno) onto a textured
table at a chosen module size and rotation, with optional blur, noise, JPEG, a hand
(a skin-coloured blob) and glare (a saturated spot). Deterministic for a given seed.

The payloads and the surfaces are a registered game's (the registry's default game
unless one is named): its renderer module (tools/render/games/) gives them, or its
catalog and layouts do (calibration.game_tags).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class PlacedTag:
    """Ground truth for one tag in a synthetic frame.

    text: payload. corners_px: ``(4, 2)`` float array, the QR symbol's outer corners
    (without quiet zone) in frame pixels, TL, TR, BR, BL in the tag's orientation.
    module_px: module size in px. covered: fraction of the symbol under the hand
    (0..1). glare: fraction of the symbol saturated by glare (0..1).
    """

    text: str
    corners_px: np.ndarray
    module_px: float
    covered: float = 0.0
    glare: float = 0.0

    @property
    def centre(self) -> tuple[float, float]:
        c = self.corners_px.mean(axis=0)
        return float(c[0]), float(c[1])


def qr_modules(text: str, error: str = "m") -> np.ndarray:
    """QR symbol as a ``(N, N)`` uint8 array (0 dark, 255 light), no quiet zone."""
    import segno

    q = segno.make_qr(text, error=error)
    m = np.array([[0 if v else 255 for v in row] for row in q.matrix], np.uint8)
    return m


def table_background(w: int, h: int, seed: int = 0) -> np.ndarray:
    """A wooden-ish table: BGR ``(h, w, 3)`` with grain and a light gradient."""
    import cv2

    rng = np.random.default_rng(seed)
    small = rng.normal(0, 1, (max(h // 16, 2), max(w // 64, 2))).astype(np.float32)
    grain = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    grad = np.linspace(0.85, 1.1, w, dtype=np.float32)[None, :]
    base = np.array([60, 100, 150], np.float32)  # brown (BGR)
    img = (base[None, None, :] + 12 * grain[..., None]) * grad[..., None]
    return np.clip(img, 0, 255).astype(np.uint8)


def place_tag(frame: np.ndarray, text: str, centre: tuple[float, float], module_px: float,
              angle_deg: float = 0.0, card_margin_modules: float = 3.0) -> PlacedTag:
    """Draw a white card with the QR for ``text`` onto ``frame`` (in place).

    centre: px. module_px: size of one module in px. angle_deg: rotation
    (counter-clockwise in the image). Returns the ground truth.
    """
    import cv2

    mods = qr_modules(text)
    n = mods.shape[0]
    q = card_margin_modules
    s = 8  # supersampling of the source tile, px per module
    tile = np.full((int((n + 2 * q) * s),) * 2, 245, np.uint8)
    o = int(q * s)
    tile[o:o + n * s, o:o + n * s] = cv2.resize(mods, (n * s, n * s),
                                                interpolation=cv2.INTER_NEAREST)
    tile[tile == 0] = 25
    scale = module_px / s
    th = np.deg2rad(angle_deg)
    c, si = np.cos(th) * scale, np.sin(th) * scale
    tc = tile.shape[0] / 2.0
    # rotation matrix with y down: counter-clockwise on screen
    M = np.array([[c, si, centre[0] - (c * tc + si * tc)],
                  [-si, c, centre[1] - (-si * tc + c * tc)]], np.float32)
    h, w = frame.shape[:2]
    warped = cv2.warpAffine(tile, M, (w, h), flags=cv2.INTER_AREA, borderValue=0)
    mask = cv2.warpAffine(np.full_like(tile, 255), M, (w, h), flags=cv2.INTER_LINEAR,
                          borderValue=0)
    a = (mask.astype(np.float32) / 255.0)[..., None]
    frame[:] = (frame * (1 - a) + warped[..., None] * a).astype(np.uint8)
    src = np.array([[o, o], [o + n * s, o], [o + n * s, o + n * s], [o, o + n * s]],
                   np.float32)
    corners = src @ M[:, :2].T + M[:, 2]
    return PlacedTag(text, corners.astype(np.float32), float(module_px))


def _poly_fraction(mask: np.ndarray, corners: np.ndarray) -> float:
    import cv2

    m = np.zeros(mask.shape, np.uint8)
    cv2.fillConvexPoly(m, corners.astype(np.int32), 1)
    area = max(int(m.sum()), 1)
    return float((mask.astype(bool) & m.astype(bool)).sum()) / area


def compose(width: int, height: int, texts: list[str], module_px: float | tuple = 3.0,
            seed: int = 0, blur_sigma: float = 0.6, noise: float = 3.0,
            jpeg_quality: int | None = 85, hand: tuple | None = None,
            glare: tuple | None = None, angles: bool = True,
            background: np.ndarray | None = None) -> tuple[np.ndarray, list[PlacedTag]]:
    """A synthetic frame ``(height, width, 3)`` BGR with one tag per text on a grid.

    module_px: px per module, or ``(lo, hi)`` drawn uniformly per tag.
    hand: ``(cx, cy, rx, ry)`` px, an ellipse of skin colour over the table.
    glare: ``(cx, cy, r)`` px, a saturated spot. Returns the frame and the truth.
    Raises ``ValueError`` when the tags do not fit on the grid.
    """
    import cv2

    rng = np.random.default_rng(seed)
    frame = background.copy() if background is not None else table_background(width, height, seed)
    n = len(texts)
    cols = max(1, int(np.ceil(np.sqrt(n * width / height))))
    rows = max(1, int(np.ceil(n / cols)))
    cw, ch = width / cols, height / rows
    truth = []
    for i, text in enumerate(texts):
        r, c = divmod(i, cols)
        mp = module_px if np.isscalar(module_px) else rng.uniform(*module_px)
        span = (qr_modules(text).shape[0] + 6) * mp * 1.42
        if span > min(cw, ch):
            raise ValueError(f"{n} tags of {mp:.1f} px/module do not fit in {width}x{height}")
        jx = (cw - span) / 2 * rng.uniform(-0.8, 0.8)
        jy = (ch - span) / 2 * rng.uniform(-0.8, 0.8)
        ang = rng.uniform(0, 360) if angles else 0.0
        truth.append(place_tag(frame, text, ((c + 0.5) * cw + jx, (r + 0.5) * ch + jy), mp, ang))
    hand_mask = np.zeros((height, width), np.uint8)
    glare_mask = np.zeros((height, width), np.uint8)
    if hand is not None:
        cx, cy, rx, ry = hand
        cv2.ellipse(hand_mask, (int(cx), int(cy)), (int(rx), int(ry)), 20, 0, 360, 255, -1)
        frame[hand_mask > 0] = (120, 150, 205)
    if glare is not None:
        cx, cy, rr = glare
        g = np.zeros((height, width), np.float32)
        cv2.circle(g, (int(cx), int(cy)), int(rr), 1.0, -1)
        g = cv2.GaussianBlur(g, (0, 0), rr / 4 + 1)
        glare_mask = (g > 0.5).astype(np.uint8) * 255
        frame[:] = np.clip(frame + g[..., None] * 400, 0, 255).astype(np.uint8)
    if blur_sigma > 0:
        frame = cv2.GaussianBlur(frame, (0, 0), blur_sigma)
    if noise > 0:
        frame = np.clip(frame + rng.normal(0, noise, frame.shape), 0, 255).astype(np.uint8)
    if jpeg_quality:
        ok, buf = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, jpeg_quality])
        frame = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    if hand is not None or glare is not None:
        truth = [PlacedTag(t.text, t.corners_px, t.module_px,
                           _poly_fraction(hand_mask, t.corners_px),
                           _poly_fraction(glare_mask, t.corners_px)) for t in truth]
    return frame, truth


def payloads(n: int, game: str | None = None) -> list[str]:
    """``n`` distinct TC1 payloads of ``game`` (an id; the registry's default game
    when None): its renderer module's ``payloads(n)`` when it has one, else the QR
    payloads of its catalog in order. Raises ValueError when the game has fewer."""
    from calibration import game_tags
    from companion import registry
    from companion.errors import CompanionError
    from tools.render import games

    spec = registry.default() if game is None else registry.get(game)
    try:
        mod = games.module_for(spec)
    except CompanionError:
        mod = None
    if mod is not None and hasattr(mod, "payloads"):
        return mod.payloads(n)
    tags = game_tags.tags_module(spec.id)
    pieces = game_tags.load_components(spec.id)["pieces"]
    out = [tags.encode_payload(c) for c in tags.catalog_ids()
           if pieces[tags.KIND_NAMES[tags.kind_of(c)]].get("symbol") == "qr"]
    if n > len(out):
        raise ValueError(f"at most {len(out)} distinct payloads")
    return out[:n]


def compose_surface(surface: str, placements: dict[str, tuple[float, float, float]],
                    px_per_mm: float = 3.0, frame_size: tuple[int, int] = (1000, 700),
                    tilt: float = 0.04, seed: int = 0, blur_sigma: float = 0.5,
                    noise: float = 2.0, tag_size: str = "normal", layout: str | None = None,
                    ) -> tuple[np.ndarray, np.ndarray]:
    """A frame of one board/mat with its corner fiducials and tags at given places.

    surface: ``"board"`` or ``"mat-<colour>"`` of the registry's default game's
    layouts (``layout`` names another: calibration.layouts.load_layout). placements:
    component id -> ``(x_mm, y_mm, angle_deg)`` of its tag centre on the surface
    (angle counter-clockwise seen from above; tags of the layout's game drawn by
    ``calibration.tags.tag_image``). The surface (drawn by
    ``calibration.tags.surface_image``) is warped into a ``frame_size`` (w, h) BGR
    frame with a mild perspective (``tilt``) on a table background. Returns
    ``(frame, mm_to_px)`` with the ``(3, 3)`` homography surface mm -> frame px.
    """
    import cv2

    from calibration.layouts import layout_game
    from calibration.tags import surface_image, tag_image
    from companion import registry

    if layout is None:
        layout = _surface_layout(surface)
    game = layout_game(layout) or registry.default().id
    flat = surface_image(layout, surface, px_per_mm, draw_zones=True)
    for comp, (x, y, ang) in placements.items():
        tile = tag_image(game, comp, px_per_mm, tag_size)
        n = tile.shape[0]
        M = cv2.getRotationMatrix2D((n / 2, n / 2), ang, 1.0)
        M[:, 2] += (x * px_per_mm - n / 2, y * px_per_mm - n / 2)
        warped = cv2.warpAffine(tile, M, (flat.shape[1], flat.shape[0]), flags=cv2.INTER_LINEAR,
                                borderValue=0)
        mask = cv2.warpAffine(np.full_like(tile, 255), M, (flat.shape[1], flat.shape[0]),
                              flags=cv2.INTER_NEAREST, borderValue=0)
        flat[mask > 0] = warped[mask > 0]
    W, H = frame_size
    fh, fw = flat.shape
    # place the surface centred, a little smaller than the frame, with perspective
    s = min(W * 0.9 / fw, H * 0.9 / fh)
    cx, cy = W / 2, H / 2
    hw, hh = fw * s / 2, fh * s / 2
    dst = np.float32([[cx - hw * (1 - tilt), cy - hh], [cx + hw * (1 - tilt), cy - hh],
                      [cx + hw, cy + hh], [cx - hw, cy + hh]])
    src = np.float32([[0, 0], [fw, 0], [fw, fh], [0, fh]])
    P = cv2.getPerspectiveTransform(src, dst)
    bg = table_background(W, H, seed)
    warped = cv2.warpPerspective(flat, P, (W, H), flags=cv2.INTER_AREA, borderValue=0)
    mask = cv2.warpPerspective(np.full_like(flat, 255), P, (W, H), flags=cv2.INTER_NEAREST,
                               borderValue=0)
    frame = bg.copy()
    frame[mask > 0] = cv2.cvtColor(warped, cv2.COLOR_GRAY2BGR)[mask > 0]
    rng = np.random.default_rng(seed)
    if blur_sigma > 0:
        frame = cv2.GaussianBlur(frame, (0, 0), blur_sigma)
    if noise > 0:
        frame = np.clip(frame + rng.normal(0, noise, frame.shape), 0, 255).astype(np.uint8)
    # surface mm -> flat px (pixel centres at +0.5) -> frame px
    S = np.array([[px_per_mm, 0, -0.5], [0, px_per_mm, -0.5], [0, 0, 1]], np.float64)
    return frame, P.astype(np.float64) @ S


def _surface_layout(surface: str) -> str:
    """The name of the default game's layout that has ``surface``: its renderer
    module's ``surface_layout(surface)``, else calibration.game_tags' layouts."""
    from companion import registry
    from tools.render import games, table

    spec = registry.default()
    mod = games.module_for(spec)
    if hasattr(mod, "surface_layout"):
        return mod.surface_layout(surface)
    return table.layout_of(spec.id, surface).name


def draw_hand(frame: np.ndarray, centre: tuple[float, float], size: tuple[float, float],
              angle: float = 20.0, arm: bool = True) -> np.ndarray:
    """A copy of ``frame`` with a skin-coloured hand: an ellipse of radii ``size`` (px)
    at ``centre``, and with ``arm`` a forearm from it to the frame's bottom edge."""
    import cv2

    out = frame.copy()
    if arm:
        w = int(1.2 * min(size))
        cv2.line(out, (int(centre[0]), int(centre[1])),
                 (int(centre[0] + 0.3 * frame.shape[0]), frame.shape[0] + w), (110, 140, 195), w)
    cv2.ellipse(out, (int(centre[0]), int(centre[1])), (int(size[0]), int(size[1])), angle,
                0, 360, (120, 150, 205), -1)
    return out
