"""Penny Press's printed pages: each press's front page and the score receipt
(pages.py), drawn by layout.py from the plain documents of documents.py, with the
invented headlines of headlines.json (texts.py)."""
