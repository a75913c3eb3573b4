"""What the table shows: the arenas and who stands where, the six stacks, each hero's
information card, piles (counts), counters, the active hero's hand, the monsters with
hits or health, the dice of the last action, the log, and every legal action with a
label. Draw piles are never shown in order (only counted)."""

from __future__ import annotations

from typing import Any

from ...core.views import log_tail
from . import combat, data
from .arena import revealed
from .common import State, held_cards
from .setup import armor_bonus, current_zone, hero, monster


def build_view(state: State, legal: list[dict[str, Any]]) -> dict[str, Any]:
    p = state["piles"]
    zid = current_zone(state)
    zone = data.zone(zid)
    t = state["turn"]
    acting = None
    mt = state["mturn"]
    if state["phase"] == "spoils":
        acting = state["spoils_left"][0]
    elif state["phase"] == "upgrade":
        acting = state["upgrade_left"][0]
    elif state["guard"]:
        acting = state["guard"]["target"]
    elif state["pending"] is not None:
        acting = state["pending"]["target"]
    elif mt is not None:
        acting = mt["actor"]
    elif state["phase"] == "battle":
        acting = t["actor"] if t else state["order"][state["at"]]
    arenas = []
    for a in zone["arena"]:
        shown = revealed(state, a["id"])
        arenas.append({
            "id": a["id"], "name": a["name"] if shown else "Unexplored", "revealed": shown,
            "heroes": [h["id"] for h in state["heroes"] if h["arena"] == a["id"]],
            "monsters": [m["id"] for m in state["monsters"] if m["arena"] == a["id"] and not m["dead"]],
            "items": [data.card_name(c) for c in p.get(f"items:{zid}/{a['id']}", [])],
        })
    links = [{"a": ln["a"], "b": ln["b"], "kind": ln["kind"], "open": ln["open"]} for ln in state["links"]]
    heroes = []
    for h in state["heroes"]:
        me = h["id"]
        heroes.append({
            "id": me, "name": h["name"], "hero": h["hero"], "health": h["health"],
            "max_health": h["max_health"], "down": h["down"], "arena": h["arena"], "xp": h["xp"],
            "stats": dict(h["stats"]), "class": data.heroes()[h["hero"]]["name"],
            "armor": [{"id": a, "name": data.card_name(a), "defense": data.armors()[a]["defense"]} for a in p[f"{me}:armor"]],
            "armor_bonus": armor_bonus(state, me), "defense_counters": h["defense_counters"],
            "weapons": [{"id": w, "name": data.card_name(w), "kind": data.weapons()[w]["kind"],
                         "attack": data.weapons()[w]["attack"], "damage": data.weapons()[w]["damage"],
                         "counters": h["counters"].get(w, 0)} for w in p[f"{me}:equipped"]],
            "at_hand": [data.card_name(c) for c in p[f"{me}:at_hand"]],
            "latent": [data.card_name(c) for c in p[f"{me}:latent"]],
            "powers": [data.powers()[x]["name"] for x in p[f"{me}:powers"]],
            "hand": list(p[f"{me}:hand"]) if me == acting else None,
            "hand_count": len(p[f"{me}:hand"]), "draw": len(p[f"{me}:draw"]),
            "discard": len(p[f"{me}:discard"]), "expended": len(p[f"{me}:expended"]),
            "front": list(p[f"{me}:front"]),
        })
    monsters = []
    for m in state["monsters"]:
        if m["dead"]:
            continue
        e = {"id": m["id"], "name": m["name"], "kind": m["kind"], "arena": m["arena"]}
        if m["kind"] == "minion":
            spec = data.minion(m["type"])
            e.update(hits=m["hits"], defense=spec["defense"], attack=spec["attack"], damage=spec["damage"])
        else:
            b = data.boss(m["type"])
            e.update(health=m["health"], max_health=m["max_health"],
                     defense=b["defense"] + data.boss_armor(b),
                     defense_counters=m["defense_counters"],
                     counters={data.card_name(k): v for k, v in m["counters"].items() if v},
                     deck=len(p[f"{m['id']}:draw"]), discard=len(p[f"{m['id']}:discard"]),
                     expended=len(p[f"{m['id']}:expended"]),
                     hand_count=len(p[f"{m['id']}:hand"]),
                     hand=(list(p[f"{m['id']}:hand"]) if mt is not None and mt["actor"] == m["id"] else None))
        monsters.append(e)
    return {
        "phase": state["phase"], "outcome": state["outcome"], "round": state["round"],
        "zone": {"id": zid, "name": zone["name"], "number": state["zone_index"] + 1,
                 "of": len(state["options"]["zones"])},
        "arenas": arenas, "links": links, "heroes": heroes, "monsters": monsters,
        "tableau": [{"id": s, "name": data.STACK_NAMES[s], "left": len(p[f"tableau:{s}"]),
                     "text": data.tableau()[s]["text"]} for s in data.STACKS],
        "order": [{"id": a, "name": hero(state, a)["name"] if a.startswith("h") else monster(state, a)["name"],
                   "out": (hero(state, a)["down"] if a.startswith("h") else monster(state, a)["dead"])}
                  for a in state["order"]],
        "acting": acting,
        "turn": None if t is None else {"mode": t["mode"], "actor": t["actor"], "stack": t["stack"],
                                        "stack_name": data.STACK_NAMES[t["stack"]], "step": t["step"],
                                        "tokens": [data.card_name(c) for c in t["tokens"]],
                                        "attacked": t["attacked"]},
        "pending": _pending(state),
        "guard": _guard(state),
        "gm": bool(state["options"].get("gm")),
        "mturn": None if mt is None else {"actor": mt["actor"], "step": mt["step"], "stack": mt["stack"],
                                          "stack_name": data.STACK_NAMES.get(mt["stack"] or "", ""),
                                          "uses": mt["uses"], "left": mt.get("left", 0),
                                          "card": data.card_name(mt["card"]) if mt["card"] else None},
        "upgrade": _upgrade(state),
        "spoils": (sorted(set(p[f"treasure:{zid}"])) if state["phase"] == "spoils" else []),
        "rolls": list(state["rolls"]),
        "minion_deck": len(p["minion:draw"]), "fatigue": len(p["fatigue"]),
        "actions": [{"action": a, "label": label(state, a)} | _chance(state, a) for a in legal],
        "log": log_tail(state["log"], 20),
    }


