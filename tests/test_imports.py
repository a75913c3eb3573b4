"""The shape of the ADS fight (issue 26, "The shape"): no import cycle among the modules of
engine/pocketdeck/systems/ads, function-level imports included. A cycle means a rules
module calls back up into the one that drives it; the layers are written in
docs/rules/ads.md ("The fight's layers").

The graph is read from the source with ``ast`` (nothing is imported), every ``import`` and
``from ... import`` anywhere in a module, at its top or inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "engine" / "pocketdeck" / "systems" / "ads"
PKG = "pocketdeck.systems.ads"


def modules() -> dict[str, Path]:
    out = {}
    for p in sorted(ROOT.rglob("*.py")):
        parts = list(p.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join([PKG, *parts])] = p
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


def graph() -> dict[str, set[str]]:
    mods = modules()
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


def test_the_graph_reads_top_and_function_level_imports():
    """The reader itself: a function-level import counts as much as one at the top."""
    g = graph()
    assert f"{PKG}.fight" in g and f"{PKG}.adventure.play" in g
    assert f"{PKG}.maths" in g[f"{PKG}.fight"] or f"{PKG}.deck" in g[f"{PKG}.fight"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    src = ast.parse("def f():\n    from .flow import presneak\n")
    node = next(n for n in ast.walk(src) if isinstance(n, ast.ImportFrom))
    assert _resolve(f"{PKG}.party", False, node) == f"{PKG}.flow"


def test_no_import_cycle_among_the_ads_modules():
    """Issue 26, "The shape": "no import cycle among systems/ads modules (a test that fails
    on one, function-level imports included)"."""
    found = cycles(graph())
    short = [[m.removeprefix(PKG + ".") for m in c] for c in found]
    assert short == [], f"import cycles among systems/ads modules: {short}"
