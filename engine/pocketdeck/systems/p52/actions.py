"""The player's actions in a room: what is legal now, and carrying it out.

On Your Turn: free actions first (trade on the same spot, equip, unequip, pick up), then
one thing: move, attack, use an ability or item, open a chest, aim, take a defensive
stance, wait, or do nothing for a Stamina card. Winged Shoes allow a move and an action;
an item may be used after a move too ("at any time during your turn").
A hit to defend against, or an enemy's Ace to counter, is a decision of its own.
"""

from __future__ import annotations

import heapq
from typing import Any

from ...core.rng import Rng
from . import board, data
from .combat import (attack_options, can_hit, defence_options, defend, enemies_on,
                     ability_target, player_attack, stop_moving)
from .common import (bump, char, char_movement, draw_stamina, enemy, flip, is_char_id, is_enemy_id,
                     living, log, play_stamina,
                     stamina_count, winged)
from .items import equip_options, open_chest, pick_options, use_item, use_options
from .maths import defence_succeeds, over, player_state, value

State = dict[str, Any]
SUPPORT_KINDS = ("heal", "heal_party", "revive", "threaten", "snatch", "poof", "hover", "regen",
                 "freeze", "shield", "poison", "gizmo")


def active_char(state: State) -> dict[str, Any] | None:
    if state["phase"] != "room" or state.get("pending"):
        return None
    t = state["turn"]
    if not t or t["i"] >= len(t["order"]) or t["done"]:
        return None
    uid = t["order"][t["i"]]
    return char(state, uid) if uid.startswith("c") else None


def reachable(state: State, c: dict[str, Any], unlimited: bool = False,
              left: int | None = None) -> dict[int, list[int]]:
    """Player Movement: spots within Movement (no diagonals, revealed obstructed spots
    cost 2); an unrevealed spot ends the route (it is revealed on arrival, and the move
    may then go on with the Movement ``left``). A first step costing more than Movement
    is allowed and takes the next turn too (not when going on with what is left).
    Returns destination -> route."""
    spots = state["room"]["spots"]
    mp = 99 if unlimited else (left if left is not None else char_movement(state, c))
    strict = left is not None
    room = state["room"]
    hazard_spots = {e["pos"] for e in room["enemies"]}

    def hazard(j: int) -> int:
        return (j in hazard_spots) * 3 + (spots[j]["kind"] == "trap")

    start = c["pos"]
    best: dict[int, tuple[int, int]] = {start: (0, 0)}
    prev: dict[int, int] = {}
    heap = [(0, 0, start)]
    while heap:
        cost, hz, i = heapq.heappop(heap)
        if (cost, hz) > best[i] or (i != start and not spots[i]["rev"]):
            continue
        for j in spots[i]["adj"]:
            nc = cost + (2 if spots[j]["rev"] and spots[j]["kind"] == "obstructed" else 1)
            if nc > mp and (i != start or strict):
                continue
            nh = hz + hazard(j)
            if j not in best or (nc, nh) < best[j]:
                best[j] = (nc, nh)
                prev[j] = i
                heapq.heappush(heap, (nc, nh, j))
    out: dict[int, list[int]] = {}
    for j in best:
        if j == start:
            continue
        route = [j]
        while route[-1] in prev and prev[route[-1]] != start:
            route.append(prev[route[-1]])
        route.reverse()
        out[j] = route
    return out


