"""Marks and their lifetimes (issue 26, "The shape", step 1): every mark the ADS fight keeps
on its state has one written lifetime in ``systems/ads/marks.py``; this test reads every
assignment (``x["key"] = ...``, ``x["key"] += ...``, ``x.pop("key")``) of those keys in
``systems/ads`` with ``ast`` and fails on one made outside the functions the table lists,
and on a listed function that no longer touches the mark (the table would lie)."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

from pocketdeck.core.game import get_game
from pocketdeck.systems.ads.marks import MARKS, mark

ROOT = Path(__file__).resolve().parents[1] / "engine" / "pocketdeck" / "systems" / "ads"
# the fight's first state (and the seat swap of a party, which copies every personal key by name)
BIRTH = {"rules.new_fight"}


def sites() -> dict[str, set[str]]:
    """mark name -> the "module.function" places that assign or pop it."""
    names = {m.name for m in MARKS}
    out: dict[str, set[str]] = defaultdict(set)

    def walk(node: ast.AST, module: str, fn: str) -> None:
        for ch in ast.iter_child_nodes(node):
            inner = ch.name if isinstance(ch, (ast.FunctionDef, ast.AsyncFunctionDef)) else fn
            targets: list[ast.AST] = []
            if isinstance(ch, ast.Assign):
                targets = list(ch.targets)
            elif isinstance(ch, (ast.AugAssign, ast.AnnAssign)):
                targets = [ch.target]
            for t in targets:
                for sub in ast.walk(t):
                    if (isinstance(sub, ast.Subscript) and isinstance(sub.slice, ast.Constant)
                            and sub.slice.value in names):
                        out[sub.slice.value].add(f"{module}.{fn}")
            if (isinstance(ch, ast.Call) and isinstance(ch.func, ast.Attribute) and ch.func.attr == "pop"
                    and ch.args and isinstance(ch.args[0], ast.Constant) and ch.args[0].value in names):
                out[ch.args[0].value].add(f"{module}.{fn}")
            walk(ch, module, inner)

    for p in sorted(ROOT.glob("*.py")):
        walk(ast.parse(p.read_text(), str(p)), p.stem, "<module>")
    return out


def test_marks_each_mark_is_set_and_cleared_only_where_its_lifetime_is_written():
    found = sites()
    for m in MARKS:
        listed = set(m.set_by) | set(m.cleared_by)
        stray = found[m.name] - listed - BIRTH
        assert not stray, f"{m.name!r} is assigned in {sorted(stray)}, not in its row of systems/ads/marks.py"
        stale = listed - found[m.name]
        assert not stale, f"{m.name!r}: the row lists {sorted(stale)}, which no longer touch it"


def test_marks_every_row_is_written_out_and_the_fight_starts_with_them():
    state = get_game("ads").new_game({"deck": "warrior", "foe": "goblin_skirmisher"}, seed=7)
    for m in MARKS:
        assert m.meaning and m.until and m.set_by and m.cleared_by and m.section
        assert mark(m.name) is m
        holder = state["foes"][0] if m.on == "foe" else state
        assert m.name in holder or m.name in ("dropped", "foe_grapple", "kiting", "pursued", "backed"), m.name


def test_marks_the_rules_doc_lists_every_mark():
    doc = (Path(__file__).resolve().parents[1] / "docs" / "rules" / "ads.md").read_text()
    section = doc.split("### Marks and their lifetimes", 1)[1].split("\n## ", 1)[0]
    for m in MARKS:
        assert f"| `{m.name}` |" in section, m.name
