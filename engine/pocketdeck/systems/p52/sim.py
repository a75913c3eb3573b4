"""How the simulator plays: random among the legal actions, weighted toward progress
(fight what is there, explore, open chests, heal when hurt, head for an open exit)."""

from __future__ import annotations

from collections import deque
from typing import Any

from ...core.rng import Rng
from . import data
from .common import char, is_char_id, living

State = dict[str, Any]


def _goal_distance(state: State) -> tuple[dict[int, int], set[int]]:
    room = state["room"]
    spots = room["spots"]
    from .room import exit_open
    explore = room["enemies"] or (not all(s["rev"] for s in spots) and state["turn"]["round"] < 14)
    goals: set[int] = set()
    if explore or not exit_open(state):
        goals |= {e["pos"] for e in room["enemies"]}
        goals |= {i for i, s in enumerate(spots) if not s["rev"]}
        goals |= {i for i, s in enumerate(spots) if s.get("chest") in ("locked", "broken")}
        goals |= {i for i, s in enumerate(spots) if s.get("items")}
    # a key lying on a spot (dropped by a dead character) is needed to leave a Trapped
    # quest's last room: fetch it, or the party waits at the exit for ever
    keys = {i for i, s in enumerate(spots) if "key" in (s.get("items") or ())}
    if not goals or (not room["enemies"] and exit_open(state) and not explore):
        goals = {room["exit"]}
    goals |= keys
    dist = {g: 0 for g in goals}
    todo = deque(goals)
    while todo:
        i = todo.popleft()
        for j in spots[i]["adj"]:
            if j not in dist:
                dist[j] = dist[i] + 1
                todo.append(j)
    return dist, goals


def choose(state: State, legal: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
    weights = [max(0, _weight(state, a, legal)) for a in legal]
    total = sum(weights)
    if total <= 0:
        return rng.choice(legal)
    r = rng.below(total)
    for a, w in zip(legal, weights):
        if r < w:
            return a
        r -= w
    return legal[-1]


def _weight(state: State, a: dict[str, Any], legal: list[dict[str, Any]]) -> int:
    t = a["type"]
    if t == "place":
        return 6  # lay the room out by hand, spot by spot...
    if t == "place_rest":
        return 1 if len(legal) > 6 else 3  # ...or now and then hand the rest to the app
    if state["phase"] != "room":
        if t == "done":
            return 6
        if t == "quirk" and isinstance(a.get("quirk"), str) and a["quirk"].startswith("custom"):
            return 1
        return 4
    c = char(state, a["char"])
    hurt = c["hp"] * 3 < c["max_hp"]
    if t == "defend":
        return 1 if a["ability"] is None else (8 if a["ability"] in c["abilities"] else 3) - (2 if a["stamina"] else 0)
    if t == "counter":
        return 1 if a["ability"] is None else 6
    if t == "attack":
        return 40 if not a["stamina"] else 15
    if t == "ability":
        tid = a["target"]
        target = char(state, tid) if is_char_id(tid) else None
        if target is not None and target["hp"] * 2 < target["max_hp"]:
            return 40
        if target is not None and target["status"] == "dead":
            return 40
        return 3
    if t == "use":
        it = data.item(a["item"])
        if it["kind"] in ("heal", "full_heal", "revive"):
            o = char(state, a["target"])
            return 60 if o["status"] == "dead" or o["hp"] * 3 < o["max_hp"] else 0 if not hurt else 1
        if it["kind"] in ("fire", "ice"):
            return 20
        return 2
    if t == "open_chest":
        return 30
    if t == "take":
        return 30
    if t == "equip":
        return 15
    if t in ("unequip", "give", "take_from"):
        # rare, but taken now and then: every action type offered gets played (issue 47);
        # free actions, so a turn cannot loop on them for long
        return 1
    if t == "keep":
        return 8
    if t in ("leave_item", "flee"):
        return 1
    if t == "move":
        dist, goals = _goal_distance(state)
        here = dist.get(c["pos"], 99)
        there = dist.get(a["to"], 99)
        if a["to"] in goals:
            return 25
        return 8 if there < here else 1
    if t == "rest":
        return 2
    if t == "end_turn":
        return 4
    if t == "wait":
        return 1 if len(living(state)) > 1 else 0
    if t in ("aim", "stance"):
        return 2
    return 1
