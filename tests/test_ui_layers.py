"""The ui's layers (docs/ARCHITECTURE.md, "The ui's layers"; issue 48): the App controller
on top, the screens it opens below it, the pieces and shared helpers below them, the base
(ui/shell.py, html, flow, cards) at the bottom. An import points down, never back up, so no
circle can form (tests/test_imports.py finds circles; this holds the shape that keeps them
away). The graph is tests/test_imports.py's: read with ``ast``, function-level imports
and ``if TYPE_CHECKING:`` ones included."""

from __future__ import annotations

import inspect

from test_imports import ENGINE, graph

from pocketdeck.ui import shell
from pocketdeck.ui.app import App

UI = "pocketdeck.ui."
BASE = {"shell": set(), "html": set(), "flow": {"html"}, "cards": {"html"}}


def _ui_graph() -> dict[str, set[str]]:
    """Every ui module's imports of other ui modules, by names below ``pocketdeck.ui``."""
    g = graph(ENGINE, "pocketdeck")
    return {m.removeprefix(UI): {d.removeprefix(UI) for d in deps if d.startswith(UI)}
            for m, deps in g.items() if m.startswith(UI)}


def test_no_ui_module_but_the_developers_check_imports_the_app():
    """Screens see the controller through ui/shell.py's ``App`` Protocol, not ui/app.py."""
    found = sorted(m for m, deps in _ui_graph().items() if "app" in deps)
    assert found == ["check"], found


def test_the_screens_the_app_opens_are_imported_by_the_app_alone():
    """The Library screen and the table link's screens are above the pieces they open
    (the deck editor, a DofA sheet kept apart, the table link's codes): what a piece shares
    with them lives below both (ui/library/items.py), so no piece imports a screen."""
    g = _ui_graph()
    for screen in ("library.screen", "table_link.screens"):
        found = sorted(m for m, deps in g.items() if screen in deps)
        assert found == ["app"], (screen, found)


def test_the_base_imports_nothing_above_it():
    g = _ui_graph()
    for name, allowed in BASE.items():
        assert g[name] <= allowed, (name, g[name] - allowed)
    assert g["tables"] <= {"shell"}, g["tables"]


def test_the_app_has_all_that_the_shell_names_with_the_same_signatures():
    """ui/shell.py's Protocol is what screens may use of the App: each name must be there,
    each method taking the same parameters."""
    app = App()
    assert isinstance(app, shell.App)
    for name, member in vars(shell.App).items():
        if inspect.isfunction(member) and not name.startswith("__"):
            mine = list(inspect.signature(member).parameters)
            theirs = list(inspect.signature(getattr(App, name)).parameters)
            assert mine == theirs, (name, mine, theirs)
