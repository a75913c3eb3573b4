"""Laying out a room, revealing spots, and putting enemies on the board.

Follows "Room/Space Layout", "Determining the Exit", "Revealing the Room" and the spot
table, with the quest's own meaning of Aces, 2s and 3s.
"""

from __future__ import annotations

from typing import Any

from ...core import piles
from ...core.rng import Rng
from . import board, data, first
from .common import avg_level, flip, flip_room, log, new_id
from .maths import (dark_reveal_jump, exit_direction, formula, is_red, rank, spot_kind, suit,
                    value)

State = dict[str, Any]


def gather_room_decks(state: State, rng: Rng) -> None:
    """Shuffle both the Enemy and Room decks before laying out any room."""
    p = state["piles"]
    piles.move_all(p, "room_flips", "room")
    piles.move_all(p, "layout", "room")
    piles.move_all(p, "foes", "enemy")
    piles.move_all(p, "foes_out", "enemy")
    piles.shuffle(p, "room", rng)
    piles.shuffle(p, "enemy", rng)


def build_room(state: State, rng: Rng) -> bool:
    """Steps 1-3 of General Steps: shuffle, size (2 or 3 Room cards), light, layout, exit.

    Room/Space Layout lets the player lay the room out or let the app do it (the session
    option ``layout``). When the player does, the entrance is laid and the state waits in
    the ``layout`` phase for ``place`` actions (see ``place_spot``); this returns False.
    It returns True once the room is laid out and its exit determined."""
    gather_room_decks(state, rng)
    q = state["quest"]
    if q.get("first"):  # the first quest's own room (first.py): no flips shape it
        first.build(state)
        return True
    size_cards = [flip_room(state) for _ in range(3 if len(state["chars"]) >= 4 else 2)]
    n = sum(value(c) for c in size_cards)
    if q["env"] == "inside":
        light = flip_room(state)
        lit = is_red(light)
        why = f"light flip {light}"
    else:
        if q["rooms_entered"] > 0:
            q["day"] = not q["day"]
        lit = q["day"]
        why = "day" if lit else "night"
    info = {"size": n, "size_cards": size_cards, "lit": lit, "why": why}
    if state["options"].get("layout", "app") == "player":
        state["placing"] = dict(info, cells=[])
        state["phase"] = "layout"
        place_spot(state, 0, 0)  # the first card laid is the entrance
        log(state, f"Room {q['rooms_entered'] + 1}: size {'+'.join(size_cards)} = {n} spots, "
                   f"{'lit' if lit else 'dark'} ({why}). Lay it out: the entrance is down; place "
                   f"{n - 1} more spot(s), each touching a placed one on a side.")
        return False
    cells = board.grow_layout(n, rng)
    for _ in cells:
        piles.draw(state["piles"], "room", "layout")
    _finish_layout(state, cells, info)
    return True


def layout_actions(state: State) -> list[dict[str, Any]]:
    """Room/Space Layout, by the player: a ``place`` for every open cell (top row first,
    left to right), and ``place_rest`` to let the app lay the remaining spots."""
    pl = state["placing"]
    cells = [(x, y) for x, y in pl["cells"]]
    if len(cells) >= pl["size"]:
        return []
    open_ = sorted(board.frontier(cells, bounded=False), key=lambda c: (c[1], c[0]))
    return [{"type": "place", "x": x, "y": y} for x, y in open_] + [{"type": "place_rest"}]


def place_spot(state: State, x: int, y: int) -> None:
    """Lay the next Room card face down on (x, y) (coordinates from the entrance at (0, 0);
    up is negative y)."""
    piles.draw(state["piles"], "room", "layout")
    state["placing"]["cells"].append([x, y])


def apply_layout(state: State, action: dict[str, Any], rng: Rng) -> bool:
    """Carry out ``place`` or ``place_rest``; True once the room is complete (its exit is
    then determined and the state is back in the ``room`` phase, not yet entered)."""
    pl = state["placing"]
    if action["type"] == "place":
        place_spot(state, action["x"], action["y"])
    else:
        cells = [(x, y) for x, y in pl["cells"]]
        grown = board.grow(cells, pl["size"], rng)
        for x, y in grown[len(cells):]:
            place_spot(state, x, y)
        log(state, f"The app lays out the remaining {len(grown) - len(cells)} spot(s).")
    if len(pl["cells"]) < pl["size"]:
        return False
    state.pop("placing")
    state["phase"] = "room"
    cells = board.normalise([(x, y) for x, y in pl["cells"]])
    _finish_layout(state, cells, pl)
    return True


