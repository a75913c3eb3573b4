"""The Map card's cover in Two Dimensional play (docs/rules/ads.md "Two Dimensional play"):
which squares are cover, the straight line between two squares, and the Up/Down an attack
past cover must match. Below the fight (``fight.sight_check`` asks it), above the deck.
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from .deck import log, match_one

State = dict[str, Any]


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

