"""The player's side: every legal action, fully enumerated, and what it does.

Actions are small dicts of strings and integers; a card is named by its card id (one
button per kind of card, not per copy); ``foe`` is a Foe's index or -1 for none.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from ...core.game import IllegalAction
from ...core.rng import Rng
from . import data
from .deck import (base, count_in_hand, discard, draw_one, draw_symbols, finish, hand_max, log,
                   record_draw, refill, take)
from .fight import (advance, begin_fight, after_hit, end_foe_turn, exhaust, foe_sneak, foe_turn,
                    hurt_player, in_reach, live_foes, reaction_outcomes, sight_check, tick, trait)
from .maths import DOWN, UP, matches, r_value, starting_round

State = dict[str, Any]
Action = dict[str, Any]
SYM = (UP, DOWN)


# -- card facts on this Round -------------------------------------------------------

def slot(c: dict[str, Any], r: int) -> str:
    return c["rondel"][r - 1]


def value(c: dict[str, Any], r: int) -> int:
    """The card's number today: primary on its primary Rounds, secondary on secondary
    ones; on a Round it reaches only by paying its Boost requirement, the primary."""
    s = slot(c, r)
    return r_value(c["secondary"] if s == "S" else c["primary"], r)


def allowed(state: State, c: dict[str, Any]) -> bool:
    """Requirements (a class or a race: any one listed suffices) and, for spells, the
    caster's level and a free hand."""
    req = c.get("requires", [])
    if req and state["class"] not in req and state["race"] not in req:
        return False
    if c["kind"] == "spell":
        if c.get("level", 1) > state["level"]:
            return False
        if hands_full(state):
            return False
    return True


def hands_full(state: State) -> bool:
    """Casting needs a free hand: a one-handed weapon and a shield fill both; a two-handed
    weapon may let go with one hand."""
    armed = state["armed"]
    return bool(state["shield"] and armed and not data.card(armed)["two_handed"])


def targets(state: State, c: dict[str, Any], throw_ok: bool = True) -> list[int]:
    out = []
    for i in live_foes(state):
        foe = state["foes"][i]
        if foe["hidden"]:
            continue
        if in_reach(state, c.get("distances", []), foe["distance"]):
            out.append(i)
    return out


def is_ranged(state: State, c_distances: list[str], foe: dict[str, Any]) -> bool:
    """A Ranged attack: at Ranged distance in One Dimensional play; in Simple play, a card
    that reaches Ranged and not Melee (bows, most spells)."""
    if state["mode"] == "line":
        return foe["distance"] == "ranged"
    return "ranged" in c_distances and "melee" not in c_distances


# -- legal actions ------------------------------------------------------------------

def legal(state: State) -> list[Action]:
    phase = state["phase"]
    if phase == "over":
        return []
    if phase == "choose":
        return [{"type": "choose", "card": b} for b in sorted({base(c) for c in state["draw"]})
                if b != "fortitude"]
    if phase == "initiative":
        return [{"type": "declare", "symbol": s} for s in SYM]
    if phase in ("hamper",):
        return [{"type": "hamper", "symbol": s} for s in SYM]
    if phase == "discard":
        return [{"type": "discard", "card": b} for b in sorted({base(c) for c in state["hand"]})]
    if phase == "recounter":
        return [{"type": "recounter"}, {"type": "accept"}]
    if phase == "exhaust":
        return [{"type": "exhaust"}, {"type": "die"}]
    if phase == "spot":
        return [{"type": "spot"}, {"type": "let_hide"}]
    if phase == "react":
        return reactions(state)
    if phase == "recalled":
        return plays(state, only=state["pending"]["card"]) + [{"type": "keep"}]
    if phase == "turn":
        return turn_actions(state)
    return []


