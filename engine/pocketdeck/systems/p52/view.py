"""What the player (a hot-seat party on one phone) may see: everything on the table, but
not the order of any deck, not the face-down Stamina cards (a count only), and not the
cards of spots nobody has revealed."""

from __future__ import annotations

from typing import Any

from ...core.odds import as_percent
from ...core.views import log_tail
from . import board, data
from .actions import active_char, reachable
from .combat import hit_chance
from .defence import defence_summary
from .common import (char, char_initiative, char_movement, enemy, is_char_id, is_enemy_id,
                     stamina_count)
from .maths import CORE, level_threshold

State = dict[str, Any]
LOG_TAIL = 14


def build_view(game: Any, state: State, seat: str) -> dict[str, Any]:
    legal = game.legal_actions(state)
    room = state.get("room")
    active = active_char(state)
    v: dict[str, Any] = {
        "system": "p52", "title": "P52", "seat": seat, "phase": state["phase"],
        "over": state["phase"] == "over", "outcome": state.get("outcome"),
        "quest": _quest(state), "step": state["queue"][0] if state["queue"] else None,
        "decks": {"action": len(state["piles"]["action"]),
                  "action_discard": len(state["piles"]["action_discard"]),
                  "room": len(state["piles"]["room"]), "enemy": len(state["piles"]["enemy"]),
                  "action_discard_top": (state["piles"]["action_discard"] or [None])[-1]},
        "characters": [_char(state, c) for c in state["chars"]],
        "room": _room(state) if room else (_placing(state) if state.get("placing") else None),
        "enemies": [_enemy(state, e) for e in room["enemies"]] if room else [],
        "active": active["id"] if active else None,
        "pending": _pending(state),
        "turn": _turn(state),
        "reachable": sorted(reachable(state, active)) if active and room else [],
        "actions": [_entry(state, a) for a in legal],
        "log": log_tail(state["log"], LOG_TAIL),
    }
    return v


def _quest(state: State) -> dict[str, Any]:
    q = state["quest"]
    keys = sum(c["items"].count("key") for c in state["chars"])
    if q["kind"] == "survival":
        progress = f"room {q['rooms_entered']} of {q['rooms_total']}"
    elif q["kind"] == "trapped":
        progress = f"{keys} of 2 keys" + ("; this is the last room" if q["last_room"] else "")
    elif q["kind"] == "treasure":
        progress = (f"lantern found; {q['return_left']} more room(s) after this one" if q["found"]
                    else f"searching, room {q['rooms_entered']}")
    elif q["kind"] == "big_boss":
        progress = ["find the Minor Boss", "find the Major Boss", "both bosses beaten"][q["boss_stage"]]
    else:
        progress = "not chosen yet"
    return {"kind": q["kind"], "name": q["name"], "env": q["env"],
            "day": q["day"] if q["env"] == "outside" else None, "rooms_entered": q["rooms_entered"],
            "keys": keys, "progress": progress, "result": q["done"]}


def _char(state: State, c: dict[str, Any]) -> dict[str, Any]:
    quirk = None
    if c["quirk"]:
        q = data.quirks()[c["quirk"]]
        quirk = {"name": q["name"], "bonus": q["bonus"], "penalty": q["penalty"]}
    elif c["custom_quirk"]:
        quirk = dict(c["custom_quirk"])
    return {
        "id": c["id"], "name": c["name"], "race": c["race"], "class": c["class"], "quirk": quirk,
        "level": c["level"], "exp": c["exp"], "next_level": level_threshold(c["level"]),
        "core": {k: c["core"][k] for k in CORE}, "hp": c["hp"], "max_hp": c["max_hp"],
        "status": c["status"], "movement": char_movement(state, c) if c["race"] else 0,
        "initiative": char_initiative(c),
        "abilities": [{"id": a, "name": data.ability(a)["name"], "level": lv,
                       "kind": data.ability(a)["kind"]} for a, lv in sorted(c["abilities"].items())],
        "items": [{"id": i, "name": data.item(i)["name"], "text": data.item(i)["text"]} for i in c["items"]],
        "equipped": {s: {"id": i, "name": data.item(i)["name"]} for s, i in sorted(c["equipped"].items())},
        "stamina": stamina_count(state, c["id"]), "aim": c["aim"], "stance": c["stance"],
        "pos": c["pos"], "extra_turns": c["extra"],
    }


def _room(state: State) -> dict[str, Any]:
    from .room import exit_open
    room = state["room"]
    grid: list[list[int | None]] = [[None] * room["w"] for _ in range(room["h"])]
    spots = []
    for i, s in enumerate(room["spots"]):
        grid[s["y"]][s["x"]] = i
        occ = [c["id"] for c in state["chars"] if c["pos"] == i]
        occ += [e["id"] for e in room["enemies"] if e["pos"] == i]
        rev = s["rev"]
        spots.append({"id": i, "x": s["x"], "y": s["y"], "revealed": rev,
                      "card": s["card"] if rev else None, "kind": s["kind"] if rev else "unknown",
                      "chest": s.get("chest") if rev else None,
                      "items": [data.item(x)["name"] for x in s.get("items", ())] if rev else [],
                      "occupants": occ, "entrance": i == 0, "exit": i == room["exit"]})
    return {"n": room["n"], "w": room["w"], "h": room["h"], "lit": room["lit"], "grid": grid,
            "spots": spots, "exit": room["exit"], "exit_open": exit_open(state),
            "barricaded": room["barricaded"], "leaving": state["leaving"]}


