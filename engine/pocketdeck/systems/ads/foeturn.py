"""The Foes' side of a fight: a Foe's turn (traits, its action row, Failure actions),
its attacks, Sneaks, disarms, Escalations, a grappled Foe, fleeing Foes, Disease.

Foe turns play themselves (Up/Down draws from the seeded generator) and stop only where
the player must answer: a Reaction prompt when attacked, a Grapple, a spotting choice.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core.rng import Rng
from . import data
from .deck import base, coin, draw_symbols, hand_max, log, match_one, match_pattern, note, record_draw
from .facts import dropped
from .fight import (DIST, GRAPPLE_ATTRS, action_row, in_reach, live_foes, move_foe, sight_check,
                    start_player_turn, step_toward, tick, trait)
# a Foe's attack is declared in the attack pipeline; the names stay readable here
from .attack import after_hit, answer_seat, declare_foe, declare_foe as foe_attack, updown_need  # noqa: F401
from .maths import matches, pattern_chance, r_value
from .party import seats_in

State = dict[str, Any]


def foe_turn(state: State, rng: Rng, i: int, *, free: bool = False) -> None:
    """Traits first (Self Preservation, Cowardly Sneak, Healer, Kiter, Outnumber), then the
    Action row of this Round by its Draw-N Up/Down pattern."""
    state["phase"] = "foe"
    foe = state["foes"][i]
    took = foe["took_since_turn"]
    foe["took_since_turn"] = 0
    r = state["round"]
    if state["grapple"] and state["grapple"]["foe"] == i:
        grappled_turn(state, rng, i)
        return
    sp = trait(foe, "self_preservation")
    if free:
        sp = None
    if sp and foe["hp"] <= sp[1] and not foe["hampered"]:
        log(state, f"{foe['name']} is down to {foe['hp']} HP and tries to Flee (Self Preservation).")
        foe_flees(state, rng, i)
        return
    hampered = foe["hampered"]  # set by flow._hamper, it holds to the end of the Round
    pursued, backed = foe.get("pursued", False), foe.get("backed", 0)
    foe["pursued"], foe["backed"] = False, 0
    if not free and trait(foe, "overwhelm"):
        from . import foegrapple  # the Foe's Grapple needs the player's answers
        if foegrapple.overwhelm_ready(state, i):
            foegrapple.foe_grapple(state, rng, i)
            return
    cs = None if free else trait(foe, "cowardly_sneak")
    if cs and took >= max(1, cs[1]) and not foe["hidden"]:
        foe_sneak(state, rng, i, "Cowardly Sneak")
        return
    if not free and trait(foe, "healer"):
        hurt = [j for j in live_foes(state) if state["foes"][j]["hp"] < state["foes"][j]["max_hp"]]
        if hurt:
            j = min(hurt, key=lambda j: (state["foes"][j]["hp"] - state["foes"][j]["max_hp"], j))
            heal_foe(state, j, r_value(data.foe_card(foe["id"]).get("heal", "1"), r), by=foe["name"])
            return
    if state["mode"] == "line" and not free:
        if trait(foe, "kiter") and foe["distance"] == "melee":
            log(state, f"{foe['name']} backs off to Thrown distance (Kiter).")
            # lifetime of "kiting": from backing out of Melee until it reaches Ranged (KITER:
            # "to Thrown then Ranged Distance (if using Ranged Distance Weapons)")
            foe["kiting"] = shoots_at_range(foe)
            back_away(state, rng, i, pursued, backed, hampered)
            return
        if trait(foe, "kiter") and foe.get("kiting"):
            foe["kiting"] = False
            if foe["distance"] == "thrown":
                log(state, f"{foe['name']} backs off on to Ranged distance (Kiter).")
                back_away(state, rng, i, pursued, backed, hampered)
                return
        on = trait(foe, "outnumber")
        if foe["distance"] == "melee" and keeps_out_of_melee(state, foe):
            log(state, f"{foe['name']} keeps out of Melee: it does not outnumber you {on[1]} to {on[2]} (Outnumber).")
            back_away(state, rng, i, pursued, backed, hampered)
            return
    row = action_row(foe, r)
    drawn = draw_symbols(state, rng, row["draw"])
    chosen = None
    for o in row["outcomes"]:
        if matches(o["match"], drawn) and condition(state, foe, o):
            chosen = o
            break
    ok = chosen is not None
    record_draw(state, foe["name"], f"Round {r} action (Draw {row['draw']})", drawn,
                chosen["match"] if chosen else " / ".join(o["match"] for o in row["outcomes"]), ok)
    if chosen is None:
        if row["failure"] == "base":
            base_dmg = data.foe_card(foe["id"])["base_damage"]
            if state["mode"] == "line" and foe["distance"] != "melee":
                if not may_step(state, foe, step_toward(foe["distance"], ["melee"])):
                    return
                move_foe(foe, step_toward(foe["distance"], ["melee"]), state)
                log(state, f"{foe['name']} misses its draw and closes in to {foe['distance'].title()}.")
                return
            if not sight_check(state, rng, foe, ["melee"], foe["distance"], foe["name"]):
                return  # Lighting: Base Damage is a Melee Action too
            declare_foe(state, rng, i, {"name": "Base damage", "damage": str(base_dmg), "distances": ["melee"]})
            return
        if row["failure"] != "action":
            log(state, f"{foe['name']} takes no Action.")
            return
        # "The Foe takes an Action specified under the Failure heading"
        chosen = row["failure_action"]
        note(state, "failure_action")
        log(state, f"{foe['name']} misses its draw: its Failure action.")
    kind = chosen["kind"]
    if kind == "attack":
        if not in_reach(state, chosen.get("distances", []), foe["distance"]):
            if not may_step(state, foe, step_toward(foe["distance"], chosen["distances"])):
                return
            move_foe(foe, step_toward(foe["distance"], chosen["distances"]), state)
            log(state, f"{foe['name']} moves to {foe['distance'].title()} distance to use its {chosen['name']}.")
            return
        if not sight_check(state, rng, foe, chosen.get("distances", []), foe["distance"], foe["name"]):
            return
        declare_foe(state, rng, i, chosen)
    elif kind == "disarm":
        if not in_reach(state, chosen.get("distances", []), foe["distance"]):
            if not may_step(state, foe, step_toward(foe["distance"], chosen["distances"])):
                return
            move_foe(foe, step_toward(foe["distance"], chosen["distances"]), state)
            log(state, f"{foe['name']} moves to {foe['distance'].title()} distance to use its {chosen['name']}.")
        elif not state["armed"]:
            log(state, f"{foe['name']} tries its {chosen['name']}, but you hold no weapon.")
        elif sight_check(state, rng, foe, chosen.get("distances", []), foe["distance"], foe["name"]):
            foe_disarm(state, i, chosen)
    elif kind == "sneak":
        foe_sneak(state, rng, i, "its card")
    elif kind == "heal":
        # "the Healing Spell listed on this Foe Card" (Foe Traits: HEALER)
        heal_foe(state, i, r_value(chosen.get("amount") or data.foe_card(foe["id"]).get("heal", "1"), r),
                 by=foe["name"])
    elif kind == "move" and state["mode"] == "line":
        to = step_toward(foe["distance"], chosen.get("distances", ["melee"]))
        if to == foe["distance"] or not may_step(state, foe, to):
            log(state, f"{foe['name']} holds its ground at {foe['distance'].title()}.")
            return
        log(state, f"{foe['name']} moves to {to.title()}.")
        if DIST.index(to) < DIST.index(foe["distance"]):
            back_away(state, rng, i, pursued, backed, hampered)  # moving away counts
        else:
            move_foe(foe, to, state)

def shoots_at_range(foe: dict[str, Any]) -> bool:
    """Does the Foe use Ranged Distance weapons (an attack of its card reaching Ranged)?"""
    return any(o["kind"] == "attack" and "ranged" in o.get("distances", [])
               for row in data.foe_card(foe["id"])["actions"] for o in row["outcomes"])


def keeps_out_of_melee(state: State, foe: dict[str, Any]) -> bool:
    """OUTNUMBER: "Foe will always try to stay out of Melee Distance unless they
    outnumber Opponents by at least (X) to (Y)" (One Dimensional play)."""
    on = trait(foe, "outnumber")
    return (bool(on and on[2]) and state["mode"] == "line"
            and len(live_foes(state)) * on[2] < on[1] * state["players"])