def turn_actions(state: State) -> list[Action]:
    out: list[Action] = [{"type": "pass"}]
    if state["fresh"] and len(state["hand"]) == hand_max(state) and state["draw"]:
        out.append({"type": "draw_over"})
    if state["mode"] == "line":
        for i in live_foes(state):
            d = state["foes"][i]["distance"]
            k = data.DISTANCES.index(d)
            for j in (k - 1, k + 1):
                if 0 <= j < 3:
                    out.append({"type": "move", "foe": i, "to": data.DISTANCES[j]})
    weapons = sorted({base(c) for c in state["hand"] if data.card(c)["kind"] == "weapon"})
    for w in weapons:
        if w != state["armed"] and not (data.card(w)["two_handed"] and state["shield"]):
            out.append({"type": "arm", "card": w})
    if state["shield"]:
        out.append({"type": "shield", "on": False})
    elif state["has_shields"] and not (state["armed"] and data.card(state["armed"])["two_handed"]):
        out.append({"type": "shield", "on": True})
    out.extend(base_normals(state))
    out.extend(plays(state))
    out.extend(recalls(state))
    if state["free_turn"] is None:
        out.append({"type": "flee"})
    return out


def base_action(state: State, which: str) -> dict[str, Any]:
    c = data.core()
    table = c["races"][state["race"]] if which == "race" else c["classes"][state["class"]]
    return table["base"]


def base_normals(state: State) -> list[Action]:
    """Base Actions of the core cards: once per Round, whatever the turn."""
    out = []
    for which in ("class", "race"):
        b = base_action(state, which)
        if b["kind"] != "normal" or state["base_used"][which]:
            continue
        if b["effect"] == "damage":
            for i in targets(state, {"distances": b.get("distances", [])}):
                out.append({"type": "base", "which": which, "foe": i})
        elif b["effect"] == "heal" and state["hp"] < state["max_hp"]:
            out.append({"type": "base", "which": which, "foe": -1})
    return out


def boost_options(state: State, b: str, c: dict[str, Any], r: int, needs_swap: bool) -> list[tuple[str, int]]:
    """One Boost per action: none, one Boost card, or up to R Attribute cards of the
    card's own Attribute as one Boost (+1 each)."""
    if needs_swap:
        return [(bb, 0) for bb in sorted({base(x) for x in state["hand"]})
                if data.card(bb).get("fast_swap") and slot(data.card(bb), r) != "-"]
    opts: list[tuple[str, int]] = [("", 0)]
    if c["effect"] in ("damage", "heal"):
        attr = c["attribute"]
        n = count_in_hand(state, attr) - (1 if b == attr else 0)
        opts.extend((attr, k) for k in range(1, min(r, n) + 1))
    if c["effect"] == "damage":
        for bb in sorted({base(x) for x in state["hand"]}):
            k = data.card(bb)
            if bb == b or k["kind"] == "attribute" or "boost" not in k["actions"] or slot(k, r) == "-":
                continue
            if k.get("boost_for") == "weapon" and c["kind"] == "weapon":
                opts.append((bb, 0))
            elif k.get("boost_for") == "ranged" and c["kind"] == "weapon" and (
                    "ranged" in c["distances"] or c.get("throw")):
                opts.append((bb, 0))
    return opts


def plays(state: State, only: str | None = None) -> list[Action]:
    r = state["round"]
    out: list[Action] = []
    names = [only] if only else sorted({base(c) for c in state["hand"]})
    for b in names:
        if count_in_hand(state, b) == 0:
            continue
        c = data.card(b)
        if "normal" not in c["actions"] or not allowed(state, c):
            continue
        pay = 0
        if slot(c, r) == "-":
            if "play_cost" in c and r in c["play_rounds"]:
                pay = r_value(c["play_cost"], r)
                if count_in_hand(state, c["play_attribute"]) < pay:
                    continue
            else:
                continue
        needs_swap = False
        if c["kind"] == "weapon":
            if c["two_handed"] and state["shield"]:
                continue
            needs_swap = state["armed"] not in (None, b)
        if c["effect"] == "heal" and state["hp"] >= state["max_hp"] and not (c.get("cures") and state["disease"]):
            continue
        boosts = [("", 0)] if pay else boost_options(state, b, c, r, needs_swap)
        if c["effect"] == "damage":
            foes = targets(state, c)
        else:
            foes = [-1]
        for i in foes:
            for bb, k in boosts:
                out.append({"type": "play", "card": b, "foe": i, "boost": bb, "extra": k, "pay": pay})
    return out


