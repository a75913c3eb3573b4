"""App.rehearse (issue 18): the page plays a tap on a copy of the open game when it is idle,
so the player's first tap is not the runtime's first run of that code. It must change
nothing: not the screen, not the game, not the library, and it stores nothing."""

from __future__ import annotations

import copy
import json

import pytest

from pocketdeck.core.limits import MAX_ACTIONS
from pocketdeck.core.rng import Rng
from pocketdeck.core.saves import Session, save_text
from pocketdeck.ui.app import App

SYSTEMS = ("deck", "p52", "ads", "dofa", "deckbuilder", "ads_adventure", "ads_build", "dofa-gm")


def app_at_table(system: str, steps: int) -> App:
    """An app with a seeded game of ``system`` a few random moves in, on its table."""
    session = Session.start(system, None, seed=7)
    game, rng = session.game, Rng(7)
    choose = getattr(game, "sim_choose", None)  # the system's own random player, if it has one
    for step in range(steps):
        legal = game.legal_actions(session.state)
        if not legal:
            break
        session.play(choose(session.state, legal, rng) if choose else legal[step % len(legal)])
    app = App(seed_source=3)
    app.restore({f"game:{system}": save_text(session), "ui:screen": f"table:{system}"})
    assert app.screen == f"table:{system}"
    return app


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("steps", [0, 9])
def test_a_rehearsal_changes_nothing(system, steps):
    app = app_at_table(system, steps)
    session = app.sessions[system]
    screen = app.render()
    state_text = json.dumps(session.state, sort_keys=True)
    actions, state = session.actions, session.state
    kept = (copy.deepcopy(app.library), copy.deepcopy(app.meta), copy.deepcopy(app.notes),
            app.seed_source, list(app.problems))

    legal = session.game.legal_actions(session.state)
    assert app.rehearse() == (system if legal else None)  # an ended game has nothing to play
    assert session.actions is actions and session.state is state
    assert json.dumps(state, sort_keys=True) == state_text
    assert (app.library, app.meta, app.notes, app.seed_source, app.problems) == kept
    assert app.flash is None and app.screen == f"table:{system}"
    assert app.render() == screen
    if not legal:
        return
    # and the next real tap still works as before
    effects = app.handle("play", json.dumps(legal[0]))
    assert app.flash is None or app.flash[0] != "error"
    assert any(e[0] == "put" and e[1] == f"game:{system}" for e in effects)


def test_nothing_to_rehearse_off_a_table_or_at_a_checkpoint():
    app = App(seed_source=1)
    assert app.rehearse() is None  # the home screen
    app = app_at_table("deck", 3)
    session = app.sessions["deck"]
    session.actions = session.actions + [{"type": "noop"}] * (MAX_ACTIONS - len(session.actions))
    assert app.rehearse() is None  # a fold could replay the whole game: not worth it
