"""The Kivy tablet app (screens, .kv files) and its Kivy-free view-models and session."""