def recalls(state: State) -> list[Action]:
    """Recall: pay the Recall cost in the listed Attributes (any mix); never on a Round
    below the card's level; level 7+ only on Round 6; any one requirement suffices."""
    r = state["round"]
    out: list[Action] = []
    for b in sorted({base(c) for c in state["discard"]}):
        c = data.card(b)
        if not c.get("recall_cost"):
            continue
        req = c["recall_requires"]
        if req and state["class"] not in req and state["race"] not in req:
            continue
        lvl = c.get("level", 1)
        if (lvl >= 7 and r != 6) or r < lvl:
            continue
        cost = r_value(c["recall_cost"], r)
        attrs = sorted(c["recall_attributes"])
        for combo in combinations_with_replacement(attrs, cost):
            pay = {a: combo.count(a) for a in attrs if combo.count(a)}
            if all(count_in_hand(state, a) >= n for a, n in pay.items()):
                out.append({"type": "recall", "card": b, "pay": pay})
    return out


def reactions(state: State) -> list[Action]:
    """Answers to a Foe's attack: take it, counter with a listed Attribute, or one
    Reaction (armor, shield, skill, defensive spell, a Base Action) with at most one Boost."""
    p = state["pending"]
    r = state["round"]
    out: list[Action] = [{"type": "take"}]
    for attr in p["counters"]:
        if count_in_hand(state, attr):
            out.append({"type": "counter", "card": attr})
    if p["sneak"] or state["fleeing"]:
        return out
    if p["ranged"] and state["shield_cover"] > 0 and state["shield"] and not p["ethereal"]:
        out.append({"type": "cover"})
    for b in sorted({base(c) for c in state["hand"]}):
        c = data.card(b)
        if "reaction" not in c["actions"] or c["effect"] != "defense" or not allowed(state, c):
            continue
        if slot(c, r) == "-" or defense_of(state, c, p) is None:
            continue
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


def defense_of(state: State, c: dict[str, Any], p: dict[str, Any]) -> int | None:
    """What a defense card blocks against the pending attack; None when it cannot be used.
    Physical defense does nothing to Ethereal damage; Ethereal defense reduces both.
    Armor is halved against Ranged attacks (rounded down); a Shield blocks a Ranged
    attack whole."""
    v = value(c, state["round"])
    if c.get("ethereal_defense"):
        return v
    if p["ethereal"]:
        return None
    if c.get("melee_only") and not p["melee"]:
        return None
    if c["kind"] == "shield":
        if not state["shield"]:
            return None
        return p["damage"] if p["ranged"] else v
    if c["kind"] == "armor" and p["ranged"]:
        return v // 2
    return v


# -- applying -----------------------------------------------------------------------

def apply(state: State, a: Action, rng: Rng) -> None:
    t = a["type"]
    handler = HANDLERS.get(t)
    if handler is None:
        raise IllegalAction(f"unknown action {t}")
    handler(state, a, rng)


def _choose(state: State, a: Action, rng: Rng) -> None:
    """Order of play: choose any 4 cards (not Fortitude), shuffle the rest, draw 3."""
    cid = next(c for c in state["draw"] if base(c) == a["card"])
    state["draw"].remove(cid)
    state["hand"].append(cid)
    if len(state["hand"]) == 4:
        rng.shuffle(state["draw"])
        for _ in range(3):
            draw_one(state, rng)
        log(state, "You chose your 4 cards, shuffled and drew 3.")
        state["phase"] = "initiative"


