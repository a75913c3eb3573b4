"""Small shared helpers: piles, drawing with reshuffle and Fatigue, the log."""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng

State = dict[str, Any]
LOG_KEEP = 20  # the lines the table shows; the state is copied on every action, so no more
HAND_LIMIT = 8


def pile(state: State, name: str) -> list[str]:
    return state["piles"][name]


def log(state: State, line: str) -> None:
    state["log"].append(line)
    del state["log"][:-LOG_KEEP]


def draw(state: State, h: dict[str, Any], rng: Rng, limit: int = HAND_LIMIT) -> bool:
    """Draw one card into the hand, up to ``limit``. An empty draw pile is refilled by
    shuffling the discard pile, and one Fatigue card from the supply is shuffled in with
    it (Pocketdeck's rule for the Fatigue cards the book names)."""
    me = h["id"]
    hand, deck = pile(state, f"{me}:hand"), pile(state, f"{me}:draw")
    if len(hand) >= limit:
        return False
    if not deck:
        disc = pile(state, f"{me}:discard")
        if not disc:
            return False
        deck.extend(disc)
        disc.clear()
        if state["piles"]["fatigue"]:
            deck.append(state["piles"]["fatigue"].pop())
            log(state, f"{h['name']} reshuffles and gains a Fatigue card.")
        rng.shuffle(deck)
    hand.append(deck.pop())
    return True