def legal_room(state: State) -> list[dict[str, Any]]:
    pend = state.get("pending")
    if pend:
        return pending_actions(state, pend)
    c = active_char(state)
    if c is None:
        return []
    t = state["turn"]
    cid = c["id"]
    stunned = c["status"] == "stunned"
    acts: list[dict[str, Any]] = []
    spot = state["room"]["spots"][c["pos"]]
    if t["free"] and not stunned:
        seen: set[str] = set()
        for o in living(state):
            if o is c or o["pos"] != c["pos"]:
                continue
            for iid in c["items"]:
                key = iid + o["id"]
                if key not in seen:
                    seen.add(key)
                    acts.append({"type": "give", "char": cid, "item": iid, "to": o["id"]})
            for iid in sorted(set(o["items"])):  # trading goes both ways
                acts.append({"type": "take_from", "char": cid, "item": iid, "from": o["id"]})
        acts.extend(equip_options(c))
        for iid in sorted(set(spot.get("items", ()))):
            acts.append({"type": "take", "char": cid, "item": iid})
        if c.get("quirk") == "restless" and not c["rushed"]:
            acts.append({"type": "rush", "char": cid})
    can_main = not t["acted"] and (not t["moved"] or winged(c))
    moves = []
    if not t["moved"] and not t["acted"]:
        moves = [{"type": "move", "char": cid, "to": j} for j in sorted(reachable(state, c))]
    elif t.get("more", 0) > 0 and not t["acted"]:  # the move goes on after a reveal
        moves = [{"type": "move", "char": cid, "to": j}
                 for j in sorted(reachable(state, c, left=t["more"]))]
    must_move = c.get("quirk") == "restless" and c["idle"] >= 2 and moves
    acts.extend(moves)
    if can_main and not must_move:
        st = [False, True] if stamina_count(state, cid) else [False]
        options = [] if stunned else attack_options(state, c)
        for aid, target in options:
            for s in st:
                acts.append({"type": "attack", "char": cid, "ability": aid, "target": target,
                             "stamina": s})
        for aid, target in support_options(state, c):
            for s in st:
                acts.append({"type": "ability", "char": cid, "ability": aid, "target": target,
                             "stamina": s})
        if not stunned:
            aimable = {t2 for _, t2 in options if t2}
            for e in state["room"]["enemies"]:
                if e["id"] in aimable:
                    acts.append({"type": "aim", "char": cid, "target": e["id"]})
            acts.append({"type": "stance", "char": cid})
        acts.extend(use_options(state, c))
        if not stunned and spot.get("chest") in ("locked", "broken"):
            if spot.get("chest") == "locked":
                for k in pick_options(c):
                    for s in st:
                        acts.append({"type": "open_chest", "char": cid, "method": "pick",
                                     "picks": k, "stamina": s})
            for s in st:
                acts.append({"type": "open_chest", "char": cid, "method": "smash", "picks": 0,
                             "stamina": s})
    elif t["moved"] and not t["acted"]:
        # Using an Item: "Most items may be used at any time during your turn": after the
        # move too (issue 47; before, a move ended the turn unless Winged Shoes)
        acts.extend(use_options(state, c))
    traded = t.get("traded") == cid
    if not t["moved"] and not t["acted"]:
        if not must_move:
            # On Your Turn: doing nothing earns a Stamina card, but not after trading,
            # equipping or picking up ("no items... nothing"): the turn then just ends
            acts.append({"type": "end_turn" if traded else "rest", "char": cid})
        if t["i"] + 1 < len(t["order"]):
            acts.append({"type": "wait", "char": cid})
    if t["moved"] and not t["acted"]:
        acts.append({"type": "end_turn", "char": cid})
    if not acts:
        acts.append({"type": "end_turn" if traded else "rest", "char": cid})
    return acts


def support_options(state: State, c: dict[str, Any]) -> list[tuple[str, str | None]]:
    out: list[tuple[str, str | None]] = []
    spots = state["room"]["spots"]
    stunned = c["status"] == "stunned"
    for aid in sorted(c["abilities"]):
        ab = data.ability(aid)
        k = ab["kind"]
        if k not in SUPPORT_KINDS or not data.supported(aid):
            continue
        if k == "heal":
            for o in living(state):
                if stunned and o is not c:
                    continue
                if o["hp"] < o["max_hp"] and board.in_range(spots, c["pos"], o["pos"], ab["range"], state["room"]["geo"]):
                    out.append((aid, o["id"]))
        elif k == "regen":
            # Player Deaths: Regeneration heals only its caster, a "healing spell on
            # themselves", so a stunned character may cast it
            if c["hp"] < c["max_hp"] and not c.get("regen"):
                out.append((aid, c["id"]))
        elif stunned:
            continue
        elif k == "heal_party":
            if any(o["hp"] < o["max_hp"] for o in living(state)):
                out.append((aid, None))
        elif k == "revive":
            for o in state["chars"]:
                if o["status"] == "dead" and o["pos"] == c["pos"]:
                    out.append((aid, o["id"]))
        elif k == "threaten":
            if enemies_on(state, c["pos"]):
                out.append((aid, None))
        elif k == "snatch":
            # the Abilities table: "steal 1 item", from any enemy on the spot, a boss too
            # (review 2026-11-26); once per enemy
            out.extend((aid, e["id"]) for e in enemies_on(state, c["pos"]) if not e.get("snatched"))
        elif k == "poof":
            out.extend((aid, j) for j, s in enumerate(spots) if s["rev"] and j != c["pos"])  # type: ignore[misc]
        elif k == "hover":
            out.extend((aid, j) for j in sorted(reachable(state, c, unlimited=True)))  # type: ignore[misc]
        elif k == "poison":
            if not c.get("poison"):
                out.extend((aid, a) for a in sorted(c["abilities"])
                           if data.ability(a)["kind"] in ("attack", "finisher") and data.ability(a).get("weapon"))
        elif k == "gizmo":
            if not c.get("gizmo"):
                out.extend((aid, a) for a in sorted(c["abilities"]) if a != aid)
        elif k in ("freeze", "shield"):
            geo = state["room"]["geo"]
            if k == "freeze":
                where = {e["pos"] for e in state["room"]["enemies"]}
            else:
                where = {o["pos"] for o in living(state)}
            out.extend((aid, j) for j in sorted(where)  # type: ignore[misc]
                       if board.in_range(spots, c["pos"], j, ab["range"], geo))
    return out


