"""Deck of Adventures, part 2: the GM's table and the solo skirmish (``dofa-gm``).

Public API: ``GAME``. The bestiary and item tables are content/dofa-gm/bestiary.toml and
items.toml, checked at build time by this system's own content checker (registered here,
so the build imports this package to check them and part 1 never needs to know them).
"""

from typing import Any

from ...content import register_checker
from .bestiary import check_bestiary, check_items
from .rules import GAME, DofaGmGame

CHECKS = {"bestiary": check_bestiary, "items": check_items}


def check_content(name: str, data: dict[str, Any]) -> list[str]:
    """The content checker for content/dofa-gm/*.toml."""
    base = name.split("/")[-1].removesuffix(".toml")
    if base not in CHECKS:
        return [f"unknown dofa-gm content file {base!r} (expected one of {', '.join(CHECKS)})"]
    return CHECKS[base](data)


register_checker("dofa-gm", check_content)

__all__ = ["GAME", "DofaGmGame"]