def _placing(state: State) -> dict[str, Any]:
    """Room/Space Layout by the player: the spots laid so far (face down) and the cells
    where the next may go, on one grid (x, y >= 0) that covers both. Each candidate
    carries its ``place`` action (whose x, y count from the entrance at (0, 0))."""
    pl = state["placing"]
    cells = [(x, y) for x, y in pl["cells"]]
    open_ = sorted(board.frontier(cells, bounded=False), key=lambda c: (c[1], c[0]))
    every = cells + open_
    minx = min(x for x, _ in every)
    miny = min(y for _, y in every)
    w = max(x for x, _ in every) - minx + 1
    h = max(y for _, y in every) - miny + 1
    grid: list[list[int | None]] = [[None] * w for _ in range(h)]
    spots = []
    for i, (x, y) in enumerate(cells):
        grid[y - miny][x - minx] = i
        spots.append({"id": i, "x": x - minx, "y": y - miny, "revealed": False, "card": None,
                      "kind": "unknown", "chest": None, "items": [], "occupants": [],
                      "entrance": i == 0, "exit": False})
    candidates = [{"x": x - minx, "y": y - miny, "action": {"type": "place", "x": x, "y": y}}
                  for x, y in open_]
    return {"n": state["quest"]["rooms_entered"] + 1, "w": w, "h": h, "lit": pl["lit"],
            "grid": grid, "spots": spots, "exit": None, "exit_open": False, "barricaded": False,
            "leaving": False,
            "placing": {"size": pl["size"], "placed": len(cells), "left": pl["size"] - len(cells),
                        "candidates": candidates}}


def _enemy(state: State, e: dict[str, Any]) -> dict[str, Any]:
    return {"id": e["id"], "name": e["name"], "label": enemy_label(state, e), "card": e["card"], "kind": e["kind"], "boss": e["boss"],
            "hp": e["hp"], "max_hp": e["max_hp"], "pos": e["pos"], "frozen": e["frozen"],
            "initiative": e["init"], "move": e["move"]}


def _pending(state: State) -> dict[str, Any] | None:
    p = state.get("pending")
    if not p:
        return None
    e = enemy(state, p["enemy"]) if p.get("enemy") else None
    return {"kind": p["kind"], "char": p["char"], "enemy": p.get("enemy"),
            "enemy_name": enemy_label(state, e) if e else None, "damage": p.get("damage"),
            "attack_type": p.get("rtype"),
            "items": [data.item(i)["name"] for i in p.get("items", ())]}


def _turn(state: State) -> dict[str, Any] | None:
    t = state.get("turn")
    if not t:
        return None
    names = []
    for u in t["order"]:
        if u.startswith("c"):
            names.append({"id": u, "name": char(state, u)["name"]})
        else:
            e = enemy(state, u)
            names.append({"id": u, "name": enemy_label(state, e, where=False) if e else "(gone)"})
    return {"round": t["round"], "order": names, "index": t["i"], "moved": t["moved"],
            "acted": t["acted"]}


def _entry(state: State, a: dict[str, Any]) -> dict[str, Any]:
    out = {"action": a, "label": label(state, a)}
    if a["type"] in ("attack", "counter") and a.get("ability"):
        target = a.get("target") or (state["pending"] or {}).get("enemy")
        if target and (a["type"] == "counter" or data.ability(a["ability"])["kind"] in ("attack", "finisher", "blast")):
            out["chance"] = as_percent(hit_chance(state, a["char"], target, a["ability"], a["stamina"]))
    if a["type"] == "defend":  # issue 50: what each answer leaves, before the flip
        out["defence"] = defence_summary(state, a["char"], a["ability"], a["stamina"])
    return out


def enemy_label(state: State, e: dict[str, Any], where: bool = True) -> str:
    """An enemy's name; with others of the same name in the room, numbered (in the order
    they came) and placed by row and column of the room as drawn (from the top left), so
    three Skulkers' buttons say which is which: "Skulker 2 (row 1, column 3)"."""
    same = [x["id"] for x in state["room"]["enemies"] if x["name"] == e["name"]] if state.get("room") else []
    if len(same) < 2:
        return e["name"]
    n = sorted(same, key=lambda u: int(u[1:])).index(e["id"]) + 1
    if not where:
        return f"{e['name']} {n}"
    s = state["room"]["spots"][e["pos"]]
    return f"{e['name']} {n} (row {s['y'] + 1}, column {s['x'] + 1})"


