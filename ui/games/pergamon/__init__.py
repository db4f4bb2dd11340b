"""Pergamon's app screens: a Kivy-free view-model (:mod:`.viewmodel`), our texts in
es/en/zh (:mod:`.texts`) and the Kivy screen (:mod:`.screen`, ``pergamon.kv``)."""
