"""Printing: page layout -> 1-bit raster -> ESC/POS bytes, and the persistent print queue."""