def may_step(state: State, foe: dict[str, Any], to: str) -> bool:
    """A Foe's step to ``to``: never into Melee for a Foe that keeps out of it."""
    if to == "melee" and foe["distance"] != "melee" and keeps_out_of_melee(state, foe):
        log(state, f"{foe['name']} stays out of Melee (Outnumber).")
        return False
    return True


def foe_flees(state: State, rng: Rng, i: int) -> None:
    """A Foe Flees: every character still in gets one free Turn at it (Fleeing: "all
    Opponents get one CURRENT Round of Normal Actions", "allows all Opponents to take an
    extra Turn this Round against the Player or Foe that Flees"): the character it faced
    first, then the others in seat order (``flow.next_free_turn``); after each, one who
    hurt it may hamper it (``flow.finish_turn``)."""
    if "party" in state:
        here = state["party"]["active"]
        state["party"]["free_left"] = [k for k in seats_in(state) if k != here]
    state["free_turn"] = i
    state["foes"][i]["took_in_free"] = 0
    start_player_turn(state, rng)
    log(state, "You get a free Turn against the fleeing Foe.")

def back_away(state: State, rng: Rng, i: int, pursued: bool, backed: int, hampered: bool) -> None:
    """A Foe moves one category away from you. "Closing Distance and Fleeing": if you
    closed in on it on your turn and its next move is away, it is avoiding you; twice in
    a row and it is Fleeing."""
    foe = state["foes"][i]
    move_foe(foe, DIST[DIST.index(foe["distance"]) - 1], state)
    foe["backed"] = backed + 1 if pursued else 0
    if foe["backed"] >= 2 and state["free_turn"] is None and not hampered:
        foe["backed"] = 0
        note(state, "foe_avoid_flee")
        log(state, f"{foe['name']} has backed away from you twice in a row: that is Fleeing.")
        foe_flees(state, rng, i)


