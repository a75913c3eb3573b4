"""The ADS adventure: Map and Room cards, Rest and wandering Foes, non-combat obstacles,
treasure and loot, XP and levels. A layer over the fight (``..rules.new_fight``): it starts
a fight in a room and reads its result; the fight never knows rooms."""

from .game import GAME, AdsAdventureGame

__all__ = ["GAME", "AdsAdventureGame"]
