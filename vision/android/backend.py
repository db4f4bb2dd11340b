"""Which QR decoder backend this build has.

python-for-android has no zxing-cpp recipe, so the APK ships ZBar (pyzbar + libzbar,
both python-for-android recipes) and decodes with it: a fallback by design, measured
in docs/android.md (benchmarks/android/bench_backends.py). On the desktop zxing-cpp is
a dependency and stays the default.
"""

from __future__ import annotations

import importlib.util


def available_backend(find_spec=importlib.util.find_spec) -> str:
    """``"zxing"`` when the ``zxingcpp`` module can be imported, else ``"pyzbar"``
    (the APK). Raises ``companion.errors.CompanionError`` when neither can be (no QR
    decoder at all)."""
    if find_spec("zxingcpp") is not None:
        return "zxing"
    if find_spec("pyzbar") is not None:
        return "pyzbar"
    from companion.errors import CompanionError

    raise CompanionError("no QR decoder: install zxing-cpp or pyzbar (with the zbar library)")
