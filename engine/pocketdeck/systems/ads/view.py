"""What the player sees: everything on the table is the player's (the Foe cards are open
cards too), so there is one seat and one view. Each legal action gets a label, a group
for the screen and, for Foe draws, the chance before the draw."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from ...core.views import log_tail
from . import data, party
from .allies import aid_block, heals_disease
from .attack import damage_taken, row_block
from .facts import (base_action, base_value, dropped, needs_swap_for, defense_of, dual_damage, play_damage, play_heal,
                    play_price, slot, sneak_bonus, sneaking, value)
from .deck import base, hand_max, up_chance
from .fight import action_row, chance_text, outcome_chances, reaction_outcomes, trait
from .foeturn import condition, foe_counter_chance
from .maths import half_up, pattern_chance, r_value
from .party import view as party_view
from .grid import view as grid_view

State = dict[str, Any]
TRAIT_NAMES = {
    "self_preservation": "Self Preservation - {0} HP", "merciless": "Merciless - {0} Rounds",
    "cowardly_sneak": "Cowardly Sneak", "sneaky": "Sneaky", "kiter": "Kiter",
    "overwhelm": "Overwhelm - {0} Foes", "attack_biggest_threat": "Attack - Biggest Threat",
    "attack_prevent_recovery": "Attack - Prevent Recovery",
    "attack_punish_spellcasting": "Attack - Punish Spellcasting",
    "attack_retaliation": "Attack - Retaliation", "attack_opportunist": "Attack - Opportunist",
    "attack_brutal": "Attack - Brutal", "healer": "Healer", "regeneration": "Regeneration - {0} HP",
    "outnumber": "Outnumber - {0} to {1}", "disease": "Disease - {0} min, {1} dmg, {2} Rounds",
    "darksight": "Darksight",
}


def card_face(cid: str, r: int) -> dict[str, Any]:
    """A card as the screen shows it on Round ``r`` (a fresh dict: callers may extend it)."""
    return dict(_card_face(cid, r))


@lru_cache(maxsize=4096)
def _card_face(cid: str, r: int) -> dict[str, Any]:
    """A pure function of the card (its id and copy) and the Round: computed once."""
    c = data.card(cid)
    s = slot(c, r)
    if c["effect"] in ("damage", "defense", "heal"):
        price = play_price(c, r)
        today = str(value(c, r)) if s != "-" else (f"pay {price[0]} {price[1].title()}" if price else "-")
    else:
        today = "" if s != "-" else "-"
    return {"id": cid, "card": base(cid), "name": c["name"], "kind": c["kind"], "rondel": c["rondel"],
            "primary": c["primary"], "secondary": c["secondary"], "effect": c["effect"],
            "ethereal": bool(c["ethereal"] or c.get("ethereal_defense")), "today": today,
            "updown": data.instance_symbol(cid), "text": c.get("text", ""), "level": c.get("level", 1),
            "actions": c["actions"], "distances": c.get("distances", [])}


def outcome_text(o: dict[str, Any], r: int) -> str:
    if o["kind"] == "attack":
        return f"{o['name']} {r_value(o['damage'], r)}{' Ethereal' if o.get('ethereal') else ''}"
    if o["kind"] == "disarm":
        return f"{o['name']} (disarm)"
    if o["kind"] == "move":
        return "Move to " + " / ".join(x.title() for x in o.get("distances", ["melee"]))
    return o["kind"].title()


def draw_result(d: dict[str, Any]) -> str:
    """The words for an initiative draw (Turns: "the Player (or Foe) that draws the most
    matching Up/Downs wins"): how many matched, not "match" / "no match" (a full match on
    a tie is still three matches)."""
    if d["why"] != "initiative":
        return ""
    hits = d["drawn"].count(d["need"][:1])
    return f"{hits} of {len(d['drawn'])} match" + (": goes first" if d["ok"] else "")


def matched_of(pattern: str, drawn: str) -> int:
    """How many of ``drawn`` count toward ``pattern`` (matched in any order; ``*`` is any)."""
    ups, downs = drawn.count("^"), drawn.count("v")
    hit = min(pattern.count("^"), ups) + min(pattern.count("v"), downs)
    return hit + min(pattern.count("*"), len(drawn) - hit)


def draw_line(state: State, d: dict[str, Any], pair: dict[str, Any] | None = None) -> dict[str, Any]:
    """One Up/Down draw in words (issue 50, "Numbers and draws in words"): ``what`` was
    drawn for, the ``needs`` (each a pattern the screen draws as symbols, never spells),
    ``matched`` of ``needed`` and ``then``, what followed, from the Foe card's own rows.
    ``pair``: the other side's initiative draw, to say a tie."""
    who, why, drawn, ok = d["who"], d["why"], d["drawn"], d["ok"]
    needs = [x for x in d["need"].split(" / ") if x and set(x) <= set("^v*")]
    best = max(needs, key=lambda x: matched_of(x, drawn)) if needs else ""
    out = {"what": f"{who} {why}", "needs": needs, "matched": matched_of(best, drawn) if best else 0,
           "needed": len(best), "then": "it works" if ok else "it fails", "race": False}
    foe = next((f for f in state["foes"] if f["name"] == who), None)
    if why == "initiative":
        side = "You" if who == "You" else "The Foes"
        out.update(what=f"{side} declared {'Up' if best[:1] == '^' else 'Down'} for the Initiative",
                   needs=[best[:1]], needed=len(drawn), race=True,
                   then=(("you go first" if who == "You" else "the Foes go first") if ok else
                         "a tie: both draw again" if pair is not None and not pair["ok"] else ""))
    elif why == "Starting Round":
        out.update(what="You drew for the Starting Round", needs=[], then=(
            f"the fight starts on Round {state['round']}" if ok else "no Round: draw again"))
    elif foe is not None and why.startswith("Round ") and " action" in why:
        r = int(why.split()[1])
        row = action_row(foe, r)
        out["what"] = f"{who}'s Round {r} action"
        if ok:
            o = next((o for o in row["outcomes"] if o["match"] == d["need"]), None)
            out["then"] = ("it attacks: " if o and o["kind"] == "attack" else "") + (outcome_text(o, r) if o else "it acts")
        else:
            out["then"] = ("no action: base damage " + str(data.foe_card(foe["id"])["base_damage"])
                           if row["failure"] == "base" else
                           "no action: " + outcome_text(row["failure_action"], r) if row["failure"] == "action"
                           else "it does nothing")
    elif foe is not None and why.startswith("react"):
        out["what"] = f"{who}'s Reaction"
        if ok:
            _, outs = reaction_outcomes(foe, state["round"])
            o = next((o for o in outs if o["match"] == d["need"]), None)
            out["then"] = f"{o['name']} blocks {row_block(o, state['round'])}" if o else "it reacts"
        else:
            out["then"] = "no Reaction: the blow is not blocked"
    elif why.startswith("see at"):
        out["then"] = "sees" if ok else "cannot see well enough: the action fails"
    return out


