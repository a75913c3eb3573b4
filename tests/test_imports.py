"""No import circle in the engine (issue 48; ADS first, issue 26 "The shape"): among the
modules of the whole ``pocketdeck`` package, no module imports another that imports it back,
at its top or inside a function. In a circle no module can be read or changed alone, and a
circle means a rules module calls back up into the one that drives it. The layers, who may
import whom, are written in each system's docs/rules/<system>.md, and the ui's in
docs/ARCHITECTURE.md ("The ui's layers").

The graph is read from the source with ``ast`` (nothing is imported): every ``import`` and
``from ... import`` anywhere in a module, ``if TYPE_CHECKING:`` ones too. A circle is a
strongly connected component of more than one module (Tarjan)."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "engine" / "pocketdeck"
ROOT = ENGINE / "systems" / "ads"
PKG = "pocketdeck.systems.ads"

def modules(root: Path = ROOT, pkg: str = PKG) -> dict[str, Path]:
    """Every module under ``root`` by its dotted name (a package by its ``__init__``)."""
    out = {}
    for p in sorted(root.rglob("*.py")):
        parts = list(p.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join([pkg, *parts])] = p
    return out


def _resolve(mod: str, is_pkg: bool, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = mod.split(".") if is_pkg else mod.split(".")[:-1]
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(mod: str, path: Path, known: set[str]) -> set[str]:
    """Every module of the package that ``mod`` imports, anywhere in its source."""
    is_pkg = path.name == "__init__.py"
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(mod, is_pkg, node)
            subs = {f"{target}.{a.name}" for a in node.names} & known
            out.update(subs or {target})
    return {m for m in out if m in known and m != mod}


def graph(root: Path = ROOT, pkg: str = PKG) -> dict[str, set[str]]:
    mods = modules(root, pkg)
    return {m: imports_of(m, p, set(mods)) for m, p in mods.items()}


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def engine_cycles() -> list[list[str]]:
    """The circles of the whole ``pocketdeck`` package."""
    return cycles(graph(ENGINE, "pocketdeck"))


def test_the_graph_reads_top_and_function_level_imports():
    """The reader itself: a function-level import counts as much as one at the top."""
    g = graph()
    assert f"{PKG}.fight" in g and f"{PKG}.adventure.play" in g
    assert f"{PKG}.maths" in g[f"{PKG}.fight"] or f"{PKG}.deck" in g[f"{PKG}.fight"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    src = ast.parse("def f():\n    from .flow import presneak\n")
    node = next(n for n in ast.walk(src) if isinstance(n, ast.ImportFrom))
    assert _resolve(f"{PKG}.party", False, node) == f"{PKG}.flow"


def test_the_whole_package_is_read():
    """Every part of the engine is in the graph: the core, each system, the ui, the top."""
    g = graph(ENGINE, "pocketdeck")
    for name in ("pocketdeck", "pocketdeck.content", "pocketdeck.core.game",
                 "pocketdeck.systems.dofa_gm.turns", "pocketdeck.systems.p52.flow",
                 "pocketdeck.ui.app"):
        assert name in g, name
    assert "pocketdeck.core.game" in g["pocketdeck.systems.dofa_gm.rules"]


def test_no_import_cycle_among_the_ads_modules():
    """Issue 26, "The shape": "no import cycle among systems/ads modules (a test that fails
    on one, function-level imports included)"."""
    found = cycles(graph())
    short = [[m.removeprefix(PKG + ".") for m in c] for c in found]
    assert short == [], f"import cycles among systems/ads modules: {short}"


def test_no_import_circle_in_the_engine():
    """Issue 48, "No import circle in the engine": 0 circles in the whole package, the ui
    included."""
    short = [[m.removeprefix("pocketdeck.") for m in c] for c in engine_cycles()]
    assert short == [], f"import circles in the engine: {short}"