def _finish_layout(state: State, cells: list[tuple[int, int]], info: dict[str, Any]) -> None:
    """The laid-out spots (their cards already in the layout pile, in order), then
    Determining the Exit."""
    q = state["quest"]
    cards = state["piles"]["layout"]
    # "items" and "chest" appear on a spot only when there is something (a compact state)
    spots = [{"x": x, "y": y, "card": card, "rev": False, "kind": "unknown"}
             for (x, y), card in zip(cells, cards)]
    board.link(spots)
    exit_card = flip_room(state)
    direction = exit_direction(value(exit_card))
    barricaded = direction == "barricaded" or q["kind"] == "survival"
    ex = board.choose_exit(spots, "across" if direction == "barricaded" else direction)
    q["rooms_entered"] += 1
    lit = info["lit"]
    state["room"] = {"n": q["rooms_entered"], "w": max(s["x"] for s in spots) + 1,
                     "h": max(s["y"] for s in spots) + 1, "spots": spots, "exit": ex,
                     "exit_dir": direction, "barricaded": barricaded, "lit": lit,
                     "enemies": [], "no_more_enemies": False, "boss_here": None,
                     "cloak_used": [], "geo": board.geo_key(spots)}
    last = " (the last room)" if is_last_room(state) else ""
    log(state, f"Room {q['rooms_entered']}{last}: size {'+'.join(info['size_cards'])} = "
               f"{info['size']} spots, {'lit' if lit else 'dark'} ({info['why']}); exit flip "
               f"{exit_card}: {'barricaded' if barricaded else direction}.")


def is_last_room(state: State) -> bool:
    q = state["quest"]
    if q["kind"] == "survival":
        return q["rooms_entered"] >= q["rooms_total"]
    if q["kind"] == "trapped":
        return q["last_room"]
    return False


def reveal_from(state: State, at: int, rng: Rng, by_move: bool) -> list[str]:
    """Reveal what the light lets the character on ``at`` see; returns new enemy ids."""
    room = state["room"]
    spots = room["spots"]
    fresh = [i for i in board.reveal_set(spots, at, room["lit"], room["geo"]) if not spots[i]["rev"]]
    if not fresh:
        return []
    # "If you are in danger of running out of enemy cards, place multi-enemy spots first."
    players = len(state["chars"])
    fresh.sort(key=lambda i: -spot_kind(spots[i]["card"], state["quest"]["kind"], players)[1])
    new: list[str] = []
    for i in fresh:
        new.extend(_resolve_spot(state, i, rng))
    if new and by_move and state["phase"] == "room" and state.get("turn"):
        f = flip(state, rng)
        if dark_reveal_jump(value(f)):
            log(state, f"Revealing flip {f}: the new enemy acts next.")
            state["turn"]["jump"].extend(new)
        else:
            state["turn"]["late"].extend(new)
    return new


def _resolve_spot(state: State, i: int, rng: Rng) -> list[str]:
    room = state["room"]
    s = room["spots"][i]
    s["rev"] = True
    quest = state["quest"]["kind"]
    kind, count = spot_kind(s["card"], quest, len(state["chars"]))
    s["kind"] = kind
    new: list[str] = []
    if kind == "chest":
        s["chest"] = "locked"
    elif kind == "special_chest" and (state["quest"]["found"] or _relic_in_room(state)):
        s["kind"] = "normal"  # the Lantern is already found: no more special chests
    elif kind == "special_chest":
        s["chest"] = "locked"
        new.extend(spawn(state, i, 1))
    elif kind == "key":
        s.setdefault("items", []).append("key")
        s["kind"] = "normal"
    elif kind == "boss":
        new.extend(_boss(state, i))
    elif kind == "enemy":
        new.extend(spawn(state, i, count))
    return new


def _relic_in_room(state: State) -> bool:
    return any("relic" in sp.get("items", ()) for sp in state["room"]["spots"])


def spawn(state: State, at: int, count: int, boss: str | None = None) -> list[str]:
    """Turn over Enemy cards onto a spot; none when the deck has run out."""
    room = state["room"]
    plan = room.get("plan")  # the first quest's room: its own Enemy cards, then no more
    out = []
    for _ in range(count):
        if room["no_more_enemies"] or not state["piles"]["enemy"]:
            break
        if plan is not None:
            card = plan.pop(0)
            piles.move(state["piles"], card, "enemy", "foes")
            room["no_more_enemies"] = not plan
        else:
            card = piles.draw(state["piles"], "enemy", "foes")[0]
        e = make_enemy(state, card, at, boss)
        room["enemies"].append(e)
        out.append(e["id"])
        log(state, f"{e['name']} ({card}) appears: {e['hp']} HP.")
    return out