def _pair(draws: list[dict[str, Any]], k: int) -> dict[str, Any] | None:
    """The other side's initiative draw beside draw ``k`` (they are recorded You, then Foes)."""
    d = draws[k]
    if d["why"] != "initiative":
        return None
    j = k + 1 if d["who"] == "You" else k - 1
    return draws[j] if 0 <= j < len(draws) and draws[j]["why"] == "initiative" else None


def _one(state: State, symbol: str) -> str:
    """The chance that one draw matches ``symbol`` (`deck.match_one`), as shown."""
    return chance_text(pattern_chance(symbol, up=up_chance(state)))


def live_chances(state: State, foe: dict[str, Any], row: dict[str, Any]) -> list[Any]:
    """Each outcome's chance as the Foe's turn would pick it now (`foeturn.foe_turn`: the
    first outcome that matches and whose condition holds); one whose condition does not
    hold now has 0, and its draws fall through to the next or to the Failure."""
    holds = tuple(condition(state, foe, o) for o in row["outcomes"])
    return list(_live_chances(tuple(o["match"] for o in row["outcomes"]), row["draw"], holds, up_chance(state)))


@lru_cache(maxsize=1024)
def _live_chances(patterns: tuple[str, ...], draw: int, holds: tuple[bool, ...],
                  up: Fraction = Fraction(1, 2)) -> tuple[Fraction, ...]:
    """The odds of a draw pattern depend only on the patterns, the draw, which conditions
    hold and the chance of an Up: computed once (issue 26: the view was recomputing them
    per seat)."""
    live = tuple(p for p, h in zip(patterns, holds) if h)
    got = iter(outcome_chances(list(live), draw, up) if live else [])
    return tuple(next(got) if h else Fraction(0) for h in holds)


