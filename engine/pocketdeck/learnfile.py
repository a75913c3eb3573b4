"""The shape of a ``learn.toml`` (every system's folder holds one: the rules in our words,
the glossary and the first-run guide; pocketdeck/learn.py reads them) and its checker.

content.check runs this checker on every learn.toml instead of the system's own. It lives
apart from learn.py so that the loader calls down into it: learn.py reads files through
the loader, and the loader must not import what reads through it."""

from __future__ import annotations

import re
from typing import Any

from .schema import ListOf, Optional, table_rows

FILE = "learn.toml"
RULE = {"id": str, "title": str, "book": str, "body": str}
TERM = {"id": str, "name": str, "text": str, "book": str, "aliases": Optional(ListOf(str))}
GUIDE = {"target": str, "text": str, "table": Optional(str)}
_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
MAX_GUIDE = 6  # "3-6 steps": a guide longer than that is a manual, not a guide


def check(name: str, data: dict[str, Any]) -> list[str]:
    """One learn.toml: rules, terms and guide steps well formed, ids unique and plain."""
    rules, problems = table_rows(data, "rule", RULE)
    terms, found = table_rows(data, "term", TERM, label="term", at_least=1)
    problems += found
    steps, found = table_rows(data, "guide", GUIDE, label="guide step", at_least=0, ident="target")
    problems += found
    for table in sorted({s.get("table", "") for s in steps}):
        n = sum(1 for s in steps if s.get("table", "") == table)
        if not 3 <= n <= MAX_GUIDE:
            problems.append(f"the guide{' of ' + table if table else ''} has {n} steps; "
                            f"a first-run guide has 3 to {MAX_GUIDE}")
    for kind, rows in (("rule", rules), ("term", terms)):
        ids = [r["id"] for r in rows]
        for i in ids:
            if not _ID.fullmatch(i):
                problems.append(f"{kind} id {i[:40]!r} must be lower-case letters, digits and '-'")
        if len(set(ids)) != len(ids):
            problems.append(f"every [[{kind}]] needs its own 'id'")
    for row in rules + terms:
        for key in ("title", "name", "text", "body", "book"):
            if key in row and not str(row[key]).strip():
                problems.append(f"{row['id']}: '{key}' is empty")
    return problems
