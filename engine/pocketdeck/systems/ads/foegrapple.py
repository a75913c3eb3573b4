"""Grapple, the Foe's side: a Foe with Overwhelm grapples the player, and the player,
held, strikes or escapes.

Book, "Foe Traits": "OVERWHELM (X Foes, X Rounds, ...) If (X Foes) of this type are
attacking a single Opponent in Melee after (X Rounds) ... they will attempt to Grapple
that Opponent." "Grapple (Melee Distance Only)": the target may first play a Melee
weapon card (with a Boost) as a Free Action, else strike for 1 base Physical damage; the
grappler plays Strength (countered by Strength or Agility, Re-Countered, Escalated) or
declares an Up/Down (the target draws and a match wins; a target with a Strength or
Agility card wins at once); the grappled one escapes as a Normal Action.
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from . import data, grid, steps
from .deck import coin, count_in_hand, log, match_one, match_pattern, note, take
from .attack import damage, foe_side
from .fight import GRAPPLE_ATTRS, foe_escalates, live_foes, sight_check, tick, trait
from .maths import DOWN, UP

State = dict[str, Any]
Action = dict[str, Any]
SYM = (UP, DOWN)


def overwhelm_ready(state: State, i: int) -> bool:
    """Overwhelm - X (Foes of this type at Melee with the player) [- Y Rounds into the
    fight]. In Simple play everyone is at every Distance, so all of them count."""
    foe = state["foes"][i]
    t = trait(foe, "overwhelm")
    if not t or state["grapple"] or foe["hidden"]:
        return False
    if len(t) > 2 and tick(state) - state.get("start_tick", 0) < t[2]:
        return False
    near = [j for j in live_foes(state) if state["foes"][j]["id"] == foe["id"] and not state["foes"][j]["hidden"]
            and (state["mode"] == "simple" or state["foes"][j]["distance"] == "melee")]
    return i in near and len(near) >= t[1]


def foe_grapple(state: State, rng: Rng, i: int) -> None:
    """The Foe declares first: Strength when its Attribute is Strength and it matches its
    Attribute draw (it "has a Strength card"), else an Up/Down from the seeded generator.
    Then the player's free strike (phase 'ward_off')."""
    foe = state["foes"][i]
    if not sight_check(state, rng, foe, ["melee"], foe["distance"], foe["name"]):
        return  # Lighting: a Grapple is "Melee Distance Only": a Foe that cannot see fails it
    attr = data.foe_card(foe["id"]).get("attribute")
    how = coin(rng)
    if attr and attr["name"] == "strength":
        ok = match_pattern(state, rng, foe["name"], "play Strength to Grapple", attr["pattern"])
        if ok:
            how = "strength"
    note(state, "foe_grapple")
    log(state, f"{foe['name']} tries to Grapple you (Overwhelm), "
               + ("with Strength." if how == "strength" else f"declaring {'Up' if how == UP else 'Down'}."))
    state["foe_grapple"] = {"foe": i, "how": how}
    state["phase"] = "ward_off"


def _strike_back(state: State, a: Action, rng: Rng) -> None:
    i = state["foe_grapple"]["foe"]
    foe = state["foes"][i]
    if sight_check(state, rng, None, ["melee"], foe["distance"], "You", target=foe):  # Lighting: at Melee
        log(state, f"You strike {foe['name']} for 1 base Physical damage as it grabs at you.")
        damage(state, foe_side(i), 1)  # your blow: booked to you (Biggest Threat)
    contest(state, rng)


def _no_strike(state: State, a: Action, rng: Rng) -> None:
    contest(state, rng)


def contest(state: State, rng: Rng) -> None:
    """After the free strike: Strength route, the player may counter with Strength or
    Agility; Up/Down route, a Strength or Agility card wins at once, else the player
    draws and a match wins (phase 'grapple_counter' when there is a choice)."""
    t = state["foe_grapple"]
    foe = state["foes"][t["foe"]]
    if foe["hp"] <= 0 or foe["fled"]:
        state.pop("foe_grapple")
        return done(state, rng)
    has = [x for x in GRAPPLE_ATTRS if count_in_hand(state, x)]
    if has:
        state["pending"] = {"kind": "foe_grapple", "foe": t["foe"], "how": t["how"], "chain": 0}
        state["phase"] = "grapple_counter"
        return
    submit(state, rng)


def counter_actions(state: State) -> list[Action]:
    """Against a Foe's Grapple, a Strength or Agility card (the counters Grapple lists, and
    so the Escalation's). Escaping, the grappler's Strength countered: Re-Counter: "using
    an Attribute Card matching the Attribute on the Card you originally Played", the
    Attribute the escape was made with, each time the grappler Escalates too."""
    p = state["pending"]
    allowed = (p["how"],) if p["kind"] == "escape_counter" else GRAPPLE_ATTRS
    out: list[Action] = [{"type": "grapple_card", "card": x} for x in allowed if count_in_hand(state, x)]
    return out + [{"type": "grapple_yield"}]