def foe_view(state: State, i: int) -> dict[str, Any]:
    foe = state["foes"][i]
    f = data.foe_card(foe["id"])
    r = state["round"]
    row = action_row(foe, r)
    holds = tuple(condition(state, foe, o) for o in row["outcomes"])
    card = _foe_card(foe["id"], r, holds, up_chance(state))
    return {"index": i, "name": foe["name"], "hp": foe["hp"], "max_hp": foe["max_hp"], "xp": f["xp"],
            "gold": f["gold"], "level": f["level"], "size": f["size"], "distance": foe["distance"],
            "hidden": foe["hidden"], "fled": foe["fled"], "down": foe["hp"] <= 0,
            "updown": data.SYMBOL_OF[f["updown"]], "base_damage": f["base_damage"],
            "traits": list(card["traits"]), "draw": row["draw"], "actions": [dict(a) for a in card["actions"]],
            "failure": dict(card["failure"]) if card["failure"] else None,
            "react_draw": card["react_draw"], "reactions": [dict(a) for a in card["reactions"]],
            "attribute": dict(card["attribute"]) if card["attribute"] else None,
            "merciless": bool(trait(foe, "merciless"))}


@lru_cache(maxsize=1024)
def _foe_card(fid: str, r: int, holds: tuple[bool, ...], up: Fraction = Fraction(1, 2)) -> dict[str, Any]:
    """The parts of a Foe's row that are a pure function of the Foe card, the Round and
    which of its conditions hold now: its outcomes with their chances, the Failure, its
    Reactions and Attribute. Cached (callers copy what they hand out)."""
    f = data.foe_card(fid)
    foe = {"id": fid}
    row = action_row(foe, r)
    chances = _live_chances(tuple(o["match"] for o in row["outcomes"]), row["draw"], holds, up)
    acts = []
    for o, p in zip(row["outcomes"], chances):
        what = outcome_text(o, r)
        if o.get("when"):
            what += " (if hurt this Round or last)" if o["when"] == "hurt" else " (if in reach)"
        acts.append({"match": o["match"], "what": what, "chance": chance_text(p)})
    fail = 1 - sum(chances)
    n, outs = reaction_outcomes(foe, r)
    rchances = outcome_chances([o["match"] for o in outs], n, up) if n else []
    reacts = [{"match": o["match"], "what": f"{o['name']} {row_block(o, r)}", "chance": chance_text(p)}
              for o, p in zip(outs, rchances)]
    attr = f.get("attribute")
    return {"traits": [TRAIT_NAMES[t[0]].format(*t[1:]) for t in f.get("traits", [])], "actions": acts,
            "failure": {"what": ("base damage " + str(f["base_damage"]) if row["failure"] == "base" else
                                 "Failure action: " + outcome_text(row["failure_action"], r) if row["failure"] == "action"
                                 else "nothing"),
                        "chance": chance_text(fail)} if fail > 0 else None,
            "react_draw": n, "reactions": reacts,
            "attribute": ({"name": attr["name"].title(), "pattern": attr["pattern"],
                           "chance": chance_text(foe_counter_chance(foe, up))} if attr else None)}