def _declare(state: State, a: Action, rng: Rng) -> None:
    """Initiative: both sides declare and draw three; more matches wins (from the
    player's draw deck, an Agility card wins outright); a tie draws again."""
    mine = a["symbol"]
    for _ in range(50):
        theirs = UP if rng.below(2) == 0 else DOWN
        you, agility = [], False
        for _k in range(3):
            you.append(draw_symbols(state, rng, 1)[0])
            agility = agility or state.get("_last_draw_card") == "agility"
        them = draw_symbols(state, rng, 3)
        a_hits, b_hits = you.count(mine), them.count(theirs)
        record_draw(state, "You", "initiative", you, mine * 3, a_hits > b_hits or agility)
        record_draw(state, "Foes", "initiative", them, theirs * 3, b_hits > a_hits and not agility)
        if agility or a_hits != b_hits:
            break
    first = agility or a_hits > b_hits
    foes = [str(i) for i in range(len(state["foes"]))]
    state["order"] = ["player"] + foes if first else foes + ["player"]
    log(state, "You win the initiative." if first else "The Foes win the initiative.")
    if state["start"] == "random":
        for _ in range(50):
            drawn = draw_symbols(state, rng, 3)
            r = starting_round(drawn)
            record_draw(state, "You", "Starting Round", drawn, "^^^..v^v", r is not None)
            if r is not None:
                state["round"] = r
                break
    log(state, f"The fight begins on Round {state['round']}.")
    state["presneak"] = [i for i, f in enumerate(state["foes"]) if trait(f, "sneaky")]
    state["phase"] = "foe"
    presneak(state, rng)


def presneak(state: State, rng: Rng) -> None:
    """Sneaky Foes Pre-Sneak before the fight; then the first Round begins."""
    while state["presneak"]:
        i = state["presneak"].pop(0)
        foe_sneak(state, rng, i, "Pre-Sneak")
        if state["phase"] == "spot":
            return
    state["begun"] = True
    begin_fight(state, rng)


def resume(state: State, rng: Rng) -> None:
    """Carry on after a player's answer in the middle of someone else's turn."""
    if state["phase"] == "over":
        return
    if not state["begun"]:
        state["phase"] = "foe"
        presneak(state, rng)
        return
    if state["flee_queue"] is not None:
        state["phase"] = "foe"
        flee_run(state, rng)
        return
    if state["phase"] in ("turn", "recalled"):
        return
    state["phase"] = "foe"
    end_foe_turn(state, rng)
    advance(state, rng)


def end_turn(state: State, rng: Rng) -> None:
    """Draw after your turn, discard down to the hand maximum, hand over the turn."""
    state["fresh"] = False
    refill(state, rng)
    if state["phase"] == "over":
        return
    if len(state["hand"]) > hand_max(state):
        state["phase"] = "discard"
        state["after_discard"] = "end"
        return
    finish_turn(state, rng)


def finish_turn(state: State, rng: Rng) -> None:
    i = state["free_turn"]
    if i is not None:
        state["free_turn"] = None
        foe = state["foes"][i]
        if foe["hp"] > 0 and foe["took_in_free"] > 0:
            state["phase"] = "hamper"
            state["pending"] = {"kind": "hamper", "foe": i}
            return
        if foe["hp"] > 0:
            foe["fled"] = True
            log(state, f"{foe['name']} Flees the fight.")
        state["phase"] = "foe"
        end_foe_turn(state, rng)
    state["phase"] = "foe"
    advance(state, rng)


