"""The change of Round: persistent cards count down, the Round and the Count move on, Foes
regenerate, each character's Base Actions and shield cover come back and a Disease ticks.

Why a module of its own, above the attack pipeline (``attack``) and below the flow: a
Disease's damage goes through the pipeline's one damage stage (``attack.damage``), the
only place that lowers an HP in a fight (tests/test_ads_attack.py), and the flow
(``flow.advance``, ``flow.begin_fight``) calls these. Moved unchanged from ``fight``.
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from . import data, party
from .attack import active, damage, seat_side
from .deck import log
from .fight import live_foes, trait
from .maths import next_round

State = dict[str, Any]


def end_round(state: State, rng: Rng) -> None:
    """The end of a Round: persistent effects count down; then the next Round (after 6
    comes 1, and a new Count) begins."""
    party.each(state, _persist_round)
    for foe in state["foes"]:
        foe["hampered"] = False  # Fleeing: "cannot Flee this Round" ends with the Round
    state["round"] = next_round(state["round"])
    if state["round"] == 1:
        state["count"] += 1
    start_round_effects(state, rng)


def _persist_round(state: State) -> None:
    keep = []
    for p in state["persist"]:
        if p["until"] == "count" and state["round"] == 6:
            expire(state, p)
        elif isinstance(p["until"], int):
            p["until"] -= 1
            if p["until"] <= 0:
                expire(state, p)
            else:
                keep.append(p)
        else:
            keep.append(p)
    state["persist"] = keep


def expire(state: State, p: dict[str, Any]) -> None:
    state["discard"].append(p["card"])
    log(state, f"{data.card(p['card'])['name']} ends and is discarded.")


def start_round_effects(state: State, rng: Rng, first: bool = False) -> None:
    if not first:
        log(state, f"Round {state['round']} (Count {state['count']}).")
    for i in live_foes(state):
        foe = state["foes"][i]
        t = trait(foe, "regeneration")
        if t and foe["hp"] < foe["max_hp"]:
            gain = min(t[1], foe["max_hp"] - foe["hp"])
            foe["hp"] += gain
            log(state, f"{foe['name']} regenerates {gain} HP.")
    party.each(state, lambda s: _seat_round_start(s, first))


def _seat_round_start(state: State, first: bool) -> None:
    """A character's Round begins: Base Actions and shield cover anew, a Disease ticks."""
    state["base_used"] = {"class": False, "race": False}
    state["shield_cover"] = 0
    dis = state["disease"]
    if dis and not first:
        dis["left"] -= 1
        hit = min(dis["damage"], dis.get("max", dis["damage"]))  # never past a stated Maximum Damage
        if "max" in dis:
            dis["max"] -= hit  # the Maximum counts the Disease's damage (a ward then takes its part)
        damage(state, seat_side(active(state)), hit, f"Disease from {dis['from']}")  # an effect's
        if dis["left"] <= 0 or dis.get("max", 1) <= 0:
            state["disease"] = None
            log(state, "The Disease runs its course.")
