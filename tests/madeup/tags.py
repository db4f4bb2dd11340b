"""The made-up game's TC1 tags (pure): ``TC1:MU:S:RED1`` for a stone, the board by
its corner fiducials (``TC1:MU:B:BOARD`` on its sticker sheet)."""

from __future__ import annotations

from companion.tags import PayloadReader

from . import STONES

GAME = "MU"
KIND_NAMES = {"S": "stone", "B": "board"}


def catalog_ids() -> tuple[str, ...]:
    return STONES + ("board",)


def kind_of(component_id: str) -> str:
    if component_id == "board":
        return "B"
    if component_id in STONES:
        return "S"
    raise ValueError(f"unknown made-up component id {component_id!r}")


def encode_payload(component_id: str) -> str:
    return f"TC1:{GAME}:{kind_of(component_id)}:{component_id.upper()}"


READER = PayloadReader(GAME, KIND_NAMES, catalog_ids, encode_payload)
parse_payload = READER.parse


def label(component_id: str, lang: str = "en") -> str:
    return "Board" if kind_of(component_id) == "B" else f"Stone {component_id}"
