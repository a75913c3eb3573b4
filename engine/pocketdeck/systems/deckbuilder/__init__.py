"""Deckbuilder RPG: battles on the Action Tableau, solo or hot-seat, against minions and
a boss, through encounter zones of arenas (rules notes: docs/rules/deckbuilder.md).

Public API: ``GAME`` (the registered system) and the pure attack arithmetic in
``combat``.
"""

from . import data  # noqa: F401  (registers the content checker)
from .rules import GAME, DeckbuilderGame

__all__ = ["GAME", "DeckbuilderGame"]