def make_enemy(state: State, card: str | None, at: int, boss: str | None = None) -> dict[str, Any]:
    """Enemies table + suit bonuses (a Minor Boss has every suit's bonus)."""
    lv = avg_level(state)
    if boss == "major":
        b = data.enemies()["boss"]
        hp = formula(b["hp"], {"Lv": lv})
        return {"id": new_id(state, "e"), "card": None, "kind": "boss", "boss": "major",
                "name": b["name"], "hp": hp, "max_hp": hp, "target": "", "damage": "",
                "rtype": "magic", "range": 99, "move": b["move"],
                "init": formula(b["initiative"], {"Lv": lv}), "defence": dict(b["defence"]),
                "tmod": 0, "dplus": 0, "pos": at, "frozen": False, "skip": 0, "first": None,
                "revived": False, "exp": b["exp"]}
    r = rank(card)  # type: ignore[arg-type]
    t = data.enemy_row(state, r)
    suits_ = data.enemies()["suits"]
    have = "SHDC" if boss == "minor" else suit(card)  # type: ignore[arg-type]
    hp = formula(t["hp"], {"Lv": lv})
    tmod = dplus = 0
    move = t["move"]
    if "H" in have:
        num, den = suits_["H"]["hp_times"][r]
        hp = hp * num // den
    if "D" in have:
        tmod += suits_["D"]["target"]
    if "S" in have:
        dplus += suits_["S"]["damage_per_lv"][r] * lv
    if "C" in have:
        move += suits_["C"]["move"]
    name = t["name"] if boss != "minor" else f"{t['name']} Lieutenant (Minor Boss)"
    return {"id": new_id(state, "e"), "card": card, "kind": r, "boss": boss, "name": name,
            "hp": hp, "max_hp": hp, "target": t["target"], "damage": t["damage"],
            "rtype": t["rtype"], "range": t["range"], "move": move,
            "init": formula(t["initiative"], {"Lv": lv}), "defence": dict(t["defence"]),
            "tmod": tmod, "dplus": dplus, "pos": at, "frozen": False, "skip": 0, "first": None,
            "revived": False, "exp": t["exp"]}


def _boss(state: State, at: int) -> list[str]:
    """Big Boss: the first Ace is the Minor Boss, the next (once it is beaten) the Major."""
    q = state["quest"]
    room = state["room"]
    s = room["spots"][at]
    if room["boss_here"] or q["boss_stage"] >= 2:
        s["kind"] = "normal"
        return []
    s["kind"] = "normal"
    if q["boss_stage"] == 0:
        ran = q.get("minor_boss")
        if ran and ran["card"] in state["piles"]["enemy"]:
            # "If you run, the next Ace you see is the boss you ran from", at full strength
            piles.move(state["piles"], ran["card"], "enemy", "foes")
            e = dict(ran, id=new_id(state, "e"), pos=at, hp=ran["max_hp"])
            room["enemies"].append(e)
            room["boss_here"] = "minor"
            log(state, f"{e['name']} ({e['card']}) is back, at full strength: {e['hp']} HP.")
            return [e["id"]]
        ids = spawn(state, at, 1, boss="minor")
        if ids:
            room["boss_here"] = "minor"
            q["minor_boss"] = _boss_memory(room["enemies"][-1])
        return ids
    e = make_enemy(state, None, at, boss="major")
    for other in list(room["enemies"]):
        remove_enemy(state, other, fled=True)
    room["enemies"].append(e)
    room["no_more_enemies"] = True
    room["boss_here"] = "major"
    log(state, f"{e['name']}, the Major Boss, appears with {e['hp']} HP; every other enemy flees.")
    return [e["id"]]


def _boss_memory(e: dict[str, Any]) -> dict[str, Any]:
    """The Minor Boss as first met: what comes back if the party runs from it."""
    keep = dict(e)
    for k in ("id", "pos", "poisoned", "thaw", "snatched"):
        keep.pop(k, None)
    keep.update(frozen=False, skip=0, first=None, hp=e["max_hp"])
    return keep


def remove_enemy(state: State, e: dict[str, Any], fled: bool = False) -> None:
    room = state["room"]
    room["enemies"].remove(e)
    if e["card"]:
        piles.move(state["piles"], e["card"], "foes", "foes_out")
    if fled:
        log(state, f"{e['name']} flees the room.")


def room_cleared(state: State) -> bool:
    room = state["room"]
    return not room["enemies"] and all(s["rev"] for s in room["spots"])


def exit_open(state: State) -> bool:
    """Determining the Exit / Survival: a barricade opens once every enemy is beaten and
    the room is fully revealed (the Trapped quest's last room needs only the keys)."""
    room = state["room"]
    if state["quest"]["kind"] == "trapped" and state["quest"]["last_room"]:
        return True
    return not room["barricaded"] or room_cleared(state)
