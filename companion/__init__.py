"""Table Companion core: rule engines, table state, the game journal and the CLI.

This package is pure Python and deterministic. It imports none of cv2, kivy or
escpos; the outer packages (vision, calibration, printing, ui) depend on it, never
the reverse.
"""

__version__ = "0.1.0"
