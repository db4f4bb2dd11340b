"""Printing: page layout -> 1-bit raster -> ESC/POS bytes, and the persistent print queue.

Public API (docs/printing.md):
- printing.adapters: ``front_page_doc(state, press_result, lang, game_id)``,
  ``receipt_doc(state, lang, game_id, player=None)`` (engine -> documents).
- printing.documents: ``FrontPageDoc``, ``ReceiptDoc`` and their line types.
- printing.layout: ``render_front_page(doc, width)``, ``render_receipt(doc, width)``
  -> Pillow "1" image 384 or 576 dots wide, or the profile's printable width
  (PrinterConfig.width_dots, 512 on a TM-T88); ``dots_for(paper_mm)``.
- printing.profiles: ``PrinterConfig``, ``load_config``, ``save_config``, ``profile_page``.
- printing.escpos_raster: ``escpos_bytes(img, cfg)`` (1-bit page -> ESC/POS job).
- printing.files: ``page_path``, ``atomic_write``, ``save_preview``.
- printing.transports: ``parse_target``, ``check_target``, ``send``, ``printer_status``.
- printing.queue: ``PrintQueue(folder)`` with ``submit``, ``process``, ``drain``,
  ``jobs``, ``retry``.
"""
