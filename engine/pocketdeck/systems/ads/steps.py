"""The names of the steps that come next (issue 26, "The shape": an explicit queue).

The flow (``flow.py``) owns whose turn it is and what is pending: the turn order, the end
of a Turn, carrying on after an answer given in someone else's Turn, the Pre-Sneak, Flee,
and the stages of one attack (``attack.py``: declared -> ``answer`` -> ``next_blow`` for the
player's; answered -> ``after_foe_attack`` for a Foe's). The rules modules below it
(``attack``, ``turn``, ``counters``, ``grapple``, ``foegrapple``, ``reactions``) never call
back up into it: a rule that is done pushes the name of the
next step onto ``state["steps"]`` (small JSON-safe records: ``[name, *args]``) and
returns; the flow's one driver, ``flow.run_steps``, pops and runs them until the player
must choose. The queue is empty at rest and then absent, so a stored fight has the same
shape as before the queue (no migration). This module imports nothing of the fight, so
the import graph of systems/ads has no cycle (tests/test_imports.py).
"""

from __future__ import annotations

from typing import Any

State = dict[str, Any]


def push(state: State, name: str, *args: Any) -> None:
    """A rule is done: name the step that comes next. The flow's driver
    (``flow.run_steps``) runs it once the rule has returned; nothing runs in between
    (tests/test_ads_queue.py checks that the state is untouched from push to pop)."""
    state.setdefault("steps", []).append([name, *args])


def pop(state: State) -> list[Any] | None:
    """The driver takes the next step, or None (and the empty queue leaves the state,
    so a fight at rest is stored exactly as before the queue)."""
    queue = state.get("steps")
    if not queue:
        state.pop("steps", None)
        return None
    return queue.pop(0)


def end_turn(state: State) -> None:
    """The character's Turn is over: draw, discard down, hand the turn on."""
    push(state, "end_turn")


def finish_turn(state: State) -> None:
    """After the end-of-Turn draw and discard: the next in the turn order."""
    push(state, "finish_turn")


def resume(state: State) -> None:
    """An answer in someone else's Turn is given: carry on with that Turn."""
    push(state, "resume")


def flee(state: State, a: dict[str, Any]) -> None:
    """The character Flees (the Foes' free Turns follow)."""
    push(state, "flee", a)


def presneak_next(state: State) -> None:
    """The Pre-Sneak goes on to the next Foe that may spot it."""
    push(state, "presneak_next")


def answer(state: State) -> None:
    """The player's attack is declared: its Foe answers it (``attack.answer_foe``)."""
    push(state, "answer")


def next_blow(state: State) -> None:
    """A blow of the player's attack is done: the next blow, or the end of the Turn
    (``attack.next_blow``)."""
    push(state, "next_blow")


def after_foe_attack(state: State) -> None:
    """A Foe's blow was answered and dealt: Disease, hampering a Flee, then the Foe's
    Turn goes on (``attack.after_foe_attack``)."""
    push(state, "after_foe_attack")


def presneak_seen(state: State, i: int) -> None:
    """Foe ``i`` saw the Pre-Sneak: the fight begins without it."""
    push(state, "presneak_seen", i)