def pending_actions(state: State, pend: dict[str, Any]) -> list[dict[str, Any]]:
    """The decision the engine stopped for: a hit to defend, an Ace to counter, a found
    item to keep or leave on its spot (Chests and Items), or where a fleeing enemy runs
    when there is a choice (Determining Enemy Action, rule 1)."""
    c = char(state, pend["char"])
    cid = c["id"]
    if pend["kind"] == "found":
        iid = pend["items"][0]
        return [{"type": "keep", "char": cid, "item": iid},
                {"type": "leave_item", "char": cid, "item": iid}]
    if pend["kind"] == "flee":
        return [{"type": "flee", "char": cid, "enemy": pend["enemy"], "to": j} for j in pend["to"]]
    st = [False, True] if stamina_count(state, cid) else [False]
    if pend["kind"] == "defend":
        acts = [{"type": "defend", "char": cid, "ability": None, "stamina": False}]
        for aid in defence_options(state, c, pend["rtype"]):
            for s in st:
                acts.append({"type": "defend", "char": cid, "ability": aid, "stamina": s})
        return acts
    acts = [{"type": "counter", "char": cid, "ability": None, "stamina": False}]
    e = enemy(state, pend["enemy"])
    if e is not None:
        for aid, target in attack_options(state, c):
            if target == e["id"]:
                for s in st:
                    acts.append({"type": "counter", "char": cid, "ability": aid, "stamina": s})
    return acts


