"""The player's attack resolved: the Foe's one answer (attribute counter, Up/Down counter,
reaction row), Re-Counters and Escalation.
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from . import data
from .deck import count_in_hand, draw_symbols, log, match_one, note, record_draw, take
from .fight import GRAPPLE_ATTRS, foe_escalates, grab, hurt_foe, reaction_outcomes
from .maths import DOWN, UP, half_up, matches, r_value
from . import allies, party, steps

State = dict[str, Any]
Action = dict[str, Any]
SYM = (UP, DOWN)


def resolve_attack(state: State, rng: Rng) -> None:
    """The Foe answers the player's attack, once: an Attribute counter when the card lists
    the Foe's Attribute, else the card's Up/Down counter (half damage), else its Reaction
    row of this Round. A counter may be Re-Countered with a card of the played card's
    Attribute; a Foe that Escalates (its card says so) may answer again (``_recounter``)."""
    if allies.check_grapple(state):
        return  # an ally is in a Grapple with it: declare an Up/Down first
    p = state["pending"]
    i = p["foe"]
    foe = state["foes"][i]
    fdata = data.foes()[foe["id"]]
    r = state["round"]
    defense = 0
    while True:
        st = p["stage"]
        p["stage"] = st + 1
        if p["sneak"] and st < 3:
            continue
        if st == 0:
            attr = fdata.get("attribute")
            if attr and attr["name"] in p["counters"]:
                drawn = draw_symbols(state, rng, len(attr["pattern"]))
                ok = matches(attr["pattern"], drawn)
                record_draw(state, foe["name"], f"counter with {attr['name'].title()}", drawn, attr["pattern"], ok)
                if ok:
                    log(state, f"{foe['name']} counters with {attr['name'].title()}.")
                    p["countered"] = "full"
                    if offer_recounter(state):
                        return
                    log(state, f"Your {p['name']} has no effect.")
                    break
        elif st == 1:
            if p["counter_updown"] == "half":
                need = data.instance_symbol(p["inst"])
                ok = match_one(state, rng, foe["name"], f"match {p['name']}'s Up/Down", need)
                if ok:
                    log(state, f"{foe['name']} matches the Up/Down: half damage.")
                    p["countered"] = "half"
                    if offer_recounter(state):
                        return
                    p["damage"] //= 2
                    p["stage"] = 3
        elif st == 2:
            if state["free_turn"] == i:
                # "A Fleeing Player or Foe cannot play regular Reaction Cards but may play
                # Up/Down or Attribute Reaction Cards": no reaction row while it flees
                continue
            n, outs = reaction_outcomes(foe, r)
            if n:
                drawn = draw_symbols(state, rng, n)
                hit = next((o for o in outs if matches(o["match"], drawn)), None)
                record_draw(state, foe["name"], f"react (Draw {n})", drawn,
                            hit["match"] if hit else " / ".join(o["match"] for o in outs), hit is not None)
                if hit:
                    defense = foe_defense(state, hit, p)
                    log(state, f"{foe['name']} reacts with {hit['name']}: blocks {defense}.")
                    if hit["kind"] == "shield" and p["ethereal"] and p["counter_shield"] == "half":
                        # "you may Re-Counter if an Opponent initially Counters with a Shield"
                        p["defense"], p["countered"] = defense, "shield"
                        if offer_recounter(state):
                            return
            p["defense"] = defense
        else:
            dealt = max(0, p["damage"] - p.get("defense", 0))
            who = f"{state['hero']}'s" if "party" in state else "Your"
            hurt_foe(state, i, dealt, f"{who} {p['name']}", min(p["damage"], p.get("defense", 0)))
            break
    state["pending"] = None
    if state["phase"] in ("turn", "recalled", "recounter"):
        state["phase"] = "turn"
        finish_attack(state, rng)


def finish_attack(state: State, rng: Rng) -> None:
    """The next part of the same action, if any (the second blow of a Dual Wield attack,
    the next share of a divided Energy Bolt, each answered by its Foe on its own); then
    the turn ends."""
    queue = state.get("attack_queue") or []
    while queue and state["phase"] == "turn":
        nxt = queue.pop(0)
        if state["foes"][nxt["foe"]]["hp"] <= 0:
            continue
        log(state, f"{nxt.pop('intro')}: {nxt['name']} for {nxt['damage']} at {state['foes'][nxt['foe']]['name']}.")
        state["pending"] = nxt
        resolve_attack(state, rng)
        return
    state.pop("attack_queue", None)
    steps.end_turn(state)


def foe_defense(state: State, o: dict[str, Any], p: dict[str, Any]) -> int:
    v = r_value(o["defense"], state["round"])
    if o["kind"] == "ward":
        return v
    if p["ethereal"]:
        if o["kind"] == "shield" and p["counter_shield"] == "half":
            return half_up(p["damage"])
        return 0
    if o["kind"] == "shield":
        return p["damage"] if p["ranged"] else v
    return v // 2 if p["ranged"] else v


def offer_recounter(state: State) -> bool:
    p = state["pending"]
    if p["attribute"] and count_in_hand(state, p["attribute"]):
        state["phase"] = "recounter"
        return True
    return False


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
    log(state, f"The {p['name']} goes on as if not countered.")
    p["stage"] = 3  # the Foe's one reaction was spent on its counter
    p["countered"] = ""
    p["defense"] = 0
    state["phase"] = "turn"
    resolve_attack(state, rng)


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
    if p.get("countered") in ("half", "shield"):
        if p["countered"] == "half":
            p["damage"] //= 2
        p["stage"] = 3  # the Shield's block stays in p["defense"]
        state["phase"] = "turn"
        resolve_attack(state, rng)
        return
    log(state, f"Your {p['name']} has no effect.")
    state["pending"] = None
    state["phase"] = "turn"
    finish_attack(state, rng)


# -- attacking into an ally's Grapple (allies.check_grapple asks) -----------------------

def into_actions(state: State) -> list[Action]:
    return [{"type": "into", "symbol": s} for s in SYM]


def _into(state: State, a: Action, rng: Rng) -> None:
    """Draw to match the declaration: a match hits the Foe (it answers as usual); a miss
    hits the ally in the Grapple, whole, with no Reaction ("they hit their Ally in the
    Grapple")."""
    p = state["pending"]
    k = p["into"]
    foe = state["foes"][p["foe"]]
    ok = match_one(state, rng, "You", f"hit {foe['name']} in the Grapple", a["symbol"])
    state["phase"] = "turn"
    if ok:
        resolve_attack(state, rng)
        return
    ally = party.seat(state, k)
    log(state, f"Your {p['name']} misses {foe['name']} in the Grapple and hits {ally['hero']}.")
    allies.hurt_ally(state, k, p["damage"], p["name"])
    state["pending"] = None
    finish_attack(state, rng)
