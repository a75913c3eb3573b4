"""The Character Deck: what a player builds (Information cards, the 52-card Combat Deck,
Story cards) and its validation by the book's deck-building sections.

Sits over the card data (``..data``); the fight, the adventure, the builder screen and
``python -m pocketdeck validate-deck ads FILE`` all call the same ``validate``.
"""

from .validate import Violation, check_record, combat_counts, deck_from_json, validate

__all__ = ["Violation", "check_record", "combat_counts", "deck_from_json", "validate"]