def _hamper(state: State, a: Action, rng: Rng) -> None:
    i = state["pending"]["foe"]
    foe = state["foes"][i]
    drawn = draw_symbols(state, rng, 1)
    ok = drawn[0] == a["symbol"]
    record_draw(state, "You", f"hamper {foe['name']}", drawn, a["symbol"], ok, "50%")
    if ok:
        foe["hampered"] = True
        log(state, f"{foe['name']} is hampered and cannot Flee this Round.")
    else:
        foe["fled"] = True
        log(state, f"{foe['name']} Flees the fight.")
    state["pending"] = None
    state["phase"] = "foe"
    end_foe_turn(state, rng)
    advance(state, rng)


def _discard(state: State, a: Action, rng: Rng) -> None:
    take(state, a["card"])
    if len(state["hand"]) > hand_max(state):
        return
    if state["after_discard"] == "turn":
        state["phase"] = "turn"
    else:
        finish_turn(state, rng)


def _draw_over(state: State, a: Action, rng: Rng) -> None:
    """Already at the hand maximum: draw one more, then discard down to it."""
    draw_one(state, rng)
    state["fresh"] = False
    if state["phase"] == "over":
        return
    state["phase"] = "discard"
    state["after_discard"] = "turn"


def _pass(state: State, a: Action, rng: Rng) -> None:
    log(state, "You pass.")
    end_turn(state, rng)


def _move(state: State, a: Action, rng: Rng) -> None:
    foe = state["foes"][a["foe"]]
    foe["distance"] = a["to"]
    log(state, f"You move: {foe['name']} is now at {a['to'].title()} distance.")
    end_turn(state, rng)


def _arm(state: State, a: Action, rng: Rng) -> None:
    """Swapping weapons costs the action; the new weapon is ready next turn."""
    state["armed"] = a["card"]
    log(state, f"You swap to your {data.card(a['card'])['name']}.")
    end_turn(state, rng)


def _shield(state: State, a: Action, rng: Rng) -> None:
    state["shield"] = a["on"]
    state["shield_cover"] = 0
    log(state, "You ready your shield." if a["on"] else "You drop your shield.")
    end_turn(state, rng)


def _base(state: State, a: Action, rng: Rng) -> None:
    which = a["which"]
    b = base_action(state, which)
    state["base_used"][which] = True
    r = state["round"]
    if state["phase"] == "react":
        reduce_and_take(state, rng, r_value(b["value"], r), b["name"])
        return
    if b["effect"] == "heal":
        heal_player(state, r_value(b["value"], r), b["name"])
    else:
        dmg = r_value(b["value"], r)
        foe = state["foes"][a["foe"]]
        log(state, f"{b['name']} (Base Action) at {foe['name']}.")
        if not sight_check(state, rng, None, b.get("distances", []), foe["distance"], "You"):
            end_turn(state, rng)
            return
        state["pending"] = {"kind": "attack_out", "foe": a["foe"], "card": "", "inst": "", "name": b["name"],
                            "damage": dmg, "ethereal": bool(b.get("ethereal")), "sneak": False,
                            "ranged": is_ranged(state, b.get("distances", []), foe), "stage": 0, "half": False,
                            "counters": [], "counter_updown": "", "counter_shield": "", "attribute": ""}
        resolve_attack(state, rng)
        return
    end_turn(state, rng)


def heal_player(state: State, amount: int, why: str) -> None:
    gain = min(amount, state["max_hp"] - state["hp"])
    state["hp"] += gain
    log(state, f"{why}: you heal {gain} ({state['hp']} HP).")


