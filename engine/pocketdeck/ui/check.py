"""The screen check that plugs into the random-playthrough harness (core/simulate.py).

On every step of a simulated game it draws what the phone would draw: each seat's view
through the system's table, and the whole screen through the App controller (navigation,
flash, the table), exactly as web/main.py renders it. Any exception is a fault the phone
would have shown as a broken screen. The core never imports this module: the command line
and the tests pass ``render_check`` in as an observer.
"""

from __future__ import annotations

import re
from typing import Any

from ..core.game import Game, State
from ..core.saves import Session
from .app import App
from .tables import tables


def render_check(game: Game, state: State, actions: list[dict[str, Any]]) -> None:
    """Render every seat's view and the App's whole screen for ``state``; raise on a fault."""
    table = tables().get(game.name)
    if table is None:
        return  # a system without a screen has nothing to draw
    session = Session(game.name, state["options"], state["seed"], list(actions), state)
    for seat in game.seats(state):
        if seat == table.seat:
            continue  # drawn below, inside the whole screen
        html = table.render(game.view(state, seat), session)
        if not isinstance(html, str) or not html:
            raise AssertionError(f"the {game.name} table drew nothing for seat {seat!r}")
    app = App(screen=f"table:{game.name}", sessions={game.name: session})
    page = app.render()
    if getattr(app, "render_error", None):
        # the App turns a failed screen into an error page with a way home (the player is
        # never stuck); for the harness that page is the fault it looks for
        raise AssertionError(f"the {game.name} screen failed: {app.render_error}")
    if not isinstance(page, str) or "<nav" not in page:
        raise AssertionError(f"the {game.name} screen did not render whole")
    check_popovers(page, game.name)


_TARGETS = re.compile(r'popovertarget="([^"]+)"')
_IDS = re.compile(r'<div id="([^"]+)" popover')


def check_popovers(page: str, where: str) -> None:
    """Every glossary link and explanation on the screen opens its own entry: each
    ``popovertarget`` names a popover drawn on the same screen, holding text."""
    ids = set(_IDS.findall(page))
    missing = sorted(set(_TARGETS.findall(page)) - ids)
    if missing:
        raise AssertionError(f"the {where} screen links to popovers it does not draw: {missing[:5]}")
