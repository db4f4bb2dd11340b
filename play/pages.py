"""The pages a game prints, made through printing from a typed page request.

Kivy-free: ``companion demo`` (play.demo) and the app's session (ui.session) draw
the same pages (printing.pages: the game's pages module for a PageRequest).
"""

from __future__ import annotations

from companion import registry
from companion.errors import CompanionError


def render_press_page(state, press_result, lang: str, width_dots: int, game_id: str, game: str | None = None):
    """The front page of one press of ``state`` as a 1-bit Pillow image (the pages of
    registered ``game``, default the registry's default; printing.pages). Raises
    CompanionError for a press that is not part of ``state``."""
    from printing.pages import PageRequest, make_pages

    try:
        n = list(state.press_results).index(press_result) + 1
    except ValueError:
        raise CompanionError("this press is not part of the game state given") from None
    request = PageRequest("press", press=n, lang=lang, width=width_dots, game_id=game_id)
    return make_pages(game or registry.default().id, state, request)[0].image


def render_final_page(state, lang: str, width_dots: int, game_id: str, game: str | None = None):
    """The final receipt (press scores, bonuses, ranking) as a 1-bit image (the pages
    of registered ``game``, default the registry's default; printing.pages)."""
    from printing.pages import PageRequest, make_pages

    request = PageRequest("final", lang=lang, width=width_dots, game_id=game_id)
    return make_pages(game or registry.default().id, state, request)[0].image
