"""The creatures the GM made and kept (issue 49: Library kind ``creature`` of dofa-gm), as the
GM's table offers them beside ours: read from the App's library, each card with its id
given anew (the hash of the card as it is now: renamed or duplicated since it was made), so
a game that takes it carries exactly the card it was played with.

A module of its own so that the table, its new-game form and the maker (ui/make/creature.py)
read the same list without importing one another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..shell import App

PREFIX = "item:creature:dofa-gm:"


def kept_creatures(app: "App | None") -> list[tuple[str, dict[str, Any]]]:
    """(library key, card) of every creature the GM kept, by name."""
    library = getattr(app, "library", None) or {}
    return sorted(((k, r) for k, r in library.items() if k.startswith(PREFIX) and isinstance(r, dict)),
                  key=lambda kr: (str(kr[1].get("name")), kr[0]))


def game_card(card: dict[str, Any]) -> dict[str, Any]:
    """A kept creature's card as a game takes it: its id the hash of the card as it is now."""
    from ...systems.dofa_gm.creaturecard import made_id
    return dict(card, id=made_id(card))
