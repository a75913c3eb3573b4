"""The Deck table: a shuffled pocket deck (52 or 54 cards) to draw, discard and reshuffle.

It is a real tool for any card game and the end-to-end proof of the pipeline: engine in
the browser, saves in IndexedDB, undo by replay.
"""

from .rules import DeckGame, GAME

__all__ = ["DeckGame", "GAME"]
