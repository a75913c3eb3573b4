"""The ADS adventure: Map and Room cards, Rest and wandering Foes, non-combat obstacles,
treasure and loot, XP and levels. A layer over the fight (``..rules.new_fight``): it starts
a fight in a room and reads its result; the fight never knows rooms.

The package imports nothing on its own (PEP 562 ``__getattr__``; the catalogue declares
``game``, which registers the system), like ``systems.ads``: a package that imported its
children would load them all in the step that first touches any one of them, and the
Library's sliced import (``core.imports``) could not split them (issue 28).
"""

from __future__ import annotations

from typing import Any

__all__ = ["GAME", "AdsAdventureGame"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import game
        return getattr(game, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
