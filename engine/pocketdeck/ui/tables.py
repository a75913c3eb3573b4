"""The registry of table screens: one per game system that has a screen in the app.

A table turns a system's ``view`` into HTML and offers a setup form for a new game. Taps
on legal actions come back as ``play`` with the action as JSON, so a table needs no
event code of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..core.saves import Session


@dataclass(frozen=True)
class Table:
    system: str
    title: str
    blurb: str
    render: Callable[[dict[str, Any], Session], str]
    setup: Callable[[], str]
    seat: str = "player"


TABLES: dict[str, Table] = {}


def register_table(table: Table) -> Table:
    TABLES[table.system] = table
    return table


def tables() -> dict[str, Table]:
    from . import deck  # noqa: F401  (each table module registers itself)
    try:
        from . import p52  # noqa: F401
    except ImportError:
        pass
    return TABLES
