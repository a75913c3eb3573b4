"""The built-in game systems, declared by name, title and module, one line each.

Importing this package imports no system: ``core.game.load_system`` imports a system's
sub-package the first time its game is asked for (which registers it), so the home screen
and a saved game of one system never pay for the others. The list is explicit (no folder
scan) so the wheel, CPython and Pyodide all offer exactly the same systems.
"""

from ..core.game import declare

declare("deck", "Deck", __name__ + ".deck")
declare("p52", "P52", __name__ + ".p52")
declare("ads", "Adventure Deck System", __name__ + ".ads.system")
declare("dofa", "Deck of Adventures", __name__ + ".dofa")
declare("deckbuilder", "Deckbuilder RPG", __name__ + ".deckbuilder")
declare("ads_adventure", "ADS Adventure", __name__ + ".ads.adventure.game")
declare("ads_build", "ADS Deck Builder", __name__ + ".ads.build.game")
declare("dofa-gm", "Deck of Adventures: GM's table", __name__ + ".dofa_gm")