def _pending(state: State) -> dict[str, Any] | None:
    att = state["pending"]
    if att is None:
        return None
    h = hero(state, att["target"])
    return {"attacker": monster(state, att["attacker"])["name"], "target": h["name"],
            "to_hit": att["to_hit"], "weapon": att["weapon"], "counters": h["defense_counters"],
            "defense": h["stats"]["defense"] + armor_bonus(state, h["id"])}


def _guard(state: State) -> dict[str, Any] | None:
    g = state["guard"]
    if not g:
        return None
    from .turn import guard_values
    m = monster(state, g["target"])
    return {"attacker": hero(state, g["hero"])["name"], "target": m["name"], "to_hit": g["to_hit"],
            "weapon": data.card_name(g["gear"]), "counters": m["defense_counters"],
            "defense": guard_values(state, g, 0)[0]}


def _upgrade(state: State) -> dict[str, Any] | None:
    if state["phase"] != "upgrade":
        return None
    h = hero(state, state["upgrade_left"][0])
    up = data.upgrade()
    return {"hero": h["name"], "xp": h["xp"], "card_cost": up["card_cost"], "practise_cost": up["practise_cost"]}


def _chance(state: State, a: dict[str, Any]) -> dict[str, Any]:
    """The exact chance, for attack buttons (a hero's attack counts: it hits and gets
    through the target's damage resistance) and for the defense choices (a hit)."""
    t = state["turn"]
    if a["type"] == "attack" and t is not None:
        from .turn import attack_mods, guard_chance, guard_values, hero_to_hit, planned_spend
        hv, _n = hero_to_hit(hero(state, t["actor"]), a["gear"], attack_mods(t))
        guard = {"hero": t["actor"], "gear": a["gear"], "target": a["target"], "to_hit": hv}
        spent = planned_spend(state, a["target"], hv)
        dv = guard_values(state, guard, spent or 0)[0]
        out: dict[str, Any] = {"chance": f"{round(100 * guard_chance(state, guard, spent or 0))}%",
                               "to_hit": hv, "against": dv}
        if spent:
            out["chance"] += f" (the boss spends {spent} defense counter{'s' if spent != 1 else ''})"
        elif spent is None:  # a Game Master chooses: both ends, labelled
            n = monster(state, a["target"])["defense_counters"]
            worst = guard_chance(state, guard, n)
            out["chance"] += f", {round(100 * worst)}% if the GM spends all {n} defense counters"
        return out
    if a["type"] == "gm_attack" and state["mturn"] is not None:
        from .monsters import attack_preview
        hv = attack_preview(state, a)
        h = hero(state, a["target"])
        dv = h["stats"]["defense"] + armor_bonus(state, h["id"])
        return {"chance": f"{round(100 * combat.hit_chance(hv, dv))}%", "to_hit": hv, "against": dv}
    if a["type"] == "gm_spend" and state["guard"]:
        from .turn import guard_chance
        return {"chance": f"{round(100 * guard_chance(state, state['guard'], a['n']))}%"}
    if a["type"] == "spend" and state["pending"] is not None:
        pend = _pending(state)
        assert pend is not None
        dv = pend["defense"] + 2 * a["n"]
        return {"chance": f"{round(100 * combat.hit_chance(pend['to_hit'], dv))}%"}
    return {}


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def _upgrade_label(state: State, a: dict[str, Any]) -> str:
    """A purchase in a player's words: its price and the card it adds to the deck."""
    name = data.card_name(a["card"])
    if a["what"] == "learn":
        return f"Learn {name} ({data.upgrade()['card_cost']} experience): a new card in your deck"
    h = hero(state, a["hero"])
    held = held_cards(state, h).count(a["card"])
    nth = f"a {ORDINALS[held]}" if held < len(ORDINALS) else "another"
    latent = state["piles"][f"{h['id']}:latent"].count(a["card"])
    where = (" (counting your latent one)" if latent == 1 else f" (counting your {latent} latent ones)") if latent else " in your deck"
    return f"Practise {name} ({data.upgrade()['practise_cost']} experience): {nth} {name}{where}"