def grappled_turn(state: State, rng: Rng, i: int) -> None:
    """A grappled Foe cannot move, cast or use weapons. Its card does not say what it does,
    so the policy (seeded coin): try to escape, or strike for 1 base Physical damage.
    Escaping: with a Strength/Agility attribute it draws its pattern and, on a match,
    plays it (the player may hold with a Strength card); otherwise it declares an Up/Down
    the player must match to keep the hold (or hold with a Strength card)."""
    foe = state["foes"][i]
    if state["grapple"].get("holder") == "foe" or rng.below(2) == 0:
        # "each Player or Foe in a Grapple can do 1 Base Physical Damage"; a Foe holding
        # you always does (policy: it keeps the hold)
        if not sight_check(state, rng, foe, ["melee"], foe["distance"], foe["name"]):
            return  # Lighting: 1 Base Physical Damage at Melee has a Distance
        declare_foe(state, rng, i, {"name": "strike in the Grapple", "damage": "1", "distances": ["melee"]})
        return
    attr = data.foe_card(foe["id"]).get("attribute")
    strength_in_hand = any(base(c) == "strength" for c in state["hand"])
    if attr and attr["name"] in GRAPPLE_ATTRS:
        ok = match_pattern(state, rng, foe["name"], f"escape with {attr['name'].title()}", attr["pattern"])
        if not ok:
            log(state, f"{foe['name']} struggles but cannot escape the Grapple.")
            return
        pend = {"kind": "escape", "foe": i, "how": "attr", "declared": ""}
    else:
        pend = {"kind": "escape", "foe": i, "how": "updown", "declared": coin(rng)}
    log(state, f"{foe['name']} tries to escape the Grapple"
               f"{' with ' + attr['name'].title() if pend['how'] == 'attr' and attr else ', declaring an Up/Down'}.")
    if strength_in_hand:
        state["pending"] = pend
        state["phase"] = "hold"
        return
    escape_resolve(state, rng, pend)

