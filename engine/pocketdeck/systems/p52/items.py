"""Chests and Items: opening chests, the item flip, receiving and using items.

Opening Chests: Lock Pick (meet its target; Ace breaks the lock, King two items; Lock
Pick items stand in for the ability or add +2 each when trained, and are used up on a
failure). Attacking a Chest: Think/3 + flip, 10+ opens, 3 or less destroys, King two
items, Ace explodes for 2 x AvgLv. Revealing the Item: two cards summed; same suit adds a
Lock Pick.
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from . import board, data
from .combat import ability_target, enemies_on, hurt_char, damage_enemy
from .common import (avg_level, bump, char, chest_items, draw_stamina, flip, log, play_stamina)
from .maths import chest_smash, defence_succeeds, over, suit, value

State = dict[str, Any]
HEAL_KINDS = ("heal", "revive", "full_heal")


def receive(state: State, c: dict[str, Any], iid: str, rng: Rng) -> None:
    """Put an item in the inventory; bundles unpack, traps spring on the opener."""
    it = data.item(iid)
    if it["kind"] == "bundle":
        c["items"].extend([it["gives"]] * it["count"])
    elif it["kind"] == "booby_trap":
        f = flip(state, rng)
        dmg = value(f) // 2
        log(state, f"A booby trap! Flip {f}: {c['name']} takes {dmg} damage (no defence).")
        hurt_char(state, c, dmg, rng)
    elif it["kind"] == "old_trap":
        c["skip"] += 1
        log(state, f"An old trap snaps shut: {c['name']} loses their next turn.")
    else:
        c["items"].append(iid)


def find(state: State, c: dict[str, Any], iid: str, rng: Rng) -> None:
    """An item found in a chest (or snatched): traps spring and bundles unpack at once;
    anything else waits for the player's decision to keep it or leave it on the spot."""
    if data.item(iid)["kind"] in ("bundle", "booby_trap", "old_trap") or c["status"] == "dead":
        if c["status"] == "dead":
            state["room"]["spots"][c["pos"]].setdefault("items", []).append(iid)
        else:
            receive(state, c, iid, rng)
        return
    pend = state.get("pending")
    if pend and pend["kind"] == "found" and pend["char"] == c["id"]:
        pend["items"].append(iid)
    else:
        state["pending"] = {"kind": "found", "char": c["id"], "items": [iid]}


def resolve_found(state: State, c: dict[str, Any], iid: str, keep: bool) -> None:
    """Keep the first found item, or leave it lying on the spot (picked up later with
    ``take``)."""
    pend = state["pending"]
    pend["items"].remove(iid)
    if not pend["items"]:
        state["pending"] = None
    name = data.item(iid)["name"]
    if keep and c["status"] != "dead":
        c["items"].append(iid)
        log(state, f"{c['name']} keeps {name}.")
    else:
        state["room"]["spots"][c["pos"]].setdefault("items", []).append(iid)
        log(state, f"{c['name']} leaves {name} on the spot.")


def open_chest(state: State, c: dict[str, Any], method: str, picks: int, use_stamina: bool,
               rng: Rng) -> None:
    spot = state["room"]["spots"][c["pos"]]
    s = play_stamina(state, c["id"]) if use_stamina else 0
    f = flip(state, rng)
    fv = value(f)
    count = 0
    add = 0
    if method == "pick":
        trained = "lock_pick" in c["abilities"]
        if trained:
            tgt = ability_target(state, c, "lock_pick", 0, c["pos"])
        else:
            tgt = ability_target(state, c, "lock_pick", 0, c["pos"]) + \
                (c["abilities"].get("lock_pick", 1) - picks)  # untrained: aLv = picks used
        total = fv + s + (2 * picks if trained else 0)
        if fv == 1:
            spot["chest"] = "broken"
            _use_picks(c, picks)
            log(state, f"{c['name']} flips an Ace picking the lock: the lock breaks.")
            return
        if fv == 13 or defence_succeeds(total, tgt):
            count = 2 if fv == 13 else 1
            add = over(total, tgt) if trained else 0
            bump(c, "picked")
            log(state, f"{c['name']} picks the lock: {f}{f' + {s}' if s else ''}"
                       f"{f' + {2 * picks} picks' if trained and picks else ''} = {total} vs {tgt}"
                       f"{'; King: two items' if fv == 13 else ''}.")
        else:
            _use_picks(c, picks)
            log(state, f"{c['name']} fails to pick the lock ({total} vs {tgt})"
                       f"{'; the picks are used up' if picks else ''}.")
            return
    else:
        result = chest_smash(fv, c["core"]["Think"], s)
        if result == "explodes":
            dmg = 2 * avg_level(state)
            spot["chest"] = "gone"
            log(state, f"{c['name']} strikes the chest and flips an Ace: it explodes for {dmg} damage.")
            hurt_char(state, c, dmg, rng)
            return
        if result == "destroyed":
            spot["chest"] = "gone"
            log(state, f"{c['name']} smashes the chest to splinters (flip {f}): its contents are lost.")
            return
        if result == "shut":
            log(state, f"{c['name']} batters the chest (flip {f}); it holds.")
            return
        count = 2 if result == "two" else 1
        bump(c, "smashed")
        log(state, f"{c['name']} breaks the chest open (flip {f}){': two items' if count == 2 else ''}.")
    spot["chest"] = "open"
    if spot["kind"] == "special_chest":
        _special(state, c, rng)
        return
    for _ in range(count):
        for iid in chest_items(state, rng, add):
            find(state, c, iid, rng)