def _grapple_card(state: State, a: Action, rng: Rng) -> None:
    """Counter (or Escalate) with a Strength or Agility card."""
    p = state["pending"]
    take(state, a["card"])
    if p["kind"] == "foe_grapple":  # in the Foe's Turn: a Reaction (escaping is your own Turn)
        state["reacted"] = True  # lifetime of "reacted": to the end of this Opponent's Turn (flow.end_foe_turn draws, clears)
    foe = state["foes"][p["foe"]]
    if p["chain"]:
        note(state, "player_escalation")
    p["chain"] += 1
    if p["kind"] == "foe_grapple":
        if p["how"] != "strength":
            log(state, f"You show {a['card'].title()}: {foe['name']}'s Up/Down Grapple fails at once.")
            return free(state, rng)
        log(state, f"You counter {foe['name']}'s Grapple with {a['card'].title()}.")
        if foe_escalates(state, rng, p["foe"], ["strength"], "Re-Counter"):
            return again(state, rng)
        return free(state, rng)
    # escaping a Foe's hold; its Strength counter was answered
    log(state, f"You Re-Counter with {a['card'].title()}.")
    if foe_escalates(state, rng, p["foe"], ["strength"], "Escalation"):
        return again(state, rng)
    escaped(state, rng)


def again(state: State, rng: Rng) -> None:
    if any(a["type"] == "grapple_card" for a in counter_actions(state)):
        return  # the phase stays: Escalate again or yield
    _grapple_yield(state, {"type": "grapple_yield"}, rng)


def _grapple_yield(state: State, a: Action, rng: Rng) -> None:
    p = state["pending"]
    if p["kind"] == "foe_grapple":
        state["pending"] = None
        if p["chain"] or p["how"] == "strength":
            return held(state, rng, p["foe"])
        return submit(state, rng)
    state["pending"] = None
    state["phase"] = "turn"
    log(state, "Your escape fails.")
    steps.end_turn(state)


def submit(state: State, rng: Rng) -> None:
    t = state["foe_grapple"]
    if t["how"] == "strength":
        return held(state, rng, t["foe"])
    foe = state["foes"][t["foe"]]
    ok = match_one(state, rng, "You", f"match {foe['name']}'s Grapple declaration", t["how"])
    if ok:
        return free(state, rng)
    held(state, rng, t["foe"])


def held(state: State, rng: Rng, i: int) -> None:
    state["grapple"] = {"foe": i, "holder": "foe"}
    state["foes"][i]["distance"] = "melee"
    if "grid" in state:
        grid.pull(state, i)
    note(state, "player_grappled")
    log(state, f"{state['foes'][i]['name']} Grapples you: no moving, no weapons, no spells until you escape.")
    done(state, rng)


def free(state: State, rng: Rng) -> None:
    log(state, "You are not Grappled.")
    done(state, rng)


def done(state: State, rng: Rng) -> None:
    state.pop("foe_grapple", None)
    state["pending"] = None
    state["phase"] = "foe"
    steps.resume(state)


# -- held by a Foe ------------------------------------------------------------------

def held_actions(state: State) -> list[Action]:
    """Held: 1 base Physical damage to the grappler, or a Normal Action to escape (a
    Strength or Agility card, or a declared Up/Down), or what a Grapple leaves playable."""
    out: list[Action] = [{"type": "grapple_strike"}]
    out.extend({"type": "escape", "how": x} for x in GRAPPLE_ATTRS if count_in_hand(state, x))
    out.extend({"type": "escape", "how": s} for s in SYM)
    return out  # and what a Grapple leaves playable: ``turn.grapple_turn_extras``, added by the turn


def _escape(state: State, a: Action, rng: Rng) -> None:
    """Escaping: an Agility or Strength card, countered by the grappler's Strength (a
    Foe plays it by matching its Strength draw; Re-Counter and Escalation follow), or a
    declared Up/Down the grappler must match (a Strength card defeats it at once)."""
    i = state["grapple"]["foe"]
    foe = state["foes"][i]
    attr = data.foe_card(foe["id"]).get("attribute")
    state["fresh"] = False
    strength = False
    if attr and attr["name"] == "strength":
        strength = match_pattern(state, rng, foe["name"], "hold you with Strength", attr["pattern"])
    if a["how"] in GRAPPLE_ATTRS:
        take(state, a["how"])
        log(state, f"You try to break free with {a['how'].title()}.")
        if strength:
            log(state, f"{foe['name']} counters with Strength.")
            if count_in_hand(state, a["how"]):  # Re-Counter: the Attribute of the card played
                state["pending"] = {"kind": "escape_counter", "foe": i, "how": a["how"], "chain": 0}
                state["phase"] = "grapple_counter"
                return
            log(state, "Your escape fails.")
            return steps.end_turn(state)  # the escape was your Normal Action
        return escaped(state, rng)
    log(state, f"You try to break free, declaring {'Up' if a['how'] == UP else 'Down'}.")
    if strength:
        log(state, f"{foe['name']} holds you with Strength: the escape fails.")
        return steps.end_turn(state)
    ok = match_one(state, rng, foe["name"], "match your escape declaration", a["how"])
    if ok:
        log(state, f"{foe['name']} keeps its hold.")
        return steps.end_turn(state)
    escaped(state, rng)


def escaped(state: State, rng: Rng) -> None:
    i = state["grapple"]["foe"]
    state["grapple"] = None
    state["pending"] = None
    note(state, "player_escaped")
    log(state, f"You break free of {state['foes'][i]['name']}'s Grapple.")
    state["phase"] = "turn"
    steps.end_turn(state)
