"""Deck of Adventures (DofA), the player's side: Action Deck, sheet and checks.

Public API: ``GAME`` (the registered system ``dofa``) and ``odds_cli`` (the ``odds dofa``
command line); the rules document is docs/rules/dofa.md.
"""

from ...content import register_checker
from .odds import odds_cli
from .rules import GAME, DofaGame
from .sheet import check_content

register_checker("dofa", check_content)

__all__ = ["GAME", "DofaGame", "odds_cli"]
