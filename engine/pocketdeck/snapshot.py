"""What the boot snapshot holds, and what must be fresh after it is restored.

``build.py`` makes a memory snapshot of a Pyodide that ran ``warm()`` (tools/
make_snapshot.mjs); the page then starts from it with every module below already imported
and every content file already parsed, instead of importing them on first use. Standard
library only, like the rest of the engine: the browser side lives in web/.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Iterator

# DEV_ONLY: modules only the developer's tools use, never imported by a screen, so they stay
# out of the snapshot (core.imports keeps the list: the Library's sliced loads skip them too)
from .core.imports import DEV_ONLY


# the build this snapshot was made for (build.py passes it to warm); the page's loader
# refuses a snapshot whose token is not its own, so a new version never runs an old one
TOKEN = ""


def warm(token: str = "") -> int:
    """Import the app, every system and every table, and read their content, so a page
    booted from the snapshot has nothing left to import whatever screen it opens (the lazy
    imports inside functions too: views, the Library, the GM's suggestions). Returns how
    many pocketdeck modules are loaded."""
    for _ in warm_steps(token):
        pass
    return sum(1 for m in sys.modules if m.startswith("pocketdeck"))


def warm_steps(token: str = "") -> Iterator[str]:
    """``warm`` a step at a time (a module imported, a system's content read, a table
    loaded), naming each step done: the phone's snapshot worker (web/snapshot-worker.mjs)
    waits between steps while the player is tapping, so the page keeps the CPU."""
    global TOKEN
    TOKEN = token
    from .core.game import systems
    from .ui.app import App
    from .ui.tables import load_table, tables

    for name in screen_modules():
        importlib.import_module(name)
        yield name
    for name, game in systems().items():
        game.new_game(game.default_options(), seed=1)  # content files parsed and cached
        yield f"content:{name}"
    for system in tables():
        load_table(system)
        yield f"table:{system}"
    app = App()
    app.restore({})
    app.render()
    yield "home"


def screen_modules() -> list[str]:
    """Every pocketdeck module a screen may import: all of the package but DEV_ONLY."""
    import pocketdeck

    return [m.name for m in pkgutil.walk_packages(pocketdeck.__path__, "pocketdeck.")
            if m.name.rsplit(".", 1)[-1] not in DEV_ONLY]


def reseed() -> None:
    """After a restore: the snapshot froze the state of ``random`` (if anything imported
    it), so every player would draw the same numbers from it; take fresh entropy. New games
    are seeded from the browser's entropy in main.py, which runs after the restore."""
    rnd = sys.modules.get("random")
    if rnd is not None:
        rnd.seed()
