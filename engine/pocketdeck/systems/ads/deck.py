"""The player's Combat Deck in play: draw, hand, discard, persistent cards, Fatigue, and
the Up/Down source. Every shuffle and draw goes through the state's seeded generator."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core.rng import Rng
from . import data
from ...core.odds import as_percent
from .maths import DOWN, UP, matches, pattern_chance

State = dict[str, Any]
HAND_BASE = 7


def base(cid: str) -> str:
    return cid.split(".", 1)[0]


def hand_max(state: State) -> int:
    """7 less Fatigue and Exhaustion ("Fatigue - Out of Cards!", "Death")."""
    return HAND_BASE - state["fatigue"] - state["exhaustion"]


def log(state: State, text: str) -> None:
    state["log"].append(text)
    if len(state["log"]) > 80:
        del state["log"][:-80]


def draw_one(state: State, rng: Rng) -> str | None:
    """Draw a card into the hand. Fatigue - Out of Cards!: "when you are out of Cards in
    your Draw Deck you reshuffle your Discard Deck back into your Draw Deck, and then you
    take Fatigue": the draw that takes the last card runs the deck out, and the reshuffle
    and the level of Fatigue come at once (``out_of_cards``), not at a later draw. A deck
    that ran out with no discards to reshuffle waits for the next draw. Fatigue at a hand
    maximum of 1 kills."""
    if not state["draw"] and not out_of_cards(state, rng):
        return None
    cid = state["draw"].pop()
    state["hand"].append(cid)
    out_of_cards(state, rng)
    return cid


def out_of_cards(state: State, rng: Rng) -> bool:
    """An empty draw deck with discards: reshuffle them into it, then a level of Fatigue.
    False when there is nothing to draw (no discards, or the Fatigue killed)."""
    if state["draw"]:
        return True
    if not state["discard"] or state["phase"] == "over":
        return False
    state["draw"] = state["discard"]
    state["discard"] = []
    rng.shuffle(state["draw"])
    return add_fatigue(state, "the draw deck ran out")


def add_fatigue(state: State, why: str) -> bool:
    """One level of Fatigue; False (and the character dies) at a hand maximum of 1."""
    if hand_max(state) <= 1:
        state["hp"] = 0
        log(state, f"Fatigue at a hand maximum of 1: {why}, and you fall.")
        finish(state, "lost")
        return False
    state["fatigue"] += 1
    log(state, f"Fatigue {state['fatigue']}: {why}; discards reshuffled, hand maximum {hand_max(state)}.")
    return True


def refill(state: State, rng: Rng) -> None:
    """Draw until the hand holds the hand maximum (persistent cards held face-out do not
    count: they live in state['persist'], not in the hand)."""
    while len(state["hand"]) < hand_max(state) and state["phase"] != "over":
        if draw_one(state, rng) is None:
            break


def discard(state: State, cid: str) -> None:
    state["hand"].remove(cid)
    state["discard"].append(cid)


def take(state: State, card_id: str, n: int = 1) -> list[str]:
    """Remove ``n`` instances of base card ``card_id`` from the hand to the discards."""
    out = []
    for cid in [c for c in state["hand"] if base(c) == card_id][:n]:
        discard(state, cid)
        out.append(cid)
    if len(out) != n:
        raise ValueError(f"not {n} {card_id} in hand")
    return out


def count_in_hand(state: State, card_id: str) -> int:
    return sum(1 for c in state["hand"] if base(c) == card_id)


def updown(state: State, rng: Rng) -> str:
    """One Up/Down draw from the declared source: the balanced deck (even odds, drawn with
    replacement) or the player's own draw deck (the card goes back and the deck is
    reshuffled; from the discards when the draw deck is empty)."""
    if state["updown"] == "deck":
        pile = state["draw"] or state["discard"]
        if pile:
            cid = rng.choice(pile)
            if pile is state["draw"]:
                rng.shuffle(state["draw"])
            state["_last_draw_card"] = base(cid)
            return data.instance_symbol(cid)
    state["_last_draw_card"] = ""
    return coin(rng)


def up_chance(state: State) -> Fraction:
    """The chance that one Up/Down draw (``updown``) is an Up: 1/2 from the balanced deck;
    from the player's own deck, the share of Ups in the pile it draws from (the draw deck,
    or the discards when it is empty), each card put back. Every chance shown is figured
    with it (issue 47: the shown chances against the real draws)."""
    if state["updown"] == "deck":
        pile = state["draw"] or state["discard"]
        if pile:
            return Fraction(sum(1 for c in pile if data.instance_symbol(c) == UP), len(pile))
    return Fraction(1, 2)


def coin(rng: Rng) -> str:
    """Up or Down from the seeded generator: a Foe's declaration (attacking into a
    Grapple, a Grapple's Up/Down, escaping, a spell's Up/Downs) and Up/Down Randomization
    without a deck. Written once (issue 26, "The shape": the declaration was written out
    nine times), so every declaration draws the generator the same way."""
    return UP if rng.below(2) == 0 else DOWN


def draw_symbols(state: State, rng: Rng, n: int) -> list[str]:
    return [updown(state, rng) for _ in range(n)]


def record_draw(state: State, who: str, why: str, drawn: list[str], need: str, ok: bool,
                chance: str = "") -> None:
    state["draws"].append({"who": who, "why": why, "drawn": "".join(drawn), "need": need,
                           "ok": ok, "chance": chance})
    state["draws_made"] = state.get("draws_made", 0) + 1  # the screen shows this action's draws as cards
    if len(state["draws"]) > 6:
        del state["draws"][:-6]


def match_pattern(state: State, rng: Rng, who: str, why: str, pattern: str, *, chance: bool = True) -> bool:
    """Draw as many Up/Downs as ``pattern`` has and match them in order: a Foe playing its
    Attribute ("Playing Foes": the Foe plays an Attribute by matching its Up/Downs), shown in
    the draws panel as ``who`` trying to ``why`` (with its chance unless ``chance`` is False).
    Written once for the Foe's counters, escapes, holds, Grapples, Escalations and the
    Pre-Sneak's Intellect (issue 26, "The shape": this step was written out seven times)."""
    up = up_chance(state)
    drawn = draw_symbols(state, rng, len(pattern))
    ok = matches(pattern, drawn)
    record_draw(state, who, why, drawn, pattern, ok, as_percent(pattern_chance(pattern, up=up)) if chance else "")
    return ok


def match_one(state: State, rng: Rng, who: str, why: str, need: str) -> bool:
    """Draw one card to match the Up/Down ``need`` (a 50% chance), shown in the draws
    panel as ``who`` trying to ``why``: the book's one-card Up/Down check (a Foe spotting a
    Sneak, a shot past cover, a declaration in a Grapple...), written once for every rule
    that makes it. It draws through ``draw_symbols`` so the tests' scripted draws apply."""
    up = up_chance(state)
    drawn = draw_symbols(state, rng, 1)
    ok = drawn[0] == need
    record_draw(state, who, why, drawn, need, ok, as_percent(up if need == UP else 1 - up))
    return ok


def finish(state: State, outcome: str) -> None:
    state["phase"] = "over"
    state["outcome"] = outcome
    state["pending"] = None


def note(state: State, event: str) -> None:
    """Count a rule that fired (Foe Grapples, Escalations, disarms...): shown nowhere, read
    by the random-playthrough tests to prove the random player reaches every rule."""
    events = state.setdefault("events", {})
    events[event] = events.get(event, 0) + 1