def _who(state: State, uid: Any) -> str:
    if isinstance(uid, int):
        return f"spot {uid}"
    if not is_char_id(uid) and not is_enemy_id(uid):
        return data.ability(uid)["name"] if uid in data.abilities() else str(uid)
    if is_char_id(uid):
        return char(state, uid)["name"] or "the new character"
    e = enemy(state, uid)
    return enemy_label(state, e) if e else uid


def _from_entrance(a: dict[str, Any]) -> str:
    x, y = a["x"], a["y"]
    parts = [f"{abs(x)} {'left' if x < 0 else 'right'}"] if x else []
    if y:
        parts.append(f"{-y} up")
    return (", ".join(parts) or "on the entrance") + " from the entrance"


def label(state: State, a: dict[str, Any]) -> str:
    t = a["type"]
    st = " (play Stamina)" if a.get("stamina") else ""
    if t == "race":
        return f"Race: {data.races()[a['race']]['name']}"
    if t == "class":
        return f"Class: {data.classes()[a['class']]['name']}"
    if t == "quirk":
        q = a["quirk"]
        if q is None:
            return "No quirk"
        if q.startswith("custom:"):
            return f"Quirk: {state['options']['quirks'][int(q.split(':')[1])]['name']}"
        return f"Quirk: {data.quirks()[q]['name']}"
    if t == "add_point":
        return f"+1 {a['attr']}"
    if t in ("learn", "train", "raise"):
        verb = {"learn": "Learn", "train": "+1 level:", "raise": "Spend exp on"}[t]
        return f"{verb} {data.ability(a['ability'])['name']}"
    if t == "name":
        return f"Name: {a['name']}"
    if t == "quest":
        if a["quest"] == "yours":
            return f"Your quest: {state['options']['quest']['name']}"
        return "Flip for the quest" if a["quest"] == "flip" else f"Quest: {data.quests()[a['quest']]['name']}"
    if t == "env":
        return "Flip for inside/outside" if a["env"] == "flip" else a["env"].capitalize()
    if t == "start_item":
        return f"Take {data.item(a['item'])['name']}"
    if t == "attr":
        return f"+1 {a['attr']}"
    if t == "done":
        return "Done"
    if t == "place":
        return f"Place spot {len(state['placing']['cells']) + 1} of {state['placing']['size']}: {_from_entrance(a)}"
    if t == "place_rest":
        return "Let the app place the rest"
    if t == "move":
        s = state["room"]["spots"][a["to"]]
        return f"Move to ({s['x']},{s['y']})"
    if t == "attack":
        tgt = _who(state, a["target"]) if a["target"] else "everyone in reach"
        return f"{data.ability(a['ability'])['name']} at {tgt}{st}"
    if t == "ability":
        tgt = f" on {_who(state, a['target'])}" if a["target"] else ""
        return f"{data.ability(a['ability'])['name']}{tgt}{st}"
    if t == "aim":
        return f"Aim at {_who(state, a['target'])}"
    if t == "stance":
        return "Defensive stance"
    if t == "use":
        tgt = a["target"]
        where = ""
        if is_char_id(tgt) or is_enemy_id(tgt):
            where = f" on {_who(state, tgt)}"
        elif isinstance(tgt, str):
            where = f" ({_who(state, tgt)})"
        elif isinstance(tgt, int):
            where = f" at spot {tgt}"
        if a.get("ability"):
            where += f" and {data.ability(a['ability'])['name']}"
        return f"Use {data.item(a['item'])['name']}{where}"
    if t == "open_chest":
        if a["method"] == "smash":
            return f"Attack the chest{st}"
        picks = f" with {a['picks']} Lock Pick(s)" if a["picks"] else ""
        return f"Pick the lock{picks}{st}"
    if t == "give":
        return f"Give {data.item(a['item'])['name']} to {_who(state, a['to'])}"
    if t == "equip":
        return f"Equip {data.item(a['item'])['name']} ({a['slot']})"
    if t == "unequip":
        return f"Unequip {a['slot']}"
    if t == "take":
        return f"Pick up {data.item(a['item'])['name']}"
    if t == "take_from":
        return f"Take {data.item(a['item'])['name']} from {_who(state, a['from'])}"
    if t == "keep":
        return f"Keep {data.item(a['item'])['name']}"
    if t == "leave_item":
        return f"Leave {data.item(a['item'])['name']} on the spot"
    if t == "end_turn" and state.get("turn") and not state["turn"]["moved"]:
        return "End turn (no Stamina card after trading or equipping)"
    if t == "flee":
        s = state["room"]["spots"][a["to"]]
        return f"It runs to ({s['x']},{s['y']})"
    if t == "defend":
        if a["ability"] is None:
            return "Take the hit"
        trained = a["ability"] in char(state, a["char"])["abilities"]
        return f"Defend: {data.ability(a['ability'])['name']}{'' if trained else ' (untrained, +3)'}{st}"
    if t == "counter":
        return "No counter attack" if a["ability"] is None else f"Counter: {data.ability(a['ability'])['name']}{st}"
    return {"rest": "Do nothing (+1 Stamina)", "wait": "Wait (let the next one go first)",
            "end_turn": "End turn", "leave": "Leave the room", "rush": "Three turns in a row (quirk)"}.get(t, t)
