"""The flow of a room: entering, initiative, turns and rounds, enemy turns, movement step
by step (reveals, traps, passing attacks), delaying, leaving, and the end of a quest.

Turn order lives in state["turn"]. Work that is interrupted by a player's decision (a hit
to defend against, an enemy Ace to counter) is kept as frames on state["stack"] and a
state["pending"] decision, so the engine runs enemies by itself and stops exactly where
the book hands a choice to a player.
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from . import data
from .ai import enemy_turn
from .combat import enemy_attack, hurt_char, player_attack
from .common import (char, char_initiative, draw_stamina, enemy, flip, living, log, winged)
from .items import use_options
from .maths import initiative_flip, trap_springs, value
from .party import award, settle
from .room import apply_layout, build_room, exit_open, is_last_room, reveal_from, spawn

State = dict[str, Any]


def _sort_key(state: State, uid: str) -> tuple[int, int, str]:
    if uid.startswith("c"):
        return (-char_initiative(char(state, uid)), 0, uid)
    e = enemy(state, uid)
    return (-(e["init"] if e else 0), 1, uid)


def round_order(state: State, first: list[str] | None = None) -> list[str]:
    ids = [c["id"] for c in living(state)] + [e["id"] for e in state["room"]["enemies"]]
    ids = [u for u in ids if u not in (first or [])]
    return list(first or []) + sorted(ids, key=lambda u: _sort_key(state, u))


def new_turn(order: list[str], rnd: int) -> dict[str, Any]:
    """A round. ``calm`` stays True while no enemy has been in the room this round
    (Delaying Your Exit); ``more`` is the Movement left after a move that ended on a
    newly revealed spot (Revealing Dark Spaces); ``traded`` is who took a free action
    this turn (no Stamina for doing nothing after that)."""
    return {"order": order, "i": 0, "round": rnd, "done": False, "acted": False, "moved": False,
            "free": True, "jump": [], "late": [], "targeted": [],
            "calm": not any(u.startswith("e") for u in order), "more": 0,
            "traded": None}


def start_room(state: State, rng: Rng) -> None:
    """General Steps: lay out the room (or wait for the player to lay it out), then enter."""
    if build_room(state, rng):
        enter_room(state, rng)


def between_rooms(state: State, rng: Rng) -> None:
    """The decisions between rooms (party.settle) and, when they are done, the next room:
    settle asks for it by its answer rather than calling up into this module."""
    if settle(state, rng):
        start_room(state, rng)


def lay_out(state: State, action: dict[str, Any], rng: Rng) -> None:
    """Room/Space Layout by the player: one ``place`` (or ``place_rest``); once the room is
    complete, the party enters it exactly as it enters a room the app laid out."""
    if apply_layout(state, action, rng):
        enter_room(state, rng)


def enter_room(state: State, rng: Rng) -> None:
    """Entering a Room, then Initiative when enemies are visible."""
    state["leaving"] = False
    for c in state["chars"]:
        c["pos"] = 0 if c["status"] != "dead" else None
        c["aim"], c["stance"], c["cloak"], c["rushed"], c["idle"] = None, 0, 0, False, 0
    state["turn"] = None
    for c in living(state):
        reveal_from(state, 0, rng, by_move=False)
        break
    room = state["room"]
    if room["enemies"]:
        f = flip(state, rng)
        mode = initiative_flip(value(f))
        es = sorted((e["id"] for e in room["enemies"]), key=lambda u: _sort_key(state, u))
        cs = sorted((c["id"] for c in living(state)), key=lambda u: _sort_key(state, u))
        if mode == "enemies":
            order = es + cs
            log(state, f"Initiative flip {f}: an Ace, the enemies go first.")
        elif mode == "players":
            order = cs + es
            log(state, f"Initiative flip {f}: a King, the party goes first.")
        else:
            order = round_order(state)
            log(state, f"Initiative flip {f}: highest initiative first.")
    else:
        order = round_order(state)
    state["turn"] = new_turn(order, 1)
    run(state, rng)


# -- the driver -------------------------------------------------------------------------------------
def run(state: State, rng: Rng) -> None:
    """Carry the room forward until a player must decide (or the room or quest ends)."""
    guard = 0
    while state["phase"] == "room":
        guard += 1
        if guard > 5000:
            raise RuntimeError("the room loop did not settle")
        if _check_end(state, rng):
            return
        if state.get("pending"):
            return
        if state["stack"]:
            _frame(state, state["stack"].pop(), rng)
            continue
        t = state["turn"]
        if t.get("calm", True) and state["room"]["enemies"]:
            t["calm"] = False  # an enemy was here this round: no delay flip at its end
        if t["i"] >= len(t["order"]):
            _round_end(state, rng)
            continue
        if t["done"]:
            _end_turn(state)
            continue
        uid = t["order"][t["i"]]
        if uid.startswith("e"):
            e = enemy(state, uid)
            if e is not None:
                enemy_turn(state, e, rng)
            t["done"] = True
            continue
        c = char(state, uid)
        if c["status"] == "dead":
            t["done"] = True
            continue
        if c["skip"] > 0:
            c["skip"] -= 1
            log(state, f"{c['name']} loses this turn.")
            t["done"] = True
            continue
        return


def _frame(state: State, fr: dict[str, Any], rng: Rng) -> None:
    if fr["f"] == "enemy_attack":
        enemy_attack(state, fr, rng)
    elif fr["f"] == "move":
        step(state, fr, rng)


def _end_turn(state: State) -> None:
    t = state["turn"]
    if can_leave(state):
        begin_leaving(state)  # Leaving a Room: the last one reached the exit
    uid = t["order"][t["i"]]
    if uid.startswith("c"):
        c = char(state, uid)
        regen = c.get("regen")
        if regen and c["status"] != "dead":
            c["hp"] = min(c["max_hp"], c["hp"] + regen[0])
            if c["hp"] > 0:
                c["status"] = "ok"
            regen[1] -= 1
            log(state, f"{c['name']} regenerates {regen[0]} HP.")
            if regen[1] <= 0:
                c.pop("regen")
        if c["extra"] > 0 and c["status"] != "dead" and not state["leaving"]:
            c["extra"] -= 1
            log(state, f"{c['name']} takes an extra turn.")
            _fresh_turn(t)
            return
    rest = t["order"][t["i"] + 1:]
    for eid in t["jump"]:
        if eid in rest:
            rest.remove(eid)
    rest = [u for u in t["jump"] if enemy(state, u)] + rest
    for eid in t["late"]:
        if eid in rest or enemy(state, eid) is None:
            continue
        key = _sort_key(state, eid)
        pos = next((k for k, u in enumerate(rest) if _sort_key(state, u) > key), len(rest))
        if pos == 0 and rest:
            continue  # faster than everyone left this round: it joins the next round
        rest.insert(pos, eid)
    t["order"] = t["order"][: t["i"] + 1] + rest
    t["jump"], t["late"] = [], []
    t["i"] += 1
    _fresh_turn(t)


def _fresh_turn(t: dict[str, Any]) -> None:
    t["done"], t["acted"], t["moved"], t["free"] = False, False, False, True
    t["more"], t["traded"] = 0, None


def _round_end(state: State, rng: Rng) -> None:
    """End of a round: leaving, Stamina-less cloaks fading, and Delaying Your Exit."""
    if state["leaving"]:
        exit_room(state, rng)
        return
    for c in state["chars"]:
        if c["cloak"] > 0:
            c["cloak"] -= 1
    room = state["room"]
    for e in room["enemies"]:
        if e.get("thaw"):
            e["thaw"] -= 1
            if e["thaw"] <= 0:
                e["frozen"] = False
                e.pop("thaw")
    for key in list(room.get("shields", {})):
        room["shields"][key][1] -= 1
        if room["shields"][key][1] <= 0:
            del room["shields"][key]
    first: list[str] = []
    ex = room["spots"][room["exit"]]
    t = state["turn"]
    # Delaying Your Exit: after each full round of turns with no enemy in the room (so the
    # round in which the last enemy fell does not count) and the exit in sight
    if (t.get("calm", True) and not room["enemies"] and ex["rev"] and not room["no_more_enemies"]
            and state["piles"]["enemy"]):
        f = flip(state, rng)
        if value(f) <= 4:
            log(state, f"Delay flip {f}: an enemy comes through the exit!")
            first = spawn(state, room["exit"], 1)
        else:
            log(state, f"Delay flip {f}: nobody comes through the exit.")
    state["turn"] = new_turn(round_order(state, first), t["round"] + 1)


def _check_end(state: State, rng: Rng) -> bool:
    if not living(state):
        state["phase"] = "over"
        state["outcome"] = "failed"
        state["pending"] = None
        state["stack"] = []
        log(state, "Every character has fallen: the quest has failed.")
        return True
    if state["quest"]["done"] == "won":
        _finish(state, rng, completed=True)
        return True
    return False


def _finish(state: State, rng: Rng, completed: bool) -> None:
    state["pending"] = None
    state["stack"] = []
    award(state, completed, state["quest"]["done"] == "won")
    _close_room(state)
    state["phase"] = "levelup"
    between_rooms(state, rng)


def _close_room(state: State) -> None:
    for c in state["chars"]:
        c.pop("regen", None)
        c["pos"] = None
        c["aim"], c["stance"], c["extra"], c["skip"], c["cloak"] = None, 0, 0, 0, 0
    state["room"] = None
    state["turn"] = None
    state["leaving"] = False


# -- movement ---------------------------------------------------------------------------------------
def step(state: State, fr: dict[str, Any], rng: Rng) -> None:
    """One spot of a move: reveal, traps, keys, then passing attacks before going on."""
    c = char(state, fr["char"])
    if c["status"] == "dead":
        return
    if not fr["path"]:  # stopped on the way (a King, a counter attack)
        _arrived(state, c, fr)
        return
    room = state["room"]
    j = fr["path"].pop(0)
    c["pos"] = j
    spot = room["spots"][j]
    reveal_from(state, j, rng, by_move=True)
    if fr.get("blind") and not fr["path"] and spot["kind"] == "obstructed":
        # Room/Space Layout, note **: "a player ... must use 2 movement actions", face down
        # or not. The route was charged 1 for it; the second point comes off what is left,
        # and with none left the spot takes the next turn too ("takes two turns")
        left = fr.get("left", 0) - 1
        fr["left"] = max(0, left)
        if left < 0:
            c["skip"] += 1
            log(state, f"{c['name']} wades into an obstructed spot: it takes the next turn too.")
    if spot["kind"] == "trap":
        f = flip(state, rng)
        if trap_springs(value(f), c["core"]["Balance"], c["core"]["Move"]):
            log(state, f"{c['name']} springs a trap (flip {f}): 2 damage.")
            hurt_char(state, c, 2, rng)
        else:
            log(state, f"{c['name']} slips past a trap (flip {f}).")
    if "key" in spot.get("items", ()) and c["status"] != "dead":
        while "key" in spot["items"]:
            spot["items"].remove("key")
            c["items"].append("key")
            log(state, f"{c['name']} picks up a key.")
    if c["status"] == "dead":
        return
    if not fr["path"]:
        _arrived(state, c, fr)
        return
    state["stack"].append(fr)
    if fr.get("hover"):
        return  # Hover and Poof: no passing attacks
    for e in reversed([e for e in room["enemies"] if e["pos"] == j and not e["frozen"]]):
        state["stack"].append({"f": "enemy_attack", "enemy": e["id"], "char": c["id"],
                               "passing": True, "counter": False})


def _arrived(state: State, c: dict[str, Any], fr: dict[str, Any]) -> None:
    """The end of a character's own move on their turn: the turn stays open when the move
    may go on, or when an item can still be used."""
    t = state["turn"]
    if fr.get("hover") or not t or t["order"][t["i"]] != c["id"] or t["acted"]:
        return
    if fr.get("blind") and fr.get("left", 0) > 0:
        # Revealing Dark Spaces: "any time you move to a new spot, flip over any
        # face-down spot cards". A route ends on a spot that was face down when the
        # move was chosen; once it is revealed the move may go on with what is left
        t["more"] = fr["left"]
        t["done"] = False
    elif not winged(c) and use_options(state, c):
        # Using an Item: "Most items may be used at any time during your turn", so after
        # the move too (using one then ends the turn, as it "consumes your turn")
        t["done"] = False


# -- leaving ----------------------------------------------------------------------------------------
def can_leave(state: State) -> bool:
    """Leaving a Room: every living character on an open exit (the Trapped quest's last
    room also wants both keys there)."""
    room = state["room"]
    if state["leaving"] or not exit_open(state):
        return False
    alive = living(state)
    if any(c["pos"] != room["exit"] for c in alive):
        return False
    q = state["quest"]
    if q["kind"] == "trapped" and q["last_room"]:
        return sum(c["items"].count("key") for c in alive) >= 2
    return True


def begin_leaving(state: State) -> None:
    """The enemies get one more turn, then the party is gone."""
    t = state["turn"]
    state["leaving"] = True
    t["more"] = 0
    es = sorted((e["id"] for e in state["room"]["enemies"]), key=lambda u: _sort_key(state, u))
    t["order"] = t["order"][: t["i"] + 1] + es
    t["done"] = True
    log(state, "The party gathers at the exit; the enemies get one last turn.")


def exit_room(state: State, rng: Rng) -> None:
    q = state["quest"]
    alive = living(state)
    log(state, f"The party leaves room {state['room']['n']}.")
    if q["kind"] == "survival" and q["rooms_entered"] >= q["rooms_total"]:
        q["done"] = "won"
    elif q["kind"] == "trapped":
        if q["last_room"]:
            q["done"] = "won"
        elif sum(c["items"].count("key") for c in alive) >= 2:
            q["last_room"] = True
            log(state, "Two keys in hand: the next room is the last.")
    elif q["kind"] == "treasure" and q["found"]:
        if not any("relic" in c["items"] for c in alive):
            q["found"] = False
            log(state, "The Glass Lantern was left behind: the search starts again.")
        elif q["return_left"] <= 0:
            q["done"] = "won"
        else:
            q["return_left"] -= 1
    for c in alive:
        draw_stamina(state, c["id"], rng, 1)
    if q["done"] == "won":
        log(state, "Out at last: the quest is accomplished!")
    state["pending"] = None
    state["stack"] = []
    award(state, True, q["done"] == "won")
    _close_room(state)
    state["phase"] = "levelup"
    between_rooms(state, rng)


def do_attack(state: State, c: dict[str, Any], action: dict[str, Any], rng: Rng, counter: bool) -> None:
    player_attack(state, c, action["ability"], action.get("target"), action.get("stamina", False),
                  rng, counter=counter)


def last_room_note(state: State) -> str:
    return "last room" if state.get("room") and is_last_room(state) else ""


__all__ = ["start_room", "between_rooms", "lay_out", "enter_room", "run", "step", "can_leave", "begin_leaving", "exit_room", "data"]
