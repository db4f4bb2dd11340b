"""Kivy screens: one small class and one .kv file each (ui/screens/<name>.kv)."""
