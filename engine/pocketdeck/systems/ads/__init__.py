"""Adventure Deck System (ADS): a solo fight on the Combat Rondel, a 52-card Combat Deck
against Foe cards run as virtual decks by Up/Down draws.

Public API: ``GAME`` (the registered system), ``odds_cli`` (``python -m pocketdeck odds
ads``); the rules document is docs/rules/ads.md.
"""

from . import checks  # noqa: F401 (registers the content checker)
from .odds import odds_cli
from .rules import GAME, AdsGame

__all__ = ["GAME", "AdsGame", "odds_cli"]
