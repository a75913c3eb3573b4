"""The player's answers to a Foe's attack: counters, reactions, shields, Exhaustion, spotting
a Sneak. Each answer ends in the attack pipeline (``attack.answered``: the damage, then
what follows it).
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from . import data
from .deck import base, count_in_hand, finish, hand_max, log, match_pattern, note, out_of_cards, take
from .attack import answered, exhaust
from .fight import foe_escalates
from .foeturn import disarmed
from .maths import half_up
from . import steps
from .facts import slot, defense_of, base_action, requirement_missing

State = dict[str, Any]
Action = dict[str, Any]


def reactions(state: State) -> list[Action]:
    """Answers to a Foe's attack: take it, counter with a listed Attribute, or one
    Reaction (armor, shield, skill, defensive spell, a Base Action) with at most one Boost."""
    p = state["pending"]
    r = state["round"]
    out: list[Action] = [{"type": "take"}]
    for attr in p["counters"]:
        if count_in_hand(state, attr):
            out.append({"type": "counter", "card": attr})
    if p.get("updown") and not (p["sneak"] or p.get("chain")):
        out.append({"type": "updown_counter"})  # allowed even while Fleeing
    if p["sneak"] or state["fleeing"] or p.get("chain") or p.get("disarm"):
        return out  # Escalation only with the listed Attributes
    if p["ranged"] and state["shield_cover"] > 0 and state["shield"] and not p["ethereal"]:
        out.append({"type": "cover"})
    for b in sorted({base(c) for c in state["hand"]}):
        if react_why(state, b):
            continue
        c = data.card(b)
        attr = c["attribute"]
        n = count_in_hand(state, attr) - (1 if b == attr else 0)
        for k in range(0, min(r, n) + 1):
            out.append({"type": "react", "card": b, "extra": k})
    for which in ("class", "race"):
        ba = base_action(state, which)
        if ba["kind"] == "reaction" and ba["effect"] == "defense" and not state["base_used"][which]:
            if not (ba.get("physical_only") and p["ethereal"]):
                out.append({"type": "base", "which": which})
    return out


def react_why(state: State, b: str) -> str:
    """Why card ``b`` is no answer to the pending attack, in the book's words, or "" when
    it is one of the Reactions `reactions` offers (issue 50: the screen shows this reason
    beside the card, so it is the check's own answer)."""
    p = state["pending"]
    r = state["round"]
    c = data.card(b)
    listed = " or ".join(x.title() for x in p["counters"])
    if p.get("disarm"):
        return f"A Disarm: only a Counter with {listed} keeps your weapon"
    if p["sneak"]:
        return ("An attack from hiding (Sneak): no Reaction, only a Counter"
                + (f" with {listed}" if listed else ", and this attack lists no Attribute to counter it"))
    if p.get("chain"):
        return f"Escalation: only another {listed} card"
    if state["fleeing"]:
        return "You are Fleeing: no Reaction cards, only Counters"
    if c["kind"] == "attribute":
        return ("An Attribute card: " + (f"this attack is countered only by {listed}" if listed
                                         else "this attack lists no Attribute to counter it")
                + "; it Boosts a Reaction of its own Attribute")
    if "reaction" not in c["actions"] or c["effect"] != "defense":
        return "Not a Reaction card: it is played on your Turn"
    why = requirement_missing(state, c)
    if why:
        return why
    if slot(c, r) == "-":
        return f"Not on Round {r}: its Rondel's Round {r} is grey"
    if defense_of(state, c, p) is None:
        if p["ethereal"] and not c.get("ethereal_defense"):
            return "Physical Defense does nothing against Ethereal damage"
        if c.get("melee_only") and not p["melee"]:
            return "It blocks Melee attacks only"
        return "Your Shield is not ready (Equip shield is your Action)"
    return ""


def _take(state: State, a: Action, rng: Rng) -> None:
    p = state["pending"]
    if p.get("disarm"):
        disarmed(state, state["foes"][p["foe"]]["name"])
    answered(state, rng, 0, "")


def _counter(state: State, a: Action, rng: Rng) -> None:
    """Counter with an Attribute the attack lists. A Foe whose card says it Re-Counters
    may answer with its Attribute; the player may then Escalate with another listed
    Attribute card, and so on until one side cannot."""
    p = state["pending"]
    take(state, a["card"])
    state["reacted"] = True
    if p.get("chain"):
        note(state, "player_escalation")
    if p.get("disarm"):
        log(state, f"You counter the {p['name']} with {a['card'].title()}: you keep your weapon.")
    else:
        log(state, f"You counter the {p['name']} with {a['card'].title()}: no damage.")
    foe = state["foes"][p["foe"]]
    attr = data.foe_card(foe["id"]).get("attribute")
    if attr and foe_escalates(state, rng, p["foe"], [attr["name"]], "Re-Counter"):
        p["chain"] = p.get("chain", 0) + 1
        log(state, "Escalate with another listed Attribute card, or take it.")
        return
    steps.after_foe_attack(state)  # nothing dealt: no Disease, no hamper; the Foe's turn goes on


def _updown_counter(state: State, a: Action, rng: Rng) -> None:
    """Draw to match the spell's Up/Down(s): a match halves the damage (rounded down)."""
    p = state["pending"]
    need = p["updown"]
    ok = match_pattern(state, rng, "You", f"counter {p['name']} with an Up/Down", need)
    state["reacted"] = True
    note(state, "updown_counter")
    answered(state, rng, half_up(p["damage"]) if ok else 0,
                    "an Up/Down counter" if ok else "")


def _cover(state: State, a: Action, rng: Rng) -> None:
    state["shield_cover"] -= 1
    answered(state, rng, state["pending"]["damage"], "your raised shield")


def _react(state: State, a: Action, rng: Rng) -> None:
    p = state["pending"]
    c = data.card(a["card"])
    block = defense_of(state, c, p)
    assert block is not None
    take(state, a["card"])
    if a["extra"]:
        take(state, c["attribute"], a["extra"])
    state["reacted"] = True
    if c["kind"] == "shield" and p["ranged"]:
        state["shield_cover"] = max(0, c.get("shield_ranged", 1) - 1)
    answered(state, rng, block + a["extra"], c["name"] + (f" + {a['extra']} {c['attribute'].title()}" if a["extra"] else ""))


def _exhaust(state: State, a: Action, rng: Rng) -> None:
    exhaust(state)
    state["phase"] = "foe"
    steps.after_foe_attack(state)


def _die(state: State, a: Action, rng: Rng) -> None:
    log(state, "You refuse Exhaustion and fall.")
    finish(state, "lost")


def spot_actions(state: State) -> list[Action]:
    """An Intellect card from the hand; without one, from the draw deck for a level of
    Exhaustion ("Intelligent Opponents" via "Non-Combat Encounters") while the hand
    maximum is above 1."""
    if count_in_hand(state, "intellect"):
        return [{"type": "spot"}, {"type": "let_hide"}]
    if deck_attribute_ok(state, "intellect"):
        return [{"type": "spot", "from": "deck"}, {"type": "let_hide"}]
    return [{"type": "let_hide"}]


def deck_attribute_ok(state: State, attr: str) -> bool:
    return hand_max(state) > 1 and any(base(c) == attr for c in state["draw"])


def _spot(state: State, a: Action, rng: Rng) -> None:
    i = state["pending"]["foe"]
    state["pending"] = None
    state["foes"][i]["hidden"] = False
    if a.get("from") == "deck":
        cid = next(c for c in state["draw"] if base(c) == "intellect")
        state["draw"].remove(cid)
        state["discard"].append(cid)
        state["exhaustion"] += 1
        if not out_of_cards(state, rng) and state["phase"] == "over":
            return  # Fatigue - Out of Cards!: the last card of the draw deck, at a hand maximum of 1
        note(state, "deck_attribute")
        log(state, f"You draw and play an Intellect card from your Combat Deck for a level of Exhaustion "
                   f"(hand maximum {hand_max(state)}): {state['foes'][i]['name']} is spotted.")
        if len(state["hand"]) > hand_max(state):
            state["phase"] = "discard"
            state["after_discard"] = "resume"
            return
    else:
        take(state, "intellect")
        state["reacted"] = True  # lifetime of "reacted": to the end of this Opponent's Turn (flow.end_foe_turn draws, clears)
        log(state, f"Your Intellect counters the Sneak: {state['foes'][i]['name']} is spotted.")
    steps.resume(state)


def _let_hide(state: State, a: Action, rng: Rng) -> None:
    state["pending"] = None
    steps.resume(state)
