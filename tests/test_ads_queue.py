"""Issue 26, "The shape": one place owns what comes next. A rule that is done names the
next step (``steps.push``) and returns; the flow's driver (``flow.run_steps``) pops and
runs it. These tests pin that the queue changes nothing in the game: between a push and
its pop the state is untouched (so the step runs exactly where the old call back up ran),
and no step is left pending when the player must choose (a stored fight has no queue)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pocketdeck.core.game import get_game
from pocketdeck.core.simulate import play_one
from pocketdeck.systems.ads import steps


def _snap(state: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in state.items() if k != "steps"}, sort_keys=True)


@pytest.fixture
def watched(monkeypatch):
    """Record the state at each push; check it at the matching pop."""
    pushed: list[str] = []
    seen = {"steps": 0}
    push, pop = steps.push, steps.pop

    def watch_push(state, name, *args):
        pushed.append(_snap(state))
        push(state, name, *args)

    def watch_pop(state):
        step = pop(state)
        if step is not None:
            assert pushed, "a step popped that was never pushed"
            assert _snap(state) == pushed.pop(0), f"the state changed before step {step} ran"
            seen["steps"] += 1
        return step

    monkeypatch.setattr(steps, "push", watch_push)
    monkeypatch.setattr(steps, "pop", watch_pop)
    return seen


def _at_rest(game, state, actions) -> None:
    assert "steps" not in state, f"steps left pending at rest: {state.get('steps')}"


@pytest.mark.parametrize("system,games", [("ads", 12), ("ads_adventure", 3)])
def test_the_shape_a_named_step_runs_where_the_old_call_back_up_ran(watched, system, games):
    game = get_game(system)
    for seed in range(games):
        play_one(game, seed, observers=[_at_rest])
    assert watched["steps"] > 0