def label(state: State, a: dict[str, Any]) -> tuple[str, str]:
    """(label, group) of an action."""
    t = a["type"]
    r = state["round"]
    foes = state["foes"]
    if t == "choose":
        return f"Take {data.card(a['card'])['name']}", "choose"
    if t == "dual_wield":
        who = "" if "party" not in state else f": {party.seat(state, a['seat'])['hero']}"
        return f"Declare Dual Wielding for this fight{who}", "dual"
    if t == "declare":
        return f"Declare {'Up ^' if a['symbol'] == '^' else 'Down v'}", "prompt"
    if t == "hamper":
        return f"Declare {'Up ^' if a['symbol'] == '^' else 'Down v'} to hamper", "prompt"
    if t == "discard":
        return f"Discard {data.card(a['card'])['name']}", "prompt"
    if t == "pass":
        return "Pass", "other"
    if t == "draw_over":
        return "Draw 1 over, then discard", "other"
    if t == "move":
        return f"Move: {foes[a['foe']]['name']} to {a['to'].title()}", "move"
    if t == "arm":
        if not needs_swap_for(state, a["card"]):  # Free Actions: into an empty hand
            return f"Draw your {data.card(a['card'])['name']} (free action)", "gear"
        return f"Swap to {data.card(a['card'])['name']}", "gear"
    if t == "shield":
        return ("Equip shield" if a["on"] else "Drop shield"), "gear"
    if t == "flee":
        return "Flee", "other"
    if t == "base":
        b = base_action(state, a["which"])
        if state["phase"] == "react":
            return f"{b['name']} (Base Action): block {base_value(b, r)}", "prompt"
        tgt = f" at {foes[a['foe']]['name']}" if a.get("foe", -1) >= 0 else ""
        if "ally" in a:
            tgt = f" for {party.seat(state, a['ally'])['hero']}"
        return f"{b['name']} (Base Action){tgt}: {base_value(b, r)}", "base"
    if t == "play":
        c = data.card(a["card"])
        parts = [c["name"]]
        if a["pay"]:
            parts.append(f"pay {a['pay']} {data.card(play_price(c, r)[1])['name']}")
        if a["boost"]:
            parts.append(f"+ {a['extra']} {a['boost'].title()}" if a["extra"] else f"+ {data.card(a['boost'])['name']}")
        if a.get("throw"):
            parts.append("thrown from your free hand")
        if a["foe"] >= 0:
            parts.append(f"at {foes[a['foe']]['name']}")
        if "ally" in a:
            parts.append(f"for {party.seat(state, a['ally'])['hero']}")
        if a.get("declare"):
            parts.append(f"in Melee, declaring {'Up ^' if a['declare'] == '^' else 'Down v'}")
        if c["effect"] == "damage":  # the figure turn._play deals, Sneak and Blessing included
            parts.append(f"({play_damage(state, c, a['extra'], a['boost'], r)} dmg"
                         f"{', Sneak +' + str(sneak_bonus(r)) if sneaking(state) else ''})")
        elif c["effect"] == "heal" and "ally" not in a and state["hp"] >= state["max_hp"]:
            # turn.heal_player's words: at full Hit Points a heal that counters a Disease cures it
            parts.append("(cures your Disease; no Hit Points to heal)" if state["disease"] and heals_disease(state, c)
                         else "(heals nothing: you are at full Hit Points)")
        elif c["effect"] == "heal":
            parts.append(f"({play_heal(c, a['extra'], r)} heal)")
        return " ".join(parts), "play"
    if t == "split":
        return f"1 damage at {foes[a['foe']]['name']} ({state['split']['left']} to divide)", "prompt"
    if t == "recall":
        pay = ", ".join(f"{n} {k.title()}" for k, n in sorted(a["pay"].items()))
        return f"Recall {data.card(a['card'])['name']} (pay {pay})", "recall"
    if t == "keep":
        return "Keep it in hand", "prompt"
    if t == "recounter":
        return f"Re-Counter with {state['pending']['attribute'].title()}", "prompt"
    if t == "accept":
        return "Accept the counter", "prompt"
    if t == "take":
        if state["pending"].get("disarm"):
            return f"No counter: lose your {data.card(state['armed'])['name']}", "prompt"
        return f"No reaction: take {damage_taken(state, state['pending'], 0)}", "prompt"
    if t == "counter":
        if state["pending"].get("disarm"):
            return f"Counter with {a['card'].title()}: keep your weapon", "prompt"
        if state["pending"].get("chain"):
            return f"Escalate with {a['card'].title()}: block all", "prompt"
        return f"Counter with {a['card'].title()}: block all", "prompt"
    if t == "strike_back":
        return "Strike it first: 1 base Physical damage", "prompt"
    if t == "no_strike":
        return "Do not strike first", "prompt"
    if t == "grapple_card":
        p = state["pending"]
        if p["kind"] == "foe_grapple" and p["how"] != "strength":
            return f"Show {a['card'].title()}: its Grapple fails", "prompt"
        verb = "Counter" if p["kind"] == "foe_grapple" and not p["chain"] else "Re-Counter" if not p["chain"] else "Escalate"
        return f"{verb} with {a['card'].title()}", "prompt"
    if t == "grapple_yield":
        p = state["pending"]
        if p["kind"] == "escape_counter":
            return "Give up the escape", "prompt"
        if p["how"] != "strength" and not p["chain"]:
            return f"Draw to match its declaration ({_one(state, p['how'])})", "prompt"
        return "Give in: you are Grappled", "prompt"
    if t == "escape":
        if a["how"] in ("strength", "agility"):
            return f"Escape the Grapple with {a['how'].title()}", "grapple"
        return f"Escape the Grapple declaring {'Up ^' if a['how'] == '^' else 'Down v'}", "grapple"
    if t == "retrieve":
        return f"Retrieve your {data.card(dropped(state)[-1])['name']}", "gear"
    if t == "updown_counter":
        need = state["pending"]["updown"]
        half = half_up(state["pending"]["damage"])
        return (f"Up/Down counter: match {need} for half (block {half}, "
                f"{chance_text(pattern_chance(need, up=up_chance(state)))})"), "prompt"
    if t == "cover":
        return "Raised shield: block all (Ranged)", "prompt"
    if t == "react":
        c = data.card(a["card"])
        block = (defense_of(state, c, state["pending"]) or 0) + a["extra"]
        boost = f" + {a['extra']} {c['attribute'].title()}" if a["extra"] else ""
        return f"{c['name']}{boost}: block {block}", "prompt"
    if t == "into":
        p = state["pending"]
        return (f"Declare {'Up ^' if a['symbol'] == '^' else 'Down v'}: a match hits {foes[p['foe']]['name']}, "
                f"a miss hits {party.seat(state, p['into'])['hero']} ({_one(state, a['symbol'])} to match)"), "prompt"
    if t == "aid":
        c = data.card(a["card"])
        who = party.seat(state, state["pending"]["target"])["hero"]
        return f"{c['name']} for {who}: block {aid_block(state, c)}", "prompt"
    if t == "no_aid":
        return "Play nothing for them", "prompt"
    if t == "presneak":
        return f"Pre-Sneak declaring {'Up ^' if a['symbol'] == '^' else 'Down v'}", "prompt"
    if t == "no_presneak":
        return "Do not Pre-Sneak", "prompt"
    if t == "dual":
        return "Take up Dual Wielding again", "gear"
    if t == "dual_attack":
        ca, cb = data.card(a["card"]), data.card(a["card2"])
        boosts = "".join(f" + {a['extra' + n]} {data.card(a['boost' + n])['name']} on {c['name']}" if a["extra" + n]
                         else f" + {data.card(a['boost' + n])['name']} on {c['name']}"
                         for n, c in (("", ca), ("2", cb)) if a.get("boost" + n))
        return (f"Dual Wield {ca['name']} + {cb['name']}{boosts} at {foes[a['foe']]['name']} "
                f"({dual_damage(state, ca, a.get('extra', 0), a.get('boost', ''), r)} + "
                f"{dual_damage(state, cb, a.get('extra2', 0), a.get('boost2', ''), r)} dmg)"), "play"
    if t == "grapple":
        how = "with a Strength card" if a["how"] == "strength" else f"declaring {'Up ^' if a['how'] == '^' else 'Down v'}"
        return f"Grapple {foes[a['foe']]['name']} {how}", "grapple"
    if t == "grapple_strike":
        return f"Strike {foes[state['grapple']['foe']]['name']} in the Grapple: 1", "grapple"
    if t == "release":
        return "Let go of the Grapple", "grapple"
    if t == "hold":
        return "Hold on with a Strength card", "prompt"
    if t == "let_go":
        p = state["pending"]
        return ("Let it escape" if p["how"] == "attr" else f"Draw to keep the hold ({_one(state, p['declared'])})"), "prompt"
    if t == "exhaust":
        return "Take a level of Exhaustion (stay at 1 HP)", "prompt"
    if t == "die":
        return "Fall", "prompt"
    if t == "spot" and a.get("from") == "deck":
        return "Play Intellect from your draw deck (1 Exhaustion)", "prompt"
    if t == "spot":
        return "Play Intellect to spot it", "prompt"
    if t == "let_hide":
        return "Let it hide", "prompt"
    if t == "ready":
        return f"I am {state['hero']}: show my hand", "cover"
    return t, "other"


