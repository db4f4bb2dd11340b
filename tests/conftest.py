"""Shared pytest setup. Being in tests/, this file also puts tests/ on sys.path, so
test files in sub-folders can import the helpers here (shared_data, pp_table)."""
