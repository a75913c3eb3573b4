"""On Enemies Turn: the four behaviour rules, in order, run by the engine (P52 has no GM).

1. Under a quarter of max HP and able to move: move away from the nearest player, but
   never closer to another; if it cannot, heal 1 HP. (The Major Boss never runs: it heals.)
2. A player in range: attack the weakest (lowest HP, then highest max HP, then at random),
   spreading attacks: an enemy in range of a player already attacked this round and of
   another attacks one not yet attacked, the nearest first, then the weakest.
3. Able to move: move toward the nearest player (ties: the weakest).
4. Otherwise skip the turn and recover 1 HP.
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from . import board
from .combat import enemy_can_attack, sees
from .common import living, log
from .maths import enemy_flees, spot_kind

State = dict[str, Any]


def _heal(state: State, e: dict[str, Any], why: str) -> None:
    if e["hp"] < e["max_hp"]:
        e["hp"] += 1
    log(state, f"{e['name']} {why} and recovers 1 HP ({e['hp']}/{e['max_hp']}).")


def step_cost(state: State):
    """Room/Space Layout, note **: an Obstructed spot costs an enemy 2 movement, face down
    or not (the spot is what its card is; the players just have not turned it yet). Before
    issue 47 a face-down spot cost 1 whatever its card."""
    quest, players = state["quest"]["kind"], len(state["chars"])

    def cost(s: dict[str, Any]) -> int:
        kind = s["kind"] if s["rev"] else spot_kind(s["card"], quest, players)[0]
        return 2 if kind == "obstructed" else 1
    return cost


def _walk(state: State, e: dict[str, Any], route: list[int]) -> None:
    """Move along ``route`` as far as the enemy's Move allows (obstructed spots cost 2,
    face down or not; a first step that costs more than Move takes this turn and the next)."""
    spots = state["room"]["spots"]
    left = e["move"]
    cost_of = step_cost(state)
    for k, j in enumerate(route):
        cost = cost_of(spots[j])
        if cost > left:
            if k == 0:
                e["pos"] = j
                e["skip"] += 1
            break
        left -= cost
        e["pos"] = j


def knows(e: dict[str, Any], c: dict[str, Any]) -> bool:
    """Line of Sight: enemies know where the players are, even out of sight or on a Hidden
    spot; only the invisible (the Invisibility Cloak: "unless you are stealthy") are unknown."""
    return c["status"] != "dead" and c["pos"] is not None and c.get("cloak", 0) <= 0


def flee_to(state: State, eid: str, to: int) -> None:
    """Carry out the players' choice of where a fleeing enemy runs."""
    from .common import enemy
    state["pending"] = None
    e = enemy(state, eid)
    if e is None:
        return
    e["pos"] = to
    log(state, f"{e['name']} flees (the players chose the way: spot {to}).")


def enemy_turn(state: State, e: dict[str, Any], rng: Rng) -> None:
    venom = e.get("poisoned")
    if venom:
        venom[1] -= 1
        if venom[1] <= 0:
            e.pop("poisoned")
        log(state, f"Poison eats at {e['name']}: {venom[0]} damage.")
        from .combat import damage_enemy
        from .common import char
        damage_enemy(state, e, venom[0], char(state, venom[2]), rng)
        if e not in state["room"]["enemies"]:
            return
    if e["skip"]:
        e["skip"] -= 1
        log(state, f"{e['name']} is still on the move (obstructed spot).")
        return
    if e["frozen"]:
        log(state, f"{e['name']} is frozen solid.")
        return
    spots = state["room"]["spots"]
    known = [c for c in living(state) if knows(e, c)]
    seen = [c for c in known if sees(state, e, c)]
    cost_of = step_cost(state)
    dist, prev = board.walk_routes(spots, e["pos"], cost_of)
    # Rule 1: flee under a quarter of max HP
    if enemy_flees(e["hp"], e["max_hp"]):
        if e["boss"] == "major" or e["move"] <= 0 or not known:
            _heal(state, e, "holds its ground" if e["boss"] == "major" else "cowers")
            return
        near = min(known, key=lambda c: (dist[c["pos"]], c["id"]))
        from_p = {c["id"]: board.walk_distances(spots, c["pos"], cost_of) for c in known}
        here = {cid: d[e["pos"]] for cid, d in from_p.items()}
        best: list[int] = []
        far = -1
        for j in range(len(spots)):
            if j == e["pos"] or dist[j] > e["move"]:
                continue
            if from_p[near["id"]][j] <= here[near["id"]]:
                continue
            if any(from_p[cid][j] < here[cid] for cid in from_p):
                continue
            d = from_p[near["id"]][j]
            if d > far:
                best, far = [j], d
            elif d == far:
                best.append(j)
        if not best:
            _heal(state, e, "is cornered")
            return
        if len(best) > 1:
            # "The player(s) may choose the direction if there is a choice": the player
            # it runs from decides among the spots that take it furthest away
            state["pending"] = {"kind": "flee", "char": near["id"], "enemy": e["id"], "to": best}
            log(state, f"{e['name']} turns to flee from {near['name']}: which way?")
            return
        e["pos"] = best[0]
        log(state, f"{e['name']} flees from {near['name']}.")
        return
    # Rule 2: attack the weakest player in range, spreading attacks
    targets = [c for c in seen if enemy_can_attack(state, e, c)]
    if targets:
        hit = state["turn"]["targeted"]
        fresh = [c for c in targets if c["id"] not in hit]
        if fresh and len(fresh) < len(targets):
            # "the second enemy will attack the next player in range distance, and if there
            # is another tie, they will attack the next weakest player": distance first
            pool = fresh
            rank = {c["id"]: (board.manhattan(spots[e["pos"]], spots[c["pos"]]), c["hp"], -c["max_hp"])
                    for c in pool}
        else:
            pool = fresh or targets
            rank = {c["id"]: (0, c["hp"], -c["max_hp"]) for c in pool}
        pool.sort(key=lambda c: rank[c["id"]])
        ties = [c for c in pool if rank[c["id"]] == rank[pool[0]["id"]]]
        c = ties[rng.below(len(ties))] if len(ties) > 1 else ties[0]
        hit.append(c["id"])
        victims = [c]
        if e["boss"] == "major" and board.manhattan(spots[e["pos"]], spots[c["pos"]]) >= 4:
            # the Major Boss's summoned creature strikes every player 4 or more spots away
            victims += [o for o in targets if o is not c
                        and board.manhattan(spots[e["pos"]], spots[o["pos"]]) >= 4]
        for v in reversed(victims):
            state["stack"].append({"f": "enemy_attack", "enemy": e["id"], "char": v["id"],
                                   "passing": False, "counter": False})
        return
    # Rule 3: move toward the nearest player (ties: the weakest). Line of Sight: "the
    # enemies do know you are there", so a player on a Hidden spot is approached too
    if e["move"] > 0 and known:
        reach = [c for c in known if dist[c["pos"]] < 10 ** 6]
        if reach:
            c = min(reach, key=lambda o: (dist[o["pos"]], o["hp"], o["id"]))
            if c["pos"] != e["pos"]:
                route = [c["pos"]]
                while route[-1] in prev and prev[route[-1]] != e["pos"]:
                    route.append(prev[route[-1]])
                route.reverse()
                _walk(state, e, route)
                log(state, f"{e['name']} moves toward {c['name']}.")
                return
    # Rule 4: skip and recover
    _heal(state, e, "waits")
