"""Where a rule hands the fight back to the flow (issue 26, "The shape").

The flow (``flow.py``) owns whose turn it is and what comes next: the turn order, the end
of a Turn, carrying on after an answer given in someone else's Turn, the Pre-Sneak, Flee.
The rules modules below it (``turn``, ``counters``, ``grapple``, ``foegrapple``,
``reactions``) finish by handing control back through the names here, never by importing
the flow: ``flow`` registers its functions when it is imported (the package imports it:
``__init__`` → ``rules`` → ``actions`` → ``flow``). This module imports nothing of the
fight, so the import graph of systems/ads has no cycle (tests/test_ads_imports.py).

Why a table and not the queue of steps the issue asks for: it keeps every call where it
was (same order, same draws: saves and fixtures replay unchanged) while making the one
way back up explicit and countable. These hand-backs are what the queue would replace.
"""

from __future__ import annotations

from typing import Any, Callable

State = dict[str, Any]
_FLOW: dict[str, Callable[..., None]] = {}


def provide(**fns: Callable[..., None]) -> None:
    """The flow registers its hand-back points (once, on import)."""
    _FLOW.update(fns)


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


def finish_turn(state: State, rng: Any) -> None:
    """After the end-of-Turn draw and discard: the next in the turn order."""
    _FLOW["finish_turn"](state, rng)


def resume(state: State, rng: Any) -> None:
    """An answer in someone else's Turn is given: carry on with that Turn."""
    _FLOW["resume"](state, rng)


def flee(state: State, a: dict[str, Any], rng: Any) -> None:
    """The character Flees (the Foes' free Turns follow)."""
    _FLOW["flee"](state, a, rng)


def presneak_next(state: State, rng: Any) -> None:
    """The Pre-Sneak goes on to the next Foe that may spot it."""
    _FLOW["presneak_next"](state, rng)


def presneak_seen(state: State, rng: Any, i: int) -> None:
    """Foe ``i`` saw the Pre-Sneak: the fight begins without it."""
    _FLOW["presneak_seen"](state, rng, i)
