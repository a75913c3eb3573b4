"""What the screens share with the App controller, without importing it.

ui/app.py's ``App`` opens every screen (the Library, the table link, the tables, the Rules
screen) and hands itself to it; a screen that imported ``ui/app.py`` back would close a
circle in which neither could be read or changed alone. So the screens import this
module instead: ``Effect`` (what a tap asks the page to store), ``slot_system`` (whose
table a slot's game is at) and ``App``, a Protocol naming the attributes and methods of
the controller that screens use. ui/app.py satisfies it (tests/test_ui_layers.py checks
that, names and signatures); the screens import it only for type hints.

Tiny and importing nothing at run time but ``typing``: the home screen loads it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from ..core.saves import Session

Effect = tuple[str, ...]  # ("put", key, text) | ("delete", key) | what web/library.js carries out


def slot_system(slot: str) -> str:
    """The game system of a slot (``p52~shared`` -> ``p52``)."""
    return slot.split("~", 1)[0]


@runtime_checkable
class App(Protocol):
    """The App controller as the screens see it (ui/app.py ``App`` has each of these)."""

    screen: str
    sessions: dict[str, Session]
    problems: list[str]
    flash: tuple[str, str] | None
    share_link: str | None
    seed_source: int
    library: dict[str, dict[str, Any]]
    meta: dict[str, dict[str, Any]]
    pending_library: list[str]
    confirm: str | None
    back: str
    notes: dict[str, Any]
    shelf: Any                        # the Library screen's state (ui/library/screen.py)
    aside: dict[str, tuple[Any, str]]
    result: list[str]
    shown_log: list[Any] | None
    log_before: list[Any] | None
    link: Any                         # a table of phones (ui/table_link/screens.py)
    features: dict[str, bool]

    def open_link(self, fragment: str, checked: Any = None) -> list[Effect]: ...
    def slot_of(self, session: Session) -> str: ...
    def start_job(self, job: Any, what: str, before: str, unit: str) -> None: ...
    def play_in(self, slot: str, action: dict[str, Any]) -> list[Effect]: ...
    def latest(self, system: str) -> str | None: ...
    def free_slot(self, system: str) -> str: ...
    def archive(self, slot: str) -> list[Effect]: ...
    def notes_text(self) -> str: ...
    def can(self, feature: str) -> bool: ...
    # the controller's own steps a few screens take as they are: a new game (the deck
    # editor's "Play with it"), the game on screen, a fresh seed
    def _handle(self, verb: str, arg: str, fields: dict[str, str]) -> list[Effect]: ...
    def _current_slot(self) -> str: ...
    def _new_seed(self) -> int: ...
