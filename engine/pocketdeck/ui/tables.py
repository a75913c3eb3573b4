"""The registry of table screens: one per game system that has a screen in the app.

A table turns a system's ``view`` into HTML and offers a setup form for a new game. Taps
on legal actions come back as ``play`` with the action as JSON, so a table needs no
event code of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from ..core.saves import Session

if TYPE_CHECKING:
    from .app import App

Effect = tuple[str, ...]


def _plain_options(fields: dict[str, Any], app: "App") -> dict[str, Any]:
    return dict(fields)


def _no_effects(app: "App", session: Session) -> list[Effect]:
    return []


@dataclass(frozen=True)
class Table:
    """One system's screens. ``render`` draws a game from its view; ``setup`` draws the
    new-game form; ``options_from_form`` turns that form's fields into engine options;
    ``after_play`` may add storage effects after each action (the P52 character library)."""

    system: str
    title: str
    blurb: str
    render: Callable[[dict[str, Any], Session], str]
    setup: Callable[["App"], str]
    options_from_form: Callable[[dict[str, Any], "App"], dict[str, Any]] = _plain_options
    after_play: Callable[["App", Session], list[Effect]] = _no_effects
    seat: str = "player"


TABLES: dict[str, Table] = {}


def register_table(table: Table) -> Table:
    TABLES[table.system] = table
    return table


# the table modules, in the order the home screen lists them; each registers itself
TABLE_MODULES = ("deck", "p52", "ads", "dofa", "deckbuilder", "dofa_gm")


def tables() -> dict[str, Table]:
    import importlib
    import importlib.util
    for name in TABLE_MODULES:
        module = f"{__package__}.{name}"
        # a system whose screen is not written yet has no module: it is simply not listed
        if importlib.util.find_spec(module) is not None:
            importlib.import_module(module)
    return TABLES
