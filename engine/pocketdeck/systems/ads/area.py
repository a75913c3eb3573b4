"""Areas and cover: Two Dimensional play's "accounting for area (such as with Spells or
Abilities/Skills that affect a whole area.)" and "Cover and concealment can be used for 2
Dimensional play, dependent on what is on the map."

Why here and not in grid.py: both rules read who stands where, but an area also has a
meaning without squares (One Dimensional and Simple play), and cover is the Map card's, an
optional rule of the adventure's setup. Choices (docs/rules/ads.md "Two Dimensional play"):

- An area card (field ``area``: "target", centred on the Foe it is played at; or "self",
  centred on its player; ``area_squares``: how far it reaches, counted as a king moves)
  hits everyone inside (``inside``; its attacks: ``attack.spread``): each Foe inside
  is a separate attack answered by that Foe (as a divided Energy Bolt's shares); an ally
  inside is hit only when the card says so (``area_allies``), whole and with no
  Reaction; the player never.
  Two Dimensional: the squares. One Dimensional (no squares): an area at a target holds
  every Foe at the same Distance from you as the target, and the allies at Melee of the
  target; an area round yourself holds every Foe at Melee of you, and allies at Melee of
  you. Simple play (no places at all): the card hits its target only.
- Cover (option: Two Dimensional play with cover): squares marked on the Map card block
  movement (nobody stands on them), and an attack at Thrown or Ranged Distance whose line
  passes a cover square must match the Map card's Up/Down, as the book's hampered vision
  ("must match Up/Down(s) in order to successfully Play any Card"); a miss: the card fails
  and is discarded. At Melee nothing lies between.
"""

from __future__ import annotations

from typing import Any

from . import party
# the Map card's cover lives below the fight (cover.py); its names are read here too
from .cover import blocked, cover_check, cover_squares, cover_view, line  # noqa: F401

State = dict[str, Any]


# -- areas ------------------------------------------------------------------------------

def inside(state: State, c: dict[str, Any], i: int) -> tuple[list[int], list[int]]:
    """(other Foes, allies) inside the area of card ``c`` played at Foe ``i`` by the
    active character."""
    how = c.get("area")
    if not how or state["mode"] == "simple":
        return [], []
    from .allies import gap, others
    live = [j for j, f in enumerate(state["foes"]) if j != i and f["hp"] > 0 and not f["fled"] and not f["hidden"]]
    mates = others(state) if c.get("area_allies") else []
    n = c.get("area_squares", 1)
    if "grid" in state:
        from .grid import apart
        centre = state["foes"][i]["at"] if how == "target" else state["pos"]
        foes = [j for j in live if apart(state["foes"][j]["at"], centre) <= n]
        return foes, [k for k in mates if apart(party.seat(state, k)["pos"], centre) <= n]
    if how == "target":
        d = state["foes"][i]["distance"]
        foes = [j for j in live if state["foes"][j]["distance"] == d]
        return foes, [k for k in mates if _foe_distance(state, k, i) == "melee"]
    foes = [j for j in live if state["foes"][j]["distance"] == "melee"]
    return foes, [k for k in mates if gap(state, state["party"]["active"], k) == "melee"]


def _foe_distance(state: State, k: int, i: int) -> str:
    return state["party"]["seats"][k]["foe_pos"][i]["distance"]
