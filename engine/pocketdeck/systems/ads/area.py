"""Areas and cover: Two Dimensional play's "accounting for area (such as with Spells or
Abilities/Skills that affect a whole area.)" and "Cover and concealment can be used for 2
Dimensional play, dependent on what is on the map."

Why here and not in grid.py: both rules read who stands where, but an area also has a
meaning without squares (One Dimensional and Simple play), and cover is the Map card's, an
optional rule of the adventure's setup. Choices (docs/rules/ads.md "Two Dimensional play"):

- An area card (field ``area``: "target", centred on the Foe it is played at; or "self",
  centred on its player; ``area_squares``: how far it reaches, counted as a king moves)
  hits everyone inside: each Foe inside is a separate attack answered by that Foe (as a
  divided Energy Bolt's shares); an ally inside is hit only when the card says so
  (``area_allies``), whole and with no Reaction; the player never.
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

from ...core.rng import Rng
from . import party
from .deck import log, match_one

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


def spread(state: State, c: dict[str, Any], first: dict[str, Any]) -> list[dict[str, Any]]:
    """The attacks of an area card: ``first`` at its target, then one share for each other
    Foe inside (the same damage); allies inside are hit here and now."""
    from .allies import hurt_ally
    from .facts import is_ranged
    foes, mates = inside(state, c, first["foe"])
    if foes or mates:
        names = [state["foes"][j]["name"] for j in foes] + [party.seat(state, k)["hero"] for k in mates]
        log(state, f"{c['name']} covers an area: {', '.join(names)} inside too.")
    for k in mates:
        hurt_ally(state, k, first["damage"], f"{c['name']} (in its area)")
    return [dict(first, foe=j, intro="In the area",
                 ranged=is_ranged(state, c["distances"], state["foes"][j])) for j in foes]


# -- cover ------------------------------------------------------------------------------------

def cover_squares(state: State) -> list[list[int]]:
    return state.get("grid", {}).get("cover", [])


def line(a: list[int], b: list[int]) -> list[list[int]]:
    """The squares strictly between ``a`` and ``b`` on a straight line (Bresenham)."""
    x0, y0 = a
    x1, y1 = b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err = dx + dy
    out = []
    while (x0, y0) != (x1, y1):
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy
        if [x0, y0] != list(b):
            out.append([x0, y0])
    return out


def blocked(state: State, a: list[int], b: list[int]) -> bool:
    cover = cover_squares(state)
    return bool(cover) and any(sq in cover for sq in line(a, b))


def cover_check(state: State, rng: Rng, foe: dict[str, Any] | None, target: dict[str, Any] | None,
                dist: str, who: str) -> bool:
    """An attack at Thrown or Ranged through cover: match the Map card's Up/Down or fail.
    ``foe`` attacks the character at the top, or (``foe`` None) the character attacks
    ``target``."""
    if not cover_squares(state) or dist == "melee":
        return True
    a, b = (foe["at"], state["pos"]) if foe is not None else (state["pos"], (target or {}).get("at"))
    if b is None or not blocked(state, a, b):
        return True
    want = state["map"]["updown"] if "map" in state else "^"
    ok = match_one(state, rng, who, "shoot past cover", want)
    if not ok:
        log(state, f"{who}: the shot is spent against the cover.")
    return ok


def cover_view(state: State) -> list[dict[str, int]]:
    return [{"x": x, "y": y} for x, y in cover_squares(state)]