def escape_resolve(state: State, rng: Rng, pend: dict[str, Any]) -> None:
    foe = state["foes"][pend["foe"]]
    if pend["how"] == "updown":
        ok = match_one(state, rng, "You", f"keep {foe['name']} in the Grapple", pend["declared"])
        if ok:
            log(state, f"You keep your hold on {foe['name']}.")
            return
    state["grapple"] = None
    log(state, f"{foe['name']} breaks free of the Grapple.")

def condition(state: State, foe: dict[str, Any], o: dict[str, Any]) -> bool:
    when = o.get("when")
    if when == "hurt":
        return foe["hurt_tick"] >= tick(state) - 1
    if when == "in_range":
        return in_reach(state, o.get("distances", []), foe["distance"])
    return True

def heal_foe(state: State, j: int, amount: int, by: str) -> None:
    """Healing never lifts a Foe above its starting HP (the HP cards it began with)."""
    foe = state["foes"][j]
    gain = min(amount, foe["max_hp"] - foe["hp"])
    foe["hp"] += gain
    log(state, f"{by} heals {foe['name']} for {gain} (Healer).")

def foe_sneak(state: State, rng: Rng, i: int, why: str) -> None:
    """A Foe's Sneak (the book never defines it; docs/rules/ads.md): it declares an Up/Down
    (seeded generator), the player draws one; a match spots it. Otherwise it is hidden:
    it cannot be targeted until it attacks again, and that attack allows no Reaction
    but an Attribute counter. A spotting Intellect card may still be played (phase
    'spot')."""
    foe = state["foes"][i]
    declared = coin(rng)
    ok = match_one(state, rng, "You", f"spot {foe['name']}'s Sneak ({why})", declared)
    if ok:  # Pre-Sneaking: a match sees the sneaker and cancels the Sneak (a hidden Foe too)
        foe["hidden"] = False
        log(state, f"{foe['name']} tries to Sneak ({why}) but you spot it.")
        return
    foe["hidden"] = True
    log(state, f"{foe['name']} Sneaks out of sight ({why}).")
    if any(base(c) == "intellect" for c in state["hand"]) or (
            hand_max(state) > 1 and any(base(c) == "intellect" for c in state["draw"])):
        state["pending"] = {"kind": "spot", "foe": i}
        state["phase"] = "spot"

def foe_disarm(state: State, i: int, o: dict[str, Any]) -> None:
    """A Foe Ability that disarms ("Ammunition & Throwing": "if your Character is disarmed
    in some manner (a Foe Ability, or an Opponent's Card), then you must retrieve your
    Weapon ... before you can" use it). Answered like an attack: an Agility or Strength
    counter keeps the weapon; otherwise it is knocked out of your hand."""
    foe = state["foes"][i]
    state["pending"] = {"kind": "attack", "foe": i, "name": o["name"], "damage": 0, "ethereal": False,
                        "ranged": False, "melee": True, "sneak": foe["hidden"], "disarm": True,
                        "counters": ["agility", "strength"]}
    foe["hidden"] = False
    log(state, f"{foe['name']} tries to disarm you ({o['name']}).")
    answer_seat(state)  # no ally's aid against a disarm (allies.offer_aid)

def disarmed(state: State, by: str) -> None:
    """The weapon in your hand drops out of reach: it cannot be played until you spend a
    Normal Action to retrieve it; another weapon may still be drawn into the empty hand
    as a Free Action. A Dual Wielder keeps the other weapon in hand."""
    lost = state["armed"]
    state["dropped"] = dropped(state) + [lost]  # each stays on the floor until retrieved
    state["armed"], state["offhand"] = (state["offhand"], None) if state["dual"] and state["offhand"] else (None, None)
    note(state, "disarmed")
    log(state, f"{by} knocks your {data.card(lost)['name']} away: retrieve it (an Action) before you use it again.")

def foe_counter_chance(foe: dict[str, Any], up: Fraction = Fraction(1, 2)) -> Fraction:
    attr = data.foe_card(foe["id"]).get("attribute")
    return Fraction(0) if not attr else pattern_chance(attr["pattern"], up=up)