def _use_picks(c: dict[str, Any], n: int) -> None:
    for _ in range(n):
        c["items"].remove("lock_pick")


def _special(state: State, c: dict[str, Any], rng: Rng) -> None:
    """Treasure Hunt: a flip of 6 or lower means the treasure is a fake."""
    q = state["quest"]
    f = flip(state, rng)
    if value(f) <= 6:
        log(state, f"Inside the special chest, flip {f}: a clever fake. The search goes on.")
        return
    c["items"].append("relic")
    q["found"] = True
    q["return_left"] = q["rooms_entered"] - 1
    log(state, f"Flip {f}: the true {data.item('relic')['name']}! Now carry it back through "
               f"{q['return_left']} more room(s) after this one.")


def pick_options(c: dict[str, Any]) -> list[int]:
    """Opening Chests: any number of the Lock Picks held ("if you use 3 Lock Picks, it is
    as if you had a 3"; the book sets no maximum: the cap of 3 went in the review of
    2026-11-26)."""
    n = c["items"].count("lock_pick")
    if "lock_pick" in c["abilities"]:
        return list(range(0, n + 1))
    return list(range(1, n + 1))


# -- using items ----------------------------------------------------------------------------------
def throw_range(c: dict[str, Any]) -> int:
    return max(2, c["core"]["Lift"] // 3 + 1)


# items used on oneself (Player Deaths: a stunned character may "use items on themselves (and
# only themselves)"): the Invisibility Cloak, the Weapon Tuner, the Training Manual and the
# Magic Tome act on their user; a light lights the room and thrown fire or ice hit foes
SELF_KINDS = ("cloak", "tuner", "manual", "tome")


def use_options(state: State, c: dict[str, Any]) -> list[dict[str, Any]]:
    """Every way each carried item may be used now (targets and choices spelled out)."""
    out: list[dict[str, Any]] = []
    stunned = c["status"] == "stunned"
    room = state["room"]
    seen: set[str] = set()
    for iid in c["items"]:
        if iid in seen:
            continue
        seen.add(iid)
        it = data.item(iid)
        k = it["kind"]
        base = {"type": "use", "char": c["id"], "item": iid}
        if k in HEAL_KINDS or k in ("stamina", "adrenaline"):
            for o in state["chars"]:
                if o is not c and (stunned or not it.get("others") or o["pos"] != c["pos"]):
                    continue
                if k in ("revive",) and o["status"] != "dead":
                    continue
                if k == "heal" and (o["status"] == "dead" or o["hp"] >= o["max_hp"]):
                    continue
                if k == "full_heal" and o["status"] != "dead" and o["hp"] >= o["max_hp"]:
                    continue
                if k in ("stamina", "adrenaline") and o["status"] == "dead":
                    continue
                out.append({**base, "target": o["id"]})
        elif stunned and k not in SELF_KINDS:
            continue     # Player Deaths: stunned, items on themselves only
        elif k == "light" and not room["lit"]:
            out.append({**base, "target": None})
        elif k in ("fire", "ice"):
            spots = room["spots"]
            targets = sorted({e["pos"] for e in room["enemies"]
                              if board.in_range(spots, c["pos"], e["pos"], throw_range(c), room["geo"])})
            out.extend({**base, "target": t} for t in targets)
        elif k == "cloak" and c["id"] not in room["cloak_used"]:
            out.append({**base, "target": c["id"]})
        elif k == "tuner":
            out.extend({**base, "target": a} for a in sorted(c["abilities"]))
        elif k == "manual":
            for attr in ("Lift", "Move"):  # the player chooses the ability it raises too
                using = [a for a in sorted(c["abilities"]) if attr in data.ability(a)["prereq"]]
                out.extend({**base, "target": attr, "ability": a} for a in (using or [None]))
        elif k == "tome":
            out.append({**base, "target": None})
    return out


def use_item(state: State, c: dict[str, Any], iid: str, target: Any, rng: Rng,
             ability: str | None = None) -> None:
    it = data.item(iid)
    k = it["kind"]
    c["items"].remove(iid)
    room = state["room"]
    if k == "heal":
        o = char(state, target)
        gain = it["per_level"] * o["level"]
        o["hp"] = min(o["max_hp"], o["hp"] + gain)
        _wake(o)
        log(state, f"{c['name']} uses {it['name']} on {o['name']}: HP {o['hp']}/{o['max_hp']}.")
    elif k == "revive":
        o = char(state, target)
        o["hp"] = min(o["max_hp"], it["per_level"] * o["level"])
        o["status"] = "ok"
        log(state, f"{c['name']} uses {it['name']}: {o['name']} rises with {o['hp']} HP.")
    elif k == "full_heal":
        o = char(state, target)
        o["hp"] = o["max_hp"] if o["status"] != "dead" else o["max_hp"] * 2 // 3
        o["status"] = "ok" if o["hp"] > 0 else o["status"]
        log(state, f"{c['name']} uses {it['name']} on {o['name']}: HP {o['hp']}/{o['max_hp']}.")
    elif k == "stamina":
        o = char(state, target)
        got = draw_stamina(state, o["id"], rng, it["count"])
        log(state, f"{o['name']} draws {got} Stamina card(s).")
    elif k == "adrenaline":
        o = char(state, target)
        o["extra"] += it["turns"]
        log(state, f"{o['name']} gets {it['turns']} extra turns.")
    elif k == "light":
        room["lit"] = True
        log(state, f"{c['name']} lights a torch: the room is lit.")
        from .room import reveal_from
        for o in state["chars"]:
            if o["status"] != "dead" and o["pos"] is not None:
                reveal_from(state, o["pos"], rng, by_move=True)
    elif k == "fire":
        f = flip(state, rng)
        for e in list(enemies_on(state, target)):
            dmg = 5 + value(f)
            log(state, f"{c['name']} throws a {it['name']}: flip {f}, {e['name']} takes {dmg}.")
            damage_enemy(state, e, dmg, c, rng)
    elif k == "ice":
        for e in enemies_on(state, target):
            e["frozen"] = True
        log(state, f"{c['name']} throws an {it['name']}: the foes there freeze.")
    elif k == "cloak":
        c["cloak"] = it["rounds"]
        room["cloak_used"].append(c["id"])
        c["items"].append(iid)  # the cloak is kept: once a room, not used up
        log(state, f"{c['name']} vanishes under the cloak for {it['rounds']} rounds.")
    elif k == "tuner":
        c["tuned"][target] = c["tuned"].get(target, 0) + 1
        log(state, f"{c['name']} tunes {data.ability(target)['name']}: target -1.")
    elif k == "manual":
        c["core"][target] += 1
        if ability is not None:
            c["abilities"][ability] += 1
        from .common import refresh
        refresh(c)
        also = f", +1 {data.ability(ability)['name']}" if ability is not None else ""
        log(state, f"{c['name']} studies the manual: +1 {target}{also}.")
    elif k == "tome":
        c["core"]["Think"] += 1
        for a in c["abilities"]:
            if data.ability(a)["rtype"] == "magic":
                c["abilities"][a] += 1
        from .common import refresh
        refresh(c)
        log(state, f"{c['name']} reads the tome: +1 Think and +1 to magic abilities.")


def _wake(o: dict[str, Any]) -> None:
    if o["status"] == "stunned" and o["hp"] > 0:
        o["status"] = "ok"


def equip_options(c: dict[str, Any]) -> list[dict[str, Any]]:
    """Equipping: non-consumables, one per body part (armor: head, body, arms or legs)."""
    out = []
    seen = set()
    for iid in c["items"]:
        if iid in seen:
            continue
        seen.add(iid)
        it = data.item(iid)
        if it["kind"] == "armor":
            slots = [s for s in ("head", "body", "arms", "legs") if s not in c["equipped"]]
        elif it["kind"] in ("gear", "weapon"):
            slots = [it["slot"]] if it["slot"] not in c["equipped"] else []
        else:
            slots = []
        out.extend({"type": "equip", "char": c["id"], "item": iid, "slot": s} for s in slots)
    for s in sorted(c["equipped"]):
        out.append({"type": "unequip", "char": c["id"], "slot": s})
    return out
