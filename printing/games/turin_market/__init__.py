"""Turin Market's printed receipts (pages.py): each auction round and the final payouts."""
