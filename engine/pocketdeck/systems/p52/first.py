"""The first quest (issue 50): Pocketdeck's own quest for a player's first P52 game, set
by the session option ``first_quest`` (Play now offers it until a P52 quest has ended on
the phone; every other start deals the book's quests).

It is played by the book's rules as a Survival quest of one room (the exit is barricaded
until every enemy is beaten and the room is revealed; leaving it wins). Only the flips that
shape the quest and its room are replaced by content/p52/first.toml: the quest and the
environment (inside, lit), the room's size, layout and exit, and which Enemy cards its
enemy spots turn over. The cards are the real ones, taken out of the Room and Enemy decks,
so every card stays in a named pile; once its Enemy cards are out no other enemy comes
(no Delay flip brings one in). Starting items, Stamina, initiative, movement, attacks and
experience are the book's.
"""

from __future__ import annotations

from typing import Any

from ...core import piles
from . import board, data
from .common import log

State = dict[str, Any]


def begin(state: State) -> None:
    """Choose a Quest and Choose the Environment, as the first quest sets them."""
    spec = data.first_quest()
    q = state["quest"]
    q.update(kind=spec["kind"], name=spec["name"], env=spec["env"], rooms_total=1, first=True)
    log(state, f"The quest: {spec['name']}, your first quest (one room; the exit opens once "
               f"the room is cleared). Inside.")


def build(state: State) -> None:
    """The first quest's room, laid out as content/p52/first.toml sets it: its Room cards
    face down on their spots (the entrance first), the exit, and the Enemy cards its enemy
    spots will turn over (``room["plan"]``, read by ``room.spawn``)."""
    spec = data.first_quest()
    q = state["quest"]
    p = state["piles"]
    spots = []
    for s in spec["spots"]:
        piles.move(p, s["card"], "room", "layout")
        spots.append({"x": s["x"], "y": s["y"], "card": s["card"], "rev": False, "kind": "unknown"})
    board.link(spots)
    ex = next(i for i, s in enumerate(spec["spots"]) if s.get("exit"))
    q["rooms_entered"] += 1
    state["room"] = {"n": q["rooms_entered"], "w": max(s["x"] for s in spots) + 1,
                     "h": max(s["y"] for s in spots) + 1, "spots": spots, "exit": ex,
                     "exit_dir": "across", "barricaded": True, "lit": spec["lit"],
                     "enemies": [], "no_more_enemies": False, "boss_here": None,
                     "cloak_used": [], "geo": board.geo_key(spots), "plan": list(spec["enemies"])}
    log(state, f"Room 1 (the last room): {len(spots)} spots, {'lit' if spec['lit'] else 'dark'}; "
               f"the exit is barricaded until the room is cleared.")