GM_PLAIN = {"gm_armor": "Add a defense counter to its armor", "gm_draw3": "Draw 3 cards",
            "gm_heal2": "Restore 2 health", "gm_skip": "Let this card go unused",
            "gm_expend": "Expend up to 3 cards from the hand", "gm_expend_done": "Stop expending"}


def _gm_label(state: State, a: dict[str, Any]) -> str:
    k = a["type"]
    mt = state["mturn"]
    if k == "gm_stack":
        left = len(state["piles"][f"tableau:{a['stack']}"])
        return f"Take {data.STACK_NAMES[a['stack']]}" + ("" if left else " (empty)")
    if k == "gm_play":
        return f"Play {data.STACK_NAMES[a['card']]} from the hand"
    if k == "gm_spend":
        return f"Spend {a['n']} defense counter{'s' if a['n'] != 1 else ''}"
    if k == "gm_go":
        return "Use the cards"
    if k == "gm_attack":
        with_gear = f" with {data.card_name(a['gear'])}" if "gear" in a else ""
        return f"Attack {hero(state, a['target'])['name']}{with_gear} (before defense counters)"
    if k == "gm_expend_card":
        return f"Expend {data.card_name(a['card'])} for this battle"
    if k == "gm_counter":
        return f"Add a counter to {data.card_name(a['gear'])}"
    if k in GM_PLAIN:
        return GM_PLAIN[k]
    if k == "gm_move":
        from .turn import arena_name
        m = monster(state, mt["actor"])
        engaged = [h["name"] for h in state["heroes"] if not h["down"] and h["arena"] == m["arena"]]
        return (f"Retreat to {arena_name(state, a['to'])} ({', '.join(engaged)}: a parting reaction)"
                if engaged else f"Move to {arena_name(state, a['to'])}")
    return "Wait"


def label(state: State, a: dict[str, Any]) -> str:
    k = a["type"]
    n = data.card_name
    if k == "take":
        return f"Take {data.STACK_NAMES[a['stack']]}"
    if k == "attack":
        return f"Attack {monster(state, a['target'])['name']} with {n(a['gear'])}"
    if k == "play":
        return f"Play {n(a['card'])}"
    if k == "counter":
        card = state["turn"]["tokens"][0] if state["turn"] and state["turn"]["tokens"] else ""
        amt = data.abilities()[card]["amount"] if card in data.abilities() else 1
        return f"Add {amt} counter{'s' if amt > 1 else ''} to {n(a['gear'])}"
    if k == "retreat":
        from .turn import arena_name
        return f"Move to {arena_name(state, a['to']) if revealed(state, a['to']) else 'an unexplored arena'}"
    if k == "expend_card":
        return f"Expend {n(a['card'])}"
    if k == "latent":
        return f"Ready {n(a['card'])} (into the discard pile)"
    if k == "power":
        pw = data.powers()[a["power"]]["name"]
        return f"{pw} on {n(a['gear'])}" if "gear" in a else f"Activate {pw}"
    if k == "equip":
        return (f"Equip {n(a['gear'])}" + (" from your hand" if a.get("from") == "hand" else "")
                + (f" in place of {n(a['swap'])}" if "swap" in a else ""))
    if k == "heal":
        return f"Heal {hero(state, a['target'])['name']}"
    if k == "spend":
        return f"Spend {a['n']} defense counter{'s' if a['n'] != 1 else ''}"
    if k == "pick":
        return f"{hero(state, a['hero'])['name']} takes {n(a['card'])}"
    if k == "upgrade":
        return _upgrade_label(state, a)
    if k == "upgrade_done":
        return "Done: keep the rest"
    if k == "done" and state["turn"] and not state["turn"]["played"]:
        return "Pass: no card, no draw"
    if k.startswith("gm_"):
        return _gm_label(state, a)
    return {"armor": "Add a defense counter to your armor", "draw3": "Draw 3 cards",
            "expend": "Expend up to 3 cards", "heal2": "Restore 2 battle health",
            "heal_all": "Heal everyone in this arena", "skip": "Let this card go unused",
            "end": "End the turn (draw a card)", "done": "Done with Synergy",
            "synergy_draw": "Draw a card instead", "expend_done": "Stop expending"}.get(k, k)
