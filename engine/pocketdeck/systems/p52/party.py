"""Character creation, session setup and levelling up: the decisions between rooms.

These phases run off a queue of steps (state["queue"]). The first step decides what the
player may do next; steps with nothing to decide (flips, empty choices) are carried out
by ``settle`` at once. This keeps every choice the book gives the player an action,
and the order of steps the book's order:
- Creating a Character: race, class, (core points tallied), quirk, bonus flip and its
  points, one extra ability, (derived numbers), name.
- Setting Up a Session: quest, environment, Stamina, starting items.
- Leveling Up: attribute bonuses, core points (flip / 2), a new ability on odd levels,
  quest bonuses, then raising abilities with experience.
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from . import data, first
from .common import (char, draw_stamina, flip, flip_room, fresh_room_record, learnable, log,
                     refresh, stamina_pile)
from .items import receive
from .maths import (CORE, bonus_points, is_red, learns_on, level_points, level_threshold,
                    quest_for_flip, starting_core, survival_rooms, value)

State = dict[str, Any]
AUTO = {"bonus", "levelflip", "items"}
QUEST_ORDER = ("big_boss", "survival", "trapped", "treasure")


def blank_character(cid: str) -> dict[str, Any]:
    return {"id": cid, "name": "", "race": None, "class": None, "quirk": None, "custom_quirk": None,
            "level": 1, "exp": 0, "core": {k: 1 for k in CORE}, "abilities": {}, "tuned": {},
            "hp": 0, "max_hp": 0, "items": [], "equipped": {}, "status": "ok", "pos": None,
            "aim": None, "stance": 0, "skip": 0, "extra": 0, "cloak": 0, "idle": 0,
            "rushed": False, "rx": fresh_room_record()}


def creation_steps(cid: str) -> list[dict[str, Any]]:
    return [{"kind": k, "char": cid} for k in ("race", "class", "quirk", "bonus", "learn", "name")]


# -- what may be chosen now -------------------------------------------------------------------
def queue_actions(state: State) -> list[dict[str, Any]]:
    if not state["queue"]:
        return []
    step = state["queue"][0]
    k = step["kind"]
    cid = step.get("char")
    if k == "race":
        return [{"type": "race", "char": cid, "race": r} for r in data.races()]
    if k == "class":
        return [{"type": "class", "char": cid, "class": r} for r in data.classes()]
    if k == "quirk":
        opts: list[Any] = [None, *data.quirks()]
        opts += [f"custom:{i}" for i in range(len(state["options"]["quirks"]))]
        return [{"type": "quirk", "char": cid, "quirk": q} for q in opts]
    if k == "points":
        return [{"type": "add_point", "char": cid, "attr": a} for a in CORE]
    if k == "learn":
        return [{"type": "learn", "char": cid, "ability": a} for a in learnable(char(state, cid))]
    if k == "name":
        return [{"type": "name", "char": cid, "name": n} for n in name_choices(state, cid)]
    if k == "quest":
        yours = ("yours",) if state["options"].get("quest") else ()  # a quest of the player's own
        return [{"type": "quest", "quest": q} for q in (*QUEST_ORDER, *yours, "flip")]
    if k == "env":
        return [{"type": "env", "env": e} for e in ("inside", "outside", "flip")]
    if k == "start_pick":
        return [{"type": "start_item", "char": cid, "item": i} for i in step["from"]]
    if k == "attr":
        return [{"type": "attr", "char": cid, "attr": a} for a in step["from"]]
    if k == "train":
        return [{"type": "train", "char": cid, "ability": a} for a in train_choices(state, step)]
    if k == "raise":
        c = char(state, cid)
        acts = [{"type": "raise", "char": cid, "ability": a} for a in sorted(c["abilities"])
                if 0 < data.ability(a)["exp"] <= c["exp"]]
        return acts + [{"type": "done", "char": cid}]
    return []


def name_choices(state: State, cid: str) -> list[str]:
    idx = [c["id"] for c in state["chars"]].index(cid) - len(state["options"]["characters"])
    given = state["options"]["names"]
    taken = {c["name"] for c in state["chars"]}
    out = []
    if idx < len(given) and given[idx]:
        out.append(given[idx])
    out += [n for n in data.name_suggestions() if n not in taken and n not in out][:4]
    return out


def train_choices(state: State, step: dict[str, Any]) -> list[str]:
    c = char(state, step["char"])
    attack = ("attack", "area", "blast", "finisher", "summon")
    guard = ("defend", "heal", "heal_party", "revive")
    group = attack if step["group"] == "attack" else guard
    return sorted(a for a in c["abilities"] if data.ability(a)["kind"] in group)


# -- carrying out a choice --------------------------------------------------------------------------
def apply_queue_action(state: State, action: dict[str, Any], rng: Rng) -> None:
    step = state["queue"][0]
    t = action["type"]
    c = char(state, action["char"]) if "char" in action else None
    if t == "race":
        c["race"] = action["race"]  # type: ignore[index]
        log(state, f"A new character: {data.races()[action['race']]['name']}.")
    elif t == "class":
        cl = data.classes()[action["class"]]
        c["class"] = action["class"]  # type: ignore[index]
        c["core"] = starting_core(data.races()[c["race"]]["mods"], cl["mods"])  # type: ignore[index]
        for a in cl["abilities"]:
            c["abilities"][a] = 1  # type: ignore[index]
        log(state, f"Class {cl['name']}: core {_core_text(c)}; abilities "
                   f"{', '.join(data.ability(a)['name'] for a in cl['abilities'])}.")
    elif t == "quirk":
        q = action["quirk"]
        if q is None:
            pass
        elif q.startswith("custom:"):
            c["custom_quirk"] = dict(state["options"]["quirks"][int(q.split(":")[1])])  # type: ignore[index]
        else:
            c["quirk"] = q  # type: ignore[index]
    elif t == "add_point":
        c["core"][action["attr"]] += 1  # type: ignore[index]
        step["n"] -= 1
        if step["n"] > 0:
            return
    elif t == "learn":
        c["abilities"][action["ability"]] = 1  # type: ignore[index]
        log(state, f"{c['name'] or 'The new character'} learns {data.ability(action['ability'])['name']}.")  # type: ignore[index]
    elif t == "name":
        c["name"] = action["name"]  # type: ignore[index]
        refresh(c)  # type: ignore[arg-type]
        c["hp"] = c["max_hp"]  # type: ignore[index]
        log(state, f"{c['name']} is ready: core {_core_text(c)}, {c['max_hp']} HP.")  # type: ignore[arg-type,index]
    elif t == "quest":
        _set_quest(state, action["quest"], rng)
    elif t == "env":
        _set_env(state, action["env"])
    elif t == "start_item":
        receive(state, c, action["item"], rng)  # type: ignore[arg-type]
        log(state, f"{c['name']} takes {data.item(action['item'])['name']}.")  # type: ignore[index]
        if step.get("again"):
            state["queue"].pop(0)
            _start_flip(state, c, rng, front=True, allow_any=False)  # type: ignore[arg-type]
            return
    elif t == "attr":
        c["core"][action["attr"]] += 1  # type: ignore[index]
        refresh(c)  # type: ignore[arg-type]
        log(state, f"{c['name']} gains +1 {action['attr']} ({step['why']}).")  # type: ignore[index]
    elif t == "train":
        c["abilities"][action["ability"]] += 1  # type: ignore[index]
        log(state, f"{c['name']} gains a level in {data.ability(action['ability'])['name']} (quest bonus).")  # type: ignore[index]
    elif t == "raise":
        cost = data.ability(action["ability"])["exp"]
        c["exp"] -= cost  # type: ignore[index]
        c["abilities"][action["ability"]] += 1  # type: ignore[index]
        log(state, f"{c['name']} spends {cost} exp: {data.ability(action['ability'])['name']} "  # type: ignore[index]
                   f"is now {c['abilities'][action['ability']]}.")  # type: ignore[index]
        return
    elif t == "done":
        pass
    state["queue"].pop(0)
    if t == "add_point":
        refresh(c)  # type: ignore[arg-type]


def _core_text(c: dict[str, Any]) -> str:
    return ", ".join(f"{k} {c['core'][k]}" for k in CORE)


def _set_quest(state: State, choice: str, rng: Rng) -> None:
    """Choose a Quest: chosen, or flipped (a King flips again and gives an extra item)."""
    q = state["quest"]
    if choice == "flip":
        while True:
            f = flip(state, rng)
            kind = quest_for_flip(value(f))
            if kind is None:
                if not q["extra_item"]:
                    log(state, f"Quest flip {f}: a King! Flip again, and an extra starting item.")
                q["extra_item"] = True
                continue
            log(state, f"Quest flip {f}.")
            break
    elif choice == "yours":
        made = state["options"]["quest"]
        kind = made["kind"]
        q["yours"] = True
    else:
        kind = choice
    q["kind"] = kind
    q["name"] = state["options"]["quest"]["name"] if q.get("yours") else data.quests()[kind]["name"]
    log(state, f"The quest: {q['name']} ({kind.replace('_', ' ')}{', yours' if q.get('yours') else ''}).")
    rooms = state["options"]["quest"].get("rooms") if q.get("yours") else None
    if kind == "survival" and rooms:
        q["rooms_total"] = rooms
        log(state, f"Your quest sets {rooms} rooms to clear.")
    elif kind == "survival":
        f = flip_room(state)
        q["rooms_total"] = survival_rooms(value(f))
        log(state, f"Survival flip {f}: {q['rooms_total']} rooms to clear.")


def _set_env(state: State, choice: str) -> None:
    """Choose the Environment: inside or outside (flipped: red outside); outside starts at
    day on a red flip."""
    q = state["quest"]
    if choice == "flip":
        f = flip_room(state)
        choice = "outside" if is_red(f) else "inside"
        log(state, f"Environment flip {f}: {choice}.")
    q["env"] = choice
    if choice == "outside":
        f = flip_room(state)
        q["day"] = is_red(f)
        log(state, f"Day/night flip {f}: the quest starts at {'daybreak' if q['day'] else 'night'}.")


def _start_flip(state: State, c: dict[str, Any], rng: Rng, front: bool, allow_any: bool) -> None:
    """Starting Items: flip two and sum. 23-26: choose any, then flip again (once)."""
    while True:
        a, b = flip(state, rng), flip(state, rng)
        total = value(a) + value(b)
        offer = data.start_items(total)
        if offer == ["any"] and not allow_any:
            continue
        break
    log(state, f"{c['name']}'s starting-item flip {a} + {b} = {total}.")
    if offer == ["any"]:
        step = {"kind": "start_pick", "char": c["id"], "from": list(data.start_choices()), "again": True}
    elif len(offer) > 1:
        step = {"kind": "start_pick", "char": c["id"], "from": offer, "again": False}
    else:
        receive(state, c, offer[0], rng)
        log(state, f"{c['name']} starts with {data.item(offer[0])['name']}.")
        return
    if front:
        state["queue"].insert(0, step)
    else:
        state["queue"].append(step)


# -- automatic steps -----------------------------------------------------------------------------
def settle(state: State, rng: Rng) -> bool:
    """Carry out queued steps that need no decision; move on when the queue is empty.
    True when the party is to enter the next room: the phase is "room" and the room's
    driver, above this module, starts it (flow.between_rooms); this module never calls up."""
    while True:
        if not state["queue"]:
            ph = state["phase"]
            if ph == "creation":
                state["phase"] = "setup"
                state["queue"] = [{"kind": "quest"}, {"kind": "env"}, {"kind": "items"}]
                continue
            if ph == "setup" or (ph == "levelup" and not state["quest"]["done"]):
                state["phase"] = "room"
                return True
            if ph == "levelup":
                state["phase"] = "over"
                state["outcome"] = state["quest"]["done"]
                log(state, "The session is over: quest accomplished." if state["outcome"] == "won"
                     else "The session is over.")
            return False
        step = state["queue"][0]
        k = step["kind"]
        if k in ("quest", "env") and state["options"].get("first_quest"):
            state["queue"].pop(0)  # the first quest sets both (first.py)
            if k == "quest":
                first.begin(state)
            continue
        if k == "bonus":
            c = char(state, step["char"])
            cards = [flip(state, rng) for _ in range(3)]
            n = bonus_points([value(x) for x in cards])
            log(state, f"Bonus flip {', '.join(cards)}: {n} points to spread over the core abilities.")
            state["queue"][0] = {"kind": "points", "char": c["id"], "n": n}
            continue
        if k == "levelflip":
            f = flip(state, rng)
            n = level_points(value(f))
            log(state, f"{char(state, step['char'])['name']}'s level flip {f}: {n} core points.")
            state["queue"][0] = {"kind": "points", "char": step["char"], "n": n}
            continue
        if k == "items":
            state["queue"].pop(0)
            _deal_setup(state, rng)
            continue
        if k == "points" and step["n"] <= 0:
            state["queue"].pop(0)
            continue
        if k in ("learn", "train", "start_pick", "attr") and not queue_actions(state):
            state["queue"].pop(0)
            continue
        if k == "raise" and len(queue_actions(state)) == 1:
            state["queue"].pop(0)
            continue
        return False


def _deal_setup(state: State, rng: Rng) -> None:
    """Before You Start: 5 face-down Stamina cards each, starting items and a healing item."""
    for c in state["chars"]:
        draw_stamina(state, c["id"], rng, 5)
    for c in state["chars"]:
        if c["status"] == "dead":
            continue
        _start_flip(state, c, rng, front=False, allow_any=True)
        if state["quest"]["extra_item"]:
            _start_flip(state, c, rng, front=False, allow_any=True)
        c["items"].append("healing_potion")
    log(state, "Everyone is dealt 5 Stamina cards (face down) and a Healing Potion.")


# -- experience and levels ------------------------------------------------------------------------
def room_exp(c: dict[str, Any], completed: bool) -> int:
    """Gaining Experience: every deed listed, for one character and one room."""
    r = c["rx"]
    n = r.get
    gain = 5 if completed and c["status"] != "dead" else 0
    gain += len(n("attacked", [])) + n("defended", 0) + n("kill_exp", 0) + 3 * n("picked", 0)
    gain += n("smashed", 0) + 2 * n("other", 0) - 3 * n("hurt", 0)
    if c.get("quirk") == "bloodthirsty":
        gain += 2 * n("kills", 0) - n("rivals", 0)
    return gain


def award(state: State, completed: bool, quest_won: bool) -> None:
    """After a room: experience, attribute bonuses, level ups; after a quest, its bonus."""
    for c in state["chars"]:
        gain = room_exp(c, completed)
        c["exp"] = max(0, c["exp"] + gain)
        log(state, f"{c['name']} earns {gain} exp ({c['exp']} now).")
        r = c["rx"]
        for aid, foes in sorted(r.get("uses", {}).items()):
            if len(foes) >= 3:
                state["queue"].append({"kind": "attr", "char": c["id"], "from": _attrs(aid),
                                       "why": f"3 foes attacked with {data.ability(aid)['name']}"})
        for aid, n in sorted(r.get("defends", {}).items()):
            if n >= 3:
                state["queue"].append({"kind": "attr", "char": c["id"], "from": _attrs(aid),
                                       "why": f"3 defences with {data.ability(aid)['name']}"})
        c["rx"] = fresh_room_record()
        _levels(state, c)
    if quest_won:
        q = state["quest"]["kind"]
        for c in state["chars"]:
            bonus = 5 * c["level"]
            c["exp"] += bonus
            log(state, f"{c['name']} earns the quest bonus of {bonus} exp.")
            if q == "treasure":
                c["items"].append("adrenaline_boost")
            elif q == "trapped":
                c["core"]["Move"] += 3
            elif q == "survival" and not state["quest"].get("first"):
                c["core"]["Lift"] += 3  # not for the first quest's one room (content/p52/first.toml)
            elif q == "big_boss":
                state["queue"].append({"kind": "train", "char": c["id"], "group": "attack"})
                state["queue"].append({"kind": "train", "char": c["id"], "group": "defend"})
            refresh(c)
            _levels(state, c)
    for c in state["chars"]:
        state["queue"].append({"kind": "raise", "char": c["id"]})


def _attrs(aid: str) -> list[str]:
    pre = list(data.ability(aid)["prereq"])
    return [a for a in CORE if a in pre] or list(CORE)


def _levels(state: State, c: dict[str, Any]) -> None:
    """Leveling Up: at (Level x 10) + 10 exp; the threshold is spent."""
    while c["exp"] >= level_threshold(c["level"]):
        c["exp"] -= level_threshold(c["level"])
        c["level"] += 1
        log(state, f"{c['name']} reaches level {c['level']}!")
        state["queue"].append({"kind": "levelflip", "char": c["id"]})
        if learns_on(c["level"]):
            state["queue"].append({"kind": "learn", "char": c["id"]})


def stamina_name(cid: str) -> str:
    return stamina_pile(cid)
