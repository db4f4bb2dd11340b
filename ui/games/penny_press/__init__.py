"""Penny Press in the app: its screens (``screens``: live, corrections, press,
scores, each a .py and a .kv), their Kivy-free view-models (``viewmodels``), the
view data the camera session hands them (``views``, ``protocol``). See docs/ui.md."""
