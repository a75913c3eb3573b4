"""The piles of the Action Deck and the small helpers every rule module shares (PG, The
Action Deck; Fate Cards). The state's piles are ``deck``, ``discard``, ``fate`` (cards in
hand), ``aside`` (spent Jokers), ``tc`` (My Target Card) and ``drawing`` (the cards of the
draw in progress); together they always hold the 54 cards."""

from __future__ import annotations

from typing import Any

from ...core.cards import Card, Rank
from ...core.game import IllegalAction, State
from ...core.rng import Rng
from . import sheet as sh

RANKS = [r.code for r in Rank]
JOKERS = ("RJ", "BJ")
PILES = ("deck", "discard", "fate", "aside", "tc", "drawing")


def blank_draft(kind: str = "check") -> dict[str, Any]:
    """The check being entered tap by tap. ``sense``/``against``/``power``/``unseen`` are the
    facts only the GM knows that conditions need (PG, Status Conditions)."""
    return {"kind": kind, "who": "me", "rank": None, "suit": None, "stat": None, "dr": None,
            "hidden": False, "attacker": None, "hand": 0, "condition": None,
            "sense": None, "against": False, "power": False, "unseen": False}


def name(code: str) -> str:
    return Card.parse(code).name


def distinct(cards: list[str]) -> list[str]:
    return sorted(set(cards), key=cards.index)


def own_tc(state: State) -> str | None:
    return state["tc"][0] if state["tc"] else None


def drawable(state: State) -> int:
    return len(state["deck"]) + len(state["discard"])


def actor(state: State, who: str) -> dict[str, Any]:
    """The sheet whose modifiers a check uses: mine, or my companion's."""
    return state["companion"] if who == "companion" and state.get("companion") else state["sheet"]


def knock_out(state: State) -> None:
    state["hp"] = 0
    state["ko"] = {"turns": 0, "successes": 0, "failures": 0, "damaged": False, "stable": False}
    if state["combat"] and state.get("acted") == state["turn"]:
        # PG, Epic Events: "their subsequent turns are replaced with Epic Event TCs":
        # Knocked Out once their own turn has begun (a check drawn, a power, ...), the
        # first Epic Event check is on the next turn, not this one (``drawn``: no draw
        # left in this turn, as after a draw)
        state["ko"]["drawn"] = state["turn"]
    state["draft"] = blank_draft()


def take(state: State, rng: Rng) -> str:
    """The top card of the Action Deck into the draw in progress. An empty deck is
    reshuffled from the discard pile and costs a level of Fatigue (level 5 is Knocked Out)."""
    if not state["deck"]:
        if not state["discard"]:
            raise IllegalAction("no cards left to draw (Action Deck and discard pile empty)")
        state["deck"], state["discard"] = state["discard"], []
        rng.shuffle(state["deck"])
        state["fatigue"] = min(5, state["fatigue"] + 1)
        state["log"].append(f"The Action Deck ran out: reshuffled; Fatigue {state['fatigue']}.")
        if state["fatigue"] == 5 and not state["ko"]:
            draft = state["draft"]
            knock_out(state)
            state["draft"] = draft
            state["log"].append("Fatigue 5: Knocked Out.")
    card = state["deck"].pop()
    state["drawing"].append(card)
    return card


def take_to(state: State, rng: Rng, pile: str) -> str:
    """Draw one card straight into ``pile`` (My Target Card)."""
    card = take(state, rng)
    state["drawing"].remove(card)
    state[pile].append(card)
    return card


def settle(state: State, cards: list[str]) -> None:
    """Drawn cards leave the draw: Aces stay in hand as Fate Cards, others are discarded."""
    for c in list(cards):
        if c in state["drawing"]:
            state["drawing"].remove(c)
        (state["fate"] if c.startswith("A") else state["discard"]).append(c)


def discard_from_deck(state: State, rng: Rng, n: int) -> int:
    """Discard ``n`` cards from the deck (Poisoned, Discard Powers); Aces still go to hand."""
    n = min(n, drawable(state))
    settle(state, [take(state, rng) for _ in range(n)])
    return n


def spend_fate(state: State, card: str) -> None:
    """A spent Joker is set aside until the next Full Rest (it must never be shuffled into
    the deck by a Quick Rest); a spent Ace or awarded card goes to the discard pile."""
    state["fate"].remove(card)
    (state["aside"] if card in JOKERS else state["discard"]).append(card)


def modifier(state: State, who: str, stat: str | None) -> int:
    return sh.modifier(actor(state, who), stat)


def next_turn_end(s: State) -> int:
    """The turn at whose end "the Player's next turn after receiving damage" (PG, Fate
    Cards 4.3) or "their next turn" (Discard Powers, Help) ends. End my turn starts the
    next turn number at once, but the player's turn itself begins only when they act (a
    check drawn, a power or an item: ``acted``). What arrives before that, between my
    turns, lasts to the end of this coming turn; what arrives once my turn has begun, to the
    end of the turn after it. Damage in my turn before I act counts as between turns (the
    window is never longer than the book's)."""
    return s["turn"] + 1 if s.get("acted") == s["turn"] else s["turn"]
