"""Printing: page request -> each game's pages (1-bit rasters) -> ESC/POS bytes, and
the persistent print queue.

Public API (docs/printing.md):
- printing.pages: ``PageRequest`` (what to print), ``Page(name, image)``,
  ``pages_module(game)`` / ``make_pages(game, state, request)`` (the game's
  ``GameSpec.pages``), ``NoSuchPage``, ``DocumentError``.
- printing.games.<folder>.pages: one game's ``pages(state, request)`` and
  ``colours(state)``, with its page data beside it (headlines).
- printing.layout: ``Canvas`` (a page drawn down a raster 384..576 dots wide, text
  fitted, wrapped and hyphenated), ``dots_for(paper_mm)``; printing.fonts,
  printing.i18n: fonts with per-glyph fallback, the printed words (es/en/zh).
- printing.profiles: ``PrinterConfig``, ``load_config``, ``save_config``, ``profile_page``.
- printing.escpos_raster: ``escpos_bytes(img, cfg)`` (1-bit page -> ESC/POS job).
- printing.files: ``page_path``, ``atomic_write``, ``save_preview``.
- printing.transports: ``parse_target``, ``check_target``, ``send``, ``printer_status``.
- printing.queue: ``PrintQueue(folder)`` with ``submit``, ``process``, ``drain``,
  ``jobs``, ``retry``.
- printing.commands: ``companion print``, ``print-queue``, ``printer-config``.
"""
