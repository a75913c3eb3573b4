"""The registry of table screens: one per game system that has a screen in the app.

A table turns a system's ``view`` into HTML and offers a setup form for a new game. Taps
on legal actions come back as ``play`` with the action as JSON, so a table needs no
event code of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, Callable

from ..core.saves import Session
from .shell import Effect

if TYPE_CHECKING:
    from .shell import App


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
    # ``render`` with the App too, where a table offers what the player kept (the GM's table:
    # the creatures the GM made, issue 49); None: ``render``
    render_app: Callable[["App", dict[str, Any], Session], str] | None = None


TABLES: dict[str, Table] = {}


def register_table(table: Table) -> Table:
    TABLES[table.system] = table
    return table


@dataclass(frozen=True)
class Lazy:
    """A table named without importing it: the home screen reads ``title`` and ``blurb``;
    any other attribute (``render``, ``setup``, ...) imports the table's module
    (``ui/<module>.py``, which registers the real Table) and is read from that."""

    system: str
    module: str
    title: str
    blurb: str

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # copy, pickle and friends: never a reason to import
            raise AttributeError(name)
        return getattr(load_table(self.system), name)


# one line per table, in the order the home screen lists them: system, module (ui/<module>.py),
# title and blurb as the home screen shows them (tests/test_boot_imports.py checks they match
# the module's own Table). A bare module name also works, but is imported at start-up.
TABLE_MODULES: tuple[Lazy | str, ...] = (
    Lazy("deck", "deck.table", "Deck", "A shuffled pocket deck for any card game: draw, discard, reshuffle, undo."),
    Lazy("p52", "p52.table", "P52", "A GM-less dungeon crawl with Room, Enemy and Action decks: solo or a party on one phone."),
    Lazy("ads", "ads.fight", "Adventure Deck System", "A solo fight: your 52-card Combat Deck on the Rondel against Foe cards run by Up/Down draws."),
    Lazy("ads_adventure", "ads.adventure", "ADS Adventure", "Carry your Character Deck through an adventure, ours or your own: fights, obstacles, rests, loot."),
    Lazy("ads_build", "ads.builder", "ADS Deck Builder", "Build a legal 52-card Combat Deck for the Adventure Deck System, card by card."),
    Lazy("dofa", "dofa.sheet", "Deck of Adventures", "The player's Action Deck and sheet: tap in the GM's check, draw, and see the exact odds."),
    Lazy("deckbuilder", "deckbuilder.table", "Deckbuilder RPG", "Tactical battles on the six-stack Action Tableau against minions and a boss: solo or hot-seat."),
    Lazy("dofa-gm", "dofa_gm.table", "Deck of Adventures: GM's table", "The GM's decks, initiative, statuses, Epic Events, bosses and loot; or a solo skirmish."),
)


def _import(module: str) -> None:
    import importlib
    importlib.import_module(f"{__package__}.{module}")


def load_table(system: str) -> Table:
    """The real Table of ``system``, importing its module on first use (KeyError if none)."""
    if system not in TABLES:
        for entry in TABLE_MODULES:
            if isinstance(entry, Lazy) and entry.system == system:
                _import(entry.module)
    return TABLES[system]


class _Tables(Mapping[str, Any]):
    """Every table by system, in home-screen order, as ``Lazy`` entries (a module named
    bare, or a table registered directly, as its real Table): membership, order, titles and
    blurbs import nothing."""

    def _entries(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for entry in TABLE_MODULES:
            if isinstance(entry, Lazy):
                out[entry.system] = entry
            else:
                _import(entry)
        for system, table in TABLES.items():
            out.setdefault(system, table)
        return out

    def __getitem__(self, system: str) -> Any:
        return self._entries()[system]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries())

    def __len__(self) -> int:
        return len(self._entries())


_TABLES = _Tables()


def tables() -> Mapping[str, Any]:
    """The tables, without importing any (see ``Lazy``)."""
    return _TABLES


# the content folders with a learn.toml (rules in our words, glossary, guide), named here so
# the home screen can offer "How to play" without reading any content (a test checks this
# against pocketdeck.learn.systems()); and the tables whose rules live in another folder
LEARN_FOLDERS = ("ads", "deck", "deckbuilder", "dofa", "dofa-gm", "p52")  # each folder joins as its learn.toml is written
RULES_OF = {"ads_build": "ads", "ads_adventure": "ads"}


def rules_key(system: str) -> str | None:
    """The content folder of ``system``'s rules (its Rules screen), or None."""
    key = RULES_OF.get(system, system)
    return key if key in LEARN_FOLDERS else None
