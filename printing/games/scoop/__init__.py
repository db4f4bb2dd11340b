"""Scoop's printed pages (pages.py): the dial's commitment slip, each player's
front page (headlines from headlines.json) and the final money receipt."""
