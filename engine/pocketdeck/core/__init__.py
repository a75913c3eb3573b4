"""The parts every system shares: cards, piles, the seeded generator, the game protocol,
exact odds and versioned saves."""

from .cards import Card, Rank, Suit, rank_distance, standard_deck
from .game import Action, Game, IllegalAction, State, get_game, register, systems
from .rng import Rng

__all__ = [
    "Action", "Card", "Game", "IllegalAction", "Rank", "Rng", "State", "Suit",
    "get_game", "rank_distance", "register", "standard_deck", "systems",
]