# -- carrying out ------------------------------------------------------------------------------------
def apply_room(state: State, action: dict[str, Any], rng: Rng) -> None:
    kind = action["type"]
    c = char(state, action["char"])
    if kind == "defend":
        defend(state, c, action["ability"], action["stamina"], rng)
        return
    if kind == "counter":
        pend = state["pending"]
        state["pending"] = None  # the key stays: every reader (view, explain) expects it
        if action["ability"] is not None:
            log(state, f"{c['name']} counter-attacks!")
            player_attack(state, c, action["ability"], pend["enemy"], action["stamina"], rng,
                          counter=True)
            if pend["passing"]:
                stop_moving(state, c["id"])
        return
    if kind in ("keep", "leave_item"):
        from .items import resolve_found
        resolve_found(state, c, action["item"], kind == "keep")
        return
    if kind == "flee":
        from .ai import flee_to
        flee_to(state, action["enemy"], action["to"])
        return
    t = state["turn"]
    if kind in ("give", "take_from", "equip", "unequip", "take"):
        t["traded"] = c["id"]
    if kind == "give":
        o = char(state, action["to"])
        c["items"].remove(action["item"])
        o["items"].append(action["item"])
        log(state, f"{c['name']} hands {data.item(action['item'])['name']} to {o['name']}.")
        return
    if kind == "take_from":
        o = char(state, action["from"])
        o["items"].remove(action["item"])
        c["items"].append(action["item"])
        log(state, f"{c['name']} takes {data.item(action['item'])['name']} from {o['name']}.")
        return
    if kind == "equip":
        c["items"].remove(action["item"])
        c["equipped"][action["slot"]] = action["item"]
        log(state, f"{c['name']} equips {data.item(action['item'])['name']} ({action['slot']}).")
        return
    if kind == "unequip":
        iid = c["equipped"].pop(action["slot"])
        c["items"].append(iid)
        log(state, f"{c['name']} takes off {data.item(iid)['name']}.")
        return
    if kind == "take":
        spot = state["room"]["spots"][c["pos"]]
        spot["items"].remove(action["item"])
        log(state, f"{c['name']} picks up {data.item(action['item'])['name']}.")
        # Enemy Items: a dropped item is found "by the same method you would with a chest",
        # so a bundle unpacks and a trap springs when it is picked up (issue 47: a bundle
        # taken from a spot stayed whole, and its record could not be kept)
        from .items import receive
        receive(state, c, action["item"], rng)
        return
    if kind == "rush":
        c["rushed"] = True
        c["extra"] += 2
        log(state, f"{c['name']} can't sit still: three turns in a row.")
        return
    if kind == "wait":
        o = t["order"]
        o[t["i"]], o[t["i"] + 1] = o[t["i"] + 1], o[t["i"]]
        t["free"] = True
        log(state, f"{c['name']} waits.")
        return
    t["free"] = False
    if kind == "move":
        going_on = t["moved"]
        mp = t["more"] if going_on else char_movement(state, c)
        route = reachable(state, c, left=t["more"] if going_on else None)[action["to"]]
        spots = state["room"]["spots"]
        cost = sum(2 if spots[j]["rev"] and spots[j]["kind"] == "obstructed" else 1 for j in route)
        if cost > mp:
            c["skip"] += 1  # an obstructed spot with Movement 1 takes two turns
        c["aim"], c["stance"], c["idle"] = None, 0, 0
        t["moved"] = True
        t["more"] = 0
        state["stack"].append({"f": "move", "char": c["id"], "path": list(route),
                               "left": max(0, mp - cost), "blind": not spots[route[-1]]["rev"]})
        if going_on:  # Passing Attacks: leaving, in the same turn, a spot entered with a foe
            for e in reversed([e for e in state["room"]["enemies"]
                               if e["pos"] == c["pos"] and not e["frozen"]]):
                state["stack"].append({"f": "enemy_attack", "enemy": e["id"], "char": c["id"],
                                       "passing": True, "counter": False})
        if not winged(c):
            t["done"] = True
        return
    if kind == "end_turn":
        t["done"] = True
        return
    # every remaining action is the turn's one action
    t["acted"] = True
    t["done"] = True
    if not t["moved"]:
        c["idle"] += 1
    if kind not in ("aim", "attack"):
        c["aim"] = None  # Aiming: any other action loses the bonus (an attack uses it up)
    if kind != "stance":
        c["stance"] = 0
    if kind == "attack":
        player_attack(state, c, action["ability"], action["target"], action["stamina"], rng)
    elif kind == "ability":
        use_ability(state, c, action["ability"], action["target"], action["stamina"], rng)
    elif kind == "aim":
        old = c["aim"]
        n = old["bonus"] + 1 if old and old["target"] == action["target"] else 1
        c["aim"] = {"target": action["target"], "bonus": min(3, n)}
        log(state, f"{c['name']} aims at {enemy(state, action['target'])['name']} (+{c['aim']['bonus']}).")  # type: ignore[index]
    elif kind == "stance":
        c["stance"] = min(3, c["stance"] + 1)
        log(state, f"{c['name']} takes a defensive stance (+{c['stance']}).")
    elif kind == "use":
        use_item(state, c, action["item"], action["target"], rng, action.get("ability"))
    elif kind == "open_chest":
        open_chest(state, c, action["method"], action["picks"], action["stamina"], rng)
    elif kind == "rest":
        got = draw_stamina(state, c["id"], rng, 1)
        log(state, f"{c['name']} does nothing{' and draws a Stamina card' if got else ''}.")