def _play(state: State, a: Action, rng: Rng) -> None:
    r = state["round"]
    b = a["card"]
    c = data.card(b)
    inst = next(x for x in state["hand"] if base(x) == b)
    state["hand"].remove(inst)
    if a["pay"]:
        take(state, c["play_attribute"], a["pay"])
        log(state, f"{a['pay']} {data.card(c['play_attribute'])['name']} paid to play {c['name']} on Round {r}.")
    bonus = a["extra"]
    boost_card = None
    if a["boost"]:
        if a["extra"]:
            take(state, a["boost"], a["extra"])
        else:
            boost_card = data.card(a["boost"])
            take(state, a["boost"])
    if state["phase"] == "recalled":
        state["phase"] = "turn"
    state["pending"] = None
    if c["kind"] == "weapon" and state["armed"] != b:
        how = "Fast Weapon Swap" if boost_card and boost_card.get("fast_swap") else "a free action"
        log(state, f"You draw your {c['name']} ({how}).")
        state["armed"] = b
    boost_text = (f" + {a['extra']} {a['boost'].title()}" if a["extra"] else
                  f" + {boost_card['name']}" if boost_card else "")
    persist = c.get("persist", "")
    if persist:
        until: Any = "attack" if persist == "attack" else "count" if persist == "count" else int(persist)
        state["persist"].append({"card": inst, "until": until, "since": tick(state)})
        log(state, f"You play {c['name']}: it stays face-out"
                   f" ({'until your next attack' if until == 'attack' else 'to the end of the Count' if until == 'count' else f'{until} Rounds'}).")
        end_turn(state, rng)
        return
    state["discard"].append(inst)
    if c["effect"] == "heal":
        amount = value(c, r) + bonus
        heal_player(state, amount, f"{c['name']}{boost_text}")
        if c.get("cures") and state["disease"]:
            state["disease"] = None
            log(state, "The Disease is cured.")
        end_turn(state, rng)
        return
    if c["effect"] != "damage":
        log(state, f"You play {c['name']}.")
        end_turn(state, rng)
        return
    dmg = value(c, r) + bonus
    if boost_card and boost_card["effect"] == "damage":
        dmg += value(boost_card, r)
    sneak = False
    for p in list(state["persist"]):
        k = data.card(p["card"])
        if k.get("bless"):
            dmg += k["bless"]
        if p["until"] == "attack":
            sneak = True
            dmg += r_value("R/2", r)
            state["persist"].remove(p)
            state["discard"].append(p["card"])
    foe = state["foes"][a["foe"]]
    if not sight_check(state, rng, None, c["distances"], foe["distance"], "You"):
        end_turn(state, rng)  # the card fails and stays discarded
        return
    log(state, f"You play {c['name']}{boost_text} at {foe['name']}: {dmg}{' Ethereal' if c['ethereal'] else ''} damage"
               f"{' from Sneak' if sneak else ''}.")
    state["pending"] = {"kind": "attack_out", "foe": a["foe"], "card": b, "inst": inst, "name": c["name"],
                        "damage": dmg, "ethereal": c["ethereal"], "sneak": sneak,
                        "ranged": is_ranged(state, c["distances"], foe), "stage": 0, "half": False,
                        "counters": c["counters"], "counter_updown": c["counter_updown"],
                        "counter_shield": c["counter_shield"], "attribute": c["attribute"]}
    resolve_attack(state, rng)


def resolve_attack(state: State, rng: Rng) -> None:
    """The Foe answers the player's attack, once (Foes counter once and never escalate):
    an Attribute counter when the card lists the Foe's Attribute, else the card's Up/Down
    counter (half damage), else its Reaction row of this Round. A counter may be
    Re-Countered with one card of the played card's Attribute."""
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
                drawn = draw_symbols(state, rng, 1)
                ok = drawn[0] == need
                record_draw(state, foe["name"], f"match {p['name']}'s Up/Down", drawn, need, ok, "50%")
                if ok:
                    log(state, f"{foe['name']} matches the Up/Down: half damage.")
                    p["countered"] = "half"
                    if offer_recounter(state):
                        return
                    p["damage"] //= 2
                    p["stage"] = 3
        elif st == 2:
            n, outs = reaction_outcomes(foe, r)
            if n:
                drawn = draw_symbols(state, rng, n)
                hit = next((o for o in outs if matches(o["match"], drawn)), None)
                record_draw(state, foe["name"], f"react (Draw {n})", drawn,
                            hit["match"] if hit else " / ".join(o["match"] for o in outs), hit is not None)
                if hit:
                    defense = foe_defense(state, hit, p)
                    log(state, f"{foe['name']} reacts with {hit['name']}: blocks {defense}.")
            p["defense"] = defense
        else:
            dealt = max(0, p["damage"] - p.get("defense", 0))
            hurt_foe(state, i, dealt)
            break
    state["pending"] = None
    if state["phase"] in ("turn", "recalled", "recounter"):
        state["phase"] = "turn"
        end_turn(state, rng)


