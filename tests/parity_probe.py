"""Printed as JSON by both CPython and Pyodide; the test compares the two outputs."""
import json
import sys

from pocketdeck.core.cards import standard_deck
from pocketdeck.core.game import systems
from pocketdeck.core.rng import Rng
from pocketdeck.core.simulate import play_one

deck = standard_deck(jokers=True)
Rng(2026).shuffle(deck)
r = Rng(42)
games = {}
for name, game in sorted(systems().items()):
    result = play_one(game, 7, step_cap=400)
    games[name] = result
print(json.dumps({"shuffle": deck, "u32": [r.next_u32() for _ in range(5)], "games": games,
                  "python": list(sys.version_info[:2])}, sort_keys=True))
