"""What the boot snapshot holds, and what must be fresh after it is restored.

``build.py`` makes a memory snapshot of a Pyodide that ran ``warm()`` (tools/
make_snapshot.mjs); the page then starts from it with every module below already imported
and every content file already parsed, instead of importing them on first use. Standard
library only, like the rest of the engine: the browser side lives in web/.
"""

from __future__ import annotations

import ast
import gc
import importlib
import importlib.machinery
import os
import pkgutil
import sys
from collections.abc import Iterable, Iterator
from types import CodeType

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


# -- the page's own Python (issue 46) ------------------------------------------------------------
# Between the runtime's start and main.py's first line PyScript writes its own package's
# sources (pyscript/*.py) into the runtime's file system and imports them, on every start.
# Compiling them and importing the standard-library modules they import that the engine does
# not (html, whose entities table is built anew each time) took 0.35-1.8 s of a warm start
# in WebKit, whose wasm runs in an interpreter at first. The snapshot maker
# (web/snapshot-worker.mjs) is handed those files by the page: ``keep_page_code`` imports those
# standard-library modules and compiles the files, keeping each one's source and code in
# PAGE_CODE, and puts a finder on sys.meta_path (all of it memory, so the snapshot holds it).
# In the restored page that finder hands the importer the kept code of a file whose bytes are
# the ones compiled, and leaves any other file to be compiled as before: never stale.
PAGE_CODE: dict[str, tuple[bytes, CodeType]] = {}


class _KeptLoader(importlib.machinery.SourceFileLoader):
    """A source file's loader that takes the kept code while the file is the one compiled."""

    def get_code(self, fullname: str) -> CodeType | None:
        kept = PAGE_CODE.get(self.path)
        if kept is not None:
            try:
                if self.get_data(self.path) == kept[0]:
                    return kept[1]
            except OSError:
                pass
        return super().get_code(fullname)


class _PageFinder:
    """A meta path finder: finds what the path finder finds, and a kept file gets _KeptLoader.
    Only for the top-level names of the kept files (``tops``): any other import goes on."""

    def __init__(self, tops: set[str]) -> None:
        self.tops = tops

    def find_spec(self, fullname, path=None, target=None):
        if fullname.partition(".")[0] not in self.tops:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if (spec is not None and spec.origin in PAGE_CODE
                and type(spec.loader) is importlib.machinery.SourceFileLoader):
            spec.loader = _KeptLoader(spec.loader.name, spec.loader.path)
        return spec


def keep_page_code(root: str, paths: Iterable[str]) -> list[str]:
    """Compile each Python file at ``paths`` (absolute, under the import folder ``root``) into
    PAGE_CODE, put the finder that serves them on sys.meta_path, and import the
    standard-library modules they import; returns the modules imported here. A file that
    does not compile, or a module that does not import in the snapshot maker, is left to the
    page (compiled or imported there, as without a snapshot)."""
    wanted: set[str] = set()
    tops: set[str] = set()
    for path in paths:
        try:
            with open(path, "rb") as f:
                source = f.read()
            code = compile(source, path, "exec", dont_inherit=True)
            tree = ast.parse(source)
        except (OSError, SyntaxError, ValueError):
            continue
        PAGE_CODE[path] = (source, code)
        tops.add(os.path.relpath(path, root).split(os.sep)[0].removesuffix(".py"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                wanted.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                wanted.add(node.module)
    finders = [f for f in sys.meta_path if isinstance(f, _PageFinder)]
    if finders:
        finders[0].tops |= tops
    elif tops:
        path_finder = importlib.machinery.PathFinder
        at = sys.meta_path.index(path_finder) if path_finder in sys.meta_path else len(sys.meta_path)
        sys.meta_path.insert(at, _PageFinder(tops))  # just before the path finder
    imported = []
    for name in sorted(wanted):
        if name.split(".")[0] not in sys.stdlib_module_names or name in sys.modules:
            continue
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - not importable here (a worker has no DOM): the page's
            continue
        imported.append(name)
    return imported


def freeze() -> None:
    """The image's last step: collect the garbage, then move every object left (the engine's
    modules, content and tables, PyScript's bytecode) into the collector's permanent
    generation (gc.freeze), which the restored page's collections never walk. Unfrozen, the
    page's first collections walked them all: 155-255 ms of a warm start in WebKit, before
    main.py's first line."""
    gc.collect()
    gc.freeze()
