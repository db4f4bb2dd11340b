"""Turin Market app screens (GameSpec.screens): view-models in viewmodel.py (no Kivy),
screens in screens.py + turin_market.kv, texts in texts.py (es/en/zh)."""
