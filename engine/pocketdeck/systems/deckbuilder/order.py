"""The turn order: whose turn it is, who can act, and the move to the next one. Below the
hero's turn, the monsters' turns and the battle's driver (flow.py), which all end a turn by
moving play on and never need to call up into the driver for it."""

from __future__ import annotations

from .common import State
from .setup import hero, monster


def actor(state: State) -> str:
    return str(state["order"][state["at"]])


def alive(state: State, a: str) -> bool:
    return not hero(state, a)["down"] if a.startswith("h") else not monster(state, a)["dead"]


def advance(state: State) -> None:
    """Play moves to the next in the turn order (clockwise), skipping the unconscious
    and the dead."""
    state["turn"] = None
    n = len(state["order"])
    for _ in range(n):
        state["at"] = (state["at"] + 1) % n
        if state["at"] == 0:
            state["round"] += 1
        if alive(state, actor(state)):
            return