def foe_defense(state: State, o: dict[str, Any], p: dict[str, Any]) -> int:
    v = r_value(o["defense"], state["round"])
    if o["kind"] == "ward":
        return v
    if p["ethereal"]:
        if o["kind"] == "shield" and p["counter_shield"] == "half":
            return p["damage"] - p["damage"] // 2
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
    p = state["pending"]
    take(state, p["attribute"])
    log(state, f"You Re-Counter with {p['attribute'].title()}: the {p['name']} goes on as if not countered.")
    p["stage"] = 3  # the Foe's one reaction was spent on its counter
    p["countered"] = ""
    state["phase"] = "turn"
    resolve_attack(state, rng)


def _accept(state: State, a: Action, rng: Rng) -> None:
    p = state["pending"]
    if p.get("countered") == "half":
        p["damage"] //= 2
        p["stage"] = 3
        state["phase"] = "turn"
        resolve_attack(state, rng)
        return
    log(state, f"Your {p['name']} has no effect.")
    state["pending"] = None
    state["phase"] = "turn"
    end_turn(state, rng)


def hurt_foe(state: State, i: int, dealt: int) -> None:
    foe = state["foes"][i]
    if dealt <= 0:
        log(state, f"{foe['name']} takes no damage.")
        return
    foe["hp"] -= dealt
    foe["took_since_turn"] += dealt
    foe["took_in_free"] = foe.get("took_in_free", 0) + dealt
    foe["hurt_tick"] = tick(state)
    if foe["hp"] <= 0:
        foe["hp"] = 0
        log(state, f"{foe['name']} takes {dealt} damage and is defeated.")
    else:
        log(state, f"{foe['name']} takes {dealt} damage ({foe['hp']} HP left).")


def _recall(state: State, a: Action, rng: Rng) -> None:
    b = a["card"]
    for attr, n in sorted(a["pay"].items()):
        take(state, attr, n)
    cid = next(x for x in state["discard"] if base(x) == b)
    state["discard"].remove(cid)
    state["hand"].append(cid)
    log(state, f"You Recall {data.card(b)['name']} from the discards.")
    state["fresh"] = False
    if plays(state, only=b):
        state["phase"] = "recalled"
        state["pending"] = {"kind": "recalled", "card": b}
    else:
        end_turn(state, rng)


def _keep(state: State, a: Action, rng: Rng) -> None:
    state["pending"] = None
    state["phase"] = "turn"
    log(state, "You keep the recalled card for later.")
    end_turn(state, rng)


# -- reacting to a Foe --------------------------------------------------------------

def _take(state: State, a: Action, rng: Rng) -> None:
    reduce_and_take(state, rng, 0, "")


def _counter(state: State, a: Action, rng: Rng) -> None:
    p = state["pending"]
    take(state, a["card"])
    state["reacted"] = True
    log(state, f"You counter the {p['name']} with {a['card'].title()}: no damage.")
    state["pending"] = None
    resume(state, rng)


def _cover(state: State, a: Action, rng: Rng) -> None:
    state["shield_cover"] -= 1
    reduce_and_take(state, rng, state["pending"]["damage"], "your raised shield")


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
    reduce_and_take(state, rng, block + a["extra"], c["name"] + (f" + {a['extra']} {c['attribute'].title()}" if a["extra"] else ""))