def view(state: State, legal: list[dict[str, Any]],
         status: dict[str, dict[str, str]] | None = None) -> dict[str, Any]:
    """The fight as the player sees it; ``status`` (`actions.hand_status`) says of each card
    in hand how a legal action uses it now, or why none does."""
    r = state["round"]
    p = state["pending"]
    pend = None
    if p and p.get("kind") == "attack":
        pend = {"kind": "attack", "foe": state["foes"][p["foe"]]["name"], "name": p["name"],
                "damage": p["damage"], "ethereal": p["ethereal"], "ranged": p["ranged"], "sneak": p["sneak"],
                "disarm": bool(p.get("disarm")), "chain": p.get("chain", 0),
                "counters": [x.title() for x in p.get("counters", [])]}
    elif p and p.get("kind") == "attack_out":
        pend = {"kind": "countered", "foe": state["foes"][p["foe"]]["name"], "name": p["name"],
                "damage": p["damage"], "how": p.get("countered", "")}
    elif p and p.get("kind") == "presneak":
        pend = {"kind": "countered", "foe": state["foes"][p["foe"]]["name"], "name": "Pre-Sneak", "damage": 0,
                "how": "full"}
    elif p and p.get("kind") == "grapple":
        pend = {"kind": "countered", "foe": state["foes"][p["foe"]]["name"], "name": "Grapple", "damage": 0,
                "how": "full"}
    elif p and p.get("kind") == "escape":
        pend = {"kind": "escape", "foe": state["foes"][p["foe"]]["name"], "how": p["how"],
                "declared": p["declared"]}
    elif p and p.get("kind") in ("hamper", "spot"):
        pend = {"kind": p["kind"], "foe": state["foes"][p["foe"]]["name"]}
    elif p and p.get("kind") == "recalled":
        pend = {"kind": "recalled", "name": data.card(p["card"])["name"]}
    elif p and p.get("kind") in ("foe_grapple", "escape_counter"):
        pend = {"kind": p["kind"], "foe": state["foes"][p["foe"]]["name"], "how": p["how"], "chain": p["chain"]}
    if state["phase"] == "split":
        sp = state["split"]
        pend = {"kind": "split", "name": sp["attack"]["name"], "left": sp["left"], "max": sp["max"],
                "parts": [f"{n} at {state['foes'][i]['name']}" for i, n in sp["parts"]]}
    if state["phase"] == "aid":  # an ally may protect the one attacked
        pend = {"kind": "aid", "foe": state["foes"][p["foe"]]["name"], "name": p["name"], "damage": p["damage"],
                "ethereal": p["ethereal"], "ranged": p["ranged"], "target": party.seat(state, p["target"])["hero"]}
    if state["phase"] == "into_grapple":
        pend = {"kind": "into", "foe": state["foes"][p["foe"]]["name"], "name": p["name"], "damage": p["damage"],
                "ally": party.seat(state, p["into"])["hero"]}
    if state["phase"] == "ward_off":
        t = state["foe_grapple"]
        pend = {"kind": "ward_off", "foe": state["foes"][t["foe"]]["name"], "how": t["how"]}
    entries = []
    for a in legal:
        text, group = label(state, a)
        if state["phase"] == "ward_off":
            group = "prompt"  # the free strike is part of the prompt
        entries.append({"action": a, "label": text, "group": group})
    klass = data.core()["classes"][state["class"]]
    race = data.core()["races"][state["race"]]
    return {
        "phase": state["phase"], "outcome": state["outcome"], "round": r, "count": state["count"],
        "mode": state["mode"], "light": state["light"], "hero": state["hero"], "race": race["name"], "class": klass["name"],
        "level": state["level"], "hp": max(state["hp"], 0), "max_hp": state["max_hp"],
        "hand_max": hand_max(state), "fatigue": state["fatigue"], "exhaustion": state["exhaustion"],
        "draw_count": len(state["draw"]), "discard_count": len(state["discard"]),
        "discard_top": card_face(state["discard"][-1], r) if state["discard"] else None,
        "hand": [dict(card_face(c, r), **(status or {}).get(base(c), {})) for c in sorted(state["hand"])]
        if state["phase"] != "choose" else [],
        "chosen": [card_face(c, r) for c in state["hand"]] if state["phase"] == "choose" else [],
        "persist": [dict(card_face(x["card"], r), until=x["until"]) for x in state["persist"]],
        "armed": " and ".join(data.card(w)["name"] for w in (state["armed"], state["offhand"]) if w),
        "dual": state["dual"],
        "shield": state["shield"], "disease": state["disease"],
        "sneaking": state["sneak_bonus"],
        "grapple": state["foes"][state["grapple"]["foe"]]["name"] if state["grapple"] else "",
        "grappled": bool(state["grapple"] and state["grapple"].get("holder") == "foe"),
        "dropped": " and ".join(data.card(w)["name"] for w in dropped(state)),
        "bases": [{"which": w, "name": base_action(state, w)["name"], "text": base_action(state, w)["text"],
                   "used": state["base_used"][w]} for w in ("class", "race")],
        "foes": [foe_view(state, i) for i in range(len(state["foes"]))],
        "draws": [dict(d, result=draw_result(d)) if draw_result(d) else d for d in state["draws"]],
        "draw_lines": [draw_line(state, d, _pair(state["draws"], k)) for k, d in enumerate(state["draws"])],
        # how many of ``draws`` (the newest) the last action made: the screen draws them as cards
        "fresh_draws": min(len(state["draws"]), state.get("draws_made", 0) - state.get("draws_before", 0)),
        "pending": pend, "fleeing": state["fleeing"],
        "log": log_tail(state["log"], 40), "xp": state["xp"], "gold": state["gold"],
        "actions": entries, "party": party_view(state), "grid": grid_view(state),
    }
