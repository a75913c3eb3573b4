"""Two Dimensional play: the room as a grid of squares under the One Dimensional rules.

Why a layer under the Distance categories and not new rules: the book says "Moving from
one type of Distance to another is the same as in One Dimensional Play", so every rule
that reads a Distance (reach, Kiter, Outnumber, Overwhelm, Closing Distance and Fleeing...)
keeps reading the category; this module only keeps the squares and derives the categories
from them (``sync``). A fight in Two Dimensional play is a One Dimensional fight
(``mode = "line"``) with ``state["grid"]``: each Foe has a square (``foe["at"]``), each
character too (``state["pos"]``, a character's own field in a party).

Squares per Distance (our choice, docs/rules/ads.md): counted as a king moves in chess
(diagonals count one); 1 square is Melee, 2 to 4 Thrown, 5 or more Ranged. A room is 9 by 9
squares; characters enter on the bottom row, the Foes stand as far off as the room's
starting Distance (3 squares: Thrown, 5: Ranged). A Move walks square by square toward or
away from the one it is about until the Distance category has changed by one, around
anyone in the way, and so may change the Distance to others too.
"""

from __future__ import annotations

from typing import Any

from .maths import apart  # noqa: F401 (squares apart, kept here for callers)

State = dict[str, Any]
SIZE = 9
START_GAP = {"melee": 1, "thrown": 3, "ranged": 5}
COLUMNS = (4, 3, 5, 2, 6)  # from the middle outward


def category(squares: int) -> str:
    return "melee" if squares <= 1 else "thrown" if squares <= 4 else "ranged"


def setup(state: State, start: str, cover: list[list[int]] | None = None) -> None:
    """Place the characters on the entry row and the Foes at the starting Distance; the
    Map card's ``cover`` squares, when the cover rule is played (area.py)."""
    from . import party
    state["grid"] = {"size": SIZE}
    if cover:
        state["grid"]["cover"] = [list(sq) for sq in cover]
    seats = len(state["party"]["seats"]) if "party" in state else 1
    back = state["party"]["active"] if "party" in state else 0
    for k in range(seats):
        party.seat(state, k)["pos"] = [COLUMNS[k], SIZE - 1]
    row = SIZE - 1 - START_GAP[start]
    for i, foe in enumerate(state["foes"]):
        foe["at"] = [COLUMNS[i % len(COLUMNS)], row - i // len(COLUMNS)]
    if "party" in state:
        party.enter(state, back)
    sync(state)


def sync(state: State) -> None:
    """Every character's Distance category to every Foe, from the squares."""
    for f in state["foes"]:
        f["distance"] = category(apart(state["pos"], f["at"]))
    if "party" in state:
        for k, s in enumerate(state["party"]["seats"]):
            if k != state["party"]["active"] and "pos" in s:
                for f, pos in zip(state["foes"], s["foe_pos"]):
                    pos["distance"] = category(apart(s["pos"], f["at"]))


def taken(state: State) -> list[list[int]]:
    """Squares held by someone: every character, every Foe still in the fight."""
    from . import party
    out = [f["at"] for f in state["foes"] if f["hp"] > 0 and not f["fled"]] + state["grid"].get("cover", [])
    for k in party.seats_in(state):
        out.append(party.seat(state, k)["pos"])
    return out


def walk(state: State, who: list[int], other: list[int], to: str) -> None:
    """Move the square ``who`` one step at a time (in place) until its Distance category
    to ``other`` is ``to``, or no free square gets it closer to that."""
    want_close = DIST_ORDER[to] > DIST_ORDER[category(apart(who, other))]
    for _ in range(SIZE * 2):
        if category(apart(who, other)) == to:
            return
        busy = taken(state)
        best, score = None, apart(who, other)
        for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0), (-1, -1), (1, -1), (-1, 1), (1, 1)):
            sq = [who[0] + dx, who[1] + dy]
            if not (0 <= sq[0] < SIZE and 0 <= sq[1] < SIZE) or sq in busy:
                continue
            d = apart(sq, other)
            if (want_close and d < score) or (not want_close and d > score):
                best, score = sq, d
        if best is None:
            return
        who[0], who[1] = best


DIST_ORDER = {"ranged": 0, "thrown": 1, "melee": 2}


def move_me(state: State, i: int, to: str) -> None:
    """The character's Move: toward or away from Foe ``i`` by one Distance category."""
    walk(state, state["pos"], state["foes"][i]["at"], to)
    sync(state)


def move_foe(state: State, foe: dict[str, Any], to: str) -> None:
    """A Foe's move, toward or away from the character it is about (the one at the top)."""
    walk(state, foe["at"], state["pos"], to)
    sync(state)


def pull(state: State, i: int) -> None:
    """A Grapple: the Foe is brought next to the character (the nearest free square)."""
    foe = state["foes"][i]
    if apart(foe["at"], state["pos"]) <= 1:
        return
    busy = taken(state)
    free = [[state["pos"][0] + dx, state["pos"][1] + dy] for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
    free = [sq for sq in free if 0 <= sq[0] < SIZE and 0 <= sq[1] < SIZE and sq not in busy]
    if free:
        foe["at"] = min(free, key=lambda sq: (apart(sq, foe["at"]), sq[1], sq[0]))
    sync(state)
    foe["distance"] = "melee"  # a Grapple holds them together whatever the squares say


def mark(name: str) -> str:
    """A Foe's token: its initial, and its letter when several share the name."""
    words = name.split()
    return words[0][0] + (words[-1] if len(words) > 1 and len(words[-1]) == 1 else "")


def view(state: State) -> dict[str, Any] | None:
    """The squares for the screen: who stands where."""
    if "grid" not in state:
        return None
    from . import party
    people = []
    for k in party.seats_in(state):
        s = party.seat(state, k)
        people.append({"x": s["pos"][0], "y": s["pos"][1], "kind": "you", "name": s["hero"],
                       "mark": str(k + 1), "now": s is state})
    for f in state["foes"]:
        if f["hp"] > 0 and not f["fled"] and not f["hidden"]:
            people.append({"x": f["at"][0], "y": f["at"][1], "kind": "foe", "name": f["name"],
                           "mark": mark(f["name"]),
                           "now": False})
    return {"size": state["grid"]["size"], "people": people,
            "cover": [{"x": x, "y": y} for x, y in state["grid"].get("cover", [])]}
