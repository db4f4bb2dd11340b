"""Scoop in the app: the dial telephone (``dial_vm`` Kivy-free view-model, ``dial``
widget, ``sound`` clicks and haptics, ``screens`` for the app shell). See docs/scoop.md."""
