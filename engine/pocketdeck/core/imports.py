"""Import a module of ours one dependency at a time, so that an import of the Library can
give the page back between steps (issue 28: nothing may block the page for more than a
second).

On a start from the boot snapshot every module is already loaded and this does nothing.
On a start without one (a first visit, the first start after an update) the first game or
item of a system that arrives by file or link loads that system's code. For ADS that is
some 30 modules, about 0.6-1 s in Pyodide when done as one ``import`` in one task. Here
each module is imported on its own step, dependencies first, and the slicer
(``ui.library_screen.run_slice``) may give the page back after any of them.

The order is read from the sources themselves: ``ast`` finds each module's top-level
imports of ``pocketdeck`` modules (imports inside functions run later, when they are
called), and a depth-first walk puts every module after those it imports. One source is
parsed per step as well. The order is only the grain of the slices. Python's own import
still decides what runs (importing a module runs its parent package first, whatever the
walk said), so a cycle only makes one step longer. A parent package is walked after the
module's own imports: Python still runs it before the module, so this only moves which
step pays for what.
"""

from __future__ import annotations

import ast  # already loaded at start-up (dataclasses imports inspect, which imports it)
import importlib
import sys
from collections.abc import Generator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent          # the pocketdeck package
TOP = ROOT.name

# modules only the developer's tools use (simulate, the render check, the command line and
# the random players' policies, which ``sim_choose`` imports when called): the page never
# calls them, so a function's import of one is not followed (nor put in the boot snapshot,
# snapshot.py)
DEV_ONLY = ("__main__", "simulate", "check", "sim", "balance")


def source_of(module: str) -> Path | None:
    """The file of ``module`` (a package's ``__init__.py``) if it is one of ours."""
    parts = module.split(".")
    if parts[0] != TOP:
        return None
    base = ROOT.joinpath(*parts[1:])
    for path in (base / "__init__.py", base.with_suffix(".py")):
        if path.is_file():
            return path
    return None


def _is_package(module: str) -> bool:
    path = source_of(module)
    return path is not None and path.name == "__init__.py"


def _import_statements(tree: ast.Module) -> list[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement, and whether it runs only when a function is called (inside a
    function); class bodies, ``if`` and ``try`` blocks run at import."""
    found: list[tuple[ast.Import | ast.ImportFrom, bool]] = []
    todo: list[tuple[ast.AST, bool]] = [(node, False) for node in tree.body]
    while todo:
        node, later = todo.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append((node, later))
            continue
        inner = later or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        todo.extend((child, inner) for child in ast.iter_child_nodes(node))
    return found


def _named(node: ast.Import | ast.ImportFrom, package: str) -> list[str]:
    """The modules an import statement names (a name imported from a package counts when
    it is a submodule)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
        target = f"{base}.{node.module}" if node.module else base
    else:
        target = node.module or ""
    names = [target]
    if _is_package(target):
        names += [f"{target}.{alias.name}" for alias in node.names if source_of(f"{target}.{alias.name}") is not None]
    return names


def _imports(module: str) -> tuple[list[str], list[str]]:
    """(what importing ``module`` imports first: its parent package and its top-level
    imports; what its functions import only when called), modules of ours only."""
    path = source_of(module)
    if path is None:
        return [], []
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    except (OSError, SyntaxError, ValueError):  # unreadable: Python's own import loads it (one longer step)
        return [], []
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    now: list[str] = []
    later: list[str] = []
    for node, in_function in _import_statements(tree):
        (later if in_function else now).extend(_named(node, package))
    # the parent package is walked last of all: Python runs it first, but when its
    # ``__init__`` imports this very module (ads.build and its validate) a parent walked
    # first closes the circle at once, and everything the module imports would load in the
    # one step that imports the parent (five modules, where each step is meant to be one)
    now.append(module.rpartition(".")[0])
    ours_now = [n for n in dict.fromkeys(now) if n != module and source_of(n) is not None]
    ours_later = [n for n in dict.fromkeys(later) if n != module and n not in ours_now
                  and source_of(n) is not None and n.rsplit(".", 1)[-1] not in DEV_ONLY]
    return ours_now, ours_later


def imports_of(module: str) -> list[str]:
    """The modules of ours that importing ``module`` imports first (its parent package and
    its top-level imports)."""
    return _imports(module)[0]


def import_steps(module: str) -> Generator[int, None, None]:
    """Import ``module`` and what it needs, one module per step (each step yields 0: no
    unit of the import's own work). Nothing happens for a module already loaded.

    What its functions import when called is loaded too, after it: a check or a replay
    calls them at once, and each would otherwise load its part of the system in one go
    (the Character Deck's check reads the adventure's content from inside a function).
    Such an import starts a walk of its own once the earlier ones are ordered, so a
    function's import never drags a package in ahead of what that package's own
    top-level imports need."""
    order: list[str] = []
    seen: set[str] = set()
    roots = [module]
    while roots:
        root = roots.pop(0)
        if root in seen or root in sys.modules:
            continue
        seen.add(root)
        now, later = _imports(root)
        roots += later
        stack: list[tuple[str, list[str]]] = [(root, now)]  # a depth-first walk, iterative
        yield 0
        while stack:
            name, todo = stack[-1]
            if todo:
                nxt = todo.pop(0)
                if nxt not in seen and nxt not in sys.modules:
                    seen.add(nxt)
                    now, later = _imports(nxt)
                    roots += later
                    stack.append((nxt, now))
                    yield 0
                continue
            stack.pop()
            order.append(name)
    for name in order:
        if name not in sys.modules:
            importlib.import_module(name)
            yield 0
