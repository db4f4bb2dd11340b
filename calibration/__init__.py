"""Calibration: camera intrinsics, table registration, game layouts (mm), tag sheets."""
