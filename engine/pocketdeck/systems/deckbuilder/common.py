"""Small shared helpers: piles, drawing with reshuffle and Fatigue, the log."""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng

State = dict[str, Any]
LOG_KEEP = 20  # the lines the table shows; the state is copied on every action, so no more
HAND_LIMIT = 8
DECK_MAX = 80  # a character's own cards (deck, at-hand items, latent abilities): the record's limit too
BATTLE_PILES = ("draw", "hand", "discard", "expended", "front")


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


def drop_melee_counters(state: State, who: dict[str, Any], name: str) -> None:
    """Range and Mana: "The main difference between these actions and the melee action is
    that attacking with a ranged weapon or casting a spell may wait more than one turn":
    melee counters do not wait. When a hero's or a boss's turn (or a hero's Synergy action)
    ends, the counters left on its melee weapons are discarded; range and spell counters stay."""
    from . import data
    melee = sorted(w for w, n in who["counters"].items() if n and data.weapons()[w]["kind"] == "melee")
    for w in melee:
        del who["counters"][w]
    if melee:
        log(state, f"{name}'s unused melee counters fall away: melee cannot wait for a later turn.")


def own_cards(state: State, h: dict[str, Any]) -> list[str]:
    """The character deck: every battle card the hero owns wherever it lies, without the
    Fatigue cards and the tableau cards taken this battle (they go back to the tableau)."""
    me = h["id"]
    cards = [c for k in BATTLE_PILES for c in state["piles"][f"{me}:{k}"] if c != "fatigue"]
    for stack, n in h.get("taken", {}).items():
        for _ in range(n):
            cards.remove(stack)
    return cards


def held_cards(state: State, h: dict[str, Any]) -> list[str]:
    """Every copy of a card the hero holds: the character deck, its latent abilities and its
    at-hand items. A skill held anywhere here is practised, not learnt."""
    me = h["id"]
    return own_cards(state, h) + pile(state, f"{me}:latent") + pile(state, f"{me}:at_hand")


def room(state: State, h: dict[str, Any]) -> bool:
    """Whether the hero's own cards (character deck, at-hand items, latent abilities) can
    grow by one: spoils, learning and picking up items stop at DECK_MAX, so a record the
    app writes always passes the app's own record check."""
    me = h["id"]
    held = len(own_cards(state, h)) + len(state["piles"][f"{me}:at_hand"]) + len(state["piles"][f"{me}:latent"])
    return held < DECK_MAX


def give_back_tableau(state: State, who: dict[str, Any], piles: tuple[str, ...]) -> None:
    """The tableau cards ``who`` (a hero or a boss) took this battle leave its piles and go
    back to their stacks: a battle deck lasts one battle (Overview)."""
    me = who["id"]
    for stack, n in sorted(who.get("taken", {}).items()):
        for _ in range(n):
            src = next(state["piles"][f"{me}:{k}"] for k in piles if stack in state["piles"][f"{me}:{k}"])
            src.remove(stack)
            state["piles"][f"tableau:{stack}"].append(stack)
    who["taken"] = {}
