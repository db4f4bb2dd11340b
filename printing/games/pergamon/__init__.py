"""Pergamon's printed receipts (pages.py): each evaluation and the final ranking."""
