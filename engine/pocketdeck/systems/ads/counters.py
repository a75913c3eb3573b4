"""Re-Counter and Escalation, the player's two choices once a Foe countered: Re-Counter
(``_recounter``) or accept the counter (``_accept``), for an attack, a Grapple and a
Pre-Sneak. An attack's own answer and what follows it are the attack pipeline's
(``attack.answer_foe``, ``attack.recountered``, ``attack.accepted``).
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from .attack import accepted, offer_recounter, recountered
from .deck import log, note, take
from .fight import GRAPPLE_ATTRS, foe_escalates, grab
from . import steps

State = dict[str, Any]
Action = dict[str, Any]


def _recounter(state: State, a: Action, rng: Rng) -> None:
    """Re-Counter with a card of the played card's Attribute (never a Base Action). A Foe
    whose card says it Escalates may answer again with a listed Attribute; then the
    player may Re-Counter again, and so on until one side cannot ("This process
    continues until either you or the Player/Foe cannot Re-Counter or Counter again")."""
    p = state["pending"]
    take(state, p["attribute"])
    p["chain"] = p.get("chain", 0) + 1
    if p["chain"] > 1:
        note(state, "player_escalation")
    allowed = GRAPPLE_ATTRS if p["kind"] == "grapple" else p["counters"]
    log(state, f"You Re-Counter with {p['attribute'].title()}.")
    if foe_escalates(state, rng, p["foe"], allowed, "Escalation"):
        p["countered"] = "full"
        if offer_recounter(state):
            return
        _accept(state, a, rng)
        return
    if p["kind"] == "grapple":
        state["pending"] = None
        state["phase"] = "turn"
        grab(state, p["foe"])
        steps.end_turn(state)
        return
    if p["kind"] == "presneak":
        log(state, f"{state['foes'][p['foe']]['name']} loses sight of you.")
        state["pending"] = None
        state["phase"] = "foe"
        steps.presneak_next(state)
        return
    recountered(state, rng)


def _accept(state: State, a: Action, rng: Rng) -> None:
    p = state["pending"]
    if p["kind"] == "presneak":
        steps.presneak_seen(state, p["foe"])
        return
    if p["kind"] == "grapple":
        log(state, "Your Grapple fails.")
        state["pending"] = None
        state["phase"] = "turn"
        steps.end_turn(state)
        return
    accepted(state, rng)