def reduce_and_take(state: State, rng: Rng, block: int, by: str) -> None:
    p = state["pending"]
    ward = sum(data.card(x["card"]).get("ward", 0) for x in state["persist"])
    dmg = max(0, p["damage"] - block - ward)
    if by:
        state["reacted"] = True
        log(state, f"You react with {by}: blocks {block}.")
    foe = state["foes"][p["foe"]]
    p["dealt"] = dmg
    state["phase"] = "foe"
    hurt_player(state, dmg, f"{foe['name']}'s {p['name']}", from_foe=True)
    if state["phase"] in ("exhaust", "over"):
        return
    after_damage(state, rng)


def after_damage(state: State, rng: Rng) -> None:
    p = state["pending"]
    dmg = p.get("dealt", 0)
    i = p["foe"]
    state["pending"] = None
    if dmg > 0:
        after_hit(state, rng, i, dmg)
        if state["fleeing"] and state["phase"] != "over":
            foe = state["foes"][i]
            declared = UP if rng.below(2) == 0 else DOWN
            drawn = draw_symbols(state, rng, 1)
            ok = drawn[0] == declared
            record_draw(state, foe["name"], "hamper your Flee", drawn, declared, ok, "50%")
            if ok:
                state["hampered"] = True
                log(state, f"{foe['name']} hampers you: you cannot Flee this Round.")
    resume(state, rng)


def _exhaust(state: State, a: Action, rng: Rng) -> None:
    exhaust(state)
    state["phase"] = "foe"
    after_damage(state, rng)


def _die(state: State, a: Action, rng: Rng) -> None:
    log(state, "You refuse Exhaustion and fall.")
    finish(state, "lost")


def _spot(state: State, a: Action, rng: Rng) -> None:
    i = state["pending"]["foe"]
    take(state, "intellect")
    state["foes"][i]["hidden"] = False
    log(state, f"Your Intellect counters the Sneak: {state['foes'][i]['name']} is spotted.")
    state["pending"] = None
    resume(state, rng)


def _let_hide(state: State, a: Action, rng: Rng) -> None:
    state["pending"] = None
    resume(state, rng)


# -- Flee ---------------------------------------------------------------------------

def _flee(state: State, a: Action, rng: Rng) -> None:
    """Flee: every Foe gets a free Round of Normal Actions at you; a Foe that damages you
    may declare an Up/Down and, matching, hamper you. Unhampered, you escape."""
    log(state, "You try to Flee: every Foe gets a free Turn at you.")
    state["fleeing"] = True
    state["hampered"] = False
    state["fresh"] = False
    state["flee_queue"] = [i for i in live_foes(state)]
    state["phase"] = "foe"
    flee_run(state, rng)


def flee_run(state: State, rng: Rng) -> None:
    while state["flee_queue"]:
        i = state["flee_queue"].pop(0)
        if state["foes"][i]["hp"] <= 0 or state["foes"][i]["fled"]:
            continue
        foe_turn(state, rng, i, free=True)
        if state["phase"] != "foe":
            return
    state["flee_queue"] = None
    state["fleeing"] = False
    if state["phase"] == "over":
        return
    if state["hampered"]:
        state["hampered"] = False
        log(state, "Hampered, you stay in the fight.")
        state["phase"] = "turn"
        end_turn(state, rng)
        return
    log(state, "You get away: the fight is over.")
    finish(state, "fled")


HANDLERS = {
    "choose": _choose, "declare": _declare, "pass": _pass, "move": _move, "arm": _arm,
    "shield": _shield, "base": _base, "play": _play, "recall": _recall, "keep": _keep,
    "flee": _flee, "hamper": _hamper, "discard": _discard, "draw_over": _draw_over,
    "recounter": _recounter, "accept": _accept, "take": _take, "counter": _counter,
    "cover": _cover, "react": _react, "exhaust": _exhaust, "die": _die, "spot": _spot,
    "let_hide": _let_hide,
}