def use_ability(state: State, c: dict[str, Any], aid: str, target: str | None, use_stamina: bool,
                rng: Rng) -> None:
    """Heal, Healing Glow, Revive, Threaten: meet the target; a success earns +2 exp."""
    ab = data.ability(aid)
    spots = state["room"]["spots"]
    o = char(state, target) if is_char_id(target) else None
    foe = enemy(state, target) if is_enemy_id(target) else None
    if isinstance(target, int):
        dist = board.manhattan(spots[c["pos"]], spots[target])
    elif o is not None and o["pos"] is not None:
        dist = board.manhattan(spots[c["pos"]], spots[o["pos"]])
    else:
        dist = 0
    tgt = ability_target(state, c, aid, dist, c["pos"])
    s = play_stamina(state, c["id"]) if use_stamina else 0
    f = flip(state, rng)
    total = value(f) + s
    # no Ace rule here: the book gives the Ace a meaning on attack flips (Counter Attacks),
    # lock picking and chest attacks only; a support ability meets its target or not
    if not defence_succeeds(total, tgt):
        log(state, f"{c['name']} tries {ab['name']}: {f}{f' + {s}' if s else ''} = {total} vs {tgt}; it fails.")
        return
    by = over(total, tgt)
    names = dict(c["core"])
    names.update({"aLv": c["abilities"][aid], "Over": by, "R": dist, "E": 0})
    from .maths import formula
    amount = formula(ab["damage"], names) if "damage" in ab else 0
    bump(c, "other")
    if ab["kind"] == "heal" and o:
        o["hp"] = min(o["max_hp"], o["hp"] + amount)
        if o["hp"] > 0:
            o["status"] = "ok"
        log(state, f"{c['name']} heals {o['name']} for {amount}: HP {o['hp']}/{o['max_hp']}.")
    elif ab["kind"] == "heal_party":
        for p in living(state):
            p["hp"] = min(p["max_hp"], p["hp"] + amount)
            if p["hp"] > 0:
                p["status"] = "ok"
        log(state, f"{c['name']}'s {ab['name']} mends the party by {amount}.")
    elif ab["kind"] == "revive" and o:
        o["hp"] = min(o["max_hp"], amount)
        o["status"] = player_state(o["hp"])
        log(state, f"{c['name']} revives {o['name']} with {o['hp']} HP.")
    elif ab["kind"] == "threaten":
        for e in list(enemies_on(state, c["pos"])):
            # the Abilities table: "all enemies on the spot flee": a boss too (review
            # 2026-11-26); an enemy that cannot move stays
            if e["move"] <= 0:
                continue
            far = max(spots[c["pos"]]["adj"], key=lambda j: (board.manhattan(spots[j], spots[c["pos"]]), -j))
            e["pos"] = far
            log(state, f"{e['name']} runs from {c['name']}'s threat.")
    elif ab["kind"] == "snatch" and foe is not None:
        from .common import chest_items
        from .items import find
        foe["snatched"] = True
        for iid in chest_items(state, rng, 0):
            find(state, c, iid, rng)
        log(state, f"{c['name']} snatches something from {foe['name']}.")
    elif ab["kind"] in ("poof", "hover"):
        if ab["kind"] == "poof":
            route = [target]
        else:
            # the Abilities table: "move Over spots": an Over of 0 moves none
            route = reachable(state, c, unlimited=True)[target][:by]  # type: ignore[index]
        log(state, f"{c['name']} {'vanishes and reappears' if ab['kind'] == 'poof' else 'floats'} "
                   f"({len(route)} spot(s)), out of reach of passing blows.")
        if route:
            state["stack"].append({"f": "move", "char": c["id"], "path": list(route), "hover": True})
    elif ab["kind"] == "regen":
        c["regen"] = [amount, 3]
        log(state, f"{c['name']} will regain {amount} HP at the end of each of the next 3 turns.")
    elif ab["kind"] == "freeze":
        area = [target] + sorted(spots[target]["adj"],  # type: ignore[index]
                                 key=lambda j: (-len(enemies_on(state, j)), j))[:1]
        for j in area:
            for e in enemies_on(state, j):
                e["frozen"], e["thaw"] = True, 3
        log(state, f"{c['name']}'s {ab['name']} freezes spots {area} for 3 rounds.")
    elif ab["kind"] == "poison":
        c["poison"] = [target, 2 * c["abilities"][aid]]
        log(state, f"{c['name']} coats the {data.ability(target)['name']} weapon with poison.")  # type: ignore[index]
    elif ab["kind"] == "gizmo":
        gain = max(1, by)
        c["abilities"][target] += gain  # type: ignore[index]
        c["gizmo"] = [target, gain]
        log(state, f"{c['name']} tinkers: {data.ability(target)['name']} +{gain} for this quest.")  # type: ignore[index]
    elif ab["kind"] == "shield":
        state["room"].setdefault("shields", {})[str(target)] = [amount, 3]
        log(state, f"{c['name']} raises a {ab['name']} ({amount}) on spot {target} for 3 rounds.")


def can_target(state: State, c: dict[str, Any], aid: str, eid: str) -> bool:
    e = enemy(state, eid)
    return e is not None and can_hit(state, c, aid, e)
