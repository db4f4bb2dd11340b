"""Where the shared test material lives (../shared beside the repository).

CI clones the repository with a copy of shared/ beside it; a developer's checkout
has it at the same place. ``TC_SHARED`` overrides. A missing folder fails the test
that needs it with a message naming the places looked at.
"""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
_CANDIDATES = [Path(p) for p in (os.environ.get("TC_SHARED"),) if p] + [REPO.parent / "shared", Path("/work/shared")]


def shared_dir() -> Path:
    for c in _CANDIDATES:
        if (c / "data" / "qr-photos").is_dir():
            return c
    raise FileNotFoundError("the shared test material (shared/data/qr-photos) is not beside the repository; "
                            f"looked in: {', '.join(map(str, _CANDIDATES))}; set TC_SHARED")


def qr_photos() -> Path:
    return shared_dir() / "data" / "qr-photos"
