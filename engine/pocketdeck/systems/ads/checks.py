"""The content checker of every ADS file (``python -m pocketdeck validate-content``, the
build). It sits above what it checks: the loaders' own field checks (``data``), the
Character Deck rules the ready-made decks must pass (``build.validate``) and the adventure's
rooms (``adventure.spec``), so that ``data``, the bottom of the fight, imports none of
them (tests/test_imports.py). The package registers it on import (``__init__``).
"""

from __future__ import annotations

from typing import Any

from ...content import register_checker
from . import data
from .adventure.spec import check_adventure
from .build import validate


def _check_decks(content: dict[str, Any]) -> list[str]:
    """The ready-made decks pass the same Character Deck validation as a built one."""
    return [f"deck {d.get('id', '?')}: {v}" for d in content.get("deck", []) for v in validate(d)]


def check_content(name: str, content: dict[str, Any]) -> list[str]:
    base = name.split("/", 1)[1]
    if base.startswith("adventure") and base.endswith(".toml"):  # adventure.toml, adventure-<id>.toml
        info = content.get("adventure")
        levels = isinstance(info, dict) and "levels" in info
        if levels != (base == "adventure.toml"):  # one level table for the app: the first file's
            return ["adventure: the app's level table (levels) is in adventure.toml and only there"]
        return check_adventure(content)
    return {"cards.toml": data._check_cards, "core.toml": data._check_core, "decks.toml": _check_decks,
            "foes.toml": data._check_foes}.get(base, lambda d: [f"unknown ADS content file {base}"])(content)


register_checker("ads", check_content)
